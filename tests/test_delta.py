"""Regenerating after a few specs were edited, by remaking only their files (codegen.run.driver's narrowed make step).

The delta run must leave exactly what the full run leaves — the same files, the same warnings, the same manifest —
and must step aside whenever an edit can reach further than the edited specs' own files. Each test runs the same
edits through both ways, in two output folders, and compares; the full way is forced by making the delta decline.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from codegen.run import driver
from codegen.output import manifest
from codegen.errors import SpecError
from codegen.run.generate import RunRequest, run
from codegen.targets import target_names

from .support import EDGE_SPECS, SPECS, age_manifest, forget_caches, generated_files

TARGETS = target_names()
# A spec whose own files warn in every target with enums (two values that differ only in case). The bundled specs
# no longer warn (query_database's `=` was a renamed .NET `Equals` until names came from symbols).
WARNED = "zz_enum_clash.yaml"
WARNED_SPEC = """\
name: enum_clash
description: Two enum values that differ only in case.
parameters:
  type: object
  properties:
    aggregate: {type: string, enum: [SUM, Sum]}
"""
REMAKES = {"describe", "describe-nested", "move-lines", "two-specs", "bound", "default"}  # edits the delta takes on


@pytest.fixture()
def project(tmp_path, monkeypatch):
    """specs/ generated into full/ and delta/ (the same run twice), with a cache of its own."""
    monkeypatch.chdir(tmp_path)
    shutil.copytree(SPECS, tmp_path / "specs")
    (tmp_path / "specs" / WARNED).write_text(WARNED_SPEC)
    monkeypatch.setenv("TOOLGEN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("TOOLGEN_NO_CACHE", raising=False)
    forget_caches(monkeypatch)
    for folder in ("full", "delta"):
        run(RunRequest([Path("specs")], Path(folder), TARGETS, write=True))
    yield tmp_path


class _Route:
    """While `force_full` is on, the driver's make step declines to narrow to the edited specs (every spec's way is taken)."""

    def __init__(self, monkeypatch):
        self.force_full = False
        original = driver._make_edited
        monkeypatch.setattr(driver, "_make_edited", lambda *a, **k: None if self.force_full else original(*a, **k))


def _both(route: _Route, monkeypatch, age: bool):
    """The same run into delta/ (the delta may act) and full/ (it may not): (result or error) of each."""
    outcomes = {}
    for folder in ("delta", "full"):
        if age:
            age_manifest(Path(folder))
        forget_caches(monkeypatch)
        route.force_full = folder == "full"
        try:
            outcomes[folder] = run(RunRequest([Path("specs")], Path(folder), TARGETS, write=True))
        except SpecError as error:
            outcomes[folder] = error
    return outcomes["delta"], outcomes["full"]


def _manifest(out: Path) -> dict:
    document = json.loads((out / manifest.MANIFEST_NAME).read_text("utf-8"))
    # signatures hold inodes and times: the same files must have one, whatever its value
    document["signatures"] = {kind: sorted(found) for kind, found in document["signatures"].items()}
    return document


def _edit(kind: str, root: Path, rng: random.Random) -> None:
    """Apply an edit of `kind` to the specs (some kinds find nothing to edit in some specs)."""
    specs = sorted((root / "specs").glob("*.yaml"))
    spec = rng.choice(specs)
    text = spec.read_text()
    if kind == "describe":
        spec.write_text(text.replace("description: ", f"description: Edit {rng.random()}. ", 1))
    elif kind == "describe-nested":
        spec.write_text(text.replace("      description: ", f"      description: Edit {rng.random()}. ", 1))
    elif kind == "move-lines":  # every position in the spec moves, not its skeleton
        spec.write_text("# moved\n" * rng.randrange(1, 4) + text)
    elif kind == "two-specs":
        other = rng.choice([path for path in specs if path != spec])
        spec.write_text(text.replace("description: ", f"description: Edit {rng.random()}. ", 1))
        other.write_text(other.read_text().replace("description: ", "description: Also edited. ", 1))
    elif kind == "bound":  # the wire schema and the docs change, not the skeleton
        spec.write_text(re.sub(r"(minimum|maxLength): (\d+)", lambda m: f"{m[1]}: {int(m[2]) + 1}", text, count=1))
    elif kind == "default":  # the typed defaults change, not the skeleton
        spec.write_text(  # a parameter's default (a line of its own), not a metadata value such as {default: 30}
            re.sub(r"^(\s+)default: (\d+)$", lambda m: f"{m[1]}default: {int(m[2]) + 1}", text, count=1, flags=re.M)
        )
    elif kind == "add-property":  # a new skeleton
        spec.write_text(
            text.replace(
                "\n  properties:\n", f"\n  properties:\n    added_{rng.randrange(10**6)}:\n      type: string\n", 1
            )
        )
    elif kind == "rename":
        spec.write_text(text.replace("name: ", "name: renamed_", 1))
    elif kind == "invalid":
        spec.write_text(text + "\nunknown_key: true\n")
    elif kind == "hand-edit-output":  # and a description: the survey sees more than spec edits
        spec.write_text(text.replace("description: ", f"description: Edit {rng.random()}. ", 1))
        victim = sorted((root / "delta" / "go").glob("*.go"))[0].relative_to(root / "delta")
        for folder in ("delta", "full"):
            with open(root / folder / victim, "a", encoding="utf-8") as handle:
                handle.write("// edited by hand\n")


EDITS = sorted(REMAKES | {"add-property", "rename", "invalid", "hand-edit-output"})


@pytest.mark.parametrize("age", [False, True], ids=["racy", "trusted"])
@pytest.mark.parametrize("seed", range(4))
def test_a_delta_run_leaves_what_the_full_run_leaves(project, monkeypatch, seed, age):
    rng = random.Random(seed)
    route = _Route(monkeypatch)
    kinds = [*sorted(REMAKES), *rng.sample(EDITS, len(EDITS))]
    for step, kind in enumerate(kinds):
        saved = {path: path.read_bytes() for path in (project / "specs").glob("*.yaml")}
        _edit(kind, project, rng)
        touched = [path.name for path, data in saved.items() if path.read_bytes() != data]
        in_delta, in_full = _both(route, monkeypatch, age)
        where = f"step {step}: {kind} of {touched}"
        expected = kind in REMAKES and bool(touched) and WARNED not in touched
        assert (kind == "invalid") <= isinstance(in_full, SpecError), where
        if isinstance(in_full, SpecError) or isinstance(in_delta, SpecError):
            assert str(in_delta) == str(in_full), where
            for path, data in saved.items():
                path.write_bytes(data)
            continue
        assert (in_delta.edited_only, in_full.edited_only) == (expected, False), where
        assert generated_files(project / "delta") == generated_files(project / "full"), where
        assert _manifest(project / "delta") == _manifest(project / "full"), where
        assert [str(w) for w in in_delta.warnings] == [str(w) for w in in_full.warnings], where
        assert in_delta.summary == in_full.summary, where
        assert sorted(in_delta.changes.written) == sorted(in_full.changes.written), where
        assert sorted(in_delta.changes.removed) == sorted(in_full.changes.removed), where
        assert [tool.name for tool in in_delta.tools] == [tool.name for tool in in_full.tools], where
        if expected:
            for relative in in_delta.changes.written:
                assert in_delta.changes.old_text[relative] != in_delta.planned[relative], where
    forget_caches(monkeypatch)
    monkeypatch.setenv("TOOLGEN_NO_CACHE", "1")
    run(RunRequest([Path("specs")], Path("reference"), TARGETS, write=True))
    assert generated_files(project / "delta") == generated_files(project / "reference")


def test_the_warnings_of_a_project_come_back_from_a_delta_run(project, monkeypatch):
    route = _Route(monkeypatch)
    spec = project / "specs" / "web_fetch.yaml"  # a spec that does not warn
    spec.write_text(spec.read_text().replace("description: ", "description: Edited. ", 1))
    in_delta, in_full = _both(route, monkeypatch, age=False)
    assert (in_delta.edited_only, in_full.edited_only) == (True, False)
    assert in_full.warnings and [w.row() for w in in_delta.warnings] == [w.row() for w in in_full.warnings]


def test_after_a_delta_run_every_file_is_trusted_by_its_signature(project, monkeypatch):
    spec = project / "specs" / "clear_context.yaml"
    spec.write_text(spec.read_text().replace("description: ", "description: Edited. ", 1))
    forget_caches(monkeypatch)
    assert run(RunRequest([Path("specs")], Path("delta"), TARGETS, write=True)).edited_only
    age_manifest(project / "delta")
    found = manifest.survey([Path("specs")], Path("delta"), {})
    assert found.current
    assert found.refreshed == {"inputs": {}, "outputs": {}}, "no file had to be read to be trusted"


def test_an_output_edited_between_write_and_manifest_gets_no_signature(project, monkeypatch):
    victims: list[str] = []
    original = driver.signature_if_holds

    def edit_then_read(path, expected, digest):
        if not victims:
            victims.append(path)
            Path(path).write_text(Path(path).read_text() + "// edited right after the write\n")
        return original(path, expected, digest)

    monkeypatch.setattr(driver, "signature_if_holds", edit_then_read)
    spec = project / "specs" / "clear_context.yaml"
    spec.write_text(spec.read_text().replace("description: ", "description: Edited. ", 1))
    forget_caches(monkeypatch)
    assert run(RunRequest([Path("specs")], Path("delta"), TARGETS, write=True)).edited_only and victims
    relative = Path(victims[0]).relative_to("delta").as_posix()
    assert relative not in _manifest(project / "delta")["signatures"]["outputs"]
    age_manifest(project / "delta")
    assert manifest.survey([Path("specs")], Path("delta"), {}).current is False


@pytest.mark.parametrize("spec", [WARNED, "colliding_casings.yaml", "zz_name_clash.yaml"])
def test_an_edit_to_a_spec_that_warns_goes_the_full_way(project, monkeypatch, spec):
    """Warnings from a tool's own files (an enum member; fields renamed) and from naming the folders only (a tool
    whose names clash with the folder's own: `define`, whose factory would be the SDK's defineTool)."""
    route = _Route(monkeypatch)
    warned = project / "specs" / spec
    if spec == "colliding_casings.yaml":
        shutil.copy(EDGE_SPECS / spec, warned)
    elif spec == "zz_name_clash.yaml":
        clear_context = (project / "specs" / "clear_context.yaml").read_text()
        warned.write_text(clear_context.replace("name: clear_context", "name: define", 1))
    for folder in ("delta", "full"):
        run(RunRequest([Path("specs")], Path(folder), TARGETS, write=True))
    warned.write_text("# moved\n" + warned.read_text())  # its warnings move down a line
    in_delta, in_full = _both(route, monkeypatch, age=False)
    assert not in_delta.edited_only
    moved = [str(w) for w in in_full.warnings if w.file.endswith(spec)]
    assert moved and [str(w) for w in in_delta.warnings] == [str(w) for w in in_full.warnings]


def test_custom_templates_go_the_full_way(project, monkeypatch, tmp_path):
    templates = tmp_path / "custom"
    (templates / "go").mkdir(parents=True)
    run(RunRequest([Path("specs")], Path("custom"), TARGETS, write=True, templates=str(templates)))
    spec = project / "specs" / "clear_context.yaml"
    spec.write_text(spec.read_text().replace("description: ", "description: Edited. ", 1))
    forget_caches(monkeypatch)
    custom = RunRequest([Path("specs")], Path("custom"), TARGETS, write=True, templates=str(templates))
    assert not run(custom).edited_only


def test_the_cli_reports_a_delta_run_as_it_reports_a_full_one(project):
    """Through the command line (a real process: the fast path's survey is handed over, the spec is validated in
    the command line): the same files, summary and warnings as a full run of the same edit."""
    env = {**os.environ, "TOOLGEN_CACHE_DIR": str(project / "cache")}
    generate = [sys.executable, "-m", "codegen", "generate", "specs", "--verbose"]
    subprocess.run([*generate, "--out", "delta"], capture_output=True, text=True, env=env, check=True)
    spec = project / "specs" / "clear_context.yaml"
    spec.write_text(spec.read_text().replace("description: ", "description: Edited. ", 1))
    shutil.rmtree(project / "full")
    shutil.copytree(project / "delta", project / "full")
    (project / "full" / manifest.MANIFEST_NAME).unlink()  # no manifest: the full way
    through_delta = subprocess.run([*generate, "--out", "delta"], capture_output=True, text=True, env=env)
    through_full = subprocess.run([*generate, "--out", "full"], capture_output=True, text=True, env=env)
    assert through_delta.returncode == through_full.returncode == 0, through_delta.stderr + through_full.stderr
    assert "only the edited specs changed" in through_delta.stderr
    assert "only the edited specs changed" not in through_full.stderr
    assert through_delta.stdout == through_full.stdout == "8 tools → 66 files: 8 written, 58 unchanged, 0 removed\n"
    warnings = [line for line in through_full.stderr.splitlines() if ": warning: " in line]
    assert warnings and warnings == [line for line in through_delta.stderr.splitlines() if ": warning: " in line]
    wrote = [line for line in through_delta.stderr.splitlines() if line.startswith("wrote ")]
    assert [line.replace(" delta/", " full/") for line in wrote] == [
        line for line in through_full.stderr.splitlines() if line.startswith("wrote ")
    ]
    assert generated_files(project / "delta") == generated_files(project / "full")


def test_a_remade_file_takes_its_predecessors_place_only_with_its_key_and_no_warnings():
    from codegen.errors import Diagnostic
    from codegen.run.incremental import FinishedFile

    key = bytes(32)
    file = FinishedFile("tool.go", "text", {"symbol": "Tool", "count": 1}, (), bytes([1]) * 32)
    recorded = [key.hex(), {"symbol": "Tool", "count": 1}, []]
    assert driver._same_place(recorded, key, file)
    assert not driver._same_place(None, key, file), "no file of that path before"
    assert not driver._same_place(recorded, bytes([2]) * 32, file), "another tool's, or another context's, file"
    new_facts = [key.hex(), {"symbol": "Tool2", "count": 1}, []]
    assert driver._same_place(new_facts, key, file), "new facts: the folder-wide files are planned again"
    assert not driver._same_facts(new_facts, file) and driver._same_facts(recorded, file)
    warned = [key.hex(), {"symbol": "Tool", "count": 1}, [["specs/a.yaml", 1, 1, "renamed", "warning"]]]
    assert not driver._same_place(warned, key, file), "it warned before"
    warning = Diagnostic("specs/a.yaml", 1, 1, "renamed", "warning")
    assert not driver._same_place(recorded, key, FinishedFile("tool.go", "text", file.facts, (warning,))), "it warns now"


@pytest.mark.parametrize("kind", ["describe", "describe-nested", "move-lines"])
def test_an_edit_of_descriptions_only_is_remade_without_the_validators(tmp_path, kind):
    """An edit that leaves a spec as it was but for descriptions (spec_alike) is known valid without importing
    pydantic or jsonschema, whose imports were most of a one-edit run."""
    shutil.copytree(SPECS, tmp_path / "specs")
    env = {**os.environ, "TOOLGEN_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("TOOLGEN_NO_CACHE", None)
    cli = [sys.executable, "-m", "codegen"]
    subprocess.run(cli + ["generate", "specs", "--out", "out"], cwd=tmp_path, env=env, check=True, capture_output=True)
    before = {path: path.read_bytes() for path in (tmp_path / "specs").glob("*.yaml")}
    seed = 0
    while all(path.read_bytes() == data for path, data in before.items()):  # some specs have no nested description
        _edit(kind, tmp_path, random.Random(seed))
        seed += 1
    probe = (
        "import sys, runpy; sys.argv=['toolgen','generate','specs','--out','out'];\n"
        "try:\n    runpy.run_module('codegen', run_name='__main__')\n"
        "except SystemExit as e:\n    code = e.code\n"
        "heavy = sorted(m for m in ('pydantic','jsonschema') if m in sys.modules)\n"
        "print('HEAVY', heavy, 'EXIT', code)"
    )
    result = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, env=env, capture_output=True, text=True,
                            timeout=120)  # fmt: skip
    assert "HEAVY [] EXIT 0" in result.stdout, result.stdout + result.stderr
    if kind != "move-lines":  # moved lines change no output
        assert re.search(r"\b[1-9]\d* written", result.stdout), result.stdout
