"""The one document printer every language's layout uses: prettier 3's documents and printer (`src/document/`).

Documents are groups, lines, indents, alignments, fills and conditional groups; `print_doc` fits them into a
width exactly as prettier's printDocToString does. A `Style` says what differs per language: the width, the
indentation unit and how wide a character is. Each language's rules (targets/<lang>/layout.py) build documents
from that language's syntax; `layout.markup` lets templates and views place documents inside rendered text, which
is then laid out where each whole line is visible.
"""

from __future__ import annotations

import itertools
import unicodedata
from dataclasses import dataclass
from typing import Any, Union

PRINT_WIDTH = 80
TAB_WIDTH = 2

# ---------------------------------------------------------------------------------------------------------------
# Documents (prettier: src/document/builders)
# ---------------------------------------------------------------------------------------------------------------

_group_ids = itertools.count(1)


@dataclass(eq=False)
class Group:
    contents: Any
    brk: Any = False  # True, "propagated" or False, as in prettier
    expanded_states: list | None = None
    id: int | None = None


@dataclass(eq=False)
class Indent:
    contents: Any


@dataclass(eq=False)
class Align:
    width: int
    contents: Any


@dataclass(eq=False)
class IndentTo:
    """Its contents indented by exactly `indent` (a string), whatever encloses it: a line of rendered text whose
    own leading white space sets the indentation of the documents on it."""

    indent: str
    contents: Any


@dataclass(eq=False)
class Line:
    soft: bool = False
    hard: bool = False
    literal: bool = False  # a hard line that starts the next line at column 0, with no indentation


@dataclass(eq=False)
class IfBreak:
    break_contents: Any
    flat_contents: Any = ""
    group_id: int | None = None


@dataclass(eq=False)
class IndentIfBreak:
    contents: Any
    group_id: int


@dataclass(eq=False)
class Fill:
    parts: list
    printed: int = 0  # prettier's DOC_FILL_PRINTED_LENGTH


@dataclass(eq=False)
class Label:
    label: str
    contents: Any


@dataclass(eq=False)
class Measure:
    """A document made when the printer reaches it in break mode: `build(indent, column)` (the indentation its
    lines break to, and the column it starts at) returns it. For a formatter that decides by measuring, as black
    does with its optional parentheses; in flat mode, and when `fits` measures it, it is `flat`."""

    build: Any
    flat: Any = ""


class _BreakParent:
    def __repr__(self) -> str:
        return "breakParent"


BREAK_PARENT = _BreakParent()
LINE = Line()
SOFTLINE = Line(soft=True)
HARDLINE_WITHOUT_BREAK_PARENT = Line(hard=True)
HARDLINE = [HARDLINE_WITHOUT_BREAK_PARENT, BREAK_PARENT]
LITERALLINE = [Line(hard=True, literal=True), BREAK_PARENT]

Doc = Union[
    str, list, Group, Indent, Align, IndentTo, Line, IfBreak, IndentIfBreak, Fill, Label, Measure, _BreakParent
]


@dataclass(frozen=True)
class Style:
    """What a language's layout changes in the printer: the print width, one level of indentation, and the width
    a character takes in a line (its formatter's rule)."""

    width: int
    indent: str
    char_width: Any = None  # str -> int for non-ASCII text; None: prettier's getStringWidth

    def text_width(self, text: str) -> int:
        if text.isascii():
            return len(text)
        return (self.char_width or string_width)(text)


def group(contents: Doc, should_break: bool = False, gid: int | None = None) -> Group:
    return Group(contents, should_break, None, gid)


def conditional_group(states: list) -> Group:
    return Group(states[0], False, states)


def join(separator: Doc, docs: list) -> list:
    parts: list = []
    for index, doc in enumerate(docs):
        if index:
            parts.append(separator)
        parts.append(doc)
    return parts


def new_group_id() -> int:
    return next(_group_ids)


def _children(doc: Doc, conditional: bool) -> list:
    if isinstance(doc, list):
        return doc
    if isinstance(doc, Fill):
        return doc.parts
    if isinstance(doc, Group):
        return list(doc.expanded_states) if conditional and doc.expanded_states else [doc.contents]
    if isinstance(doc, IfBreak):
        return [doc.break_contents, doc.flat_contents]
    if isinstance(doc, (Indent, Align, IndentTo, IndentIfBreak, Label)):
        return [doc.contents]
    return []


def will_break(doc: Doc) -> bool:
    """prettier's willBreak: a broken group, a hard line or a breakParent anywhere (not inside conditional states)."""
    stack = [doc]
    while stack:
        current = stack.pop()
        kind = type(current)
        if kind is str:  # most nodes: checked first, they have no children
            continue
        if kind is list:
            stack.extend(current)
        elif kind is Group:
            if current.brk:
                return True
            stack.append(current.contents)
        elif kind is Line:
            if current.hard:
                return True
        elif current is BREAK_PARENT:
            return True
        elif kind is Indent or kind is Align or kind is IndentTo or kind is IndentIfBreak or kind is Label:
            stack.append(current.contents)  # what _children gives, without the call
        else:
            stack.extend(_children(current, conditional=False))
    return False


def can_break(doc: Doc) -> bool:
    stack = [doc]
    while stack:
        current = stack.pop()
        kind = type(current)
        if kind is str:
            continue
        if kind is Line:
            return True
        if kind is list:
            stack.extend(current)
        elif kind is Indent or kind is Align or kind is IndentTo or kind is IndentIfBreak or kind is Label:
            stack.append(current.contents)  # what _children gives, without the call
        else:
            stack.extend(_children(current, conditional=False))
    return False


_LEAVES = (str, Line)  # documents without children that propagate_breaks can skip (BREAK_PARENT is not one)


def propagate_breaks(doc: Doc) -> None:
    """prettier's propagateBreaks: a hard break inside a group breaks it and its ancestors (not conditional ones).

    Each group's subtree is walked once (prettier's alreadyVisitedSet); a group met again still passes its break on
    to the group it is met in. Strings, the bulk of every document, are skipped without further work."""
    visited: set[int] = set()
    group_stack: list[Group] = []
    exit_marker = object()

    def break_parent_group() -> None:
        if group_stack:
            parent = group_stack[-1]
            if not parent.expanded_states and not parent.brk:
                parent.brk = "propagated"

    stack: list = [doc]
    while stack:
        current = stack.pop()
        kind = type(current)
        if kind is str or kind is Line:
            continue
        if kind is list:
            # Strings and lines (most parts) have nothing to propagate and are not pushed at all.
            stack.extend([part for part in reversed(current) if type(part) not in _LEAVES])
        elif kind is Indent or kind is Align or kind is IndentTo or kind is IndentIfBreak or kind is Label:
            stack.append(current.contents)  # what _children gives, without the call
        elif current is exit_marker:
            popped = group_stack.pop()
            if popped.brk:
                break_parent_group()
        elif kind is Group:
            group_stack.append(current)
            stack.append(exit_marker)
            if id(current) in visited:
                continue
            visited.add(id(current))
            if current.expanded_states:
                stack.extend(reversed(current.expanded_states))
            else:
                stack.append(current.contents)
        elif current is BREAK_PARENT:
            break_parent_group()
        else:
            stack.extend(reversed(_children(current, conditional=True)))


# ---------------------------------------------------------------------------------------------------------------
# The printer (prettier: printDocToString and fits)
# ---------------------------------------------------------------------------------------------------------------

MODE_BREAK, MODE_FLAT = "break", "flat"


def string_width(text: str) -> int:
    """prettier's getStringWidth: wide and fullwidth characters count 2, controls and combining marks 0."""
    if text.isascii():
        return len(text)
    width = 0
    for char in text:
        code = ord(char)
        if code <= 0x1F or 0x7F <= code <= 0x9F:
            continue
        if unicodedata.category(char) in ("Mn", "Me"):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def _fits(
    next_cmd: tuple,
    rest: list,
    width: int,
    group_modes: dict,
    must_be_flat: bool = False,
    text_width: Any = None,
) -> bool:
    # Indentation never matters here (the measured text ends at the first line break), so the pending commands
    # are (mode, doc) pairs; `rest` holds the printer's (indent, mode, doc) commands.
    #
    # The pending documents are a stack of bare documents measured in `mode`. The mode only changes at a group: a
    # group measured in another mode pushes a `_RestoreMode` below its contents, which puts the mode back once they
    # are measured (the same order and modes as a stack of (mode, doc) pairs, without a pair per document).
    rest_index = len(rest)
    pending_space = False
    mode = next_cmd[1]
    commands = [next_cmd[2]]
    while width >= 0:
        if not commands:
            if rest_index == 0:
                return True
            rest_index -= 1
            _indent, mode, doc = rest[rest_index]
            commands.append(doc)
            continue
        doc = commands.pop()
        kind = type(doc)
        if kind is str:
            if doc:
                if pending_space:
                    width -= 1
                    pending_space = False
                width -= len(doc) if doc.isascii() else (text_width or string_width)(doc)
        elif kind is list:
            commands.extend(reversed(doc))
        elif kind is Line:
            if mode == MODE_BREAK or doc.hard:
                return True
            if not doc.soft:
                pending_space = True
        elif kind is Group:
            if must_be_flat and doc.brk:
                return False
            group_mode = MODE_BREAK if doc.brk else mode
            contents = (
                doc.expanded_states[-1]
                if doc.expanded_states and group_mode == MODE_BREAK
                else doc.contents
            )
            if group_mode != mode:
                commands.append(_RESTORE_MODE[mode])
                mode = group_mode
            commands.append(contents)
        elif kind is _RestoreMode:
            mode = doc.mode
        elif kind is Indent or kind is Align or kind is IndentTo or kind is IndentIfBreak or kind is Label:
            commands.append(doc.contents)
        elif kind is IfBreak:
            group_mode = (group_modes.get(doc.group_id) or MODE_FLAT) if doc.group_id else mode
            contents = doc.break_contents if group_mode == MODE_BREAK else doc.flat_contents
            if contents:
                commands.append(contents)
        elif kind is Fill:
            commands.extend(reversed(doc.parts[doc.printed :]))
        elif kind is Measure:
            commands.append(doc.flat)
    return False


class _RestoreMode:
    """In `_fits`' pending documents: go back to measuring in `mode` (after a group measured in the other)."""

    __slots__ = ("mode",)

    def __init__(self, mode: str):
        self.mode = mode


_RESTORE_MODE = {MODE_BREAK: _RestoreMode(MODE_BREAK), MODE_FLAT: _RestoreMode(MODE_FLAT)}


PRETTIER = Style(PRINT_WIDTH, " " * TAB_WIDTH)


def print_doc(doc: Doc, width: int | None = None, style: Style = PRETTIER) -> str:
    """Lay `doc` out within `width` columns (default: the style's) exactly as prettier's printDocToString does."""
    width = style.width if width is None else width
    unit, text_width = style.indent, style.text_width
    propagate_breaks(doc)
    group_modes: dict[int, str] = {}
    out: list[str] = []
    position = 0
    should_remeasure = False
    commands: list[tuple] = [("", MODE_BREAK, doc)]

    def trim() -> None:
        while out:
            stripped = out[-1].rstrip(" \t")
            if stripped:
                out[-1] = stripped
                return
            out.pop()

    while commands:
        indent, mode, current = commands.pop()
        kind = type(current)
        if kind is str:
            if current:
                out.append(current)
                if commands:
                    position += len(current) if current.isascii() else text_width(current)
        elif kind is list:
            # The leading strings are printed right away (what pushing and popping them would do); the rest of
            # the list is pushed from its first other part on. `position` may count a last string too: nothing
            # reads it after the last command.
            start = 0
            for part in current:
                if type(part) is not str:
                    break
                start += 1
                if part:
                    out.append(part)
                    position += len(part) if part.isascii() else text_width(part)
            if start < len(current):
                commands.extend([(indent, mode, part) for part in reversed(current[start:])])
        elif kind is Group:
            if mode == MODE_FLAT and not should_remeasure:  # _print_group's first case, without the call
                command = (indent, MODE_BREAK if current.brk else MODE_FLAT, current.contents)
                commands.append(command)
                if current.id is not None:
                    group_modes[current.id] = command[1]
                continue
            command = _print_group(
                current, indent, mode, commands, width - position, group_modes, should_remeasure, text_width
            )
            should_remeasure = False if mode != MODE_FLAT or should_remeasure else should_remeasure
            commands.append(command)
            if current.id is not None:
                group_modes[current.id] = command[1]
        elif kind is Line:
            if mode == MODE_FLAT and not current.hard:
                if not current.soft:
                    out.append(" ")
                    position += 1
                continue
            if mode == MODE_FLAT:
                should_remeasure = True
            if current.literal:  # rendered text's own line break: its next line brings its own indentation
                out.append("\n")
                position = 0
                continue
            trim()
            out.append("\n" + indent)
            position = len(indent) if indent.isascii() else text_width(indent)
        elif kind is Indent:
            commands.append((indent + unit, mode, current.contents))
        elif kind is IndentTo:
            commands.append((current.indent, mode, current.contents))
        elif kind is Align:
            commands.append((indent + " " * current.width, mode, current.contents))
        elif kind is Label:
            commands.append((indent, mode, current.contents))
        elif kind is Fill:
            _print_fill(current, indent, mode, commands, width - position, group_modes, text_width)
        elif kind is Measure:
            built = current.flat if mode == MODE_FLAT else current.build(indent, position)
            propagate_breaks(built)
            commands.append((indent, mode, built))
        elif kind is IfBreak or kind is IndentIfBreak:
            group_mode = group_modes.get(current.group_id) if current.group_id else mode
            if kind is IfBreak:
                contents = (
                    current.break_contents if group_mode == MODE_BREAK else current.flat_contents
                )
            else:
                contents = (
                    Indent(current.contents) if group_mode == MODE_BREAK else current.contents
                )
            if group_mode in (MODE_BREAK, MODE_FLAT) and contents:
                commands.append((indent, mode, contents))
    return "".join(out)


def flat_text(doc: Doc, style: Style = PRETTIER) -> str | None:
    """`doc`'s text when `print_doc` would print it on one line, every group flat; None when that is not certain
    (then `print_doc` decides). A fast path for the many laid-out lines that fit: one walk, no measuring.

    Certain means: no hard line or break, no broken group, nothing outside a group that could break (a line, an
    `IfBreak`, a `Measure`, a fill), the whole text within the width, and every group after the first measured
    in break mode (as the printer measures what follows a group) as it is flat: starting with a line, or holding
    no `IfBreak` and no conditional group before its first line."""
    out: list[str] = []
    flat_ids: set[int] = set()
    width = 0
    top_groups = 0
    stack: list[tuple[Any, bool]] = [(doc, False)]
    while stack:
        current, in_group = stack.pop()
        kind = type(current)
        if kind is str:
            out.append(current)
            width += style.text_width(current)
        elif kind is list:
            stack.extend([(part, in_group) for part in reversed(current)])
        elif kind is Indent or kind is Align or kind is IndentTo or kind is Label:
            stack.append((current.contents, in_group))
        elif kind is Group:
            if current.brk:
                return None
            if not in_group:
                top_groups += 1
                if top_groups > 1 and (current.expanded_states or not _measures_as_flat(current.contents)):
                    return None
            if current.id is not None:
                flat_ids.add(current.id)
            stack.append((current.contents, True))
        elif not in_group:
            return None
        elif kind is Line:
            if current.hard:
                return None
            if not current.soft:
                out.append(" ")
                width += 1
        elif kind is IfBreak or kind is IndentIfBreak:
            if current.group_id is not None and current.group_id not in flat_ids:
                return None
            stack.append((current.flat_contents if kind is IfBreak else current.contents, True))
        elif kind is Measure:
            stack.append((current.flat, True))
        else:  # a break parent, a fill
            return None
    return "".join(out) if width <= style.width else None


def _measures_as_flat(doc: Doc) -> bool:
    """Whether `doc` measured in break mode up to its first line is as wide as flat: `_fits` would read an
    `IfBreak`'s broken contents and a conditional group's last state there."""
    stack = [doc]
    while stack:
        current = stack.pop()
        kind = type(current)
        if kind is Line:
            return True
        if kind is list:
            stack.extend(reversed(current))
        elif kind is Indent or kind is Align or kind is IndentTo or kind is Label:
            stack.append(current.contents)
        elif kind is Group and not current.expanded_states:
            stack.append(current.contents)
        elif kind is Measure:
            stack.append(current.flat)
        elif kind is not str:
            return False
    return True


def _print_group(
    doc: Group,
    indent: str,
    mode: str,
    commands: list,
    remaining: int,
    group_modes: dict,
    remeasure: bool,
    text_width: Any,
) -> tuple:
    if mode == MODE_FLAT and not remeasure:
        return (indent, MODE_BREAK if doc.brk else MODE_FLAT, doc.contents)
    flat = (indent, MODE_FLAT, doc.contents)
    if not doc.brk and _fits(flat, commands, remaining, group_modes, text_width=text_width):
        return flat
    if not doc.expanded_states:
        return (indent, MODE_BREAK, doc.contents)
    if not doc.brk:
        for state in doc.expanded_states[1:-1]:
            candidate = (indent, MODE_FLAT, state)
            if _fits(candidate, commands, remaining, group_modes, text_width=text_width):
                return candidate
    return (indent, MODE_BREAK, doc.expanded_states[-1])


def _print_fill(
    doc: Fill, indent: str, mode: str, commands: list, remaining: int, group_modes: dict, text_width: Any
) -> None:
    # The one fill toolgen builds (_Printer.array's) alternates content and separator, content first and last,
    # and each step prints a content and its separator: what is left is always an odd number of parts.
    parts = doc.parts[doc.printed :]
    content = parts[0]
    content_flat = (indent, MODE_FLAT, content)
    content_break = (indent, MODE_BREAK, content)
    content_fits = _fits(content_flat, [], remaining, group_modes, True, text_width)
    if len(parts) == 1:
        commands.append(content_flat if content_fits else content_break)
        return
    whitespace_flat = (indent, MODE_FLAT, parts[1])
    whitespace_break = (indent, MODE_BREAK, parts[1])
    pair = (indent, MODE_FLAT, [content, parts[1], parts[2]])
    pair_fits = _fits(pair, [], remaining, group_modes, True, text_width)
    commands.append((indent, mode, Fill(doc.parts, doc.printed + 2)))
    if pair_fits:
        commands.extend([whitespace_flat, content_flat])
    elif content_fits:
        commands.extend([whitespace_break, content_flat])
    else:
        commands.extend([whitespace_break, content_break])
