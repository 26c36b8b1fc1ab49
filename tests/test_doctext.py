"""codegen.model.doctext (a description's blocks, parsed once) and the renderers built on it (issue "Idioms", Deliver 1):
table tests of the parser on hand-written and real-world descriptions, rustdoc's escaping, Javadoc through
`javac -Xdoclint` when a JDK is installed."""

from __future__ import annotations

import json
import shutil
import subprocess
from xml.etree import ElementTree
from pathlib import Path

import pytest

from codegen.model import doctext
from codegen.model.doctext import Code, Item, ItemList, Paragraph, Span
from codegen.targets.java import doc as java_doc
from codegen.targets.rust import doc as rust_doc

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
            [P(("Run:",)), Code(("ls -l", "  x")), P(("Done",))],
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
    "Nested:\n- a `x`\n  1. b <i>\n     - c " + "word " * 30 + "\n- d",
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


# -- nested lists, every language ------------------------------------------------------------------------------

_NESTED = {
    "bullets": "Use:\n- a\n  - b\n  - c\n- d",
    "numbers": "1. a\n   1. b\n   2. c\n2. d",
    "three levels": "Intro.\n- a\n  1. b\n     - c\n- d",
}

_NESTED_GO = {
    # gofmt has one list level: a sub-item is a paragraph of its top-level item (gofmt then wants a blank line
    # between all items), marked by a character gofmt does not read as a list marker.
    "bullets": ["Use:", "", "  - a", "", "    ◦ b", "", "    ◦ c", "", "  - d"],
    "numbers": [" 1. a", "", "    (1) b", "", "    (2) c", "", " 2. d"],
    "three levels": ["Intro.", "", "  - a", "", "    (1) b", "", "    ▪ c", "", "  - d"],
}

_NESTED_RUST = {
    "bullets": ["/// Use:", "///", "/// - a", "///   - b", "///   - c", "/// - d"],
    "numbers": ["/// 1. a", "///    1. b", "///    2. c", "/// 2. d"],
    "three levels": ["/// Intro.", "///", "/// - a", "///   1. b", "///      - c", "/// - d"],
}

_NESTED_CSHARP = {
    "bullets": 'Use:\n<list type="bullet">\n<item><description>a\n<list type="bullet">\n'
    "<item><description>b</description></item>\n<item><description>c</description></item>\n</list>\n"
    "</description></item>\n<item><description>d</description></item>\n</list>",
    "numbers": '<list type="number">\n<item><description>a\n<list type="number">\n'
    "<item><description>b</description></item>\n<item><description>c</description></item>\n</list>\n"
    "</description></item>\n<item><description>d</description></item>\n</list>",
    "three levels": 'Intro.\n<list type="bullet">\n<item><description>a\n<list type="number">\n'
    '<item><description>b\n<list type="bullet">\n<item><description>c</description></item>\n</list>\n'
    "</description></item>\n</list>\n</description></item>\n<item><description>d</description></item>\n</list>",
}

_NESTED_JAVADOC = {
    # google-java-format's layout: a nested list indented six past its item's list, its items two more
    "bullets": ["/**", " * Use:", " *", " * <ul>", " *   <li>a", " *       <ul>", " *         <li>b",
                " *         <li>c", " *       </ul>", " *   <li>d", " * </ul>", " */"],
    "numbers": ["/**", " * <ol>", " *   <li>a", " *       <ol>", " *         <li>b", " *         <li>c",
                " *       </ol>", " *   <li>d", " * </ol>", " */"],
    "three levels": ["/**", " * Intro.", " *", " * <ul>", " *   <li>a", " *       <ol>", " *         <li>b",
                     " *             <ul>", " *               <li>c", " *             </ul>", " *       </ol>",
                     " *   <li>d", " * </ul>", " */"],
}  # fmt: skip

# JSDoc and Python docstrings keep the description's Markdown as written, nesting included.
_NESTED_JSDOC = {
    "bullets": "/**\n * Use:\n * - a\n *   - b\n *   - c\n * - d\n */",
    "numbers": "/**\n * 1. a\n *    1. b\n *    2. c\n * 2. d\n */",
    "three levels": "/**\n * Intro.\n * - a\n *   1. b\n *      - c\n * - d\n */",
}
_NESTED_PYTHON = {
    "bullets": '"""Use:\n    - a\n      - b\n      - c\n    - d\n    """',
    "numbers": '"""1. a\n       1. b\n       2. c\n    2. d\n    """',
    "three levels": '"""Intro.\n    - a\n      1. b\n         - c\n    - d\n    """',
}


@pytest.mark.parametrize("case", list(_NESTED))
def test_nested_lists_in_every_language(case):
    from codegen.targets.nodejs import doc as _prettier
    from codegen.targets.dotnet import doc as dotnet_doc
    from codegen.targets.go import doc as go_doc
    from codegen.targets.python import doc as python_doc

    text = _NESTED[case]
    assert go_doc.doc_lines(text, lambda line: line) == _NESTED_GO[case]
    assert rust_doc.doc_lines(text) == _NESTED_RUST[case]
    assert dotnet_doc.body(dotnet_doc.blocks(text)) == _NESTED_CSHARP[case]
    ElementTree.fromstring(f"<summary>{_NESTED_CSHARP[case]}</summary>")  # well-formed XML
    assert java_doc.comment(0, text) == _NESTED_JAVADOC[case]
    assert _prettier.doc_comment(text) == _NESTED_JSDOC[case]
    assert python_doc.docstring(text, 1) == _NESTED_PYTHON[case]


def test_a_nested_ordered_list_not_from_one_interrupts_no_rustdoc_paragraph():
    """CommonMark lets only a list that starts at 1 interrupt a paragraph: a sub-list from 3 gets a blank line
    first, or rustdoc would read `3. b` as more text of `a`."""
    assert rust_doc.doc_lines("x\n- a\n  3. b\n  4. c") == [
        "/// x", "///", "/// - a", "///", "///   3. b", "///   4. c"
    ]  # fmt: skip


def test_nested_lists_are_a_gofmt_fixed_point(tmp_path: Path):
    from codegen.targets.go import doc as go_doc

    gofmt = shutil.which("gofmt")
    if gofmt is None:
        pytest.skip("gofmt is not installed")
    source = ["package p", ""]
    for index, text in enumerate([*_NESTED.values(), "1. a\n   - b\n   - c\n10. d\n    2. e"]):
        lines = go_doc.doc_lines(text, lambda line: line)
        source += [f"//{go_doc.comment_suffix(line)}" for line in [f"V{index} is a value.", "", *lines]]
        source += [f"var V{index} = {index}", ""]
    (tmp_path / "p.go").write_text("\n".join(source), "utf-8")
    result = subprocess.run([gofmt, "-d", str(tmp_path / "p.go")], capture_output=True, text=True)
    assert result.returncode == 0 and not result.stdout, result.stdout + result.stderr
    go = shutil.which("go")
    if go is None:
        return
    # `go doc` shows each sub-item as its own paragraph, indented under its top-level item.
    (tmp_path / "go.mod").write_text("module example.com/p\n\ngo 1.22\n", "utf-8")
    shown = subprocess.run([go, "doc", "-all", "."], cwd=tmp_path, capture_output=True, text=True)
    assert "\n      - a\n\n        ◦ b\n\n        ◦ c\n\n      - d\n" in shown.stdout, shown.stdout + shown.stderr
