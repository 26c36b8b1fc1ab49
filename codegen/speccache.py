"""Load specs through a per-file cache of their validated intermediate model.

Parsing YAML with positions and validating a spec costs about 1 ms per file, and importing the parser and the
validator (PyYAML, pydantic) about 0.15 s per process. Both are skipped for a spec file whose model is cached.

What a spec file turns into (its `ir.Tool` and its warnings) is a pure function of the file's bytes, the name it is
shown under, the size limit, toolgen's own code and the versions of the libraries that parse and validate it; the
cache key is a SHA-256 over exactly those. The only thing a run sees across files is a tool name used twice. So:

- every file whose key is stored contributes its stored model and warnings;
- every other file is loaded by the normal loader, on its own;
- when any file has an error, or two files declare one name, the whole run is loaded again by the normal
  loader, so every message and its order are exactly those of an uncached run.

Only valid files are stored. A run with nothing cached costs one hash per file more than `load_specs`.
"""

from __future__ import annotations

import io
import pickle
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from . import cachestore, ir
from .discover import find_spec_files
from .errors import Diagnostic, SpecError

_PICKLE_PROTOCOL = 5
_MISSING_ID = "ir.MISSING"
_environment: bytes | None = None


def load_tools_cached(paths: Sequence[Path], max_spec_bytes: int) -> tuple[list[ir.Tool], list[Diagnostic]]:
    """Exactly what `generate.load_tools` returns (or raises), using cached models where they are known."""
    files = _spec_files(list(paths))
    store = cachestore.open_store()
    if files is None or store is None:
        return _load_all(paths, max_spec_bytes)
    contents: dict[str, bytes] = {}
    for shown, path in files:
        try:
            if path.stat().st_size > max_spec_bytes:
                return _load_all(paths, max_spec_bytes)  # an error: the loader words it
            contents[shown] = path.read_bytes()
        except OSError:
            return _load_all(paths, max_spec_bytes)
    keys = {shown: _key(shown, data, max_spec_bytes) for shown, data in contents.items()}
    stored = store.get_many("spec", keys.values())
    entries: dict[str, tuple[ir.Tool, list[Diagnostic]]] = {}
    for shown, key in keys.items():
        entry = _unpickle(stored[key]) if key in stored else None
        if entry is not None:
            entries[shown] = entry
    missing = {shown: data for shown, data in contents.items() if shown not in entries}
    if missing:
        fresh = _load_each(missing, max_spec_bytes)
        if fresh is None:
            return _load_all(paths, max_spec_bytes)
        entries.update(fresh)
        store.put_many("spec", {keys[shown]: _pickle(entry) for shown, entry in fresh.items()})
    tools = [entries[shown][0] for shown, _ in files]
    if len({tool.name for tool in tools}) != len(tools):
        return _load_all(paths, max_spec_bytes)  # a duplicate name: an error, reported by the loader
    return tools, [warning for shown, _ in files for warning in entries[shown][1]]


def _load_all(paths: Sequence[Path], max_spec_bytes: int) -> tuple[list[ir.Tool], list[Diagnostic]]:
    """The uncached path (also the one every error goes through)."""
    from .irbuild import build_tools
    from .loader import load_specs

    loaded, problems = load_specs(list(paths), max_spec_bytes)
    errors = [problem for problem in problems if problem.is_error]
    if errors:
        raise SpecError(errors)
    return build_tools(loaded), [problem for problem in problems if not problem.is_error]


def _load_each(
    contents: dict[str, bytes], max_spec_bytes: int
) -> dict[str, tuple[ir.Tool, list[Diagnostic]]] | None:
    """Each file's model from the bytes that were hashed (not read again: the file may change meanwhile), by the
    loader's own steps for one file (`loader.load_specs`); None as soon as one has an error."""
    from .irbuild import build_tools
    from .loader import LoadedSpec
    from .spec import build_spec
    from .yamlload import load_yaml

    entries = {}
    for shown, data in contents.items():
        document = load_yaml(shown, data, max_spec_bytes)
        if isinstance(document, Diagnostic):
            return None
        spec, problems = build_spec(document)
        if spec is None or any(problem.is_error for problem in problems):
            return None
        entries[shown] = (build_tools([LoadedSpec(shown, spec, document)])[0], problems)
    return entries


def _spec_files(paths: list[Path]) -> list[tuple[str, Path]] | None:
    """(shown path, path) of every spec file, as the loader finds them; None when the loader would report a
    problem (a missing path, a folder without specs), so that the loader reports it."""
    files, problems = find_spec_files(paths)
    if problems:
        return None
    cwd = Path.cwd().resolve()
    resolved = [file.resolve() for file in files]
    for path in paths:
        if path.is_dir():
            folder = path.resolve()
            if not any(file.is_relative_to(folder) for file in resolved):
                return None
    # display_path(file), without resolving every file a second time
    return [
        ((real.relative_to(cwd) if real.is_relative_to(cwd) else file).as_posix(), file)
        for file, real in zip(files, resolved)
    ]


def _key(shown: str, data: bytes, max_spec_bytes: int) -> bytes:
    return cachestore.digest(b"spec", _environment_id(), shown.encode("utf-8"), str(max_spec_bytes).encode(), data)


def _environment_id() -> bytes:
    """Everything besides the file that decides its model: toolgen's code, Python, the parser and validator."""
    global _environment
    if _environment is None:
        from importlib import metadata

        from .manifest import fingerprint

        versions = []
        for distribution in ("PyYAML", "pydantic", "pydantic-core"):
            try:
                versions.append(f"{distribution}=={metadata.version(distribution)}")
            except metadata.PackageNotFoundError:
                versions.append(f"{distribution} missing")
        python = ".".join(map(str, sys.version_info[:2]))
        _environment = f"{fingerprint([])} python{python} {' '.join(versions)}".encode()
    return _environment


class _Pickler(pickle.Pickler):
    def persistent_id(self, obj: Any) -> str | None:
        # ir.MISSING is compared by identity ("no default"), so it must come back as the very same object.
        return _MISSING_ID if obj is ir.MISSING else None


class _Unpickler(pickle.Unpickler):
    def persistent_load(self, pid: Any) -> Any:
        if pid == _MISSING_ID:
            return ir.MISSING
        raise pickle.UnpicklingError(f"unknown persistent id {pid!r}")

    def find_class(self, module: str, name: str) -> Any:
        # Only what a cached entry can hold: toolgen's model and diagnostics, and builtins for their values.
        if module in {"codegen.ir", "codegen.errors", "builtins"}:
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"{module}.{name} is not part of a cached spec")


def _pickle(entry: tuple[ir.Tool, list[Diagnostic]]) -> bytes:
    buffer = io.BytesIO()
    _Pickler(buffer, protocol=_PICKLE_PROTOCOL).dump(entry)
    return buffer.getvalue()


def _unpickle(data: bytes) -> tuple[ir.Tool, list[Diagnostic]] | None:
    try:
        tool, warnings = _Unpickler(io.BytesIO(data)).load()
    except Exception:  # noqa: BLE001 - an unreadable entry is a miss, whatever the reason
        return None
    if not isinstance(tool, ir.Tool) or not all(isinstance(w, Diagnostic) for w in warnings):
        return None
    return tool, list(warnings)
