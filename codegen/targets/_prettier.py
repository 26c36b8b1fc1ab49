"""Prettier's layout, for the small TypeScript subset the nodejs target emits.

The generated TypeScript must already be in prettier's default format (print width 80, two-space indent, double
quotes, semicolons, trailing commas "all"), and toolgen must not need Node.js to generate it. So this module ports
prettier 3's document printer (`src/document/printer/printer.js`) and, for the handful of syntax forms toolgen
writes, the rules prettier uses to build documents from them (`src/language-js/print/*.js`: member chains, call
arguments, assignments, arrow functions, arrays, objects, keys, type arguments, unions, interfaces). Each printing
function names the prettier function it follows; branches for syntax toolgen never writes are left out.

Two deliberate simplifications keep the output a fixed point of prettier: every non-empty object literal is written
expanded (prettier keeps an object expanded when its source has a newline after `{`), and nothing is written that
prettier would treat differently because of the original text (no blank lines inside expressions, no comments
inside expressions). The test suite runs the real `prettier --check` on everything this module prints.
"""

from __future__ import annotations

import functools
import itertools
import pickle
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
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
class Line:
    soft: bool = False
    hard: bool = False


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


class _BreakParent:
    def __repr__(self) -> str:
        return "breakParent"


BREAK_PARENT = _BreakParent()
LINE = Line()
SOFTLINE = Line(soft=True)
HARDLINE_WITHOUT_BREAK_PARENT = Line(hard=True)
HARDLINE = [HARDLINE_WITHOUT_BREAK_PARENT, BREAK_PARENT]

Doc = Union[
    str, list, Group, Indent, Align, Line, IfBreak, IndentIfBreak, Fill, Label, _BreakParent
]


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
    if isinstance(doc, (Indent, Align, IndentIfBreak, Label)):
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
        elif kind is Indent or kind is Align or kind is IndentIfBreak or kind is Label:
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
        elif kind is Indent or kind is Align or kind is IndentIfBreak or kind is Label:
            stack.append(current.contents)  # what _children gives, without the call
        else:
            stack.extend(_children(current, conditional=False))
    return False


def remove_lines(doc: Doc) -> Doc:
    """prettier's removeLines: soft lines vanish, lines become spaces, groups lose their break."""
    if isinstance(doc, Line) and not doc.hard:
        return "" if doc.soft else " "
    if isinstance(doc, IfBreak):
        return remove_lines(doc.flat_contents)
    if isinstance(doc, list):
        return [remove_lines(part) for part in doc]
    if isinstance(doc, Group):
        states = (
            [remove_lines(state) for state in doc.expanded_states] if doc.expanded_states else None
        )
        contents = states[0] if states else remove_lines(doc.contents)
        return Group(contents, False, states, doc.id)
    if isinstance(doc, Indent):
        return Indent(remove_lines(doc.contents))
    if isinstance(doc, Align):
        return Align(doc.width, remove_lines(doc.contents))
    if isinstance(doc, IndentIfBreak):
        return IndentIfBreak(remove_lines(doc.contents), doc.group_id)
    if isinstance(doc, Label):
        return Label(doc.label, remove_lines(doc.contents))
    if isinstance(doc, Fill):
        return Fill([remove_lines(part) for part in doc.parts])
    return doc


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
        elif kind is Indent or kind is Align or kind is IndentIfBreak or kind is Label:
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
    next_cmd: tuple, rest: list, width: int, group_modes: dict, must_be_flat: bool = False
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
                width -= len(doc) if doc.isascii() else string_width(doc)
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
        elif kind is Indent or kind is Align or kind is IndentIfBreak or kind is Label:
            commands.append(doc.contents)
        elif kind is IfBreak:
            group_mode = (group_modes.get(doc.group_id) or MODE_FLAT) if doc.group_id else mode
            contents = doc.break_contents if group_mode == MODE_BREAK else doc.flat_contents
            if contents:
                commands.append(contents)
        elif kind is Fill:
            commands.extend(reversed(doc.parts[doc.printed :]))
    return False


class _RestoreMode:
    """In `_fits`' pending documents: go back to measuring in `mode` (after a group measured in the other)."""

    __slots__ = ("mode",)

    def __init__(self, mode: str):
        self.mode = mode


_RESTORE_MODE = {MODE_BREAK: _RestoreMode(MODE_BREAK), MODE_FLAT: _RestoreMode(MODE_FLAT)}


def print_doc(doc: Doc, width: int = PRINT_WIDTH) -> str:
    """Lay `doc` out within `width` columns exactly as prettier's printDocToString does."""
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
                    position += len(current) if current.isascii() else string_width(current)
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
                    position += len(part) if part.isascii() else string_width(part)
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
                current, indent, mode, commands, width - position, group_modes, should_remeasure
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
            trim()
            out.append("\n" + indent)
            position = len(indent)
        elif kind is Indent:
            commands.append((indent + " " * TAB_WIDTH, mode, current.contents))
        elif kind is Align:
            commands.append((indent + " " * current.width, mode, current.contents))
        elif kind is Label:
            commands.append((indent, mode, current.contents))
        elif kind is Fill:
            _print_fill(current, indent, mode, commands, width - position, group_modes)
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


def _print_group(
    doc: Group,
    indent: str,
    mode: str,
    commands: list,
    remaining: int,
    group_modes: dict,
    remeasure: bool,
) -> tuple:
    if mode == MODE_FLAT and not remeasure:
        return (indent, MODE_BREAK if doc.brk else MODE_FLAT, doc.contents)
    flat = (indent, MODE_FLAT, doc.contents)
    if not doc.brk and _fits(flat, commands, remaining, group_modes):
        return flat
    if not doc.expanded_states:
        return (indent, MODE_BREAK, doc.contents)
    if not doc.brk:
        for state in doc.expanded_states[1:-1]:
            candidate = (indent, MODE_FLAT, state)
            if _fits(candidate, commands, remaining, group_modes):
                return candidate
    return (indent, MODE_BREAK, doc.expanded_states[-1])


def _print_fill(
    doc: Fill, indent: str, mode: str, commands: list, remaining: int, group_modes: dict
) -> None:
    parts = doc.parts[doc.printed :]
    if not parts:
        return
    content = parts[0]
    content_flat = (indent, MODE_FLAT, content)
    content_break = (indent, MODE_BREAK, content)
    content_fits = _fits(content_flat, [], remaining, group_modes, must_be_flat=True)
    if len(parts) == 1:
        commands.append(content_flat if content_fits else content_break)
        return
    whitespace_flat = (indent, MODE_FLAT, parts[1])
    whitespace_break = (indent, MODE_BREAK, parts[1])
    if len(parts) == 2:
        commands.extend(
            [whitespace_flat, content_flat] if content_fits else [whitespace_break, content_break]
        )
        return
    pair = (indent, MODE_FLAT, [content, parts[1], parts[2]])
    pair_fits = _fits(pair, [], remaining, group_modes, must_be_flat=True)
    commands.append((indent, mode, Fill(doc.parts, doc.printed + 2)))
    if pair_fits:
        commands.extend([whitespace_flat, content_flat])
    elif content_fits:
        commands.extend([whitespace_break, content_flat])
    else:
        commands.extend([whitespace_break, content_break])


# ---------------------------------------------------------------------------------------------------------------
# Literals (prettier: utilities/print-string.js, utilities/print-number.js, print/key.js)
# ---------------------------------------------------------------------------------------------------------------

_ESCAPES = {
    "\\": "\\\\",
    "\n": "\\n",
    "\r": "\\r",
    "\t": "\\t",
    "\b": "\\b",
    "\f": "\\f",
    "\v": "\\v",
}
# Escaped so the source stays readable and safe: controls, format characters (bidi overrides, zero-width joiners),
# surrogates, private use, unassigned code points, and the line/paragraph separators.
_ESCAPED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def _escape_char(char: str) -> str:
    code = ord(char)
    if code > 0xFFFF:
        return f"\\u{{{code:x}}}"
    return f"\\u{code:04x}"


def needs_escape(char: str) -> bool:
    return unicodedata.category(char) in _ESCAPED_CATEGORIES


# Printable ASCII and line feeds: nothing in them is ever escaped.
_PLAIN_TEXT = re.compile(r"[ -~\n]*")
# Printable ASCII without quotes or backslash: a string of only these is written as it is, in double quotes.
_PLAIN_STRING = re.compile(r"[ !#-&(-\[\]-~]*")


def string_literal(value: str) -> str:
    """A TypeScript string literal for `value`, quoted the way prettier quotes it (double unless that needs more
    escapes than single), with only escapes prettier keeps."""
    if _PLAIN_STRING.fullmatch(value):
        return f'"{value}"'
    quote = "'" if value.count('"') > value.count("'") else '"'
    parts = []
    for char in value:
        if char == quote:
            parts.append("\\" + char)
        elif char in _ESCAPES:
            parts.append(_ESCAPES[char])
        elif needs_escape(char):
            parts.append(_escape_char(char))
        else:
            parts.append(char)
    return quote + "".join(parts) + quote


def _prettier_number(raw: str) -> str:
    """prettier's printNumber."""
    text = raw.lower()
    text = re.sub(
        r"^([+-]?[\d.]+e)(?:\+|(-))?0*(\d)",
        lambda m: m.group(1) + (m.group(2) or "") + m.group(3),
        text,
    )
    text = re.sub(r"^([+-]?[\d.]+)e[+-]?0+$", r"\1", text)
    text = re.sub(r"^([+-])?\.", lambda m: (m.group(1) or "") + "0.", text)
    text = re.sub(r"(\.\d+?)0+(?=e|$)", r"\1", text)
    text = re.sub(r"\.(?=e|$)", "", text)
    return text


def _js_float(value: float) -> str:
    """JavaScript's Number.prototype.toString for a finite float (shortest round-trip digits)."""
    if value == 0:
        return "0"
    mantissa, _, exponent = repr(abs(value)).partition("e")
    digits_part, _, fraction = mantissa.partition(".")
    digits = (digits_part + fraction).lstrip("0")
    point = (
        len(digits_part.lstrip("0"))
        if digits_part.strip("0")
        else -(len(fraction) - len(fraction.lstrip("0")))
    )
    point += int(exponent or 0)
    digits = digits.rstrip("0") or "0"
    count = len(digits)
    if count <= point <= 21:
        text = digits + "0" * (point - count)
    elif 0 < point <= 21:
        text = digits[:point] + "." + digits[point:]
    elif -6 < point <= 0:
        text = "0." + "0" * -point + digits
    else:
        exp = point - 1
        text = (
            digits[0]
            + ("." + digits[1:] if count > 1 else "")
            + "e"
            + ("+" if exp >= 0 else "-")
            + str(abs(exp))
        )
    return ("-" if value < 0 else "") + text


def number_literal(value: int | float) -> str:
    """The number as prettier prints it; integers keep every digit (TypeScript rounds them as JavaScript does)."""
    if isinstance(value, bool):
        raise TypeError("booleans are not numbers")
    if isinstance(value, int):
        return str(value)
    if value != value:
        return "NaN"
    if value in (float("inf"), float("-inf")):
        return "Infinity" if value > 0 else "-Infinity"
    return _prettier_number(_js_float(value))


# ES5 IdentifierName (what prettier's is-es5-identifier-name accepts): a key prettier writes without quotes.
_ID_START = {"Lu", "Ll", "Lt", "Lm", "Lo", "Nl"}
_ID_PART = _ID_START | {"Mn", "Mc", "Nd", "Pc"}


# The ASCII names is_es5_identifier_name accepts: ASCII letters are Lu/Ll, digits Nd, `_` is Pc (and listed).
_ASCII_IDENTIFIER_NAME = re.compile(r"[A-Za-z$_][A-Za-z0-9$_]*")


def is_es5_identifier_name(text: str) -> bool:
    if text.isascii():  # most keys: one regex match instead of a category lookup per character
        return _ASCII_IDENTIFIER_NAME.fullmatch(text) is not None
    return _is_es5_identifier_name_by_char(text)


def _is_es5_identifier_name_by_char(text: str) -> bool:
    """is_es5_identifier_name, one character at a time (any text; the fast path's reference)."""
    if not text:
        return False
    first, rest = text[0], text[1:]
    if not (first in "$_" or unicodedata.category(first) in _ID_START):
        return False
    return all(char in "$_\u200c\u200d" or unicodedata.category(char) in _ID_PART for char in rest)


# ---------------------------------------------------------------------------------------------------------------
# The syntax toolgen writes
# ---------------------------------------------------------------------------------------------------------------


@dataclass
class Ident:
    name: str


@dataclass
class Str:
    value: str


@dataclass
class Num:
    value: int | float


@dataclass
class Bool:
    value: bool


@dataclass
class Null:
    pass


@dataclass
class ArrayExpr:
    elements: list


@dataclass
class Prop:
    key: str
    value: Any
    computed: bool = (
        False  # written `["key"]`, e.g. for `__proto__`, which as a plain key would set the prototype
    )


@dataclass
class ObjectExpr:
    props: list  # always printed expanded when non-empty (see the module docstring)


@dataclass
class Member:
    object: Any
    name: str


@dataclass
class Call:
    callee: Any
    args: list
    type_args: list | None = None


@dataclass
class Arrow:
    params: list  # plain parameter names
    body: Any


# Types


@dataclass
class TRef:
    name: str  # may be qualified, e.g. `z.ZodType`
    args: list = field(default_factory=list)


@dataclass
class TTypeof:
    name: str


@dataclass
class TKeyword:
    name: str  # string, number, boolean, null, undefined, unknown


@dataclass
class TUnion:
    types: list


@dataclass
class TArray:
    element: Any


@dataclass
class TParam:
    name: str
    type: Any


@dataclass
class TFunc:
    params: list  # TParam
    returns: Any


@dataclass
class TMember:
    key: str
    type: Any
    optional: bool = False


# Statements


@dataclass
class ConstDecl:
    name: str
    init: Any
    type: Any = None
    exported: bool = True


@dataclass
class TypeAlias:
    name: str
    type: Any
    exported: bool = True


@dataclass
class InterfaceDecl:
    name: str
    members: list  # TMember
    exported: bool = True


@dataclass
class FunctionDecl:
    name: str
    params: list  # TParam
    returns: Any
    body: list  # statements: only Return for now
    exported: bool = True


@dataclass
class Return:
    argument: Any


@dataclass
class ImportDecl:
    names: list  # (name, type_only)
    source: str


# ---------------------------------------------------------------------------------------------------------------
# Syntax → documents (prettier: src/language-js/print)
# ---------------------------------------------------------------------------------------------------------------


def _is_literal(node: Any) -> bool:
    return isinstance(node, (Str, Num, Bool, Null))


def _is_call(node: Any) -> bool:
    return isinstance(node, Call)


def _is_simple_type(node: Any) -> bool:
    return isinstance(node, TKeyword) or (isinstance(node, TRef) and not node.args)


def is_simple_call_argument(node: Any, depth: int = 2) -> bool:
    """prettier's isSimpleCallArgument."""
    if depth <= 0:
        return False
    if _is_literal(node) or isinstance(node, Ident):
        return True
    if isinstance(node, ObjectExpr):
        return all(
            not prop.computed and is_simple_call_argument(prop.value, depth - 1)
            for prop in node.props
        )
    if isinstance(node, ArrayExpr):
        return all(is_simple_call_argument(element, depth - 1) for element in node.elements)
    if isinstance(node, Call):
        if is_simple_call_argument(node.callee, depth):
            return len(node.args) <= depth and all(
                is_simple_call_argument(arg, depth - 1) for arg in node.args
            )
        return False
    if isinstance(node, Member):
        return is_simple_call_argument(node.object, depth)
    if _is_signed_number(node):
        return True
    return False


def _is_signed_number(node: Any) -> bool:
    return (
        isinstance(node, Num)
        and not isinstance(node.value, bool)
        and _number_text(node).startswith("-")
    )


def _number_text(node: Num) -> str:
    return number_literal(node.value)


def _is_lone_short_argument(node: Any) -> bool:
    """prettier's isLoneShortArgument."""
    threshold = PRINT_WIDTH * 0.25
    if isinstance(node, Ident):
        return len(node.name) <= threshold
    if _is_signed_number(node):
        return True
    if isinstance(node, Str):
        return len(string_literal(node.value)) <= threshold
    if isinstance(node, Call) and not node.args and isinstance(node.callee, Ident):
        return len(node.callee.name) <= threshold - 2
    return _is_literal(node)


class _Printer:
    """Prints syntax nodes to documents; `key` and `parent` stand in for prettier's AST path."""

    # -- expressions ------------------------------------------------------------------------------------------

    def expr(
        self,
        node: Any,
        parent: Any = None,
        key: str = "",
        expand_last_arg: bool = False,
        assignment_layout: str | None = None,
    ) -> Doc:
        if isinstance(node, Ident):
            return node.name
        if isinstance(node, Str):
            return string_literal(node.value)
        if isinstance(node, Num):
            return _number_text(node)
        if isinstance(node, Bool):
            return "true" if node.value else "false"
        if isinstance(node, Null):
            return "null"
        if isinstance(node, ArrayExpr):
            return self.array(node)
        if isinstance(node, ObjectExpr):
            return self.object(node)
        if isinstance(node, Member):
            return [self.expr(node.object, node, "object"), ".", node.name]
        if isinstance(node, Call):
            return self.call(node)
        if isinstance(node, Arrow):
            return self.arrow(node, expand_last_arg, assignment_layout)
        raise TypeError(f"cannot print {node!r}")

    def array(self, node: ArrayExpr) -> Doc:
        """prettier's printArray."""
        if not node.elements:
            return group(["[", "]"])
        should_break = (
            len(node.elements) > 1
            and all(
                (isinstance(element, ArrayExpr) and len(element.elements) > 1)
                or (isinstance(element, ObjectExpr) and len(element.props) > 1)
                for element in node.elements
            )
            and len({type(element) for element in node.elements}) == 1
        )
        concise = _is_concisely_printed_array(node)
        gid = new_group_id()
        trailing = IfBreak(",", "", gid) if concise else IfBreak(",")
        if concise:
            parts: list = []
            for index, element in enumerate(node.elements):
                last = index == len(node.elements) - 1
                parts.append([self.expr(element, node, "elements"), trailing if last else ","])
                if not last:
                    parts.append(LINE)
            body: Doc = Fill(parts)
        else:
            parts = []
            for index, element in enumerate(node.elements):
                parts.append(group(self.expr(element, node, "elements")))
                if index < len(node.elements) - 1:
                    parts.append([",", LINE, ""])
            body = [parts, trailing]
        return group(["[", Indent([SOFTLINE, body]), SOFTLINE, "]"], should_break, gid)

    def object(self, node: ObjectExpr) -> Doc:
        """prettier's printObject (objectWrap "preserve", source always expanded)."""
        if not node.props:
            return group(["{", "}"])
        parts = []
        for index, prop in enumerate(node.props):
            parts.append(([",", LINE] if index else []) + [self.property(prop, node)])
        return group(["{", Indent([LINE, *parts]), IfBreak(","), LINE, "}"], should_break=True)

    def key(self, key: str, computed: bool = False) -> Doc:
        """prettier's printKey with quoteProps "as-needed"."""
        if computed:
            return ["[", string_literal(key), "]"]
        if is_es5_identifier_name(key) and string_literal(key)[1:-1] == key:
            return key
        return string_literal(key)

    def property(self, prop: Prop, parent: ObjectExpr) -> Doc:
        left = self.key(prop.key, prop.computed)
        return self.assignment(prop, left, ":", prop.value, is_property=True)

    def call(self, node: Call) -> Doc:
        """prettier's printCallExpression: member callees go through the member-chain printer."""
        if isinstance(node.callee, Member):
            return self.member_chain(node)
        type_args = self.type_args(node.type_args) if node.type_args else ""
        return [self.expr(node.callee, node, "callee"), type_args, self.call_arguments(node)]

    def call_arguments(self, node: Call) -> Doc:
        """prettier's printCallArguments."""
        args = node.args
        if not args:
            return group(["(", ")"])
        printed = []
        for index, arg in enumerate(args):
            doc = self.expr(arg, node, "arguments")
            printed.append(doc if index == len(args) - 1 else [doc, ",", LINE])

        def all_args_broken_out() -> Group:
            return group(
                ["(", Indent([LINE, *printed]), IfBreak(","), LINE, ")"], should_break=True
            )

        if _should_expand_last_arg(args):
            head = printed[:-1]
            if any(will_break(doc) for doc in head):
                return all_args_broken_out()
            last = self.expr(args[-1], node, "arguments", expand_last_arg=True)
            if will_break(last):
                return [
                    BREAK_PARENT,
                    conditional_group(
                        [
                            ["(", *head, group(last, should_break=True), ")"],
                            all_args_broken_out(),
                        ]
                    ),
                ]
            return conditional_group(
                [
                    ["(", *head, last, ")"],
                    ["(", *head, group(last, should_break=True), ")"],
                    all_args_broken_out(),
                ]
            )
        contents = ["(", Indent([SOFTLINE, *printed]), IfBreak(","), SOFTLINE, ")"]
        return group(contents, should_break=any(will_break(doc) for doc in printed))

    def member_chain(self, node: Call) -> Doc:
        """prettier's printMemberChain (no comments, no computed access, never an expression statement)."""
        chain = _chain_nodes(node)
        printed_nodes: list[tuple[Any, Doc]] = []
        for item in chain[:-1]:
            if isinstance(item, Call) and isinstance(item.callee, (Member, Call)) and printed_nodes:
                type_args = self.type_args(item.type_args) if item.type_args else ""
                printed_nodes.append((item, [type_args, self.call_arguments(item)]))
            elif isinstance(item, Member) and printed_nodes:
                printed_nodes.append((item, [".", item.name]))
            else:  # the head of the chain
                printed_nodes.append((item, self.expr(item)))
        printed_nodes.append((node, [self.call_arguments(node)]))
        # printed_nodes[-1] is the root call; its callee member precedes it.
        bounds, should_merge = _chain_groups(chain)
        groups = [printed_nodes[start:end] for start, end in bounds]

        def print_group(items: list) -> list:
            return [doc for _, doc in items]

        printed_groups = [print_group(g) for g in groups]
        one_line = printed_groups
        if not _chain_is_labelled(len(groups), should_merge):
            return group(one_line)

        rest = groups[2 if should_merge else 1 :]
        indented = (
            Indent([HARDLINE, join(HARDLINE, [print_group(g) for g in rest])]) if rest else ""
        )
        expanded = [
            print_group(groups[0]),
            print_group(groups[1]) if should_merge else "",
            indented,
        ]
        calls = [item for item, _ in printed_nodes if _is_call(item)]

        def last_group_breaks_and_other_calls_have_functions() -> bool:
            last_node = groups[-1][-1][0]
            return (
                _is_call(last_node)
                and will_break(printed_groups[-1])
                and any(isinstance(arg, Arrow) for call in calls[:-1] for arg in call.args)
            )

        if (
            (
                len(calls) > 2
                and any(not is_simple_call_argument(arg) for call in calls for arg in call.args)
            )
            or any(will_break(g) for g in printed_groups[:-1])
            or last_group_breaks_and_other_calls_have_functions()
        ):
            return Label("member-chain", group(expanded))
        return Label(
            "member-chain",
            [BREAK_PARENT if will_break(one_line) else "", conditional_group([one_line, expanded])],
        )

    def arrow(self, node: Arrow, expand_last_arg: bool, assignment_layout: str | None) -> Doc:
        """prettier's printArrowFunction for a single arrow whose body is an expression (a call)."""
        printed = join([",", LINE], list(node.params))
        if not node.params:
            params: Doc = ["(", ")"]
        elif expand_last_arg:
            params = group(["(", remove_lines(printed), ")"])
        else:
            params = ["(", Indent([SOFTLINE, *printed]), IfBreak(","), SOFTLINE, ")"]
        signature = group([params, ""])
        body = self.expr(node.body, node, "body")
        same_line = isinstance(node.body, (ArrayExpr, ObjectExpr, Arrow))
        trailing_comma = IfBreak(",") if expand_last_arg else ""
        trailing_space = SOFTLINE if expand_last_arg else ""
        body_doc = (
            [" ", body] if same_line else [Indent([LINE, body]), trailing_comma, trailing_space]
        )
        return group([group(signature), " =>", group(body_doc), ""])

    # -- assignments --------------------------------------------------------------------------------------------

    def assignment(
        self,
        node: Any,
        left: Doc,
        operator: str,
        right: Any,
        is_property: bool = False,
        right_is_type: bool = False,
    ) -> Doc:
        """prettier's printAssignment with chooseLayout."""
        layout = self.choose_layout(node, left, right, is_property, right_is_type)
        if right_is_type:
            right_doc = self.type(right, assignment_layout=layout, key="typeAnnotation")
        else:
            right_doc = self.expr(right, node, "value", assignment_layout=layout)
        if layout == "break-after-operator":
            return group([group(left), operator, group(Indent([LINE, right_doc]))])
        if layout == "never-break-after-operator":
            return group([group(left), operator, " ", right_doc])
        if layout == "break-lhs":
            return group([left, operator, " ", group(right_doc)])
        gid = new_group_id()
        return group(
            [group(left), operator, group(Indent(LINE), gid=gid), IndentIfBreak(right_doc, gid)]
        )

    def choose_layout(
        self, node: Any, left: Doc, right: Any, is_property: bool, right_is_type: bool
    ) -> str:
        if right_is_type and isinstance(right, TUnion) and not _should_hug_union(right):
            return "break-after-operator"
        can_break_left = can_break(left)
        if isinstance(right, Arrow) and isinstance(node, ConstDecl) and can_break_left:
            return "break-lhs"
        short_key = is_property and isinstance(left, str) and string_width(left) < TAB_WIDTH + 3
        if not right_is_type and self.should_break_after_operator(right, short_key):
            return "break-after-operator"
        if not can_break_left and (
            short_key
            or isinstance(right, Bool)
            or (isinstance(right, Num) and not _is_signed_number(right))
        ):
            return "never-break-after-operator"
        return "fluid"

    def should_break_after_operator(self, right: Any, short_key: bool) -> bool:
        if short_key:
            return False
        node = right
        if _is_signed_number(node):
            return False  # a unary minus: its argument is a number, neither a string nor a chain
        if isinstance(node, Str):
            return True
        return self.is_poorly_breakable_chain(node)

    def is_poorly_breakable_chain(self, node: Any, deep: bool = False) -> bool:
        """prettier's isPoorlyBreakableMemberOrCallChain."""
        if isinstance(node, Call):
            # prettier asks whether the printed call is a labelled member chain; that depends only on the chain's
            # shape, so it is decided from the nodes instead of printing the call a second time.
            if isinstance(node.callee, Member) and _chain_is_labelled(*_chain_shape(node)):
                return False
            poorly = not node.args or (
                len(node.args) == 1 and _is_lone_short_argument(node.args[0])
            )
            if not poorly:
                return False
            if node.type_args and (
                len(node.type_args) > 1 or isinstance(node.type_args[0], TUnion)
            ):
                return False
            return self.is_poorly_breakable_chain(node.callee, True)
        if isinstance(node, Member):
            return self.is_poorly_breakable_chain(node.object, True)
        return deep and isinstance(node, Ident)

    # -- types ----------------------------------------------------------------------------------------------------

    def type(self, node: Any, assignment_layout: str | None = None, key: str = "") -> Doc:
        if isinstance(node, TKeyword):
            return node.name
        if isinstance(node, TTypeof):
            return ["typeof ", node.name]
        if isinstance(node, TRef):
            return [node.name, self.type_args(node.args) if node.args else ""]
        if isinstance(node, TArray):
            inner = self.type(node.element)
            return (
                ["(", inner, ")[]"] if isinstance(node.element, (TUnion, TFunc)) else [inner, "[]"]
            )
        if isinstance(node, TUnion):
            return self.union(node, assignment_layout, key)
        if isinstance(node, TFunc):
            params = [[param.name, ": ", self.type(param.type)] for param in node.params]
            printed = join([",", LINE], params)
            params_doc = (
                ["(", Indent([SOFTLINE, *printed]), IfBreak(","), SOFTLINE, ")"] if params else "()"
            )
            return group(
                [group([params_doc, ""]), " => ", self.type(node.returns, key="returnType")]
            )
        raise TypeError(f"cannot print type {node!r}")

    def type_args(self, args: list) -> Doc:
        """prettier's printTypeParameters for type arguments."""
        if len(args) == 1 and (
            _is_simple_type(args[0]) or (isinstance(args[0], TUnion) and _should_hug_union(args[0]))
        ):
            return ["<", self.type(args[0], key="params"), ">"]
        return group(
            [
                "<",
                Indent([SOFTLINE, join([",", LINE], [self.type(a, key="params") for a in args])]),
                SOFTLINE,
                ">",
            ]
        )

    def union(self, node: TUnion, assignment_layout: str | None, key: str) -> Doc:
        """prettier's printUnionType."""
        if _should_hug_union(node):
            return join(" | ", [self.type(t) for t in node.types])
        parts = []
        for index, member in enumerate(node.types):
            bar = IfBreak("| ") if index == 0 else [LINE, "| "]
            parts.append([bar, Align(2, self.type(member, key="types"))])
        printed = group(parts)
        if assignment_layout == "break-after-operator" or key == "params":
            return printed
        return group(Indent([SOFTLINE, printed]))

    # -- statements -------------------------------------------------------------------------------------------

    def statement(self, node: Any) -> Doc:
        export = "export " if getattr(node, "exported", False) else ""
        if isinstance(node, ConstDecl):
            left: Doc = node.name if node.type is None else [node.name, ": ", self.type(node.type)]
            return [
                export,
                group(["const", " ", self.assignment(node, left, " =", node.init), ";"]),
            ]
        if isinstance(node, TypeAlias):
            left = ["type ", node.name]
            return [export, self.assignment(node, left, " =", node.type, right_is_type=True), ";"]
        if isinstance(node, InterfaceDecl):
            if not node.members:
                return [export, "interface ", node.name, " {}"]
            members = [self.interface_member(member) for member in node.members]
            return [
                export,
                "interface ",
                node.name,
                " ",
                "{",
                Indent([HARDLINE, join(HARDLINE, members)]),
                HARDLINE,
                "}",
            ]
        if isinstance(node, FunctionDecl):
            params = [[param.name, ": ", self.type(param.type)] for param in node.params]
            printed = join([",", LINE], params)
            params_doc = (
                ["(", Indent([SOFTLINE, *printed]), IfBreak(","), SOFTLINE, ")"]
                if params
                else ["(", ")"]
            )
            returns = [": ", self.type(node.returns, key="returnType")]
            body = [self.statement(statement) for statement in node.body]
            block = ["{", Indent([HARDLINE, join(HARDLINE, body)]), HARDLINE, "}"] if body else "{}"
            return [export, "function ", node.name, group([params_doc, returns]), " ", block]
        if isinstance(node, Return):
            return ["return ", self.expr(node.argument, node, "argument"), ";"]
        if isinstance(node, ImportDecl):
            specifiers = [("type " if type_only else "") + name for name, type_only in node.names]
            if len(specifiers) == 1:  # printModuleSpecifiers: a single specifier never breaks
                return ["import { ", specifiers[0], " } from ", string_literal(node.source), ";"]
            return [
                "import ",
                group(
                    ["{", Indent([LINE, join([",", LINE], specifiers)]), IfBreak(","), LINE, "}"]
                ),
                " from ",
                string_literal(node.source),
                ";",
            ]
        raise TypeError(f"cannot print statement {node!r}")

    def interface_member(self, member: TMember) -> Doc:
        annotation = self.type(member.type, key="typeAnnotation")
        return [
            group([self.key(member.key), "?" if member.optional else "", ": ", annotation]),
            ";",
        ]


def _chain_nodes(node: Call) -> list:
    """The nodes of a member chain in source order, from its head to `node` (prettier's printedNodes)."""
    nodes = [node]
    current = node.callee
    while True:
        if isinstance(current, Call) and isinstance(current.callee, (Member, Call)):
            nodes.append(current)
            current = current.callee
        elif isinstance(current, Member):
            nodes.append(current)
            current = current.object
        else:
            nodes.append(current)
            break
    nodes.reverse()
    return nodes


def _is_factory(name: str) -> bool:
    return bool(re.match(r"^[A-Z]|^[$_]+$", name))


def _chain_groups(chain: list) -> tuple[list[tuple[int, int]], bool]:
    """prettier's grouping of a member chain's printed nodes: (start, end) of each group, and shouldMerge."""
    bounds: list[tuple[int, int]] = []
    index = 1
    while index < len(chain) and _is_call(chain[index]):
        index += 1
    if not _is_call(chain[0]):
        while (
            index + 1 < len(chain)
            and isinstance(chain[index], Member)
            and isinstance(chain[index + 1], Member)
        ):
            index += 1
    bounds.append((0, index))
    start = index
    seen_call = False
    for position in range(index, len(chain)):
        item = chain[position]
        if seen_call and isinstance(item, Member):
            bounds.append((start, position))
            start = position
            seen_call = False
        if _is_call(item):
            seen_call = True
    if start < len(chain):
        bounds.append((start, len(chain)))
    first_start, first_end = bounds[0]
    if first_end - first_start == 1:
        head = chain[first_start]
        should_not_wrap = isinstance(head, Ident) and _is_factory(head.name)
    else:
        last = chain[first_end - 1]
        should_not_wrap = isinstance(last, Member) and _is_factory(last.name)
    return bounds, len(bounds) >= 2 and should_not_wrap


def _chain_shape(node: Call) -> tuple[int, bool]:
    bounds, should_merge = _chain_groups(_chain_nodes(node))
    return len(bounds), should_merge


def _chain_is_labelled(group_count: int, should_merge: bool) -> bool:
    """Whether printMemberChain returns a labelled member chain rather than a plain one-line group."""
    return group_count > (3 if should_merge else 2)


def _should_hug_union(node: TUnion) -> bool:
    """prettier's shouldHugUnionType: one object-like type (a type reference here) plus null/void."""
    object_types = [t for t in node.types if isinstance(t, TRef)]
    if len(object_types) != 1:
        return False
    return all(
        t is object_types[0] or (isinstance(t, TKeyword) and t.name == "null") for t in node.types
    )


def _is_concisely_printed_array(node: ArrayExpr) -> bool:
    return bool(node.elements) and all(
        isinstance(e, Num) and not isinstance(e.value, bool) for e in node.elements
    )


def _could_expand_arg(arg: Any) -> bool:
    if isinstance(arg, ObjectExpr):
        return bool(arg.props)
    if isinstance(arg, ArrayExpr):
        return bool(arg.elements)
    if isinstance(arg, Arrow):
        return isinstance(arg.body, (ObjectExpr, ArrayExpr, Call))
    return False


def _should_expand_last_arg(args: list) -> bool:
    last = args[-1]
    penultimate = args[-2] if len(args) > 1 else None
    return (
        _could_expand_arg(last)
        and (penultimate is None or type(penultimate) is not type(last))
        and not (len(args) == 2 and isinstance(penultimate, Arrow) and isinstance(last, ArrayExpr))
        and not (
            len(args) > 1 and isinstance(last, ArrayExpr) and _is_concisely_printed_array(last)
        )
    )


def format_statement(node: Any, width: int = PRINT_WIDTH) -> str:
    """One top-level statement laid out as prettier would, without a trailing newline.

    Most statements are printed straight from their nodes by `ts_layout` (exact or declined, ~20× cheaper than
    building and printing a document); the rest go through the document printer. Their layout is a pure function of
    the statement, the width, this module's code and Python's Unicode tables, so it is remembered across runs
    (`formatcache.Memo`, keyed by the pickled statement, which spells out every node and value)."""
    if width == PRINT_WIDTH:
        text = _fast_layout(node)
        if text is not None:
            return text
    key = pickle.dumps((width, node), protocol=5)
    text = _layout_memo().get(key)
    if text is None:
        text = print_statement(node, width)
        _layout_memo().put(key, text)
    return text


def print_statement(node: Any, width: int = PRINT_WIDTH) -> str:
    """The document printer's layout of a statement (the reference `ts_layout` is tested against)."""
    return print_doc(_Printer().statement(node), width)


@functools.cache
def _layout_memo() -> Any:
    from ..formatcache import Memo, source_namespace

    return Memo(source_namespace(b"prettier-port", Path(__file__).read_bytes()))


def doc_comment(text: str) -> str:
    """A `/** … */` comment prettier leaves as it is: `*/` broken up, one ` * ` line per line of text, no trailing
    spaces, and characters that could hide or reorder text (controls, bidi overrides) shown as `\\uXXXX`.
    """
    text = (
        text.replace("\r\n", "\n")
        .replace("\r", "\n")
        .replace("\u2028", "\n")
        .replace("\u2029", "\n")
    )
    if not _PLAIN_TEXT.fullmatch(text):
        text = "".join(
            char if char == "\n" or not needs_escape(char) else _escape_char(char) for char in text
        )
    text = text.replace("*/", "*\\/")
    lines = [line.rstrip() for line in text.strip("\n").split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    # The common indentation of the later lines means nothing (docstring-style text): it would show as code.
    margin = min((len(line) - len(line.lstrip()) for line in lines[1:] if line), default=0)
    if lines:
        lines = [lines[0].lstrip(), *(line[margin:] for line in lines[1:])]
    if len(lines) == 1 and not lines[0].startswith("*") and lines[0].strip():
        return f"/** {lines[0].strip()} */"
    body = "\n".join(f" * {line}".rstrip() for line in lines)
    return f"/**\n{body}\n */"


from .ts_layout import layout as _fast_layout  # noqa: E402  (ts_layout builds on the definitions above)
