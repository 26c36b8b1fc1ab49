"""Javadoc from a description's blocks (codegen.model.doctext), and `//` comments, in google-java-format's layout
(its Javadoc formatter fills lines up to the column limit), accepted by `javac -Xdoclint:all,-missing`.

The first paragraph is the comment's summary, later ones start with `<p>`, lists are `<ul>`/`<ol>` of `<li>`
(google-java-format indents them and leaves out `</li>`), code blocks are `<pre>{@code …}</pre>` and code spans
`{@code …}`. `{@code}` shows its text raw, so it is used only for text it can hold: printable ASCII without `@`,
`\\`, `*/` or unbalanced braces (the file is ASCII, a `\\u` would be a Unicode escape, `@` could start a block
tag); other code falls back to `<pre>`/`<code>` with escaped text. Plain text gets entities from `javadoc_text`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...model import doctext
from .layout import COLUMN_LIMIT
from .syntax import javadoc_text


def _code_safe(text: str) -> bool:
    """True when `{@code text}` shows `text` (lines may be separated by line breaks)."""
    if not text.replace("\n", "").isascii() or not text.replace("\n", "").isprintable():
        return False
    if any(mark in text for mark in ("@", "\\", "*/")):
        return False
    depth = 0
    for char in text:
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth < 0:
            return False
    return depth == 0


def inline(text: str) -> str:
    """Text as Javadoc HTML on one line, its code spans as `{@code …}` (or `<code>` when that cannot hold them)."""
    out = [_code(span.text) if span.code else _plain(span.text) for span in doctext.spans(text)]
    return " ".join(part for part in "".join(out).split(" ") if part)


def _plain(text: str) -> str:
    """javadoc_text, keeping a space at either end (a code span may follow or precede)."""
    lead = " " if text[:1].isspace() else ""
    trail = " " if text[-1:].isspace() else ""
    return lead + javadoc_text(text) + trail


def _code(text: str) -> str:
    code = " ".join(text.split())
    return "{@code " + code + "}" if code and _code_safe(code) else "<code>" + javadoc_text(text) + "</code>"


def _plain_line(text: str) -> str | None:
    """The Javadoc of a description that is one line of plain text (most are), as the blocks would render it;
    None for any other description (one that may hold code spans, list items, fences or several lines)."""
    if "\n" in text or "\r" in text or "\t" in text or "`" in text:
        return None
    stripped = text.strip()
    return None if stripped[:1] in _BLOCK_STARTS else javadoc_text(stripped)


_BLOCK_STARTS = tuple("-*+~0123456789")  # what a list item or a fence may start with (doctext)


def flat(text: str) -> str:
    """A description as one line of Javadoc (for `@param` text): its blocks' text one after the other."""
    plain = _plain_line(text)
    if plain is not None:
        return plain
    parts = []
    for block in doctext.parse(text):
        if isinstance(block, doctext.Code):
            parts.append(_code(" ".join(block.lines)))
        elif isinstance(block, doctext.ItemList):
            parts += [inline(text) for text in _item_texts(block)]
        else:
            parts.append(inline(block.text))
    return " ".join(part for part in parts if part)


def javadoc(indent: int, summary: str, params: Sequence[tuple[str, str]] = ()) -> list[str]:
    """A Javadoc comment of one paragraph: `summary` and each `@param` text are already `javadoc_text`; params with
    empty text are left out."""
    pad = " " * indent
    params = [(name, text) for name, text in params if text]
    one_line = f"{pad}/** {summary} */"
    if not params and len(one_line) <= COLUMN_LIMIT:
        return [one_line]
    return _comment(pad, [_wrap(summary.split(" "), f"{pad} * ", f"{pad} * ")] if summary else [], params)


def comment(indent: int, text: str, params: Sequence[tuple[str, str]] = ()) -> list[str]:
    """A Javadoc comment for a description (and already-Javadoc `@param` texts); a description of one paragraph
    is `javadoc`'s one-liner or wrapped summary."""
    plain = _plain_line(text)
    if plain is not None:
        return javadoc(indent, plain, params)
    blocks = doctext.parse(text)
    if len(blocks) <= 1 and all(isinstance(block, doctext.Paragraph) for block in blocks):
        return javadoc(indent, inline(blocks[0].text) if blocks else "", params)
    pad = " " * indent
    star = f"{pad} * "
    parts = []
    for index, block in enumerate(blocks):
        if isinstance(block, doctext.Code):
            parts.append(_pre(block, star))
        elif isinstance(block, doctext.ItemList):
            parts.append(_list(block, star))
        else:
            lead = "<p>" if index else ""
            parts.append(_wrap((lead + inline(block.text)).split(" "), star, star))
    return _comment(pad, parts, [(name, param) for name, param in params if param])


def _comment(pad: str, parts: list[list[str]], params: Sequence[tuple[str, str]]) -> list[str]:
    """`/**`, the parts' lines with a blank comment line between parts and before the `@param` tags, `*/`."""
    lines = [f"{pad}/**"]
    for index, part in enumerate(parts):
        lines += [f"{pad} *", *part] if index else part
    if parts and params:
        lines.append(f"{pad} *")
    for name, param in params:
        lines += _wrap(["@param", name] + param.split(" "), f"{pad} * ", f"{pad} *     ")
    return lines + [f"{pad} */"]


def line_comment(indent: int, text: str) -> list[str]:
    """`// text` (already `line_comment_text`), wrapped at spaces as google-java-format wraps a long comment."""
    pad = " " * indent
    single = f"{pad}// {text}"
    if len(single) <= COLUMN_LIMIT:
        return [single]
    return _wrap([word for word in text.split() if word], f"{pad}// ", f"{pad}// ")


def _wrap(words: list[str], first_prefix: str, next_prefix: str) -> list[str]:
    """Greedy fill, as google-java-format's Javadoc formatter does; a word too long for any line stands alone."""
    text = " ".join(words)
    if len(first_prefix) + len(text) <= COLUMN_LIMIT:
        return [first_prefix + text]  # no word would start a new line
    lines: list[str] = []
    prefix, line, width = first_prefix, [], len(first_prefix)  # the words on the line, and its width so far
    for word in words:
        if line and width + 1 + len(word) > COLUMN_LIMIT:
            lines.append(prefix + " ".join(line))
            prefix, line, width = next_prefix, [], len(next_prefix)
        width += len(word) + 1 if line else len(word)
        line.append(word)
    lines.append(prefix + " ".join(line))
    return lines


def _list(block: doctext.ItemList, star: str) -> list[str]:
    """`<ul>`/`<ol>` as google-java-format indents it: two columns per open list and four per open item, so a
    sub-list (inside its `<li>`, no `</li>`) starts six columns past its parent list."""
    tag = "ol" if block.ordered else "ul"
    lines = [f"{star}<{tag}>"]
    for item in block.items:
        lines += _wrap(("<li>" + inline(item.text)).split(" "), f"{star}  ", f"{star}      ")
        for sublist in item.sublists:
            lines += _list(sublist, star + " " * 6)
    return lines + [f"{star}</{tag}>"]


def _item_texts(block: doctext.ItemList) -> list[str]:
    """Every item's text, sub-lists' items after their item's."""
    texts = []
    for item in block.items:
        texts.append(item.text)
        for sublist in item.sublists:
            texts += _item_texts(sublist)
    return texts


def _pre(block: doctext.Code, star: str) -> list[str]:
    if _code_safe("\n".join(block.lines)):
        body = [f"{star}{line}".rstrip() for line in block.lines]
        return [f"{star}<pre>{{@code", *body, f"{star}}}</pre>"]
    body = []
    for line in block.lines:
        lead = len(line) - len(line.lstrip(" "))
        body.append(f"{star}{' ' * lead}{javadoc_text(line)}".rstrip())
    return [f"{star}<pre>", *body, f"{star}</pre>"]
