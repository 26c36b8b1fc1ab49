"""Run a language's canonical formatter (gofmt, rustfmt, prettier, google-java-format) over rendered text.

The built-in templates print each language's canonical format themselves, so their output never comes here (a
subprocess per file would cost more than everything else toolgen does for it). A user's custom template is another
matter: toolgen's layout cannot vouch for what it prints, so while custom templates are in play a target hands its
files to the formatter named by `Target.formatter`. A formatter that is not installed leaves the text as rendered
(valid input is never refused for a missing tool; the driver warns, `missing_warning`); one that rejects the text
means the template printed invalid code, which is the user's error, located at the template.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from ..errors import ConfigError, Diagnostic
from ..review.warning_codes import FORMATTER_MISSING
from .doc import PRINT_WIDTH as PRETTIER_WIDTH

TIMEOUT_SECONDS = 120  # a formatter that hangs must not hang toolgen; a JVM cold start takes a few seconds


@dataclass(frozen=True)
class Formatter:
    name: str  # as the user knows it, and as it is looked up
    # arguments after the executable; "{path}" stands for the file's path in the target folder (prettier picks
    # its parser from the name), "{folder}" for the empty folder the formatter runs in (format_texts)
    arguments: tuple[str, ...]
    find: Callable[[], str | None]  # the executable, or None when it is not installed
    version: Callable[[str], str]  # the version of the executable found
    # Arguments that format the files named after them in place, all in one process: for a formatter whose start-up
    # dominates (Node.js: ~0.5 s; a JVM: more), so that a first run of 1000 tools starts it a few times, not 1000.
    # None: one process per file, through stdin (gofmt and rustfmt start in milliseconds, and rustfmt given files
    # would follow `mod` declarations to files that are not there).
    in_place: tuple[str, ...] | None = None


def _on_path(name: str) -> Callable[[], str | None]:
    return lambda: shutil.which(name)


def _find_prettier() -> str | None:
    """A project's own prettier first (node_modules/.bin at or above the working directory, as npx would find
    it), then one on PATH."""
    folder = Path.cwd()
    for candidate in (folder, *folder.parents):
        local = candidate / "node_modules" / ".bin" / "prettier"
        if local.is_file() and os.access(local, os.X_OK):
            return str(local)
    return shutil.which("prettier")


def _version_output(executable: str, *arguments: str) -> str:
    try:
        done = subprocess.run(
            [executable, *arguments], capture_output=True, text=True, timeout=TIMEOUT_SECONDS, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return "unknown version"
    lines = (done.stdout or done.stderr).strip().splitlines()
    return lines[0].strip() if lines else "unknown version"


def _gofmt_version(executable: str) -> str:
    """gofmt has no --version: it is the Go toolchain's, whose root (GOROOT/bin/gofmt) holds a VERSION file."""
    root = Path(os.path.realpath(executable)).parent.parent
    try:
        return (root / "VERSION").read_text(encoding="utf-8").splitlines()[0].strip()
    except (OSError, IndexError):
        go = root / "bin" / "go"
        return _version_output(str(go), "version") if go.is_file() else "unknown version"


# Toolgen's own output is prettier's defaults at this width; a project's .prettierrc or .editorconfig is not read,
# so the same templates give the same bytes on every machine and the cache (which does not key on a project's
# config files) stays exact. docs/decisions.md, "Formatting custom templates' output".
_PRETTIER_SETTINGS = ("--no-config", "--no-editorconfig", "--print-width", str(PRETTIER_WIDTH))
PRETTIER = Formatter(
    "prettier",
    (*_PRETTIER_SETTINGS, "--stdin-filepath", "{path}"),
    _find_prettier,
    lambda executable: _version_output(executable, "--version"),
    in_place=(*_PRETTIER_SETTINGS, "--log-level", "warn", "--write"),
)
GOFMT = Formatter("gofmt", (), _on_path("gofmt"), _gofmt_version)
RUSTFMT = Formatter(
    "rustfmt",
    # an empty rustfmt.toml: rustfmt's defaults, whatever rustfmt.toml a user keeps in ~/.config or above /tmp
    ("--edition", "2024", "--config-path", "{folder}/rustfmt.toml"),
    _on_path("rustfmt"),
    lambda executable: _version_output(executable, "--version"),
)
GOOGLE_JAVA_FORMAT = Formatter(
    "google-java-format",
    ("-",),
    _on_path("google-java-format"),
    lambda executable: _version_output(executable, "--version"),
    in_place=("--replace",),
)
FORMATTERS = {formatter.name: formatter for formatter in (PRETTIER, GOFMT, RUSTFMT, GOOGLE_JAVA_FORMAT)}


@functools.cache
def _executable(name: str) -> str | None:
    return FORMATTERS[name].find()


@functools.cache
def _identity_of(name: str, executable: str | None) -> str:
    if executable is None:
        return f"{name} missing"
    return f"{name} {FORMATTERS[name].version(executable)}"


def identity(name: str) -> str:
    """The installed formatter and its version (or that it is missing), for the per-tool cache key: a new
    formatter, or one installed since, gives new text. Runs the formatter once per process; ask only when custom
    templates are in play."""
    return _identity_of(name, _executable(name))


def available(name: str) -> bool:
    return _executable(name) is not None


def missing_warning(name: str, target: str, where: str) -> Diagnostic | None:
    """The warning for a run that renders `target` from custom templates (`where`: their folder, as shown)
    while its formatter is not installed; None when it is."""
    if available(name):
        return None
    return Diagnostic(
        where, 0, 0,
        f"{name} is not installed, so the {target} files rendered from custom templates are written as rendered, "
        f"not in {name}'s format; install {name} to format them",
        "warning", FORMATTER_MISSING,
    )  # fmt: skip


def format_texts(name: str, target: str, files: Sequence[tuple[str, str, str]]) -> list[str]:
    """Each (path in the target folder, template, text) in the formatter's format; the texts as they are when it
    is not installed. ConfigError, naming the template, when it rejects any text (every rejection is reported)."""
    executable = _executable(name)
    if executable is None or not files:
        return [text for _, _, text in files]
    formatter = FORMATTERS[name]
    # An empty working directory: rustfmt reads a rustfmt.toml and prettier a .prettierignore from there, and a
    # project's settings must not change toolgen's bytes (the cache does not key on them).
    with tempfile.TemporaryDirectory(prefix="toolgen-format-") as neutral:
        Path(neutral, "rustfmt.toml").touch()
        if formatter.in_place is not None and len(files) > 1:
            formatted = _in_place(executable, formatter.in_place, files, neutral)
            if formatted is not None:
                return formatted
            # some text was rejected: format file by file, so that each rejection names its file and template
        outcomes = _threads(len(files), lambda item: _one(executable, formatter, target, item, neutral), files)
    errors = [error for _, error in outcomes if error is not None]
    if errors:
        raise ConfigError(errors)
    return [text for text, _ in outcomes if text is not None]


def _threads(count: int, work: Callable, items: Sequence) -> list:
    """`work` over `items` on a thread per core: the formatters are separate processes, so threads keep the cores
    busy without pickling anything."""
    with ThreadPoolExecutor(max_workers=max(1, min(count, os.cpu_count() or 1))) as pool:
        return list(pool.map(work, items))


def _one(
    executable: str, formatter: Formatter, target: str, item: tuple[str, str, str], folder: str
) -> tuple[str | None, Diagnostic | None]:
    """One file through the formatter's stdin: (its text, None), or (None, the rejection)."""
    path, template, text = item
    arguments = [argument.replace("{path}", path).replace("{folder}", folder) for argument in formatter.arguments]
    try:
        done = subprocess.run(
            [executable, *arguments],
            cwd=folder,
            input=text.encode("utf-8"),
            capture_output=True,
            env=_plain_output(),
            timeout=TIMEOUT_SECONDS,
            check=False,
        )
    except (OSError, subprocess.SubprocessError) as problem:
        return None, rejection(target, template, path, f"{formatter.name} could not run: {problem}")
    if done.returncode != 0:
        said = done.stderr.decode("utf-8", "replace") or done.stdout.decode("utf-8", "replace")
        # gofmt calls its input `<standard input>`, rustfmt and google-java-format `<stdin>`: the rendered file's
        # name says which file the line:column are in
        for stdin in ("<standard input>", "<stdin>"):
            said = said.replace(stdin, f"{target}/{path}")
        return None, rejection(target, template, path, f"{formatter.name} rejects it: {_first_lines(said)}")
    return done.stdout.decode("utf-8"), None


BATCH_FILES = 400  # files per in-place process: command lines stay short, and several cores get work


def _in_place(
    executable: str, arguments: tuple[str, ...], files: Sequence[tuple[str, str, str]], folder: str
) -> list[str] | None:
    """The files written under `folder`, formatted in place a batch per process, and read back; None when the
    formatter failed on any batch."""
    paths = []
    for index, (path, _, text) in enumerate(files):
        # a folder per file: paths stay distinct whatever they are, and none can name a file outside `folder`
        written = Path(folder, str(index), Path(path).name)
        written.parent.mkdir()
        written.write_bytes(text.encode("utf-8"))
        paths.append(written)
    batches = max(-(-len(paths) // BATCH_FILES), min(os.cpu_count() or 1, -(-len(paths) // 8)))
    chunks = [paths[start::batches] for start in range(batches)]

    def run(chunk: list[Path]) -> bool:
        try:
            done = subprocess.run(
                [executable, *arguments, *(str(path.relative_to(folder)) for path in chunk)],
                cwd=folder,
                capture_output=True,
                env=_plain_output(),
                timeout=TIMEOUT_SECONDS * max(1, len(chunk) // 50),
                check=False,
            )
        except (OSError, subprocess.SubprocessError):
            return False
        return done.returncode == 0

    if not all(_threads(len(chunks), run, chunks)):
        return None
    return [path.read_bytes().decode("utf-8") for path in paths]


def _first_lines(said: str) -> str:
    """The formatter's first lines (the problem and where it is), on one line, since diagnostics are one line
    each; the code frames rustfmt and prettier draw below are left out."""
    lines = []
    for line in _ANSI_ESCAPE.sub("", said).splitlines():
        line = line.removeprefix("[error]").strip()  # prettier's prefix on every line
        if line and not _CODE_FRAME.match(line):
            lines.append(line)
    return " ".join(lines[:2]) or "(no message)"


# colour codes, which prettier writes whenever CI is set in the environment, even into a pipe
_ANSI_ESCAPE = re.compile(r"\x1b\[[0-9;]*m")


def _plain_output() -> dict[str, str]:
    """The environment, asking for no colour in what the formatters say (chalk, prettier's, reads FORCE_COLOR;
    most others NO_COLOR)."""
    return {**os.environ, "NO_COLOR": "1", "FORCE_COLOR": "0"}


# a line of a drawn code frame: `  45 |   });`, `> 47 | const x = ;`, `   |       ^`
_CODE_FRAME = re.compile(r"^(>\s*)?(\d+\s*)?\|")


def rejection(target: str, template: str, path: str, said: str) -> Diagnostic:
    """The error for a formatter that rejected `path` as rendered (also for an in-process one, such as black)."""
    # The formatter's positions are in the rendered file, which is not written; the template is what the user
    # edits, so the diagnostic names it (as it sits in the custom templates folder) and quotes the formatter.
    return Diagnostic(
        f"{target}/{template}", 0, 0,
        f"custom templates rendered {target}/{path} as invalid code: {said}",
    )  # fmt: skip
