"""Node.js / TypeScript target: one `<tool>.ts` per tool plus `index.ts`, for `@github/copilot-sdk` and zod 4.

Per tool: a zod schema for the arguments with its inferred type, the spec's schema as a plain object (the wire
`parameters`, never zod's `toJSONSchema()`, which adds `$schema` and `additionalProperties: false`), and a factory
that takes a typed handler and returns the SDK's `Tool` through `defineTool`. The handler receives the arguments
parsed by the zod schema.

This module decides the file and identifier names (unique across the folder); `types` spells the types, `view`
builds each file's view, the templates write the code and `layout` lays it out as prettier does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...model import ir
from ...errors import ConfigError, Diagnostic
from ...model.naming import WINDOWS_RESERVED_FILE_STEMS, camel, pascal, snake, unique_identifiers
from ...layout.doc import PRETTIER
from ...review.warning_codes import RENAMED
from ..base import PlannedFile, Reporter, Target
from . import layout
from .syntax import needs_escape
from .types import Names, ToolNames
from .view import FOLDER_NAMES, index_view, tool_view

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
RESERVED_IDENTIFIERS = JS_RESERVED_WORDS | TS_TYPE_KEYWORDS | NAMES_IN_GENERATED_CODE | FOLDER_NAMES
RESERVED_FILE_STEMS = ("index",)


IMPORT_EXTENSIONS = (".js", ".ts", "")  # NodeNext (the default); allowImportingTsExtensions / Deno; bundler


def import_extension(options: Mapping[str, Any]) -> str:
    """The `import_extension` option: what index.ts appends to its relative imports of the tool files."""
    extension = options.get("import_extension", ".js")
    if extension not in IMPORT_EXTENSIONS:  # codegen.config.settings reports it, located, before rendering
        raise ConfigError(
            [Diagnostic("<options>", 1, 1, f"nodejs.import_extension: {extension!r} is not one of .js, .ts, \"\"")]
        )
    return str(extension)


class NodejsTarget(Target):
    name = "nodejs"
    order = 1
    label = "Node.js / TypeScript"
    comment_prefix = "//"
    formatter = "prettier"  # run only over custom templates' output (Target.formatter)
    layout_style = PRETTIER

    def layout_macros(self) -> Mapping[str, Any]:
        return layout.MACROS

    def name_folder(self, tools: list[ir.Tool], options: Mapping[str, Any], report: Reporter) -> list[ToolNames]:
        return self.assign_names(tools, report)

    def tool_file(
        self, tool: ir.Tool, names: ToolNames, options: Mapping[str, Any], report: Reporter
    ) -> PlannedFile:
        return PlannedFile(f"{names.file}.ts", "tool.ts.j2", tool_view(tool, names, header_line(tool.source), report))

    def folder_files(
        self,
        tools: list[ir.Tool],
        names: list[ToolNames],
        facts: list[Mapping[str, Any]],
        options: Mapping[str, Any],
        report: Reporter,
    ) -> list[PlannedFile]:
        view = index_view(tools, names, import_extension(options), header_line(None))
        return [PlannedFile("index.ts", "index.ts.j2", view)]

    # -- names ----------------------------------------------------------------------------------------------------

    def assign_names(self, tools: list[ir.Tool], report: Reporter) -> list[ToolNames]:
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
                    RENAMED,
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
            result.append(ToolNames(stem, factory, json_schema, Names(types, schemas)))
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
                    RENAMED,
                )
        return result


def header_line(source: str | None) -> str:
    """The ownership header; per-tool files name their spec."""
    if source is None:
        return "// Code generated by toolgen. DO NOT EDIT."
    clean = "".join(
        char if char.isprintable() and not needs_escape(char) else "?" for char in source
    )
    return f"// Code generated by toolgen from {clean}. DO NOT EDIT."


TARGET = NodejsTarget()
