"""toolgen's pre-commit hooks, driven by the real `pre-commit` package in a temporary git repository (issue #4).

The hook repository is this checkout. `pre-commit try-repo` on the checkout itself would see only tracked files
(it shadows uncommitted changes with `git add -u`), so a module not yet committed would be missing in a working
copy; the test therefore snapshots the working tree (tracked and untracked, minus ignored files) into a git repo
at a stable path under the test cache, committed with a fixed identity and date. In a clean CI clone that is
exactly the checkout; and equal content gives an equal commit, so pre-commit reuses the hook environment it
installed (PRE_COMMIT_HOME is in the cache too) until toolgen's code changes.

Scenario (one user repository, real `git commit`s through the installed hook):
1. a commit with specs and their generated files passes;
2. a commit that edits a spec without regenerating is stopped, and the hook has regenerated the files;
3. committing again with the regenerated files passes;
4. a commit that adds a new spec is stopped too (new files are not "modified", so --fail-on-change matters);
5. a commit with an invalid spec is stopped with the located error.
`pre-commit try-repo … toolgen-check` then runs the read-only hook against the checkout snapshot.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from . import support

HOOK_REPO = support.CACHE / "pre-commit" / "hook-repo"
PRE_COMMIT_HOME = support.CACHE / "pre-commit" / "home"
FIXED_DATE = "2026-01-01T00:00:00+00:00"
IDENTITY = ["-c", "user.name=toolgen test", "-c", "user.email=toolgen-test@example.invalid"]
PYPROJECT = """\
[project]
name = "demo"
version = "0"

[tool.toolgen]
targets = ["python", "go"]
header = "Demo tools, generated in a pre-commit hook."

[tool.toolgen.go]
package = "demotools"
"""


def _git(*args: str, cwd: Path, env: dict[str, str] | None = None, check: bool = True):
    return subprocess.run(
        ["git", *IDENTITY, *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=check,
        timeout=600,
    )


def _snapshot_checkout() -> str:
    """Copy the working tree into HOOK_REPO as one commit with a fixed identity and date; return its sha."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=support.REPO,
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8")
    files = sorted(
        name
        for name in listed.split("\0")
        if name and (support.REPO / name).is_file() and not name.startswith("generated/")
    )
    if HOOK_REPO.exists():
        shutil.rmtree(HOOK_REPO)
    HOOK_REPO.mkdir(parents=True)
    for name in files:
        target = HOOK_REPO / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(support.REPO / name, target)
    env = {**os.environ, "GIT_AUTHOR_DATE": FIXED_DATE, "GIT_COMMITTER_DATE": FIXED_DATE}
    _git("init", "-q", "-b", "main", ".", cwd=HOOK_REPO)
    _git("add", "-A", cwd=HOOK_REPO)
    _git(
        "commit", "-q", "--no-verify", "-m", "toolgen working tree snapshot", cwd=HOOK_REPO, env=env
    )
    return _git("rev-parse", "HEAD", cwd=HOOK_REPO).stdout.strip()


@pytest.fixture(scope="module")
def pre_commit_env() -> dict[str, str]:
    support.require_executable("git")
    support.require(
        importlib.util.find_spec("pre_commit") is not None,
        "the pre-commit package is not installed (it is in the test extra)",
    )
    bindir = str(Path(sys.executable).parent)
    return {
        **os.environ,
        "PRE_COMMIT_HOME": str(PRE_COMMIT_HOME),
        "PIP_CACHE_DIR": str(support.CACHE / "pip"),
        "PATH": bindir + os.pathsep + os.environ.get("PATH", ""),
        "NO_COLOR": "1",
        "GIT_AUTHOR_NAME": "toolgen test",
        "GIT_AUTHOR_EMAIL": "toolgen-test@example.invalid",
        "GIT_COMMITTER_NAME": "toolgen test",
        "GIT_COMMITTER_EMAIL": "toolgen-test@example.invalid",
    }


def _commit(repo: Path, env: dict[str, str], message: str):
    """`git add -A && git commit`, through the installed pre-commit hook."""
    _git("add", "-A", cwd=repo, env=env)
    return subprocess.run(  # the hook writes to stderr: one stream, in order
        ["git", *IDENTITY, "commit", "-m", message],
        cwd=repo, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=900,
    )  # fmt: skip


def _user_repo(tmp_path: Path, sha: str, env: dict[str, str]) -> Path:
    repo = tmp_path / "user-repo"
    (repo / "specs").mkdir(parents=True)
    for name in ("clear_context.yaml", "web_fetch.yaml"):
        shutil.copyfile(support.SPECS / name, repo / "specs" / name)
    (repo / "pyproject.toml").write_text(PYPROJECT)
    # no .gitignore: toolgen's state folder (generated/.toolgen/) ignores itself, so `git add -A` stages outputs only
    (repo / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {HOOK_REPO.as_posix()}\n    rev: {sha}\n    hooks:\n      - id: toolgen\n"
    )
    _git("init", "-q", "-b", "main", ".", cwd=repo, env=env)
    installed = subprocess.run(
        [sys.executable, "-m", "pre_commit", "install"],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
    )
    assert installed.returncode == 0, installed.stdout + installed.stderr
    return repo


def test_hooks_regenerate_and_stop_commits(tmp_path, pre_commit_env):
    env = pre_commit_env
    sha = _snapshot_checkout()
    repo = _user_repo(tmp_path, sha, env)
    toolgen = [sys.executable, "-m", "codegen"]
    subprocess.run([*toolgen, "generate"], cwd=repo, check=True, capture_output=True, timeout=300)

    # 1. specs and their generated files: the hook (installed on first use, then cached) changes nothing.
    first = _commit(repo, env, "add tools")
    assert first.returncode == 0, first.stdout
    assert "toolgen (regenerate tool definitions)" in first.stdout and "Passed" in first.stdout

    # 2. a spec edited without regenerating: stopped, and the hook regenerated the files.
    spec = repo / "specs" / "web_fetch.yaml"
    spec.write_text(spec.read_text().replace("description: Fetch", "description: Download", 1))
    assert "Download" in spec.read_text()
    stopped = _commit(repo, env, "edit a spec only")
    assert stopped.returncode != 0, stopped.stdout
    assert "Failed" in stopped.stdout and "files were modified by this hook" in stopped.stdout
    assert "Download" in (repo / "generated" / "python" / "web_fetch.py").read_text()
    assert (
        _git("log", "--oneline", cwd=repo).stdout.count("\n") == 1
    ), "the commit must not have happened"

    # 3. with the regenerated files staged, the next commit passes.
    again = _commit(repo, env, "edit a spec and regenerate")
    assert again.returncode == 0, again.stdout
    assert _git("status", "--porcelain", cwd=repo).stdout == ""

    # 4. a new spec: its outputs are new files, which pre-commit alone would not notice.
    shutil.copyfile(support.SPECS / "current_time.yaml", repo / "specs" / "current_time.yaml")
    new_spec = _commit(repo, env, "add a spec only")
    assert new_spec.returncode != 0, new_spec.stdout
    assert "review and stage them, then commit again" in new_spec.stdout
    assert (repo / "generated" / "go" / "current_time.go").is_file()
    assert _commit(repo, env, "add a spec and its outputs").returncode == 0

    # 5. an invalid spec: stopped with the located error, nothing written.
    (repo / "specs" / "broken.yaml").write_text(
        "name: broken\ndescription: Broken\ndefer: sometimes\n"
    )
    before = sorted(p.relative_to(repo).as_posix() for p in (repo / "generated").rglob("*"))
    invalid = _commit(repo, env, "add an invalid spec")
    assert invalid.returncode != 0, invalid.stdout
    assert (
        'specs/broken.yaml:3:8: error: defer: must be "auto" or "never", got "sometimes"'
        in invalid.stdout
    )
    assert "nothing written" in invalid.stdout
    assert sorted(p.relative_to(repo).as_posix() for p in (repo / "generated").rglob("*")) == before
    assert _git("log", "--oneline", cwd=repo).stdout.count("\n") == 3

    # The read-only hook through `pre-commit try-repo`: it reports the drift after a hand edit and writes nothing.
    (repo / "specs" / "broken.yaml").unlink()
    edited = repo / "generated" / "go" / "clear_context.go"
    edited.write_text(edited.read_text() + "// hand edit\n")
    tried = subprocess.run(
        [sys.executable, "-m", "pre_commit", "try-repo", HOOK_REPO.as_posix(), "toolgen-check", "--ref", sha,
         "--all-files"],
        cwd=repo, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=900,
    )  # fmt: skip
    assert tried.returncode != 0, tried.stdout
    assert "toolgen check (read-only)" in tried.stdout and "Failed" in tried.stdout
    assert "+// hand edit" not in tried.stdout and "-// hand edit" in tried.stdout
    assert "regenerate with: toolgen generate" in tried.stdout
    assert edited.read_text().endswith("// hand edit\n"), "check never writes"

    # Drop hook environments of earlier snapshots (this repository's config still names the current one).
    subprocess.run(
        [sys.executable, "-m", "pre_commit", "gc"],
        cwd=repo,
        env=env,
        capture_output=True,
        timeout=300,
    )


LAYOUT_PYPROJECT = """\
[tool.toolgen]
specs = ["tools/specs"]
out = "src/gen"
targets = ["python", "go", "nodejs"]
docs = "docs/tools.md"
"""


def _commit_staged(repo: Path, env: dict[str, str], message: str):
    """`git commit` of what is staged, through the installed hooks (no `git add` first)."""
    return subprocess.run(
        ["git", *IDENTITY, "commit", "-m", message],
        cwd=repo, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=900,
    )  # fmt: skip


def test_a_commit_through_the_hooks_never_lacks_a_generated_file(tmp_path, pre_commit_env):
    """Issue 17's scenario in a repository with its own layout and all three hooks: a new spec, `git add -u`,
    the `git add` the hook names, and a fresh clone that `toolgen check` finds clean."""
    env = pre_commit_env
    sha = _snapshot_checkout()
    repo = tmp_path / "layout-repo"
    (repo / "tools" / "specs").mkdir(parents=True)
    for name in ("clear_context.yaml", "web_fetch.yaml"):
        shutil.copyfile(support.SPECS / name, repo / "tools" / "specs" / name)
    (repo / "pyproject.toml").write_text(LAYOUT_PYPROJECT)
    hooks = "".join(f"      - id: {hook}\n" for hook in ("toolgen", "toolgen-check", "toolgen-breaking"))
    (repo / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {HOOK_REPO.as_posix()}\n    rev: {sha}\n    hooks:\n{hooks}"
    )
    _git("init", "-q", "-b", "main", ".", cwd=repo, env=env)
    installed = subprocess.run(
        [sys.executable, "-m", "pre_commit", "install"], cwd=repo, env=env, capture_output=True, text=True
    )
    assert installed.returncode == 0, installed.stdout + installed.stderr
    toolgen = [sys.executable, "-m", "codegen"]
    subprocess.run([*toolgen, "generate"], cwd=repo, check=True, capture_output=True, timeout=300)

    # The first commit: `breaking --against HEAD` has no HEAD yet, and says so instead of failing.
    _git("add", "-A", cwd=repo, env=env)
    first = _commit_staged(repo, env, "tools")
    assert first.returncode == 0, first.stdout
    assert "Failed" not in first.stdout

    # A new spec, staged alone: the hook regenerates and stops the commit.
    shutil.copyfile(support.SPECS / "current_time.yaml", repo / "tools" / "specs" / "current_time.yaml")
    _git("add", "tools/specs/current_time.yaml", cwd=repo, env=env)
    stopped = _commit_staged(repo, env, "a spec only")
    assert stopped.returncode != 0, stopped.stdout
    assert (repo / "src" / "gen" / "go" / "current_time.go").is_file()

    # `git add -u` stages the changed index files but not the new tool's files: still stopped, and named.
    _git("add", "-u", cwd=repo, env=env)
    lacking = _commit_staged(repo, env, "a spec and the updated index files")
    assert lacking.returncode != 0, lacking.stdout
    new_files = ["src/gen/go/current_time.go", "src/gen/nodejs/current_time.ts", "src/gen/python/current_time.py"]
    command = "git add -- " + " ".join(new_files)
    assert command in lacking.stdout, lacking.stdout
    assert _git("log", "--oneline", cwd=repo).stdout.count("\n") == 1

    # The named `git add`: the commit passes, and holds every generated file, the catalogue with the new tool too.
    _git("add", "--", *new_files, cwd=repo, env=env)
    passed = _commit_staged(repo, env, "a spec and all its files")
    assert passed.returncode == 0, passed.stdout
    committed = _git("ls-files", cwd=repo).stdout.split()
    assert set(new_files) <= set(committed)
    assert "[Go](../src/gen/go/current_time.go)" in _git("show", "HEAD:docs/tools.md", cwd=repo).stdout

    # toolgen's own state (manifest, lock) never shows in git: the tree is clean right after the hooks ran.
    assert _git("status", "--porcelain", "--untracked-files=all", cwd=repo).stdout == ""

    # A fresh clone of what was committed is up to date, also when git converts it to CRLF on checkout.
    for name, options in (("clone", []), ("crlf-clone", ["-c", "core.autocrlf=true"])):
        clone = tmp_path / name
        _git("clone", "-q", *options, repo.as_posix(), clone.as_posix(), cwd=tmp_path, env=env)
        checked = subprocess.run([*toolgen, "check"], cwd=clone, capture_output=True, text=True, timeout=300)
        assert checked.returncode == 0, checked.stdout + checked.stderr
    assert b"\r\n" in (tmp_path / "crlf-clone" / "src" / "gen" / "go" / "clear_context.go").read_bytes()

    # Naming one spec regenerates it and removes no other tool's files.
    before = sorted(p.relative_to(repo).as_posix() for p in (repo / "src" / "gen").rglob("*") if p.is_file())
    named = subprocess.run(
        [*toolgen, "generate", "tools/specs/web_fetch.yaml"], cwd=repo, capture_output=True, text=True, timeout=300
    )
    assert named.returncode == 0 and "0 removed" in named.stdout, named.stdout + named.stderr
    after = sorted(p.relative_to(repo).as_posix() for p in (repo / "src" / "gen").rglob("*") if p.is_file())
    assert after == before

    # A tool name that differs from an existing one only in case is refused, naming both files; nothing moves.
    spec = (repo / "tools" / "specs" / "clear_context.yaml").read_text()
    (repo / "tools" / "specs" / "clear_context_again.yaml").write_text(
        spec.replace("name: clear_context", "name: Clear_Context")
    )
    _git("add", "tools/specs/clear_context_again.yaml", cwd=repo, env=env)
    clash = _commit_staged(repo, env, "a second spelling of one tool")
    assert clash.returncode != 0, clash.stdout
    assert "tools/specs/clear_context_again.yaml:" in clash.stdout
    assert 'collides with "clear_context" in tools/specs/clear_context.yaml' in clash.stdout
    assert _git("status", "--porcelain", "--", "src", cwd=repo).stdout == "", "no generated file changed"


def test_the_breaking_hook_honours_an_accepted_change_and_reports_a_stale_entry(tmp_path, pre_commit_env):
    """Issue 31, item 4, with the real pre-commit: retiring a tool stops the commit and prints the entry that
    accepts it; with that entry in pyproject.toml the commit passes and shows the change as accepted; on the next
    commit the entry matches nothing and the hook shows a located warning, until the entry is deleted."""
    env = pre_commit_env
    sha = _snapshot_checkout()
    repo = tmp_path / "breaking-repo"
    (repo / "tooldefs").mkdir(parents=True)
    for name in ("clear_context.yaml", "web_fetch.yaml"):
        shutil.copyfile(support.SPECS / name, repo / "tooldefs" / name)
    config = '[tool.toolgen]\nspecs = ["tooldefs"]\n'
    (repo / "pyproject.toml").write_text(config)
    (repo / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {HOOK_REPO.as_posix()}\n    rev: {sha}\n    hooks:\n      - id: toolgen-breaking\n"
    )
    _git("init", "-q", "-b", "main", ".", cwd=repo, env=env)
    installed = subprocess.run(
        [sys.executable, "-m", "pre_commit", "install"], cwd=repo, env=env, capture_output=True, text=True
    )
    assert installed.returncode == 0, installed.stdout + installed.stderr
    assert _commit(repo, env, "tools").returncode == 0

    (repo / "tooldefs" / "web_fetch.yaml").unlink()
    refused = _commit(repo, env, "retire web_fetch")
    assert refused.returncode != 0, refused.stdout
    assert "tooldefs/web_fetch.yaml:1:1: breaking: web_fetch: tool removed (in HEAD)" in refused.stdout
    entry = '{ tool = "web_fetch", change = "tool removed" }'
    assert f"    {entry}," in refused.stdout

    (repo / "pyproject.toml").write_text(config + f"\n[tool.toolgen.breaking]\naccept = [\n  {entry},\n]\n")
    accepted = _commit(repo, env, "retire web_fetch, on purpose")
    assert accepted.returncode == 0, accepted.stdout
    assert "tooldefs/web_fetch.yaml:1:1: accepted: web_fetch: tool removed (in HEAD)" in accepted.stdout

    spec = repo / "tooldefs" / "clear_context.yaml"
    spec.write_text(spec.read_text().replace("description: Clear", "description: Reset", 1))
    later = _commit(repo, env, "an unrelated edit")
    assert later.returncode == 0, later.stdout
    assert (
        "pyproject.toml:6:3: warning: tool.toolgen.breaking.accept[0]: accepts nothing: web_fetch has no breaking "
        'change "tool removed" against HEAD; delete the entry once its change is committed' in later.stdout
    )
    (repo / "pyproject.toml").write_text(config)
    cleaned = _commit(repo, env, "the accepted change is committed")
    assert cleaned.returncode == 0 and "warning" not in cleaned.stdout, cleaned.stdout
