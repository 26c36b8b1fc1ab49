"""Concurrency (issue #5, item 4): `toolgen generate` processes racing on one output tree all succeed and leave
exactly the right tree, because each holds `<out>/.toolgen/lock` (writer.output_lock) from comparing the tree to
writing its manifest.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from codegen.run.generate import load_tools, render_outputs
from codegen.targets import target_names
from codegen.output.statefolder import GITIGNORE_NAME, LOCK_NAME, MANIFEST_NAME, STATE_FOLDER
from codegen.output.writer import is_temporary, output_lock

from .support import EDGE_SPECS, SPECS, is_state_file

WRITERS = 4
MANIFEST = MANIFEST_NAME


def _generate(root: Path, out: str = "out") -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "codegen", "generate", "specs", "--out", out],
        cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip


def _expected(root: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    monkeypatch.chdir(root)  # headers name `specs/…`, as the processes (run in `root`) do
    tools, _ = load_tools([Path("specs")])
    outputs, _ = render_outputs(tools, target_names())
    return outputs


def _tree(out: Path) -> dict[str, str]:
    return {
        path.relative_to(out).as_posix(): path.read_text("utf-8")
        for path in sorted(out.rglob("*"))
        if path.is_file() and not is_state_file(path.relative_to(out).as_posix())
    }


def _race(root: Path) -> None:
    processes = [_generate(root) for _ in range(WRITERS)]
    for process in processes:
        stdout, stderr = process.communicate(timeout=300)
        assert process.returncode == 0, stderr
        assert "Traceback" not in stderr


def _specs(root: Path) -> Path:
    specs = root / "specs"
    shutil.copytree(SPECS, specs)
    shutil.copytree(EDGE_SPECS, specs / "edge")
    for index in range(40):
        (specs / f"extra_{index:02d}.yaml").write_text(
            f"name: extra_{index:02d}\ndescription: Extra tool {index}.\n"
            "parameters: {type: object, properties: {q: {type: string}}}\n",
            encoding="utf-8",
        )
    return specs


def test_four_racing_generates_leave_exactly_the_right_tree(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    specs = _specs(tmp_path)
    _race(tmp_path)  # from nothing: every file is new
    assert _tree(tmp_path / "out") == _expected(tmp_path, monkeypatch)

    # Then a change that rewrites, adds and removes files: removing orphans and emptied folders races too.
    for index in range(0, 40, 2):
        (specs / f"extra_{index:02d}.yaml").unlink()
    for index in range(1, 40, 4):
        path = specs / f"extra_{index:02d}.yaml"
        path.write_text(
            path.read_text("utf-8").replace("Extra tool", "Changed tool"), encoding="utf-8"
        )
    shutil.rmtree(specs / "edge")
    _race(tmp_path)
    out = tmp_path / "out"
    assert _tree(out) == _expected(tmp_path, monkeypatch)
    assert not [path for path in out.rglob("*") if is_temporary(path.name)]
    json.loads((out / MANIFEST).read_text("utf-8"))
    check = subprocess.run(
        [sys.executable, "-m", "codegen", "check", "specs", "--out", "out"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert check.returncode == 0, check.stdout + check.stderr

    # Then one description edited: the first run to get the lock remakes only that spec's files (codegen.run.driver);
    # the others find its manifest replaced, survey again under the lock, and find nothing left to do.
    edited = specs / "extra_01.yaml"
    edited.write_text(edited.read_text("utf-8").replace("Changed tool", "Edited tool"), encoding="utf-8")
    _race(tmp_path)
    assert _tree(out) == _expected(tmp_path, monkeypatch)
    assert "Edited tool" in (out / "python" / "extra_01.py").read_text("utf-8")
    check = subprocess.run(
        [sys.executable, "-m", "codegen", "check", "specs", "--out", "out"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert check.returncode == 0, check.stdout + check.stderr


def test_a_second_run_waits_for_the_lock(tmp_path: Path):
    """While the lock is held, a generate may render but writes nothing; it finishes once the lock is released."""
    (tmp_path / "specs").mkdir()
    (tmp_path / "specs" / "one.yaml").write_text(
        "name: one\ndescription: One tool.\n", encoding="utf-8"
    )
    out = tmp_path / "out"
    with output_lock(out):
        process = _generate(tmp_path)
        time.sleep(4)  # far longer than importing toolgen and rendering one tool takes
        assert process.poll() is None, process.communicate()
        assert [path.name for path in out.iterdir()] == [STATE_FOLDER]
        assert sorted(path.relative_to(out).as_posix() for path in (out / STATE_FOLDER).iterdir()) == [
            GITIGNORE_NAME, LOCK_NAME
        ]
    stdout, stderr = process.communicate(timeout=120)
    assert process.returncode == 0, stderr
    assert (out / "go" / "one.go").is_file()


def test_check_takes_the_lock_shared_and_never_creates_it(tmp_path: Path):
    (tmp_path / "specs").mkdir()
    (tmp_path / "specs" / "one.yaml").write_text(
        "name: one\ndescription: One tool.\n", encoding="utf-8"
    )
    check = subprocess.run(
        [sys.executable, "-m", "codegen", "check", "specs", "--out", "out"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert check.returncode == 1  # stale: nothing generated yet
    assert not (tmp_path / "out").exists(), "check is read-only: no output folder, no lock file"
    with output_lock(tmp_path / "out"):  # generate creates it
        pass
    with output_lock(tmp_path / "out", exclusive=False):  # checks share it with each other
        with output_lock(tmp_path / "out", exclusive=False):
            pass
