"""toolgen's own state (the fast path's manifest, the run lock, their temporary files) lives in `<out>/.toolgen/`,
a folder that git-ignores itself (`.gitignore` holding `*`), so `git status` and `git add -A` show only the
generated tool files, without anyone ignoring toolgen's files by hand. Driven by the real `git`."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from codegen.cli import main
from codegen.output.statefolder import GITIGNORE_NAME, LEGACY_NAMES, LOCK_NAME, MANIFEST_NAME, STATE_FOLDER

from .support import git

SPEC = "name: {name}\ndescription: The {name} tool.\nparameters:\n  type: object\n  properties:\n    q: {{type: string}}\n"


@pytest.fixture
def repo(tmp_path, monkeypatch):
    git("init", "-q", cwd=tmp_path)
    (tmp_path / "specs").mkdir()
    for name in ("alpha", "beta"):
        (tmp_path / "specs" / f"{name}.yaml").write_text(SPEC.format(name=name), "utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def toolgen(*args: str):
    return CliRunner().invoke(main, list(args))


def planned_outputs(out: Path) -> set[str]:
    """The paths the manifest says the run produced, relative to the repository (the tool files, every target)."""
    import json

    document = json.loads((out / MANIFEST_NAME).read_text("utf-8"))
    return {f"{out.name}/{relative}" for relative in document["outputs"]}


def test_git_status_after_generate_lists_only_the_generated_tool_files(repo):
    result = toolgen("generate", "specs", "--out", "generated")
    assert result.exit_code == 0, result.output
    outputs = planned_outputs(repo / "generated")
    assert len(outputs) > 6 and all("/.toolgen" not in path for path in outputs)
    status = git("status", "--porcelain", "--untracked-files=all", cwd=repo)
    untracked = {line[3:] for line in status.splitlines()}
    assert all(line.startswith("?? ") for line in status.splitlines())
    assert untracked == outputs | {"specs/alpha.yaml", "specs/beta.yaml"}
    # and `git add -A` stages exactly those
    git("add", "-A", cwd=repo)
    staged = set(git("diff", "--cached", "--name-only", cwd=repo).splitlines())
    assert staged == untracked


def test_the_state_folder_holds_the_manifest_and_the_lock_and_ignores_itself(repo):
    assert toolgen("generate", "specs", "--out", "generated").exit_code == 0
    state = repo / "generated" / STATE_FOLDER
    assert (state / ".gitignore").read_text("utf-8") == "*\n"
    assert (repo / "generated" / MANIFEST_NAME).is_file() and (repo / "generated" / LOCK_NAME).is_file()
    assert (repo / "generated" / MANIFEST_NAME).parent == state == (repo / "generated" / LOCK_NAME).parent
    assert not [name for name in LEGACY_NAMES if (repo / "generated" / name).exists()]
    # git sees the folder's own files as ignored, the .gitignore included
    ignored = git("status", "--porcelain", "--ignored", "--untracked-files=all", cwd=repo)
    assert {line[3:] for line in ignored.splitlines() if line.startswith("!! ")} == {
        f"generated/{name}" for name in (GITIGNORE_NAME, MANIFEST_NAME, LOCK_NAME)
    }
    # a deleted .gitignore comes back on the next run
    (state / ".gitignore").unlink()
    assert toolgen("generate", "specs", "--out", "generated").exit_code == 0
    assert (state / ".gitignore").read_text("utf-8") == "*\n"


def test_check_does_not_report_the_state_folder(repo):
    assert toolgen("generate", "specs", "--out", "generated").exit_code == 0
    (repo / "generated" / MANIFEST_NAME).unlink()  # the full path, which compares every file
    result = toolgen("check", "specs", "--out", "generated")
    assert result.exit_code == 0, result.output
    assert ".toolgen" not in result.output


def test_a_manifest_and_a_lock_at_the_old_place_are_ignored_and_removed(repo):
    assert toolgen("generate", "specs", "--out", "generated").exit_code == 0
    out = repo / "generated"
    old_manifest, old_lock = (out / name for name in LEGACY_NAMES)
    # an old version's manifest claiming a different tree: it must not be believed
    old_manifest.write_text('{"format":3,"outputs":{}}\n', "utf-8")
    old_lock.write_bytes(b"")
    (out / "notes.txt").write_text("mine\n", "utf-8")  # a user's file beside them stays
    check = toolgen("check", "specs", "--out", "generated")
    assert check.exit_code == 0, check.output
    assert old_manifest.exists() and old_lock.exists(), "check writes nothing, and removes nothing"
    result = toolgen("generate", "specs", "--out", "generated")
    assert result.exit_code == 0, result.output
    assert not old_manifest.exists() and not old_lock.exists()
    assert (out / "notes.txt").read_text("utf-8") == "mine\n"


def test_an_old_lock_that_is_a_link_is_not_followed_or_removed(repo, tmp_path_factory):
    assert toolgen("generate", "specs", "--out", "generated").exit_code == 0
    elsewhere = tmp_path_factory.mktemp("elsewhere") / "precious"
    elsewhere.write_text("keep\n", "utf-8")
    link = repo / "generated" / LEGACY_NAMES[1]
    link.symlink_to(elsewhere)
    assert toolgen("generate", "specs", "--out", "generated").exit_code == 0
    assert link.is_symlink() and elsewhere.read_text("utf-8") == "keep\n"


def test_a_state_folder_that_is_not_a_folder_is_a_located_error(repo, tmp_path_factory):
    out = repo / "generated"
    out.mkdir()
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    (out / STATE_FOLDER).symlink_to(elsewhere, target_is_directory=True)
    result = toolgen("generate", "specs", "--out", "generated")
    assert result.exit_code == 2, result.output
    assert f"generated/{STATE_FOLDER}:1:1: error:" in result.output and "Traceback" not in result.output
    assert list(elsewhere.iterdir()) == []
    assert sorted(p.name for p in out.iterdir()) == [STATE_FOLDER], "nothing written"
