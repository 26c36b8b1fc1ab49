"""black's transforms of a line that is too long: the delimiter split and the right- and left-hand splits at a
bracket pair, with optional parentheses made visible or omitted (names follow black's `linegen.py`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence


from .lines import (
    ATOM, BRACKETS, CLOSING_BRACKETS, COMMA, COMMA_PRIORITY, CannotSplit, EQUAL, IMPORT, LINE_LENGTH, LPAR, Leaf,
    Line, OPENING_BRACKETS, RBRACE, RPAR, RSQB, TRAILER, _CLOSING_OF, can_be_split, is_line_short_enough,
    is_one_sequence_between, str_width,
)
from .literals import _is_literal_element, _literal_lines

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
