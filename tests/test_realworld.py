"""Real tools (issue "Real tools"): the 783 tool declarations in ../shared/realworld/ that other people wrote for
real agents (GitHub's MCP server, the Berkeley Function Calling Leaderboard) all import, validate and generate, and
each spec declares its source `inputSchema` and description unchanged on the wire.

The real-SDK harnesses (tests/test_sdk_*.py) compile the same imported specs (support.sdk_spec_dirs) and compare
what each SDK declares; tests/test_wire_parity.py compares the SDKs with each other."""

from __future__ import annotations

import json

from codegen.run.generate import render_outputs
from codegen.spec.importer import import_tools
from codegen.model.build import build_tools
from codegen.spec.loader import load_specs
from codegen.targets import target_names

from .support import realworld_documents, realworld_specs
from .wire import expected_wire

EXPECTED_COUNTS = {"github-mcp-server.tools.json": 117, "bfcl-live.tools.json": 513, "bfcl-multiturn.tools.json": 153}


def test_every_real_tool_imports():
    """With --map-names, every tool (tests/test_import_names.py also generates each file's folder); without it,
    only the four of bfcl-live whose names clash in the generated code with an earlier tool's are refused."""
    counts, refused = {}, {}
    for name, text in realworld_documents().items():
        result = import_tools(text, name, map_names=True)
        errors = [str(problem) for problem in result.problems if problem.is_error]
        assert not errors, errors[:20]
        counts[name] = len(result.tools)
        plain = import_tools(text, name)
        refused[name] = sorted(p.message.split('"')[1] for p in plain.problems if p.is_error)
    assert counts == EXPECTED_COUNTS
    assert sum(counts.values()) == 783
    assert refused == {
        "github-mcp-server.tools.json": [],
        "bfcl-live.tools.json": ["AclApi_add_mapping", "ProjectApi_update_project", "generate_image_tool", "get_parcel_state"],
        "bfcl-multiturn.tools.json": [],
    }


def test_every_imported_spec_validates_and_declares_its_source_unchanged():
    loaded, problems = load_specs([realworld_specs()])
    assert not [str(p) for p in problems if p.is_error]
    assert len(loaded) == 783
    sources = {}
    for name, text in realworld_documents().items():
        for tool in json.loads(text)["tools"]:
            sources.setdefault(tool["name"], []).append(tool)
    for item in loaded:
        wire = expected_wire(item.spec)
        original = item.spec.name if item.spec.name in sources else item.spec.name.rsplit("_", 1)[0]
        candidates = sources[original]
        assert any(
            wire["description"] == tool["description"] and wire.get("parameters") == tool.get("inputSchema")
            for tool in candidates
        ), item.file


def test_every_real_tool_generates_in_every_language():
    loaded, _ = load_specs([realworld_specs()])
    tools = build_tools(loaded)
    outputs, warnings = render_outputs(tools, list(target_names()))
    assert len(tools) == 783
    for target in target_names():
        assert any(path.startswith(f"{target}/") for path in outputs), target
