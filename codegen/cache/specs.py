"""Load specs through a per-file cache of their validated intermediate model.

Parsing YAML with positions and validating a spec costs about 1 ms per file, and importing the parser and the
validator (PyYAML, pydantic) about 0.15 s per process. Both are skipped for a spec file whose model is cached.

What a spec file turns into (its `ir.Tool` and its warnings) is a pure function of the file's bytes, the name it is
shown under, the size limit, toolgen's own code and the versions of the libraries that parse and validate it; the
cache key is a SHA-256 over exactly those. The only thing a run sees across files is a tool name used twice (or
two names that `naming.tool_name_key` cannot tell apart). So:

- every file whose key is stored contributes its stored model and warnings;
- every other file is loaded by the normal loader, on its own;
- when any file has an error, or two files declare one name, the whole run is loaded again by the normal
  loader, so every message and its order are exactly those of an uncached run.

Only valid files are stored. A run with nothing cached costs one hash per file more than `load_specs`.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from . import codec, store as cachestore, forkpool
from ..model import ir
from ..spec.discover import find_specs
from ..errors import Diagnostic, SpecError
from ..output.manifest import FileRecord, Recorded, file_digest, read_record, spec_records
from ..output.regularfile import read_regular
from ..model.naming import tool_name_key

_environment: bytes | None = None


@dataclass
class LoadedTools:
    tools: Sequence[ir.Tool]  # cached models are only decoded when asked for (LazyTools)
    warnings: list[Diagnostic]
    # Per tool, a digest of everything its model depends on, for later caches to key on instead of the model;
    # None when the run went the uncached way.
    keys: list[bytes] | None
    # Each spec file's digest and stat signature (manifest.FileRecord) by shown path, from the bytes the models
    # were built from, or read just before building them: a spec edited during the run is never recorded as
    # already generated.
    input_records: dict[str, FileRecord] | None
    # Per tool, the digest of its naming skeleton (ir.naming_skeleton) and the real positions the skeleton numbers
    # (ir.position_table), known without loading the model; None together with `keys`.
    skeletons: list[bytes] | None = None
    positions: dict[str, list[int]] | None = None  # by the tool's source (its shown spec path)


def load_tools_cached(paths: Sequence[Path], max_spec_bytes: int) -> tuple[list[ir.Tool], list[Diagnostic]]:
    """Exactly what `generate.load_tools` returns (or raises), using cached models where they are known."""
    loaded = load_tools_keyed(paths, max_spec_bytes)
    return list(loaded.tools), loaded.warnings


def load_tools_keyed(
    paths: Sequence[Path], max_spec_bytes: int, recorded: Recorded | None = None
) -> LoadedTools:
    """`load_tools_cached` with each tool's cache key and each spec file's content digest. A spec whose stat
    signature the output folder's manifest (`recorded`) trusts is known by its recorded digest, unread."""
    files = _spec_files(list(paths))
    store = cachestore.open_store()
    known = None if files is None or store is None else _read_or_trust(files, max_spec_bytes, recorded)
    if files is None or store is None or known is None:
        return _load_all_keyed(paths, max_spec_bytes)  # no cache, or a problem the loader words
    loading = _Loading.of(files, *known, store, max_spec_bytes)
    keys, records, heads = loading.keys, loading.records, loading.heads
    fresh_tools = _load_missing(loading)
    if fresh_tools is None or len({tool_name_key(heads[shown].name) for shown, _ in files}) != len(files):
        return _load_all_keyed(paths, max_spec_bytes)  # an error or a duplicate name: the loader words it
    tools = LazyTools(
        [(keys[shown], fresh_tools.get(shown), path, records[shown].digest, shown) for shown, path in files],
        store,
        max_spec_bytes,
    )
    return LoadedTools(
        tools,
        [warning for shown, _ in files for warning in heads[shown].warnings],
        [keys[shown] for shown, _ in files],
        records,
        [heads[shown].skeleton for shown, _ in files],
        {shown: heads[shown].positions for shown, _ in files},
    )


@dataclass
class ChangedSpecs:
    """Specs loaded on their own (the driver's make step narrowed to the edited specs): by shown path, each one's
    cache key, the record of the bytes it was keyed on, its head, and its model when it was built now (else it is in
    the store)."""

    keys: dict[str, bytes]
    records: dict[str, FileRecord]
    heads: dict[str, _Head]
    models: dict[str, ir.Tool]


def load_changed(
    specs: list[tuple[str, Path, FileRecord]], max_spec_bytes: int, previous: dict[str, str]
) -> ChangedSpecs | None:
    """The specs (shown path, path, record of their current bytes) loaded as `load_tools_keyed` loads them, the
    new models stored; None without a cache store, or when one is too large, unreadable or invalid (the full path
    reports that). `previous` holds the digests of their last versions (shown path → digest): one that only
    rewords those is known valid without the validators (spec_alike)."""
    store = cachestore.open_store()
    if store is None:
        return None
    files = [(shown, path) for shown, path, _ in specs]
    contents: dict[str, bytes | None] = {shown: None for shown, _ in files}  # read again if not cached
    loading = _Loading.of(files, contents, {shown: record for shown, _, record in specs}, store, max_spec_bytes)
    alike = _load_alike(loading, previous)
    models = _load_missing(loading)
    if models is None or any(head is None for head in loading.heads.values()):
        return None
    return ChangedSpecs(loading.keys, loading.records, loading.heads, {**alike, **models})  # type: ignore[arg-type]


@dataclass
class _Loading:
    """Specs being loaded through the cache, and what is known of each so far, by shown path: its bytes (None: not
    read), the record of those bytes, its cache key and its stored head (None: not cached)."""

    files: list[tuple[str, Path]]
    contents: dict[str, bytes | None]
    records: dict[str, FileRecord]
    keys: dict[str, bytes]
    heads: dict[str, _Head | None]
    store: cachestore.Store
    max_spec_bytes: int

    @classmethod
    def of(
        cls,
        files: list[tuple[str, Path]],
        contents: dict[str, bytes | None],
        records: dict[str, FileRecord],
        store: cachestore.Store,
        max_spec_bytes: int,
    ) -> _Loading:
        keys = {shown: spec_key(shown, records[shown].digest, max_spec_bytes) for shown, _ in files}
        return cls(files, contents, records, keys, _stored_heads(store, keys), store, max_spec_bytes)

    def read(self, shown: str, path: Path) -> bytes | None:
        """Read a spec now and key what was read; None when it cannot be read or is too large."""
        try:
            data, self.records[shown] = read_record(path, follow_links=True, limit=self.max_spec_bytes)
        except OSError:
            return None
        self.contents[shown], self.keys[shown] = data, spec_key(shown, self.records[shown].digest, self.max_spec_bytes)
        return data

    def keep(self, shown: str, tool: ir.Tool, encoded: bytes, head: _Head, entries: dict[bytes, bytes]) -> None:
        """A spec's new model and head, added to the `entries` to store."""
        self.heads[shown] = head
        entries[self.keys[shown]] = encoded
        entries[_head_key(self.keys[shown])] = head.encode()


def _load_alike(loading: _Loading, previous: dict[str, str]) -> dict[str, ir.Tool]:
    """The models of the specs not cached that are shaped like their last versions (spec_alike), stored, their
    heads filled in; every other one read (its bytes, record and key in `loading`) for `_load_missing`."""
    before_keys = {
        shown: spec_key(shown, previous[shown], loading.max_spec_bytes)
        for shown, _ in loading.files
        if loading.heads[shown] is None and shown in previous
    }
    if not before_keys:
        return {}
    from .spec_alike import rebuild

    before_heads = _stored_heads(loading.store, before_keys)
    before_models = loading.store.get_many("spec", list(before_keys.values()))
    models: dict[str, ir.Tool] = {}
    entries: dict[bytes, bytes] = {}
    for shown, path in loading.files:
        head, key = before_heads.get(shown), before_keys.get(shown)
        if head is None or head.shape is None or head.warnings or key not in before_models:
            continue
        before, data = _decode_model(before_models[key]), loading.read(shown, path)
        made = rebuild(shown, data, loading.max_spec_bytes, before[0], head.shape) if before and data else None
        if made is not None:
            tool, shape = made
            loading.keep(shown, tool, _encode_model((tool, [])), _Head.of(tool, [], shape), entries)
            models[shown] = tool
    if entries:
        loading.store.put_many("spec", entries)
    return models


def _read_or_trust(
    files: list[tuple[str, Path]], max_spec_bytes: int, recorded: Recorded | None
) -> tuple[dict[str, bytes | None], dict[str, FileRecord]] | None:
    """Each spec's bytes (None when the manifest vouches for its recorded digest: not read) and record; None when
    a file cannot be read or is too large (the loader words that)."""
    contents: dict[str, bytes | None] = {}
    records: dict[str, FileRecord] = {}
    for shown, path in files:
        trusted = recorded.trusted("inputs", shown, path) if recorded is not None else None
        if trusted is not None and trusted.signature is not None and trusted.signature[0] <= max_spec_bytes:
            contents[shown], records[shown] = None, trusted
            continue
        try:
            contents[shown], records[shown] = read_record(path, follow_links=True, limit=max_spec_bytes)
        except OSError:
            return None
    return contents, records


def _load_missing(loading: _Loading) -> dict[str, ir.Tool] | None:
    """Parse every spec whose head the cache does not hold, store model and head, and fill in the heads (and, for a
    spec read only now, its record and key); the new models by shown path. None when one has an error."""
    missing: dict[str, bytes] = {}
    for shown, path in loading.files:
        if loading.heads[shown] is None:
            data = loading.contents[shown]
            if data is None:  # vouched for, but not cached: read it now, and key what was read
                data = loading.read(shown, path)
                if data is None:
                    return None
            missing[shown] = data
    if not missing:
        return {}
    fresh = _load_many(missing, loading.max_spec_bytes)
    if fresh is None:
        return None
    entries: dict[bytes, bytes] = {}
    for shown, ((tool, _), encoded, head) in fresh.items():
        loading.keep(shown, tool, encoded, head, entries)
    loading.store.put_many("spec", entries)
    return {shown: tool for shown, ((tool, _), _, _) in fresh.items()}


@dataclass(frozen=True)
class _Head:
    """What a run needs of a cached spec besides its model, small enough to read for every spec of a project:
    the tool's name (for the duplicate check), its spec warnings, its naming skeleton's digest, the real
    positions the skeleton numbers (ir.position_table) and its document's shape (spec_alike; None: no shape)."""

    name: str
    skeleton: bytes
    warnings: tuple[Diagnostic, ...]
    positions: list[int]
    shape: bytes | None

    @classmethod
    def of(cls, tool: ir.Tool, warnings: list[Diagnostic], shape: bytes | None) -> _Head:
        return cls(tool.name, skeleton_digest(tool), tuple(warnings), ir.position_table(tool), shape)

    def encode(self) -> bytes:
        shape = self.shape.hex() if self.shape is not None else None
        document = [self.name, self.skeleton.hex(), [w.row() for w in self.warnings], self.positions, shape]
        return codec.encode(document)

    @classmethod
    def decode(cls, data: bytes | None) -> _Head | None:
        """The stored head, or None when there is none or it is not one this version wrote (a miss)."""
        if data is None:
            return None
        try:
            name, skeleton, warnings, positions, shape = codec.decode(data, _no_classes)
            found = Diagnostic.from_rows(warnings)
            if isinstance(name, str) and isinstance(skeleton, str):
                shape = bytes.fromhex(shape) if shape is not None else None
                return cls(name, bytes.fromhex(skeleton), found, [int(value) for value in positions], shape)
        except (ValueError, TypeError, RecursionError):
            pass
        return None


def _stored_heads(store: cachestore.Store, keys: dict[str, bytes]) -> dict[str, _Head | None]:
    """The cached head of each spec (shown path → its key), None where there is none."""
    stored = store.get_many("spec", [_head_key(key) for key in keys.values()])
    return {shown: _Head.decode(stored.get(_head_key(key))) for shown, key in keys.items()}


def _head_key(key: bytes) -> bytes:
    return cachestore.digest(b"head", key)


def skeleton_digest(tool: ir.Tool) -> bytes:
    """The digest of `ir.naming_skeleton(tool)`: every value a target may name a folder from."""
    return cachestore.digest(b"skeleton", repr(ir.naming_skeleton(tool)).encode("utf-8"))


class LazyTools(Sequence[ir.Tool]):
    """The run's tools in order; a cached model is decoded (and fetched) only when asked for, so a run that
    reuses an unchanged tool's files never loads its model. Should the store have dropped an entry since its head
    was read, the model is built again from its file, which must still hold the bytes the run was keyed on."""

    def __init__(
        self,
        entries: list[tuple[bytes, ir.Tool | None, Path, str, str]],  # key, model if built, file, digest, shown
        store: cachestore.Store,
        max_spec_bytes: int,
    ):
        self._entries = entries
        self._tools: list[ir.Tool | None] = [entry[1] for entry in entries]
        self._store = store
        self._max_spec_bytes = max_spec_bytes

    def __len__(self) -> int:
        return len(self._tools)

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        tool = self._tools[index]
        if tool is None:
            self.load([index if index >= 0 else index + len(self)])
            tool = self._tools[index]
        assert tool is not None
        return tool

    def __iter__(self) -> Iterator[ir.Tool]:
        self.load([index for index, tool in enumerate(self._tools) if tool is None])
        return iter(list(self._tools))  # type: ignore[arg-type]

    def load(self, indices: list[int]) -> None:
        """Makes sure the models at `indices` are loaded (fetched together); those already loaded are not
        fetched again (on a first run every model was just built)."""
        indices = [index for index in indices if self._tools[index] is None]
        if not indices:
            return
        stored = self._store.get_many("spec", [self._entries[index][0] for index in indices])
        for index in indices:
            key, _, path, digest, shown = self._entries[index]
            entry = _decode_model(stored[key]) if key in stored else None
            self._tools[index] = (entry or self._rebuild(path, digest, shown))[0]

    def _rebuild(self, path: Path, digest: str, shown: str) -> tuple[ir.Tool, list[Diagnostic]]:
        """A model the store no longer holds (another run pruned it meanwhile), built again from the file, which
        must still hold the bytes the run was keyed on."""
        try:
            data = read_regular(path, self._max_spec_bytes)
        except OSError:
            data = b""
        rebuilt = _load_each({shown: data}, self._max_spec_bytes) if file_digest(data) == digest else None
        if rebuilt is None:
            raise SpecError([Diagnostic(shown, 1, 1, "changed while toolgen was reading it; run toolgen again")])
        return rebuilt[shown][0]


def _load_all_keyed(paths: Sequence[Path], max_spec_bytes: int) -> LoadedTools:
    records = spec_records(list(paths))  # before loading: see LoadedTools.input_records
    return LoadedTools(*_load_all(paths, max_spec_bytes), None, records)


def _load_all(paths: Sequence[Path], max_spec_bytes: int) -> tuple[list[ir.Tool], list[Diagnostic]]:
    """The uncached path (also the one every error goes through)."""
    from ..model.build import build_tools
    from ..spec.loader import load_specs

    loaded, problems = load_specs(list(paths), max_spec_bytes)
    errors = [problem for problem in problems if problem.is_error]
    if errors:
        raise SpecError(errors)
    return build_tools(loaded), [problem for problem in problems if not problem.is_error]


POOL_MIN_SPECS = 96  # parsing and validating costs ~1.3 ms a spec; a pool's start-up ~0.1 s


def _load_many(
    contents: dict[str, bytes], max_spec_bytes: int
) -> dict[str, tuple[tuple[ir.Tool, list[Diagnostic]], bytes, _Head]] | None:
    """`_load_each` with each entry also encoded for the cache, and its head; across the cores when there are many
    (a first run), the workers sending back the encoded entries and the heads. An error in a worker sends the work back
    here, where `_load_each` finds it again."""
    items = list(contents.items())
    workers = forkpool.workers_for(len(items), POOL_MIN_SPECS)
    if workers > 1:
        from ..model import build as irbuild
        from ..spec import loader, format as spec, yamlload  # noqa: F401 - imported once here, not once per worker

        loaded: list[tuple[ir.Tool, list[Diagnostic]] | None] = [None] * len(items)

        def take(indices: list[int], chunk: list[tuple[bytes, _Head]]) -> None:
            for index, (data, _) in zip(indices, chunk):  # while the workers load the rest
                loaded[index] = _decode_model(data)

        made = forkpool.run_in_chunks(
            lambda chunk: _load_and_encode(chunk, max_spec_bytes), items, workers, on_chunk=take
        )
        if made is not None and all(entry is not None for entry in loaded):
            return {
                shown: (entry, data, head)
                for (shown, _), entry, (data, head) in zip(items, loaded, made)
                if entry is not None
            }
    fresh = _load_each(contents, max_spec_bytes)
    if fresh is None:
        return None
    return {shown: (entry, _encode_model(entry), _Head.of(*entry, shape)) for shown, (entry, shape) in fresh.items()}


def _load_and_encode(items: list[tuple[str, bytes]], max_spec_bytes: int) -> list[tuple[bytes, _Head]]:
    fresh = _load_each(dict(items), max_spec_bytes)
    if fresh is None:
        raise ValueError("a spec has an error")  # reported by the caller's own run, as without a pool
    return [(_encode_model(entry), _Head.of(*entry, shape)) for entry, shape in (fresh[shown] for shown, _ in items)]


def _load_each(
    contents: dict[str, bytes], max_spec_bytes: int
) -> dict[str, tuple[tuple[ir.Tool, list[Diagnostic]], bytes | None]] | None:
    """Each file's model and warnings from the bytes that were hashed (not read again: the file may change
    meanwhile), by the loader's own steps for one file (`loader.load_specs`), and the document's shape when it warns
    of nothing (spec_alike); None as soon as one has an error."""
    from ..model.build import build_tools
    from ..spec.loader import LoadedSpec
    from ..spec.format import build_spec
    from .spec_alike import shape
    from ..spec.yamlload import load_yaml

    entries = {}
    for shown, data in contents.items():
        document = load_yaml(shown, data, max_spec_bytes)
        if isinstance(document, Diagnostic):
            return None
        spec, problems = build_spec(document)
        if spec is None or any(problem.is_error for problem in problems):
            return None
        tool = build_tools([LoadedSpec(shown, spec, document)])[0]
        entries[shown] = ((tool, problems), None if problems else shape(document.value))
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


def spec_key(shown: str, content_digest: str, max_spec_bytes: int) -> bytes:
    """A spec's cache key: its shown name, the size limit, its bytes (by their SHA-256) and the environment."""
    parts = (_environment_id(), shown.encode("utf-8"), str(max_spec_bytes).encode(), content_digest.encode())
    return cachestore.digest(b"spec", *parts)


def _environment_id() -> bytes:
    """Everything besides the file that decides its model: toolgen's code, Python, the parser and validator."""
    global _environment
    if _environment is None:
        from ..output.manifest import fingerprint
        from .store import installed_version

        versions = []
        for distribution in ("PyYAML", "pydantic", "pydantic-core"):
            version = installed_version(distribution)
            versions.append(f"{distribution}=={version}" if version else f"{distribution} missing")
        python = ".".join(map(str, sys.version_info[:2]))
        _environment = f"{fingerprint([])} python{python} {' '.join(versions)}".encode()
    return _environment


_MODEL_MODULES = {"codegen.model.ir", "codegen.errors"}.__contains__  # toolgen's model and its diagnostics


def _no_classes(module: str) -> bool:
    return False  # a head is plain data


def _encode_model(entry: tuple[ir.Tool, list[Diagnostic]]) -> bytes:
    return codec.encode(entry)


def _decode_model(data: bytes) -> tuple[ir.Tool, list[Diagnostic]] | None:
    try:
        tool, warnings = codec.decode(data, _MODEL_MODULES)
    except (ValueError, TypeError):  # not a value this version stored: a miss
        return None
    if not isinstance(tool, ir.Tool) or not all(isinstance(w, Diagnostic) for w in warnings):
        return None
    return tool, list(warnings)
