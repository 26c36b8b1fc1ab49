"""A fast path for JSON literals: a list or dict display split the way black splits it, without running the general
procedure on each element."""

from __future__ import annotations



from .lines import (
    ATOM, CLOSING_BRACKETS, COLON, COMMA, EQUAL, LBRACE, LPAR, LSQB, Leaf, Line, MINUS, NAME, NUMBER,
    OPENING_BRACKETS, RBRACE, RPAR, RSQB, STRING, TRAILER, _matching_index, _split_top_level, is_line_short_enough,
)

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
