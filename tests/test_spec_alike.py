"""An edit that only rewords descriptions is known valid without the validators (codegen.cache.spec_alike).

The shortcut must give exactly the model the validators' way gives, and step aside wherever the validators would
say anything: an error, or a warning that a description's text brought about.
"""

from __future__ import annotations

import json

import pytest
import yaml

from codegen.cache import spec_alike, specs as speccache
from codegen.schema.keywords import walk
from codegen.spec.yamlload import DEFAULT_MAX_BYTES, load_yaml

from .support import EDGE_SPECS, sdk_spec_dirs


def _validated(shown: str, data: bytes):
    """((model, warnings), shape) the validators' way, or None when they find an error."""
    found = speccache._load_each({shown: data}, DEFAULT_MAX_BYTES)
    return None if found is None else found[shown]


def _reworded(value: dict, text: str = " Reworded.") -> dict:
    """`value` with `text` added to the spec's description and to every schema's."""
    value = json.loads(json.dumps(value))
    value["description"] += text
    for _, schema in walk(value.get("parameters")):
        if isinstance(schema, dict) and isinstance(schema.get("description"), str):
            schema["description"] += text
    return value


def _yaml(value: dict) -> bytes:
    return yaml.safe_dump(value, sort_keys=False, allow_unicode=True, width=10**6).encode("utf-8")


def _outcomes(shown: str, before: bytes, after: bytes):
    """(what the shortcut makes of `after`, what the validators make of it), given `before` was valid."""
    (tool, warnings), shape = _validated(shown, before)
    assert (shape is None) == bool(warnings), "a shape is stored exactly for a spec that warns of nothing"
    made = spec_alike.rebuild(shown, after, DEFAULT_MAX_BYTES, tool, shape) if shape is not None else None
    return made, _validated(shown, after)


def _assert_same(made, expected, where: str) -> None:
    if expected is None or expected[0][1]:  # an error, or warnings: only the validators may say it
        assert made is None, where
    elif made is not None:
        assert made == (expected[0][0], expected[1]), where


def test_every_reworded_corpus_spec_gets_the_validators_model():
    files = sorted(path for folder in [*sdk_spec_dirs(), EDGE_SPECS] for path in folder.rglob("*.yaml"))
    rebuilt = 0
    for path in files:
        shown = path.name
        before = path.read_bytes()
        if _validated(shown, before) is None:
            continue
        after = _yaml(_reworded(load_yaml(shown, before).value))
        made, expected = _outcomes(shown, before, after)
        _assert_same(made, expected, str(path))
        rebuilt += made is not None
    assert rebuilt > 0.9 * len(files), f"the shortcut took {rebuilt} of {len(files)} reworded specs"


SPEC = {
    "name": "pick",
    "description": "Pick one.",
    "parameters": {
        "type": "object",
        "properties": {
            "description": {"type": "string", "description": "A property named like the keyword."},
            "choice": {
                "anyOf": [
                    {"type": "object", "properties": {"x": {"type": "string"}}, "description": "Same."},
                    {"type": "object", "properties": {"x": {"type": "string"}}, "description": "Same."},
                ]
            },
            "limit": {"type": "integer", "default": 3},
            "meta": {"type": "object", "default": {"description": "data, not a description"}},
        },
    },
    "metadata": {"description": "opaque"},
}


def _edited(change) -> dict:
    value = json.loads(json.dumps(SPEC))
    change(value)
    return value


def _set(path: tuple, new):
    def change(value: dict) -> None:
        *parents, last = path
        for part in parents:
            value = value[part]
        value[last] = new

    return change


PROPS = ("parameters", "properties")
# Edits that look like rewording but are not: each must get another shape (the validators decide).
NOT_REWORDING = {
    "a property named description changes type": _set((*PROPS, "description", "type"), "integer"),
    "a default's description key": _set((*PROPS, "meta", "default", "description"), "other data"),
    "metadata's description key": _set(("metadata", "description"), "other"),
    "a default": _set((*PROPS, "limit", "default"), 4),
    "the name": _set(("name",), "pick_other"),
    "an option added": _set(("isTerminal",), False),
}


@pytest.mark.parametrize("edit", list(NOT_REWORDING), ids=list(NOT_REWORDING))
def test_an_edit_beyond_descriptions_gets_another_shape(edit):
    assert spec_alike.shape(_edited(NOT_REWORDING[edit])) != spec_alike.shape(SPEC)


REWORDING = {
    "the spec's description": _set(("description",), "Pick one, reworded."),
    "a property's description": _set((*PROPS, "description", "description"), "Reworded."),
    "a union branch's description": _set((*PROPS, "choice", "anyOf", 1, "description"), "Different."),
}


@pytest.mark.parametrize("edit", list(REWORDING), ids=list(REWORDING))
def test_rewording_keeps_the_shape_and_the_validators_outcome(edit):
    after = _edited(REWORDING[edit])
    assert spec_alike.shape(after) == spec_alike.shape(SPEC)
    made, expected = _outcomes("pick.yaml", _yaml(SPEC), _yaml(after))
    _assert_same(made, expected, edit)


INVALID_DESCRIPTIONS = {
    "blank": _set(("description",), "   "),
    "not a string": _set(("description",), 5),
    "a schema's, not a string": _set((*PROPS, "limit", "description"), ["a list"]),
}


@pytest.mark.parametrize("edit", list(INVALID_DESCRIPTIONS), ids=list(INVALID_DESCRIPTIONS))
def test_a_description_the_validators_refuse_has_no_shape(edit):
    assert spec_alike.shape(_edited(INVALID_DESCRIPTIONS[edit])) is None


def test_a_yaml_problem_is_left_to_the_validators():
    before = _yaml(SPEC)
    (tool, _), shape = _validated("pick.yaml", before)
    duplicated = before + b"description: Pick one.\n"  # a duplicate key, the same value
    assert spec_alike.rebuild("pick.yaml", duplicated, DEFAULT_MAX_BYTES, tool, shape) is None
