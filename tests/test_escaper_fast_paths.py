"""Escapers' fast paths (issue #6) must not change a byte: each one is compared with the one-character-at-a-time
definition it skips, on every control character, surrogates, astral and wide characters, quotes, backslashes,
`*/`, line and paragraph separators, bidi and other format characters, each alone and inside plain text.

The per-character functions are the reference: a fast path only ever returns early when nothing needs escaping (or
measures ASCII), so for every input the two must agree."""

from __future__ import annotations

import random

import pytest

from codegen.targets.dotnet import syntax as dotnet_syntax
from codegen.targets.go import syntax as go_syntax
from codegen.targets.java import syntax as java_syntax
from codegen.layout import quoted
from codegen.targets.rust import layout as rust_layout, literals as rust_literals
from codegen.targets.nodejs import syntax as ts_literals

_SPECIAL = [
    *map(chr, range(0x00, 0x21)),  # every C0 control and the space
    "\x7f", "\x80", "\x85", "\x9f", "\xa0", "\xad",  # DEL, C1 controls, NEL, no-break space, soft hyphen
    '"', "'", "`", "\\", "*/", "/*", "@", "&", "<", ">", ",", "$", "_", "-", "{", "}", "#", "\\u000a",
    "\u0301", "\u20dd",  # combining marks (Mn, Me)
    "\u200b", "\u200c", "\u200d", "\u200e", "\u202a", "\u202e", "\u2066", "\u2069", "\ufeff",  # format (Cf)
    "\u2028", "\u2029",  # line and paragraph separators
    "\u3000", "\u1680",  # non-ASCII spaces
    "é", "ß", "ǅ", "名", "前", "한", "ｱ", "Ａ", "\uff01",  # letters, wide and fullwidth characters
    "\ud800", "\udbff", "\udc00", "\udfff",  # lone surrogates
    "\ue000", "\uf8ff", "\ufdd0", "\ufffe", "\uffff", "\u0378",  # private use, noncharacters, unassigned
    "\U00010000", "\U0001f600", "\U0001f9d1", "\U00020000", "\U000e0001", "\U000f0000", "\U0010ffff",  # astral
]  # fmt: skip
_CONTEXTS = ["{}", "a{}b", "{}{}", "The {} and more, 1, 2 words {}", " {} "]


def _tricky_texts() -> list[str]:
    texts = ["", "plain", "plain text, with commas and spaces", "x" * 300, "word, " * 60]
    texts += [context.format(special, special) for special in _SPECIAL for context in _CONTEXTS]
    texts += [chr(code) for code in range(0x3000)]  # every character of the first blocks, alone
    rng = random.Random(6)
    pool = _SPECIAL + list("abcdefghij, ") * 8
    texts += ["".join(rng.choice(pool) for _ in range(rng.randint(1, 250))) for _ in range(300)]
    return texts


TEXTS = _tricky_texts()

# (fast, reference): the public escaper and the per-character function its fast path stands in for.
PAIRS = {
    "go.go_string": (go_syntax.go_string, lambda text: quoted.each_spelled(text, go_syntax._in_string)),
    "go.comment_text": (go_syntax.comment_text, go_syntax._comment_text_escaped),
    "go.raw_json": (go_syntax._raw_json_safe, go_syntax._raw_json_escaped),
    "dotnet_syntax.string_literal": (
        dotnet_syntax.string_literal,
        lambda text: quoted.each_spelled(text, dotnet_syntax._in_string),
    ),
    "dotnet_syntax.comment_text": (dotnet_syntax.comment_text, dotnet_syntax._comment_text_escaped),
    "rust_literals.string_literal": (
        rust_literals.string_literal,
        lambda text: quoted.each_spelled(text, rust_literals._in_string),
    ),
    "rust_literals._escape_invisible_json": (
        rust_literals._escape_invisible_json,
        rust_literals._escape_invisible_json_by_char,
    ),
    "rust_layout.display_width": (rust_layout.display_width, rust_layout._display_width_by_char),
    "ts_literals.is_es5_identifier_name": (
        ts_literals.is_es5_identifier_name,
        ts_literals._is_es5_identifier_name_by_char,
    ),
}


def _outcome(function, text):
    try:
        return function(text)
    except ValueError as error:  # e.g. a lone surrogate Go cannot write: both must refuse alike
        return ("error", str(error))


@pytest.mark.parametrize("name", sorted(PAIRS))
def test_fast_path_agrees_with_per_character_definition(name):
    fast, reference = PAIRS[name]
    for text in TEXTS:
        assert _outcome(fast, text) == _outcome(reference, text), (name, text)


def test_fast_paths_are_taken_for_plain_text():
    """The fast paths answer plain text without the per-character work (they are the point of this file)."""
    assert go_syntax.go_string("plain, text") == '"plain, text"'
    assert dotnet_syntax.comment_text("a é 名") == "a é 名"
    assert rust_layout.display_width("abc") == 3
    assert go_syntax.json_tag_name_ok("name-1.x") and not go_syntax.json_tag_name_ok("a,b")


def test_go_json_tag_names_ascii_agrees_with_categories():
    import unicodedata

    for code in range(0x80):
        char = chr(code)
        category = unicodedata.category(char)
        expected = char in go_syntax._TAG_PUNCTUATION or category.startswith("L") or category == "Nd"
        assert go_syntax.json_tag_name_ok("a" + char) == expected, repr(char)


def test_pretty_json_string_values_agree_with_json_dumps():
    import json

    from codegen.layout.json import compact_json

    for text in TEXTS:
        assert compact_json(text) == json.dumps(text, ensure_ascii=False, allow_nan=False)


# -- Java: translate tables and the chunker must equal the per-character rules --------------------------------------


def test_java_literal_units_and_tables_agree_with_the_character_rule():
    for text in TEXTS:
        units = [java_syntax._literal_unit(char) for char in text]
        assert java_syntax._literal_units(text) == units
        assert java_syntax.java_string(text) == '"' + "".join(units) + '"'


def test_javadoc_text_agrees_with_the_character_rule():
    for text in TEXTS:
        escaped = "".join(java_syntax._javadoc_char(char) for char in text).replace("*/", "*&#47;")
        assert java_syntax.javadoc_text(text) == " ".join(word for word in escaped.split(" ") if word)


def _reference_string_chunks(text: str, width: int) -> list[str]:
    """string_chunks as first written: unit by unit (the bisection in the module must give the same chunks)."""
    units = [java_syntax._literal_unit(char) for char in text]
    room = width - 2
    chunks: list[str] = []
    start = 0
    while start < len(units):
        end, size = start, 0
        while end < len(units) and size + len(units[end]) <= room:
            size += len(units[end])
            end += 1
        end = max(end, start + 1)
        if end < len(units):
            filled = 0
            best = None
            for index in range(start, end):
                filled += len(units[index])
                if units[index] in (",", " ") and filled * 2 >= room:
                    best = index + 1
            end = best or end
        chunks.append('"' + "".join(units[start:end]) + '"')
        start = end
    return chunks or ['""']


@pytest.mark.parametrize("width", [-3, 0, 1, 2, 3, 4, 5, 8, 9, 13, 40, 79, 98])
def test_java_string_chunks_agree_with_unit_by_unit_chunking(width):
    texts = [text for text in TEXTS if len(text) != 1] + ['{"a": "b", "c": ["\\u00e9", 1]}' * 9]
    for text in texts:
        assert java_syntax.string_chunks(text, width) == _reference_string_chunks(text, width), (width, text)
