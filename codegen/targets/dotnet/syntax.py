"""C# spelling for the .NET target, one function per position: reserved words and identifiers, string literals,
JSON text for raw string literals, and comment text."""

from __future__ import annotations

from typing import Any

from ...layout.json import pretty_json
from ...layout.quoted import double_quoted

# Reserved keywords: an identifier spelled like one needs the `@` prefix.
KEYWORDS = frozenset(
    """abstract as base bool break byte case catch char checked class const continue decimal default delegate do
    double else enum event explicit extern false finally fixed float for foreach goto if implicit in int interface
    internal is lock long namespace new null object operator out override params private protected public readonly
    ref return sbyte sealed short sizeof stackalloc static string struct switch this throw true try typeof uint ulong
    unchecked unsafe ushort using virtual void volatile while __arglist __makeref __reftype __refvalue""".split()
)
# Contextual keywords are legal identifiers in most places but not all (a type named `record` or `var`, `field`
# inside a property accessor, `value` in a setter); escaping them too costs nothing and is always legal.
CONTEXTUAL_KEYWORDS = frozenset(
    """add alias allows and ascending args async await by descending dynamic equals extension field file from get
    global group init into join let managed nameof nint not notnull nuint on or orderby partial record remove
    required scoped select set unmanaged value var when where with yield""".split()
)


# -- escaping: one function per position ---------------------------------------------------------------------------


def escape_identifier(name: str) -> str:
    """`name` as a C# identifier: keywords (reserved or contextual) get the verbatim `@` prefix."""
    return f"@{name}" if name in KEYWORDS or name in CONTEXTUAL_KEYWORDS else name


def _is_safe(char: str) -> bool:
    """Printable and not a line break, bidi control or other format character (Python's notion of printable)."""
    return char == " " or char.isprintable()


def _utf16_escapes(char: str, style: str) -> str:
    """`\\uXXXX` for a BMP code point; C# string literals take `\\UXXXXXXXX`, JSON needs a surrogate pair."""
    point = ord(char)
    if point <= 0xFFFF:
        return f"\\u{point:04X}"
    if style == "csharp":
        return f"\\U{point:08X}"
    point -= 0x10000
    return f"\\u{0xD800 + (point >> 10):04X}\\u{0xDC00 + (point & 0x3FF):04X}"


_CSHARP_SIMPLE_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t", "\0": "\\0"}


def string_literal(text: str) -> str:
    """A regular C# string literal whose value is exactly `text`.

    Backslash, quote and the common controls use their short escapes; anything else that is not printable (controls,
    U+0085/U+2028/U+2029, which C# treats as line breaks, bidi overrides) becomes `\\uXXXX` or `\\UXXXXXXXX`.
    `\\x` is never used: it takes one to four hex digits and would swallow a following digit.
    """
    return double_quoted(text, _in_string)


def _in_string(char: str) -> str:
    """One character inside a regular C# string literal."""
    return _CSHARP_SIMPLE_ESCAPES.get(char) or (char if _is_safe(char) else _utf16_escapes(char, "csharp"))


def json_text(value: Any) -> str:
    """JSON for a raw string literal: objects one member per line (two-space indent), arrays of scalars on one line.

    Every line break is structural. `json.dumps` escapes quotes, backslashes and C0 controls inside strings; this
    also escapes what it leaves raw (DEL, C1 controls, U+2028/U+2029, bidi and other format characters) so the
    source stays readable and safe. JSON text never has three quotes in a row (a quote inside a string is always
    escaped), so it cannot end a raw string literal (three-quote delimiters) early.
    """
    text = pretty_json(value)
    if text.replace("\n", "").isprintable():  # one C-level scan: nothing to escape
        return text
    return _json_text_escaped(text)


def _json_text_escaped(text: str) -> str:
    """json_text's escaping of pretty JSON text, one character at a time (the fast path's reference)."""
    return "".join(char if char == "\n" or _is_safe(char) else _utf16_escapes(char, "json") for char in text)


def comment_text(text: str) -> str:
    """One line of comment text: anything that is not printable is shown as `\\uXXXX` (no bidi tricks, no breaks)."""
    if text.isprintable():  # one C-level scan: nothing to escape
        return text
    return _comment_text_escaped(text)


def _comment_text_escaped(text: str) -> str:
    """comment_text, one character at a time (any text; the fast path's reference)."""
    return "".join(char if _is_safe(char) else _utf16_escapes(char, "csharp") for char in text)
