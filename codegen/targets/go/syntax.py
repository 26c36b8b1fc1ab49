"""Go's lexical rules as toolgen needs them: reserved names as data, identifier and file-name casing, the escaping
of string literals, comments, struct tags and raw-string JSON.

Standard library only apart from the doc-comment form (codegen.targets.go.doc): the configuration's deep check of
the `package` option reads the keyword set from here without importing the Go target.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from typing import Any

from ...model.naming import Words, join_cased, snake
from . import doc as go_doc
from ...layout.json import compact_json, pretty_json
from ...layout.quoted import double_quoted

# https://go.dev/ref/spec#Keywords and #Predeclared_identifiers. Generated package-level names are exported
# (upper case) or end in Schema/Metadata, so they cannot be one of these; they are still counted as taken, so a
# future naming change cannot silently produce one.
GO_KEYWORDS = frozenset(
    "break case chan const continue default defer else fallthrough for func go goto if import interface map "
    "package range return select struct switch type var".split()
)
GO_PREDECLARED = frozenset(
    "any bool byte comparable complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string "
    "uint uint8 uint16 uint32 uint64 uintptr true false iota nil append cap clear close complex copy delete imag "
    "len make max min new panic print println real recover".split()
)
# golint's common initialisms: `user_id` → UserID, `url` → URL.
INITIALISMS = frozenset(
    "ACL API ASCII CPU CSS DNS EOF GUID HTML HTTP HTTPS ID IP JSON LHS QPS RAM RHS RPC SLA SMTP SQL SSH TCP TLS "
    "TTL UDP UI UID UUID URI URL UTF8 VM XML XMPP XSRF XSS".split()
)
# go/build reads `name_<GOOS>.go`, `name_<GOARCH>.go` and `name_test.go` as build constraints; a tool whose file
# name ends like that would silently vanish from most builds (lists from go/build's syslist.go).
BUILD_CONSTRAINT_SUFFIXES = frozenset(
    "aix android darwin dragonfly freebsd hurd illumos ios js linux nacl netbsd openbsd plan9 solaris wasip1 "
    "windows zos "  # GOOS
    "386 amd64 amd64p32 arm armbe arm64 arm64be loong64 mips mipsle mips64 mips64le mips64p32 mips64p32le ppc "
    "ppc64 ppc64le riscv riscv64 s390 s390x sparc sparc64 wasm "  # GOARCH
    "test".split()
)

# Punctuation encoding/json accepts in a struct tag's name (`isValidTag`); any other non-letter, non-digit
# character makes it ignore the tag and use the Go field name, so such properties are decoded by name instead.
_TAG_PUNCTUATION = frozenset("!#$%&()*+-./:;<=>?@[]^_{|}~ ")
# The ASCII characters json_tag_name_ok accepts: letters, digits and _TAG_PUNCTUATION.
_ASCII_TAG_NAME = re.compile("[A-Za-z0-9" + re.escape("".join(sorted(_TAG_PUNCTUATION))) + "]*")
_SHORT_ESCAPES = {"\a": r"\a", "\b": r"\b", "\f": r"\f", "\n": r"\n", "\r": r"\r", "\t": r"\t", "\v": r"\v"}


# -- identifiers -----------------------------------------------------------------------------------------------


def exported(words: Iterable[str]) -> str:
    """Exported Go identifier with golint initialisms: ('user', 'id') → UserID, ('the', '2fa') → The2fa."""
    return join_cased(word.upper() if word.upper() in INITIALISMS else word[:1].upper() + word[1:] for word in words)


def unexported(words: Sequence[str]) -> str:
    """Unexported Go identifier: ('url', 'schema') → urlSchema, ('web', 'fetch', 'schema') → webFetchSchema."""
    return words[0].lower() + exported(words[1:])


def file_stem(words: Words) -> str:
    """snake_case file name, with `_tool` appended when go/build would read the ending as a build constraint."""
    stem = snake(words)
    parts = stem.split("_")
    return stem + "_tool" if len(parts) > 1 and parts[-1] in BUILD_CONSTRAINT_SUFFIXES else stem


# -- escaping --------------------------------------------------------------------------------------------------


def _code_point_escape(char: str) -> str:
    code = ord(char)
    if 0xD800 <= code <= 0xDFFF:
        raise ValueError(f"lone surrogate U+{code:04X} cannot be written as Go source")
    if code < 0x80:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def _shown(char: str) -> str:
    """One character as Go source shows it: a short escape, itself when Go prints it, else a code point escape.
    (Python's isprintable is Go's strconv.IsPrint: L, M, N, P, S, ' '.)"""
    return _SHORT_ESCAPES.get(char) or (char if char.isprintable() else _code_point_escape(char))


def go_string(text: str) -> str:
    """A Go interpreted string literal for `text`: quotes and backslashes escaped, every character Go would not
    print (controls, U+2028/U+2029, bidi and other format characters, BOM, non-ASCII spaces) as an escape.
    """
    return double_quoted(text, _in_string)


def _in_string(char: str) -> str:
    """One character inside a Go interpreted string literal."""
    return "\\" + char if char in '"\\' else _shown(char)


def comment_text(text: str) -> str:
    """One line of a `//` comment: characters that are invisible, reorder text or end the line are shown as
    Go-style escapes, so a comment can neither hide code nor spill onto the next line."""
    # Fast path: nothing to show as an escape (every short escape is a control character).
    return text if text.isprintable() else _comment_text_escaped(text)


def _comment_text_escaped(text: str) -> str:
    """comment_text, one character at a time (any text; the fast path's reference)."""
    return "".join(_shown(char) for char in text)


def json_comment(value: Any) -> str:
    """A JSON value on one comment line (for defaults and enum values in docs and messages)."""
    return comment_text(compact_json(value))


def doc_lines(text: str | None) -> list[str]:
    """The lines of a description as a doc comment in gofmt's form, without the `//` (codegen.targets.go.doc)."""
    return go_doc.doc_lines(text, comment_text)


def comment_lines(lines: Iterable[str]) -> list[str]:
    """Doc lines as the text after `//` that the templates print (a blank line is a bare `//`)."""
    return [go_doc.comment_suffix(line) for line in lines]


def json_tag_name_ok(wire_name: str) -> bool:
    """True when encoding/json can name this property in a struct tag (letters, digits, some punctuation)."""
    if wire_name in ("", "-"):  # "" means "use the field name", "-" means "skip this field"
        return False
    if wire_name.isascii():  # ASCII letters and digits are exactly its L* and Nd characters
        return _ASCII_TAG_NAME.fullmatch(wire_name) is not None
    return all(
        char in _TAG_PUNCTUATION or unicodedata.category(char).startswith("L") or unicodedata.category(char) == "Nd"
        for char in wire_name
    )


def struct_tag(wire_name: str, omit: str | None) -> str:
    """The field's raw-string struct tag, with the `omitempty` or `omitzero` option; `json:"-"` for a property
    decoded by name (see json_tag_name_ok)."""
    if not json_tag_name_ok(wire_name):
        return '`json:"-"`'
    return f'`json:"{wire_name}{"," + omit if omit else ""}"`'


def _json_escape(char: str) -> str:
    code = ord(char)
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def raw_json(value: Any, compact: bool = False) -> str:
    """`value` as JSON text (indented, or on one line) that is safe inside a Go raw string literal (backquotes).

    A raw string ends at a backquote and drops carriage returns, so both (and every character that is invisible
    or reorders text) are written as JSON escapes; they can only occur inside JSON strings, so the value parses
    back unchanged. Numbers keep their spelling (the Go side decodes with UseNumber).
    """
    return _raw_json_safe(compact_json(value) if compact else pretty_json(value))


def _raw_json_safe(text: str) -> str:
    """JSON text with backquotes and characters that are invisible or not printable (but line breaks) escaped."""
    # Fast path: one C-level scan finds nothing to escape.
    if "`" not in text and text.replace("\n", "").isprintable():
        return text
    return _raw_json_escaped(text)


def _raw_json_escaped(text: str) -> str:
    """_raw_json_safe, one character at a time (any text; the fast path's reference)."""
    return "".join(
        char if char == "\n" or (char != "`" and char.isprintable()) else _json_escape(char) for char in text
    )


def go_literal(value: Any) -> str:
    """A Go constant literal for an enum value (string, bool, integer or float)."""
    if isinstance(value, str):
        return go_string(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    raise TypeError(f"no Go constant for {value!r}")
