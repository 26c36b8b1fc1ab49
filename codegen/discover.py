"""Find spec files and name them the way messages and headers show them. Light: no pydantic, no YAML."""

from __future__ import annotations

import os
from pathlib import Path

from .errors import Diagnostic

SPEC_SUFFIXES = (".yaml", ".yml")


def display_path(path: Path) -> str:
    """Paths in messages and headers: relative to the working directory when inside it, with '/'."""
    try:
        shown = path.resolve().relative_to(Path.cwd().resolve())
    except ValueError:
        shown = path
    return shown.as_posix()


def find_spec_files(paths: list[Path]) -> tuple[list[Path], list[Diagnostic]]:
    """Files given as such, plus every *.yaml / *.yml below folders, sorted and without repeats.

    A folder without any spec is an error: `generate` would otherwise delete every generated file.
    """
    found: dict[str, Path] = {}
    problems: list[Diagnostic] = []
    for path in paths:
        if path.is_dir():
            before = len(found)
            for root, dirs, files in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                for name in files:
                    if name.endswith(SPEC_SUFFIXES):
                        file = Path(root) / name
                        found.setdefault(display_path(file), file)
            if len(found) == before and not any(_is_below(file, path) for file in found.values()):
                problems.append(
                    Diagnostic(
                        path.as_posix(), 1, 1, "no *.yaml or *.yml spec files in this folder"
                    )
                )
        elif path.is_file():
            found.setdefault(display_path(path), path)
        else:
            problems.append(Diagnostic(path.as_posix(), 1, 1, "no such file or folder"))
    return [found[key] for key in sorted(found)], problems


def _is_below(file: Path, folder: Path) -> bool:
    try:
        file.resolve().relative_to(folder.resolve())
    except ValueError:
        return False
    return True
