"""Every package-level name of the Go target, decided for all tools of a folder before any file is rendered.

A Go package is one scope: every tool's types, enum constants, factory and variables, and the names `tools.go`
defines, must all differ; file names must differ even on a case-insensitive disk. Earlier tools (in path order)
keep their names; a later one that collides is renamed deterministically, with a located warning.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ...model import ir
from ...model.naming import WINDOWS_RESERVED_FILE_STEMS, Renamed, Words, snake, unique_identifiers
from ...review.warning_codes import RENAMED
from ..base import Reporter
from .syntax import GO_KEYWORDS, GO_PREDECLARED, exported, file_stem, json_comment, unexported

SDK_ALIAS = "copilot"  # the SDK's package name; its import path ends in `go`, so it is always imported by name
REGISTRY_STEM = "tools"  # tools.go
# Names tools.go defines; tool-derived names never take them.
REGISTRY_NAMES = ("All", "Handlers", "Nullable")
HELPER_NAMES = (
    "typedHandler",
    "untypedHandler",
    "toolResult",
    "parseJSONObject",
    "wireField",
    "decodeObject",
    "encodeObject",
    "fieldDefault",
    "decodeWithDefaults",
    "applyDefaults",
)


class Namer:
    """Hands out names in one scope (e.g. the package: all tools share it), reporting each rename as a warning."""

    def __init__(self, report: Reporter, taken: Iterable[str], casefold: bool = False, suffix: str = ""):
        self.report = report
        self.casefold = casefold  # file names must differ on case-insensitive file systems too
        self.suffix = suffix  # shown in messages: ".go" for file names
        self._by_key = {self._key(name): name for name in taken}

    def _key(self, name: str) -> str:
        return name.casefold() if self.casefold else name

    def claim(self, candidates: list[str], where: list[tuple[str, int, int]], what: list[str]) -> list[str]:
        # The scope is looked up, not copied: naming a package stays linear in its number of tools.
        chosen, renamed = unique_identifiers(candidates, self._by_key, casefold=self.casefold)
        self._by_key.update((self._key(name), name) for name in chosen)
        for index, item in renames(candidates, chosen, renamed):
            file, line, column = where[index]
            self.report.warn(file, line, column, rename_message(what[index], item, self.suffix), RENAMED)
        return chosen

    def claim_one(self, candidate: str, where: tuple[str, int, int], what: str) -> str:
        return self.claim([candidate], [where], [what])[0]


def rename_message(what: str, item: Renamed, suffix: str = "") -> str:
    return f'go: {what} would be "{item.original}{suffix}", which is already taken; named "{item.chosen}{suffix}"'


def renames(candidates: list[str], chosen: list[str], renamed: list[Renamed]) -> Iterable[tuple[int, Renamed]]:
    """(index, rename) for every candidate that had to change."""
    by_choice = {item.chosen: item for item in renamed}
    for index, (candidate, name) in enumerate(zip(candidates, chosen)):
        if candidate != name:
            yield index, by_choice[name]


def type_refs(type_ref: ir.TypeRef) -> list[Words]:
    """The declarations a Go type names: through arrays, maps and nullables, but not a union's branches, which
    Go types as `any` (unlike ir.type_references)."""
    if isinstance(type_ref, ir.NamedType):
        return [type_ref.name]
    for inner in ("items", "values", "inner"):
        if hasattr(type_ref, inner):
            return type_refs(getattr(type_ref, inner))
    return []


def _decl_positions(tool: ir.Tool) -> dict[Words, tuple[int, int]]:
    """Where each declaration comes from in the spec: the first property that uses it, else the tool."""
    positions: dict[Words, tuple[int, int]] = {}
    for decl in tool.decls:
        if isinstance(decl, ir.StructDecl):
            for field in decl.fields:
                for name in type_refs(field.type):
                    positions.setdefault(name, (field.line, field.column))
    return positions


@dataclass
class ToolNames:
    """The package-level names of one tool, decided before any file is rendered."""

    decls: dict[Words, str]
    factory: str
    schema_var: str | None
    metadata_var: str | None
    constants: dict[Words, list[str]]  # enum name → one constant per member
    handler_field: str
    file: str


def plan_names(tools: list[ir.Tool], report: Reporter) -> list[ToolNames]:
    """Every tool's package-level names, unique across the package, in path order (earlier tools keep theirs)."""
    namer = Namer(report, [*REGISTRY_NAMES, *HELPER_NAMES, *GO_KEYWORDS, *GO_PREDECLARED, SDK_ALIAS])
    handler_namer = Namer(report, [])
    # `con.go` and the other Windows device names cannot be checked out on Windows.
    file_namer = Namer(report, [REGISTRY_STEM, *sorted(WINDOWS_RESERVED_FILE_STEMS)], casefold=True, suffix=".go")
    result = []
    for tool in tools:
        here = (tool.source, tool.line, tool.column)
        positions = _decl_positions(tool)
        decl_where = [(tool.source, *positions.get(d.name, (tool.line, tool.column))) for d in tool.decls]
        decl_names = namer.claim(
            [exported(d.name) for d in tool.decls], decl_where, [f"the type for {snake(d.name)}" for d in tool.decls]
        )
        factory = namer.claim_one(exported(tool.words + ("tool",)), here, "the factory function")
        schema_var = metadata_var = None
        if tool.wire_parameters is not None:
            schema_var = namer.claim_one(unexported(tool.words + ("schema",)), here, "the schema variable")
        if tool.options.metadata:
            metadata_var = namer.claim_one(unexported(tool.words + ("metadata",)), here, "the metadata variable")
        constants: dict[Words, list[str]] = {}
        for decl, go_name, where in zip(tool.decls, decl_names, decl_where):
            if isinstance(decl, ir.EnumDecl) and decl.base != "mixed":
                constants[decl.name] = namer.claim(
                    [go_name + exported(member.words) for member in decl.members],
                    [where] * len(decl.members),
                    [f"the constant for enum value {json_comment(m.value)}" for m in decl.members],
                )
        handler_field = handler_namer.claim_one(exported(tool.words), here, "the Handlers field")
        file = file_namer.claim_one(file_stem(tool.words), here, "the file name")
        decls = dict(zip((d.name for d in tool.decls), decl_names))
        result.append(ToolNames(decls, factory, schema_var, metadata_var, constants, handler_field, file))
    return result
