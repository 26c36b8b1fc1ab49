"""The fast meta-schema answer (codegen/schema/fast_meta.py, issue #32 item 1): jsonschema-rs says "valid" only
where `jsonschema` says so too, so a schema it accepts needs no other check, and every violation is still found and
worded by `jsonschema` (the messages themselves are tested by tests/test_validation.py and the hostile corpus).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from codegen.errors import Diagnostic
from codegen.schema import fast_meta, validity
from codegen.spec.yamlload import load_yaml

from .support import ALL_SPEC_DIRS, LOOSENED, REALWORLD, REALWORLD_FILES, REPO, STRESS_SPECS

DRAFT_4 = "http://json-schema.org/draft-04/schema"


def jsonschema_says_valid(schema: dict, uri: str) -> bool:
    return not list(validity._meta_validator(validity.META_SCHEMAS[uri]).iter_errors(schema))


def fast_says_valid(schema: dict, uri: str) -> bool:
    return fast_meta.satisfies_meta_schema(schema, uri, validity.META_SCHEMAS[uri])


@pytest.mark.parametrize("uri", validity.META_SCHEMAS)
def test_every_meta_schema_has_a_fast_validator(uri):
    assert fast_meta.meta_validator(uri, validity.META_SCHEMAS[uri]) is not None
    assert fast_says_valid({"type": "object", "properties": {"a": {"type": "string"}}}, uri)
    assert not fast_says_valid({"type": "object", "properties": {"a": {"type": "dict"}}}, uri)


def test_a_valid_schema_never_reaches_jsonschema(monkeypatch):
    def refuse(name: str) -> Any:
        raise AssertionError(f"jsonschema's {name} was asked about a valid schema")

    monkeypatch.setattr(validity, "_meta_validator", refuse)
    schema = {"type": "object", "properties": {"when": {"type": ["string", "null"], "format": "date-time"}}}
    assert validity.schema_problems(schema) == []
    assert validity.schema_problems({**schema, "$schema": DRAFT_4 + "#"}) == []


# Where jsonschema-rs and jsonschema could read the same schema differently: numbers that are integers in one draft
# and not another, uniqueness of equal numbers, what jsonschema-rs's own draft 4 copy allows (an empty `enum`), a
# `$` before a final newline, values JSON cannot hold, keys that are not strings, integers beyond 64 bits.
EDGES: list[dict[str, Any]] = [
    {"minLength": 1.0},
    {"minLength": 1.5},
    {"minLength": True},
    {"minLength": 10**30},
    {"minLength": -(10**30)},
    {"maxLength": 2**64},
    {"minItems": 1e300},
    {"enum": []},
    {"enum": [1, 1.0]},
    {"enum": [1, True]},
    {"required": ["a", "a"]},
    {"type": ["string", "string"]},
    {"type": "dict"},
    {"$anchor": "a\n"},
    {"$anchor": "a"},
    {"$recursiveAnchor": "x"},
    {"$id": 5},
    {"$defs": {"x": 5}},
    {"items": [{}]},
    {"multipleOf": 0},
    {"dependencies": {"a": 1}},
    {"minimum": float("nan")},
    {"maximum": float("inf")},
    {"const": float("nan")},
    {1: "x"},
    {"properties": {"a": {None: 1}}},
    {"format": 5},
    {"description": "\ud800"},
]


@pytest.mark.parametrize("uri", validity.META_SCHEMAS)
@pytest.mark.parametrize("edge", EDGES, ids=repr)
def test_fast_yes_only_where_jsonschema_says_yes(edge, uri):
    schema = {**edge, "$schema": uri}
    assert not fast_says_valid(schema, uri) or jsonschema_says_valid(schema, uri)


@pytest.mark.parametrize("edge", [{"enum": []}, {"minLength": 1.0}, {"enum": [1, 1.0]}], ids=repr)
def test_draft_4_is_jsonschemas_draft_4_not_jsonschema_rs_own(edge):
    assert not jsonschema_says_valid(edge, DRAFT_4)
    assert not fast_says_valid(edge, DRAFT_4)


def corpus_schemas() -> list[tuple[str, Any]]:
    """Every tool's `parameters` (and imported `inputSchema`/`input_schema`) in the repository's specs, the
    invalid, loosened and stress corpora, the import fixtures and the real tool lists beside the clone."""
    files = [path for folder in [*ALL_SPEC_DIRS, LOOSENED, STRESS_SPECS, REPO / "tests" / "invalid"]
             for path in sorted(folder.rglob("*.yaml"))]
    files += sorted((REPO / "tests" / "import_fixtures").glob("*.json"))
    files += [REALWORLD / name for name in REALWORLD_FILES if (REALWORLD / name).is_file()]
    found = []
    for path in files:
        if path.suffix == ".json":
            document = json.loads(path.read_text(encoding="utf-8"))
        else:  # read as toolgen reads a spec (YAML 1.2), so each schema holds what toolgen would validate
            loaded = load_yaml(path.name, path.read_bytes())
            if isinstance(loaded, Diagnostic):
                continue  # a case that fails before any meta-schema is asked
            document = loaded.value
        found += [(f"{path.name}#{index}", schema) for index, schema in enumerate(_schemas_in(document))]
    return found


def _schemas_in(value: Any) -> list[Any]:
    if isinstance(value, list):
        return [schema for item in value for schema in _schemas_in(item)]
    if not isinstance(value, dict):
        return []
    own = [value[key] for key in ("parameters", "inputSchema", "input_schema") if isinstance(value.get(key), dict)]
    return own + [schema for item in value.values() for schema in _schemas_in(item)]


def test_the_corpora_hold_enough_schemas():
    assert len(corpus_schemas()) > 1000  # the realworld lists alone hold more; the repository's own several hundred


def test_every_corpus_schema_gets_jsonschemas_answer_under_every_meta_schema():
    checked = 0
    for name, schema in corpus_schemas():
        for uri in validity.META_SCHEMAS:
            candidate = {**schema, "$schema": uri}
            try:
                expected = jsonschema_says_valid(candidate, uri)
            except RecursionError:
                continue
            assert fast_says_valid(candidate, uri) == expected, (name, uri)
            checked += 1
    assert checked > 5000


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=8,
)
# Every keyword some meta-schema (or vocabulary) names: random values under them, and schemas nested in them.
_KEYWORDS = sorted({key for document in fast_meta.meta_documents().values() for key in document.get("properties", {})})
_SCHEMAS = st.recursive(
    st.dictionaries(st.sampled_from(_KEYWORDS), _JSON, max_size=3),
    lambda inner: st.dictionaries(
        st.sampled_from(_KEYWORDS),
        inner | st.lists(inner, max_size=2) | st.dictionaries(st.text(max_size=3), inner, max_size=2) | _JSON,
        max_size=3,
    ),
    max_leaves=6,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_SCHEMAS, st.sampled_from(list(validity.META_SCHEMAS)))
def test_fast_yes_only_where_jsonschema_says_yes_on_random_keywords(schema, uri):
    schema = {**schema, "$schema": uri}
    assert not fast_says_valid(schema, uri) or jsonschema_says_valid(schema, uri)
