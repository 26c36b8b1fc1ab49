"""Documents inside rendered text: the layout step that runs after the template.

A template spells each statement once, in its flat form. Where a line's width decides the layout, the view hands
the template a document (`Laid`) or the template calls one of its language's layout macros; either leaves a token
in the rendered text. `lay_out` then prints every line that holds a token as one document — the line's text, its
documents, and the line's own leading white space as the indentation they break to — so each document is laid out
where it stands with the whole line in view. Lines without a token are left exactly as rendered.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from .doc import (
    HARDLINE,
    LINE,
    LITERALLINE,
    SOFTLINE,
    Doc,
    FirstFit,
    IfBreak,
    Indent,
    IndentTo,
    Style,
    group,
    print_doc,
)
from .plain import flat_text, print_plain

MARK = "\ue000"  # private-use characters: no template or spec text can forge a token (names and text are escaped)
_TOKEN = re.compile("\ue000([0-9]+)\ue001")
_placed: ContextVar[list[Doc] | None] = ContextVar("toolgen_placed_documents", default=None)


class Laid:
    """A document in a view's context; where the template renders it, its token stands until `lay_out`."""

    __slots__ = ("doc",)

    def __init__(self, doc: Doc):
        self.doc = doc

    def __str__(self) -> str:
        return place(self.doc)

    def __repr__(self) -> str:
        return f"Laid({self.doc!r})"


def place(doc: Doc) -> str:
    """The token that stands for `doc` in the text being rendered."""
    placed = _placed.get()
    if placed is None:
        raise RuntimeError("a document was rendered outside layout.markup.collecting()")
    placed.append(doc)
    return f"\ue000{len(placed) - 1}\ue001"


def placed_documents() -> list[Doc]:
    """The documents placed so far in the file being rendered (a layout macro reads the tokens of its body)."""
    placed = _placed.get()
    if placed is None:
        raise RuntimeError("a document was rendered outside layout.markup.collecting()")
    return placed


@contextmanager
def collecting() -> Iterator[list[Doc]]:
    """Documents placed while rendering one file, for `lay_out`."""
    token = _placed.set([])
    try:
        yield _placed.get()  # type: ignore[misc]
    finally:
        _placed.reset(token)


def parse(text: str, placed: list[Doc] | None = None) -> Doc:
    """Rendered text as a document: its strings, the documents its tokens stand for, and a literal line break at
    each newline, after which the new line's leading white space indents the documents on that line."""
    placed = _placed.get() if placed is None else placed
    lines = text.split("\n")
    parts: list[Any] = _inline(lines[0], placed)
    for line in lines[1:]:
        stripped = line.lstrip(" \t")
        indent = line[: len(line) - len(stripped)]
        parts += [LITERALLINE, indent, IndentTo(indent, _inline(stripped, placed))]
    return parts


def _inline(text: str, placed: list[Doc]) -> list[Any]:
    pieces = _TOKEN.split(text)
    parts: list[Any] = []
    for index, piece in enumerate(pieces):
        if index % 2:
            parts.append(placed[int(piece)])
        elif piece:
            parts.append(piece)
    return parts


def lay_out(text: str, placed: list[Doc], style: Style) -> str:
    """`text` with every line that holds a token printed by the document printer in `style`."""
    if MARK not in text:
        return text
    out: list[str] = []
    position = 0
    mark = text.find(MARK)
    while mark >= 0:  # from each token to its line's ends: the lines without one are copied whole
        start = text.rfind("\n", 0, mark) + 1
        end = text.find("\n", mark)
        end = len(text) if end < 0 else end
        line = text[start:end]
        laid = _first_layouts(line, placed, style)
        if laid is None:
            stripped = line.lstrip(" \t")
            indent = line[: len(line) - len(stripped)]
            parts = _inline(stripped, placed)
            laid = print_plain(parts, indent, style)
            if laid is None:
                doc = [indent, IndentTo(indent, parts)]
                flat = flat_text(doc, style)
                laid = print_doc(doc, style=style) if flat is None else flat
        out += [text[position:start], laid]
        position = end
        mark = text.find(MARK, end)
    out.append(text[position:])
    return "".join(out)


def _first_layouts(line: str, placed: list[Doc], style: Style) -> str | None:
    """`line` with each document its first layout, when each is a FirstFit whose first layout is text (and the
    columns it reserves) and the line then fits: what the printer would print, without printing (most lines fit)."""
    pieces = _TOKEN.split(line)
    reserved = 0
    for index in range(1, len(pieces), 2):
        doc = placed[int(pieces[index])]
        if type(doc) is not FirstFit or doc.line is None:
            return None
        pieces[index], columns = doc.line
        reserved += columns
    text = "".join(pieces)
    return text if style.text_width(text) + reserved <= style.width else None


# -- the layout macros every template has ------------------------------------------------------------------------
# `{% call group() %}…{% endcall %}` lays its body out flat when it fits, else breaks its lines; `indent` indents
# what breaks inside it; `line` is a space or a line break, `softline` nothing or a line break, `hardline` always a
# line break; `ifbreak(a, b)` is `a` where the enclosing group breaks, else `b`. Languages add their own.


def _group(caller: Any, should_break: bool = False) -> str:
    return place(group(parse(caller()), should_break))


def _indent(caller: Any) -> str:
    return place(Indent(parse(caller())))


def _ifbreak(broken: str, flat: str = "") -> str:
    return place(IfBreak(parse(broken), parse(flat)))


MACROS = {
    "group": _group,
    "indent": _indent,
    "ifbreak": _ifbreak,
    "line": Laid(LINE),
    "softline": Laid(SOFTLINE),
    "hardline": Laid(HARDLINE),
}
