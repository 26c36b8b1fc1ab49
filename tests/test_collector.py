"""The cyclic garbage collector is paused for a run and restored afterwards (codegen.cache.collector)."""

from __future__ import annotations

import gc

import pytest

from codegen.cache import collector
from codegen.run.generate import RunRequest, run
from codegen.targets import get_target
from tests.support import SPECS


@pytest.fixture
def collector_state():
    was_enabled = gc.isenabled()
    yield
    if was_enabled:
        gc.enable()
    else:
        gc.disable()


@pytest.mark.parametrize("enabled_before", [True, False])
def test_paused_restores_the_previous_state(enabled_before, collector_state):
    (gc.enable if enabled_before else gc.disable)()
    with collector.paused():
        assert not gc.isenabled()
        with collector.paused():  # nested: the inner one must not switch it back on
            pass
        assert not gc.isenabled()
    assert gc.isenabled() is enabled_before


def test_paused_restores_the_state_when_the_body_raises(collector_state):
    gc.enable()
    with pytest.raises(RuntimeError):
        with collector.paused():
            raise RuntimeError("boom")
    assert gc.isenabled()


def test_a_run_renders_with_the_collector_paused_and_restores_it(
    tmp_path, monkeypatch, collector_state
):
    gc.enable()
    seen = []
    go = get_target("go")
    original = type(go).tool_file

    def spying_tool_file(self, *args, **kwargs):
        seen.append(gc.isenabled())
        return original(self, *args, **kwargs)

    monkeypatch.setenv("TOOLGEN_NO_CACHE", "1")
    monkeypatch.setenv("TOOLGEN_NO_POOL", "1")
    monkeypatch.setattr(type(go), "tool_file", spying_tool_file)
    run(RunRequest([SPECS], tmp_path / "out", ["go"]))
    assert seen and not any(seen)
    assert gc.isenabled()


def test_the_toolgen_command_skips_the_last_collection_after_its_command(monkeypatch):
    """`toolgen` and `python -m codegen` enter through cli.run, which freezes what the command left once it has
    finished (exit code kept), so the interpreter's exit does not walk it; the in-process `main` never freezes."""
    import tomllib

    from codegen import cli

    frozen = []
    monkeypatch.setattr(gc, "freeze", lambda: frozen.append(True))
    with pytest.raises(SystemExit) as exited:
        cli.main(["--version"])
    assert exited.value.code == 0 and not frozen
    with pytest.raises(SystemExit) as exited:
        monkeypatch.setattr("sys.argv", ["toolgen", "check", "no-such-folder"])
        cli.run()
    assert exited.value.code == 2 and frozen == [True]
    project = tomllib.loads((SPECS.parent / "pyproject.toml").read_text("utf-8"))
    assert project["project"]["scripts"]["toolgen"] == "codegen.cli:run"
    assert "run()" in (SPECS.parent / "codegen" / "__main__.py").read_text("utf-8")
