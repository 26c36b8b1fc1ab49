"""TypeScript literals as prettier prints them: strings, numbers and property keys (prettier's
utilities/print-string.js, utilities/print-number.js, print/key.js).
"""

from __future__ import annotations

import re
import unicodedata

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
