"""Read the spec paths as they were at a git revision, for `toolgen breaking --against REF`."""

from __future__ import annotations

import subprocess
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..spec.discover import SPEC_SUFFIXES, display_path
from ..errors import Diagnostic, ToolgenError
from ..spec.loader import LoadedSpec, load_spec_contents


def _git(*args: str, cwd: Path, input: bytes | None = None) -> bytes:
    try:
        result = subprocess.run(["git", *args], cwd=cwd, input=input, capture_output=True, check=False)
    except FileNotFoundError:
        raise ToolgenError([Diagnostic("toolgen", 0, 0, "git is not installed")]) from None
    if result.returncode != 0:
        lines = result.stderr.decode("utf-8", "replace").strip().splitlines()
        # git's own words, without a position: there is no file or line to point at
        raise ToolgenError([Diagnostic("git", 0, 0, lines[-1] if lines else f"git {args[0]} failed")])
    return result.stdout


@dataclass
class Revision:
    """The specs at a revision: loaded specs, their problems, and a note for the user."""

    loaded: list[LoadedSpec] = field(default_factory=list)
    problems: list[Diagnostic] = field(default_factory=list)
    note: str | None = None


def specs_at_revision(revision: str, paths: Sequence[Path]) -> Revision:
    """`paths` (spec files or folders) as they were at `revision`, read from git's objects and named by their
    repository paths as messages show paths (relative to the working directory), so a removed tool's location
    is one an editor or a CI annotation can open; each problem says which revision it is in.

    A repository without any commit yet (the first commit is being made) has no old specs: the old side is
    empty and the note says so. Any other unknown revision is an error."""
    start = next((p if p.is_dir() else p.parent for p in paths if p.exists()), Path.cwd())
    top = Path(_git("rev-parse", "--show-toplevel", cwd=start).decode().strip())
    if not _exists(revision, top):
        if _exists("HEAD", top):
            raise ToolgenError([Diagnostic("git", 0, 0, f"unknown revision {revision!r}")])
        return Revision(note=f"{revision} does not exist yet (no commit): comparing with no specs")
    blobs: dict[str, str] = {}  # shown name → blob id, sorted like find_specs sorts files on disk
    for path in paths:
        relative = Path(path).resolve().relative_to(top.resolve()).as_posix()
        relative = "" if relative == "." else relative
        listing = _git("ls-tree", "-r", "-z", revision, "--", relative or ".", cwd=top)
        for entry in listing.decode("utf-8").split("\0"):
            meta, _, name = entry.partition("\t")
            below = name[len(relative):].lstrip("/") if relative else name
            # as on disk: *.yaml and *.yml files, not inside a folder whose name starts with "." (find_specs)
            if meta.split(" ")[1:2] == ["blob"] and name.endswith(SPEC_SUFFIXES) and not _hidden(below):
                blobs.setdefault(display_path(top / name), meta.split(" ")[2])
    shown = sorted(blobs)
    contents = _blobs([blobs[name] for name in shown], top)
    loaded, problems = load_spec_contents(list(zip(shown, contents)))
    at = f" (in {revision})"
    return Revision(loaded, [replace(problem, message=problem.message + at) for problem in problems])


def _hidden(below: str) -> bool:
    return any(part.startswith(".") for part in below.split("/")[:-1])


def _blobs(ids: list[str], top: Path) -> list[bytes]:
    """The contents of these blobs, through one `git cat-file --batch`."""
    output = _git("cat-file", "--batch", cwd=top, input="".join(f"{blob}\n" for blob in ids).encode())
    contents, offset = [], 0
    for _ in ids:
        newline = output.index(b"\n", offset)
        size = int(output[offset:newline].split()[2])
        contents.append(output[newline + 1 : newline + 1 + size])
        offset = newline + 1 + size + 1  # the content is followed by a newline
    return contents


def _exists(revision: str, top: Path) -> bool:
    result = subprocess.run(
        ["git", "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}"],
        cwd=top, capture_output=True, check=False,
    )  # fmt: skip
    return result.returncode == 0
