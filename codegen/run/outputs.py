"""Every chosen target's files for a set of tools: the folders named, each tool's file found on disk, in the cache
or made (codegen.run.incremental), the folder-wide files, rendered and finished (the marker checked, the extra header
line added), their paths vetted; and the catalogue of those files."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import ConfigError, Diagnostic, OutputPathError, SpecError
from ..model import ir
from ..output.ownership import HEAD_BYTES, OWNERSHIP_MARKER, carries_marker
from ..output.writer import check_output_paths
from ..targets import Reporter, all_targets, get_target
from ..targets.base import PlannedFile, Target
from ..targets.render import check_overrides, has_overrides, render, shown_path, user_template
from .incremental import (
    FinishedFile, OnDisk, Pending, TargetRun, ToolSet, complete, make_missing, model_digest, name_folders, prepare,
)  # fmt: skip
from .request import RunRequest

if TYPE_CHECKING:
    from ..cache.specs import LoadedTools


def keyed_toolset(
    tools: Sequence[ir.Tool],
    keys: Sequence[bytes] | None,
    skeletons: Sequence[bytes] | None = None,
    positions: Mapping[str, list[int]] | None = None,
) -> ToolSet:
    """The tools with what the caches key on: speccache's keys, skeleton digests and positions when the specs were
    loaded through it; else a digest of each model, and names are not cached."""
    if keys is None:
        return ToolSet(tools, [model_digest(tool) for tool in tools])
    return ToolSet(tools, list(keys), None if skeletons is None else list(skeletons), positions)


def toolset_of(loaded: LoadedTools) -> ToolSet:
    return keyed_toolset(loaded.tools, loaded.keys, loaded.skeletons, loaded.positions)


@dataclass
class Rendered:
    texts: dict[str, str | None]  # every output, by path relative to the output root; None: already on disk
    on_disk: dict[str, str]  # path → content digest of each output already on disk as this run would write it
    tool_files: dict[str, FinishedFile]  # path → the per-tool files (what the manifest records for reuse)
    warnings: list[Diagnostic]
    sources: dict[str, str] = field(default_factory=dict)  # path of each per-tool file → its tool's spec


def render_all(
    toolset: ToolSet, job: RunRequest, on_disk: OnDisk | None = None, plan_only: bool = False
) -> Rendered:
    """Every target's files (`plan_only`: planned, with their warnings, but neither rendered nor formatted)."""
    report = Reporter()
    rendered = Rendered({}, {}, {}, report.diagnostics)
    targets, templates = job.chosen, job.templates
    if templates:
        # a folder may hold overrides for targets this run does not render (`--lang go`)
        errors, warnings = check_overrides(templates, targets, [t.name for t in all_targets()])
        if errors:
            raise ConfigError(errors)
        report.diagnostics.extend(warnings)
    environment = render_environment(templates, job.header)
    chosen = [(get_target(name), job.target_options(name)) for name in targets]
    namings = name_folders(chosen, toolset, environment)  # all targets at once: side by side on a first run
    raise_naming_errors(toolset, namings)
    pending: list[tuple[str, Pending, TargetRun]] = []
    for name, (target, _), naming in zip(targets, chosen, namings):
        maker = target_run(target, job, plan_only)
        if job.templates:  # a missing formatter leaves custom templates' text as rendered: say so once per run
            warning = target.formatter_warning(maker.custom_templates, shown_path(Path(job.templates) / name))
            if warning is not None:
                report.diagnostics.append(warning)
        pending.append((name, prepare(maker, toolset, environment, naming, on_disk), maker))
    make_missing([prepared for _, prepared, _ in pending])  # every target's missing tool files, in one pool
    for name, prepared, maker in pending:
        files = complete(prepared, report)
        maker.vet_paths([file.path for file in files])  # all together: distinct, also on a case-insensitive disk
        for tool, file in zip(toolset.tools, files):  # complete() returns the tools' files first, in order
            rendered.sources[f"{name}/{file.path}"] = tool.source
        for file in files:
            relative = f"{name}/{file.path}"
            rendered.texts[relative] = file.text
            if file.text is None and file.digest is not None:
                rendered.on_disk[relative] = file.digest
            if file.key is not None:
                rendered.tool_files[relative] = file
    return rendered


def raise_naming_errors(toolset: ToolSet, namings: Sequence[Any]) -> None:
    """The errors naming the folders found (codegen.model.stability: a tool whose names depend on the other tools),
    at their real positions, raised as a SpecError when there are any."""
    found = [warning for naming in namings for warning in naming.warnings if warning.is_error]
    errors = sorted(set(toolset.placed(found)), key=lambda d: (d.file, d.line, d.column, d.message))
    if errors:
        raise SpecError(errors)


def target_run(target: Target, job: RunRequest, plan_only: bool = False) -> TargetRun:
    """How the run makes a target's files (codegen.run.incremental): rendered, finished (the marker checked, the extra
    header line added) and their paths vetted; `plan_only`: planned and vetted only."""
    name, templates, header = target.name, job.templates, job.header

    def render_file(planned: PlannedFile) -> str:
        return render(name, planned.template, dict(planned.context), templates, target.layout_style)

    def finish(planned: PlannedFile, text: str) -> str:
        _require_marker(text, name, planned.template, planned.path, templates)
        return with_header_line(text, target.header_comment(header)) if header else text

    def vet_paths(paths: list[str]) -> None:
        unsafe = check_output_paths(name, paths)
        if unsafe:  # no target derives such a path today; if one ever did, nothing is written
            raise OutputPathError(unsafe)

    custom = has_overrides(name, templates)
    if plan_only:
        return TargetRun(target, job.target_options(name), None, None, vet_paths, custom)
    return TargetRun(target, job.target_options(name), render_file, finish, vet_paths, custom)


def render_environment(templates: str | None, header: str | None) -> bytes:
    """What every target's files depend on besides their tools: toolgen's code, the templates in use, Jinja2's
    version and the extra header line (the per-tool cache key of codegen.run.incremental)."""
    from ..cache.store import digest
    from ..output.manifest import code_and_templates_fingerprint
    from ..cache.store import installed_version

    return digest(
        code_and_templates_fingerprint(templates).encode(),
        f"jinja2 {installed_version('jinja2')}".encode(),
        b"header" if header is None else b"header:" + header.encode("utf-8"),
    )


def _require_marker(text: str, target: str, template: str, path: str, templates: str | None) -> None:
    """Every output must carry the ownership marker near its top: without it toolgen could not recognise the file
    as its own next time, and would refuse to update or remove it. Only a custom template can drop it."""
    # the first HEAD_BYTES bytes come from at most as many characters: only those are encoded
    if carries_marker(text[:HEAD_BYTES].encode("utf-8")):
        return
    override = user_template(target, template, templates)
    if override is None:
        raise AssertionError(f"built-in template {target}/{template} rendered {path} without the marker")
    raise ConfigError(
        [
            Diagnostic(
                shown_path(override), 1, 1,
                f"renders {target}/{path} without the header marker \"{OWNERSHIP_MARKER}\" in its first "
                f"{HEAD_BYTES} bytes; keep the built-in template's header line, or toolgen could not recognise "
                "the file as its own",
            )  # fmt: skip
        ]
    )


def with_header_line(text: str, comment: str) -> str:
    """`text` with `comment` (one or more comment lines) right after the ownership sentence: the line that ends
    `Code generated by toolgen … DO NOT EDIT.`, which a long spec path may have wrapped over several lines."""
    at = text.find(OWNERSHIP_MARKER)
    if at < 0:
        raise AssertionError("a rendered file has no marker")  # _require_marker ran first
    sentence_end = text.find("DO NOT EDIT", at, at + HEAD_BYTES)
    end = text.find("\n", sentence_end if sentence_end >= 0 else at)
    if end < 0:
        return f"{text}\n{comment}\n"
    return f"{text[: end + 1]}{comment}\n{text[end + 1 :]}"


def catalogue_text(tools: Sequence[ir.Tool], rendered: Rendered, job: RunRequest, text: Any) -> str:
    from ..review.catalogue import Catalogue, render_catalogue

    files: dict[str, list[str]] = {}
    for path, source in rendered.sources.items():  # target by target, each tool's files in order
        files.setdefault(source, []).append(path)
    folder = os.path.dirname(job.docs) if job.docs is not None else ""
    view = Catalogue(job.chosen, files, os.fspath(job.out), folder or ".", text, job.docs_code)
    return render_catalogue(tools, view)
