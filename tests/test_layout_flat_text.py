"""layout.plain.flat_text, the fast path of the layout step: where it gives a line's text, the printer prints exactly
that text; where it is not certain, it gives None and the printer decides."""

from __future__ import annotations

import pytest

from codegen.layout import doc, markup, plain
from codegen.layout.doc import LINE, SOFTLINE, Align, Group, IfBreak, Measure, Style, conditional_group, group
from codegen.run.generate import load_tools, render_outputs
from codegen.targets import all_targets

from . import support

STYLE = Style(20, "  ")
LAID_OUT = [target.name for target in all_targets() if target.layout_style is not None]


def test_a_line_that_fits_is_its_flat_text():
    line = ["  x = ", group(["f(", Align(4, [SOFTLINE, "a,", LINE, "b"]), ")"]), ";"]
    assert plain.flat_text(line, STYLE) == doc.print_doc(line, style=STYLE) == "  x = f(a, b);"


@pytest.mark.parametrize(
    "line",
    [
        ["x = ", group(["f(", SOFTLINE, "a" * 20, ")"])],  # too wide
        ["x", LINE, "y"],  # a line outside any group breaks
        ["x", IfBreak("a", "b")],  # so does an IfBreak's group, the whole line
        ["x", Measure(lambda indent, column: "built", "flat")],  # built where the printer reaches it
        ["x", group(["a", doc.HARDLINE, "b"])],
        ["x", Group("y", brk=True)],
        ["x", group(LINE), "y", conditional_group(["z", ["zzzzzzzzzzzzzzzzzz", SOFTLINE]])],
        ["x", group(LINE), "y", group([IfBreak("zzzzzzzzzzzzzzzzzz", ""), SOFTLINE])],
        ["x", group(IfBreak("a", "b", group_id=doc.new_group_id()))],  # a group not printed yet
    ],
)
def test_a_line_it_is_not_certain_of_is_left_to_the_printer(line):
    assert plain.flat_text(line, STYLE) is None


def test_what_follows_a_group_is_measured_as_the_printer_measures_it():
    # The first group is measured with what follows it in break mode: the conditional group's last state, wider
    # than its flat one, does not fit, so the printer breaks the first group though the flat line would fit.
    line = ["x", group(["(", SOFTLINE, ")"]), conditional_group(["y", ["y" * 19, SOFTLINE]])]
    assert doc.print_doc(line, style=STYLE) != "x()y"
    assert plain.flat_text(line, STYLE) is None


@pytest.mark.parametrize("language", LAID_OUT)
def test_every_line_it_lays_out_is_printed_as_the_printer_prints_it(language, monkeypatch):
    checked = []

    def checking(line, style):
        flat = plain.flat_text(line, style)
        if flat is not None:
            assert flat == doc.print_doc(line, style=style)
            checked.append(flat)
        return flat

    monkeypatch.setenv("TOOLGEN_NO_CACHE", "1")
    monkeypatch.setenv("TOOLGEN_NO_POOL", "1")  # in this process, where the check is
    monkeypatch.setattr(markup, "flat_text", checking)
    tools, _ = load_tools([support.SPECS, support.EDGE_SPECS, support.realworld_specs() / "github-mcp-server"])
    render_outputs(tools, [language])
    # Rust's lines (and most of Node.js's) are one FirstFit each, printed by layout.plain.print_plain before this
    # fast path is asked; the others reach it on most laid-out lines.
    assert len(checked) > {"rust": -1, "nodejs": 10}.get(language, 100)
