"""The wire schema's constant, `export const name: Record<string, unknown> = {...};`, printed straight from its JSON
value exactly as prettier's document printer (`layout.format_statement`) prints the statement built from it
(`syntax.json_value`), or declined (None).

A wire schema holds dozens of values; building a node for each and printing its document cost eight times as much
(2.8 s against 0.36 s for the 1000 benchmark specs' schemas). Every decision is the document printer's for those
nodes (tests/test_ts_json_layout.py compares the two on every schema of the corpus, the benchmark and generated
values).
"""

from __future__ import annotations

from typing import Any

from ...layout.doc import PRINT_WIDTH as WIDTH, TAB_WIDTH, string_width
from .syntax import TKeyword, TRef, _is_simple_type, number_literal, property_key, string_literal


def json_constant(name: str, annotation: Any, value: Any) -> str | None:
    """`export const name: annotation = <value>;` exactly as `layout.format_statement` prints the statement
    whose initializer is the JSON `value` (dict, list, str, int, float, bool, None) as syntax nodes
    (`syntax.json_value`: a dict is an object literal, a list an array literal, a `__proto__` key is computed),
    or None for a shape this printer does not handle; the column is worked out per line."""
    try:
        return _JsonPrinter().constant(name, annotation, value)
    except _Decline:
        return None


class _JsonPrinter:
    def __init__(self) -> None:
        self.out: list[str] = []

    def constant(self, name: str, annotation: Any, value: Any) -> str:
        if annotation is None:
            left, left_can_break = name, False
        else:
            left = name + ": " + _simple_or_record_type(annotation)
            left_can_break = _type_can_break(annotation)
        if left_can_break:
            breaks = _json_breaks_after_operator(value)
            layout = "break-after-operator" if breaks else "fluid"
            if len("export const ") + _width(left) + 2 > WIDTH:
                raise _Decline("a left side that can break and does not fit")
        else:
            layout = _json_layout(value, False)
        line = "export const " + left + " ="
        self.out.append(line)
        self.assignment(value, layout, "", _width(line), 1)
        self.out.append(";")
        return "".join(self.out)

    def assignment(self, value: Any, layout: str, indent: str, column: int, trail: int) -> None:
        """prettier's assignment layout after its left side and operator, which end at `column`."""
        out = self.out
        if layout != "never-break-after-operator" and not _json_hard(value):
            flat = _json_flat(value)
            if column + 1 + _width(flat) + trail <= WIDTH:
                out.append(" " + flat)
                return
        if layout == "never-break-after-operator":
            out.append(" ")
            self.value(value, indent, column + 1, trail)
            return
        if layout == "fluid":
            kind = type(value)
            if kind is dict or kind is list:
                head, stopped = (1, True) if value else (2, False)
            else:
                head, stopped = _width(_json_flat(value)), False
            if column + 1 + head + (0 if stopped else trail) <= WIDTH:
                out.append(" ")
                self.value(value, indent, column + 1, trail)
                return
        inner = indent + "  "  # break after the operator
        out.append("\n" + inner)
        self.value(value, inner, len(inner), trail)

    def value(self, value: Any, indent: str, column: int, trail: int) -> None:
        kind = type(value)
        if kind is dict:
            self.object(value, indent)
        elif kind is list:
            self.array(value, indent, column, trail)
        else:
            self.out.append(_json_flat(value))

    def object(self, value: dict, indent: str) -> None:
        out = self.out
        if not value:
            out.append("{}")
            return
        inner = indent + "  "
        out.append("{")
        for key, item in value.items():
            if type(key) is not str:
                raise _Decline("a key that is no string")
            if key == "__proto__":  # computed, so that it stays an own property
                left, short_key = "[" + string_literal(key) + "]", False
            else:
                left = property_key(key)
                short_key = _width(left) < TAB_WIDTH + 3
            out.append("\n" + inner + left + ":")
            layout = _json_layout(item, short_key)
            self.assignment(item, layout, inner, len(inner) + _width(left) + 1, 1)
            out.append(",")
        out.append("\n" + indent + "}")

    def array(self, value: list, indent: str, column: int, trail: int) -> None:
        out = self.out
        if not value:
            out.append("[]")
            return
        if not _json_hard(value):
            flat = _json_flat(value)
            if column + _width(flat) + trail <= WIDTH:
                out.append(flat)
                return
        if all(type(item) is int or type(item) is float for item in value):
            raise _Decline("a number array (prettier's fill) that does not fit")
        inner = indent + "  "
        out.append("[")
        for item in value:
            out.append("\n" + inner)
            self.value(item, inner, len(inner), 1)
            out.append(",")
        out.append("\n" + indent + "]")


def _json_breaks_after_operator(value: Any) -> bool:
    """`_breaks_after_operator` for the node of a JSON value after a left side (never a member chain, never a
    short key: a constant's name and annotation)."""
    return type(value) is str


def _json_layout(value: Any, short_key: bool) -> str:
    """`_layout` for the node of a JSON value."""
    kind = type(value)
    if kind is str:
        return "never-break-after-operator" if short_key else "break-after-operator"
    if short_key or kind is bool or ((kind is int or kind is float) and not _json_signed(value)):
        return "never-break-after-operator"
    return "fluid"


def _json_flat(value: Any) -> str:
    kind = type(value)
    if kind is str:
        return string_literal(value)
    if kind is bool:
        return "true" if value else "false"
    if value is None:
        return "null"
    if kind is int or kind is float:
        return number_literal(value)
    if kind is list:
        return "[" + ", ".join([_json_flat(item) for item in value]) + "]"
    if kind is dict and not value:
        return "{}"
    raise _Decline(f"no flat text for {kind.__name__}")  # a non-empty object is never flat


def _json_hard(value: Any) -> bool:
    kind = type(value)
    if kind is dict:
        return bool(value)
    if kind is list:
        return _json_array_should_break(value) or any(_json_hard(item) for item in value)
    return False


def _json_array_should_break(items: list) -> bool:
    """`_array_should_break` for a list: several items, all lists (or all dicts) with more than one item."""
    if len(items) <= 1:
        return False
    first = type(items[0])
    if first is list or first is dict:
        return all(type(item) is first and len(item) > 1 for item in items)
    return False


def _json_signed(value: Any) -> bool:
    kind = type(value)
    return (kind is int or kind is float) and number_literal(value).startswith("-")


# -- prettier's rules for the constant's key and annotation ------------------------------------------------------


class _Decline(Exception):
    """The value has a shape this printer does not lay out exactly (the document printer does it instead)."""


def _width(text: str) -> int:
    return len(text) if text.isascii() else string_width(text)


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
