"""Bring an output folder in line with the planned files, touching only files toolgen generated.

A file is toolgen's when its first lines carry OWNERSHIP_MARKER (every template writes it into the header).

Guarantees (README "Guarantees" names the tests behind each):
- Writes are atomic. The invariant: at every moment, and after a crash or a power cut at any moment, every output
  path holds either its old complete content or its new complete content (or nothing, if it is new) — never a
  partial file. `apply` keeps it in three phases:
    1. stage: every changed file's new bytes go to a temporary file in the target's own folder
       (`.<name>.toolgen-<random>.tmp`; a rename across file systems would not be atomic) and are flushed to disk
       (fsync). No output has changed yet. Big batches are staged by a few threads: fsync releases
       the GIL, and concurrent fsyncs share journal commits, which makes thousands of them cheap.
    2. publish: only once every temporary file is complete and on disk, each is renamed over its target
       (`os.replace`, atomic on POSIX and Windows), in sorted path order.
    3. make the renames durable: each touched folder is flushed once (POSIX; Windows cannot open folders).
  A failure while staging (a full disk, a permission) removes every temporary file of the batch and changes no
  output. A failure while publishing (rare: the folder became read-only) leaves some outputs new and the rest old,
  each complete, and removes the temporary files not yet published. A killed run can leave temporary files or a
  mix of old and new complete files behind; the manifest is written last, so the next run takes the full path,
  removes the temporaries and rewrites what differs. New files get the usual permissions (0o666 less the umask).
- Only files whose content changed are written (unchanged files are not even opened for writing; a file that is
  the planned text with every LF as CRLF, as a checkout with core.autocrlf leaves it, is unchanged:
  codegen.lineendings); a path that
  holds a file toolgen did not create, a symbolic link, or anything below a symbolic link is never written
  (OwnershipError, nothing written at all).
- One run at a time per output root: `output_lock` holds `<out>/.toolgen/lock` (an OS file lock, released by the
  kernel even when the process is killed) from the comparison to the manifest, so concurrent runs queue up.
- toolgen's own state (lock, manifest) lives in `<out>/.toolgen/` (codegen.statefolder), which is neither an
  output nor foreign: only target folders are compared and scanned, and the state folder only for temporaries.
- Every planned path is a plain relative path below its target folder (`check_output_paths`).

Paths are handled as strings with `os` calls in the per-file loops: at 6,000 files pathlib's object overhead and
repeated stat calls cost more than the writes themselves.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from .errors import Diagnostic, OwnershipError
from .lineendings import canonical, holds
from .naming import WINDOWS_RESERVED_FILE_STEMS
from .statefolder import LOCK_NAME, STATE_FOLDER, ensure_state_folder, folder_problem, remove_legacy_files
from .ownership import (  # noqa: F401 - OWNERSHIP_MARKER and is_temporary are the writer's interface too
    HEAD_BYTES,
    OWNERSHIP_MARKER,
    TEMPORARY_INFIX,
    carries_marker,
    is_temporary,
)

# A temporary name must fit NAME_MAX (255 bytes) even for the longest output name `_SAFE_SEGMENT` allows.
_TEMP_NAME_KEEP = 200
# A path segment every file system takes: ASCII letters, digits, '_', '-', '.'; no leading dot (hidden files,
# '.', '..'), no trailing dot (Windows drops it), at most 255 bytes.
# \Z, not $: `$` also matches before a final newline
_SAFE_SEGMENT = re.compile(r"^[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,253}[A-Za-z0-9_])?\Z")
# Staging threads for a big batch. Medians for 6,006 files on a 2-core ext4 VM under load: 1 thread 2.2 s,
# 2 threads 1.3-2.2 s, 8 threads 1.1 s, 32 threads 1.3 s (fsync waits on the disk, not the CPU). One `syncfs` for
# the whole batch was no faster (1.5 s), is Linux-only and flushes everyone else's writes on that file system too.
_STAGE_THREADS = 8
# Fewer files than this are staged in the calling thread: starting threads costs more than they save on a few files
# (measured with the thread pool used before: ~10 ms, about what it saved on 50 files; 6 files: 1.7 ms here, 13.5 ms).
_THREADS_FROM = 64
# Create a new file, never follow or reuse an existing one; binary on Windows; not inherited by child processes.
_CREATE_FLAGS = (
    os.O_WRONLY
    | os.O_CREAT
    | os.O_EXCL
    | getattr(os, "O_BINARY", 0)
    | getattr(os, "O_NOINHERIT", 0)
    | getattr(os, "O_CLOEXEC", 0)
)


def is_generated(path: Path) -> bool:
    try:
        with open(path, "rb") as handle:
            head = handle.read(HEAD_BYTES)
    except OSError:
        return False
    return carries_marker(head)


@dataclass
class Changes:
    """What differs between the planned outputs and the folder (paths relative to the output root)."""

    written: list[str] = field(default_factory=list)  # new or changed
    unchanged: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)  # generated earlier, no longer produced
    old_text: dict[str, str | None] = field(default_factory=dict)  # for diffs; None = did not exist
    temporaries: list[str] = field(default_factory=list)  # left by a killed run; removed by `apply`
    left: list[str] = field(default_factory=list)  # other tools' files, left as they are (PATHs named some)

    @property
    def missing(self) -> list[str]:
        """Written files that did not exist (the rest of `written` existed and were stale)."""
        return [path for path in self.written if self.old_text.get(path, "") is None]

    @property
    def stale(self) -> bool:
        return bool(self.written or self.removed)


def _walk_real(base: str, relative: str) -> Iterator[tuple[str, str]]:
    """(path, path relative to the output root) of every regular file below `base`, never descending into or
    yielding a symbolic link; FIFOs, sockets and devices are skipped too (opening a FIFO would block).
    """
    try:
        entries = list(os.scandir(base))
    except OSError:
        return
    for entry in entries:
        child = f"{relative}/{entry.name}"
        if entry.is_dir(follow_symlinks=False):
            yield from _walk_real(entry.path, child)
        elif entry.is_file(follow_symlinks=False):
            yield entry.path, child


def _scan(root: Path, folders: list[str], planned: set[str]) -> tuple[set[str], list[str]]:
    """toolgen's files below the target folders that are not planned (orphans to remove), and its temporary
    files there, in the state folder (the manifest's) and in the output root (where versions before the state
    folder staged their manifest), in one walk that never follows a link. Planned files were already read by
    `compare`, so only the others are opened to look for the marker."""
    owned: set[str] = set()
    temporaries: set[str] = set()
    for folder, prefix in ((root, ""), (root / STATE_FOLDER, f"{STATE_FOLDER}/")):
        if folder is not root and os.path.islink(folder):
            continue
        try:
            entries = list(os.scandir(folder))
        except OSError:
            entries = []
        for entry in entries:
            if is_temporary(entry.name) and entry.is_file(follow_symlinks=False):
                temporaries.add(prefix + entry.name)
    for folder in folders:
        base = os.path.join(root, folder)
        if os.path.islink(base):
            continue
        for path, relative in _walk_real(base, folder):
            if is_temporary(os.path.basename(path)):
                temporaries.add(relative)
            elif relative not in planned and is_generated(Path(path)):
                owned.add(relative)
    return owned, sorted(temporaries)


def _blocked_folders(root: Path, planned: Iterable[str]) -> list[Diagnostic]:
    """Folders on the way to a planned file that are symbolic links (writing there could land anywhere) or are
    not folders at all. The output root itself may be a link: the user named it. Each folder is looked at once.
    """
    problems: dict[str, Diagnostic] = {}
    if root.exists() and not root.is_dir():
        return [Diagnostic(root.as_posix(), 1, 1, "the output root exists and is not a folder")]
    status: dict[str, str] = {}  # folder relative to the root → "ok", "missing" or "bad"
    for relative in planned:
        parts = relative.split("/")[:-1]
        for depth in range(1, len(parts) + 1):
            folder = "/".join(parts[:depth])
            if folder not in status:
                status[folder] = _folder_status(root / folder, problems)
            if status[folder] != "ok":
                break
    return list(problems.values())


def _folder_status(path: Path, problems: dict[str, Diagnostic]) -> str:
    folder = path.as_posix()
    try:
        mode = os.lstat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return "missing"
    if stat.S_ISLNK(mode):
        problems[folder] = Diagnostic(
            folder, 1, 1, "is a symbolic link; toolgen never writes through links (it could point "
            "outside the output folder): replace it with a real folder or delete it"  # fmt: skip
        )
        return "bad"
    if not stat.S_ISDIR(mode):
        problems[folder] = Diagnostic(
            folder, 1, 1, "exists and is not a folder; toolgen needs a folder here"
        )
        return "bad"
    return "ok"


def _read_existing(path: str) -> bytes | None:
    """The bytes of the regular file at `path` (one lstat, one read); None when nothing is there. Raises
    `_NotRegular` for a link, a folder or anything else that is not a regular file."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return None
    if not stat.S_ISREG(mode):
        raise _NotRegular(path)
    with open(path, "rb") as handle:
        return handle.read()


class _NotRegular(Exception):
    pass


def compare(
    root: Path,
    planned: Mapping[str, str],
    folders: list[str],
    on_disk: Collection[str] = (),
    leave: Collection[str] = (),
) -> Changes:
    """What `apply` would do. Raises OwnershipError when a planned path holds a file toolgen did not write.

    `leave` names planned paths that this run neither compares nor writes (the files of tools the command line
    did not name): they are listed in `Changes.left`, and, being planned, are never removed.

    `on_disk` names planned paths the caller has already proven to hold exactly their planned text (a stat
    signature recorded in the manifest): they count as unchanged without being read, and their text is never
    asked of `planned` (which may then be a lazy mapping). Every other planned path is read once."""
    changes = Changes()
    names = set(planned)  # `in` on a plain set: a lazy Mapping's `__contains__` could read the file
    foreign: list[Diagnostic] = _blocked_folders(root, planned)  # iterates keys only, in plan order
    if foreign:
        raise OwnershipError(foreign)
    base = os.fspath(root)
    changes.left = sorted(path for path in leave if path in names)
    for relative in sorted(names.difference(leave)):
        if relative in on_disk:
            changes.unchanged.append(relative)
            continue
        try:
            current = _read_existing(os.path.join(base, relative))
        except _NotRegular:
            foreign.append(
                Diagnostic(
                    Path(os.path.normpath(root / relative)).as_posix(),  # `../docs/tools.md` too
                    1,
                    1,
                    "exists and is not a regular file; toolgen will not replace it",
                )
            )
            continue
        if current is None:
            changes.written.append(relative)
            changes.old_text[relative] = None
            continue
        if not carries_marker(current):
            foreign.append(
                Diagnostic(
                    Path(os.path.normpath(root / relative)).as_posix(),  # `../docs/tools.md` too
                    1,
                    1,
                    "exists but was not generated by toolgen (no header marker); "
                    "move it away or delete it, toolgen never overwrites files it did not create",
                )
            )
            continue
        if holds(current, planned[relative].encode("utf-8")):  # a CRLF checkout is up to date
            changes.unchanged.append(relative)
        else:
            changes.written.append(relative)
            # diffs compare canonical forms: a stale CRLF file shows its real change, not every line
            changes.old_text[relative] = canonical(current).decode("utf-8", errors="replace")
    if foreign:
        raise OwnershipError(foreign)
    orphans, changes.temporaries = _scan(root, folders, names)
    changes.removed = sorted(orphans)
    for relative in changes.removed:
        changes.old_text[relative] = (root / relative).read_text("utf-8", errors="replace")
    return changes


# -- atomic writes ----------------------------------------------------------------------------------------------


def _temporary_path(path: str, token: str) -> str:
    folder, name = os.path.split(path)
    return os.path.join(folder, f".{name[:_TEMP_NAME_KEEP]}{TEMPORARY_INFIX}{token}.tmp")


def _new_token() -> str:
    return os.urandom(6).hex()


def _stage(path: str, data: bytes, token: str) -> str:
    """Write `data` to a new temporary file beside `path` and flush it to disk; returns its path. On any failure
    the temporary file is gone again."""
    temporary = _temporary_path(path, token)
    try:
        descriptor = os.open(temporary, _CREATE_FLAGS, 0o666)
    except FileExistsError:
        # A killed run's file with the same random token, or a name sharing the first _TEMP_NAME_KEEP
        # characters in this batch: take a fresh token.
        return _stage(path, data, _new_token())
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(descriptor, view) :]
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
    except BaseException:
        _unlink_quietly(temporary)
        raise
    return temporary


def _unlink_quietly(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def atomic_write(path: Path, text: str) -> None:
    """Replace `path` with `text` so that no reader and no crash ever sees a partial file.

    The temporary file is in the same folder (a rename across file systems is not atomic) and is flushed to disk
    before the rename, the folder entry after it (`write_batch`, for many files, leaves that to its caller).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    target = os.fspath(path)
    temporary = _stage(target, text.encode("utf-8"), _new_token())
    try:
        os.replace(temporary, target)
    except BaseException:
        _unlink_quietly(temporary)
        raise
    _sync_folder(path.parent)


def write_batch(root: Path, files: dict[str, str]) -> set[Path]:
    """Atomically replace every `root/<relative>` with its text, in the three phases the module docstring
    describes (stage all and flush, then rename all). Returns the folders whose entries changed (including
    parents of folders it created); the caller flushes them with `_sync_folder` once its other changes are in.
    """
    base = os.fspath(root)
    ordered = sorted(files)
    targets = [os.path.join(base, *relative.split("/")) for relative in ordered]
    touched = _make_folders(base, {os.path.dirname(target) for target in targets})
    token = _new_token()
    jobs = [(target, files[relative].encode("utf-8")) for target, relative in zip(targets, ordered)]
    temporaries = _stage_all(jobs, token)
    published = 0
    try:
        for temporary, target in zip(temporaries, targets):
            os.replace(temporary, target)
            published += 1
    except BaseException:
        _remove_staged(temporaries[published:])
        raise
    touched.update(os.path.dirname(target) for target in targets)
    return {Path(folder) for folder in touched}


def _make_folders(base: str, folders: set[str]) -> set[str]:
    """Create the missing `folders`; returns the parents whose entries changed because of it."""
    changed: set[str] = set()
    for folder in sorted(folders):
        if os.path.isdir(folder):
            continue
        missing = []
        while folder not in ("", base) and not os.path.isdir(folder):
            missing.append(folder)
            folder = os.path.dirname(folder)
        for created in reversed(missing):
            os.makedirs(created, exist_ok=True)
            changed.add(os.path.dirname(created))
    return changed


def _stage_all(jobs: list[tuple[str, bytes]], token: str) -> list[str]:
    """Stage every (target, data); the temporary paths in the same order. All or nothing: when one fails, the
    rest are not started, the temporary files already staged are removed, and the failure is raised.
    """
    if len(jobs) < _THREADS_FROM:
        staged: list[str] = []
        try:
            for target, data in jobs:
                staged.append(_stage(target, data, token))
        except BaseException:
            _remove_staged(staged)
            raise
        return staged
    return _stage_in_threads(jobs, token)


def _stage_in_threads(jobs: list[tuple[str, bytes]], token: str) -> list[str]:
    """`_stage_all` on _STAGE_THREADS threads, each staging every n-th job (neighbours, often alike in size, spread
    over the threads). One thread per share rather than one queued task per file: at 6006 files a task queue's
    bookkeeping cost as much CPU as the writes' own Python side (user time 0.3 s with it, 0.15 s without; wall
    0.83 → 0.59 s)."""
    import threading

    workers = min(_STAGE_THREADS, len(jobs))
    staged: list[str | None] = [None] * len(jobs)
    failures: list[BaseException] = []
    failed = threading.Event()

    def stage_share(first: int) -> None:
        try:
            for index in range(first, len(jobs), workers):
                if failed.is_set():
                    return  # another job failed: start no more
                target, data = jobs[index]
                staged[index] = _stage(target, data, token)
        except BaseException as error:
            failures.append(error)
            failed.set()

    threads = [
        threading.Thread(target=stage_share, args=(first,), name=f"toolgen-stage-{first}")
        for first in range(workers)
    ]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    except BaseException:  # interrupted while waiting: no thread may create a file after the clean-up
        failed.set()
        for thread in threads:
            if thread.ident is not None:
                thread.join()
        _remove_staged(staged)
        raise
    if failures:
        _remove_staged(staged)
        raise failures[0]  # the job that failed first
    return staged  # type: ignore[return-value]  # every job staged


def _remove_staged(staged: Sequence[str | None]) -> None:
    """Remove the temporary files of a batch that will not be published (None: a job never staged)."""
    for temporary in staged:
        if temporary is not None:
            _unlink_quietly(temporary)


def _sync_folder(folder: Path) -> None:
    """Make renames in `folder` durable (POSIX); where folders cannot be opened (Windows) there is nothing to do."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def apply(root: Path, planned: Mapping[str, str], changes: Changes) -> None:
    """Write what changed (`write_batch`: all flushed before any is renamed), remove toolgen's files that are no
    longer produced and a killed run's temporaries, then flush every touched folder once."""
    for relative in changes.temporaries:
        (root / relative).unlink(missing_ok=True)
    touched = write_batch(root, {relative: planned[relative] for relative in changes.written})
    for relative in changes.removed:
        path = root / relative
        path.unlink(missing_ok=True)
        touched.add(path.parent)
        parent = path.parent
        while parent != root and parent.is_dir() and not any(parent.iterdir()):
            parent.rmdir()
            touched.add(parent.parent)
            parent = parent.parent
    for folder in sorted(touched):
        _sync_folder(folder)


# -- one run at a time ------------------------------------------------------------------------------------------


@contextmanager
def output_lock(root: Path, exclusive: bool = True) -> Iterator[None]:
    """Hold `<root>/.toolgen/lock` while comparing and writing, so concurrent runs on one tree queue up.

    `generate` locks exclusively (creating the root, the state folder with its self-ignoring .gitignore, and the
    lock file, and removing the manifest and lock an older toolgen left in the root); `check` takes a shared lock,
    and only when the lock file exists, because it must not write anything. The lock is the operating system's
    (flock on POSIX, a byte-range lock on Windows), so a killed run never leaves a stale lock behind. The lock file
    is empty and is left in place: deleting it while another run waits would let a third run in beside it.
    """
    problem = folder_problem(root)
    if problem is not None:
        raise OwnershipError([Diagnostic((root / STATE_FOLDER).as_posix(), 1, 1, problem)])
    lock = root / LOCK_NAME
    if lock.is_symlink() or (lock.exists() and not lock.is_file()):
        raise OwnershipError(
            [
                Diagnostic(
                    lock.as_posix(),
                    1,
                    1,
                    "is not a regular file; toolgen will not use it as its lock",
                )
            ]
        )
    if not exclusive and not lock.exists():
        yield
        return
    if exclusive:
        if root.exists() and not root.is_dir():
            raise OwnershipError(
                [Diagnostic(root.as_posix(), 1, 1, "the output root exists and is not a folder")]
            )
        root.mkdir(parents=True, exist_ok=True)
        ensure_state_folder(root)
    flags = (os.O_RDWR | os.O_CREAT if exclusive else os.O_RDONLY) | getattr(os, "O_NOFOLLOW", 0)
    descriptor = os.open(lock, flags, 0o644)
    try:
        _lock(descriptor, exclusive)
        if exclusive:
            remove_legacy_files(root)  # under the lock: another new-version run never sees them half removed
        yield
    finally:
        os.close(descriptor)  # closing releases the lock


try:  # POSIX
    import fcntl

    def _lock(descriptor: int, exclusive: bool) -> None:
        fcntl.flock(descriptor, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)

except ImportError:  # pragma: no cover - Windows
    import msvcrt
    import time

    def _lock(descriptor: int, exclusive: bool) -> None:
        if not exclusive:
            return  # msvcrt has no shared locks; a check may then see a run half way, and reports it as stale
        while True:
            try:
                msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
                return
            except OSError:
                time.sleep(0.05)


# -- planned paths ----------------------------------------------------------------------------------------------


def check_output_paths(target: str, paths: Iterable[str]) -> list[Diagnostic]:
    """Problems with a target's planned paths (relative to its folder): each must be a plain relative path whose
    segments every file system accepts, none may be a Windows device name (`con`, `aux.ts`, ...), and no two may
    collide on a case-insensitive file system (macOS, Windows) or as file and folder. Targets derive file names
    from identifiers, so any problem here is a bug in the target; it is reported instead of written.
    """
    problems: list[Diagnostic] = []
    seen: dict[str, str] = {}

    def problem(path: str, message: str) -> None:
        problems.append(
            Diagnostic(
                f"{target}/{path}", 1, 1, f"unsafe output path from the {target} target: {message}"
            )
        )

    files = list(paths)
    for path in files:
        segments = path.split("/")
        bad = [segment for segment in segments if not _SAFE_SEGMENT.match(segment)]
        if not path or bad:
            problem(path, f"segment {bad[0]!r} is not a plain file name" if bad else "empty path")
            continue
        devices = [s for s in segments if s.split(".")[0].casefold() in WINDOWS_RESERVED_FILE_STEMS]
        if devices:
            problem(path, f"{devices[0]!r} is a reserved device name on Windows")
        key = path.casefold()
        if key in seen:
            same = seen[key] == path
            problem(
                path,
                "is planned twice" if same else f"differs from {seen[key]!r} only in letter case",
            )
        seen.setdefault(key, path)
    folders = {
        "/".join(path.casefold().split("/")[:i])
        for path in files
        for i in range(1, path.count("/") + 1)
    }
    for path in files:
        if path.casefold() in folders:
            problem(path, "is both a file and a folder")
    return problems
