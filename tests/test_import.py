"""`toolgen import`: MCP, OpenAI and Copilot wire lists become specs whose wire parameters equal the source schema."""

from __future__ import annotations

import json
from pathlib import Path

from codegen.spec.importer import detect_format, import_tools
from codegen.spec.loader import load_specs

from .wire import expected_wire

FIXTURES = Path(__file__).parent / "import_fixtures"


def _import(name):
    text = (FIXTURES / name).read_text()
    result = import_tools(text, name)
    return json.loads(text), result.fmt, result.tools, result.problems


def _round_trip(tmp_path, tools, fmt):
    for tool in tools:
        (tmp_path / tool.file_name()).write_text(tool.to_yaml("fixture.json", fmt))
    loaded, problems = load_specs([tmp_path])
    assert not problems, [str(p) for p in problems]
    return {item.spec.name: expected_wire(item.spec) for item in loaded}


def test_formats_are_detected():
    assert detect_format({"tools": [{"name": "a", "inputSchema": {}}]}) == "mcp"
    assert detect_format([{"type": "function", "function": {"name": "a"}}]) == "openai"
    assert detect_format([{"name": "a", "description": "b", "parameters": {}}]) == "copilot"


def test_mcp_round_trip_keeps_every_schema(tmp_path):
    source, fmt, tools, problems = _import("mcp_tools_list.json")
    assert fmt == "mcp"
    wires = _round_trip(tmp_path, tools, fmt)
    assert sorted(wires) == sorted(item["name"] for item in source["result"]["tools"])
    for item in source["result"]["tools"]:
        assert wires[item["name"]]["parameters"] == item["inputSchema"]
        assert wires[item["name"]]["description"] == item["description"]


def test_mcp_annotations_are_kept_as_metadata_and_drops_are_commented():
    _, fmt, tools, _ = _import("mcp_tools_list.json")
    first = tools[0]
    assert first.spec["metadata"] == {"mcpAnnotations": {"readOnlyHint": True, "openWorldHint": True}}
    text = first.to_yaml("mcp_tools_list.json", fmt)
    assert "# dropped: annotations.title" in text and "# dropped: title" in text


def test_a_oneof_of_constants_imports_as_valid_json_schema_without_a_warning():
    """`oneOf` of two `const`s was refused before "Real tools"; it is valid JSON Schema and types exactly (an enum)."""
    _, _, tools, problems = _import("mcp_tools_list.json")
    assert "search_code" in [t.name for t in tools]
    assert problems == []


def test_openai_round_trip(tmp_path):
    source, fmt, tools, problems = _import("openai_functions.json")
    assert fmt == "openai" and not problems
    wires = _round_trip(tmp_path, tools, fmt)
    assert wires["get_weather"]["parameters"] == source[0]["function"]["parameters"]
    assert wires["get_time"]["parameters"] == source[1]["parameters"]
    assert "# dropped: strict" in tools[0].to_yaml("x", fmt)


def test_copilot_wire_round_trip_keeps_options(tmp_path):
    source, fmt, tools, problems = _import("copilot_wire.json")
    assert fmt == "copilot" and not problems
    wires = _round_trip(tmp_path, tools, fmt)
    for item in source:
        expected = {k: v for k, v in item.items() if k != "namespacedName"}
        assert wires[item["name"]] == expected


def test_yaml_output_is_stable_and_block_style():
    _, fmt, tools, _ = _import("copilot_wire.json")
    text = tools[0].to_yaml("copilot_wire.json", fmt)
    assert text == tools[0].to_yaml("copilot_wire.json", fmt)
    assert "{" not in text.split("parameters:")[1]
    assert text.index("name:") < text.index("description:") < text.index("isTerminal:") < text.index("parameters:")


def test_invalid_json_is_located():
    result = import_tools('{"tools": [\n  {"name": }', "broken.json")
    assert not result.tools
    assert str(result.problems[0]).startswith("broken.json:2:")


def test_a_tool_name_with_a_final_newline_is_not_imported():
    """The name must match the spec format's pattern as a whole string (a regular expression's `$` also matches
    before a final newline), or the imported spec would fail validation after it was written."""
    text = json.dumps([{"name": "lookup\n", "description": "Look up.", "parameters": {"type": "object"}}])
    result = import_tools(text, "tools.json")
    assert result.tools == [] and len(result.problems) == 1
    assert '"lookup\\n" is not a valid tool name' in str(result.problems[0])
