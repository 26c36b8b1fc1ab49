"""rustdoc comments from a description's blocks (codegen.model.doctext): Markdown that `cargo doc -D warnings` and
`cargo test --doc` accept.

rustdoc reads doc comments as Markdown and lints them: a bare URL wants `<…>`, `<token>` is taken for an HTML
tag, `[FILE]` for an intra-doc link that does not resolve, and a code block without a language is a doc-test.
So, outside code spans, `\\`, `[` and `<` are backslash-escaped, URLs become autolinks, Markdown links to URLs are
kept, and every code block is fenced as `text`. A paragraph keeps its source lines (rustfmt does not wrap
comments), each one's first character escaped when it could start a block (`#`, `>`, `---`, …).
"""

from __future__ import annotations

import re
from functools import lru_cache

from ...model import doctext

# A URL as text: a scheme, a host character, then anything up to a space or an angle bracket.
_URL = re.compile(r"https?://[A-Za-z0-9][^\s<>]*")
_MARKDOWN_LINK = re.compile(r"\[[^\[\]\n]*\]\(https?://[^\s()<>]+\)")
_TRAILING = ".,;:!?'\"*_"
_BLOCK_START = re.compile(r"(^|\n)([#>=+\-*_|~])")
# What inline() changes: a character it escapes, a code span's backquote, a URL, a line that could start a block.
_MARKUP = re.compile(r"[\\\[<`]|https?://|" + _BLOCK_START.pattern)


def show_invisible(text: str) -> str:
    """`text` with every invisible character (and bidi control) as `\\u{…}`, as a reader should see it."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else f"\\u{{{ord(c):x}}}" for c in text)


def doc_lines(text: str | None, prefix: str = "///") -> list[str]:
    """`text` as doc comment lines (each starting with `prefix`), blank prefix lines between blocks."""
    return list(_doc_lines(text, prefix))


@lru_cache(maxsize=4096)  # real tools repeat their properties' descriptions ("The repository owner")
def _doc_lines(text: str | None, prefix: str) -> tuple[str, ...]:
    lines: list[str] = []
    for block in doctext.parse(text):
        if lines:
            lines.append(prefix)
        lines += [f"{prefix} {line}".rstrip() if line else prefix for line in _block(block)]
    return tuple(lines)


def _block(block: doctext.Block) -> list[str]:
    if isinstance(block, doctext.Code):
        body = [show_invisible(line) for line in block.lines]
        longest = max((len(run) for line in body for run in re.findall("`+", line)), default=0)
        fence = "`" * max(3, longest + 1)
        return [f"{fence}text", *body, fence]
    if isinstance(block, doctext.ItemList):
        return _list(block, "")
    return inline("\n".join(block.lines)).split("\n")


def _list(block: doctext.ItemList, indent: str) -> list[str]:
    """A Markdown list; a sub-list is indented to its item's text, which is where CommonMark nests it."""
    lines = []
    for item in block.items:
        marker = f"{item.number}." if item.number is not None else "-"
        lines.append(f"{indent}{marker} {inline(item.text)}")
        for sublist in item.sublists:
            if sublist.ordered and sublist.items[0].number != "1":
                lines.append("")  # only a list that starts at 1 may interrupt a paragraph (CommonMark)
            lines += _list(sublist, indent + " " * (len(marker) + 1))
    return lines


def inline(text: str) -> str:
    """Paragraph text as Markdown that says what the text says: code spans kept, the rest escaped."""
    if not _MARKUP.search(text) and text.replace("\n", "").isprintable():  # most text: nothing to change
        return text
    out = []
    for span in doctext.spans("\n".join(show_invisible(line) for line in text.split("\n"))):
        out.append(_code_span(span.text) if span.code else _plain(span.text))
    return "".join(out)


def _code_span(code: str) -> str:
    longest = max((len(run) for run in re.findall("`+", code)), default=0)
    ticks = "`" * (longest + 1)
    pad = " " if code.startswith("`") or code.endswith("`") or (code.startswith(" ") and code.endswith(" ")) else ""
    return f"{ticks}{pad}{code}{pad}{ticks}"


def _plain(text: str) -> str:
    out = []
    position = 0
    for match in re.finditer(f"{_MARKDOWN_LINK.pattern}|{_URL.pattern}", text):
        out.append(_escaped(text[position : match.start()]))
        found = match.group()
        if found.startswith("["):
            out.append("[" + _escaped(found[1 : found.index("](")]) + found[found.index("](") :])
            position = match.end()
            continue
        url = found.rstrip(_TRAILING)
        while url.endswith(")") and url.count(")") > url.count("("):
            url = url[:-1]
        out.append(f"<{url}>")
        position = match.start() + len(url)
    out.append(_escaped(text[position:]))
    return _BLOCK_START.sub(r"\1\\\2", "".join(out))


def _escaped(text: str) -> str:
    return text.replace("\\", "\\\\").replace("[", "\\[").replace("<", "\\<")
