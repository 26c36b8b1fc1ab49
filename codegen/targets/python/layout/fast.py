"""Fast paths for statements whose structure the Python target knows (a JSON value assigned, a call with keyword
arguments): black's lines from the parts, without tokenising text."""

from __future__ import annotations

import keyword
import re
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ..syntax import py_literal, py_str

from .lines import LINE_LENGTH, str_width

# -- fast paths for structured statements -------------------------------------------------------------------------
#
# The Python target knows the structure of most statements it lays out (a JSON value, a call with keyword
# arguments), so for the common shapes it asks for them directly instead of having the text re-tokenised and run
# through the general procedure above. Each fast path states the shape it accepts, returns black's lines for it, and
# returns None (the caller then uses `layout`) whenever the statement strays from the cases traced below; the
# general procedure stays the reference (tests/test_python_layout.py compares both on every statement they take).

# How many statements each fast path laid out (tests assert that every path is taken).
FAST_PATH_COUNTS: Counter[str] = Counter()


class Raw:
    """One argument given as text (a name, `[A, B]`, `A | B`, never two arguments): laid out as is; a fast path
    declines when such an argument would have to be split."""

    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text


class _Literal:
    """A JSON value as a Python literal: its flat text (exactly `py_literal`'s) and display width, and, for a
    non-empty list or dict or a `float("nan")` call, its opening and closing text and its items as (prefix, prefix
    width, value): black may split there."""

    __slots__ = ("text", "width", "opening", "closing", "items")

    def __init__(
        self, text: str, width: int, opening: str = "", closing: str = "", items: list | None = None
    ):
        self.text = text
        self.width = width
        self.opening = opening
        self.closing = closing
        self.items: list[tuple[str, int, _Literal]] = items or []


# Keys and short strings repeat within a schema and across tools; the nodes are never changed, so they are shared.
@lru_cache(maxsize=8192)
def _string(value: str) -> _Literal:
    text = py_str(value)
    return _Literal(text, str_width(text))


@lru_cache(maxsize=8192)
def _key(key: str) -> tuple[str, int]:
    prefix = py_str(key) + ": "
    return prefix, str_width(prefix)


def _literal(value: Any) -> _Literal:
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, dict):
        return _display(
            "{", "}", [(*_key(str(key)), _literal(item)) for key, item in value.items()]
        )
    if isinstance(value, (list, tuple)):
        return _display("[", "]", [("", 0, _literal(item)) for item in value])
    text = py_literal(value)
    if text.startswith("float("):
        # nan and the infinities: a call, which black may split at its parentheses
        argument = text[len("float(") : -1]
        return _Literal(
            text, len(text), "float(", ")", [("", 0, _Literal(argument, len(argument)))]
        )
    return _Literal(text, len(text))


def _display(opening: str, closing: str, items: list[tuple[str, int, _Literal]]) -> _Literal:
    text = opening + ", ".join([prefix + item.text for prefix, _, item in items]) + closing
    width = (
        2
        + sum([prefix_width + item.width for prefix, prefix_width, item in items])
        + 2 * max(len(items) - 1, 0)
    )
    return _Literal(text, width, opening, closing, items) if items else _Literal(text, width)


def _element_lines(
    prefix: str, prefix_width: int, value: _Literal, suffix: str, depth: int, out: list[str]
) -> None:
    """`_literal_lines` on values: the element `prefix value suffix` (suffix "," or "") stays whole when it fits or
    cannot be split (a scalar, an empty display); otherwise it opens at its value's brackets, and the items follow
    one per line with a comma each when there are several (a delimiter split), or as one element when alone.
    """
    indent = "    " * depth
    if not value.items or 4 * depth + prefix_width + value.width + len(suffix) <= LINE_LENGTH:
        out.append(indent + prefix + value.text + suffix)
        return
    out.append(indent + prefix + value.opening)
    item_suffix = "," if len(value.items) > 1 else ""
    for item_prefix, item_prefix_width, item in value.items:
        _element_lines(item_prefix, item_prefix_width, item, item_suffix, depth + 1, out)
    out.append(indent + value.closing + suffix)


def assignment_lines(target: str, value: Any, depth: int = 0) -> tuple[str, list[str] | None]:
    """`target = value` for a JSON list or dict `value` (`target` a name, optionally annotated): the flat statement,
    and black's lines for it, or None when the general layout must decide.

    Accepted shape, as `_literal_assignment` traces black: when the statement does not fit and `target = [` does,
    black splits at the display's brackets (omitting the optional parentheses), and the items are elements.
    """
    node = _literal(value)
    statement = f"{target} = {node.text}"
    if not isinstance(value, (dict, list)) or not node.items or not _is_plain_target(target):
        return statement, None
    target_width = str_width(target)
    indent = "    " * depth
    if 4 * depth + target_width + 3 + node.width <= LINE_LENGTH:
        FAST_PATH_COUNTS["assignment fits"] += 1
        return statement, [indent + statement]
    if 4 * depth + target_width + 3 + len(node.opening) > LINE_LENGTH:
        return statement, None
    out = [f"{indent}{target} = {node.opening}"]
    item_suffix = "," if len(node.items) > 1 else ""
    for prefix, prefix_width, item in node.items:
        _element_lines(prefix, prefix_width, item, item_suffix, depth + 1, out)
    out.append(indent + node.closing)
    FAST_PATH_COUNTS["assignment split"] += 1
    return statement, out


# `name` or `name: annotation`; an annotation holds no `=` (a keyword argument or a string with one: the general
# layout decides those)
_PLAIN_TARGET = re.compile(r"[^\W\d]\w*(?:: [^=#\n]+)?")
_CALLEE = re.compile(r"[^\W\d]\w*(?:\.[^\W\d]\w*)*")
_CLOSING_TEXT = {"(": ")", "[": "]"}


def _is_plain_target(target: str) -> bool:
    name = target.split(":", 1)[0]
    return _PLAIN_TARGET.fullmatch(target) is not None and name not in keyword.kwlist


def call_lines(
    head: str,
    callee: str,
    opening: str,
    arguments: Sequence[tuple[str, Any]],
    depth: int = 0,
    magic_trailing_comma: bool = False,
) -> tuple[str, list[str] | None]:
    """`head callee(arguments)` (or `callee[...]`), where `head` is `return ` or `target = ` and each argument is
    (prefix such as `default=` or "", a JSON value or a `Raw` text): the flat statement, and black's lines for it,
    or None when the general layout must decide.

    Traced through the general procedure: the statement stays whole when it fits and has no magic trailing comma.
    Otherwise black splits at the invisible parentheses around the value, can omit them (the call has no delimiters
    at its own depth) and prefers splitting at the call's own brackets as long as `head callee(` fits: the
    arguments then go on one line when they fit and have no magic trailing comma, else one per line with a trailing
    comma (or alone, without one), each argument an element that the literal rules split further. The commas this
    adds make no difference in black's second pass (the same split is chosen with them magic).
    """
    closing = _CLOSING_TEXT[opening]
    nodes = [value if isinstance(value, Raw) else _literal(value) for _, value in arguments]
    texts = [prefix + node.text for (prefix, _), node in zip(arguments, nodes)]
    statement = (
        f"{head}{callee}{opening}{', '.join(texts)}{',' if magic_trailing_comma else ''}{closing}"
    )
    if (
        not arguments
        or (magic_trailing_comma and len(arguments) < 2)
        or _CALLEE.fullmatch(callee) is None
        or any(part in keyword.kwlist for part in callee.split("."))
        or not (head == "return " or (head.endswith(" = ") and _is_plain_target(head[:-3])))
        or any(isinstance(value, Raw) and _MAYBE_SPLIT.search(value.text) for _, value in arguments)
    ):
        return statement, None
    indent = "    " * depth
    if not magic_trailing_comma and 4 * depth + str_width(statement) <= LINE_LENGTH:
        FAST_PATH_COUNTS["call fits"] += 1
        return statement, [indent + statement]
    head_line = f"{indent}{head}{callee}{opening}"
    if str_width(head_line) > LINE_LENGTH:
        return statement, None
    inner = "    " * (depth + 1)
    if not magic_trailing_comma:
        body = ", ".join(texts)
        if 4 * (depth + 1) + str_width(body) <= LINE_LENGTH:
            FAST_PATH_COUNTS["call hugs"] += 1
            return statement, [head_line, inner + body, indent + closing]
    out = [head_line]
    suffix = "," if len(arguments) > 1 else ""
    for (prefix, _), node, text in zip(arguments, nodes, texts):
        if 4 * (depth + 1) + str_width(text) + len(suffix) <= LINE_LENGTH:
            out.append(inner + text + suffix)
            continue
        if isinstance(node, Raw):
            return statement, None
        if (
            prefix
            and node.items
            and 4 * (depth + 1) + str_width(prefix) + len(node.opening) > LINE_LENGTH
        ):
            # a keyword argument whose `name=[` does not fit: black would try other splits
            return statement, None
        _element_lines(prefix, str_width(prefix), node, suffix, depth + 1, out)
    out.append(indent + closing)
    FAST_PATH_COUNTS["call explodes"] += 1
    return statement, out


# text a Raw argument must not contain: a possible magic trailing comma, a newline, a comment
_MAYBE_SPLIT = re.compile(r",\s*[)\]}]|\n|#")
