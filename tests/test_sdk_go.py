"""Go target against the real SDK: the generated package compiles with github.com/github/copilot-sdk/go, passes
`go vet`, every tool's `json.Marshal` (the exact wire element) equals the spec's expected wire JSON, and handlers
receive their arguments as the typed params struct.

The module cache and build cache live under support.CACHE/go (outside the clone), so CI downloads the SDK once.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from codegen.model import doctext
from codegen.run.generate import load_tools
from codegen.targets import Reporter
from codegen.targets.go.names import plan_names
from codegen.targets.go.view import SDK_MODULE, SDK_VERSION
from tests import handler_calls, support
from tests.test_target_go import REQUIRED_CYCLES, _random_spec

pytestmark = pytest.mark.sdk

HARNESS = Path(__file__).parent / "sdk" / "go"
MIN_GO = (1, 24)  # the SDK's go.mod
TIMEOUT = 900  # the first run downloads the SDK's modules and compiles them

# Calls whose arguments must come back after being decoded into the typed struct and encoded again (each typed
# handler in the harness answers with its params struct), with the schema's defaults filled in. Optional
# properties are either set or left out: a nil pointer is omitted again, so `null` would not round-trip by design.
ROUND_TRIPS: list[tuple[str, dict[str, Any]]] = [
    (
        "create_issue",
        {
            "title": "t",
            "body": "b",
            "labels": ["x"],
            "priority": "urgent",
            "assignee": {"login": "l", "team": "core"},
        },
    ),
    (
        "query_database",
        {
            "table": "s.t",
            "filters": [{"column": "c", "op": "!=", "value": [1, "two"]}],
            "orderBy": [{"column": "c", "direction": "desc"}],
            "limit": 5,
            "columns": ["a"],
        },
    ),
    (
        "web_fetch",
        {
            "url": "https://example.com",
            "method": "HEAD",
            "headers": {"A": "b"},
            "timeoutSeconds": 2.5,
        },
    ),
    (
        "update_plan",
        {
            "explanation": "why",
            "steps": [{"title": "a", "status": "in_progress", "estimateMinutes": 3}],
        },
    ),
    (
        "colliding_casings",
        {"userId": "a", "user_id": "b", "UserID": "c", "user-id": 4, "USER_ID": True},
    ),
    (
        "deep_nesting",
        {
            "level1": {"level2": {"level3": {"level4": {"leaf": "x"}}}},
            "rows": [{"id": 1, "cells": [[1.5, -2]]}],
            "byName": {"k": {"count": 2}},
            "anything": [None, {"a": 1}],
            "openObject": {"z": True},
            "mixedObject": {"known": "k", "extra": 7},
            "anyList": [1, "a"],
        },
    ),
    # The SDK decodes arguments into map[string]any (float64 numbers), like the harness: 2^53 - 1 is the largest
    # integer that arrives exactly.
    (
        "defaults",
        {"aBigInteger": 9007199254740991, "aWholeNumber": 2, "anEnum": "a", "aMap": {"k": "v"}},
    ),
    ("EmptyParams", {}),
    (
        "hostile_strings",
        {"text": 'a=b `c` "d" \\ \u2028 \u202e ${x}', "mode": "`", 'key with "quote"': "by name"},
    ),
    (
        "name-mangling",
        {
            "max-results": 3,
            "2fa_code": "x",
            "X-Request-ID": "r",
            "user.id": "u",
            "名前": "n",
            "with space": "s",
            'a"quote': "q",
            "back\\slash": "b",
            "9": 9.5,
        },
    ),
    (
        "nullable_and_enums",
        {
            "nullFirst": "s",
            "anyOfNullFirst": {"a": "x"},
            "enumWithNull": "red",
            "intEnum": 10,
            "numberEnum": -2.25,
            "mixedEnum": "one",
            "boolEnum": True,
            "constString": "fixed",
            "refNullable": "cyan",
        },
    ),
    (
        "recursive_refs",
        {
            "root": {"label": "a", "children": [{"label": "b"}], "parent": {"label": "p"}},
            "list": {"value": 1, "next": {"value": 2}},
            "tags": ["t"],
            "payload": {"any": [1]},
        },
    ),
    (
        "reserved_words",
        {
            "class": "c",
            "type": "t",
            "self": "s",
            "Self": "S",
            "True": True,
            "int": 3,
            "__proto__": "p",
        },
    ),
    ("Tool", {"invocation": "i"}),
]
BAD_CALL = ("create_issue", {"title": 5, "priority": "low"})
# An optional property that may be null, without a default, is a Nullable: null and absent come back apart.
NULL_OR_ABSENT = [
    ("create_issue", {"title": "t", "priority": "low", "body": None}),
    ("create_issue", {"title": "t", "priority": "low"}),
    ("query_database", {"table": "t", "columns": None}),
    ("query_database", {"table": "t", "columns": ["a"]}),
]


def go_env() -> dict[str, str]:
    cache = support.CACHE / "go"
    return {
        **os.environ,
        "GOMODCACHE": str(cache / "mod"),
        "GOCACHE": str(cache / "build"),
        "GOFLAGS": "-mod=mod",
        "GOTOOLCHAIN": "local",  # never download another Go
        "GOWORK": "off",
        "CGO_ENABLED": "0",  # the SDK needs no cgo; no C compiler required
    }


def run_go(go: str, args: list[str], cwd: Path, stdin: str | None = None) -> str:
    result = subprocess.run(
        [go, *args],
        cwd=cwd,
        env=go_env(),
        input=stdin,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert result.returncode == 0, f"go {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}"
    return result.stdout


@pytest.fixture(scope="module")
def go() -> str:
    go = support.require_executable("go")
    version = subprocess.run(
        [go, "env", "GOVERSION"], capture_output=True, text=True
    ).stdout.strip()
    found = tuple(int(part) for part in re.findall(r"\d+", version)[:2])
    support.require(
        found >= MIN_GO, f"Go {'.'.join(map(str, MIN_GO))}+ is required, found {version!r}"
    )
    return go


def make_module(
    root: Path, spec_dirs: list[Path] | None = None, with_main: bool = True, templates: Path | None = None
) -> Path:
    """A module `toolgen.test/harness` holding the generated package as ./tools (and the harness main)."""
    generated = support.write_outputs("go", root / "generated", spec_dirs, templates)
    module = root / "module"
    shutil.copytree(generated, module / "tools")
    go_mod = (HARNESS / "go.mod.in").read_text()
    assert (
        f"require {SDK_MODULE} {SDK_VERSION}" in go_mod
    ), "go.mod.in pins another SDK than the target declares"
    (module / "go.mod").write_text(go_mod)
    shutil.copy(HARNESS / "go.sum.in", module / "go.sum")
    if with_main:
        shutil.copy(HARNESS / "main.go", module / "main.go")
        (module / "handlers.go").write_text(echo_handlers(spec_dirs), encoding="utf-8")
    return module


def echo_handlers(spec_dirs: list[Path] | None = None) -> str:
    """handlers.go for main.go: `echo`, whose methods are every method of tools.Handlers for the specs. A typed
    handler answers with the params struct it received, one without params with "pong"."""
    tools, _ = load_tools(spec_dirs or support.sdk_spec_dirs())  # what write_outputs generates
    methods = []
    for tool, names in zip(tools, plan_names(tools, Reporter())):
        if tool.params:
            params = names.decls[tool.params]
            methods.append(
                f"func (echo) {names.handler_field}(params tools.{params}, _ copilot.ToolInvocation) (any, error) "
                "{\n\treturn params, nil\n}\n"
            )
        else:
            methods.append(
                f"func (echo) {names.handler_field}(copilot.ToolInvocation) (any, error) {{\n\treturn \"pong\", nil\n}}\n"
            )
    return (
        "package main\n\nimport (\n\tcopilot \"github.com/github/copilot-sdk/go\"\n\n"
        "\t\"toolgen.test/harness/tools\"\n)\n\n"
        "// echo implements tools.Handlers (written by tests/test_sdk_go.py).\ntype echo struct{}\n\n"
        + "\n".join(methods)
    )


@pytest.fixture(scope="module")
def module(go, tmp_path_factory) -> Path:
    return make_module(tmp_path_factory.mktemp("go-sdk"))


@pytest.fixture(scope="module")
def harness(go, module) -> dict[str, Any]:
    calls: list[dict[str, Any]] = [
        {"tool": tool, "arguments": arguments} for tool, arguments in [*ROUND_TRIPS, BAD_CALL]
    ]
    calls.append({"tool": "ping", "arguments": None})
    calls += [{"tool": tool, "arguments": arguments} for tool, arguments in NULL_OR_ABSENT]
    calls += [{"tool": tool, "arguments": arguments} for tool, arguments in handler_calls.CALLS]
    return json.loads(run_go(go, ["run", "."], module, stdin=json.dumps(calls)))


def test_go_vet_passes(go, module):
    run_go(go, ["vet", "./..."], module)


def test_gofmt_leaves_the_package_unchanged(go, module):
    gofmt = Path(go).with_name("gofmt")
    result = subprocess.run([gofmt, "-l", "tools"], cwd=module, capture_output=True, text=True, timeout=TIMEOUT)
    assert result.returncode == 0 and result.stdout == "", result.stdout[-5000:] + result.stderr[-5000:]


def test_go_doc_shows_a_descriptions_paragraphs_and_lists(go, module):
    """Issue "Idioms": `go doc` shows a multi-paragraph description as paragraphs and lists, not one run-on
    paragraph. Checked on the first tools (in spec order) whose description has a later paragraph and a list."""
    tools, _ = load_tools(support.sdk_spec_dirs())
    checked = 0
    for tool, names in zip(tools, plan_names(tools, Reporter())):
        blocks = doctext.parse(tool.description)
        if not (any(isinstance(b, doctext.ItemList) for b in blocks) and len(blocks) > 2) or not tool.description.isascii():
            continue
        shown = run_go(go, ["doc", f"./tools.{names.factory}"], module)
        paragraphs = [" ".join(part.split()) for part in shown.split("\n\n")]
        for block in blocks[1:]:  # the first paragraph follows the factory's lead sentence
            if isinstance(block, doctext.Paragraph):
                words = " ".join(block.text.split()[:4])
                assert any(p.startswith(words) for p in paragraphs), f"{tool.name}: {words!r} in\n{shown}"
            elif isinstance(block, doctext.ItemList):
                for item in block.items:
                    words = " ".join(item.text.split()[:3])
                    assert re.search(rf"^ +(-|\d+\.) {re.escape(words)}", shown, re.M), f"{tool.name}:\n{shown}"
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_wire_json_equals_the_spec(harness):
    support.assert_wire_matches(harness["wire"], sdk="go")


def test_typed_handler_reads_struct_fields(harness):
    assert harness["typed"] == "create_issue|Crash on start|high|bug,p1|octocat|<null>"


@pytest.mark.parametrize("tool, arguments", ROUND_TRIPS, ids=[tool for tool, _ in ROUND_TRIPS])
def test_arguments_round_trip_through_the_params_struct(harness, tool, arguments):
    result = next(r for r in harness["calls"] if r["tool"] == tool)
    assert result["resultType"] == "success" and not result.get("error"), result
    # encoded again with the schema's defaults filled in (a default null is a nil pointer, omitted again)
    expected = handler_calls.expected_input(tool, arguments)
    assert handler_calls.without_nulls(json.loads(result["text"])) == expected


def test_handlers_receive_what_every_sdk_hands_over(harness):
    """The shared handler-parity calls: the echo answers with the params struct, defaults filled in."""
    answers = harness["calls"][-len(handler_calls.CALLS):]
    for (tool, _), answer in zip(handler_calls.CALLS, answers):
        assert answer["tool"] == tool and answer["resultType"] == "success", answer
    handler_calls.record(
        "go",
        {handler_calls.key(*call): json.loads(answer["text"]) for call, answer in zip(handler_calls.CALLS, answers)},
        tells_null_from_absent=True,
    )


def test_null_and_absent_stay_apart(harness):
    start = len(ROUND_TRIPS) + 2
    answers = [json.loads(r["text"]) for r in harness["calls"][start : start + len(NULL_OR_ABSENT)]]
    assert answers[0]["body"] is None and "body" not in answers[1]
    assert answers[2]["columns"] is None and answers[3]["columns"] == ["a"]


def test_invalid_arguments_are_an_error(harness):
    result = harness["calls"][len(ROUND_TRIPS)]
    assert "failed to unmarshal arguments into tools.CreateIssueParams" in result["error"]


def test_tool_without_parameters_gets_its_handler_result(harness):
    result = next(r for r in harness["calls"] if r["tool"] == "ping")
    assert result == {"tool": "ping", "text": "pong", "resultType": "success"}


def test_random_hostile_specs_compile(go, tmp_path):
    """Names and texts chosen to collide and to break struct tags, comments and file names, and cycles through
    required properties, still compile."""
    rng = random.Random(7)
    specs = tmp_path / "specs"
    specs.mkdir()
    for index in range(12):
        (specs / f"t{index}.yaml").write_text(_random_spec(rng, index), encoding="utf-8")
    (specs / "required_cycles.yaml").write_text(REQUIRED_CYCLES)
    module = make_module(tmp_path, [specs, support.EDGE_SPECS], with_main=False)
    run_go(go, ["vet", "./..."], module)


def test_a_template_override_compiles_and_declares_the_same_tools(go, tmp_path):
    """tests/override_templates/go: the built-in tool.go.j2 included, plus a declaration that uses the factory."""
    module = make_module(tmp_path, templates=support.OVERRIDE_TEMPLATES)
    assert "\nvar _ = ClearContextTool\n" in (module / "tools" / "clear_context.go").read_text()
    run_go(go, ["vet", "./..."], module)
    support.assert_wire_matches(json.loads(run_go(go, ["run", "."], module, stdin="[]"))["wire"])


MISSING_METHOD = """\
package main

import (
	copilot "github.com/github/copilot-sdk/go"

	"toolgen.test/harness/tools"
)

// partial lacks CurrentTime and the other methods: passing it to tools.All must not compile.
type partial struct{}

func (partial) ClearContext(p tools.ClearContextParams, _ copilot.ToolInvocation) (any, error) {
	return p.Prompt, nil
}

func main() { _ = tools.All(partial{}) }
"""


def test_handlers_lacking_a_method_do_not_compile(go, tmp_path):
    module = make_module(tmp_path, [support.SPECS], with_main=False)
    (module / "main.go").write_text(MISSING_METHOD, encoding="utf-8")
    result = subprocess.run(
        [go, "build", "./..."], cwd=module, env=go_env(), capture_output=True, text=True, timeout=TIMEOUT
    )
    assert result.returncode != 0, "a Handlers value without every method compiled"
    assert "does not implement tools.Handlers (missing method " in result.stderr, result.stderr
