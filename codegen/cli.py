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
from .errors import StrictError, ToolgenError
from .specset import named_specs, no_specs_found

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
    if isinstance(error, StrictError):
        files = len({d.file for d in error.diagnostics})
        summary = (
            f"toolgen: {_plural(len(error.diagnostics), 'warning')} in {_plural(files, 'file')}, "
            "errors with --strict"
        )
    else:
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
    strict: bool = False,
    paths_are_specs: bool = False,
    need_specs: bool = True,
) -> Settings:
    """The run's settings: the config file's (found by walking up unless --config names one), then the flags.
    Only cheap checks here; the targets' keyword checks run after the no-change fast path.

    PATHS name tools of the output root's spec set (`specs` in the config, else specs/), to remake or check only
    those now (`Settings.only`); with `--out` naming another root, or `paths_are_specs` (validate), they are the
    spec set itself."""
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
    _check_langs(langs)
    own_root = out is None or os.path.abspath(out) == os.path.abspath(settings.out)
    if paths and own_root and not paths_are_specs:
        try:
            only = named_specs(settings, paths)
        except ToolgenError as error:
            _fail(error, writes=False)
        settings = settings.with_overrides(only=only)
        paths = ()
    settings = settings.with_overrides(
        specs=tuple(paths) or None,
        strict=strict or None,
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
    if need_specs and not any(spec.as_posix() == "-" or spec.exists() for spec in settings.specs):
        _fail(ToolgenError([no_specs_found(settings)]), writes=False)
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
    from .manifest import manifest_path, survey, up_to_date

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
            f"toolgen: {why} (manifest {manifest_path(settings.out).as_posix()})", err=True
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
@click.version_option(package_name="toolgen", prog_name="toolgen")
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
def _no_dash(ctx: click.Context, param: click.Parameter, value: Path | None) -> Path | None:
    """`-` means standard input or output; where a command can do neither with it, it is refused, not taken
    as a file or folder named `-`."""
    if value is not None and value.as_posix() == "-":
        raise click.BadParameter("'-' (standard input or output) cannot be used here; name a folder")
    return value


out_option = click.option(
    "--out",
    callback=_no_dash,
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


def _common_options(func):
    """--config, -q and -v: every command reads the configuration the same way and can be quiet or verbose."""
    func = click.option(
        "-v", "--verbose", is_flag=True, help="Also say which settings and files were used and why."
    )(func)
    func = click.option("-q", "--quiet", is_flag=True, help="Print errors only.")(func)
    return config_option(func)


strict_option = click.option(
    "--strict", is_flag=True, help="Treat warnings as errors: exit 2 and write nothing (for CI)."
)


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
                f"unknown target {lang!r}{_did_you_mean(lang, known)}; choose from {', '.join(known)}",
                param_hint="--lang",
            )
    return list(dict.fromkeys(langs))


def _did_you_mean(value: str, choices: list[str]) -> str:
    from .suggest import did_you_mean

    return did_you_mean(value, choices)


class _Choice(click.Choice):
    """click.Choice that suggests the nearest choice for a typo (`--format jsno`: did you mean 'json'?)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and value not in self.choices:
            self.fail(
                f"{value!r} is not one of {', '.join(map(repr, self.choices))}"
                f"{_did_you_mean(value, list(self.choices))}",
                param,
                ctx,
            )
        return super().convert(value, param, ctx)


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
    strict: bool = False,
):
    """Resolve the run's settings, then ask the manifest fast path; its saved warnings are replayed here (and
    with --strict they stop the run)."""
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
        strict,
    )
    from . import specprefetch

    # Changed specs are validated in a forked child while this process looks for changes and, when there are
    # some, imports the rest of the pipeline. Nothing changed: the child has found that too, and is discarded.
    specprefetch.start(list(settings.specs), settings.max_spec_bytes, settings.out)
    manifest, found = _fast_path(settings, verbose and not quiet)
    if manifest is not None:
        specprefetch.discard()
        if strict and found.warnings:
            _fail(StrictError(list(found.warnings)))
        _warn(found.warnings, quiet)
    return settings, manifest, found


@main.command(short_help="Check specs; report every problem as FILE:LINE:COL.")
@paths_argument
@max_spec_bytes_option
@strict_option
@_common_options
def validate(
    paths: tuple[Path, ...],
    max_spec_bytes: int | None,
    strict: bool,
    config: Path | None,
    quiet: bool,
    verbose: bool,
) -> None:
    """Check specs and report every problem as FILE:LINE:COL: error: MESSAGE.

    PATHS are spec files or folders searched recursively for *.yaml and *.yml (default: specs/, or
    `specs` in the config); `-` reads one spec from standard input.

    \b
    Example:
      toolgen validate specs/ extra/search.yaml
      cat search.yaml | toolgen validate -
    """
    from .generate import load_tools
    from .loader import load_spec_text

    settings = _settings(
        config, paths, max_spec_bytes=max_spec_bytes, verbose=verbose and not quiet,
        paths_are_specs=True,
    )  # fmt: skip
    files = [spec for spec in settings.specs if spec.as_posix() != "-"]
    try:
        tools, warnings = load_tools(files, settings.max_spec_bytes) if files else ([], [])
        count = len(tools)
        if len(files) < len(settings.specs):  # `-`: one spec from standard input
            count += len(load_spec_text(sys.stdin.buffer.read(), settings.max_spec_bytes))
        if strict and warnings:
            raise StrictError(warnings)
    except ToolgenError as error:
        _fail(error, writes=False)
    _warn(warnings, quiet)
    if not quiet:
        click.echo(f"{_plural(count, 'spec')} valid")


@main.command(short_help="Render specs into OUT/<target>/ for each language.")
@paths_argument
@out_option
@_lang_option
@max_spec_bytes_option
@_render_options
@strict_option
@_common_options
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
    strict: bool,
    quiet: bool,
    verbose: bool,
    show_diff: bool,
    fail_on_change: bool,
) -> None:
    """Render every spec into OUT/<target>/ for each target; only changed files are rewritten, and files
    toolgen generated that are no longer produced are removed. Files it did not generate are never touched.

    The output root's tools are its spec set: `specs` in the config, else specs/. PATHS (spec files or
    folders in that set) remake only those tools now; the others' files are left as they are, and no
    file is removed for naming fewer specs. With --out naming another output root, PATHS are its specs.
    When any spec is invalid, every problem is reported and nothing is written (exit 2).

    \b
    Example:
      toolgen generate --lang python --lang go
      toolgen generate specs/web_fetch.yaml
      toolgen generate --option go.package=mytools --header "Copyright 2026 Example Corp."
    """
    settings, manifest, found = _settings_and_manifest(
        config, paths, out, langs, max_spec_bytes, templates, header, option_flags, quiet, verbose, strict
    )
    if manifest is not None:
        count = len(manifest["outputs"])
        if not quiet:
            click.echo(
                f"{_plural(len(manifest['inputs']), 'tool')} → {_plural(count, 'file')}: 0 written, "
                f"{count} unchanged, 0 removed"
            )
        if fail_on_change:
            _require_staged(settings.out, list(manifest["outputs"]))
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
    if fail_on_change:
        if changes.stale:
            _echo(
                f"toolgen: {_plural(len(changes.written), 'file')} written, {len(changes.removed)} removed; "
                "review and stage them, then commit again",
                err=True,
                fg="yellow",
            )
        _require_staged(settings.out, [*result.planned, *changes.removed], stale=changes.stale)


def _require_staged(out: Path, files: list[str], stale: bool = False) -> None:
    """Exit 1 when the next git commit would lack some of toolgen's files (untracked, or not as in the index),
    naming the `git add` that fixes it; or when `stale` (files were just written). Outside git: only `stale`."""
    from .gitindex import not_in_index, stage_command

    missing = not_in_index(out, files)
    if missing:
        _echo(
            f"toolgen: {_plural(len(missing), 'generated file')} not staged for the commit; stage "
            f"{'it' if len(missing) == 1 else 'them'} with:\n  {stage_command(missing)}",
            err=True,
            fg="yellow",
        )
    if missing or stale:
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
@_render_options
@strict_option
@click.option(
    "--staged",
    is_flag=True,
    help="Under git, also count a generated file that is untracked or differs from the index as not up to "
    "date (pre-commit: the commit must not lack it).",
)
@_common_options
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
    strict: bool,
    staged: bool,
    quiet: bool,
    verbose: bool,
) -> None:
    """Exit 1 with a diff when OUT is not what `generate` would write; 0 when up to date; 2 on bad input
    (or when a file where toolgen would write is not toolgen's).

    PATHS (spec files or folders in the spec set) check only those tools' files and the folder-wide
    files; see `generate`. Nothing is written.

    \b
    Example (CI or pre-commit):
      toolgen check
      toolgen check --strict
    """
    settings, manifest, found = _settings_and_manifest(
        config, paths, out, langs, max_spec_bytes, templates, header, option_flags, quiet, verbose, strict
    )
    if manifest is not None:
        if staged:
            _require_staged(settings.out, list(manifest["outputs"]))
        if not quiet:
            click.echo(f"{_plural(len(manifest['outputs']), 'file')} up to date")
        return
    result = _full_run(settings, langs, check=True, found=found)
    _warn(result.warnings, quiet)
    changes = result.changes
    if not changes.stale:
        if staged:
            _require_staged(settings.out, [path for path in result.planned if path not in changes.left])
        if not quiet:
            click.echo(f"{_plural(len(result.planned) - len(changes.left), 'file')} up to date")
        return
    if not quiet:
        _print_diff(settings.out, result)
    missing = len(changes.missing)
    _echo(
        f"toolgen: {missing} missing, {len(changes.written) - missing} stale, "
        f"{len(changes.removed)} no longer produced; regenerate with: {_regenerate_command(ctx)}",
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
@_common_options
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

    from .errors import Diagnostic
    from .scaffold import scaffold_spec

    folder = Path(os.path.abspath(folder)) if folder is not None else None  # _settings may change folder
    settings = _settings(config, verbose=verbose and not quiet, need_specs=False)
    folder = _relative(folder) if folder is not None else None
    if ("", "schema") in settings.from_file:
        schema = settings.schema
    else:  # beside the config file, else at the repository root
        root = settings.config.path.parent if settings.config else _project_root()
        schema = _relative(root / DEFAULT_SCHEMA)
    folder = folder or _first_spec_folder(settings)
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
    if not quiet:
        click.echo(f"wrote {target.as_posix()}")
    if not schema.exists() and not quiet:
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
@_common_options
def schema(out_file: Path | None, config: Path | None, quiet: bool, verbose: bool) -> None:
    """Print the JSON Schema (draft 2020-12) of the spec format, for editor completion.

    \b
    Example: put this first line in a spec file (`toolgen new` does)
      # yaml-language-server: $schema=../toolspec.schema.json
    after running
      toolgen schema --out toolspec.schema.json
    """
    from .spec_schema import spec_json_schema

    if out_file is not None and out_file.as_posix() != "-":
        out_file = Path(os.path.abspath(out_file))  # _settings may move to the config file's folder
    _settings(config, verbose=verbose and not quiet, need_specs=False)  # a broken config is reported
    out_file = _relative(out_file) if out_file is not None and out_file.as_posix() != "-" else out_file
    text = json.dumps(spec_json_schema(), indent=2, ensure_ascii=False) + "\n"
    if out_file and out_file.as_posix() != "-":
        out_file.parent.mkdir(parents=True, exist_ok=True)
        out_file.write_text(text, encoding="utf-8")
        if not quiet:
            click.echo(f"wrote {out_file.as_posix()}", err=True)
    else:
        click.echo(text, nl=False)


@main.command("import", short_help="Turn MCP / OpenAI / Copilot tool lists into spec files.")
@click.argument("source", type=click.Path(path_type=Path, exists=True, dir_okay=False, allow_dash=True))
@click.option(
    "--out",
    "out_dir",
    callback=_no_dash,
    type=click.Path(path_type=Path, file_okay=False),
    help="Folder for the new spec files.  [default: the first folder in `specs` of the config, else specs/]",
)
@click.option("--force", is_flag=True, help="Overwrite spec files that already exist.")
@_common_options
def import_command(
    source: Path, out_dir: Path | None, force: bool, config: Path | None, quiet: bool, verbose: bool
) -> None:
    """Write one spec per tool from an MCP `tools/list` result, an OpenAI function list, or a list of
    Copilot SDK wire declarations (the format is detected).

    Tools whose schema uses keywords outside the supported subset are reported with a JSON pointer and
    not written. Existing files are never overwritten without --force.

    \b
    Example:
      toolgen import mcp-tools.json --out specs/
      curl -s http://localhost:3000/tools | toolgen import -
    """
    from .errors import Diagnostic, SpecError
    from .importer import import_tools
    from .writer import atomic_write

    stdin = source.as_posix() == "-"
    text = sys.stdin.read() if stdin else source.read_text("utf-8")
    source = Path(os.path.abspath(source)) if not stdin else source
    out_dir = Path(os.path.abspath(out_dir)) if out_dir is not None else None  # _settings may change folder
    settings = _settings(config, verbose=verbose and not quiet, need_specs=False)
    out_dir = _relative(out_dir) if out_dir is not None else _first_spec_folder(settings)
    source = Path("<stdin>") if stdin else _relative(source)
    fmt, tools, problems = import_tools(text, source.as_posix())
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
    if not quiet:
        click.echo(f"imported {_plural(len(tools), 'tool')} ({fmt}) into {out_dir.as_posix()}/")


def _first_spec_folder(settings: Settings) -> Path:
    """Where new spec files go: the first folder of the spec set (a spec file's folder if only files)."""
    return next((p for p in settings.specs if p.suffix not in (".yaml", ".yml")), DEFAULT_SPECS)


@main.command(short_help="Report changes between two spec versions that break callers.")
@click.argument("old", required=False, type=click.Path(path_type=Path))
@click.argument("new", required=False, type=click.Path(path_type=Path))
@click.option(
    "--against",
    metavar="GIT-REF",
    help="Compare NEW (default: the spec set, `specs` in the config or specs/) with the same paths at this "
    "git revision.",
)
@click.option(
    "--format",
    "output_format",
    type=_Choice(["text", "json"]),
    default="text",
    show_default=True,
)
@_common_options
def breaking(
    old: Path | None,
    new: Path | None,
    against: str | None,
    output_format: str,
    config: Path | None,
    quiet: bool,
    verbose: bool,
) -> None:
    """Compare OLD and NEW specs (files or folders) and list what breaks callers or hosts — removed or
    renamed tools and parameters, narrowed types and bounds, optional → required, removed enum values,
    closed additionalProperties, changed isTerminal/defer/skipPermission/overridesBuiltInTool — and
    separately the compatible changes. Exit 1 when something breaks, 0 otherwise, 2 on bad input.

    With --against, a revision without the specs (before the first commit) counts as no specs.

    \b
    Examples:
      toolgen breaking old-specs/ specs/
      toolgen breaking --against origin/main --format json
    """
    from .breaking import compare_specs
    from .gitspecs import specs_at_revision
    from .loader import load_specs

    if against and new is not None:
        raise click.UsageError("with --against give at most one PATH (the new specs)")
    if not against and (old is None or new is None):
        raise click.UsageError("give OLD and NEW, or --against GIT-REF")
    given = tuple(Path(os.path.abspath(p)) for p in (old, new) if p is not None)
    settings = _settings(
        config, verbose=verbose and not quiet, need_specs=against is not None and not given
    )  # fmt: skip
    given = tuple(_relative(p) for p in given)
    try:
        if against:
            new_paths = list(given or settings.specs)
            revision = specs_at_revision(against, new_paths)
            if revision.note and not quiet:
                click.echo(f"toolgen: {revision.note}", err=True)
            new_loaded, new_problems = load_specs(new_paths)
            revision.cleanup()
            old_loaded, old_problems = revision.loaded, revision.problems
        else:
            old_loaded, old_problems = load_specs([given[0]])
            new_loaded, new_problems = load_specs([given[1]])
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
            for change in group if not quiet or label == "breaking" else []:
                where = f"{change.tool}" + (f" {change.where}" if change.where else "")
                click.echo(
                    f"{change.file}:{change.line}:{change.column}: {label}: {where}: {change.message}"
                )
        if not quiet:
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
    type=click.Path(path_type=Path, dir_okay=False, allow_dash=True),
    help="Write to FILE (only when it changed); `-` prints it.  [default: `docs` in the config, else stdout]",
)
@click.option("--check", "check_only", is_flag=True, help="Exit 1 when FILE is not current.")
@_lang_option
@_common_options
def docs(
    paths: tuple[Path, ...],
    out_file: Path | None,
    check_only: bool,
    langs: tuple[str, ...],
    config: Path | None,
    quiet: bool,
    verbose: bool,
) -> None:
    """A deterministic Markdown catalogue: a summary table (name, options, parameter count) and, per
    tool, its parameters and the generated definition in every configured target, with the
    configured options and header.

    \b
    Example:
      toolgen docs --out docs/tools.md
      toolgen docs --check            # with docs = "docs/tools.md" in [tool.toolgen]
    """
    from .docs import render_catalogue
    from .generate import render_outputs
    from .irbuild import build_tools
    from .loader import load_specs
    from .writer import atomic_write

    to_stdout = out_file is not None and out_file.as_posix() == "-"
    out_file = Path(os.path.abspath(out_file)) if out_file is not None and not to_stdout else None
    settings = _settings(
        config, paths, langs=langs, verbose=verbose and not quiet, paths_are_specs=True
    )  # fmt: skip
    out_file = _relative(out_file) if out_file is not None else None if to_stdout else settings.docs
    if check_only and out_file is None:
        raise click.UsageError(
            "--check needs a file to compare: give --out FILE, or set `docs` in [tool.toolgen]"
        )
    loaded, problems = load_specs(list(settings.specs), settings.max_spec_bytes)
    errors = [p for p in problems if p.is_error]
    if errors:
        _fail(ToolgenError(errors), writes=False)
    targets = list(settings.targets or _target_names())
    tools = build_tools(loaded)
    try:
        outputs, _ = render_outputs(
            tools, targets, options=settings.options, header=settings.header,
            templates=str(settings.templates) if settings.templates else None,
        )  # fmt: skip
    except ToolgenError as error:
        _fail(error, writes=False)
    text = render_catalogue(loaded, tools, outputs, targets)
    if out_file is None:
        click.echo(text, nl=False)
        return
    current = out_file.read_text("utf-8") if out_file.exists() else None
    if check_only:
        if current != text:
            click.echo(
                f"toolgen: {out_file.as_posix()} is stale; regenerate with: toolgen docs "
                f"--out {out_file.as_posix()}",
                err=True,
            )
            sys.exit(EXIT_DRIFT)
        if not quiet:
            click.echo(f"{out_file.as_posix()} up to date")
        return
    if current != text:
        atomic_write(out_file, text)
    if not quiet:
        click.echo(f"{out_file.as_posix()}: {'written' if current != text else 'unchanged'}")


@main.command("templates", short_help="List each built-in template and the variables it receives.")
@click.argument("target", required=False, metavar="[TARGET]")
def templates_command(target: str | None) -> None:
    """Each built-in template of TARGET (default: every target) and the variables its target passes it: name,
    type and meaning, as the template's opening comment declares them (a test checks them against what is really
    passed). A custom template receives the same variables.

    \b
    Example:
      toolgen templates go
    """
    from .template_vars import listing

    names = _target_names()
    if target is not None and target not in names:
        raise click.BadParameter(
            f"unknown target {target!r}; choose from {', '.join(names)}", param_hint="TARGET"
        )
    click.echo(listing([target] if target else names), nl=False)


def run() -> None:
    """The `toolgen` command (and `python -m codegen`): `main`, in a process that exits right after it."""
    from . import collector, specprefetch

    try:
        main()
    finally:
        specprefetch.discard()  # a child whose run ended before taking its entries (an error) ends with it
        collector.skip_final_collection()
