"""google-java-format's line breaking, as documents for the one printer (codegen.layout.doc).

google-java-format nests a statement's parts in levels: a level stays on one line when it fits (with what follows
it up to the next possible break), else its breaks are taken and its continuation lines are indented +4. The
generated files need four of its rules, and the templates mark where each applies:

- `continued` (a layout macro): a level whose breaks indent +4, such as a record component's annotations, type and
  name, or an enum's name after `public enum`;
- `arguments`: the parentheses' contents of a call or declaration: on the line, else all together on a
  continuation line, else one per line there;
- `throws`: the break before `throws`, taken when the parameters before it went one per line (its "must break"
  after a broken level), else only when the rest of the line does not fit;
- `string_value`: a string literal after `=` or `(`: on the line, else on a continuation line, else cut into a `+`
  chain of literals that each fit the line (its string wrapping);

and `json_value`, the JSON constants' text blocks, printed straight from their lines (their layout never depends on
the width). Between `=` and a value that breaks, the printer drops the space the template wrote, as
google-java-format leaves none.
"""

from __future__ import annotations

from typing import Any

from ...layout.doc import HARDLINE_WITHOUT_BREAK_PARENT as NEWLINE
from ...layout.doc import LINE, SOFTLINE, Align, ByIndent, Doc, Group, IfBreak, Style, group, new_group_id
from ...layout.markup import Laid, parse, place
from .syntax import java_string, string_chunks, text_block

COLUMN_LIMIT = 100
CONTINUATION = 4
STYLE = Style(COLUMN_LIMIT, "  ")  # generated Java is ASCII: every character is one column


def continued(doc: Doc, gid: int | None = None) -> Doc:
    return group(Align(CONTINUATION, doc), gid=gid)


def arguments(items: Doc, items_id: int | None = None) -> Doc:
    """`items` (separated by `,` and a line) inside parentheses the template writes. `items_id` names the group of
    the items, which is broken when they go one per line."""
    return continued([SOFTLINE, group(items, gid=items_id)])


def throws(items_id: int) -> Doc:
    """The break before a `throws` clause that follows the parameters whose group is `items_id`."""
    return IfBreak(Align(CONTINUATION, NEWLINE), continued(LINE), group_id=items_id)


def wrap_after(value_id: int) -> Doc:
    """A space, or a line break where the value whose group is `value_id` broke or what follows does not fit: the
    break between two annotations, the first one's value being `value_id`'s."""
    return IfBreak(NEWLINE, group(LINE), group_id=value_id)


def string_value(text: str) -> Doc:
    """`text` as a string literal after `=` or `(`: a conditional group (prettier's), so that the literal alone is
    measured and printed where it fits, as most do."""
    literal = java_string(text)
    broken = Align(CONTINUATION, [SOFTLINE, group(IfBreak(ByIndent(lambda width: _chain(text, width), literal), literal))])
    return Group(literal, False, [literal, broken], new_group_id())


def _chain(text: str, indent: int) -> Doc:
    """The `+` chain of literals that starts a line at `indent`: each piece fits the line, the later ones after
    `+ ` one continuation further, with a column left for the `;` or `)` that ends the last."""
    first, *rest = string_chunks(text, COLUMN_LIMIT - (indent + CONTINUATION) - len("+ ") - 1)
    return [first, Align(CONTINUATION, [[NEWLINE, "+ ", chunk] for chunk in rest])]


def json_value(text: str) -> Doc:
    """`text` (JSON) after `=`: a text block on the next lines (google-java-format puts the opening delimiter on a
    continuation line, and javac strips that indentation from the lines as incidental), or
    `String.join("", block, block, …)` where the text needs several class-file constants (not a constant
    expression, so javac keeps each block as a constant of its own), or a string literal where a text block cannot
    hold the text (syntax.text_block)."""
    blocks = text_block(text)
    if blocks is None:
        return string_value(text)
    if len(blocks) == 1:
        return Align(CONTINUATION, [NEWLINE, _text_block(*blocks[0])])
    joined = [[NEWLINE, _text_block(*block), "," if number < len(blocks) - 1 else ")"]
              for number, block in enumerate(blocks)]  # fmt: skip
    return Align(CONTINUATION, [NEWLINE, "String.join(", Align(CONTINUATION, [NEWLINE, '"",', joined])])


def _text_block(lines: list[str], continued: bool) -> Doc:
    def body(width: int) -> str:
        # The lines as one string (no line of a text block ever breaks, and there are many), a blank one without
        # indentation unless it holds the `\\` that ends the text.
        rows = [" " * width + line if line else "" for line in lines]
        if continued:
            rows[-1] = (rows[-1] or " " * width) + "\\"
        return "".join("\n" + row for row in rows)

    return ['"""', ByIndent(body, ""), NEWLINE, '"""']


# The layout macros the Java templates call, besides the generic ones (layout.markup.MACROS).


def _continued(caller: Any) -> str:
    return place(continued(parse(caller())))


def _arguments(items_id: int | None = None, *, caller: Any) -> str:
    return place(arguments(parse(caller()), items_id))


def _throws(items_id: int) -> str:
    return place(throws(items_id))


def _wrap_after(value: Laid) -> str:
    return place(wrap_after(value.doc.id))


MACROS = {
    "continued": _continued,
    "arguments": _arguments,
    "throws": _throws,
    "wrap_after": _wrap_after,
    "group_id": new_group_id,
    # A space (or nothing: softwrap), or a line break where what follows it up to its next possible break does not
    # fit (+4: continued).
    "wrap": Laid(group(LINE)),
    "wrap_continued": Laid(continued(LINE)),
    "softwrap_continued": Laid(continued(SOFTLINE)),
}
