"""Statements laid out as black prints them, cut into the values the Python templates take.

The templates write the code (`class X(BaseModel):`, each field, `define_tool(...)`); where black's layout of a
statement depends on its width, `Layout` lays the whole statement out with `python_layout` and hands the template
only the part that varies: the right side of an `=`, an annotation as black breaks it, or the name of one of the
few shapes a template spells out. It also records whether every statement was laid out exactly, which decides
whether black must still run on the file (`PythonTarget.format_all`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from . import layout as python_layout
from .syntax import top_level_positions

# The context key that says the template's output is already black's (see PythonTarget.format_all).
BLACK_EXACT = "black_exact"

# A comma before a closing bracket (a "magic trailing comma" makes black split even a line that fits), or a
# newline; a match inside a string literal only costs the general layout.
_MAYBE_MAGIC_COMMA = re.compile(r",\s*[)\]}]|\n")


class Layout:
    """Lays statements out as black would print them, and remembers whether every one was laid out exactly."""

    def __init__(self) -> None:
        self.exact = True

    def lines(self, statement: str, depth: int = 0) -> list[str]:
        """The physical lines of `statement` (flat, canonically spaced) indented to `depth`."""
        indented = "    " * depth + statement
        if (
            statement.isascii()
            and len(indented) <= python_layout.LINE_LENGTH
            and not _MAYBE_MAGIC_COMMA.search(statement)
        ):
            # black leaves a canonically spaced line that fits alone unless a trailing comma forces it open; most
            # statements are such lines, and the general layout costs ~0.3 ms each (tests/test_python_layout.py
            # checks both ways agree on every statement of the corpus)
            return [indented]
        if not statement.isascii() and not python_layout.width_is_exact():
            # black's width table was not found: the widths of other characters are a guess
            self.exact = False
        try:
            return python_layout.layout(statement, depth)
        except python_layout.Unsupported:
            # black formats this file (never expected for the built-in templates)
            self.exact = False
            return ["    " * depth + statement]

    def fast(self, laid_out: tuple[str, list[str] | None], depth: int = 0) -> list[str]:
        """The lines of a statement one of python_layout's structured fast paths (`assignment_lines` for `target =
        value` of a JSON value, `call_lines` for `head callee(arguments)`) laid out from its parts at `depth`, the
        same lines as `lines` of the flat statement it returns with them."""
        statement, lines = laid_out
        if lines is None or not (statement.isascii() or python_layout.width_is_exact()):
            # declined, or the widths are a guess: the general layout decides (and marks inexact output)
            return self.lines(statement, depth)
        return lines

    def sequence(self, head: str, items: Sequence[str], opening: str, closing: str) -> list[str]:
        """`head` followed by a flat comma-separated sequence: `from .m import A, B` (`opening` "(", which the
        flat form leaves out) or `NAME = [A, B]`. The package `__init__` has one per tool and a list of every name,
        so it takes this shortcut past the general layout: black keeps such a statement on one line when it fits,
        and otherwise puts every item on its own line with a trailing comma (an import, and a collection literal
        split at its commas, are always exploded; tests/test_python_layout.py compares both ways)."""
        bracketed = opening == "["
        flat = f"{head}{opening if bracketed else ''}{', '.join(items)}{closing if bracketed else ''}"
        if not flat.isascii():
            return self.lines(flat)
        if len(flat) <= python_layout.LINE_LENGTH:
            return [flat]
        return [f"{head}{opening}", *[f"    {item}," for item in items], closing]

    # -- the parts the templates take ---------------------------------------------------------------

    def right_side(self, lines: list[str], left: str, flat_value: str) -> str:
        """The laid-out value of a statement `<left><value>` (`left` with its indentation), continuation lines
        indented where they stand."""
        return self.right_side_after(lines, {None: left}, flat_value)[1]

    def right_side_after(self, lines: list[str], lefts: dict[Any, str], flat_value: str) -> tuple[Any, str]:
        """Which of `lefts` (a shape's name → the text black prints before the value in that shape) the laid-out
        statement starts with, and the value after it. Should it start with none (never expected: each left is a
        name and an annotation in every shape black gives them), the first shape and the flat value, and black
        formats the file."""
        text = "\n".join(lines)
        for shape, left in lefts.items():
            if text.startswith(left):
                return shape, text[len(left) :]
        self.exact = False
        return next(iter(lefts)), flat_value

    def type_alias(self, lines: list[str], name: str, flat_value: str) -> tuple[bool, str]:
        """A laid-out `name: TypeAlias = value`: whether black parenthesized `TypeAlias` onto a line of its own (a
        name too long for the first line) and the value as black lays it out after the `=`."""
        lefts = {False: f"{name}: TypeAlias = ", True: f"{name}: (\n    TypeAlias\n) = "}
        return self.right_side_after(lines, lefts, flat_value)

    def annotated(self, lines: list[str], name: str, depth: int, flat: tuple[str, str | None]) -> dict[str, Any]:
        """A laid-out `name: annotation` or `name: annotation = value` as the template writes it: `name`, the
        annotation as black leaves it (black wraps a long one in parentheses) and the value, or None."""
        text = "\n".join(lines)
        prefix = "    " * depth + name + ": "
        equals = _top_level_equals(text, len(prefix)) if text.startswith(prefix) else -1
        if not text.startswith(prefix) or (equals < 0) != (flat[1] is None):
            self.exact = False  # a shape never expected: the flat statement, which black formats
            return {"name": name, "annotation": flat[0], "value": flat[1]}
        if equals < 0:
            return {"name": name, "annotation": text[len(prefix) :], "value": None}
        return {"name": name, "annotation": text[len(prefix) : equals], "value": text[equals + 3 :]}

    def shape(self, lines: list[str], shapes: dict[int, str]) -> str:
        """Which of the shapes a template spells out black chose, told by its number of lines; the first shape
        (one line) when the count is none of them, and black formats the file."""
        found = shapes.get(len(lines))
        if found is None:
            self.exact = False
            return next(iter(shapes.values()))
        return found

    def one_line(self, statement: str) -> str:
        """`statement`, which the template writes on one line; black formats the file if it would not."""
        if len(self.lines(statement)) != 1:
            self.exact = False
        return statement


def _top_level_equals(text: str, start: int) -> int:
    """The index of the first ` = ` outside brackets and string literals in `text` from `start`, or -1."""
    return next((index for index in top_level_positions(text, start) if text.startswith(" = ", index)), -1)
