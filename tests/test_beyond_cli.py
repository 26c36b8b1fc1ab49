"""The `import`, `breaking` and `docs` commands end to end: exit codes, files written, git revisions, JSON."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from .support import REPO

FIXTURES = Path(__file__).parent / "import_fixtures"
SPEC = "name: search\ndescription: Search.\nparameters:\n  type: object\n  properties:\n    limit: {type: integer, maximum: 50}\n"


def _toolgen(cwd: Path, *arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "codegen", *arguments], cwd=cwd, capture_output=True, text=True, timeout=300)


def _git(cwd: Path, *arguments: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *arguments], cwd=cwd, check=True, capture_output=True)


def test_import_writes_valid_specs_and_refuses_to_overwrite(tmp_path):
    shutil.copy(FIXTURES / "openai_functions.json", tmp_path / "tools.json")
    result = _toolgen(tmp_path, "import", "tools.json", "--out", "specs")
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in (tmp_path / "specs").iterdir()) == ["get_time.yaml", "get_weather.yaml"]
    assert _toolgen(tmp_path, "validate", "specs").returncode == 0
    again = _toolgen(tmp_path, "import", "tools.json", "--out", "specs")
    assert again.returncode == 0 and again.stdout.endswith("0 written, 2 unchanged\n"), again.stdout
    (tmp_path / "specs" / "get_time.yaml").write_text("name: mine\n")
    edited = _toolgen(tmp_path, "import", "tools.json", "--out", "specs")
    assert edited.returncode == 2 and "already exists and differs" in edited.stderr
    assert _toolgen(tmp_path, "import", "tools.json", "--out", "specs", "--update").returncode == 0


def test_import_takes_every_valid_json_schema(tmp_path):
    # The fixture's fifth tool has a `oneOf`, which the import once refused: valid JSON Schema always imports now.
    shutil.copy(FIXTURES / "mcp_tools_list.json", tmp_path / "mcp.json")
    result = _toolgen(tmp_path, "import", "mcp.json", "--out", "specs")
    assert result.returncode == 0, result.stderr
    assert result.stdout == "imported 5 of 5 tools (mcp) into specs/\n"
    assert "Traceback" not in result.stderr
    assert _toolgen(tmp_path, "validate", "specs").returncode == 0


def test_breaking_exit_codes_and_json(tmp_path):
    (tmp_path / "old").mkdir()
    (tmp_path / "new").mkdir()
    (tmp_path / "old" / "search.yaml").write_text(SPEC)
    (tmp_path / "new" / "search.yaml").write_text(SPEC.replace("maximum: 50", "maximum: 20"))
    result = _toolgen(tmp_path, "breaking", "old", "new", "--format", "json")
    assert result.returncode == 1, result.stderr
    report = json.loads(result.stdout)
    assert [c["message"] for c in report["breaking"]] == ["maximum changed from 50 to 20"]
    assert report["breaking"][0]["file"] == "new/search.yaml" and report["breaking"][0]["line"] == 6
    (tmp_path / "new" / "search.yaml").write_text(SPEC.replace("maximum: 50", "maximum: 500"))
    assert _toolgen(tmp_path, "breaking", "old", "new").returncode == 0


def test_breaking_against_a_git_revision(tmp_path):
    (tmp_path / "specs").mkdir()
    (tmp_path / "specs" / "search.yaml").write_text(SPEC)
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "commit", "-qm", "specs")
    (tmp_path / "specs" / "search.yaml").write_text(SPEC.replace("limit:", "count:"))
    result = _toolgen(tmp_path, "breaking", "--against", "HEAD")
    assert result.returncode == 1, result.stdout + result.stderr
    assert 'parameter "limit" removed' in result.stdout
    bad = _toolgen(tmp_path, "breaking", "--against", "no-such-ref")
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


def test_a_removed_tool_is_located_at_its_repository_path_in_the_old_revision(tmp_path):
    """Issue 31, item 5: the old spec's path in the repository, never the temporary folder it was read into;
    the same from a subfolder, where toolgen works from the configuration's folder."""
    (tmp_path / "tooldefs").mkdir()
    (tmp_path / "toolgen.toml").write_text('specs = ["tooldefs"]\n')
    (tmp_path / "tooldefs" / "ls.yaml").write_text(SPEC.replace("name: search", "name: list_dir"))
    (tmp_path / "tooldefs" / "search.yaml").write_text(SPEC)
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "commit", "-qm", "specs")
    (tmp_path / "tooldefs" / "ls.yaml").unlink()
    for cwd in (tmp_path, tmp_path / "tooldefs"):
        result = _toolgen(cwd, "breaking", "--against", "HEAD")
        assert result.returncode == 1, result.stdout + result.stderr
        assert result.stdout == "tooldefs/ls.yaml:1:1: breaking: list_dir: tool removed (in HEAD)\n", result.stdout
    report = json.loads(_toolgen(tmp_path, "breaking", "--against", "HEAD", "--format", "json").stdout)
    assert report["breaking"][0]["file"] == "tooldefs/ls.yaml"


ACCEPT = """
[tool.toolgen.breaking]
accept = [
  { tool = "list_dir", change = "tool removed", reason = "replaced by ls" },
]
"""


def test_an_accepted_breaking_change_passes_and_a_stale_entry_is_reported(tmp_path):
    """Issue 31, item 4: the configuration accepts one change precisely; the command prints the entries that
    would accept the others; an entry whose change is committed is a located warning (an error with --strict)."""
    (tmp_path / "specs").mkdir()
    (tmp_path / "pyproject.toml").write_text("[tool.toolgen]\n")
    (tmp_path / "specs" / "ls.yaml").write_text(SPEC.replace("name: search", "name: list_dir"))
    (tmp_path / "specs" / "search.yaml").write_text(SPEC)
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "commit", "-qm", "specs")
    (tmp_path / "specs" / "ls.yaml").unlink()
    (tmp_path / "specs" / "search.yaml").write_text(SPEC.replace("maximum: 50", "maximum: 20"))
    refused = _toolgen(tmp_path, "breaking", "--against", "HEAD")
    assert refused.returncode == 1
    assert '    { tool = "list_dir", change = "tool removed" },' in refused.stderr
    assert '    { tool = "search", change = "parameters.limit: maximum changed from 50 to 20" },' in refused.stderr

    (tmp_path / "pyproject.toml").write_text("[tool.toolgen]\n" + ACCEPT)
    one_left = _toolgen(tmp_path, "breaking", "--against", "HEAD")
    assert one_left.returncode == 1, "accepting the removal does not accept the tool's other changes"
    assert one_left.stdout.splitlines() == [
        "specs/search.yaml:6:28: breaking: search parameters.limit: maximum changed from 50 to 20",
        "specs/ls.yaml:1:1: accepted: list_dir: tool removed (in HEAD)",
    ]
    (tmp_path / "specs" / "search.yaml").write_text(SPEC)
    accepted = _toolgen(tmp_path, "breaking", "--against", "HEAD")
    assert accepted.returncode == 0, accepted.stdout + accepted.stderr
    assert "0 breaking changes, 1 accepted, 0 compatible changes" in accepted.stderr
    assert json.loads(_toolgen(tmp_path, "breaking", "--against", "HEAD", "--format", "json").stdout)["accepted"]

    _git(tmp_path, "add", "-A")
    _git(tmp_path, "commit", "-qm", "list_dir retired")
    stale = _toolgen(tmp_path, "breaking", "--against", "HEAD")
    assert stale.returncode == 0, stale.stderr
    warning = (
        'pyproject.toml:5:3: warning: tool.toolgen.breaking.accept[0]: accepts nothing: list_dir has no breaking '
        'change "tool removed" against HEAD; delete the entry once its change is committed'
    )
    assert warning in stale.stderr.splitlines()
    strict = _toolgen(tmp_path, "breaking", "--against", "HEAD", "--strict")
    assert strict.returncode == 2 and warning in strict.stderr.splitlines()


def test_docs_command_writes_and_checks(tmp_path):
    shutil.copytree(REPO / "specs", tmp_path / "specs")
    out = tmp_path / "tools.md"
    assert _toolgen(tmp_path, "docs", "specs", "--out", str(out), "--lang", "go").returncode == 0
    assert "[Go](generated/go/clear_context.go)" in out.read_text() and "rust" not in out.read_text()
    assert _toolgen(tmp_path, "docs", "specs", "--out", str(out), "--lang", "go", "--check").returncode == 0
    assert _toolgen(tmp_path, "docs", "specs", "--out", str(out), "--lang", "go", "--code", "collapsed").returncode == 0
    assert "```go" in out.read_text() and "```rust" not in out.read_text()
