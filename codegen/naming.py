"""One word splitter for every language; each target only chooses how to join the words.

Names are kept as word lists in the intermediate model and never pre-cased. Identifiers are ASCII in every
target: a non-ASCII character becomes a `u<hex>` word, so `名前` is `u540d_u524d` in snake case, stable on any
machine and legal everywhere. A name whose first word starts with a digit gets the word `the` in front
(`2fa_code` → `the_2fa_code`), since no target allows a leading digit and Python reserves a leading `_`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

Words = tuple[str, ...]

# File names Windows reserves for devices, with any extension (`con.go`, `Aux.cs`), compared case-insensitively.
# Targets add these to the names they avoid when they derive file names; the writer refuses any that slip through.
WINDOWS_RESERVED_FILE_STEMS = frozenset(
    "con prn aux nul".split() + [f"{device}{n}" for device in ("com", "lpt") for n in range(1, 10)]
)

# Lower→Upper boundary, ACRONYM→Word boundary, letter↔digit boundary.
_BOUNDARY = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|(?<=[A-Za-z])(?=[0-9])|(?<=[0-9])(?=[A-Za-z])")
_ASCII_WORD = re.compile(r"[A-Za-z0-9]+")


def split_words(text: str) -> Words:
    """`maxResults`, `max-results`, `MAX_RESULTS`, `max results` → ('max', 'results'); `X-Request-ID` →
    ('x', 'request', 'id'); `user.id` → ('user', 'id'); `HTTPServer2` → ('http', 'server', '2')."""
    words: list[str] = []
    chunk: list[str] = []

    def flush() -> None:
        if chunk:
            for part in _ASCII_WORD.findall("".join(chunk)):
                words.extend(piece.lower() for piece in _BOUNDARY.split(part) if piece)
            chunk.clear()

    for char in text:
        if char.isascii():
            chunk.append(char)
        else:
            flush()
            if char.isalnum():
                words.append(f"u{ord(char):x}")
    flush()
    return tuple(words)


# Names for the ASCII symbols, so a value made only of symbols (an enum of operators such as "!=" or "<=")
# still gets a readable identifier (not_equals, less_equals) instead of a numbered fallback.
_SYMBOL_WORDS = {
    "=": "equals", "!": "not", "<": "less", ">": "greater", "+": "plus", "-": "minus", "*": "star",
    "/": "slash", "\\": "backslash", "%": "percent", "&": "and", "|": "or", "^": "caret", "~": "tilde",
    ".": "dot", ",": "comma", ":": "colon", ";": "semicolon", "?": "question", "@": "at", "#": "hash",
    "$": "dollar", "`": "backtick", '"': "quote", "'": "apostrophe", "(": "open paren", ")": "close paren",
    "[": "open bracket", "]": "close bracket", "{": "open brace", "}": "close brace", "_": "underscore",
    " ": "space",
}  # fmt: skip


def symbol_words(text: str) -> Words:
    """`!=` → ('not', 'equals'); `*/` → ('star', 'slash'); other characters by code point (`x09`, `u2028`)."""
    words: list[str] = []
    for char in text:
        if char in _SYMBOL_WORDS:
            words.extend(_SYMBOL_WORDS[char].split())
        else:
            words.append(f"x{ord(char):02x}" if char.isascii() else f"u{ord(char):x}")
    return tuple(words)


def identifier_words(text: str, fallback: str = "value") -> Words:
    """Words that make a legal identifier in every target (never empty, never starting with a digit).

    Text without letters or digits is spelled out symbol by symbol; only the empty string gets `fallback`.
    """
    words = split_words(text) or symbol_words(text) or (fallback,)
    if words[0][0].isdigit():
        words = ("the",) + words
    return words


def _cap(word: str) -> str:
    return word[:1].upper() + word[1:]


def pascal(words: Iterable[str]) -> str:
    return "".join(_cap(word) for word in words)


def camel(words: Iterable[str]) -> str:
    words = list(words)
    return words[0] + pascal(words[1:]) if words else ""


def snake(words: Iterable[str]) -> str:
    return "_".join(words)


def screaming_snake(words: Iterable[str]) -> str:
    return "_".join(word.upper() for word in words)


@dataclass(frozen=True)
class Renamed:
    """An identifier that had to change to stay unique: the collision is worth a warning."""

    original: str
    chosen: str
    clashed_with: str


def unique_identifiers(
    candidates: list[str], taken: Iterable[str] | Mapping[str, str] = (), casefold: bool = False
) -> tuple[list[str], list[Renamed]]:
    """Make every candidate unique (in order) by appending `2`, `3`, … to later duplicates.

    `taken` names (keywords, SDK types, other declarations) also count as used. With `casefold`, names
    that differ only in case are treated as clashing (file names on case-insensitive file systems).

    A scope that grows with every tool (a package's names) can be passed as a set (exact names) or as a
    mapping from keyed name (casefolded when `casefold`) to its spelling: it is then looked up, not copied,
    so naming a package stays linear in its number of tools.
    """

    def key(name: str) -> str:
        return name.casefold() if casefold else name

    lookup: Callable[[str], str | None]
    if isinstance(taken, Mapping):
        lookup = taken.get
    elif isinstance(taken, AbstractSet) and not casefold:
        lookup = lambda name: name if name in taken else None  # noqa: E731
    else:
        copied = {key(name): name for name in taken}
        lookup = copied.get
    added: dict[str, str] = {}

    def holder(name_key: str) -> str | None:
        return added.get(name_key) or lookup(name_key)

    chosen: list[str] = []
    renamed: list[Renamed] = []
    for name in candidates:
        result, suffix = name, 2
        while holder(key(result)) is not None:
            result = f"{name}{suffix}"
            suffix += 1
        if result != name:
            renamed.append(Renamed(name, result, holder(key(name)) or name))
        added[key(result)] = result
        chosen.append(result)
    return chosen, renamed


def tool_name_key(name: str) -> str:
    """What two tool names must differ in, or they are one name to the generated code.

    Every target derives a tool's identifiers and file names from its words (`split_words`) alone, joined in
    snake case (Python modules, Rust modules, Go files and fields, handler names), camel case (TypeScript
    exports) or Pascal case (Go, C#, Java types, C# and Java file names), each maybe with a fixed affix (`Tool`,
    `_tool`, `Params`, `.ts`). Words are lower-case ASCII letters and digits, so two word lists give one snake or
    camel identifier only when they are equal, but Pascal case under the case-insensitive comparison of macOS and
    Windows file systems (`GetxTool.java`, `GetXTool.java`) is equal as soon as the words' concatenation is: that
    concatenation is the key. It is the coarsest of the mappings, so names with different keys never collide in
    any target, and names with one key are refused (codegen.loader) instead of being told apart by a suffix that
    would depend on which other tools exist. Tool names are ASCII (spec.TOOL_NAME_PATTERN): no `u<hex>` words.
    """
    return "".join(split_words(name))
