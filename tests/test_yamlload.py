"""The YAML loader: YAML 1.2 scalars, a position for every key and value, duplicate keys, bounded aliases and
nesting, and a located message (never an exception) for everything else."""

from __future__ import annotations

import gc
import subprocess
import sys
import time

import pytest

from codegen.errors import Diagnostic
from codegen.spec.yamlload import MAX_DEPTH, LocatedDocument, Position, load_yaml

from .support import REPO


def _load(text: str) -> LocatedDocument:
    document = load_yaml("x.yaml", text.encode("utf-8"))
    assert isinstance(document, LocatedDocument), document
    assert document.problems == [], document.problems
    return document


def _value(text: str):
    return _load(f"v: {text}\n").value["v"]


def _problem(text: str | bytes) -> str:
    """The one diagnostic for `text`, fatal or not, as `LINE:COL: MESSAGE`."""
    result = load_yaml("x.yaml", text if isinstance(text, bytes) else text.encode("utf-8"))
    problems = [result] if isinstance(result, Diagnostic) else result.problems
    assert len(problems) == 1, problems
    return f"{problems[0].line}:{problems[0].column}: {problems[0].message}"


# -- YAML 1.2 core schema -------------------------------------------------------------------------------


@pytest.mark.parametrize("word", ["yes", "no", "on", "off", "y", "n", "Yes", "ON"])
def test_yaml_1_1_booleans_are_strings(word):
    assert _value(word) == word


def test_enum_of_yes_and_no_is_two_strings():
    assert _value("[yes, no, on, off]") == ["yes", "no", "on", "off"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("true", True),
        ("False", False),
        ("TRUE", True),
        ("null", None),
        ("~", None),
        ("Null", None),
        ("", None),
        ("42", 42),
        ("-7", -7),
        ("+3", 3),
        ("012", 12),
        ("0o17", 15),
        ("0x1F", 31),
        ("9007199254740993", 9007199254740993),
        ("2.5", 2.5),
        ("1e3", 1000.0),
        (".5", 0.5),
        ("-1.5E-2", -0.015),
        ("'42'", "42"),
        ('"true"', "true"),
        ("!!str 12", "12"),
        ("!!int '12'", 12),
    ],
)
def test_core_schema_scalars(text, expected):
    value = _value(text)
    assert value == expected and type(value) is type(expected)


@pytest.mark.parametrize(
    "text", ["2001-12-14", "1_000", "0b101", "1:20", "=", "<<x", ".Inf5", "0o19"]
)
def test_other_yaml_1_1_forms_stay_strings(text):
    assert _value(text) == text


def test_plain_scalar_tags_are_remembered_by_their_text_alone(monkeypatch):
    import yaml

    from codegen.spec import yamlload

    monkeypatch.setattr(yamlload, "_PLAIN_TAGS", {})  # as in a new process
    texts = ["42", "true", "~", "null", "1.5", "abc", "yes", "0x1F", "-7", "", "x" * 64, "x" * 65]
    first = [_value(text) for text in texts]
    second = [_value(text) for text in texts]  # from the remembered tags
    assert [(type(v), v) for v in first] == [(type(v), v) for v in second]
    resolver = yamlload._Yaml12Loader("")
    for text in texts[:-1]:
        assert yamlload._PLAIN_TAGS[text] == resolver.resolve(yaml.ScalarNode, text, (True, False))
    assert "x" * 65 not in yamlload._PLAIN_TAGS  # long texts (descriptions) are not kept
    assert _value("'42'") == "42" and _value("!!str true") == "true"  # quoted or tagged: not by the text
    for number in range(yamlload._PLAIN_TAG_ENTRIES + 10):
        _value(f"v{number}")
    assert len(yamlload._PLAIN_TAGS) == yamlload._PLAIN_TAG_ENTRIES


def test_keys_stay_the_strings_they_look_like():
    assert list(_load("yes: 1\n1: 2\nnull: 3\ntrue: 4\n").value) == ["yes", "1", "null", "true"]


def test_a_byte_order_mark_is_accepted():
    assert load_yaml("x.yaml", b"\xef\xbb\xbfname: a\n").value == {"name": "a"}


def test_explicit_document_markers_are_fine():
    assert _load("---\nname: a\n...\n").value == {"name": "a"}


# -- positions ------------------------------------------------------------------------------------------


def test_every_key_and_value_has_a_position():
    document = _load("# header\nname: tool\nparameters:\n  type: object\n  required: [a, b]\n")
    assert document.position_of_value(()) == Position(2, 1)
    assert document.position_of_key(("name",)) == Position(2, 1)
    assert document.position_of_value(("name",)) == Position(2, 7)
    assert document.position_of_key(("parameters", "type")) == Position(4, 3)
    assert document.position_of_value(("parameters", "type")) == Position(4, 9)
    assert document.position_of_value(("parameters", "required", 1)) == Position(5, 17)
    assert document.position_of_key(("parameters", "required", 1)) == Position(5, 17)


def test_unknown_paths_fall_back_to_the_nearest_ancestor():
    document = _load("a:\n  b: 1\n")
    assert document.position_of_value(("a", "b", "c")) == Position(2, 6)
    assert document.position_of_key(("a", "zzz")) == Position(1, 1)


def test_columns_count_characters_not_bytes():
    document = _load("名前: {ü: é, x: 1}\n")
    assert document.position_of_key(("名前", "x")) == Position(1, 12)
    assert document.position_of_value(("名前", "x")) == Position(1, 15)


def test_an_alias_value_is_positioned_where_the_alias_is():
    document = _load("a: &anchor {k: 1}\nb: *anchor\n")
    assert document.value == {"a": {"k": 1}, "b": {"k": 1}}
    assert document.position_of_value(("b",)) == Position(2, 4)
    assert document.position_of_value(("b", "k")) == Position(
        1, 16
    ), "inside, positions are the anchor's text"


# -- recoverable problems: reported, and the rest still loads ---------------------------------------------


def test_duplicate_key_is_reported_and_the_first_value_kept():
    document = load_yaml("x.yaml", b"name: first\nother: 1\nname: second\nlast: 2\n")
    assert [str(p) for p in document.problems] == [
        'x.yaml:3:1: error: duplicate key "name" (first defined at line 1, column 1)'
    ]
    assert document.value == {"name": "first", "other": 1, "last": 2}


def test_every_duplicate_in_a_file_is_reported():
    document = load_yaml("x.yaml", b"a: 1\na: 2\nb: {c: 1, c: 2}\n")
    assert [(p.line, p.column) for p in document.problems] == [(2, 1), (3, 11)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("v: !!int abc\n", '1:4: "abc" is tagged !!int but is not an integer'),
        ("v: !!float x\n", '1:4: "x" is tagged !!float but is not a number'),
        ("v: !!bool yes\n", '1:4: "yes" is tagged !!bool but is not true or false'),
        ("v: !!null nothing\n", '1:4: "nothing" is tagged !!null but is not null'),
        (
            "v: !!binary aGk=\n",
            "1:4: unsupported YAML tag !!binary; specs hold plain JSON values only",
        ),
        ("v: !custom 1\n", "1:4: unsupported YAML tag !custom; specs hold plain JSON values only"),
        ("v: !!set {a, b}\n", "1:4: unsupported YAML tag !!set; specs hold plain JSON values only"),
        ("v: .inf\n", "1:4: .inf is not a JSON number"),
        ("v: -.Inf\n", "1:4: -.Inf is not a JSON number"),
        ("v: .nan\n", "1:4: .nan is not a JSON number"),
        ("v: 1e400\n", "1:4: 1e400 is too large for a JSON number"),
        (
            "v:\n  <<: {a: 1}\n",
            "2:3: merge keys ('<<') are not supported in specs; write the keys out",
        ),
        ("? [a, b]\n: 1\n", "1:3: mapping keys must be strings"),
    ],
)
def test_values_json_cannot_hold_are_located(text, expected):
    assert _problem(text) == expected


def test_a_quoted_merge_key_is_an_ordinary_string():
    assert _load("'<<': 1\n").value == {"<<": 1}


# -- fatal problems: one located diagnostic -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "1:1: empty file: a spec is a mapping with at least name and description"),
        (
            "# just a comment\n",
            "1:1: empty file: a spec is a mapping with at least name and description",
        ),
        (
            "a: [1, 2\nb: 3\n",
            "2:2: YAML syntax: did not find expected ',' or ']' (while parsing a flow sequence that opens at 1:4)",
        ),
        ("a: b: c\n", "1:5: YAML syntax: mapping values are not allowed in this context"),
        (
            "a:\n\tb: 1\n",
            "2:1: YAML syntax: found character that cannot start any token (while scanning for the next token); "
            "YAML indents with spaces, never tabs",
        ),
        ("a: 1\n---\nb: 2\n", "2:1: a spec file holds one YAML document; found a second one"),
        ("a: *missing\n", "1:4: YAML syntax: alias *missing has no anchor &missing before it"),
        ("a: &x [1, *x]\n", "1:11: recursive alias: a node refers to itself"),
        (
            'a: "bell \x07"\n',
            "1:10: YAML syntax: control character U+0007 is not allowed; write it as an escape inside a "
            'double-quoted string ("\\u0007")',
        ),
        (b"a: caf\xe9\n", "1:7: invalid UTF-8 (byte 0xe9); spec files are UTF-8"),
        (b"\xff\xfea\x00", "1:1: invalid UTF-8 (byte 0xff); spec files are UTF-8"),
    ],
)
def test_fatal_problems_are_located(text, expected):
    assert _problem(text) == expected


def test_nesting_is_bounded():
    deep = "v: " + "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + "\n"
    # the root mapping is the first level, so the 200th bracket opens level 201
    assert _problem(deep) == f"1:{3 + MAX_DEPTH}: nesting deeper than {MAX_DEPTH} levels"
    fine = "v: " + "[" * (MAX_DEPTH - 5) + "]" * (MAX_DEPTH - 5) + "\n"
    assert _load(fine).value["v"] is not None


def test_nesting_through_aliases_is_bounded_too():
    half = MAX_DEPTH // 2 + 10
    text = f"a: &a {'[' * half}{']' * half}\nb: {'[' * half}*a{']' * half}\n"
    assert _problem(text).endswith(f"nesting deeper than {MAX_DEPTH} levels")


def test_pathological_nesting_does_not_crash_the_interpreter():
    """libyaml's own composer recurses in C and segfaults on this; ours must answer with a diagnostic.
    Run in a child process so a regression shows as a failure, not as a dead test run."""
    code = (
        "from codegen.spec.yamlload import load_yaml\n"
        "print(load_yaml('x.yaml', b'v: ' + b'[' * 500000))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert "nesting deeper than" in result.stdout


def test_alias_bomb_stops_fast_at_an_alias():
    lines = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for prev, name in zip("abcdefgh", "bcdefghi"):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 10) + "]")
    started = time.monotonic()
    message = _problem("\n".join(lines) + "\n")
    assert time.monotonic() - started < 5.0, "a bomb must be stopped long before it expands"
    assert "aliases expand the document to more than 100000 values (an alias bomb?)" in message


def test_small_aliases_are_fine():
    document = _load("base: &b {type: string}\nx: *b\ny: *b\nz: [*b, *b]\n")
    assert document.value["z"] == [{"type": "string"}, {"type": "string"}]


def test_the_size_limit_is_checked_before_parsing():
    assert str(load_yaml("x.yaml", b"a: 1\n" * 10, max_bytes=20)).startswith(
        "x.yaml:1:1: error: file is 50 bytes; the limit is 20 bytes"
    )


def test_the_garbage_collector_is_left_as_it_was():
    assert gc.isenabled()
    load_yaml("x.yaml", b"a: 1\n")
    assert gc.isenabled()
    gc.disable()
    try:
        load_yaml("x.yaml", b"a: [1\n")
        assert not gc.isenabled()
    finally:
        gc.enable()
