"""Find spec files and name them the way messages and headers show them. Light: no pydantic, no YAML."""

from __future__ import annotations

import os
from pathlib import Path
from typing import NamedTuple

from ..errors import Diagnostic

SPEC_SUFFIXES = (".yaml", ".yml")


class SpecFile(NamedTuple):
    shown: str  # the name in messages and headers (display_path)
    path: Path  # as found: given, or below a given folder
    real: Path  # resolved


def display_path(path: Path) -> str:
    """Paths in messages and headers: relative to the working directory when inside it, with '/'."""
    return _shown(path, path.resolve(), Path.cwd().resolve())


def _shown(path: Path, real: Path, cwd: Path) -> str:
    try:
        return real.relative_to(cwd).as_posix()
    except ValueError:
        return path.as_posix()


class _Folder:
    """A folder's resolved path and shown name, worked out once for all its files (not one per file)."""

    def __init__(self, path: Path, cwd: Path):
        self.path = path
        self._cwd = cwd
        self._real: Path | None = None
        self._shown_prefix = ""

    def child(self, name: str) -> tuple[Path, str]:
        """The resolved path and shown name of the file `name` in this folder (not a link)."""
        if self._real is None:
            self._real = self.path.resolve()
            shown = _shown(self.path, self._real, self._cwd)
            self._shown_prefix = "" if shown == "." else shown.rstrip("/") + "/"
        return self._real / name, self._shown_prefix + name


def find_specs(paths: list[Path]) -> tuple[list[SpecFile], list[Diagnostic]]:
    """Files given as such, plus every *.yaml / *.yml below folders, sorted and without repeats, each with its
    shown name and resolved path, each resolved once (a folder's files through their folder's resolved path: one
    `lstat` per file instead of one per path component).

    A folder without any spec is an error: `generate` would otherwise delete every generated file.
    """
    cwd = Path.cwd().resolve()
    found: dict[str, SpecFile] = {}
    problems: list[Diagnostic] = []
    for path in paths:
        if path.is_dir():
            before = len(found)
            for root, dirs, files in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                folder = _Folder(Path(root), cwd)
                for name in files:
                    if name.endswith(SPEC_SUFFIXES):
                        file = folder.path / name
                        if os.path.islink(file):
                            real = file.resolve()
                            shown = _shown(file, real, cwd)
                        else:
                            real, shown = folder.child(name)
                        found.setdefault(shown, SpecFile(shown, file, real))
            if len(found) == before and not any(_is_below(file.path, path) for file in found.values()):
                problems.append(
                    Diagnostic(
                        path.as_posix(), 0, 0, "no *.yaml or *.yml spec files in this folder"
                    )
                )
        elif path.exists():  # a file; one that is not a regular file is the loader's to refuse
            real = path.resolve()
            shown = _shown(path, real, cwd)
            found.setdefault(shown, SpecFile(shown, path, real))
        else:
            problems.append(Diagnostic(path.as_posix(), 0, 0, "no such file or folder"))
    return [found[key] for key in sorted(found)], problems


def _is_below(file: Path, folder: Path) -> bool:
    try:
        file.resolve().relative_to(folder.resolve())
    except ValueError:
        return False
    return True
