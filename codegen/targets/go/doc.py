"""Go doc comments from a description's blocks (codegen.model.doctext), in the form gofmt prints them.

gofmt reformats the doc comments of top-level declarations (go/doc/comment): paragraphs are separated by a blank
`//` line, list items are `//   - text` (or `//  1. text`) with continuation lines indented four spaces, code
blocks are indented one tab, an old-style heading (a lone capitalised line without punctuation between two
paragraphs) becomes `# Heading`, and two backquotes or two single quotes become curly quotes. Writing that form
directly keeps gofmt's output identical to toolgen's, and `go doc` shows the description's structure. Paragraph
and item text is rewrapped at about 100 columns.

The lines come without the `//`: text lines are meant after `// `, code lines start with a tab and go right
after `//` (`comment_suffix` makes that choice), and "" is the blank line between blocks.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from ...model import doctext

TEXT_WIDTH = 96  # characters of text after `// `: lines end by column 100 at the top level
# gofmt turns two backquotes into “ and two single quotes into ”; a space keeps such pairs apart.
_QUOTE_PAIRS = re.compile(r"'(?=')|(?<!`)`(?=`(?!`))")


def doc_lines(text: str | None, comment_text: Callable[[str], str]) -> list[str]:
    """The description as doc comment lines (see the module's docstring); `comment_text` shows invisible
    characters of one line."""
    blocks = doctext.parse(text)
    lines: list[str] = []
    for index, block in enumerate(blocks):
        if lines:
            lines.append("")
        if isinstance(block, doctext.Code):
            lines += [("\t" + comment_text(line)).rstrip() if line.strip() else "" for line in block.lines]
        elif isinstance(block, doctext.ItemList):
            lines += _list_lines(block, comment_text)
        else:
            paragraph = doctext.wrap(_words(block.text, comment_text), TEXT_WIDTH)
            following = blocks[index + 1] if index + 1 < len(blocks) else None
            if index > 0 and isinstance(following, doctext.Paragraph) and _old_heading(paragraph):
                paragraph = ["# " + paragraph[0]]
            lines += paragraph
    return lines


def _list_lines(block: doctext.ItemList, comment_text: Callable[[str], str]) -> list[str]:
    """gofmt's list; a nested item becomes a paragraph of its top-level item (gofmt's lists have one level), which
    gofmt then separates from every item by a blank line, as it would reprint it."""
    loose = any(item.sublists for item in block.items)
    lines: list[str] = []
    for index, item in enumerate(block.items):
        if loose and index:
            lines.append("")
        marker = "  - " if item.number is None else f" {item.number}. "
        wrapped = doctext.wrap(_words(item.text, comment_text), TEXT_WIDTH - 4) or [""]
        lines.append((marker + wrapped[0]).rstrip())
        lines += ["    " + line for line in wrapped[1:]]
        for mark, text in _nested_items(item.sublists, 2):
            wrapped = doctext.wrap([mark, *_words(text, comment_text)], TEXT_WIDTH - 4)
            lines += ["", *("    " + line for line in wrapped)]
    return lines


# A nested item's mark: none of gofmt's list markers (`-`, `*`, `+`, `•`, `1.`, `1)`), so the paragraph stays text.
_NESTED_BULLETS = {2: "◦"}
_DEEPER_BULLET = "▪"


def _nested_items(sublists: Iterable[doctext.ItemList], depth: int) -> Iterable[tuple[str, str]]:
    """(mark, text) of every item in `sublists` and their own sub-lists, depth first."""
    for sublist in sublists:
        for item in sublist.items:
            mark = _NESTED_BULLETS.get(depth, _DEEPER_BULLET) if item.number is None else f"({item.number})"
            yield mark, item.text
            yield from _nested_items(item.sublists, depth + 1)


def _words(text: str, comment_text: Callable[[str], str]) -> list[str]:
    return _QUOTE_PAIRS.sub(r"\g<0> ", comment_text(text)).split()


def _old_heading(paragraph: list[str]) -> bool:
    """go/doc/comment's isOldHeading for a one-line paragraph between two paragraphs."""
    if len(paragraph) != 1:
        return False
    line = paragraph[0]
    if not (line[0].isalpha() and line[0].isupper()) or not (line[-1].isalpha() or line[-1].isdigit()):
        return False
    if any(char in line for char in ";:!?+*/=[]{}_^°&§~%#@<\">\\"):
        return False
    for index, char in enumerate(line):
        after = line[index + 1 :]
        if char == "'" and after != "s" and not after.startswith("s "):
            return False  # an apostrophe only in a possessive 's
        if char == "." and (after == "" or after.startswith(" ")):
            return False  # a period only inside a word
    return True


def comment_suffix(line: str) -> str:
    """What follows `//` for one doc line: ` text`, a tab-indented code line as is, nothing for a blank line."""
    if not line or line.startswith("\t"):
        return line
    return " " + line


def join_parts(*parts: Iterable[str]) -> list[str]:
    """Doc parts (a lead sentence, a description's lines, a default) as one comment: a blank line between two
    parts unless both sides of the seam are plain paragraph text (which then reads as one paragraph)."""
    lines: list[str] = []
    for part in parts:
        part = list(part)
        if not part:
            continue
        if lines and not (_plain(lines[-1]) and _plain(part[0])):
            lines.append("")
        lines += part
    return lines


def _plain(line: str) -> bool:
    return bool(line) and not line[0].isspace() and not line.startswith("# ")
