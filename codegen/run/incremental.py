"""Render one target's files, reusing the finished file of every tool whose inputs did not change.

A target plans in three steps (`Target.name_folder`, `tool_file`, `folder_files`). Naming is folder-wide but cheap;
a tool's file — view model, template, formatter — is the expensive part, and it depends only on:

- the tool's intermediate model (`ir.Tool`): keyed by the digest the spec cache computed over everything the
  model depends on (`speccache.load_tools_keyed`), or else by `model_digest` (its full repr: every name, type,
  string and position);
- its naming record (`Target.names_key`), which is where the other tools of the folder come in;
- the target, its options, the extra header line, and the versions of toolgen's code, the templates in use
  (built-in and custom), Jinja2 and any formatter the target runs (`Target.cache_identity`).

The per-tool cache key is a SHA-256 over exactly those, so a hit is byte for byte the file a fresh run would
produce, together with the warnings planning it reported and the `facts` the folder-wide files need. A key is
looked up first among the files already in the output folder (the manifest records each per-tool file's key, and
its stat signature proves the file unchanged: `manifest.Recorded.reusable_tool_files`; such a file is not even
read), then in toolgen's cache. Only the tools that miss both are planned, rendered and formatted (formatted
together, so a target can batch them). Without a cache store (TOOLGEN_NO_CACHE) only the output folder is
consulted.

The folder-wide steps are cached too. Targets name a folder and plan its shared files from the tools' naming
skeletons only (`ir.naming_skeleton`: names, types, enum values and options, without descriptions, defaults,
the wire schema or real positions), so the naming records are a function of the skeletons' digests (which the
spec cache keeps beside each model) and the target's context, and the shared files of those plus the tool files'
`facts`. Both are cached under exactly those keys; their warnings are placed at real lines afterwards
(`ToolSet.placed`). After an edit that leaves every skeleton as it was — a description, a default, a constraint,
moved lines — a run names nothing, plans no shared file and loads no model but the edited one
(`speccache.LazyTools`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..cache import codec, store as cachestore, forkpool
from ..model import ir, stability as namestability
from ..errors import Diagnostic
from ..targets import Reporter
from ..targets.base import PlannedFile, Target

TABLE = "render"
PLAN_TABLE = "plan"

# (planned file, its rendered text) → final text: the marker check and the extra header line of generate.py
Finish = Callable[[PlannedFile, str], str]
Render = Callable[[PlannedFile], str]


@dataclass(frozen=True)
class FinishedFile:
    path: str
    text: str | None  # None: the file is on disk exactly as this run would write it, with `digest`
    facts: Mapping[str, Any]
    warnings: tuple[Diagnostic, ...] = ()
    key: bytes | None = None  # the per-tool cache key (per-tool files only)
    digest: str | None = None  # set when `text` is None

    def record(self) -> list[Any]:
        """What the manifest keeps about a per-tool file to reuse it next time."""
        warnings = [warning.row() for warning in self.warnings]
        return [self.key.hex() if self.key else "", dict(self.facts), warnings]


# per-tool cache key (hex) → (relative path, content digest, facts, warnings) of a file already in the output
# folder as recorded (manifest.Recorded.reusable_tool_files); paths are relative to the output root
OnDisk = Mapping[str, tuple[str, str, dict[str, Any], list[Any]]]


@dataclass
class ToolSet:
    """A run's tools with the digests the caches key on."""

    # may load models lazily (speccache.LazyTools): only the tools that are planned are read
    tools: Sequence[ir.Tool]
    keys: list[bytes]  # per tool: everything its model depends on
    # per tool: its naming skeleton's digest; None: names and folder files are not cached
    skeletons: list[bytes] | None = None
    # by tool source: the real positions its skeleton numbers (ir.position_table); None: read from the tools
    positions: Mapping[str, list[int]] | None = None
    _skeleton_tools: list[ir.Tool] | None = None
    _skeleton_view: Sequence[ir.Tool] | None = None

    def skeleton_tools(self) -> list[ir.Tool]:
        """What targets name folders and plan folder-wide files from (ir.naming_skeleton), made once per run."""
        if self._skeleton_tools is None:
            self._skeleton_tools = [ir.naming_skeleton(tool) for tool in self.tools]
        return self._skeleton_tools

    def skeleton_view(self) -> Sequence[ir.Tool]:
        """The skeletons made so far, else ones made on first access (json's tools/list.json reads none)."""
        if self._skeleton_view is None:
            self._skeleton_view = self._skeleton_tools or ir.SkeletonView(self.tools)
        return self._skeleton_view

    def placed(self, warnings: Sequence[Diagnostic]) -> list[Diagnostic]:
        """Warnings reported from skeletons, at their real positions in the specs."""
        if not any(warning.line < 0 for warning in warnings):
            return list(warnings)
        if self.positions is None:
            self.positions = {tool.source: ir.position_table(tool) for tool in self.tools}
        placed = []
        for warning in warnings:
            if warning.line < 0:
                line, column = ir.real_position(
                    self.positions[warning.file], warning.line, warning.column
                )
                warning = replace(warning, line=line, column=column)
            placed.append(warning)
        return placed


@dataclass
class Pending:
    """One target's files between naming and completion: those found already made, and the tools still missing.

    A run prepares every target (`prepare`), makes all their missing tool files at once (`make_missing`: one
    process pool for all targets on a first run), then completes each target in order (`complete`: folder-wide
    files, and warnings in the order an uncached plan reports them)."""

    job: _Job
    toolset: ToolSet
    naming: _Naming
    keys: list[bytes]
    files: list[FinishedFile | None]
    context: bytes
    store: Any
    missing: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class TargetRun:
    """How a run makes one target's files: the target, its options, and the run's callbacks that render a planned
    file, finish it (marker check, extra header line) and vet output paths (codegen.run.generate.target_run). Without
    `render` and `finish` the files are planned only (`toolgen validate`): their texts are empty, and none is
    cached."""

    target: Target
    options: Mapping[str, Any]
    render: Render | None
    finish: Finish | None
    vet_paths: Callable[[list[str]], None] = lambda paths: None
    custom_templates: bool = False


def prepare(
    run: TargetRun, toolset: ToolSet, environment: bytes, naming: _Naming, on_disk: OnDisk | None = None
) -> Pending:
    """Find each tool's file in the output folder or the cache; the rest are missing. `naming` is the folder's
    (`name_folders`, which names every target's folder at once)."""
    store = cachestore.open_store()
    context = _context(run.target, run.options, environment, run.custom_templates)
    keys = [file_key(context, tool_key, names_key) for tool_key, names_key in zip(toolset.keys, naming.names_keys)]
    files: list[FinishedFile | None] = [_from_disk(run.target.name, key, on_disk) for key in keys]
    if store is not None and any(file is None for file in files):
        stored = store.get_many(TABLE, [key for key, file in zip(keys, files) if file is None])
        files = [file or _decode(stored.get(key), key) for key, file in zip(keys, files)]
    job = _Job(run, toolset.tools, naming.records, store is not None and run.render is not None)
    missing = [index for index, file in enumerate(files) if file is None]
    return Pending(job, toolset, naming, keys, files, context, store, missing)


def file_key(context: bytes, tool_key: bytes, names_key: str) -> bytes:
    """A per-tool file's cache key: the target's context, the tool's model key and its naming record's key."""
    return cachestore.digest(context, tool_key, names_key.encode())


def remake(
    run: TargetRun, environment: bytes, toolset: ToolSet, naming: _Naming, indices: Sequence[int]
) -> tuple[bytes, dict[int, FinishedFile]]:
    """The target's context and the files of the tools at `indices` only, found in the cache or made here (and
    cached): what `prepare` and `make_missing` give for them, without looking at any other tool (the driver's make
    step narrowed to the edited specs, which never runs with custom templates)."""
    store = cachestore.open_store()
    context = _context(run.target, run.options, environment, run.custom_templates)
    keys = {index: file_key(context, toolset.keys[index], naming.names_keys[index]) for index in indices}
    stored = store.get_many(TABLE, list(keys.values())) if store is not None else {}
    files = {index: _decode(stored.get(key), key) for index, key in keys.items()}
    missing = [index for index, file in files.items() if file is None]
    if missing:
        job = _Job(run, toolset.tools, naming.records)
        fresh = {}
        for index, made in zip(missing, _make_files_here(job, missing)):
            files[index] = file = replace(made, key=keys[index])
            fresh[keys[index]] = _encode(file)
        if store is not None:
            store.put_many(TABLE, fresh)
    return context, files  # type: ignore[return-value]


def make_missing(pendings: Sequence[Pending]) -> None:
    """Make the missing tool files of every target: in one process pool across the cores when there are many
    (a first run), so that the workers start once, not once per target; else here, target by target. Each file is
    taken (and stored in the cache) as soon as its chunk is in, while the workers make the rest.
    """
    work = [(number, index) for number, pending in enumerate(pendings) for index in pending.missing]
    # the cache store that takes the new files (every target's is the same), if any
    store = next((pending.store for pending in pendings if pending.job.cache_new_files), None)

    def take(positions: list[int], made: Sequence[Made]) -> None:
        fresh: dict[bytes, bytes] = {}
        for position, item in zip(positions, made):
            number, index = work[position]
            pending = pendings[number]
            key = pending.keys[index]
            if isinstance(item, bytes):  # from a worker, in the form the cache stores
                file = _decode(item, key)
                if file is None:
                    raise AssertionError("a worker sent a file that does not decode")
                stored: bytes | None = item
            else:
                file, stored = FinishedFile(item.path, item.text, item.facts, item.warnings, key), None
            pending.files[index] = file
            if pending.job.cache_new_files:
                fresh[key] = stored if stored is not None else _encode(file)
        if fresh and store is not None:
            store.put_many(TABLE, fresh)

    _make_files(pendings, work, take)
    for pending in pendings:
        pending.missing = []


def complete(pending: Pending, report: Reporter) -> list[FinishedFile]:
    """Plan the folder-wide files, and report every warning in an uncached plan's order."""
    _replay(pending.toolset.placed(pending.naming.warnings), report)
    done = [file for file in pending.files if file is not None]
    for file in done:
        _replay(file.warnings, report)
    shared = folder_files(
        pending.job.run,
        pending.toolset,
        pending.naming,
        [file.facts for file in done],
        pending.context,
        pending.store,
    )
    _replay(pending.toolset.placed(shared.warnings), report)
    return done + shared.files


def _context(
    target: Target, options: Mapping[str, Any], environment: bytes, custom_templates: bool = False
) -> bytes:
    """Everything a target's files depend on besides the tools (with custom templates, the external formatter's
    version too: it shapes their text)."""
    return cachestore.digest(
        b"render",
        environment,
        target.name.encode(),
        target.cache_identity_for(custom_templates).encode(),
        json.dumps(options, sort_keys=True, default=repr).encode(),
    )


def _replay(warnings: Sequence[Diagnostic], report: Reporter) -> None:
    for warning in warnings:
        report.warn(warning.file, warning.line, warning.column, warning.message, warning.code)


# -- names: from the tools' skeletons, cached by their digests --------------------------------------------------


class _Records(Sequence[Any]):
    """Naming records kept encoded (one line each) until a tool that is planned asks for its own."""

    def __init__(self, encoded: list[bytes]):
        self._encoded = encoded
        self._records: dict[int, Any] = {}

    def __len__(self) -> int:
        return len(self._encoded)

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index not in self._records:
            self._records[index] = codec.decode(self._encoded[index], _record_modules)
        return self._records[index]


def _record_modules(module: str) -> bool:
    return module.startswith("codegen.targets.")  # naming records are dataclasses of the targets


def _no_classes(module: str) -> bool:
    return False


@dataclass(frozen=True)
class _Naming:
    names_keys: list[str]  # Target.names_key of each record: what the per-tool cache keys use
    records: Sequence[Any]
    warnings: tuple[Diagnostic, ...]

    def encode(self) -> bytes:
        rows = [warning.row() for warning in self.warnings]
        # One line for the keys and warnings, then one per record (encoded JSON has no line break), so that a run
        # decodes only the records of the tools it plans. Not compressed: a 1000-tool folder's naming is ~1 MB, and
        # inflating six of them cost a run after a one-spec edit ~25 ms, five times what storing it raw costs.
        return codec.encode_with_body((self.names_keys, rows), b"\n".join(codec.encode(r) for r in self.records))

    @classmethod
    def decode(cls, data: bytes | None, tools: int) -> _Naming | None:
        if data is None:
            return None
        try:
            (names_keys, rows), body = codec.decode_with_body(data, _no_classes)
            records = body.split(b"\n") if body else []
            if not len(names_keys) == len(records) == tools:
                return None
            if all(type(key) is str for key in names_keys):
                return cls(list(names_keys), _Records(records), Diagnostic.from_rows(rows))
        except (ValueError, TypeError):  # not a value this version stored: a miss
            pass
        return None


def name_folders(
    targets: Sequence[tuple[Target, Mapping[str, Any]]], toolset: ToolSet, environment: bytes
) -> list[_Naming]:
    """Each (target, options)'s naming records. Targets name from skeletons only (ir.naming_skeleton), so the
    records are a function of the skeletons' digests and the context: cached by those, an edit that leaves every
    skeleton as it was (a description, a default) neither loads the other tools' models nor names the folders
    again. The targets the cache lacks are named side by side in a process pool when there are several of them
    over many tools (a first run), else here."""
    store = cachestore.open_store()
    keys: list[bytes | None] = [None] * len(targets)
    if store is not None and toolset.skeletons is not None:
        keys = [
            cachestore.digest(b"names", _context(target, options, environment), *toolset.skeletons)
            for target, options in targets
        ]
    found = (
        store.get_many(PLAN_TABLE, [key for key in keys if key is not None])
        if store is not None
        else {}
    )
    namings = [
        _Naming.decode(found.get(key), len(toolset.keys)) if key is not None else None
        for key in keys
    ]
    missing = [index for index, naming in enumerate(namings) if naming is None]
    made = _name_missing([targets[index] for index in missing], toolset)
    fresh = {}
    for index, (naming, encoded) in zip(missing, made):
        namings[index] = naming
        if keys[index] is not None:
            fresh[keys[index]] = encoded or naming.encode()
    if store is not None and fresh:
        store.put_many(PLAN_TABLE, fresh)
    return namings  # type: ignore[return-value]


def _name_missing(
    targets: Sequence[tuple[Target, Mapping[str, Any]]], toolset: ToolSet
) -> list[tuple[_Naming, bytes | None]]:
    """Each target's naming, and its encoding for the cache when a worker made it (it was sent back so)."""
    if not targets:
        return []
    skeletons = toolset.skeleton_tools()  # made here before forking: the workers share them
    # as many workers as their files would get
    workers = min(len(targets), _pool_size(len(targets) * len(skeletons)))
    if workers > 1:
        pooled = forkpool.run(
            lambda item: _name_here(*item, skeletons).encode(), list(targets), workers
        )
        if pooled is not None:
            decoded = [_Naming.decode(data, len(skeletons)) for data in pooled]
            if all(naming is not None for naming in decoded):
                return [(naming, data) for naming, data in zip(decoded, pooled)]  # type: ignore[misc]
    return [(_name_here(target, options, skeletons), None) for target, options in targets]


def _name_here(target: Target, options: Mapping[str, Any], skeletons: list[ir.Tool]) -> _Naming:
    report = Reporter()
    records = target.name_folder(skeletons, options, report)
    names_keys = [target.names_key(record) for record in records]
    # errors (severity "error") for tools whose names depend on the others; cached with the naming, so a run that
    # takes it from the cache refuses the same specs (generate.raise_naming_errors)
    errors = namestability.clashes(target, options, skeletons, names_keys, report.diagnostics)
    return _Naming(names_keys, records, tuple(report.diagnostics) + tuple(errors))


# -- folder-wide files: from skeletons, names and facts, cached by those ----------------------------------------


@dataclass(frozen=True)
class _Shared:
    files: list[FinishedFile]
    warnings: tuple[Diagnostic, ...]


def folder_files(
    run: TargetRun,
    toolset: ToolSet,
    naming: _Naming,
    facts: list[Mapping[str, Any]],
    context: bytes,
    store: Any,
) -> _Shared:
    """The folder-wide files, finished. They depend on the skeletons, the names (a function of the skeletons and
    the context) and the tool files' facts only, so they are cached by exactly those."""
    key = None
    if store is not None and toolset.skeletons is not None:
        facts_text = json.dumps(facts, sort_keys=True, ensure_ascii=False).encode("utf-8")
        key = cachestore.digest(b"folder", context, facts_text, *toolset.skeletons)
        shared = _decode_shared(store.get_many(PLAN_TABLE, [key]).get(key))
        if shared is not None:
            run.vet_paths([file.path for file in shared.files])
            return shared
    report = Reporter()
    planned = run.target.folder_files(
        # a Sequence, not the list the signature says: folder_files only iterate and index their tools
        toolset.skeleton_view(), list(naming.records), facts, run.options, report  # type: ignore[arg-type]
    )
    run.vet_paths([file.path for file in planned])
    texts = _render_and_format(run, planned)
    shared = _Shared(
        [FinishedFile(file.path, text, dict(file.facts)) for file, text in zip(planned, texts)],
        tuple(report.diagnostics),
    )
    if key is not None and run.render is not None:
        store.put_many(PLAN_TABLE, {key: _encode_shared(shared)})
    return shared


def _encode_shared(shared: _Shared) -> bytes:
    files = [[file.path, file.text, dict(file.facts)] for file in shared.files]
    rows = [warning.row() for warning in shared.warnings]
    return codec.encode((files, rows))  # a few files: not worth a body of their own


def _decode_shared(data: bytes | None) -> _Shared | None:
    if data is None:
        return None
    try:
        files, rows = codec.decode(data, _no_classes)
        finished = [FinishedFile(str(path), str(text), dict(facts)) for path, text, facts in files]
        return _Shared(finished, Diagnostic.from_rows(rows))
    except (ValueError, TypeError):  # not a value this version stored: a miss
        return None


@dataclass(frozen=True)
class _Job:
    """Everything needed to make tool files (the callbacks are closures: a forked worker inherits them)."""

    run: TargetRun
    tools: Sequence[ir.Tool]
    names: Sequence[Any]
    cache_new_files: bool = False  # a cache store takes every file made


# A file made here (its key not set yet), or as a pooled worker sends it: in the form the cache stores (`_encode`),
# which is also what the cache takes, so a file travels once, and no worker pickles it a second way.
Made = FinishedFile | bytes
POOL_MIN_FILES = 64  # below this a pool's start-up (~0.1 s) is not worth it


def _make_files(
    pendings: Sequence[Pending],
    work: list[tuple[int, int]],
    take: Callable[[list[int], Sequence[Made]], None],
) -> None:
    """The files of the (target, tool) pairs in `work`: planned, vetted, rendered and formatted — in a process
    pool across the cores when there are many, else here — handed to `take` with their positions in `work`, chunk
    by chunk as they come in. The jobs' callbacks are closures, so only forked workers can take them
    (codegen.cache.forkpool); any failure there, an error in the input included, means doing it all here (`take` sees
    those files again), where the error is reported as in an unpooled run."""
    workers = _pool_size(len(work))
    if workers > 1:
        # the models are loaded here, before forking: a worker must not use this process's cache connection
        for pending in pendings:
            load = getattr(pending.job.tools, "load", None)  # speccache.LazyTools
            if load is not None:
                load(sorted({index for _, index in work}))
                break  # every target has the same tools
        sent = forkpool.run_in_chunks(
            lambda chunk: [_encode(file) for file in _make_work_here(pendings, chunk)],
            work,
            workers,
            on_chunk=take,
        )
        if sent is not None:
            return
    take(list(range(len(work))), _make_work_here(pendings, work))


def _make_work_here(pendings: Sequence[Pending], work: list[tuple[int, int]]) -> list[FinishedFile]:
    """`work` made in this process, target by target (each target formats its files together)."""
    by_target: dict[int, list[int]] = {}
    for number, index in work:
        by_target.setdefault(number, []).append(index)
    made: dict[tuple[int, int], FinishedFile] = {}
    for number, indices in by_target.items():
        for index, result in zip(indices, _make_files_here(pendings[number].job, indices)):
            made[(number, index)] = result
    return [made[item] for item in work]


def _pool_size(files: int) -> int:
    return forkpool.workers_for(files, POOL_MIN_FILES)


def _make_files_here(job: _Job, indices: list[int]) -> list[FinishedFile]:
    planned: list[tuple[PlannedFile, Reporter]] = []
    for index in indices:
        tool_report = Reporter()
        planned.append(
            (
                job.run.target.planned_tool_file(job.tools[index], job.names[index], job.run.options, tool_report),
                tool_report,
            )
        )
    job.run.vet_paths([file.path for file, _ in planned])
    texts = _render_and_format(job.run, [file for file, _ in planned])
    return [
        FinishedFile(file.path, text, dict(file.facts), tuple(tool_report.diagnostics))
        for (file, tool_report), text in zip(planned, texts)
    ]


def _render_and_format(run: TargetRun, files: Sequence[PlannedFile]) -> list[str]:
    if run.render is None or run.finish is None:
        return [""] * len(files)  # planned only
    rendered = [(file, run.render(file)) for file in files]
    # all at once: cached, maybe parallel
    formatted = run.target.format_all(rendered, run.custom_templates) if rendered else []
    return [run.finish(file, text) for file, text in zip(files, formatted)]


def model_digest(tool: ir.Tool) -> bytes:
    return cachestore.digest(b"model", repr(tool).encode("utf-8"))


def _encode(file: FinishedFile) -> bytes:
    _, facts, warnings = file.record()
    # The text is the body, stored as UTF-8 as it is, not as a JSON string (escaping megabytes of code is not
    # free), and not compressed: zlib's fastest level took 0.4 s of CPU for the 6,006 files of 1000 specs (~32 MB →
    # ~10 MB), an eighth of what making them costs, and inflating them again ~0.17 s when a new folder reuses them.
    text = file.text.encode("utf-8")  # type: ignore[union-attr]  # a made file has its text
    return codec.encode_with_body((file.path, facts, warnings), text)


def _decode(data: bytes | None, key: bytes) -> FinishedFile | None:
    """A stored file, or None when there is none or it is not one this version wrote (a miss, never an error)."""
    if data is None:
        return None
    try:
        (path, facts, warnings), body = codec.decode_with_body(data, _no_classes)
        text = body.decode("utf-8")
        if isinstance(path, str) and isinstance(facts, dict):
            return FinishedFile(path, text, facts, Diagnostic.from_rows(warnings), key)
    except (ValueError, TypeError):  # not a value this version stored: a miss
        pass
    return None


def _from_disk(target: str, key: bytes, on_disk: OnDisk | None) -> FinishedFile | None:
    """The file of this key when it is already in the output folder, unread (None when it is not)."""
    entry = on_disk.get(key.hex()) if on_disk else None
    if entry is None:
        return None
    relative, digest, facts, warnings = entry
    prefix = f"{target}/"
    if not relative.startswith(prefix):
        return None
    try:
        return FinishedFile(
            relative[len(prefix) :], None, facts, Diagnostic.from_rows(warnings), key, digest
        )
    except (ValueError, TypeError):
        return None
