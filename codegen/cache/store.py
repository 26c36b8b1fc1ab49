"""toolgen's persistent cache: one SQLite file in the user's cache folder, shared by every run and every project.

It holds content-addressed results that are expensive to recompute and cheap to verify: a spec file's validated
intermediate model and its head (`speccache`), a tool's finished output file per target, and a folder's naming
records and shared files per target (`incremental`). Every key is a SHA-256 over everything the value depends on,
so a hit is
only ever the value a fresh computation would produce; nothing here decides whether an output folder is current
(that is the manifest's job).

Never trusted blindly:
- each value is stored with a digest of (key, value) and a value whose digest does not match is ignored;
- a file that is not a readable database, a locked database, a full disk or a read-only folder make the cache
  behave as empty (reads) or do nothing (writes): the run is then as slow as without a cache, never wrong;
- concurrent runs are serialised by SQLite's own locking; a run that cannot get the write lock within a moment
  skips storing its new entries;
- commits are not flushed to disk (`synchronous = OFF`): after a power cut an entry may be lost (a miss) or the
  file damaged (moved aside, as above);
- every value is plain data in one encoding (codec.py: JSON, with tags for tuples, dicts and toolgen's own
  dataclasses), read back without running any code: a tampered entry is a miss, never code that runs.

Read only (`read_only`): the commands that promise to write nothing (`check`, `validate`, `breaking`,
`docs --check`) read the cache but never create, change or repair it, nor the compiled templates beside it.

Where: `$TOOLGEN_CACHE_DIR`, else the platform's user cache folder (`$XDG_CACHE_HOME/toolgen`, `~/.cache/toolgen`,
`~/Library/Caches/toolgen`, `%LOCALAPPDATA%\\toolgen\\Cache`). `TOOLGEN_NO_CACHE=1` turns it off. The folder is created
private to the user (mode 0700): it holds what the user's specs say. Size is bounded: beyond MAX_ENTRIES or
MAX_BYTES per table the least recently used entries are dropped.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import sqlite3
import sys
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any
from pathlib import Path

from ..output.notes import note

FILE_NAME = "cache-v1.sqlite3"
TABLES = ("format", "spec", "render", "plan")  # fixed names: never interpolated from input
# Per table. A project of 1000 specs needs about 1000 models (3 MB), 6000 finished files (32 MB, stored raw: see
# incremental._encode), six folders' naming records (6 MB), 8000 TypeScript layouts (3 MB) and, where black runs at
# all, its results; a test suite that feeds thousands of random specs must not grow the file without end. The byte
# limit fits about as many finished files as the entry limit (~8,000 specs' worth), so that a large project's files
# are not dropped by one limit long before the other.
MAX_ENTRIES = 50_000
MAX_BYTES = 256 * 1024 * 1024
_PRUNE_AFTER_BYTES = 256 * 1024  # check the size after a write of this much (a cheap scan of the record headers)
LOCK_TIMEOUT_S = 2.0
TOUCH_AFTER_S = 24 * 3600  # refresh an entry's last-use time at most once a day (hits stay read-only)
_CHUNK = 500  # keys per query, below SQLite's host-parameter limit on every version


_read_only = False


@contextmanager
def read_only(on: bool = True) -> Iterator[None]:
    """While held (with `on`), every store is read and never written or created (see the module's docstring)."""
    global _read_only
    was, _read_only = _read_only, _read_only or on
    try:
        yield
    finally:
        _read_only = was


def writable() -> bool:
    return not _read_only


def cache_dir() -> Path | None:
    """The cache folder, or None when caching is turned off."""
    if os.environ.get("TOOLGEN_NO_CACHE", "").strip().lower() in {"1", "true", "yes"}:
        return None
    configured = os.environ.get("TOOLGEN_CACHE_DIR")
    if configured:
        return Path(configured)
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA")
        return Path(base) / "toolgen" / "Cache" if base else None
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "toolgen"
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".cache") / "toolgen"


def digest(*parts: bytes) -> bytes:
    """SHA-256 over length-prefixed parts, so no two different part lists can share a key."""
    hasher = hashlib.sha256()
    for part in parts:
        hasher.update(len(part).to_bytes(8, "big"))
        hasher.update(part)
    return hasher.digest()


def _check(key: bytes, value: bytes) -> bytes:
    return digest(b"check", key, value)[:16]


_SQLITE_CORRUPT, _SQLITE_NOTADB = 11, 26


def _is_damaged(error: sqlite3.Error) -> bool:
    """The file is no usable database (as opposed to busy, locked, read-only or full)."""
    code = getattr(error, "sqlite_errorcode", None)
    return code is not None and code & 0xFF in (_SQLITE_CORRUPT, _SQLITE_NOTADB)


class Store:
    """Key → bytes tables in one SQLite file. Every method swallows storage errors: a cache can only be missing."""

    def __init__(self, path: Path):
        self.path = path
        self._connection: sqlite3.Connection | None = None
        self._broken = False
        self._read_only = False  # how `_connection` was opened

    def _connect(self) -> sqlite3.Connection | None:
        if self._read_only != _read_only:  # the other mode: open the file again
            self._close()
            self._broken, self._read_only = False, _read_only
        if self._connection is not None or self._broken:
            return self._connection
        connection = None
        try:
            if self._read_only:
                uri = f"{self.path.absolute().as_uri()}?mode=ro"
                self._connection = sqlite3.connect(uri, uri=True, timeout=LOCK_TIMEOUT_S, isolation_level=None)
                return self._connection
            self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            connection = sqlite3.connect(self.path, timeout=LOCK_TIMEOUT_S, isolation_level=None)
            connection.execute("PRAGMA auto_vacuum = INCREMENTAL")  # takes effect in a new file: pruning shrinks it
            # No flush to disk per commit (a first run commits ~10 MB in ~20 transactions; the flushes cost ~40 ms).
            # A power cut can then lose recent entries or damage the file: a lost entry is a miss, every value is
            # checked against its checksum, and a damaged file is moved aside and rebuilt.
            connection.execute("PRAGMA synchronous = OFF")
            for table in TABLES:
                connection.execute(
                    f"CREATE TABLE IF NOT EXISTS {table} "
                    "(key BLOB PRIMARY KEY, value BLOB NOT NULL, checksum BLOB NOT NULL, used INTEGER NOT NULL)"
                )
        except (sqlite3.Error, OSError) as error:
            if connection is not None:
                connection.close()
            if isinstance(error, sqlite3.Error) and _is_damaged(error):
                self._replace_unreadable_file()
            self._broken = True
            return None
        self._connection = connection
        return connection

    def _replace_unreadable_file(self) -> None:
        """A file that is not a database (truncated, overwritten) is moved aside once; this run goes uncached."""
        self._broken = True
        note(f"ignored {self.path.as_posix()}: not a database" + ("" if self._read_only else "; moved aside"))
        if self._read_only:
            return
        try:
            os.replace(self.path, self.path.with_name(f"{self.path.name}.corrupt"))
        except OSError:
            pass

    def get_many(self, table: str, keys: Iterable[bytes]) -> dict[bytes, bytes]:
        """The verified values of those `keys` that are stored (a damaged entry counts as absent)."""
        wanted = list(dict.fromkeys(keys))
        found: dict[bytes, tuple[bytes, int]] = {}
        for start in range(0, len(wanted), _CHUNK):
            chunk = wanted[start : start + _CHUNK]
            rows = self._select(table, f"key IN ({','.join('?' * len(chunk))})", chunk)
            if rows is None:
                return {}
            found.update(rows)
        self.touch(table, [key for key, (_, used) in found.items() if used < time.time() - TOUCH_AFTER_S])
        return {key: value for key, (value, _) in found.items()}

    def touch(self, table: str, keys: list[bytes]) -> None:
        """Mark entries as used now (for the least-recently-used pruning); only worth it for old marks."""
        if keys:
            self._write(f"UPDATE {table} SET used = ? WHERE key = ?", [(int(time.time()), key) for key in keys])

    def _select(self, table: str, where: str, params: list) -> dict[bytes, tuple[bytes, int]] | None:
        assert table in TABLES
        connection = self._connect()
        if connection is None:
            return None
        found: dict[bytes, tuple[bytes, int]] = {}
        try:
            rows = connection.execute(f"SELECT key, value, checksum, used FROM {table} WHERE {where}", params)
            for key, value, checksum, used in rows.fetchall():
                # a row this code did not write, or a damaged one: a miss, overwritten when stored again
                if isinstance(value, bytes) and isinstance(used, int) and _check(key, value) == checksum:
                    found[bytes(key)] = (value, used)
                else:
                    note(f"ignored damaged entries of {self.path.as_posix()} ({table})")
        except sqlite3.Error as error:
            if _is_damaged(error):
                self._close()
                self._replace_unreadable_file()
            return None
        return found

    def put_many(self, table: str, items: dict[bytes, bytes]) -> None:
        assert table in TABLES
        if not items or self._connect() is None:
            return
        now = int(time.time())
        rows = [(key, value, _check(key, value), now) for key, value in items.items()]
        written = self._write(f"INSERT OR REPLACE INTO {table} (key, value, checksum, used) VALUES (?, ?, ?, ?)", rows)
        if written and (len(rows) >= MAX_ENTRIES // 100 or sum(len(v) for v in items.values()) >= _PRUNE_AFTER_BYTES):
            self._prune(table)

    def _write(self, statement: str, rows: list[tuple]) -> bool:
        connection = self._connect()
        if connection is None or self._read_only:
            return False
        try:
            connection.execute("BEGIN IMMEDIATE")
            try:
                connection.executemany(statement, rows)
                connection.execute("COMMIT")
            except BaseException:
                connection.execute("ROLLBACK")
                raise
        except sqlite3.Error:  # locked by another run for too long, disk full, read-only: skip storing
            return False
        return True

    def _prune(self, table: str) -> None:
        """Beyond MAX_ENTRIES or MAX_BYTES, drop the least recently used entries, down to 90 % of the limits."""
        connection = self._connect()
        if connection is None:
            return
        try:
            count, size = connection.execute(f"SELECT count(*), total(length(value)) FROM {table}").fetchone()
            if count <= MAX_ENTRIES and size <= MAX_BYTES:
                return
            doomed, rows_left, bytes_left = [], count, size
            for key, length in connection.execute(f"SELECT key, length(value) FROM {table} ORDER BY used"):
                if rows_left <= MAX_ENTRIES * 0.9 and bytes_left <= MAX_BYTES * 0.9:
                    break
                doomed.append((key,))
                rows_left, bytes_left = rows_left - 1, bytes_left - length
        except sqlite3.Error:
            return
        if self._write(f"DELETE FROM {table} WHERE key = ?", doomed):
            try:
                connection.execute("PRAGMA incremental_vacuum")
            except sqlite3.Error:
                pass

    def _close(self) -> None:
        if self._connection is not None:
            try:
                self._connection.close()
            except sqlite3.Error:
                pass
        self._connection = None

    def close(self) -> None:
        self._close()


_STORES: dict[Path, Store] = {}


def open_store() -> Store | None:
    """The store of the current cache folder (one per folder and process), or None when caching is off."""
    folder = cache_dir()
    if folder is None:
        return None
    path = folder / FILE_NAME
    if path not in _STORES:
        _STORES[path] = Store(path)
    return _STORES[path]


# -- installed versions, for cache keys ---------------------------------------------------------------------------
# Cache keys name the versions of PyYAML, pydantic, Jinja2 and black, so a run that only hits the cache never imports
# them. `importlib.metadata` answers that, but importing it costs about as much as the rest of such a run's imports
# (its e-mail parser for METADATA files). An installed wheel is a `<name>-<version>.dist-info` folder on `sys.path`
# (the wheel format escapes `-` in both parts), so the version is in the folder's name: that is read first, in
# `sys.path` order as `importlib.metadata` searches, and anything else (an egg, an unusual layout) is asked of
# `importlib.metadata`.

_DIST_INFO = re.compile(r"^(?P<name>[^-]+)-(?P<version>[^-]+)\.dist-info$")


def installed_version(distribution: str) -> str | None:
    """The installed version of `distribution` (any spelling: `PyYAML`, `pydantic-core`), or None."""
    wanted = _normalised(distribution)
    for entry in sys.path:
        version = _dist_info_versions(entry or ".").get(wanted)
        if version is not None:
            return version
    from importlib import metadata

    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return None


def _normalised(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


@functools.cache
def _dist_info_versions(folder: str) -> dict[str, str]:
    """Normalised name → version of each `*.dist-info` folder in `folder` (the first of a name wins)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return {}
    versions: dict[str, str] = {}
    for name in sorted(names):
        match = _DIST_INFO.match(name)
        if match:
            versions.setdefault(_normalised(match["name"]), match["version"])
    return versions
