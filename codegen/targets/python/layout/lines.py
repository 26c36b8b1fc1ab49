"""black's data model for one logical line: leaves with their bracket depth, display widths (East Asian wide
characters count 2), the bracket tracker and `Line`, and whether a line is short enough."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from ..syntax import LINE_LENGTH

# Leaf types.
NAME, STRING, NUMBER = "NAME", "STRING", "NUMBER"
COMMA, EQUAL, COLON, VBAR, MINUS, RARROW = ",", "=", ":", "|", "-", "->"
LPAR, RPAR, LSQB, RSQB, LBRACE, RBRACE = "(", ")", "[", "]", "{", "}"
OPENING_BRACKETS = frozenset({LPAR, LSQB, LBRACE})
CLOSING_BRACKETS = frozenset({RPAR, RSQB, RBRACE})
BRACKETS = OPENING_BRACKETS | CLOSING_BRACKETS
MATCHING = {RPAR: LPAR, RSQB: LSQB, RBRACE: LBRACE}

# Delimiter priorities (black's values; only the relative order matters).
COMMA_PRIORITY = 18
VBAR_PRIORITY = 9

# What a bracket belongs to. A "trailer" is a call's or subscript's bracket; an "atom" a display (`[...]`, `{...}`,
# `()`) or black's invisible optional parentheses (which it wraps in an atom node); "parameters" a def's parameter
# list; "classdef" a class's bases; "import" the invisible parentheses around imported names.
TRAILER, ATOM, PARAMETERS, CLASSDEF, IMPORT = "trailer", "atom", "parameters", "classdef", "import"
KEYWORD = "keyword"  # the `from` of an import and the `def` of a function: black's Line.is_import / is_def
# What a comma belongs to (black's `is_one_sequence_between` treats argument-list commas specially).
ARGLIST, TYPEDARGSLIST, SUBSCRIPTLIST, OTHER = "arglist", "typedargslist", "subscriptlist", "other"


class Unsupported(ValueError):
    """The text is outside the subset this module lays out exactly."""


class CannotSplit(Exception):
    """A split does not apply to this line (black's CannotSplit / CannotTransform)."""


class Leaf:
    """One token. Mutable like black's leaves: splitting re-marks depths and may make invisible parens visible."""

    __slots__ = (
        "type", "value", "prefix", "canonical_prefix", "bracket_depth", "opening_bracket", "role", "optional",
    )  # fmt: skip

    def __init__(
        self, type_: str, value: str, prefix: str, role: str = OTHER, optional: bool = False
    ):
        self.type = type_
        self.value = value
        self.prefix = prefix
        self.canonical_prefix = (
            prefix  # the spacing in the flat statement (`prefix` changes when lines split)
        )
        self.bracket_depth = 0
        self.opening_bracket: Leaf | None = None
        self.role = role
        self.optional = (
            optional  # one of black's optional parentheses (invisible unless a split shows it)
        )

    def fresh(self, first: bool = False) -> Leaf:
        """A copy as black's next pass parses it: optional parens invisible again, canonical spacing."""
        return Leaf(self.type, "" if self.optional else self.value, "" if first else self.canonical_prefix,
                    self.role, self.optional)  # fmt: skip

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"Leaf({self.type!r}, {self.value!r})"


# -- display width ----------------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _width_table() -> list[tuple[int, int, int]] | None:
    """black's own table of East Asian widths, read from its source file without importing black (the import is
    what toolgen avoids). None when black is not installed where it can be found."""
    import ast
    import importlib.util
    from pathlib import Path

    try:
        spec = importlib.util.find_spec("black")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        path = Path(folder) / "_width_table.py"
        if path.is_file():
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in tree.body:
                if isinstance(node, ast.AnnAssign) and isinstance(node.value, ast.List):
                    return [tuple(ast.literal_eval(item)) for item in node.value.elts]  # type: ignore[misc]
    return None


def width_is_exact() -> bool:
    """Whether `str_width` agrees with black for every character (black's table was found)."""
    return _width_table() is not None


@lru_cache(maxsize=4096)
def char_width(char: str) -> int:
    table = _width_table()
    code = ord(char)
    if (
        table is None
    ):  # an approximation; Layout marks such output inexact, so black still checks it
        import unicodedata

        return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    low, high = 0, len(table) - 1
    while low <= high:
        middle = (low + high) // 2
        start, end, width = table[middle]
        if code < start:
            high = middle - 1
        elif code > end:
            low = middle + 1
        else:
            return max(width, 0)
    return 1


def str_width(text: str) -> int:
    """Columns `text` takes in a terminal, as black counts them (wide characters 2, combining marks 0)."""
    if text.isascii():
        return len(text)
    return sum(map(char_width, text))


# -- lines ------------------------------------------------------------------------------------------------------


class BracketTracker:
    """Bracket depths, matching brackets and delimiters at depth 0 of one line."""

    __slots__ = ("depth", "bracket_match", "delimiters", "previous", "invisible")

    def __init__(self) -> None:
        self.depth = 0
        self.bracket_match: dict[tuple[int, str], Leaf] = {}
        self.delimiters: dict[int, int] = {}
        self.previous: Leaf | None = None
        self.invisible: list[Leaf] = []

    def mark(self, leaf: Leaf) -> None:
        kind = leaf.type
        depth = self.depth
        if kind in CLOSING_BRACKETS:
            if depth == 0 and (0, kind) not in self.bracket_match:
                return
            depth -= 1
            self.depth = depth
            leaf.opening_bracket = self.bracket_match.pop((depth, kind))
            if not leaf.value:
                self.invisible.append(leaf)
        leaf.bracket_depth = depth
        if depth == 0:
            if kind == VBAR and self.previous is not None:
                self.delimiters[id(self.previous)] = VBAR_PRIORITY
            elif kind == COMMA:
                self.delimiters[id(leaf)] = COMMA_PRIORITY
        if kind in OPENING_BRACKETS:
            self.bracket_match[depth, _CLOSING_OF[kind]] = leaf
            self.depth = depth + 1
            if not leaf.value:
                self.invisible.append(leaf)
        self.previous = leaf

    def max_delimiter_priority(self, exclude: Iterable[int] = ()) -> int:
        excluded = set(exclude)
        return max(
            v for k, v in self.delimiters.items() if k not in excluded
        )  # ValueError when none

    def delimiter_count_with_priority(self, priority: int) -> int:
        return sum(1 for p in self.delimiters.values() if p == priority)


_CLOSING_OF = {LPAR: RPAR, LSQB: RSQB, LBRACE: RBRACE}


class Line:
    __slots__ = (
        "depth",
        "leaves",
        "inside_brackets",
        "should_split_rhs",
        "magic_trailing_comma",
        "tracker",
    )

    def __init__(self, depth: int, inside_brackets: bool = False):
        self.depth = depth
        self.leaves: list[Leaf] = []
        self.inside_brackets = inside_brackets
        self.should_split_rhs = False
        self.magic_trailing_comma: Leaf | None = None
        self.tracker = BracketTracker()

    @property
    def is_import(self) -> bool:
        return (
            bool(self.leaves) and self.leaves[0].role == KEYWORD and self.leaves[0].value == "from"
        )

    @property
    def is_def(self) -> bool:
        return (
            bool(self.leaves) and self.leaves[0].role == KEYWORD and self.leaves[0].value == "def"
        )

    def append(self, leaf: Leaf, preformatted: bool = True, track_bracket: bool = False) -> None:
        if self.inside_brackets or not preformatted or track_bracket:
            self.tracker.mark(leaf)
            leaves = self.leaves
            if leaf.type in CLOSING_BRACKETS and leaves and leaves[-1].type == COMMA:
                if self.has_magic_trailing_comma(leaf):
                    self.magic_trailing_comma = leaf
        self.leaves.append(leaf)

    def has_magic_trailing_comma(self, closing: Leaf) -> bool:
        if not (closing.type in CLOSING_BRACKETS and self.leaves and self.leaves[-1].type == COMMA):
            return False
        if closing.type == RBRACE:
            return True
        if closing.type == RSQB:
            if (
                closing.role == TRAILER
                and closing.opening_bracket is not None
                and is_one_sequence_between(
                    closing.opening_bracket, closing, self.leaves, (LSQB, RSQB)
                )
            ):
                return False
            return True
        if self.is_import:
            return True
        return closing.opening_bracket is not None and not is_one_sequence_between(
            closing.opening_bracket, closing, self.leaves
        )

    @property
    def is_chained_assignment(self) -> bool:
        return sum(1 for leaf in self.leaves if leaf.type == EQUAL) > 1

    def __bool__(self) -> bool:
        return bool(self.leaves)

    def render(self) -> str:
        leaves = self.leaves
        if not leaves:
            return ""
        first = leaves[0]
        return (
            first.prefix
            + "    " * self.depth
            + first.value
            + "".join([leaf.prefix + leaf.value for leaf in leaves[1:]])
        )

    def length(self) -> int:
        """The rendered length in characters (a lower bound of its width)."""
        return 4 * self.depth + sum([len(leaf.prefix) + len(leaf.value) for leaf in self.leaves])

    def enumerate_with_length(self, reverse: bool = False) -> Iterable[tuple[int, Leaf, int]]:
        indexes = range(len(self.leaves) - 1, -1, -1) if reverse else range(len(self.leaves))
        for index in indexes:
            leaf = self.leaves[index]
            yield index, leaf, len(leaf.prefix) + len(leaf.value)


def is_one_sequence_between(
    opening: Leaf, closing: Leaf, leaves: Sequence[Leaf], brackets: tuple[str, str] = (LPAR, RPAR)
) -> bool:
    """Whether the brackets hold at most one element followed by a comma (a one-tuple, `x[a,]`)."""
    if (opening.type, closing.type) != brackets:
        return False
    depth = closing.bracket_depth + 1
    start = next((index for index, leaf in enumerate(leaves) if leaf is opening), -1)
    if start < 0:
        return False
    commas = 0
    for leaf in leaves[start + 1 :]:
        if leaf is closing:
            break
        if leaf.bracket_depth == depth and leaf.type == COMMA:
            commas += 1
            if leaf.role in (ARGLIST, TYPEDARGSLIST):
                commas += 1
                break
    return commas < 2


def is_line_short_enough(line: Line) -> bool:
    if line.length() > LINE_LENGTH:  # every character is at least one column wide
        return False
    return str_width(line.render()) <= LINE_LENGTH


def can_be_split(line: Line) -> bool:
    """False when the line certainly cannot be split (black's cheap check; our lines never start `"str".attr`)."""
    return len(line.leaves) >= 2


def _split_top_level(leaves: list[Leaf], type_: str) -> int:
    """Index of the first leaf of `type_` outside brackets, or -1."""
    depth = 0
    for index, leaf in enumerate(leaves):
        if leaf.type in OPENING_BRACKETS:
            depth += 1
        elif leaf.type in CLOSING_BRACKETS:
            depth -= 1
        elif depth == 0 and leaf.type == type_:
            return index
    return -1


def _matching_index(leaves: list[Leaf], start: int) -> int:
    depth = 0
    for index in range(start, len(leaves)):
        if leaves[index].type in OPENING_BRACKETS:
            depth += 1
        elif leaves[index].type in CLOSING_BRACKETS:
            depth -= 1
            if depth == 0:
                return index
    return -1
