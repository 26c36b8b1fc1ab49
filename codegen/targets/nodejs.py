"""Node.js / TypeScript target: one `<tool>.ts` per tool plus `index.ts`, for `@github/copilot-sdk` and zod 4.

Per tool: a zod schema for the arguments with its inferred type, the spec's schema as a plain object (the wire
`parameters`, never zod's `toJSONSchema()`, which adds `$schema` and `additionalProperties: false`), and a factory
that takes a typed handler and returns the SDK's `Tool` through `defineTool`. The handler receives the arguments
parsed by the zod schema.

Every identifier, literal and statement is decided here; the statements are laid out by `_prettier`, a port of
prettier's printer, so the files are already in prettier's default format. The templates only assemble them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Callable

from .. import ir
from ..errors import ConfigError, Diagnostic
from ..naming import WINDOWS_RESERVED_FILE_STEMS, Words, camel, pascal, snake, unique_identifiers
from . import _prettier as ts
from . import ts_handlers, ts_layout
from .base import PlannedFile, Reporter, Target

SDK_MODULE = "@github/copilot-sdk"
ZOD_MODULE = "zod"

# Words that can never be a binding name in an ES module or TypeScript file (strict mode, module code).
JS_RESERVED_WORDS = frozenset(
    """break case catch class const continue debugger default delete do else enum export extends false finally for
    function if import in instanceof new null return super switch this throw true try typeof var void while with
    yield let static implements interface package private protected public await arguments eval""".split()
)
# Predefined type names, which a type alias or interface may not take.
TS_TYPE_KEYWORDS = frozenset(
    "any unknown never number bigint boolean string symbol void object undefined".split()
)
# Names every generated file refers to (imports and globals): a generated export must not shadow them.
NAMES_IN_GENERATED_CODE = frozenset(
    {
        "z",
        "defineTool",
        "Tool",
        "ToolHandler",
        "ToolInvocation",
        "Promise",
        "Record",
        "Array",
        "Object",
        "JSON",
    }
)
RESERVED_IDENTIFIERS = JS_RESERVED_WORDS | TS_TYPE_KEYWORDS | NAMES_IN_GENERATED_CODE | ts_handlers.FOLDER_NAMES
RESERVED_FILE_STEMS = ("index",)

INTEGER_LIMIT = 2**53  # zod's z.int() accepts safe integers only


# ---------------------------------------------------------------------------------------------------------------
# Type map: one entry per IR type kind (tests check it covers ir.TYPE_KINDS)
# ---------------------------------------------------------------------------------------------------------------


def _z(method: str, *args: Any) -> ts.Call:
    return ts.Call(ts.Member(ts.Ident("z"), method), list(args))


def _method(target: Any, method: str, *args: Any) -> ts.Call:
    return ts.Call(ts.Member(target, method), list(args))


SCALAR_SCHEMAS = {"string": "string", "integer": "int", "number": "number", "boolean": "boolean"}
SCALAR_TYPES = {"string": "string", "integer": "number", "number": "number", "boolean": "boolean"}


@dataclass(frozen=True)
class _Names:
    """The identifiers of one tool's declarations, as decided for the whole folder."""

    types: dict[Words, str]
    schemas: dict[Words, str]


ZOD_TYPE_MAP: dict[str, Callable[[Any, _Names], Any]] = {
    "any": lambda t, n: _z("unknown"),
    "scalar": lambda t, n: _z(SCALAR_SCHEMAS[t.scalar]),
    "null": lambda t, n: _z("null"),
    "array": lambda t, n: _z("array", zod_type(t.items, n)),
    "map": lambda t, n: _z("record", _z("string"), zod_type(t.values, n)),
    "named": lambda t, n: ts.Ident(n.schemas[t.name]),
    "nullable": lambda t, n: _method(zod_type(t.inner, n), "nullable"),
    "union": lambda t, n: _z("union", ts.ArrayExpr([zod_type(option, n) for option in t.options])),
}


def _ts_union(options: tuple[ir.TypeRef, ...], names: _Names) -> ts.TUnion:
    members: list[Any] = []
    for option in options:
        rendered = ts_type(option, names)
        for member in rendered.types if isinstance(rendered, ts.TUnion) else [rendered]:
            if member not in members:
                members.append(member)
    return ts.TUnion(members)


def _ts_nullable(inner: Any, names: _Names) -> ts.TUnion:
    inner_type = ts_type(inner, names)
    members = inner_type.types if isinstance(inner_type, ts.TUnion) else [inner_type]
    return ts.TUnion([*members, ts.TKeyword("null")])


TS_TYPE_MAP: dict[str, Callable[[Any, _Names], Any]] = {
    "any": lambda t, n: ts.TKeyword("unknown"),
    "scalar": lambda t, n: ts.TKeyword(SCALAR_TYPES[t.scalar]),
    "null": lambda t, n: ts.TKeyword("null"),
    "array": lambda t, n: ts.TArray(ts_type(t.items, n)),
    "map": lambda t, n: ts.TRef("Record", [ts.TKeyword("string"), ts_type(t.values, n)]),
    "named": lambda t, n: ts.TRef(n.types[t.name]),
    "nullable": lambda t, n: _ts_nullable(t.inner, n),
    "union": lambda t, n: _ts_union(t.options, n),
}


def zod_type(type_ref: ir.TypeRef, names: _Names) -> Any:
    """The zod schema expression for a type."""
    return ZOD_TYPE_MAP[type_ref.kind](type_ref, names)


def ts_type(type_ref: ir.TypeRef, names: _Names) -> Any:
    """The TypeScript type zod infers for `zod_type(type_ref)`; written out only for recursive declarations."""
    return TS_TYPE_MAP[type_ref.kind](type_ref, names)


# ---------------------------------------------------------------------------------------------------------------
# Values
# ---------------------------------------------------------------------------------------------------------------


def json_value(value: Any) -> Any:
    """A JSON value as a TypeScript expression; `__proto__` keys are computed so they stay own properties."""
    if isinstance(value, dict):
        return ts.ObjectExpr(
            [
                ts.Prop(key, json_value(item), computed=key == "__proto__")
                for key, item in value.items()
            ]
        )
    if isinstance(value, list):
        return ts.ArrayExpr([json_value(item) for item in value])
    if isinstance(value, bool):
        return ts.Bool(value)
    if value is None:
        return ts.Null()
    if isinstance(value, (int, float)):
        return ts.Num(value)
    if isinstance(value, str):
        return ts.Str(value)
    raise TypeError(f"not a JSON value: {value!r}")


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


class Defaults:
    """How each field's spec default reaches the zod schema, for one tool.

    `.default(v)` needs `v` to be a value of the schema's *output* type (TypeScript checks it), `.prefault(v)` a
    value of its *input* type, which zod then parses (so `default: {}` on an object whose fields have defaults
    yields those defaults). A default that fits neither is left out of the zod schema with a warning; the wire
    schema keeps it either way.
    """

    def __init__(self, tool: ir.Tool):
        self.tool = tool
        self._methods: dict[int, str | None] = {}

    def method(self, f: ir.Field) -> str | None:
        """ "default", "prefault" or None (no default in the zod schema) for a field."""
        if f.required or not f.has_default:
            return None  # a required field's default never applies
        key = id(f)
        if key not in self._methods:
            self._methods[key] = None  # assume none while deciding, so recursive types terminate
            if self.fits(f.type, f.default, "output"):
                self._methods[key] = "default"
            elif self.fits(f.type, f.default, "input"):
                self._methods[key] = "prefault"
        return self._methods[key]

    def present_in_output(self, f: ir.Field) -> bool:
        return f.required or self.method(f) is not None

    def fits(self, type_ref: ir.TypeRef, value: Any, mode: str) -> bool:
        """Whether TypeScript accepts `value` as the `mode` ("input"/"output") type of `zod_type(type_ref)`."""
        kind = type_ref.kind
        if kind == "any":
            return True
        if kind == "union":
            return any(self.fits(option, value, mode) for option in type_ref.options)
        if kind == "null":
            return value is None
        if kind == "nullable":
            return value is None or self.fits(type_ref.inner, value, mode)
        if kind == "scalar":
            return _scalar_fits(type_ref.scalar, value)
        if kind == "array":
            return isinstance(value, list) and all(
                self.fits(type_ref.items, v, mode) for v in value
            )
        if kind == "map":
            return isinstance(value, dict) and all(
                self.fits(type_ref.values, v, mode) for v in value.values()
            )
        return self._fits_decl(self.tool.decl(type_ref.name), value, mode)

    def _fits_decl(self, decl: ir.Decl, value: Any, mode: str) -> bool:
        if isinstance(decl, ir.EnumDecl):
            return any(
                member.value == value and isinstance(member.value, bool) == isinstance(value, bool)
                for member in decl.members
            )
        if isinstance(decl, ir.AliasDecl):
            return self.fits(decl.target, value, mode)
        if not isinstance(value, dict):
            return False
        fields = {f.wire_name: f for f in decl.fields}
        for f in decl.fields:
            needed = f.required if mode == "input" else self.present_in_output(f)
            if needed and f.wire_name not in value:
                return False
        for key, item in value.items():
            if key in fields:
                if not self.fits(fields[key].type, item, mode):
                    return False
            elif isinstance(decl.additional, str) or not self.fits(decl.additional, item, mode):
                return False  # an object literal may not name properties its type does not declare
        return True


def _scalar_fits(scalar: str, value: Any) -> bool:
    if scalar == "string":
        return isinstance(value, str)
    if scalar == "boolean":
        return isinstance(value, bool)
    if not _is_number(value):
        return False
    return scalar == "number" or (float(value).is_integer() and abs(value) <= INTEGER_LIMIT)


# ---------------------------------------------------------------------------------------------------------------
# Declarations
# ---------------------------------------------------------------------------------------------------------------


@dataclass
class _DeclPlan:
    decl: ir.Decl
    lazy: bool  # a recursive declaration: written as z.lazy with its TypeScript type spelled out
    opaque: bool  # a recursive alias TypeScript cannot name (e.g. `A = A | null`): typed as unknown


def _direct_alias_refs(type_ref: ir.TypeRef) -> set[Words]:
    """References a TypeScript type alias resolves eagerly (not through an array or an interface)."""
    if type_ref.kind == "named":
        return {type_ref.name}
    if type_ref.kind == "nullable":
        return _direct_alias_refs(type_ref.inner)
    if type_ref.kind == "map":
        return _direct_alias_refs(type_ref.values)
    if type_ref.kind == "union":
        return set().union(*(_direct_alias_refs(option) for option in type_ref.options))
    return set()


def _opaque_aliases(tool: ir.Tool) -> set[Words]:
    aliases = {d.name: d for d in tool.decls if isinstance(d, ir.AliasDecl)}
    opaque = set()
    for name in aliases:
        seen: set[Words] = set()
        stack = list(_direct_alias_refs(aliases[name].target))
        while stack:
            current = stack.pop()
            if current == name:
                opaque.add(name)
                break
            if current in aliases and current not in seen:
                seen.add(current)
                stack.extend(_direct_alias_refs(aliases[current].target))
    return opaque


def ordered_decls(tool: ir.Tool) -> list[_DeclPlan]:
    """Declarations in an order where every schema constant is defined before a non-lazy use of it."""
    opaque = _opaque_aliases(tool)
    plans = {
        d.name: _DeclPlan(
            d, getattr(d, "recursive", False) and d.name not in opaque, d.name in opaque
        )
        for d in tool.decls
    }
    ordered: list[_DeclPlan] = []
    done: set[Words] = set()

    def visit(name: Words) -> None:
        if name in done:
            return
        done.add(name)
        plan = plans[name]
        if not plan.lazy and not plan.opaque:
            for ref in ir.decl_references(plan.decl):
                visit(ref)
        ordered.append(plan)

    for d in tool.decls:
        visit(d.name)
    return ordered


# ---------------------------------------------------------------------------------------------------------------
# The target
# ---------------------------------------------------------------------------------------------------------------


@dataclass
class _ToolNames:
    file: str
    factory: str
    json_schema: str
    decls: _Names


IMPORT_EXTENSIONS = (".js", ".ts", "")  # NodeNext (the default); allowImportingTsExtensions / Deno; bundler


def import_extension(options: Mapping[str, Any]) -> str:
    """The `import_extension` option: what index.ts appends to its relative imports of the tool files."""
    extension = options.get("import_extension", ".js")
    if extension not in IMPORT_EXTENSIONS:  # codegen.config reports it, located, before rendering
        raise ConfigError(
            [Diagnostic("<options>", 1, 1, f"nodejs.import_extension: {extension!r} is not one of .js, .ts, \"\"")]
        )
    return str(extension)


class NodejsTarget(Target):
    name = "nodejs"
    order = 1
    label = "Node.js / TypeScript"
    comment_prefix = "//"

    def name_folder(self, tools: list[ir.Tool], options: Mapping[str, Any], report: Reporter) -> list[_ToolNames]:
        return self.assign_names(tools, report)

    def tool_file(
        self, tool: ir.Tool, names: _ToolNames, options: Mapping[str, Any], report: Reporter
    ) -> PlannedFile:
        return PlannedFile(f"{names.file}.ts", "tool.ts.j2", self.tool_view(tool, names, report))

    def folder_files(
        self,
        tools: list[ir.Tool],
        names: list[_ToolNames],
        facts: list[Mapping[str, Any]],
        options: Mapping[str, Any],
        report: Reporter,
    ) -> list[PlannedFile]:
        extension = import_extension(options)
        index_view = {
            "header": header_line(None),
            "modules": [ts.string_literal(f"./{n.file}{extension}") for n in names],
            **ts_handlers.handlers_context(tools, names, extension),
        }
        return [PlannedFile("index.ts", "index.ts.j2", index_view)]

    # -- names ----------------------------------------------------------------------------------------------------

    def assign_names(self, tools: list[ir.Tool], report: Reporter) -> list[_ToolNames]:
        """Every exported identifier and file name, unique across the folder (index.ts re-exports them all)."""
        wanted_stems = [snake(tool.words) for tool in tools]
        # `con.ts` and the other Windows device names cannot exist on Windows
        taken = [*RESERVED_FILE_STEMS, *sorted(WINDOWS_RESERVED_FILE_STEMS)]
        stems, _ = unique_identifiers(wanted_stems, taken, casefold=True)
        for tool, wanted, stem in zip(tools, wanted_stems, stems):
            if stem != wanted:
                report.warn(
                    tool.source,
                    tool.line,
                    tool.column,
                    f"nodejs: file name {wanted}.ts is taken; using {stem}.ts",
                )
        candidates: list[str] = []
        owners: list[ir.Tool] = []
        for tool in tools:
            wanted = [camel(tool.words) + "Tool", camel(tool.words) + "JsonSchema"]
            for decl in tool.decls:
                wanted += [pascal(decl.name), pascal(decl.name) + "Schema"]
            candidates += wanted
            owners += [tool] * len(wanted)
        chosen, _ = unique_identifiers(candidates, RESERVED_IDENTIFIERS)
        position = 0
        result = []
        for tool, stem in zip(tools, stems):
            factory, json_schema = chosen[position], chosen[position + 1]
            position += 2
            types, schemas = {}, {}
            for decl in tool.decls:
                types[decl.name], schemas[decl.name] = chosen[position], chosen[position + 1]
                position += 2
            result.append(_ToolNames(stem, factory, json_schema, _Names(types, schemas)))
        for tool, wanted, name in zip(owners, candidates, chosen):
            if name != wanted:
                why = (
                    "is reserved (a TypeScript keyword or a name the generated code uses)"
                    if wanted in RESERVED_IDENTIFIERS
                    else "is already used by another declaration"
                )
                report.warn(
                    tool.source,
                    tool.line,
                    tool.column,
                    f"nodejs: identifier {wanted} {why}; using {name}",
                )
        return result

    # -- one tool -------------------------------------------------------------------------------------------------

    def tool_view(self, tool: ir.Tool, names: _ToolNames, report: Reporter) -> dict[str, Any]:
        blocks: list[str] = []
        defaults = Defaults(tool)
        for plan in ordered_decls(tool):
            blocks += self.decl_blocks(tool, plan, names.decls, defaults, report)
        if tool.wire_parameters is not None:
            blocks.append(self.json_schema_block(tool, names))
        blocks.append(self.factory_block(tool, names))
        return {"header": header_line(tool.source), "imports": self.imports(tool), "blocks": blocks}

    def imports(self, tool: ir.Tool) -> list[str]:
        handler_type = "ToolHandler" if tool.params is not None else "ToolInvocation"
        statements = [
            ts.ImportDecl([("defineTool", False), ("Tool", True), (handler_type, True)], SDK_MODULE)
        ]
        if tool.params is not None:
            statements.append(ts.ImportDecl([("z", False)], ZOD_MODULE))
        return [ts.format_statement(statement) for statement in statements]

    def decl_blocks(
        self, tool: ir.Tool, plan: _DeclPlan, names: _Names, defaults: Defaults, report: Reporter
    ) -> list[str]:
        decl = plan.decl
        type_name, schema_name = names.types[decl.name], names.schemas[decl.name]
        comment = self.decl_comment(tool, decl)
        if plan.opaque:
            report.warn(
                tool.source,
                tool.line,
                tool.column,
                f"nodejs: {type_name} refers to itself without an object or array in between; "
                "TypeScript cannot name that type, so it is typed as unknown",
            )
            schema = ts.ConstDecl(schema_name, _z("unknown"))
            alias = ts.TypeAlias(type_name, ts.TRef("z.infer", [ts.TTypeof(schema_name)]))
            return [with_comment(comment, schema), ts.format_statement(alias)]
        expression = self.decl_schema(tool, decl, names, defaults, report)
        if plan.lazy:
            type_statement = self.recursive_type(decl, type_name, names, defaults)
            schema = ts.ConstDecl(
                schema_name,
                _z("lazy", ts.Arrow([], expression)),
                type=ts.TRef("z.ZodType", [ts.TRef(type_name)]),
            )
            return [with_comment(comment, type_statement), ts.format_statement(schema)]
        schema = ts.ConstDecl(schema_name, expression)
        alias = ts.TypeAlias(type_name, ts.TRef("z.infer", [ts.TTypeof(schema_name)]))
        return [with_comment(comment, schema), ts.format_statement(alias)]

    def decl_comment(self, tool: ir.Tool, decl: ir.Decl) -> str | None:
        if decl.name == tool.params:
            lines = [f"The arguments of the `{tool.name}` tool."]
            if decl.description:
                lines += ["", decl.description]
            return "\n".join(lines)
        return decl.description

    def decl_schema(
        self, tool: ir.Tool, decl: ir.Decl, names: _Names, defaults: Defaults, report: Reporter
    ) -> Any:
        if isinstance(decl, ir.EnumDecl):
            return self.enum_schema(tool, decl, report)
        if isinstance(decl, ir.AliasDecl):
            return zod_type(decl.target, names)
        shape = ts.ObjectExpr(
            [
                ts.Prop(
                    f.wire_name,
                    self.field_schema(tool, f, names, defaults, report),
                    computed=f.wire_name == "__proto__",
                )
                for f in decl.fields
            ]
        )
        if decl.additional == "closed":
            return _z("strictObject", shape)
        if decl.additional == "open":
            return _z("object", shape)
        return _method(_z("object", shape), "catchall", zod_type(decl.additional, names))

    def enum_schema(self, tool: ir.Tool, decl: ir.EnumDecl, report: Reporter) -> Any:
        values = [member.value for member in decl.members]
        if any(isinstance(value, (dict, list)) for value in values):
            report.warn(
                tool.source,
                tool.line,
                tool.column,
                f"nodejs: enum {pascal(decl.name)} lists objects or arrays, which zod literals cannot "
                "express; its type is unknown",
            )
            return _z("unknown")
        if len(values) == 1:
            return _z("literal", json_value(values[0]))
        if decl.base == "string":
            return _z("enum", json_value(values))
        return _z("literal", json_value(values))

    def field_schema(
        self, tool: ir.Tool, f: ir.Field, names: _Names, defaults: Defaults, report: Reporter
    ) -> Any:
        expression = zod_type(f.type, names)
        if not f.required:
            method = defaults.method(f)
            if method:
                expression = _method(expression, method, json_value(f.default))
            else:
                if f.has_default:
                    report.warn(
                        tool.source,
                        f.line,
                        f.column,
                        f"nodejs: the default of {f.wire_name!r} does not match its type; the zod schema "
                        "leaves it out (the wire schema keeps it)",
                    )
                expression = _method(expression, "optional")
        if f.description:
            expression = _method(expression, "describe", ts.Str(f.description))
        return expression

    def recursive_type(
        self, decl: ir.Decl, type_name: str, names: _Names, defaults: Defaults
    ) -> Any:
        """The TypeScript type of a recursive declaration, which zod cannot infer through z.lazy."""
        if isinstance(decl, ir.AliasDecl):
            return ts.TypeAlias(type_name, ts_type(decl.target, names))
        members = []
        for f in decl.fields:
            member_type = ts_type(f.type, names)
            optional = not defaults.present_in_output(f)
            if optional:
                parts = member_type.types if isinstance(member_type, ts.TUnion) else [member_type]
                member_type = ts.TUnion([*parts, ts.TKeyword("undefined")])
            members.append(ts.TMember(f.wire_name, member_type, optional))
        return ts.InterfaceDecl(type_name, members)

    def json_schema_block(self, tool: ir.Tool, names: _ToolNames) -> str:
        annotation = ts.TRef("Record", [ts.TKeyword("string"), ts.TKeyword("unknown")])
        comment = f"The spec's `parameters` schema of `{tool.name}`, sent on the wire unchanged."
        # printed straight from the JSON value; where that declines, from syntax nodes as every statement is
        text = ts_layout.json_constant(names.json_schema, annotation, tool.wire_parameters)
        if text is None:
            statement = ts.ConstDecl(names.json_schema, json_value(tool.wire_parameters), type=annotation)
            return with_comment(comment, statement)
        return _commented(comment, text)

    def factory_block(self, tool: ir.Tool, names: _ToolNames) -> str:
        config = [ts.Prop("description", ts.Str(tool.description))]
        if tool.params is not None:
            params_type = ts.TRef(names.decls.types[tool.params])
            parse = _method(ts.Ident(names.decls.schemas[tool.params]), "parse", ts.Ident("args"))
            config += [
                ts.Prop("parameters", ts.Ident(names.json_schema)),
                ts.Prop(
                    "handler",
                    ts.Arrow(
                        ["args", "invocation"],
                        ts.Call(ts.Ident("handler"), [parse, ts.Ident("invocation")]),
                    ),
                ),
            ]
            handler_type: Any = ts.TRef("ToolHandler", [params_type])
            returns: Any = ts.TRef("Tool", [params_type])
            type_args: list | None = [params_type]
        else:
            config.append(
                ts.Prop(
                    "handler",
                    ts.Arrow(
                        ["_args", "invocation"],
                        ts.Call(ts.Ident("handler"), [ts.Ident("invocation")]),
                    ),
                )
            )
            handler_type = ts.TFunc(
                [ts.TParam("invocation", ts.TRef("ToolInvocation"))],
                ts.TUnion([ts.TRef("Promise", [ts.TKeyword("unknown")]), ts.TKeyword("unknown")]),
            )
            returns, type_args = ts.TRef("Tool"), None
        config += option_props(tool.options)
        define = ts.Call(
            ts.Ident("defineTool"), [ts.Str(tool.name), ts.ObjectExpr(config)], type_args
        )
        function = ts.FunctionDecl(
            names.factory, [ts.TParam("handler", handler_type)], returns, [ts.Return(define)]
        )
        what = (
            "the validated arguments and the invocation"
            if tool.params is not None
            else "the invocation"
        )
        comment = (
            f"{tool.description}\n\n@param handler Receives {what}; its result goes to the model."
        )
        return with_comment(comment, function)


def option_props(options: ir.Options) -> list[ts.Prop]:
    """The options that differ from their defaults, in the SDK's spelling."""
    props = []
    if options.is_terminal:
        props.append(ts.Prop("isTerminal", ts.Bool(True)))
    if options.defer is not None:
        props.append(ts.Prop("defer", ts.Str(options.defer)))
    if options.skip_permission:
        props.append(ts.Prop("skipPermission", ts.Bool(True)))
    if options.overrides_built_in_tool:
        props.append(ts.Prop("overridesBuiltInTool", ts.Bool(True)))
    if options.metadata:
        props.append(ts.Prop("metadata", json_value(options.metadata)))
    return props


def with_comment(comment: str | None, statement: Any) -> str:
    return _commented(comment, ts.format_statement(statement))


def _commented(comment: str | None, text: str) -> str:
    return f"{ts.doc_comment(comment)}\n{text}" if comment and comment.strip() else text


def header_line(source: str | None) -> str:
    """The ownership header; per-tool files name their spec."""
    if source is None:
        return "// Code generated by toolgen. DO NOT EDIT."
    clean = "".join(
        char if char.isprintable() and not ts.needs_escape(char) else "?" for char in source
    )
    return f"// Code generated by toolgen from {clean}. DO NOT EDIT."


TARGET = NodejsTarget()
