"""The committed generated/ folder is exactly what `toolgen generate` makes from specs/ (design §5.1)."""

from __future__ import annotations

import difflib
import json
import os
import subprocess
import sys

from codegen.run.generate import load_tools, render_outputs
from codegen.targets import target_names
from codegen.output.writer import OWNERSHIP_MARKER

from .support import REPO, SPECS, is_state_file

GENERATED = REPO / "generated"
REGENERATE = "toolgen generate specs/ --out generated/"


def _expected() -> dict[str, str]:
    tools, _ = load_tools([SPECS])
    outputs, _ = render_outputs(tools, target_names())
    return outputs


def _on_disk() -> dict[str, str]:
    """The committed files; toolgen's state folder (manifest, lock; git-ignored by itself) holds no outputs."""
    files = {}
    for path in sorted(GENERATED.rglob("*")):
        if path.is_file() and not is_state_file(path.relative_to(GENERATED).as_posix()):
            files[path.relative_to(GENERATED).as_posix()] = path.read_text("utf-8")
    return files


def test_generated_folder_matches_specs():
    expected, actual = _expected(), _on_disk()
    missing = sorted(set(expected) - set(actual))
    extra = sorted(set(actual) - set(expected))
    assert not missing, f"not committed: {missing}; run `{REGENERATE}`"
    assert not extra, f"committed but no longer generated: {extra}; run `{REGENERATE}`"
    for relative in sorted(expected):
        if expected[relative] != actual[relative]:
            diff = "".join(
                difflib.unified_diff(
                    actual[relative].splitlines(keepends=True),
                    expected[relative].splitlines(keepends=True),
                    f"generated/{relative} (committed)",
                    f"generated/{relative} (expected)",
                )
            )
            raise AssertionError(f"stale generated/{relative}; run `{REGENERATE}`\n{diff[:5000]}")


def test_every_generated_file_carries_the_ownership_marker():
    for relative, text in _expected().items():
        assert OWNERSHIP_MARKER in text[:512], relative
        assert "DO NOT EDIT" in text[:512], relative


def test_check_command_reports_up_to_date():
    result = subprocess.run(
        [sys.executable, "-m", "codegen", "check", "specs", "--out", "generated"],
        cwd=REPO, capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_output_is_identical_across_hash_seeds(tmp_path):
    """Same input → same bytes, whatever Python's hash randomisation does to set and dict order."""
    script = (
        "import json,sys; from pathlib import Path;"
        "from codegen.run.generate import load_tools, render_outputs;"
        "from codegen.targets import target_names;"
        "tools,_=load_tools([Path('specs'), Path('tests/edge_specs')]);"
        "out,_=render_outputs(tools, target_names());"
        "json.dump(out, sys.stdout, sort_keys=True)"
    )
    runs = []
    for seed in ("1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        result = subprocess.run([sys.executable, "-c", script], cwd=REPO, env=env, capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, result.stderr
        runs.append(json.loads(result.stdout))
    assert runs[0] == runs[1]
    assert runs[0], "nothing was generated"
