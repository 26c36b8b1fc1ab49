"""Rust syntax toolgen writes: the names the folder's own file takes, string literals (plain and raw), JSON text in
raw strings, `f64` literals.

rustc rejects bidi controls in literals and comments, and other invisible characters would hide what a line
says, so every one is escaped where Rust allows it (`\\u{…}`) or, inside raw strings, where JSON allows it.
"""

from __future__ import annotations

import json
import re
from json.encoder import encode_basestring  # json.dumps' own, for a str
from typing import Any

from ...layout.quoted import double_quoted

# Types mod.rs declares or imports; a re-exported parameters type must not take them.
FOLDER_TYPE_NAMES = frozenset(
    {"ToolHandlers", "HandlerFuture", "TypedHandler", "InvocationHandler", "Pin", "Future", "Error", "Tool",
     "ToolInvocation", "ToolResult"}
)
# Crates mod.rs `use`s: a tool module of the same name would make the path ambiguous there.
FOLDER_MODULE_NAMES = frozenset({"std", "github_copilot_sdk"})

_SHORT_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t", "\0": "\\0"}


def _is_invisible(char: str) -> bool:
    """Characters a reader cannot see or that reorder text (bidi controls): rustc rejects bidi controls in
    literals and comments, and the rest would hide what a line says."""
    return not char.isprintable() and char != " "


def string_literal(text: str) -> str:
    """A Rust string literal for `text`: quotes and backslashes escaped, invisible characters as `\\u{…}`."""
    return double_quoted(text, _in_string)


def _in_string(char: str) -> str:
    """One character inside a Rust string literal."""
    return _SHORT_ESCAPES.get(char) or (f"\\u{{{ord(char):x}}}" if _is_invisible(char) else char)


def raw_string_literal(text: str) -> str:
    """`r#"…"#` around `text`, or a plain literal for text without quotes or backslashes (it needs no raw string)."""
    if '"' not in text and "\\" not in text:
        return f'"{text}"'
    hashes = raw_hashes(text)
    return f'r{hashes}"{text}"{hashes}'


def raw_hashes(text: str) -> str:
    """The `#`s of a raw string holding `text`: one more than the longest run of `#` after a `"` in it, so nothing
    ends it early."""
    if '"#' not in text:  # one C-level scan: the common case
        return "#"
    runs = [len(match) for match in re.findall(r'"(#*)', text)]
    return "#" * (max(runs, default=0) + 1)


def _escape_invisible_json(text: str) -> str:
    """JSON text with every invisible character as a JSON `\\uXXXX` escape (they can only occur in strings).

    Raw strings cannot escape anything, and rustc rejects bidi controls in them; JSON escapes read back to the
    same characters, so the schema stays byte-exact.
    """
    if text.replace("\n", "").isprintable():  # one C-level scan: nothing invisible
        return text
    return _escape_invisible_json_by_char(text)


def _escape_invisible_json_by_char(text: str) -> str:
    """_escape_invisible_json, one character at a time (any text; the fast path's reference)."""
    out = []
    for char in text:
        if _is_invisible(char) and char != "\n":
            code = ord(char)
            if code > 0xFFFF:  # a surrogate pair, as JSON spells characters beyond the BMP
                code -= 0x10000
                out.append(f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}")
            else:
                out.append(f"\\u{code:04x}")
        else:
            out.append(char)
    return "".join(out)


def json_text(value: Any, pretty: bool) -> str:
    """`value` as JSON fit for a raw string: keys in spec order, Unicode kept, invisible characters escaped."""
    if pretty:
        text = _pretty_json(value)
    else:
        text = json.dumps(value, separators=(", ", ": "), ensure_ascii=False)
    return _escape_invisible_json(text)


def _pretty_json(value: Any, pad: str = "") -> str:
    """`json.dumps(value, indent=2, ensure_ascii=False)`, without its pure-Python encoder (indenting, json.dumps
    encodes every node through a generator): a wire schema is most of a tool module's text."""
    kind = type(value)
    if kind is str:
        return encode_basestring(value)
    inner = pad + "  "
    if kind is dict and value:
        members = [f"{inner}{encode_basestring(key)}: {_pretty_json(item, inner)}" for key, item in value.items()]
        return "{\n" + ",\n".join(members) + f"\n{pad}}}"
    if kind is list and value:
        return "[\n" + ",\n".join([inner + _pretty_json(item, inner) for item in value]) + f"\n{pad}]"
    return json.dumps(value)  # a scalar, {} or []


def float_literal(value: int | float) -> str:
    """A Rust `f64` literal (`2.5`, `30.0`, `1e+20`) for a finite JSON number."""
    text = repr(float(value))
    return text if any(mark in text for mark in ".en") else text + ".0"
