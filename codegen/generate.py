"""The library API: load specs, build the model, render every target, and compare with or write to disk.

The CLI is a thin layer over `run`. Data flows one way: spec → model → view → template → formatted text →
writer; only `run` touches the file system.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import ir
from .errors import Diagnostic, SpecError
from .irbuild import build_tools
from .loader import load_specs
from .render import render
from .targets import Reporter, all_targets, get_target
from .manifest import build_manifest, manifest_path
from .writer import Changes, apply, atomic_write, compare
from .yamlload import DEFAULT_MAX_BYTES


@dataclass
class Result:
    tools: list[ir.Tool]
    planned: dict[str, str]
    changes: Changes
    warnings: list[Diagnostic] = field(default_factory=list)
    targets: list[str] = field(default_factory=list)


def load_tools(paths: Sequence[Path], max_spec_bytes: int = DEFAULT_MAX_BYTES) -> tuple[list[ir.Tool], list[Diagnostic]]:
    """Valid specs as intermediate models; raises SpecError with every problem when any input is invalid."""
    loaded, problems = load_specs(list(paths), max_spec_bytes)
    errors = [problem for problem in problems if problem.is_error]
    if errors:
        raise SpecError(errors)
    return build_tools(loaded), [problem for problem in problems if not problem.is_error]


def render_outputs(
    tools: list[ir.Tool],
    targets: Sequence[str],
    options: Mapping[str, Mapping[str, Any]] | None = None,
    templates: str | None = None,
) -> tuple[dict[str, str], list[Diagnostic]]:
    """Every output file's text, keyed by its path relative to the output root (`<target>/<file>`)."""
    report = Reporter()
    outputs: dict[str, str] = {}
    for name in targets:
        target = get_target(name)
        for planned in target.plan(tools, (options or {}).get(name, {}), report):
            text = render(name, planned.template, dict(planned.context), templates)
            outputs[f"{name}/{planned.path}"] = target.format(planned.path, text)
    return outputs, report.diagnostics


def run(
    paths: Sequence[Path],
    out: Path,
    targets: Sequence[str] | None = None,
    write: bool = True,
    options: Mapping[str, Mapping[str, Any]] | None = None,
    templates: str | None = None,
    max_spec_bytes: int = DEFAULT_MAX_BYTES,
    request: dict[str, Any] | None = None,
) -> Result:
    """Generate (write=True) or check (write=False) the output folder for the specs under `paths`."""
    chosen = list(targets) if targets else [target.name for target in all_targets()]
    tools, warnings = load_tools(paths, max_spec_bytes)
    planned, render_warnings = render_outputs(tools, chosen, options, templates)
    changes = compare(out, planned, chosen)
    all_warnings = warnings + render_warnings
    if write:
        apply(out, planned, changes)
        _write_manifest(paths, out, request or {}, templates, chosen, planned, all_warnings)
    return Result(tools, planned, changes, all_warnings, chosen)


def _write_manifest(
    paths: Sequence[Path],
    out: Path,
    request: dict[str, Any],
    templates: str | None,
    targets: list[str],
    planned: dict[str, str],
    warnings: list[Diagnostic],
) -> None:
    """Record what this run read and wrote, so the next unchanged `check` or `generate` can skip all work."""
    text = build_manifest(list(paths), request, templates, targets, planned, [str(w) for w in warnings])
    path = manifest_path(out)
    try:
        if path.read_text("utf-8") == text:
            return
    except OSError:
        pass
    atomic_write(path, text)
