"""The spec model cache (issue #6, item 2): a cached load returns exactly what an uncached load returns or raises,
for every spec set, and a change to a spec, its path, the size limit or toolgen itself is a miss."""

from __future__ import annotations

import pickle
import shutil
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import codegen
from codegen.cache import store as cachestore, specs as speccache
from codegen.model import ir
from codegen.errors import SpecError

from .support import EDGE_SPECS, REPO, SPECS

INVALID = REPO / "tests" / "invalid"
LIMIT = 1024 * 1024


@pytest.fixture()
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("TOOLGEN_CACHE_DIR", str(folder))
    monkeypatch.delenv("TOOLGEN_NO_CACHE", raising=False)
    monkeypatch.setattr(cachestore, "_STORES", {})
    monkeypatch.setattr(speccache, "_environment", None)
    return folder


def _outcome(load, paths, limit=LIMIT):
    try:
        tools, warnings = load(paths, limit)
    except SpecError as error:
        return "error", [str(d) for d in error.diagnostics]
    return "ok", tools, [str(w) for w in warnings]


def _same_as_uncached(paths, limit=LIMIT):
    expected = _outcome(speccache._load_all, paths, limit)
    for attempt in ("fills the cache", "reads the cache"):
        assert _outcome(speccache.load_tools_cached, paths, limit) == expected, attempt
    return expected


def _stored(folder: Path) -> int:
    with sqlite3.connect(folder / cachestore.FILE_NAME) as connection:
        return connection.execute("SELECT count(*) FROM spec").fetchone()[0]


WARNED = """\
name: warned
description: A spec whose schema draws a warning.
parameters:
  type: object
  properties:
    count:
      type: integer
      minLength: 2
"""


def test_valid_sets_load_the_same(cache, tmp_path):
    (tmp_path / "warned.yaml").write_text(WARNED)
    outcome = _same_as_uncached([SPECS, EDGE_SPECS, tmp_path / "warned.yaml"])
    assert outcome[0] == "ok" and outcome[2], "a spec's warnings must come back from the cache too"
    assert _stored(cache) == 2 * len(
        outcome[1]
    )  # per spec: its model and its head (name, skeleton, warnings)


@pytest.mark.parametrize("name", sorted(p.name for p in INVALID.iterdir()))
def test_each_invalid_spec_fails_the_same(cache, name):
    assert _same_as_uncached([SPECS, INVALID / name])[0] == "error"


def test_the_whole_invalid_set_fails_the_same(cache):
    assert _same_as_uncached([INVALID])[0] == "error"


def test_missing_paths_and_empty_folders_fail_the_same(cache, tmp_path):
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / "notes.txt").write_text("no specs here")
    assert _same_as_uncached([SPECS, tmp_path / "empty"])[0] == "error"
    assert _same_as_uncached([SPECS, tmp_path / "missing"])[0] == "error"


def test_a_name_used_twice_across_cached_and_new_files(cache, tmp_path):
    specs = tmp_path / "specs"
    shutil.copytree(SPECS, specs)
    assert _same_as_uncached([specs])[0] == "ok"
    clash = (specs / "clear_context.yaml").read_text().replace("Clear the", "Also clear the")
    (specs / "zz_second.yaml").write_text(clash)
    assert _same_as_uncached([specs])[0] == "error"


def test_an_edited_spec_is_a_miss(cache, tmp_path):
    specs = tmp_path / "specs"
    shutil.copytree(SPECS, specs)
    _same_as_uncached([specs])
    spec = specs / "clear_context.yaml"
    spec.write_text(spec.read_text().replace("fresh context window", "brand-new context window"))
    outcome = _same_as_uncached([specs])
    assert any("brand-new" in tool.description for tool in outcome[1])


def test_the_same_bytes_under_another_path_are_another_tool(cache, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copytree(SPECS, tmp_path / "a")
    shutil.copytree(SPECS, tmp_path / "b")
    first = _same_as_uncached([Path("a")])[1]
    second = _same_as_uncached([Path("b")])[1]
    assert {t.source.split("/")[0] for t in first} == {"a"}
    assert {t.source.split("/")[0] for t in second} == {"b"}


def test_a_smaller_size_limit_is_a_miss(cache):
    _same_as_uncached([SPECS])
    assert _same_as_uncached([SPECS], limit=200)[0] == "error"


def test_a_new_toolgen_version_is_a_miss(cache, monkeypatch):
    _same_as_uncached([SPECS])
    before = speccache._environment_id()
    monkeypatch.setattr(codegen, "__version__", codegen.__version__ + ".post1")
    monkeypatch.setattr(speccache, "_environment", None)
    assert speccache._environment_id() != before
    _same_as_uncached([SPECS])
    assert _stored(cache) == 2 * 2 * len(list(SPECS.glob("*.yaml")))  # two versions × (model, head)


def test_no_default_survives_the_round_trip(cache):
    """`ir.MISSING` (no default) is compared by identity; a cached model must keep that identity."""
    _same_as_uncached([EDGE_SPECS])
    tools, _ = speccache.load_tools_cached([EDGE_SPECS], LIMIT)
    fields = [f for tool in tools for d in tool.decls if isinstance(d, ir.StructDecl) for f in d.fields]
    assert any(f.default is ir.MISSING for f in fields) and any(f.has_default for f in fields)


class _Touch:
    """A pickle that creates a file when it is loaded: what a planted cache entry could try."""

    def __init__(self, path: Path):
        self.path = path

    def __reduce__(self):
        return (Path.touch, (self.path,))


def test_damaged_and_foreign_entries_are_misses(cache, tmp_path):
    expected = _same_as_uncached([SPECS])
    marker = tmp_path / "planted-code-ran"
    with sqlite3.connect(cache / cachestore.FILE_NAME) as connection:
        keys = [row[0] for row in connection.execute("SELECT key FROM spec")]
        planted = {
            keys[0]: b"garbage",  # checksum no longer matches
            keys[1]: pickle.dumps(("not a tool", [])),  # right checksum, wrong content
            keys[2]: pickle.dumps((_Touch(marker), [])),  # right checksum, would run code when unpickled
        }
        for key, value in planted.items():
            checksum = cachestore._check(key, value) if value != b"garbage" else b"x"
            connection.execute("UPDATE spec SET value = ?, checksum = ? WHERE key = ?", [value, checksum, key])
    assert _outcome(speccache.load_tools_cached, [SPECS], LIMIT) == expected
    assert not marker.exists()


def test_a_full_hit_imports_no_parser(cache):
    """All specs known: no PyYAML and no pydantic (0.15 s of imports) for loading."""
    _same_as_uncached([SPECS, EDGE_SPECS])
    probe = textwrap.dedent(
        f"""
        import sys
        from pathlib import Path
        from codegen.cache.specs import load_tools_cached
        tools, _ = load_tools_cached([Path({str(SPECS)!r}), Path({str(EDGE_SPECS)!r})], {LIMIT})
        print(len(tools), sorted(m for m in ("yaml", "pydantic") if m in sys.modules))
        """
    )
    env = {**_env(), "TOOLGEN_CACHE_DIR": str(cache)}
    result = subprocess.run([sys.executable, "-c", probe], cwd=REPO, env=env, capture_output=True, text=True)
    count = len(list(SPECS.glob("*.yaml"))) + len(list(EDGE_SPECS.glob("*.yaml")))
    assert result.stdout.strip() == f"{count} []", result.stderr


def test_without_a_cache_nothing_is_stored(tmp_path, monkeypatch):
    monkeypatch.setenv("TOOLGEN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("TOOLGEN_NO_CACHE", "1")
    assert _outcome(speccache.load_tools_cached, [SPECS], LIMIT) == _outcome(speccache._load_all, [SPECS], LIMIT)
    assert not (tmp_path / "cache").exists()


def _env() -> dict[str, str]:
    import os

    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    return env


def test_specs_parsed_in_a_pool_give_the_same_models_and_errors(tmp_path, monkeypatch):
    """A first run parses many specs across the cores; models, warnings and every error are those of a run in
    one process."""
    from codegen.cache import forkpool, specs as speccache
    from codegen.errors import SpecError
    from codegen.run.generate import load_tools

    from .support import SDK_SPEC_DIRS

    monkeypatch.setenv("TOOLGEN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("TOOLGEN_NO_CACHE", raising=False)
    monkeypatch.setattr(cachestore, "_STORES", {})
    pools: list[bool] = []
    real_run = forkpool.run
    monkeypatch.setattr(forkpool, "run", lambda *a, **k: pools.append(True) or real_run(*a, **k))
    monkeypatch.setattr(forkpool, "workers_for", lambda items, least: 2 if items >= least else 1)
    pooled = speccache.load_tools_cached(SDK_SPEC_DIRS, 1 << 20)
    assert pools, "the specs were parsed in a pool"
    monkeypatch.setenv("TOOLGEN_NO_CACHE", "1")
    assert repr(pooled) == repr(load_tools(SDK_SPEC_DIRS))

    broken = tmp_path / "specs"
    shutil.copytree(SDK_SPEC_DIRS[-1], broken)
    victim = sorted(broken.rglob("*.yaml"))[50]
    victim.write_text(victim.read_text() + "\nbogus: [\n")
    monkeypatch.delenv("TOOLGEN_NO_CACHE")
    with pytest.raises(SpecError) as pooled_error:
        speccache.load_tools_cached([broken], 1 << 20)
    monkeypatch.setenv("TOOLGEN_NO_CACHE", "1")
    with pytest.raises(SpecError) as plain_error:
        load_tools([broken])
    assert str(pooled_error.value) == str(plain_error.value) and victim.name in str(pooled_error.value)


def test_a_cached_value_naming_anything_but_toolgen_dataclasses_is_refused():
    """A cache file is the user's, but its entries are plain data (codegen.cache.codec): only toolgen's own
    dataclasses and ir.MISSING may appear, so a tampered entry is a miss, never code that runs nor a crash."""
    import pickle

    class Evil:
        def __reduce__(self):
            return (eval, ("__import__('os').getpid()",))

    assert speccache._decode_model(pickle.dumps((Evil(), []), protocol=5)) is None  # a pickle is no entry now
    assert speccache._decode_model(b'{"t":[{"c":["builtins","print",[]]},[]]}') is None  # not a dataclass
    assert speccache._decode_model(b'{"t":[{"c":["os","stat_result",[]]},[]]}') is None  # not toolgen's
    assert speccache._decode_model(b'{"t":[{"c":["codegen.errors","Diagnostic",[]]},[]]}') is None  # not a tool
    assert speccache._decode_model(b"[" * 100_000 + b"]" * 100_000) is None  # nested too deeply
    tools, _ = speccache._load_all([SPECS], LIMIT)
    assert speccache._decode_model(speccache._encode_model((tools[0], []))) == (tools[0], [])
