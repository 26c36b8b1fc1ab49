"""`toolgen --version`: the installed version and, when known, the commit it was installed from, since the README
recommends pinning one: the commit pip recorded for a VCS URL (PEP 610 `direct_url.json`), else the HEAD of the
git checkout toolgen runs from (an editable install, or the source tree). Neither known: the version alone."""

from __future__ import annotations

import json
import subprocess
from importlib import metadata
from pathlib import Path

DISTRIBUTION = "toolgen"
SOURCE_ROOT = Path(__file__).resolve().parents[2]  # the checkout's root when codegen/ is not installed as a copy


def version_text() -> str:
    try:
        number = metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        number = "unknown (not installed)"
    commit = commit_in_direct_url(_installed_direct_url()) or _checkout_head(SOURCE_ROOT)
    return f"{DISTRIBUTION}, version {number}" + (f" (commit {commit[:12]})" if commit else "")


def _installed_direct_url() -> str | None:
    try:
        return metadata.distribution(DISTRIBUTION).read_text("direct_url.json")
    except metadata.PackageNotFoundError:
        return None


def commit_in_direct_url(text: str | None) -> str | None:
    """The commit a PEP 610 record names (`vcs_info.commit_id`), or None (no record, a local folder, unreadable)."""
    try:
        commit = json.loads(text or "")["vcs_info"]["commit_id"]
    except (ValueError, KeyError, TypeError):
        return None
    return commit if isinstance(commit, str) and commit else None


def _checkout_head(root: Path) -> str | None:
    """HEAD of the git checkout whose root is `root` (a `.git` right there: never a repository that merely contains
    an installed copy), or None."""
    if not (root / ".git").exists():
        return None
    try:
        found = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--verify", "-q", "HEAD"],
            capture_output=True, text=True, timeout=10,
        )  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return None
    return found.stdout.strip() or None if found.returncode == 0 else None
