"""Java spelling and layout rules for the Java target: reserved names as data, one escaping function per position,
and the few google-java-format layouts the generated files use.

Everything here is pure and language-level (no knowledge of tools or the SDK), so it is easy to test as tables.
Positions: a string literal (`java_string`), a Javadoc comment (`javadoc_text`, `javadoc`), a `//` comment
(`line_comment_text`).

Generated Java is ASCII only. javac reads sources in the platform encoding unless told otherwise (JDK 17 on a
`C` locale reads ASCII), so every non-ASCII character is escaped: `\\uXXXX` in string literals, an HTML character
reference in Javadoc. A backslash from the data is always doubled in literals and turned into `&#92;` in comments,
so a spec can never smuggle a `\\u000a` (which javac turns into a line break before it even lexes) into the source.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from itertools import accumulate

COLUMN_LIMIT = 100  # google-java-format
CONTINUATION = 4

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
    out = []
    for char in text:
        if char == "\\":
            out.append("\\\\")
        elif 0x20 <= ord(char) < 0x7F:
            out.append(char)
        else:
            out.append(f"U+{ord(char):04X}")
    return "".join(out)


def line_comment(indent: int, text: str) -> list[str]:
    """`// text` (already `line_comment_text`), wrapped at spaces as google-java-format wraps a long comment."""
    pad = " " * indent
    single = f"{pad}// {text}"
    if len(single) <= COLUMN_LIMIT:
        return [single]
    return _wrap([word for word in text.split() if word], f"{pad}// ", f"{pad}// ")


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


def _wrap(words: list[str], first_prefix: str, next_prefix: str) -> list[str]:
    """Greedy fill, as google-java-format's Javadoc formatter does; a word too long for any line stands alone."""
    lines: list[str] = []
    line = first_prefix
    fresh = True  # nothing but the prefix on `line` yet
    for word in words:
        if not fresh and len(line) + 1 + len(word) > COLUMN_LIMIT:
            lines.append(line)
            line, fresh = next_prefix, True
        line = line + word if fresh else line + " " + word
        fresh = False
    lines.append(line)
    return lines


def javadoc(indent: int, summary: str, params: Sequence[tuple[str, str]] = ()) -> list[str]:
    """A Javadoc comment in google-java-format layout. `summary` and each `@param` text are already
    `javadoc_text`; params with empty text are left out."""
    pad = " " * indent
    params = [(name, text) for name, text in params if text]
    one_line = f"{pad}/** {summary} */"
    if not params and len(one_line) <= COLUMN_LIMIT:
        return [one_line]
    lines = [f"{pad}/**"]
    if summary:
        lines += _wrap(summary.split(" "), f"{pad} * ", f"{pad} * ")
    if summary and params:
        lines.append(f"{pad} *")
    for name, text in params:
        lines += _wrap(["@param", name] + text.split(" "), f"{pad} * ", f"{pad} *     ")
    lines.append(f"{pad} */")
    return lines


def string_assignment(indent: int, head: str, text: str) -> list[str]:
    """`head = "text";` laid out as google-java-format does: one line, or the literal on the next line, or a
    `+` chain of literals that each fit (so the formatter has nothing to reflow)."""
    pad = " " * indent
    literal = java_string(text)
    if len(pad) + len(head) + 3 + len(literal) + 1 <= COLUMN_LIMIT:
        return [f"{pad}{head} = {literal};"]
    first = " " * (indent + CONTINUATION)
    if len(first) + len(literal) + 1 <= COLUMN_LIMIT:
        return [f"{pad}{head} =", f"{first}{literal};"]
    rest = " " * (indent + 2 * CONTINUATION)
    chunks = string_chunks(text, COLUMN_LIMIT - len(rest) - 2 - 1)
    lines = [f"{pad}{head} =", f"{first}{chunks[0]}"]
    lines += [f"{rest}+ {chunk}" for chunk in chunks[1:]]
    lines[-1] += ";"
    return lines


_LINT_SEPARATORS = re.compile("[\u2028\u2029\u0085]")


def _text_block_line(line: str) -> str:
    """One line of text as the source of a text block line: backslashes doubled (so no `\\u` or line
    continuation comes from the data), every third quote in a row escaped (`\"\"\"` would close the block),
    other characters as in a string literal, and a trailing space or tab escaped (javac strips trailing
    whitespace from every line of a text block)."""
    units: list[str] = []
    quotes = 0
    for char in line:
        if char == '"':
            quotes += 1
            units.append('\\"' if quotes == 3 else '"')
            quotes %= 3
            continue
        quotes = 0
        units.append(_LITERAL_UNIT_OF_CHAR[char])
    if units and units[-1] == " ":
        units[-1] = "\\s"
    return "".join(units)


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


def _text_block(indent: int, text: str) -> list[str]:
    """The lines of one text block holding exactly `text`, delimiters included, the closing one without `;`.

    The closing delimiter has a line of its own; the last line ends in `\\` (no line break in the value) unless
    `text` ends in a line break, which the closing delimiter's own line then gives."""
    inner = " " * indent
    ends_in_break = text.endswith("\n")
    source = [f'{inner}"""']
    for line in (text[:-1] if ends_in_break else text).split("\n"):
        body = _text_block_line(line)
        source.append(f"{inner}{body}" if body else "")  # a blank line: no trailing spaces in the source
    if not ends_in_break:
        source[-1] = (source[-1] or inner) + "\\"
    source.append(f'{inner}"""')
    return source


def text_block_assignment(indent: int, head: str, text: str) -> list[str]:
    """`head = \"\"\"…\"\"\";` holding exactly `text`, as google-java-format 1.28 lays a text block out: the
    opening delimiter on a continuation line, the lines at that indent (javac strips it as incidental), the last
    one ending in `\\` so the value has no final line break, and the closing delimiter on a line of its own.
    Text too long for one class-file constant becomes `String.join("", block, block, …)`, which is not a constant
    expression, so javac keeps each block as a constant of its own and joins them when the class loads.

    Two kinds of text are assigned as a string literal instead. A line ending in other Unicode whitespace cannot
    be kept: its `\\uXXXX` escape is translated before javac strips trailing whitespace (pretty-printed JSON
    never has one: its lines end in punctuation). And text with a Unicode line or paragraph separator or NEL
    (U+2028, U+2029, U+0085), which javac 17 reads back exactly but reports under `-Xlint:text-blocks` as
    trailing white space, failing a `-Werror` build."""
    lines = text.split("\n")
    if any(line[-1:].isspace() and line[-1] not in " \t" for line in lines) or _LINT_SEPARATORS.search(text):
        return string_assignment(indent, head, text)
    pad, inner = " " * indent, " " * (indent + CONTINUATION)
    pieces = constant_pieces(text)
    if len(pieces) == 1:
        return [f"{pad}{head} =", *_text_block(indent + CONTINUATION, text)[:-1], f'{inner}""";']
    blocks = [_text_block(indent + 2 * CONTINUATION, piece) for piece in pieces]
    source = [f"{pad}{head} =", f"{inner}String.join(", f'{inner}{" " * CONTINUATION}"",']
    for number, block in enumerate(blocks):
        source += block[:-1] + [block[-1] + (");" if number == len(blocks) - 1 else ",")]
    return source


def argument_list(
    indent: int,
    head: str,
    arguments: list[str],
    tail: str,
    one_per_line: Callable[[int, int, str], list[str]] | None = None,
) -> list[str]:
    """`head(arg, arg)tail` as google-java-format breaks a declaration's or call's arguments: all on one line,
    else all on one continuation line, else one per line. `head` ends with `(`. `one_per_line(index, indent,
    suffix)`, if given, lays out an argument that gets its own line (it may need several)."""
    pad = " " * indent
    joined = ", ".join(arguments)
    if len(pad) + len(head) + len(joined) + len(tail) <= COLUMN_LIMIT:
        return [f"{pad}{head}{joined}{tail}"]
    inner = indent + CONTINUATION
    if inner + len(joined) + len(tail) <= COLUMN_LIMIT:
        return [f"{pad}{head}", f"{' ' * inner}{joined}{tail}"]
    lines = [f"{pad}{head}"]
    for index, argument in enumerate(arguments):
        suffix = tail if index == len(arguments) - 1 else ","
        if one_per_line is None:
            lines.append(f"{' ' * inner}{argument}{suffix}")
        else:
            lines += one_per_line(index, inner, suffix)
    return lines


def annotation(indent: int, name: str, value: str, literal_indent: int) -> list[str]:
    """`@Name("value")` on its own line; a literal too long for it moves to `literal_indent` (and becomes a `+`
    chain if it is still too long), as google-java-format lays it out."""
    pad = " " * indent
    literal = java_string(value)
    if len(pad) + len(name) + 3 + len(literal) <= COLUMN_LIMIT:
        return [f"{pad}@{name}({literal})"]
    first = " " * literal_indent
    if literal_indent + len(literal) + 1 <= COLUMN_LIMIT:
        return [f"{pad}@{name}(", f"{first}{literal})"]
    rest = " " * (literal_indent + CONTINUATION)
    chunks = string_chunks(value, COLUMN_LIMIT - len(rest) - 2 - 1)
    lines = [f"{pad}@{name}(", f"{first}{chunks[0]}"] + [f"{rest}+ {chunk}" for chunk in chunks[1:]]
    lines[-1] += ")"
    return lines


def annotated_parameter(
    indent: int, name: str, value: str, declaration: tuple[str, str], suffix: str, extra: str = ""
) -> list[str]:
    """A parameter (or record component) `@Name("value") Type name` on its own line(s), google-java-format style:
    one line; else the annotation, then `Type name` indented; else `Type` and `name` on lines of their own.
    `extra`, a second annotation written in full (`@JsonInclude(…)`), follows the first on its line when both
    fit, else on a line of its own, indented like the type.
    """
    pad = " " * indent
    inner = " " * (indent + CONTINUATION)
    type_name, identifier = declaration
    annotations = f"@{name}({java_string(value)})" + (f" {extra}" if extra else "")
    single = f"{pad}{annotations} {type_name} {identifier}{suffix}"
    if len(single) <= COLUMN_LIMIT:
        return [single]
    if len(pad) + len(annotations) <= COLUMN_LIMIT:
        lines = [f"{pad}{annotations}"]
    else:
        lines = annotation(indent, name, value, indent + 2 * CONTINUATION) + ([f"{inner}{extra}"] if extra else [])
    if len(inner) + len(type_name) + 1 + len(identifier) + len(suffix) <= COLUMN_LIMIT:
        return lines + [f"{inner}{type_name} {identifier}{suffix}"]
    return lines + [
        f"{inner}{type_name}",
        f"{' ' * (indent + 2 * CONTINUATION)}{identifier}{suffix}",
    ]


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
