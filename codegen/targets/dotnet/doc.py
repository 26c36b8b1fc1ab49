"""C# XML documentation from a description's blocks (codegen.model.doctext).

The first paragraph is the summary's text, later paragraphs are `<para>`s, lists are `<list type="bullet">` (or
`"number"`) of `<item><description>`, code blocks are `<code>` and code spans `<c>`; all text is XML-escaped, so
every `///` block parses as XML. Source lines are kept (the compiler joins them), their indentation is not.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...model import doctext
from .syntax import comment_text


class Xml(str):
    """Doc-comment text that is already XML: markup plus escaped text. Plain `str` paragraphs get escaped."""


def escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def code(text: str) -> Xml:
    """Inline code in a doc comment."""
    return Xml(f"<c>{escape(text)}</c>")


def doc_comment(paragraphs: Iterable[str | None], tag: str = "summary", inline: bool = False) -> list[str]:
    """`/// <summary>` … `/// </summary>` lines for the non-empty paragraphs.

    A plain `str` is a description (its paragraphs, lists and code recognised, its text XML-escaped), an `Xml`
    paragraph is taken as is; the first paragraph is the tag's text, later ones are `<para>`s. Characters that
    are not printable show as `\\uXXXX`. With `inline`, a one-line body stays on the tag's line.
    """
    parts: list[tuple[bool, str]] = []
    for paragraph in paragraphs:
        if paragraph is None or not paragraph.strip():
            continue
        parts += [(True, paragraph.strip())] if isinstance(paragraph, Xml) else blocks(paragraph)
    if not parts:
        return []
    lines = [comment_text(line).rstrip() for line in re.split(r"\r\n|\r|\n", body(parts))]
    if inline and len(lines) == 1:
        return [f"/// <{tag}>{lines[0]}</{tag}>"]
    return [f"/// <{tag}>", *(f"/// {line}" if line else "///" for line in lines), f"/// </{tag}>"]


def inline(text: str) -> str:
    """Text with its code spans as `<c>`, XML-escaped."""
    return "".join(f"<c>{escape(s.text)}</c>" if s.code else escape(s.text) for s in doctext.spans(text))


def blocks(text: str) -> list[tuple[bool, str]]:
    """(is a paragraph, XML) for each block of the description; the XML may hold line breaks."""
    out: list[tuple[bool, str]] = []
    for block in doctext.parse(text):
        if isinstance(block, doctext.Code):
            out.append((False, "<code>\n" + "\n".join(escape(line) for line in block.lines) + "\n</code>"))
        elif isinstance(block, doctext.ItemList):
            out.append((False, "\n".join(_list(block))))
        else:
            out.append((True, inline("\n".join(block.lines))))
    return out


def _list(block: doctext.ItemList) -> list[str]:
    """`<list>` of `<item><description>`; a sub-list goes in its item's `<description>`, after the text."""
    lines = [f'<list type="{"number" if block.ordered else "bullet"}">']
    for item in block.items:
        if not item.sublists:
            lines.append(f"<item><description>{inline(item.text)}</description></item>")
            continue
        lines.append(f"<item><description>{inline(item.text)}")
        for sublist in item.sublists:
            lines += _list(sublist)
        lines.append("</description></item>")
    return lines + ["</list>"]


def body(parts: list[tuple[bool, str]]) -> str:
    """The blocks as the body of one tag: the first paragraph bare, the others in `<para>`."""
    return "\n".join(
        xml if not paragraph or index == 0 else f"<para>{xml}</para>"
        for index, (paragraph, xml) in enumerate(parts)
    )
