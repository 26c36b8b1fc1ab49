"""What a target is: a small module that turns the intermediate model into per-file view models.

A target decides every identifier, literal, import and comment in Python (its view model); its templates in
`templates/<name>/` only loop and interpolate. Adding a language = one module here + one template folder.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .. import ir
from ..errors import Diagnostic


@dataclass(frozen=True)
class PlannedFile:
    """One output file: where it goes (relative to the target folder, '/'-separated) and how to render it."""

    path: str
    template: str
    context: Mapping[str, Any]


@dataclass
class Reporter:
    """Collects warnings (such as renamed identifiers) while targets plan their files."""

    diagnostics: list[Diagnostic] = field(default_factory=list)

    def warn(self, file: str, line: int, column: int, message: str) -> None:
        diagnostic = Diagnostic(file, line, column, message, severity="warning")
        if diagnostic not in self.diagnostics:
            self.diagnostics.append(diagnostic)


class Target(ABC):
    """One output language."""

    name: ClassVar[str]  # folder name under generated/ and templates/, and the --lang value
    order: ClassVar[int]  # position in listings and in the default target list
    label: ClassVar[str]  # human name, e.g. "Node.js / TypeScript"
    comment_prefix: ClassVar[str]  # line comment token, used for the ownership marker

    @abstractmethod
    def plan(self, tools: list[ir.Tool], options: Mapping[str, Any], report: Reporter) -> list[PlannedFile]:
        """The files this target generates for `tools` (all tools of one run, in path order)."""

    def format(self, path: str, text: str) -> str:
        """Canonical formatting of one rendered file; templates already emit canonical text by default."""
        return text

    def format_all(self, files: Sequence[tuple[str, str]]) -> list[str]:
        """`format` for many (path, text) pairs at once, so a target can cache or parallelise across files."""
        return [self.format(path, text) for path, text in files]

    def header_comment(self, text: str) -> str:
        """The configured extra header line as a line comment. `text` is one line of printable characters (the
        config checks that), so only a target whose comments have further hazards needs to override this."""
        return f"{self.comment_prefix} {text}"
