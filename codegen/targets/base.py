"""What a target is: a small module that turns the intermediate model into per-file view models.

A target decides every identifier, literal, import and comment in Python (its view model), and the layout of what a
line's width decides; its templates in `templates/<name>/` write the code around them. Adding a language = one
module here + one template folder.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..model import ir
from ..errors import Diagnostic
from ..layout.doc import Style
from .sdks import warn_unemitted


@dataclass(frozen=True)
class PlannedFile:
    """One output file: where it goes (relative to the target folder, '/'-separated) and how to render it."""

    path: str
    template: str
    context: Mapping[str, Any]
    # Small JSON-able facts about a per-tool file that the folder-wide files need (Go: does the tool use the enum
    # codec?). They are cached with the file's text, so a folder file can be planned without re-planning the tool.
    facts: Mapping[str, Any] = field(default_factory=dict)


@dataclass
class Reporter:
    """Collects warnings (such as renamed identifiers) while targets plan their files."""

    diagnostics: list[Diagnostic] = field(default_factory=list)

    def warn(self, file: str, line: int, column: int, message: str, code: str) -> None:
        """A warning with its code (codegen.warning_codes), once."""
        diagnostic = Diagnostic(file, line, column, message, "warning", code)
        if diagnostic not in self.diagnostics:
            self.diagnostics.append(diagnostic)


class Target(ABC):
    """One output language."""

    name: ClassVar[str]  # folder name under generated/ and templates/, and the --lang value
    order: ClassVar[int]  # position in listings and in the default target list
    label: ClassVar[str]  # human name, e.g. "Node.js / TypeScript"
    comment_prefix: ClassVar[str]  # line comment token, used for the ownership marker
    # The language's canonical formatter (a name in external_format.FORMATTERS), run over every file of this
    # target only while custom templates are in play: the built-in templates print its format already, but
    # toolgen's layout cannot vouch for a user's template. None: toolgen has none to run (json; C#, see
    # docs/decisions.md); a target that formats in-process overrides format_all instead (Python: black).
    formatter: ClassVar[str | None] = None
    # How the documents a view or template places are printed (layout.markup): the width, the indentation unit and
    # character widths of the language's formatter. None: the target places none.
    layout_style: ClassVar[Style | None] = None

    def layout_macros(self) -> Mapping[str, Any]:
        """The language's layout macros for its templates (layout.markup's generic ones are always there)."""
        return {}

    # Planning has three steps so that a run can reuse the files of tools that did not change (codegen/incremental.py):
    # names are unique across a generated folder, so they are decided for all tools first (cheap); each tool's
    # file then depends only on that tool, its names and the options (the expensive part, cacheable per tool);
    # the folder-wide files (an index, a registry) come last, from the names and each tool file's `facts`.
    # `name_folder` and `folder_files` see each tool's naming skeleton only (ir.naming_skeleton: no descriptions,
    # defaults or wire schema, and numbered positions, which their warnings may use like real ones), so that a run
    # can take both from a cache when no skeleton changed.

    @abstractmethod
    def name_folder(
        self, tools: list[ir.Tool], options: Mapping[str, Any], report: Reporter
    ) -> list[Any]:
        """One naming record per tool, in the order of `tools` (skeletons): every name that must be unique in the
        folder. A record holds names only (strings, tuples, dicts), since it is cached (codegen.cache.codec)."""

    @abstractmethod
    def tool_file(self, tool: ir.Tool, names: Any, options: Mapping[str, Any], report: Reporter) -> PlannedFile:
        """The file of one tool, from the tool, its naming record and the options only."""

    @abstractmethod
    def folder_files(
        self,
        tools: list[ir.Tool],
        names: list[Any],
        facts: list[Mapping[str, Any]],
        options: Mapping[str, Any],
        report: Reporter,
    ) -> list[PlannedFile]:
        """The files shared by all tools (index, registry, support code)."""

    def planned_tool_file(
        self, tool: ir.Tool, names: Any, options: Mapping[str, Any], report: Reporter
    ) -> PlannedFile:
        """`tool_file`, with a warning for each spec field the target's SDK version cannot carry (codegen.targets
        .sdks): every target warns the same way, whether it emits a field or not."""
        warn_unemitted(self.name, tool, options, report)
        return self.tool_file(tool, names, options, report)

    def names_key(self, names: Any) -> str:
        """A deterministic text that changes whenever a naming record would change a tool's file: part of the
        per-tool cache key. A record whose repr shows its values (a dataclass of strings, tuples and dicts)
        needs no override."""
        return repr(names)

    def cache_identity(self) -> str:
        """Versions of outside tools that shape this target's text (a formatter), for the per-tool cache key."""
        return ""

    def cache_identity_for(self, custom_templates: bool) -> str:
        """`cache_identity`, plus the external formatter's version when custom templates are in play (only then
        does it shape the text). Asking for that version runs the formatter once per process, so a run without
        custom templates never pays for it."""
        identity = self.cache_identity()
        if custom_templates and self.formatter is not None:
            from ..layout import external as external_format

            identity = f"{identity}\n{external_format.identity(self.formatter)}"
        return identity

    def formatter_warning(self, custom_templates: bool, where: str) -> Diagnostic | None:
        """The warning a run that renders this target from custom templates (`where`: their folder, as shown)
        owes the user when the formatter is not installed: the files are written as rendered."""
        if not custom_templates or self.formatter is None:
            return None
        from ..layout import external as external_format

        return external_format.missing_warning(self.formatter, self.name, where)

    def plan(self, tools: list[ir.Tool], options: Mapping[str, Any], report: Reporter) -> list[PlannedFile]:
        """The files this target generates for `tools` (all tools of one run, in path order)."""
        names = self.name_folder(tools, options, report)
        files = [self.planned_tool_file(tool, record, options, report) for tool, record in zip(tools, names)]
        return files + self.folder_files(tools, names, [file.facts for file in files], options, report)

    def format(self, path: str, text: str) -> str:
        """Canonical formatting of one rendered file; templates already emit canonical text by default."""
        return text

    def format_all(self, files: Sequence[tuple[PlannedFile, str]], custom_templates: bool = False) -> list[str]:
        """`format` for many (planned file, rendered text) pairs at once, so a target can cache or parallelise
        across files. `custom_templates`: the user overrides some of this target's templates, so the text may not
        be what the target's own templates print: then the target's `formatter` (if any) runs over every file."""
        if custom_templates and self.formatter is not None:
            from ..layout import external as external_format

            return external_format.format_texts(
                self.formatter, self.name, [(planned.path, planned.template, text) for planned, text in files]
            )
        return [self.format(planned.path, text) for planned, text in files]

    def header_comment(self, text: str) -> str:
        """The configured extra header line as a line comment. `text` is one line of printable characters (the
        config checks that), so only a target whose comments have further hazards needs to override this."""
        return f"{self.comment_prefix} {text}"
