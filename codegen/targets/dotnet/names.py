"""Names in the .NET folder, decided before any file is rendered: file stems, tool classes, types and enum
converters unique across the folder, never a name the generated code refers to by simple name; each rename is
reported with its reason."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...model import ir
from ...model.naming import WINDOWS_RESERVED_FILE_STEMS, Words, pascal, unique_identifiers
from ...review.warning_codes import RENAMED
from . import handlers as dotnet_handlers
from ..base import Reporter
from .types import enum_plan

SUPPORT_FILE = "RawSchemaFunction.cs"
SUPPORT_TYPES = (
    "RawSchemaFunction", "WireEnumConverter", "Optional", "OptionalConverter", "OptionalConverterFactory",
)  # fmt: skip

# Members every record already has (synthesized or inherited): a property may not take these names.
RECORD_MEMBER_NAMES = frozenset(
    {"EqualityContract", "Equals", "GetHashCode", "ToString", "PrintMembers", "GetType", "MemberwiseClone",
     "Finalize", "Deconstruct", "ReferenceEquals"}
)

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


def declared_types(tool: ir.Tool) -> list[ir.Decl]:
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
                    f"{change.clashed_with}.cs is already generated", RENAMED)

    # Candidates in order: each tool's class, then its declarations, each string enum followed by its converter.
    slots: list[tuple[ir.Tool, dict[Words, str] | None, Words | None]] = []
    candidates: list[str] = []
    for tool in tools:
        slots.append((tool, None, None))
        candidates.append(names.file_stems[tool.name] + "Tool")
        for decl in declared_types(tool):
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
                    "defined in the generated folder or used by it", RENAMED)
    return names

