"""The C# folder's one call that builds every tool: the positional record `ToolHandlers` and its static `All`.

`ToolHandlers` has one positional parameter per tool, typed as the delegate that tool's `Create` takes, so a
`new ToolHandlers(…)` that leaves one out does not compile (CS7036); `All` returns a
`List<AIFunctionDeclaration>`, which `SessionConfig.Tools` (an `ICollection<AIFunctionDeclaration>`) accepts. The
template writes the declarations; this module decides the property names.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...model import ir
from ...model.naming import pascal, unique_identifiers

FILE_STEM = CLASS_NAME = "ToolHandlers"
METHOD_NAME = "All"


def handlers_context(
    tools: Sequence[ir.Tool], classes: Sequence[str], params: Sequence[str | None], record_members: frozenset[str]
) -> list[dict[str, Any]]:
    """One record parameter per tool, in spec order. A property may not be named like the record, its `All` or a
    member every record has."""
    properties, _ = unique_identifiers(
        [pascal(tool.words) for tool in tools], record_members | {CLASS_NAME, METHOD_NAME}
    )
    return [
        {"tool": tool.name, "name": name, "params": param, "class_name": class_name}
        for tool, name, param, class_name in zip(tools, properties, params, classes)
    ]
