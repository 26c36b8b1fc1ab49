"""Crash safety (issue #5, item 3): `toolgen generate` killed with SIGKILL at any moment leaves no torn file, and the
next run repairs the tree.

500 specs × all seven targets (3,510 files). Several runs are killed at seeded random points of their writing phase
(after they have written k files of a random target folder), starting from an empty tree, from a tree whose files
are all stale (so files are being replaced, not created), and from a partly deleted tree. After each kill every
file present must be complete: equal to the clean run's file (or, when it was being replaced, to the stale one it
replaced), never a mixture; only toolgen's own temporary files may be left over. One run is killed while it stages
its batch (writes and flushes temporary files, writer.apply's first phase): no output may have changed yet. A final
uninterrupted run must leave exactly the clean tree, with no temporary file left anywhere, and `toolgen check` must
agree.

Runs go two at a time (on separate trees), so the test takes about as long as five generate runs.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from codegen.run.generate import load_tools
from codegen.targets import Reporter, all_targets
from codegen.output.statefolder import GITIGNORE_NAME, LOCK_NAME, MANIFEST_NAME
from codegen.output.writer import is_temporary

SPEC_COUNT = 500
SEED = 5
MANIFEST = MANIFEST_NAME

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")


def _write_specs(folder: Path) -> None:
    folder.mkdir()
    for index in range(SPEC_COUNT):
        (folder / f"tool_{index:03d}.yaml").write_text(
            f"name: tool_{index:03d}\n"
            f"description: Tool number {index}, one of many.\n"
            "parameters:\n"
            "  type: object\n"
            "  properties:\n"
            "    query: {type: string, description: What to look for.}\n"
            f"    limit: {{type: integer, default: {index}}}\n"
            "  required: [query]\n",
            encoding="utf-8",
        )


def _start(root: Path, out: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "codegen", "generate", "specs", "--out", str(out)],
        cwd=root,  # headers name `specs/…` in every run; no configuration file here
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


def _kill_at(
    runs: list[tuple[subprocess.Popen[bytes], Callable[[], bool]]], timeout: float = 240
) -> list[bool]:
    """SIGKILL each process as soon as its condition holds (polled every 2 ms); False for one that finished first."""
    killed = [False] * len(runs)
    deadline = time.monotonic() + timeout
    while any(process.poll() is None for process, _ in runs):
        for index, (process, condition) in enumerate(runs):
            if process.poll() is None and condition():
                process.send_signal(signal.SIGKILL)
                process.wait()
                killed[index] = True
        if time.monotonic() > deadline:
            for process, _ in runs:
                process.kill()
            raise AssertionError("generate did not reach the kill point in time")
        time.sleep(0.002)
    return killed


def _exists(path: Path) -> Callable[[], bool]:
    return path.exists


def _holds(path: Path, data: bytes) -> Callable[[], bool]:
    def replaced() -> bool:
        try:
            return path.read_bytes() == data
        except OSError:
            return False

    return replaced


def _staging(path: Path) -> Callable[[], bool]:
    """True once a new temporary file for `path` exists (not one an earlier killed run left): the run is staging
    its batch, nothing is renamed yet."""
    prefix = f".{path.name}.toolgen-"

    def temporaries() -> set[str]:
        try:
            return {name for name in os.listdir(path.parent) if name.startswith(prefix)}
        except OSError:
            return set()

    before = temporaries()
    return lambda: bool(temporaries() - before)


def _finish(process: subprocess.Popen[bytes]) -> None:
    _, stderr = process.communicate(timeout=240)
    assert process.returncode == 0, stderr.decode(errors="replace")


def _files(out: Path) -> dict[str, bytes]:
    """Every file below `out` (relative path → bytes), the lock file and the state folder's .gitignore left out."""
    return {
        path.relative_to(out).as_posix(): path.read_bytes()
        for path in sorted(out.rglob("*"))
        if path.is_file() and path.relative_to(out).as_posix() not in (LOCK_NAME, GITIGNORE_NAME)
    }


def _assert_no_torn_files(
    out: Path, clean: dict[str, bytes], replaced: dict[str, bytes] | None = None
) -> int:
    """Every file is complete: the clean run's, or the one it was replacing; besides them only temporaries.
    Returns how many temporaries the kill left."""
    temporaries = 0
    for relative, data in _files(out).items():
        if is_temporary(Path(relative).name):
            temporaries += 1
            continue
        assert relative in clean, f"{relative} is not a file toolgen plans"
        if data != clean[relative]:
            assert replaced is not None and data == replaced.get(relative), f"{relative} is torn"
    if MANIFEST in _files(out):
        json.loads(
            (out / MANIFEST).read_text("utf-8")
        )  # written last, atomically: complete when present
    return temporaries


def _planned_paths(specs: Path) -> list[str]:
    """The paths a run writes, in the order it writes them (sorted), without rendering anything."""
    tools, _ = load_tools([specs])
    return sorted(
        f"{target.name}/{file.path}"
        for target in all_targets()
        for file in target.plan(tools, {}, Reporter())
    )


def test_sigkill_at_random_moments_never_leaves_a_torn_file(tmp_path: Path):
    rng = random.Random(SEED)
    _write_specs(tmp_path / "specs")
    planned = _planned_paths(tmp_path / "specs")
    # a file per tool per target, and the folder-wide files: one per target, plus the ToolHandlers files of Java
    # and .NET and Java's JsonNullable (their languages want one public type per file)
    assert len(planned) == 7 * SPEC_COUNT + 10
    reference, first, second = tmp_path / "reference", tmp_path / "first", tmp_path / "second"

    # Round 1, from empty trees: each run is killed once a random planned file has appeared. The clean reference
    # run goes alongside.
    clean_run = _start(tmp_path, reference)
    killed = _kill_at(
        [(_start(tmp_path, out), _exists(out / rng.choice(planned))) for out in (first, second)]
    )
    _finish(clean_run)
    clean = _files(reference)
    assert sorted(path for path in clean if path != MANIFEST) == planned
    for out in (first, second):
        _assert_no_torn_files(out, clean)

    # Rounds 2 to 4: in `first` every file is stale, so files are replaced, not created: killed in round 2 while it
    # stages its batch (once a temporary file for a random path of the first half exists, so well before the
    # renames begin), then once a random one holds its new text. `second` loses a random half of its files: killed
    # once a random missing one is back.
    stale = {relative: clean[relative] + b"\n" for relative in planned}
    for round in range(3):
        for relative, data in stale.items():
            (first / relative).parent.mkdir(parents=True, exist_ok=True)
            (first / relative).write_bytes(data)
        present = [relative for relative in planned if (second / relative).exists()]
        for relative in rng.sample(present, len(present) // 2):
            (second / relative).unlink()
        replaced = rng.choice(planned)
        staging = rng.choice(planned[: len(planned) // 2])
        missing = [relative for relative in planned if not (second / relative).exists()]
        first_condition = (
            _staging(first / staging) if round == 0 else _holds(first / replaced, clean[replaced])
        )
        killed += _kill_at([
            (_start(tmp_path, first), first_condition),
            (_start(tmp_path, second), _exists(second / rng.choice(missing))),
        ])  # fmt: skip
        if round == 0:
            assert any(
                is_temporary(Path(relative).name) for relative in _files(first)
            ), "not killed while staging"
            changed = [
                relative
                for relative in planned
                if (first / relative).read_bytes() != stale[relative]
            ]
            assert not changed, f"killed while staging, yet outputs changed: {changed[:3]}"
        _assert_no_torn_files(first, clean, replaced=stale)
        _assert_no_torn_files(second, clean)
    assert sum(killed) >= 5, f"most runs should have been killed while writing: {killed}"

    # Repair: one uninterrupted run per tree restores exactly the clean tree and removes every temporary file.
    for process in [_start(tmp_path, out) for out in (first, second)]:
        _finish(process)
    without_manifest = {relative: data for relative, data in clean.items() if relative != MANIFEST}
    for out in (first, second):
        repaired = _files(out)
        json.loads(
            repaired.pop(MANIFEST)
        )  # names this tree's --out, so it differs from the reference's
        assert repaired == without_manifest
        check = subprocess.run(
            [sys.executable, "-m", "codegen", "check", "specs", "--out", str(out)],
            cwd=tmp_path, capture_output=True, text=True, timeout=240,
        )  # fmt: skip
        assert check.returncode == 0, check.stdout + check.stderr


def test_a_run_killed_before_writing_leaves_nothing(tmp_path: Path):
    (tmp_path / "specs").mkdir()
    (tmp_path / "specs" / "one.yaml").write_text(
        "name: one\ndescription: One tool.\n", encoding="utf-8"
    )
    process = _start(tmp_path, tmp_path / "out")
    time.sleep(0.05)  # still importing: long before any output is planned
    process.send_signal(signal.SIGKILL)
    process.wait()
    assert not (tmp_path / "out").exists() or not _files(tmp_path / "out")
