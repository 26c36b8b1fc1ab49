"""Read the spec folder as it was at a git revision, for `toolgen breaking --against REF`."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

from .errors import Diagnostic, ToolgenError
from .loader import LoadedSpec, load_specs


def _git(*args: str, cwd: Path) -> bytes:
    result = subprocess.run(["git", *args], cwd=cwd, capture_output=True, check=False)
    if result.returncode != 0:
        message = result.stderr.decode("utf-8", "replace").strip().splitlines()
        raise ToolgenError(
            [Diagnostic("git", 1, 1, message[-1] if message else f"git {' '.join(args)} failed")]
        )
    return result.stdout


def specs_at_revision(revision: str, path: Path):
    """(loaded specs, problems, cleanup) for `path` (a spec file or folder) as it was at `revision`.

    Files are extracted to a temporary folder that mirrors their repository paths, so messages name the
    repository path; call `cleanup()` when done.
    """
    folder = path if path.is_dir() else path.parent
    top = Path(_git("rev-parse", "--show-toplevel", cwd=folder).decode().strip())
    relative = path.resolve().relative_to(top.resolve()).as_posix()
    listing = _git("ls-tree", "-r", "-z", "--name-only", revision, "--", relative or ".", cwd=top)
    names = [n for n in listing.decode("utf-8").split("\0") if n.endswith((".yaml", ".yml"))]
    temporary = Path(tempfile.mkdtemp(prefix="toolgen-rev-"))
    for name in names:
        target = temporary / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(_git("show", f"{revision}:{name}", cwd=top))
    root = temporary / relative if relative else temporary
    loaded: list[LoadedSpec]
    loaded, problems = load_specs([root]) if names else ([], [])
    return loaded, problems, lambda: shutil.rmtree(temporary, ignore_errors=True)
