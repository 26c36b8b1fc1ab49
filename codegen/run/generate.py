"""The library API: load specs, build the model, render every target, and compare with or write to disk.

The CLI is a thin layer over `run`. Data flows one way: spec → model → view → template → formatted text →
writer; only `run` touches the file system.
"""

from __future__ import annotations

import dataclasses
import os
import sys
import types
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..review import acknowledge
from ..cache import collector
from ..model import ir
from ..review.acknowledge import Acknowledgement
from ..config.settings import DEFAULT_MAX_SPEC_BYTES, Settings, check_settings, load_settings
from ..errors import ConfigError, Diagnostic, OutputPathError, SpecError, StrictError
from ..targets.render import check_overrides, has_overrides, render, shown_path, user_template
from .incremental import (
    FinishedFile, OnDisk, Pending, TargetRun, ToolSet, complete, make_missing, model_digest, name_folders, prepare,
)  # fmt: skip
from ..targets import Reporter, all_targets, get_target
from ..targets.base import PlannedFile, Target
from ..output.manifest import (
    READ_LIMIT, FileRecord, Recorded, Survey, build_manifest, file_digest, manifest_path, removable,
    signature_if_holds, survey,
)  # fmt: skip
from ..output.lineendings import canonical
from ..output.notes import note
from ..output.ownership import HEAD_BYTES, OWNERSHIP_MARKER, carries_marker
from ..output.regularfile import read_regular
from ..output.statefolder import LOCK_NAME, MANIFEST_NAME
from ..output.writer import Changes, apply, check_output_paths, compare, output_lock, write_state

if TYPE_CHECKING:
    from ..cache.specs import LoadedTools


@dataclass
class Result:
    tools: list[ir.Tool]
    planned: Mapping[str, str]  # path relative to the output root → text (OutputTexts: read on demand)
    changes: Changes
    warnings: list[Diagnostic] = field(default_factory=list)
    targets: list[str] = field(default_factory=list)
    edited_only: bool = False  # only the edited specs' files were remade (codegen.run.delta)

    @property
    def stale(self) -> bool:
        """True when the output folder differed from the specs (check: it is stale; generate: it was fixed)."""
        return self.changes.stale

    @property
    def summary(self) -> str:
        """`7 tools → 40 files: 3 written, 37 unchanged, 0 removed`, the line the CLI prints."""
        changes = self.changes
        tools = f"{len(self.tools)} tool{'s' if len(self.tools) != 1 else ''}"
        files = f"{len(self.planned)} file{'s' if len(self.planned) != 1 else ''}"
        left = f"; {len(changes.left)} of other tools left as they are" if changes.left else ""
        return (
            f"{tools} → {files}: {len(changes.written)} written, "
            f"{len(changes.unchanged)} unchanged, {len(changes.removed)} removed{left}"
        )


def load_tools(
    paths: Sequence[Path], max_spec_bytes: int = DEFAULT_MAX_SPEC_BYTES
) -> tuple[list[ir.Tool], list[Diagnostic]]:
    """Valid specs as intermediate models and their warnings, with the specs' acknowledgements among them (for
    `codegen.review.acknowledge.reported`); raises SpecError with every problem when any input is invalid.

    A spec file whose model is in toolgen's cache is not parsed again (`speccache`: same result, same errors)."""
    from ..cache.specs import load_tools_cached

    return load_tools_cached(paths, max_spec_bytes)


def check_specs(settings: Settings, stdin: bytes | None = None) -> tuple[int, list[Diagnostic]]:
    """What `toolgen validate` runs: every check of `generate` that needs no rendering — the configuration's deep
    checks, the specs, every configured target's names and planned files (where targets report their renames) —
    with the warnings `generate` reports for the same specs, in its order; `stdin` is one more spec's bytes.
    Returns the number of specs; raises ToolgenError as `generate` would. Writes nothing."""
    from ..cache.specs import load_tools_keyed

    # The PATHs validate takes are not the output root's spec set, which resolving the settings already held the
    # output root against: only the rest of the configuration is checked here.
    check_settings(dataclasses.replace(settings, specs=()), deep=True)
    job = request_of(settings, check=True)
    files = [spec for spec in settings.specs if spec.as_posix() != "-"]
    loaded = load_tools_keyed(files, job.max_spec_bytes) if files else None
    toolset = _toolset_of(loaded) if loaded is not None else _toolset([], None)
    if stdin is not None:
        from ..model.build import build_tools
        from ..spec.loader import load_spec_text

        toolset = _toolset([*toolset.tools, *build_tools(load_spec_text(stdin, job.max_spec_bytes))], None)
    warnings = list(loaded.warnings) if loaded is not None else []
    return len(toolset.tools), warnings + _render_all(toolset, job, plan_only=True).warnings


def render_outputs(
    tools: list[ir.Tool],
    targets: Sequence[str],
    options: Mapping[str, Mapping[str, Any]] | None = None,
    templates: str | None = None,
    header: str | None = None,
) -> tuple[dict[str, str], list[Diagnostic]]:
    """Every output file's text, keyed by its path relative to the output root (`<target>/<file>`).

    `templates` is a custom templates folder (overrides in front of the built-ins); `header` an extra line for
    every file's header comment."""
    job = RunRequest((), Path(), targets, options=options, templates=templates, header=header)
    rendered = _render_all(_toolset(tools, None), job)
    return {path: text for path, text in rendered.texts.items() if text is not None}, rendered.warnings


def _toolset(
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


def _toolset_of(loaded: LoadedTools) -> ToolSet:
    return _toolset(loaded.tools, loaded.keys, loaded.skeletons, loaded.positions)


@dataclass
class _Rendered:
    texts: dict[str, str | None]  # every output, by path relative to the output root; None: already on disk
    on_disk: dict[str, str]  # path → content digest of each output already on disk as this run would write it
    tool_files: dict[str, FinishedFile]  # path → the per-tool files (what the manifest records for reuse)
    warnings: list[Diagnostic]
    sources: dict[str, str] = field(default_factory=dict)  # path of each per-tool file → its tool's spec


def _render_all(
    toolset: ToolSet, job: RunRequest, on_disk: OnDisk | None = None, plan_only: bool = False
) -> _Rendered:
    """Every target's files (`plan_only`: planned, with their warnings, but neither rendered nor formatted)."""
    report = Reporter()
    rendered = _Rendered({}, {}, {}, report.diagnostics)
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


@dataclass(frozen=True)
class RunRequest:
    """One run of the driver: which specs, into which output root, rendered how, written or only compared. Every
    step takes this one value instead of a dozen parameters; `run_settings` builds it from `config.Settings`.

    `targets`: the chosen targets (empty: every one). `folders`: target folders whose toolgen-generated files
    that are not produced now get removed (default: the chosen targets'; pass every target's to also clear the
    folders of targets no longer chosen). `request`: what the manifest records and the fast path compares
    (`Settings.request()`). `only`: spec files or folders among `paths` whose tools are regenerated (or checked)
    now; the other tools' files are left as they are, and folder-wide files are made for all tools. `strict`:
    warnings are errors (StrictError), and nothing is written. `acknowledge`: the configuration's acknowledged
    warnings; `partial`: the run renders some of the configured targets only (--lang)."""

    paths: Sequence[Path]
    out: Path
    targets: Sequence[str] | None = None
    write: bool = True
    options: Mapping[str, Mapping[str, Any]] | None = None
    templates: str | None = None
    max_spec_bytes: int = DEFAULT_MAX_SPEC_BYTES
    request: Mapping[str, Any] | None = None
    header: str | None = None
    folders: Sequence[str] | None = None
    only: Sequence[Path] | None = None
    strict: bool = False
    acknowledge: Sequence[Acknowledgement] = ()
    partial: bool = False
    docs: Path | None = None  # the catalogue (codegen.review.catalogue) this run keeps current too, and how it shows code
    docs_code: str = "links"

    @property
    def docs_key(self) -> str | None:
        """The catalogue's path relative to the output root (`../docs/tools.md`): it is one more planned output,
        which the writer, the manifest and the fast path treat like the others (it carries the marker)."""
        return None if self.docs is None else os.path.relpath(self.docs, self.out).replace(os.sep, "/")

    @property
    def chosen(self) -> list[str]:
        """The targets rendered now."""
        return list(self.targets) if self.targets else [target.name for target in all_targets()]

    @property
    def owned(self) -> list[str]:
        """The target folders this run keeps in line: the chosen ones and `folders`."""
        return list(dict.fromkeys([*self.chosen, *(self.folders or [])]))

    def target_options(self, name: str) -> Mapping[str, Any]:
        return (self.options or {}).get(name, {})


def run(job: RunRequest, found: Survey | None = None) -> Result:
    """Generate (`job.write`) or check the output folder for the specs under `job.paths`. `found` is the survey
    of the output folder the caller made for this same run (the CLI's fast path), if any."""
    with collector.paused():  # a run makes no garbage cycles worth looking for (codegen.cache.collector)
        return _run(job, found)


def _run(job: RunRequest, found: Survey | None) -> Result:
    from ..cache.specs import load_tools_keyed

    out, chosen = job.out, job.chosen
    # The last run's manifest: specs it vouches for are not read again (their digests are known). The caller's
    # survey already looked at every file it could: its manifest remembers what it found.
    recorded = found.recorded if found is not None else Recorded.load(out)
    # Files the last run wrote are reused from disk only under the lock, so that no other run changes them in
    # between. Rendering can still find errors (a custom template, an option), and nothing may be created then:
    # so without a manifest and its lock file (a first run) it happens before the lock, which creates both.
    reuse = bool(recorded.document) and (out / LOCK_NAME).is_file()
    if not reuse:
        loaded = load_tools_keyed(job.paths, job.max_spec_bytes, recorded)
        rendered = _render_all(_toolset_of(loaded), job)
        _refuse_warnings(job.strict, reported_warnings(job, loaded.warnings + rendered.warnings))
    # One run at a time per output root (writer.output_lock), from the comparison to the manifest.
    with output_lock(out, exclusive=job.write):
        recorded = recorded.reload(out)  # what it vouches for, and toolgen's record of what it wrote
        if reuse:
            # codegen.run.delta remakes the edited specs' files only; a catalogue lists every tool: a full run
            if job.write and job.only is None and not job.strict and job.docs is None:
                edited = _regenerate_edited(found, recorded, job)
                if edited is not None:
                    return edited
            # Before the specs, as it needs nothing of them.
            on_disk = recorded.reusable_tool_files(out)
            loaded = load_tools_keyed(job.paths, job.max_spec_bytes, recorded)
            rendered = _render_all(_toolset_of(loaded), job, on_disk)
            _refuse_warnings(job.strict, reported_warnings(job, loaded.warnings + rendered.warnings))
        planned = OutputTexts(out, rendered.texts)
        if job.docs_key is not None:
            rendered.texts[job.docs_key] = _catalogue(loaded.tools, rendered, job, planned.__getitem__)
        leave = _files_not_named(rendered.sources, job.only) if job.only is not None else ()
        record = removable(recorded.document)
        changes = compare(out, planned, job.owned, on_disk=rendered.on_disk, leave=leave, record=record)
        all_warnings = loaded.warnings + rendered.warnings
        if job.write and job.only is not None:
            # Only some tools were remade: the manifest could not vouch for the others' files, so none is
            # recorded (the last one stays; a later full run sees what changed and records a new one).
            apply(out, planned, changes)
        elif job.write:
            apply(out, planned, changes)
            outputs = _output_records(out, planned, rendered.on_disk, recorded, set(changes.written))
            tool_files = {path: file.record() for path, file in rendered.tool_files.items()}
            warnings = [w.row() for w in all_warnings]  # as found: the next run honours acknowledgements again
            elsewhere = [path for path in record or () if path.split("/")[0] not in job.owned]
            text = build_manifest(
                job, loaded.input_records, outputs, warnings, tool_files, _skeletons(loaded), elsewhere, changes.kept
            )
            _write_manifest(out, text)
    return Result(loaded.tools, planned, changes, reported_warnings(job, all_warnings), chosen)


def reported_warnings(job: RunRequest, found: Sequence[Diagnostic]) -> list[Diagnostic]:
    """The warnings this run reports (codegen.review.acknowledge): about its targets, not acknowledged, and one for each
    acknowledgement that matched nothing."""
    return acknowledge.reported(found, job.acknowledge, job.chosen, whole_set=True, rendered=not job.partial)


def catalogue(tools: list[ir.Tool], job: RunRequest) -> str:
    """The catalogue of `tools` as the run `job` would keep it at `job.docs` (`toolgen docs`), rendered without
    looking at the output folder."""
    rendered = _render_all(_toolset(tools, None), job)
    texts = {path: text for path, text in rendered.texts.items() if text is not None}
    return _catalogue(tools, rendered, job, texts.__getitem__)


def _catalogue(tools: Sequence[ir.Tool], rendered: _Rendered, job: RunRequest, text: Any) -> str:
    from ..review.catalogue import Catalogue, render_catalogue

    files: dict[str, list[str]] = {}
    for path, source in rendered.sources.items():  # target by target, each tool's files in order
        files.setdefault(source, []).append(path)
    folder = os.path.dirname(job.docs) if job.docs is not None else ""
    view = Catalogue(job.chosen, files, os.fspath(job.out), folder or ".", text, job.docs_code)
    return render_catalogue(tools, view)


def _refuse_warnings(strict: bool, warnings: list[Diagnostic]) -> None:
    """--strict: any warning stops the run before anything is written."""
    if strict and warnings:
        raise StrictError(warnings)


def _files_not_named(sources: Mapping[str, str], only: Sequence[Path]) -> list[str]:
    """The per-tool files whose spec is not one of `only` (a named file, or below a named folder)."""
    named = [os.path.abspath(path) for path in only]

    def is_named(source: str) -> bool:
        spec = os.path.abspath(source)
        return any(spec == path or spec.startswith(os.path.join(path, "")) for path in named)

    return [path for path, source in sources.items() if not is_named(source)]


def _regenerate_edited(found: Survey | None, recorded: Recorded, job: RunRequest) -> Result | None:
    """The run done by codegen.run.delta (only the edited specs' files remade) when the survey allows it, else None.
    Under the output lock, with the manifest the survey read (else the survey is made here)."""
    from . import delta

    if found is None or found.recorded is not recorded:
        found = survey(list(job.paths), job.out, dict(job.request or {}), job.templates, recorded)
    if not found.changed:
        return None
    environment = render_environment(job.templates, job.header)
    outcome = delta.regenerate(found, job, environment, lambda target: target_run(target, job))
    if outcome is None:
        return None
    _write_manifest(job.out, outcome.manifest)
    texts, warnings = OutputTexts(job.out, outcome.texts), reported_warnings(job, found.warnings)
    tools = outcome.tools
    return Result(tools, texts, outcome.changes, warnings, job.chosen, edited_only=True)  # type: ignore[arg-type]


def _skeletons(loaded: LoadedTools) -> dict[str, str]:
    """Each spec's naming skeleton digest (hex) by shown path, when the run keyed its specs (for codegen.run.delta)."""
    records, skeletons = loaded.input_records, loaded.skeletons
    if records is None or skeletons is None or len(records) != len(skeletons):
        return {}
    return {shown: skeleton.hex() for shown, skeleton in zip(records, skeletons)}


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


# -- the Python API ------------------------------------------------------------------------------------------------


# The settings `generate` takes by keyword besides specs, out, targets, check and config (as `Settings` names them).
_OVERRIDES = frozenset({"options", "templates", "header", "partial", "max_spec_bytes"})


def generate(
    specs: str | Path | Sequence[str | Path] | None = None,
    out: str | Path | None = None,
    targets: Sequence[str] | None = None,
    *,
    check: bool = False,
    config: str | Path | None = None,
    **overrides: Any,
) -> Result:
    """Generate (or with `check=True` only compare) the tool definitions for `specs` under `out`.

    specs: spec files or folders (default `specs`); out: the output root (default `generated`); targets: the
    targets the output root holds (default all; toolgen's files of other targets there are removed, unless
    `partial=True`, which touches only these targets as `--lang` does); config: a toolgen.toml or pyproject.toml
    to start from (the other arguments override it). Further keywords override one setting each: `options`
    (per-target options such as `{"go": {"package": "mytools"}}`), `templates` (a custom templates folder),
    `header` (an extra header line), `partial`, `max_spec_bytes`.

    Returns a `Result` (`.summary`, `.stale`, `.changes.written` / `.unchanged` / `.removed`, `.planned`,
    `.warnings`, `.edited_only`). Raises `codegen.errors.ToolgenError` (SpecError, ConfigError, OwnershipError)
    with every located problem when an input is invalid; nothing is written then.
    """
    unknown = sorted(set(overrides) - _OVERRIDES)
    if unknown:
        raise TypeError(f"generate() got an unexpected keyword argument {unknown[0]!r}")
    spec_paths = None
    if specs is not None:
        spec_paths = tuple(Path(p) for p in ([specs] if isinstance(specs, (str, Path)) else specs))
    if overrides.get("templates") is not None:
        overrides["templates"] = Path(overrides["templates"])
    settings = load_settings(Path(config) if config is not None else None).with_overrides(
        specs=spec_paths,
        out=Path(out) if out is not None else None,
        targets=tuple(targets) if targets else None,
        **{"partial": False, **overrides},
    )
    return run_settings(settings, check=check)


def run_settings(
    settings: Settings, check: bool = False, origin: str = "<options>", found: Survey | None = None
) -> Result:
    """Run with resolved settings (the CLI's path after its no-change fast path, whose survey is `found`).
    `origin` names values that did not come from the config file in error messages."""
    check_settings(settings, deep=True, origin=origin)
    return run(request_of(settings, check), found)


def request_of(settings: Settings, check: bool = False) -> RunRequest:
    """The run that resolved settings ask for."""
    return RunRequest(
        settings.specs,
        settings.out,
        settings.targets,
        write=not check,
        options=settings.options,
        templates=str(settings.templates) if settings.templates else None,
        max_spec_bytes=settings.max_spec_bytes,
        request=settings.request(),
        header=settings.header,
        folders=None if settings.partial else [target.name for target in all_targets()],
        only=settings.only,
        strict=settings.strict,
        acknowledge=settings.acknowledge,
        partial=settings.partial,
        # a run of some targets (--lang) would catalogue only those: the catalogue waits for a run of all
        docs=None if settings.partial else settings.docs,
        docs_code=settings.docs_code,
    )


class _CallableModule(types.ModuleType):
    """Python binds an imported submodule to its package's attribute, so `codegen.run.generate` is this module once
    anything imported it; the documented API is `codegen.generate(...)`, so calling the module calls `generate`."""

    def __call__(self, *args: Any, **kwargs: Any) -> Result:
        return generate(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
