"""The wire schema's TypeScript constant (codegen/targets/ts_json_layout.py) against the document printer.

`ts_json_layout.json_constant(name, annotation, value)` prints `export const name: annotation = <value>;` straight
from the JSON value; it must return exactly what `_prettier.format_statement` prints for the statement built from
that value (`ts_types.json_value`), or None ("not sure"). Checked on every wire schema the nodejs target writes for
the corpus (specs/, tests/edge_specs/, tests/stress_specs/), for the benchmark's 1000 generated specs, for
hypothesis-generated specs and values, and for values built here around the places where prettier's decisions flip
(the 80-column edge at every nesting depth, wide and combining characters, escapes, short and long keys, numbers).
Each collection also asserts that the printer handles (nearly) all of its schemas, so that it cannot pass by
declining everything.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.specgen import generate_specs
from codegen.run.generate import load_tools, render_outputs
from codegen.targets.nodejs import layout as ts
from codegen.targets.nodejs import json_layout as ts_json_layout
from codegen.targets.nodejs.syntax import json_value

from . import support
from .spec_strategy import spec_documents, spec_settings, write_spec_documents

Constant = tuple[str, Any, Any]  # (name, annotation, JSON value)


def _constants(spec_dirs: list[Path], some: bool = True) -> list[Constant]:
    """Every wire schema constant the nodejs target prints for these specs (rendered without caches or a pool)."""
    seen: list[Constant] = []
    original = ts_json_layout.json_constant

    def record(name: str, annotation: Any, value: Any) -> str | None:
        seen.append((name, annotation, value))
        return original(name, annotation, value)

    saved = {key: os.environ.get(key) for key in ("TOOLGEN_NO_CACHE", "TOOLGEN_NO_POOL")}
    os.environ.update({"TOOLGEN_NO_CACHE": "1", "TOOLGEN_NO_POOL": "1"})
    ts_json_layout.json_constant = record
    try:
        tools, _ = load_tools(spec_dirs)
        render_outputs(tools, ["nodejs"])
    finally:
        ts_json_layout.json_constant = original
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    assert seen or not some, "no wire schema was printed: the recording hook missed the nodejs target"
    return seen


def _compare(constants: list[Constant]) -> tuple[list[str], int]:
    """(mismatches described, number declined)."""
    mismatches, declined = [], 0
    for name, annotation, value in constants:
        fast = ts_json_layout.json_constant(name, annotation, value)
        if fast is None:
            declined += 1
            continue
        reference = ts.format_statement(ts.ConstDecl(name, json_value(value), type=annotation))
        if fast != reference:
            mismatches.append(f"{value!r}\n--- document printer\n{reference}\n--- ts_json_layout\n{fast}")
    return mismatches, declined


def _assert_exact(constants: list[Constant], max_declined: float) -> None:
    mismatches, declined = _compare(constants)
    assert not mismatches, f"{len(mismatches)} constants differ; the first:\n{mismatches[0]}"
    assert declined <= max_declined * len(constants), f"{declined} of {len(constants)} declined"


# -- real schemas -------------------------------------------------------------------------------------------------


def test_every_corpus_schema_is_laid_out_exactly():
    _assert_exact(_constants(support.SDK_SPEC_DIRS), max_declined=0.02)


def test_every_benchmark_schema_is_laid_out_exactly(tmp_path):
    generate_specs(1000, 1, tmp_path)  # the specs `python -m bench.run` measures
    _assert_exact(_constants([tmp_path]), max_declined=0.001)


@spec_settings()
@given(documents=spec_documents())
def test_generated_specs_are_laid_out_exactly(documents):
    with tempfile.TemporaryDirectory() as scratch:
        folder = write_spec_documents(Path(scratch), documents)
        mismatches, _ = _compare(_constants([folder], some=False))  # a tool may take no parameters
        assert not mismatches, mismatches[0]


# -- values built around the decisions -----------------------------------------------------------------------------


def _nested(depth: int, key: str, value: Any) -> Any:
    """`{key: {key: ... {key: value}}}` with `depth` objects."""
    node = value
    for _ in range(depth):
        node = ts.ObjectExpr([ts.Prop(key, node, computed=key == "__proto__")])
    return node


def _json_const(value: Any, name: str = "xJsonSchema") -> ts.ConstDecl:
    record = ts.TRef("Record", [ts.TKeyword("string"), ts.TKeyword("unknown")])
    return ts.ConstDecl(name, value, type=record)


KEYS = ["a", "type", "enum", "draft", "description", "x" * 30, "max-results", "名前", "__proto__"]
FILLERS = ["x", "名", "e\u0301", "\u202e", '"', "\\", "\n", "😀"]


def _edge_strings() -> list[str]:
    """Strings whose literal ends on both sides of column 80 at the nesting depths used below."""
    return [filler * length for filler in FILLERS for length in range(1, 80, 3)]


def _assert_case(node: Any, must_handle: bool = True) -> None:
    """`node` is a JSON constant: the printer that reads its value agrees exactly with the document printer."""
    value = _json_of(node.init)
    assert value is not _NOT_JSON, node
    fast = ts_json_layout.json_constant(node.name, node.type, value)
    if fast is None:
        assert not must_handle, f"declined: {node!r}"
        return
    assert fast == ts.format_statement(node), node


_NOT_JSON = object()


def _json_of(node: Any) -> Any:
    """The JSON value whose `json_value` nodes `node` is, or _NOT_JSON."""
    kind = type(node)
    if kind is ts.ObjectExpr:
        items = {}
        for prop in node.props:
            value = _json_of(prop.value)
            if value is _NOT_JSON or prop.computed != (prop.key == "__proto__"):
                return _NOT_JSON
            items[prop.key] = value
        return items
    if kind is ts.ArrayExpr:
        values = [_json_of(element) for element in node.elements]
        return _NOT_JSON if any(value is _NOT_JSON for value in values) else values
    if kind in (ts.Str, ts.Num, ts.Bool):
        return node.value
    if kind is ts.Null:
        return None
    return _NOT_JSON


@pytest.mark.parametrize("depth", range(0, 7))
@pytest.mark.parametrize("key", KEYS)
def test_strings_around_the_edge_in_json_objects(depth, key):
    computed = key == "__proto__"
    for text in _edge_strings():
        inner = ts.ObjectExpr(
            [ts.Prop(key, ts.Str(text), computed=computed), ts.Prop("b", ts.Num(1))]
        )
        _assert_case(_json_const(_nested(depth, key, inner)))


@pytest.mark.parametrize("depth", range(0, 6))
def test_arrays_around_the_edge(depth):
    for count in range(0, 12):
        for length in (1, 5, 9, 17):
            strings = ts.ArrayExpr([ts.Str("s" * length) for _ in range(count)])
            _assert_case(_json_const(_nested(depth, "enum", strings)))
            _assert_case(_json_const(_nested(depth, "required", strings)))
            numbers = ts.ArrayExpr([ts.Num(10**length - 1) for _ in range(count)])
            _assert_case(_json_const(_nested(depth, "values", numbers)), must_handle=False)
            nested = ts.ArrayExpr([strings, ts.ArrayExpr([]), ts.ArrayExpr([ts.Num(-1.5)])])
            _assert_case(_json_const(_nested(depth, "nested", nested)))
            pairs = ts.ArrayExpr([ts.ArrayExpr([ts.Str("a"), ts.Num(1)]) for _ in range(count)])
            _assert_case(_json_const(_nested(depth, "pairs", pairs)))


_JSON_TEXT = st.lists(
    st.sampled_from(["a", "x ", "名", "e\u0301", '"', "\\", "\n", "😀", "-"]), max_size=6
).map("".join)
_JSON_KEYS = st.one_of(st.sampled_from(KEYS), _JSON_TEXT)
_JSON_VALUES = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(10**12), 10**12),
        st.floats(allow_nan=False, allow_infinity=False),
        _JSON_TEXT.map(lambda text: text * 7),
    ),
    lambda children: st.one_of(
        st.lists(children, max_size=8), st.dictionaries(_JSON_KEYS, children, max_size=5)
    ),
    max_leaves=30,
)


@settings(max_examples=400, deadline=None)
@given(value=st.dictionaries(_JSON_KEYS, _JSON_VALUES, max_size=6), name_length=st.integers(1, 70))
def test_json_constants_print_as_their_syntax_nodes(value, name_length):
    """The wire schema's printer reads the JSON value; the document printer the nodes `json_value` builds."""
    record = ts.TRef("Record", [ts.TKeyword("string"), ts.TKeyword("unknown")])
    name = "x" * name_length
    fast = ts_json_layout.json_constant(name, record, value)
    if fast is not None:
        assert fast == ts.format_statement(ts.ConstDecl(name, json_value(value), type=record))


def test_numbers_literals_and_empty_containers():
    values = [
        0,
        -7,
        2.5,
        -2.25,
        1e21,
        1.5e-7,
        0.000001,
        9007199254740993,
        float("inf"),
        True,
        False,
        None,
    ]
    for key in KEYS:
        for value in values:
            _assert_case(_json_const(_nested(2, key, _literal(value))))
        _assert_case(_json_const(_nested(2, key, ts.ObjectExpr([]))))
        _assert_case(_json_const(_nested(2, key, ts.ArrayExpr([]))))
    _assert_case(_json_const(ts.ObjectExpr([])))


def _literal(value: Any) -> Any:
    if isinstance(value, bool):
        return ts.Bool(value)
    if value is None:
        return ts.Null()
    return ts.Num(value)


@pytest.mark.parametrize("length", range(1, 60, 2))
def test_constant_names_around_the_edge(length):
    """A long name breaks the annotation (`Record<\n  string,…`), which this printer declines: exact or declined."""
    name = "N" * length
    _assert_case(_json_const(ts.ObjectExpr([ts.Prop("type", ts.Str("s" * length))]), name=name), length < 40)
    _assert_case(_json_const(ts.ObjectExpr([ts.Prop("n", ts.Num(-length))]), name=name), length < 40)
