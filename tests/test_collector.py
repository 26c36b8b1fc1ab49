"""The cyclic garbage collector is paused for a run and restored afterwards (codegen.collector)."""

from __future__ import annotations

import gc

import pytest

from codegen import collector
from codegen.generate import run
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
    run([SPECS], tmp_path / "out", ["go"])
    assert seen and not any(seen)
    assert gc.isenabled()
