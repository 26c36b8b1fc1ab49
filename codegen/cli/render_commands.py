"""validate, generate and check: the commands over a spec set and its output root. `generate` and `check` first
ask the manifest whether anything changed (standard library only); the full pipeline is imported only when it did.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..config import Settings
from ..errors import StrictError, ToolgenError
from .group import main
from .options import (
    check_langs, common_options, max_spec_bytes_option, paths_argument, render_flags, strict_option,
)  # fmt: skip
from .output import EXIT_DRIFT, EXIT_INVALID, echo, echo_diff, fail, output_path, plural, warn
from .resolve import COMMAND_LINE, Flags, resolve_settings

if TYPE_CHECKING:
    from ..manifest import Survey


def _fast_path(settings: Settings, verbose: bool = False) -> tuple[dict | None, Survey]:
    """The manifest when the output is provably current, and the survey that found it out (the run that follows
    takes it over); imports only the standard library."""
    from ..manifest import manifest_path, survey, up_to_date

    templates = settings.templates.as_posix() if settings.templates else None
    found = survey(list(settings.specs), settings.out, settings.request(), templates)
    manifest = up_to_date(found, settings.out)
    if verbose:
        why = (
            "nothing changed since the last run"
            if manifest
            else "something changed since the last run"
        )
        click.echo(f"toolgen: {why} (manifest {manifest_path(settings.out).as_posix()})", err=True)
    return manifest, found


def _full_run(settings: Settings, langs: tuple[str, ...], check: bool, found: Survey | None = None):
    """The whole pipeline (imports pydantic, jinja2, the targets); exits 2 on bad input or an unwritable output.
    `found` is the fast path's survey of the output folder."""
    from ..generate import run_settings

    check_langs(langs)
    try:
        return run_settings(settings, check=check, origin=COMMAND_LINE, found=found)
    except ToolgenError as error:
        fail(error, writes=not check)
    except OSError as exc:  # a read-only or full disk is not a bug: say what failed, no traceback
        click.echo(
            f"toolgen: cannot write to {settings.out.as_posix()}: {exc.strerror or exc} ({exc.filename})",
            err=True,
        )
        sys.exit(EXIT_INVALID)


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


def _settings_and_manifest(config: Path | None, flags: Flags, quiet: bool, verbose: bool):
    """Resolve the run's settings, then ask the manifest fast path; its saved warnings are replayed here (and
    with --strict they stop the run)."""
    settings = resolve_settings(config, flags, verbose=verbose and not quiet)
    manifest, found = _fast_path(settings, verbose and not quiet)
    if manifest is not None:
        if flags.strict and found.warnings:
            fail(StrictError(list(found.warnings)))
        warn(found.warnings, quiet)
    return settings, manifest, found


@main.command(short_help="Check specs; report every problem as FILE:LINE:COL.")
@paths_argument
@max_spec_bytes_option
@strict_option
@common_options
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
    from ..generate import load_tools
    from ..loader import load_spec_text

    settings = resolve_settings(
        config,
        Flags(paths, max_spec_bytes=max_spec_bytes),
        verbose=verbose and not quiet,
        paths_are_specs=True,
    )
    files = [spec for spec in settings.specs if spec.as_posix() != "-"]
    try:
        tools, warnings = load_tools(files, settings.max_spec_bytes) if files else ([], [])
        count = len(tools)
        if len(files) < len(settings.specs):  # `-`: one spec from standard input
            count += len(load_spec_text(sys.stdin.buffer.read(), settings.max_spec_bytes))
        if strict and warnings:
            raise StrictError(warnings)
    except ToolgenError as error:
        fail(error, writes=False)
    warn(warnings, quiet)
    if not quiet:
        click.echo(f"{plural(count, 'spec')} valid")


@main.command(short_help="Render specs into OUT/<target>/ for each language.")
@render_flags
@common_options
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
    flags: Flags,
    config: Path | None,
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
    settings, manifest, found = _settings_and_manifest(config, flags, quiet, verbose)
    if manifest is not None:
        count = len(manifest["outputs"])
        if not quiet:
            click.echo(
                f"{plural(len(manifest['inputs']), 'tool')} → {plural(count, 'file')}: 0 written, "
                f"{count} unchanged, 0 removed"
            )
        if fail_on_change:
            _require_staged(settings.out, list(manifest["outputs"]))
        return
    result = _full_run(settings, flags.langs, check=False, found=found)
    warn(result.warnings, quiet)
    changes = result.changes
    if show_diff:  # the comparison kept each changed file's old text
        _print_diff(settings.out, result)
    if verbose and not quiet:
        if result.edited_only:
            click.echo(
                "toolgen: only the edited specs changed: their files were remade, nothing else",
                err=True,
            )
        for relative in changes.written:
            click.echo(f"wrote {output_path(settings.out, relative)}", err=True)
        for relative in changes.removed:
            click.echo(f"removed {output_path(settings.out, relative)}", err=True)
    if not quiet:
        click.echo(result.summary)
    if fail_on_change:
        if changes.stale:
            echo(
                f"toolgen: {plural(len(changes.written), 'file')} written, {len(changes.removed)} removed; "
                "review and stage them, then commit again",
                err=True,
                fg="yellow",
            )
        _require_staged(settings.out, [*result.planned, *changes.removed], stale=changes.stale)


def _require_staged(out: Path, files: list[str], stale: bool = False) -> None:
    """Exit 1 when the next git commit would lack some of toolgen's files (untracked, or not as in the index),
    naming the `git add` that fixes it; or when `stale` (files were just written). Outside git: only `stale`.
    """
    from ..gitindex import not_in_index, stage_command

    missing = not_in_index(out, files)
    if missing:
        echo(
            f"toolgen: {plural(len(missing), 'generated file')} not staged for the commit; stage "
            f"{'it' if len(missing) == 1 else 'them'} with:\n  {stage_command(missing)}",
            err=True,
            fg="yellow",
        )
    if missing or stale:
        sys.exit(EXIT_DRIFT)


def _print_diff(out: Path, result) -> None:
    changes = result.changes
    for relative in changes.written + changes.removed:
        echo_diff(
            changes.old_text.get(relative) or "",
            result.planned.get(relative, ""),
            f"a/{output_path(out, relative)}",
            f"b/{output_path(out, relative)}",
        )


@main.command(short_help="Exit 1 with a diff when OUT is stale (CI, pre-commit).")
@render_flags
@click.option(
    "--staged",
    is_flag=True,
    help="Under git, also count a generated file that is untracked or differs from the index as not up to "
    "date (pre-commit: the commit must not lack it).",
)
@common_options
@click.pass_context
def check(
    ctx: click.Context,
    flags: Flags,
    config: Path | None,
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
    settings, manifest, found = _settings_and_manifest(config, flags, quiet, verbose)
    if manifest is not None:
        if staged:
            _require_staged(settings.out, list(manifest["outputs"]))
        if not quiet:
            click.echo(f"{plural(len(manifest['outputs']), 'file')} up to date")
        return
    result = _full_run(settings, flags.langs, check=True, found=found)
    warn(result.warnings, quiet)
    changes = result.changes
    if not changes.stale:
        if staged:
            _require_staged(
                settings.out, [path for path in result.planned if path not in changes.left]
            )
        if not quiet:
            click.echo(f"{plural(len(result.planned) - len(changes.left), 'file')} up to date")
        return
    if not quiet:
        _print_diff(settings.out, result)
    missing = len(changes.missing)
    echo(
        f"toolgen: {missing} missing, {len(changes.written) - missing} stale, "
        f"{len(changes.removed)} no longer produced; regenerate with: {_regenerate_command(ctx)}",
        err=True,
    )
    sys.exit(EXIT_DRIFT)
