"""Formatting work that is paid for once: black spread over the cores for the many files of a first run, and a
persistent memo for toolgen's own pure layout functions (the TypeScript printer's statements).

black runs only where toolgen's own layout cannot vouch for its output (custom templates, a statement the layout
does not handle, an unverified black): each file is independent and pure CPU, so many at once run in a process
pool. Its results are not cached here: the finished files that contain them are (codegen.incremental), and a cache
of black's own answers saved under 20 % in every measured scenario (docs/decisions.md).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from typing import Any

from . import cachestore, forkpool

# The one description of the mode toolgen formats generated Python with: black's defaults (line length 88, string
# normalization, magic trailing commas) targeting Python 3.11.
BLACK_TARGET_VERSIONS = ("PY311",)
POOL_MIN_FILES = 48  # below this a pool's start-up (~0.1 s with fork, ~0.4 s with spawn) is not worth it
_MEMORY_LIMIT = 65536  # memo entries kept in memory per process; cleared when full


def black_mode() -> Any:
    import black

    return black.Mode(target_versions={black.TargetVersion[name] for name in BLACK_TARGET_VERSIONS})


def format_python(texts: Sequence[str]) -> list[str]:
    """`black.format_str(text, mode=black_mode())` for each text; in a process pool when there are many."""
    import black

    texts = list(texts)
    pooled = forkpool.run(_format_one, texts, forkpool.workers_for(len(texts), POOL_MIN_FILES), fork_only=False)
    if pooled is not None:
        return pooled
    mode = black_mode()
    return [black.format_str(text, mode=mode) for text in texts]


def _format_one(text: str) -> str:
    import black

    return black.format_str(text, mode=black_mode())


class Memo:
    """A persistent memo for one pure function, such as a layout engine: key bytes → text result.

    `namespace` must name everything besides the key that the result depends on (for toolgen's own printers: a
    hash of their source and the Unicode version). The namespace's stored entries are read in one query on first
    use; new results are written in batches and when the process exits.
    """

    _FLUSH_EVERY = 2048

    def __init__(self, namespace: bytes):
        self.namespace = namespace
        self.prefix = cachestore.digest(b"memo", namespace)[:8]  # all keys of a namespace share it: one range query
        self._memory: dict[bytes, str] | None = None
        self._stored_use: dict[bytes, int] = {}  # last-use time of entries read from the store
        self._pending: dict[bytes, bytes] = {}
        self._used: set[bytes] = set()
        self._exit_hook = False

    def _key(self, key: bytes) -> bytes:
        return self.prefix + cachestore.digest(b"memo", self.namespace, key)[:24]

    def _load(self) -> dict[bytes, str]:
        if self._memory is None:
            store = cachestore.open_store()
            stored = store.get_prefix("format", self.prefix) if store is not None else {}
            self._memory = {}
            for digest, (value, used) in stored.items():
                try:
                    self._memory[digest] = value.decode("utf-8")
                except UnicodeDecodeError:
                    continue
                self._stored_use[digest] = used
        return self._memory

    def get(self, key: bytes) -> str | None:
        digest = self._key(key)
        found = self._load().get(digest)
        if found is not None and digest in self._stored_use:
            self._used.add(digest)
            self._hook()
        return found

    def put(self, key: bytes, value: str) -> None:
        digest = self._key(key)
        memory = self._load()
        if len(memory) >= _MEMORY_LIMIT:
            memory.clear()
        memory[digest] = value
        self._pending[digest] = value.encode("utf-8")
        self._hook()
        if len(self._pending) >= self._FLUSH_EVERY:
            self.flush()

    def _hook(self) -> None:
        if not self._exit_hook:
            import atexit

            atexit.register(self.flush)
            self._exit_hook = True

    def flush(self) -> None:
        """Store new results, and mark the old ones this process used (at most once a day per entry)."""
        pending, self._pending = self._pending, {}
        horizon = int(time.time()) - cachestore.TOUCH_AFTER_S
        used = [key for key in self._used if self._stored_use.get(key, horizon) < horizon]
        self._used = set()
        store = cachestore.open_store() if pending or used else None
        if store is not None:
            store.put_many("format", pending)
            store.touch("format", used)
            self._stored_use.update((key, horizon + cachestore.TOUCH_AFTER_S) for key in used)


def source_namespace(*parts: str | bytes) -> bytes:
    """A memo namespace from source files' bytes (or other parts), Python's version and its Unicode database."""
    import unicodedata

    return cachestore.digest(
        f"python{sys.version_info[0]}.{sys.version_info[1]} unicode{unicodedata.unidata_version}".encode(),
        *(part if isinstance(part, bytes) else part.encode("utf-8") for part in parts),
    )
