"""Target registry: every folder here with a `target` module that defines `TARGET` is an output language."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from .base import PlannedFile, Reporter, Target

__all__ = ["PlannedFile", "Reporter", "Target", "all_targets", "target_names", "get_target"]


@cache
def all_targets() -> tuple[Target, ...]:
    found = []
    for module_info in pkgutil.iter_modules(__path__):
        if not module_info.ispkg:
            continue  # base, render and the template helpers: modules every target shares
        module = importlib.import_module(f"{__name__}.{module_info.name}.target")
        target = getattr(module, "TARGET", None)
        if target is not None:
            found.append(target)
    return tuple(sorted(found, key=lambda t: (t.order, t.name)))


def target_names() -> list[str]:
    return [target.name for target in all_targets()]


def get_target(name: str) -> Target:
    for target in all_targets():
        if target.name == name:
            return target
    raise KeyError(name)
