"""The printer's result for the commonest laid-out line, without the printer: a line of text that holds one
`FirstFit` whose layouts make no choice of their own (text, lists, indents, hard lines, Reserves). Most of a Rust
module's laid-out lines are such lines; counting their widths directly is what keeps the layout step as fast as the
width flags it replaced. The result is print_doc's, which tests/test_target_rust.py checks against rustfmt.
"""

from __future__ import annotations

from typing import Any

from .doc import (
    BREAK_PARENT,
    PRETTIER,
    Align,
    Doc,
    FirstFit,
    Group,
    IfBreak,
    Indent,
    IndentIfBreak,
    IndentTo,
    Label,
    Line,
    Measure,
    Reserve,
    Style,
)


def print_plain(parts: list, indent: str, style: Style) -> str | None:
    """print_doc of a line of text (indented by `indent`) that holds one FirstFit whose layouts make no choice (text,
    lists, indents, hard lines, Reserves), without the printer; None for any other line."""
    docs = [index for index, part in enumerate(parts) if type(part) is not str]
    if len(docs) != 1 or type(parts[docs[0]]) is not FirstFit:
        return None
    doc, before, after = parts[docs[0]], indent + "".join(parts[: docs[0]]), "".join(parts[docs[0] + 1 :])
    position, rest = style.text_width(before), style.text_width(after)
    for number, layout in enumerate(doc.layouts):
        layout = layout() if callable(layout) else layout
        out = [before]
        widths = _plain_widths(layout, indent, position, style, out)
        if widths is None:
            return None
        first, inner, last = widths[0], widths[1:-1], widths[-1]
        fits = not (len(widths) > 1 and first != position and first > style.width)
        if number == len(doc.layouts) - 1 or (
            fits and all(line <= style.width for line in inner) and last + rest <= style.width
        ):
            return "".join(out) + after
    return None


def _plain_widths(
    doc: Doc, indent: str, position: int, style: Style, out: list[str] | None = None
) -> list[int] | None:
    """The widths of the lines `doc` prints from `position` when it makes no choice (text, lists, indents, hard
    lines and Reserves only), counted without the printer, and its text added to `out` if given (trailing blanks
    dropped at each line break, as the printer drops them); None for any other document."""
    text_width = style.text_width
    if type(doc) is str and out is None:
        return [position + text_width(doc)]
    unit = style.indent
    widths: list[int] = []
    trailing = 0  # blanks at the end of the line so far, which a line break drops
    stack: list[tuple[str, Any]] = [(indent, doc)]
    while stack:
        level, current = stack.pop()
        kind = type(current)
        if kind is str:
            if current:
                position += text_width(current)
                kept = len(current.rstrip(" \t"))
                trailing = trailing + len(current) if kept == 0 else len(current) - kept
                if out is not None:
                    out.append(current)
        elif kind is list:
            stack.extend([(level, part) for part in reversed(current)])
        elif kind is Indent:
            stack.append((level + unit, current.contents))
        elif kind is Line and current.hard and not current.literal:
            widths.append(position - trailing)
            position, trailing = text_width(level), 0
            if out is not None:
                _trim(out)
                out.append("\n" + level)
        elif kind is Reserve:
            position += current.width
        elif current is not BREAK_PARENT:
            return None
    widths.append(position)
    return widths


def _trim(out: list[str]) -> None:
    """The printer's trim: the blanks that end `out` dropped."""
    while out:
        stripped = out[-1].rstrip(" \t")
        if stripped:
            out[-1] = stripped
            return
        out.pop()


def flat_text(doc: Doc, style: Style = PRETTIER) -> str | None:
    """`doc`'s text when `print_doc` would print it on one line, every group flat; None when that is not certain
    (then `print_doc` decides). A fast path for the many laid-out lines that fit: one walk, no measuring.

    Certain means: no hard line or break, no broken group, nothing outside a group that could break (a line, an
    `IfBreak`, a `Measure`, a fill), the whole text within the width, and every group after the first measured
    in break mode (as the printer measures what follows a group) as it is flat: starting with a line, or holding
    no `IfBreak` and no conditional group before its first line."""
    out: list[str] = []
    flat_ids: set[int] = set()
    width = 0
    top_groups = 0
    stack: list[tuple[Any, bool]] = [(doc, False)]
    while stack:
        current, in_group = stack.pop()
        kind = type(current)
        if kind is str:
            out.append(current)
            width += style.text_width(current)
        elif kind is list:
            stack.extend([(part, in_group) for part in reversed(current)])
        elif kind is Indent or kind is Align or kind is IndentTo or kind is Label:
            stack.append((current.contents, in_group))
        elif kind is Group:
            if current.brk:
                return None
            if not in_group:
                top_groups += 1
                if top_groups > 1 and (current.expanded_states or not _measures_as_flat(current.contents)):
                    return None
            if current.id is not None:
                flat_ids.add(current.id)
            stack.append((current.contents, True))
        elif not in_group:
            return None
        elif kind is Line:
            if current.hard:
                return None
            if not current.soft:
                out.append(" ")
                width += 1
        elif kind is IfBreak or kind is IndentIfBreak:
            if current.group_id is not None and current.group_id not in flat_ids:
                return None
            stack.append((current.flat_contents if kind is IfBreak else current.contents, True))
        elif kind is Measure:
            stack.append((current.flat, True))
        else:  # a break parent, a fill
            return None
    return "".join(out) if width <= style.width else None


def _measures_as_flat(doc: Doc) -> bool:
    """Whether `doc` measured in break mode up to its first line is as wide as flat: `_fits` would read an
    `IfBreak`'s broken contents and a conditional group's last state there."""
    stack = [doc]
    while stack:
        current = stack.pop()
        kind = type(current)
        if kind is Line:
            return True
        if kind is list:
            stack.extend(reversed(current))
        elif kind is Indent or kind is Align or kind is IndentTo or kind is Label:
            stack.append(current.contents)
        elif kind is Group and not current.expanded_states:
            stack.append(current.contents)
        elif kind is Measure:
            stack.append(current.flat)
        elif kind is not str:
            return False
    return True
