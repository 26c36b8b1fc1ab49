"""The paths a target plans for its files, checked before anything is written: plain relative paths whose segments
every file system takes, no Windows device names, no two that one file system would take for the same file."""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..errors import Diagnostic
from ..model.naming import WINDOWS_RESERVED_FILE_STEMS

# A path segment every file system takes: ASCII letters, digits, '_', '-', '.'; no leading dot (hidden files,
# '.', '..'), no trailing dot (Windows drops it), at most 255 bytes.
# \Z, not $: `$` also matches before a final newline
SAFE_SEGMENT = re.compile(r"^[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,253}[A-Za-z0-9_])?\Z")


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
        bad = [segment for segment in segments if not SAFE_SEGMENT.match(segment)]
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
