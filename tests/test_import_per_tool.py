"""`toolgen import` decides per tool (issue "Real tools"): each tool that converts is written, each refused tool gets
located lines and no spec, the last line counts both, exit 2 when any was refused."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from codegen.cli import main
from codegen.spec.importer import import_tools, mapped_name
from codegen.spec.loader import load_specs

from .wire import expected_wire


def _tool(name, description="Does a thing.", schema=None, **extra):
    item = {"name": name, "description": description, "inputSchema": schema or {"type": "object", "properties": {}}}
    item.update(extra)
    return item


def _run(tmp_path: Path, document, *options: str):
    source = tmp_path / "tools.json"
    source.write_text(json.dumps(document, indent=2))
    out = tmp_path / "specs"
    result = CliRunner().invoke(main, ["import", str(source), "--out", str(out), *options])
    return result, out


def test_a_file_of_n_tools_with_one_invalid_writes_n_minus_1_specs(tmp_path):
    tools = [_tool(f"tool_{i}") for i in range(4)]
    tools[2]["inputSchema"] = {"type": "object", "properties": {"when": {"type": "dict"}}}
    result, out = _run(tmp_path, {"tools": tools})
    assert result.exit_code == 2, result.output
    assert sorted(p.name for p in out.iterdir()) == ["tool_0.yaml", "tool_1.yaml", "tool_3.yaml"]
    lines = result.output.strip().splitlines()
    # located in the input: the `type` value of tool 2's property, with the JSON pointer and the Python hint
    assert lines[0].startswith(f"{tmp_path.as_posix()}/tools.json:")
    line, column = lines[0].split(":")[1:3]
    text = (tmp_path / "tools.json").read_text().splitlines()
    assert text[int(line) - 1][int(column) - 1 :].startswith('"dict"')
    assert '/tools/2/inputSchema/properties/when/type: unknown type "dict" (did you mean "object"?)' in lines[0]
    assert lines[-1] == f"toolgen: imported 3 of 4 tools (mcp) into {out.as_posix()}/; 1 refused"
    loaded, problems = load_specs([out])
    assert not problems and len(loaded) == 3


def test_every_tool_imported_exits_0_and_counts(tmp_path):
    result, out = _run(tmp_path, {"tools": [_tool("a"), _tool("b")]})
    assert result.exit_code == 0, result.output
    assert result.output.strip().splitlines()[-1] == f"imported 2 of 2 tools (mcp) into {out.as_posix()}/"


def test_a_tool_without_description_is_refused_because_the_wire_needs_one(tmp_path):
    result, out = _run(tmp_path, {"tools": [_tool("a", description=""), _tool("b")]})
    assert result.exit_code == 2
    assert "has no description, and the wire needs one" in result.output
    assert [p.name for p in out.iterdir()] == ["b.yaml"]


def test_a_name_outside_the_pattern_is_refused_with_the_name_it_maps_to(tmp_path):
    result, out = _run(tmp_path, {"tools": [_tool("math.add"), _tool("2fa check")]})
    assert result.exit_code == 2
    assert '"math.add" is not a valid tool name' in result.output and 'imports it as "math_add"' in result.output
    assert '"2fa check" is not a valid tool name' in result.output and '"tool_2fa_check"' in result.output
    assert not out.exists() or not list(out.iterdir())


def test_map_names_applies_the_mapping_and_records_it(tmp_path):
    result, out = _run(tmp_path, {"tools": [_tool("math.add"), _tool("2fa check")]}, "--map-names")
    assert result.exit_code == 0, result.output
    text = (out / "math_add.yaml").read_text()
    assert '# name: mapped from "math.add" by --map-names' in text
    loaded, problems = load_specs([out])
    assert not problems
    assert sorted(item.spec.name for item in loaded) == ["math_add", "tool_2fa_check"]


def test_two_names_that_map_to_one_are_both_written_not_overwritten(tmp_path):
    """`a b` maps to `a_b`, the name `a.b` already took: --map-names gives it the next free one (import_names)."""
    result, out = _run(tmp_path, {"tools": [_tool("a.b"), _tool("a b")]}, "--map-names")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == ["a_b.yaml", "a_b_2.yaml"]
    note = '# name: mapped from "a b" and then from "a_b" by --map-names: "a_b" clashes with "a_b" (/tools/0)'
    assert note in (out / "a_b_2.yaml").read_text()


def test_two_names_that_map_to_one_without_map_names_are_both_refused_as_invalid(tmp_path):
    result, out = _run(tmp_path, {"tools": [_tool("a.b"), _tool("a_b"), _tool("a_b")]})
    assert result.exit_code == 2
    assert 'the tool name "a_b" clashes with "a_b" (/tools/1): two tools cannot have one name' in result.output
    assert [p.name for p in out.iterdir()] == ["a_b.yaml"]


def test_mapped_name_rules():
    assert mapped_name("get.weather now!") == "get_weather_now_"
    assert mapped_name("9lives") == "tool_9lives"
    assert mapped_name("_private") == "tool__private"
    assert len(mapped_name("x" * 100)) == 64


def test_every_mcp_field_not_carried_gets_a_comment(tmp_path):
    item = _tool(
        "list_things",
        title="List things",
        icons=[{"src": "https://example.com/i.png"}],
        execution={"taskSupport": "optional"},
        outputSchema={"type": "object"},
        _meta={"x": 1},
        annotations={"readOnlyHint": True, "title": "List", "somethingNew": 1},
    )
    result, out = _run(tmp_path, {"tools": [item]})
    assert result.exit_code == 0, result.output
    text = (out / "list_things.yaml").read_text()
    for field in ("title", "icons", "execution", "outputSchema", "_meta", "annotations.title", "annotations.somethingNew"):
        assert f"# dropped: {field}" in text, field
    assert "kept under metadata.mcpAnnotations" in text


def test_input_of_no_accepted_shape_gets_one_error_naming_the_shapes(tmp_path):
    for document in ({"foo": 1}, 42, "tools", None):
        result, out = _run(tmp_path, document)
        assert result.exit_code == 2
        errors = [line for line in result.output.splitlines() if ": error: " in line]
        assert len(errors) == 1, result.output
        assert "not a tool list; toolgen import reads an MCP tools/list result" in errors[0]
        assert "OpenAI function list" in errors[0] and "Copilot SDK wire declarations" in errors[0]
        assert "None" not in result.output


def test_no_python_none_in_any_message():
    text = json.dumps({"tools": [{"description": "No name."}, {"name": None, "description": None}, None, [1]]})
    result = import_tools(text, "t.json")
    assert result.refused == 4 and result.tools == []
    messages = [str(problem) for problem in result.problems]
    assert messages and not [m for m in messages if "None" in m], messages


def test_a_schema_that_is_not_json_schema_is_refused_with_every_problem_located():
    schema = {
        "type": "object",
        "properties": {"a": {"type": "float"}, "b": "bool", "c": {"$ref": "#/$defs/Missing"}, "d": {"$ref": "https://x/y"}},
    }
    text = json.dumps({"tools": [_tool("t", schema=schema)]}, indent=1)
    result = import_tools(text, "t.json")
    assert result.refused == 1
    messages = [problem.message for problem in result.problems]
    assert messages == [
        '/tools/0/inputSchema/properties/a/type: unknown type "float" (did you mean "number"?); one of string, '
        "integer, number, boolean, object, array, null",
        '/tools/0/inputSchema/properties/b: must be a schema (a mapping, or true or false), got "bool" '
        "(did you mean {type: boolean}?)",
        # references are checked in the same run (issue 31: every problem in one run)
        '/tools/0/inputSchema/properties/c/$ref: "#/$defs/Missing" does not resolve inside the document',
        '/tools/0/inputSchema/properties/d/$ref: "https://x/y" is not a local reference; toolgen generates from one '
        'document, so write "#/$defs/Name"',
    ]


def test_a_root_that_is_not_an_object_schema_is_refused():
    result = import_tools(json.dumps([{"name": "t", "description": "d", "parameters": {"type": "string"}}]), "t.json")
    assert result.refused == 1
    assert result.problems[0].message == '/0/parameters/type: the root must be "object", got "string"'


def test_imported_tools_keep_their_wire_schema_unchanged(tmp_path):
    schema = {
        "type": "object",
        "properties": {
            "state": {"oneOf": [{"type": "string"}, {"type": "integer"}]},
            "who": {"type": ["string", "array"], "items": {"type": "string"}},
            "when": {"type": "string", "default": None},
        },
    }
    result, out = _run(tmp_path, {"tools": [_tool("t", schema=schema)]})
    assert result.exit_code == 0, result.output
    assert result.output.count(": warning: ") == 3
    loaded, _ = load_specs([out])
    assert expected_wire(loaded[0].spec)["parameters"] == schema


def test_the_constructs_measured_in_other_public_servers_import_and_keep_their_wire(tmp_path):
    """The refusals the issue measured in servers not in ../shared/realworld, rebuilt in their published shapes."""
    tools = [
        # Playwright's browser_drop: zod 4 writes propertyNames for every z.record
        _tool("browser_drop", schema={"type": "object", "properties": {"data": {"type": "object", "propertyNames": {"type": "string"}, "additionalProperties": {"type": "string"}}}, "$schema": "http://json-schema.org/draft-07/schema#"}),
        # type: string with anyOf of two formats
        _tool("get_time", schema={"type": "object", "properties": {"at": {"type": "string", "anyOf": [{"format": "date"}, {"format": "date-time"}]}}}),
        # pydantic's Union[str, datetime, None]
        _tool("since", schema={"type": "object", "properties": {"since": {"anyOf": [{"type": "string"}, {"type": "string", "format": "date-time"}, {"type": "null"}], "default": None, "title": "Since"}}}),
        # two object shapes
        _tool("shape", schema={"type": "object", "properties": {"target": {"anyOf": [{"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}, {"type": "object", "properties": {"url": {"type": "string"}}, "required": ["url"]}]}}}),
        # a type array of several non-null types, icons and execution
        _tool("issue_write", schema={"type": "object", "properties": {"labels": {"type": ["array", "string"], "items": {"type": "string"}}}},
              icons=[{"src": "data:image/png;base64,AA=="}], execution={"taskSupport": "forbidden"}),
    ]
    result, out = _run(tmp_path, {"tools": tools})
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.output.splitlines() if ": warning: " in line]
    # exact constructs give no warning; the two unions warn once each (Go, .NET, Java loosen them)
    assert len(warnings) == 2 and all("is a typed union in TypeScript" in w for w in warnings), warnings
    loaded, problems = load_specs([out])
    assert not [p for p in problems if p.is_error]
    wires = {item.spec.name: expected_wire(item.spec)["parameters"] for item in loaded}
    assert wires == {tool["name"]: tool["inputSchema"] for tool in tools}
    text = (out / "issue_write.yaml").read_text()
    assert "# dropped: icons" in text and "# dropped: execution" in text
