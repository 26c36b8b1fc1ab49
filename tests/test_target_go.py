"""Go target: identifier and escaping tables, layout, header, determinism, and gofmt-exact output."""

from __future__ import annotations

import ast
import dataclasses
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from codegen.model import ir
from codegen.errors import ConfigError, SpecError
from codegen.run.generate import load_tools, render_outputs
from codegen.targets.go import layout as go_layout, syntax as go_syntax, types as go_types
from codegen.targets.go.syntax import (
    comment_text,
    doc_lines,
    exported,
    file_stem,
    go_string,
    json_tag_name_ok,
    raw_json,
    unexported,
)
from tests import support

GENERATED_LINE = re.compile(
    r"^// Code generated .* DO NOT EDIT\.$"
)  # https://go.dev/s/generatedcode
# Characters that must never appear raw in Go source we emit (outside the escapes that stand for them).
LINE_BREAKS = "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"
TEXT_STRATEGY = st.text(st.characters(exclude_categories=["Cs"]), max_size=40)


def render(spec_dirs: list[Path]) -> tuple[dict[str, str], list]:
    tools, _ = load_tools(spec_dirs)
    return render_outputs(tools, ["go"])


@pytest.fixture(scope="module")
def outputs() -> dict[str, str]:
    rendered, _ = render(support.ALL_SPEC_DIRS)
    return rendered


# -- identifiers ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "words, expected",
    [
        (("clear", "context", "params"), "ClearContextParams"),
        (("user", "id"), "UserID"),
        (("x", "request", "id"), "XRequestID"),
        (("url",), "URL"),
        (("http", "server", "2"), "HTTPServer2"),
        (("the", "2fa", "code"), "The2faCode"),
        (("u540d", "u524d"), "U540dU524d"),
        (("tool",), "Tool"),
        (("json", "api"), "JSONAPI"),
        (("ids",), "Ids"),
    ],
)
def test_exported_identifiers(words, expected):
    assert exported(words) == expected


@pytest.mark.parametrize(
    "words, expected",
    [
        (("web", "fetch", "schema"), "webFetchSchema"),
        (("url", "schema"), "urlSchema"),
        (("id", "metadata"), "idMetadata"),
        (("go", "schema"), "goSchema"),
    ],
)
def test_unexported_identifiers(words, expected):
    assert unexported(words) == expected


@pytest.mark.parametrize(
    "words, expected",
    [
        (("clear", "context"), "clear_context"),
        (("read", "linux"), "read_linux_tool"),  # would build on Linux only
        (("run", "test"), "run_test_tool"),  # would be a test file
        (("x", "386"), "x_386_tool"),
        (("arm",), "arm"),  # no underscore: not a constraint
        (("linux", "reader"), "linux_reader"),
        (("tools",), "tools"),  # the registry's name is taken later, by unique_identifiers
    ],
)
def test_file_stems_never_read_as_build_constraints(words, expected):
    assert file_stem(words) == expected


def test_type_map_covers_every_kind():
    assert set(go_types.TYPE_MAP) == set(ir.TYPE_KINDS)


def test_keyword_sets_are_complete():
    assert len(go_syntax.GO_KEYWORDS) == 25
    assert {"any", "string", "nil", "iota", "error"} <= go_syntax.GO_PREDECLARED


# -- escaping ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, expected",
    [
        ("plain", '"plain"'),
        ('say "hi"', r'"say \"hi\""'),
        ("back\\slash", r'"back\\slash"'),
        ("a\nb\tc\rd", r'"a\nb\tc\rd"'),
        ("nul\x00 del\x7f", r'"nul\x00 del\x7f"'),
        ("line\u2028para\u2029", r'"line\u2028para\u2029"'),
        ("bidi\u202e\u2066", r'"bidi\u202e\u2066"'),
        ("bom\ufeff nbsp\u00a0", r'"bom\ufeff nbsp\u00a0"'),
        ("tag\U000e0041", r'"tag\U000e0041"'),
        ("é 名前 😀 `${x}` */", '"é 名前 😀 `${x}` */"'),
    ],
)
def test_go_string_literals(text, expected):
    assert go_string(text) == expected


@given(TEXT_STRATEGY)
def test_go_string_round_trips(text):
    # Go's escapes used here (\" \\ \a…\v \xNN \uNNNN \UNNNNNNNN) mean the same in a Python literal.
    literal = go_string(text)
    assert ast.literal_eval(literal) == text
    assert all(char.isprintable() for char in literal)


def test_go_string_rejects_lone_surrogates():
    with pytest.raises(ValueError, match="surrogate"):
        go_string("\ud800")


@given(TEXT_STRATEGY)
def test_comment_text_stays_on_one_visible_line(text):
    line = comment_text(text)
    assert all(char.isprintable() for char in line)
    assert not any(char in LINE_BREAKS for char in line)


@pytest.mark.parametrize(
    "text, expected",
    [
        (None, []),
        ("", []),
        ("One line.", ["One line."]),
        (
            "a\n\n  b\r\nc\u2028d",
            ["a", "", "b c\\u2028d"],
        ),  # paragraphs apart, lines of one paragraph joined, an invisible separator shown
        (
            "Intro:\n  - item one\n  - item\n    two\n\n      code\n      more",
            ["Intro:", "", "  - item one", "  - item two", "", "\tcode", "\tmore"],
        ),  # gofmt's list and code block forms
        ("1. first\n2. second", [" 1. first", " 2. second"]),
        ("tab\there \x01", [r"tab here \x01"]),
        (
            "Intro\n\nHeading\n\nText",
            ["Intro", "", "# Heading", "", "Text"],
        ),  # a lone line gofmt reads as an old-style heading is written as the heading it becomes
        ("Heading\n\nText", ["Heading", "", "Text"]),  # the first line is never a heading
        ("Intro\n\nSee: this\n\nText", ["Intro", "", "See: this", "", "Text"]),
        (" ".join(["word"] * 30), ["word " * 18 + "word", "word " * 10 + "word"]),  # wrapped at 96
        (
            "        indented\n        like a docstring",
            ["indented like a docstring"],
        ),  # the common indentation is not a code block
        ("it''s ``quoted``", ["it' 's ` `quoted` `"]),  # gofmt would turn these into curly quotes
        ("```go```", ["```go```"]),  # three backquotes are left alone by gofmt
        ('*/ /* `x` "y"', ['*/ /* `x` "y"']),
    ],
)
def test_doc_lines(text, expected):
    assert doc_lines(text) == expected


@pytest.mark.parametrize(
    "wire_name, ok",
    [
        ("prompt", True),
        ("max-results", True),
        ("X-Request-ID", True),
        ("user.id", True),
        ("with space", True),
        ("$dollar", True),
        ("@at", True),
        ("名前", True),
        ("é", True),
        ("2fa_code", True),
        ('a"quote', False),
        ("back\\slash", False),
        ("a,b", False),
        ("it's", False),
        ("`tick`", False),
        ("emoji😀", False),
        ("-", False),
        ("", False),
    ],
)
def test_json_tag_names(wire_name, ok):
    assert json_tag_name_ok(wire_name) is ok


def test_struct_tags():
    assert go_syntax.struct_tag("maxResults", "omitempty") == '`json:"maxResults,omitempty"`'
    assert go_syntax.struct_tag("body", "omitzero") == '`json:"body,omitzero"`'
    assert go_syntax.struct_tag("prompt", None) == '`json:"prompt"`'
    assert go_syntax.struct_tag('a"b', "omitempty") == '`json:"-"`'


@given(
    st.recursive(
        st.none()
        | st.booleans()
        | st.integers()
        | st.floats(allow_nan=False, allow_infinity=False)
        | TEXT_STRATEGY,
        lambda children: st.lists(children, max_size=3)
        | st.dictionaries(TEXT_STRATEGY, children, max_size=3),
        max_leaves=10,
    )
)
def test_raw_json_is_safe_in_a_raw_string(value):
    text = raw_json(value)
    assert "`" not in text and "\r" not in text
    assert all(char == "\n" or char.isprintable() for char in text)
    assert json.loads(text) == value


def test_raw_json_keeps_flat_arrays_on_one_line():
    assert raw_json({"type": ["string", "null"], "items": [{"a": 1}]}) == (
        '{\n  "type": ["string", "null"],\n  "items": [\n    {\n      "a": 1\n    }\n  ]\n}'
    )


# -- layout ----------------------------------------------------------------------------------------------------


def test_columns_align_blocks_between_comments_like_gofmt():
    text = "\tA\tstring\t`json:\"a\"`\n\tBcdef\t*int\t`json:\"b\"`\n\t// a comment ends the block\n"
    text += "\tC\t[]string\t`json:\"c\"`\n\tDD\tmap[string]any\t`json:\"-\"`\n\n\tE\tbool\n"
    assert go_layout.align(text).split("\n") == [
        '\tA     string `json:"a"`',
        '\tBcdef *int   `json:"b"`',
        "\t// a comment ends the block",
        '\tC  []string       `json:"c"`',
        '\tDD map[string]any `json:"-"`',
        "",  # so does a blank line
        "\tE bool",
        "",
    ]


def test_columns_count_runes_and_leave_a_comment_line_whole():
    assert go_layout.align("\t名前\tstring\n\tAbc\tint // x\n\t//\tcode\tline") == (
        "\t名前  string\n\tAbc int // x\n\t//\tcode\tline"
    )


def _column_lines(rng: random.Random, indent: str, cells: list[list[str]]) -> list[str]:
    """Lines of a struct, const block or keyed literal: tab-separated cells, with comment and blank lines."""
    lines: list[str] = []
    for row in cells:
        draw = rng.random()
        if draw < 0.15:
            lines.append(indent + rng.choice(["// a comment", "//\tcode\tin a doc comment", "// 名前 ü"]))
        elif draw < 0.22 and lines:
            lines.append("")
        lines.append(indent + "\t".join(row))
    return lines


def test_columns_are_what_gofmt_prints(tmp_path):
    """The column rule against gofmt itself, over random structs (long and non-ASCII names, trailing comments,
    blank-line-separated blocks, comment lines with tabs), const blocks and keyed literals."""
    gofmt = support.require_executable("gofmt")
    rng = random.Random(20260601)

    def name(prefix: str) -> str:
        length = rng.choice([1, 2, 5, 12, 30, 45])
        return prefix + "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789_名前é") for _ in range(length))

    types = ["string", "int64", "*float64", "[]string", "map[string]any", "Nullable[int64]", "any", "[]*T"]
    tags = ["`json:\"a\"`", "`json:\"longer_name,omitempty\"`", "`json:\"名前\"`", "`json:\"-\"`"]
    source = ["package p", "", "type T struct{}", "", "type Nullable[V any] struct{ Value V }", ""]
    for index in range(60):
        fields = []
        for number in range(rng.randint(1, 9)):
            row = [name("F") + str(number), rng.choice(types)]
            row += [rng.choice(tags)] * (rng.random() < 0.7) + ["// trailing 名前"] * (rng.random() < 0.25)
            fields.append(row)
        source += [f"type S{index} struct {{", go_layout.align("\n".join(_column_lines(rng, "\t", fields))), "}", ""]
        values = [[f"E{index}{name('C')}{number}", f"E{index}", f'= "v{number}"'] for number in range(rng.randint(1, 5))]
        source += [f"type E{index} string", "", "const ("]
        source += [go_layout.align("\n".join("\t" + "\t".join(row) for row in values)), ")", ""]
        keys = rng.sample(["Name", "Description", "OverridesBuiltInTool", "Defer", "Handler", "SkipPermission"], 3)
        entries = [[f"{key}:", rng.choice(['"x",', '"a longer value, 名前",'])] for key in keys]
        source += [f"var V{index} = struct{{ {', '.join(keys)} string }}{{"]
        source += [go_layout.align("\n".join("\t" + "\t".join(row) for row in entries)), "}", ""]
    (tmp_path / "p.go").write_text("\n".join(source), encoding="utf-8")
    result = subprocess.run([gofmt, "-d", "p.go"], cwd=tmp_path, capture_output=True, text=True)
    assert result.returncode == 0 and not result.stdout, result.stdout[:5000] + result.stderr


# -- files -----------------------------------------------------------------------------------------------------


def test_one_file_per_tool_plus_registry(outputs):
    names = sorted(path.removeprefix("go/") for path in outputs)
    assert "tools.go" in names
    assert "clear_context.go" in names and "name_mangling.go" in names and "tool.go" in names
    assert len(names) == len(load_tools(support.ALL_SPEC_DIRS)[0]) + 1


def test_headers(outputs):
    for path, text in outputs.items():
        first = text.splitlines()[0]
        assert GENERATED_LINE.match(first), path
        assert "Code generated by toolgen" in first
        assert text.splitlines()[1] == "", f"{path}: the header must not become the package doc"
    first, _, third = outputs["go/clear_context.go"].splitlines()[:3]
    assert first.startswith("// Code generated by toolgen from ") and first.endswith(
        "specs/clear_context.yaml. DO NOT EDIT."
    )
    assert third == "package tools"
    assert outputs["go/tools.go"].startswith("// Code generated by toolgen. DO NOT EDIT.\n")


def test_header_keeps_an_odd_path_on_one_line():
    tools, _ = load_tools([support.SPECS / "clear_context.yaml"])
    odd = dataclasses.replace(tools[0], source="specs/odd\nname\u202e.yaml")
    line = render_outputs([odd], ["go"])[0]["go/clear_context.go"].splitlines()[0]
    assert line == r"// Code generated by toolgen from specs/odd\nname\u202e.yaml. DO NOT EDIT."


def test_factory_sets_every_non_default_option(outputs):
    ping = outputs["go/ping.go"]
    for line in (
        "OverridesBuiltInTool: true,",
        "SkipPermission:       true,",
        "IsTerminal:           true,",
        "Defer:                copilot.ToolDeferAuto,",
        "Metadata:             pingMetadata,",
        "Handler:              untypedHandler(handler),",
    ):
        assert line in ping
    assert "Parameters:" not in ping
    empty = outputs["go/empty_params.go"]  # isTerminal: false and metadata: {} equal their defaults
    assert (
        "IsTerminal" not in empty
        and "Metadata" not in empty
        and "Parameters:  emptyParamsSchema," in empty
    )


def test_no_reflection_based_define_tool(outputs):
    assert not any(
        "DefineTool(" in text.replace("copilot.DefineTool does", "") for text in outputs.values()
    )
    assert not any("jsonschema:" in text for text in outputs.values())


def test_untaggable_properties_are_decoded_by_name(outputs):
    text = outputs["go/name_mangling.go"]
    assert 'AQuote            *string  `json:"-"`' in text
    assert '{name: "a\\"quote", value: &s.AQuote},' in text
    assert 'U540dU524d        *string  `json:"名前,omitempty"`' in text


def test_defaults_fill_left_out_properties_and_such_fields_are_values(outputs):
    text = outputs["go/search_files.go"]
    assert "\tMaxResults int64 `json:\"maxResults\"`" in text  # no pointer: decoding always sets it
    assert '{name: "maxResults", value: &s.MaxResults, json: `50`},' in text
    assert "return decodeWithDefaults(data, (*plain)(s), []fieldDefault{" in text
    defaults = outputs["go/defaults.go"]
    assert '{name: "anObject", value: &s.AnObject, json: `{"x": 1}`},' in defaults
    decode = defaults.split("func (s *DefaultsParams) UnmarshalJSON", 1)[1].split("\n}\n", 1)[0]
    assert '"anEnum"' in decode and '"aNull"' not in decode  # a null default is what nil already says
    assert "FileTypes []string `json:\"fileTypes,omitempty\"`" in text  # no default: nil when absent


def test_a_default_the_go_type_cannot_hold_stays_a_pointer_with_a_warning(tmp_path):
    (tmp_path / "t.yaml").write_text(
        "name: t\ndescription: d\nparameters:\n  type: object\n  properties:\n"
        "    big: {type: integer, default: 100000000000000000000}\n"
    )
    rendered, warnings = render([tmp_path])
    text = rendered["go/t.go"]
    assert "\tBig *int64 `json:\"big,omitempty\"`" in text and "fieldDefault" not in text
    messages = [str(w) for w in warnings if "go:" in str(w)]
    assert any(':6:5: warning: go: the default of "big" does not fit the Go type `int64`' in m for m in messages)


def test_collisions_are_renamed_and_reported():
    rendered, warnings = render(support.ALL_SPEC_DIRS)
    text = rendered["go/colliding_casings.go"]
    for name in ("UserID ", "UserID2", "UserID3", "UserID4", "UserID5"):
        assert f"\t{name}" in text
    messages = [str(w) for w in warnings if "colliding_casings" in w.file]
    assert len(messages) == 4 and all("warning: go:" in m for m in messages)
    assert any(
        ':7:5: warning: go: the field for property "user_id"' in m and '"UserID2"' in m
        for m in messages
    )


def test_a_name_another_tool_needs_is_an_error_not_a_rename(tmp_path):
    """foo's enum at foo › bar › params would be FooBarParams, foo_bar's parameters type: whichever tool came first
    in path order would keep it, so adding one of them would rename the other (codegen.model.stability)."""
    specs = tmp_path / "specs"
    specs.mkdir()
    (specs / "a.yaml").write_text("name: foo_bar\ndescription: d\nparameters: {type: object}\n")
    (specs / "c.yaml").write_text(
        "name: foo\ndescription: d\nparameters:\n  type: object\n  properties:\n"
        "    bar: {type: object, properties: {params: {type: string, enum: [x]}}}\n"
    )
    with pytest.raises(SpecError) as raised:
        render([specs])
    go_errors = [str(d) for d in raised.value.diagnostics if ": go: " in str(d)]
    assert len(go_errors) == 1 and go_errors[0].startswith(f"{specs.as_posix()}/c.yaml:1:1: error: go: tool \"foo\"")
    assert f"beside tool \"foo_bar\" ({specs.as_posix()}/a.yaml)" in go_errors[0] and "FooBarParams2" in go_errors[0]
    # alone, each is fine
    (specs / "a.yaml").unlink()
    rendered, _ = render([specs])
    assert "type FooBarParams string" in rendered["go/foo.go"]


def test_tool_named_tools_does_not_replace_the_registry(tmp_path):
    (tmp_path / "t.yaml").write_text("name: Tools\ndescription: d\n")
    rendered, warnings = render([tmp_path])
    assert {"go/tools.go", "go/tools2.go"} == set(rendered)
    assert "func ToolsTool(" in rendered["go/tools2.go"] and "func All(" in rendered["go/tools.go"]
    assert any('named "tools2.go"' in w.message for w in warnings)


def test_output_is_deterministic_across_hash_seeds(tmp_path):
    script = (
        "import json, sys; from codegen.run.generate import load_tools, render_outputs; from tests import support; "
        "t, _ = load_tools(support.ALL_SPEC_DIRS); print(json.dumps(render_outputs(t, ['go'])[0], sort_keys=True))"
    )
    runs = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        result = subprocess.run(
            [sys.executable, "-c", script],
            cwd=support.REPO,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        runs.append(result.stdout)
    assert runs[0] == runs[1]


# -- gofmt -----------------------------------------------------------------------------------------------------


def assert_gofmt_clean(folder: Path) -> None:
    gofmt = support.require_executable("gofmt")
    result = subprocess.run([gofmt, "-l", "."], cwd=folder, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    if result.stdout:
        diff = subprocess.run([gofmt, "-d", "."], cwd=folder, capture_output=True, text=True).stdout
        pytest.fail(f"not gofmt-formatted: {result.stdout}\n{diff[:5000]}")


def test_output_is_exactly_what_gofmt_prints(tmp_path):
    assert_gofmt_clean(support.write_outputs("go", tmp_path))


TRICKY_TEXT = [
    "- a list item\n- another",
    "  indented code\n\tmore",
    "# Heading",
    "Title\n\nParagraph one\n\nMore text",
    "[link]: https://example.com",
    "see [Doc] and https://example.com/x?y=''z''",
    "it''s ``quoted''",
    "//go:generate rm -rf /",
    "line directive\n//line x.go:1",
    "trailing spaces   \n  ",
    "tab\tinside",
    "\u2028\u2029\x85\v\f",
    '*/ /* `x` "y" \\z',
    "1. numbered\n2) also",
    "func main() {\n}",
    "ends with {\nnext",
    "ends with \\\nnext",
    "\ufeffbom",
    "\u202eevil\u2066",
    "😀 emoji and 名前",
]
TRICKY_NAMES = [
    'a"b',
    "c\\d",
    "e,f",
    "g'h",
    "i`j",
    "k l",
    "-",
    "😀",
    "名前",
    "x\ny",
    "\u202e",
    "UnmarshalJSON",
    "marshal_json",
    "additionalProperties",
    "AdditionalProperties",
    "s",
    "plain",
    "fields",
    "data",
]


def _yaml_string(text: str) -> str:
    """A YAML double-quoted scalar for any text (escapes for everything but printable ASCII)."""
    out = []
    for char in text:
        code = ord(char)
        if char in '"\\':
            out.append("\\" + char)
        elif 0x20 <= code < 0x7F:
            out.append(char)
        elif code <= 0xFF:
            out.append(f"\\x{code:02x}")
        elif code <= 0xFFFF:
            out.append(f"\\u{code:04x}")
        else:
            out.append(f"\\U{code:08x}")
    return '"' + "".join(out) + '"'


def _random_spec(rng: random.Random, index: int) -> str:
    texts = TRICKY_TEXT + [
        "".join(rng.choice("a ''``\n\t-#*/\\\"{}[]1.") for _ in range(12)) for _ in range(5)
    ]
    lines = [
        f"name: t{index}_{rng.choice(['linux', 'test', 'x', 'Tool', 'all'])}",
        f"description: {_yaml_string('Tool ' + rng.choice(texts))}",
        "parameters:",
        "  type: object",
        f"  description: {_yaml_string(rng.choice(texts))}",
        "  additionalProperties: {type: integer}",
        "  properties:",
    ]
    for name in rng.sample(TRICKY_NAMES, 8):
        kind = rng.choice(["string", "integer", "number", "boolean", "array", "object"])
        prop = f"{{type: {kind}, description: {_yaml_string(rng.choice(texts))}"
        if kind == "string" and rng.random() < 0.5:
            prop += (
                ", enum: ["
                + ", ".join(_yaml_string(value) for value in rng.sample(texts + TRICKY_NAMES, 3))
                + "]"
            )
        if kind == "object":
            prop += f", properties: {{{_yaml_string(rng.choice(TRICKY_NAMES))}: {{type: string}}}}"
        lines.append(
            f"    {_yaml_string(name)}: {prop}, default: {_yaml_string(rng.choice(texts))}}}"
            if kind == "string" and "enum" not in prop
            else f"    {_yaml_string(name)}: {prop}}}"
        )
    return "\n".join(lines) + "\n"


def test_hostile_text_and_names_stay_gofmt_clean(tmp_path):
    rng = random.Random(20240601)
    specs = tmp_path / "specs"
    specs.mkdir()
    for index in range(12):
        (specs / f"t{index}.yaml").write_text(_random_spec(rng, index), encoding="utf-8")
    out = support.write_outputs("go", tmp_path / "out", [specs])
    assert_gofmt_clean(out)


REQUIRED_CYCLES = """\
name: required_cycles
description: Cycles through required properties, which Go can only hold through pointers.
parameters:
  type: object
  $defs:
    Node:
      type: object
      properties:
        next: {$ref: "#/$defs/Node"}
        other: {$ref: "#/$defs/Other"}
        alias: {$ref: "#/$defs/NodeAlias"}
        items: {type: array, items: {$ref: "#/$defs/Node"}}
      required: [next, other, alias, items]
    Other:
      type: object
      properties:
        back: {$ref: "#/$defs/Node"}
      required: [back]
    NodeAlias: {$ref: "#/$defs/Node"}
    NodeList:
      type: array
      items: {$ref: "#/$defs/NodeList"}
  properties:
    root: {$ref: "#/$defs/Node"}
    list: {$ref: "#/$defs/NodeList"}
  required: [root, list]
"""


def test_required_cycles_use_pointers(tmp_path):
    (tmp_path / "required_cycles.yaml").write_text(REQUIRED_CYCLES)
    text = render([tmp_path])[0]["go/required_cycles.go"]
    assert "\tNext  *RequiredCyclesNode " in text
    assert "\tOther *RequiredCyclesOther " in text
    assert "\tAlias *RequiredCyclesNodeAlias " in text
    assert "\tItems []RequiredCyclesNode " in text  # a slice already breaks the cycle
    assert "\tBack *RequiredCyclesNode " in text
    assert "\tRoot RequiredCyclesNode " in text  # the params struct is not part of the cycle
    assert "type RequiredCyclesNodeList []RequiredCyclesNodeList\n" in text  # defined, not an alias
    assert (
        "type RequiredCyclesNodeAlias = RequiredCyclesNode\n" in text
    )  # the cycle passes a struct


def test_package_option(tmp_path):
    tools, _ = load_tools([support.SPECS])
    outputs, _ = render_outputs(tools, ["go"], {"go": {"package": "mytools"}})
    assert all("\npackage mytools\n" in text for text in outputs.values())
    for bad in ("Tools", "func", "my-tools", "", 3):
        with pytest.raises(ConfigError, match="not a Go package name"):
            render_outputs(tools, ["go"], {"go": {"package": bad}})


def test_import_path_option_is_checked_by_the_target_too():
    """The configuration refuses a bad import path, located; a library caller passing options straight to
    render_outputs gets the target's own error instead of a broken import comment."""
    tools, _ = load_tools([support.SPECS])
    outputs, _ = render_outputs(tools, ["go"], {"go": {"import_path": "example.com/acme/tools"}})
    assert '\npackage tools // import "example.com/acme/tools"\n' in outputs["go/tools.go"]
    for bad in ("/abs/path", "a b", "a\nb"):
        with pytest.raises(ConfigError, match="not a Go import path"):
            render_outputs(tools, ["go"], {"go": {"import_path": bad}})


def test_sdk_harness_is_gofmt_clean():
    assert_gofmt_clean(support.REPO / "tests" / "sdk" / "go")
