"""The C# folder's one call that builds every tool: the positional record `ToolHandlers` and its static `All`.

`ToolHandlers` has one positional parameter per tool, typed as the delegate that tool's `Create` takes, so a
`new ToolHandlers(…)` that leaves one out does not compile (CS7036); `All` returns a
`List<AIFunctionDeclaration>`, which `SessionConfig.Tools` (an `ICollection<AIFunctionDeclaration>`) accepts. The
template writes the declarations; this module decides the property names and types.
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
) -> dict[str, Any]:
    """Record parameters and `All`'s list items, in spec order. A property may not be named like the record,
    its `All` or a member every record has."""
    properties, _ = unique_identifiers(
        [pascal(tool.words) for tool in tools], record_members | {CLASS_NAME, METHOD_NAME}
    )
    parameters = []
    for tool, name, param in zip(tools, properties, params):
        arguments = f"{param}, ToolInvocation" if param else "ToolInvocation"
        parameters.append(
            {"tool": tool.name, "name": name, "type": f"Func<{arguments}, CancellationToken, Task<object?>>"}
        )
    last = len(parameters) - 1
    return {
        "parameters": [dict(p, separator="," if i < last else "") for i, p in enumerate(parameters)],
        "creates": [f"{cls}.Create(handlers.{name})" for cls, name in zip(classes, properties)],
    }
