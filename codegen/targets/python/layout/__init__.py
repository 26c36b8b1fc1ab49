"""Lay out generated Python statements the way black does, so that toolgen need not run black on its own output.

One job: given one logical statement as flat, already canonically spaced text (`x: T = Field(a=1, b="...")`), return
the physical lines black's default style prints for it at a given indentation depth. The result is byte-identical to
`black.format_str` for the statement shapes the Python target emits, which makes every generated module a fixed point
of black (tests/test_python_layout.py proves it against black over every spec and generated ones).

How: black splits a line that is too long (88 columns, East Asian wide characters counting 2) or holds a *magic
trailing comma* by trying, in order, a split at delimiters (commas, then `|`) when the line is inside brackets, and a
"right hand split" at the last bracket pair, with invisible optional parentheses around an assignment's value, an
annotation and a `return` value that it may make visible or omit. This module re-implements that decision procedure
for the subset of Python the templates produce: names, strings, numbers, unary minus, calls, subscripts, list and dict
displays, `|` unions, keyword arguments, attribute access, and the statements `x = v`, `x: T = v`, `x: T`, `return v`,
`from m import a, b`, `def f(a: T) -> R:` and `class C(B):`. It does not handle comments, comprehensions, operators
other than `|`, lambdas or multi-line strings; `layout` raises `Unsupported` for text outside the subset, so that the
caller can fall back to black.

The data model mirrors black's on purpose (mutable leaves with a bracket depth and matching opening bracket, lines
with a bracket tracker), because black's choices depend on those details, including its side effects on shared
leaves. Names of the decision steps follow black's so that a reader can compare them with black's `linegen.py`.

The package, one job a module: `lines` (leaves, widths, `Line`), `split` (black's transforms), `literals` (JSON
displays, fast), `parse` (flat text to leaves, and `layout`), `fast` (statements laid out from their parts).
"""

from __future__ import annotations

from .fast import FAST_PATH_COUNTS, Raw, assignment_lines, call_lines
from .lines import LINE_LENGTH, Unsupported, str_width, width_is_exact
from .parse import layout

__all__ = [
    "FAST_PATH_COUNTS",
    "LINE_LENGTH",
    "Raw",
    "Unsupported",
    "assignment_lines",
    "call_lines",
    "layout",
    "str_width",
    "width_is_exact",
]
