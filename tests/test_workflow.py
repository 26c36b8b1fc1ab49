"""Issue 17 (Workflow), in a repository with its own layout: every command reads the configuration the same way,
naming specs never removes other tools' files, git errors and a first commit in `breaking`, and the CLI's
conventions (-q/-v everywhere, "did you mean", --strict, plurals, missing/stale/foreign, `-`).

Each test drives the real command line (`python -m codegen`) in a temporary repository laid out as a user's is:
`[tool.toolgen] specs = ["tools/specs"]`, `out = "src/gen"`, three targets and a Go package of its own.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .support import SPECS

PYPROJECT = """\
[project]
name = "demo"
version = "0"

[tool.toolgen]
specs = ["tools/specs"]
out = "src/gen"
targets = ["python", "go", "nodejs"]
header = "Demo tools."
docs = "docs/tools.md"

[tool.toolgen.go]
package = "demotools"
"""
SPEC_NAMES = ("clear_context.yaml", "web_fetch.yaml", "current_time.yaml")


def toolgen(cwd: Path, *arguments: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "codegen", *arguments],
        cwd=cwd, input=stdin, capture_output=True, text=True, timeout=300,
    )  # fmt: skip


def git(cwd: Path, *arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid", *arguments],
        cwd=cwd, capture_output=True, text=True, check=True,
    )  # fmt: skip


@pytest.fixture
def repo(tmp_path) -> Path:
    """A user's repository with its own layout and a configuration, not yet generated."""
    (tmp_path / "tools" / "specs").mkdir(parents=True)
    for name in SPEC_NAMES:
        shutil.copyfile(SPECS / name, tmp_path / "tools" / "specs" / name)
    (tmp_path / "pyproject.toml").write_text(PYPROJECT)
    git(tmp_path, "init", "-q", "-b", "main")
    return tmp_path


def files_under(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


# -- 1. one configuration for every command ----------------------------------------------------------------------


def test_breaking_against_head_reads_the_configured_specs(repo):
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "tools")
    spec = repo / "tools" / "specs" / "web_fetch.yaml"
    spec.write_text(spec.read_text().replace("required: [url]", "required: [url, method]"))
    result = toolgen(repo, "breaking", "--against", "HEAD")
    assert result.returncode == 1, result.stderr
    assert "tools/specs/web_fetch.yaml:" in result.stdout and "breaking:" in result.stdout
    assert "no such file" not in result.stderr


def test_breaking_from_a_subfolder_finds_the_configuration(repo):
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "tools")
    (repo / "src").mkdir()
    result = toolgen(repo / "src", "breaking", "--against", "HEAD")
    assert result.returncode == 0, result.stderr
    assert "0 breaking changes" in result.stderr


def test_docs_uses_the_configured_targets_options_header_and_path(repo):
    result = toolgen(repo, "docs")
    assert result.returncode == 0, result.stderr
    text = (repo / "docs" / "tools.md").read_text()
    assert "generated for python, go, nodejs." in text
    assert "[Go](../src/gen/go/web_fetch.go)" in text, "links into the configured output root"
    assert "Java" not in text and "Rust" not in text and ".NET" not in text
    collapsed = toolgen(repo, "docs", "--code", "collapsed", "--out", "-").stdout
    assert "package demotools" in collapsed and "package tools\n" not in collapsed
    assert "Demo tools." in collapsed
    assert toolgen(repo, "docs", "--check").returncode == 0
    spec = repo / "tools" / "specs" / "web_fetch.yaml"
    spec.write_text(spec.read_text().replace("description: Fetch", "description: Download", 1))
    stale = toolgen(repo, "docs", "--check")
    assert stale.returncode == 1 and "docs/tools.md is stale" in stale.stderr


def test_docs_check_needs_a_file_to_compare(tmp_path):
    (tmp_path / "specs").mkdir()
    shutil.copyfile(SPECS / "clear_context.yaml", tmp_path / "specs" / "clear_context.yaml")
    result = toolgen(tmp_path, "docs", "--check")
    assert result.returncode == 2
    assert "--check needs a file to compare" in result.stderr and result.stdout == ""


def test_validate_generate_and_check_use_the_configured_specs_and_out(repo):
    assert toolgen(repo, "validate").stdout == "3 specs valid\n"
    generated = toolgen(repo, "generate")
    assert generated.returncode == 0, generated.stderr
    folders = {path.split("/")[0] for path in files_under(repo / "src" / "gen")}
    assert sorted(folder for folder in folders if not folder.startswith(".")) == ["go", "nodejs", "python"]
    assert not (repo / "generated").exists()
    assert toolgen(repo, "check").returncode == 0


def test_new_writes_into_the_first_configured_specs_folder(repo):
    result = toolgen(repo, "new", "search_files")
    assert result.returncode == 0, result.stderr
    assert (repo / "tools" / "specs" / "search_files.yaml").is_file()
    assert not (repo / "specs").exists()


# -- 7. breaking: a first commit, git's own errors ----------------------------------------------------------------


def test_breaking_against_head_before_the_first_commit_treats_the_old_side_as_empty(repo):
    result = toolgen(repo, "breaking", "--against", "HEAD")
    assert result.returncode == 0, result.stderr
    assert "HEAD does not exist yet" in result.stderr
    assert "3 compatible changes" in result.stderr
    assert "git:1:1" not in result.stderr


def test_breaking_reports_git_errors_without_a_fake_position(repo):
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "tools")
    result = toolgen(repo, "breaking", "--against", "no-such-ref")
    assert result.returncode == 2
    assert "no-such-ref" in result.stderr
    assert ":1:1:" not in result.stderr and "Traceback" not in result.stderr


def test_breaking_outside_a_git_repository_says_so(tmp_path):
    (tmp_path / "specs").mkdir()
    shutil.copyfile(SPECS / "clear_context.yaml", tmp_path / "specs" / "clear_context.yaml")
    result = toolgen(tmp_path, "breaking", "--against", "HEAD")
    assert result.returncode == 2
    assert "not a git repository" in result.stderr.lower() and ":1:1:" not in result.stderr


# -- 8. command-line conventions ----------------------------------------------------------------------------------

COMMANDS = ["validate", "generate", "check", "new", "schema", "import", "breaking", "docs", "templates"]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_takes_quiet_and_verbose(command, tmp_path):
    result = toolgen(tmp_path, command, "--help")
    assert "-q, --quiet" in result.stdout and "-v, --verbose" in result.stdout, result.stdout


def test_version_names_the_program(tmp_path):
    result = toolgen(tmp_path, "--version")
    assert result.returncode == 0 and result.stdout.startswith("toolgen, version ")


def test_an_unknown_lang_suggests_the_near_one(repo):
    result = toolgen(repo, "generate", "--lang", "pyhton")
    assert result.returncode == 2
    assert 'did you mean "python"' in result.stderr


def test_an_unknown_format_suggests_the_near_one(repo):
    result = toolgen(repo, "breaking", "--against", "HEAD", "--format", "jsno")
    assert result.returncode == 2 and 'did you mean "json"' in result.stderr


def test_counts_are_singular_or_plural(repo):
    for name in SPEC_NAMES[1:]:
        (repo / "tools" / "specs" / name).unlink()
    assert toolgen(repo, "validate").stdout == "1 spec valid\n"
    summary = toolgen(repo, "generate").stdout
    assert summary.startswith("1 tool → ") and "1 tools" not in summary
    assert toolgen(repo, "generate").stdout.startswith("1 tool → ")


def test_strict_makes_warnings_errors(repo):
    (repo / "tools" / "specs" / "names.yaml").write_text(
        "name: names\ndescription: Two names that collide.\nparameters:\n  type: object\n  properties:\n"
        "    max-results: {type: integer}\n    max_results: {type: integer}\n"
    )
    assert toolgen(repo, "generate").returncode == 0
    shutil.rmtree(repo / "src")
    strict = toolgen(repo, "generate", "--strict")
    assert strict.returncode == 2, strict.stderr
    assert "warning" in strict.stderr and "--strict" in strict.stderr
    assert not (repo / "src").exists(), "nothing is written when --strict refuses"
    (repo / "tools" / "specs" / "names.yaml").write_text(
        "name: names\ndescription: A bound that means nothing.\nparameters:\n  type: object\n  properties:\n"
        "    query: {type: string, minimum: 1}\n"
    )
    assert toolgen(repo, "validate").returncode == 0
    validated = toolgen(repo, "validate", "--strict")
    assert validated.returncode == 2 and "names.yaml:6:27: warning:" in validated.stderr, validated.stderr


def test_check_tells_missing_stale_and_foreign_files_apart(repo):
    assert toolgen(repo, "generate").returncode == 0
    out = repo / "src" / "gen"
    (out / "go" / "web_fetch.go").unlink()
    stale = out / "python" / "clear_context.py"
    stale.write_text(stale.read_text() + "# edit\n")
    result = toolgen(repo, "check")
    assert result.returncode == 1
    assert "1 missing, 1 stale" in result.stderr and "0 no longer produced" in result.stderr
    (out / "go" / "web_fetch.go").write_text("package demotools\n")  # not toolgen's
    foreign = toolgen(repo, "check")
    assert foreign.returncode == 2
    assert "src/gen/go/web_fetch.go:1:1: error: exists but was not generated by toolgen" in foreign.stderr


def test_no_specs_found_says_what_it_looked_for(tmp_path):
    result = toolgen(tmp_path, "generate")
    assert result.returncode == 2
    assert "specs:1:1" not in result.stderr
    assert "no specs found" in result.stderr and "specs" in result.stderr and "[tool.toolgen]" in result.stderr


def test_only_new_hints_at_the_schema_file(repo):
    for arguments in (("validate",), ("generate",), ("check",), ("docs",)):
        assert "toolspec.schema.json" not in toolgen(repo, *arguments).stderr, arguments
    assert "toolgen schema --out" in toolgen(repo, "new", "search_files").stderr


def test_out_dash_is_refused_where_it_cannot_mean_stdin(repo):
    for command in ("generate", "check"):
        result = toolgen(repo, command, "--out", "-")
        assert result.returncode == 2 and "'-'" in result.stderr, command
    assert not (repo / "-").exists()


def test_validate_reads_a_spec_from_stdin(tmp_path):
    spec = (SPECS / "clear_context.yaml").read_text()
    good = toolgen(tmp_path, "validate", "-", stdin=spec)
    assert good.returncode == 0 and good.stdout == "1 spec valid\n", good.stderr
    bad = toolgen(tmp_path, "validate", "-", stdin=spec.replace("defer: never", "defer: sometimes"))
    assert bad.returncode == 2
    assert bad.stderr.startswith("<stdin>:") and 'must be "auto" or "never"' in bad.stderr


# -- 3. naming specs never removes other tools' files ------------------------------------------------------------


def test_naming_one_spec_remakes_it_and_removes_nothing(repo):
    assert toolgen(repo, "generate").returncode == 0
    out = repo / "src" / "gen"
    before = files_under(out)
    fetch = repo / "tools" / "specs" / "web_fetch.yaml"
    fetch.write_text(fetch.read_text().replace("description: Fetch", "description: Download", 1))
    clear = repo / "tools" / "specs" / "clear_context.yaml"
    clear.write_text(clear.read_text().replace("Clear the conversation", "Wipe the conversation", 1))
    result = toolgen(repo, "generate", "tools/specs/web_fetch.yaml")
    assert result.returncode == 0, result.stderr
    assert "0 removed" in result.stdout and "left as they are" in result.stdout
    assert files_under(out) == before, "no other tool's file is removed"
    assert "Download" in (out / "go" / "web_fetch.go").read_text()
    assert "Wipe" not in (out / "go" / "clear_context.go").read_text(), "a tool not named is left as it is"
    stale = toolgen(repo, "check", "tools/specs/clear_context.yaml")
    assert stale.returncode == 1 and "clear_context" in stale.stdout and "web_fetch" not in stale.stdout
    assert toolgen(repo, "check", "tools/specs/web_fetch.yaml").returncode == 0
    assert toolgen(repo, "generate").returncode == 0
    assert "Wipe" in (out / "go" / "clear_context.go").read_text()
    assert toolgen(repo, "check").returncode == 0


def test_naming_a_new_spec_adds_it_to_the_folder_wide_files(repo):
    assert toolgen(repo, "generate").returncode == 0
    shutil.copyfile(SPECS / "search_files.yaml", repo / "tools" / "specs" / "search_files.yaml")
    assert toolgen(repo, "generate", "tools/specs/search_files.yaml").returncode == 0
    index = (repo / "src" / "gen" / "nodejs" / "index.ts").read_text()
    assert "search_files" in index and "clear_context" in index and "web_fetch" in index
    assert toolgen(repo, "check").returncode == 0


def test_removing_a_spec_removes_its_files_and_says_which(repo):
    assert toolgen(repo, "generate").returncode == 0
    (repo / "tools" / "specs" / "current_time.yaml").unlink()
    result = toolgen(repo, "generate", "-v")
    assert result.returncode == 0 and "3 removed" in result.stdout
    assert "removed src/gen/go/current_time.go" in result.stderr


def test_a_path_outside_the_spec_set_is_an_error(repo):
    (repo / "elsewhere").mkdir()
    shutil.copyfile(SPECS / "search_files.yaml", repo / "elsewhere" / "search_files.yaml")
    result = toolgen(repo, "generate", "elsewhere/search_files.yaml")
    assert result.returncode == 2
    assert "elsewhere/search_files.yaml: error: is not among the specs of src/gen/" in result.stderr
    assert "tool.toolgen.specs` in pyproject.toml" in result.stderr
    assert not (repo / "src").exists()
    missing = toolgen(repo, "generate", "tools/specs/nope.yaml")
    assert missing.returncode == 2 and "tools/specs/nope.yaml: error: no such file or folder" in missing.stderr
    other_root = toolgen(repo, "generate", "elsewhere", "--out", "other")
    assert other_root.returncode == 0, "with --out naming another output root, PATHs are its specs"
    assert files_under(repo / "other" / "go") == ["search_files.go", "tools.go"]


def test_import_writes_into_the_first_configured_specs_folder(repo):
    tools = '{"tools": [{"name": "ping", "description": "Ping a host.", "inputSchema": {"type": "object"}}]}'
    result = toolgen(repo, "import", "-", stdin=tools)
    assert result.returncode == 0, result.stderr
    assert (repo / "tools" / "specs" / "ping.yaml").is_file()
    assert not (repo / "specs").exists()


def test_schema_reports_a_broken_configuration(repo):
    (repo / "pyproject.toml").write_text(PYPROJECT + "\n[tool.toolgen.pyhton]\npackage = 'x'\n")
    result = toolgen(repo, "schema")
    assert result.returncode == 2
    assert "pyproject.toml:" in result.stderr and 'did you mean "python"' in result.stderr
