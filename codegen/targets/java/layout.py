"""google-java-format's line breaking, as documents for the one printer (codegen.layout.doc).

google-java-format nests a statement's parts in levels: a level stays on one line when it fits (with what follows
it up to its next possible break), else its breaks are taken, continuation lines indented +4. The templates spell
each statement flat and mark where it may break, with these rules:

- `continued` (a layout macro around text): a level whose breaks indent +4, such as a record component (its
  annotations, then its type and name);
- `arguments` (a layout macro around the items, separated by `,` and a `line`): a call's or declaration's
  parentheses: the items on the line, else together on a continuation line, else one per line there;
- `wrap`, `wrap_continued`, `softwrap_continued`: a level of one break (a space, or nothing), as after `public`,
  `public enum` or `create(`;
- `wrap_after(level)`: a break taken when the level before it broke (google-java-format's "must break" after a
  broken level), else only where the rest of the line does not fit: before `throws`, and between two annotations;
- `string_value`: a string literal after `=` or `(`: on the line, else on a continuation line, else cut into a `+`
  chain of literals that each fit the line (its string wrapping);
- `json_value`: the JSON constants' text blocks, printed straight from their lines (no line of them ever breaks).

Between `=` and a value that breaks, the printer drops the space the template wrote, as google-java-format leaves
none.
"""

from __future__ import annotations

from typing import Any

from ...layout.doc import HARDLINE_WITHOUT_BREAK_PARENT as NEWLINE
from ...layout.doc import LINE, SOFTLINE, Align, Doc, Group, IfBreak, Line, Measure, Style, group, join, new_group_id
from ...layout.markup import Laid, parse, place
from .syntax import java_string, string_chunks, text_block

COLUMN_LIMIT = 100
CONTINUATION = 4
STYLE = Style(COLUMN_LIMIT, "  ")  # generated Java is ASCII: every character is one column


def continued(doc: Doc, gid: int | None = None) -> Doc:
    return group(Align(CONTINUATION, doc), gid=gid)


def arguments(items: list[Doc], items_id: int | None = None) -> Doc:
    """The items inside parentheses the template writes, each a level of its own (+4 where it breaks inside). The
    items stay on the line, else go together on a continuation line, else one per line there; `items_id` names
    their group, which is broken when they go one per line."""
    return continued([SOFTLINE, group(join(LINE, [continued(item) for item in items]), gid=items_id)])


def wrap_after(level_id: int, indent: int = 0) -> Doc:
    """A space, or a line break (`indent` further), taken when the level whose group is `level_id` broke, else where
    what follows up to its next break does not fit."""
    return IfBreak(Align(indent, NEWLINE), group(Align(indent, LINE)), group_id=level_id)


def string_value(text: str) -> Doc:
    """`text` as a string literal after `=` or `(`: a conditional group (prettier's), so that where the literal fits,
    as most do, it alone is measured and printed; the broken form is built only where it is printed."""
    literal = java_string(text)

    def broken(indent: str, column: int) -> Doc:
        chain = Measure(lambda indent, column: _chain(text, len(indent)), literal)
        return Align(CONTINUATION, [SOFTLINE, group(IfBreak(chain, literal))])

    return Group(literal, False, [literal, Measure(broken, SOFTLINE)], new_group_id())


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
    def body(indent: str, column: int) -> str:
        # The lines as one string (no line of a text block ever breaks, and there are many), a blank one without
        # indentation unless it holds the backslash that ends the text.
        rows = [indent + line if line else "" for line in lines]
        if continued:
            rows[-1] = (rows[-1] or indent) + "\\"
        return "".join("\n" + row for row in rows)

    return ['"""', Measure(body), NEWLINE, '"""']


# The layout macros the Java templates call, besides the generic ones (layout.markup.MACROS).


NEXT_ARGUMENT = Line()  # a line of its own kind, so that `arguments` tells the items apart


def _arguments(items_id: int | None = None, *, caller: Any) -> str:
    items: list[list[Doc]] = [[]]
    for part in parse(caller()):
        if part is NEXT_ARGUMENT:
            items.append([])
        else:
            items[-1].append(part)
    return place(arguments(items if items != [[]] else [], items_id))


def _wrap_after(level: Laid | int, indent: int = 0) -> str:
    """`wrap_after` the level of a laid-out value, or of the group whose id the template took (`group_id()`)."""
    return place(wrap_after(level.doc.id if isinstance(level, Laid) else level, indent))


MACROS = {
    # The values a template writes as Java string literals, laid out (`Laid`: a value `wrap_after` can follow).
    "string_value": lambda text: Laid(string_value(text)),
    "json_value": lambda text: Laid(json_value(text)),
    "arguments": _arguments,
    "next_argument": Laid(NEXT_ARGUMENT),
    "wrap_after": _wrap_after,
    "group_id": new_group_id,
    "wrap": Laid(group(LINE)),
    "wrap_continued": Laid(continued(LINE)),
    "softwrap": Laid(group(SOFTLINE)),
}
