"""breaking, docs and templates: the commands that review specs, catalogue them or describe the templates."""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

import click

from ..config.settings import Settings
from ..config.keys import DOCS_CODE_CHOICES
from ..errors import Diagnostic, StrictError, ToolgenError
from .group import main
from .options import Choice, Flags, common_options, lang_option, paths_argument, target_names, writes_nothing
from .output import EXIT_DRIFT, EXIT_OK, fail, plural, warn
from .resolve import absolute, as_given, resolve_settings

MAX_DOCS_BYTES = 64 * 1024 * 1024  # the catalogue `docs --check` compares is read up to this size


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
    type=Choice(["text", "json"]),
    default="text",
    show_default=True,
)
@click.option(
    "--strict", is_flag=True, help="An `accept` entry that matches no breaking change is an error (exit 2)."
)
@common_options
@writes_nothing()
def breaking(
    old: Path | None,
    new: Path | None,
    against: str | None,
    output_format: str,
    strict: bool,
    config: Path | None,
    quiet: bool,
    verbose: bool,
) -> None:
    """Compare OLD and NEW specs (files or folders) and list what breaks callers or hosts — removed or
    renamed tools and parameters, narrowed types and bounds, optional → required, removed enum values,
    closed additionalProperties, changed isTerminal/defer/skipPermission/overridesBuiltInTool — and
    separately the compatible changes. Exit 1 when something breaks, 0 otherwise, 2 on bad input.

    A change made on purpose is accepted by an entry in the configuration, `[tool.toolgen.breaking]
    accept = [{ tool = "list_dir", change = "tool removed" }]` (the change as printed after the tool's
    name): it is listed as accepted and does not fail. An entry that matches no breaking change is a
    warning (with --strict an error): delete it once its change is committed.

    With --against, a revision without the specs (before the first commit) counts as no specs.

    \b
    Examples:
      toolgen breaking old-specs/ specs/
      toolgen breaking --against origin/main --format json
    """
    from ..review.breaking import accept_changes, compare_specs
    from ..review.gitspecs import specs_at_revision
    from ..spec.loader import load_specs

    if against and new is not None:
        raise click.UsageError("with --against give at most one PATH (the new specs)")
    if not against and (old is None or new is None):
        raise click.UsageError("give OLD and NEW, or --against GIT-REF")
    named = [absolute(p) for p in (old, new) if p is not None]
    settings = resolve_settings(
        config, verbose=verbose and not quiet, need_specs=against is not None and not named
    )  # fmt: skip
    given = tuple(as_given(*p) for p in named)
    try:
        if against:
            new_paths = list(given or settings.specs)
            revision = specs_at_revision(against, new_paths)
            if revision.note and not quiet:
                click.echo(f"toolgen: {revision.note}", err=True)
            new_loaded, new_problems = load_specs(new_paths)
            old_loaded, old_problems = revision.loaded, revision.problems
        else:
            old_loaded, old_problems = load_specs([given[0]])
            new_loaded, new_problems = load_specs([given[1]])
        errors = [p for p in old_problems + new_problems if p.is_error]
        if errors:
            raise ToolgenError(errors)
    except ToolgenError as error:
        fail(error, writes=False)
    entries = list(settings.breaking.get("accept", []))
    changes, unused = accept_changes(
        compare_specs(old_loaded, new_loaded, against or ""), [(e["tool"], e["change"]) for e in entries]
    )
    groups = {
        label: [c for c in changes if (c.breaking, c.accepted) == kind]
        for label, kind in (("breaking", (True, False)), ("accepted", (True, True)), ("compatible", (False, False)))
    }
    if output_format == "json":
        click.echo(json.dumps({k: [c.as_dict() for c in v] for k, v in groups.items()}, indent=2, ensure_ascii=False))
    else:
        for label, group in groups.items():
            for change in group if not quiet or label == "breaking" else []:
                where = f"{change.tool}" + (f" {change.where}" if change.where else "")
                at = f" (in {change.revision})" if change.revision else ""
                click.echo(
                    f"{change.file}:{change.line}:{change.column}: {label}: {where}: {change.message}{at}"
                )
        if not quiet:
            _accept_hint(groups["breaking"], settings)
            click.echo(
                f"{plural(len(groups['breaking']), 'breaking change')}, "
                + (f"{len(groups['accepted'])} accepted, " if groups["accepted"] else "")
                + f"{plural(len(groups['compatible']), 'compatible change')}",
                err=True,
            )
    stale = [_unused_entry(settings, index, entries[index], against) for index in unused]
    if strict and stale:
        fail(StrictError(stale), writes=False)
    warn(stale, quiet)
    sys.exit(EXIT_DRIFT if groups["breaking"] else EXIT_OK)


def _accept_hint(broken: list, settings: Settings) -> None:
    """The entries that would accept these changes, ready to paste: accepting is a reviewed edit of the config."""
    if not broken:
        return
    table = settings.config.key_name(("breaking",)) if settings.config else "tool.toolgen.breaking"
    where = settings.config.shown if settings.config else "pyproject.toml"
    click.echo(f"toolgen: if a change is made on purpose, accept it in [{table}] of {where}:", err=True)
    click.echo("  accept = [", err=True)
    for change in broken:
        tool, named = (json.dumps(text, ensure_ascii=False) for text in (change.tool, change.named))
        click.echo(f"    {{ tool = {tool}, change = {named} }},", err=True)
    click.echo("  ]", err=True)


def _unused_entry(settings: Settings, index: int, entry: dict, against: str | None) -> Diagnostic:
    compared = f"against {against}" if against else "between OLD and NEW"
    assert settings.config is not None  # entries come from the file
    problem = settings.config.problem(
        ("breaking", "accept", index),
        f'accepts nothing: {entry["tool"]} has no breaking change "{entry["change"]}" {compared}; '
        "delete the entry once its change is committed",
    )
    return replace(problem, severity="warning")


@main.command(short_help="Write a Markdown catalogue of every tool in the configured targets.")
@paths_argument
@click.option(
    "--out",
    "out_file",
    type=click.Path(path_type=Path, dir_okay=False, allow_dash=True),
    help="Write to FILE (only when it changed); `-` prints it.  [default: `docs` in the config, else stdout]",
)
@click.option("--check", "check_only", is_flag=True, help="Exit 1 when FILE is not current.")
@click.option(
    "--code",
    type=Choice(list(DOCS_CODE_CHOICES)),
    help="Each tool's code: links to the generated files, collapsed <details> blocks, or none.  "
    "[default: `docs_code` in the config, else links]",
)
@lang_option
@common_options
@writes_nothing("check_only")
def docs(
    paths: tuple[Path, ...],
    out_file: Path | None,
    check_only: bool,
    code: str | None,
    langs: tuple[str, ...],
    config: Path | None,
    quiet: bool,
    verbose: bool,
) -> None:
    """A deterministic Markdown catalogue: a summary table (name, options, parameter count) linking
    to each tool's section by its GitHub anchor, and per tool its spec, parameters and generated code
    in every configured target (by default a link to each generated file).

    With `docs` in the configuration, `toolgen generate` keeps that file current and `toolgen check`
    compares it, like the generated code; this command writes or checks it alone.

    \b
    Example:
      toolgen docs --out docs/tools.md
      toolgen docs --check            # with docs = "docs/tools.md" in [tool.toolgen]
    """
    from ..errors import Diagnostic
    from ..output.regularfile import read_regular
    from ..run.generate import catalogue, load_tools, request_of
    from ..output.writer import atomic_write

    to_stdout = out_file is not None and out_file.as_posix() == "-"
    given = absolute(out_file) if out_file is not None and not to_stdout else None
    settings = resolve_settings(
        config, Flags(paths, langs=langs), verbose=verbose and not quiet, paths_are_specs=True
    )
    out_file = as_given(*given) if given else None if to_stdout else settings.docs
    if check_only and out_file is None:
        raise click.UsageError(
            "--check needs a file to compare: give --out FILE, or set `docs` in [tool.toolgen]"
        )
    job = replace(request_of(settings, check=True), docs=out_file, docs_code=code or settings.docs_code)
    try:
        tools, _ = load_tools(list(settings.specs), settings.max_spec_bytes)
        text = catalogue(tools, job)
    except ToolgenError as error:
        fail(error, writes=False)
    if out_file is None:
        click.echo(text, nl=False)
        return
    try:
        current: str | None = read_regular(out_file, MAX_DOCS_BYTES).decode("utf-8", "replace")
    except FileNotFoundError:
        current = None
    except OSError as exc:
        problem = Diagnostic(out_file.as_posix(), 0, 0, f"cannot read: {exc.strerror or exc}")
        fail(ToolgenError([problem]), writes=False)
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
@common_options
def templates_command(target: str | None, config: Path | None, quiet: bool, verbose: bool) -> None:
    """Each built-in template of TARGET (default: every target) and the variables its target passes it: name,
    type and meaning, as the template's opening comment declares them (a test checks them against what is really
    passed). A custom template receives the same variables.

    \b
    Example:
      toolgen templates go
    """
    from ..targets.template_vars import listing

    names = target_names()
    if target is not None and target not in names:
        raise click.BadParameter(
            f"unknown target {target!r}; choose from {', '.join(names)}", param_hint="TARGET"
        )
    from ..targets.sdks import matrix

    chosen = [target] if target else list(names)
    click.echo(listing(chosen), nl=False)
    click.echo("SDK versions: the first that carries each spec field (docs/sdk-matrix.md)")
    click.echo(matrix(chosen), nl=False)
