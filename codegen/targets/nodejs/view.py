"""The views of the TypeScript files: each tool's file (`templates/nodejs/tool.ts.j2`) and `index.ts`.

A view supplies what a template cannot decide: names, string literals, doc comments, the zod and TypeScript
spelling of each type (`types`), which default method a field takes, and JSON values (`layout.JsonValue`). The
templates spell the code, and prettier's layout is applied where they mark it (`layout`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...model import ir
from ...review.warning_codes import DEFAULT_UNFIT, REFERENCE_UNTYPED, VALUES_UNTYPED
from ...model.naming import camel, pascal, unique_identifiers
from ..base import Reporter
from .doc import doc_comment
from .layout import JsonValue
from .syntax import property_key, string_literal
from .types import Defaults, Names, ToolNames, optional_type, ordered_decls, ts_type, zod_type


# What index.ts declares; no tool's exported identifier may take them (index.ts re-exports those).
FOLDER_NAMES = frozenset({"ToolHandlers", "allTools"})
# Member names are property keys, so keywords are fine, except that tree-sitter's TypeScript grammar (which every
# generated file must parse with) reads a member `abstract: …` as a modifier; tsc accepts it.
MEMBER_RESERVED = frozenset({"abstract"})


def _doc(comment: str | None) -> str:
    """The `/** … */` comment before a declaration, or "" for none."""
    return doc_comment(comment) if comment and comment.strip() else ""


def tool_view(tool: ir.Tool, names: Any, header: str, report: Reporter) -> dict[str, Any]:
    defaults = Defaults(tool)
    params_type = names.decls.types[tool.params] if tool.params is not None else None
    what = "the validated arguments and the invocation" if tool.params is not None else "the invocation"
    return {
        "header": header,
        "declarations": [
            _declaration(tool, plan, names.decls, defaults, report) for plan in ordered_decls(tool)
        ],
        "wire": (
            {"name": names.json_schema, "tool": tool.name, "value": JsonValue(tool.wire_parameters)}
            if tool.wire_parameters is not None
            else None
        ),
        "factory": {
            "name": names.factory,
            "doc": _doc(f"{tool.description}\n\n@param handler Receives {what}; its result goes to the model."),
            "tool_name": string_literal(tool.name),
            "description": string_literal(tool.description),
            "params_type": params_type,
            "params_schema": names.decls.schemas[tool.params] if tool.params is not None else None,
        },
        "options": {
            "is_terminal": tool.options.is_terminal,
            "defer": string_literal(tool.options.defer) if tool.options.defer is not None else None,
            "skip_permission": tool.options.skip_permission,
            "overrides_built_in_tool": tool.options.overrides_built_in_tool,
            "metadata": JsonValue(tool.options.metadata) if tool.options.metadata else None,
        },
    }


# -- declarations ---------------------------------------------------------------------------------------------


def _declaration(tool: ir.Tool, plan: Any, names: Names, defaults: Defaults, report: Reporter) -> dict[str, Any]:
    decl = plan.decl
    type_name = names.types[decl.name]
    view: dict[str, Any] = {
        "type_name": type_name,
        "schema_name": names.schemas[decl.name],
        "doc": _doc(_decl_comment(tool, decl)),
        "recursive": plan.lazy,
        "members": None,  # a recursive object's interface
        "alias": None,  # a recursive alias's type
        "schema": None,  # a schema other than an object's
        "enum": None,
        "enum_values": None,
        "object": None,
        "fields": [],
        "catchall": None,
    }
    if plan.opaque:
        report.warn(
            tool.source,
            tool.line,
            tool.column,
            f"nodejs: {type_name} refers to itself without an object or array in between; "
            "TypeScript cannot name that type, so it is typed as unknown",
            REFERENCE_UNTYPED,
        )
        view["schema"] = "z.unknown()"
    elif isinstance(decl, ir.EnumDecl):
        _enum(tool, decl, view, report)
    elif isinstance(decl, ir.AliasDecl):
        view["schema"] = zod_type(decl.target, names)
    else:
        view["object"] = "strictObject" if decl.additional == "closed" else "object"
        view["fields"] = [_field(tool, f, names, defaults, report) for f in decl.fields]
        if not isinstance(decl.additional, str):
            view["catchall"] = zod_type(decl.additional, names)
    if plan.lazy:  # the TypeScript type, which zod cannot infer through z.lazy: an interface or an alias
        if isinstance(decl, ir.AliasDecl):
            view["alias"] = ts_type(decl.target, names)
        else:
            view["members"] = [_member(f, names, defaults) for f in decl.fields]
    return view


def _member(f: ir.Field, names: Names, defaults: Defaults) -> dict[str, Any]:
    """A member of a recursive object's interface; one that may be left out is also typed `undefined`."""
    present = defaults.present_in_output(f)
    return {
        "key": property_key(f.wire_name),
        "optional": not present,
        "type": ts_type(f.type, names) if present else optional_type(f.type, names),
    }


def _decl_comment(tool: ir.Tool, decl: ir.Decl) -> str | None:
    if decl.name == tool.params:
        lines = [f"The arguments of the `{tool.name}` tool."]
        if decl.description:
            lines += ["", decl.description]
        return "\n".join(lines)
    return decl.description


def _enum(tool: ir.Tool, decl: ir.EnumDecl, view: dict[str, Any], report: Reporter) -> None:
    values = [member.value for member in decl.members]
    if any(isinstance(value, (dict, list)) for value in values):
        report.warn(
            tool.source,
            tool.line,
            tool.column,
            f"nodejs: enum {pascal(decl.name)} lists objects or arrays, which zod literals cannot "
            "express; its type is unknown",
            VALUES_UNTYPED,
        )
        view["schema"] = "z.unknown()"
    elif len(values) == 1:
        view["enum"], view["enum_values"] = "literal", JsonValue(values[0])
    else:
        view["enum"], view["enum_values"] = "enum" if decl.base == "string" else "literal", JsonValue(values)


def _field(tool: ir.Tool, f: ir.Field, names: Names, defaults: Defaults, report: Reporter) -> dict[str, Any]:
    default_method = defaults.method(f) if not f.required else None
    if not f.required and not default_method and f.has_default:
        report.warn(
            tool.source,
            f.line,
            f.column,
            f"nodejs: the default of {f.wire_name!r} does not match its type; the zod schema "
            "leaves it out (the wire schema keeps it)",
            DEFAULT_UNFIT,
        )
    return {
        "key": '["__proto__"]' if f.wire_name == "__proto__" else property_key(f.wire_name),
        "schema": zod_type(f.type, names),
        "optional": not f.required and not default_method,
        "default_method": default_method,
        "default": JsonValue(f.default) if default_method else None,
        "description": string_literal(f.description) if f.description else None,
    }


# -- index.ts -------------------------------------------------------------------------------------------------


def index_view(
    tools: Sequence[ir.Tool], names: Sequence[ToolNames], extension: str, header: str
) -> dict[str, Any]:
    """The imports and re-exports of index.ts and one member of `ToolHandlers` and element of `allTools` per tool,
    in spec order. Each member is the tool's name in camelCase (a property key, so keywords are fine), made
    unique."""
    members, _ = unique_identifiers([camel(tool.words) for tool in tools], MEMBER_RESERVED)
    entries = [
        {
            "tool": tool.name,
            "module": string_literal(f"./{n.file}{extension}"),
            "factory": n.factory,
            "params": n.decls.types[tool.params] if tool.params is not None else None,
            "member": member,
        }
        for tool, n, member in zip(tools, names, members)
    ]
    return {
        "header": header,
        "tools": entries,
        "typed": any(entry["params"] for entry in entries),
        "untyped": any(not entry["params"] for entry in entries),
    }
