"""Regenerate after a few specs were edited by remaking only their files, with the manifest as the baseline.

The full run (codegen.run.generate) already reuses every unchanged tool's files, but it still does bookkeeping over the
whole project: every spec's key and head, every target's plan over every tool, a comparison and a manifest record
for every output. After an edit to one spec of a thousand, that bookkeeping is most of the run. This module does
only what such an edit can change, when the manifest proves that nothing else did (`manifest.Survey.changed`: same
request, toolgen code and templates, the same spec files, every output as recorded, no other toolgen file beside
them, at most DELTA_LIMIT specs with new bytes). Then:

- the other specs' models, naming skeletons and warnings are those of the last run;
- when each edited spec's naming skeleton is unchanged too (`ir.naming_skeleton`: names, types, enum values,
  options), every target names its folder exactly as the last run did, so every other tool's file keeps its
  per-tool cache key, and is on disk as recorded;
- when each remade file has the path and the facts its predecessor had, the folder-wide files, a function of the
  skeletons, the names and the facts (codegen.run.incremental), are unchanged as well; when an edit changed a file's
  facts (the json target's tools/list.json lists every description), that target's folder-wide files are planned
  again from the recorded facts of the other tools and the new ones (or taken from the cache), and must land on
  the recorded paths without warnings;
- when no warning of the last run was located in an edited spec and the edited specs and their files warn of
  nothing now, the run's warnings are the last run's: every other warning comes from unchanged inputs and is placed
  in an unchanged file.

So only the edited specs' files are remade (or taken from toolgen's cache), compared by digest with the recorded
ones, written when they differ, and patched into the manifest. When any of those conditions fails — a renamed tool,
a new property, a warning in an edited spec, an error, custom templates, no cache store — this returns None before
writing anything, and the full run does the work (finding the edited specs' models and files in the cache, where
this stored them). tests/test_delta.py runs both ways over random edits and requires the same files, warnings and
manifest.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..cache import store as cachestore
from ..model import ir
from .incremental import FinishedFile, TargetRun, ToolSet, file_key, name_folders, remake
from .incremental import _folder_files, _Job  # the folder-file step that `complete` runs
from ..output.manifest import FileRecord, Survey, file_digest, manifest_text, signature_if_holds, with_refreshed
from ..cache.specs import ChangedSpecs, LazyTools, load_changed, spec_key
from ..targets import get_target
from ..targets.base import Target
from ..output.writer import Changes, apply, compare

if TYPE_CHECKING:
    from .generate import RunRequest


@dataclass
class Outcome:
    tools: Sequence[ir.Tool]
    texts: dict[str, str | None]  # every output by path relative to the output root; None: on disk as recorded
    changes: Changes
    manifest: str  # the new manifest's text


def regenerate(
    found: Survey, job: RunRequest, environment: bytes, target_run: Callable[[Target], TargetRun]
) -> Outcome | None:
    """Remake and write the edited specs' files and return the new manifest's text (the caller writes it), or None
    when the edit may change more than their files; nothing is written then. Runs under the output lock.
    `target_run` is generate.target_run for this run."""
    max_spec_bytes = job.max_spec_bytes
    loaded = _edited_specs(found, job.owned, job.templates, max_spec_bytes)
    if loaded is None:
        return None
    document = found.recorded.document
    inputs = {**document["inputs"], **{shown: record.digest for shown, record in loaded.records.items()}}
    keys = [loaded.keys.get(shown) or spec_key(shown, inputs[shown], max_spec_bytes) for shown, _ in found.files]
    tools = LazyTools(
        [(key, loaded.models.get(shown), path, inputs[shown], shown) for key, (shown, path) in zip(keys, found.files)],
        cachestore.open_store(),  # _edited_specs found one
        max_spec_bytes,
    )
    toolset = ToolSet(tools, keys, [bytes.fromhex(document["skeletons"][shown]) for shown, _ in found.files])
    tool_files = dict(document["tool_files"])
    remade: dict[str, FinishedFile] = {}
    chosen = [(get_target(name), job.target_options(name)) for name in job.chosen]
    position = {shown: number for number, (shown, _) in enumerate(found.files)}
    edited = sorted(position[shown] for shown in loaded.keys)
    namings = name_folders(chosen, toolset, environment)
    if any(warning.is_error for naming in namings for warning in naming.warnings):
        return None  # a tool's names depend on the others (codegen.model.stability): the full run refuses that
    for (target, _), naming in zip(chosen, namings):
        run = target_run(target)
        context, files = remake(run, environment, toolset, naming, edited)
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
            remade[relative] = file
            tool_files[relative] = file.record()
        if new_facts:
            shared = _folder_files_for(run, toolset, naming, context, document, new_facts)
            if shared is None:
                return None
            remade.update(shared)
    return _write(found, job.out, loaded.records, tool_files, remade, tools)


def _folder_files_for(
    run: TargetRun,
    toolset: ToolSet,
    naming: Any,
    context: bytes,
    document: dict[str, Any],
    new_facts: dict[int, Mapping[str, Any]],
) -> dict[str, FinishedFile] | None:
    """The target's folder-wide files again, after the edited tools' files changed their facts: every other
    tool's facts are the recorded ones, found by its per-tool cache key (unchanged). None when that is not
    possible, or the files would warn or land elsewhere than the recorded ones: the full run decides then."""
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
    job = _Job(run, toolset.tools, naming.records)
    made = _folder_files(job, toolset, naming, facts, context, cachestore.open_store())
    shared = {f"{run.target.name}/{file.path}": file for file in made.files}
    if made.warnings or not set(shared) <= set(document["outputs"]):
        return None
    return shared


def _edited_specs(
    found: Survey, owned: Sequence[str], templates: str | None, max_spec_bytes: int
) -> ChangedSpecs | None:
    """The edited specs, loaded, when the survey and they allow a delta run (see the module's conditions)."""
    document = found.recorded.document
    changed = found.changed
    skeletons: dict[str, str] = document.get("skeletons") or {}
    if not changed or list(document.get("targets", [])) != list(owned):
        return None
    if len(skeletons) != len(found.files) or templates is not None:
        return None  # a run that did not key its specs; custom templates (their checks are the full run's)
    edited = {shown for shown, _, _ in changed}
    if any(warning.file in edited for warning in found.warnings):
        return None  # such a warning may move or go: the list would have to be made again
    loaded = load_changed(changed, max_spec_bytes, document["inputs"])
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
    differ. Otherwise they are planned again from the new facts (`_folder_files_for`)."""
    return before[1] == json.loads(json.dumps(dict(file.facts), ensure_ascii=False))  # as the manifest holds them


def _write(
    found: Survey,
    out: Path,
    input_records: dict[str, FileRecord],
    tool_files: dict[str, Any],
    remade: dict[str, FinishedFile],
    tools: Sequence[ir.Tool],
) -> Outcome:
    """Write the remade files that differ from the recorded ones — compared and written by the writer like every
    other run's (`compare`, `apply`: the same link and ownership vetting) — and patch the manifest (the survey's)
    with the edited specs' records, the per-tool files' entries and the outputs' digests and signatures."""
    document = found.recorded.document
    inputs = {**document["inputs"], **{shown: record.digest for shown, record in input_records.items()}}
    outputs = dict(document["outputs"])
    texts: dict[str, str | None] = {relative: None for relative in outputs}
    texts.update((relative, file.text) for relative, file in remade.items())
    # the other files are on disk as recorded (the survey proved it); no other toolgen file is there (nor a
    # temporary one), so there are no target folders to scan
    on_disk = {relative for relative in outputs if relative not in remade}
    changes = compare(out, texts, [], on_disk=on_disk)  # type: ignore[arg-type]  # asks only for remade texts
    apply(out, texts, changes)  # type: ignore[arg-type]
    written = set(changes.written)
    for relative in written:
        outputs[relative] = file_digest((texts[relative] or "").encode("utf-8"))
    signatures = with_refreshed(document, found.refreshed)
    for shown, record in input_records.items():
        _set_signature(signatures["inputs"], shown, record.signature)
    root = out.as_posix() + "/"
    for relative in written:
        text = texts[relative] or ""  # written: remade, so it has its text
        held = signature_if_holds(root + relative, text.encode("utf-8"), outputs[relative])
        _set_signature(signatures["outputs"], relative, held)
    # in build_manifest's order, so that the text is the one a full run writes
    signatures["inputs"] = {name: signatures["inputs"][name] for name in inputs if name in signatures["inputs"]}
    signatures["outputs"] = {name: signatures["outputs"][name] for name in outputs if name in signatures["outputs"]}
    patched = {**document, "inputs": inputs, "outputs": outputs, "signatures": signatures, "tool_files": tool_files}
    return Outcome(tools, texts, changes, manifest_text(patched))


def _set_signature(signatures: dict[str, Any], name: str, signature: list[int] | None) -> None:
    """Record a file's signature, or drop the old one when there is none to trust (like build_manifest)."""
    if signature:
        signatures[name] = signature
    else:
        signatures.pop(name, None)
