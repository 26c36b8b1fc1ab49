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
from dataclasses import dataclass

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")
_ITEM = re.compile(r"^ {0,3}([-*+]|(\d{1,9})[.)])(?: +|$)(.*)$")
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
    info: str = ""  # a fence's info string (`python` for ```` ```python ````)


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


def _blocks(lines: list[str]) -> Iterator[Block]:
    i = 0
    paragraph: list[str] = []
    items: list[Item] = []  # the open list
    item: list[str] | None = None  # the open item's lines
    number: str | None = None

    def close_item() -> None:
        nonlocal item
        if item is not None:
            items.append(Item(number, tuple(item)))
            item = None

    def flush() -> Iterator[Block]:
        close_item()
        if paragraph:
            yield Paragraph(tuple(paragraph))
            paragraph.clear()
        if items:
            yield ItemList(tuple(items))
            items.clear()

    while i < len(lines):
        line = lines[i]
        if not line:
            close_item()
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
        after_blank = i > 0 and not lines[i - 1]
        if _indent(line) >= _CODE_INDENT and not paragraph and item is None and (after_blank or not items):
            yield from flush()
            code, i = _indented(lines, i)
            yield code
            continue
        match = _ITEM.match(line)
        if match:
            numbered = match.group(2)
            close_item()
            if paragraph or (items and (items[0].number is None) != (numbered is None)):
                yield from flush()
            item, number = [match.group(3).strip()], numbered
            if not item[0]:
                item = []
        elif item is not None:
            item.append(line.strip())  # a continuation of the item (indented, or lazily not)
        else:
            if items:  # text after a list and a blank line
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
    return Code(tuple(body) or ("",), fence.group(2).strip()), i


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
