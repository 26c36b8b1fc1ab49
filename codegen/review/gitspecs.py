"""Read the spec paths as they were at a git revision, for `toolgen breaking --against REF`."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import Diagnostic, ToolgenError
from ..spec.loader import LoadedSpec, load_specs


def _git(*args: str, cwd: Path) -> bytes:
    try:
        result = subprocess.run(["git", *args], cwd=cwd, capture_output=True, check=False)
    except FileNotFoundError:
        raise ToolgenError([Diagnostic("toolgen", 0, 0, "git is not installed")]) from None
    if result.returncode != 0:
        lines = result.stderr.decode("utf-8", "replace").strip().splitlines()
        # git's own words, without a position: there is no file or line to point at
        raise ToolgenError([Diagnostic("git", 0, 0, lines[-1] if lines else f"git {args[0]} failed")])
    return result.stdout


@dataclass
class Revision:
    """The specs at a revision: loaded specs, their problems, a note for the user, and the temporary folder's
    clean-up (call it when done)."""

    loaded: list[LoadedSpec] = field(default_factory=list)
    problems: list[Diagnostic] = field(default_factory=list)
    note: str | None = None
    cleanup: Callable[[], None] = lambda: None


def specs_at_revision(revision: str, paths: Sequence[Path]) -> Revision:
    """`paths` (spec files or folders) as they were at `revision`. Files are extracted to a temporary folder that
    mirrors their repository paths, so messages name the repository path.

    A repository without any commit yet (the first commit is being made) has no old specs: the old side is
    empty and the note says so. Any other unknown revision is an error."""
    start = next((p if p.is_dir() else p.parent for p in paths if p.exists()), Path.cwd())
    top = Path(_git("rev-parse", "--show-toplevel", cwd=start).decode().strip())
    if not _exists(revision, top):
        if _exists("HEAD", top):
            raise ToolgenError([Diagnostic("git", 0, 0, f"unknown revision {revision!r}")])
        return Revision(note=f"{revision} does not exist yet (no commit): comparing with no specs")
    temporary = Path(tempfile.mkdtemp(prefix="toolgen-rev-"))
    roots: list[Path] = []
    found = False
    for path in paths:
        relative = Path(path).resolve().relative_to(top.resolve()).as_posix()
        relative = "" if relative == "." else relative
        listing = _git("ls-tree", "-r", "-z", "--name-only", revision, "--", relative or ".", cwd=top)
        names = [n for n in listing.decode("utf-8").split("\0") if n.endswith((".yaml", ".yml"))]
        for name in names:
            target = temporary / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(_git("show", f"{revision}:{name}", cwd=top))
        if names:
            found = True
            roots.append(temporary / relative if relative else temporary)
    loaded, problems = load_specs(roots) if found else ([], [])
    return Revision(loaded, problems, None, lambda: shutil.rmtree(temporary, ignore_errors=True))


def _exists(revision: str, top: Path) -> bool:
    result = subprocess.run(
        ["git", "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}"],
        cwd=top, capture_output=True, check=False,
    )  # fmt: skip
    return result.returncode == 0
