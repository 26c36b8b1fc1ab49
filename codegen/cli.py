"""The `toolgen` command line: a thin layer over `codegen.generate`. Exit codes: 0 ok, 1 drift, 2 bad input.

Settings come from the configuration file (`[tool.toolgen]` in pyproject.toml or toolgen.toml, found by walking
up from the working directory; see codegen/config.py), then from flags, which win. `generate` and `check` first
ask the manifest whether anything changed (standard library only); the full pipeline is imported only when it did.
"""

from __future__ import annotations

import difflib
import json
import os
import sys
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import click

from .config import (
    DEFAULT_MAX_SPEC_BYTES,
    DEFAULT_SCHEMA,
    Settings,
    find_config,
    general_problems,
    load_settings,
    option_problems,
    parse_option_assignment,
    schema_line,
)
from .errors import ToolgenError

if TYPE_CHECKING:
    from .manifest import Survey

EXIT_OK, EXIT_DRIFT, EXIT_INVALID = 0, 1, 2
DEFAULT_SPECS = Path("specs")
DEFAULT_OUT = Path("generated")
COMMAND_LINE = "<command line>"  # names values given as flags in error messages


def _target_names() -> list[str]:
    from .targets import target_names

    return target_names()


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'s' if count != 1 else ''}"


# -- output: colour only on a terminal and never with NO_COLOR (https://no-color.org) -----------------------------


def _colour(stream: IO[str]) -> bool:
    if os.environ.get("NO_COLOR", ""):
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _echo(text: str, err: bool = False, **style: Any) -> None:
    stream = sys.stderr if err else sys.stdout
    click.echo(
        click.style(text, **style) if style and _colour(stream) else text,
        err=err,
        color=_colour(stream),
    )


_SEVERITY_COLOURS = {"error": "red", "warning": "yellow"}


def _echo_diagnostic(diagnostic: Any) -> None:
    text = str(diagnostic)
    stream = sys.stderr
    if _colour(stream):
        label = f"{diagnostic.severity}:"
        text = text.replace(
            f" {label} ",
            f" {click.style(label, fg=_SEVERITY_COLOURS.get(diagnostic.severity), bold=True)} ",
            1,
        )
    click.echo(text, err=True, color=_colour(stream))


def _echo_diff(old: str, new: str, before: str, after: str) -> None:
    stream = sys.stdout
    colour = _colour(stream)
    for line in difflib.unified_diff(
        old.splitlines(keepends=True), new.splitlines(keepends=True), fromfile=before, tofile=after
    ):
        text = line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
        if colour and line.startswith(("+", "-")) and not line.startswith(("+++", "---")):
            text = click.style(text, fg="green" if line.startswith("+") else "red")
        click.echo(text, nl=False, color=colour)


def _fail(error: ToolgenError, writes: bool = True) -> None:
    """Print every diagnostic, one line each, a summary, and exit 2. Never a traceback for bad input."""
    for diagnostic in error.diagnostics:
        _echo_diagnostic(diagnostic)
    errors = [d for d in error.diagnostics if d.is_error]
    files = len({d.file for d in errors})
    summary = f"toolgen: {_plural(len(errors), 'error')} in {_plural(files, 'file')}"
    _echo(summary + ("; nothing written" if writes else ""), err=True)
    sys.exit(EXIT_INVALID)


def _paths(paths: tuple[Path, ...]) -> list[Path]:
    return list(paths) or [DEFAULT_SPECS]


def _warn(warnings, quiet: bool = False) -> None:
    if quiet:
        return
    for warning in warnings:
        _echo_diagnostic(warning)


# -- settings: config file, then flags ---------------------------------------------------------------------------


def _settings(
    config: Path | None,
    paths: tuple[Path, ...] = (),
    out: Path | None = None,
    langs: tuple[str, ...] = (),
    max_spec_bytes: int | None = None,
    templates: Path | None = None,
    header: str | None = None,
    option_flags: tuple[str, ...] = (),
    verbose: bool = False,
) -> Settings:
    """The run's settings: the config file's (found by walking up unless --config names one), then the flags.
    Only cheap checks here; the targets' keyword checks run after the no-change fast path."""
    path = config or find_config()
    if path is not None and Path(os.path.abspath(path)).parent != Path(os.path.abspath(".")):
        # Work from the config file's folder, as if toolgen had been started there: spec paths in generated
        # headers and messages are then the same from any subfolder, so the output does not depend on it.
        root = Path(os.path.abspath(path)).parent
        paths = tuple(_rebased(p, root) for p in paths)
        out, templates = (_rebased(p, root) if p is not None else None for p in (out, templates))
        os.chdir(root)
        path = Path(path.name)
        if verbose:
            click.echo(
                f"toolgen: working in {root.as_posix()} (the config file's folder)", err=True
            )
    try:
        settings = load_settings(path)
    except ToolgenError as error:
        _fail(error, writes=False)
    if verbose and path is not None:
        click.echo(f"toolgen: using {_relative(path).as_posix()}", err=True)
    options: dict[str, dict[str, str]] = {}
    for flag in option_flags:
        try:
            target, key, value = parse_option_assignment(flag)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--option") from None
        options.setdefault(target, {})[key] = value
    problems = option_problems(options, deep=False)
    if problems:
        target, key, message = problems[0]
        name = f"{target}.{key}" if key else target
        raise click.BadParameter(f"{name}: {message}", param_hint="--option")
    settings = settings.with_overrides(
        specs=tuple(paths) or None,
        out=out,
        targets=tuple(dict.fromkeys(langs)) or None,
        partial=(
            True if langs else None
        ),  # --lang: only these targets this run, leave the others alone
        max_spec_bytes=max_spec_bytes,
        templates=templates,
        header=header,
        options=options or None,
    )
    header_problems = general_problems(Settings(header=header)) if header is not None else []
    if header_problems:
        raise click.BadParameter(header_problems[0][1], param_hint="--header")
    return settings


def _rebased(path: Path, root: Path) -> Path:
    """`path` (relative to the working directory) as seen from `root`."""
    try:
        return Path(os.path.relpath(os.path.abspath(path), root))
    except ValueError:  # another drive on Windows
        return Path(os.path.abspath(path))


def _fast_path(settings: Settings, verbose: bool = False) -> tuple[dict | None, Survey]:
    """The manifest when the output is provably current, and the survey that found it out (the run that follows
    takes it over); imports only the standard library."""
    from .manifest import survey, up_to_date

    templates = settings.templates.as_posix() if settings.templates else None
    found = survey(list(settings.specs), settings.out, settings.request(), templates)
    manifest = up_to_date(found, settings.out)
    if verbose:
        why = (
            "nothing changed since the last run"
            if manifest
            else "something changed since the last run"
        )
        click.echo(
            f"toolgen: {why} (manifest {settings.out.as_posix()}/.toolgen-manifest.json)", err=True
        )
    return manifest, found


def _full_run(settings: Settings, langs: tuple[str, ...], check: bool, found: Survey | None = None):
    """The whole pipeline (imports pydantic, jinja2, the targets); exits 2 on bad input or an unwritable output.
    `found` is the fast path's survey of the output folder."""
    from .generate import run_settings

    _check_langs(langs)
    try:
        return run_settings(settings, check=check, origin=COMMAND_LINE, found=found)
    except ToolgenError as error:
        _fail(error, writes=not check)
    except OSError as exc:  # a read-only or full disk is not a bug: say what failed, no traceback
        click.echo(
            f"toolgen: cannot write to {settings.out.as_posix()}: {exc.strerror or exc} ({exc.filename})",
            err=True,
        )
        sys.exit(EXIT_INVALID)


class _Group(click.Group):
    def list_commands(self, ctx):  # keep the order commands were added, not alphabetical
        return list(self.commands)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="toolgen")
def main() -> None:
    """Generate GitHub Copilot SDK tool definitions for Node.js, Python, Go, .NET, Java and Rust from
    one YAML spec per tool.

    Settings are read from [tool.toolgen] in pyproject.toml or from toolgen.toml (the nearest one up
    from the working directory); flags override them.

    \b
    Example:
      toolgen new search_files
      toolgen validate specs/
      toolgen generate specs/ --out generated/
      toolgen check
    """


paths_argument = click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
out_option = click.option(
    "--out",
    type=click.Path(path_type=Path, file_okay=False),
    default=None,
    help="Output root; each language goes to OUT/<target>/.  [default: generated, or `out` in the config]",
)
config_option = click.option(
    "--config",
    type=click.Path(path_type=Path, exists=True, dir_okay=False),
    help="Read settings from this toolgen.toml or pyproject.toml instead of the nearest one.",
)
max_spec_bytes_option = click.option(
    "--max-spec-bytes",
    type=click.IntRange(min=1),
    default=None,
    metavar="BYTES",
    help=f"Reject spec files larger than this.  [default: {DEFAULT_MAX_SPEC_BYTES}]",
)


def _render_options(func):
    """The flags that change what is rendered, shared by generate and check."""
    for decorator in reversed(
        [
            click.option(
                "--templates",
                type=click.Path(path_type=Path, exists=True, file_okay=False),
                help="Custom templates folder laid out like templates/: <DIR>/<target>/<name>.j2 overrides "
                "that one built-in template.",
            ),
            click.option(
                "--header", metavar="TEXT", help="An extra line in every generated file's header."
            ),
            click.option(
                "--option",
                "option_flags",
                multiple=True,
                metavar="TARGET.KEY=VALUE",
                help="A per-target option, e.g. go.package=mytools (repeatable; see the README).",
            ),
        ]
    ):
        func = decorator(func)
    return func


def _output_options(func):
    func = click.option(
        "-v", "--verbose", is_flag=True, help="Also say which files changed and why."
    )(func)
    return click.option("-q", "--quiet", is_flag=True, help="Print errors only.")(func)


def _lang_option(func):
    return click.option(
        "--lang",
        "langs",
        multiple=True,
        metavar="TARGET",
        help="Only this target this run (repeatable): nodejs, python, go, dotnet, java, rust. Default: all, or "
        "`targets` in the config.",
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


def _regenerate_command(ctx: click.Context) -> str:
    """`toolgen generate` with the flags this `check` was given, so the hint reproduces the same run."""
    params = ctx.params
    words = ["toolgen", "generate", *[p.as_posix() for p in params.get("paths", ())]]
    for name in ("out", "config", "templates"):
        if params.get(name) is not None:
            words += [f"--{name}", params[name].as_posix()]
    if params.get("header") is not None:
        words += ["--header", json.dumps(params["header"], ensure_ascii=False)]
    words += [f"--lang {lang}" for lang in params.get("langs", ())]
    words += [f"--option {flag}" for flag in params.get("option_flags", ())]
    if params.get("max_spec_bytes") is not None:
        words += ["--max-spec-bytes", str(params["max_spec_bytes"])]
    return " ".join(words)


def _settings_and_manifest(
    config,
    paths,
    out,
    langs,
    max_spec_bytes,
    templates,
    header,
    option_flags,
    quiet: bool,
    verbose: bool,
):
    """Resolve the run's settings, then ask the manifest fast path; its saved warnings are replayed here."""
    settings = _settings(
        config,
        paths,
        out,
        langs,
        max_spec_bytes,
        templates,
        header,
        option_flags,
        verbose and not quiet,
    )
    from . import specprefetch

    # Changed specs are validated in a forked child while this process looks for changes and, when there are
    # some, imports the rest of the pipeline. Nothing changed: the child has found that too, and is discarded.
    specprefetch.start(list(settings.specs), settings.max_spec_bytes, settings.out)
    manifest, found = _fast_path(settings, verbose and not quiet)
    if manifest is not None:
        specprefetch.discard()
        _warn(found.warnings, quiet)
    return settings, manifest, found


@main.command(short_help="Check specs; report every problem as FILE:LINE:COL.")
@paths_argument
@max_spec_bytes_option
@config_option
def validate(paths: tuple[Path, ...], max_spec_bytes: int | None, config: Path | None) -> None:
    """Check specs and report every problem as FILE:LINE:COL: error: MESSAGE.

    PATHS are spec files or folders searched recursively for *.yaml and *.yml (default: specs/, or
    `specs` in the config).

    \b
    Example:
      toolgen validate specs/ extra/search.yaml
    """
    from .generate import load_tools

    settings = _settings(config, paths, max_spec_bytes=max_spec_bytes)
    try:
        tools, warnings = load_tools(list(settings.specs), settings.max_spec_bytes)
    except ToolgenError as error:
        _fail(error, writes=False)
    _warn(warnings)
    click.echo(f"{len(tools)} spec{'s' if len(tools) != 1 else ''} valid")


@main.command(short_help="Render specs into OUT/<target>/ for each language.")
@paths_argument
@out_option
@_lang_option
@max_spec_bytes_option
@config_option
@_render_options
@_output_options
@click.option(
    "--diff", "show_diff", is_flag=True, help="Print a unified diff of every file it changes."
)
@click.option(
    "--fail-on-change",
    is_flag=True,
    help="Exit 1 when files were written or removed (pre-commit: stop the commit, like a formatter).",
)
@click.pass_context
def generate(
    ctx: click.Context,
    paths: tuple[Path, ...],
    out: Path | None,
    langs: tuple[str, ...],
    max_spec_bytes: int | None,
    config: Path | None,
    templates: Path | None,
    header: str | None,
    option_flags: tuple[str, ...],
    quiet: bool,
    verbose: bool,
    show_diff: bool,
    fail_on_change: bool,
) -> None:
    """Render every spec into OUT/<target>/ for each target; only changed files are rewritten, and files
    toolgen generated that are no longer produced are removed. Files it did not generate are never touched.

    PATHS are spec files or folders searched recursively (default: specs/, or `specs` in the config).
    When any spec is invalid, every problem is reported and nothing is written (exit 2).

    \b
    Example:
      toolgen generate specs/ --out generated/ --lang python --lang go
      toolgen generate --option go.package=mytools --header "Copyright 2026 Example Corp."
    """
    settings, manifest, found = _settings_and_manifest(
        config, paths, out, langs, max_spec_bytes, templates, header, option_flags, quiet, verbose
    )
    if manifest is not None:
        count = len(manifest["outputs"])
        if not quiet:
            click.echo(
                f"{len(manifest['inputs'])} tools → {count} files: 0 written, {count} unchanged, 0 removed"
            )
        return
    result = _full_run(settings, langs, check=False, found=found)
    _warn(result.warnings, quiet)
    changes = result.changes
    if show_diff:  # the comparison kept each changed file's old text
        _print_diff(settings.out, result)
    if verbose and not quiet:
        if result.edited_only:
            click.echo("toolgen: only the edited specs changed: their files were remade, nothing else", err=True)
        for relative in changes.written:
            click.echo(f"wrote {(settings.out / relative).as_posix()}", err=True)
        for relative in changes.removed:
            click.echo(f"removed {(settings.out / relative).as_posix()}", err=True)
    if not quiet:
        click.echo(result.summary)
    if fail_on_change and changes.stale:
        _echo(
            f"toolgen: {_plural(len(changes.written), 'file')} written, {len(changes.removed)} removed; "
            "review and stage them, then commit again",
            err=True,
            fg="yellow",
        )
        sys.exit(EXIT_DRIFT)


def _print_diff(out: Path, result) -> None:
    changes = result.changes
    for relative in changes.written + changes.removed:
        _echo_diff(
            changes.old_text.get(relative) or "",
            result.planned.get(relative, ""),
            f"a/{(out / relative).as_posix()}",
            f"b/{(out / relative).as_posix()}",
        )


@main.command(short_help="Exit 1 with a diff when OUT is stale (CI, pre-commit).")
@paths_argument
@out_option
@_lang_option
@max_spec_bytes_option
@config_option
@_render_options
@_output_options
@click.pass_context
def check(
    ctx: click.Context,
    paths: tuple[Path, ...],
    out: Path | None,
    langs: tuple[str, ...],
    max_spec_bytes: int | None,
    config: Path | None,
    templates: Path | None,
    header: str | None,
    option_flags: tuple[str, ...],
    quiet: bool,
    verbose: bool,
) -> None:
    """Exit 1 with a diff when OUT is not what `generate` would write; 0 when up to date; 2 on bad input.

    PATHS are spec files or folders searched recursively (default: specs/, or `specs` in the config).
    Nothing is written.

    \b
    Example (CI or pre-commit):
      toolgen check specs/ --out generated/
    """
    settings, manifest, found = _settings_and_manifest(
        config, paths, out, langs, max_spec_bytes, templates, header, option_flags, quiet, verbose
    )
    if manifest is not None:
        if not quiet:
            click.echo(f"{len(manifest['outputs'])} files up to date")
        return
    result = _full_run(settings, langs, check=True, found=found)
    _warn(result.warnings, quiet)
    changes = result.changes
    if not changes.stale:
        if not quiet:
            click.echo(f"{len(result.planned)} files up to date")
        return
    if not quiet:
        _print_diff(settings.out, result)
    _echo(
        f"toolgen: {len(changes.written)} stale, {len(changes.removed)} orphaned file(s); "
        f"regenerate with: {_regenerate_command(ctx)}",
        err=True,
    )
    sys.exit(EXIT_DRIFT)


@main.command(short_help="Write a new spec file to start from.")
@click.argument("name")
@click.option(
    "--dir",
    "folder",
    type=click.Path(path_type=Path, file_okay=False),
    help="Folder for NAME.yaml.  [default: specs/, or the first folder in `specs` of the config]",
)
@config_option
def new(name: str, folder: Path | None, config: Path | None) -> None:
    """Write DIR/NAME.yaml: a valid spec with every option explained, to edit. Its first line points
    editors at the spec format's JSON Schema (`schema` in the config, default toolspec.schema.json at
    the project root). Never overwrites a file.

    \b
    Example:
      toolgen new search_files
      toolgen schema --out toolspec.schema.json
    """
    import re

    from .errors import Diagnostic
    from .scaffold import scaffold_spec

    settings = _settings(config)
    if ("", "schema") in settings.from_file:
        schema = settings.schema
    else:  # beside the config file, else at the repository root
        root = settings.config.path.parent if settings.config else _project_root()
        schema = _relative(root / DEFAULT_SCHEMA)
    folder = folder or next(
        (p for p in settings.specs if p.suffix not in (".yaml", ".yml")), DEFAULT_SPECS
    )
    target = folder / f"{name}.yaml"
    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]{0,63}", name):
        raise click.BadParameter(
            f"{name!r} is not a tool name (a letter, then up to 63 letters, digits, _ or -)",
            param_hint="NAME",
        )
    if target.exists():
        _fail(
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
    click.echo(f"wrote {target.as_posix()}")
    if not schema.exists():
        click.echo(
            f"toolgen: {schema.as_posix()} does not exist yet; for editor completion write it with: "
            f"toolgen schema --out {schema.as_posix()}",
            err=True,
        )


def _project_root() -> Path:
    """The repository root (the nearest folder up holding .git), else the working directory."""
    here = Path.cwd()
    return next((folder for folder in (here, *here.parents) if (folder / ".git").exists()), here)


def _relative(path: Path) -> Path:
    try:
        return Path(os.path.relpath(path))
    except ValueError:
        return path


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
    Example: put this first line in a spec file (`toolgen new` does)
      # yaml-language-server: $schema=../toolspec.schema.json
    after running
      toolgen schema --out toolspec.schema.json
    """
    from .spec_schema import spec_json_schema

    text = json.dumps(spec_json_schema(), indent=2, ensure_ascii=False) + "\n"
    if out_file:
        out_file.parent.mkdir(parents=True, exist_ok=True)
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
@click.option(
    "--map-names",
    is_flag=True,
    help="Import a tool whose name is outside the spec's name pattern under the valid name it maps to "
    "('.', spaces and other symbols become '_'; a leading digit gets 'tool_' in front), noted in the spec.",
)
def import_command(source: Path, out_dir: Path, force: bool, map_names: bool) -> None:
    """Write one spec per tool from an MCP `tools/list` result, an OpenAI function list, or a list of
    Copilot SDK wire declarations (the format is detected).

    Each tool is decided on its own. A tool is refused, with located lines and no spec, when it has no
    description, its name is outside the name pattern (see --map-names), its schema is not valid JSON
    Schema, or its spec file exists (without --force); every other tool is written. Exit 0 when every
    tool was imported, 2 when any was refused.

    \b
    Example:
      toolgen import mcp-tools.json --out specs/
    """
    from .errors import Diagnostic
    from .importer import import_tools
    from .writer import atomic_write

    result = import_tools(source.read_text("utf-8", errors="replace"), source.as_posix(), map_names=map_names)
    problems = list(result.problems)
    written = 0
    for tool in result.tools:
        target = out_dir / tool.file_name()
        if target.exists() and not force:
            problems.append(Diagnostic(target.as_posix(), 1, 1, "already exists; use --force to overwrite"))
            continue
        atomic_write(target, tool.to_yaml(source.name, result.fmt))
        written += 1
    for diagnostic in sorted(problems):
        _echo_diagnostic(diagnostic)
    refused = result.total - written
    summary = f"imported {written} of {_plural(result.total, 'tool')} ({result.fmt}) into {out_dir.as_posix()}/"
    if refused or any(problem.is_error for problem in problems):
        _echo(f"toolgen: {summary}; {refused} refused", err=True)
        sys.exit(EXIT_INVALID)
    click.echo(summary)


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


def run() -> None:
    """The `toolgen` command (and `python -m codegen`): `main`, in a process that exits right after it."""
    from . import collector, specprefetch

    try:
        main()
    finally:
        specprefetch.discard()  # a child whose run ended before taking its entries (an error) ends with it
        collector.skip_final_collection()
