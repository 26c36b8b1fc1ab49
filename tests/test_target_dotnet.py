""".NET target: syntax and structure of the generated C#, plus the escaping and naming rules behind it.

The .NET output is syntax- and structure-checked only: GitHub.Copilot.SDK cannot be restored on this machine (no
.NET SDK, no NuGet access), so nothing here compiles the C# or runs it against the real SDK. Instead every file must
parse with tree-sitter-c-sharp without ERROR or MISSING nodes, and the syntax trees are checked against the specs:
`CopilotTool.DefineTool` with the tool's name and description, each Copilot option exactly when the spec sets it,
the raw schema literal (decoded by the C# string-literal decoder below) equal to the spec's `parameters`, a
`[JsonPropertyName]` with the wire name on every property, valid and unique identifiers, and every type the code
names either declared in the folder or one of the known SDK/BCL types.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from functools import cache
from xml.etree import ElementTree

import pytest
import tree_sitter
import tree_sitter_c_sharp

from hypothesis import given, settings
from hypothesis import strategies as st

from codegen.model import ir
from codegen.errors import ConfigError
from codegen.run.generate import load_tools, render_outputs
from codegen.spec.loader import load_specs
from codegen.model.naming import identifier_words
from codegen.targets import Reporter
from codegen.targets.dotnet import doc as dotnet_doc, target as dotnet, names as dotnet_names, syntax as dotnet_syntax, types as dotnet_types

from .support import ALL_SPEC_DIRS, REPO, sdk_spec_dirs

CSHARP = tree_sitter.Language(tree_sitter_c_sharp.language())

# Types the generated code may name without declaring them (SDK, Microsoft.Extensions.AI, BCL).
EXTERNAL_TYPES = {
    "AIFunction", "AIFunctionArguments", "AIFunctionFactoryOptions", "DelegatingAIFunction", "CopilotTool",
    "CopilotToolOptions", "CopilotToolDefer", "ToolInvocation", "JsonElement", "JsonDocument", "JsonNode",
    "JsonObject", "JsonSerializer", "JsonSerializerOptions", "JsonSerializerDefaults", "JsonException",
    "JsonTokenType", "Utf8JsonReader", "Utf8JsonWriter", "JsonConverter", "JsonPropertyName", "JsonExtensionData",
    "JsonUnmappedMemberHandling", "List", "Dictionary", "IDictionary", "KeyValuePair", "StringComparer", "Func",
    "Task", "CancellationToken", "ArgumentNullException", "Type", "Enum", "TEnum", "T", "AIFunctionDeclaration",
    "JsonIgnore", "JsonConverterFactory", "IEquatable", "EqualityComparer", "HashCode", "Activator",
}


# -- helpers ------------------------------------------------------------------------------------------------------


def parse(text: str) -> tree_sitter.Node:
    return tree_sitter.Parser(CSHARP).parse(text.encode("utf-8")).root_node


def source(node: tree_sitter.Node) -> str:
    return node.text.decode("utf-8")


def walk(node: tree_sitter.Node):
    yield node
    for child in node.children:
        yield from walk(child)


def of_type(node: tree_sitter.Node, *types: str) -> list[tree_sitter.Node]:
    return [n for n in walk(node) if n.type in types]


def syntax_errors(root: tree_sitter.Node) -> list[str]:
    return [f"{n.start_point[0] + 1}:{n.start_point[1] + 1} {n.type}" for n in walk(root) if n.is_error or n.is_missing]


def _code_units(char: str) -> list[int]:
    encoded = char.encode("utf-16-le", errors="surrogatepass")
    return [int.from_bytes(encoded[k:k + 2], "little") for k in range(0, len(encoded), 2)]


def _utf16(units: list[int]) -> str:
    data = b"".join(unit.to_bytes(2, "little") for unit in units)
    return data.decode("utf-16-le", errors="surrogatepass")


_SIMPLE = {"'": 0x27, '"': 0x22, "\\": 0x5C, "0": 0, "a": 7, "b": 8, "f": 12, "n": 10, "r": 13, "t": 9, "v": 11}
_LINE_BREAKS = {"\r", "\n", "\x85", "\u2028", "\u2029"}


def decode_csharp_string(literal: str) -> str:
    """The value of a C# regular, verbatim or raw string literal, rejecting anything C# would reject."""
    if literal.startswith('"""'):
        return _decode_raw(literal)
    if literal.startswith('@"'):
        body = literal[2:-1]
        assert re.fullmatch(r'(?:[^"]|"")*', body), literal
        return body.replace('""', '"')
    assert literal.startswith('"') and literal.endswith('"') and len(literal) >= 2, literal
    body, units, i = literal[1:-1], [], 0
    while i < len(body):
        char = body[i]
        assert char not in _LINE_BREAKS, f"raw line break in a regular string literal: {literal!r}"
        assert char != '"', f"unescaped quote in {literal!r}"
        if char != "\\":
            units.extend(_code_units(char))
            i += 1
            continue
        kind = body[i + 1]
        if kind in _SIMPLE:
            units.append(_SIMPLE[kind])
            i += 2
        elif kind == "u":
            digits = body[i + 2:i + 6]
            assert re.fullmatch(r"[0-9A-Fa-f]{4}", digits), literal
            units.append(int(digits, 16))
            i += 6
        elif kind == "U":
            digits = body[i + 2:i + 10]
            assert re.fullmatch(r"[0-9A-Fa-f]{8}", digits), literal
            code = int(digits, 16)
            assert code <= 0x10FFFF, literal
            units.extend(_code_units(chr(code)))
            i += 10
        elif kind == "x":
            digits = re.match(r"[0-9A-Fa-f]{1,4}", body[i + 2:])
            assert digits, literal
            units.append(int(digits.group(0), 16))
            i += 2 + len(digits.group(0))
        else:
            raise AssertionError(f"invalid escape \\{kind} in {literal!r}")
    return _utf16(units)


def _decode_raw(literal: str) -> str:
    quotes = len(literal) - len(literal.lstrip('"'))
    assert literal.endswith('"' * quotes), literal
    inner = literal[quotes:-quotes]
    if "\n" not in inner:  # single-line form
        assert inner and not inner.startswith('"') and not inner.endswith('"'), literal
        return inner
    first, *lines = inner.split("\n")
    assert not first.strip(), f"content on the opening line of a multi-line raw string: {literal!r}"
    closing = lines.pop()
    assert not closing.strip(), f"content on the closing line of a multi-line raw string: {literal!r}"
    content = []
    for line in lines:
        if not line.strip():
            content.append("")
            continue
        assert line.startswith(closing), f"raw string line not indented like its closing delimiter: {line!r}"
        content.append(line[len(closing):])
    value = "\n".join(content)
    assert '"' * quotes not in value, "the content would end the raw string early"
    return value


def initializer(creation: tree_sitter.Node) -> dict[str, tree_sitter.Node]:
    """`new X { A = …, B = … }` → {"A": node of the value, …}."""
    init = creation.child_by_field_name("initializer")
    assert init is not None, source(creation)
    members = {}
    for assignment in init.named_children:
        assert assignment.type == "assignment_expression", source(assignment)
        name = source(assignment.child_by_field_name("left"))
        assert name not in members, f"{name} set twice"
        members[name] = assignment.child_by_field_name("right")
    return members


def creations(root: tree_sitter.Node, type_name: str) -> list[tree_sitter.Node]:
    return [
        node for node in of_type(root, "object_creation_expression")
        if source(node.child_by_field_name("type")) == type_name
    ]


def attribute_args(declaration: tree_sitter.Node, name: str) -> list[list[str]]:
    """The argument texts of each `[name(…)]` attribute directly on `declaration`."""
    found = []
    for attribute_list in (c for c in declaration.children if c.type == "attribute_list"):
        for attribute in (a for a in attribute_list.named_children if a.type == "attribute"):
            if source(attribute.child_by_field_name("name")) == name:
                args = [a for a in of_type(attribute, "attribute_argument")]
                found.append([source(a) for a in args])
    return found


def declared_name(node: tree_sitter.Node) -> str:
    return source(node.child_by_field_name("name"))


# -- generated output, once per session ------------------------------------------------------------------------------


@cache
def outputs() -> dict[str, str]:
    tools, _ = load_tools(ALL_SPEC_DIRS)
    rendered, _ = render_outputs(tools, ["dotnet"])
    return {path.removeprefix("dotnet/"): text for path, text in rendered.items()}


@cache
def trees() -> dict[str, tree_sitter.Node]:
    return {path: parse(text) for path, text in outputs().items()}


@cache
def specs() -> dict[str, object]:
    loaded, problems = load_specs(ALL_SPEC_DIRS)
    assert not [p for p in problems if p.is_error]
    return {item.spec.name: item.spec for item in loaded}


@cache
def spec_files() -> dict[str, str]:
    """Tool name → its spec path as the loader names it (what the header must show)."""
    return {item.spec.name: item.file for item in load_specs(ALL_SPEC_DIRS)[0]}


@cache
def tool_files() -> dict[str, str]:
    """Tool name → path of its file, found through the `Name = "…"` it passes to AIFunctionFactoryOptions."""
    files = {}
    for path, root in trees().items():
        for creation in creations(root, "AIFunctionFactoryOptions"):
            name = decode_csharp_string(source(initializer(creation)["Name"]))
            assert name not in files, f"{name} is defined twice"
            files[name] = path
    return files


def tool_params():
    return [pytest.param(name, id=name) for name in sorted(specs())]


# -- files and syntax ---------------------------------------------------------------------------------------------


def test_one_file_per_tool_plus_the_support_and_handlers_files():
    assert sorted(tool_files()) == sorted(specs())
    assert sorted(outputs()) == sorted([*tool_files().values(), dotnet_names.SUPPORT_FILE, "ToolHandlers.cs"])
    # the tool named `tool_handlers` (tests/edge_specs) does not take the folder's file or record name
    assert tool_files()["tool_handlers"] == "ToolHandlers2.cs"


def test_tool_handlers_is_a_positional_record_whose_all_creates_every_tool():
    text = outputs()["ToolHandlers.cs"]
    assert "public sealed record ToolHandlers(\n" in text
    assert "    Func<ClearContextParams, ToolInvocation, CancellationToken, Task<object?>> ClearContext,\n" in text
    assert "    Func<ToolInvocation, CancellationToken, Task<object?>> Ping,\n" in text
    assert "    public static List<AIFunctionDeclaration> All(ToolHandlers handlers)\n" in text
    creates = re.findall(r"^            (\w+)\.Create\(handlers\.\w+\),$", text, re.M)
    assert len(creates) == len(specs())


@pytest.mark.parametrize("path", sorted(outputs()))
def test_every_file_parses_without_error_nodes(path):
    assert not syntax_errors(trees()[path]), (path, syntax_errors(trees()[path])[:10])


def test_the_syntax_check_catches_broken_code():
    assert syntax_errors(parse("class C { void M( }\n"))
    assert syntax_errors(parse("namespace A;\npublic sealed record R\n{\n    public string X { get; init }\n}\n"))
    assert syntax_errors(parse('class C { string s = "unterminated; }\n'))


@pytest.mark.parametrize("path", sorted(outputs()))
def test_header_marks_the_file_generated(path):
    text = outputs()[path]
    lines = text.splitlines()
    assert lines[0] == "// <auto-generated>" and lines[2] == "// </auto-generated>"
    assert "Code generated by toolgen" in lines[1] and "DO NOT EDIT." in lines[1]
    assert "#nullable enable" in lines[3:6]
    assert re.search(r"^namespace Copilot\.Tools;$", text, re.M)
    assert text.endswith("}\n") and not text.endswith("\n\n")
    assert not re.search(r"[ \t]+$", text, re.M), "trailing whitespace"
    assert "\t" not in text and "\r" not in text


@pytest.mark.parametrize("name", tool_params())
def test_header_names_the_spec(name):
    assert outputs()[tool_files()[name]].splitlines()[1] == (
        f"// Code generated by toolgen from {spec_files()[name]}. DO NOT EDIT."
    )


def test_output_has_only_printable_characters():
    """Hostile descriptions (NUL, bidi overrides, U+2028) reach the source only as escapes."""
    for path, text in outputs().items():
        odd = {hex(ord(c)) for c in text if c != "\n" and not (c == " " or c.isprintable())}
        assert not odd, (path, odd)


# -- the factory --------------------------------------------------------------------------------------------------


def _create_method(root: tree_sitter.Node) -> tree_sitter.Node:
    methods = [m for m in of_type(root, "method_declaration") if declared_name(m) == "Create"]
    assert len(methods) == 1
    return methods[0]


@pytest.mark.parametrize("name", tool_params())
def test_factory_defines_the_tool_with_name_description_and_exactly_the_set_options(name):
    spec = specs()[name]
    root = trees()[tool_files()[name]]
    create = _create_method(root)
    calls = [c for c in of_type(create, "invocation_expression")
             if source(c.child_by_field_name("function")) == "CopilotTool.DefineTool"]
    assert len(calls) == 1

    (factory,) = creations(create, "AIFunctionFactoryOptions")
    members = initializer(factory)
    assert set(members) == {"Name", "Description"}
    assert decode_csharp_string(source(members["Name"])) == spec.name
    assert decode_csharp_string(source(members["Description"])) == spec.description

    options = creations(create, "CopilotToolOptions")
    set_options = initializer(options[0]) if options else {}
    expected = {}
    if spec.overrides_built_in_tool:
        expected["OverridesBuiltInTool"] = "true"
    if spec.skip_permission:
        expected["SkipPermission"] = "true"
    if spec.is_terminal:
        expected["IsTerminal"] = "true"
    if spec.defer is not None:
        expected["Defer"] = {"auto": "CopilotToolDefer.Auto", "never": "CopilotToolDefer.Never"}[spec.defer]
    if spec.metadata:
        expected["Metadata"] = "metadata"
    actual = {key: source(value) for key, value in set_options.items()}
    if "Metadata" in actual:
        actual["Metadata"] = "metadata"
    assert actual == expected
    assert len(options) == (1 if expected else 0), "CopilotToolOptions only when an option is set"


@pytest.mark.parametrize("name", [n for n in tool_params() if specs()[n.values[0]].metadata])
def test_metadata_literal_decodes_to_the_spec_metadata(name):
    (options,) = creations(_create_method(trees()[tool_files()[name]]), "CopilotToolOptions")
    call = initializer(options)["Metadata"]
    assert source(call.child_by_field_name("function")) == "RawSchemaFunction.ParseMetadata"
    (literal,) = [a for a in of_type(call, "raw_string_literal", "string_literal", "verbatim_string_literal")]
    decoded = json.loads(decode_csharp_string(source(literal)))
    assert decoded == specs()[name].metadata
    assert json.dumps(decoded) == json.dumps(specs()[name].metadata)  # same key order too


@pytest.mark.parametrize("name", tool_params())
def test_raw_schema_literal_decodes_to_the_spec_parameters(name):
    spec = specs()[name]
    root = trees()[tool_files()[name]]
    schema_properties = [p for p in of_type(root, "property_declaration") if declared_name(p) == "ParametersSchema"]
    wraps = creations(_create_method(root), "RawSchemaFunction")
    if spec.parameters is None:
        assert not schema_properties and not wraps, "a tool without parameters keeps the SDK's own schema"
        return
    (schema_property,) = schema_properties
    value = schema_property.child_by_field_name("value")
    assert source(value.child_by_field_name("function")) == "RawSchemaFunction.ParseSchema"
    (literal,) = of_type(value, "raw_string_literal")
    decoded = json.loads(decode_csharp_string(source(literal)))
    assert decoded == spec.parameters
    assert json.dumps(decoded) == json.dumps(spec.parameters)  # same key order too, byte-exact strings
    (wrap,) = wraps
    assert [source(a) for a in wrap.child_by_field_name("arguments").named_children] == ["function", "ParametersSchema"]


@pytest.mark.parametrize("name", tool_params())
def test_handler_is_typed_with_the_parameters_record(name):
    spec = specs()[name]
    create = _create_method(trees()[tool_files()[name]])
    (parameter,) = of_type(create.child_by_field_name("parameters"), "parameter")
    handler_type = source(parameter.child_by_field_name("type"))
    if spec.parameters is None:
        assert handler_type == "Func<ToolInvocation, CancellationToken, Task<object?>>"
    else:
        match = re.fullmatch(r"Func<(\w+), ToolInvocation, CancellationToken, Task<object\?>>", handler_type)
        assert match, handler_type
        records = [r for r in of_type(trees()[tool_files()[name]], "record_declaration")
                   if declared_name(r) == match.group(1)]
        assert len(records) == 1
        bound = [c for c in of_type(create, "generic_name") if source(c).startswith("BindArguments<")]
        assert [source(b) for b in bound] == [f"BindArguments<{match.group(1)}>"]
        lambda_parameters = [source(p) for p in of_type(create, "lambda_expression")[0]
                             .child_by_field_name("parameters").named_children]
        assert lambda_parameters == ["AIFunctionArguments arguments", "ToolInvocation invocation",
                                     "CancellationToken cancellationToken"]


# -- records and enums --------------------------------------------------------------------------------------------


@cache
def model() -> tuple[list[ir.Tool], dotnet_names.FolderNames]:
    tools, _ = load_tools(ALL_SPEC_DIRS)
    return tools, dotnet_names.name_folder(tools, dotnet.DEFAULT_NAMESPACE, Reporter())


def _records(root: tree_sitter.Node) -> dict[str, tree_sitter.Node]:
    return {declared_name(r): r for r in of_type(root, "record_declaration")}


@pytest.mark.parametrize("name", tool_params())
def test_every_property_carries_its_wire_name(name):
    tools, names = model()
    tool = next(t for t in tools if t.name == name)
    records = _records(trees()[tool_files()[name]])
    structs = [d for d in tool.decls if isinstance(d, ir.StructDecl)]
    assert sorted(records) == sorted(names.types[name][s.name] for s in structs)
    for struct in structs:
        record = records[names.types[name][struct.name]]
        wire_names, extension = [], 0
        for prop in of_type(record, "property_declaration"):
            json_names = attribute_args(prop, "JsonPropertyName")
            if attribute_args(prop, "JsonExtensionData"):
                assert not json_names
                extension += 1
                continue
            assert len(json_names) == 1 and len(json_names[0]) == 1, source(prop)
            wire_names.append(decode_csharp_string(json_names[0][0]))
        assert wire_names == [f.wire_name for f in struct.fields]
        assert extension == (0 if isinstance(struct.additional, str) else 1)
        closed = attribute_args(record, "JsonUnmappedMemberHandling")
        assert closed == ([["JsonUnmappedMemberHandling.Disallow"]] if struct.additional == "closed" else [])


def _fields_and_properties(name: str):
    """(field, property_declaration) of every named property of every record of one tool."""
    tools, names = model()
    tool = next(t for t in tools if t.name == name)
    records = _records(trees()[tool_files()[name]])
    for struct in (d for d in tool.decls if isinstance(d, ir.StructDecl)):
        props = [p for p in of_type(records[names.types[name][struct.name]], "property_declaration")
                 if not attribute_args(p, "JsonExtensionData")]
        yield from zip(struct.fields, props, strict=True)


@pytest.mark.parametrize("name", tool_params())
def test_required_properties_use_the_required_modifier(name):
    for field, prop in _fields_and_properties(name):
        modifiers = [source(m) for m in prop.children if m.type == "modifier"]
        assert ("required" in modifiers) == field.required, source(prop)
        type_text = source(prop.child_by_field_name("type"))
        if field.null_differs_from_absent:
            continue  # Optional<T?>: test_null_differs_from_absent_exactly_where_the_schema_says
        if not field.required and prop.child_by_field_name("value") is None:
            assert type_text.endswith("?"), f"optional {field.wire_name} without a default must be nullable"


OMIT_ABSENT = [["Condition = JsonIgnoreCondition.WhenWritingDefault"]]


@pytest.mark.parametrize("name", tool_params())
def test_null_differs_from_absent_exactly_where_the_schema_says(name):
    """No .NET SDK here to run it (syntax and structure only): exactly the optional nullable properties without
    a default (ir.Field.null_differs_from_absent) are an `Optional<T?>`, whose default value is "left out" and
    which a left-out property keeps; each is left out again when the record is written."""
    for field, prop in _fields_and_properties(name):
        type_text = source(prop.child_by_field_name("type"))
        wrapped = type_text.startswith("Optional<")
        assert wrapped == field.null_differs_from_absent, source(prop)
        assert (attribute_args(prop, "JsonIgnore") == OMIT_ABSENT) == wrapped, source(prop)
        if wrapped:
            assert type_text.endswith("?>") and prop.child_by_field_name("value") is None, source(prop)


def test_the_presence_type_reads_null_and_keeps_absent():
    """Optional<T> and its converter are declared once, in the support file, with HandleNull so that a JSON null
    reaches Read (present, null) while a left-out property never does (absent)."""
    root = trees()[dotnet_names.SUPPORT_FILE]
    structs = {declared_name(s): s for s in of_type(root, "struct_declaration")}
    classes = {declared_name(c): c for c in of_type(root, "class_declaration")}
    assert attribute_args(structs["Optional"], "JsonConverter") == [["typeof(OptionalConverterFactory)"]]
    converter = source(classes["OptionalConverter"])
    assert "public override bool HandleNull => true;" in converter
    assert "JsonConverter<Optional<T>>" in converter
    members = source(structs["Optional"])
    for member in ("public bool IsPresent { get; }", "public T Value { get; }", "public Optional(T value)"):
        assert member in members
    wrapped = sum(text.count("public Optional<") for path, text in outputs().items() if path != dotnet_names.SUPPORT_FILE)
    assert wrapped >= 4


def test_string_enums_map_exactly_the_spec_values():
    tools, names = model()
    checked = 0
    for tool in tools:
        root = trees()[tool_files()[tool.name]]
        enums = {declared_name(e): e for e in of_type(root, "enum_declaration")}
        classes = {declared_name(c): c for c in of_type(root, "class_declaration")}
        for decl in (d for d in tool.decls if isinstance(d, ir.EnumDecl)):
            plan = dotnet_types.enum_plan(decl)
            if plan.style == "scalar":
                assert pascal_name(decl) not in enums
                continue
            enum = enums[names.types[tool.name][decl.name]]
            members = [source(m) for m in of_type(enum, "enum_member_declaration")]
            assert len(members) == len(decl.members)
            if plan.style == "integer":
                assert [int(m.split(" = ")[1]) for m in members] == [m.value for m in decl.members]
                assert not attribute_args(enum, "JsonConverter")
                continue
            converter = names.converters[tool.name][decl.name]
            assert attribute_args(enum, "JsonConverter") == [[f"typeof({converter})"]]
            base = classes[converter].child_by_field_name("bases") or next(
                c for c in classes[converter].children if c.type == "base_list")
            assert source(base) == f": WireEnumConverter<{declared_name(enum)}>"
            tuples = of_type(classes[converter], "tuple_expression")
            pairs = [(source(t.named_children[0]), decode_csharp_string(source(t.named_children[1]))) for t in tuples]
            member_names = [m.split(" = ")[0] for m in members]
            assert pairs == [(f"{declared_name(enum)}.{m}", d.value) for m, d in zip(member_names, decl.members)]
            checked += 1
    assert checked >= 5


def pascal_name(decl: ir.Decl) -> str:
    return "".join(word[:1].upper() + word[1:] for word in decl.name)


def test_defaults_become_initializers_of_the_right_kind():
    root = trees()[tool_files()["defaults"]]
    values = {
        declared_name(p): source(p.child_by_field_name("value"))
        for p in of_type(root, "property_declaration") if p.child_by_field_name("value") is not None
    }
    assert values == {
        "AString": '"hello"', "AnInteger": "42", "ANegative": "-7", "ABigInteger": "9007199254740993",
        "ANumber": "2.5", "AWholeNumber": "2.0", "ABoolean": "true", "AnArray": "[1, 2, 3]",
        "AMap": 'new() { ["k"] = "v" }', "AnEnum": "DefaultsAnEnum.B", "ParametersSchema": values["ParametersSchema"],
    }
    # Objects are not rendered as C# initializers: the property stays nullable and documents its default.
    assert "Default when omitted: <c>{\"x\": 1}</c>." in outputs()[tool_files()["defaults"]]


# -- identifiers --------------------------------------------------------------------------------------------------

IDENTIFIER = re.compile(r"@?[A-Za-z_][A-Za-z0-9_]*")


def _declarations(root: tree_sitter.Node, *types: str) -> list[str]:
    return [declared_name(n) for n in of_type(root, *types)]


def test_identifiers_are_valid_and_unique():
    all_types: list[str] = []
    for path, root in trees().items():
        types = _declarations(root, "class_declaration", "record_declaration", "enum_declaration")
        all_types += types
        for record in of_type(root, "record_declaration", "class_declaration"):
            members = [declared_name(p) for p in of_type(record, "property_declaration")
                       if p.parent.parent == record]
            assert len(members) == len(set(members)), (path, declared_name(record), members)
            assert declared_name(record) not in members
        for enum in of_type(root, "enum_declaration"):
            members = _declarations(enum, "enum_member_declaration")
            assert len(members) == len(set(members)), (path, members)
        for name in types + _declarations(root, "property_declaration", "enum_member_declaration"):
            assert IDENTIFIER.fullmatch(name), name
            bare = name.removeprefix("@")
            assert name.startswith("@") or bare not in dotnet_syntax.KEYWORDS | dotnet_syntax.CONTEXTUAL_KEYWORDS, name
            assert bare not in dotnet_names.RECORD_MEMBER_NAMES, name
    assert len(all_types) == len(set(all_types)), "a type is declared twice in the folder"
    assert not set(all_types) & (dotnet_names.REFERENCED_TYPE_NAMES - set(dotnet_names.SUPPORT_TYPES))


_TYPE_POSITIONS = {
    ("property_declaration", "type"), ("parameter", "type"), ("variable_declaration", "type"),
    ("object_creation_expression", "type"), ("method_declaration", "returns"), ("nullable_type", "type"),
    ("attribute", "name"), ("typeof_expression", "type"),
}


def _type_references(root: tree_sitter.Node) -> set[str]:
    """Every simple type name used in a type position (property/parameter/variable types, generics, attributes)."""
    found = set()
    for node in walk(root):
        for index, child in enumerate(node.children):
            field = node.field_name_for_child(index)
            generic_type = node.type == "generic_name" and node.parent.type != "member_access_expression"
            if child.type == "identifier" and ((node.type, field) in _TYPE_POSITIONS or generic_type
                                              or node.type in ("type_argument_list", "base_list")):
                found.add(source(child))
            if child.type == "primary_constructor_base_type" or node.type == "base_list":
                found |= {source(i) for i in of_type(child, "identifier")}
    return found


def test_every_named_type_is_declared_or_known():
    declared = set()
    for root in trees().values():
        declared |= set(
            _declarations(root, "class_declaration", "record_declaration", "enum_declaration", "struct_declaration")
        )
    for path, root in trees().items():
        unknown = _type_references(root) - declared - EXTERNAL_TYPES
        assert not unknown, (path, unknown)


def test_enum_member_references_exist():
    """`Enum.Member` in initializers and converters names a member the enum declares."""
    members = {}
    for root in trees().values():
        for enum in of_type(root, "enum_declaration"):
            members[declared_name(enum)] = set(_declarations(enum, "enum_member_declaration"))
    for path, root in trees().items():
        for access in of_type(root, "member_access_expression"):
            owner = source(access.child_by_field_name("expression"))
            if owner in members:
                assert source(access.child_by_field_name("name")) in members[owner], (path, source(access))


# -- usings -------------------------------------------------------------------------------------------------------

_USING_NEEDS = {
    "System.Collections.Generic": re.compile(r"\b(List|Dictionary)<"),
    "System.Text.Json": re.compile(r"\bJsonElement\b"),
    "System.Text.Json.Serialization": re.compile(r"\[Json(PropertyName|Converter|ExtensionData|UnmappedMember)"),
}


@pytest.mark.parametrize("name", tool_params())
def test_usings_are_sorted_and_exactly_what_the_file_needs(name):
    text = outputs()[tool_files()[name]]
    usings = re.findall(r"^using ([\w.]+);$", text, re.M)
    system = [u for u in usings if u == "System" or u.startswith("System.")]
    assert usings == sorted(system) + sorted(u for u in usings if u not in system)
    body = text.split("namespace ", 1)[1]
    for namespace, pattern in _USING_NEEDS.items():
        assert (namespace in usings) == bool(pattern.search(body)), namespace
    always = {"System", "System.Threading", "System.Threading.Tasks", "GitHub.Copilot", "Microsoft.Extensions.AI"}
    assert always <= set(usings)


# -- warnings and options -----------------------------------------------------------------------------------------


def test_colliding_property_names_are_renamed_with_a_located_warning():
    tools, _ = load_tools(ALL_SPEC_DIRS)
    outputs_, warnings = render_outputs(tools, ["dotnet"])
    renamed = [w for w in warnings if "colliding_casings" in w.file]
    assert [(w.line, w.severity) for w in renamed] == [(7, "warning"), (8, "warning"), (9, "warning"), (10, "warning")]
    assert all(w.message.startswith('dotnet: property "') for w in renamed)
    text = outputs_["dotnet/CollidingCasings.cs"]
    for identifier in ("UserId", "UserId2", "UserId3", "UserId4", "UserId5"):
        assert f" {identifier} {{ get; init; }}" in text
    to_string = [w for w in warnings if "reserved_words" in w.file and "toString" in w.message]
    assert len(to_string) == 1 and "ToString2" in to_string[0].message


def _tool(name: str, params: ir.Words | None = None, decls: tuple = ()) -> ir.Tool:
    return ir.Tool(name=name, words=identifier_words(name), source=f"specs/{name}.yaml", description="d",
                   options=ir.Options(), wire_parameters={"type": "object"} if params else None, params=params,
                   decls=decls)


def test_type_names_never_shadow_sdk_types_or_each_other():
    copilot = _tool("copilot")  # CopilotTool is the SDK's class
    support = _tool("raw_schema_function")  # the support file and class
    params = ("a", "b", "params")
    twins = [_tool("a-b", params, (ir.StructDecl(params, None, ()),)),
             _tool("a_b", params, (ir.StructDecl(params, None, ()),))]
    report = Reporter()
    names = dotnet_names.name_folder([copilot, support, *twins], dotnet.DEFAULT_NAMESPACE, report)
    assert names.tool_classes == {"copilot": "CopilotTool2", "raw_schema_function": "RawSchemaFunction2Tool",
                                  "a-b": "ABTool", "a_b": "AB2Tool"}
    assert names.file_stems == {"copilot": "Copilot", "raw_schema_function": "RawSchemaFunction2",
                                "a-b": "AB", "a_b": "AB2"}
    assert names.types["a-b"][params] == "ABParams" and names.types["a_b"][params] == "ABParams2"
    messages = [d.message for d in report.diagnostics]
    assert any("CopilotTool2" in m for m in messages) and any("RawSchemaFunction2.cs" in m for m in messages)
    assert all(d.severity == "warning" for d in report.diagnostics)


def test_namespace_is_configurable_and_validated():
    tools, _ = load_tools(ALL_SPEC_DIRS)
    tool_file, support, handlers = dotnet.TARGET.plan(tools[:1], {"namespace": "Acme.Agent.Tools"}, Reporter())
    assert support.path == dotnet_names.SUPPORT_FILE and support.context["namespace"] == "Acme.Agent.Tools"
    assert handlers.context["namespace"] == "Acme.Agent.Tools"
    assert tool_file.context["namespace"] == "Acme.Agent.Tools"
    assert dotnet.TARGET.plan(tools[:1], {}, Reporter())[-1].context["namespace"] == "Copilot.Tools"
    for bad in ("", "Acme..Tools", "Acme.class", "1Acme", "Acme-Tools", 42):
        with pytest.raises(ConfigError):
            dotnet.TARGET.plan(tools[:1], {"namespace": bad}, Reporter())


def test_type_map_covers_every_type_kind():
    assert set(dotnet_types.TYPE_MAP) == set(ir.TYPE_KINDS)
    assert set(dotnet_types.SCALAR_TYPES) == set(ir.SCALAR_KINDS)


def test_recursive_alias_stops_at_json_element():
    loop = ("t", "loop")
    tool = _tool("t", None, (ir.AliasDecl(loop, None, ir.ArrayType(ir.NamedType(loop)), recursive=True),))
    mapper = dotnet_types.TypeMapper(tool, {})
    assert mapper.resolve(ir.NamedType(loop)).text == "List<JsonElement>"


# -- escaping tables ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "escaped"),
    [
        ("Title", "Title"),
        ("class", "@class"),
        ("string", "@string"),
        ("record", "@record"),
        ("var", "@var"),
        ("value", "@value"),
        ("field", "@field"),
        ("Class", "Class"),
        ("_x", "_x"),
        ("U540dU524d", "U540dU524d"),
    ],
)
def test_escape_identifier(name, escaped):
    assert dotnet_syntax.escape_identifier(name) == escaped


@pytest.mark.parametrize(
    ("text", "literal"),
    [
        ("plain", '"plain"'),
        ("", '""'),
        ('say "hi"', r'"say \"hi\""'),
        ("back\\slash", r'"back\\slash"'),
        ("a\nb\r\tc", r'"a\nb\r\tc"'),
        ("nul\0", r'"nul\0"'),
        ("\x01\x7f\x85", r'"\u0001\u007F\u0085"'),
        ("\u2028\u2029", r'"\u2028\u2029"'),
        ("bidi \u202e x", r'"bidi \u202E x"'),
        ("\ufeffbom", r'"\uFEFFbom"'),
        ("名前 é 😀", '"名前 é 😀"'),
        ("\U000e0001", r'"\U000E0001"'),  # an astral format character: \U, not a surrogate pair
        ("{x} ${y} {{z}}", '"{x} ${y} {{z}}"'),
        ("\\u0041", r'"\\u0041"'),
        ("\x001", r'"\01"'),  # \0 is one character, then the digit (no octal or \x swallowing)
    ],
)
def test_string_literal(text, literal):
    assert dotnet_syntax.string_literal(text) == literal
    assert decode_csharp_string(literal) == text
    assert not syntax_errors(parse(f"class C {{ string s = {literal}; }}\n"))


def _raw_string(text: str, depth: int) -> str:
    """A raw string literal of JSON text as tool.cs.j2 writes it: every line indented `depth` spaces."""
    margin = " " * depth
    return f'{margin}"""\n{margin}' + text.replace("\n", "\n" + margin) + f'\n{margin}"""'


@pytest.mark.parametrize(
    "value",
    [
        {"type": "object"},
        {"a": "\"\"\"", "b": ['"', '""', "\\"]},
        {"ctrl": "\x00\x01\x1f\x7f\x85", "bidi": "\u202e\u2066", "lines": "a\u2028b\nc"},
        {"emoji": "😀", "cjk": "名前", "astral format": "\U000e0001"},
        {"nested": [{"x": [1, 2.5, None, True]}, [], {}], "empty": ""},
        {"big": 9007199254740993, "float": 1000.0, "neg": -0.5},
    ],
)
def test_json_in_a_raw_string_literal_round_trips(value):
    text = dotnet_syntax.json_text(value)
    assert all(c == "\n" or c == " " or c.isprintable() for c in text)
    literal = _raw_string(text, 8)
    decoded = decode_csharp_string(literal.strip())
    assert json.loads(decoded) == value
    assert not syntax_errors(parse(f"class C\n{{\n    string s =\n{literal};\n}}\n"))


@pytest.mark.parametrize(
    ("paragraphs", "lines"),
    [
        (["One line."], ["/// <summary>", "/// One line.", "/// </summary>"]),
        ([None, "  "], []),
        (["a < b & c > d"], ["/// <summary>", "/// a &lt; b &amp; c &gt; d", "/// </summary>"]),
        (
            ["two\nlines\r\n\nand a gap  "],
            ["/// <summary>", "/// two", "/// lines", "/// <para>and a gap</para>", "/// </summary>"],
        ),
        (["first", "second"], ["/// <summary>", "/// first", "/// <para>second</para>", "/// </summary>"]),
        (
            ["Intro `a<b`:\n        - one\n        - two\n\n            x = 1"],
            [
                "/// <summary>",
                "/// Intro <c>a&lt;b</c>:",
                '/// <list type="bullet">',
                "/// <item><description>one</description></item>",
                "/// <item><description>two</description></item>",
                "/// </list>",
                "/// <code>",
                "/// x = 1",
                "/// </code>",
                "/// </summary>",
            ],
        ),  # the docstring-style indentation removed; a list, a code block and a code span
        (
            ["1. a\n2. b"],
            [
                "/// <summary>",
                '/// <list type="number">',
                "/// <item><description>a</description></item>",
                "/// <item><description>b</description></item>",
                "/// </list>",
                "/// </summary>",
            ],
        ),
        (["bidi \u202e nul \0"], ["/// <summary>", "/// bidi \\u202E nul \\u0000", "/// </summary>"]),
        ([dotnet_doc.Xml(f"uses {dotnet_doc.code('a<b')}")], ["/// <summary>", "/// uses <c>a&lt;b</c>", "/// </summary>"]),
    ],
)
def test_doc_comment(paragraphs, lines):
    assert dotnet_doc.doc_comment(paragraphs) == lines


def test_doc_comment_inline_form():
    assert dotnet_doc.doc_comment([dotnet_doc.code('"low"')], inline=True) == ['/// <summary><c>"low"</c></summary>']


@pytest.mark.parametrize(
    ("value", "scalar", "literal"),
    [
        ("x", "string", '"x"'),
        (True, "boolean", "true"),
        (1, "boolean", None),
        (7, "integer", "7"),
        (7.0, "integer", "7"),
        (7.5, "integer", None),
        (2**63, "integer", None),
        (True, "integer", None),
        (30, "number", "30"),
        (2**64, "number", "1.8446744073709552e+19"),
        (1e-05, "number", "1e-05"),
        ("1", "number", None),
    ],
)
def test_scalar_literal(value, scalar, literal):
    assert dotnet_types.scalar_literal(value, scalar) == literal


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(), children, max_size=4),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_any_text_round_trips_through_a_string_literal(text):
    literal = dotnet_syntax.string_literal(text)
    assert decode_csharp_string(literal) == text
    assert all(c == " " or c.isprintable() for c in literal)


@settings(max_examples=100, deadline=None)
@given(_JSON)
def test_any_json_round_trips_through_a_raw_string_literal(value):
    literal = _raw_string(dotnet_syntax.json_text(value), 12)
    assert json.loads(decode_csharp_string(literal.strip())) == value


@settings(max_examples=100, deadline=None)
@given(st.lists(st.none() | st.text(), max_size=3))
def test_doc_comments_are_always_well_formed(paragraphs):
    lines = dotnet_doc.doc_comment(paragraphs)
    assert all(line == "///" or line.startswith("/// ") for line in lines)
    assert all(c == " " or c.isprintable() for line in lines for c in line)
    if lines:
        ElementTree.fromstring("\n".join(line[4:] for line in lines))  # well-formed XML: the text is escaped


def test_nullable_items_keep_null_in_a_default_list():
    tool = _tool("t")
    renderer = dotnet_types.DefaultRenderer(tool, {}, {})
    items = ir.ArrayType(ir.NullableType(ir.ScalarType("string")))
    assert renderer.render(["a", None], items) == '["a", null]'
    assert renderer.render(["a", None], ir.ArrayType(ir.ScalarType("string"))) is None
    assert renderer.render({"k": [1]}, ir.MapType(ir.ArrayType(ir.ScalarType("integer")))) == 'new() { ["k"] = [1] }'
    assert renderer.render({}, ir.MapType(ir.ScalarType("integer"))) == "new()"
    assert renderer.render({"x": 1}, ir.AnyType()) is None


# -- determinism --------------------------------------------------------------------------------------------------


def test_rendering_is_deterministic_across_runs_and_hash_seeds():
    script = (
        "import json,sys; from pathlib import Path; from codegen.run.generate import load_tools, render_outputs;"
        "tools,_=load_tools([Path('specs'), Path('tests/edge_specs')]);"
        "out,_=render_outputs(tools, ['dotnet']); json.dump(out, sys.stdout, sort_keys=True)"
    )
    runs = []
    for seed in ("0", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        result = subprocess.run([sys.executable, "-c", script], cwd=REPO, env=env, capture_output=True, text=True,
                                timeout=300)
        assert result.returncode == 0, result.stderr
        runs.append(json.loads(result.stdout))
    assert runs[0] == runs[1]
    assert runs[0]


def test_the_decoder_rejects_what_csharp_rejects():
    for bad in ['"a\nb"', '"a"b"', r'"\q"', r'"\u12"', '"""\n x\n  """', '"""\n x\n  """x']:
        with pytest.raises(AssertionError):
            decode_csharp_string(bad)
    assert decode_csharp_string(r'"\x41\U0001F600"') == "A😀"
    assert decode_csharp_string('@"a""b"') == 'a"b'
    assert decode_csharp_string('"""\n    {\n      "a": 1\n    }\n    """') == '{\n  "a": 1\n}'


def _doc_blocks(text: str) -> list[tuple[int, str]]:
    """(first line number, XML) of every run of `///` lines in a C# file."""
    blocks: list[tuple[int, str]] = []
    run: list[str] = []
    start = 0
    for number, line in enumerate([*text.split("\n"), ""], 1):
        stripped = line.strip()
        if stripped.startswith("///"):
            if not run:
                start = number
            run.append(stripped[3:].removeprefix(" "))
        elif run:
            blocks.append((start, "\n".join(run)))
            run = []
    return blocks


def test_every_doc_comment_is_well_formed_xml():
    """Issue "Idioms", Deliver 6: the XML of every `///` block parses, over specs/, the edge specs, the hostile
    and stress corpus, the loosened specs and the real-world tools (what the real-SDK harnesses compile)."""
    tools, _ = load_tools(sdk_spec_dirs())
    outputs, _ = render_outputs(tools, ["dotnet"])
    checked = 0
    for relative, text in outputs.items():
        if not relative.endswith(".cs"):
            continue
        for line, xml in _doc_blocks(text):
            try:
                ElementTree.fromstring(f"<doc>{xml}</doc>")
            except ElementTree.ParseError as error:
                pytest.fail(f"{relative}:{line}: {error}\n{xml}")
            checked += 1
    assert checked > 1000
