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
"""

from __future__ import annotations

import keyword
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from .python_syntax import py_literal, py_str

LINE_LENGTH = 88

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

    def __str__(self) -> str:
        return self.prefix + self.value

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


def is_line_short_enough(line: Line, line_str: str | None = None) -> bool:
    if line_str is None:
        if line.length() > LINE_LENGTH:  # every character is at least one column wide
            return False
        line_str = line.render()
    return str_width(line_str) <= LINE_LENGTH


def can_be_split(line: Line) -> bool:
    """False when the line certainly cannot be split (black's cheap check; our lines never start `"str".attr`)."""
    return len(line.leaves) >= 2


# -- splitting --------------------------------------------------------------------------------------------------


def transform_line(line: Line) -> list[Line]:
    if not line.should_split_rhs and not line.magic_trailing_comma and is_line_short_enough(line):
        return [line]
    if line.inside_brackets and not line.should_split_rhs and _is_literal_element(line.leaves):
        return _literal_lines(line)
    line_str = line.render()
    if line.is_def:
        transformers = [left_hand_split]
    elif line.inside_brackets:
        transformers = [delimiter_split, right_hand_split_with_omits]
    else:
        transformers = [right_hand_split_with_omits]
    for transform in transformers:
        try:
            return run_transformer(line, transform, line_str)
        except CannotSplit:
            continue
    return [line]


def run_transformer(
    line: Line, transform, line_str: str, force_optional_parens: bool = False
) -> list[Line]:
    optional_parens = [bracket for bracket in line.tracker.invisible if bracket.bracket_depth == 0]
    result: list[Line] = []
    for transformed in transform(line, force_optional_parens):
        if (
            len(transformed.leaves) == len(line.leaves)
            and transformed.depth == line.depth
            and transformed.render() == line_str
        ):
            raise CannotSplit("the transform returned the line unchanged")
        result.extend(transform_line(transformed))
    if (
        force_optional_parens
        or transform is not right_hand_split_with_omits
        or not line.tracker.invisible
        or any(bracket.value for bracket in optional_parens)
        or is_line_short_enough(result[0])
    ):
        return result
    # black's second opinion: the same split with optional parentheses kept, on a fresh copy of the leaves.
    copy = Line(line.depth, line.inside_brackets)
    copy.should_split_rhs = line.should_split_rhs
    copy.magic_trailing_comma = line.magic_trailing_comma
    for index, leaf in enumerate(line.leaves):
        fresh = Leaf(leaf.type, leaf.value, "" if index == 0 else leaf.canonical_prefix, leaf.role)
        fresh.canonical_prefix = leaf.canonical_prefix
        copy.append(fresh, preformatted=False)
    second = run_transformer(copy, transform, line_str, force_optional_parens=True)
    if all(is_line_short_enough(item) for item in second):
        return second
    return result


def delimiter_split(line: Line, _force: bool = False) -> list[Line]:
    """One line per element at the line's highest-priority delimiter, with a trailing comma for comma splits."""
    if not line.leaves:
        raise CannotSplit("empty line")
    last_leaf = line.leaves[-1]
    tracker = line.tracker
    try:
        priority = tracker.max_delimiter_priority(exclude={id(last_leaf)})
    except ValueError:
        raise CannotSplit("no delimiters") from None
    lines: list[Line] = []
    current = Line(line.depth, line.inside_brackets)
    for leaf in line.leaves:
        current.append(leaf, preformatted=True)
        if tracker.delimiters.get(id(leaf)) == priority:
            lines.append(current)
            current = Line(line.depth, line.inside_brackets)
    if current:
        if priority == COMMA_PRIORITY and current.leaves[-1].type != COMMA:
            current.append(Leaf(COMMA, ",", ""), preformatted=True)
        lines.append(current)
    for item in lines:
        item.leaves[0].prefix = ""  # black's dont_increase_indentation
    return lines


def _bracket_split_build_line(
    leaves: list[Leaf], original: Line, opening: Leaf, component: str
) -> Line:
    result = Line(original.depth)
    if component == "body":
        result.inside_brackets = True
        result.depth += 1
        if leaves and _ensure_trailing_comma(leaves, original, opening):
            for index in range(len(leaves) - 1, -1, -1):
                if leaves[index].type != COMMA:
                    leaves.insert(index + 1, Leaf(COMMA, ",", ""))
                break
    track = _leaves_inside_matching_brackets(leaves) if component == "head" else set()
    for leaf in leaves:
        result.append(leaf, preformatted=True, track_bracket=id(leaf) in track)
    if component == "body" and _should_split_line(result, opening):
        result.should_split_rhs = True
    return result


def _ensure_trailing_comma(leaves: list[Leaf], original: Line, opening: Leaf) -> bool:
    if original.is_import:
        return True
    if not original.is_def or opening.value != "(":
        return False
    return not any(leaf.type == COMMA for leaf in leaves)


def _leaves_inside_matching_brackets(leaves: Sequence[Leaf]) -> set[int]:
    ids: set[int] = set()
    start = next(
        (index for index, leaf in enumerate(leaves) if leaf.type in OPENING_BRACKETS), None
    )
    if start is None:
        return ids
    stack: list[tuple[str, list[int]]] = []
    for leaf in leaves[start:]:
        if leaf.type in OPENING_BRACKETS:
            stack.append((_CLOSING_OF[leaf.type], [id(leaf)]))
        elif leaf.type in CLOSING_BRACKETS:
            if stack and leaf.type == stack[-1][0]:
                _, level = stack.pop()
                level.append(id(leaf))
                ids.update(level)
            else:
                break
        elif stack:
            stack[-1][1].append(id(leaf))
    return ids


def _should_split_line(line: Line, opening: Leaf) -> bool:
    """Whether a bracket's body must go one element per line right away (a display or an import with commas)."""
    if opening.value not in "[{(":  # note: also true for invisible parens, as in black
        return False
    exclude: set[int] = set()
    trailing_comma = False
    if not line.leaves:
        return False
    last = line.leaves[-1]
    if last.type == COMMA:
        trailing_comma = True
        exclude.add(id(last))
    try:
        priority = line.tracker.max_delimiter_priority(exclude=exclude)
    except ValueError:
        return False
    return priority == COMMA_PRIORITY and (trailing_comma or opening.role in (ATOM, IMPORT))


def left_hand_split(line: Line, _force: bool = False) -> list[Line]:
    """Split a def at its parameter list."""
    head: list[Leaf] = []
    body: list[Leaf] = []
    tail: list[Leaf] = []
    current = head
    matching: Leaf | None = None
    for leaf in line.leaves:
        if (
            current is body
            and leaf.type in CLOSING_BRACKETS
            and leaf.opening_bracket is matching
            and matching
        ):
            _ensure_visible(leaf)
            _ensure_visible(matching)
            current = tail if body else head
        current.append(leaf)
        if current is head and leaf.type == LPAR:
            matching = leaf
            current = body
    if not matching or not tail:
        raise CannotSplit("no brackets found")
    head_line = _bracket_split_build_line(head, line, matching, "head")
    body_line = _bracket_split_build_line(body, line, matching, "body")
    tail_line = _bracket_split_build_line(tail, line, matching, "tail")
    _bracket_split_succeeded_or_raise(head_line, body_line, tail_line)
    return [item for item in (head_line, body_line, tail_line) if item]


def _bracket_split_succeeded_or_raise(head: Line, body: Line, tail: Line) -> None:
    tail_len = len(tail.render().strip())
    if not body:
        if tail_len == 0:
            raise CannotSplit("the split produced the same line")
        if tail_len < 3:
            raise CannotSplit("splitting brackets on an empty body is not worth it")


def _ensure_visible(leaf: Leaf) -> None:
    if leaf.type == LPAR:
        leaf.value = "("
    elif leaf.type == RPAR:
        leaf.value = ")"


class RHSResult:
    __slots__ = ("head", "body", "tail", "opening", "closing")

    def __init__(self, head: Line, body: Line, tail: Line, opening: Leaf, closing: Leaf):
        self.head, self.body, self.tail, self.opening, self.closing = (
            head,
            body,
            tail,
            opening,
            closing,
        )


def _first_right_hand_split(line: Line, omit: Iterable[int] = ()) -> RHSResult:
    omitted = set(omit)
    tail: list[Leaf] = []
    body: list[Leaf] = []
    head: list[Leaf] = []
    current = tail
    opening: Leaf | None = None
    closing: Leaf | None = None
    for leaf in reversed(line.leaves):
        if current is body and leaf is opening:
            current = head if body else tail
        current.append(leaf)
        if current is tail and leaf.type in CLOSING_BRACKETS and id(leaf) not in omitted:
            opening = leaf.opening_bracket
            closing = leaf
            current = body
    if not (opening and closing and head):
        raise CannotSplit("no brackets found")
    tail.reverse()
    body.reverse()
    head.reverse()
    head_line = _bracket_split_build_line(head, line, opening, "head")
    body_line = _bracket_split_build_line(body, line, opening, "body")
    tail_line = _bracket_split_build_line(tail, line, opening, "tail")
    _bracket_split_succeeded_or_raise(head_line, body_line, tail_line)
    return RHSResult(head_line, body_line, tail_line, opening, closing)


def right_hand_split(
    line: Line, force_optional_parens: bool, omit: Iterable[int] = ()
) -> list[Line]:
    rhs = _first_right_hand_split(line, omit)
    return _maybe_split_omitting_optional_parens(rhs, line, force_optional_parens, omit)


def _maybe_split_omitting_optional_parens(
    rhs: RHSResult, line: Line, force_optional_parens: bool, omit: Iterable[int] = ()
) -> list[Line]:
    if (
        not force_optional_parens
        and rhs.opening.type == LPAR
        and not rhs.opening.value
        and rhs.closing.type == RPAR
        and not rhs.closing.value
        and not line.is_import
        and _can_omit_invisible_parens(rhs)
    ):
        omit = {id(rhs.closing), *omit}
        try:
            rhs_oop = _first_right_hand_split(line, omit)
            if _prefer_split_rhs_oop_over_rhs(rhs_oop, rhs):
                return _maybe_split_omitting_optional_parens(
                    rhs_oop, line, force_optional_parens, omit
                )
        except CannotSplit as error:
            if line.is_chained_assignment:
                pass
            elif not can_be_split(rhs.body) and not is_line_short_enough(rhs.body):
                raise CannotSplit("the body is still too long and cannot be split") from error
    _ensure_visible(rhs.opening)
    _ensure_visible(rhs.closing)
    return [item for item in (rhs.head, rhs.body, rhs.tail) if item]


def _prefer_split_rhs_oop_over_rhs(rhs_oop: RHSResult, rhs: RHSResult) -> bool:
    """Whether splitting at the last real bracket reads better than splitting at the optional parentheses."""
    head = rhs.head.leaves
    if not (len(head) >= 2 and head[-2].type == EQUAL):
        return True
    if not any(leaf.type in BRACKETS for leaf in head[:-1]):
        return True
    if str_width(rhs.head.render()) > LINE_LENGTH - 1:
        return True
    if rhs.head.magic_trailing_comma is not None:
        return True
    rhs_head_equals = sum(1 for leaf in head if leaf.type == EQUAL)
    oop_head_equals = sum(1 for leaf in rhs_oop.head.leaves if leaf.type == EQUAL)
    if rhs_head_equals > 1 and rhs_head_equals > oop_head_equals:
        return False
    has_closing_bracket_after_assign = False
    for leaf in reversed(rhs_oop.head.leaves):
        if leaf.type == EQUAL:
            break
        if leaf.type in CLOSING_BRACKETS:
            has_closing_bracket_after_assign = True
            break
    return has_closing_bracket_after_assign or (
        any(leaf.type == EQUAL for leaf in rhs_oop.head.leaves)
        and is_line_short_enough(rhs_oop.head)
    )


def _can_omit_invisible_parens(rhs: RHSResult) -> bool:
    """Whether the body has a shape that reads well without its optional parentheses."""
    line = rhs.body
    tracker = line.tracker
    if not tracker.delimiters:
        return True
    priority = tracker.max_delimiter_priority()
    if tracker.delimiter_count_with_priority(priority) > 1:
        return False
    if len(line.leaves) < 2:  # pragma: no cover - black asserts this cannot happen
        return False
    first, second = line.leaves[0], line.leaves[1]
    if first.type in OPENING_BRACKETS and second.type not in CLOSING_BRACKETS:
        if _can_omit_opening_paren(line, first):
            return True
    penultimate, last = line.leaves[-2], line.leaves[-1]
    if last.type in (RPAR, RBRACE) or (last.type == RSQB and last.role != TRAILER):
        if penultimate.type in OPENING_BRACKETS:
            return False
        if _can_omit_closing_paren(line, last):
            return True
    return False


def _can_omit_opening_paren(line: Line, first: Leaf) -> bool:
    remainder = False
    length = 4 * line.depth
    index = -1
    for index, leaf, leaf_length in line.enumerate_with_length():
        if leaf.type in CLOSING_BRACKETS and leaf.opening_bracket is first:
            remainder = True
        if remainder:
            length += leaf_length
            if length > LINE_LENGTH:
                break
            if leaf.type in OPENING_BRACKETS:
                remainder = False
    else:
        if len(line.leaves) == index + 1:
            return True
    return False


def _can_omit_closing_paren(line: Line, last: Leaf) -> bool:
    length = 4 * line.depth
    seen_other_brackets = False
    for _, leaf, leaf_length in line.enumerate_with_length():
        length += leaf_length
        if leaf is last.opening_bracket:
            if seen_other_brackets or length <= LINE_LENGTH:
                return True
        elif leaf.type in OPENING_BRACKETS:
            seen_other_brackets = True
    return False


def _generate_trailers_to_omit(line: Line) -> Iterable[set[int]]:
    """Growing sets of trailing bracket pairs to glue to the tail, so that an earlier bracket is split instead."""
    omit: set[int] = set()
    if not line.magic_trailing_comma:
        yield omit
    length = 4 * line.depth
    opening: Leaf | None = None
    closing: Leaf | None = None
    inner: set[int] = set()
    for index, leaf, leaf_length in line.enumerate_with_length(reverse=True):
        length += leaf_length
        if length > LINE_LENGTH:
            break
        if opening:
            if leaf is opening:
                opening = None
            elif leaf.type in CLOSING_BRACKETS:
                if _closes_after_magic_comma(line, index, leaf):
                    break
                inner.add(id(leaf))
        elif leaf.type in CLOSING_BRACKETS:
            previous = line.leaves[index - 1] if index > 0 else None
            if previous and previous.type in OPENING_BRACKETS:
                inner.add(id(leaf))
                continue
            if closing:
                omit.add(id(closing))
                omit.update(inner)
                inner.clear()
                yield omit
            if _closes_after_magic_comma(line, index, leaf):
                break
            if leaf.value:
                opening = leaf.opening_bracket
                closing = leaf


def _closes_after_magic_comma(line: Line, index: int, closing: Leaf) -> bool:
    """Whether the bracket `closing` (leaf `index` of `line`) follows a comma and holds more than one item: a
    magic trailing comma, which stops black from gluing more trailers to the tail."""
    previous = line.leaves[index - 1] if index > 0 else None
    return (
        previous is not None
        and previous.type == COMMA
        and closing.opening_bracket is not None
        and not is_one_sequence_between(closing.opening_bracket, closing, line.leaves)
    )


def right_hand_split_with_omits(line: Line, force_optional_parens: bool = False) -> list[Line]:
    first_lines: list[Line] | None = None
    prefix_lengths: dict[int, int] = {}
    length = 4 * line.depth
    for leaf in line.leaves:
        prefix_lengths[id(leaf)] = length
        length += len(leaf.prefix) + len(leaf.value)
    for omit in _generate_trailers_to_omit(line):
        if omit:
            target: Leaf | None = None
            for leaf in reversed(line.leaves):
                if leaf.type in CLOSING_BRACKETS and id(leaf) not in omit:
                    target = leaf.opening_bracket
                    break
            if (
                target is not None
                and target.value
                and prefix_lengths.get(id(target), 0) > LINE_LENGTH
            ):
                continue
        lines = right_hand_split(line, force_optional_parens, omit)
        if first_lines is None and not omit:
            first_lines = lines
        if is_line_short_enough(lines[0]):
            return lines
    if first_lines is not None:
        return first_lines
    return right_hand_split(line, force_optional_parens)


# -- JSON literals, fast ------------------------------------------------------------------------------------------
#
# Most of a generated module is JSON data (the schema, metadata, defaults). For one element of a list or dict display
# (`"key": value,` or `value,`) made of literals only, black's general procedure always ends the same way, so it is
# done directly here, without bracket tracking: the element stays as it is if it fits and holds no magic trailing
# comma; otherwise it splits at its value's brackets (delimiter split finds no delimiter but the trailing comma, and
# the right hand split has no optional parens or other trailers to try), the head and tail stay as they are, and the
# body is split one element per line when it is a display with commas, else treated as one element again.

_LITERAL_NAMES = frozenset({"True", "False", "None", "float"})


def _is_literal_element(leaves: list[Leaf]) -> bool:
    depth = 0
    last = len(leaves) - 1
    for index, leaf in enumerate(leaves):
        kind = leaf.type
        if kind in OPENING_BRACKETS or kind in CLOSING_BRACKETS:
            if not leaf.value or not (
                leaf.role == ATOM or (leaf.role == TRAILER and kind in (LPAR, RPAR))
            ):
                return False
            depth += 1 if kind in OPENING_BRACKETS else -1
        elif kind == COMMA:
            if depth == 0 and index != last:
                return False
        elif kind == NAME:
            if leaf.value not in _LITERAL_NAMES:
                return False
        elif kind not in (STRING, NUMBER, COLON, MINUS):
            return False
    return True


def _has_magic_literal_comma(leaves: list[Leaf]) -> bool:
    """A comma right before `]` or `}` (a display's: always magic; literals have no subscripts)."""
    return any(
        leaf.type == COMMA and following.type in (RSQB, RBRACE)
        for leaf, following in zip(leaves, leaves[1:])
    )


def _plain_line(leaves: list[Leaf], depth: int, inside_brackets: bool) -> Line:
    line = Line(depth, inside_brackets)
    line.leaves = leaves
    return line


def _literal_lines(line: Line) -> list[Line]:
    leaves = line.leaves
    if not _has_magic_literal_comma(leaves) and is_line_short_enough(line):
        return [line]
    close = next(
        (
            index
            for index in range(len(leaves) - 1, -1, -1)
            if leaves[index].type in CLOSING_BRACKETS
        ),
        -1,
    )
    if close < 0:
        return [line]  # a long scalar cannot be split
    depth = 0
    open_ = close
    while True:
        kind = leaves[open_].type
        depth += 1 if kind in CLOSING_BRACKETS else -1 if kind in OPENING_BRACKETS else 0
        if depth == 0:
            break
        open_ -= 1
    body = leaves[open_ + 1 : close]
    if not body:
        return [line]  # black does not split empty brackets to save one or two characters
    result = [_plain_line(leaves[: open_ + 1], line.depth, False)]
    opening = leaves[open_]
    inner = line.depth + 1
    if opening.role == ATOM and _has_inner_comma(body):
        for element in _elements(body):
            result.extend(_literal_lines(_plain_line(element, inner, True)))
    else:
        result.extend(_literal_lines(_plain_line(list(body), inner, True)))
    result.append(_plain_line(leaves[close:], line.depth, False))
    return result


def _has_inner_comma(body: list[Leaf]) -> bool:
    """Whether the body has a comma between elements (not only a trailing one)."""
    return _split_top_level(body[:-1], COMMA) >= 0


def _elements(body: list[Leaf]) -> list[list[Leaf]]:
    """One element per list, each ending with its comma (a trailing comma added to the last, as black does)."""
    elements: list[list[Leaf]] = []
    current: list[Leaf] = []
    depth = 0
    for leaf in body:
        current.append(leaf)
        if leaf.type in OPENING_BRACKETS:
            depth += 1
        elif leaf.type in CLOSING_BRACKETS:
            depth -= 1
        elif depth == 0 and leaf.type == COMMA:
            elements.append(current)
            current = []
    if current:
        current.append(Leaf(COMMA, ",", ""))
        elements.append(current)
    for element in elements:
        element[0].prefix = ""
    return elements


def _literal_assignment(leaves: list[Leaf], depth: int) -> list[str] | None:
    """`target = {...}` or `target = [...]` with a literal display that does not fit, laid out directly: black
    splits it at the display's brackets whenever `target = {` fits (omitting the optional parens is always preferred
    then, no other trailer fits, and the commas it adds change nothing in its second pass). None for anything else.
    """
    equal = next((index for index, leaf in enumerate(leaves) if leaf.type == EQUAL), -1)
    if equal < 0 or len(leaves) < equal + 5:
        return None
    opening_paren, opening, closing, closing_paren = (
        leaves[equal + 1],
        leaves[equal + 2],
        leaves[-2],
        leaves[-1],
    )
    if not (
        opening_paren.type == LPAR
        and opening_paren.optional
        and closing_paren.type == RPAR
        and closing_paren.optional
        and opening.type in (LSQB, LBRACE)
        and opening.role == ATOM
        and _matching_index(leaves, equal + 2) == len(leaves) - 2
        and _is_literal_element(leaves[equal + 2 : -1])
        and not _has_magic_literal_comma(leaves)
    ):
        return None
    if is_line_short_enough(_plain_line(leaves, depth, False)):
        return None  # it fits (a `,]` inside a string sent it here): black keeps it on one line
    head = _plain_line(leaves[: equal + 3], depth, False)
    if not is_line_short_enough(head):
        return None  # black would go on to split the target's own brackets
    body = leaves[equal + 3 : -2]
    if not body:
        return None
    lines = [head]
    if _has_inner_comma(body):
        for element in _elements(body):
            lines.extend(_literal_lines(_plain_line(element, depth + 1, True)))
    else:
        lines.extend(_literal_lines(_plain_line(list(body), depth + 1, True)))
    lines.append(_plain_line([closing, closing_paren], depth, False))
    return [line.render() for line in lines]


# -- parsing the flat text ---------------------------------------------------------------------------------------

_TOKEN = re.compile(
    r"""
    (?P<space>[ ]+)
    | (?P<string>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')
    | (?P<number>(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][-+]?\d+)?[jJ]?)
    | (?P<name>[^\W\d]\w*)
    | (?P<op>->|[()\[\]{},:=|.\-])
    """,
    re.VERBOSE,
)


# Keywords the supported statements use; any other keyword means a construct outside the subset.
_STATEMENT_KEYWORDS = frozenset(
    {"from", "import", "return", "def", "class", "True", "False", "None"}
)
_OTHER_KEYWORDS = frozenset(keyword.kwlist) - _STATEMENT_KEYWORDS


def _tokens(text: str) -> list[tuple[str, str, str]]:
    """(type, value, whitespace before) for each token of canonically spaced flat text."""
    result: list[tuple[str, str, str]] = []
    position = 0
    space = ""
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None:
            raise Unsupported(f"cannot lay out {text[position:position + 20]!r}")
        position = match.end()
        kind = match.lastgroup
        value = match.group()
        if kind == "space":
            space = value
            continue
        if kind == "string":
            result.append((STRING, value, space))
        elif kind == "number":
            result.append((NUMBER, value, space))
        elif kind == "name":
            if value in _OTHER_KEYWORDS:
                raise Unsupported(f"keyword {value!r}")
            result.append((NAME, value, space))
        else:
            result.append((value, value, space))
        space = ""
    return result


_KEYWORDS = frozenset(
    {"return", "import", "from", "in", "not", "and", "or", "is", "if", "else", "del", "assert"}
)


def _build_leaves(tokens: list[tuple[str, str, str]]) -> list[Leaf]:
    """Leaves with the bracket and comma roles black derives from its syntax tree."""
    leaves: list[Leaf] = []
    stack: list[Leaf] = []
    previous: Leaf | None = None
    for type_, value, prefix in tokens:
        leaf = Leaf(type_, value, prefix)
        if type_ in OPENING_BRACKETS:
            follows_value = previous is not None and (
                (previous.type == NAME and previous.value not in _KEYWORDS)
                or previous.type == STRING
                or previous.type in CLOSING_BRACKETS
            )
            leaf.role = TRAILER if follows_value and type_ != LBRACE else ATOM
            stack.append(leaf)
        elif type_ in CLOSING_BRACKETS:
            if not stack or stack[-1].type != MATCHING[type_]:
                raise Unsupported("unbalanced brackets")
            leaf.role = stack.pop().role
        elif type_ == COMMA:
            enclosing = stack[-1] if stack else None
            if enclosing is None:
                leaf.role = OTHER  # only an import's names may have top-level commas (statement_line checks)
            elif enclosing.role == TRAILER:
                leaf.role = ARGLIST if enclosing.type == LPAR else SUBSCRIPTLIST
            else:
                leaf.role = enclosing.role if enclosing.role in (TYPEDARGSLIST,) else OTHER
        leaves.append(leaf)
        previous = leaf
    if stack:
        raise Unsupported("unbalanced brackets")
    return leaves


def _invisible_pair(inner: list[Leaf], role: str = ATOM) -> list[Leaf]:
    """`inner` wrapped in black's invisible parens; the space before `inner` moves to the paren, as in black."""
    if not inner:
        return inner
    opening = Leaf(LPAR, "", inner[0].prefix, role, optional=True)
    inner[0].prefix = inner[0].canonical_prefix = ""
    return [opening, *inner, Leaf(RPAR, "", "", role, optional=True)]


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


def _wrap_value(leaves: list[Leaf]) -> list[Leaf]:
    """An expression after `=`, `:`, `return` or `->`, wrapped in invisible parens unless it is an empty tuple."""
    if len(leaves) == 2 and leaves[0].type == LPAR and leaves[1].type == RPAR:
        return leaves
    if (
        leaves
        and leaves[0].type == LPAR
        and leaves[0].role == ATOM
        and _matching_index(leaves, 0) == len(leaves) - 1
    ):
        raise Unsupported("parenthesized expressions are not laid out")
    return _invisible_pair(leaves)


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


def statement_leaves(text: str) -> list[Leaf]:
    """The leaves black builds for one statement, with its invisible parentheses."""
    leaves = _build_leaves(_tokens(text))
    if not leaves:
        raise Unsupported("empty statement")
    first = leaves[0]
    is_import = is_def = False
    if first.type == NAME and first.value == "from":
        at = next(
            (i for i, leaf in enumerate(leaves) if leaf.type == NAME and leaf.value == "import"), -1
        )
        if at < 0 or at == len(leaves) - 1:
            raise Unsupported("import without names")
        names = leaves[at + 1 :]
        for leaf in names:
            if leaf.type in BRACKETS:
                raise Unsupported("parenthesized import")
        leaves = leaves[: at + 1] + _invisible_pair(names, IMPORT)
        is_import = True
    elif first.type == NAME and first.value == "return":
        leaves = leaves[:1] + _wrap_value(leaves[1:])
    elif first.type == NAME and first.value == "def":
        leaves = _def_leaves(leaves)
        is_def = True
    elif first.type == NAME and first.value == "class":
        if len(leaves) > 2 and leaves[2].type == LPAR:
            end = _matching_index(leaves, 2)
            leaves[2].role = leaves[end].role = CLASSDEF
    else:
        leaves = _assignment_leaves(leaves)
    if not is_import and _split_top_level(leaves, COMMA) >= 0:
        raise Unsupported("a tuple")
    if is_import or is_def:
        first.role = KEYWORD
    first.prefix = first.canonical_prefix = ""
    return leaves


def logical_line(leaves: list[Leaf], depth: int) -> Line:
    """A statement's leaves as one line, bracket roles given to commas (including commas a split added)."""
    line = Line(depth)
    enclosing: list[Leaf] = []
    for leaf in leaves:
        if leaf.type in OPENING_BRACKETS:
            enclosing.append(leaf)
        elif leaf.type in CLOSING_BRACKETS:
            enclosing.pop()
        elif leaf.type == COMMA:
            leaf.role = (
                _COMMA_ROLES.get((enclosing[-1].role, enclosing[-1].type), OTHER)
                if enclosing
                else OTHER
            )
        line.append(leaf, preformatted=False)
    return line


_COMMA_ROLES = {
    (TRAILER, LPAR): ARGLIST,
    (TRAILER, LSQB): SUBSCRIPTLIST,
    (PARAMETERS, LPAR): TYPEDARGSLIST,
    (CLASSDEF, LPAR): ARGLIST,
}


def _assignment_leaves(leaves: list[Leaf]) -> list[Leaf]:
    equal = _split_top_level(leaves, EQUAL)
    target = leaves if equal < 0 else leaves[:equal]
    colon = _split_top_level(target, COLON)
    if colon >= 0:
        target = target[: colon + 1] + _wrap_value(target[colon + 1 :])
    if equal < 0:
        return target
    if _split_top_level(leaves[equal + 1 :], EQUAL) >= 0:
        raise Unsupported("chained assignment")
    return target + [leaves[equal]] + _wrap_value(leaves[equal + 1 :])


def _def_leaves(leaves: list[Leaf]) -> list[Leaf]:
    """`def name(a: T, b: U) -> R:` with invisible parens around each parameter annotation and the return type."""
    if len(leaves) < 4 or leaves[2].type != LPAR or leaves[-1].type != COLON:
        raise Unsupported("unexpected def")
    end = _matching_index(leaves, 2)
    leaves[2].role = leaves[end].role = PARAMETERS
    params = leaves[3:end]
    rebuilt: list[Leaf] = list(leaves[:3])
    start = 0
    depth = 0
    for index in range(len(params) + 1):
        leaf = params[index] if index < len(params) else None
        if leaf is not None and leaf.type in OPENING_BRACKETS:
            depth += 1
        elif leaf is not None and leaf.type in CLOSING_BRACKETS:
            depth -= 1
        if leaf is None or (depth == 0 and leaf.type == COMMA):
            param = params[start:index]
            colon = _split_top_level(param, COLON)
            if _split_top_level(param, EQUAL) >= 0:
                raise Unsupported("parameter defaults")
            if colon >= 0 and _wrapped_in_signature(param[colon + 1 :]):
                # black's visit_tname: only a union or a display gets optional parens in a signature
                param = param[: colon + 1] + _invisible_pair(param[colon + 1 :])
            rebuilt.extend(param)
            if leaf is not None:
                leaf.role = TYPEDARGSLIST
                rebuilt.append(leaf)
            start = index + 1
    rebuilt.append(leaves[end])
    rest = leaves[end + 1 : -1]
    if rest:
        if rest[0].type != RARROW:
            raise Unsupported("unexpected def")
        rebuilt.append(rest[0])
        rebuilt.extend(_invisible_pair(rest[1:]))
    rebuilt.append(leaves[-1])
    return rebuilt


def _wrapped_in_signature(annotation: list[Leaf]) -> bool:
    if _split_top_level(annotation, VBAR) >= 0:
        return True
    return (
        bool(annotation)
        and annotation[0].type in (LSQB, LBRACE)
        and _matching_index(annotation, 0) == len(annotation) - 1
    )


_MAGIC_COMMA = re.compile(r",\s*[)\]}]")


def layout(text: str, depth: int = 0) -> list[str]:
    """The physical lines (indented, without newlines) black prints for the statement `text` at `depth`.

    `text` must be one statement in canonical flat spacing (single spaces around `=` and `|`, after `,` and `:`, none
    inside brackets or around keyword `=`). Raises Unsupported for text outside the supported subset.
    """
    if str_width(text) + 4 * depth <= LINE_LENGTH and not _MAGIC_COMMA.search(text):
        # Fast path: a line that fits and has no trailing comma is printed as is (black joins nothing here).
        return ["    " * depth + text]
    leaves = statement_leaves(text)
    literal = _literal_assignment(leaves, depth)
    if literal is not None:
        return literal
    previous: list[str] | None = None
    for _ in range(_MAX_PASSES):
        lines = transform_line(logical_line(leaves, depth))
        rendered = [item.render() for item in lines]
        joined = [leaf for line in lines for leaf in line.leaves]
        if rendered == previous or len(joined) == len(leaves):
            return rendered  # stable, or no comma was added: black's second pass would see the same line
        # black.format_str formats its own output once more: the commas it added are now magic trailing commas,
        # which can change its choices. The text is stable once a pass changes nothing.
        previous = rendered
        leaves = [leaf.fresh(first=index == 0) for index, leaf in enumerate(joined)]
    raise Unsupported("no stable layout")


_MAX_PASSES = 4


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


def literal_text(value: Any) -> str:
    """`py_literal(value)` (what `assignment_lines` lays out), for the caller's fallback statement."""
    return _literal(value).text


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
