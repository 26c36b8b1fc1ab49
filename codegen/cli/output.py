"""How the command line prints: one-line diagnostics, summaries, diffs, colour only on a terminal and never with
NO_COLOR (https://no-color.org), and the exit codes (0 ok, 1 drift, 2 bad input or usage)."""

from __future__ import annotations

import difflib
import os
import sys
from pathlib import Path
from typing import IO, Any

import click

from ..errors import StrictError, ToolgenError

EXIT_OK, EXIT_DRIFT, EXIT_INVALID = 0, 1, 2


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'s' if count != 1 else ''}"


def output_path(out: Path, relative: str) -> str:
    """An output's path as messages show it: `docs/tools.md`, not `generated/../docs/tools.md` (a catalogue
    outside the output root is planned relative to it)."""
    return Path(os.path.normpath(out / relative)).as_posix()


def _uses_colour(stream: IO[str]) -> bool:
    if os.environ.get("NO_COLOR", ""):
        return False
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
        files = len({d.file for d in error.diagnostics})
        summary = (
            f"toolgen: {plural(len(error.diagnostics), 'warning')} in {plural(files, 'file')}, "
            "errors with --strict"
        )
    else:
        errors = [d for d in error.diagnostics if d.is_error]
        files = len({d.file for d in errors})
        summary = f"toolgen: {plural(len(errors), 'error')} in {plural(files, 'file')}"
    echo(summary + ("; nothing written" if writes else ""), err=True)
    sys.exit(EXIT_INVALID)


def warn(warnings, quiet: bool = False) -> None:
    if quiet:
        return
    for warning in warnings:
        echo_diagnostic(warning)
