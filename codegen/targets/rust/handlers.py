"""The Rust folder's one call that builds every tool: `ToolHandlers` and `all` in `mod.rs`.

`ToolHandlers` has one `pub` field per tool, named after the tool's module, so a struct literal that leaves one
out does not compile. A field holds a boxed closure returning a boxed future (the struct needs one concrete type
per field); the per-tool factories take any closure, and a `Box<dyn Fn…>` is one. The template writes the
declarations; this module decides the field names and types and breaks a line that rustfmt would break.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .layout import INDENT, MAX_WIDTH

ARRAY_WIDTH = 60  # rustfmt's array_width: 60 % of max_width
CALL_WIDTH = 60  # from rustfmt's output: a callee this long never overflows an array's brackets
OVERFLOW_INDENT = 2 * INDENT  # the argument of a call that overflows `vec![`, which stands in `all`'s body

if TYPE_CHECKING:  # rust_names imports this module
    from .names import ToolNames

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


def _call(factory: str, field: str, argument_indent: int) -> dict[str, Any]:
    """`factory(handlers.field)` in `vec![…]`: whether it fits a line of its own (else rustfmt breaks it after the
    `(`), and whether `handlers.field`, then on a line of its own at `argument_indent`, is too long for it (rustfmt
    breaks it before `.field`, as a chain)."""
    return {
        "factory": factory,
        "field": field,
        "fits": len(f"        {factory}(handlers.{field}),") <= MAX_WIDTH,
        "chained": argument_indent + len(f"handlers.{field},") > MAX_WIDTH,
    }


def _calls_layout(calls: Sequence[tuple[str, str]]) -> str:
    """How rustfmt lays `vec![…]` of these (factory, field) calls out: on one line when its items take at most
    ARRAY_WIDTH columns; a lone call that does not overflows the brackets (`vec![f(` … `)]`) unless its callee is
    CALL_WIDTH or longer or its argument fits no line (`.field,` alone, +4), and then stays on one line if it fits;
    else one item per line."""
    flat = ", ".join(f"{factory}(handlers.{field})" for factory, field in calls)
    if len(flat) <= ARRAY_WIDTH:
        return "one line"
    if len(calls) == 1:
        factory, field = calls[0]
        if len(factory) < CALL_WIDTH and OVERFLOW_INDENT + INDENT + len(f".{field},") <= MAX_WIDTH:
            return "one call overflowing"
        if len(f"    vec![{flat}]") <= MAX_WIDTH:
            return "one line"
    return "one per line"


def handlers_context(names: Sequence[ToolNames], tools: Sequence[Any]) -> dict[str, Any]:
    """The fields of `ToolHandlers` and the calls in `all`, in spec order."""
    calls = [(item.factory, item.module) for item in names]
    layout = _calls_layout(calls)
    return {
        "handler_fields": [
            {"tool": tool.name, "lines": _field_lines(item.module, item.params)}
            for item, tool in zip(names, tools)
        ],
        "tool_calls": [_call(factory, field, _argument_indent(layout)) for factory, field in calls],
        "calls_layout": layout,
        # Each handler alias only where a field uses it: in a binary crate an unused one is dead code, which
        # RUSTFLAGS=-Dwarnings refuses even when every tool is used.
        "typed_handlers": any(item.params for item in names),
        "invocation_handlers": any(not item.params for item in names),
    }


def _argument_indent(calls_layout: str) -> int:
    """Where `handlers.field` stands once its call is broken: inside an overflowing call, or one call per line."""
    return OVERFLOW_INDENT if calls_layout == "one call overflowing" else OVERFLOW_INDENT + INDENT
