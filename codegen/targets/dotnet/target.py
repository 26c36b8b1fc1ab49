""".NET (C#) target: one `<Tool>.cs` per tool plus `RawSchemaFunction.cs`, for the GitHub.Copilot.SDK NuGet package.

Per tool the file holds a static `<Tool>Tool` class whose `Create(handler)` calls `CopilotTool.DefineTool` with a
typed handler, sealed records for the parameters, and enums; the wire `parameters` is the spec's schema, parsed once
from a raw string literal and exposed through `RawSchemaFunction` (a `DelegatingAIFunction` overriding
`JsonSchema`, sdk-reference §4 "Raw schema"). This module holds the target's entry points and its option; the
parts live in modules of one job each: `names` (every name in the folder), `types` (C# types, enums, defaults as
initializers), `view` (a tool file's context), `handlers` (`ToolHandlers.cs`'s), `doc` (XML doc comments) and
`syntax` (reserved words, literals, escaping); the templates spell the C#.

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
from typing import Any

from ...errors import ConfigError, Diagnostic
from ...model import ir
from ..base import PlannedFile, Reporter, Target
from .handlers import FILE_STEM as HANDLERS_STEM, handlers_context
from .names import RECORD_MEMBER_NAMES, SUPPORT_FILE, FolderNames, name_folder
from .syntax import KEYWORDS
from .view import ToolView

DEFAULT_NAMESPACE = "Copilot.Tools"
_NAMESPACE_SEGMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


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
        context = ToolView(tool, names, report).context(names.tool_classes[tool.name], _namespace(options))
        return PlannedFile(f"{names.file_stems[tool.name]}.cs", "tool.cs.j2", context)

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
        handlers = handlers_context(tools, classes, params, RECORD_MEMBER_NAMES)
        return [
            PlannedFile(SUPPORT_FILE, "RawSchemaFunction.cs.j2", {"namespace": namespace}),
            PlannedFile(f"{HANDLERS_STEM}.cs", "ToolHandlers.cs.j2", {"namespace": namespace, "handlers": handlers}),
        ]


TARGET = DotnetTarget()
