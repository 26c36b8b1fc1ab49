"""new, schema and import: the commands that write spec files or the spec format's schema."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from ..config.settings import DEFAULT_SCHEMA, schema_line
from ..errors import ToolgenError
from .group import main
from .options import common_options, no_dash
from .output import EXIT_INVALID, echo, echo_diagnostic, fail, plural
from .resolve import absolute, as_given, first_spec_folder, project_root, relative, resolve_settings

_MAX_IMPORT_BYTES = 64 * 1024 * 1024  # a tool list is read up to this size


@main.command(short_help="Write a new spec file to start from.")
@click.argument("name")
@click.option(
    "--dir",
    "folder",
    type=click.Path(path_type=Path, file_okay=False),
    help="Folder for NAME.yaml.  [default: specs/, or the first folder in `specs` of the config]",
)
@common_options
def new(name: str, folder: Path | None, config: Path | None, quiet: bool, verbose: bool) -> None:
    """Write DIR/NAME.yaml: a valid spec with every option explained, to edit. Its first line points
    editors at the spec format's JSON Schema (`schema` in the config, default toolspec.schema.json at
    the project root). Never overwrites a file.

    \b
    Example:
      toolgen new search_files
      toolgen schema --out toolspec.schema.json
    """
    import re

    from ..errors import Diagnostic
    from ..spec.scaffold import scaffold_spec

    from ..spec.import_names import NameTable

    given = None if folder is None else absolute(folder)
    settings = resolve_settings(config, verbose=verbose and not quiet, need_specs=False)
    folder = as_given(*given) if given else None
    schema = _schema_file(settings)
    folder = folder or first_spec_folder(settings)
    target = folder / f"{name}.yaml"
    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]{0,63}", name):
        raise click.BadParameter(
            f"{name!r} is not a tool name (a letter, then up to 63 letters, digits, _ or -)",
            param_hint="NAME",
        )
    clash = NameTable(_spec_names([*settings.specs, folder], settings.max_spec_bytes)).clash(name)
    if clash is not None and not target.exists():  # the file itself: "already exists" below says more
        raise click.BadParameter(
            f'"{name}" clashes with "{clash[0]}" ({clash[1]}): the generated code could not tell their '
            "identifiers apart; choose another name",
            param_hint="NAME",
        )
    if target.exists():
        fail(
            ToolgenError(
                [
                    Diagnostic(
                        target.as_posix(), 1, 1, "already exists; toolgen new never overwrites"
                    )
                ]
            ),
            writes=False,
        )
    folder.mkdir(parents=True, exist_ok=True)
    with target.open(
        "x", encoding="utf-8"
    ) as handle:  # "x": fail rather than overwrite, even in a race
        handle.write(scaffold_spec(name, schema_line(folder, schema)))
    if not quiet:
        click.echo(f"wrote {target.as_posix()}")
    if not schema.exists() and not quiet:
        click.echo(
            f"toolgen: {schema.as_posix()} does not exist yet; for editor completion write it with: "
            f"toolgen schema --out {schema.as_posix()}",
            err=True,
        )


@main.command(short_help="Print the spec format's JSON Schema, for editors.")
@click.option(
    "--out",
    "out_file",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Write to FILE instead of stdout.",
)
@common_options
def schema(out_file: Path | None, config: Path | None, quiet: bool, verbose: bool) -> None:
    """Print the JSON Schema (draft 2020-12) of the spec format, for editor completion.

    \b
    Example: put this first line in a spec file (`toolgen new` does)
      # yaml-language-server: $schema=../toolspec.schema.json
    after running
      toolgen schema --out toolspec.schema.json
    """
    from ..spec.editor_schema import spec_json_schema

    given = absolute(out_file) if out_file is not None and out_file.as_posix() != "-" else None
    resolve_settings(
        config, verbose=verbose and not quiet, need_specs=False
    )  # a broken config is reported
    out_file = as_given(*given) if given else out_file
    text = json.dumps(spec_json_schema(), indent=2, ensure_ascii=False) + "\n"
    if out_file and out_file.as_posix() != "-":
        out_file.parent.mkdir(parents=True, exist_ok=True)
        out_file.write_text(text, encoding="utf-8")
        if not quiet:
            click.echo(f"wrote {out_file.as_posix()}", err=True)
    else:
        click.echo(text, nl=False)


def _schema_file(settings) -> Path:
    """The spec format's schema file that a new or imported spec's editor line points at: `schema` in the
    config, else toolspec.schema.json beside the config file, else at the repository root."""
    if ("", "schema") in settings.from_file:
        return settings.schema
    root = settings.config.path.parent if settings.config else project_root()
    return relative(root / DEFAULT_SCHEMA)


def _spec_names(paths: list[Path], max_bytes: int) -> list[tuple[str, str]]:
    """(name, file) of each spec in `paths` (files or folders; those that do not exist hold none): names a new
    or imported tool must not clash with. A file that is not a readable spec has no name here; `generate`
    reports it."""
    from ..spec.discover import find_specs
    from ..output.regularfile import read_regular
    from ..spec.yamlload import LocatedDocument, load_yaml

    existing = list(dict.fromkeys(path for path in paths if path.as_posix() != "-" and path.exists()))
    names = []
    for spec in find_specs(existing)[0] if existing else []:
        try:
            data = read_regular(spec.path, max_bytes)
        except OSError:
            continue
        document = load_yaml(spec.shown, data, max_bytes=len(data) + 1)
        value = document.value if isinstance(document, LocatedDocument) else None
        name = value.get("name") if isinstance(value, dict) else None
        if isinstance(name, str):
            names.append((name, spec.path.as_posix()))
    return names


@main.command("import", short_help="Turn MCP / OpenAI / Copilot tool lists into spec files.")
@click.argument(
    "source", type=click.Path(path_type=Path, exists=True, dir_okay=False, allow_dash=True)
)
@click.option(
    "--out",
    "out_dir",
    callback=no_dash,
    type=click.Path(path_type=Path, file_okay=False),
    help="Folder for the new spec files.  [default: the first folder in `specs` of the config, else specs/]",
)
@click.option(
    "--update",
    "--force",
    "update",
    is_flag=True,
    help="Replace spec files that exist and differ from this import (identical ones are left unchanged).",
)
@click.option(
    "--map-names",
    is_flag=True,
    help="Import a tool whose name is outside the spec's name pattern under the valid name it maps to "
    "('.', spaces and other symbols become '_'; a leading digit gets 'tool_' in front), and a tool whose name "
    "clashes with an earlier one's or a spec's in the folder under the first free NAME_2, NAME_3, …; noted "
    "in the spec.",
)
@common_options
def import_command(
    source: Path,
    out_dir: Path | None,
    update: bool,
    map_names: bool,
    config: Path | None,
    quiet: bool,
    verbose: bool,
) -> None:
    """Write one spec per tool from an MCP `tools/list` result, an OpenAI function list, or a list of
    Copilot SDK wire declarations (the format is detected).

    Each tool is decided on its own. A tool is refused, with located lines and no spec, when it has no
    description, its name is outside the name pattern or clashes with another tool's in the generated
    code (see --map-names), its schema is not valid JSON Schema, or its spec file exists with other
    content (without --update); a spec file exactly as the import would write it is left unchanged;
    every other tool is written. Exit 0 when no tool was refused, 2 when any was.

    \b
    Example:
      toolgen import mcp-tools.json --out specs/
      curl -s http://localhost:3000/tools | toolgen import -
    """
    from ..review.acknowledge import reported
    from ..errors import Diagnostic
    from ..spec.importer import import_tools
    from ..output.writer import atomic_write

    from ..output.regularfile import read_regular

    stdin = source.as_posix() == "-"
    try:
        text = sys.stdin.read() if stdin else read_regular(source, _MAX_IMPORT_BYTES).decode("utf-8", "replace")
    except OSError as exc:
        problem = Diagnostic(source.as_posix(), 0, 0, f"cannot read: {exc.strerror or exc}")
        fail(ToolgenError([problem]), writes=False)
    given_source = None if stdin else absolute(source)
    given_out = None if out_dir is None else absolute(out_dir)
    settings = resolve_settings(config, verbose=verbose and not quiet, need_specs=False)
    out_dir = as_given(*given_out) if given_out else first_spec_folder(settings)
    source = as_given(*given_source) if given_source else Path("<stdin>")
    result = import_tools(
        text,
        source.as_posix(),
        map_names=map_names,
        taken=_spec_names([out_dir], settings.max_spec_bytes),
        folder=out_dir.as_posix(),
    )
    warnings = [problem for problem in result.problems if not problem.is_error]
    problems = [problem for problem in result.problems if problem.is_error]
    problems += reported(warnings, settings.acknowledge, settings.targets, whole_set=False, rendered=False)
    editor_line = schema_line(out_dir, _schema_file(settings))
    written = unchanged = 0
    for tool in result.tools:
        target = out_dir / tool.file_name()
        spec_text = tool.to_yaml(source.name, result.fmt, editor_line)
        existing = _read_bytes(target)
        if existing == spec_text.encode("utf-8"):
            unchanged += 1
            continue
        if existing is not None and not update:
            problems.append(
                Diagnostic(
                    target.as_posix(), 1, 1,
                    "already exists and differs from this import; use --update to replace it",
                )  # fmt: skip
            )
            continue
        atomic_write(target, spec_text)
        written += 1
    for diagnostic in sorted(problems):
        echo_diagnostic(diagnostic)
    refused = result.total - written - unchanged
    summary = (
        f"imported {written + unchanged} of {plural(result.total, 'tool')} ({result.fmt}) into "
        f"{out_dir.as_posix()}/" + (f": {written} written, {unchanged} unchanged" if unchanged else "")
    )
    if refused or any(problem.is_error for problem in problems):
        echo(f"toolgen: {summary}; {refused} refused", err=True)
        sys.exit(EXIT_INVALID)
    if not quiet:
        click.echo(summary)


def _read_bytes(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None
