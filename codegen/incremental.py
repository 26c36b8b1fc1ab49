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
together, so a target can batch them); the folder-wide files are always planned afresh. Without a cache store
(TOOLGEN_NO_CACHE) only the output folder is consulted.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import cachestore, forkpool, ir
from .errors import Diagnostic
from .targets import Reporter
from .targets.base import PlannedFile, Target

TABLE = "render"

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
        warnings = [[w.file, w.line, w.column, w.message, w.severity] for w in self.warnings]
        return [self.key.hex() if self.key else "", dict(self.facts), warnings]


# per-tool cache key (hex) → (relative path, content digest, facts, warnings) of a file already in the output
# folder as recorded (manifest.Recorded.reusable_tool_files); paths are relative to the output root
OnDisk = Mapping[str, tuple[str, str, dict[str, Any], list[Any]]]


def render_target(
    target: Target,
    tools: list[ir.Tool],
    tool_keys: list[bytes],
    options: Mapping[str, Any],
    report: Reporter,
    render: Render,
    finish: Finish,
    environment: bytes,
    on_disk: OnDisk | None = None,
    vet_paths: Callable[[list[str]], None] = lambda paths: None,
    custom_templates: bool = False,
) -> list[FinishedFile]:
    """Every file of `target` in plan order (tool files, then folder files); warnings go to `report` in the order
    an uncached plan reports them. `environment` identifies toolgen's code, templates and header line;
    `on_disk` lists the per-tool files already in the output folder (paths there start with the target's
    folder); `vet_paths` sees every planned path before anything is rendered (and may raise);
    `custom_templates` says the user overrides some of this target's templates (Target.format_all).
    """
    names = target.name_folder(tools, options, report)
    keys = _keys(target, tool_keys, names, options, environment)
    files: list[FinishedFile | None] = [_from_disk(target.name, key, on_disk) for key in keys]
    store = cachestore.open_store() if any(file is None for file in files) else None
    if store is not None:
        stored = store.get_many(TABLE, [key for key, file in zip(keys, files) if file is None])
        files = [file or _decode(stored.get(key), key) for key, file in zip(keys, files)]
    missing = [index for index, file in enumerate(files) if file is None]
    job = _Job(target, tools, names, options, render, finish, vet_paths, custom_templates)
    fresh: dict[bytes, bytes] = {}
    for index, (path, text, facts, warnings) in zip(missing, _make_files(job, missing)):
        finished = FinishedFile(path, text, facts, warnings, keys[index])
        files[index] = finished
        if store is not None:
            fresh[keys[index]] = _encode(finished)
    if store is not None and fresh:
        store.put_many(TABLE, fresh)

    done = [file for file in files if file is not None]
    for file in done:
        for warning in file.warnings:
            report.warn(warning.file, warning.line, warning.column, warning.message)
    shared = target.folder_files(tools, names, [file.facts for file in done], options, report)
    vet_paths([file.path for file in shared])
    for file, text in zip(
        shared, _render_and_format(target, shared, render, finish, custom_templates)
    ):
        done.append(FinishedFile(file.path, text, dict(file.facts)))
    return done


@dataclass(frozen=True)
class _Job:
    """Everything needed to make tool files (the callbacks are closures: a forked worker inherits them)."""

    target: Target
    tools: list[ir.Tool]
    names: list[Any]
    options: Mapping[str, Any]
    render: Render
    finish: Finish
    vet_paths: Callable[[list[str]], None]
    custom_templates: bool


Made = tuple[str, str, dict[str, Any], tuple[Diagnostic, ...]]  # path, text, facts, warnings
POOL_MIN_FILES = 64  # below this a pool's start-up (~0.1 s) is not worth it


def _make_files(job: _Job, indices: list[int]) -> list[Made]:
    """The files of the tools at `indices`: planned, vetted, rendered and formatted — in a process pool across
    the cores when there are many (a first run of a large project), else here. The job's callbacks are closures,
    so only forked workers can take it (codegen.forkpool); any failure there, an error in the input included,
    means doing it here, where the error is reported as in an unpooled run."""
    workers = _pool_size(len(indices))
    if workers > 1:
        made = forkpool.run_in_chunks(lambda chunk: _make_files_here(job, chunk), indices, workers)
        if made is not None:
            return made
    return _make_files_here(job, indices)


def _pool_size(files: int) -> int:
    return forkpool.workers_for(files, POOL_MIN_FILES)


def _make_files_here(job: _Job, indices: list[int]) -> list[Made]:
    planned: list[tuple[PlannedFile, Reporter]] = []
    for index in indices:
        tool_report = Reporter()
        planned.append(
            (
                job.target.tool_file(job.tools[index], job.names[index], job.options, tool_report),
                tool_report,
            )
        )
    job.vet_paths([file.path for file, _ in planned])
    texts = _render_and_format(
        job.target, [file for file, _ in planned], job.render, job.finish, job.custom_templates
    )
    return [
        (file.path, text, dict(file.facts), tuple(tool_report.diagnostics))
        for (file, tool_report), text in zip(planned, texts)
    ]


def _render_and_format(
    target: Target,
    files: Sequence[PlannedFile],
    render: Render,
    finish: Finish,
    custom_templates: bool,
) -> list[str]:
    rendered = [(file, render(file)) for file in files]
    formatted = (
        target.format_all(rendered, custom_templates) if rendered else []
    )  # all at once: cached, maybe parallel
    return [finish(file, text) for file, text in zip(files, formatted)]


def model_digest(tool: ir.Tool) -> bytes:
    return cachestore.digest(b"model", repr(tool).encode("utf-8"))


def _keys(
    target: Target,
    tool_keys: list[bytes],
    names: list[Any],
    options: Mapping[str, Any],
    environment: bytes,
) -> list[bytes]:
    context = cachestore.digest(
        b"render",
        environment,
        target.name.encode(),
        target.cache_identity().encode(),
        json.dumps(options, sort_keys=True, default=repr).encode(),
    )
    return [
        cachestore.digest(context, tool_key, target.names_key(record).encode())
        for tool_key, record in zip(tool_keys, names)
    ]


def _encode(file: FinishedFile) -> bytes:
    _, facts, warnings = file.record()
    document = {"path": file.path, "text": file.text, "facts": facts, "warnings": warnings}
    # compressed: generated code is repetitive (about 6:1), so a 1000-spec project takes ~6 MB, not 32 MB
    return zlib.compress(
        json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode("utf-8"), 1
    )


def _warnings(rows: Any) -> tuple[Diagnostic, ...]:
    return tuple(Diagnostic(str(f), int(l), int(c), str(m), str(s)) for f, l, c, m, s in rows)


def _decode(data: bytes | None, key: bytes) -> FinishedFile | None:
    """A stored file, or None when there is none or it is not one this version wrote (a miss, never an error)."""
    if data is None:
        return None
    try:
        document = json.loads(zlib.decompress(data))
        path, text, facts = document["path"], document["text"], document["facts"]
        if isinstance(path, str) and isinstance(text, str) and isinstance(facts, dict):
            return FinishedFile(path, text, facts, _warnings(document["warnings"]), key)
    except (ValueError, KeyError, TypeError, zlib.error):
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
        return FinishedFile(relative[len(prefix) :], None, facts, _warnings(warnings), key, digest)
    except (ValueError, TypeError):
        return None
