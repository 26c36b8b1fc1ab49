"""What one run of the driver is asked (`RunRequest`) and what it answers (`Result`), and the warnings it reports."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..config.settings import DEFAULT_MAX_SPEC_BYTES
from ..errors import Diagnostic
from ..model import ir
from ..output.writer import Changes
from ..review import acknowledge
from ..review.acknowledge import Acknowledgement
from ..targets import all_targets


@dataclass
class Result:
    tools: list[ir.Tool]
    planned: Mapping[str, str]  # path relative to the output root → text (OutputTexts: read on demand)
    changes: Changes
    warnings: list[Diagnostic] = field(default_factory=list)
    targets: list[str] = field(default_factory=list)
    edited_only: bool = False  # only the edited specs' files were remade (codegen.run.driver)

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


def reported_warnings(job: RunRequest, found: Sequence[Diagnostic]) -> list[Diagnostic]:
    """The warnings this run reports (codegen.review.acknowledge): about its targets, not acknowledged, and one for each
    acknowledgement that matched nothing."""
    return acknowledge.reported(found, job.acknowledge, job.chosen, whole_set=True, rendered=not job.partial)
