"""Python target against the real SDK (github-copilot-sdk, import name `copilot`): the generated folder imports as
a package under a name of our choosing, every tool's wire declaration (the SDK's own serializer) equals the
spec's expected wire JSON, handlers receive validated pydantic models through the SDK's handler path, and the
package passes `mypy --strict`, including a check that a wrongly typed handler is rejected.
"""

from __future__ import annotations

import asyncio
import dataclasses
import importlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests import handler_calls, support

pytestmark = pytest.mark.sdk

PACKAGE = "toolgen_sdk_check_tools"  # any name works: the package imports its modules relatively

# Arguments that must come back unchanged after validation into the typed model and
# `model_dump(by_alias=True, exclude_unset=True)`: wire names, nesting, extras and odd values all survive.
# fmt: off
ROUND_TRIPS: list[tuple[str, dict[str, Any]]] = [
    ("clear_context", {"prompt": "fresh"}),
    ("create_issue", {"title": "t", "body": None, "labels": ["x"], "priority": "urgent",
                      "assignee": {"login": "l", "team": "core"}}),
    ("query_database", {"table": "s.t", "filters": [{"column": "c", "op": "!=", "value": [1, "two"]}],
                        "orderBy": [{"column": "c", "direction": "desc"}], "limit": 5, "columns": None}),
    ("search_files", {"query": "x", "maxResults": 3, "fileTypes": ["py"], "caseSensitive": True}),
    ("web_fetch", {"url": "https://example.com", "method": "HEAD", "headers": {"A": "b"}, "timeoutSeconds": 2.5}),
    ("update_plan", {"explanation": None, "steps": [{"title": "a", "status": "in_progress",
                                                     "estimateMinutes": 3}]}),
    ("colliding_casings", {"userId": "a", "user_id": "b", "UserID": "c", "user-id": 4, "USER_ID": True}),
    ("deep_nesting", {"level1": {"level2": {"level3": {"level4": {"leaf": "x"}}}},
                      "rows": [{"id": 1, "cells": [[1.5, -2.0]]}], "byName": {"k": {"count": 2}},
                      "anything": [None, {"a": 1}], "openObject": {"z": True}, "closedEmpty": {},
                      "mixedObject": {"known": "k", "extra": 7}, "anyList": [1, "a"]}),
    ("defaults", {"aBigInteger": 9007199254740993, "aWholeNumber": 2.0, "anEnum": "a", "aMap": {"k": "v"},
                  "anObject": {"x": 5}, "aNull": None}),
    ("EmptyParams", {}),
    ("hostile_strings", {"text": "a=b `c` \"d\" \\ \u2028 \u202e ${x}", "mode": "e\nf",
                         "key with \"quote\"": "by name"}),
    ("name-mangling", {"max-results": 3, "2fa_code": "x", "X-Request-ID": "r", "user.id": "u", "名前": "n",
                       "with space": "s", "$dollar": "d", "__dunder__": "u", "a\"quote": "q",
                       "back\\slash": "b", "9": 9.5}),
    ("nullable_and_enums", {"nullFirst": "s", "nullSecond": None, "anyOfNullFirst": {"a": "x"},
                            "enumWithNull": None, "intEnum": 10, "numberEnum": -2.25, "mixedEnum": "one",
                            "boolEnum": True, "constString": "fixed", "yesNo": "off", "onlyNull": None,
                            "refNullable": "cyan"}),
    ("recursive_refs", {"root": {"label": "a", "children": [{"label": "b"}], "parent": {"label": "p"}},
                        "list": {"value": 1, "next": {"value": 2, "next": None}}, "tags": ["t"],
                        "payload": {"any": [1]}}),
    ("reserved_words", {"class": "c", "type": "t", "self": "s", "Self": "S", "True": True, "int": 3,
                        "model_config": "m", "schema": "x", "None": "n", "__proto__": "p", "async": False}),
    ("Tool", {"invocation": "i"}),
]

# Arguments the model must reject, reported by the SDK as a failure result naming the field.
INVALID_CALLS: list[tuple[str, dict[str, Any], str]] = [
    ("create_issue", {"priority": "high"}, "title"),
    ("create_issue", {"title": "t", "priority": "someday"}, "priority"),
    ("create_issue", {"title": "t", "priority": "low", "assignee": {"login": "l", "extra": 1}}, "extra"),
    ("deep_nesting", {"level1": {"level2": {"level3": {}}}, "rows": []}, "level4"),
    ("deep_nesting", {"level1": {"level2": {}}, "rows": [], "mixedObject": {"extra": "not an int"}}, "extra"),
    ("recursive_refs", {"root": {"label": "a", "children": [{"nolabel": 1}]}}, "label"),
]
# fmt: on

CONSUMER = '''\
"""A user of the generated package: mypy must accept the good handlers and reject the bad one."""

from copilot import Tool, ToolInvocation

from {package} import CreateIssueParams, create_issue_tool, ping_tool


async def handle(params: CreateIssueParams, invocation: ToolInvocation) -> str:
    return params.title + (params.assignee.login if params.assignee else "")


def handle_ping(invocation: ToolInvocation) -> dict[str, str]:
    return {{"tool": invocation.tool_name}}


def wrong(params: int, invocation: ToolInvocation) -> str:
    return str(params)


tools: list[Tool] = [create_issue_tool(handle), ping_tool(handle_ping)]
# If the factory did not type its handler, this ignore would be unused, which --strict reports as an error.
rejected = create_issue_tool(wrong)  # type: ignore[arg-type]
'''


@pytest.fixture(scope="module")
def sdk() -> ModuleType:
    support.require(
        importlib.util.find_spec("copilot") is not None, "github-copilot-sdk is not installed"
    )
    import copilot

    return copilot


def generate_package(
    out: Path, name: str, spec_dirs: list[Path] | None = None, templates: Path | None = None
) -> Path:
    """Generate the Python target into out/root/<name>/ and return out/root (the folder for sys.path)."""
    generated = support.write_outputs("python", out / "out", spec_dirs, templates)
    root = out / "root"
    root.mkdir()
    shutil.move(str(generated), root / name)
    return root


@contextmanager
def imported(root: Path, name: str) -> Iterator[ModuleType]:
    """Import package `name` from `root`, failing on any warning (e.g. pydantic's "field shadows an
    attribute"), and forget it again afterwards."""
    sys.path.insert(0, str(root))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            yield importlib.import_module(name)
    finally:
        sys.path.remove(str(root))
        for module in [module for module in sys.modules if module.split(".")[0] == name]:
            del sys.modules[module]


@pytest.fixture(scope="module")
def package_root(tmp_path_factory, sdk) -> Path:
    return generate_package(tmp_path_factory.mktemp("python-sdk"), PACKAGE)


@pytest.fixture(scope="module")
def package(package_root) -> Iterator[ModuleType]:
    with imported(package_root, PACKAGE) as module:
        yield module


def factories(package: ModuleType) -> dict[str, Any]:
    # A factory whose name another tool already took gets a number: `case_clash_tool2`.
    found = [name for name in package.__all__ if re.search(r"_tool\d*$", name)]
    return {name: getattr(package, name) for name in found}


def build_tools(package: ModuleType, handler: Any) -> dict[str, Any]:
    """Tool name → the SDK Tool each factory builds around `handler`."""
    tools = {}
    for factory in factories(package).values():
        tool = factory(handler)
        tools[tool.name] = tool
    return tools


def invoke(sdk: ModuleType, tool: Any, arguments: Any) -> Any:
    """Run the tool's handler the way the SDK does for a tool call from the runtime."""
    invocation = sdk.ToolInvocation(
        session_id="session", tool_call_id="call", tool_name=tool.name, arguments=arguments
    )
    result = tool.handler(invocation)
    return asyncio.run(result) if asyncio.iscoroutine(result) else result


def test_wire_declarations_match_the_specs(package, sdk):
    from copilot import session

    serializer = getattr(session, "_tool_to_wire_definition", None)
    support.require(
        serializer is not None, "copilot.session._tool_to_wire_definition (SDK 1.0.27) is missing"
    )
    tools = build_tools(package, lambda *arguments: "ok")
    assert all(isinstance(tool, sdk.Tool) for tool in tools.values())
    actual = {name: serializer(tool).to_dict() for name, tool in tools.items()}
    support.assert_wire_matches(actual, sdk="python")
    # The model-derived schema never leaks onto the wire: no pydantic titles anywhere.
    assert "ClearContextParams" not in json.dumps(actual)


def test_benchmark_specs_import_and_match_the_wire(tmp_path, sdk):
    """Realistic specs beyond the hand-written ones (bench/specgen.py, fixed seed): every module imports
    without warnings and every tool's wire declaration equals its spec's."""
    from bench.specgen import generate_specs
    from copilot.session import _tool_to_wire_definition

    spec_dir = tmp_path / "specs"
    generate_specs(40, 7, spec_dir)
    root = generate_package(tmp_path, "bench_tools", [spec_dir])
    with imported(root, "bench_tools") as bench_tools:
        tools = build_tools(bench_tools, lambda *arguments: "ok")
        actual = {name: _tool_to_wire_definition(tool).to_dict() for name, tool in tools.items()}
    support.assert_wire_matches(actual, [spec_dir])


def test_each_tool_gets_its_own_schema_copy(package):
    first = package.clear_context_tool(lambda params, invocation: "")
    second = package.clear_context_tool(lambda params, invocation: "")
    first.parameters["properties"]["prompt"]["description"] = "changed"
    assert second.parameters == package.CLEAR_CONTEXT_SCHEMA


@pytest.mark.parametrize("tool_name, arguments", ROUND_TRIPS, ids=[name for name, _ in ROUND_TRIPS])
def test_handler_receives_the_validated_model(package, sdk, tool_name, arguments):
    received: list[Any] = []

    async def handler(params: Any, invocation: Any) -> dict[str, Any]:
        received.append((params, invocation))
        return params.model_dump(mode="json", by_alias=True, exclude_unset=True)

    tool = build_tools(package, handler)[tool_name]
    result = invoke(sdk, tool, arguments)
    assert result.result_type == "success", result.error
    params, invocation = received[0]
    assert type(params).__module__.startswith(f"{PACKAGE}.")  # the generated model, not a dict
    assert type(params).__name__.endswith("Params")
    assert invocation.tool_call_id == "call"
    # What the SDK sends back to the model: the handler's dump of the params, JSON-encoded.
    assert json.loads(result.text_result_for_llm) == arguments


def without_unset_nones(value: Any, dumped: Any) -> Any:
    """`dumped` (the dump of `value`, defaults included) without the fields that hold None because the call left
    them out: pydantic's `model_fields_set` names the fields the call gave, so a given null stays. (A left-out field
    with a default holds the default, not None, so it stays too.)"""
    from pydantic import BaseModel, RootModel

    if isinstance(value, RootModel):
        return without_unset_nones(value.root, dumped)
    if isinstance(value, BaseModel) and isinstance(dumped, dict):
        kept = dict(dumped)
        for name, field in type(value).model_fields.items():
            wire_name = field.serialization_alias or field.alias or name
            item = getattr(value, name)
            if item is None and name not in value.model_fields_set:
                kept.pop(wire_name, None)
            elif wire_name in kept:
                kept[wire_name] = without_unset_nones(item, kept[wire_name])
        return kept
    if isinstance(value, (list, tuple)) and isinstance(dumped, list):
        return [without_unset_nones(item, dumped_item) for item, dumped_item in zip(value, dumped, strict=True)]
    if isinstance(value, dict) and isinstance(dumped, dict):
        return {name: without_unset_nones(value.get(name), item) for name, item in dumped.items()}
    return dumped


def test_handlers_receive_what_every_sdk_hands_over(package, sdk):
    """The shared handler-parity calls (tests/handler_calls.py): the handler answers with its model's dump,
    defaults included, through the SDK's own invocation path, and without the None of a field the call left out
    (`model_fields_set`), so a given null and a left-out property stay apart."""

    async def handler(params: Any, invocation: Any) -> Any:
        return without_unset_nones(params, params.model_dump(mode="json", by_alias=True))

    tools = build_tools(package, handler)
    answers = {}
    for tool_name, arguments in handler_calls.CALLS:
        result = invoke(sdk, tools[tool_name], arguments)
        assert result.result_type == "success", result.error
        answers[handler_calls.key(tool_name, arguments)] = json.loads(result.text_result_for_llm)
    handler_calls.record("python", answers, tells_null_from_absent=True)


def test_models_are_typed_and_usable_by_attribute_name(package, sdk):
    received = []
    tool = package.create_issue_tool(lambda params, invocation: received.append(params))
    invoke(sdk, tool, {"title": "Bug", "priority": "high", "assignee": {"login": "octo"}})
    params = received[0]
    assert isinstance(params, package.CreateIssueParams)
    assert isinstance(params.assignee, package.CreateIssueAssignee)
    assert params.title == "Bug" and params.priority == "high" and params.assignee.login == "octo"
    assert params.labels == []  # the spec's default
    by_name = package.NameManglingParams(max_results=1, the_2_fa_code="x")  # populate_by_name
    wire = by_name.model_dump(by_alias=True, exclude_none=True)
    assert wire == {"max-results": 1, "2fa_code": "x"}
    defaults = package.DefaultsParams()
    # A default object is validated into its model (validate_default), not left a dict.
    assert isinstance(defaults.an_object, package.DefaultsAnObject)
    assert defaults.a_string == "hello" and defaults.a_big_integer == 9007199254740993


@pytest.mark.parametrize("tool_name, arguments, field", INVALID_CALLS)
def test_invalid_arguments_become_failure_results(package, sdk, tool_name, arguments, field):
    called = []
    tool = build_tools(package, lambda *received: called.append(received))[tool_name]
    result = invoke(sdk, tool, arguments)
    assert result.result_type == "failure" and not called
    message = result.text_result_for_llm
    assert "Invalid tool arguments" in message and field in message


def test_tool_without_parameters_gets_the_invocation(package, sdk):
    received = []
    tool = package.ping_tool(lambda invocation: received.append(invocation) or "pong")
    result = invoke(sdk, tool, None)
    assert (result.result_type, result.text_result_for_llm) == ("success", "pong")
    assert received[0].tool_name == "ping"
    assert tool.parameters is None


def test_mypy_strict_accepts_the_package_and_checks_handlers(package_root):
    support.require(importlib.util.find_spec("mypy") is not None, "mypy is not installed")
    (package_root / "consumer.py").write_text(CONSUMER.format(package=PACKAGE), encoding="utf-8")
    cache = support.CACHE / "python" / "mypy"
    cache.mkdir(parents=True, exist_ok=True)
    # Every --strict flag is on; `--python-version 3.11` is the SDK's and the generated code's minimum.
    command = [sys.executable, "-m", "mypy", "--strict", "--python-version", "3.11", "--cache-dir", str(cache),
               "--no-error-summary", "-p", PACKAGE, "-m", "consumer"]  # fmt: skip
    result = subprocess.run(command, cwd=package_root, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_template_override_imports_and_declares_the_same_tools(tmp_path, sdk):
    """tests/override_templates/python: the built-in tool.py.j2 included, plus a module constant naming the
    factory; the package imports without warnings and every tool's wire declaration is unchanged."""
    from copilot import session

    serializer = getattr(session, "_tool_to_wire_definition", None)
    support.require(serializer is not None, "copilot.session._tool_to_wire_definition (SDK 1.0.27) is missing")
    root = generate_package(tmp_path, "override_tools", templates=support.OVERRIDE_TEMPLATES)
    with imported(root, "override_tools") as package:
        clear_context = importlib.import_module("override_tools.clear_context")
        assert clear_context.PLUGIN_FACTORY is package.clear_context_tool
        tools = build_tools(package, lambda *arguments: "ok")
        support.assert_wire_matches({name: serializer(tool).to_dict() for name, tool in tools.items()})


def test_all_tools_builds_every_tool_from_its_handler(package, sdk):
    """`all_tools(ToolHandlers(...))` declares exactly what the factories declare, each tool calling its field."""
    from copilot.session import _tool_to_wire_definition

    fields = [field.name for field in dataclasses.fields(package.ToolHandlers)]
    calls: list[str] = []

    def recorder(field: str) -> Any:
        return lambda *received: calls.append(field) or field

    tools = package.all_tools(package.ToolHandlers(**{field: recorder(field) for field in fields}))
    by_factory = build_tools(package, lambda *arguments: "ok")
    assert [tool.name for tool in tools] == sorted(by_factory, key=[t.name for t in tools].index)
    wire = {tool.name: _tool_to_wire_definition(tool).to_dict() for tool in tools}
    assert wire == {name: _tool_to_wire_definition(tool).to_dict() for name, tool in by_factory.items()}
    result = invoke(sdk, next(tool for tool in tools if tool.name == "clear_context"), {"prompt": "p"})
    assert (result.result_type, calls) == ("success", ["clear_context"])


def test_tool_handlers_without_one_handler_is_a_type_error(package):
    fields = [field.name for field in dataclasses.fields(package.ToolHandlers)]
    with pytest.raises(TypeError, match=fields[-1]):
        package.ToolHandlers(**{field: (lambda *received: "") for field in fields[:-1]})


HANDLERS_CONSUMER = '''\
"""ToolHandlers as a user writes it: mypy --strict must accept the full set and reject one that lacks a tool."""

from copilot import Tool, ToolInvocation

from {package} import ClearContextParams, ToolHandlers, all_tools


def answer(params: object, invocation: ToolInvocation) -> str:
    return invocation.tool_name


def clear(params: ClearContextParams, invocation: ToolInvocation) -> str:
    return params.prompt


def now(invocation: ToolInvocation) -> str:
    return "12:00"


tools: list[Tool] = all_tools(
    ToolHandlers(
        clear_context=clear,
        create_issue=answer,
        current_time=now,
        query_database=answer,
        search_files=answer,
        update_plan=answer,
        web_fetch=answer,
    )
)
# Unused if ToolHandlers accepted a missing handler, which --strict reports as an error.
incomplete = ToolHandlers(clear_context=clear)  # type: ignore[call-arg]
# A handler of another tool's parameters is rejected too.
mismatched = ToolHandlers(
    clear_context=answer,
    create_issue=answer,
    current_time=clear,  # type: ignore[arg-type]
    query_database=answer,
    search_files=answer,
    update_plan=answer,
    web_fetch=answer,
)
'''


def run_mypy_strict(root: Path, *targets: str) -> subprocess.CompletedProcess[str]:
    support.require(importlib.util.find_spec("mypy") is not None, "mypy is not installed")
    cache = support.CACHE / "python" / "mypy"
    cache.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "mypy", "--strict", "--python-version", "3.11", "--cache-dir", str(cache),
               "--no-error-summary", *targets]  # fmt: skip
    return subprocess.run(command, cwd=root, capture_output=True, text=True, timeout=600)


def test_mypy_strict_requires_every_handler(tmp_path, sdk):
    root = generate_package(tmp_path, "guide_tools", [support.SPECS])
    (root / "consumer.py").write_text(HANDLERS_CONSUMER.format(package="guide_tools"), encoding="utf-8")
    result = run_mypy_strict(root, "-p", "guide_tools", "-m", "consumer")
    assert result.returncode == 0, result.stdout + result.stderr


LAZY_PROBE = '''\
import dataclasses, json, sys
import {package} as tools

def loaded():
    return sorted(name.split(".", 1)[1] for name in sys.modules if name.startswith("{package}."))

facts = {{"after_import": loaded(), "sdk_after_import": "copilot" in sys.modules}}
facts["dir_is_all"] = set(tools.__all__) <= set(dir(tools))
facts["factory_is_the_modules"] = tools.web_fetch_tool is sys.modules["{package}.web_fetch"].web_fetch_tool
facts["after_one_name"] = loaded()
try:
    tools.no_such_name
except AttributeError as error:
    facts["missing"] = str(error)
handlers = tools.ToolHandlers(**{{f.name: (lambda *a: None) for f in dataclasses.fields(tools.ToolHandlers)}})
facts["after_handlers"] = loaded()
facts["built"] = len(tools.all_tools(handlers))
facts["after_all_tools"] = loaded()
facts["all_resolve"] = all(getattr(tools, name) is not None for name in tools.__all__)
print(json.dumps(facts))
'''


def test_importing_the_package_loads_no_tool_until_one_is_used(package_root, sdk):
    """PEP 562: `import package` runs no tool module (nor the SDK); a name's first access imports its module
    only; `all_tools` imports every module when called; `__all__` and `dir()` name everything."""
    probe = LAZY_PROBE.format(package=PACKAGE)
    env = {**os.environ, "PYTHONPATH": str(package_root)}
    proc = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    facts = json.loads(proc.stdout)
    modules = sorted(path.stem for path in (package_root / PACKAGE).glob("*.py") if path.stem != "__init__")
    assert facts["after_import"] == [] and facts["sdk_after_import"] is False
    assert facts["dir_is_all"] and facts["factory_is_the_modules"]
    assert facts["after_one_name"] == ["web_fetch"]
    assert facts["missing"] == f"module '{PACKAGE}' has no attribute 'no_such_name'"
    assert facts["after_handlers"] == ["web_fetch"]
    assert facts["built"] == len(modules) and facts["after_all_tools"] == modules
    assert facts["all_resolve"]

def test_the_namespace_reaches_the_wire_as_the_sdk_sends_it(tmp_path, sdk):
    """Issue 28: tests/sdk_fields set `namespace` (which this SDK carries), `title` and `instructions` (which it
    does not, with a warning). The SDK's own serializer sends each tool's namespace as the spec states it, and
    nothing of the other two; the package passes `mypy --strict`."""
    from copilot.session import _tool_to_wire_definition

    spec_dirs = [support.REPO / "tests" / "sdk_fields"]
    root = generate_package(tmp_path, "namespaced_tools", spec_dirs=spec_dirs)
    with imported(root, "namespaced_tools") as package:
        tools = build_tools(package, lambda *arguments: "ok")
        actual = {name: _tool_to_wire_definition(tool).to_dict() for name, tool in tools.items()}
    loaded, _ = support.load_specs(spec_dirs)
    expected = {}
    for item in loaded:
        wire = support.expected_wire(item.spec)
        if item.spec.namespace is not None:
            wire["namespace"] = item.spec.namespace.model_dump(exclude_none=True)
        expected[item.spec.name] = support.normalize_wire(wire)
    assert {name: support.normalize_declaration(wire) for name, wire in actual.items()} == expected
    assert actual["list_files"]["namespace"] == {"name": "fs", "description": "Tools that read and write the workspace's files."}
    result = run_mypy_strict(root, "-p", "namespaced_tools")
    assert result.returncode == 0, result.stdout + result.stderr


# Issue 28, item 2: `python.sdk_version` selects output for an older SDK; each is imported by that very release.
SDK_VERSIONS = ("1.0.23", "1.0.27")  # the oldest accepted (no ToolNamespace) and the default
WIRE_SCRIPT = """\
import importlib.metadata, json, re, sys
from copilot.session import _tool_to_wire_definition
import {package} as package
tools = [getattr(package, name)(lambda *arguments: "ok") for name in package.__all__ if re.search(r"_tool\\d*$", name)]
print(json.dumps({{"version": importlib.metadata.version("github-copilot-sdk"),
                  "wire": {{tool.name: _tool_to_wire_definition(tool).to_dict() for tool in tools}}}}))
"""


def sdk_release(version: str) -> Path:
    """A folder holding github-copilot-sdk `version` alone (its dependencies are this environment's), installed
    once into the test cache."""
    folder = support.CACHE / "python" / f"github-copilot-sdk-{version}"
    if not (folder / "copilot" / "__init__.py").exists():
        shutil.rmtree(folder, ignore_errors=True)
        install = subprocess.run(
            [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(folder),
             f"github-copilot-sdk=={version}"],
            capture_output=True, text=True, timeout=600,
        )  # fmt: skip
        support.require(install.returncode == 0, f"github-copilot-sdk {version} could not be installed")
    return folder


@pytest.mark.parametrize("version", SDK_VERSIONS)
def test_the_selected_sdk_version_imports_the_output_and_sends_the_spec(tmp_path, sdk, version):
    spec_dirs = [support.REPO / "tests" / "sdk_fields"]
    tools, _ = support.load_tools(spec_dirs)
    outputs, warnings = support.render_outputs(tools, ["python"], options={"python": {"sdk_version": version}})
    root = tmp_path / "root"
    for relative, text in outputs.items():
        path = root / "versioned_tools" / relative.removeprefix("python/")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(sdk_release(version)), str(root)])}
    run = subprocess.run([sys.executable, "-W", "error", "-c", WIRE_SCRIPT.format(package="versioned_tools")],
                         capture_output=True, text=True, timeout=300, env=environment)  # fmt: skip
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert result["version"] == version
    carried = version >= "1.0.24"  # ToolNamespace's first release
    loaded, _ = support.load_specs(spec_dirs)
    expected = {}
    for item in loaded:
        wire = support.expected_wire(item.spec)
        if item.spec.namespace is not None and carried:
            wire["namespace"] = item.spec.namespace.model_dump(exclude_none=True)
        expected[item.spec.name] = support.normalize_wire(wire)
    actual = {name: support.normalize_declaration(wire) for name, wire in result["wire"].items()}
    assert actual == expected
    left_out = sorted((Path(w.file).name, w.message.split(":")[1].strip()) for w in warnings if "namespace" in w.message)
    assert left_out == ([] if carried else [("list_files.yaml", "namespace is left out"), ("read_file.yaml", "namespace is left out")])
