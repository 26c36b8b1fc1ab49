"""Go target: package `tools`, one file per tool plus `tools.go` (registry and shared helpers).

Per tool: a params struct (and the structs, enums and named types it needs), the spec's schema as a
`map[string]any` parsed once at package init, and `XTool(handler) copilot.Tool`. The tool is built as a
`copilot.Tool` literal, not with `copilot.DefineTool`: DefineTool derives the schema by reflection, which panics on
descriptions such as `a=b` and on recursive types, and would not send the spec's schema anyway.

This module holds the target's entry points and the view of each file: names (go_names), types (go_types),
escaped literals, doc lines and column widths (go_syntax) are decided in Python; `templates/go/` writes the code
around them. The output is exactly what gofmt prints: gofmt aligns struct fields, const specs and keyed literals in
columns (blocks of consecutive lines, broken by comment lines) and reformats top-level doc comments; the widths
given to the templates and `doc_lines` produce that form directly, so no Go toolchain is needed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ...model import ir
from ...errors import ConfigError, Diagnostic
from ...model.naming import unique_identifiers
from ...review.warning_codes import RENAMED
from ..base import PlannedFile, Reporter, Target
from .doc import join_parts
from .names import REGISTRY_STEM, SDK_ALIAS, ToolNames, plan_names, rename_message, renames
from .syntax import (
    GO_KEYWORDS,
    column_widths,
    comment_lines,
    comment_text,
    doc_lines,
    exported,
    go_literal,
    go_string,
    json_comment,
    json_tag_name_ok,
    raw_json,
    struct_tag,
)
from .types import SCALAR_TYPES, Types

SDK_MODULE = "github.com/github/copilot-sdk/go"
SDK_VERSION = "v1.0.14"  # what the real-SDK test compiles against
DEFAULT_PACKAGE = "tools"  # the `package` option overrides it
# Methods a struct may get (its JSON codec); a field must not share a method's name.
METHOD_NAMES = ("MarshalJSON", "UnmarshalJSON")
EXTRA_FIELD_WORDS = ("additional", "properties")


def _struct_view(decl: ir.StructDecl, tool: ir.Tool, types: Types, report: Reporter) -> dict:
    go_name = types.named(decl.name)
    candidates = [exported(field.words) for field in decl.fields]
    chosen, renamed = unique_identifiers(candidates, METHOD_NAMES)
    for index, item in renames(candidates, chosen, renamed):
        field = decl.fields[index]
        what = f"the field for property {json_comment(field.wire_name)} of {go_name}"
        report.warn(tool.source, field.line, field.column, rename_message(what, item), RENAMED)
    fields: list[dict] = []
    by_name: list[dict] = []  # properties a struct tag cannot name: the codec decodes and encodes them by name
    defaults: list[dict] = []
    for field, name in zip(decl.fields, chosen):
        defaulted = types.applied_default(field, tool, report)
        nullable = types.nullable_inner(field)
        optional = nullable is None and not (field.required or defaulted)
        if nullable is not None:
            go_type, tag = f"Nullable[{types.go(nullable)}]", struct_tag(field.wire_name, "omitzero")
        else:
            go_type = types.field_type(field, decl, defaulted)
            tag = struct_tag(field.wire_name, "omitempty" if optional else None)
        default_doc = [f"Default: {json_comment(field.default)}."] if field.has_default else []
        doc = comment_lines(join_parts(doc_lines(field.description), default_doc))
        fields.append({"doc": doc, "name": name, "type": go_type, "tag": tag})
        wire = go_string(field.wire_name)
        if not json_tag_name_ok(field.wire_name):
            by_name.append({"wire": wire, "name": name, "nullable": nullable is not None, "optional": optional})
        if defaulted:
            defaults.append({"wire": wire, "name": name, "json": raw_json(field.default, compact=True)})
    extra = None
    if not isinstance(decl.additional, str):  # a schema for extra properties: they go into a map
        (extra,), _ = unique_identifiers([exported(EXTRA_FIELD_WORDS)], [*chosen, *METHOD_NAMES])
        doc = comment_lines([f"{extra} holds the properties not declared above."])
        extra_type = "map[string]" + types.go(decl.additional)
        fields.append({"doc": doc, "name": extra, "type": extra_type, "tag": '`json:"-"`'})
    rows = [(field["name"], field["type"], field["tag"]) for field in fields]
    for field, (name_width, type_width) in zip(fields, column_widths(rows, [bool(f["doc"]) for f in fields])):
        field.update(name_width=name_width, type_width=type_width)
    return {
        "kind": "struct",
        "codec": bool(by_name or extra),
        "fields": fields,
        "by_name": by_name,
        "extra": extra,
        "declared": [go_string(field.wire_name) for field in decl.fields] if extra else [],
        "defaults": defaults,
    }


def _enum_view(decl: ir.EnumDecl, types: Types) -> dict:
    if decl.base == "mixed":  # no Go type holds both strings and numbers as constants: an interface
        values = ", ".join(json_comment(member.value) for member in decl.members)
        return {"kind": "alias", "defined": False, "target": "any", "doc_tail": [f"Allowed values: {values}."]}
    base = SCALAR_TYPES[decl.base]
    if decl.base == "integer" and any(not -(2**63) <= member.value < 2**63 for member in decl.members):
        # An int64 constant would overflow; float64 holds (rounds) any JSON integer.
        base = "float64"
    names = types.names.constants[decl.name]
    return {
        "kind": "enum",
        "base": base,
        "constants": [{"name": n, "value": go_literal(m.value)} for n, m in zip(names, decl.members)],
        "width": max(map(len, names), default=0),
    }


def _decl_view(decl: ir.Decl, tool: ir.Tool, types: Types, report: Reporter) -> dict:
    go_name = types.named(decl.name)
    if isinstance(decl, ir.StructDecl):
        view = _struct_view(decl, tool, types, report)
        role = "holds the arguments of" if decl.name == tool.params else "is an object in the arguments of"
        lead = f"{go_name} {role} the {tool.name} tool."
    elif isinstance(decl, ir.EnumDecl):
        view = _enum_view(decl, types)
        lead = f"{go_name} is a value the {tool.name} tool's schema enumerates."
    else:
        # A type alias (`=`) keeps the target's identity (any []string is a Tags) and its methods; only a defined
        # type may refer to itself through aliases alone (`type List []List`).
        view = {"kind": "alias", "defined": types.alias_cycle(decl), "target": types.go(decl.target)}
        lead = f"{go_name} is a type in the arguments of the {tool.name} tool."
    doc = join_parts([lead], doc_lines(decl.description), view.pop("doc_tail", []))
    return {"name": go_name, "doc": comment_lines(doc), **view}


def header(source: str | None) -> str:
    """The canonical generated-code line (https://go.dev/s/generatedcode), on one line whatever the path holds."""
    origin = f" from {comment_text(source)}" if source else ""
    return f"// Code generated by toolgen{origin}. DO NOT EDIT."


def _value_view(name: str, what: str, value: Any, tool: ir.Tool, factory: str) -> dict:
    """A package variable parsed from JSON at initialization (the wire schema, the metadata)."""
    doc = [
        f"{name} is the {tool.name} tool's {what}, exactly as its spec writes it.",
        f"Every tool {factory} returns shares it: treat it as read-only.",
    ]
    return {"name": name, "json": raw_json(value), "doc": comment_lines(doc)}


def tool_context(tool: ir.Tool, names: ToolNames, package: str, report: Reporter) -> dict:
    types = Types(tool, names)
    params = names.decls[tool.params] if tool.params else None
    receives = "the decoded arguments and the invocation" if params else "the invocation"
    factory_doc = join_parts(
        [f"{names.factory} returns the {tool.name} tool, which the model sees as:"],
        doc_lines(tool.description),
        [f"handler receives {receives}; a nil handler declares the tool without handling its calls."],
    )
    values = []
    if names.schema_var:
        values.append(_value_view(names.schema_var, "parameters schema", tool.wire_parameters, tool, names.factory))
    if names.metadata_var:
        values.append(_value_view(names.metadata_var, "metadata", tool.options.metadata, tool, names.factory))
    options = tool.options
    return {
        "header": header(tool.source),
        "package": package,
        "sdk_alias": SDK_ALIAS,
        "sdk_module": SDK_MODULE,
        "factory": {
            "name": names.factory,
            "doc": comment_lines(factory_doc),
            "params": params,
            "tool_name": go_string(tool.name),
            "description": go_string(tool.description),
            "parameters": names.schema_var,
            "metadata": names.metadata_var,
        },
        "options": {
            "overrides_built_in_tool": options.overrides_built_in_tool,
            "skip_permission": options.skip_permission,
            "is_terminal": options.is_terminal,
            "defer": options.defer,
        },
        "decls": [_decl_view(decl, tool, types, report) for decl in tool.decls],
        "values": values,
    }


def registry_context(
    tools: list[ir.Tool], names: list[ToolNames], package: str, codec: bool, import_path: str | None
) -> dict:
    return {
        "header": header(None),
        "package": package,
        "import_path": import_path,
        "sdk_alias": SDK_ALIAS,
        "sdk_module": SDK_MODULE,
        "handler_methods": [
            {
                "tool": tool.name,
                "name": tool_names.handler_field,
                "params": tool_names.decls[tool.params] if tool.params else None,
                "factory": tool_names.factory,
            }
            for tool, tool_names in zip(tools, names)
        ],
        "codec": codec,
    }


def _options_problem(message: str) -> ConfigError:
    return ConfigError([Diagnostic("<options>", 1, 1, message)])


def package_name(options: Mapping[str, Any]) -> str:
    """The Go package name: the `package` option, else `tools`; a lower-case ASCII identifier, not a keyword."""
    package = options.get("package", DEFAULT_PACKAGE)
    if not (isinstance(package, str) and re.fullmatch(r"[a-z][a-z0-9_]*", package)) or package in GO_KEYWORDS:
        what = "is not a Go package name (lower-case letters, digits, _)"
        raise _options_problem(f"go: option package: {package!r} {what}")
    return package


def import_path(options: Mapping[str, Any]) -> str | None:
    """The `import_path` option: tools.go's package clause then carries the canonical import comment
    (https://go.dev/s/go14customimport; one file of a package carrying it is enough)."""
    path = options.get("import_path") or None
    if path is not None and (not re.fullmatch(r"[A-Za-z0-9._~/-]+", path) or path.startswith("/")):
        raise _options_problem(f"go.import_path: {path!r} is not a Go import path")  # codegen.config.settings checks it first
    return path


class GoTarget(Target):
    name = "go"
    order = 3
    label = "Go"
    comment_prefix = "//"
    formatter = "gofmt"  # run only over custom templates' output (Target.formatter)

    def name_folder(self, tools: list[ir.Tool], options: Mapping[str, Any], report: Reporter) -> list[ToolNames]:
        package_name(options)  # a bad package name is reported before anything else
        return plan_names(tools, report)

    def tool_file(self, tool: ir.Tool, names: ToolNames, options: Mapping[str, Any], report: Reporter) -> PlannedFile:
        context = tool_context(tool, names, package_name(options), report)
        # tools.go defines the codec helpers only when some tool's file uses them
        codec = any(decl.get("codec") for decl in context["decls"])
        return PlannedFile(f"{names.file}.go", "tool.go.j2", context, facts={"codec": codec})

    def folder_files(
        self,
        tools: list[ir.Tool],
        names: list[ToolNames],
        facts: list[Mapping[str, Any]],
        options: Mapping[str, Any],
        report: Reporter,
    ) -> list[PlannedFile]:
        codec = any(fact.get("codec") for fact in facts)
        context = registry_context(tools, names, package_name(options), codec, import_path(options))
        return [PlannedFile(f"{REGISTRY_STEM}.go", "tools.go.j2", context)]


TARGET = GoTarget()
