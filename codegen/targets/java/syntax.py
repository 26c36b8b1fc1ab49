"""Java spelling: reserved names as data, one escaping function per position, and the text of a text block.

Everything here is pure and language-level (no knowledge of tools, the SDK or line widths), so it is easy to test as
tables. Positions: a string literal (`java_string`, cut into pieces by `string_chunks`), a Javadoc comment
(`javadoc_text`), a `//` comment (`line_comment_text`), the lines of a text block (`text_block`).

Generated Java is ASCII only. javac reads sources in the platform encoding unless told otherwise (JDK 17 on a
`C` locale reads ASCII), so every non-ASCII character is escaped: `\\uXXXX` in string literals, an HTML character
reference in Javadoc. A backslash from the data is always doubled in literals and turned into `&#92;` in comments,
so a spec can never smuggle a `\\u000a` (which javac turns into a line break before it even lexes) into the source.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections.abc import Callable
from itertools import accumulate

# JLS 17 §3.9 reserved keywords, the literals true/false/null, and `_`: never legal as identifiers.
KEYWORDS = frozenset(
    {
        "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
        "default", "do", "double", "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if",
        "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "package", "private",
        "protected", "public", "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this",
        "throw", "throws", "transient", "try", "void", "volatile", "while", "_", "true", "false", "null",
    }
)  # fmt: skip

# A record component may not be named like one of Object's no-argument methods (JLS 17 §8.10.1), and `yield` is a
# restricted identifier that cannot name a method that is called unqualified: both get the keyword treatment.
NOT_COMPONENT_NAMES = frozenset(
    {
        "clone",
        "finalize",
        "getClass",
        "hashCode",
        "notify",
        "notifyAll",
        "toString",
        "wait",
        "yield",
    }
)

_NAMED_ESCAPES = {
    '"': '\\"',
    "\\": "\\\\",
    "\n": "\\n",
    "\r": "\\r",
    "\t": "\\t",
    "\b": "\\b",
    "\f": "\\f",
}


def escape_identifier(name: str, reserved: frozenset[str] = KEYWORDS) -> str:
    """A keyword (or other reserved name) gets a trailing underscore: `class` → `class_`."""
    return name + "_" if name in reserved else name


def _literal_unit(char: str) -> str:
    """The source form of one character inside a Java string literal (never split when a literal is chunked)."""
    code = ord(char)
    if char in _NAMED_ESCAPES:
        return _NAMED_ESCAPES[char]
    if code < 0x20 or code == 0x7F:
        return f"\\{code:03o}"  # octal: javac never pre-processes it, unlike \u
    if code < 0x7F:
        return char
    if code <= 0xFFFF:
        return f"\\u{code:04x}"  # safe: only ever stands for a non-ASCII character
    high, low = divmod(code - 0x10000, 0x400)
    return f"\\u{0xD800 + high:04x}\\u{0xDC00 + low:04x}"


class _PerCharacter(dict):
    """A table for `str.translate` (keyed by code point) or `map` (keyed by character): ASCII is looked up from
    C, anything else is computed by `rule` (never stored: hostile text cannot grow the table)."""

    def __init__(self, rule: Callable[[str], str], by_code: bool):
        self.rule, self.by_code = rule, by_code
        super().__init__({(code if by_code else chr(code)): rule(chr(code)) for code in range(128)})

    def __missing__(self, key: int | str) -> str:
        return self.rule(chr(key) if self.by_code else key)  # type: ignore[arg-type]


_LITERAL_UNIT_OF_CHAR = _PerCharacter(_literal_unit, by_code=False)
_LITERAL_TABLE = _PerCharacter(_literal_unit, by_code=True)


def _literal_units(text: str) -> list[str]:
    """`_literal_unit` of each character of `text`."""
    return list(map(_LITERAL_UNIT_OF_CHAR.__getitem__, text))


def java_string(text: str) -> str:
    """`text` as one Java string literal, quotes included, ASCII only."""
    # Fast path: printable ASCII (0x20-0x7E) stands for itself, but for the two named escapes among it.
    if text.isascii() and text.isprintable() and '"' not in text and "\\" not in text:
        return '"' + text + '"'
    return '"' + text.translate(_LITERAL_TABLE) + '"'


def string_chunks(text: str, width: int) -> list[str]:
    """`text` as string literals (quotes included) of at most `width` characters each.

    A chunk ends after the last comma or space that leaves it at least half full, so JSON and prose break at
    natural points; an escape sequence is never split.
    """
    units = _literal_units(text)
    room = width - 2  # the quotes
    # Found by bisection instead of unit by unit: `ends[i]` is the width of units[:i] (strictly increasing), and
    # `breaks` holds the indices of the "," and " " units (units map one to one onto the characters of `text`).
    ends = list(accumulate(map(len, units), initial=0))
    breaks = [match.start() for match in _CHUNK_BREAK.finditer(text)]
    half = (room + 1) // 2  # the least width with width * 2 >= room
    chunks: list[str] = []
    start = 0
    while start < len(units):
        # The most units that fit in the room.
        end = bisect_right(ends, ends[start] + room, start) - 1
        end = max(end, start + 1)  # a single unit wider than the room still goes somewhere
        if end < len(units):
            # The last break before `end`, if its chunk is at least half full (an earlier one would be fuller).
            last = bisect_left(breaks, end) - 1
            if last >= 0 and breaks[last] >= start and ends[breaks[last] + 1] - ends[start] >= half:
                end = breaks[last] + 1
        chunks.append('"' + "".join(units[start:end]) + '"')
        start = end
    return chunks or ['""']


_CHUNK_BREAK = re.compile("[, ]")


def line_comment_text(text: str) -> str:
    """Text for a `//` comment: printable ASCII stays, everything else is shown as U+XXXX.

    A backslash is doubled: a backslash preceded by another one can never start a `\\u` escape.
    """
    return text.translate(_COMMENT_TABLE)


def _comment_char(char: str) -> str:
    if char == "\\":
        return "\\\\"
    return char if 0x20 <= ord(char) < 0x7F else f"U+{ord(char):04X}"


_COMMENT_TABLE = _PerCharacter(_comment_char, by_code=True)

_JAVADOC_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", "@": "&#64;", "\\": "&#92;"}


def javadoc_text(text: str) -> str:
    """Plain text as Javadoc HTML on one line: markup characters, `@` (block tags), `\\`, `*/`, control and
    non-ASCII characters become character references; runs of ASCII whitespace become one space."""
    escaped = text.translate(_JAVADOC_TABLE).replace("*/", "*&#47;")
    return " ".join(word for word in escaped.split(" ") if word)


def _javadoc_char(char: str) -> str:
    """One character of javadoc_text before `*/` is broken and whitespace collapsed."""
    code = ord(char)
    if char in _JAVADOC_ESCAPES:
        return _JAVADOC_ESCAPES[char]
    if char in " \t\n\r":
        return " "
    if unicodedata.category(char) in ("Cc", "Cs", "Cn"):
        return f"U+{code:04X}"  # doclint rejects a reference to a control, surrogate or unassigned character
    if code >= 0x7F:
        return f"&#x{code:x};"
    return char


_JAVADOC_TABLE = _PerCharacter(_javadoc_char, by_code=True)


# -- text blocks ---------------------------------------------------------------------------------------------------

# Text a text block cannot keep (text_block gives None): a line ending in Unicode whitespace other than a space or a
# tab, whose `\\uXXXX` escape is translated before javac strips trailing whitespace (pretty-printed JSON never has
# one: its lines end in punctuation); and a Unicode line or paragraph separator or NEL (U+2028, U+2029, U+0085),
# which javac 17 reads back exactly but reports under `-Xlint:text-blocks` as trailing white space, failing a
# `-Werror` build.
_LINT_SEPARATORS = re.compile("[\u2028\u2029\u0085]")


def text_block(text: str) -> list[tuple[list[str], bool]] | None:
    """The text blocks that hold exactly `text`: one per class-file constant (a longer text is joined from several
    when the class loads), each as its source lines, escaped and without indentation, and whether its last line
    ends in `\\` (its text does not end in a line break, which the closing delimiter's own line would give).
    None: the text must be a string literal instead (see above)."""
    lines = text.split("\n")
    if any(line[-1:].isspace() and line[-1] not in " \t" for line in lines) or _LINT_SEPARATORS.search(text):
        return None
    blocks = []
    for piece in constant_pieces(text):
        continued = not piece.endswith("\n")
        blocks.append((_text_block_lines(piece if continued else piece[:-1]), continued))
    return blocks


def _text_block_lines(text: str) -> list[str]:
    """Each line of `text` as the source of a text block line: backslashes doubled (so no `\\u` or line
    continuation comes from the data), every third quote in a row escaped (`\"\"\"` would close the block),
    other characters as in a string literal, and a trailing space escaped (javac strips trailing whitespace from
    every line of a text block; a tab is escaped anyway)."""
    source = text.translate(_TEXT_BLOCK_TABLE).replace('"""', '""\\"')  # a quote is itself: runs stay runs
    return [line[:-1] + "\\s" if line.endswith(" ") else line for line in source.split("\n")]


# A quote and a line break stand for themselves in a text block.
_TEXT_BLOCK_TABLE = _PerCharacter(lambda char: char if char in '"\n' else _literal_unit(char), by_code=True)

# A class file keeps a constant string in its constant pool as at most 65535 bytes of modified UTF-8 (JVMS §4.4.7),
# and javac 17 rejects a constant of 65535 or more UTF-16 units ("constant string too long"). A character takes at
# least one byte per UTF-16 unit, so at most 65534 bytes satisfies both.
CONSTANT_LIMIT = 65534


def _constant_bytes(char: str) -> int:
    """The char's size in modified UTF-8: NUL takes two bytes, a supplementary character two 3-byte halves."""
    code = ord(char)
    if 0 < code < 0x80:
        return 1
    return 2 if code < 0x800 else 3 if code <= 0xFFFF else 6


def constant_pieces(text: str) -> list[str]:
    """`text` cut into pieces that each fit one constant, after a line break where one is in reach."""
    if len(text) * 6 <= CONSTANT_LIMIT or (len(text) <= CONSTANT_LIMIT and text.isascii() and "\0" not in text):
        return [text]  # fits, whatever its characters (or one byte each): counting them would change nothing
    pieces: list[str] = []
    start = size = 0
    last_break = -1  # index of the last "\n" in the current piece
    for index, char in enumerate(text):
        width = _constant_bytes(char)
        if size + width > CONSTANT_LIMIT:
            cut = last_break + 1 if last_break >= start else index
            pieces.append(text[start:cut])
            start, size = cut, sum(map(_constant_bytes, text[cut:index]))
        size += width
        if char == "\n":
            last_break = index
    pieces.append(text[start:])
    return pieces


# -- names -----------------------------------------------------------------------------------------------------------

_IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")


def is_package_name(name: str) -> bool:
    """A dotted Java package name whose every part is an identifier and not a keyword."""
    parts = name.split(".")
    return all(_IDENTIFIER.fullmatch(part) and part not in KEYWORDS for part in parts)


# javac writes a nested type to `Outer$Inner.class`, and a file name has at most 255 bytes (NAME_MAX). Room is
# left for the collision suffix `unique_identifiers` may add after the cut.
NAME_MAX = 255
SUFFIX_ROOM = 6


def fit_nested_class_name(outer: str, name: str) -> str:
    """`name`, cut (at a character) so that `outer$name.class` plus a collision suffix fits a file name."""
    budget = NAME_MAX - len(f"{outer}$.class".encode()) - SUFFIX_ROOM
    while len(name.encode()) > budget and len(name) > 1:
        name = name[:-1]
    return name
