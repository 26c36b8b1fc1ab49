"""Read a file only when it is a regular file, and never more of it than a bound: the one way toolgen reads specs,
its configuration, outputs and its own state.

A named pipe opened for reading blocks until someone writes to it, and a device such as /dev/zero never ends, so
a file is opened without blocking (O_NONBLOCK: a pipe opens at once; regular files ignore the flag), asked what it
is through the open descriptor (the file it names cannot change in between), and read only when it is a regular
file, at most `limit` bytes. The status it was read with comes along: it is the stat signature the manifest needs
(taken before the read, from the very file read).

Standard library only: the no-change fast path reads through this too.
"""

from __future__ import annotations

import errno
import os
import stat

_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_BINARY", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_NOINHERIT", 0)
)
_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)


class NotRegularFile(OSError):
    """The path is a folder, a named pipe, a socket, a device, or (not following links) a link."""

    def __init__(self, path: os.PathLike[str] | str):
        super().__init__(errno.EINVAL, "not a regular file", os.fspath(path))


class TooLarge(OSError):
    """The file holds more than the bound its reader allows."""

    def __init__(self, path: os.PathLike[str] | str, size: int, limit: int):
        super().__init__(errno.EFBIG, f"larger than {limit} bytes", os.fspath(path))
        self.size, self.limit = size, limit


def read_regular(path: os.PathLike[str] | str, limit: int | None = None, *, follow_links: bool = True) -> bytes:
    """The bytes of the regular file at `path`; see `read_with_status`."""
    return read_with_status(path, limit, follow_links=follow_links)[0]


def read_head(path: os.PathLike[str] | str, size: int) -> bytes:
    """The first `size` bytes of the regular file at `path` (not following a link)."""
    return read_with_status(path, size, follow_links=False, head=True)[0]


def read_with_status(
    path: os.PathLike[str] | str, limit: int | None = None, *, follow_links: bool = True, head: bool = False
) -> tuple[bytes, os.stat_result]:
    """The bytes of the regular file at `path` and its status when it was opened. Raises NotRegularFile for
    anything else (for a link too unless `follow_links`), TooLarge when it holds more than `limit` bytes (unless
    `head`: then only its first `limit` bytes are read), and OSError when it cannot be opened."""
    if not follow_links and not _NO_FOLLOW and os.path.islink(path):  # where O_NOFOLLOW is missing (Windows)
        raise NotRegularFile(path)
    try:
        descriptor = os.open(path, _FLAGS | (0 if follow_links else _NO_FOLLOW))
    except OSError as error:
        if error.errno == errno.ELOOP and not follow_links:
            raise NotRegularFile(path) from None
        raise
    with os.fdopen(descriptor, "rb", buffering=0) as handle:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            raise NotRegularFile(path)
        if limit is not None and status.st_size > limit and not head:
            raise TooLarge(path, status.st_size, limit)
        data = handle.readall() if limit is None else _read_up_to(handle, limit + (0 if head else 1))
    if limit is not None and len(data) > limit:  # it grew since it was opened
        raise TooLarge(path, len(data), limit)
    return data, status


def _read_up_to(handle, count: int) -> bytes:
    chunks, left = [], count
    while left > 0:
        chunk = handle.read(left)
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)
