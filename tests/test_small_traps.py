"""Issue 31, item 10: the small traps of a team's daily loop. `toolgen new` refuses a name that collides with an
existing spec's; re-running `import` skips identical files and updates changed ones only with --update; imported
specs carry the editor's `$schema` line; `--version` names the commit it was installed from. (Colour: test_console.)
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from codegen.cli import version
from codegen.cli import main

from .support import REPO, SPECS


def _run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    (tmp_path / "specs").mkdir()
    (tmp_path / "specs" / "clear_context.yaml").write_bytes((SPECS / "clear_context.yaml").read_bytes())
    (tmp_path / "toolspec.schema.json").write_text("{}")
    monkeypatch.chdir(tmp_path)
    return tmp_path


# -- toolgen new ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["ClearContext", "clear-context", "clearContext", "clear_context_tool"])
def test_new_refuses_a_name_that_collides_with_an_existing_spec(project, name):
    result = _run("new", name)
    assert result.exit_code == 2, result.output
    assert 'clashes with "clear_context" (specs/clear_context.yaml)' in result.output
    assert "Traceback" not in result.output
    assert sorted(p.name for p in (project / "specs").iterdir()) == ["clear_context.yaml"]


def test_new_looks_at_the_whole_spec_set_not_only_the_folder_it_writes_to(project):
    (project / "toolgen.toml").write_text('specs = ["specs", "more"]\n')
    (project / "more").mkdir()
    result = _run("new", "ClearContext", "--dir", "more")
    assert result.exit_code == 2 and "specs/clear_context.yaml" in result.output, result.output
    assert _run("new", "clear_history", "--dir", "more").exit_code == 0


# -- toolgen import again --------------------------------------------------------------------------------------------


def _tools(*descriptions: str) -> str:
    schema = {"type": "object", "properties": {"a": {"type": "string"}}}
    tools = [{"name": f"t{i}", "description": text, "inputSchema": schema} for i, text in enumerate(descriptions)]
    return json.dumps({"tools": tools}, indent=2)


def test_importing_again_skips_identical_files_and_updates_changed_ones_only_when_asked(project):
    (project / "tools.json").write_text(_tools("One.", "Two."))
    first = _run("import", "tools.json")
    assert first.exit_code == 0, first.output
    assert first.output == "imported 2 of 2 tools (mcp) into specs/\n"

    again = _run("import", "tools.json")
    assert again.exit_code == 0, again.output
    assert again.output == "imported 2 of 2 tools (mcp) into specs/: 0 written, 2 unchanged\n"

    (project / "tools.json").write_text(_tools("One.", "Two, changed."))
    changed = _run("import", "tools.json")
    assert changed.exit_code == 2, changed.output
    assert "specs/t1.yaml:1:1: error: already exists and differs from this import; use --update to replace it" in (
        changed.output
    )
    assert changed.output.endswith("imported 1 of 2 tools (mcp) into specs/: 0 written, 1 unchanged; 1 refused\n")
    assert "Two." in (project / "specs" / "t1.yaml").read_text()

    updated = _run("import", "tools.json", "--update")
    assert updated.exit_code == 0, updated.output
    assert updated.output == "imported 2 of 2 tools (mcp) into specs/: 1 written, 1 unchanged\n"
    assert "Two, changed." in (project / "specs" / "t1.yaml").read_text()


def test_imported_specs_carry_the_editor_schema_line_that_new_writes(project):
    (project / "tools.json").write_text(_tools("One."))
    assert _run("import", "tools.json").exit_code == 0
    assert _run("new", "fresh").exit_code == 0
    imported = (project / "specs" / "t0.yaml").read_text().splitlines()
    written = (project / "specs" / "fresh.yaml").read_text().splitlines()
    assert imported[0] == written[0] == "# yaml-language-server: $schema=../toolspec.schema.json"
    assert _run("validate").exit_code == 0


# -- toolgen --version ---------------------------------------------------------------------------------------------


def test_version_names_the_commit_of_the_checkout_it_runs_from():
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True, text=True, check=True)
    result = subprocess.run(
        [sys.executable, "-m", "codegen", "--version"], cwd=REPO, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("toolgen, version ")
    assert f"(commit {head.stdout.strip()[:12]})" in result.stdout, result.stdout


def test_version_reads_the_commit_pip_recorded_for_a_vcs_url():
    # PEP 610: what `pip install git+https://…@<commit>` writes into the distribution's direct_url.json
    recorded = {"url": "https://example.invalid/toolgen.git", "vcs_info": {"vcs": "git", "commit_id": "0" * 8 + "1" * 32}}
    assert version.commit_in_direct_url(json.dumps(recorded)) == "0" * 8 + "1" * 32
    for nothing in (None, "", "{}", "not json", json.dumps({"url": "file:///x", "dir_info": {"editable": True}})):
        assert version.commit_in_direct_url(nothing) is None


def test_version_without_a_commit_anywhere_still_prints_the_version(tmp_path, monkeypatch):
    monkeypatch.setattr(version, "_installed_direct_url", lambda: None)
    monkeypatch.setattr(version, "SOURCE_ROOT", tmp_path)  # not a checkout
    assert version.version_text().startswith("toolgen, version ") and "commit" not in version.version_text()
