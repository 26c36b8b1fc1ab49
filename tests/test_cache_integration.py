"""End to end with toolgen's cache (issue #6): a run that reads parsed specs, black results and layouts from the
cache writes the same bytes as a run without any cache, and an edited template, an edited output or an edited spec
is never hidden by what the cache remembers."""

from __future__ import annotations

import shutil
from pathlib import Path

import jinja2
import pytest

from codegen.cache import store as cachestore
from codegen.run.generate import RunRequest, run
from codegen.targets import target_names

from .support import EDGE_SPECS, SPECS, forget_caches, generated_files




@pytest.fixture()
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copytree(SPECS, tmp_path / "specs")
    shutil.copytree(EDGE_SPECS, tmp_path / "edge")
    monkeypatch.setenv("TOOLGEN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("TOOLGEN_NO_CACHE", raising=False)
    forget_caches(monkeypatch)
    yield tmp_path


SPEC_PATHS = [Path("specs"), Path("edge")]


def test_cached_runs_write_what_an_uncached_run_writes(project, monkeypatch):
    monkeypatch.setenv("TOOLGEN_NO_CACHE", "1")
    forget_caches(monkeypatch)
    run(RunRequest(SPEC_PATHS, Path("uncached"), target_names()))
    monkeypatch.delenv("TOOLGEN_NO_CACHE")
    for attempt in ("fills", "reads"):
        forget_caches(monkeypatch)
        run(RunRequest(SPEC_PATHS, Path(attempt), target_names()))
        assert generated_files(project / attempt) == generated_files(project / "uncached"), attempt
    assert (project / "cache" / cachestore.FILE_NAME).exists()


def test_an_edited_template_is_rendered_anew(project, monkeypatch):
    override = project / "templates" / "python" / "__init__.py.j2"
    override.parent.mkdir(parents=True)
    override.write_text('{% include "builtin/__init__.py.j2" %}\nFIRST = 1\n')
    run(RunRequest(SPEC_PATHS, Path("out"), ["python"], templates=str(project / "templates")))
    assert (project / "out" / "python" / "__init__.py").read_text().endswith("FIRST = 1\n")
    override.write_text('{% include "builtin/__init__.py.j2" %}\nSECOND   =   2\n')
    forget_caches(monkeypatch)
    run(RunRequest(SPEC_PATHS, Path("out"), ["python"], templates=str(project / "templates")))
    text = (project / "out" / "python" / "__init__.py").read_text()
    assert text.endswith("SECOND = 2\n") and "FIRST" not in text  # rendered and formatted by black again


def test_a_new_process_takes_the_compiled_templates_from_the_cache(project, monkeypatch):
    spec = project / "specs" / "clear_context.yaml"
    compiled: list[str] = []
    original = jinja2.Environment.compile

    def counting(self, source, name=None, filename=None, raw=False, defer_init=False):
        compiled.append(name)
        return original(self, source, name, filename, raw, defer_init)

    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    # A first run's workers keep nothing (they stay off the cache); the first run in one process keeps them all.
    for number in range(3):
        spec.write_text(spec.read_text().replace("description: ", f"description: Edit {number}. ", 1))
        forget_caches(monkeypatch)
        compiled.clear()
        made = run(RunRequest(SPEC_PATHS, Path("out"), target_names()))
        assert f"Edit {number}." in made.planned["python/clear_context.py"]
    assert compiled == []


def test_an_edited_output_is_restored(project, monkeypatch):
    run(RunRequest(SPEC_PATHS, Path("out"), target_names()))
    before = generated_files(project / "out")
    for relative in ("python/clear_context.py", "nodejs/clear_context.ts", "go/clear_context.go"):
        path = project / "out" / relative
        path.write_text(path.read_text() + "\n# hand edit\n")
    forget_caches(monkeypatch)
    result = run(RunRequest(SPEC_PATHS, Path("out"), target_names()))
    assert sorted(result.changes.written) == ["go/clear_context.go", "nodejs/clear_context.ts", "python/clear_context.py"]
    assert generated_files(project / "out") == before


def test_an_edited_spec_changes_every_target(project, monkeypatch):
    run(RunRequest(SPEC_PATHS, Path("out"), target_names()))
    spec = project / "specs" / "clear_context.yaml"
    spec.write_text(spec.read_text().replace("fresh context window", "brand-new context window"))
    forget_caches(monkeypatch)
    result = run(RunRequest(SPEC_PATHS, Path("out"), target_names()))
    changed = {relative.split("/")[0] for relative in result.changes.written}
    assert changed == set(target_names())
    assert all("brand-new" in result.planned[relative] for relative in result.changes.written if "clear" in relative.lower())


def test_installed_versions_match_importlib_metadata():
    """codegen.cache.store reads versions from dist-info folder names (no importlib.metadata import): the same answers,
    for every distribution whose version goes into a cache key, and None for one that is not installed."""
    from importlib import metadata

    from codegen.cache.store import installed_version

    for name in ("PyYAML", "pydantic", "pydantic-core", "jinja2", "black", "click"):
        assert installed_version(name) == metadata.version(name), name
    assert installed_version("toolgen-no-such-distribution") is None
