"""Every Java name of a folder's tools: each tool's class, its nested records and enums, their components and
constants, and the `ToolHandlers` methods; unique where Java needs them to be, renames reported as located warnings.

Class names are decided for the whole folder first (`plan_classes`, cached as each tool's `ToolNames`); the names
inside a tool class only need that tool.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field

from ...model import ir
from ...model.naming import Words, camel, pascal, screaming_snake, unique_identifiers
from ...review.warning_codes import RENAMED, SHORTENED
from ..base import Reporter
from .syntax import KEYWORDS, NOT_COMPONENT_NAMES, escape_identifier, fit_nested_class_name
from .types import IMPORTS, is_java_enum

SUPPORT_CLASS = "ToolSupport"
# The public type of an optional nullable property without a default: left out, null, or a value (JsonNullable.java).
PRESENCE_CLASS = "JsonNullable"
HANDLERS_CLASS = "ToolHandlers"
TOOL_SUFFIX = "Tool"

# A nested type is in scope in the whole tool class, so it must not shadow any type the class refers to. The
# java.lang names are those the generated code uses plus the common ones a reader would expect to mean java.lang.
RESERVED_TYPE_NAMES = frozenset(IMPORTS) | {
    "Boolean", "Byte", "Character", "Class", "Deprecated", "Double", "Enum", "Error", "Exception", "Float",
    "FunctionalInterface", "Integer", "Iterable", "Long", "Math", "Number", "Object", "Override", "Record",
    "Runnable", "RuntimeException", "Short", "String", "SuppressWarnings", "System", "Thread", "Throwable", "Void",
    "Handler", SUPPORT_CLASS, PRESENCE_CLASS,
}  # fmt: skip

COMPONENT_RESERVED = KEYWORDS | NOT_COMPONENT_NAMES
# `all` is the interface's static method; the Object methods' names stay off, as for record components.
METHOD_RESERVED = KEYWORDS | NOT_COMPONENT_NAMES | {"all"}


@dataclass
class ToolNames:
    """A tool's names, decided for the whole folder (the naming record)."""

    class_name: str
    nested_names: dict[Words, str]


@dataclass
class ToolPlan:
    """Per-tool naming decisions that must be made before any type is rendered, with the tool they are for."""

    tool: ir.Tool
    class_name: str
    nested_names: dict[Words, str] = field(default_factory=dict)
    # The first field that uses each declaration: where its warnings point, and what its doc names.
    origins: dict[Words, ir.Field] = field(default_factory=dict)

    def position(self, name: Words) -> tuple[int, int]:
        origin = self.origins.get(name)
        return (origin.line, origin.column) if origin else (self.tool.line, self.tool.column)


def decl_origins(tool: ir.Tool) -> dict[Words, ir.Field]:
    """The first field that refers to each declaration: where warnings point, and what docs name."""
    origins: dict[Words, ir.Field] = {}

    def visit(type_ref: object, origin: ir.Field) -> None:
        for child in (getattr(type_ref, name, None) for name in ("items", "values", "inner")):
            if child is not None:
                visit(child, origin)
        if isinstance(type_ref, ir.NamedType):
            origins.setdefault(type_ref.name, origin)

    for decl in tool.decls:
        if isinstance(decl, ir.StructDecl):
            for item in decl.fields:
                visit(item.type, item)
    return origins


def _short_words(tool: ir.Tool, name: Words) -> Words:
    """Declaration words without the tool's own words: nested in `CreateIssueTool`, `create·issue·assignee` is
    just `Assignee`."""
    prefix = tool.words
    if name[: len(prefix)] == prefix and len(name) > len(prefix):
        return name[len(prefix) :]
    return name


def _name_nested_types(plan: ToolPlan, report: Reporter) -> None:
    tool = plan.tool
    emitted = [decl for decl in tool.decls if isinstance(decl, ir.StructDecl) or is_java_enum(decl)]
    plan.origins = decl_origins(tool)
    candidates = []
    for decl in emitted:
        full = pascal(_short_words(tool, decl.name))
        candidates.append(fit_nested_class_name(plan.class_name, full))
        if candidates[-1] != full:
            line, column = plan.position(decl.name)
            report.warn(
                tool.source, line, column,
                f"java: type name {full[:40]}... is too long for a class file; named {candidates[-1]}", SHORTENED,
            )  # fmt: skip
    taken = RESERVED_TYPE_NAMES | {plan.class_name}
    chosen, renamed = unique_identifiers(candidates, taken)
    renames = iter(renamed)  # in candidate order, one per candidate that had to change
    for decl, candidate, name in zip(emitted, candidates, chosen):
        plan.nested_names[decl.name] = name
        if candidate != name:
            rename = next(renames)
            line, column = plan.position(decl.name)
            report.warn(
                tool.source, line, column,
                f"java: type name {rename.original} clashes with {rename.clashed_with}; named {rename.chosen}", RENAMED,
            )  # fmt: skip


def plan_classes(tools: list[ir.Tool], report: Reporter) -> list[ToolPlan]:
    # casefold: two classes that differ only in case would overwrite each other on macOS and Windows.
    candidates = [pascal(tool.words) + TOOL_SUFFIX for tool in tools]
    chosen, renamed = unique_identifiers(candidates, {SUPPORT_CLASS, HANDLERS_CLASS, PRESENCE_CLASS}, casefold=True)
    renames = iter(renamed)
    plans = []
    for tool, candidate, class_name in zip(tools, candidates, chosen):
        if candidate != class_name:
            rename = next(renames)
            report.warn(
                tool.source, tool.line, tool.column,
                f"java: class {rename.original} clashes with {rename.clashed_with}; named {class_name}", RENAMED,
            )  # fmt: skip
        plan = ToolPlan(tool, class_name)
        _name_nested_types(plan, report)
        plans.append(plan)
    return plans


def component_names(tool: ir.Tool, decl: ir.StructDecl, report: Reporter) -> list[str]:
    """The record's component names, one per field, then the one for typed additionalProperties if it has them."""
    wanted = [escape_identifier(camel(item.words), COMPONENT_RESERVED) for item in decl.fields]
    if not isinstance(decl.additional, str):  # typed additionalProperties next to named ones
        wanted.append("additionalProperties")
    chosen, renamed = unique_identifiers(wanted)
    renames = iter(renamed)
    for index, (original, final) in enumerate(zip(wanted, chosen)):
        if original == final:
            continue
        rename = next(renames)
        if index < len(decl.fields):
            line, column = decl.fields[index].line, decl.fields[index].column
            what = f"property {json.dumps(decl.fields[index].wire_name, ensure_ascii=False)}"
        else:
            line, column, what = tool.line, tool.column, "the additional properties"
        report.warn(
            tool.source, line, column,
            f"java: {what} is named {final} because {rename.original} is already taken "
            f"by {rename.clashed_with}", RENAMED,
        )  # fmt: skip
    return chosen


def enum_constants(plan: ToolPlan, decl: ir.EnumDecl, report: Reporter) -> list[str]:
    name = plan.nested_names[decl.name]
    constants, renamed = unique_identifiers([screaming_snake(m.words) for m in decl.members], separator="_")
    line, column = plan.position(decl.name)
    for rename in renamed:
        report.warn(
            plan.tool.source, line, column,
            f"java: enum constant {rename.original} of {name} clashes with {rename.clashed_with}; "
            f"named {rename.chosen}", RENAMED,
        )  # fmt: skip
    return constants


def handler_methods(tools: Sequence[ir.Tool]) -> list[str]:
    """The `ToolHandlers` method of each tool, named after the tool."""
    wanted = [escape_identifier(camel(tool.words), METHOD_RESERVED) for tool in tools]
    names, _ = unique_identifiers(wanted, METHOD_RESERVED)
    return names
