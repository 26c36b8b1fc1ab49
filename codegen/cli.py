"""The `toolgen` command line: a thin layer over `codegen.generate`. Exit codes: 0 ok, 1 drift, 2 bad input."""

from __future__ import annotations

import difflib
import json
import sys
from pathlib import Path

import click

from .errors import ToolgenError

EXIT_OK, EXIT_DRIFT, EXIT_INVALID = 0, 1, 2
DEFAULT_SPECS = Path("specs")
DEFAULT_OUT = Path("generated")
# Equal to yamlload.DEFAULT_MAX_BYTES (a test says so); not imported, so loading the CLI does not load PyYAML.
DEFAULT_MAX_SPEC_BYTES = 1024 * 1024


def _target_names() -> list[str]:
    from .targets import target_names

    return target_names()


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'s' if count != 1 else ''}"


def _fail(error: ToolgenError, writes: bool = True) -> None:
    """Print every diagnostic, one line each, a summary, and exit 2. Never a traceback for bad input."""
    for diagnostic in error.diagnostics:
        click.echo(str(diagnostic), err=True)
    errors = [d for d in error.diagnostics if d.is_error]
    files = len({d.file for d in errors})
    summary = f"toolgen: {_plural(len(errors), 'error')} in {_plural(files, 'file')}"
    click.echo(summary + ("; nothing written" if writes else ""), err=True)
    sys.exit(EXIT_INVALID)


def _paths(paths: tuple[Path, ...]) -> list[Path]:
    return list(paths) or [DEFAULT_SPECS]


def _warn(warnings) -> None:
    for warning in warnings:
        click.echo(str(warning), err=True)


class _Group(click.Group):
    def list_commands(self, ctx):  # keep the order commands were added, not alphabetical
        return list(self.commands)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="toolgen")
def main() -> None:
    """Generate GitHub Copilot SDK tool definitions for Node.js, Python, Go, .NET, Java and Rust from
    one YAML spec per tool.

    \b
    Example:
      toolgen validate specs/
      toolgen generate specs/ --out generated/
      toolgen check
    """


paths_argument = click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
out_option = click.option(
    "--out",
    type=click.Path(path_type=Path, file_okay=False),
    default=DEFAULT_OUT,
    show_default=True,
    help="Output root; each language goes to OUT/<target>/.",
)


max_spec_bytes_option = click.option(
    "--max-spec-bytes",
    type=click.IntRange(min=1),
    default=DEFAULT_MAX_SPEC_BYTES,
    show_default=True,
    metavar="BYTES",
    help="Reject spec files larger than this.",
)


def _lang_option(func):
    return click.option(
        "--lang",
        "langs",
        multiple=True,
        metavar="TARGET",
        help="Only this target (repeatable): nodejs, python, go, dotnet, java, rust. Default: all.",
    )(func)


def _check_langs(langs: tuple[str, ...]) -> list[str] | None:
    if not langs:
        return None
    known = _target_names()
    for lang in langs:
        if lang not in known:
            raise click.BadParameter(
                f"unknown target {lang!r}; choose from {', '.join(known)}", param_hint="--lang"
            )
    return list(dict.fromkeys(langs))


@main.command(short_help="Check specs; report every problem as FILE:LINE:COL.")
@paths_argument
@max_spec_bytes_option
def validate(paths: tuple[Path, ...], max_spec_bytes: int) -> None:
    """Check specs and report every problem as FILE:LINE:COL: error: MESSAGE.

    PATHS are spec files or folders searched recursively for *.yaml and *.yml (default: specs/).

    \b
    Example:
      toolgen validate specs/ extra/search.yaml
    """
    from .generate import load_tools

    try:
        tools, warnings = load_tools(_paths(paths), max_spec_bytes)
    except ToolgenError as error:
        _fail(error, writes=False)
    _warn(warnings)
    click.echo(f"{len(tools)} spec{'s' if len(tools) != 1 else ''} valid")


@main.command(short_help="Render specs into OUT/<target>/ for each language.")
@paths_argument
@out_option
@_lang_option
@max_spec_bytes_option
def generate(
    paths: tuple[Path, ...], out: Path, langs: tuple[str, ...], max_spec_bytes: int
) -> None:
    """Render every spec into OUT/<target>/ for each target; only changed files are rewritten.

    PATHS are spec files or folders searched recursively (default: specs/). When any spec is invalid,
    every problem is reported and nothing is written (exit 2).

    \b
    Example:
      toolgen generate specs/ --out generated/ --lang python --lang go
    """
    from .generate import run

    try:
        result = run(
            _paths(paths), out, _check_langs(langs), write=True, max_spec_bytes=max_spec_bytes
        )
    except ToolgenError as error:
        _fail(error)
    except OSError as exc:  # a read-only or full disk is not a bug: say what failed, no traceback
        click.echo(
            f"toolgen: cannot write to {out.as_posix()}: {exc.strerror or exc} ({exc.filename})",
            err=True,
        )
        sys.exit(EXIT_INVALID)
    _warn(result.warnings)
    changes = result.changes
    click.echo(
        f"{len(result.tools)} tools → {len(result.planned)} files: {len(changes.written)} written, "
        f"{len(changes.unchanged)} unchanged, {len(changes.removed)} removed"
    )


@main.command(short_help="Exit 1 with a diff when OUT is stale (CI, pre-commit).")
@paths_argument
@out_option
@_lang_option
@max_spec_bytes_option
def check(paths: tuple[Path, ...], out: Path, langs: tuple[str, ...], max_spec_bytes: int) -> None:
    """Exit 1 with a diff when OUT is not what `generate` would write; 0 when up to date; 2 on bad input.

    PATHS are spec files or folders searched recursively (default: specs/). Nothing is written.

    \b
    Example (CI or pre-commit):
      toolgen check specs/ --out generated/
    """
    from .generate import run

    try:
        result = run(
            _paths(paths), out, _check_langs(langs), write=False, max_spec_bytes=max_spec_bytes
        )
    except ToolgenError as error:
        _fail(error, writes=False)
    _warn(result.warnings)
    changes = result.changes
    if not changes.stale:
        click.echo(f"{len(result.planned)} files up to date")
        return
    for relative in changes.written + changes.removed:
        old = changes.old_text.get(relative) or ""
        new = result.planned.get(relative, "")
        diff = difflib.unified_diff(
            old.splitlines(keepends=True),
            new.splitlines(keepends=True),
            fromfile=f"a/{(out / relative).as_posix()}",
            tofile=f"b/{(out / relative).as_posix()}",
        )
        click.echo("".join(diff), nl=False)
    command = [
        "toolgen",
        "generate",
        *[p.as_posix() for p in _paths(paths)],
        "--out",
        out.as_posix(),
    ]
    command += [f"--lang {lang}" for lang in langs]
    click.echo(
        f"toolgen: {len(changes.written)} stale, {len(changes.removed)} orphaned file(s); "
        f"regenerate with: {' '.join(command)}",
        err=True,
    )
    sys.exit(EXIT_DRIFT)


@main.command(short_help="Print the spec format's JSON Schema, for editors.")
@click.option(
    "--out",
    "out_file",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Write to FILE instead of stdout.",
)
def schema(out_file: Path | None) -> None:
    """Print the JSON Schema (draft 2020-12) of the spec format, for editor completion.

    \b
    Example: put this first line in a spec file
      # yaml-language-server: $schema=./toolspec.schema.json
    after running
      toolgen schema --out toolspec.schema.json
    """
    from .spec_schema import spec_json_schema

    text = json.dumps(spec_json_schema(), indent=2, ensure_ascii=False) + "\n"
    if out_file:
        out_file.write_text(text, encoding="utf-8")
        click.echo(f"wrote {out_file}", err=True)
    else:
        click.echo(text, nl=False)
