"""Handler parity: the same calls go through every real-SDK harness, and each handler must receive the same input.

Each harness calls the tools below through the SDK's tool handler (the function a session invokes), with a handler
that answers with what it received, serialized back to JSON in its language's natural way. `received` reads
those answers; `expected_input` says what every language must have handed over: the call's arguments with the
schema's defaults filled in where the call leaves a property out. Null members are dropped before comparing,
because a typed model that has no value for an optional property writes null or nothing depending on the
language.

Where null means something else than absent (optional, nullable, no default: `ir.Field.null_differs_from_absent`),
the languages whose typed models keep the two apart in what the handler serializes back (zod's output, Go's
`Nullable`, Rust's `Option<Option<T>>`, Java's `JsonNullable`, pydantic's `model_fields_set`) record with
`tells_null_from_absent=True`: their answers keep the nulls of exactly those properties, must equal the call's
(`expected_with_nulls`), and are compared with each other by tests/test_wire_parity.py (see docs/decisions.md,
"Handler parity").
"""

from __future__ import annotations

import functools
import json
from typing import Any

from codegen.model import ir
from codegen.model.build import build_tools
from codegen.spec.loader import load_specs

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
    # null against absent, where null means something: top level, inside array items, of every kind of type
    ("query_database", {"table": "s.t", "columns": None}),
    ("update_plan", {"explanation": None, "steps": [{"title": "a", "status": "done", "estimateMinutes": None},
                                                    {"title": "b", "status": "pending", "estimateMinutes": 5}]}),
    ("nullable_and_enums", {"nullFirst": None, "nullSecond": 2, "nullableArray": None, "anyOfNullFirst": None,
                            "enumWithNull": "red", "refNullable": None}),
]  # fmt: skip

# SDK name → {call key: what the handler received}, filled by each harness; compared by tests/test_wire_parity.py.
RECORDED: dict[str, dict[str, Any]] = {}
# The same, with the nulls that differ from absent kept, for the SDKs that tell the two apart.
RECORDED_WITH_NULLS: dict[str, dict[str, Any]] = {}


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
def _loaded() -> list[Any]:
    loaded, problems = load_specs(ALL_SPEC_DIRS)
    assert not [p for p in problems if p.is_error], problems
    return loaded


@functools.cache
def _schemas() -> dict[str, dict[str, Any]]:
    return {item.spec.name: item.spec.parameters for item in _loaded()}


@functools.cache
def _tools() -> dict[str, ir.Tool]:
    return {tool.name: tool for tool in build_tools(_loaded())}


def _nulls_that_matter(tool: ir.Tool, type_ref: Any, value: Any) -> Any:
    """`value` without null members, except those of properties whose null differs from absent (walked through
    the tool's model, as the generated types are)."""
    seen: set[Any] = set()
    while True:
        if isinstance(type_ref, ir.NullableType):
            type_ref = type_ref.inner
        elif isinstance(type_ref, ir.NamedType) and type_ref.name not in seen:
            seen.add(type_ref.name)
            decl = tool.decl(type_ref.name)
            type_ref = decl.target if isinstance(decl, ir.AliasDecl) else decl
        else:
            break
    if isinstance(type_ref, ir.StructDecl) and isinstance(value, dict):
        fields = {field.wire_name: field for field in type_ref.fields}
        extra = type_ref.additional if not isinstance(type_ref.additional, str) else None
        kept = {}
        for name, item in value.items():
            field = fields.get(name)
            if item is None:
                if field is not None and field.null_differs_from_absent:
                    kept[name] = None
            else:
                kept[name] = _nulls_that_matter(tool, field.type if field else extra, item)
        return kept
    if isinstance(type_ref, ir.ArrayType) and isinstance(value, list):
        return [_nulls_that_matter(tool, type_ref.items, item) for item in value]
    if isinstance(type_ref, ir.MapType) and isinstance(value, dict):
        values = type_ref.values
        return {name: _nulls_that_matter(tool, values, item) for name, item in value.items() if item is not None}
    return without_nulls(value)


def with_nulls_that_matter(tool: str, value: Any) -> Any:
    """What a handler received, comparable across the languages that tell null from absent."""
    model = _tools()[tool]
    if model.params is None:
        return without_nulls(value)
    return _nulls_that_matter(model, ir.NamedType(model.params), value)


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


def expected_with_nulls(tool: str, arguments: dict[str, Any]) -> Any:
    """The input with the schema's defaults, and null exactly where the call gave null and null means something."""
    return with_nulls_that_matter(tool, with_defaults(tool, arguments))


def record(sdk: str, answers: dict[str, Any], *, tells_null_from_absent: bool = False) -> None:
    """Keep one harness's answers (call key → what its handler received) and check each against the schema; with
    `tells_null_from_absent`, the nulls that differ from absent are checked and kept for comparison too."""
    tools = {key(tool, arguments): tool for tool, arguments in CALLS}
    assert sorted(answers) == sorted(tools), "the harness did not make every call"
    _check(RECORDED, sdk, {name: without_nulls(answer) for name, answer in answers.items()}, expected_input)
    if tells_null_from_absent:
        kept = {name: with_nulls_that_matter(tools[name], answer) for name, answer in answers.items()}
        _check(RECORDED_WITH_NULLS, sdk, kept, expected_with_nulls)


def _check(into: dict[str, dict[str, Any]], sdk: str, answers: dict[str, Any], expectation: Any) -> None:
    into[sdk] = answers
    expected = {key(tool, arguments): expectation(tool, arguments) for tool, arguments in CALLS}
    wrong = {name: {"expected": expected[name], sdk: answers[name]} for name in expected
             if answers[name] != expected[name]}  # fmt: skip
    assert not wrong, json.dumps(wrong, indent=1, ensure_ascii=False)
