"""The library API: load specs, build the model, render every target, and compare with or write to disk.

The CLI is a thin layer over `run_settings`; the run itself is codegen.run.driver's. Data flows one way: spec →
model → view → template → formatted text → writer; only the driver touches the file system.
"""

from __future__ import annotations

import dataclasses
import sys
import types
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..config.settings import DEFAULT_MAX_SPEC_BYTES, Settings, check_settings, load_settings
from ..errors import Diagnostic
from ..model import ir
from ..output.manifest import Survey
from ..targets import all_targets
from .driver import run
from .outputs import catalogue_text, keyed_toolset, render_all, toolset_of
from .request import Result, RunRequest

__all__ = ["Result", "RunRequest", "catalogue", "check_specs", "generate", "load_tools", "render_outputs", "run",
           "run_settings"]  # fmt: skip


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
    toolset = toolset_of(loaded) if loaded is not None else keyed_toolset([], None)
    if stdin is not None:
        from ..model.build import build_tools
        from ..spec.loader import load_spec_text

        toolset = keyed_toolset([*toolset.tools, *build_tools(load_spec_text(stdin, job.max_spec_bytes))], None)
    warnings = list(loaded.warnings) if loaded is not None else []
    return len(toolset.tools), warnings + render_all(toolset, job, plan_only=True).warnings


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
    rendered = render_all(keyed_toolset(tools, None), job)
    return {path: text for path, text in rendered.texts.items() if text is not None}, rendered.warnings



def catalogue(tools: list[ir.Tool], job: RunRequest) -> str:
    """The catalogue of `tools` as the run `job` would keep it at `job.docs` (`toolgen docs`), rendered without
    looking at the output folder."""
    rendered = render_all(keyed_toolset(tools, None), job)
    texts = {path: text for path, text in rendered.texts.items() if text is not None}
    return catalogue_text(tools, rendered, job, texts.__getitem__)





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
