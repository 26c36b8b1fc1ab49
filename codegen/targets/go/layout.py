"""gofmt's one layout rule the Go templates need: aligned columns, as go/printer's text/tabwriter prints them.

gofmt writes struct fields, the keyed elements of a composite literal, const specs and trailing comments as
cells, and tabwriter pads every cell but a line's last to one space more than the widest cell of its column
block: a run of consecutive lines that all have a cell in that column. A line with fewer cells ends the block,
so a comment line or a blank line between struct fields starts a new alignment, as in gofmt. Indentation is
cells too (empty ones, written as tabs), so lines at other depths do not share columns.

A template marks the lines to align with `{% call columns() %}…{% endcall %}` and separates their cells with a
tab after the line's indentation: `Name<TAB>string<TAB>`json:"name"``. Cells are measured in runes, as tabwriter
counts them. A comment line is one cell: go/printer escapes comments, so a tab inside one (a code line of a doc
comment) separates nothing. (gofmt also stops aligning keyed elements whose keys are longer than 40 characters
and differ much in length; the keys toolgen writes are the SDK's short field names.) gofmt needs nothing else: it
never breaks a line, so every other line is printed by the template as gofmt prints it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

PADDING = 1  # the spaces after a column's widest cell (gofmt's tabwriter padding)
TAB_WIDTH = 8  # an indentation cell is written as tabs of this width


def columns(caller: Any) -> str:
    """The `columns` layout macro: its body's lines with their cells aligned (see the module's docstring)."""
    return align(caller())


def align(text: str) -> str:
    """`text` with the tab-separated cells of its lines aligned in columns as text/tabwriter aligns them."""
    rows = [_cells(line) for line in text.split("\n")]
    widths = [[0] * (len(row) - 1) for row in rows]  # a row's last cell belongs to no column
    for column in range(max(len(row) for row in rows) - 1):
        start = 0
        for end in range(len(rows) + 1):
            if end < len(rows) and len(rows[end]) - 1 > column:
                continue
            # rows[start:end] is a column block (maybe empty): each has a cell in this column
            width = max((len(row[column]) for row in rows[start:end]), default=0) + PADDING
            for row in widths[start:end]:
                row[column] = width
            start = end + 1
    return "\n".join(_line(row, row_widths) for row, row_widths in zip(rows, widths))


def _cells(line: str) -> list[str]:
    """A line's cells: an empty one per indentation tab, then the tab-separated text (one cell for a comment)."""
    text = line.lstrip("\t")
    indentation = [""] * (len(line) - len(text))
    return indentation + ([text] if text.startswith("//") else text.split("\t"))


def _line(cells: list[str], widths: list[int]) -> str:
    """One line: empty leading cells as tabs (tabwriter's TabIndent), the others padded with spaces."""
    parts = []
    leading = True
    for cell, width in zip(cells, widths):
        leading = leading and not cell
        parts.append("\t" * -(-width // TAB_WIDTH) if leading else cell + " " * (width - len(cell)))
    parts.append(cells[-1])
    return "".join(parts)


MACROS: Mapping[str, Any] = {"columns": columns}
