"""Shared helpers for the test suite: spec sets, generation into a temporary folder, toolchain gating."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from codegen.cache import store as cachestore, specs as speccache
from codegen.output import manifest
from codegen.targets import render
from codegen.run.generate import load_tools, render_outputs
from codegen.spec.loader import load_specs
from codegen.output.statefolder import STATE_FOLDER

from .wire import expected_wire, normalize_declaration, normalize_wire

REPO = Path(__file__).resolve().parent.parent
SPECS = REPO / "specs"
EDGE_SPECS = REPO / "tests" / "edge_specs"
# Valid JSON Schema the typed models state loosely, with a warning (tests/test_loosened.py).
LOOSENED = REPO / "tests" / "loosened"
ALL_SPEC_DIRS = [SPECS, EDGE_SPECS]
# The valid hostile-input corpus and a seeded sample of random specs (written by tests/hostile_corpus.py).
STRESS_SPECS = REPO / "tests" / "stress_specs"
# What the real-SDK harnesses compile, in one build per language: write_outputs, expected_wires and
# assert_wire_matches default to it.
SDK_SPEC_DIRS = [*ALL_SPEC_DIRS, STRESS_SPECS]
# One tested custom-template override per language (tests/override_templates/README.md).
OVERRIDE_TEMPLATES = REPO / "tests" / "override_templates"
# Real tool declarations other people wrote (issue "Real tools"), kept beside the clone, never copied into it:
# <parent>/<clone>/tests/support.py → <parent>/shared/realworld; CI puts a copy of `shared/` beside its clone.
REALWORLD = Path(__file__).resolve().parents[2] / "shared" / "realworld"
REALWORLD_FILES = ("github-mcp-server.tools.json", "bfcl-live.tools.json", "bfcl-multiturn.tools.json")
IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}
# Toolchain downloads (npm packages, Go modules, crates, Maven artifacts) are cached outside the clone.
CACHE = Path(os.environ.get("TOOLGEN_TEST_CACHE", Path.home() / ".cache" / "toolgen-tests"))


def require(condition: bool, reason: str) -> None:
    """Outside CI, skip with `reason` when a toolchain is missing; in CI that is a failure, never a skip."""
    if condition:
        return
    if IN_CI:
        pytest.fail(f"required in CI: {reason}")
    pytest.skip(reason)


def require_executable(name: str) -> str:
    found = shutil.which(name)
    require(found is not None, f"{name} is not installed")
    return found  # type: ignore[return-value]


def realworld_documents() -> dict[str, str]:
    """File name → text of each real-world tool list; a missing folder or file fails the test (never a skip)."""
    missing = [name for name in REALWORLD_FILES if not (REALWORLD / name).is_file()]
    if missing:
        pytest.fail(f"the real-world tool lists are missing: {', '.join(missing)} in {REALWORLD}")
    return {name: (REALWORLD / name).read_text("utf-8") for name in REALWORLD_FILES}


_realworld_dir: list[Path] = []


def realworld_specs() -> Path:
    """The real-world tools imported as specs (once per test session), one folder per source file.

    Imported the way a user imports them, with `--map-names` (codegen.spec.import_names), except that the names a
    real-SDK harness build already holds count as taken: it builds every tool in one program, so a name that the
    committed corpora or an earlier file use (BFCL's two files share seven, e.g. `multiply`; `create_issue` is in
    specs/) gets the importer's next free name (`multiply_2`), like a clash inside one file. Descriptions and
    schemas, which the harnesses compare, are unchanged."""
    if _realworld_dir:
        return _realworld_dir[0]
    import tempfile

    from codegen.spec.importer import import_tools

    root = Path(tempfile.mkdtemp(prefix="toolgen-realworld-"))
    committed, _ = load_specs([*SDK_SPEC_DIRS, LOOSENED])
    taken = [(item.spec.name, item.file) for item in committed]
    for name, text in realworld_documents().items():
        result = import_tools(text, name, map_names=True, taken=taken)
        assert result.refused == 0, [str(p) for p in result.problems if p.is_error]
        folder = root / name.split(".")[0]
        folder.mkdir()
        for tool in result.tools:
            (folder / tool.file_name()).write_text(tool.to_yaml(name, result.fmt), "utf-8")
            taken.append((tool.name, f"{name}: {tool.name}"))
    _realworld_dir.append(root)
    return root


def sdk_spec_dirs() -> list[Path]:
    """What the real-SDK harnesses compile: the committed corpora, the loosened specs and the real-world tools."""
    return [*SDK_SPEC_DIRS, LOOSENED, realworld_specs()]


def write_outputs(
    target: str, out: Path, spec_dirs: list[Path] | None = None, templates: Path | None = None
) -> Path:
    """Generate `target` for the spec dirs into out/<target>/ (through the custom `templates`, if given) and return
    that folder."""
    tools, _ = load_tools(spec_dirs or sdk_spec_dirs())
    outputs, _ = render_outputs(tools, [target], templates=str(templates) if templates else None)
    for relative, text in outputs.items():
        path = out / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return out / target


def expected_wires(spec_dirs: list[Path] | None = None) -> dict[str, dict[str, Any]]:
    """Tool name → normalized expected wire declaration, for every spec in the dirs."""
    loaded, problems = load_specs(spec_dirs or sdk_spec_dirs())
    assert not [p for p in problems if p.is_error], problems
    return {item.spec.name: normalize_wire(expected_wire(item.spec)) for item in loaded}


# SDK name → {tool name: normalized wire declaration}, filled by each real-SDK harness in this test session and
# compared across languages by tests/test_wire_parity.py (which sorts after the harness files).
RECORDED_WIRES: dict[str, dict[str, Any]] = {}


def assert_wire_matches(actual: dict[str, Any], spec_dirs: list[Path] | None = None, sdk: str | None = None) -> None:
    """`actual` maps tool name → wire JSON printed by a real SDK; each must equal the spec's expected wire.

    With `sdk`, the normalized declarations are also recorded for the cross-language parity test.
    """
    if sdk is not None:
        RECORDED_WIRES[sdk] = {name: normalize_declaration(wire) for name, wire in actual.items()}
    expected = expected_wires(spec_dirs)
    assert sorted(actual) == sorted(expected), "the SDK program did not build every tool"
    mismatched = {
        name: {"expected": expected[name], "actual": normalize_declaration(actual[name])}
        for name in expected
        if normalize_declaration(actual[name]) != expected[name]
    }
    assert not mismatched, json.dumps(mismatched, indent=2, ensure_ascii=False)[:20000]


def generated_files(root: Path) -> dict[str, bytes]:
    """Every file below an output root (relative path → bytes), toolgen's state folder (manifest, lock) left out."""
    return {
        path.relative_to(root).as_posix(): path.read_bytes()
        for path in sorted(root.rglob("*"))
        if path.is_file() and not is_state_file(path.relative_to(root).as_posix())
    }


def is_state_file(relative: str) -> bool:
    """Whether a path relative to an output root is in toolgen's state folder (codegen.output.statefolder)."""
    return relative.startswith(f"{STATE_FOLDER}/")


def age_manifest(out: Path) -> None:
    """Make every signature the output folder's manifest records older than the manifest (as it is once the clock
    has moved on), so that they are trusted instead of read."""
    later = time.time_ns() + 5_000_000_000
    os.utime(out / manifest.MANIFEST_NAME, ns=(later, later))


def forget_caches(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new process, as far as toolgen's in-memory caches can tell (the persistent cache is kept)."""
    monkeypatch.setattr(cachestore, "_STORES", {})
    monkeypatch.setattr(speccache, "_environment", None)
    render.environment.cache_clear()  # and with them, the compiled templates they hold
    render._compiled_templates.cache_clear()


def git(*args: str, cwd: Path) -> str:
    """The real `git` with no user or system configuration (a developer's core.autocrlf or excludes file must
    not count) and a fixed identity; its stdout. Fails the test when git fails."""
    env = {**os.environ, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull, "HOME": os.fspath(cwd)}
    identity = ["-c", "user.name=toolgen test", "-c", "user.email=toolgen-test@example.invalid"]
    done = subprocess.run(
        [require_executable("git"), *identity, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout
