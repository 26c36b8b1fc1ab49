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

ARRAY_WIDTH = 60  # rustfmt's array_width: 60 % of max_width
CALL_WIDTH = 60  # from rustfmt's output: a callee this long never overflows an array's brackets

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


def _call(factory: str, field: str) -> dict[str, Any]:
    """`factory(handlers.field)` in `vec![…]`: whether it fits a line of its own (else rustfmt breaks it after the
    `(`), and whether `handlers.field` is then broken before `.field` (`chained`: set with the layout)."""
    return {"factory": factory, "field": field, "fits": len(f"        {factory}(handlers.{field}),") <= MAX_WIDTH}


def _argument_fits(field: str, indent: int) -> bool:
    return indent + len(f"handlers.{field},") <= MAX_WIDTH


def _calls_layout(calls: Sequence[dict[str, Any]]) -> str:
    """How rustfmt lays `vec![…]` out: on one line when its items take at most ARRAY_WIDTH columns; a lone call
    that does not overflows the brackets (`vec![f(` … `)]`) unless its callee is CALL_WIDTH or longer or its
    argument fits no line, and then stays on one line if it fits; else one item per line. Sets each call's
    `chained`: an argument too long for its line is broken before `.field`, as rustfmt breaks a chain."""
    flat = ", ".join(f"{call['factory']}(handlers.{call['field']})" for call in calls)
    layout = "one per line"
    if len(flat) <= ARRAY_WIDTH:
        layout = "one line"
    elif len(calls) == 1 and len(calls[0]["factory"]) < CALL_WIDTH and 12 + len(f".{calls[0]['field']},") <= MAX_WIDTH:
        layout = "one call overflowing"
    elif len(calls) == 1 and len(f"    vec![{flat}]") <= MAX_WIDTH:
        layout = "one line"
    argument_indent = 8 if layout == "one call overflowing" else 12
    for call in calls:
        call["chained"] = not _argument_fits(call["field"], argument_indent)
    return layout


def handlers_context(names: Sequence[ToolNames], tools: Sequence[Any]) -> dict[str, Any]:
    """The fields of `ToolHandlers` and the calls in `all`, in spec order."""
    return {
        "handler_fields": [
            {"tool": tool.name, "lines": _field_lines(item.module, item.params)}
            for item, tool in zip(names, tools)
        ],
        "tool_calls": (calls := [_call(item.factory, item.module) for item in names]),
        "calls_layout": _calls_layout(calls),
    }
