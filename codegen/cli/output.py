"""How the command line prints: one-line diagnostics, summaries, diffs, colour as --color, NO_COLOR and
FORCE_COLOR say (else only on a terminal), every message on any console, and the exit codes (0 ok, 1 drift, 2 bad
input or usage)."""

from __future__ import annotations

import codecs
import difflib
import os
import sys
from pathlib import Path
from typing import IO, Any

import click

from ..errors import StrictError, ToolgenError

EXIT_OK, EXIT_DRIFT, EXIT_INVALID = 0, 1, 2


# How a character the console cannot show is printed instead: the ASCII spelling of those toolgen's messages use,
# else its escape (`\u201c`: a curly quote in a spec may be the very problem reported), so a message never costs a
# traceback or changes an exit code.
_ASCII_SPELLINGS = str.maketrans({
    "→": "->", "←": "<-", "↔": "<->", "…": "...", "—": "--", "–": "-", "›": ">", "≥": ">=", "≤": "<=",
    "×": "x", "·": "-", "•": "*",
})  # fmt: skip
_FALLBACK = "toolgen-ascii-spellings"
_ASCII_CONSOLE = "toolgen-ascii"  # ASCII, under a name click does not take for a misconfigured UTF-8 terminal


def _spell(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start : error.end].translate(_ASCII_SPELLINGS)
    return text.encode("ascii", "backslashreplace").decode("ascii"), error.end


def _ascii_console(name: str) -> codecs.CodecInfo | None:
    if name != _ASCII_CONSOLE.replace("-", "_"):
        return None
    ascii_codec = codecs.lookup("ascii")
    return codecs.CodecInfo(
        ascii_codec.encode, ascii_codec.decode, name=_ASCII_CONSOLE,
        incrementalencoder=ascii_codec.incrementalencoder, incrementaldecoder=ascii_codec.incrementaldecoder,
    )  # fmt: skip


codecs.register_error(_FALLBACK, _spell)
codecs.register(_ascii_console)


def printable_streams() -> None:
    """Standard output and error print every character: what the console's encoding lacks is spelled in ASCII.
    On an ASCII console (PYTHONIOENCODING=ascii) that is what is printed, where click would write UTF-8."""
    for stream in (sys.stdout, sys.stderr):
        try:
            ascii_only = codecs.lookup(stream.encoding).name == "ascii"
            stream.reconfigure(errors=_FALLBACK, **({"encoding": _ASCII_CONSOLE} if ascii_only else {}))
        except (AttributeError, LookupError, TypeError, ValueError, OSError):
            continue  # not a text file of the console (a test's capture): left as it is


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'s' if count != 1 else ''}"


_colour = {"mode": "auto"}  # --color of this invocation


def choose_colour(ctx: click.Context, param: click.Parameter, mode: str) -> str:
    """The --color callback: `always` and `never` win over the environment; `auto` asks it and the stream."""
    _colour["mode"] = mode
    return mode


def output_path(out: Path, relative: str) -> str:
    """An output's path as messages show it: `docs/tools.md`, not `generated/../docs/tools.md` (a catalogue
    outside the output root is planned relative to it)."""
    return Path(os.path.normpath(out / relative)).as_posix()


def _uses_colour(stream: IO[str]) -> bool:
    """--color=always/never, else NO_COLOR (https://no-color.org) off, else FORCE_COLOR on (CI logs), else only on
    a terminal: CPython's own order."""
    if _colour["mode"] != "auto":
        return _colour["mode"] == "always"
    if os.environ.get("NO_COLOR", ""):
        return False
    if os.environ.get("FORCE_COLOR", ""):
        return True
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def echo(text: str, err: bool = False, **style: Any) -> None:
    stream = sys.stderr if err else sys.stdout
    click.echo(
        click.style(text, **style) if style and _uses_colour(stream) else text,
        err=err,
        color=_uses_colour(stream),
    )


_SEVERITY_COLOURS = {"error": "red", "warning": "yellow"}


def echo_diagnostic(diagnostic: Any) -> None:
    text = str(diagnostic)
    stream = sys.stderr
    if _uses_colour(stream):
        label = f"{diagnostic.severity}:"
        text = text.replace(
            f" {label} ",
            f" {click.style(label, fg=_SEVERITY_COLOURS.get(diagnostic.severity), bold=True)} ",
            1,
        )
    click.echo(text, err=True, color=_uses_colour(stream))


def echo_diff(old: str, new: str, before: str, after: str) -> None:
    stream = sys.stdout
    colour = _uses_colour(stream)
    for line in difflib.unified_diff(
        old.splitlines(keepends=True), new.splitlines(keepends=True), fromfile=before, tofile=after
    ):
        text = line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
        if colour and line.startswith(("+", "-")) and not line.startswith(("+++", "---")):
            text = click.style(text, fg="green" if line.startswith("+") else "red")
        click.echo(text, nl=False, color=colour)


def fail(error: ToolgenError, writes: bool = True) -> None:
    """Print every diagnostic, one line each, a summary, and exit 2. Never a traceback for bad input."""
    for diagnostic in error.diagnostics:
        echo_diagnostic(diagnostic)
    if isinstance(error, StrictError):
        summary = f"toolgen: {_counted(error.diagnostics, 'warning')}, errors with --strict"
    else:
        summary = f"toolgen: {_counted([d for d in error.diagnostics if d.is_error], 'error')}"
    echo(summary + ("; nothing written" if writes else ""), err=True)
    sys.exit(EXIT_INVALID)


def _counted(diagnostics: list, noun: str) -> str:
    """`3 errors in 2 files`, counting only the files they are located in: a missing path, a git failure or a
    flag's value is in no file (`1 error`; `2 errors, 1 of them in 1 file`)."""
    located = [d for d in diagnostics if d.line]
    files = plural(len({d.file for d in located}), "file")
    if len(located) == len(diagnostics):
        return f"{plural(len(diagnostics), noun)} in {files}"
    return plural(len(diagnostics), noun) + (f", {len(located)} of them in {files}" if located else "")


def warn(warnings, quiet: bool = False) -> None:
    if quiet:
        return
    for warning in warnings:
        echo_diagnostic(warning)
