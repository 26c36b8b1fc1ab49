""".NET (C#) target: one `<Tool>.cs` per tool plus `RawSchemaFunction.cs`, for the GitHub.Copilot.SDK NuGet package.

Per tool the file holds a static `<Tool>Tool` class whose `Create(handler)` calls `CopilotTool.DefineTool` with a
typed handler, sealed records for the parameters, and enums; the wire `parameters` is the spec's schema, parsed once
from a raw string literal and exposed through `RawSchemaFunction` (a `DelegatingAIFunction` overriding
`JsonSchema`, sdk-reference §4 "Raw schema"). C# spelling is `dotnet_syntax`, types and defaults `dotnet_types`,
the folder's names `dotnet_names`; this module builds each file's view.

Decisions, and why:
- **C# 12 / net8.0 or later.** The output uses file-scoped namespaces, `required` members, raw string literals and
  collection expressions. The SDK also targets netstandard2.0, whose default language version has none of these.
- **Arguments are bound as one object.** `AIFunctionFactory` binds each delegate parameter by its *name* from the
  `AIFunctionArguments` dictionary (verified in dotnet/extensions v10.2.0, `AIFunctionFactory.GetParameterMarshaller`),
  so a `(CreateIssueParams args)` delegate would look for an argument called `args`. The generated delegate takes
  `AIFunctionArguments` (bound to the whole dictionary and left out of the schema), `ToolInvocation` (bound by
  `CopilotTool.DefineTool`) and `CancellationToken`, and `RawSchemaFunction.BindArguments<T>` deserializes the whole
  dictionary into the record with System.Text.Json: wire names, `required` checks, initializers and enum converters
  all live in the record.
- **String enums use a generated converter**, not `[JsonStringEnumMemberName]`: that attribute needs System.Text.Json
  9 (the SDK brings 10.0.2 to net8.0 consumers, so it would compile), but `JsonStringEnumConverter` rejects member
  names that are empty or start or end with whitespace (dotnet/runtime#107367) and falls back to case-insensitive
  matching, which breaks on `["UPPER", "upper", "", " "]`. `WireEnumConverter<TEnum>` (in the support file) maps
  exactly the listed strings, ordinal. Integer enums become `enum X : long` with explicit values (System.Text.Json
  writes enums as numbers by default); number, boolean and mixed enums keep their scalar type (`double`, `bool`,
  `JsonElement`) and list the allowed values in the doc comment.
- **Tools without parameters** pass the handler straight to `DefineTool` and keep the schema AIFunctionFactory
  derives for a delegate with no bindable parameters; the .NET SDK always sends `parameters` (sdk-reference §0).
- **Names.** Types are PascalCase from the model's words; every type in the folder is unique (a numeric suffix and a
  warning otherwise), and never one of the SDK or BCL names the generated code refers to by simple name.

Not verifiable on this machine (no .NET SDK, no NuGet): the output is checked for syntax (tree-sitter-c-sharp) and
structure only. Read from source but never compiled here: `CopilotTool.DefineTool`, `CopilotToolOptions`,
`CopilotToolDefer`, `ToolInvocation` (github/copilot-sdk dotnet/src at cc0438d); `DelegatingAIFunction`,
`AIFunctionArguments`, `AIFunctionFactoryOptions` (dotnet/extensions tag v10.2.0). Unverified: that the SDK's
session code never unwraps a `DelegatingAIFunction` (none of its sources mention it) and that System.Text.Json's
reflection-based serializer is enabled in the consuming app (it is unless the app opts out, e.g. Native AOT).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...model import ir
from ...errors import ConfigError, Diagnostic
from ...model.naming import Words, pascal, unique_identifiers
from ...review.warning_codes import RENAMED
from . import handlers as dotnet_handlers
from ..base import PlannedFile, Reporter, Target
from .names import RECORD_MEMBER_NAMES, SUPPORT_FILE, FolderNames, declared_types, name_folder
from .syntax import (
    KEYWORDS,
    Xml,
    code,
    comment_text,
    doc_comment,
    escape_identifier,
    indent,
    json_text,
    raw_string_lines,
    string_literal,
)
from .types import DefaultRenderer, TypeMapper, enum_plan, value_key
from ...layout.json import compact_json

DEFAULT_NAMESPACE = "Copilot.Tools"
# An optional nullable property without a default (ir.Field.null_differs_from_absent) is an `Optional<T?>`, whose
# default value means "left out"; written back, a left-out one stays out.
PRESENCE_TYPE = "Optional"
OMIT_ABSENT = "[JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingDefault)]"

# Types named in expressions on a record (attribute arguments): a property of that name would hide them.
RECORD_ATTRIBUTE_NAMES = frozenset({"JsonUnmappedMemberHandling", "JsonIgnoreCondition"})
_NAMESPACE_SEGMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


# -- view model ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PropertyView:
    doc: list[str]
    attributes: list[str]
    declaration: str  # `public required string Title { get; init; }` (with ` = …;` when initialized)


@dataclass(frozen=True)
class RecordView:
    doc: list[str]
    attributes: list[str]
    name: str
    properties: list[PropertyView]


@dataclass(frozen=True)
class EnumMemberView:
    doc: list[str]
    declaration: str  # `Low,` or `Value1 = 1,`


@dataclass(frozen=True)
class ConverterView:
    name: str
    entries: list[str]  # `(X.Low, "low"),` … `(X.High, "high"))`


@dataclass(frozen=True)
class EnumView:
    doc: list[str]
    attributes: list[str]
    name: str
    header: str  # `public enum X` or `public enum X : long`
    members: list[EnumMemberView]
    converters: list[ConverterView]  # one for a string enum, none otherwise


@dataclass(frozen=True)
class ToolView:
    header: list[str]
    usings: list[str]
    namespace: str
    doc: list[str]
    class_name: str
    schema_property: list[str]  # the ParametersSchema property, indented, then a blank line; empty without parameters
    create_doc: list[str]
    handler_type: str
    params_type: str | None  # the arguments' record, bound before the handler runs; None without parameters
    name_literal: str  # the tool's name as a C# string literal
    description_literal: str
    # The CopilotToolOptions members that differ from the SDK's defaults; the template spells each one.
    overrides_built_in_tool: bool
    skip_permission: bool
    is_terminal: bool
    defer: str | None  # "auto" or "never"
    metadata: list[str] | None  # the metadata's raw string literal, its lines unindented; None without metadata
    records: list[RecordView]
    enums: list[EnumView]


class ToolViewBuilder:
    """Builds the view of one tool's file; every identifier and literal is decided here."""

    def __init__(self, tool: ir.Tool, names: FolderNames, namespace: str, report: Reporter):
        self.tool = tool
        self.namespace = namespace
        self.report = report
        self.type_names = names.types[tool.name]
        self.converters = names.converters[tool.name]
        self.class_name = names.tool_classes[tool.name]
        self.mapper = TypeMapper(tool, self.type_names)
        self.uses: set[str] = {"System", "System.Threading", "System.Threading.Tasks", "GitHub.Copilot",
                               "Microsoft.Extensions.AI"}
        self.enum_members: dict[Words, dict[tuple[str, Any], str]] = {}
        self.positions = _first_uses(tool)
        self.enum_views = [self._enum(decl) for decl in declared_types(tool) if isinstance(decl, ir.EnumDecl)]
        self.defaults = DefaultRenderer(tool, self.type_names, self.enum_members)

    def build(self) -> ToolView:
        records = [self._record(decl) for decl in declared_types(self.tool) if isinstance(decl, ir.StructDecl)]
        schema_property = self._schema_property()
        options = self.tool.options
        return ToolView(
            header=[
                "// <auto-generated>",
                f"// Code generated by toolgen from {comment_text(self.tool.source)}. DO NOT EDIT.",
                "// </auto-generated>",
            ],
            usings=self._usings(),
            namespace=self.namespace,
            doc=doc_comment([self.tool.description]),
            class_name=escape_identifier(self.class_name),
            schema_property=schema_property,
            create_doc=self._create_doc(),
            handler_type=self._handler_type(),
            params_type=self._params_type(),
            name_literal=string_literal(self.tool.name),
            description_literal=string_literal(self.tool.description),
            overrides_built_in_tool=options.overrides_built_in_tool,
            skip_permission=options.skip_permission,
            is_terminal=options.is_terminal,
            defer=options.defer,
            metadata=raw_string_lines(json_text(options.metadata)) if options.metadata else None,
            records=records,
            enums=self.enum_views,
        )

    # -- factory --------------------------------------------------------------------------------------------------

    def _params_type(self) -> str | None:
        return escape_identifier(self.type_names[self.tool.params]) if self.tool.params else None

    def _handler_type(self) -> str:
        params = self._params_type()
        inputs = ([params] if params else []) + ["ToolInvocation", "CancellationToken", "Task<object?>"]
        return f"Func<{', '.join(inputs)}>"

    def _create_doc(self) -> list[str]:
        params = self._params_type()
        bound = (
            Xml(f"The arguments are deserialized into <see cref=\"{params}\"/> before the handler runs;\n"
                "a missing required argument or a value of the wrong type fails the call instead.")
            if params else "The tool takes no arguments."
        )
        summary = Xml(f"Creates the {code(self.tool.name)} tool, implemented by {code('handler')}.")
        return doc_comment([summary]) + doc_comment([bound], tag="remarks")

    def _schema_property(self) -> list[str]:
        if self.tool.wire_parameters is None:
            return []
        self.uses.add("System.Text.Json")
        doc = doc_comment(
            [Xml(f"The spec's {code('parameters')} schema, sent unchanged as the tool's wire parameters.")]
        )
        literal = raw_string_lines(json_text(self.tool.wire_parameters))
        lines = [*doc, "public static JsonElement ParametersSchema { get; } = RawSchemaFunction.ParseSchema("]
        lines += indent(literal[:-1], 1) + indent([literal[-1] + ");"], 1)
        return indent(lines, 1) + [""]

    # -- records --------------------------------------------------------------------------------------------------

    def _record(self, decl: ir.StructDecl) -> RecordView:
        name = self.type_names[decl.name]
        # Enum type names are reserved as well, so an initializer such as `Priority.High` never binds to a property.
        enum_names = {self.type_names[e.name] for e in declared_types(self.tool) if isinstance(e, ir.EnumDecl)}
        taken = RECORD_MEMBER_NAMES | {name} | enum_names | RECORD_ATTRIBUTE_NAMES
        chosen, renamed = unique_identifiers([pascal(f.words) for f in decl.fields], taken)
        field_of = dict(zip(chosen, decl.fields))
        for change in renamed:
            renamed_field = field_of[change.chosen]
            clash = change.clashed_with
            if clash in RECORD_MEMBER_NAMES:
                reason = f"every C# record already has a member {clash}"
            elif clash == name:
                reason = f"a member may not have the name of its type {clash}"
            elif clash in enum_names or clash in RECORD_ATTRIBUTE_NAMES:
                reason = f"{clash} is a type the record's code refers to"
            else:
                reason = f'{clash} is the property for "{field_of[clash].wire_name}"'
            self.report.warn(self.tool.source, renamed_field.line, renamed_field.column,
                             f'dotnet: property "{renamed_field.wire_name}" is named {change.chosen}; {reason}',
                             RENAMED)
        properties = [self._property(f, ident) for f, ident in zip(decl.fields, chosen)]
        if not isinstance(decl.additional, str):
            properties.append(self._extension_data(set(chosen) | taken))
        description = decl.description
        if self.tool.params == decl.name and not description:
            description = Xml(f"Arguments of the {code(self.tool.name)} tool.")
        attributes = []
        if decl.additional == "closed":  # additionalProperties: false, so an unknown property fails the call
            attributes.append("[JsonUnmappedMemberHandling(JsonUnmappedMemberHandling.Disallow)]")
            self.uses.add("System.Text.Json.Serialization")
        return RecordView(doc_comment([description]), attributes, escape_identifier(name), properties)

    def _property(self, field_: ir.Field, identifier: str) -> PropertyView:
        cs_type = self.mapper.resolve(field_.type)
        initializer = None
        if field_.has_default and field_.default is not None and not field_.required:
            initializer = self.defaults.render(field_.default, field_.type)
        if not field_.required and initializer is None:
            cs_type = cs_type.or_null()  # absent means null, unless a default fills it in
        self._note_type(cs_type.text)
        type_text = f"{PRESENCE_TYPE}<{cs_type.text}>" if field_.null_differs_from_absent else cs_type.text
        notes = [field_.description]
        if field_.has_default and field_.default is not None and initializer is None and not field_.required:
            notes.append(Xml(f"Default when omitted: {code(compact_json(field_.default))}."))
        notes.append(self._allowed_values(field_.type))
        modifiers = "public required" if field_.required else "public"
        declaration = f"{modifiers} {type_text} {escape_identifier(identifier)} {{ get; init; }}"
        if initializer is not None:
            declaration += f" = {initializer};"
        self.uses.add("System.Text.Json.Serialization")
        attributes = [f"[JsonPropertyName({string_literal(field_.wire_name)})]"]
        if field_.null_differs_from_absent:
            attributes.append(OMIT_ABSENT)
        return PropertyView(doc_comment(notes), attributes, declaration)

    def _allowed_values(self, type_ref: ir.TypeRef) -> str | None:
        """For enums kept as their scalar type: the values the schema allows, since the C# type cannot say."""
        while isinstance(type_ref, ir.NullableType):
            type_ref = type_ref.inner
        if not isinstance(type_ref, ir.NamedType):
            return None
        decl = self.tool.decl(type_ref.name)
        if not isinstance(decl, ir.EnumDecl) or enum_plan(decl).style != "scalar":
            return None
        values = ", ".join(compact_json(member.value) for member in decl.members)
        return Xml(f"Allowed values: {code(values)}.")

    def _extension_data(self, taken: set[str]) -> PropertyView:
        (name,), _ = unique_identifiers(["AdditionalProperties"], taken)
        self.uses |= {"System.Collections.Generic", "System.Text.Json", "System.Text.Json.Serialization"}
        doc = doc_comment(
            [Xml("Properties the schema does not list; each value must match its "
                 f"{code('additionalProperties')} schema.")]
        )
        declaration = f"public Dictionary<string, JsonElement>? {name} {{ get; init; }}"
        return PropertyView(doc, ["[JsonExtensionData]"], declaration)

    # -- enums ----------------------------------------------------------------------------------------------------

    def _enum(self, decl: ir.EnumDecl) -> EnumView:
        name = escape_identifier(self.type_names[decl.name])
        plan = enum_plan(decl)
        # Object's members (Equals, GetHashCode, ToString, …) would hide inherited methods: never use them.
        chosen, renamed = unique_identifiers([pascal(m.words) for m in decl.members], {name} | RECORD_MEMBER_NAMES)
        line, column = self.positions.get(decl.name, (self.tool.line, self.tool.column))
        value_of = {ident: member.value for member, ident in zip(decl.members, chosen)}
        for change in renamed:
            self.report.warn(self.tool.source, line, column,
                             f"dotnet: enum value {compact_json(value_of[change.chosen])} is {name}.{change.chosen}; "
                             f"{change.clashed_with} is already used", RENAMED)
        self.enum_members[decl.name] = {value_key(m.value): ident for m, ident in zip(decl.members, chosen)}
        members = []
        for index, (member, ident) in enumerate(zip(decl.members, chosen)):
            value = f" = {member.value}" if plan.style == "integer" else ""
            separator = "," if index < len(chosen) - 1 else ""
            doc = doc_comment([code(compact_json(member.value))], inline=True)
            members.append(EnumMemberView(doc, f"{ident}{value}{separator}"))
        converters = []
        if decl.name in self.converters:
            converter = escape_identifier(self.converters[decl.name])
            entries = [f"({name}.{ident}, {string_literal(m.value)})" for m, ident in zip(decl.members, chosen)]
            entries = [entry + ("," if i < len(entries) - 1 else ")") for i, entry in enumerate(entries)]
            converters.append(ConverterView(converter, entries))
            self.uses.add("System.Text.Json.Serialization")
        return EnumView(
            doc=doc_comment([decl.description]),
            attributes=[f"[JsonConverter(typeof({c.name}))]" for c in converters],
            name=name,
            header=f"public enum {name}" + (" : long" if plan.style == "integer" else ""),
            members=members,
            converters=converters,
        )

    # -- usings ---------------------------------------------------------------------------------------------------

    def _note_type(self, text: str) -> None:
        if "List<" in text or "Dictionary<" in text:
            self.uses.add("System.Collections.Generic")
        if "JsonElement" in text:
            self.uses.add("System.Text.Json")

    def _usings(self) -> list[str]:
        # dotnet format's default order: System namespaces first, then the others, each group alphabetical.
        system = sorted(u for u in self.uses if u == "System" or u.startswith("System."))
        others = sorted(u for u in self.uses if u not in system)
        return [f"using {u};" for u in system + others]


def _element_type(type_ref: ir.TypeRef) -> ir.TypeRef:
    """The type inside any nullable, list and map wrappers."""
    while True:
        if isinstance(type_ref, ir.NullableType):
            type_ref = type_ref.inner
        elif isinstance(type_ref, ir.ArrayType):
            type_ref = type_ref.items
        elif isinstance(type_ref, ir.MapType):
            type_ref = type_ref.values
        else:
            return type_ref


def _first_uses(tool: ir.Tool) -> dict[Words, tuple[int, int]]:
    """Where each declaration is first referenced (a property's position), to point warnings about it there."""
    positions: dict[Words, tuple[int, int]] = {}
    for decl in tool.decls:
        for field_ in decl.fields if isinstance(decl, ir.StructDecl) else ():
            element = _element_type(field_.type)
            if isinstance(element, ir.NamedType):
                positions.setdefault(element.name, (field_.line, field_.column))
    return positions


# -- target -------------------------------------------------------------------------------------------------------


def _namespace(options: Mapping[str, Any]) -> str:
    namespace = options.get("namespace", DEFAULT_NAMESPACE)
    segments = namespace.split(".") if isinstance(namespace, str) else []
    if not segments or any(not _NAMESPACE_SEGMENT.fullmatch(s) or s in KEYWORDS for s in segments):
        raise ConfigError(
            [Diagnostic("<options>", 1, 1, f"dotnet.namespace: {namespace!r} is not a C# namespace name "
                        "(dot-separated identifiers, no keywords)")]
        )
    return namespace


class DotnetTarget(Target):
    name = "dotnet"
    order = 4
    label = ".NET (C#)"
    comment_prefix = "//"

    def name_folder(self, tools: list[ir.Tool], options: Mapping[str, Any], report: Reporter) -> list[FolderNames]:
        folder = name_folder(tools, _namespace(options), report)
        return [folder.of(tool.name) for tool in tools]

    def tool_file(
        self, tool: ir.Tool, names: FolderNames, options: Mapping[str, Any], report: Reporter
    ) -> PlannedFile:
        view = ToolViewBuilder(tool, names, _namespace(options), report).build()
        return PlannedFile(f"{names.file_stems[tool.name]}.cs", "tool.cs.j2", {"tool": view})

    def folder_files(
        self,
        tools: list[ir.Tool],
        names: list[FolderNames],
        facts: list[Mapping[str, Any]],
        options: Mapping[str, Any],
        report: Reporter,
    ) -> list[PlannedFile]:
        namespace = _namespace(options)
        classes = [each.tool_classes[tool.name] for tool, each in zip(tools, names)]
        params = [each.types[tool.name][tool.params] if tool.params else None for tool, each in zip(tools, names)]
        handlers = dotnet_handlers.handlers_context(tools, classes, params, RECORD_MEMBER_NAMES)
        return [
            PlannedFile(SUPPORT_FILE, "RawSchemaFunction.cs.j2", {"namespace": namespace}),
            PlannedFile(f"{dotnet_handlers.FILE_STEM}.cs", "ToolHandlers.cs.j2", {"namespace": namespace, **handlers}),
        ]


TARGET = DotnetTarget()
