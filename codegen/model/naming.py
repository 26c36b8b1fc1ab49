"""One word splitter for every language; each target only chooses how to join the words.

Names are kept as word lists in the intermediate model and never pre-cased. Identifiers are ASCII in every
target: a non-ASCII character becomes a `u<hex>` word, so `名前` is `u540d_u524d` in snake case, stable on any
machine and legal everywhere. A name whose first word starts with a digit gets the word `the` in front
(`2fa_code` → `the_2fa_code`), since no target allows a leading digit and Python reserves a leading `_`.
"""

from __future__ import annotations

import re
import unicodedata
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


def split_words(text: str) -> Words:
    """The letters and digits of `text` as words, every symbol a separator: `maxResults`, `max-results`,
    `MAX_RESULTS`, `max results` → ('max', 'results'); `X-Request-ID` → ('x', 'request', 'id'); `user.id` →
    ('user', 'id'); `HTTPServer2` → ('http', 'server', '2'). `identifier_words` adds the symbols that carry
    meaning."""
    return tuple(word for kind, token in _tokens(text) if kind != "symbol" for word in _token_words(kind, token))


def _tokens(text: str) -> list[tuple[str, str]]:
    """`text` as ("ascii", run of ASCII letters and digits), ("letter", one non-ASCII letter or digit) and
    ("symbol", one other character) tokens, in order."""
    tokens: list[tuple[str, str]] = []
    for char in text:
        kind = ("ascii" if char.isascii() else "letter") if char.isalnum() else "symbol"
        if kind == "ascii" and tokens and tokens[-1][0] == "ascii":
            tokens[-1] = ("ascii", tokens[-1][1] + char)
        else:
            tokens.append((kind, char))
    return tokens


def _token_words(kind: str, token: str) -> list[str]:
    if kind == "ascii":
        return [piece.lower() for piece in _BOUNDARY.split(token) if piece]
    return [f"u{ord(token):x}"]


# The one table of symbol words. Operators of two or three characters are one word each (`>=` is
# greater·or·equal, not greater·equal), matched longest first; the rest are single characters.
SYMBOL_WORDS: dict[str, str] = {
    "===": "strict equal", "!==": "strict not equal", "==": "equal", "!=": "not equal",
    ">=": "greater or equal", "<=": "less or equal",
    "+": "plus", "-": "minus", "#": "sharp", ".": "dot", "*": "star", ">": "greater", "<": "less", "=": "equal",
    "&": "and", "|": "or", "/": "slash", "\\": "backslash", "@": "at", "%": "percent", "$": "dollar",
    "^": "caret", "~": "tilde", "!": "bang", "?": "question", ",": "comma", ":": "colon", ";": "semicolon",
    "`": "backtick", '"': "quote", "'": "apostrophe", "(": "open paren", ")": "close paren",
    "[": "open bracket", "]": "close bracket", "{": "open brace", "}": "close brace", "_": "underscore",
    " ": "space",
}  # fmt: skip
_LONGEST_SYMBOL = max(map(len, SYMBOL_WORDS))

# Which symbols are words in a value that also has letters or digits (see docs/decisions.md, "Names from
# symbols"). Operators mean something wherever they stand (`C#`, `a+b`, `Q&A`, `50%`, `$ref`). `-` and `.` join
# words (`max-results`, `Node.js`, `v1.2`) but mean something at either end of the value (`-1`, `A+`/`A-`,
# `.NET`). Everything else (`_`, space, `/`, `:`, quotes, brackets, other Unicode symbols) only separates words.
_OPERATORS = frozenset("+#*=<>!&|@%$^~")
_EDGE_WORDS = frozenset("-.")
# Words left out when a symbol outside the table is spelled by its Unicode name (`→` is rightwards·arrow).
_UNICODE_NAME_NOISE = frozenset({"sign", "mark"})


def _symbol_run_words(run: str, keep: Callable[[str], bool]) -> list[str]:
    """The words of a run of adjacent symbols, longest table entry first; `keep` says which single characters
    count (multi-character operators are made of operators only, so they always count where operators do)."""
    words: list[str] = []
    index = 0
    while index < len(run):
        for size in range(min(_LONGEST_SYMBOL, len(run) - index), 0, -1):
            piece = run[index : index + size]
            if piece in SYMBOL_WORDS and (size > 1 or keep(piece)):
                words.extend(SYMBOL_WORDS[piece].split())
                index += size
                break
        else:
            if keep(run[index]):
                words.extend(_unlisted_symbol_words(run[index]))
            index += 1
    return words


def _unlisted_symbol_words(char: str) -> Words:
    """A character outside the table by its Unicode name (`→` → rightwards·arrow), else by code point (`x09`)."""
    name = unicodedata.name(char, "")
    words = tuple(word for word in split_words(name) if word not in _UNICODE_NAME_NOISE)
    if words:
        return words
    return (f"x{ord(char):02x}",) if char.isascii() else (f"u{ord(char):x}",)


def symbol_words(text: str) -> Words:
    """Every character of `text` spelled out: `!=` → ('not', 'equal'); `*/` → ('star', 'slash'); a tab → `x09`."""
    return tuple(_symbol_run_words(text, lambda char: True))


def _words_with_symbols(text: str, every_symbol: bool = False) -> Words:
    """The words of `text` with the symbols that carry meaning spelled in place: `C++` → c·plus·plus,
    `reactions-+1` → reactions·plus·1, `-1` → minus·1, `max-results` → max·results. With `every_symbol`,
    separators are spelled too (`a_b` → a·underscore·b)."""
    tokens = _tokens(text)
    if all(kind == "symbol" for kind, _ in tokens):
        return symbol_words(text)
    words: list[str] = []
    run: list[str] = []  # the symbols since the last word

    def flush(at_edge: bool) -> None:
        def meaningful(char: str) -> bool:
            return every_symbol or char in _OPERATORS or (at_edge and char in _EDGE_WORDS)

        words.extend(_symbol_run_words("".join(run), meaningful))
        run.clear()

    for kind, token in tokens:
        if kind == "symbol":
            run.append(token)
        else:
            flush(at_edge=not words)
            words.extend(_token_words(kind, token))
    flush(at_edge=True)
    return tuple(words)


def identifier_words(text: str, fallback: str = "value", every_symbol: bool = False) -> Words:
    """Words that make a legal identifier in every target (never empty, never starting with a digit).

    Symbols that carry meaning become words (`C#` → c·sharp, `+1` → plus·1), separators do not (`max-results` →
    max·results) unless `every_symbol` (for telling apart two values that would otherwise read alike); text of
    symbols only is spelled out symbol by symbol; only the empty string gets `fallback`.
    """
    words = _words_with_symbols(text, every_symbol) or (fallback,)
    if words[0][0].isdigit():
        words = ("the",) + words
    return words


def _cap(word: str) -> str:
    return word[:1].upper() + word[1:]


def join_cased(parts: Iterable[str]) -> str:
    """Cased words joined into one identifier, with `_` where a digit would run into a digit: ('v1', '2') is
    `v1_2`, never `v12`, which reads as twelve. Rust's case lint accepts `_` between digits."""
    joined = ""
    for part in parts:
        if joined[-1:].isdigit() and part[:1].isdigit():
            joined += "_"
        joined += part
    return joined


def pascal(words: Iterable[str]) -> str:
    return join_cased(_cap(word) for word in words)


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


def numbered(name: str, number: int, separator: str = "") -> str:
    """`name` with a collision number: `Sum2`, but `The1_2` (never `The12`, which reads as twelve), and
    `SUM_2` where the style's words are joined by `_` anyway (`separator="_"`)."""
    if name[-1:].isdigit():
        separator = "_"
    return f"{name}{'' if name.endswith('_') else separator}{number}"


def unique_identifiers(
    candidates: list[str], taken: Iterable[str] | Mapping[str, str] = (), casefold: bool = False, separator: str = ""
) -> tuple[list[str], list[Renamed]]:
    """Make every candidate unique (in order) by numbering later duplicates `2`, `3`, … (see `numbered`).

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
            result = numbered(name, suffix, separator)
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
    any target, and names with one key are refused (codegen.spec.loader) instead of being told apart by a suffix that
    would depend on which other tools exist. Tool names are ASCII (spec.TOOL_NAME_PATTERN): no `u<hex>` words.
    """
    return "".join(split_words(name))
