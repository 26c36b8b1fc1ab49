"""The no-change fast path never mistakes a change for "nothing changed" (issue: performance, item 2)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import codegen
from codegen import manifest
from codegen.generate import run
from codegen.writer import OWNERSHIP_MARKER

from .support import REPO, SPECS

TARGETS = ["python", "go"]


@pytest.fixture()
def project(tmp_path, monkeypatch):
    """A copy of specs/ generated into out/, with the manifest written."""
    monkeypatch.chdir(tmp_path)
    shutil.copytree(SPECS, tmp_path / "specs")
    templates = tmp_path / "custom-templates"
    (templates / "go").mkdir(parents=True)
    request = {"targets": TARGETS, "templates": str(templates)}
    run([Path("specs")], Path("out"), TARGETS, write=True, templates=str(templates), request=request)
    return tmp_path, request, str(templates)


def _up_to_date(request, templates):
    return manifest.is_up_to_date([Path("specs")], Path("out"), request, templates) is not None


def test_marker_matches_the_writer():
    assert manifest.MARKER == OWNERSHIP_MARKER


def test_unchanged_tree_is_recognised(project):
    _, request, templates = project
    assert _up_to_date(request, templates)


def test_edited_output_is_a_change(project):
    root, request, templates = project
    path = next((root / "out" / "go").glob("*.go"))
    path.write_text(path.read_text() + "// hand edit\n")
    assert not _up_to_date(request, templates)


def test_deleted_output_is_a_change(project):
    root, request, templates = project
    next((root / "out" / "python").glob("*.py")).unlink()
    assert not _up_to_date(request, templates)


def test_edited_spec_is_a_change(project):
    root, request, templates = project
    spec = root / "specs" / "clear_context.yaml"
    spec.write_text(spec.read_text().replace("fresh context window", "new context window"))
    assert not _up_to_date(request, templates)


def test_new_spec_is_a_change(project):
    root, request, templates = project
    (root / "specs" / "extra.yaml").write_text("name: extra\ndescription: x\n")
    assert not _up_to_date(request, templates)


def test_changed_template_is_a_change(project):
    _, request, templates = project
    (Path(templates) / "go" / "override.j2").write_text("x")
    assert not _up_to_date(request, templates)


def test_new_toolgen_version_is_a_change(project, monkeypatch):
    _, request, templates = project
    monkeypatch.setattr(codegen, "__version__", codegen.__version__ + ".post1")
    assert not _up_to_date(request, templates)


def test_changed_request_is_a_change(project):
    _, request, templates = project
    assert not _up_to_date({**request, "options": {"go": {"package": "other"}}}, templates)


def test_orphaned_generated_file_is_a_change(project):
    root, request, templates = project
    (root / "out" / "go" / "old_tool.go").write_text(f"// {OWNERSHIP_MARKER} from specs/old.yaml. DO NOT EDIT.\n")
    assert not _up_to_date(request, templates)


def test_foreign_file_beside_outputs_is_not_a_change(project):
    root, request, templates = project
    (root / "out" / "go" / "README.md").write_text("hand written\n")
    assert _up_to_date(request, templates)


def test_corrupt_manifest_falls_back_to_the_full_path(project):
    root, request, templates = project
    manifest.manifest_path(root / "out").write_text("{not json")
    assert not _up_to_date(request, templates)


def test_fast_check_imports_no_heavy_module(tmp_path):
    """An unchanged `toolgen check` must not import pydantic, jinja2, black or datamodel-code-generator."""
    shutil.copytree(SPECS, tmp_path / "specs")
    cli = [sys.executable, "-m", "codegen"]
    subprocess.run(cli + ["generate", "specs", "--out", "out"], cwd=tmp_path, check=True, capture_output=True)
    probe = (
        "import sys, runpy; sys.argv=['toolgen','check','specs','--out','out'];\n"
        "try:\n    runpy.run_module('codegen', run_name='__main__')\n"
        "except SystemExit as e:\n    code = e.code\n"
        "heavy = sorted(m for m in ('pydantic','jinja2','black','datamodel_code_generator','yaml') if m in sys.modules)\n"
        "print('HEAVY', heavy, 'EXIT', code)"
    )
    result = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert "HEAVY [] EXIT 0" in result.stdout, result.stdout + result.stderr
