"""The run's settings for every command, resolved one way: the configuration file (`[tool.toolgen]` in
pyproject.toml or toolgen.toml, found by walking up from the working directory, or --config), then the flags.
toolgen then works from the configuration file's folder, so it writes the same files from any subfolder.
"""

from __future__ import annotations

import os
from pathlib import Path

import click

from ..config.settings import (
    Settings,
    find_config,
    load_settings,
    locate,
    out_problem,
    option_problems,
    parse_option_assignment,
)
from ..config.keys import header_problem
from ..errors import ConfigError, ToolgenError
from ..config.specset import named_specs, no_specs_found
from .options import Flags, check_langs
from .output import fail

DEFAULT_SPECS = Path("specs")
COMMAND_LINE = "<command line>"  # names values given as flags in error messages


def resolve_settings(
    config: Path | None,
    flags: Flags = Flags(),
    *,
    verbose: bool = False,
    paths_are_specs: bool = False,
    need_specs: bool = True,
) -> Settings:
    """The run's settings: the config file's (found by walking up unless --config names one), then the flags.
    Only cheap checks here; the targets' keyword checks run after the no-change fast path.

    PATHS name tools of the output root's spec set (`specs` in the config, else specs/), to remake or check only
    those now (`Settings.only`); with `--out` naming another root, or `paths_are_specs` (validate, docs), they
    are the spec set itself. `need_specs`: no spec set on disk is an error that says where toolgen looked.
    """
    paths, out, langs, templates = flags.paths, flags.out, flags.langs, flags.templates
    path = config or find_config()
    if path is not None and Path(os.path.abspath(path)).parent != Path(os.path.abspath(".")):
        # Work from the config file's folder, as if toolgen had been started there: spec paths in generated
        # headers and messages are then the same from any subfolder, so the output does not depend on it.
        root = Path(os.path.abspath(path)).parent
        paths = tuple(rebased(p, root) for p in paths)
        out, templates = (rebased(p, root) if p is not None else None for p in (out, templates))
        os.chdir(root)
        path = Path(path.name)
        if verbose:
            click.echo(
                f"toolgen: working in {root.as_posix()} (the config file's folder)", err=True
            )
    try:
        settings = file_settings = load_settings(path)
    except ToolgenError as error:
        fail(error, writes=False)
    if verbose and path is not None:
        click.echo(f"toolgen: using {relative(path).as_posix()}", err=True)
    options: dict[str, dict[str, str]] = {}
    for flag in flags.options:
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
    check_langs(langs)
    own_root = out is None or os.path.abspath(out) == os.path.abspath(settings.out)
    if paths and own_root and not paths_are_specs:
        try:
            only = named_specs(settings, paths)
        except ToolgenError as error:
            fail(error, writes=False)
        settings = settings.with_overrides(only=only)
        paths = ()
    settings = settings.with_overrides(
        specs=tuple(paths) or None,
        strict=flags.strict or None,
        out=out,
        targets=tuple(dict.fromkeys(langs)) or None,
        partial=(
            True if langs else None
        ),  # --lang: only these targets this run, leave the others alone
        max_spec_bytes=flags.max_spec_bytes,
        templates=templates,
        header=flags.header,
        options=options or None,
    )
    # Before anything reads or writes the folder. PATHs that validate and docs take as specs are not the output
    # root's spec set: those commands check the configuration's own.
    if (problem := out_problem(file_settings if paths_are_specs and out is None else settings)) is not None:
        if out is not None:
            raise click.BadParameter(problem, param_hint="--out")
        fail(ConfigError([locate(settings, "", "out", problem, COMMAND_LINE)]), writes=False)
    if flags.header is not None and (problem := header_problem(flags.header)) is not None:
        raise click.BadParameter(problem, param_hint="--header")
    if need_specs and not any(spec.as_posix() == "-" or spec.exists() for spec in settings.specs):
        fail(ToolgenError([no_specs_found(settings, named=bool(paths))]), writes=False)
    return settings


def rebased(path: Path, root: Path) -> Path:
    """`path` (relative to the working directory) as seen from `root`."""
    try:
        return Path(os.path.relpath(os.path.abspath(path), root))
    except ValueError:  # another drive on Windows
        return Path(os.path.abspath(path))


def absolute(path: Path) -> tuple[Path, bool]:
    """`path` made absolute before resolve_settings may move to the config file's folder, and whether it was absolute;
    `as_given` turns it back into a path as the user would write it from there."""
    return Path(os.path.abspath(path)), path.is_absolute()


def as_given(path: Path, was_absolute: bool) -> Path:
    return path if was_absolute else relative(path)


def relative(path: Path) -> Path:
    try:
        return Path(os.path.relpath(path))
    except ValueError:
        return path


def project_root() -> Path:
    """The repository root (the nearest folder up holding .git), else the working directory."""
    here = Path.cwd()
    return next((folder for folder in (here, *here.parents) if (folder / ".git").exists()), here)


def first_spec_folder(settings: Settings) -> Path:
    """Where new spec files go: the first folder of the spec set (a spec file's folder if only files)."""
    return next((p for p in settings.specs if p.suffix not in (".yaml", ".yml")), DEFAULT_SPECS)
