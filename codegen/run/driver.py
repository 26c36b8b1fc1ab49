"""The driver: one run request, from the specs to the written (or compared) files, remaking only what changed.

Every run takes the same four steps (`_run`), whatever the cache holds and whatever changed:

1. **make** every output's text, or the proof that it is on disk as this run would write it. The specs are loaded,
   the folders named, and each tool's file taken from where it already is — in the output folder as the manifest
   records it, or in toolgen's cache — or made (codegen.run.incremental), then the folder-wide files. "Everything
   changed" (a first run, no cache) is the case where nothing is found. When the output folder's survey proves that
   only a few specs changed (`manifest.Survey.changed`), the step narrows to them (`_make_edited`): the other specs'
   models, names, files and warnings are the last run's, and only the edited specs' files are looked up or made.
   Should an edit reach further than their own files, the step widens to every spec (`_make_all`) before anything
   is written.
2. **compare** the texts with the output folder (`writer.compare`: toolgen's own files only);
3. **apply** them (`generate`; `check` writes nothing);
4. **record** what the run read and wrote in the manifest, the next run's proof (`_record`).

A first run (no manifest and no lock yet) makes before it takes the output lock, since an error found while making
must leave nothing behind, and the lock is a file; every other run makes under the lock, as it trusts files on disk.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..cache import collector, store as cachestore
from ..cache.specs import ChangedSpecs, LazyTools, load_changed, load_tools_keyed, spec_key
from ..errors import Diagnostic, StrictError
from ..model import ir
from ..output.lineendings import canonical
from ..output.manifest import (
    READ_LIMIT, FileRecord, Recorded, Survey, build_manifest, file_digest, manifest_path, removable,
    signature_if_holds, survey, with_refreshed,
)  # fmt: skip
from ..output.notes import note
from ..output.regularfile import read_regular
from ..output.statefolder import LOCK_NAME, MANIFEST_NAME
from ..output.writer import apply, compare, output_lock, write_state
from ..targets import get_target
from .incremental import FinishedFile, TargetRun, ToolSet, file_key, folder_files, name_folders, remake
from .outputs import Rendered, catalogue_text, render_all, render_environment, target_run, toolset_of
from .request import Result, RunRequest, reported_warnings


def run(job: RunRequest, found: Survey | None = None) -> Result:
    """Generate (`job.write`) or check the output folder for the specs under `job.paths`. `found` is the survey
    of the output folder the caller made for this same run (the CLI's fast path), if any."""
    with collector.paused():  # a run makes no garbage cycles worth looking for (codegen.cache.collector)
        return _run(job, found)


@dataclass
class _Made:
    """What the make step found and made: every output's text (None: on disk as recorded, with its digest in
    `on_disk`), and what the manifest records of the run."""

    tools: Sequence[ir.Tool]
    texts: dict[str, str | None]  # by path relative to the output root
    on_disk: dict[str, str]
    warnings: list[Diagnostic]  # every warning found, before acknowledgements
    inputs: dict[str, FileRecord] | None  # each spec's record, by shown path
    tool_files: dict[str, FinishedFile | list[Any]]  # each per-tool file, or its manifest entry as recorded
    skeletons: dict[str, str]  # each spec's naming skeleton digest (hex), by shown path
    rendered: Rendered | None = None  # every target's files as made (None: only the edited specs' were)
    proven: Survey | None = None  # the survey that proved every file but the edited specs' unchanged


def _run(job: RunRequest, found: Survey | None) -> Result:
    out = job.out
    # The last run's manifest: specs it vouches for are not read again (their digests are known). The caller's
    # survey already looked at every file it could: its manifest remembers what it found.
    recorded = found.recorded if found is not None else Recorded.load(out)
    # Files the last run wrote are reused from disk only under the lock, so that no other run changes them in
    # between. Making can still find errors (a custom template, an option), and nothing may be created then:
    # so without a manifest and its lock file (a first run) it happens before the lock, which creates both.
    made = None if recorded.document and (out / LOCK_NAME).is_file() else _make_all(job, recorded)
    # One run at a time per output root (writer.output_lock), from the comparison to the manifest.
    with output_lock(out, exclusive=job.write):
        recorded = recorded.reload(out)  # what it vouches for, and toolgen's record of what it wrote
        if made is None:
            # the tool files on disk are listed before the specs are loaded, as that needs nothing of them
            made = _make_edited(found, recorded, job) or _make_all(job, recorded, recorded.reusable_tool_files(out))
        planned = OutputTexts(out, made.texts)
        if job.docs_key is not None and made.rendered is not None:
            made.texts[job.docs_key] = catalogue_text(made.tools, made.rendered, job, planned.__getitem__)
        leave = _files_not_named(made.rendered.sources, job.only) if job.only and made.rendered else ()
        # a proven survey found no other toolgen file in the target folders: there is none to look for
        folders, record = ([], None) if made.proven else (job.owned, removable(recorded.document))
        changes = compare(out, planned, folders, on_disk=made.on_disk, leave=leave, record=record)
        if job.write:
            apply(out, planned, changes)
        # Only some tools were remade (--only): the manifest could not vouch for the others' files, so none is
        # recorded (the last one stays; a later full run sees what changed and records a new one).
        if job.write and job.only is None:
            strays = recorded.document["strays"] if made.proven else changes.kept
            _write_manifest(out, _record(job, recorded, made, planned, set(changes.written), strays))
    warnings, edited_only = reported_warnings(job, made.warnings), made.proven is not None
    return Result(made.tools, planned, changes, warnings, job.chosen, edited_only)  # type: ignore[arg-type]


def _make_all(job: RunRequest, recorded: Recorded, on_disk: Any = None) -> _Made:
    """The make step over every spec: each tool's file found on disk (`on_disk`, from the manifest), in the cache,
    or made. --strict: a warning stops the run here, before anything is written."""
    loaded = load_tools_keyed(job.paths, job.max_spec_bytes, recorded)
    rendered = render_all(toolset_of(loaded), job, on_disk)
    warnings = loaded.warnings + rendered.warnings
    reported = reported_warnings(job, warnings) if job.strict else []
    if reported:
        raise StrictError(reported)
    skeletons = {}
    if loaded.input_records is not None and loaded.skeletons is not None:  # a run that keyed its specs
        if len(loaded.input_records) == len(loaded.skeletons):
            skeletons = {shown: skeleton.hex() for shown, skeleton in zip(loaded.input_records, loaded.skeletons)}
    tool_files: dict[str, FinishedFile | list[Any]] = dict(rendered.tool_files)
    return _Made(loaded.tools, rendered.texts, rendered.on_disk, warnings, loaded.input_records, tool_files,
                 skeletons, rendered)  # fmt: skip


# -- the make step narrowed to the edited specs -------------------------------------------------------------------
# After an edit to one spec of a thousand, the bookkeeping over every spec and file is most of a run. When the
# survey proves that nothing but a few specs changed (same request, toolgen code and templates, the same spec files,
# every output as recorded, no other toolgen file beside them), it is skipped:
#
# - the other specs' models, naming skeletons and warnings are those of the last run;
# - when each edited spec's naming skeleton is unchanged too (`ir.naming_skeleton`: names, types, enum values,
#   options), every target names its folder exactly as the last run did, so every other tool's file keeps its
#   per-tool cache key, and is on disk as recorded;
# - when each remade file has the path and the facts its predecessor had, the folder-wide files (a function of the
#   skeletons, the names and the facts) are unchanged as well; when an edit changed a file's facts (the json
#   target's tools/list.json lists every description), that target's folder-wide files are planned again from the
#   recorded facts of the other tools and the new ones, and must land on the recorded paths without warnings;
# - when no warning of the last run was located in an edited spec and the edited specs and their files warn of
#   nothing now, the run's warnings are the last run's: every other warning comes from unchanged inputs.
#
# When any of those fails (a renamed tool, a new property, a warning in an edited spec, an error, custom templates,
# no cache store) the step widens to every spec, finding the edited specs' models and files in the cache, where
# this stored them. tests/test_delta.py runs both ways over random edits and requires the same files, warnings and
# manifest.


def _make_edited(found: Survey | None, recorded: Recorded, job: RunRequest) -> _Made | None:
    """The make step over the edited specs only, when the survey proves the rest unchanged; else None (nothing was
    written). Only for a `generate` of every spec that keeps no catalogue (a catalogue lists every tool) and is not
    --strict (its warnings are the recorded ones)."""
    if not (job.write and job.only is None and not job.strict and job.docs is None):
        return None
    if found is None or found.recorded is not recorded:
        found = survey(list(job.paths), job.out, dict(job.request or {}), job.templates, recorded)
    max_spec_bytes = job.max_spec_bytes
    loaded = _edited_specs(found, job.owned, job.templates, max_spec_bytes) if found.changed else None
    if loaded is None:
        return None
    document = recorded.document
    inputs = {**document["inputs"], **{shown: record.digest for shown, record in loaded.records.items()}}
    keys = [loaded.keys.get(shown) or spec_key(shown, inputs[shown], max_spec_bytes) for shown, _ in found.files]
    tools = LazyTools(
        [(key, loaded.models.get(shown), path, inputs[shown], shown) for key, (shown, path) in zip(keys, found.files)],
        cachestore.open_store(),  # _edited_specs found one
        max_spec_bytes,
    )
    toolset = ToolSet(tools, keys, [bytes.fromhex(document["skeletons"][shown]) for shown, _ in found.files])
    texts: dict[str, str | None] = {relative: None for relative in document["outputs"]}
    tool_files: dict[str, FinishedFile | list[Any]] = dict(document["tool_files"])
    chosen = [(get_target(name), job.target_options(name)) for name in job.chosen]
    position = {shown: number for number, (shown, _) in enumerate(found.files)}
    edited = sorted(position[shown] for shown in loaded.keys)
    environment = render_environment(job.templates, job.header)
    namings = name_folders(chosen, toolset, environment)
    if any(warning.is_error for naming in namings for warning in naming.warnings):
        return None  # a tool's names depend on the others (codegen.model.stability): every spec's run refuses that
    for (target, _), naming in zip(chosen, namings):
        maker = target_run(target, job)
        context, files = remake(maker, environment, toolset, naming, edited)
        new_facts: dict[int, Mapping[str, Any]] = {}
        for number in edited:
            file, relative = files[number], f"{target.name}/{files[number].path}"
            shown = found.files[number][0]
            old_key = file_key(context, spec_key(shown, document["inputs"][shown], max_spec_bytes),
                               naming.names_keys[number])  # fmt: skip
            before = tool_files.get(relative)
            if not _same_place(before, old_key, file):
                return None
            if not _same_facts(before, file):
                new_facts[number] = file.facts
            texts[relative] = file.text
            tool_files[relative] = file
        if new_facts:
            shared = _folder_files_again(maker, toolset, naming, context, document, new_facts)
            if shared is None:
                return None
            texts.update((relative, file.text) for relative, file in shared.items())
    on_disk = {relative: digest for relative, digest in document["outputs"].items() if texts[relative] is None}
    signatures = with_refreshed(document, found.refreshed)["inputs"]
    records = {shown: FileRecord(digest, signatures.get(shown)) for shown, digest in document["inputs"].items()}
    records.update(loaded.records)
    return _Made(tools, texts, on_disk, list(found.warnings), records, tool_files, dict(document["skeletons"]),
                 proven=found)  # fmt: skip


def _edited_specs(
    found: Survey, owned: Sequence[str], templates: str | None, max_spec_bytes: int
) -> ChangedSpecs | None:
    """The edited specs, loaded, when the survey and they allow the narrowed make step (see above)."""
    document = found.recorded.document
    skeletons: dict[str, str] = document.get("skeletons") or {}
    if list(document.get("targets", [])) != list(owned):
        return None
    if len(skeletons) != len(found.files) or templates is not None:
        return None  # a run that did not key its specs; custom templates (their checks are the full run's)
    edited = {shown for shown, _, _ in found.changed or ()}
    if any(warning.file in edited for warning in found.warnings):
        return None  # such a warning may move or go: the list would have to be made again
    loaded = load_changed(found.changed or [], max_spec_bytes, document["inputs"])
    if loaded is None:
        return None
    for shown, head in loaded.heads.items():
        if head.warnings or head.skeleton.hex() != skeletons.get(shown):
            return None
    return loaded


def _same_place(before: Any, old_key: bytes, file: FinishedFile) -> bool:
    """True when the remade file replaces the recorded file of the same tool at the same path and, like it, has no
    warnings."""
    if not (isinstance(before, list) and len(before) == 3) or before[0] != old_key.hex():
        return False
    return not file.warnings and before[2] == []


def _same_facts(before: Any, file: FinishedFile) -> bool:
    """True when the remade file hands the folder-wide files the facts its predecessor did: then none of them can
    differ. Otherwise they are planned again from the new facts (`_folder_files_again`)."""
    return before[1] == json.loads(json.dumps(dict(file.facts), ensure_ascii=False))  # as the manifest holds them


def _folder_files_again(
    maker: TargetRun,
    toolset: ToolSet,
    naming: Any,
    context: bytes,
    document: dict[str, Any],
    new_facts: dict[int, Mapping[str, Any]],
) -> dict[str, FinishedFile] | None:
    """The target's folder-wide files again, after the edited tools' files changed their facts: every other
    tool's facts are the recorded ones, found by its per-tool cache key (unchanged). None when that is not
    possible, or the files would warn or land elsewhere than the recorded ones."""
    recorded = {entry[0]: entry[1] for entry in document["tool_files"].values()}
    facts = []
    for number, key in enumerate(toolset.keys):
        if number in new_facts:
            facts.append(new_facts[number])
            continue
        found = recorded.get(file_key(context, key, naming.names_keys[number]).hex())
        if found is None:
            return None
        facts.append(found)
    made = folder_files(maker, toolset, naming, facts, context, cachestore.open_store())
    shared = {f"{maker.target.name}/{file.path}": file for file in made.files}
    if made.warnings or not set(shared) <= set(document["outputs"]):
        return None
    return shared


# -- the outputs and the record -----------------------------------------------------------------------------------


def _files_not_named(sources: Mapping[str, str], only: Sequence[Path]) -> list[str]:
    """The per-tool files whose spec is not one of `only` (a named file, or below a named folder)."""
    named = [os.path.abspath(path) for path in only]

    def is_named(source: str) -> bool:
        spec = os.path.abspath(source)
        return any(spec == path or spec.startswith(os.path.join(path, "")) for path in named)

    return [path for path, source in sources.items() if not is_named(source)]


class OutputTexts(Mapping[str, str]):
    """Every output's text by path relative to the output root. A file already on disk exactly as this run
    would write it (known from the manifest, not read) is read only if someone asks for its text."""

    def __init__(self, out: Path, texts: dict[str, str | None]):
        self._out = out
        self._texts = texts

    def __getitem__(self, relative: str) -> str:
        text = self._texts[relative]
        if text is None:
            # on disk as recorded, maybe as a CRLF checkout: its text is the canonical form, as rendered
            data = read_regular(self._out / relative, READ_LIMIT, follow_links=False)
            text = self._texts[relative] = canonical(data).decode("utf-8")
        return text

    def __iter__(self) -> Iterator[str]:
        return iter(self._texts)

    def __len__(self) -> int:
        return len(self._texts)


def _record(
    job: RunRequest, recorded: Recorded, made: _Made, planned: OutputTexts, written: set[str], strays: Sequence[str]
) -> str:
    """The manifest's text for this run: what it read (the specs' records), what it wrote (every output's digest
    and trusted signature), its warnings as found (the next run honours acknowledgements again), each per-tool
    file's key, facts and warnings, and the files an earlier run wrote in target folders this run left alone."""
    outputs = _output_records(job.out, planned, made.on_disk, recorded, written)
    tool_files = {path: entry.record() if isinstance(entry, FinishedFile) else entry
                  for path, entry in made.tool_files.items()}  # fmt: skip
    warnings = [warning.row() for warning in made.warnings]
    elsewhere = [path for path in removable(recorded.document) or () if path.split("/")[0] not in job.owned]
    return build_manifest(job, made.inputs, outputs, warnings, tool_files, made.skeletons, elsewhere, strays)


def _output_records(
    out: Path, planned: OutputTexts, on_disk: dict[str, str], recorded: Recorded, written: set[str]
) -> dict[str, FileRecord]:
    """Each output's digest and stat signature for the manifest. A signature is kept only when it provably
    belongs to the content toolgen meant to write: carried over from the last manifest for a file this run found
    unchanged by it (`Recorded.trusted` remembers what it found; a later edit changes the file's signature, so the
    next run sees it), or taken just before reading the file back and finding exactly that content."""
    records = {}
    root = os.path.join(out, "")
    for relative in planned:
        if relative in on_disk and relative not in written:
            trusted = recorded.trusted("outputs", relative, root + relative)
            if trusted is not None and trusted.digest == on_disk[relative]:
                records[relative] = trusted
                continue
        digest = on_disk.get(relative)
        expected = None
        if digest is None:
            expected = planned[relative].encode("utf-8")
            digest = file_digest(expected)
        records[relative] = FileRecord(digest, signature_if_holds(root + relative, expected, digest))
    return records


def _write_manifest(out: Path, text: str) -> None:
    """Record what this run read and wrote, so the next unchanged `check` or `generate` can skip all work. A
    manifest that cannot be written is only a cache the next run cannot use: the run's outputs stand."""
    try:
        if read_regular(manifest_path(out), READ_LIMIT, follow_links=False) == text.encode("utf-8"):
            return
    except OSError:
        pass
    try:
        write_state(out, MANIFEST_NAME, text)
    except OSError as error:
        shown = manifest_path(out).as_posix()
        note(f"could not write {shown} ({error.strerror or error}): the next run compares every file")
