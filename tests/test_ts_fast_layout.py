"""The direct TypeScript printer (codegen/targets/ts_layout.py) against the document printer it shortcuts.

`ts_layout.layout(statement)` must return exactly what `_prettier.print_statement(statement)` prints, or None
("not sure"). Checked on every statement the nodejs target writes for the corpus (specs/, tests/edge_specs/,
tests/stress_specs/), for the benchmark's 1000 generated specs, for hypothesis-generated specs, and for statements
built here around the places where prettier's decisions flip (the 80-column edge at every nesting depth, wide and
combining characters, escapes, short and long keys, numbers). Each collection also asserts that the fast path
handles (nearly) all of its statements, so that it cannot pass by declining everything.
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
from codegen.generate import load_tools, render_outputs
from codegen.targets import _prettier as ts
from codegen.targets import ts_handlers, ts_json_layout, ts_layout, ts_tool_view
from codegen.targets.ts_types import json_value

from . import support
from .spec_strategy import spec_documents, spec_settings, write_spec_documents


def _statements(spec_dirs: list[Path]) -> list[Any]:
    """Every statement the nodejs target lays out for these specs (rendered without caches or a process pool)."""
    seen: list[Any] = []
    original = ts.format_statement
    original_json = ts_json_layout.json_constant

    def record(node: Any, width: int = ts.PRINT_WIDTH) -> str:
        seen.append(node)
        return original(node, width)

    def record_json(name: str, annotation: Any, value: Any) -> str | None:
        # the wire schema's constant, printed from the JSON value: recorded as the statement it stands for
        text = original_json(name, annotation, value)
        statement = ts.ConstDecl(name, json_value(value), type=annotation)
        assert text == ts_layout.layout(statement), statement
        seen.append(statement)
        return text

    saved = {key: os.environ.get(key) for key in ("TOOLGEN_NO_CACHE", "TOOLGEN_NO_POOL")}
    os.environ.update({"TOOLGEN_NO_CACHE": "1", "TOOLGEN_NO_POOL": "1"})
    # the view modules hold format_statement by name, so the hook goes where they call it
    ts_tool_view.format_statement = ts_handlers.format_statement = record
    ts_json_layout.json_constant = record_json
    try:
        tools, _ = load_tools(spec_dirs)
        render_outputs(tools, ["nodejs"])
    finally:
        ts_tool_view.format_statement = ts_handlers.format_statement = original
        ts_json_layout.json_constant = original_json
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    assert seen, "no statement was laid out: the recording hook missed the nodejs target"
    return seen


def _compare(statements: list[Any]) -> tuple[list[str], int]:
    """(mismatches described, number declined)."""
    mismatches, declined = [], 0
    for node in statements:
        fast = ts_layout.layout(node)
        if fast is None:
            declined += 1
            continue
        reference = ts.print_statement(node)
        if fast != reference:
            mismatches.append(f"{node!r}\n--- document printer\n{reference}\n--- ts_layout\n{fast}")
    return mismatches, declined


def _assert_exact(statements: list[Any], max_declined: float) -> None:
    mismatches, declined = _compare(statements)
    assert not mismatches, f"{len(mismatches)} statements differ; the first:\n{mismatches[0]}"
    assert declined <= max_declined * len(statements), f"{declined} of {len(statements)} declined"


# -- real statements ----------------------------------------------------------------------------------------------


def test_every_corpus_statement_is_laid_out_exactly():
    # the corpus holds the rare shapes on purpose (recursive interfaces, 1000-number enums): some declines
    _assert_exact(_statements(support.SDK_SPEC_DIRS), max_declined=0.02)


def test_every_benchmark_statement_is_laid_out_exactly(tmp_path):
    generate_specs(1000, 1, tmp_path)  # the specs `python -m bench.run` measures
    _assert_exact(_statements([tmp_path]), max_declined=0.001)


@spec_settings()
@given(documents=spec_documents())
def test_generated_specs_are_laid_out_exactly(documents):
    with tempfile.TemporaryDirectory() as scratch:
        folder = write_spec_documents(Path(scratch), documents)
        mismatches, _ = _compare(_statements([folder]))
        assert not mismatches, mismatches[0]


def test_generated_specs_are_mostly_handled():
    """Over a fixed sample of the hypothesis generator's specs (tests/stress_specs/random), few are declined.

    The factory is spelled by the template (issue #19), so one statement per tool that was always handled is no
    longer laid out: the share declined (the sample's recursive interfaces, on purpose) is a little higher."""
    statements = _statements([support.STRESS_SPECS / "random"])
    _, declined = _compare(statements)
    assert declined <= 0.06 * len(statements), f"{declined} of {len(statements)} declined"


# -- statements built around the decisions --------------------------------------------------------------------


def _nested(depth: int, key: str, value: Any) -> Any:
    """`{key: {key: ... {key: value}}}` with `depth` objects."""
    node = value
    for _ in range(depth):
        node = ts.ObjectExpr([ts.Prop(key, node)])
    return node


def _json_const(value: Any, name: str = "xJsonSchema") -> ts.ConstDecl:
    record = ts.TRef("Record", [ts.TKeyword("string"), ts.TKeyword("unknown")])
    return ts.ConstDecl(name, value, type=record)


def _z(method: str, *args: Any) -> ts.Call:
    return ts.Call(ts.Member(ts.Ident("z"), method), list(args))


def _method(target: Any, method: str, *args: Any) -> ts.Call:
    return ts.Call(ts.Member(target, method), list(args))


KEYS = ["a", "type", "enum", "draft", "description", "x" * 30, "max-results", "名前", "__proto__"]
FILLERS = ["x", "名", "e\u0301", "\u202e", '"', "\\", "\n", "😀"]


def _edge_strings() -> list[str]:
    """Strings whose literal ends on both sides of column 80 at the nesting depths used below."""
    return [filler * length for filler in FILLERS for length in range(1, 80, 3)]


def _assert_case(node: Any, must_handle: bool = True) -> None:
    fast = ts_layout.layout(node)
    value = _json_of(node.init) if type(node) is ts.ConstDecl else _NOT_JSON
    if (
        value is not _NOT_JSON
    ):  # a JSON constant: the printer that reads the value must agree exactly
        assert ts_json_layout.json_constant(node.name, node.type, value) == fast, node
    if fast is None:
        assert not must_handle, f"declined: {node!r}"
        return
    assert fast == ts.print_statement(node), node


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
    """The wire schema's printer reads the JSON value; `layout` reads the nodes `json_value` builds from it."""
    record = ts.TRef("Record", [ts.TKeyword("string"), ts.TKeyword("unknown")])
    name = "x" * name_length
    statement = ts.ConstDecl(name, json_value(value), type=record)
    expected = ts_layout.layout(statement)
    assert ts_json_layout.json_constant(name, record, value) == expected
    if expected is not None:
        assert expected == ts.print_statement(statement)


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


@pytest.mark.parametrize("key", KEYS)
def test_zod_chains_around_the_edge(key):
    heads = [ts.Ident("z"), ts.Ident("ShortSchema"), ts.Ident("A" * 40 + "Schema")]
    for head in heads:
        for text in _edge_strings()[::2]:
            described = [
                _method(_z("string"), "describe", ts.Str(text)),
                _method(_method(_z("int"), "optional"), "describe", ts.Str(text)),
                _method(_method(head, "optional"), "describe", ts.Str(text)),
                _method(_method(_method(head, "nullable"), "optional"), "describe", ts.Str(text)),
                _method(
                    _method(_z("array", _z("array", _z("string"))), "default", ts.ArrayExpr([])),
                    "describe",
                    ts.Str(text),
                ),
                _method(
                    _z("record", _z("string"), head),
                    "default",
                    ts.ObjectExpr([ts.Prop(key, ts.Str(text))]),
                ),
                _method(head, "describe", ts.Str(text[:18])),
                _z("enum", ts.ArrayExpr([ts.Str(text), ts.Str("b")])),
            ]
            for value in described:
                shape = ts.ObjectExpr(
                    [ts.Prop(key, value, computed=key == "__proto__"), ts.Prop("n", _z("number"))]
                )
                _assert_case(ts.ConstDecl("XSchema", _z("object", shape)), must_handle=False)
                _assert_case(ts.ConstDecl(head.name + "Schema", value), must_handle=False)
                lazy = _z("lazy", ts.Arrow([], _z("object", shape)))
                typed = ts.ConstDecl(
                    "XSchema", lazy, type=ts.TRef("z.ZodType", [ts.TRef("X" * len(text))])
                )
                _assert_case(typed, must_handle=False)


def test_common_zod_shapes_are_handled():
    shape = ts.ObjectExpr(
        [
            ts.Prop("name", _method(_z("string"), "describe", ts.Str("The name to use."))),
            ts.Prop(
                "threshold",
                _method(
                    _method(_method(_z("number"), "nullable"), "optional"),
                    "describe",
                    ts.Str("x" * 70),
                ),
            ),
        ]
    )
    for statement in [
        ts.ConstDecl("XSchema", _z("object", shape)),
        ts.ConstDecl("XSchema", _z("enum", ts.ArrayExpr([ts.Str("v" * n) for n in range(1, 12)]))),
        ts.ConstDecl(
            "XSchema",
            _z("lazy", ts.Arrow([], _z("object", shape))),
            type=ts.TRef("z.ZodType", [ts.TRef("X")]),
        ),
        ts.TypeAlias("X", ts.TRef("z.infer", [ts.TTypeof("XSchema")])),
    ]:
        _assert_case(statement)


@pytest.mark.parametrize("length", range(1, 60, 2))
def test_statement_names_around_the_edge(length):
    name = "N" * length
    _assert_case(ts.TypeAlias(name, ts.TRef("z.infer", [ts.TTypeof(name + "Schema")])))
    _assert_case(
        ts.ImportDecl(
            [("defineTool", False), ("Tool", True), ("T" * length, True)], "@github/copilot-sdk"
        )
    )
    _assert_case(ts.ConstDecl(name, ts.Str("s" * length)))
    _assert_case(ts.ConstDecl(name, _z("string")))
    _assert_case(ts.ConstDecl(name, ts.Num(-length)))
