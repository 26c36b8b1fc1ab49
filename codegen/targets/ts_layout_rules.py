"""prettier's layout rules as functions of the syntax nodes, with no state: what `ts_layout` and `ts_json_layout`
both decide with (an assignment's layout, a key's quoting, a type's flat text), and `_Decline`, which either raises
for a shape it does not handle exactly.
"""

from __future__ import annotations

from typing import Any

from . import ts_syntax
from ._prettier import _Printer
from .ts_doc import PRINT_WIDTH, string_width
from .ts_literals import is_es5_identifier_name, string_literal
from .ts_syntax import (
    ArrayExpr, Bool, Call, Ident, _is_signed_number, _is_simple_type, Num, ObjectExpr, Str, TKeyword, TRef,
)


WIDTH = PRINT_WIDTH


class _Decline(Exception):
    """The statement is outside what the direct printers lay out exactly."""


def _width(text: str) -> int:
    return len(text) if text.isascii() else string_width(text)


_IS_POORLY_BREAKABLE = _Printer().is_poorly_breakable_chain


def _callee_name(call: Call) -> str:
    if type(call.callee) is not Ident:
        raise _Decline("a call whose callee is neither a name nor a member")
    return call.callee.name


def _is_factory(name: str) -> bool:
    return ts_syntax._is_factory(name)


def _key(key: str) -> str:
    """prettier's printKey with quoteProps "as-needed" (the same rule as `_Printer.key`)."""
    if is_es5_identifier_name(key) and string_literal(key)[1:-1] == key:
        return key
    return string_literal(key)


def _breaks_after_operator(right: Any, short_key: bool) -> bool:
    """_Printer.should_break_after_operator."""
    if short_key or _is_signed_number(right):
        return False
    if type(right) is Str:
        return True
    return _IS_POORLY_BREAKABLE(right)


def _layout(right: Any, short_key: bool) -> str:
    """_Printer.choose_layout for a left side that cannot break and a right side that is an expression."""
    if _breaks_after_operator(right, short_key):
        return "break-after-operator"
    if (
        short_key
        or type(right) is Bool
        or (type(right) is Num and not _is_signed_number(right))
    ):
        return "never-break-after-operator"
    return "fluid"


def _array_should_break(node: ArrayExpr) -> bool:
    """printArray's shouldBreak: several elements, all arrays (or all objects) with more than one element."""
    elements = node.elements
    if len(elements) <= 1:
        return False
    first = type(elements[0])
    if first is ArrayExpr:
        return all(type(e) is ArrayExpr and len(e.elements) > 1 for e in elements)
    if first is ObjectExpr:
        return all(type(e) is ObjectExpr and len(e.props) > 1 for e in elements)
    return False


def _args_break_head(call: Call) -> tuple[int, bool]:
    """What `fits` measures of a call's arguments in break mode: `()`, or `(` and then a line break."""
    return (1, True) if call.args else (2, False)


def _rest_of_chain(calls: list, start: int, trail: int) -> int:
    """The width after a chain's call up to the next possible break: the following calls' `.name()` until one
    has arguments (then `.name(`), else through to `trail`."""
    width = 0
    for name, call in calls[start:]:
        args_width, stopped = _args_break_head(call)
        width += 1 + len(name) + args_width
        if stopped:
            return width
    return width + trail


def _simple_type(node: Any) -> str:
    """A type printed without any group: a keyword, or a reference with simple type arguments."""
    if type(node) is TKeyword:
        return node.name
    if type(node) is TRef:
        if not node.args:
            return node.name
        if len(node.args) == 1 and _is_simple_type(node.args[0]):
            return node.name + "<" + _simple_type(node.args[0]) + ">"
    raise _Decline("a type that can break")


def _simple_or_record_type(node: Any) -> str:
    """The flat text of a constant's annotation: a simple type or `Name<simple, simple>`."""
    if type(node) is TRef and node.args and all(_is_simple_type(a) for a in node.args):
        return node.name + "<" + ", ".join([_simple_type(a) for a in node.args]) + ">"
    return _simple_type(node)


def _type_can_break(node: Any) -> bool:
    """Whether a constant's annotation (as `_simple_or_record_type` accepts it) prints with a group: type
    arguments other than one simple type."""
    return (
        type(node) is TRef
        and bool(node.args)
        and not (len(node.args) == 1 and _is_simple_type(node.args[0]))
    )
