"""Validate the few specs a run needs in a forked child, while the parent imports the rest of the pipeline.

After one spec of a large project changed, a run spends more time importing pydantic and the spec models (to
validate that one spec) than on anything else, and the parent process has other work to do first (the no-change
fast path, then importing Jinja2 and the six targets). So as soon as the CLI has its settings, before the fast
path, it forks a child (`start`). The child finds the specs the output folder's manifest does not vouch for (those
that changed since the last run), parses and validates them, and sends back what toolgen's spec cache would store
for each (the pickled model and its head) under its spec cache key, then exits. Meanwhile the parent looks for
changes and, when there are some, imports everything else. When the parent reaches those specs, it takes the
child's entries for exactly the keys it computed itself (`take`): a key digests the file's bytes, its shown path,
the size limit and toolgen's code and dependencies, so an entry made from other bytes can never be taken. When the
fast path proves that nothing changed, the child (which found no changed spec either, and imported no validator)
is stopped and reaped (`discard`); so is one whose run ended otherwise, when the command exits.

Anything unusual means the parent validates as it always did, and reports any error as it always did: no fork
here (only Linux forks; a threaded host program; one core; TOOLGEN_NO_POOL), more specs than a pool is worth
(the parent's process pool is faster), an invalid spec, or a child that failed.
"""

from __future__ import annotations

import os
import pickle
import signal
import sys
import threading
from pathlib import Path
from typing import Any

# the child started for this process's run, until its entries are taken
_child: _Child | None = None


class _Child:
    def __init__(self, pid: int, reader: int):
        self.pid = pid
        self.reader = reader

    def discard(self) -> None:
        """Stop the child if it still runs, and reap it."""
        try:
            os.kill(self.pid, signal.SIGKILL)
        except OSError:  # it has already finished
            pass
        os.close(self.reader)
        os.waitpid(self.pid, 0)

    def entries(self) -> dict[bytes, tuple[bytes, bytes]]:
        """What the child sent (waiting for it to finish); empty when it failed or had nothing to send."""
        chunks = []
        try:
            while True:
                chunk = os.read(self.reader, 1 << 20)
                if not chunk:
                    break
                chunks.append(chunk)
        finally:
            os.close(self.reader)
            _, status = os.waitpid(self.pid, 0)
        if status != 0 or not chunks:
            return {}
        from .cachestore import unpickle_dataclasses

        try:  # a dict of bytes: no class may be named (unpickle_dataclasses accepts none here)
            found = unpickle_dataclasses(b"".join(chunks), lambda module: False)
        except Exception:  # noqa: BLE001 - anything unreadable means: validate in the parent
            return {}
        if not isinstance(found, dict):
            return {}
        return {
            key: value
            for key, value in found.items()
            if isinstance(key, bytes)
            and isinstance(value, tuple)
            and len(value) == 2
            and all(isinstance(part, bytes) for part in value)
        }


def start(paths: list[Path], max_spec_bytes: int, out: Path) -> None:
    """Fork the child for a run over `paths` into `out`, when this process can; otherwise do nothing."""
    global _child
    discard()  # a run that never took its child's entries (nothing was missing, or it failed)
    if not _can_fork():
        return
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.close(reader)
        _detach_standard_streams()
        status = 1
        try:
            _send(writer, _entries(paths, max_spec_bytes, out))
            status = 0
        finally:
            # no interpreter clean-up: the parent's buffers, cache connection and exit code stay its own
            os._exit(status)
    os.close(writer)
    _child = _Child(pid, reader)


def discard() -> None:
    """Stop and reap the child, if there is one: its run needs nothing from it."""
    global _child
    child, _child = _child, None
    if child is not None:
        child.discard()


def take(wanted: dict[str, bytes]) -> dict[str, tuple[bytes, bytes]]:
    """The child's (pickled model, encoded head) for each wanted spec (shown path → spec cache key) it validated
    under exactly that key. The first call waits for the child; later calls get nothing."""
    global _child
    child, _child = _child, None
    if child is None:
        return {}
    found = child.entries()
    return {shown: found[key] for shown, key in wanted.items() if key in found}


def _detach_standard_streams() -> None:
    """Point the child's stdin, stdout and stderr at the null device: it must never write to the caller's streams
    (a warning raised while importing), nor hold a caller's pipe open after the parent has finished.
    """
    null = os.open(os.devnull, os.O_RDWR)
    for stream in (0, 1, 2):
        os.dup2(null, stream)
    os.close(null)


def _can_fork() -> bool:
    if sys.platform != "linux" or threading.active_count() > 1 or os.environ.get("TOOLGEN_NO_POOL"):
        return False
    try:
        return len(os.sched_getaffinity(0)) > 1
    except OSError:
        return False


def _entries(paths: list[Path], max_spec_bytes: int, out: Path) -> dict[bytes, tuple[bytes, bytes]]:
    from . import speccache
    from .manifest import Recorded

    return speccache.missing_entries(
        paths, max_spec_bytes, Recorded.load(out), speccache.POOL_MIN_SPECS - 1
    )


def _send(writer: int, entries: Any) -> None:
    view = memoryview(pickle.dumps(entries, protocol=pickle.HIGHEST_PROTOCOL))
    while view:
        view = view[os.write(writer, view) :]
    os.close(writer)
