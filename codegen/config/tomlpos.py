"""Where each key and value of a TOML document is, so config errors can say `pyproject.toml:14:1: error: …`.

`tomllib` (the parser of record) gives values only. This scanner walks text that tomllib has already accepted and
follows TOML's grammar just far enough to see table headers, dotted and quoted keys, strings (all four kinds),
arrays and inline tables; it records the 1-based line and column of every key and every value, keyed by the key
path (`("tool", "toolgen", "go", "package")`; array elements add their index). Standard library only.
"""

from __future__ import annotations

import bisect
import re
import tomllib
from dataclasses import dataclass, field

KeyPath = tuple[str | int, ...]
Position = tuple[int, int]

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_SPACE = " \t"


@dataclass
class Positions:
    """Key path → position of the key (where it is written) and of its value."""

    keys: dict[KeyPath, Position] = field(default_factory=dict)
    values: dict[KeyPath, Position] = field(default_factory=dict)

    def key(self, path: KeyPath) -> Position:
        """Where `path` is written, or the nearest enclosing key or table that is (1:1 when none is)."""
        return self._nearest(self.keys, path)

    def value(self, path: KeyPath) -> Position:
        """Where the value of `path` starts, or where its key (or nearest enclosing key) is."""
        return self.values.get(path) or self._nearest(self.keys, path)

    @staticmethod
    def _nearest(table: dict[KeyPath, Position], path: KeyPath) -> Position:
        for length in range(len(path), 0, -1):
            if path[:length] in table:
                return table[path[:length]]
        return (1, 1)


def scan(text: str) -> Positions:
    """The positions of every key and value in `text`, which must be valid TOML."""
    return _Scanner(text).document()


class _Scanner:
    def __init__(self, text: str):
        self.text = text
        self.index = 0
        self.line_starts = [0] + [match.end() for match in re.finditer("\n", text)]
        self.positions = Positions()
        self.table_counts: dict[KeyPath, int] = {}

    # -- positions and characters ----------------------------------------------------------------------------

    def position(self, index: int) -> Position:
        line = bisect.bisect_right(self.line_starts, index) - 1
        return (line + 1, index - self.line_starts[line] + 1)

    def peek(self, count: int = 1) -> str:
        return self.text[self.index : self.index + count]

    def at_end(self) -> bool:
        return self.index >= len(self.text)

    def skip_space(self) -> None:
        while not self.at_end() and self.text[self.index] in _SPACE:
            self.index += 1

    def skip_comment(self) -> None:
        if self.peek() == "#":
            end = self.text.find("\n", self.index)
            self.index = len(self.text) if end < 0 else end

    def skip_blank(self) -> None:
        """Spaces, comments and newlines (between array elements and between statements)."""
        while not self.at_end():
            self.skip_space()
            self.skip_comment()
            if self.peek() in ("\n", "\r"):
                self.index += 1
            else:
                return

    # -- statements --------------------------------------------------------------------------------------------

    def document(self) -> Positions:
        prefix: KeyPath = ()
        while True:
            self.skip_blank()
            if self.at_end():
                return self.positions
            if self.peek() == "[":
                prefix = self.table_header()
            else:
                self.key_value(prefix)

    def table_header(self) -> KeyPath:
        array = self.peek(2) == "[["
        self.index += 2 if array else 1
        self.skip_space()
        start = self.index
        path = self.key()
        self.skip_space()
        self.index += 2 if array else 1
        if array:  # [[x]]: each header opens element n of the array x
            count = self.table_counts.get(path, 0)
            self.table_counts[path] = count + 1
            self.positions.keys.setdefault(path, self.position(start))
            path = (*path, count)
        self.positions.keys.setdefault(path, self.position(start))
        return path

    def key_value(self, prefix: KeyPath) -> None:
        start = self.index
        path = (*prefix, *self.key())
        for length in range(len(prefix) + 1, len(path) + 1):  # a.b.c = 1 also writes a and a.b
            self.positions.keys.setdefault(path[:length], self.position(start))
        self.positions.keys[path] = self.position(start)
        self.skip_space()
        self.index += 1  # "="
        self.skip_space()
        self.value(path)

    def key(self) -> KeyPath:
        parts: list[str] = [self.simple_key()]
        while True:
            self.skip_space()
            if self.peek() != ".":
                return tuple(parts)
            self.index += 1
            self.skip_space()
            parts.append(self.simple_key())

    def simple_key(self) -> str:
        if self.peek() in ('"', "'"):
            start = self.index
            self.string()
            return tomllib.loads(f"k = {self.text[start:self.index]}")["k"]
        match = _BARE_KEY.match(self.text, self.index)
        if match is None:  # not reached for text tomllib accepted
            raise ValueError(f"no key at {self.position(self.index)}")
        self.index = match.end()
        return match.group()

    # -- values ------------------------------------------------------------------------------------------------

    def value(self, path: KeyPath) -> None:
        self.positions.values[path] = self.position(self.index)
        char = self.peek()
        if char in ('"', "'"):
            self.string()
        elif char == "[":
            self.array(path)
        elif char == "{":
            self.inline_table(path)
        else:  # number, boolean, date-time: up to the next delimiter
            while not self.at_end() and self.text[self.index] not in ",]}#\r\n":
                self.index += 1

    def string(self) -> None:
        quote = self.peek()
        if self.peek(3) == quote * 3:
            self.index += 3
            while self.peek(3) != quote * 3:
                self.index += 2 if quote == '"' and self.peek() == "\\" else 1
            self.index += 3
            while self.peek() == quote:  # up to two quotes may end the content: """a""""
                self.index += 1
            return
        self.index += 1
        while self.peek() != quote:
            self.index += 2 if quote == '"' and self.peek() == "\\" else 1
        self.index += 1

    def array(self, path: KeyPath) -> None:
        self.index += 1
        position = 0
        while True:
            self.skip_blank()
            if self.peek() == "]":
                self.index += 1
                return
            self.value((*path, position))
            position += 1
            self.skip_blank()
            if self.peek() == ",":
                self.index += 1

    def inline_table(self, path: KeyPath) -> None:
        self.index += 1
        while True:
            self.skip_space()
            if self.peek() == "}":
                self.index += 1
                return
            self.key_value(path)
            self.skip_space()
            if self.peek() == ",":
                self.index += 1
