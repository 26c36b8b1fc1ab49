"""The Java target: one `<Name>Tool.java` per tool for the Copilot SDK for Java 1.0 (`com.github.copilot.rpc`).

Each tool class holds the wire constants (`NAME`, `DESCRIPTION`, `PARAMETERS` parsed once from the spec's exact JSON,
`METADATA`), the typed arguments as nested records and enums, a `Handler` functional interface, and a
`create(Handler)` factory that returns the SDK's `ToolDefinition` record with every option that differs from its
default. A shared package-private `ToolSupport.java` parses the JSON constants, fills in schema defaults and binds the
arguments to the record with Jackson.

Only the SDK's stable API is used: the canonical `ToolDefinition` constructor, `ToolHandler`, `ToolInvocation` and
`ToolDefer`. The `from(...)`/`@CopilotTool` paths are `@CopilotExperimental` and derive their own schema.

Layout is decided here, in google-java-format style (2-space indent, 100 columns), so the templates only loop.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ...model import ir
from ...errors import ConfigError, Diagnostic
from ...model.naming import Words, camel, pascal, screaming_snake, unique_identifiers
from ...review.warning_codes import RENAMED, SHORTENED
from ..base import PlannedFile, Reporter, Target
from ...layout.json import pretty_json
from . import doc as java_doc, handlers as java_handlers
from .handlers import handlers_context
from .syntax import (
    COLUMN_LIMIT, KEYWORDS, NOT_COMPONENT_NAMES, annotated_parameter, annotation, argument_list, escape_identifier,
    fit_nested_class_name, is_package_name, java_string, javadoc, javadoc_text, line_comment, line_comment_text,
    string_assignment, text_block_assignment,
)  # fmt: skip

DEFAULT_PACKAGE = "com.example.copilot.tools"
SUPPORT_CLASS = "ToolSupport"
# The public type of an optional nullable property without a default: left out, null, or a value (JsonNullable.java).
PRESENCE_CLASS = "JsonNullable"
# On each such component: Jackson leaves an undefined JsonNullable out of the JSON, as the call did.
OMIT_UNDEFINED = "@JsonInclude(JsonInclude.Include.NON_EMPTY)"
HANDLERS_CLASS = java_handlers.CLASS_NAME
TOOL_SUFFIX = "Tool"

# Where each simple type name the generated code may use comes from; only the names a file uses are imported.
IMPORTS = {
    "JsonAnyGetter": "com.fasterxml.jackson.annotation.JsonAnyGetter",
    "JsonAnySetter": "com.fasterxml.jackson.annotation.JsonAnySetter",
    "JsonInclude": "com.fasterxml.jackson.annotation.JsonInclude",
    "JsonProperty": "com.fasterxml.jackson.annotation.JsonProperty",
    "JsonNode": "com.fasterxml.jackson.databind.JsonNode",
    "ToolDefer": "com.github.copilot.rpc.ToolDefer",
    "ToolDefinition": "com.github.copilot.rpc.ToolDefinition",
    "ToolHandler": "com.github.copilot.rpc.ToolHandler",
    "ToolInvocation": "com.github.copilot.rpc.ToolInvocation",
    "List": "java.util.List",
    "Map": "java.util.Map",
}

# A nested type is in scope in the whole tool class, so it must not shadow any type the class refers to. The
# java.lang names are those the generated code uses plus the common ones a reader would expect to mean java.lang.
RESERVED_TYPE_NAMES = frozenset(IMPORTS) | {
    "Boolean", "Byte", "Character", "Class", "Deprecated", "Double", "Enum", "Error", "Exception", "Float",
    "FunctionalInterface", "Integer", "Iterable", "Long", "Math", "Number", "Object", "Override", "Record",
    "Runnable", "RuntimeException", "Short", "String", "SuppressWarnings", "System", "Thread", "Throwable", "Void",
    "Handler", SUPPORT_CLASS, PRESENCE_CLASS,
}  # fmt: skip

COMPONENT_RESERVED = KEYWORDS | NOT_COMPONENT_NAMES

SCALAR_TYPES = {"string": "String", "integer": "Long", "number": "Double", "boolean": "Boolean"}

# Enums of other bases are typed as their scalar: Jackson reads a JSON number into an enum by ordinal, and cannot
# read a JSON boolean into an enum at all, so only string enums become Java enums.
NON_STRING_ENUM_TYPES = {
    "integer": "Long",
    "number": "Double",
    "boolean": "Boolean",
    "mixed": "JsonNode",
}

DEFER_CONSTANTS = {"auto": "ToolDefer.AUTO", "never": "ToolDefer.NEVER"}

TypeMapper = Callable[[Any, "_TypeNamer"], str]

# One entry per `ir.TYPE_KINDS` kind (a test checks the coverage). Every Java type here is a reference type, so
# optional and nullable values are plain `null` (PRESENCE_CLASS where null differs from absent: _ToolView._record).
TYPE_MAP: dict[str, TypeMapper] = {
    "any": lambda t, types: types.use("JsonNode"),
    "union": lambda t, types: types.use("JsonNode"),  # no typed unions in Java (docs/decisions.md, "Real tools")
    "scalar": lambda t, types: SCALAR_TYPES[t.scalar],
    "null": lambda t, types: "Object",  # only null is valid: Java has no null type
    "array": lambda t, types: f"{types.use('List')}<{types.java(t.items)}>",
    "map": lambda t, types: f"{types.use('Map')}<String, {types.java(t.values)}>",
    "named": lambda t, types: types.named(t.name),
    "nullable": lambda t, types: types.java(t.inner),
}


def _json(value: Any) -> str:
    """Compact JSON with the spec's key order; strings stay exact (the Java literal escapes them)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def is_java_enum(decl: ir.Decl) -> bool:
    return isinstance(decl, ir.EnumDecl) and decl.base == "string"


def _parameter_layout(annotation_name: str, value: str, declaration: tuple[str, str], extra: str):
    return lambda indent, suffix: annotated_parameter(
        indent, annotation_name, value, declaration, suffix, extra
    )


def _split_long_modifiers(lines: list[str]) -> list[str]:
    """google-java-format puts `public` on a line of its own when a record's declaration line cannot fit."""
    first = lines[0]
    if len(first) <= COLUMN_LIMIT:
        return lines
    pad = first[: len(first) - len(first.lstrip())]
    return [f"{pad}public", f"{pad}{first.lstrip().removeprefix('public ')}"] + lines[1:]


def _sentence(text: str) -> str:
    """Text that ends like a sentence, so notes can follow it in the same Javadoc paragraph."""
    text = text.rstrip()
    return text if text.endswith((".", "!", "?", ":")) else text + "."


class _TypeNamer:
    """Java type expressions for one tool's IR types; records which imports they need."""

    def __init__(self, tool: ir.Tool, nested_names: Mapping[Words, str]):
        self.tool = tool
        self.nested_names = nested_names
        self.imports: set[str] = set()
        self._resolving: set[Words] = set()

    def use(self, simple_name: str) -> str:
        self.imports.add(simple_name)
        return simple_name

    def java(self, type_ref: ir.TypeRef) -> str:
        return TYPE_MAP[type_ref.kind](type_ref, self)

    def named(self, name: Words) -> str:
        decl = self.tool.decl(name)
        if isinstance(decl, ir.AliasDecl):
            # Java has no type aliases: use the target type. A cycle through aliases only (a list of itself)
            # has no finite Java type, so the cycle point is an untyped JSON value.
            if name in self._resolving:
                return self.use("JsonNode")
            self._resolving.add(name)
            try:
                return self.java(decl.target)
            finally:
                self._resolving.discard(name)
        if isinstance(decl, ir.EnumDecl) and not is_java_enum(decl):
            type_name = NON_STRING_ENUM_TYPES[decl.base]
            return self.use(type_name) if type_name in IMPORTS else type_name
        return self.nested_names[name]

    def enum_values(self, type_ref: ir.TypeRef) -> list[Any] | None:
        """The allowed values when `type_ref` is (a nullable or alias of) an enum that is not a Java enum."""
        seen: set[Words] = set()
        while True:
            if isinstance(type_ref, ir.NullableType):
                type_ref = type_ref.inner
            elif isinstance(type_ref, ir.NamedType) and type_ref.name not in seen:
                seen.add(type_ref.name)
                decl = self.tool.decl(type_ref.name)
                if isinstance(decl, ir.AliasDecl):
                    type_ref = decl.target
                elif isinstance(decl, ir.EnumDecl) and not is_java_enum(decl):
                    return [member.value for member in decl.members]
                else:
                    return None
            else:
                return None


@dataclass
class _ToolNames:
    """A tool's names, decided for the whole folder (the naming record)."""

    class_name: str
    nested_names: dict[Words, str]


@dataclass
class _ToolPlan:
    """Per-tool naming decisions that must be made before any type is rendered, with the tool they are for."""

    tool: ir.Tool
    class_name: str
    nested_names: dict[Words, str] = field(default_factory=dict)
    # The first field that uses each declaration: where its warnings point, and what its doc names.
    origins: dict[Words, ir.Field] = field(default_factory=dict)

    def position(self, name: Words) -> tuple[int, int]:
        origin = self.origins.get(name)
        return (origin.line, origin.column) if origin else (self.tool.line, self.tool.column)


def _decl_origins(tool: ir.Tool) -> dict[Words, ir.Field]:
    """The first field that refers to each declaration: where warnings point, and what docs name."""
    origins: dict[Words, ir.Field] = {}

    def visit(type_ref: Any, origin: ir.Field) -> None:
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


def _name_nested_types(plan: _ToolPlan, report: Reporter) -> None:
    tool = plan.tool
    emitted = [decl for decl in tool.decls if isinstance(decl, ir.StructDecl) or is_java_enum(decl)]
    plan.origins = _decl_origins(tool)
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


class _ToolView:
    """Builds the template context of one tool file."""

    MEMBER_INDENT: ClassVar[int] = 2

    def __init__(self, plan: _ToolPlan, package: str, report: Reporter):
        self.plan = plan
        self.tool = plan.tool
        self.package = package
        self.report = report
        self.types = _TypeNamer(self.tool, plan.nested_names)

    # -- members -----------------------------------------------------------------------------------

    def constants(self) -> list[list[str]]:
        indent = self.MEMBER_INDENT
        tool = self.tool
        blocks = [
            javadoc(indent, "The tool's name on the wire.")
            + string_assignment(indent, "public static final String NAME", tool.name),
            javadoc(indent, "What the model reads to decide when to call the tool.")
            + string_assignment(indent, "public static final String DESCRIPTION", tool.description),
        ]
        if tool.wire_parameters is not None:
            self.types.use("Map")
            # A text block of the pretty JSON: readable, and what javac reads back is exactly that text
            # (tests/test_java_text_block.py); ToolSupport parses it, so the wire is the same value as before.
            head = "private static final String PARAMETERS_JSON"
            blocks.append(text_block_assignment(indent, head, pretty_json(tool.wire_parameters)))
            blocks.append(
                javadoc(indent, "The spec's JSON Schema of the arguments, unchanged: the tool's wire parameters.")
                + [f"{' ' * indent}public static final Map<String, Object> PARAMETERS ="
                   f" {SUPPORT_CLASS}.parseObject(PARAMETERS_JSON);"]
            )  # fmt: skip
        if tool.options.metadata:
            self.types.use("Map")
            head = "private static final String METADATA_JSON"
            blocks.append(text_block_assignment(indent, head, pretty_json(tool.options.metadata)))
            blocks.append(
                javadoc(indent, "Opaque metadata for the host, as written in the spec.")
                + [f"{' ' * indent}public static final Map<String, Object> METADATA ="
                   f" {SUPPORT_CLASS}.parseObject(METADATA_JSON);"]
            )  # fmt: skip
        return blocks

    def nested_types(self) -> list[list[str]]:
        blocks = []
        for decl in self.tool.decls:
            if isinstance(decl, ir.StructDecl):
                blocks.append(self._record(decl))
            elif isinstance(decl, ir.EnumDecl) and is_java_enum(decl):
                blocks.append(self._enum(decl))
        return blocks

    def _record(self, decl: ir.StructDecl) -> list[str]:
        indent = self.MEMBER_INDENT
        name = self.plan.nested_names[decl.name]
        wanted = [escape_identifier(camel(item.words), COMPONENT_RESERVED) for item in decl.fields]
        extra_type = None
        if not isinstance(decl.additional, str):  # typed additionalProperties next to named ones
            extra_type = self.types.java(decl.additional)
            wanted.append("additionalProperties")
        chosen, renamed = unique_identifiers(wanted)
        self._warn_components(decl, wanted, chosen, renamed)
        components, params, layouts = [], [], []
        for item, component in zip(decl.fields, chosen):
            property_annotation = self.types.use("JsonProperty")
            declaration = (self.types.java(item.type), component)
            extra = ""
            if item.null_differs_from_absent:
                declaration = (f"{PRESENCE_CLASS}<{declaration[0]}>", component)
                self.types.use("JsonInclude")
                extra = OMIT_UNDEFINED
            annotations = f"@{property_annotation}({java_string(item.wire_name)})" + (f" {extra}" if extra else "")
            components.append(f"{annotations} {' '.join(declaration)}")
            layouts.append(_parameter_layout(property_annotation, item.wire_name, declaration, extra))
            params.append((component, self._field_doc(item)))
        if extra_type is not None:
            setter, getter = self.types.use("JsonAnySetter"), self.types.use("JsonAnyGetter")
            components.append(
                f"@{setter} @{getter} {self.types.use('Map')}<String, {extra_type}> {chosen[-1]}"
            )
            layouts.append(None)
            params.append((chosen[-1], "The properties not named above."))

        def one_per_line(index: int, inner: int, suffix: str) -> list[str]:
            layout = layouts[index]
            return (
                layout(inner, suffix) if layout else [f"{' ' * inner}{components[index]}{suffix}"]
            )

        lines = argument_list(indent, f"public record {name}(", components, ") {}", one_per_line)
        if decl.description:
            doc = java_doc.comment(indent, decl.description, params)
        else:
            doc = javadoc(indent, self._type_summary(decl), params)
        return doc + _split_long_modifiers(lines)

    def _warn_components(
        self, decl: ir.StructDecl, wanted: list[str], chosen: list[str], renamed: list
    ) -> None:
        renames = iter(renamed)
        for index, (original, final) in enumerate(zip(wanted, chosen)):
            if original == final:
                continue
            rename = next(renames)
            if index < len(decl.fields):
                line, column = decl.fields[index].line, decl.fields[index].column
                what = f"property {json.dumps(decl.fields[index].wire_name, ensure_ascii=False)}"
            else:
                line, column, what = self.tool.line, self.tool.column, "the additional properties"
            self.report.warn(
                self.tool.source, line, column,
                f"java: {what} is named {final} because {rename.original} is already taken "
                f"by {rename.clashed_with}", RENAMED,
            )  # fmt: skip

    def _enum(self, decl: ir.EnumDecl) -> list[str]:
        indent = self.MEMBER_INDENT
        name = self.plan.nested_names[decl.name]
        constants, renamed = unique_identifiers(
            [screaming_snake(m.words) for m in decl.members], separator="_"
        )
        line, column = self.plan.position(decl.name)
        for rename in renamed:
            self.report.warn(
                self.tool.source, line, column,
                f"java: enum constant {rename.original} of {name} clashes with {rename.clashed_with}; "
                f"named {rename.chosen}", RENAMED,
            )  # fmt: skip
        summary = None if decl.description else self._origin_doc("The values of", decl)
        head = f"{' ' * indent}public enum {name} {{"
        if len(head) > COLUMN_LIMIT:  # google-java-format's layout for a name that cannot fit
            head = f"{' ' * indent}public enum\n{' ' * (indent + 4)}{name} {{"
        doc = java_doc.comment(indent, decl.description) if summary is None else javadoc(indent, summary)
        lines = doc + head.split("\n")
        inner = " " * (indent + 2)
        property_annotation = self.types.use("JsonProperty")
        for position, (member, constant) in enumerate(zip(decl.members, constants)):
            lines += annotation(indent + 2, property_annotation, member.value, indent + 2 + 4)
            lines.append(f"{inner}{constant}{',' if position < len(constants) - 1 else ''}")
        lines.append(f"{' ' * indent}}}")
        return lines

    def _type_summary(self, decl: ir.StructDecl) -> str:
        if decl.name == self.tool.params:
            return f"The arguments of {self._tool_code()}, as the model sends them."
        return self._origin_doc("An object in", decl)

    def _origin_doc(self, lead: str, decl: ir.Decl) -> str:
        origin = self.plan.origins.get(decl.name)
        if origin is None:  # a $defs entry
            return javadoc_text(f"{lead} the definitions of {self.tool.name}.")
        return javadoc_text(f"{lead} property {json.dumps(origin.wire_name, ensure_ascii=False)}.")

    def _tool_code(self) -> str:
        return (
            "{@code " + javadoc_text(self.tool.name) + "}"
        )  # tool names are [A-Za-z0-9_-]: no braces

    def _field_doc(self, item: ir.Field) -> str:
        parts = []
        if item.description:
            parts.append(java_doc.flat(_sentence(item.description)))
        values = self.types.enum_values(item.type)
        if values is not None:
            parts.append(
                javadoc_text("One of: " + ", ".join(_json(value) for value in values) + ".")
            )
        if item.has_default:
            parts.append(javadoc_text(f"Default: {_json(item.default)}."))
        return " ".join(parts)

    # -- handler and factory -----------------------------------------------------------------------

    def handler(self) -> dict[str, Any]:
        self.types.use("ToolInvocation")
        if self.tool.params is None:
            signature = "Object handle(ToolInvocation invocation) throws Exception;"
        else:
            root = self.plan.nested_names[
                self.tool.params
            ]  # `Params`, or `Params2` next to a $defs `Params`
            signature = f"Object handle({root} params, ToolInvocation invocation) throws Exception;"
        return {"signature": signature}

    def factory(self) -> dict[str, Any]:
        options = self.tool.options
        self.types.use("ToolDefinition")
        self.types.use("ToolHandler")
        if self.tool.params is None:
            bind = f"ToolHandler bound = {SUPPORT_CLASS}.untyped(handler::handle);"
            parameters = "null"
        else:
            root = self.plan.nested_names[self.tool.params]
            bind = f"ToolHandler bound = {SUPPORT_CLASS}.typed(PARAMETERS, {root}.class, handler::handle);"
            parameters = "PARAMETERS"
        defer = "null"
        if options.defer is not None:
            defer = DEFER_CONSTANTS[options.defer]
            self.types.use("ToolDefer")
        return {
            "doc": javadoc(
                2,
                f"The SDK tool definition of {self._tool_code()}, whose calls go to {{@code handler}}.",
            ),
            "bind": bind,
            "parameters": parameters,
            # The record's option components, each the Java expression for the spec's value (null: the default).
            "overrides_built_in_tool": "Boolean.TRUE" if options.overrides_built_in_tool else "null",
            "skip_permission": "Boolean.TRUE" if options.skip_permission else "null",
            "defer": defer,
            "metadata": "METADATA" if options.metadata else "null",
            "is_terminal": "Boolean.TRUE" if options.is_terminal else "null",
        }

    def header_lines(self) -> list[str]:
        """The generated-file header. When the spec path makes it too long for one line, the marker and
        DO NOT EDIT stay together on the first line and the path goes on its own line(s)."""
        source = line_comment_text(self.tool.source)
        single = line_comment(0, f"Code generated by toolgen from {source}. DO NOT EDIT.")
        if len(single) == 1:
            return single
        return line_comment(0, "Code generated by toolgen. DO NOT EDIT.") + line_comment(0, f"Source: {source}")

    def context(self) -> dict[str, Any]:
        # Build every member first: rendering them decides which imports the file needs.
        constants = self.constants()
        nested = self.nested_types()
        handler = self.handler()
        factory = self.factory()
        return {
            "header": self.header_lines(),
            "package": self.package,
            "imports": sorted(IMPORTS[name] for name in self.types.imports),
            "class_doc": java_doc.comment(0, self.tool.description),
            "class_name": self.plan.class_name,
            "constants": constants,
            "nested_types": nested,
            "handler": handler,
            "factory": factory,
        }


def _package(options: Mapping[str, Any]) -> str:
    """The `package` option, checked; the `style` option must be "builder" (codegen.config.settings explains why, located,
    first)."""
    if options.get("style", "builder") != "builder":
        raise ConfigError(
            [Diagnostic("<options>", 1, 1, f"java.style: {options['style']!r} is not supported; use \"builder\"")]
        )
    package = str(options.get("package", DEFAULT_PACKAGE))
    if not is_package_name(package):
        raise ConfigError(
            [Diagnostic("<options>", 1, 1, f"java: package {package!r} is not a valid Java package name")]
        )
    return package


class JavaTarget(Target):
    name = "java"
    order = 5
    label = "Java"
    comment_prefix = "//"
    formatter = "google-java-format"  # run only over custom templates' output (Target.formatter)

    def name_folder(self, tools: list[ir.Tool], options: Mapping[str, Any], report: Reporter) -> list[_ToolNames]:
        _package(options)  # a bad style or package is reported before anything else
        return [_ToolNames(plan.class_name, plan.nested_names) for plan in self._plan_classes(tools, report)]

    def tool_file(
        self, tool: ir.Tool, names: _ToolNames, options: Mapping[str, Any], report: Reporter
    ) -> PlannedFile:
        package = _package(options)
        folder = package.replace(".", "/")
        plan = _ToolPlan(tool, names.class_name, dict(names.nested_names), _decl_origins(tool))
        return PlannedFile(
            f"{folder}/{names.class_name}.java", "tool.java.j2", _ToolView(plan, package, report).context()
        )

    def folder_files(
        self,
        tools: list[ir.Tool],
        names: list[_ToolNames],
        facts: list[Mapping[str, Any]],
        options: Mapping[str, Any],
        report: Reporter,
    ) -> list[PlannedFile]:
        package = _package(options)
        header = line_comment(0, "Code generated by toolgen. DO NOT EDIT.")
        folder = package.replace(".", "/")
        roots = [n.nested_names[tool.params] if tool.params is not None else None for tool, n in zip(tools, names)]
        handlers = handlers_context(tools, [n.class_name for n in names], roots)
        return [
            PlannedFile(f"{folder}/{SUPPORT_CLASS}.java", "support.java.j2", {"header": header, "package": package}),
            PlannedFile(f"{folder}/{PRESENCE_CLASS}.java", "nullable.java.j2", {"header": header, "package": package}),
            PlannedFile(
                f"{folder}/{HANDLERS_CLASS}.java",
                "tool_handlers.java.j2",
                {"header_comment": header, "package": package, **handlers},
            ),
        ]

    def header_comment(self, text: str) -> str:
        # javac decodes \uXXXX even inside comments, so the extra header line gets the escaping of every other
        # comment line (backslashes doubled, non-ASCII as U+XXXX), wrapped at 100 columns as google-java-format
        # wraps it (the U+XXXX forms can make an 80-character line longer than that).
        return "\n".join(line_comment(0, line_comment_text(text)))

    @staticmethod
    def _plan_classes(tools: list[ir.Tool], report: Reporter) -> list[_ToolPlan]:
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
            plan = _ToolPlan(tool, class_name)
            _name_nested_types(plan, report)
            plans.append(plan)
        return plans


TARGET = JavaTarget()
