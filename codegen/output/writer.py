"""Bring an output folder in line with the planned files, touching only files toolgen generated.

A file may be overwritten when its first lines carry OWNERSHIP_MARKER (every template writes it into the header),
and removed when it also is in toolgen's record of what it wrote (the manifest's outputs, passed as `record`): a
file of the user's that happens to quote the marker is never deleted. A file with the marker that the record does
not list (or every such file, when there is no usable record) is kept and reported (`Changes.kept`).

Guarantees (README "Guarantees" names the tests behind each):
- Writes are atomic. The invariant: at every moment, and after a crash or a power cut at any moment, every output
  path holds either its old complete content or its new complete content (or nothing, if it is new) — never a
  partial file. `apply` keeps it in three phases:
    1. stage: every changed file's new bytes go to a temporary file in the target's own folder
       (`.<name>.toolgen-<random>.tmp`; a rename across file systems would not be atomic) and are flushed to disk
       (fsync). No output has changed yet. Big batches are staged by a few threads: fsync releases
       the GIL, and concurrent fsyncs share journal commits, which makes thousands of them cheap.
    2. publish: only once every temporary file is complete and on disk, each is renamed over its target
       (`os.replace`, atomic on POSIX and Windows), in sorted path order, the old file kept under a second name
       (a hard link, else a copy); then each file no longer produced is renamed aside.
    3. commit: the kept old files are deleted, emptied folders removed, and each touched folder is flushed once
       (POSIX; Windows cannot open folders).
  A failed run changes nothing: a failure while staging removes every temporary file of the batch; a failure
  while publishing (a file that cannot be replaced) puts every file already renamed back and removes the folders
  the batch created, then raises the error (with a note when something could not be put back). A killed run can
  leave temporary files or a mix of old and new complete files behind; the manifest is written last, so the next
  run takes the full path, removes the temporaries and rewrites what differs. New files get the usual permissions
  (0o666 less the umask).
- Only files whose content changed are written (unchanged files are not even opened for writing; a file that is
  the planned text with every LF as CRLF, as a checkout with core.autocrlf leaves it, is unchanged:
  codegen.output.lineendings); a path that holds a file toolgen did not create, a symbolic link, or anything below a
  symbolic link is never written (OwnershipError, nothing written at all). `apply` vets every path it writes or
  removes itself, so no caller can skip that; `compare` vets every planned path, so `check` refuses a linked tree.
- One run at a time per output root: `output_lock` holds `<out>/.toolgen/lock` (an OS file lock, released by the
  kernel even when the process is killed) from the comparison to the manifest, so concurrent runs queue up.
- toolgen's own state (lock, manifest) lives in `<out>/.toolgen/` (codegen.output.statefolder), which is neither an
  output nor foreign: only target folders are compared and scanned, and the state folder only for temporaries.
- Every planned path is a plain relative path below its target folder (codegen.output.outputpaths).
- Files are read only when they are regular files (codegen.output.regularfile): a named pipe is never opened so that
  it blocks.

Paths are handled as strings with `os` calls in the per-file loops: at 6,000 files pathlib's object overhead and
repeated stat calls cost more than the writes themselves.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import Diagnostic, OwnershipError
from .lineendings import canonical, holds
from .notes import note
from .outputpaths import check_output_paths  # noqa: F401 - the writer's interface too
from .regularfile import NotRegularFile, TooLarge, read_head, read_regular
from .statefolder import LOCK_NAME, STATE_FOLDER, ensure_state_folder, folder_problem, remove_legacy_files
from .ownership import (  # noqa: F401 - OWNERSHIP_MARKER and is_temporary are the writer's interface too
    HEAD_BYTES,
    OWNERSHIP_MARKER,
    TEMPORARY_INFIX,
    carries_marker,
    is_temporary,
    unsafe_folders,
)

# A temporary name must fit NAME_MAX (255 bytes) even for the longest output name outputpaths.SAFE_SEGMENT allows.
_TEMP_NAME_KEEP = 200
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


# A removed file's text is read for its diff up to this size (a bigger file is shown by its start).
_DIFF_BYTES = 16 * 1024 * 1024


@dataclass
class Changes:
    """What differs between the planned outputs and the folder (paths relative to the output root)."""

    written: list[str] = field(default_factory=list)  # new or changed
    unchanged: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)  # generated earlier, no longer produced
    old_text: dict[str, str | None] = field(default_factory=dict)  # for diffs; None = did not exist
    temporaries: list[str] = field(default_factory=list)  # left by a killed run; removed by `apply`
    left: list[str] = field(default_factory=list)  # other tools' files, left as they are (PATHs named some)
    kept: list[str] = field(default_factory=list)  # carry the marker, but toolgen's record does not list them

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
        elif not entry.is_symlink():
            note(f"ignored {Path(entry.path).as_posix()}: not a regular file")


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
            elif relative not in planned and _carries_marker(path):
                owned.add(relative)
    return owned, sorted(temporaries)


def _carries_marker(path: str) -> bool:
    try:
        return carries_marker(read_head(path, HEAD_BYTES))
    except OSError:
        return False


def compare(
    root: Path,
    planned: Mapping[str, str],
    folders: list[str],
    on_disk: Collection[str] = (),
    leave: Collection[str] = (),
    record: Collection[str] | None = None,
) -> Changes:
    """What `apply` would do. Raises OwnershipError when a planned path holds a file toolgen did not write, or a
    folder on the way to one is a link or not a folder.

    `leave` names planned paths that this run neither compares nor writes (the files of tools the command line
    did not name): they are listed in `Changes.left`, and, being planned, are never removed.

    `on_disk` names planned paths the caller has already proven to hold exactly their planned text (a stat
    signature recorded in the manifest): they count as unchanged without being read, and their text is never
    asked of `planned` (which may then be a lazy mapping). Every other planned path is read once.

    `record` names the files toolgen's record says it wrote (paths relative to the root; None: there is no usable
    record): only those of the files with the marker below `folders` that are not planned are removed, the others
    are `kept`."""
    changes = Changes()
    names = set(planned)  # `in` on a plain set: a lazy Mapping's `__contains__` could read the file
    foreign: list[Diagnostic] = unsafe_folders(root, names)
    if foreign:
        raise OwnershipError(foreign)
    base = os.fspath(root)
    changes.left = sorted(path for path in leave if path in names)
    for relative in sorted(names.difference(leave)):
        if relative in on_disk:
            changes.unchanged.append(relative)
            continue
        problem = _compare_one(relative, os.path.join(base, relative), planned[relative], changes)
        if problem is not None:
            shown = Path(os.path.normpath(root / relative)).as_posix()  # `../docs/tools.md` too
            foreign.append(Diagnostic(shown, 1, 1, problem))
    if foreign:
        raise OwnershipError(foreign)
    orphans, changes.temporaries = _scan(root, folders, names)
    recorded = set(record or ())
    changes.removed = sorted(path for path in orphans if path in recorded)
    changes.kept = sorted(path for path in orphans if path not in recorded)
    for relative in changes.removed:
        changes.old_text[relative] = read_head(root / relative, _DIFF_BYTES).decode("utf-8", errors="replace")
    return changes


def _compare_one(relative: str, path: str, text: str, changes: Changes) -> str | None:
    """Add one planned file to `changes` as written or unchanged; or the reason toolgen will not replace it."""
    expected = text.encode("utf-8")
    try:  # a CRLF checkout of the text is at most twice as long: anything longer differs
        current: bytes | None = read_regular(path, 2 * len(expected), follow_links=False)
    except FileNotFoundError:
        current = None
    except NotRegularFile:
        return "exists and is not a regular file; toolgen will not replace it"
    except TooLarge:
        current = read_head(path, _DIFF_BYTES)
    if current is not None and not carries_marker(current):
        return (
            "exists but was not generated by toolgen (no header marker); "
            "move it away or delete it, toolgen never overwrites files it did not create"
        )
    if current is not None and holds(current, expected):  # a CRLF checkout is up to date
        changes.unchanged.append(relative)
        return None
    changes.written.append(relative)
    # diffs compare canonical forms: a stale CRLF file shows its real change, not every line
    changes.old_text[relative] = None if current is None else canonical(current).decode("utf-8", errors="replace")
    return None


def _vet(root: Path, paths: Sequence[str]) -> list[Diagnostic]:
    """Why `apply` may not write or remove `paths`: a link or a file on the way, or a path that holds anything but
    a regular file with the marker (a missing one is fine: it is new, or already gone). A file in the state folder
    is toolgen's by where it is (a link there is replaced, never followed)."""
    problems = unsafe_folders(root, paths)
    if problems:
        return problems
    for relative in paths:
        if relative.startswith(f"{STATE_FOLDER}/"):
            continue
        try:
            if carries_marker(read_head(root / relative, HEAD_BYTES)):
                continue
            message = "exists but was not generated by toolgen (no header marker); toolgen will not replace it"
        except FileNotFoundError:
            continue
        except NotRegularFile:
            message = "exists and is not a regular file; toolgen will not replace it"
        problems.append(Diagnostic((root / relative).as_posix(), 1, 1, message))
    return problems


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
    before the rename, the folder entry after it. For a file the user chose (`toolgen docs --out`, `import`);
    output roots are written by `apply` only.
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


def _publish(root: Path, files: dict[str, str], removed: list[str]) -> set[str]:
    """Replace every `root/<relative>` of `files` with its text and remove every `removed` file, all or nothing
    (the module docstring's three phases). Returns the folders whose entries changed."""
    base = os.fspath(root)
    ordered = sorted(files)
    targets = [os.path.join(base, *relative.split("/")) for relative in ordered]
    gone = [os.path.join(base, *relative.split("/")) for relative in removed]
    token = _new_token()
    created: list[str] = []
    staged: list[str] = []
    done: list[tuple[str, str | None]] = []  # (path, its old file's second name; None: it was new), in order
    try:
        created += _make_folders(base, {os.path.dirname(target) for target in targets})
        jobs = [(target, files[relative].encode("utf-8")) for target, relative in zip(targets, ordered)]
        staged = _stage_all(jobs, token)
        for temporary, target in zip(staged, targets):
            kept = _second_name(target, token)
            try:
                os.replace(temporary, target)
            except BaseException:
                if kept is not None:
                    _unlink_quietly(kept)
                raise
            done.append((target, kept))
        for path in gone:
            aside = _temporary_path(path, f"{token}_gone")
            os.replace(path, aside)
            done.append((path, aside))
    except BaseException as error:
        _remove_staged(staged[len(done) :])
        _roll_back(done, created, error)
        raise
    for _, kept in done:
        if kept is not None:
            _unlink_quietly(kept)
    touched = {os.path.dirname(path) for path in [*targets, *gone, *created]}
    for path in gone:
        folder = os.path.dirname(path)
        while folder != base and _remove_empty(folder):
            touched.add(folder := os.path.dirname(folder))
    return touched


def _second_name(path: str, token: str) -> str | None:
    """The old file at `path` under a second, temporary name, to put back should the batch fail (None: there is
    no old file). A hard link costs nothing; where there are none (FAT, some network shares) it is a copy."""
    kept = _temporary_path(path, f"{token}_old")
    try:
        os.link(path, kept, follow_symlinks=False)
    except FileNotFoundError:
        return None
    except FileExistsError:
        return _second_name(path, _new_token())
    except OSError:
        return _stage(path, read_regular(path, follow_links=False), f"{token}_old")
    return kept


def _roll_back(done: list[tuple[str, str | None]], created: list[str], error: BaseException) -> None:
    """Put every file already replaced or removed back, newest first, and remove the folders the batch made; what
    could not be put back is noted on `error`."""
    failed = []
    for path, kept in reversed(done):
        try:
            if kept is None:
                os.unlink(path)
            else:
                os.replace(kept, path)
        except OSError:
            failed.append(path)
    for folder in reversed(created):
        _remove_empty(folder)
    if failed:
        error.add_note(f"could not put back {', '.join(Path(path).as_posix() for path in failed)}")
    else:
        error.add_note("nothing changed")


def _remove_empty(folder: str) -> bool:
    """Remove `folder` when it is empty; whether it was removed."""
    try:
        os.rmdir(folder)
    except OSError:
        return False
    return True


def _make_folders(base: str, folders: set[str]) -> list[str]:
    """Create the missing `folders`; returns those created, parents first."""
    created: list[str] = []
    for folder in sorted(folders):
        missing = []
        while folder not in ("", base) and not os.path.isdir(folder):
            missing.append(folder)
            folder = os.path.dirname(folder)
        for path in reversed(missing):
            try:
                os.mkdir(path)
            except FileExistsError:
                continue
            created.append(path)
    return created


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
    """Write what changed and remove toolgen's files that are no longer produced, all or nothing (`_publish`), after
    removing a killed run's temporaries; then flush every touched folder once. Every path written or removed is
    vetted here first (links, ownership), whoever made `changes`; OwnershipError, and nothing written, else."""
    problems = _vet(root, [*changes.written, *changes.removed])
    if problems:
        raise OwnershipError(problems)
    for relative in changes.temporaries:
        (root / relative).unlink(missing_ok=True)
    touched = _publish(root, {relative: planned[relative] for relative in changes.written}, changes.removed)
    for folder in sorted(touched):
        _sync_folder(Path(folder))


def write_state(root: Path, relative: str, text: str) -> None:
    """Write one of toolgen's own files in the state folder (the manifest): vetted and written as every output."""
    apply(root, {relative: text}, Changes(written=[relative]))


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
    if lock.exists() and not lock.is_symlink() and not lock.is_file():  # toolgen's own, but unusable: not fatal
        note(f"ignored {lock.as_posix()}: not a regular file" + ("; replaced" if exclusive else ""))
        if exclusive and not _remove_empty(os.fspath(lock)):
            _unlink_quietly(os.fspath(lock))
        elif not exclusive:
            yield  # opening a named pipe to read would wait for ever
            return
    if lock.is_symlink() or (lock.exists() and not lock.is_file()):
        message = "is not a regular file; toolgen will not use it as its lock"
        raise OwnershipError([Diagnostic(lock.as_posix(), 1, 1, message)])
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
    flags |= getattr(os, "O_NONBLOCK", 0)  # should it have become a named pipe meanwhile (flock still waits)
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
