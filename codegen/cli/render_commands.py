"""validate, generate and check: the commands over a spec set and its output root. `generate` and `check` first
ask the manifest whether anything changed (standard library only); the full pipeline is imported only when it did.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..config.settings import Settings
from ..errors import StrictError, ToolgenError
from .group import main
from .options import (
    Flags, check_langs, common_options, max_spec_bytes_option, paths_argument, render_flags, strict_option,
    writes_nothing,
)  # fmt: skip
from .output import EXIT_DRIFT, EXIT_INVALID, echo, echo_diff, fail, output_path, plural, warn
from .resolve import COMMAND_LINE, resolve_settings

if TYPE_CHECKING:
    from ..output.manifest import Survey


def _fast_path(settings: Settings, verbose: bool, writes: bool) -> tuple[dict | None, Survey]:
    """The manifest when the output is provably current, and the survey that found it out (the run that follows
    takes it over); imports only the standard library. Only a command that `writes` refreshes the manifest."""
    from ..output.manifest import manifest_path, survey, up_to_date

    templates = settings.templates.as_posix() if settings.templates else None
    found = survey(list(settings.specs), settings.out, settings.request(), templates)
    manifest = up_to_date(found, settings.out, refresh=writes)
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
    from ..run.generate import run_settings

    check_langs(langs)
    try:
        return run_settings(settings, check=check, origin=COMMAND_LINE, found=found)
    except ToolgenError as error:
        fail(error, writes=not check)
    except OSError as exc:  # a read-only or full disk is not a bug: say what failed, no traceback
        done = "".join(f"; {note}" for note in getattr(exc, "__notes__", ()))  # what the writer put back
        click.echo(
            f"toolgen: cannot write to {settings.out.as_posix()}: {exc.strerror or exc} ({exc.filename}){done}",
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


def _settings_and_manifest(config: Path | None, flags: Flags, quiet: bool, verbose: bool, writes: bool):
    """Resolve the run's settings, then ask the manifest fast path; its saved warnings are replayed here (and
    with --strict they stop the run), and the files it kept."""
    from ..review.acknowledge import reported

    settings = resolve_settings(config, flags, verbose=verbose and not quiet)
    manifest, found = _fast_path(settings, verbose and not quiet, writes)
    if manifest is not None:
        warnings = reported(found.warnings, settings.acknowledge, settings.targets, True, not settings.partial)
        if flags.strict and warnings:
            fail(StrictError(warnings))
        warn(warnings, quiet)
        _report_kept(settings.out, manifest["strays"], quiet)
    return settings, manifest, found


def _report_kept(out: Path, kept: list[str], quiet: bool) -> None:
    """The files with toolgen's marker that its record of what it wrote does not list: kept, and said so on every
    run (toolgen would rather keep a stray file than delete one of the user's)."""
    if quiet:
        return
    for relative in kept:
        echo(
            f"toolgen: kept {(out / relative).as_posix()}: it carries toolgen's marker, but toolgen's record of "
            "what it wrote does not list it; delete it if it is a leftover",
            err=True,
            fg="yellow",
        )


@main.command(short_help="Check specs; report every problem as FILE:LINE:COL.")
@paths_argument
@max_spec_bytes_option
@strict_option
@common_options
@writes_nothing()
def validate(
    paths: tuple[Path, ...],
    max_spec_bytes: int | None,
    strict: bool,
    config: Path | None,
    quiet: bool,
    verbose: bool,
) -> None:
    """Check specs and report every problem as FILE:LINE:COL: error: MESSAGE.

    Runs every check of `generate` that needs no rendering, for the configured targets and options: the
    configuration, the specs, and each target's names (the renames it warns about). So `validate --strict`
    fails exactly where `generate --strict` does. Nothing is written.

    PATHS are spec files or folders searched recursively for *.yaml and *.yml (default: specs/, or
    `specs` in the config); `-` reads one spec from standard input.

    \b
    Example:
      toolgen validate specs/ extra/search.yaml
      cat search.yaml | toolgen validate -
    """
    from ..review.acknowledge import reported
    from ..run.generate import check_specs

    settings = resolve_settings(
        config,
        Flags(paths, max_spec_bytes=max_spec_bytes),
        verbose=verbose and not quiet,
        paths_are_specs=True,
    )
    stdin = sys.stdin.buffer.read() if any(spec.as_posix() == "-" for spec in settings.specs) else None
    try:
        count, found = check_specs(settings, stdin)
        # specs named on the command line are not the whole spec set the configuration acknowledges for; validate
        # plans every configured target's files as generate does, so it meets their warnings too
        warnings = reported(found, settings.acknowledge, settings.targets, whole_set=not paths, rendered=True)
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
    settings, manifest, found = _settings_and_manifest(config, flags, quiet, verbose, writes=True)
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
    _report_kept(settings.out, changes.kept, quiet)
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
    from ..output.gitindex import not_in_index, stage_command

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
@writes_nothing()
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
    settings, manifest, found = _settings_and_manifest(config, flags, quiet, verbose, writes=False)
    if manifest is not None:
        if staged:
            _require_staged(settings.out, list(manifest["outputs"]))
        if not quiet:
            click.echo(f"{plural(len(manifest['outputs']), 'file')} up to date")
        return
    result = _full_run(settings, flags.langs, check=True, found=found)
    warn(result.warnings, quiet)
    changes = result.changes
    _report_kept(settings.out, changes.kept, quiet)
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
