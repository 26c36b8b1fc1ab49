"""The TypeScript toolgen writes: literals as prettier prints them (strings, numbers, property keys), the syntax
nodes `layout` lays out, and a reader of the small TypeScript subset the templates spell.

Literals follow prettier's utilities/print-string.js, utilities/print-number.js and print/key.js. The reader turns
a template's flat statement back into nodes: the templates write the code, and prettier's rules (`layout`) need its
structure (which call is a member chain, which argument hugs, what an assignment's right side is).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from ...layout.doc import PRINT_WIDTH

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


def escape_char(char: str) -> str:
    code = ord(char)
    if code > 0xFFFF:
        return f"\\u{{{code:x}}}"
    return f"\\u{code:04x}"


def needs_escape(char: str) -> bool:
    return unicodedata.category(char) in _ESCAPED_CATEGORIES


# Printable ASCII and line feeds: nothing in them is ever escaped.
PLAIN_TEXT = re.compile(r"[ -~\n]*")
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
            parts.append(escape_char(char))
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


def property_key(key: str) -> str:
    """prettier's printKey with quoteProps "as-needed": a name where it can be one, else a string literal."""
    if is_es5_identifier_name(key) and string_literal(key)[1:-1] == key:
        return key
    return string_literal(key)


# ---------------------------------------------------------------------------------------------------------------
# Syntax nodes
# ---------------------------------------------------------------------------------------------------------------


@dataclass
class Ident:
    name: str


@dataclass
class Str:
    value: str
    text: str | None = None  # the literal as written, when read from a template (else string_literal(value))


@dataclass
class Num:
    value: int | float
    text: str | None = None  # the literal as written, when read from a template (else number_literal(value))


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
    key: str  # the key's text as printed when `quoted`, else its value
    value: Any
    computed: bool = (
        False  # written `["key"]`, e.g. for `__proto__`, which as a plain key would set the prototype
    )
    quoted: bool = False  # `key` is already the printed key (a name or a string literal)


@dataclass
class ObjectExpr:
    props: list  # always printed expanded when non-empty (prettier keeps an object expanded when written so)


@dataclass
class Member:
    object: Any
    name: str


@dataclass
class Call:
    callee: Any  # a Member (a method call: a member chain) or an Ident
    args: list
    type_args: list = field(default_factory=list)


@dataclass
class Arrow:
    """`(params) => body` with an expression body."""

    body: Any
    params: list = field(default_factory=list)  # names


@dataclass
class As:
    expression: Any
    type: Any


@dataclass
class Json:
    """A JSON value placed in a template (`layout.JsonValue`): a constant's value prints straight from it."""

    value: Any


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
class TFunction:
    params: list  # (name, type)
    result: Any


@dataclass
class TMember:
    key: str
    type: Any
    optional: bool = False
    comment: str | None = None  # a one-line doc comment before the member
    quoted: bool = False  # `key` is already the printed key


# Statements


@dataclass
class ConstDecl:
    name: str
    init: Any
    type: Any = None


@dataclass
class TypeAlias:
    name: str
    type: Any


@dataclass
class InterfaceDecl:
    name: str
    members: list  # TMember


@dataclass
class ImportDecl:
    names: list  # (name, type_only)
    source: Any  # the module's name, or its string literal (a Str)


@dataclass
class FunctionDecl:
    name: str
    params: list  # (name, type)
    result: Any
    body: list  # Return


@dataclass
class Return:
    value: Any




def json_value(value: Any) -> Any:
    """A JSON value as a TypeScript expression; `__proto__` keys are computed so they stay own properties."""
    if isinstance(value, dict):
        return ObjectExpr(
            [
                Prop(key, json_value(item), computed=key == "__proto__")
                for key, item in value.items()
            ]
        )
    if isinstance(value, list):
        return ArrayExpr([json_value(item) for item in value])
    if isinstance(value, bool):
        return Bool(value)
    if value is None:
        return Null()
    if isinstance(value, (int, float)):
        return Num(value)
    if isinstance(value, str):
        return Str(value)
    raise TypeError(f"not a JSON value: {value!r}")


def json_text(value: Any) -> str:
    """A JSON value as a flat TypeScript expression, as prettier prints it where it fits one line."""
    kind = type(value)
    if kind is str:
        return string_literal(value)
    if kind is bool:
        return "true" if value else "false"
    if value is None:
        return "null"
    if kind is int or kind is float:
        return number_literal(value)
    if kind is list:
        return "[" + ", ".join([json_text(item) for item in value]) + "]"
    if not value:
        return "{}"
    props = [
        ("[" + string_literal(key) + "]" if key == "__proto__" else property_key(key)) + ": " + json_text(item)
        for key, item in value.items()
    ]
    return "{ " + ", ".join(props) + " }"

# ---------------------------------------------------------------------------------------------------------------
# What prettier's printing rules ask of the nodes (is it a literal, a simple type, a simple call argument, ...)
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
    return node.text or number_literal(node.value)


def _string_text(node: Str) -> str:
    return node.text or string_literal(node.value)


def _is_lone_short_argument(node: Any) -> bool:
    """prettier's isLoneShortArgument."""
    threshold = PRINT_WIDTH * 0.25
    if isinstance(node, Ident):
        return len(node.name) <= threshold
    if _is_signed_number(node):
        return True
    if isinstance(node, Str):
        return len(_string_text(node)) <= threshold
    return _is_literal(node)


def _chain_nodes(node: Call) -> list:
    """The nodes of a member chain in source order, from its head to `node` (prettier's printedNodes)."""
    nodes = [node]
    current = node.callee
    while True:
        if isinstance(current, Call):
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
    """prettier's grouping of a member chain's printed nodes: (start, end) of each group, and shouldMerge.

    Every call is a method call, so the chain alternates a member and its call after a head that is neither:
    prettier's first group (the head with the calls and member pairs right after it) is the head alone."""
    bounds: list[tuple[int, int]] = [(0, 1)]
    start = 1
    seen_call = False
    for position in range(1, len(chain)):
        item = chain[position]
        if seen_call and isinstance(item, Member):
            bounds.append((start, position))
            start = position
            seen_call = False
        if _is_call(item):
            seen_call = True
    if start < len(chain):
        bounds.append((start, len(chain)))
    head = chain[0]
    should_not_wrap = isinstance(head, Ident) and _is_factory(head.name)
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
