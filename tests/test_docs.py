"""`toolgen docs`: the committed catalogue equals what the specs produce, and it holds what it promises."""

from __future__ import annotations

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


def test_catalogue_lists_every_tool_with_six_languages(tmp_path):
    text = _docs().stdout
    assert text == CATALOGUE.read_text("utf-8")
    for name in ("clear_context", "search_files", "create_issue", "query_database", "web_fetch", "update_plan"):
        assert f"| [`{name}`](#" in text
        assert f"\n## {name}\n" in text
    section = text.split("\n## clear_context\n")[1].split("\n## ")[0]
    assert "| `prompt` | string | yes |" in section
    for fence in ("```ts", "```python", "```go", "```csharp", "```java", "```rust"):
        assert fence in section, fence


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
