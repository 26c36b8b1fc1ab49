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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import cachestore, forkpool, ir
from .discover import find_specs
from .errors import Diagnostic, SpecError
from .manifest import FileRecord, read_record, spec_records

_PICKLE_PROTOCOL = 5
_MISSING_ID = "ir.MISSING"
_environment: bytes | None = None


@dataclass
class LoadedTools:
    tools: list[ir.Tool]
    warnings: list[Diagnostic]
    # Per tool, a digest of everything its model depends on, for later caches to key on instead of the model;
    # None when the run went the uncached way.
    keys: list[bytes] | None
    # Each spec file's digest and stat signature (manifest.FileRecord) by shown path, from the bytes the models
    # were built from, or read just before building them: a spec edited during the run is never recorded as
    # already generated.
    input_records: dict[str, FileRecord] | None


def load_tools_cached(paths: Sequence[Path], max_spec_bytes: int) -> tuple[list[ir.Tool], list[Diagnostic]]:
    """Exactly what `generate.load_tools` returns (or raises), using cached models where they are known."""
    loaded = load_tools_keyed(paths, max_spec_bytes)
    return loaded.tools, loaded.warnings


def load_tools_keyed(paths: Sequence[Path], max_spec_bytes: int) -> LoadedTools:
    """`load_tools_cached` with each tool's cache key and each spec file's content digest."""
    files = _spec_files(list(paths))
    store = cachestore.open_store()
    if files is None or store is None:
        return _load_all_keyed(paths, max_spec_bytes)
    contents: dict[str, bytes] = {}
    records: dict[str, FileRecord] = {}
    for shown, path in files:
        try:
            if path.stat().st_size > max_spec_bytes:
                return _load_all_keyed(paths, max_spec_bytes)  # an error: the loader words it
            contents[shown], records[shown] = read_record(path, follow_links=True)
        except OSError:
            return _load_all_keyed(paths, max_spec_bytes)
    keys = {shown: _key(shown, data, max_spec_bytes) for shown, data in contents.items()}
    stored = store.get_many("spec", keys.values())
    entries: dict[str, tuple[ir.Tool, list[Diagnostic]]] = {}
    for shown, key in keys.items():
        entry = _unpickle(stored[key]) if key in stored else None
        if entry is not None:
            entries[shown] = entry
    missing = {shown: data for shown, data in contents.items() if shown not in entries}
    if missing:
        fresh = _load_many(missing, max_spec_bytes)
        if fresh is None:
            return _load_all_keyed(paths, max_spec_bytes)
        entries.update({shown: entry for shown, (entry, _) in fresh.items()})
        store.put_many("spec", {keys[shown]: pickled for shown, (_, pickled) in fresh.items()})
    tools = [entries[shown][0] for shown, _ in files]
    if len({tool.name for tool in tools}) != len(tools):
        return _load_all_keyed(paths, max_spec_bytes)  # a duplicate name: an error, reported by the loader
    warnings = [warning for shown, _ in files for warning in entries[shown][1]]
    return LoadedTools(tools, warnings, [keys[shown] for shown, _ in files], records)


def _load_all_keyed(paths: Sequence[Path], max_spec_bytes: int) -> LoadedTools:
    records = spec_records(list(paths))  # before loading: see LoadedTools.input_records
    return LoadedTools(*_load_all(paths, max_spec_bytes), None, records)


def _load_all(paths: Sequence[Path], max_spec_bytes: int) -> tuple[list[ir.Tool], list[Diagnostic]]:
    """The uncached path (also the one every error goes through)."""
    from .irbuild import build_tools
    from .loader import load_specs

    loaded, problems = load_specs(list(paths), max_spec_bytes)
    errors = [problem for problem in problems if problem.is_error]
    if errors:
        raise SpecError(errors)
    return build_tools(loaded), [problem for problem in problems if not problem.is_error]


POOL_MIN_SPECS = 96  # parsing and validating costs ~1.3 ms a spec; a pool's start-up ~0.1 s


def _load_many(
    contents: dict[str, bytes], max_spec_bytes: int
) -> dict[str, tuple[tuple[ir.Tool, list[Diagnostic]], bytes]] | None:
    """`_load_each` with each entry also pickled for the cache; across the cores when there are many (a first
    run), the workers sending back the pickles (which keep ir.MISSING's identity, unlike plain pickling). An
    error in a worker sends the work back here, where `_load_each` finds it again."""
    items = list(contents.items())
    workers = forkpool.workers_for(len(items), POOL_MIN_SPECS)
    if workers > 1:
        from . import irbuild, loader, spec, yamlload  # noqa: F401 - imported once here, not once per worker

        pickled = forkpool.run_in_chunks(lambda chunk: _load_and_pickle(chunk, max_spec_bytes), items, workers)
        if pickled is not None:
            loaded = [_unpickle(data) for data in pickled]
            if all(entry is not None for entry in loaded):
                return {
                    shown: (entry, data)
                    for (shown, _), entry, data in zip(items, loaded, pickled)
                    if entry is not None
                }
    fresh = _load_each(contents, max_spec_bytes)
    return None if fresh is None else {shown: (entry, _pickle(entry)) for shown, entry in fresh.items()}


def _load_and_pickle(items: list[tuple[str, bytes]], max_spec_bytes: int) -> list[bytes]:
    fresh = _load_each(dict(items), max_spec_bytes)
    if fresh is None:
        raise ValueError("a spec has an error")  # reported by the caller's own run, as without a pool
    return [_pickle(fresh[shown]) for shown, _ in items]


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
    files, problems = find_specs(paths)
    if problems:
        return None
    for path in paths:
        if path.is_dir():
            folder = path.resolve()
            if not any(file.real.is_relative_to(folder) for file in files):
                return None
    return [(file.shown, file.path) for file in files]


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
