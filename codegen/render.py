"""Jinja2 environments: one per target, templates compiled once, user overrides in front of the built-ins."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import jinja2

from .template_paths import builtin_template_root

@cache
def environment(target: str, override_root: str | None = None) -> jinja2.Environment:
    """The environment for `target`; `override_root/<target>/` (if given) wins over the built-in folder."""
    loaders: list[jinja2.BaseLoader] = []
    if override_root:
        loaders.append(jinja2.FileSystemLoader(str(Path(override_root) / target)))
    loaders.append(jinja2.FileSystemLoader(str(builtin_template_root() / target)))
    return jinja2.Environment(
        loader=jinja2.ChoiceLoader(loaders),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
    )


def render(target: str, template: str, context: dict, override_root: str | None = None) -> str:
    return environment(target, override_root).get_template(template).render(**context)
