"""Where toolgen keeps its own state in an output root: `<out>/.toolgen/`, a folder that git-ignores itself.

The fast path's manifest, the run lock and their temporary files are toolgen's bookkeeping, not output: nobody
should commit them, and nobody should have to list them in a .gitignore by hand. So they live in one folder that
holds a `.gitignore` whose content is `*` (as ruff's and pytest's cache folders do): git ignores everything in the
folder, that .gitignore included, so `git status` and `git add -A` never show it. The folder is created on first
use (a `generate`, which takes the lock); `check` never creates it.

Before this folder, the manifest and the lock sat in the output root itself (LEGACY_NAMES). A run that writes
removes them (they are toolgen's: nobody else uses those names) and never reads them.

Standard library only: the no-change fast path (codegen.output.manifest) imports this.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

STATE_FOLDER = ".toolgen"
# Paths relative to the output root; tests and code name the files through these constants only.
MANIFEST_NAME = f"{STATE_FOLDER}/manifest.json"
LOCK_NAME = f"{STATE_FOLDER}/lock"
GITIGNORE_NAME = f"{STATE_FOLDER}/.gitignore"
GITIGNORE_TEXT = "*\n"  # everything in the folder, this file included
# Where toolgen 0.x kept its manifest and lock, in the output root.
LEGACY_NAMES = (".toolgen-manifest.json", ".toolgen.lock")


def state_folder(out: Path) -> Path:
    return out / STATE_FOLDER


def folder_problem(out: Path) -> str | None:
    """Why `<out>/.toolgen` cannot hold toolgen's state (a link, a file), or None when it can or does not exist.
    A link could point anywhere, and toolgen never writes through links."""
    try:
        mode = os.lstat(state_folder(out)).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return None
    if stat.S_ISLNK(mode):
        return "is a symbolic link; toolgen keeps its state in a real folder here: delete the link"
    if not stat.S_ISDIR(mode):
        return "exists and is not a folder; toolgen keeps its state in a folder here: move it away"
    return None


def ensure_state_folder(out: Path) -> Path:
    """Create `<out>/.toolgen/` and its self-ignoring `.gitignore` when missing (the caller checked
    `folder_problem`); returns the folder. A .gitignore the user changed is left as it is."""
    folder = state_folder(out)
    folder.mkdir(parents=True, exist_ok=True)
    gitignore = out / GITIGNORE_NAME
    if not os.path.lexists(gitignore):
        try:
            with open(gitignore, "x", encoding="utf-8", newline="\n") as handle:
                handle.write(GITIGNORE_TEXT)
        except FileExistsError:  # a concurrent run made it first
            pass
    return folder


def needs_tidying(out: Path) -> bool:
    """Whether the state folder lacks its .gitignore (deleted by hand) or an older toolgen's manifest or lock (a
    regular file) is still in the output root: the fast path then leaves the run to the full path, whose lock
    (codegen.output.writer.output_lock) puts that right."""
    if not os.path.lexists(out / GITIGNORE_NAME):
        return True
    for name in LEGACY_NAMES:
        try:
            if stat.S_ISREG(os.lstat(out / name).st_mode):
                return True
        except OSError:
            pass
    return False


def remove_legacy_files(out: Path) -> None:
    """Remove the manifest and lock an older toolgen left in the output root. Only regular files go: a link or a
    folder of that name is not toolgen's doing, and is left alone. Best effort: they are ignored anyway."""
    for name in LEGACY_NAMES:
        path = out / name
        try:
            if stat.S_ISREG(os.lstat(path).st_mode):
                path.unlink()
        except OSError:
            pass
