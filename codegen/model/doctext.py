"""A description's structure, recognised once for every language's doc comments.

A spec's description is free text that people write as light Markdown: paragraphs separated by blank lines, `-`,
`*`, `+` or `1.` lists, code blocks (fenced, or indented four spaces) and `inline code`. `parse` reads that into
blocks; each target renders the blocks in its own doc syntax (Go doc comments, rustdoc, C# XML, Javadoc). The
wire description is never touched: this is only for comments.

The text is first cleaned as `inspect.cleandoc` cleans a docstring (the first line's leading blanks and the
common indentation of the later lines removed): descriptions written in YAML block scalars or copied from Python
docstrings carry an indentation that means nothing. Anything that is not a list or a code block is a paragraph;
nothing here fails, and invisible characters stay for each renderer's own escaping.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")
_ITEM = re.compile(r"^( *)([-*+]|(\d{1,9})[.)])(?: +|$)(.*)$")
_TOP_ITEM_INDENT = 3  # a list starts with a marker indented at most three columns (more continues a paragraph)
_NEST_INDENT = 2  # a marker this many columns past the open item's marker opens that item's sub-list
_CODE_INDENT = 4


@dataclass(frozen=True)
class Paragraph:
    lines: tuple[str, ...]  # stripped source lines; a renderer may join them (soft line breaks)

    @property
    def text(self) -> str:
        return " ".join(self.lines)


@dataclass(frozen=True)
class Item:
    number: str | None  # "3" for `3.`, None for a bullet
    lines: tuple[str, ...]
    sublists: tuple[ItemList, ...] = ()  # nested lists, after the item's text (two when the marker kind changes)

    @property
    def text(self) -> str:
        return " ".join(self.lines)


@dataclass(frozen=True)
class ItemList:
    items: tuple[Item, ...]

    @property
    def ordered(self) -> bool:
        return self.items[0].number is not None


@dataclass(frozen=True)
class Code:
    lines: tuple[str, ...]  # verbatim, the block's own indentation removed; never empty


Block = Paragraph | ItemList | Code


@dataclass(frozen=True)
class Span:
    text: str
    code: bool = False


def clean_lines(text: str) -> list[str]:
    """The description's lines, trailing blanks dropped, indentation cleaned as `inspect.cleandoc` does."""
    lines = [line.rstrip() for line in _LINE_BREAK.split(text.expandtabs(4))]
    margin = min((_indent(line) for line in lines[1:] if line), default=0)
    lines = [lines[0].lstrip(), *(line[margin:] for line in lines[1:])]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def parse(text: str | None) -> list[Block]:
    """The blocks of a description, in order; [] for no text."""
    if not text or not text.strip():
        return []
    return list(_blocks(clean_lines(text)))


@dataclass
class _OpenItem:
    number: str | None
    indent: int  # the marker's column: a marker two columns further opens this item's sub-list
    lines: list[str]
    sublists: list[ItemList] = field(default_factory=list)


class _OpenList:
    """A list being read: its items so far, the last one still open."""

    def __init__(self, item: _OpenItem):
        self.items = [item]

    @property
    def ordered(self) -> bool:
        return self.items[0].number is not None

    def frozen(self) -> ItemList:
        return ItemList(tuple(Item(i.number, tuple(i.lines), tuple(i.sublists)) for i in self.items))


class _Lists:
    """The open lists, outermost first: where an item line goes (nested, a sibling, or a new list), and the
    innermost item that a continuation line joins."""

    def __init__(self) -> None:
        self.stack: list[_OpenList] = []
        self.text_open = False  # the innermost item takes continuation lines (no blank line since its marker)

    def __bool__(self) -> bool:
        return bool(self.stack)

    def add(self, number: str | None, indent: int, text: str) -> ItemList | None:
        """Places an item line; returns the outermost list when a marker of the other kind closed it."""
        depth = 0
        for level, open_list in enumerate(self.stack):
            if indent >= open_list.items[-1].indent + _NEST_INDENT:
                depth = level + 1  # inside that level's last item
        self._close_below(depth + 1)
        closed = None
        if len(self.stack) > depth and self.stack[depth].ordered != (number is not None):
            closed = self._close_below(depth)
        item = _OpenItem(number, indent, [text] if text else [])
        if len(self.stack) > depth:
            self.stack[depth].items.append(item)
        else:
            self.stack.append(_OpenList(item))
        self.text_open = True
        return closed

    def continue_item(self, line: str) -> None:
        self.stack[-1].items[-1].lines.append(line)

    def close(self) -> ItemList | None:
        return self._close_below(0)

    def _close_below(self, depth: int) -> ItemList | None:
        """Closes the lists at `depth` and deeper, each into its parent's last item; the outermost one is
        returned when `depth` is 0."""
        closed = None
        while len(self.stack) > depth:
            closed = self.stack.pop().frozen()
            if self.stack:
                self.stack[-1].items[-1].sublists.append(closed)
                closed = None
        return closed


def _blocks(lines: list[str]) -> Iterator[Block]:
    i = 0
    paragraph: list[str] = []
    lists = _Lists()

    def flush() -> Iterator[Block]:
        if paragraph:
            yield Paragraph(tuple(paragraph))
            paragraph.clear()
        closed = lists.close()
        if closed:
            yield closed

    while i < len(lines):
        line = lines[i]
        if not line:
            lists.text_open = False
            if paragraph:
                yield from flush()
            i += 1
            continue
        fence = _FENCE.match(line)
        if fence and not (fence.group(1)[0] == "`" and "`" in fence.group(2)):
            yield from flush()
            code, i = _fenced(lines, i, fence)
            yield code
            continue
        match = _ITEM.match(line)
        indent = _indent(line)
        if match and (lists or indent <= _TOP_ITEM_INDENT):
            if paragraph:
                yield from flush()
            closed = lists.add(match.group(3), indent, match.group(4).strip())
            if closed:
                yield closed
        elif lists and lists.text_open:
            lists.continue_item(line.strip())  # a continuation of the item (indented, or lazily not)
        elif indent >= _CODE_INDENT and not paragraph:
            yield from flush()
            code, i = _indented(lines, i)
            yield code
            continue
        else:
            if lists:  # text after a list and a blank line
                yield from flush()
            paragraph.append(line.strip())
        i += 1
    yield from flush()


def _fenced(lines: list[str], start: int, fence: re.Match[str]) -> tuple[Code, int]:
    """The fenced block opened at lines[start] (to the closing fence, or to the end when there is none)."""
    mark = fence.group(1)
    own = _indent(lines[start])
    body: list[str] = []
    i = start + 1
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if stripped.startswith(mark[0] * len(mark)) and not stripped.strip(mark[0]) and _indent(line) < 4:
            i += 1
            break
        body.append(line[min(own, _indent(line)) :])
        i += 1
    while body and not body[-1]:
        body.pop()
    return Code(tuple(body) or ("",)), i


def _indented(lines: list[str], start: int) -> tuple[Code, int]:
    """The indented code block starting at lines[start]: lines indented four spaces, and blank lines between."""
    i = start
    body: list[str] = []
    while i < len(lines) and (not lines[i] or _indent(lines[i]) >= _CODE_INDENT):
        body.append(lines[i])
        i += 1
    while body and not body[-1]:
        body.pop()
        i -= 1
    margin = min(_indent(line) for line in body if line)
    return Code(tuple(line[margin:] for line in body)), i


_BACKTICKS = re.compile(r"`+")


def spans(text: str) -> list[Span]:
    """`text` cut into plain text and code spans (CommonMark's rule: a run of N backquotes opens a span that the
    next run of exactly N closes; a run with no partner is plain text)."""
    out: list[Span] = []
    plain_start = 0
    position = 0
    while True:
        opening = _BACKTICKS.search(text, position)
        if not opening:
            break
        closing = opening
        while True:
            closing = _BACKTICKS.search(text, closing.end())
            if closing is None or len(closing.group()) == len(opening.group()):
                break
        if closing is None:
            position = opening.end()
            continue
        if opening.start() > plain_start:
            out.append(Span(text[plain_start : opening.start()]))
        code = text[opening.end() : closing.start()]
        if code.startswith(" ") and code.endswith(" ") and code.strip():
            code = code[1:-1]
        out.append(Span(code, code=True))
        plain_start = position = closing.end()
    if plain_start < len(text):
        out.append(Span(text[plain_start:]))
    return out


def wrap(words: list[str], width: int) -> list[str]:
    """Greedy fill of `words` into lines of at most `width` characters (a longer word stands alone)."""
    lines: list[str] = []
    line = ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines
