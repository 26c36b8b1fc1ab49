"""A tool's names in a generated folder may not depend on which other tools are in it.

Every target names a folder by making each candidate name unique in path order (naming.unique_identifiers): a
name that a keyword, an SDK type or a folder-wide file already holds gets a suffix, which depends on the tool alone
and is fine; but a name that another tool already holds would go to whichever tool comes first in path order, and
the other one would be renamed. Then adding a spec can rename a tool that was already there: a new `a` declaring a
nested object at `b` › `params` takes `ABParams` from an existing tool `a_b`, whose parameters type silently becomes
`ABParams2`, and every program using it breaks or, worse, builds the wrong tool.

Spellings of one tool name are refused by the loader (naming.tool_name_key). The clashes left are between one
tool's derived names and another's (a nested declaration against a parameters type or a factory; a name with a
suffix against another tool's natural name), and they depend on each target's conventions. So the rule is checked
on what the targets do, whatever they do: a tool's naming record in the folder must equal its record when it is
named alone. A tool whose names are unique from the start is named without any warning, so only tools that drew a
naming warning are named again alone (cheap: few tools have one). Each one whose record differs is an error at its
spec, which names the other tool, found by naming the two side by side.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import ir
from ..errors import Diagnostic
from ..targets.base import Reporter, Target


def clashes(
    target: Target,
    options: Mapping[str, Any],
    tools: Sequence[ir.Tool],
    names_keys: Sequence[str],
    warnings: Sequence[Diagnostic],
) -> list[Diagnostic]:
    """Errors for the tools (naming skeletons, in path order) whose naming record in the folder (`names_keys`, as
    `target.name_folder` made them with `warnings`) differs from the one they get alone."""
    warned: dict[str, Diagnostic] = {}
    for warning in warnings:
        warned.setdefault(warning.file, warning)
    errors = []
    for index, tool in enumerate(tools):
        if tool.source not in warned:
            continue
        alone = _names_key(target, options, [tool], 0)
        if alone == names_keys[index]:
            continue
        other = _culprit(target, options, tools, index, alone)
        detail = warned[tool.source].message.removeprefix(f"{target.name}: ")
        beside = f'beside tool "{other.name}" ({other.source})' if other is not None else "beside the other tools"
        errors.append(
            Diagnostic(
                tool.source,
                tool.line,
                tool.column,
                f'{target.name}: tool "{tool.name}" cannot keep the names it has on its own {beside}: {detail}; '
                "a tool's names may not depend on which other tools exist, so rename one of them",
            )
        )
    return errors


def _names_key(target: Target, options: Mapping[str, Any], tools: list[ir.Tool], index: int) -> str:
    return target.names_key(target.name_folder(tools, options, Reporter())[index])


def _culprit(
    target: Target, options: Mapping[str, Any], tools: Sequence[ir.Tool], index: int, alone: str
) -> ir.Tool | None:
    """The first other tool that, named beside `tools[index]` (in path order), changes its names; None when it
    takes more than one."""
    tool = tools[index]
    for position, other in enumerate(tools):
        if position == index:
            continue
        pair = [other, tool] if position < index else [tool, other]
        if _names_key(target, options, pair, 1 if position < index else 0) != alone:
            return other
    return None
