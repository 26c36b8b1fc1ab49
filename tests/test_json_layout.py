"""codegen/targets/json_layout.py: the JSON text the Go and .NET targets embed in raw strings."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from codegen.layout.json import compact_json, pretty_json

_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
)
_VALUES = st.recursive(
    _SCALARS,
    lambda children: st.one_of(
        st.lists(children, max_size=4), st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=24,
)


def test_layout_of_a_schema():
    schema = {
        "type": "object",
        "properties": {"mode": {"enum": ["a", "b"], "default": "a"}, "tags": {"type": ["array", "null"]}},
        "required": [],
        "oneOf": [{"required": ["mode"]}, {}],
        "x-note": "ünïcode \"quoted\"",
    }
    assert pretty_json(schema) == """{
  "type": "object",
  "properties": {
    "mode": {
      "enum": ["a", "b"],
      "default": "a"
    },
    "tags": {
      "type": ["array", "null"]
    }
  },
  "required": [],
  "oneOf": [
    {
      "required": ["mode"]
    },
    {}
  ],
  "x-note": "ünïcode \\"quoted\\""
}"""


@settings(max_examples=300, deadline=None)
@given(_VALUES)
def test_pretty_json_reads_back_and_breaks_lines_only_between_members(value):
    text = pretty_json(value)
    assert json.loads(text) == value
    # a line break is never inside a string (json escapes it), so the layout is the only source of lines
    assert text.count("\n") == json.dumps(value, indent=2).count("\n") - _scalar_array_breaks(value)


@settings(max_examples=300, deadline=None)
@given(_VALUES)
def test_compact_json_is_json_dumps(value):
    assert compact_json(value) == json.dumps(value, ensure_ascii=False, allow_nan=False)


def _scalar_array_breaks(value) -> int:
    """Line breaks json.dumps(indent=2) puts into non-empty arrays of scalars, which pretty_json keeps on one line."""
    if isinstance(value, dict):
        return sum(_scalar_array_breaks(item) for item in value.values())
    if isinstance(value, list):
        if value and not any(isinstance(item, (dict, list)) for item in value):
            return len(value) + 1
        return sum(_scalar_array_breaks(item) for item in value)
    return 0
