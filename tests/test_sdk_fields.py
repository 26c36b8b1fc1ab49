"""Issue 28, item 1: the spec fields only some SDK versions carry (`title`, `instructions`, `namespace`). The spec
validates them with located errors; each target emits what the SDK version it generates for carries, in that SDK's
spelling, and warns at the field (TG401, naming the target and the version that would carry it) for the rest: an
error with --strict, never a silent drop. The real-SDK wire of the Python output is tests/test_sdk_python.py's.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from codegen.review.warning_codes import SDK_FIELD
from codegen.spec.format import build_spec
from codegen.spec.yamlload import load_yaml
from codegen.targets.sdks import SDKS, carries, version_key

from .support import REPO, load_tools, render_outputs

FIELDS_SPECS = REPO / "tests" / "sdk_fields"
BASE = "name: a\ndescription: d\n"


def problems(extra: str) -> list[str]:
    spec, found = build_spec(load_yaml("s.yaml", (BASE + extra).encode()))
    assert spec is None or not found
    return [str(problem) for problem in found]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ("namespace: {name: 'a b'}\n", "s.yaml:3:19: error: namespace.name: \"a b\" is not a valid namespace: 1 to 64 "
         "letters, digits, '_' or '-'"),
        (f"namespace: {{name: {'x' * 65}}}\n", "s.yaml:3:19: error: namespace.name: "),
        ("namespace: {descripton: x}\n", 's.yaml:3:13: error: unknown key "descripton" (did you mean "description"?)'),
        ("namespace: {descripton: x}\n", 's.yaml:3:12: error: missing required key "name"'),
        ("namespace: fs\n", 's.yaml:3:12: error: namespace: must be a mapping, got "fs"'),
        ("namespace:\n", "s.yaml:3:11: error: namespace: must not be null; leave the key out for a tool in no namespace"),
        ("namespace: {name: x, description: ' '}\n",
         "s.yaml:3:35: error: namespace.description: must not be empty or only whitespace"),
        ("title: '  '\n", "s.yaml:3:8: error: title: must not be empty or only whitespace"),
        ("instructions:\n", "s.yaml:3:14: error: instructions: must not be null; leave the key out for no instructions"),
        ("title: 3\n", "s.yaml:3:8: error: title: must be a string, got 3"),
        ("titel: x\n", 's.yaml:3:1: error: unknown key "titel" (did you mean "title"?)'),
    ],
)  # fmt: skip
def test_a_wrong_field_is_a_located_error(extra, message):
    assert any(found.startswith(message) for found in problems(extra)), problems(extra)


def test_the_fields_reach_the_model():
    spec, found = build_spec(load_yaml("s.yaml", (FIELDS_SPECS / "list_files.yaml").read_bytes()))
    assert found == [] and spec is not None
    assert (spec.title, spec.instructions) == ("List files", "Prefer this tool over running `ls` in a shell.")
    assert (spec.namespace.name, spec.namespace.description) == ("fs", "Tools that read and write the workspace's files.")
    [tool, *_] = load_tools([FIELDS_SPECS])[0]
    assert tool.options.namespace.name == "fs" and tool.options.title == "List files"
    assert [key for key, *_ in tool.option_positions] == ["title", "instructions", "namespace"]


def _warned(targets: list[str], options: dict | None = None) -> set[tuple[str, str, str, int]]:
    tools, _ = load_tools([FIELDS_SPECS])
    _, warnings = render_outputs(tools, targets, options=options)
    found = set()
    for warning in warnings:
        assert warning.code == SDK_FIELD, warning
        target, rest = warning.message.split(": ", 1)
        found.add((Path(warning.file).name, target, rest.split(" ", 1)[0], warning.line))
    return found


def test_each_target_warns_at_each_field_its_sdk_cannot_carry():
    every = ["nodejs", "python", "go", "dotnet", "java", "rust", "json"]
    found = _warned(every)
    lines = {"title": 3, "instructions": 4, "namespace": 5}
    expected = set()
    for target in every:
        for field, line in lines.items():
            if not carries(target, field, {}):
                expected.add(("list_files.yaml", target, field, line))
                if field == "namespace":
                    expected.add(("read_file.yaml", target, field, 3))
        if not carries(target, "title", {}):
            expected.add(("ping.yaml", target, "title", 3))
    assert found == expected
    # what the SDKs carry today: Python the namespace, the wire protocol (json) title and namespace
    assert {field for field in lines if carries("python", field, {})} == {"namespace"}
    assert {field for field in lines if carries("json", field, {})} == {"title", "namespace"}


def test_the_warning_names_the_target_and_the_version_that_would_carry_it(tmp_path):
    tools, _ = load_tools([FIELDS_SPECS])
    _, warnings = render_outputs(tools, ["python"], options={"python": {"sdk_version": "1.0.23"}})
    messages = {str(warning) for warning in warnings}
    assert any(
        message.endswith(
            "read_file.yaml:3:1: warning: python: namespace is left out: github-copilot-sdk 1.0.23 cannot carry it "
            "(1.0.24 and later do) [TG401]"
        )
        for message in messages
    ), messages
    assert any(
        "list_files.yaml:3:1: warning: python: title is left out: github-copilot-sdk 1.0.23 cannot carry it (no "
        "published version does yet) [TG401]" in message
        for message in messages
    )


def test_python_spells_the_namespace_as_its_sdk_does():
    tools, _ = load_tools([FIELDS_SPECS])
    outputs, _ = render_outputs(tools, ["python"])
    text = outputs["python/list_files.py"]
    assert "from copilot import Tool, ToolInvocation, ToolNamespace, define_tool\n" in text
    assert '        namespace=ToolNamespace(\n            "fs", description="Tools that read and write the workspace\'s files."\n        ),\n' in text
    assert '        namespace=ToolNamespace("fs"),\n' in outputs["python/read_file.py"]
    assert "ToolNamespace" not in outputs["python/ping.py"]
    older, _ = render_outputs(tools, ["python"], options={"python": {"sdk_version": "1.0.23"}})
    assert not any("ToolNamespace" in text for text in older.values())


def test_json_carries_title_and_namespace_on_the_wire_and_in_tools_list():
    tools, _ = load_tools([FIELDS_SPECS])
    outputs, _ = render_outputs(tools, ["json"])
    wire = json.loads(outputs["json/list_files.json"])
    assert list(wire) == ["$comment", "name", "description", "title", "defer", "namespace", "parameters"]
    assert wire["title"] == "List files" and "instructions" not in wire
    assert wire["namespace"] == {"name": "fs", "description": "Tools that read and write the workspace's files."}
    assert json.loads(outputs["json/read_file.json"])["namespace"] == {"name": "fs"}
    assert json.loads(outputs["json/ping.json"])["title"] == "Ping"
    [first, ping, read] = json.loads(outputs["json/tools/list.json"])["tools"]
    assert list(first)[:3] == ["name", "title", "description"] and ping["title"] == "Ping"
    assert first["_meta"]["toolgen/copilot"]["namespace"]["name"] == "fs" and "title" not in read


def test_strict_makes_the_warning_an_error_and_writes_nothing(tmp_path):
    (tmp_path / "specs").mkdir()
    (tmp_path / "specs" / "ping.yaml").write_bytes((FIELDS_SPECS / "ping.yaml").read_bytes())
    run = subprocess.run(
        [sys.executable, "-m", "codegen", "generate", "specs", "--out", "out", "--lang", "python", "--strict"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert run.returncode == 2, run.stderr
    assert "specs/ping.yaml:3:1: warning: python: title is left out: github-copilot-sdk 1.0.27 cannot carry it" in run.stderr
    assert "errors with --strict; nothing written" in run.stderr
    assert not (tmp_path / "out" / "python").exists()


def test_every_target_has_its_sdk_and_every_field_its_first_version():
    from codegen.targets import all_targets

    assert sorted(SDKS) == sorted(target.name for target in all_targets())
    for sdk in SDKS.values():
        assert sorted(sdk.first) == ["instructions", "namespace", "title"]
        assert all(version_key(sdk.version) >= version_key(sdk.first[name]) for name in sdk.emits if sdk.first[name])


def test_the_matrix_in_the_docs_is_the_table(tmp_path):
    from codegen.config.keys import target_names
    from codegen.targets.sdks import matrix

    table = matrix(list(target_names()))
    assert table in (REPO / "docs" / "sdk-matrix.md").read_text("utf-8")
    run = subprocess.run([sys.executable, "-m", "codegen", "templates"], cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0 and run.stdout.endswith(table), run.stderr
    assert "| `python` | github-copilot-sdk | 1.0.27 (`python.sdk_version` ≥ 1.0.23) | none yet | none yet | 1.0.24 |" in table


@pytest.mark.parametrize(("value", "message"), [
    ("1.0.2", "python.sdk_version: must be 1.0.23 or later (the oldest github-copilot-sdk toolgen generates for), got 1.0.2"),
    ("latest", "python.sdk_version: must be a release version such as 1.0.27"),
])  # fmt: skip
def test_an_sdk_version_toolgen_cannot_generate_for_is_an_error(tmp_path, value, message):
    (tmp_path / "specs").mkdir()
    (tmp_path / "specs" / "ping.yaml").write_bytes((FIELDS_SPECS / "ping.yaml").read_bytes())
    (tmp_path / "toolgen.toml").write_text(f'targets = ["python"]\n\n[python]\nsdk_version = "{value}"\n', "utf-8")
    run = subprocess.run([sys.executable, "-m", "codegen", "generate"], cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 2 and message in run.stderr, run.stderr
    assert not (tmp_path / "generated").exists()
