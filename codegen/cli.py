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


def _request(paths: list[Path], out: Path, langs: tuple[str, ...], max_spec_bytes: int) -> dict:
    """Everything about a run that changes its output; the manifest fast path compares it as a whole."""
    return {
        "paths": [p.as_posix() for p in paths],
        "out": out.as_posix(),
        "langs": list(langs),
        "max_spec_bytes": max_spec_bytes,
    }


def _fast_path(paths: list[Path], out: Path, request: dict) -> dict | None:
    """The manifest when the output is provably current; imports only the standard library."""
    from .manifest import is_up_to_date

    manifest = is_up_to_date(paths, out, request)
    if manifest is not None:
        for warning in manifest.get("warnings", []):
            click.echo(warning, err=True)
    return manifest


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
    request = _request(_paths(paths), out, langs, max_spec_bytes)
    manifest = _fast_path(_paths(paths), out, request)
    if manifest is not None:
        count = len(manifest["outputs"])
        click.echo(
            f"{len(manifest['inputs'])} tools → {count} files: 0 written, {count} unchanged, 0 removed"
        )
        return
    from .generate import run

    try:
        result = run(
            _paths(paths),
            out,
            _check_langs(langs),
            write=True,
            max_spec_bytes=max_spec_bytes,
            request=request,
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
    manifest = _fast_path(_paths(paths), out, _request(_paths(paths), out, langs, max_spec_bytes))
    if manifest is not None:
        click.echo(f"{len(manifest['outputs'])} files up to date")
        return
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


@main.command("import", short_help="Turn MCP / OpenAI / Copilot tool lists into spec files.")
@click.argument("source", type=click.Path(path_type=Path, exists=True, dir_okay=False))
@click.option(
    "--out",
    "out_dir",
    type=click.Path(path_type=Path, file_okay=False),
    default=DEFAULT_SPECS,
    show_default=True,
    help="Folder for the new spec files.",
)
@click.option("--force", is_flag=True, help="Overwrite spec files that already exist.")
def import_command(source: Path, out_dir: Path, force: bool) -> None:
    """Write one spec per tool from an MCP `tools/list` result, an OpenAI function list, or a list of
    Copilot SDK wire declarations (the format is detected).

    Tools whose schema uses keywords outside the supported subset are reported with a JSON pointer and
    not written. Existing files are never overwritten without --force.

    \b
    Example:
      toolgen import mcp-tools.json --out specs/
    """
    from .errors import Diagnostic, SpecError
    from .importer import import_tools
    from .writer import atomic_write

    fmt, tools, problems = import_tools(source.read_text("utf-8"), source.as_posix())
    existing = [
        out_dir / tool.file_name() for tool in tools if (out_dir / tool.file_name()).exists()
    ]
    if existing and not force:
        problems += [
            Diagnostic(p.as_posix(), 1, 1, "already exists; use --force to overwrite")
            for p in existing
        ]
    for tool in tools if not problems else []:
        atomic_write(out_dir / tool.file_name(), tool.to_yaml(source.name, fmt))
    if problems:
        _fail(SpecError(problems))
    click.echo(f"imported {_plural(len(tools), 'tool')} ({fmt}) into {out_dir.as_posix()}/")


@main.command(short_help="Report changes between two spec versions that break callers.")
@click.argument("old", required=False, type=click.Path(path_type=Path))
@click.argument("new", required=False, type=click.Path(path_type=Path))
@click.option(
    "--against",
    metavar="GIT-REF",
    help="Compare NEW (default: specs/) with the same folder at this git revision.",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
)
def breaking(old: Path | None, new: Path | None, against: str | None, output_format: str) -> None:
    """Compare OLD and NEW specs (files or folders) and list what breaks callers or hosts — removed or
    renamed tools and parameters, narrowed types and bounds, optional → required, removed enum values,
    closed additionalProperties, changed isTerminal/defer/skipPermission/overridesBuiltInTool — and
    separately the compatible changes. Exit 1 when something breaks, 0 otherwise, 2 on bad input.

    \b
    Examples:
      toolgen breaking old-specs/ specs/
      toolgen breaking --against origin/main --format json
    """
    from .breaking import compare_specs
    from .gitspecs import specs_at_revision
    from .loader import load_specs

    try:
        if against:
            if new is not None:
                raise click.UsageError("with --against give at most one PATH (the new specs)")
            new_path = old or DEFAULT_SPECS
            old_loaded, old_problems, cleanup = specs_at_revision(against, new_path)
            new_loaded, new_problems = load_specs([new_path])
            cleanup()
        else:
            if old is None or new is None:
                raise click.UsageError("give OLD and NEW, or --against GIT-REF")
            old_loaded, old_problems = load_specs([old])
            new_loaded, new_problems = load_specs([new])
        errors = [p for p in old_problems + new_problems if p.is_error]
        if errors:
            raise ToolgenError(errors)
    except ToolgenError as error:
        _fail(error, writes=False)
    changes = compare_specs(old_loaded, new_loaded)
    broken = [c for c in changes if c.breaking]
    if output_format == "json":
        click.echo(
            json.dumps(
                {
                    "breaking": [c.as_dict() for c in broken],
                    "compatible": [c.as_dict() for c in changes if not c.breaking],
                },
                indent=2,
                ensure_ascii=False,
            )
        )
    else:
        for label, group in (
            ("breaking", broken),
            ("compatible", [c for c in changes if not c.breaking]),
        ):
            for change in group:
                where = f"{change.tool}" + (f" {change.where}" if change.where else "")
                click.echo(
                    f"{change.file}:{change.line}:{change.column}: {label}: {where}: {change.message}"
                )
        click.echo(
            f"{_plural(len(broken), 'breaking change')}, "
            f"{_plural(len(changes) - len(broken), 'compatible change')}",
            err=True,
        )
    sys.exit(EXIT_DRIFT if broken else EXIT_OK)


@main.command(short_help="Write a Markdown catalogue of all tools in six languages.")
@paths_argument
@click.option(
    "--out",
    "out_file",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Write to FILE (only when it changed) instead of stdout.",
)
@click.option("--check", "check_only", is_flag=True, help="Exit 1 when FILE is not current.")
@_lang_option
def docs(
    paths: tuple[Path, ...], out_file: Path | None, check_only: bool, langs: tuple[str, ...]
) -> None:
    """A deterministic Markdown catalogue: a summary table (name, options, parameter count) and, per
    tool, its parameters and the generated definition in every language.

    \b
    Example:
      toolgen docs specs/ --out docs/tools.md
      toolgen docs specs/ --out docs/tools.md --check
    """
    from .docs import render_catalogue
    from .generate import render_outputs
    from .irbuild import build_tools
    from .loader import load_specs
    from .targets import target_names
    from .writer import atomic_write

    loaded, problems = load_specs(_paths(paths))
    errors = [p for p in problems if p.is_error]
    if errors:
        _fail(ToolgenError(errors), writes=False)
    targets = _check_langs(langs) or target_names()
    tools = build_tools(loaded)
    outputs, _ = render_outputs(tools, targets)
    text = render_catalogue(loaded, tools, outputs, targets)
    if out_file is None:
        click.echo(text, nl=False)
        return
    current = out_file.read_text("utf-8") if out_file.exists() else None
    if check_only:
        if current != text:
            click.echo(
                f"toolgen: {out_file.as_posix()} is stale; regenerate with: toolgen docs "
                f"{' '.join(p.as_posix() for p in _paths(paths))} --out {out_file.as_posix()}",
                err=True,
            )
            sys.exit(EXIT_DRIFT)
        click.echo(f"{out_file.as_posix()} up to date")
        return
    if current != text:
        atomic_write(out_file, text)
    click.echo(f"{out_file.as_posix()}: {'written' if current != text else 'unchanged'}")
