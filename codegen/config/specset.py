"""An output root's spec set, and the PATHs a command names within it.

The tools of an output root are those of its spec set: `specs` in the configuration, else `specs/`. PATH
arguments choose which of them to remake (or check) now; they never shrink the set, so naming one spec never
removes another tool's files. A PATH outside the set is an error, since it would belong to another output root.
Standard library only: the CLI resolves this before the no-change fast path.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from .settings import Settings
from ..errors import ConfigError, Diagnostic


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(os.path.join(folder, ""))


def _where_configured(settings: Settings) -> str:
    if settings.config is not None and ("", "specs") in settings.from_file:
        return f"`{settings.config.key_name(('specs',))}` in {settings.config.shown}"
    return "the default; set `specs` under [tool.toolgen] in pyproject.toml, or in toolgen.toml"


def _shown_set(settings: Settings) -> str:
    return ", ".join(spec.as_posix() for spec in settings.specs)


def named_specs(settings: Settings, paths: Sequence[Path]) -> tuple[Path, ...] | None:
    """The PATHs to remake now, or None when they cover the whole spec set (an ordinary full run). Raises a
    ConfigError naming every PATH that does not exist or lies outside the set."""
    members = [os.path.abspath(spec) for spec in settings.specs]
    problems = []
    for path in paths:
        absolute = os.path.abspath(path)
        if not path.exists():
            problems.append(Diagnostic(path.as_posix(), 0, 0, "no such file or folder"))
        elif not any(_inside(absolute, m) or _inside(m, absolute) for m in members):
            problems.append(
                Diagnostic(
                    path.as_posix(), 0, 0,
                    f"is not among the specs of {settings.out.as_posix()}/ ({_shown_set(settings)}: "
                    f"{_where_configured(settings)}); name specs there, or give --out for another output root",
                )  # fmt: skip
            )
    if problems:
        raise ConfigError(problems)
    named = [os.path.abspath(path) for path in paths]
    if all(any(_inside(m, n) for n in named) for m in members):
        return None
    return tuple(paths)


def no_specs_found(settings: Settings, named: bool = False) -> Diagnostic:
    """The error when none of the spec set's paths exists: what toolgen looked for, and how to configure it;
    `named`: the paths were typed on the command line, so that they do not exist is all there is to say."""
    if named:
        return Diagnostic(_shown_set(settings), 0, 0, "no such file or folder")
    return Diagnostic(
        _shown_set(settings), 0, 0,
        f"no specs found: toolgen looks for *.yaml and *.yml files in {_shown_set(settings)} "
        f"({_where_configured(settings)}), or in the spec files and folders named on the command line",
    )  # fmt: skip
