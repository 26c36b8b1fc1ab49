"""black's layout of the statements the Python templates write, as documents on the one printer (layout.doc).

A template spells each statement once, flat, and marks the ones whose layout depends on their width with
`{% call statement() %}…{% endcall %}`; JSON values (the wire schema, defaults, metadata) come from the view as `Json`
documents. The rules are black's (its names, from `linegen.py`, are kept so that a reader can compare):

- a split at a bracket is a two-level group: the bracket breaks, then its body breaks at its commas, gaining the
  magic trailing comma; a display (`[…]`, `{…}`) and an import always put one item per line once broken;
- a `def` breaks at its parameters (left-hand split), a lone parameter gaining a trailing comma;
- a union breaks before each `|`;
- the right side of `=`, an annotation and a `return` value sit in black's invisible parentheses. Whether black
  splits at them (showing them) or at the value's own last bracket, and its refusal to wrap an atom that would not
  fit anyway, depend on measured lines: `Measure` runs black's right-hand split for such a statement where the
  printer reaches it, with the column known, and the parts it leaves to the bracket rules are groups again.

tests/test_python_layout.py holds every rule to `black.format_str`, over every corpus and generated statements.
"""

from __future__ import annotations

import bisect
import math
import re
from functools import lru_cache
from collections.abc import Iterator
from typing import Any

from ...layout import markup
from ...layout.doc import HARDLINE, LINE, SOFTLINE, Doc, IfBreak, Indent, IndentTo, Measure, Style, group
from ...layout.doc import join, print_doc
from .syntax import LINE_LENGTH, py_literal, py_str

# -- display width (black's own table of East Asian widths) ----------------------------------------------------


@lru_cache(maxsize=1)
def _width_table() -> list[tuple[int, int, int]] | None:
    """black's table of character widths, read from its source file without importing black (the import is what
    toolgen avoids). None when black cannot be found: unicodedata's widths are then a close guess."""
    import ast
    import importlib.util
    from pathlib import Path

    try:
        spec = importlib.util.find_spec("black")
    except (ImportError, ValueError):
        return None
    for folder in (spec.submodule_search_locations or []) if spec else []:
        path = Path(folder) / "_width_table.py"
        if path.is_file():
            for node in ast.parse(path.read_text(encoding="utf-8")).body:
                if isinstance(node, ast.AnnAssign) and isinstance(node.value, ast.List):
                    return [tuple(ast.literal_eval(item)) for item in node.value.elts]  # type: ignore[misc]
    return None


@lru_cache(maxsize=4096)
def char_width(char: str) -> int:
    table = _width_table()
    code = ord(char)
    if table is None:
        import unicodedata

        return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    index = bisect.bisect_right(table, (code, math.inf, math.inf)) - 1  # the last range starting at or before it
    return max(table[index][2], 0) if index >= 0 and table[index][1] >= code else 1


def str_width(text: str) -> int:
    """Columns `text` takes, as black counts them (wide characters 2, combining marks 0)."""
    if text.isascii():
        return len(text)
    return sum(map(char_width, text))


STYLE = Style(LINE_LENGTH, "    ", str_width)


def _fits(column: int, text_width: int) -> bool:
    return column + text_width <= LINE_LENGTH


# -- JSON values: black's layout of a display, computed bottom-up (the fast path for the bulk of a module) -------


class Json:
    """A JSON value as a Python literal: its flat text and width and, for a non-empty list or dict or a
    `float("nan")` call, its brackets and items as (prefix, prefix width, value), where black may split it."""

    __slots__ = ("text", "width", "opening", "closing", "items")

    def __init__(self, text: str, width: int, opening: str = "", closing: str = "", items: list | None = None):
        self.text, self.width, self.opening, self.closing = text, width, opening, closing
        self.items: list[tuple[str, int, Json]] = items or []

    def lines(self, prefix: str, prefix_width: int, suffix: str, column: int, indent: str, out: list[str]) -> None:
        """Black's lines for the element `prefix self suffix` starting at `column` (its line's indentation), each
        line with its indentation relative to the element's: whole when it fits or cannot split; else open at the
        brackets, the items one per line with a comma each when there are several, or one element when alone."""
        if not self.items or _fits(column, prefix_width + self.width + len(suffix)):
            out.append(indent + prefix + self.text + suffix)
            return
        out.append(indent + prefix + self.opening)
        self._items(column + 4, indent + "    ", out)
        out.append(indent + self.closing + suffix)

    def _items(self, column: int, indent: str, out: list[str]) -> None:
        item_suffix = "," if len(self.items) > 1 else ""
        for item_prefix, item_width, item in self.items:
            item.lines(item_prefix, item_width, item_suffix, column, indent, out)

    def items_doc(self, column: int) -> Doc:
        """The items of the value opened at its brackets, one per line from `column`."""
        out: list[str] = []
        self._items(column, "", out)
        return join(HARDLINE, out)

    def broken(self, column: int) -> Doc:
        """The value opened at its brackets, its items on the lines after, from an element at `column`."""
        return [self.opening, Indent([HARDLINE, self.items_doc(column + 4)]), HARDLINE, self.closing]

    def element(self, suffix: str = "") -> Doc:
        """This value where it stands in a line, followed by `suffix`: flat when it fits, else broken."""
        if not self.items:
            return self.text
        width = self.width + len(suffix)
        return Measure(lambda indent, column: self.text if _fits(column, width) else self.broken(str_width(indent)),
                       self.text)  # fmt: skip

    def __str__(self) -> str:
        """In a template: the token of the value as a document, from which `statement` reads the value back."""
        document = Measure(lambda indent, column: self.element(), self.text)
        document.json = self  # type: ignore[attr-defined]
        return markup.place(document)


@lru_cache(maxsize=8192)
def _string(value: str) -> Json:
    text = py_str(value)
    return Json(text, str_width(text))


@lru_cache(maxsize=8192)
def _key(key: str) -> tuple[str, int]:
    prefix = py_str(key) + ": "
    return prefix, str_width(prefix)


def json_value(value: Any) -> Json:
    """`py_literal(value)` as black lays it out (keys and short strings repeat across tools: they are shared)."""
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, dict):
        return _display("{", "}", [(*_key(str(key)), json_value(item)) for key, item in value.items()])
    if isinstance(value, (list, tuple)):
        return _display("[", "]", [("", 0, json_value(item)) for item in value])
    text = py_literal(value)
    if text.startswith("float("):  # nan and the infinities: a call, which black may split at its parentheses
        argument = text[len("float(") : -1]
        return Json(text, len(text), "float(", ")", [("", 0, Json(argument, len(argument)))])
    return Json(text, len(text))


def _display(opening: str, closing: str, items: list[tuple[str, int, Json]]) -> Json:
    text = opening + ", ".join([prefix + item.text for prefix, _, item in items]) + closing
    width = 2 + sum([width + item.width for _, width, item in items]) + 2 * max(len(items) - 1, 0)
    return Json(text, width, opening, closing, items) if items else Json(text, width)


# -- leaves: a flat statement as black's tokens ------------------------------------------------------------------

# A space, then a string literal, a name (or number, or any other character: a custom template's text is laid out
# as well as it goes, and black then formats it), or an operator black splits at or around.
_TOKEN = re.compile(r"""( ?)(?:("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')|([\w.]+|[^\s"'=:|,()\[\]{}-])|(->|[-=:|,()\[\]{}]))""")
OPENING, CLOSING = "([{", ")]}"


class Leaf:
    """One token, as black's leaves: `value` "" for one of its invisible parentheses (a split may show them),
    `partner` the matching bracket; a JSON value is its brackets around one "json" leaf, its items."""

    __slots__ = ("kind", "value", "prefix", "partner", "json", "trailer")

    def __init__(self, kind: str, value: str, prefix: str = "", json: Json | None = None):
        self.kind, self.value, self.prefix, self.json = kind, value, prefix, json
        self.partner: Leaf | None = None
        self.trailer = False  # a call's or subscript's bracket, not a display's

    @property
    def width(self) -> int:
        if self.json is not None:
            return self.json.width - len(self.json.opening) - len(self.json.closing)
        return len(self.prefix) + str_width(self.value)

    @property
    def length(self) -> int:
        """Its length in characters, which black's search for trailers to omit counts (not the width)."""
        if self.json is not None:
            return len(self.json.text) - len(self.json.opening) - len(self.json.closing)
        return len(self.prefix) + len(self.value)


def _pair(opening: Leaf, closing: Leaf) -> None:
    opening.partner, closing.partner = closing, opening
    closing.trailer = opening.trailer


def _leaves(parts: list[Any]) -> list[Leaf]:
    """The tokens of a flat statement (its text and the `Json` values in it)."""
    leaves: list[Leaf] = []
    stack: list[Leaf] = []
    space = ""  # a space that ends a text part belongs to the value after it
    for part in parts:
        if isinstance(part, Json):
            if not part.items:
                leaves.append(Leaf("name", part.text, space))
                continue
            opening = Leaf(part.opening[-1], part.opening, space)
            closing = Leaf(part.closing, part.closing)
            _pair(opening, closing)
            leaves += [opening, Leaf("json", part.text[len(part.opening) : -1], json=part), closing]
            continue
        position = 0
        part = space + part
        for match in _TOKEN.finditer(part):
            if match.start() != position:
                break
            position = match.end()
            prefix, string, word, operator = match.groups()
            leaf = Leaf("string" if string else "name" if word else operator, string or word or operator, prefix)
            if operator and operator in OPENING:
                previous = leaves[-1] if leaves else None
                leaf.trailer = previous is not None and not prefix and previous.kind in ("name", ")", "]")
                stack.append(leaf)
            elif operator and operator in CLOSING:
                _pair(stack.pop(), leaf)
            leaves.append(leaf)
        space = part[position:]
        if space not in ("", " "):
            raise ValueError(f"not a statement the Python layout knows: {part!r}")
    return leaves


def _invisible(inner: list[Leaf]) -> list[Leaf]:
    """`inner` in black's invisible parentheses (the space before it moves to the opening one)."""
    opening, closing = Leaf("(", "", inner[0].prefix), Leaf(")", "")
    inner[0].prefix = ""
    _pair(opening, closing)
    return [opening, *inner, closing]


def _top_level(leaves: list[Leaf], kind: str) -> list[int]:
    found, depth = [], 0
    for index, leaf in enumerate(leaves):
        if leaf.kind in OPENING:
            depth += 1
        elif leaf.kind in CLOSING:
            depth -= 1
        elif depth == 0 and leaf.kind == kind:
            found.append(index)
    return found


def _split(leaves: list[Leaf], kind: str) -> list[list[Leaf]]:
    parts, start = [], 0
    for index in _top_level(leaves, kind):
        parts.append(leaves[start:index])
        start = index + 1
    parts.append(leaves[start:])
    return [part for part in parts if part]


def _text(leaves: list[Leaf]) -> str:
    return "".join([leaf.prefix + leaf.value for leaf in leaves])[len(leaves[0].prefix) if leaves else 0 :]


def _width(leaves: list[Leaf]) -> int:
    return sum([leaf.width for leaf in leaves]) - (len(leaves[0].prefix) if leaves else 0)


def _last_bracket(leaves: list[Leaf], omit: set[int] | frozenset = frozenset()) -> tuple[int, int] | None:
    """The last bracket pair with a body (black's _first_right_hand_split: an empty pair joins the tail), not one
    in `omit`, as indices of its opening and closing bracket; None when there is none on the line."""
    index = len(leaves) - 1
    while index >= 0:
        leaf = leaves[index]
        if leaf.kind in CLOSING and id(leaf) not in omit:
            start = index - 1
            while start >= 0 and leaves[start] is not leaf.partner:
                start -= 1
            if start < 0:
                return None  # its opening bracket is on an earlier line
            if start < index - 1:
                return start, index
            index = start
        index -= 1
    return None


# -- inside brackets: groups ------------------------------------------------------------------------------------


def element(leaves: list[Leaf], suffix: str = "") -> Doc:
    """A line inside brackets as black transforms it: split before each `|` of a union, else at its last bracket."""
    unions = _split(leaves, "|")
    if len(unions) > 1:
        last = len(unions) - 1
        return group(join([LINE, "| "], [_right_hand(part, suffix if i == last else "") for i, part in enumerate(unions)]))
    return _right_hand(leaves, suffix)


def _right_hand(leaves: list[Leaf], suffix: str = "") -> Doc:
    """Split at the last bracket pair: the bracket breaks, then its body (black's right_hand_split)."""
    found = _last_bracket(leaves)
    if found is None:
        return _text(leaves)
    start, end = found
    head = _text(leaves[: start + 1])
    if leaves[start + 1].kind == "json" and end == start + 2:
        json, rest = leaves[start + 1].json, _text(leaves[end + 1 :])
        return [head[: len(head) - len(json.opening)], json.element(rest + suffix), rest]  # type: ignore[union-attr]
    return group([head, _body(leaves[start + 1 : end], leaves[start]), _text(leaves[end:])])


def _body(leaves: list[Leaf], opening: Leaf, kind: str = "") -> Doc:
    """A bracket's body where the bracket breaks: indented on its own lines."""
    return [Indent([SOFTLINE, body(leaves, opening, kind)]), SOFTLINE]


def body(leaves: list[Leaf], opening: Leaf, kind: str = "", broken: bool = False) -> Doc:
    """The items of a bracket that breaks (`broken`: that has broken): on one line when they fit (a call's
    arguments, a def's parameters), else one per line with a magic trailing comma; a display's and an import's
    (`kind` "import") one per line whenever it breaks. A lone item gets no comma, but a def's and an import's do."""
    items = _split(leaves, ",")
    comma = kind in ("def", "import")
    if len(items) == 1:
        if not comma:
            return element(items[0])
        return [element(items[0], ","), "," if broken else IfBreak(",")]
    docs = [element(item, ",") for item in items]
    exploded = kind == "import" or (opening.kind in "[{" or opening.kind == "(" and opening.value) and not opening.trailer
    if broken and exploded:
        return [join([",", HARDLINE], docs), ","]
    laid = [join([",", LINE], docs), IfBreak(",")]
    return laid if exploded else group(laid)


# -- statements: black's right-hand split with its optional parentheses -----------------------------------------


class CannotSplit(Exception):
    """A split does not apply to this line (black's CannotSplit)."""


class _Line:
    """Leaves on one line at `depth` levels below the statement's; `body_of` the bracket a body line is inside,
    `tracked` whether black tracks its brackets (a head's pairs, a whole statement's; a tail's not)."""

    __slots__ = ("leaves", "depth", "body_of", "tracked")

    def __init__(self, leaves: list[Leaf], depth: int, body_of: Leaf | None = None, tracked: bool = True):
        self.leaves, self.depth, self.body_of, self.tracked = leaves, depth, body_of, tracked

    def short(self, column: int, less: int = 0) -> bool:
        return column + 4 * self.depth + _width(self.leaves) <= LINE_LENGTH - less


class _Rhs:
    """black's _first_right_hand_split: the line as head, body and tail at its last bracket pair not in `omit`."""

    __slots__ = ("head", "body", "tail", "opening", "closing")

    def __init__(self, line: _Line, omit: set[int]):
        found = _last_bracket(line.leaves, omit)
        if found is None:
            raise CannotSplit("no brackets found")
        leaves, (start, end) = line.leaves, found
        self.opening, self.closing = leaves[start], leaves[end]
        self.head = _Line(leaves[: start + 1], line.depth)
        self.body = _Line(leaves[start + 1 : end], line.depth + 1, leaves[start])
        self.tail = _Line(leaves[end:], line.depth, tracked=False)


def _can_omit_invisible_parens(rhs: _Rhs) -> bool:
    """Without delimiters the optional parentheses are useless; with them (a union here, never starting or ending
    with a display) they read better (black's can_omit_invisible_parens)."""
    return not _top_level(rhs.body.leaves, "|") and not _top_level(rhs.body.leaves, ",")


def _prefer_split_rhs_oop(rhs_oop: _Rhs, rhs: _Rhs, column: int) -> bool:
    """Whether splitting at the last real bracket reads better than at the optional parentheses (black's
    _prefer_split_rhs_oop_over_rhs)."""
    head = rhs.head.leaves
    if not (len(head) >= 2 and head[-2].kind == "="):
        return True
    if not any(leaf.kind in OPENING or leaf.kind in CLOSING for leaf in head[:-1]):
        return True
    if not rhs.head.short(column, 1):
        return True
    equals = sum(leaf.kind == "=" for leaf in head)
    if equals > 1 and equals > sum(leaf.kind == "=" for leaf in rhs_oop.head.leaves):
        return False
    for leaf in reversed(rhs_oop.head.leaves):
        if leaf.kind == "=":
            break
        if leaf.kind in CLOSING:
            return True
    return any(leaf.kind == "=" for leaf in rhs_oop.head.leaves) and rhs_oop.head.short(column)


def _maybe_split_omitting_optional_parens(
    rhs: _Rhs, line: _Line, column: int, force: bool, omit: set[int]
) -> list[_Line]:
    if not force and rhs.opening.kind == "(" and not rhs.opening.value and _can_omit_invisible_parens(rhs):
        omit = {id(rhs.closing), *omit}
        try:
            rhs_oop = _Rhs(line, omit)
            if _prefer_split_rhs_oop(rhs_oop, rhs, column):
                return _maybe_split_omitting_optional_parens(rhs_oop, line, column, force, omit)
        except CannotSplit:
            # black counts a keyword argument's `=` as a chained assignment's, which keeps this split
            chained = sum(leaf.kind == "=" for leaf in line.leaves) > 1
            if not chained and len(rhs.body.leaves) < 2 and not rhs.body.short(column):
                raise
    if rhs.opening.kind == "(" and not rhs.opening.value:
        rhs.opening.value, rhs.closing.value = "(", ")"  # black's ensure_visible (the leaves change for good)
    return [part for part in (rhs.head, rhs.body, rhs.tail) if part.leaves]


def _generate_trailers_to_omit(line: _Line, column: int) -> Iterator[set[int]]:
    """Growing sets of trailing bracket pairs to keep in the tail, so that an earlier bracket is split instead."""
    omit: set[int] = set()
    yield omit
    length = column + 4 * line.depth
    opening: Leaf | None = None
    closing: Leaf | None = None
    inner: set[int] = set()
    leaves = line.leaves
    for index in range(len(leaves) - 1, -1, -1):
        leaf = leaves[index]
        length += leaf.length
        if length > LINE_LENGTH:
            break
        if opening:
            if leaf is opening:
                opening = None
            elif leaf.kind in CLOSING:
                inner.add(id(leaf))
        elif leaf.kind in CLOSING:
            if index and leaves[index - 1].kind in OPENING:
                inner.add(id(leaf))
                continue
            if closing:
                omit.add(id(closing))
                omit.update(inner)
                inner.clear()
                yield omit
            if leaf.value:
                opening, closing = leaf.partner, leaf


def _right_hand_split_with_omits(line: _Line, column: int, force: bool) -> list[_Line]:
    first: list[_Line] | None = None
    prefix: dict[int, int] = {}
    length = column + 4 * line.depth
    for leaf in line.leaves:
        prefix[id(leaf)] = length
        length += leaf.length
    for omit in _generate_trailers_to_omit(line, column):
        if omit:
            target = next((leaf for leaf in reversed(line.leaves) if leaf.kind in CLOSING and id(leaf) not in omit))
            if target.partner.value and prefix.get(id(target.partner), 0) > LINE_LENGTH:  # type: ignore[union-attr]
                continue
        lines = _maybe_split_omitting_optional_parens(_Rhs(line, omit), line, column, force, omit)
        if first is None and not omit:
            first = lines
        if lines[0].short(column):
            return lines
    if first is not None:
        return first
    return _maybe_split_omitting_optional_parens(_Rhs(line, set()), line, column, force, set())


Piece = tuple  # (depth, document, its text when it is one line)


def _transform(line: _Line, column: int, force: bool = False) -> list[Piece]:
    """black's transform_line for a line outside brackets: whole when it fits, else its right-hand split, each
    part transformed again (a body by the bracket rules); whole when no split applies. With its optional
    parentheses still hidden and a first line too long, black takes its second opinion: the split at them, kept
    when every line then fits."""
    if line.body_of is not None:
        if line.leaves[0].kind == "json":
            doc = line.leaves[0].json.items_doc(column + 4 * line.depth)  # type: ignore[union-attr]
        else:
            doc = body(line.leaves, line.body_of, broken=True)
        return [(line.depth, doc, None)]
    text = _text(line.leaves)
    if line.short(column):
        return [(line.depth, text, text)]
    leaves = line.leaves
    invisible = [leaf for leaf in leaves if leaf.kind == "(" and not leaf.value and line.tracked and leaf.partner in leaves]
    try:
        lines = _right_hand_split_with_omits(line, column, force)
        if any(_text(part.leaves) == text for part in lines):
            raise CannotSplit("the split gave the same line")
        result = [piece for part in lines for piece in _transform(part, column, force)]
    except CannotSplit:
        return [(line.depth, text, text)]
    if force or not invisible or any(leaf.value for leaf in invisible) or _fits_piece(result[0], column, True):
        return result
    fresh = _Line(_copy(leaves), line.depth)
    try:
        second = [piece for part in _right_hand_split_with_omits(fresh, column, True) for piece in _transform(part, column, True)]
    except CannotSplit:
        return result
    return second if all(_fits_piece(piece, column) for piece in second) else result


def _copy(leaves: list[Leaf]) -> list[Leaf]:
    """The leaves as black's next attempt sees them (the same values: none of its optional parens was shown)."""
    copies = {id(leaf): Leaf(leaf.kind, leaf.value, leaf.prefix, leaf.json) for leaf in leaves}
    for leaf in leaves:
        copy = copies[id(leaf)]
        copy.trailer = leaf.trailer
        copy.partner = copies.get(id(leaf.partner), leaf.partner)
    return list(copies.values())


def _fits_piece(piece: Piece, column: int, first_line: bool = False) -> bool:
    depth, doc, text = piece
    indent = column + 4 * depth
    if text is not None:
        return _fits(indent, str_width(text))
    if first_line:
        return False
    printed = print_doc([" " * indent, IndentTo(" " * indent, doc)], style=STYLE)
    return all(str_width(line) <= LINE_LENGTH for line in printed.split("\n"))


def _statement_leaves(leaves: list[Leaf]) -> list[Leaf]:
    """A `return`, an assignment or an annotation with black's invisible parentheses around the value and the
    annotation."""
    if leaves[0].value == "return":
        return leaves[:1] + _invisible(leaves[1:]) if len(leaves) > 1 else leaves
    equals = _top_level(leaves, "=")
    target = leaves[: equals[0]] if equals else leaves
    colon = _top_level(target, ":")
    if colon:
        target = target[: colon[0] + 1] + _invisible(target[colon[0] + 1 :])
    if not equals:
        return target
    return target + [leaves[equals[0]]] + _invisible(leaves[equals[0] + 1 :])


def statement(parts: list[Any]) -> Doc:
    """The document of one flat statement (its text and `Json` values) as black lays it out: a class header split
    at its bases, a def at its parameters (left-hand split), an import in parentheses, an argument line (ending
    with a comma) at its last bracket, anything else (an assignment, an annotation, a `return`, a call) by black's
    right-hand split with its optional parentheses."""
    leaves = _leaves(parts)
    first = leaves[0].value
    if first == "class":  # the keyword stays text: a template that extends a block can find `class ` in it
        return ["class ", _right_hand(leaves[1:])]
    if leaves[-1].kind == ",":
        return _right_hand(leaves)
    if first == "def":
        start = next(index for index, leaf in enumerate(leaves) if leaf.kind == "(")
        end = leaves.index(leaves[start].partner)  # type: ignore[arg-type]
        return group([_text(leaves[: start + 1]), _body(leaves[start + 1 : end], leaves[start], "def"), _text(leaves[end:])])
    if first == "from":
        names = next(index for index, leaf in enumerate(leaves) if leaf.value == "import") + 1
        return group([_text(leaves[:names]), " ", IfBreak("("), _body(leaves[names:], leaves[0], "import"), IfBreak(")")])
    leaves = _statement_leaves(leaves)
    width, flat = _width(leaves), _text(leaves)

    def build(indent: str, column: int) -> Doc:
        if _fits(column, width):
            return flat
        pieces = _transform(_Line(leaves, 0), column)
        parts: list[Any] = [pieces[0][1]]
        for depth, doc, _ in pieces[1:]:
            parts.append(IndentTo(indent + "    " * depth, [HARDLINE, doc]))
        return parts

    return Measure(build, flat)


def _statement_macro(caller: Any) -> str:
    """`{% call statement() %}flat statement{% endcall %}`: the statement laid out as black does."""
    document = statement([getattr(part, "json", part) for part in markup.parse(caller())])
    if isinstance(document, list) and document[0] == "class ":
        return "class " + markup.place(document[1])
    return markup.place(document)


MACROS = {"statement": _statement_macro}
