"""The Java package's one call that builds every tool: the record `ToolHandlers` and its static `all`.

`ToolHandlers` has one component per tool, typed as that tool's `Handler`, so a `new ToolHandlers(…)` that leaves
one out does not compile; `all` returns the `List<ToolDefinition>` a session configuration takes. The template
writes the declarations; this module decides the component names and where google-java-format breaks the two
lists (all on one line when it fits, else one item per line at the continuation indent).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import ir
from ..naming import camel, unique_identifiers
from .java_syntax import COLUMN_LIMIT, KEYWORDS, NOT_COMPONENT_NAMES, escape_identifier

CLASS_NAME = "ToolHandlers"
# `all` would be both the static method and a component's accessor.
COMPONENT_RESERVED = KEYWORDS | NOT_COMPONENT_NAMES | {"all"}


def _components(head: str, items: list[str], tail: str) -> list[str]:
    """`head` + items joined by ", " + `tail`, or one item per line at +4 from the head's indentation
    (google-java-format's continuation)."""
    flat = head + ", ".join(items) + tail
    if len(flat) <= COLUMN_LIMIT or not items:
        return [flat]
    indent = " " * (len(head) - len(head.lstrip()) + 4)
    return [head] + [indent + item + ("," if i < len(items) - 1 else tail) for i, item in enumerate(items)]


def handlers_context(tools: Sequence[ir.Tool], class_names: Sequence[str]) -> dict[str, Any]:
    """The record header, its @param lines and the body of `all`, in spec order."""
    wanted = [escape_identifier(camel(tool.words), COMPONENT_RESERVED) for tool in tools]
    components, _ = unique_identifiers(wanted, COMPONENT_RESERVED)
    declared = [f"{class_name}.Handler {name}" for class_name, name in zip(class_names, components)]
    calls = [f"{class_name}.create(handlers.{name}())" for class_name, name in zip(class_names, components)]
    returned = _components("    return List.of(", calls, ");")
    return {
        "params": [f"{name} handles calls of the {{@code {tool.name}}} tool" for tool, name in zip(tools, components)],
        "header": _components(f"public record {CLASS_NAME}(", declared, ") {"),
        "returned": returned,
    }
