"""`toolgen docs`: the committed catalogue equals what the specs produce, and it holds what it promises."""

from __future__ import annotations

import re
import subprocess
import sys

from codegen.review.catalogue import describe_type

from .support import REPO

CATALOGUE = REPO / "docs" / "tools.md"


def _docs(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "codegen", "docs", "specs", *arguments],
        cwd=REPO, capture_output=True, text=True, timeout=300,
    )


def test_committed_catalogue_is_current():
    result = _docs("--out", "docs/tools.md", "--check")
    assert result.returncode == 0, result.stdout + result.stderr


def test_catalogue_lists_every_tool_and_links_its_code_in_every_language(tmp_path):
    text = _docs().stdout
    assert text.replace("](generated/", "](../generated/").replace("](specs/", "](../specs/") == CATALOGUE.read_text(
        "utf-8"
    ), "links are relative to the catalogue's folder (stdout: the working directory)"
    text = CATALOGUE.read_text("utf-8")
    for name in ("clear_context", "search_files", "create_issue", "query_database", "web_fetch", "update_plan"):
        assert f"| [`{name}`](#{name}) |" in text, "the anchor GitHub gives the heading"
        assert f"\n## {name}\n" in text
    section = text.split("\n## clear_context\n")[1].split("\n## ")[0]
    assert "| `prompt` | string | yes |" in section
    links = re.findall(r"\]\((\.\./[^)]+)\)", section)
    assert [link.split("/")[1] for link in links] == ["specs"] + ["generated"] * 7
    assert [link.split("/")[2] for link in links[1:]] == ["nodejs", "python", "go", "dotnet", "java", "rust", "json"]
    for link in links:
        assert (CATALOGUE.parent / link).is_file(), link
    assert "```" not in text, "the code is linked, not copied"


def test_code_can_be_collapsed_or_left_out():
    collapsed = _docs("--code", "collapsed").stdout
    section = collapsed.split("\n## clear_context\n")[1].split("\n## ")[0]
    for fence in ("```ts", "```python", "```go", "```csharp", "```java", "```rust"):
        assert fence in section, fence
    none = _docs("--code", "none").stdout
    assert "Generated:" not in none and "```" not in none and "<details>" not in none
    assert len(none) < len(_docs().stdout) < len(collapsed) / 10


def test_stale_catalogue_is_reported(tmp_path):
    stale = tmp_path / "tools.md"
    stale.write_text("old\n")
    result = _docs("--out", str(stale), "--check")
    assert result.returncode == 1
    assert "stale" in result.stderr


def test_type_descriptions():
    assert describe_type({"type": "string"}) == "string"
    assert describe_type({"type": ["integer", "null"], "minimum": 1}) == "integer (≥ 1) or null"
    assert describe_type({"type": "array", "items": {"$ref": "#/$defs/Filter"}}) == "array of Filter"
    assert describe_type({"enum": ["a", "b"]}) == '`"a"` \\| `"b"`'
    assert describe_type({"type": "object", "additionalProperties": {"type": "string"}}) == "map of string"
    assert describe_type({"anyOf": [{"type": "number"}, {"type": "null"}]}) == "number or null"
    assert describe_type({}) == "any"


# Known outputs of github-slugger (the algorithm GitHub's heading anchors follow), one document in order: repeats
# are numbered across it, whatever spelling produced them.
SLUGS = [
    ("alpha", "alpha"),
    ("alpha", "alpha-1"),
    ("bravoCharlieDelta", "bravocharliedelta"),
    ("__proto__", "__proto__"),
    ("__proto__", "__proto__-1"),
    ("hasOwnProperty", "hasownproperty"),
    ("echo", "echo"),
    ("echo", "echo-1"),
    ("echo 1", "echo-1-1"),
    ("echo-1", "echo-1-2"),
    ("echo", "echo-2"),
    ("foxtrot-1", "foxtrot-1"),
    ("foxtrot", "foxtrot"),
    ("foxtrot", "foxtrot-2"),
    ("heading with a - dash", "heading-with-a---dash"),
    ("heading with an _ underscore", "heading-with-an-_-underscore"),
    ("heading with a period.txt", "heading-with-a-periodtxt"),
    ("exchange.bind_headers(exchange, routing [, bindCallback])", "exchangebind_headersexchange-routing--bindcallback"),
    (" a ", "-a-"),
    ("-a-", "-a--1"),
    ("apostrophe’s should be trimmed", "apostrophes-should-be-trimmed"),
    ("I ♥ unicode", "i--unicode"),
    ("en–dash", "endash"),
    ("😄 unicode emoji", "-unicode-emoji"),
    ("😄_😄 unicode emoji", "_-unicode-emoji"),
    (":ok_hand: Single", "ok_hand-single"),
    ("Привет non-latin 你好", "привет-non-latin-你好"),
    ("a\u2028b", "ab"),  # a line separator is removed, not a space
    ("a\u3000b", "ab-1"),  # so is an ideographic space (and "ab" is a repeat)
    ("aⒺ ⓘ ⅻ ½ ² ǅ İ b", "aⓔ-ⓘ-ⅻ---ǆ-i̇-b"),  # circled letters, letter numbers stay; other numbers go
    ("clear_context", "clear_context"),  # toolgen's tool names: underscores stay, case folds
    ("Get-X_y2", "get-x_y2"),
    ("Tool catalogue", "tool-catalogue"),
    ("tool-catalogue", "tool-catalogue-1"),
]


def test_anchors_are_githubs():
    """Issue 31, item 6: `[clear_context](#clear-context)` was a dead link on GitHub, whose anchor keeps `_`."""
    from codegen.review.github_slug import Slugger

    slugger = Slugger()
    assert [(text, slugger.slug(text)) for text, _ in SLUGS] == SLUGS


def _toolgen(cwd, *arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "codegen", *arguments], cwd=cwd, capture_output=True, text=True, timeout=300
    )


def test_generate_keeps_the_configured_catalogue_current_and_check_compares_it(tmp_path):
    """Issue 31, item 6: with `docs` configured, the catalogue is one more generated file: `generate` (the
    `toolgen` hook) writes it, `check` reports it stale, a hand edit is seen even when nothing else changed."""
    (tmp_path / "specs").mkdir()
    for name in ("clear_context.yaml", "web_fetch.yaml"):
        (tmp_path / "specs" / name).write_text((REPO / "specs" / name).read_text())
    (tmp_path / "toolgen.toml").write_text('targets = ["python", "go"]\ndocs = "docs/tools.md"\n')
    catalogue = tmp_path / "docs" / "tools.md"
    first = _toolgen(tmp_path, "generate")
    assert first.returncode == 0, first.stderr
    assert "[Go](../generated/go/clear_context.go)" in catalogue.read_text()
    assert _toolgen(tmp_path, "docs", "--check").returncode == 0, "the same text as `toolgen docs`"
    assert _toolgen(tmp_path, "check").returncode == 0

    spec = tmp_path / "specs" / "web_fetch.yaml"
    spec.write_text(spec.read_text().replace("description: Fetch", "description: Download", 1))
    stale = _toolgen(tmp_path, "check")
    assert stale.returncode == 1 and "+++ b/docs/tools.md" in stale.stdout, stale.stdout + stale.stderr
    assert _toolgen(tmp_path, "generate", "-v").returncode == 0
    assert "Download" in catalogue.read_text() and _toolgen(tmp_path, "check").returncode == 0

    catalogue.write_text(catalogue.read_text() + "hand edit\n")
    edited = _toolgen(tmp_path, "check")
    assert edited.returncode == 1 and "-hand edit" in edited.stdout, edited.stdout
    fixed = _toolgen(tmp_path, "generate", "--fail-on-change")
    assert fixed.returncode == 1 and "hand edit" not in catalogue.read_text()

    spec.write_text(spec.read_text().replace("description: Download", "description: Get", 1))
    assert _toolgen(tmp_path, "generate", "--lang", "go").returncode == 0
    assert "Download" in catalogue.read_text(), "a run of some targets leaves the catalogue of all alone"
    assert _toolgen(tmp_path, "generate").returncode == 0 and "Get" in catalogue.read_text()

    catalogue.write_text("# Our tools, written by hand\n")
    refused = _toolgen(tmp_path, "generate")
    assert refused.returncode == 2 and "docs/tools.md:1:1: error: exists but was not generated by toolgen" in (
        refused.stderr
    ), refused.stderr
    assert catalogue.read_text() == "# Our tools, written by hand\n"


def test_the_hook_names_an_unstaged_catalogue(tmp_path):
    """`generate --fail-on-change` (the `toolgen` hook) stops a commit that would lack the catalogue, kept
    outside the output root, and names the `git add` for it."""
    (tmp_path / "specs").mkdir()
    (tmp_path / "specs" / "clear_context.yaml").write_text((REPO / "specs" / "clear_context.yaml").read_text())
    (tmp_path / "toolgen.toml").write_text('targets = ["go"]\ndocs = "docs/tools.md"\n')
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    assert _toolgen(tmp_path, "generate").returncode == 0
    subprocess.run(["git", "add", "generated", "specs", "toolgen.toml"], cwd=tmp_path, check=True)
    lacking = _toolgen(tmp_path, "generate", "--fail-on-change")
    assert lacking.returncode == 1 and "git add -- docs/tools.md" in lacking.stderr, lacking.stderr
    subprocess.run(["git", "add", "docs"], cwd=tmp_path, check=True)
    assert _toolgen(tmp_path, "generate", "--fail-on-change").returncode == 0


def test_a_catalogue_of_500_tools_is_a_small_fraction_of_one_with_its_code():
    """Issue 31, item 6: 500 real tools (BFCL's) made a 10.5 MB catalogue, every file's code in it, in 14 s.
    Linked, it is under a tenth of that, and quick to write once the code is rendered (as `generate` has it).
    The tools are taken straight from the tool list and their files named as the targets name them (the tests
    above check real links)."""
    import json
    import time

    from codegen.model import ir
    from codegen.review.catalogue import Catalogue, render_catalogue
    from codegen.model.naming import pascal, snake, split_words

    from .support import REALWORLD

    listed = json.loads((REALWORLD / "bfcl-live.tools.json").read_text("utf-8"))["tools"][:500]
    tools, files = [], {}
    for item in listed:
        words = split_words(item["name"])
        source = f"specs/{item['name']}.yaml"
        tools.append(ir.Tool(item["name"], words, source, item["description"], ir.Options(), item["inputSchema"],
                             None))  # fmt: skip
        lower, upper = snake(words), pascal(words)
        files[source] = [f"nodejs/{lower}.ts", f"python/{lower}.py", f"go/{lower}.go", f"dotnet/{upper}.cs",
                         f"java/com/example/copilot/tools/{upper}Tool.java", f"rust/{lower}.rs", f"json/{lower}.json"]
    targets = ["nodejs", "python", "go", "dotnet", "java", "rust", "json"]
    started = time.perf_counter()
    text = render_catalogue(tools, Catalogue(targets, files, "generated", "docs", lambda path: ""))
    spent = time.perf_counter() - started
    assert len(tools) == 500 and text.count("Generated: [Node.js / TypeScript](../generated/nodejs/") == 500
    assert len(text.encode("utf-8")) < 1_050_000
    assert spent < 2.0, spent
