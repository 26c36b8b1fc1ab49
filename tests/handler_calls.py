"""Handler parity: the same calls go through every real-SDK harness, and each handler must receive the same input.

Each harness calls the tools below through the SDK's tool handler (the function a session invokes), with a handler
that answers with what it received, serialized back to JSON in its language's natural way. `received` reads
those answers; `expected_input` says what every language must have handed over: the call's arguments with the
schema's defaults filled in where the call leaves a property out. Null members are dropped before comparing,
because a typed model that has no value for an optional property writes null or nothing depending on the
language; that absent and null are told apart is not claimed here (see docs/decisions.md, "Handler parity").
"""

from __future__ import annotations

import functools
import json
from typing import Any

from codegen.loader import load_specs

from .support import ALL_SPEC_DIRS

# (tool, arguments): valid calls that leave out defaulted properties (top level, inside array items) and give
# others. (A required property's default never applies: the call must give it.)
CALLS: list[tuple[str, dict[str, Any]]] = [
    ("search_files", {"query": "TODO"}),
    ("search_files", {"query": "x", "maxResults": 3, "caseSensitive": True}),
    ("web_fetch", {"url": "https://example.com/a"}),
    ("create_issue", {"title": "t", "priority": "high"}),
    ("create_issue", {"title": "t", "body": None, "labels": ["a"], "priority": "low"}),
    ("query_database", {"table": "s.t", "orderBy": [{"column": "c"}, {"column": "d", "direction": "desc"}]}),
    # aBigInteger is given: beyond 2^53 JavaScript cannot hold its default (a documented difference).
    ("defaults", {"aBigInteger": 1}),
]

# SDK name → {call key: what the handler received}, filled by each harness; compared by tests/test_wire_parity.py.
RECORDED: dict[str, dict[str, Any]] = {}


def key(tool: str, arguments: dict[str, Any]) -> str:
    return json.dumps([tool, arguments], sort_keys=True)


def without_nulls(value: Any) -> Any:
    """`value` with every object member whose value is null removed, at any depth (array items stay)."""
    if isinstance(value, dict):
        return {name: without_nulls(item) for name, item in value.items() if item is not None}
    if isinstance(value, list):
        return [without_nulls(item) for item in value]
    return value


@functools.cache
def _schemas() -> dict[str, dict[str, Any]]:
    loaded, problems = load_specs(ALL_SPEC_DIRS)
    assert not [p for p in problems if p.is_error], problems
    return {item.spec.name: item.spec.parameters for item in loaded}


def _resolve(schema: Any, root: dict[str, Any]) -> Any:
    while isinstance(schema, dict) and isinstance(schema.get("$ref"), str):
        target: Any = root
        for part in schema["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        schema = target
    return schema


def _with_defaults(schema: Any, value: Any, root: dict[str, Any]) -> Any:
    schema = _resolve(schema, root)
    if not isinstance(schema, dict):
        return value
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        return [_with_defaults(schema["items"], item, root) for item in value]
    if not isinstance(value, dict):
        return value
    properties = schema.get("properties", {})
    filled = {
        name: _with_defaults(properties.get(name, schema.get("additionalProperties")), item, root)
        for name, item in value.items()
    }
    required = schema.get("required", [])
    for name, property_schema in properties.items():
        property_schema = _resolve(property_schema, root)
        if name not in value and name not in required and "default" in property_schema:
            filled[name] = property_schema["default"]
    return filled


def with_defaults(tool: str, arguments: dict[str, Any]) -> Any:
    """The arguments with the schema's defaults filled in wherever they leave a property out."""
    schema = _schemas()[tool]
    return _with_defaults(schema, arguments, schema)


def expected_input(tool: str, arguments: dict[str, Any]) -> Any:
    return without_nulls(with_defaults(tool, arguments))


def record(sdk: str, answers: dict[str, Any]) -> None:
    """Keep one harness's answers (call key → what its handler received) and check each against the schema."""
    RECORDED[sdk] = {name: without_nulls(answer) for name, answer in answers.items()}
    expected = {key(tool, arguments): expected_input(tool, arguments) for tool, arguments in CALLS}
    assert sorted(RECORDED[sdk]) == sorted(expected), "the harness did not make every call"
    wrong = {name: {"expected": expected[name], sdk: RECORDED[sdk][name]} for name in expected
             if RECORDED[sdk][name] != expected[name]}
    assert not wrong, json.dumps(wrong, indent=1, ensure_ascii=False)
