"""Python spelling rules for the Python target: reserved names as data, and one escaping function per position.

Everything here is pure and language-level (no knowledge of tools or the SDK), so it is easy to test as tables.
Positions: a string literal (`py_str`) and any JSON value as a Python expression (`py_literal`); docstrings and
comments are doc.py's.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterator
from typing import Any

# `keyword.kwlist` of Python 3.11-3.14, kept as data so the output does not depend on the running interpreter.
# Soft keywords (`match`, `case`, `type`, `_`) are legal identifiers and need no escape.
KEYWORDS = frozenset(
    {
        "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def",
        "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda",
        "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield",
    }
)  # fmt: skip

# Public attributes of pydantic v2's BaseModel (2.11-2.13): a field with one of these names would shadow or
# break the model (`model_config` is an outright error), so such fields get a trailing underscore.
BASEMODEL_ATTRIBUTES = frozenset(
    {
        "construct", "copy", "dict", "from_orm", "json", "model_computed_fields", "model_config", "model_construct",
        "model_copy", "model_dump", "model_dump_json", "model_extra", "model_fields", "model_fields_set",
        "model_json_schema", "model_parametrized_name", "model_post_init", "model_rebuild", "model_validate",
        "model_validate_json", "model_validate_strings", "parse_file", "parse_obj", "parse_raw", "schema",
        "schema_json", "update_forward_refs", "validate",
    }
)  # fmt: skip

# Builtins that generated annotations use. A field of that name would rebind it inside the class body, and a
# later annotation such as `x: int` could then resolve to the field's default instead of the builtin.
ANNOTATION_BUILTINS = frozenset({"bool", "dict", "float", "int", "list", "str"})

# Field names pydantic treats as its own namespace; a model with such a field needs `protected_namespaces=()`.
PYDANTIC_PROTECTED_PREFIX = "model_"

LINE_LENGTH = 88  # black's default, which toolgen's generated Python follows

_SIMPLE_ESCAPES = {"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}
# Unicode categories written as escapes: controls, format characters (bidi overrides, zero-width), surrogates,
# private use, unassigned, and every separator but the ASCII space. What remains is visible in any editor.
_ESCAPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp", "Zs"})


def field_identifier(snake_name: str) -> str:
    """A snake_case name made safe as a pydantic field: keywords, BaseModel attributes and annotation
    builtins get a trailing underscore (PEP 8's convention for a name that clashes)."""
    if (
        snake_name in KEYWORDS
        or snake_name in BASEMODEL_ATTRIBUTES
        or snake_name in ANNOTATION_BUILTINS
    ):
        return snake_name + "_"
    return snake_name


def _hidden(char: str) -> bool:
    """True for a character that must not appear raw in source (invisible, line-breaking or invalid)."""
    if char.isascii():
        return not (" " <= char <= "~")
    return unicodedata.category(char) in _ESCAPED_CATEGORIES


def _escape_code(char: str) -> str:
    code = ord(char)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def _escaped(char: str) -> str:
    if char in _SIMPLE_ESCAPES:
        return _SIMPLE_ESCAPES[char]
    return _escape_code(char) if _hidden(char) else char


# Anything but printable ASCII other than quotes and `\`: only these characters can need an escape.
_CANDIDATES = re.compile(r"[^ !#-&(-\[\]-~]")


def _escape(text: str, quote: str = '"') -> str:
    """Backslash-escape backslashes, the `quote` character and hidden characters."""

    def escaped(match: re.Match[str]) -> str:
        char = match.group()
        if char in "\"'":
            return "\\" + char if char == quote else char
        return _escaped(char)

    return _CANDIDATES.sub(escaped, text)


def py_str(text: str) -> str:
    """A Python string literal whose value is exactly `text`, quoted as black prefers: double quotes unless
    single quotes need fewer escapes (black would otherwise rewrite it)."""
    quote = "'" if text.count('"') > text.count("'") else '"'
    return quote + _escape(text, quote) + quote


def py_literal(value: Any) -> str:
    """The Python expression for a JSON value (as loaded from YAML): dicts and lists keep their order."""
    if value is None:
        return "None"
    if value is True:
        return "True"
    if value is False:
        return "False"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return 'float("nan")'
        if math.isinf(value):
            return 'float("inf")' if value > 0 else 'float("-inf")'
        # the shortest text that reads back as the same float; black drops an exponent's `+`
        return repr(value).replace("e+", "e")
    if isinstance(value, str):
        return py_str(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(py_literal(item) for item in value) + "]"
    if isinstance(value, dict):
        return (
            "{"
            + ", ".join(f"{py_str(str(key))}: {py_literal(item)}" for key, item in value.items())
            + "}"
        )
    raise TypeError(f"not a JSON value: {value!r}")


def top_level_positions(text: str, start: int = 0) -> Iterator[int]:
    """The indices of `text` from `start` that lie outside brackets and string literals, in order: where a
    union's `|` or an assignment's `=` can separate the parts of an annotation or statement."""
    depth, quote, escaped = 0, "", False
    for index in range(start, len(text)):
        char = text[index]
        if quote:  # inside a string literal (a Literal member): brackets and operators there are text
            escaped, quote = (not escaped and char == "\\"), ("" if char == quote and not escaped else quote)
        elif char in "\"'":
            quote = char
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif depth == 0:
            yield index
