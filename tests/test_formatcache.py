"""toolgen's persistent cache (issue #6, item 3): a damaged, locked or missing cache makes a run slower, never
different; black through the pool is black."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import black
import pytest

from codegen.targets.python import target as python_target
from codegen.cache import store as cachestore

from .support import REPO

UGLY = [
    "x = {'a':1,'b':[1,2,3]}\n",
    "def f(a,b):\n  return a+b\n",
    "class A(BaseModel):\n    name: str|None=Field(default=None,alias='the-name',description='A name that is long enough to wrap the line')\n",
    '"""Doc."""\nimport os\nprint( os.sep )\n',
]


def _black(text: str) -> str:
    return black.format_str(text, mode=python_target.black_mode())


@pytest.fixture()
def cache(tmp_path, monkeypatch):
    """A private, empty cache folder; no store open in this process either."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("TOOLGEN_CACHE_DIR", str(folder))
    monkeypatch.delenv("TOOLGEN_NO_CACHE", raising=False)
    monkeypatch.setattr(cachestore, "_STORES", {})
    return folder


def _forget_memory(monkeypatch):
    monkeypatch.setattr(cachestore, "_STORES", {})


def _rows(folder: Path, table: str = "format") -> list[tuple]:
    with sqlite3.connect(folder / cachestore.FILE_NAME) as connection:
        return connection.execute(f"SELECT key, value, checksum, used FROM {table}").fetchall()


ENTRIES = {bytes([n]) * 32: f"value {n}".encode() for n in range(4)}


def _store_entries() -> None:
    store = cachestore.open_store()
    if store is not None:
        store.put_many("format", ENTRIES)


def _read_entries() -> dict[bytes, bytes]:
    store = cachestore.open_store()
    return store.get_many("format", list(ENTRIES)) if store is not None else {}


def test_results_are_blacks_own():
    assert python_target.format_python(UGLY) == [_black(text) for text in UGLY]


def test_a_damaged_value_is_not_used(cache, monkeypatch):
    _store_entries()
    with sqlite3.connect(cache / cachestore.FILE_NAME) as connection:
        connection.execute("UPDATE format SET value = ?", [b"tampered"])
    _forget_memory(monkeypatch)
    assert _read_entries() == {}


def test_a_file_that_is_no_database_is_moved_aside(cache):
    cache.mkdir()
    (cache / cachestore.FILE_NAME).write_bytes(b"this is not an SQLite file" * 100)
    _store_entries()  # harmless: the file is set aside
    assert set(_read_entries().items()) <= set(ENTRIES.items())
    assert (cache / f"{cachestore.FILE_NAME}.corrupt").exists()


def test_a_truncated_database_is_harmless(cache, monkeypatch):
    _store_entries()
    path = cache / cachestore.FILE_NAME
    path.write_bytes(path.read_bytes()[:1500])
    _forget_memory(monkeypatch)
    assert set(_read_entries().items()) <= set(ENTRIES.items())
    _store_entries()


def test_the_cache_does_not_flush_each_commit(cache):
    """Commits are not flushed to disk (cachestore: a power cut can only lose or damage cache entries, and the two
    tests above show both are harmless)."""
    _store_entries()
    store = cachestore.open_store()
    assert store is not None and store._connection is not None
    assert store._connection.execute("PRAGMA synchronous").fetchone() == (0,)


def test_a_locked_database_only_costs_time(cache, monkeypatch):
    monkeypatch.setattr(cachestore, "LOCK_TIMEOUT_S", 0.05)
    _store_entries()
    _forget_memory(monkeypatch)
    holder = sqlite3.connect(cache / cachestore.FILE_NAME, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another run in the middle of writing
    try:
        assert set(_read_entries().items()) <= set(ENTRIES.items())
        _store_entries()
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_an_unwritable_cache_folder_only_costs_time(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache folder would go")
    monkeypatch.setenv("TOOLGEN_CACHE_DIR", str(blocker / "cache"))
    monkeypatch.setattr(cachestore, "_STORES", {})
    _store_entries()
    assert _read_entries() == {}


def test_no_cache_means_no_file(tmp_path, monkeypatch):
    monkeypatch.setenv("TOOLGEN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("TOOLGEN_NO_CACHE", "1")
    assert cachestore.open_store() is None
    assert not (tmp_path / "cache").exists()


def test_concurrent_runs_share_the_file(cache):
    """Four processes store different entries at the same moment; none fails, and what is stored is right."""
    script = textwrap.dedent(
        """
        import sys
        from codegen.cache import store as cachestore
        n = int(sys.argv[1])
        entries = {bytes([n, i]) * 16: f"value {n} {i}".encode() for i in range(60)}
        store = cachestore.open_store()
        store.put_many("format", entries)
        assert set(store.get_many("format", list(entries)).items()) <= set(entries.items())
        """
    )
    env = {**_env(), "TOOLGEN_CACHE_DIR": str(cache), "TOOLGEN_NO_POOL": "1"}
    runs = [
        subprocess.Popen([sys.executable, "-c", script, str(n)], cwd=REPO, env=env, stderr=subprocess.PIPE)
        for n in range(4)
    ]
    for run in runs:
        assert run.wait(timeout=120) == 0, run.stderr.read().decode()
    rows = _rows(cache)
    assert rows, "at least one run stored its entries"
    for key, value, checksum, _ in rows:
        assert cachestore._check(key, value) == checksum


def test_the_pool_gives_the_same_results(cache, monkeypatch):
    from codegen.cache import forkpool

    monkeypatch.setattr(forkpool, "workers_for", lambda items, least: 2)  # two workers even on a one-core machine
    pooled = []
    real = forkpool.run
    monkeypatch.setattr(forkpool, "run", lambda *a, **k: pooled.append(real(*a, **k)) or pooled[-1])
    texts = [f"{text}# variant {n}\n" for n in range(5) for text in UGLY]
    assert python_target.format_python(texts) == [_black(text) for text in texts]
    assert pooled and pooled[0] is not None, "the pool ran"


def test_pruning_keeps_the_most_recently_used(cache, monkeypatch):
    monkeypatch.setattr(cachestore, "MAX_ENTRIES", 10)
    store = cachestore.open_store()
    store.put_many("format", {bytes([n]) * 32: b"old" for n in range(10)})
    with sqlite3.connect(cache / cachestore.FILE_NAME) as connection:
        connection.execute("UPDATE format SET used = 1")
    store.put_many("format", {b"\xff" * 32: b"new"})
    keys = {row[0] for row in _rows(cache)}
    assert b"\xff" * 32 in keys and len(keys) <= 10


def _env() -> dict[str, str]:
    import os

    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    return env


def test_pruning_bounds_the_bytes_too(cache, monkeypatch):
    monkeypatch.setattr(cachestore, "MAX_BYTES", 10_000)
    monkeypatch.setattr(cachestore, "_PRUNE_AFTER_BYTES", 0)
    store = cachestore.open_store()
    for n in range(8):  # 3 KB each, used at times 0, 1, 2, …: the oldest go once 10 KB are exceeded
        store.put_many("format", {bytes([n]) * 32: bytes([n]) * 3000})
        with sqlite3.connect(cache / cachestore.FILE_NAME) as connection:
            connection.execute("UPDATE format SET used = ? WHERE key = ?", [n, bytes([n]) * 32])
    keys = {row[0] for row in _rows(cache)}
    assert sum(len(row[1]) for row in _rows(cache)) <= 10_000
    assert keys == {bytes([n]) * 32 for n in (5, 6, 7)}  # pruned to 90 % of the limit, oldest first
