"""black, paid for only once per distinct input: a content-addressed cache of its results, and a process pool for
the many files of a first run.

`black.format_str` costs 20–40 ms per generated module, about as much as everything else toolgen does for a spec
together. Its result depends only on the input text, black's version and the mode, so it is cached under
sha256(black version, mode, input): in memory for the process, and in toolgen's persistent cache (`cachestore`)
across runs and projects. A hit is black's own earlier answer to exactly that input; any other input, another black
version or another mode is a miss and runs black. black is imported only when something misses, so a run whose
Python files are all known never pays the ~0.2 s import.

When many files miss at once (a first run of a large project, a new black version) and the machine has more than
one core, black runs in a process pool: the files are independent, and black is pure CPU.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from typing import Any

from . import cachestore, forkpool

# The one description of the mode toolgen formats generated Python with: black's defaults (line length 88, string
# normalization, magic trailing commas) targeting Python 3.11. The cache key includes it, so changing it here
# changes the mode and the key together.
BLACK_TARGET_VERSIONS = ("PY311",)
POOL_MIN_FILES = 48  # below this a pool's start-up (~0.1 s with fork, ~0.4 s with spawn) is not worth it
_MEMORY_LIMIT = 8192  # entries kept in memory per process; cleared when full (tests render the same files often)

_memory: dict[bytes, str] = {}
_black_identity: bytes | None = None


def black_mode() -> Any:
    import black

    return black.Mode(target_versions={black.TargetVersion[name] for name in BLACK_TARGET_VERSIONS})


def _black_version() -> str:
    """The installed black's version, read from its metadata so that a run with only hits never imports black."""
    from .cachestore import installed_version

    version = installed_version("black")
    if version is None:
        import black

        return str(black.__version__)
    return version


def _identity() -> bytes:
    global _black_identity
    if _black_identity is None:
        described = f"black {_black_version()} target_versions={','.join(BLACK_TARGET_VERSIONS)}"
        _black_identity = source_namespace(described)
    return _black_identity


def cache_key(text: str) -> bytes:
    return cachestore.digest(b"black", _identity(), text.encode("utf-8"))


def format_python(texts: Sequence[str]) -> list[str]:
    """`black.format_str(text, mode=black_mode())` for each text, from the cache where it is known."""
    keys = [cache_key(text) for text in texts]
    results: dict[bytes, str] = {key: _memory[key] for key in keys if key in _memory}
    missing = [key for key in dict.fromkeys(keys) if key not in results]
    store = cachestore.open_store() if missing else None
    if store is not None:
        for key, value in store.get_many("format", missing).items():
            results[key] = value.decode("utf-8")
        missing = [key for key in missing if key not in results]
    if missing:
        text_of = dict(zip(keys, texts))
        computed = dict(zip(missing, _run_black([text_of[key] for key in missing])))
        results.update(computed)
        if store is not None and _black_matches_metadata():
            store.put_many("format", {key: value.encode("utf-8") for key, value in computed.items()})
    if len(_memory) + len(results) > _MEMORY_LIMIT:
        _memory.clear()
    _memory.update(results)
    return [results[key] for key in keys]


def _black_matches_metadata() -> bool:
    """Whether the black that ran is the one the key names (two installs on the path could disagree): only then
    are its results stored for other runs."""
    import black

    return str(black.__version__) == _black_version()


def _run_black(texts: list[str]) -> list[str]:
    import black

    mode = black_mode()
    pooled = forkpool.run(_format_one, texts, forkpool.workers_for(len(texts), POOL_MIN_FILES), fork_only=False)
    if pooled is not None:
        return pooled
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
        if len(memory) >= _MEMORY_LIMIT * 8:
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
