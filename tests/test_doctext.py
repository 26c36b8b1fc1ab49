"""codegen.doctext (a description's blocks, parsed once) and the renderers built on it (issue "Idioms", Deliver 1):
table tests of the parser on hand-written and real-world descriptions, rustdoc's escaping, Javadoc through
`javac -Xdoclint` when a JDK is installed."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from codegen import doctext
from codegen.doctext import Code, Item, ItemList, Paragraph, Span
from codegen.targets import java_doc, rust_doc

from .support import realworld_documents

P = Paragraph
I = Item


def L(*items: Item) -> ItemList:
    return ItemList(items)


@pytest.mark.parametrize(
    ("text", "blocks"),
    [
        (None, []),
        ("  \n ", []),
        ("One line.", [P(("One line.",))]),
        ("a\nb\n\n\nc", [P(("a", "b")), P(("c",))]),
        # docstring-style: the later lines' common indentation means nothing
        ("Intro.\n        More.\n\n        Last.", [P(("Intro.", "More.")), P(("Last.",))]),
        (
            "Use:\n- one\n- two\n  continued\n* three",
            [P(("Use:",)), ItemList((Item(None, ("one",)), Item(None, ("two", "continued")), Item(None, ("three",))))],
        ),
        ("1. a\n\n2) b", [ItemList((Item("1", ("a",)), Item("2", ("b",))))]),  # a loose list is one list
        ("- a\n1. b", [ItemList((Item(None, ("a",)),)), ItemList((Item("1", ("b",)),))]),
        ("-1 is not a list\n*bold*", [P(("-1 is not a list", "*bold*"))]),
        (
            "Example:\n\n    f(x)\n\n      g(y)\nafter",
            [P(("Example:",)), Code(("f(x)", "", "  g(y)")), P(("after",))],
        ),
        ("text\n    not code", [P(("text", "not code"))]),  # an indented line continues a paragraph
        (
            "Run:\n  ```bash\n  ls -l\n    x\n  ```\nDone",
            [P(("Run:",)), Code(("ls -l", "  x"), "bash"), P(("Done",))],
        ),
        ("```\nunclosed\n\n", [Code(("unclosed",))]),
        ("````\n```\n````", [Code(("```",))]),  # a shorter fence inside a longer one is text
        ("```go``` inline", [P(("```go``` inline",))]),  # backquotes in the info string: not a fence
        ("a\r\nb\rc", [P(("a", "b", "c"))]),
        # nested lists: a marker indented two or more columns past the open item's marker opens its sub-list
        (
            "Use:\n- a\n  - b\n  - c\n    more c\n- d",
            [P(("Use:",)), ItemList((I(None, ("a",), (L(I(None, ("b",)), I(None, ("c", "more c"))),)), I(None, ("d",))))],
        ),
        (
            "1. a\n   1. b\n   2. c\n2. d",
            [ItemList((I("1", ("a",), (L(I("1", ("b",)), I("2", ("c",))),)), I("2", ("d",))))],
        ),
        ("- a\n    - b\n- c", [L(I(None, ("a",), (L(I(None, ("b",))),)), I(None, ("c",)))]),  # four columns too
        ("- a\n - b", [L(I(None, ("a",)), I(None, ("b",)))]),  # one column does not
        (
            "- a\n  1. b\n     - c\n- d",
            [L(I(None, ("a",), (L(I("1", ("b",), (L(I(None, ("c",))),))),)), I(None, ("d",)))],
        ),  # three levels, back out two at once
        (
            "- a\n  - b\n  1. c\n- d",
            [L(I(None, ("a",), (L(I(None, ("b",))), L(I("1", ("c",))))), I(None, ("d",)))],
        ),  # a marker of the other kind starts a second sub-list
        # the first line is not indented, so indentation shared by all later lines is residue (cleandoc's rule)
        ("- a\n  - b\n  - c", [L(I(None, ("a",)), I(None, ("b",)), I(None, ("c",)))]),
        ("- a\n\n  - b\n\n- c", [L(I(None, ("a",), (L(I(None, ("b",))),)), I(None, ("c",)))]),  # loose
        ("- a\n\n    code\n\nend", [L(I(None, ("a",))), Code(("code",)), P(("end",))]),  # after a blank line
        ("- a\n  - b\n\nafter", [L(I(None, ("a",), (L(I(None, ("b",))),))), P(("after",))]),
        ("tab\tstop", [P(("tab stop",))]),
    ],
)
def test_parse(text, blocks):
    assert doctext.parse(text) == blocks


@pytest.mark.parametrize(
    ("text", "spans"),
    [
        ("plain", [Span("plain")]),
        ("a `b` c", [Span("a "), Span("b", True), Span(" c")]),
        ("``a ` b``", [Span("a ` b", True)]),
        ("`` `x` ``", [Span("`x`", True)]),  # one space each side is padding
        ("`open only", [Span("`open only")]),
        ("``x` y", [Span("``x` y")]),
    ],
)
def test_spans(text, spans):
    assert doctext.spans(text) == spans


def _realworld_description(name: str) -> str:
    for text in realworld_documents().values():
        for tool in json.loads(text)["tools"]:
            if tool["name"] == name:
                return tool["description"]
    raise AssertionError(f"{name} is not in the real-world corpus")


def test_a_real_description_with_lists():
    blocks = doctext.parse(_realworld_description("assign_copilot_to_issue"))
    kinds = [type(block).__name__ for block in blocks]
    assert kinds == ["Paragraph", "Paragraph", "ItemList", "Paragraph", "ItemList"]
    (link,) = blocks[-1].items
    assert link.text.startswith("https://docs.github.com/")


def _item_texts(block: ItemList) -> list[str]:
    return [text for item in block.items for text in [item.text, *(t for s in item.sublists for t in _item_texts(s))]]


def test_every_real_description_parses_without_losing_words():
    """The blocks hold every word of the description (none dropped or invented), for all real tools."""
    for text in realworld_documents().values():
        for tool in json.loads(text)["tools"]:
            description = tool.get("description") or ""
            words = []
            for block in doctext.parse(description):
                lines = block.lines if not isinstance(block, ItemList) else _item_texts(block)
                words += " ".join(lines).split()
            markers = {"-", "*", "+"} | {f"{n}." for n in range(1, 100)}
            expected = [w for w in description.split() if w not in markers and not w.startswith("```")]
            assert [w for w in words if w not in markers] == expected, tool["name"]


# -- rustdoc ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "markdown"),
    [
        ("See https://example.com/a_b.", "See <https://example.com/a_b>."),
        ("Use 'http://httpbin.org/anything'.", "Use '<http://httpbin.org/anything>'."),
        ("(https://x.org/p(1))", "(<https://x.org/p(1)>)"),
        ("[docs](https://x.org) stay", "[docs](https://x.org) stay"),
        ("<https://x.org> stays", "\\<<https://x.org>> stays"),
        ("Bearer <token>", "Bearer \\<token>"),
        ("https://<ip>/api", "https://\\<ip>/api"),  # no host: not a URL rustdoc lints
        ("[Optional] [a][b]", "\\[Optional] \\[a]\\[b]"),
        ("`[FILE] <x>` and \\d", "`[FILE] <x>` and \\\\d"),  # code spans are code
        ("# not a heading", "\\# not a heading"),
    ],
)
def test_rustdoc_inline(text, markdown):
    assert rust_doc.inline(text) == markdown


def test_rustdoc_code_blocks_are_text_fences():
    assert rust_doc.doc_lines("x:\n\n````\n```\ny\n````", "//!") == [
        "//! x:",
        "//!",
        "//! ````text",
        "//! ```",
        "//! y",
        "//! ````",
    ]


# -- Javadoc ------------------------------------------------------------------------------------------------

_JAVADOC_CASES = [
    "One line with `code` and <b> & @at.",
    "Intro:\n- one `a{b}`\n- two\n\n1. first\n\nCode:\n\n    if (a < b) {\n      x();\n    }\n\nEnd \u0085.",
    "Unsafe code: `a@b`, `{`, `\\u000a`\n\n```\n@Override */ \\u0041 {\n```",
    "Para one.\n\nPara two with " + "word " * 40,
]


@pytest.mark.parametrize(
    ("text", "html"),
    [
        ("a list for `in`.", "a list for {@code in}."),
        ("`a` b `c`", "{@code a} b {@code c}"),
        ("`@x` `a\\b` `{`", "<code>&#64;x</code> <code>a&#92;b</code> <code>{</code>"),
        ("x < y & z", "x &lt; y &amp; z"),
    ],
)
def test_javadoc_inline(text, html):
    assert java_doc.inline(text) == html


@pytest.mark.parametrize("text", _JAVADOC_CASES)
def test_javadoc_layout(text):
    lines = java_doc.comment(2, text, [("x", java_doc.flat(text))])
    assert lines[0].startswith("  /**") and lines[-1].endswith("*/")
    assert all(len(line) <= 100 or " " not in line.strip(" */") for line in lines)
    assert all(line.isascii() for line in lines)


def test_javadoc_passes_doclint(tmp_path: Path):
    javac = shutil.which("javac")
    if javac is None:
        pytest.skip("javac is not installed")
    members = []
    for index, text in enumerate(_JAVADOC_CASES):
        members += java_doc.comment(2, text) + [f"  public int m{index}(int x) {{ return x; }}", ""]
        members += java_doc.comment(2, "Params.", [("x", java_doc.flat(text))])
        members += [f"  public int p{index}(int x) {{ return x; }}", ""]
    source = "\n".join(["/** Stub. */", "public class Stub {", *members, "}", ""])
    (tmp_path / "Stub.java").write_text(source, "ascii")
    result = subprocess.run(
        [javac, "-Xdoclint:all,-missing", "-d", str(tmp_path / "out"), str(tmp_path / "Stub.java")],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr + source
