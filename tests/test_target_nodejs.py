"""The nodejs target without Node.js: naming, escaping and layout tables, headers, options, determinism.

The layout expectations below are what prettier 3 prints for the same code (checked with the pinned prettier);
tests/test_sdk_nodejs.py runs the real `prettier --check` on every generated file.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from codegen.model import ir
from codegen.run.generate import load_tools, render_outputs
from codegen.model.naming import split_words
from codegen.targets.nodejs import layout as ts
from codegen.targets.nodejs import target as nodejs, syntax as ts_literals, types as ts_types
from codegen.targets.nodejs.doc import doc_comment
from codegen.targets.base import Reporter
from codegen.output.writer import OWNERSHIP_MARKER

from .support import ALL_SPEC_DIRS, EDGE_SPECS, REPO, SPECS


def _outputs(spec_dirs: list[Path] | None = None) -> tuple[dict[str, str], list]:
    tools, _ = load_tools(spec_dirs or ALL_SPEC_DIRS)
    return render_outputs(tools, ["nodejs"])


def _write_specs(folder: Path, specs: dict[str, str]) -> Path:
    for name, text in specs.items():
        (folder / f"{name}.yaml").write_text(text, encoding="utf-8")
    return folder


# -- tables ---------------------------------------------------------------------------------------------------


def test_type_maps_cover_every_ir_type_kind() -> None:
    assert set(ts_types.ZOD_TYPE_MAP) == set(ir.TYPE_KINDS)
    assert set(ts_types.TS_TYPE_MAP) == set(ir.TYPE_KINDS)
    assert set(ts_types.SCALAR_SCHEMAS) == set(ir.SCALAR_KINDS) == set(ts_types.SCALAR_TYPES)


@pytest.mark.parametrize(
    "value, expected",
    [
        ("plain", '"plain"'),
        ('say "hi"', "'say \"hi\"'"),  # more double quotes than single: prettier switches quotes
        ("it's", '"it\'s"'),
        ("\"a\" 'b' 'c'", "\"\\\"a\\\" 'b' 'c'\""),
        ("back\\slash", '"back\\\\slash"'),
        ("line\nbreak\r\ttab", '"line\\nbreak\\r\\ttab"'),
        ("${x} `tick`", '"${x} `tick`"'),
        ("*/", '"*/"'),
        ("sep\u2028para\u2029", '"sep\\u2028para\\u2029"'),
        ("bidi \u202e nul \u0000 ctrl \u0001", '"bidi \\u202e nul \\u0000 ctrl \\u0001"'),
        ("名前 é 😀", '"名前 é 😀"'),
        ("", '""'),
    ],
)
def test_string_literals(value: str, expected: str) -> None:
    assert ts.string_literal(value) == expected


@pytest.mark.parametrize(
    "value, expected",
    [
        (0, "0"),
        (-7, "-7"),
        (9007199254740993, "9007199254740993"),
        (2.5, "2.5"),
        (2.0, "2"),
        (1e3, "1000"),
        (1e21, "1e21"),
        (1.5e-7, "1.5e-7"),
        (0.000001, "0.000001"),
        (-2.25, "-2.25"),
        (123456.789, "123456.789"),
        (1e300, "1e300"),
    ],
)
def test_number_literals(value: float, expected: str) -> None:
    assert ts_literals.number_literal(value) == expected


@pytest.mark.parametrize(
    "key, computed, expected",
    [
        ("prompt", False, "prompt"),
        ("class", False, "class"),  # reserved words are fine as property names
        ("$ref", False, "$ref"),
        ("名前", False, "名前"),  # an ES5 identifier name: prettier unquotes it
        ("max-results", False, '"max-results"'),
        ("9", False, '"9"'),  # numeric keys stay quoted in TypeScript
        ("with space", False, '"with space"'),
        ('a"quote', False, "'a\"quote'"),
        ("", False, '""'),
        ("__proto__", True, '["__proto__"]'),  # a plain key would set the prototype instead
    ],
)
def test_object_keys(key: str, computed: bool, expected: str) -> None:
    assert ts.print_doc(ts._Printer().key(key, computed)) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("One line.", "/** One line. */"),
        ("Ends */ here", "/** Ends *\\/ here */"),
        ("two\nlines  ", "/**\n * two\n * lines\n */"),
        ("para\n\nnext", "/**\n * para\n *\n * next\n */"),
        ("bidi \u202e\u2028x", "/**\n * bidi \\u202e\n * x\n */"),
        (
            "Docstring-style:\n        - item\n\n            code",
            "/**\n * Docstring-style:\n * - item\n *\n *     code\n */",
        ),  # the later lines' common indentation removed, the code block's own kept
    ],
)
def test_doc_comments(text: str, expected: str) -> None:
    assert doc_comment(text) == expected


@pytest.mark.parametrize(
    "spec_name, factory, params_type, schema, json_schema",
    [
        (
            "clear_context",
            "clearContextTool",
            "ClearContextParams",
            "ClearContextParamsSchema",
            "clearContextJsonSchema",
        ),
        (
            "name-mangling",
            "nameManglingTool",
            "NameManglingParams",
            "NameManglingParamsSchema",
            "nameManglingJsonSchema",
        ),
        ("Tool", "toolTool", "ToolParams", "ToolParamsSchema", "toolJsonSchema"),
        (
            "EmptyParams",
            "emptyParamsTool",
            "EmptyParamsParams",
            "EmptyParamsParamsSchema",
            "emptyParamsJsonSchema",
        ),
    ],
)
def test_identifiers(
    spec_name: str, factory: str, params_type: str, schema: str, json_schema: str
) -> None:
    tools, _ = load_tools(ALL_SPEC_DIRS)
    names = nodejs.TARGET.assign_names(tools, Reporter())
    index = [tool.name for tool in tools].index(spec_name)
    tool, chosen = tools[index], names[index]
    assert (chosen.factory, chosen.json_schema) == (factory, json_schema)
    assert chosen.decls.types[tool.params] == params_type
    assert chosen.decls.schemas[tool.params] == schema


@pytest.mark.parametrize(
    "type_ref, value, fits",
    [
        (ir.ScalarType("integer"), 42, True),
        (ir.ScalarType("integer"), 2.0, True),
        (ir.ScalarType("integer"), 2.5, False),
        (ir.ScalarType("integer"), 9007199254740993, False),  # beyond z.int()'s safe range
        (ir.ScalarType("integer"), True, False),
        (ir.ScalarType("string"), "x", True),
        (ir.NullableType(ir.ScalarType("string")), None, True),
        (ir.ScalarType("string"), None, False),
        (ir.ArrayType(ir.ScalarType("number")), [1, 2.5], True),
        (ir.ArrayType(ir.ScalarType("number")), [1, "2"], False),
        (ir.MapType(ir.ScalarType("string")), {"k": "v"}, True),
        (ir.AnyType(), {"anything": [1]}, True),
    ],
)
def test_default_values_must_fit_the_zod_type(
    type_ref: ir.TypeRef, value: object, fits: bool
) -> None:
    tool = ir.Tool("t", ("t",), "t.yaml", "d", ir.Options(), None, None)
    assert ts_types.Defaults(tool).fits(type_ref, value, "output") is fits


# -- layout (expected text verified with prettier 3) --------------------------------------------------------------


def _chain(*calls: tuple) -> ts.Call:
    node: object = ts.Ident("z")
    for method, *args in calls:
        node = ts.Call(ts.Member(node, method), list(args))
    return node  # type: ignore[return-value]


LAYOUT_CASES = [
    (
        ts.ConstDecl(
            "ShortSchema", _chain(("object", ts.ObjectExpr([ts.Prop("a", _chain(("string",)))])))
        ),
        "export const ShortSchema = z.object({\n  a: z.string(),\n});",
    ),
    (
        ts.ConstDecl(
            "XSchema",
            _chain(
                (
                    "object",
                    ts.ObjectExpr(
                        [
                            ts.Prop(
                                "prompt",
                                _chain(
                                    ("string",),
                                    (
                                        "describe",
                                        ts.Str(
                                            "Seed prompt that becomes the first user message of the fresh context."
                                        ),
                                    ),
                                ),
                            )
                        ]
                    ),
                )
            ),
        ),
        "export const XSchema = z.object({\n  prompt: z\n    .string()\n    .describe(\n"
        '      "Seed prompt that becomes the first user message of the fresh context.",\n    ),\n});',
    ),
    (
        ts.TypeAlias(
            "NullableAndEnumsAnyOfNullFirst",
            ts.TRef("z.infer", [ts.TTypeof("NullableAndEnumsAnyOfNullFirstSchema")]),
        ),
        "export type NullableAndEnumsAnyOfNullFirst = z.infer<\n  typeof NullableAndEnumsAnyOfNullFirstSchema\n>;",
    ),
    (
        ts.ConstDecl(
            "LongEnumNameForLayoutSchema",
            _chain(
                (
                    "enum",
                    ts.ArrayExpr(
                        [ts.Str(s) for s in ["low", "medium", "high", "urgent", "critical"]]
                    ),
                )
            ),
        ),
        'export const LongEnumNameForLayoutSchema = z.enum([\n  "low",\n  "medium",\n  "high",\n  "urgent",\n'
        '  "critical",\n]);',
    ),
    (
        ts.ConstDecl(
            "NumbersSchema",
            _chain(("literal", ts.ArrayExpr([ts.Num(n) for n in range(-12, 12, 1)]))),
        ),
        "export const NumbersSchema = z.literal([\n  -12, -11, -10, -9, -8, -7, -6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8,\n"
        "  9, 10, 11,\n]);",
    ),
    (
        ts.ConstDecl(
            "RecursiveRefsLinkedItemSchema",
            _chain(
                (
                    "lazy",
                    ts.Arrow(
                        _chain(
                            ("object", ts.ObjectExpr([ts.Prop("value", _chain(("int",)))])),
                        ),
                    ),
                )
            ),
            type=ts.TRef("z.ZodType", [ts.TRef("RecursiveRefsLinkedItem")]),
        ),
        "export const RecursiveRefsLinkedItemSchema: z.ZodType<RecursiveRefsLinkedItem> =\n"
        "  z.lazy(() =>\n    z.object({\n      value: z.int(),\n    }),\n  );",
    ),
    (
        ts.ImportDecl(
            [("defineTool", False), ("Tool", True), ("ToolInvocation", True)], "@github/copilot-sdk"
        ),
        'import {\n  defineTool,\n  type Tool,\n  type ToolInvocation,\n} from "@github/copilot-sdk";',
    ),
    (
        ts.InterfaceDecl(
            "Node",
            [
                ts.TMember("label", ts.TKeyword("string")),
                ts.TMember(
                    "next",
                    ts.TUnion([ts.TRef("Node"), ts.TKeyword("null"), ts.TKeyword("undefined")]),
                    True,
                ),
            ],
        ),
        "export interface Node {\n  label: string;\n  next?: Node | null | undefined;\n}",
    ),
]


@pytest.mark.parametrize("statement, expected", LAYOUT_CASES)
def test_statement_layout_matches_prettier(statement: object, expected: str) -> None:
    assert ts.format_statement(statement) == expected


def test_string_width_counts_wide_characters_twice() -> None:
    assert ts.string_width("abc") == 3
    assert ts.string_width("名前") == 4
    assert ts.string_width("😀") == 2
    assert ts.string_width("e\u0301") == 1


# -- generated files ----------------------------------------------------------------------------------------------


def test_files_and_headers() -> None:
    outputs, _ = _outputs()
    tools, _ = load_tools(ALL_SPEC_DIRS)
    assert "nodejs/index.ts" in outputs
    assert len(outputs) == len(tools) + 1
    for tool in tools:
        path = f"nodejs/{'_'.join(tool.words)}.ts"
        first = outputs[path].splitlines()[0]
        assert first == f"// {OWNERSHIP_MARKER} from {tool.source}. DO NOT EDIT."
    assert outputs["nodejs/index.ts"].startswith(f"// {OWNERSHIP_MARKER}. DO NOT EDIT.\n")
    for text in outputs.values():
        assert text.endswith("\n") and not text.endswith("\n\n")
        assert all(line == line.rstrip() for line in text.splitlines())
        long_lines = [line for line in text.splitlines() if ts.string_width(line) > ts.PRINT_WIDTH]
        # only what prettier cannot break may pass 80 columns: comments and string literals
        assert all(
            line.lstrip().startswith(("//", "*", "/*")) or '"' in line or "'" in line
            for line in long_lines
        )


def test_index_reexports_every_tool_file_with_js_extensions() -> None:
    outputs, _ = _outputs()
    index = outputs["nodejs/index.ts"]
    modules = sorted(
        path.removeprefix("nodejs/").removesuffix(".ts")
        for path in outputs
        if path != "nodejs/index.ts"
    )
    assert (
        sorted(
            line.split('"')[1][2:-3] for line in index.splitlines() if line.startswith("export *")
        )
        == modules
    )


def test_clear_context_file() -> None:
    outputs, _ = _outputs([SPECS])
    text = outputs["nodejs/clear_context.ts"]
    assert (
        'import { defineTool, type Tool, type ToolHandler } from "@github/copilot-sdk";\nimport { z } from "zod";\n'
        in text
    )
    assert "export const ClearContextParamsSchema = z.object({" in text
    assert "export type ClearContextParams = z.infer<typeof ClearContextParamsSchema>;" in text
    assert "export const clearContextJsonSchema: Record<string, unknown> = {" in text
    assert (
        "export function clearContextTool(\n  handler: ToolHandler<ClearContextParams>,\n): Tool<ClearContextParams> {\n"
        '  return defineTool<ClearContextParams>("clear_context", {\n'
        '    description: "Clear the conversation and start a fresh context window",\n'
        "    parameters: clearContextJsonSchema,\n"
        "    handler: (args, invocation) =>\n"
        "      handler(ClearContextParamsSchema.parse(args), invocation),\n"
        "    isTerminal: true,\n"
        '    defer: "never",\n'
        "  });\n}\n"
    ) in text
    assert "toJSONSchema" not in text


def test_options_only_when_not_default() -> None:
    outputs, _ = _outputs()
    empty = outputs["nodejs/empty_params.ts"]  # isTerminal: false and metadata: {} in the spec
    for option in ("isTerminal", "defer", "skipPermission", "overridesBuiltInTool", "metadata"):
        assert f"    {option}:" not in empty
    ping = outputs["nodejs/ping.ts"]  # no parameters, every option set
    for line in (
        "    isTerminal: true,",
        '    defer: "auto",',
        "    skipPermission: true,",
        "    overridesBuiltInTool: true,",
        "    metadata: {",
    ):
        assert line in ping
    assert "parameters:" not in ping and "zod" not in ping
    assert "handler: (invocation: ToolInvocation) => Promise<unknown> | unknown" in ping
    assert "handler: (_args, invocation) => handler(invocation)," in ping


def test_reserved_words_and_proto_keys() -> None:
    outputs, _ = _outputs([EDGE_SPECS])
    text = outputs["nodejs/reserved_words.ts"]
    assert '  ["__proto__"]: z.string().optional(),' in text
    assert '    ["__proto__"]: {' in text
    assert "  class: z.string()," in text and "  default: z.string().optional()," in text


def test_tool_name_clashes_are_renamed_and_reported(tmp_path: Path) -> None:
    specs = _write_specs(
        tmp_path,
        {
            "a": "name: define\ndescription: Its factory would be defineTool, the SDK's import.\n",
            "b": "name: index\ndescription: Its file would be index.ts.\n",
            "c": "name: foo-bar\ndescription: One.\n",
            "e": "name: a\ndescription: A nested object named a·b·params.\nparameters:\n  type: object\n"
            "  properties:\n    b_params:\n      type: object\n      properties:\n        x: {type: string}\n",
            "f": "name: a_b\ndescription: Its parameters are a·b·params too.\nparameters: {type: object}\n",
        },
    )
    tools, _ = load_tools([specs])
    report = Reporter()
    names = nodejs.TARGET.assign_names(tools, report)
    by_tool = {tool.name: chosen for tool, chosen in zip(tools, names)}
    assert by_tool["define"].factory == "defineTool2"
    assert by_tool["index"].file == "index2"
    assert by_tool["foo-bar"].file == "foo_bar"
    messages = [str(d) for d in report.diagnostics]
    assert any(
        m.endswith(
            "a.yaml:1:1: warning: nodejs: identifier defineTool is reserved (a TypeScript keyword or "
            "a name the generated code uses); using defineTool2 [TG201]"
        )
        for m in messages
    ), messages
    assert any("b.yaml" in m and "index2.ts" in m for m in messages)
    assert (
        by_tool["a"].decls.types[("a", "b", "params")],
        by_tool["a_b"].decls.types[("a", "b", "params")],
    ) == ("ABParams", "ABParams2")
    assert any(
        m.endswith(
            "f.yaml:1:1: warning: nodejs: identifier ABParams is already used by another declaration; "
            "using ABParams2 [TG201]"
        )
        for m in messages
    ), messages
    assert all(d.severity == "warning" for d in report.diagnostics)


def test_a_declaration_cannot_shadow_an_sdk_name(tmp_path: Path) -> None:
    specs = _write_specs(
        tmp_path,
        {
            "t": "name: tool\ndescription: A nested object would be ToolInvocation.\nparameters:\n  type: object\n"
            "  properties:\n    invocation:\n      type: object\n      properties:\n        a: {type: string}\n",
        },
    )
    tools, _ = load_tools([specs])
    report = Reporter()
    names = nodejs.TARGET.assign_names(tools, report)
    assert names[0].decls.types[("tool", "invocation")] == "ToolInvocation2"
    assert report.diagnostics


def test_default_that_does_not_fit_is_left_out_with_a_warning(tmp_path: Path) -> None:
    specs = _write_specs(
        tmp_path,
        {
            "t": "name: t\ndescription: d\nparameters:\n  type: object\n  properties:\n"
            "    n: {type: integer, default: 9007199254740993}\n    s: {type: string, default: ok}\n",
        },
    )
    outputs, warnings = _outputs([specs])
    text = outputs["nodejs/t.ts"]
    assert "  n: z.int().optional()," in text and '  s: z.string().default("ok"),' in text
    assert [str(w) for w in warnings] == [
        f"{specs / 't.yaml'}:6:5: warning: nodejs: the default of 'n' does not match its type; the zod schema "
        "leaves it out (the wire schema keeps it) [TG114]"
    ]


def test_recursive_declarations_use_lazy_with_explicit_types() -> None:
    outputs, _ = _outputs([EDGE_SPECS])
    text = outputs["nodejs/recursive_refs.ts"]
    assert "export interface RecursiveRefsTreeNode {" in text
    assert "  children?: RecursiveRefsTreeNode[] | undefined;" in text
    assert (
        "export const RecursiveRefsTreeNodeSchema: z.ZodType<RecursiveRefsTreeNode> =\n  z.lazy(() =>"
        in text
    )
    # the root schema refers to the recursive ones, so it comes after them
    assert text.index("RecursiveRefsParamsSchema = ") > text.index(
        "RecursiveRefsLinkedItemSchema: "
    )


def test_output_is_deterministic_across_hash_seeds(tmp_path: Path) -> None:
    script = (
        "import json, sys; sys.path.insert(0, sys.argv[1]);"
        "from codegen.run.generate import load_tools, render_outputs; from pathlib import Path;"
        "tools, _ = load_tools([Path(sys.argv[1]) / 'specs', Path(sys.argv[1]) / 'tests' / 'edge_specs']);"
        "print(json.dumps(render_outputs(tools, ['nodejs'])[0], sort_keys=True))"
    )
    runs = [
        subprocess.run(
            [sys.executable, "-c", script, str(REPO)],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("1", "2")
    ]
    assert runs[0] == runs[1]
    assert (
        runs[0]
        == subprocess.run(
            [sys.executable, "-c", script, str(REPO)], capture_output=True, text=True, check=True
        ).stdout
    )


def test_the_template_spells_the_sdk_construction_and_every_option() -> None:
    """Issue #19: tool.ts.j2 reads as the code it produces; the view passes names, literals and layout choices."""
    folder = REPO / "templates" / "nodejs"
    assert sorted(path.name for path in folder.iterdir()) == ["index.ts.j2", "tool.ts.j2"]
    text = (folder / "tool.ts.j2").read_text()
    for spelling in (
        'import { defineTool, type Tool, type ToolHandler } from "@github/copilot-sdk";',
        "export type {{ d.type_name }} = z.infer<typeof {{ d.schema_name }}>;",
        "export const {{ wire.name }}: Record<string, unknown> = {{ wire.value }};",
        "return defineTool{{ type_args }}({{ factory.tool_name }}, {",
        "description: {{ factory.description }},",
        "parameters: {{ wire.name }},",
        "handler: (args, invocation) => handler({{ factory.params_schema }}.parse(args), invocation),",
        "isTerminal: true,",
        "defer: {{ options.defer }},",
        "skipPermission: true,",
        "overridesBuiltInTool: true,",
        "metadata: {{ options.metadata }},",
    ):
        assert spelling in text, spelling


def test_split_words_feed_the_names() -> None:
    # the one splitter decides the words; this target only joins them
    assert nodejs.camel(split_words("max-results")) == "maxResults"
    assert nodejs.pascal(split_words("X-Request-ID")) == "XRequestId"


def test_object_default_filled_by_field_defaults_uses_prefault(tmp_path: Path) -> None:
    specs = _write_specs(
        tmp_path,
        {
            "t": "name: t\ndescription: d\nparameters:\n  type: object\n  properties:\n    options:\n"
            "      type: object\n      properties:\n        verbose: {type: boolean, default: false}\n"
            "      default: {}\n    point:\n      type: object\n      properties:\n        x: {type: integer}\n"
            "      default: {x: 1}\n",
        },
    )
    outputs, warnings = _outputs([specs])
    text = outputs["nodejs/t.ts"]
    # {} lacks `verbose`, which the output type requires: zod parses it as input and fills the field default in
    assert "  options: TOptionsSchema.prefault({})," in text
    assert "  point: TPointSchema.default({\n    x: 1,\n  })," in text
    assert "  verbose: z.boolean().default(false)," in text
    assert not warnings


def test_folder_wide_names_are_reserved(tmp_path: Path) -> None:
    """index.ts declares ToolHandlers and allTools: the tool named `Tool` (tests/edge_specs) has a `handlers`
    object, whose type would be ToolHandlers, so it is renamed; allTools lists every factory in spec order."""
    from tests import support

    folder = support.write_outputs("nodejs", tmp_path, support.ALL_SPEC_DIRS)
    tool = (folder / "tool.ts").read_text()
    assert "export type ToolHandlers2 = " in tool and "export type ToolHandlers =" not in tool
    index = (folder / "index.ts").read_text()
    assert index.count("export interface ToolHandlers {") == 1
    assert "  clearContext: ToolHandler<ClearContextParams>;" in index
    assert "  ping: (invocation: ToolInvocation) => Promise<unknown> | unknown;" in index
    assert "    clearContextTool(handlers.clearContext) as Tool<any>," in index


# -- the `ts` layout macro (issue 26) -----------------------------------------------------------------------------


def _laid_out(template: str, **context) -> str:
    """`template` rendered in the nodejs environment and laid out, as a tool file is."""
    from codegen.layout import markup
    from codegen.targets import render

    with markup.collecting() as placed:
        text = render.environment("nodejs").from_string(template).render(**context)
        return markup.lay_out(text, placed, nodejs.TARGET.layout_style)


def test_the_ts_macro_lays_out_a_flat_statement_as_prettier_does() -> None:
    name = "A" * 30
    template = "{% call ts() %}\nexport type {{ name }} = z.infer<typeof {{ name }}Schema>;\n{% endcall %}\n"
    # verified with prettier 3: the type argument breaks
    assert _laid_out(template, name=name) == f"export type {name} = z.infer<\n  typeof {name}Schema\n>;\n"
    short = "{% call ts() %}\nexport const XSchema = z.enum({{ values }});\n{% endcall %}\n"
    values = ts.JsonValue(["alpha", "beta", "gamma", "delta", "epsilon", "zeta"])
    assert _laid_out(short, values=values) == (
        'export const XSchema = z.enum([\n  "alpha",\n  "beta",\n  "gamma",\n  "delta",\n  "epsilon",\n  "zeta",\n]);\n'
    )


def test_the_ts_macro_leaves_text_it_cannot_read_as_written() -> None:
    # a custom template's own TypeScript (here a class) is left for prettier, which runs over custom templates
    template = "{% call ts() %}\nexport class Foo { bar = 1 }\n{% endcall %}\n"
    assert _laid_out(template) == "export class Foo { bar = 1 }\n"


def test_a_json_value_outside_a_ts_block_is_its_flat_literal() -> None:
    value = ts.JsonValue({"a": [1, 2], "__proto__": None, "b-c": "d"})
    assert _laid_out("const x = {{ value }};\n", value=value) == 'const x = { a: [1, 2], ["__proto__"]: null, "b-c": "d" };\n'
