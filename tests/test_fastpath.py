"""The no-change fast path never mistakes a change for "nothing changed" (issue: performance, item 2)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import codegen
from codegen.output import manifest
from codegen.run.generate import RunRequest, run
from codegen.output.writer import OWNERSHIP_MARKER

from .support import SPECS

TARGETS = ["python", "go"]


@pytest.fixture()
def project(tmp_path, monkeypatch):
    """A copy of specs/ generated into out/, with the manifest written."""
    monkeypatch.chdir(tmp_path)
    shutil.copytree(SPECS, tmp_path / "specs")
    templates = tmp_path / "custom-templates"
    (templates / "go").mkdir(parents=True)
    request = {"targets": TARGETS, "templates": str(templates)}
    run(RunRequest([Path("specs")], Path("out"), TARGETS, write=True, templates=str(templates), request=request))
    return tmp_path, request, str(templates)


def _up_to_date(request, templates):
    found = manifest.survey([Path("specs")], Path("out"), request, templates)
    return manifest.up_to_date(found, Path("out")) is not None


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


def test_only_a_marker_in_the_head_makes_a_file_toolgens(project):
    """The fast path's test of ownership is the writer's: a user's file that quotes the marker below its first
    512 bytes is not toolgen's (the full run would not remove it either), one with the marker in its head is."""
    root, request, templates = project
    quoting = root / "out" / "go" / "NOTES.md"
    quoting.write_text("x" * 512 + f"// {OWNERSHIP_MARKER}\n")
    assert _up_to_date(request, templates)
    quoting.write_text("x" * 400 + f"// {OWNERSHIP_MARKER}\n")
    assert not _up_to_date(request, templates)


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


# -- every input that issue #4 added (config file, flags, API) is part of the request -------------------------------

from codegen.config.settings import Settings  # noqa: E402
from codegen.run.generate import run_settings  # noqa: E402

SETTING_CHANGES = {
    "header": {"header": "Copyright 2026 Example Corp."},
    "per-target option": {"options": {"go": {"package": "othertools"}}},
    "another per-target option": {"options": {"go": {"import_path": "example.com/x/tools"}}},
    "templates folder": {"templates": Path("custom-templates-2")},
    "targets": {"targets": ("go",)},
    "partial (--lang)": {"partial": True},
    "size limit": {"max_spec_bytes": 4096},
    "specs": {"specs": (Path("specs/clear_context.yaml"),)},
    "out": {"out": Path("out2")},
}


@pytest.mark.parametrize("change", list(SETTING_CHANGES), ids=list(SETTING_CHANGES))
def test_every_setting_is_part_of_the_request(tmp_path, monkeypatch, change):
    """A run with one setting changed is never answered from a manifest written with the old value."""
    monkeypatch.chdir(tmp_path)
    shutil.copytree(SPECS, tmp_path / "specs")
    for folder in ("custom-templates", "custom-templates-2"):
        (tmp_path / folder / "go").mkdir(parents=True)
    base = Settings(
        specs=(Path("specs"),), out=Path("out"), targets=("python", "go"), templates=Path("custom-templates")
    )
    run_settings(base)
    templates = str(base.templates)
    found = manifest.survey(list(base.specs), base.out, base.request(), templates)
    assert manifest.up_to_date(found, base.out) is not None
    changed = base.with_overrides(**SETTING_CHANGES[change])
    assert changed.request() != base.request()
    changed_templates = str(changed.templates) if changed.templates else None
    found = manifest.survey(list(changed.specs), changed.out, changed.request(), changed_templates)
    assert manifest.up_to_date(found, changed.out) is None


def test_a_config_file_edit_is_not_mistaken_for_no_change(tmp_path, monkeypatch):
    """End to end: editing pyproject.toml between two `toolgen generate` runs regenerates."""
    from click.testing import CliRunner

    from codegen.cli import main

    monkeypatch.chdir(tmp_path)
    shutil.copytree(SPECS, tmp_path / "specs")
    config = tmp_path / "pyproject.toml"
    config.write_text('[tool.toolgen]\ntargets = ["go"]\n')
    assert CliRunner().invoke(main, ["generate"]).exit_code == 0
    for edit in ('header = "A"\n', '[tool.toolgen.go]\npackage = "b"\n'):
        config.write_text(config.read_text() + edit)
        result = CliRunner().invoke(main, ["generate"])
        assert result.exit_code == 0 and " 0 written" not in result.output, (edit, result.output)
        assert "0 written" in CliRunner().invoke(main, ["generate"]).output
