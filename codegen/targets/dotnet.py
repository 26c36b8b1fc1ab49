""".NET (C#) target: one `<Tool>.cs` per tool plus `RawSchemaFunction.cs`, for the GitHub.Copilot.SDK NuGet package.

Per tool the file holds a static `<Tool>Tool` class whose `Create(handler)` calls `CopilotTool.DefineTool` with a
typed handler, sealed records for the parameters, and enums; the wire `parameters` is the spec's schema, parsed once
from a raw string literal and exposed through `RawSchemaFunction` (a `DelegatingAIFunction` overriding
`JsonSchema`, sdk-reference §4 "Raw schema").

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

import math
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .. import ir
from ..errors import ConfigError, Diagnostic
from ..naming import WINDOWS_RESERVED_FILE_STEMS, Words, pascal, unique_identifiers
from . import dotnet_doc, dotnet_handlers
from .base import PlannedFile, Reporter, Target
from .json_layout import compact_json, pretty_json

DEFAULT_NAMESPACE = "Copilot.Tools"
SUPPORT_FILE = "RawSchemaFunction.cs"
SUPPORT_TYPES = ("RawSchemaFunction", "WireEnumConverter", "Optional", "OptionalConverter", "OptionalConverterFactory")
# An optional nullable property without a default (ir.Field.null_differs_from_absent) is an `Optional<T?>`, whose
# default value means "left out"; written back, a left-out one stays out.
PRESENCE_TYPE = "Optional"
OMIT_ABSENT = "[JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingDefault)]"

# Reserved keywords: an identifier spelled like one needs the `@` prefix.
KEYWORDS = frozenset(
    """abstract as base bool break byte case catch char checked class const continue decimal default delegate do
    double else enum event explicit extern false finally fixed float for foreach goto if implicit in int interface
    internal is lock long namespace new null object operator out override params private protected public readonly
    ref return sbyte sealed short sizeof stackalloc static string struct switch this throw true try typeof uint ulong
    unchecked unsafe ushort using virtual void volatile while __arglist __makeref __reftype __refvalue""".split()
)
# Contextual keywords are legal identifiers in most places but not all (a type named `record` or `var`, `field`
# inside a property accessor, `value` in a setter); escaping them too costs nothing and is always legal.
CONTEXTUAL_KEYWORDS = frozenset(
    """add alias allows and ascending args async await by descending dynamic equals extension field file from get
    global group init into join let managed nameof nint not notnull nuint on or orderby partial record remove
    required scoped select set unmanaged value var when where with yield""".split()
)

# Members every record already has (synthesized or inherited): a property may not take these names.
RECORD_MEMBER_NAMES = frozenset(
    {"EqualityContract", "Equals", "GetHashCode", "ToString", "PrintMembers", "GetType", "MemberwiseClone",
     "Finalize", "Deconstruct", "ReferenceEquals"}
)

# Types named in expressions on a record (attribute arguments): a property of that name would hide them.
RECORD_ATTRIBUTE_NAMES = frozenset({"JsonUnmappedMemberHandling", "JsonIgnoreCondition"})

# Type names the generated code refers to by simple name (a type of ours with the same name in the tools
# namespace would shadow the imported one), plus the SDK's most used public types (users import both namespaces).
REFERENCED_TYPE_NAMES = frozenset(
    {
        # GitHub.Copilot
        "CopilotTool", "CopilotToolOptions", "CopilotToolDefer", "ToolInvocation", "CopilotClient",
        "CopilotSession", "SessionConfig", "ToolSet", "ToolResultObject", "ToolResultAIContent", "Tool",
        # Microsoft.Extensions.AI
        "AIFunction", "AIFunctionArguments", "AIFunctionDeclaration", "AIFunctionFactory",
        "AIFunctionFactoryOptions", "AITool", "DelegatingAIFunction", "AIJsonUtilities",
        # System.Text.Json and friends
        "JsonElement", "JsonDocument", "JsonNode", "JsonObject", "JsonSerializer", "JsonSerializerOptions",
        "JsonSerializerDefaults", "JsonException", "JsonTokenType", "Utf8JsonReader", "Utf8JsonWriter",
        "JsonConverter", "JsonConverterAttribute", "JsonPropertyName", "JsonPropertyNameAttribute",
        "JsonExtensionData", "JsonExtensionDataAttribute", "JsonUnmappedMemberHandling",
        "JsonUnmappedMemberHandlingAttribute", "JsonIgnore", "JsonIgnoreAttribute", "JsonIgnoreCondition",
        # System, System.Collections.Generic, System.Threading(.Tasks)
        "List", "Dictionary", "IDictionary", "KeyValuePair", "StringComparer", "Func", "Task", "CancellationToken",
        "ArgumentNullException", "Type", "Enum", "String", "Object", "Nullable", "Attribute", "Exception",
        # Namespace roots the generated code names.
        "System", "GitHub", "Microsoft",
        *SUPPORT_TYPES,
    }
)

SCALAR_TYPES = {"string": "string", "integer": "long", "number": "double", "boolean": "bool"}
LONG_MIN, LONG_MAX = -(2**63), 2**63 - 1
_NAMESPACE_SEGMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")

# -- escaping: one function per position ---------------------------------------------------------------------------


def escape_identifier(name: str) -> str:
    """`name` as a C# identifier: keywords (reserved or contextual) get the verbatim `@` prefix."""
    return f"@{name}" if name in KEYWORDS or name in CONTEXTUAL_KEYWORDS else name


def _is_safe(char: str) -> bool:
    """Printable and not a line break, bidi control or other format character (Python's notion of printable)."""
    return char == " " or char.isprintable()


def _utf16_escapes(char: str, style: str) -> str:
    """`\\uXXXX` for a BMP code point; C# string literals take `\\UXXXXXXXX`, JSON needs a surrogate pair."""
    point = ord(char)
    if point <= 0xFFFF:
        return f"\\u{point:04X}"
    if style == "csharp":
        return f"\\U{point:08X}"
    point -= 0x10000
    return f"\\u{0xD800 + (point >> 10):04X}\\u{0xDC00 + (point & 0x3FF):04X}"


_CSHARP_SIMPLE_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t", "\0": "\\0"}


def string_literal(text: str) -> str:
    """A regular C# string literal whose value is exactly `text`.

    Backslash, quote and the common controls use their short escapes; anything else that is not printable (controls,
    U+0085/U+2028/U+2029, which C# treats as line breaks, bidi overrides) becomes `\\uXXXX` or `\\UXXXXXXXX`.
    `\\x` is never used: it takes one to four hex digits and would swallow a following digit.
    """
    # Fast path (most text): one C-level scan finds nothing to escape. Every simple escape but `\\` and `"` is a
    # control character, which isprintable rejects, so the result equals the per-character loop's.
    if text.isprintable() and '"' not in text and "\\" not in text:
        return '"' + text + '"'
    return _string_literal_escaped(text)


def _string_literal_escaped(text: str) -> str:
    """string_literal, one character at a time (any text; the fast path's reference)."""
    out = []
    for char in text:
        if char in _CSHARP_SIMPLE_ESCAPES:
            out.append(_CSHARP_SIMPLE_ESCAPES[char])
        elif _is_safe(char):
            out.append(char)
        else:
            out.append(_utf16_escapes(char, "csharp"))
    return '"' + "".join(out) + '"'


def json_text(value: Any) -> str:
    """JSON for a raw string literal: objects one member per line (two-space indent), arrays of scalars on one line.

    Every line break is structural. `json.dumps` escapes quotes, backslashes and C0 controls inside strings; this
    also escapes what it leaves raw (DEL, C1 controls, U+2028/U+2029, bidi and other format characters) so the
    source stays readable and safe. JSON text never has three quotes in a row (a quote inside a string is always
    escaped), so it cannot end a raw string literal (three-quote delimiters) early.
    """
    text = pretty_json(value)
    if text.replace("\n", "").isprintable():  # one C-level scan: nothing to escape
        return text
    return _json_text_escaped(text)


def _json_text_escaped(text: str) -> str:
    """json_text's escaping of pretty JSON text, one character at a time (the fast path's reference)."""
    return "".join(char if char == "\n" or _is_safe(char) else _utf16_escapes(char, "json") for char in text)


def raw_string_lines(text: str) -> list[str]:
    """A multi-line raw string literal holding `text`: its lines between two delimiter lines of three quotes.

    The caller indents all lines alike; C# strips the closing line's indentation from every content line.
    """
    return ['"""', *text.split("\n"), '"""']


def comment_text(text: str) -> str:
    """One line of comment text: anything that is not printable is shown as `\\uXXXX` (no bidi tricks, no breaks)."""
    if text.isprintable():  # one C-level scan: nothing to escape
        return text
    return _comment_text_escaped(text)


def _comment_text_escaped(text: str) -> str:
    """comment_text, one character at a time (any text; the fast path's reference)."""
    return "".join(char if _is_safe(char) else _utf16_escapes(char, "csharp") for char in text)


class Xml(str):
    """Doc-comment text that is already XML: markup plus escaped text. Plain `str` paragraphs get escaped."""


def xml_text(text: str) -> Xml:
    return Xml(text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"))


def code(text: str) -> Xml:
    """Inline code in a doc comment."""
    return Xml(f"<c>{xml_text(text)}</c>")


def doc_comment(paragraphs: Iterable[str | None], tag: str = "summary", inline: bool = False) -> list[str]:
    """`/// <summary>` … `/// </summary>` lines for the non-empty paragraphs (codegen.targets.dotnet_doc).

    A plain `str` is a description (its paragraphs, lists and code recognised, its text XML-escaped), an `Xml`
    paragraph is taken as is; the first paragraph is the tag's text, later ones are `<para>`s. Characters that
    are not printable show as `\\uXXXX`. With `inline`, a one-line body stays on the tag's line.
    """
    parts: list[tuple[bool, str]] = []
    for paragraph in paragraphs:
        if paragraph is None or not paragraph.strip():
            continue
        parts += [(True, paragraph.strip())] if isinstance(paragraph, Xml) else dotnet_doc.blocks(paragraph)
    if not parts:
        return []
    lines = [comment_text(line).rstrip() for line in re.split(r"\r\n|\r|\n", dotnet_doc.body(parts))]
    if inline and len(lines) == 1:
        return [f"/// <{tag}>{lines[0]}</{tag}>"]
    return [f"/// <{tag}>", *(f"/// {line}" if line else "///" for line in lines), f"/// </{tag}>"]


# -- types --------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CsType:
    """A C# type: its name without `?`, and whether it admits null (`T?` works for value and reference types)."""

    name: str
    nullable: bool = False

    @property
    def text(self) -> str:
        return self.name + ("?" if self.nullable else "")

    def or_null(self) -> CsType:
        return replace(self, nullable=True)


JSON_ELEMENT = CsType("JsonElement")


@dataclass(frozen=True)
class EnumPlan:
    """How an enum declaration is expressed: a C# enum (string or integer) or just its scalar base type."""

    style: str  # "string", "integer" or "scalar"
    fallback: CsType | None = None  # the type used instead of a declaration when style == "scalar"


def enum_plan(decl: ir.EnumDecl) -> EnumPlan:
    if decl.base == "string":
        return EnumPlan("string")
    values = [member.value for member in decl.members]
    if decl.base == "integer" and all(LONG_MIN <= value <= LONG_MAX for value in values):
        return EnumPlan("integer")
    fallback = {"integer": JSON_ELEMENT, "number": CsType("double"), "boolean": CsType("bool")}
    return EnumPlan("scalar", fallback.get(decl.base, JSON_ELEMENT))


class TypeMapper:
    """IR type references → C# types for one tool, given the names chosen for its declarations."""

    def __init__(self, tool: ir.Tool, type_names: Mapping[Words, str]):
        self.tool = tool
        self.type_names = type_names
        self._expanding: set[Words] = set()

    def resolve(self, type_ref: ir.TypeRef) -> CsType:
        return TYPE_MAP[type_ref.kind](self, type_ref)

    def _named(self, type_ref: ir.NamedType) -> CsType:
        decl = self.tool.decl(type_ref.name)
        if isinstance(decl, ir.StructDecl):
            return CsType(escape_identifier(self.type_names[decl.name]))
        if isinstance(decl, ir.EnumDecl):
            plan = enum_plan(decl)
            return plan.fallback or CsType(escape_identifier(self.type_names[decl.name]))
        # An alias has no C# declaration (a namespace-level alias would need `global using`): it is expanded in
        # place. An alias that reaches itself through aliases only would expand forever; it stops at JsonElement.
        if decl.name in self._expanding:
            return JSON_ELEMENT
        self._expanding.add(decl.name)
        try:
            return self.resolve(decl.target)
        finally:
            self._expanding.discard(decl.name)

    def _list(self, type_ref: ir.ArrayType) -> CsType:
        return CsType(f"List<{self.resolve(type_ref.items).text}>")

    def _map(self, type_ref: ir.MapType) -> CsType:
        return CsType(f"Dictionary<string, {self.resolve(type_ref.values).text}>")


# One entry per IR type kind; tests check this covers ir.TYPE_KINDS.
TYPE_MAP: dict[str, Callable[[TypeMapper, Any], CsType]] = {
    "any": lambda mapper, t: JSON_ELEMENT,
    "union": lambda mapper, t: JSON_ELEMENT,  # no typed unions in C# (docs/decisions.md, "Real tools")
    "scalar": lambda mapper, t: CsType(SCALAR_TYPES[t.scalar]),
    "null": lambda mapper, t: JSON_ELEMENT.or_null(),
    "array": TypeMapper._list,
    "map": TypeMapper._map,
    "named": TypeMapper._named,
    "nullable": lambda mapper, t: mapper.resolve(t.inner).or_null(),
}


# -- default values -----------------------------------------------------------------------------------------------


class DefaultRenderer:
    """A schema `default` as a C# initializer expression, when the property's C# type can hold it literally.

    Scalars, enum members, lists of those and string-keyed maps of those are rendered; objects and untyped values are
    not (the property stays nullable and its doc comment states the default).
    """

    def __init__(self, tool: ir.Tool, type_names: Mapping[Words, str], enum_members: Mapping[Words, dict]):
        self.tool = tool
        self.type_names = type_names
        self.enum_members = enum_members  # enum words → {wire value key: member identifier}

    def render(self, value: Any, type_ref: ir.TypeRef, depth: int = 0) -> str | None:
        if depth > 32:
            return None
        if isinstance(type_ref, ir.NullableType):
            return "null" if value is None else self.render(value, type_ref.inner, depth + 1)
        if isinstance(type_ref, ir.ScalarType):
            return scalar_literal(value, type_ref.scalar)
        if isinstance(type_ref, ir.ArrayType) and isinstance(value, list):
            items = [self.render(item, type_ref.items, depth + 1) for item in value]
            return None if None in items else "[" + ", ".join(items) + "]"  # type: ignore[arg-type]
        if isinstance(type_ref, ir.MapType) and isinstance(value, dict):
            entries = [(key, self.render(item, type_ref.values, depth + 1)) for key, item in value.items()]
            if any(item is None for _, item in entries):
                return None
            body = ", ".join(f"[{string_literal(key)}] = {item}" for key, item in entries)
            return "new() { " + body + " }" if body else "new()"
        if isinstance(type_ref, ir.NamedType):
            return self._named(value, type_ref, depth)
        return None

    def _named(self, value: Any, type_ref: ir.NamedType, depth: int) -> str | None:
        decl = self.tool.decl(type_ref.name)
        if isinstance(decl, ir.AliasDecl):
            return self.render(value, decl.target, depth + 1)
        if not isinstance(decl, ir.EnumDecl):
            return None
        plan = enum_plan(decl)
        if plan.style == "scalar":
            scalar = {"double": "number", "bool": "boolean"}.get(plan.fallback.name) if plan.fallback else None
            return scalar_literal(value, scalar) if scalar else None
        member = self.enum_members[decl.name].get(_value_key(value))
        return f"{self.type_names[decl.name]}.{member}" if member else None


def _value_key(value: Any) -> tuple[str, Any]:
    """Distinguishes `true` from `1` and `1` from `"1"` when matching a default against enum members."""
    return (type(value).__name__ if not isinstance(value, float) or not value.is_integer() else "int", value)


def scalar_literal(value: Any, scalar: str | None) -> str | None:
    """A C# literal for a JSON scalar of the given schema type, or None when the value does not fit the C# type."""
    if scalar == "string" and isinstance(value, str):
        return string_literal(value)
    if scalar == "boolean" and isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if scalar == "integer":
        if isinstance(value, float):
            if not (math.isfinite(value) and value.is_integer()):
                return None
            value = int(value)
        return str(value) if LONG_MIN <= value <= LONG_MAX else None
    if scalar == "number":
        if isinstance(value, int):
            # An integer constant converts to double implicitly if it fits in long; a larger one must be a real.
            return str(value) if LONG_MIN <= value <= LONG_MAX else repr(float(value))
        return repr(value) if math.isfinite(value) else None
    return None


# -- naming -------------------------------------------------------------------------------------------------------


@dataclass
class FolderNames:
    """Every name that must be unique across the generated folder, decided before any file is rendered."""

    file_stems: dict[str, str] = field(default_factory=dict)  # tool name → file stem
    tool_classes: dict[str, str] = field(default_factory=dict)  # tool name → static class
    types: dict[str, dict[Words, str]] = field(default_factory=dict)  # tool name → decl words → type name
    converters: dict[str, dict[Words, str]] = field(default_factory=dict)  # tool name → enum words → converter

    def of(self, tool_name: str) -> FolderNames:
        """The names of one tool only: all its file needs, and what its cache key should depend on."""
        return FolderNames(
            {tool_name: self.file_stems[tool_name]},
            {tool_name: self.tool_classes[tool_name]},
            {tool_name: self.types[tool_name]},
            {tool_name: self.converters[tool_name]},
        )


def _declared(tool: ir.Tool) -> list[ir.Decl]:
    """Declarations that become C# types (structs, and enums that are C# enums)."""
    return [
        decl
        for decl in tool.decls
        if isinstance(decl, ir.StructDecl) or (isinstance(decl, ir.EnumDecl) and enum_plan(decl).style != "scalar")
    ]


def name_folder(tools: list[ir.Tool], namespace: str, report: Reporter) -> FolderNames:
    """File stems and type names for every tool, unique across the folder; each rename is reported."""
    names = FolderNames()
    stems, renamed = unique_identifiers(
        [pascal(tool.words) for tool in tools],
        # no `Con.cs`: Windows reserves the device names
        [SUPPORT_FILE.removesuffix(".cs"), dotnet_handlers.FILE_STEM, *sorted(WINDOWS_RESERVED_FILE_STEMS)],
        casefold=True,
    )
    tool_of_stem = dict(zip(stems, tools))
    for tool, stem in zip(tools, stems):
        names.file_stems[tool.name] = stem
        names.types[tool.name] = {}
        names.converters[tool.name] = {}
    for change in renamed:
        tool = tool_of_stem[change.chosen]
        report.warn(tool.source, tool.line, tool.column,
                    f"dotnet: file {change.original}.cs is named {change.chosen}.cs; "
                    f"{change.clashed_with}.cs is already generated")

    # Candidates in order: each tool's class, then its declarations, each string enum followed by its converter.
    slots: list[tuple[ir.Tool, dict[Words, str] | None, Words | None]] = []
    candidates: list[str] = []
    for tool in tools:
        slots.append((tool, None, None))
        candidates.append(names.file_stems[tool.name] + "Tool")
        for decl in _declared(tool):
            slots.append((tool, names.types[tool.name], decl.name))
            candidates.append(pascal(decl.name))
            if isinstance(decl, ir.EnumDecl) and enum_plan(decl).style == "string":
                slots.append((tool, names.converters[tool.name], decl.name))
                candidates.append(pascal(decl.name) + "Converter")
    folder_types = REFERENCED_TYPE_NAMES | {dotnet_handlers.CLASS_NAME} | set(namespace.split("."))
    chosen, renamed = unique_identifiers(candidates, folder_types)
    for (tool, table, words), name in zip(slots, chosen):
        if table is None:
            names.tool_classes[tool.name] = name
        else:
            table[words] = name  # type: ignore[index]
    tool_of_type = {name: tool for (tool, _, _), name in zip(slots, chosen)}
    for change in renamed:
        tool = tool_of_type[change.chosen]
        report.warn(tool.source, tool.line, tool.column,
                    f"dotnet: type {change.original} is named {change.chosen}; {change.clashed_with} is already "
                    "defined in the generated folder or used by it")
    return names


# -- view model ---------------------------------------------------------------------------------------------------

INDENT = "    "


def indent(lines: Iterable[str], depth: int) -> list[str]:
    """`lines` indented by `depth` levels; empty lines stay empty (no trailing whitespace)."""
    return [INDENT * depth + line if line else "" for line in lines]


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
        self.enum_views = [self._enum(decl) for decl in _declared(tool) if isinstance(decl, ir.EnumDecl)]
        self.defaults = DefaultRenderer(tool, self.type_names, self.enum_members)

    def build(self) -> ToolView:
        records = [self._record(decl) for decl in _declared(self.tool) if isinstance(decl, ir.StructDecl)]
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
        enum_names = {self.type_names[e.name] for e in _declared(self.tool) if isinstance(e, ir.EnumDecl)}
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
                             f'dotnet: property "{renamed_field.wire_name}" is named {change.chosen}; {reason}')
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
                             f"{change.clashed_with} is already used")
        self.enum_members[decl.name] = {_value_key(m.value): ident for m, ident in zip(decl.members, chosen)}
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
