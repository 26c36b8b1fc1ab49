"""Which of toolgen's files the next git commit would lack: for the pre-commit hooks.

pre-commit stashes unstaged changes of tracked files before a hook runs, but leaves untracked files in place.
So a new tool's generated files, on disk but never `git add`ed, look up to date to a plain comparison, and the
commit goes through without them while the committed index files import them. Under git, a generated file that
is untracked or differs from the index is therefore not up to date for `generate --fail-on-change` and
`check --staged`. Files git ignores are the user's choice (some repositories do not commit generated code) and
are not reported.
"""

from __future__ import annotations

import os
import shlex
import subprocess
from collections.abc import Iterable
from pathlib import Path


def _git(args: list[str], cwd: Path) -> bytes | None:
    try:
        result = subprocess.run(["git", *args], cwd=cwd, capture_output=True, check=False)
    except OSError:  # git is not installed: nothing to compare with
        return None
    return result.stdout if result.returncode == 0 else None


def not_in_index(out: Path, files: Iterable[str]) -> list[str] | None:
    """The paths (relative to the working directory) among `files` (relative to `out`) that are untracked and
    not ignored, or whose working-tree state differs from the index (changed or deleted); None outside a git
    work tree."""
    folder = Path(os.path.abspath(out))
    while not folder.is_dir() and folder != folder.parent:  # the output root may not exist yet
        folder = folder.parent
    top = _git(["rev-parse", "--show-toplevel"], folder)
    if top is None:
        return None
    root = Path(top.decode("utf-8").strip())
    paths = [os.path.normpath(os.path.join(os.path.abspath(out), f)) for f in files]
    wanted = {os.path.relpath(path, root).replace(os.sep, "/") for path in paths}
    # git lists the output root, or the folder that also holds a catalogue kept outside it
    scope = os.path.relpath(os.path.commonpath([os.path.abspath(out), *paths]), root)
    untracked = _git(["ls-files", "-z", "--others", "--exclude-standard", "--", scope], root) or b""
    differing = _git(["diff", "-z", "--name-only", "--no-renames", "--", scope], root) or b""
    listed = {name for name in (untracked + differing).decode("utf-8").split("\0") if name}
    return sorted(os.path.relpath(root / name).replace(os.sep, "/") for name in listed & wanted)


def stage_command(paths: list[str]) -> str:
    """The `git add` that puts these files into the next commit (a deleted file's removal included)."""
    return "git add -- " + " ".join(shlex.quote(path) for path in paths)
