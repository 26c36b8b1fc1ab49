"""The README's pre-commit configuration and CI workflow work as written (issue 17, item 9).

The blocks are taken from README.md verbatim (each follows a `<!-- tested: tests/test_readme_snippets.py … -->`
marker), so a README edit that breaks one fails here. The `toolgen` command is this checkout's, installed in the
test environment as the README's Install section installs it.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement

from . import support

MARKER = "<!-- tested: tests/test_readme_snippets.py"


def _tested_blocks() -> list[tuple[str, str]]:
    """(language, text) of each fenced block right after a `tested` marker, in README order."""
    readme = (support.REPO / "README.md").read_text("utf-8")
    found = re.findall(re.escape(MARKER) + r"[^\n]*-->\n```(\w+)\n(.*?)\n```", readme, re.S)
    assert len(found) == 3, "the README's pre-commit, accept and CI blocks must each follow a tested marker"
    return found


def _env() -> dict[str, str]:
    bindir = str(Path(sys.executable).parent)
    return {
        **os.environ,
        "PRE_COMMIT_HOME": str(support.CACHE / "pre-commit" / "home"),
        "PATH": bindir + os.pathsep + os.environ.get("PATH", ""),
        "NO_COLOR": "1",
        "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
        "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid",
    }  # fmt: skip


def _run(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        args, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=600
    )


@pytest.fixture
def user_repo(tmp_path) -> Path:
    repo = tmp_path / "repo"
    (repo / "specs").mkdir(parents=True)
    for name in ("clear_context.yaml", "web_fetch.yaml"):
        shutil.copyfile(support.SPECS / name, repo / "specs" / name)
    (repo / "toolgen.toml").write_text('targets = ["python", "go"]\n')
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=repo, check=True)
    return repo


def test_the_readme_pre_commit_configuration_works_as_written(user_repo):
    support.require_executable("git")
    support.require(importlib.util.find_spec("pre_commit") is not None, "pre-commit is not installed")
    support.require(shutil.which("toolgen", path=_env()["PATH"]) is not None, "toolgen is not installed")
    language, text = _tested_blocks()[0]
    assert language == "yaml"
    (user_repo / ".pre-commit-config.yaml").write_text(text + "\n")
    env = _env()
    installed = _run([sys.executable, "-m", "pre_commit", "install"], user_repo, env)
    assert installed.returncode == 0, installed.stdout

    assert _run(["toolgen", "generate"], user_repo, env).returncode == 0
    _run(["git", "add", "-A"], user_repo, env)
    first = _run(["git", "commit", "-qm", "tools"], user_repo, env)
    assert first.returncode == 0, first.stdout

    shutil.copyfile(support.SPECS / "current_time.yaml", user_repo / "specs" / "current_time.yaml")
    _run(["git", "add", "specs/current_time.yaml"], user_repo, env)
    assert _run(["git", "commit", "-qm", "a spec only"], user_repo, env).returncode != 0
    _run(["git", "add", "-u"], user_repo, env)
    lacking = _run(["git", "commit", "-qm", "index files only"], user_repo, env)
    assert lacking.returncode != 0
    command = "git add -- generated/go/current_time.go generated/python/current_time.py"
    assert command in lacking.stdout, lacking.stdout
    _run(command.split(), user_repo, env)
    passed = _run(["git", "commit", "-qm", "a spec and its files"], user_repo, env)
    assert passed.returncode == 0, passed.stdout


def test_the_readme_ci_workflow_runs_as_written(user_repo):
    language, text = _tested_blocks()[2]
    assert language == "yaml"
    steps = yaml.safe_load(text)["jobs"]["check"]["steps"]
    runs = [step["run"] for step in steps if "run" in step]
    assert runs[0] == "pip install -r requirements-dev.txt"
    # The requirement the Install section tells users to write parses as a pip direct reference to toolgen.
    readme = (support.REPO / "README.md").read_text("utf-8")
    line = re.search(r"^toolgen @ .*$", readme, re.M).group(0)
    assert Requirement(line.replace("<URL of this repository>", "https://example.invalid/toolgen.git")).name == "toolgen"
    env = _env()
    assert _run(["toolgen", "generate"], user_repo, env).returncode == 0
    for command in runs[1:]:
        result = _run(command.split(), user_repo, env)
        assert result.returncode == 0, (command, result.stdout)
    (user_repo / "generated" / "go" / "web_fetch.go").unlink()
    assert _run(runs[-1].split(), user_repo, env).returncode == 1, "the workflow's check fails on drift"


def test_the_readme_accepts_a_breaking_change_as_written(user_repo):
    """Issue 31, item 4: the README's hooks stop the commit that retires `web_fetch`; the README's `accept` block in
    pyproject.toml lets it through as an accepted change; the next commit shows the entry as one to delete."""
    support.require_executable("git")
    support.require(importlib.util.find_spec("pre_commit") is not None, "pre-commit is not installed")
    blocks = _tested_blocks()
    (user_repo / ".pre-commit-config.yaml").write_text(blocks[0][1] + "\n")
    (user_repo / "toolgen.toml").unlink()
    config = '[tool.toolgen]\ntargets = ["python", "go"]\n'
    (user_repo / "pyproject.toml").write_text(config)
    env = _env()
    assert _run([sys.executable, "-m", "pre_commit", "install"], user_repo, env).returncode == 0
    assert _run(["toolgen", "generate"], user_repo, env).returncode == 0
    _run(["git", "add", "-A"], user_repo, env)
    assert _run(["git", "commit", "-qm", "tools"], user_repo, env).returncode == 0

    (user_repo / "specs" / "web_fetch.yaml").unlink()
    assert _run(["toolgen", "generate"], user_repo, env).returncode == 0
    _run(["git", "add", "-A"], user_repo, env)
    refused = _run(["git", "commit", "-qm", "retire web_fetch"], user_repo, env)
    assert refused.returncode != 0 and "specs/web_fetch.yaml:1:1: breaking: web_fetch: tool removed (in HEAD)" in (
        refused.stdout
    ), refused.stdout
    language, accept = blocks[1]
    assert language == "toml"
    (user_repo / "pyproject.toml").write_text(config + "\n" + accept + "\n")
    _run(["git", "add", "-A"], user_repo, env)
    accepted = _run(["git", "commit", "-qm", "retire web_fetch, replaced by fetch_url"], user_repo, env)
    assert accepted.returncode == 0, accepted.stdout
    assert "specs/web_fetch.yaml:1:1: accepted: web_fetch: tool removed (in HEAD)" in accepted.stdout

    (user_repo / "notes.txt").write_text("an unrelated change\n")
    _run(["git", "add", "-A"], user_repo, env)
    later = _run(["git", "commit", "-qm", "notes"], user_repo, env)
    assert later.returncode == 0, later.stdout
    assert "warning: tool.toolgen.breaking.accept[0]: accepts nothing: web_fetch" in later.stdout, later.stdout
