"""The Rust target without the SDK: naming and escaping tables, layout against rustfmt, headers, determinism.

The real-SDK build and wire check is tests/test_sdk_rust.py.
"""

from __future__ import annotations

import json
import os
import random
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest

from codegen.model import ir
from codegen.run.generate import load_tools, render_outputs
from codegen.targets import Reporter
from codegen.targets.rust import doc as rust_doc, literals as rust_literals, names as rust_names, types as rust_types
from codegen.targets.rust.layout import (
    RustType,
    display_width,
    layout_attribute,
    layout_right_hand_side,
    layout_use_list,
    layout_where_bound,
    version_key,
)

from .support import ALL_SPEC_DIRS, EDGE_SPECS, REPO, SPECS, require_executable, write_outputs


@pytest.fixture(scope="module")
def outputs() -> dict[str, str]:
    tools, _ = load_tools(ALL_SPEC_DIRS)
    rendered, _ = render_outputs(tools, ["rust"])
    return rendered


@pytest.fixture(scope="module")
def warnings() -> list[str]:
    tools, _ = load_tools(ALL_SPEC_DIRS)
    _, found = render_outputs(tools, ["rust"])
    return [str(warning) for warning in found]


# -- tables ---------------------------------------------------------------------------------------------------


def test_type_map_covers_every_type_kind():
    assert set(rust_types.TYPE_MAP) == set(ir.TYPE_KINDS)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("prompt", "prompt"),
        ("type", "r#type"),
        ("match", "r#match"),
        ("async", "r#async"),
        ("gen", "r#gen"),  # reserved from edition 2024 on
        ("yield", "r#yield"),
        ("self", "self_"),  # cannot be a raw identifier
        ("Self", "Self_"),
        ("super", "super_"),
        ("crate", "crate_"),
        ("union", "union"),  # a weak keyword is a plain identifier
        ("default", "default"),
    ],
)
def test_identifier_escapes_keywords(name, expected):
    assert rust_names.identifier(name) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[1, 2]", '"[1, 2]"'),  # nothing to escape: a plain literal
        ('{"a": 1}', 'r#"{"a": 1}"#'),
        ('{"$ref": "#/$defs/A"}', 'r##"{"$ref": "#/$defs/A"}"##'),  # `"#` would end r#"…"#
        ('"##"', 'r###""##""###'),
        ("a\\b", 'r#"a\\b"#'),
        ('say "#" and "##"', 'r###"say "#" and "##""###'),
    ],
)
def test_raw_string_literal_counts_hashes(text, expected):
    assert rust_literals.raw_string_literal(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("plain", '"plain"'),
        ('q"b\\', '"q\\"b\\\\"'),
        ("line\nnext\r\ttab\0", '"line\\nnext\\r\\ttab\\0"'),
        ("bidi \u202e and \x01", '"bidi \\u{202e} and \\u{1}"'),
        ("é 名前 😀", '"é 名前 😀"'),
        ("{{ jinja }} ${x} */", '"{{ jinja }} ${x} */"'),
    ],
)
def test_string_literal_escapes(text, expected):
    assert rust_literals.string_literal(text) == expected


def test_json_text_escapes_invisible_characters_and_round_trips():
    value = {
        "d": "bidi \u202e nul \u0000 sep \u2028 emoji \U0001f600 zwsp \u200b",
        "n": [1, 2.5, None],
    }
    text = rust_literals.json_text(value, pretty=True)
    assert "\u202e" not in text and "\u2028" not in text and "\u200b" not in text
    assert "\\u202e" in text and "😀" in text
    assert json.loads(text) == value


@pytest.mark.parametrize(
    ("value", "expected"),
    [(2.5, "2.5"), (2.0, "2.0"), (30, "30.0"), (-1.5, "-1.5"), (1e20, "1e+20"), (1e-7, "1e-07")],
)
def test_float_literal(value, expected):
    assert rust_literals.float_literal(value) == expected


def test_doc_lines_are_harmless():
    text = "ends */ here\n```\nfn main() {}\n```\n        indented code\n\tbidi \u202e\ntrailing   "
    assert rust_doc.doc_lines(text) == [
        "/// ends */ here",
        "///",
        "/// ```text",  # an unlabeled fence would be a doctest
        "/// fn main() {}",
        "/// ```",
        "///",
        "/// ```text",  # so would an indented code block
        "///     indented code",
        "/// bidi \\u{202e}",
        "/// ```",
        "///",
        "/// trailing",
    ]
    assert rust_doc.doc_lines("   ") == []
    assert rust_doc.doc_lines(None) == []
    assert rust_doc.doc_lines("a\n\nb", "    ///") == ["    /// a", "    ///", "    /// b"]


# -- layout (the rules rustfmt applies, spot checks; the rustfmt tests below cover them in bulk) ------------


def test_field_type_moves_to_the_next_line_then_breaks():
    short = RustType("Option", (RustType("String"),))
    assert layout_right_hand_side("    pub a:", short, 4, ",") == ["    pub a: Option<String>,"]
    long_name = "    pub " + "n" * 85 + ":"
    assert layout_right_hand_side(long_name, short, 4, ",") == [
        long_name,
        "        Option<String>,",
    ]
    wide = RustType("Option", (RustType("Vec", (RustType("X" * 80),)),))
    assert layout_right_hand_side("    pub a:", wide, 4, ",") == [
        "    pub a: Option<",
        "        Vec<" + "X" * 80 + ">,",
        "    >,",
    ]


def test_attribute_goes_vertical_when_its_arguments_are_wide():
    assert layout_attribute("serde", ['rename = "a"', "default"], 4) == [
        '    #[serde(rename = "a", default)]'
    ]
    wide = ['rename = "' + "x" * 50 + '"', "default", 'skip_serializing_if = "Option::is_none"']
    assert layout_attribute("serde", wide, 4) == [
        "    #[serde(",
        "        " + wide[0] + ",",
        "        default,",
        '        skip_serializing_if = "Option::is_none"',
        "    )]",
    ]


def test_where_bound_breaks_bounds_then_arguments():
    assert layout_where_bound("H", ["P", "ToolInvocation"], "F", ["Send", "Sync", "'static"]) == [
        "    H: Fn(P, ToolInvocation) -> F + Send + Sync + 'static,"
    ]
    bounds = ["Send", "Sync", "'static"]
    assert layout_where_bound("H", ["P" * 60, "ToolInvocation"], "F", bounds) == [
        "    H: Fn(" + "P" * 60 + ", ToolInvocation) -> F",
        "        + Send",
        "        + Sync",
        "        + 'static,",
    ]
    assert layout_where_bound("H", ["P" * 80, "ToolInvocation"], "F", bounds)[:4] == [
        "    H: Fn(",
        "            " + "P" * 80 + ",",
        "            ToolInvocation,",
        "        ) -> F",
    ]


def test_use_list_layouts():
    assert layout_use_list("pub use a::", ["A", "b"]) == ["pub use a::{A, b};"]
    assert layout_use_list("pub use a::", ["b"]) == ["pub use a::b;"]
    # rustfmt breaks a one-line list at 99 columns, not 101: 98 stays on one line.
    ninety_eight = "pub use " + "m" * 67 + "::{" + "P" * 8 + ", " + "f" * 8 + "};"
    assert len(ninety_eight) == 98 and layout_use_list("pub use " + "m" * 67 + "::", ["P" * 8, "f" * 8]) == [ninety_eight]
    assert len(layout_use_list("pub use " + "m" * 68 + "::", ["P" * 8, "f" * 8])) == 3
    assert layout_use_list("pub use " + "m" * 60 + "::", ["P" * 30, "f" * 30]) == [
        "pub use " + "m" * 60 + "::{",
        "    " + "P" * 30 + ", " + "f" * 30 + ",",
        "};",
    ]


def test_display_width_counts_wide_characters_twice():
    assert display_width("名前") == 4 and display_width("ab") == 2 and display_width("e\u0301") == 1


def test_version_sort_matches_the_style_guide():
    given = [
        "x86_128",
        "x87",
        "u8",
        "u16",
        "_abcd",
        "A2",
        "ABCD",
        "a1",
        "abcd",
        "u_zzz",
        "ua",
        "v010",
        "v9",
        "v09",
        "v009",
    ]
    expected = [
        "_abcd",
        "A2",
        "ABCD",
        "a1",
        "abcd",
        "u_zzz",
        "u8",
        "u16",
        "ua",
        "v009",
        "v09",
        "v9",
        "v010",
        "x86_128",
        "x87",
    ]
    assert sorted(given, key=version_key) == expected


# -- what is generated ----------------------------------------------------------------------------------------


def test_one_module_per_tool_and_a_mod_rs(outputs):
    tools, _ = load_tools(ALL_SPEC_DIRS)
    assert len(outputs) == len(tools) + 1
    assert "rust/mod.rs" in outputs and "rust/clear_context.rs" in outputs
    mod_rs = outputs["rust/mod.rs"]
    assert "pub mod clear_context;" in mod_rs
    assert "pub use clear_context::{ClearContextParams, clear_context_tool};" in mod_rs
    assert "pub use ping::ping_tool;" in mod_rs  # no parameters, no parameters type


def test_headers(outputs):
    assert outputs["rust/clear_context.rs"].startswith(
        "// Code generated by toolgen from specs/clear_context.yaml. DO NOT EDIT.\n"
    )
    assert outputs["rust/mod.rs"].startswith("// Code generated by toolgen. DO NOT EDIT.\n")
    for path, text in outputs.items():
        assert "Code generated by toolgen" in text.splitlines()[0], path
        assert "DO NOT EDIT" in text.splitlines()[0], path
        assert text.endswith("}\n") or path.endswith("mod.rs"), path


def test_options_use_the_builder(outputs):
    clear_context = outputs["rust/clear_context.rs"]
    assert (
        ".with_is_terminal(true)" in clear_context
        and ".with_defer(DeferMode::Never)" in clear_context
    )
    ping = outputs["rust/ping.rs"]
    for call in [
        ".with_overrides_built_in_tool(true)",
        ".with_skip_permission(true)",
        ".with_is_terminal(true)",
        ".with_defer(DeferMode::Auto)",
        ".with_metadata(metadata())",
    ]:
        assert call in ping
    assert ".with_parameters(" not in ping
    empty = outputs["rust/empty_params.rs"]  # isTerminal: false and metadata: {} are the defaults
    assert "with_is_terminal" not in empty and "with_metadata" not in empty


def test_reserved_words_and_collisions(outputs, warnings):
    reserved = outputs["rust/reserved_words.rs"]
    assert "pub r#type: String," in reserved
    assert (
        "pub self_: String," in reserved and "pub self_2: Option<String>," in reserved
    )  # `Self` cased
    assert "pub super_: Option<String>," in reserved and "pub crate_: Option<String>," in reserved
    assert '#[serde(rename = "Self", skip_serializing_if = "Option::is_none")]' in reserved
    collisions = [w for w in warnings if "colliding_casings.yaml" in w]
    assert len(collisions) == 4 and all(": warning: Rust field `user_id`" in w for w in collisions)
    assert collisions[0].startswith("tests/edge_specs/colliding_casings.yaml:7:5:")


def test_recursion_is_boxed_only_where_needed(outputs):
    recursive = outputs["rust/recursive_refs.rs"]
    assert (
        "pub children: Option<Vec<RecursiveRefsTreeNode>>," in recursive
    )  # a Vec is indirection enough
    assert "pub parent: Option<Box<RecursiveRefsTreeNode>>," in recursive
    # nullable and optional: None when left out, Some(None) when null
    assert "pub next: Option<Option<Box<RecursiveRefsLinkedItem>>>," in recursive
    assert "pub type RecursiveRefsTags = Vec<String>;" in recursive


def test_optional_nullable_fields_tell_absent_from_null(outputs):
    text = outputs["rust/create_issue.rs"]
    field = (
        "    #[serde(\n        default,\n        deserialize_with = \"present\",\n"
        "        skip_serializing_if = \"Option::is_none\"\n    )]\n    pub body: Option<Option<String>>,"
    )
    assert field in text
    assert text.count("fn present<'de, D, T>(deserializer: D)") == 1
    assert "fn present" not in outputs["rust/search_files.rs"]  # no such field: no helper, no dead code
    # with a default, null and absent need no telling apart: the default fills the absent case
    assert "pub a_null: Option<String>," in outputs["rust/defaults.rs"]


def test_defaults_become_serde_defaults(outputs):
    defaults = outputs["rust/defaults.rs"]
    assert '#[serde(rename = "anInteger", default = "default_an_integer")]' in defaults
    assert "fn default_an_integer() -> i64 {\n    42\n}" in defaults
    assert 'fn default_a_string() -> String {\n    String::from("hello")\n}' in defaults
    assert "fn default_an_enum() -> DefaultsAnEnum {\n    DefaultsAnEnum::B\n}" in defaults
    assert 'default_from_json(r#"{"x": 1}"#)' in defaults
    labels = outputs["rust/create_issue.rs"]  # `default: []` is what serde's `default` gives a Vec
    assert '#[serde(default)]\n    pub labels: Vec<String>,' in labels


def test_schema_is_embedded_verbatim(outputs):
    tools, _ = load_tools(ALL_SPEC_DIRS)
    for tool in tools:
        if tool.wire_parameters is None:
            continue
        text = next(t for p, t in outputs.items() if f"from {tool.source}." in t.splitlines()[0])
        embedded = re.search(r'const PARAMETERS: &str = r(#+)"(.*?)"\1;', text, re.DOTALL)
        assert embedded, tool.name
        assert json.loads(embedded.group(2)) == tool.wire_parameters, tool.name


def test_determinism_across_hash_seeds(tmp_path):
    script = (
        "import json, sys; from codegen.run.generate import load_tools, render_outputs; "
        "from tests.support import ALL_SPEC_DIRS; "
        "tools, _ = load_tools(ALL_SPEC_DIRS); out, _ = render_outputs(tools, ['rust']); "
        "sys.stdout.write(json.dumps(out, sort_keys=True))"
    )
    runs = [
        subprocess.run(
            [sys.executable, "-c", script],
            cwd=REPO,
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("1", "2")
    ]
    assert runs[0] == runs[1] and runs[0]


# -- rustfmt: the output is already canonical -----------------------------------------------------------------


def _rustfmt_check(folder: Path) -> None:
    rustfmt = require_executable("rustfmt")
    result = subprocess.run(
        [rustfmt, "--check", "--edition", "2024", str(folder / "mod.rs")],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, (result.stdout + result.stderr)[:20000]


def test_rustfmt_leaves_the_generated_code_unchanged(tmp_path):
    _rustfmt_check(write_outputs("rust", tmp_path))


def _words(rng: random.Random, length: int) -> str:
    words: list[str] = []
    while len("_".join(words)) < length:
        words.append("".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(2, 9))))
    return "_".join(words)[:length].strip("_") or "x"


def _camel(rng: random.Random, length: int) -> str:
    first, *rest = _words(rng, length).split("_")
    return first + "".join(word.capitalize() for word in rest)


def _long_name_spec(rng: random.Random) -> dict:
    """A spec whose names and strings have lengths around the points where rustfmt breaks lines."""
    name = ("t" + _words(rng, rng.choice([5, 30, 40, 45, 50, 55, 60, 63])))[:64].rstrip("_")
    properties: dict = {}
    for _ in range(rng.randint(1, 6)):
        key = rng.choice(
            [_camel(rng, rng.choice([3, 20, 40, 50, 60, 70])), "名前" * rng.randint(1, 20)]
        )
        inner = _camel(rng, rng.choice([5, 30, 50, 70]))
        long_value = "v" * rng.choice([5, 50, 62, 66, 70, 80, 95])
        kind = rng.randrange(9)
        properties[key] = [
            {"type": "string", "default": long_value},
            {"type": "integer", "default": 42},
            {"type": "object", "properties": {inner: {"type": "string"}}, "required": [inner]},
            {
                "type": "array",
                "items": {"type": "object", "properties": {inner: {"type": "number"}}},
            },
            {
                "type": "object",
                "additionalProperties": {
                    "type": "object",
                    "properties": {inner: {"type": "boolean"}},
                },
            },
            {
                "type": "string",
                "enum": [_words(rng, rng.choice([3, 70, 75, 80, 90])), "b"],
                "default": "b",
            },
            {"type": "array", "items": {"type": "string"}, "default": [long_value]},
            {
                "type": ["array", "null"],
                "items": {"type": "object", "properties": {inner: {"type": "string"}}},
            },
            {"type": "object", "additionalProperties": False},
        ][kind]
    parameters: dict = {
        "type": "object",
        "properties": properties,
        "required": list(properties)[:1],
    }
    if rng.random() < 0.4:
        definition = "D" + _camel(rng, rng.choice([5, 40, 60]))
        parameters["$defs"] = {
            definition: {"type": "array", "items": {"$ref": f"#/$defs/{definition}"}}
        }
        properties["viaDef"] = {"$ref": f"#/$defs/{definition}"}
    spec = {
        "name": name,
        "description": "x" * rng.choice([10, 66, 69, 70, 71, 97, 120]),
        "parameters": parameters,
    }
    if rng.random() < 0.25:
        del spec["parameters"]
    return spec


def test_rustfmt_agrees_with_the_layout_of_long_names(tmp_path):
    """Names and strings of many lengths, placed by rust_layout where rustfmt puts them (fixed seed)."""
    rng = random.Random(20260830)
    specs = tmp_path / "specs"
    specs.mkdir()
    seen: set[str] = set()
    for index in range(120):
        spec = _long_name_spec(rng)
        if spec["name"] not in seen:
            seen.add(spec["name"])
            (specs / f"s{index:03}.yaml").write_text(json.dumps(spec, ensure_ascii=False), "utf-8")
    _rustfmt_check(write_outputs("rust", tmp_path / "out", [specs]))


def test_only_the_folder_and_tools_are_generated_for_the_example_specs(tmp_path):
    folder = write_outputs("rust", tmp_path, [SPECS])
    assert sorted(path.name for path in folder.iterdir()) == sorted(
        [path.stem + ".rs" for path in SPECS.glob("*.yaml")] + ["mod.rs"]
    )


def test_tool_name_clashes_get_distinct_modules():
    tools, _ = load_tools([EDGE_SPECS / "name_mangling.yaml"])
    twin = ir.Tool(**{**tools[0].__dict__, "name": "name_mangling", "source": "twin.yaml"})
    report = Reporter()
    names = rust_names.plan_tool_names([tools[0], twin], report)
    assert [n.module for n in names] == ["name_mangling", "name_mangling2"]
    assert [n.params for n in names] == ["NameManglingParams", "NameManglingParams2"]
    assert len(report.diagnostics) == 2


@pytest.mark.parametrize(
    ("tool_name", "module", "file_stem", "factory"),
    [
        ("type", "r#type", "type", "type_tool"),
        ("self", "self_", "self_", "self_tool"),
        ("mod", "mod2", "mod2", "mod2_tool"),  # mod.rs is the folder's own file
        ("aux", "aux2", "aux2", "aux2_tool"),  # Windows cannot create aux.rs
    ],
)
def test_module_names_stay_legal(tool_name, module, file_stem, factory):
    tools, _ = load_tools([EDGE_SPECS / "no_parameters.yaml"])
    renamed = ir.Tool(**{**tools[0].__dict__, "name": tool_name, "words": (tool_name,)})
    (names,) = rust_names.plan_tool_names([renamed], Reporter())
    assert (names.module, names.file_stem, names.factory) == (module, file_stem, factory)


def _render_spec(tmp_path: Path, text: str) -> tuple[str, list[str]]:
    (tmp_path / "spec.yaml").write_text(text, "utf-8")
    tools, _ = load_tools([tmp_path / "spec.yaml"])
    rendered, found = render_outputs(tools, ["rust"])
    return rendered[f"rust/{tools[0].name}.rs"], [str(warning) for warning in found]


def test_unreferenced_defs_are_not_rust_types(tmp_path):
    text, found = _render_spec(
        tmp_path,
        "name: lonely\ndescription: d\nparameters:\n  type: object\n  $defs:\n"
        "    Unused: {type: object, properties: {a: {type: string}}}\n"
        "  properties:\n    n: {type: string}\n",
    )
    assert "LonelyUnused" not in text  # it would be dead code; the wire schema keeps it
    assert '"Unused": {' in text and not found


def test_a_default_rust_cannot_hold_is_reported(tmp_path):
    text, found = _render_spec(
        tmp_path,
        "name: big\ndescription: d\nparameters:\n  type: object\n  properties:\n"
        "    n: {type: integer, default: 99999999999999999999}\n",
    )
    assert "pub n: Option<i64>," in text and "default_n" not in text
    assert found == [
        f"{tmp_path / 'spec.yaml'}:6:5: warning: the default of `n` does not fit the Rust type `i64`; "
        "the field is an Option without a default there (the wire schema still carries the default) [TG114]"
    ]


def test_serde_renames_only_what_differs_from_the_rust_name(outputs):
    # A `rename` equal to the field or variant name is noise: serde already uses the name (without `r#`).
    renames = re.compile(r'#\[serde\((?:.*, )?rename = "([^"]*)".*\)\]\n\s*(?:pub )?(?:r#)?([A-Za-z0-9_]+)\b')
    for path, text in outputs.items():
        for wire, name in renames.findall(text):
            assert wire != name, f"{path}: rename = {wire!r} on {name}"
    clear = outputs["rust/clear_context.rs"]
    assert "    pub prompt: String,\n" in clear and '#[serde(rename = "prompt")]' not in clear
    reserved = outputs["rust/reserved_words.rs"]
    assert '    #[serde(rename = "type")]' not in reserved and "    pub r#type: String," in reserved
    # Names that differ keep their rename; other arguments stay.
    assert '#[serde(rename = "Self", skip_serializing_if = "Option::is_none")]' in reserved
    assert '#[serde(default)]\n    pub labels: Vec<String>,' in outputs["rust/create_issue.rs"]
    symbols = outputs["rust/symbol_names.rs"]
    assert '    #[serde(rename = "C")]\n    C,' not in symbols and "    C,\n" in symbols


# -- untagged enums for unions (issue "Real tools") -----------------------------------------------------------


def _rust_module(spec_path: Path) -> tuple[str, list]:
    tools, _ = load_tools([spec_path])
    outputs, warnings = render_outputs(tools, ["rust"])
    (text,) = [text for path, text in outputs.items() if not path.endswith("mod.rs")]
    return text, warnings


def _block(text: str, header: str) -> str:
    start = text.index(header)
    return text[start : text.index("\n}\n", start) + 3]


def test_unions_of_distinct_json_types_are_untagged_enums_named_by_type():
    text, _ = _rust_module(REPO / "tests" / "loosened" / "unions.yaml")
    assert _block(text, "pub enum UnionsId {") == (
        "pub enum UnionsId {\n    /// A JSON string.\n    String(String),\n    /// A JSON integer.\n"
        "    Integer(i64),\n}\n"
    )
    assert "#[serde(untagged)]\npub enum UnionsId {" in text
    # an integer is tried before a number, whatever the schema's order
    amount = _block(text, "pub enum UnionsAmount {")
    assert amount.index("Integer(UnionsAmountOption2)") < amount.index("Number(f64)")
    # a $defs entry that is a union is that enum, under its own name and with its description
    assert "/// A choice given by name or number.\n///\n/// One of the union's branches" in text
    assert "pub type UnionsChoice" not in text and "pub enum UnionsChoice {" in text
    # a recursive branch is boxed; the union in array items and a nullable union are typed too
    assert "    Object(Box<UnionsNode>),\n" in text
    assert "pub items: Option<Vec<UnionsItem>>," in text and "pub target: Option<UnionsTarget>," in text
    # the default of a union field decodes into the enum
    assert 'fn default_target() -> Option<UnionsTarget> {\n    default_from_json(r#""here""#)\n}' in text


def test_unions_serde_cannot_tell_apart_stay_json_values():
    text, _ = _rust_module(REPO / "tests" / "loosened" / "unions.yaml")
    assert "pub shapes: Option<serde_json::Value>," in text
    # the two object branches are not declared: nothing reaches them (dead code under deny(warnings))
    assert "UnionsShapesOption1" not in text and "UnionsShapesOption2" not in text


def test_a_branch_whose_rust_type_takes_any_value_keeps_the_union_a_json_value(tmp_path):
    """The typed view sees a string and an integer, but the string's definition has enum values no string can
    be, so it is any JSON value: an untagged enum would let that variant take every value, so Rust warns and
    keeps the Value."""
    spec = tmp_path / "odd_union.yaml"
    spec.write_text(
        "name: odd_union\ndescription: d.\nparameters:\n  type: object\n  $defs:\n"
        "    Code: {type: string, enum: [1, 2]}\n  properties:\n"
        "    p:\n      anyOf:\n        - {$ref: '#/$defs/Code'}\n        - {type: integer}\n",
        "utf-8",
    )
    text, warnings = _rust_module(spec)
    assert "pub p: Option<serde_json::Value>," in text and "pub enum" not in text
    found = [str(w) for w in warnings if "Rust types this union as serde_json::Value after all" in str(w)]
    assert len(found) == 1 and found[0].startswith(f"{spec.as_posix()}:8:5:"), [str(w) for w in warnings]


def test_type_names_fit_rustdoc_file_names(tmp_path):
    """rustdoc writes `struct.Name.html` per type, and a file name has at most 255 bytes (NAME_MAX): a
    300-character property name gives a shorter type name, with a located warning, and the cut names stay
    unique (their collision number fits too)."""
    word = "y" * 300
    text, found = _render_spec(
        tmp_path,
        "name: long_nested\ndescription: d\nparameters:\n  type: object\n  properties:\n"
        f"    {word}: {{type: object, properties: {{a: {{type: string}}}}}}\n"
        f"    {word}z: {{type: object, properties: {{b: {{type: string}}}}}}\n",
    )
    structs = re.findall(r"^pub struct (\w+)", text, re.MULTILINE)
    nested = [name for name in structs if name != "LongNestedParams"]
    assert len(nested) == 2 and len(set(nested)) == 2, structs
    for name in nested:
        assert name.startswith("LongNestedYyyy") and len(f"struct.{name}.html".encode()) <= 255, name
    too_long = [w for w in found if "too long for a rustdoc file name" in w]
    spec = tmp_path / "spec.yaml"
    assert [w.split(": warning")[0] for w in too_long] == [f"{spec}:6:5", f"{spec}:7:5"], found


def test_a_type_name_that_fits_is_not_cut(tmp_path):
    word = "y" * 200
    text, found = _render_spec(
        tmp_path,
        "name: n\ndescription: d\nparameters:\n  type: object\n  properties:\n"
        f"    {word}: {{type: object, properties: {{a: {{type: string}}}}}}\n",
    )
    assert re.findall(r"^pub struct (\w+)", text, re.MULTILINE) == ["NParams", f"NY{word[1:]}"]
    assert not found
