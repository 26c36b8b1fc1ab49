"""The view of one tool's TypeScript file, for `templates/nodejs/tool.ts.j2`, which spells the code.

The template writes the imports, each declaration's `export const …Schema = …;` and `export type … = …;`, the wire
schema constant and the factory with `defineTool(…)` and every option. This module decides what the template
cannot: names, literals, the zod schema expressions (laid out by `_prettier`, a port of prettier's printer, as the
right side of their `=`), and which of the layouts the template spells out prettier chooses where a line's width
decides (`…_fits`, `…_on_next_line`, `…_layout`). The measurements mirror prettier's rules for exactly these
statements; the generated files are prettier-clean (tests/test_sdk_nodejs.py runs prettier on them).
"""

from __future__ import annotations

from typing import Any

from ...model import ir
from ...model.naming import pascal
from ...review.warning_codes import DEFAULT_UNFIT, REFERENCE_UNTYPED, VALUES_UNTYPED
from .prettier import doc_comment, format_statement
from ...layout.doc import PRINT_WIDTH, string_width
from .literals import string_literal
from .syntax import (
    Arrow, ConstDecl, InterfaceDecl, ObjectExpr, Prop, Str, TKeyword, TMember, TRef, TTypeof, TUnion, TypeAlias,
)
from . import json_layout as ts_json_layout
from ..base import Reporter
from .types import Defaults, Names, ordered_decls, json_value, method, ts_type, z, zod_type

RECORD = TRef("Record", [TKeyword("string"), TKeyword("unknown")])


def _doc(comment: str | None) -> str:
    """The `/** … */` comment before a declaration, or "" for none."""
    return doc_comment(comment) if comment and comment.strip() else ""


def _right_side(statement: str, left: str) -> tuple[bool, str]:
    """A laid-out `<left> = <value>;` as (whether prettier broke the line after `=`, the value's text)."""
    head = left + " ="
    if not (statement.startswith(head) and statement.endswith(";")):
        raise AssertionError(f"not an assignment to {left!r}: {statement!r}")
    rest = statement[len(head) : -1]
    if rest.startswith("\n  "):
        return True, rest[3:]
    return False, rest[1:]


def tool_view(tool: ir.Tool, names: Any, header: str, report: Reporter) -> dict[str, Any]:
    defaults = Defaults(tool)
    declarations = [
        _declaration(tool, plan, names.decls, defaults, report) for plan in ordered_decls(tool)
    ]
    return {
        "header": header,
        "params": tool.params is not None,
        "declarations": declarations,
        "wire": _wire(tool, names) if tool.wire_parameters is not None else None,
        "factory": _factory(tool, names),
        "options": _options(tool.options, 4 if _options_hug(tool, names) else 6),
    }


# -- declarations ---------------------------------------------------------------------------------------------


def _declaration(tool: ir.Tool, plan: Any, names: Names, defaults: Defaults, report: Reporter) -> dict[str, Any]:
    decl = plan.decl
    type_name, schema_name = names.types[decl.name], names.schemas[decl.name]
    view: dict[str, Any] = {
        "type_name": type_name,
        "schema_name": schema_name,
        "doc": _doc(_decl_comment(tool, decl)),
        "members": None,
        "alias": None,
        "alias_on_next_line": False,
        "infer_layout": None,
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
        expression = z("unknown")
    else:
        expression = _decl_schema(tool, decl, names, defaults, report)
    if plan.lazy:
        view["kind"] = "recursive"
        _recursive_type(view, decl, type_name, names, defaults)
        statement = ConstDecl(
            schema_name,
            z("lazy", Arrow(expression)),
            type=TRef("z.ZodType", [TRef(type_name)]),
        )
        left = f"export const {schema_name}: z.ZodType<{type_name}>"
    else:
        view["kind"] = "inferred"
        view["infer_layout"] = _infer_layout(type_name, schema_name)
        statement = ConstDecl(schema_name, expression)
        left = f"export const {schema_name}"
    view["schema_on_next_line"], view["schema"] = _right_side(format_statement(statement), left)
    return view


def _infer_layout(type_name: str, schema_name: str) -> str:
    """Where prettier breaks `export type T = z.infer<typeof S>;`: after `=`, in the type arguments, both or
    neither (read off the statement as laid out)."""
    alias = TypeAlias(type_name, TRef("z.infer", [TTypeof(schema_name)]))
    on_next_line, value = _right_side(format_statement(alias), f"export type {type_name}")
    if "\n" not in value:
        return "break_after_equals" if on_next_line else "one_line"
    return "break_both" if on_next_line else "break_type_argument"


def _recursive_type(view: dict[str, Any], decl: ir.Decl, type_name: str, names: Names, defaults: Defaults) -> None:
    """The TypeScript type of a recursive declaration, which zod cannot infer through z.lazy: an interface's
    members, or an alias's type, each laid out as prettier prints it."""
    if isinstance(decl, ir.AliasDecl):
        statement = format_statement(TypeAlias(type_name, ts_type(decl.target, names)))
        view["alias_on_next_line"], view["alias"] = _right_side(statement, f"export type {type_name}")
        return
    members = []
    for f in decl.fields:
        member_type = ts_type(f.type, names)
        optional = not defaults.present_in_output(f)
        if optional:
            parts = member_type.types if isinstance(member_type, TUnion) else [member_type]
            member_type = TUnion([*parts, TKeyword("undefined")])
        members.append(TMember(f.wire_name, member_type, optional))
    lines = format_statement(InterfaceDecl(type_name, members)).split("\n")[1:-1]
    view["members"] = []
    for line in lines:  # a member starts at two spaces; its continuation lines are indented further
        if line.startswith("   "):
            view["members"][-1] += "\n" + line
        else:
            view["members"].append(line[2:])


def _decl_comment(tool: ir.Tool, decl: ir.Decl) -> str | None:
    if decl.name == tool.params:
        lines = [f"The arguments of the `{tool.name}` tool."]
        if decl.description:
            lines += ["", decl.description]
        return "\n".join(lines)
    return decl.description


def _decl_schema(tool: ir.Tool, decl: ir.Decl, names: Names, defaults: Defaults, report: Reporter) -> Any:
    if isinstance(decl, ir.EnumDecl):
        return _enum_schema(tool, decl, report)
    if isinstance(decl, ir.AliasDecl):
        return zod_type(decl.target, names)
    shape = ObjectExpr(
        [
            Prop(
                f.wire_name,
                _field_schema(tool, f, names, defaults, report),
                computed=f.wire_name == "__proto__",
            )
            for f in decl.fields
        ]
    )
    if decl.additional == "closed":
        return z("strictObject", shape)
    if decl.additional == "open":
        return z("object", shape)
    return method(z("object", shape), "catchall", zod_type(decl.additional, names))


def _enum_schema(tool: ir.Tool, decl: ir.EnumDecl, report: Reporter) -> Any:
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
        return z("unknown")
    if len(values) == 1:
        return z("literal", json_value(values[0]))
    if decl.base == "string":
        return z("enum", json_value(values))
    return z("literal", json_value(values))


def _field_schema(tool: ir.Tool, f: ir.Field, names: Names, defaults: Defaults, report: Reporter) -> Any:
    expression = zod_type(f.type, names)
    if not f.required:
        default_method = defaults.method(f)
        if default_method:
            expression = method(expression, default_method, json_value(f.default))
        else:
            if f.has_default:
                report.warn(
                    tool.source,
                    f.line,
                    f.column,
                    f"nodejs: the default of {f.wire_name!r} does not match its type; the zod schema "
                    "leaves it out (the wire schema keeps it)",
                    DEFAULT_UNFIT,
                )
            expression = method(expression, "optional")
    if f.description:
        expression = method(expression, "describe", Str(f.description))
    return expression


# -- the wire schema ------------------------------------------------------------------------------------------


def _wire(tool: ir.Tool, names: Any) -> dict[str, Any]:
    name = names.json_schema
    # printed straight from the JSON value; where that declines, from syntax nodes as every statement is
    statement = ts_json_layout.json_constant(name, RECORD, tool.wire_parameters)
    if statement is None:
        statement = format_statement(ConstDecl(name, json_value(tool.wire_parameters), type=RECORD))
    one_line = f"export const {name}: Record<string, unknown>"
    annotation_breaks = not statement.startswith(one_line + " =")
    left = f"export const {name}: Record<\n  string,\n  unknown\n>" if annotation_breaks else one_line
    value_on_next_line, value = _right_side(statement, left)
    return {
        "name": name,
        "tool": tool.name,
        "annotation_breaks": annotation_breaks,
        "value_on_next_line": value_on_next_line,
        "value": value,
    }


# -- the factory ----------------------------------------------------------------------------------------------


def _options_hug(tool: ir.Tool, names: Any) -> bool:
    """Whether `defineTool(name, {` fits on the `return` line (else each argument gets its own line)."""
    type_args = f"<{names.decls.types[tool.params]}>" if tool.params is not None else ""
    return string_width(f"  return defineTool{type_args}({string_literal(tool.name)}, {{") <= PRINT_WIDTH


def _factory(tool: ir.Tool, names: Any) -> dict[str, Any]:
    hug = _options_hug(tool, names)
    indent = 4 if hug else 6  # of the options object's properties
    description = string_literal(tool.description)
    what = "the validated arguments and the invocation" if tool.params is not None else "the invocation"
    view: dict[str, Any] = {
        "name": names.factory,
        "doc": _doc(f"{tool.description}\n\n@param handler Receives {what}; its result goes to the model."),
        "tool_name": string_literal(tool.name),
        "options_hug": hug,
        "description": description,
        "description_fits": indent + string_width(f"description: {description},") <= PRINT_WIDTH,
        "params_type": None,
        "params_schema": None,
        "signature_fits": False,  # without parameters the handler's function type never fits one line
        "parameters_fit": True,
        "handler_layout": "one_line",  # `(_args, invocation) => handler(invocation)` always fits
    }
    if tool.params is None:
        return view
    params_type, schema = names.decls.types[tool.params], names.decls.schemas[tool.params]
    call = f"handler({schema}.parse(args), invocation)"
    if indent + string_width(f"handler: (args, invocation) => {call},") <= PRINT_WIDTH:
        handler_layout = "one_line"
    elif indent + 2 + string_width(call + ",") <= PRINT_WIDTH:
        handler_layout = "body_on_next_line"
    elif indent + 4 + string_width(f"{schema}.parse(args),") <= PRINT_WIDTH:
        handler_layout = "arguments_broken"
    else:
        handler_layout = "parse_broken"
    signature = f"export function {names.factory}(handler: ToolHandler<{params_type}>): Tool<{params_type}> {{"
    view.update(
        params_type=params_type,
        params_schema=schema,
        signature_fits=string_width(signature) <= PRINT_WIDTH,
        parameters_fit=indent + string_width(f"parameters: {names.json_schema},") <= PRINT_WIDTH,
        handler_layout=handler_layout,
    )
    return view


def _options(options: ir.Options, indent: int) -> dict[str, Any]:
    """The SDK options of the tool; each is written by the template where set."""
    return {
        "is_terminal": options.is_terminal,
        "defer": string_literal(options.defer) if options.defer is not None else None,
        "skip_permission": options.skip_permission,
        "overrides_built_in_tool": options.overrides_built_in_tool,
        "metadata": _metadata(options.metadata, indent) if options.metadata else None,
    }


def _metadata(metadata: Any, indent: int) -> str:
    """The value of `metadata:` laid out for a property `indent` columns in, its continuation lines relative to
    the property: an object's property is laid out the same wherever its object stands, so it is printed as the
    only property of objects nested that deep."""
    node: Any = ObjectExpr([Prop("metadata", json_value(metadata))])
    for _ in range(indent // 2 - 1):
        node = ObjectExpr([Prop("a", node)])
    lines = format_statement(ConstDecl("x", node)).split("\n")
    pad = " " * indent
    start = lines.index(next(line for line in lines if line.startswith(pad + "metadata:")))
    end = lines.index(pad + "},", start)
    prop = "\n".join(line[indent:] for line in lines[start : end + 1])
    return prop[len("metadata: ") : -1]
