"""The Rust folder's one call that builds every tool: `ToolHandlers` and `all` in `mod.rs`.

`ToolHandlers` has one `pub` field per tool, named after the tool's module, so a struct literal that leaves one
out does not compile. A field holds a boxed closure returning a boxed future (the struct needs one concrete type
per field); the per-tool factories take any closure, and a `Box<dyn Fn…>` is one. The template writes the
declarations; this module decides the field names and types and breaks a line that rustfmt would break.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .rust_layout import MAX_WIDTH

if TYPE_CHECKING:  # rust_names imports this module
    from .rust_names import ToolNames

# Types mod.rs declares or imports; a re-exported parameters type must not take them.
FOLDER_TYPE_NAMES = frozenset(
    {"ToolHandlers", "HandlerFuture", "TypedHandler", "InvocationHandler", "Pin", "Future", "Error", "Tool",
     "ToolInvocation", "ToolResult"}
)
# Crates mod.rs `use`s: a tool module of the same name would make the path ambiguous there.
FOLDER_MODULE_NAMES = frozenset({"std", "github_copilot_sdk"})


def _field_lines(name: str, params: str | None) -> list[str]:
    """`pub name: Type,` inside the struct; rustfmt moves a type that does not fit to the next line."""
    kind = f"TypedHandler<{params}>" if params else "InvocationHandler"
    flat = f"    pub {name}: {kind},"
    if len(flat) <= MAX_WIDTH:
        return [flat]
    return [f"    pub {name}:", f"        {kind},"]


def _call_lines(factory: str, field: str) -> list[str]:
    """`factory(handlers.field),` inside `vec![…]`, as rustfmt prints it."""
    flat = f"        {factory}(handlers.{field}),"
    if len(flat) <= MAX_WIDTH:
        return [flat]
    return [f"        {factory}(", f"            handlers.{field},", "        ),"]


def handlers_context(names: Sequence[ToolNames], tools: Sequence[Any]) -> dict[str, Any]:
    """The fields of `ToolHandlers` and the calls in `all`, in spec order."""
    return {
        "handler_fields": [
            {"tool": tool.name, "lines": _field_lines(item.module, item.params)}
            for item, tool in zip(names, tools)
        ],
        "tool_calls": [line for item in names for line in _call_lines(item.factory, item.module)],
    }
