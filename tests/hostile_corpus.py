"""The hostile-input corpus (issue #5, item 1): every case either generates code or fails with a located error.

Each `Case` is the bytes of one spec file and what must happen to it:
- `valid`: toolgen generates all six targets; every file parses (tests/test_hostile_corpus.py). The valid cases
  small enough for a compiler (`commit=True`) are also written to tests/stress_specs/hostile/, which the real-SDK
  harnesses compile (support.SDK_SPEC_DIRS), with every tool's wire JSON compared to its spec byte for byte.
- otherwise: `toolgen generate` exits 2 with located `file:line:col: error: …` lines and writes nothing; `expect`
  is a piece of the message (and `at` the exact `line:col`, where that is the point of the case).

The committed folder tests/stress_specs/ is written by this module (`python -m tests.hostile_corpus`); a test
checks it is current. It also holds tests/stress_specs/random/: a seeded sample of tests/spec_strategy.py's random
specs, so the real-SDK harnesses compile those too.
"""

from __future__ import annotations

import functools
import shutil
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from codegen.model.naming import tool_name_key
from tests.hostile_text import BREAKOUTS, RESERVED_WORDS, all_reserved_words, yaml_text
from tests.spec_strategy import seeded_specs

STRESS_SPECS = Path(__file__).resolve().parent / "stress_specs"
RANDOM_SEED, RANDOM_COUNT = 20261130, 32


@dataclass(frozen=True)
class Case:
    id: str
    data: bytes
    valid: bool
    expect: str = ""  # for invalid cases: part of the first error's message
    at: str = ""  # for invalid cases: the exact "line:col" of that error, where it matters
    commit: bool = False  # valid and small: compiled by the real-SDK harnesses
    file_name: str = ""  # default: "<id>.yaml"

    @property
    def name(self) -> str:
        return self.file_name or f"{self.id}.yaml"


def _doc(name: str, **keys: Any) -> dict[str, Any]:
    return {"name": name, "description": keys.pop("description", f"Hostile case {name}."), **keys}


def _params(properties: dict[str, Any], **keys: Any) -> dict[str, Any]:
    return {"type": "object", "properties": properties, **keys}


def _valid(id: str, document: dict[str, Any], commit: bool = True) -> Case:
    return Case(id, yaml_text(document).encode("utf-8"), True, commit=commit)


def _invalid(id: str, data: str | bytes, expect: str, at: str = "") -> Case:
    return Case(id, data.encode("utf-8") if isinstance(data, str) else data, False, expect, at)


# -- 1. malformed YAML --------------------------------------------------------------------------------------


def malformed_yaml() -> Iterator[Case]:
    head = "name: broken\ndescription: d\n"
    cases = {
        "unclosed_flow_mapping": (head + "parameters: {type: object\n", "YAML syntax", ""),
        "unclosed_flow_sequence": ("name: [a, b\ndescription: d\n", "YAML syntax", ""),
        "unclosed_double_quote": ('name: "abc\ndescription: d\n', "YAML syntax", ""),
        "unclosed_single_quote": ("name: 'abc\ndescription: d\n", "YAML syntax", ""),
        "bad_indentation": ("name: x\n  description: d\n", "YAML syntax", "2:14"),
        "tab_indentation": (head + "parameters:\n\ttype: object\n", "never tabs", "4:1"),
        "two_mappings_on_a_line": ("name: a: b\ndescription: d\n", "YAML syntax", "1:8"),
        "sequence_then_mapping": ("- a\nb: c\n", "YAML syntax", ""),
        "undefined_alias": ("name: *nothing\ndescription: d\n", "has no anchor", "1:7"),
        "two_documents": (head + "---\nname: other\n", "found a second one", "3:1"),
        "bad_escape": ('name: x\ndescription: "\\q"\n', "YAML syntax", ""),
        "bad_unicode_escape": ('name: x\ndescription: "\\uZZZZ"\n', "YAML syntax", ""),
        "surrogate_escape": ('name: x\ndescription: "\\ud800"\n', "YAML syntax", ""),
        "surrogate_pair_escape": ('name: x\ndescription: "\\ud83d\\ude00"\n', "YAML syntax", ""),
        "complex_key": ("? [a, b]\n: c\nname: x\ndescription: d\n", "mapping keys must be strings", "1:3"),
        "flow_mapping_key": ("{a: 1}: b\nname: x\ndescription: d\n", "mapping keys must be strings", "1:1"),
        "binary_tag": ("name: !!binary aGVsbG8=\ndescription: d\n", "unsupported YAML tag !!binary", "1:7"),
        "python_object_tag": ("name: !!python/object:os.system x\ndescription: d\n", "unsupported YAML tag", "1:7"),
        "local_tag": ("name: !evil x\ndescription: d\n", "unsupported YAML tag !evil", "1:7"),
        "set_tag": ("name: x\ndescription: d\nmetadata: !!set {a, b}\n", "unsupported YAML tag !!set", "3:11"),
        "timestamp_tag": ("name: x\ndescription: d\nmetadata: {t: !!timestamp 2001-12-14}\n", "unsupported YAML tag", ""),
        "bad_int_tag": ("name: !!int abc\ndescription: d\n", "is tagged !!int", "1:7"),
        "bad_bool_tag": (head + "isTerminal: !!bool yes\n", "is tagged !!bool", "3:13"),
        "recursive_alias": ("name: x\ndescription: d\nmetadata: &a {self: *a}\n", "recursive alias", "3:21"),
        "merge_key": ("base: &b {name: x}\n<<: *b\ndescription: d\n", "merge keys", "2:1"),
        "empty_file": ("", "empty file", "1:1"),
        "only_comments": ("# nothing\n# here\n", "empty file", "1:1"),
        "only_a_document_marker": ("---\n", "a spec is a mapping", ""),
        "scalar_document": ("hello\n", "got the scalar \"hello\"", "1:1"),
        "list_document": ("- name: x\n  description: d\n", "got a list", "1:1"),
        "null_document": ("~\n", "got the scalar null", "1:1"),
        "raw_bell": ("name: x\ndescription: a\x07b\n", "control character U+0007", "2:15"),
        "raw_nul": ("name: x\x00\ndescription: d\n", "control character U+0000", "1:8"),
        "raw_delete": ("name: x\ndescription: a\x7fb\n", "control character U+007F", "2:15"),
        "raw_c1_control": ("name: x\ndescription: a\x9bb\n", "control character U+009B", "2:15"),
        "raw_noncharacter": ("name: x\ndescription: a\ufffeb\n", "control character U+FFFE", "2:15"),
        "flow_nesting_bomb": ("name: x\ndescription: d\nmetadata: " + "[" * 5000 + "\n", "nesting deeper than 100", ""),
        "block_nesting_bomb": (head + "metadata:\n" + "".join("  " * i + f"k{i}:\n" for i in range(1, 260)), "nesting deeper than 100", ""),
        "huge_unclosed_quote": ('name: x\ndescription: "' + "x" * 200_000 + "\n", "YAML syntax", ""),
        "anchor_on_key_then_garbage": ("name: x\ndescription: d\n...\ngarbage: [\n", "YAML syntax", ""),
        "mixed_block_and_flow": ("name: x\ndescription: d\nparameters: {type: object,\n  properties: - a\n}\n", "YAML syntax", ""),
    }  # fmt: skip
    for id, (text, expect, at) in cases.items():
        yield _invalid(f"yaml_{id}", text, expect, at)


# -- 2. wrong types in every field ----------------------------------------------------------------------------

_WRONG_TOP_LEVEL: dict[str, list[tuple[Any, str]]] = {
    "name": [(5, "must be a string"), (1.5, "must be a string"), (True, "must be a string"), (None, "must be a string"),
             (["a"], "must be a string"), ({"a": "b"}, "must be a string"), ("", "not a valid tool name"),
             ("2fast", "not a valid tool name"), ("has space", "not a valid tool name"),
             ("ünïcode", "not a valid tool name"), ("a" * 65, "not a valid tool name"),
             ("-x", "not a valid tool name"), ("x.y", "not a valid tool name"), ("x/../y", "not a valid tool name"),
             ("x\ny", "not a valid tool name")],
    "description": [(5, "must be a string"), (True, "must be a string"), (None, "must be a string"),
                    (["a"], "must be a string"), ({"a": 1}, "must be a string"), ("", "must not be empty"),
                    ("   ", "must not be empty"), ("\t\n\u3000", "must not be empty")],
    "parameters": [("object", "must be a mapping"), (5, "must be a mapping"), (True, "must be a mapping"),
                   ([], "must be a mapping"), (None, "must not be null"), ({"type": "string"}, "the root must be \"object\""),
                   ({}, "needs `type: object`"), ({"type": "object", "properties": []}, "must be a mapping, got a list")],
    "isTerminal": [("true", "must be true or false"), (1, "must be true or false"), (0, "must be true or false"),
                   ("yes", "must be true or false"), (None, "must be true or false"), ([True], "must be true or false")],
    "defer": [("sometimes", 'must be "auto" or "never"'), (True, 'must be "auto" or "never"'),
              (1, 'must be "auto" or "never"'), (None, "must not be null"), (["auto"], 'must be "auto" or "never"'),
              ("Auto", 'did you mean "auto"'), ("NEVER", 'must be "auto" or "never"')],
    "skipPermission": [("false", "must be true or false"), (0, "must be true or false"), ({}, "must be true or false")],
    "overridesBuiltInTool": [("yes", "must be true or false"), (1.0, "must be true or false"), ([], "must be true or false")],
    "metadata": [("x", "must be a mapping"), (5, "must be a mapping"), ([1], "must be a mapping"),
                 (None, "must not be null"), (True, "must be a mapping")],
}  # fmt: skip


def _schema_case(schema: dict[str, Any], **root: Any) -> dict[str, Any]:
    return _doc("schema_case", parameters={"type": "object", "properties": {"p": schema}, **root})


_WRONG_SCHEMAS: dict[str, tuple[dict[str, Any], str]] = {
    "type_number": (_schema_case({"type": 5}), "must be a type name or a list of type names"),
    "type_unknown": (_schema_case({"type": "str"}), 'unknown type "str"'),
    "type_capitalised": (_schema_case({"type": "Object"}), 'unknown type "Object"'),
    "type_empty_list": (_schema_case({"type": []}), "a list of types must name each type once, e.g. [\"s"),
    "type_null_twice": (_schema_case({"type": ["null", "null"]}), "must name each type once"),
    "properties_list": (_schema_case({"type": "object", "properties": ["a"]}), "must be a mapping, got a list"),
    "properties_string": (_schema_case({"type": "object", "properties": "a"}), "must be a mapping, got \"a\""),
    "required_string": (_schema_case({"type": "object", "properties": {"a": {}}, "required": "a"}), "must be a list"),
    "required_number": (_schema_case({"type": "object", "properties": {"a": {}}, "required": [1]}), "must be a string, got 1"),
    "required_twice": (_schema_case({"type": "object", "properties": {"a": {}}, "required": ["a", "a"]}), "must not list a value twice"),
    "enum_string": (_schema_case({"enum": "a"}), "must be a list, got \"a\""),
    "items_tuple": (_schema_case({"type": "array", "items": [{"type": "string"}]}), "must be a schema (a mapping, or true or false), go"),
    "items_string": (_schema_case({"type": "array", "items": "string"}), "must be a schema (a mapping, or true or false), go"),
    "additional_string": (_schema_case({"type": "object", "additionalProperties": "no"}), "must be a schema (a mapping, or true or false), go"),
    "additional_number": (_schema_case({"type": "object", "additionalProperties": 5}), "must be a schema (a mapping, or true or false), go"),
    "minimum_string": (_schema_case({"type": "integer", "minimum": "1"}), "must be a number"),
    "maximum_boolean": (_schema_case({"type": "number", "maximum": True}), "must be a number"),
    "max_length_negative": (_schema_case({"type": "string", "maxLength": -1}), "must be at least 0, got -1"),
    "max_length_float": (_schema_case({"type": "string", "maxLength": 1.5}), "must be an integer, got 1.5"),
    "pattern_invalid": (_schema_case({"type": "string", "pattern": "("}), "invalid regular expression"),
    "pattern_number": (_schema_case({"type": "string", "pattern": 5}), "must be a string"),
    "format_number": (_schema_case({"type": "string", "format": 5}), "must be a string"),
    "title_number": (_schema_case({"type": "string", "title": 5}), "must be a string"),
    "description_list": (_schema_case({"type": "string", "description": ["a"]}), "must be a string"),
    "examples_string": (_schema_case({"type": "string", "examples": "x"}), "must be a list"),
    "unique_items_string": (_schema_case({"type": "array", "uniqueItems": "yes"}), "must be a boolean, got \"yes\""),
    "multiple_of_zero": (_schema_case({"type": "number", "multipleOf": 0}), "greater than 0"),
    "multiple_of_negative": (_schema_case({"type": "number", "multipleOf": -1}), "greater than 0"),
    "ref_remote": (_schema_case({"$ref": "http://example.com/schema"}), "\"http://example.com/schema\" is not a local referen"),
    "ref_definitions": (_schema_case({"$ref": "#/definitions/A"}), "\"#/definitions/A\" does not resolve inside the docu"),
    "ref_missing": (_schema_case({"$ref": "#/$defs/Missing"}, **{"$defs": {"Present": {"type": "string"}}}), "does not resolve"),
    "ref_number": (_schema_case({"$ref": 5}), "must be a string, got 5"),
    "any_of_string": (_schema_case({"anyOf": "x"}), "must be a list, got \"x\""),
    "defs_list": (_doc("schema_case", parameters={"type": "object", "$defs": ["A"]}), "must be a mapping, got a list"),
    "root_array": (_doc("schema_case", parameters={"type": "array"}), 'the root must be "object"'),
    "root_schema_number": (_doc("schema_case", parameters={"type": "object", "$schema": 5}), "must be a meta-schema URI, got 5"),
}  # fmt: skip


# Valid JSON Schema the subset refused before the "Real tools" issue: each generates, and `expect` is a piece of
# the one located warning where the typed model is looser ("" where it types exactly). Committed: the real-SDK
# harnesses compile them, each under its own tool name.
_ACCEPTED_SCHEMAS: dict[str, tuple[dict[str, Any], str]] = {
    # constructs real tools use, accepted exactly
    "definitions_ref": (_doc("schema_case", parameters={"type": "object", "properties": {"p": {"$ref": "#/definitions/A"}}, "definitions": {"A": {"type": "string"}}}), ""),
    "pointer_ref": (_doc("schema_case", parameters={"type": "object", "properties": {"p": {"type": "array", "items": {"type": "integer"}}, "q": {"$ref": "#/properties/p/items"}}}), ""),
    "draft_07": (_schema_case({"type": "string"}, **{"$schema": "http://json-schema.org/draft-07/schema#"}), ""),
    "draft_2019_09": (_schema_case({"type": "string"}, **{"$schema": "https://json-schema.org/draft/2019-09/schema"}), ""),
    "default_null_not_nullable": (_schema_case({"type": "string", "default": None}), "default: null does not fit"),
    "annotations_only": (_schema_case({"type": "string", "deprecated": True, "readOnly": True, "writeOnly": False, "contentMediaType": "text/plain", "contentEncoding": "base64"}), ""),
    "const_object": (_schema_case({"const": {"a": [1, None]}}), "const of objects or lists"),
    "const_null": (_schema_case({"const": None}), ""),
    "property_names_string": (_schema_case({"type": "object", "propertyNames": {"type": "string"}, "additionalProperties": {"type": "number"}}), ""),
    "any_of_formats": (_schema_case({"type": "string", "anyOf": [{"format": "date"}, {"format": "date-time"}]}), ""),
    "str_or_datetime_or_null": (_schema_case({"anyOf": [{"type": "string"}, {"type": "string", "format": "date-time"}, {"type": "null"}], "default": None}), ""),
    "all_of_objects": (_schema_case({"allOf": [{"type": "object", "properties": {"a": {"type": "string"}}}, {"properties": {"b": {"type": "integer"}}, "required": ["b"]}]}), ""),
    "dependent_schemas": (_schema_case({"type": "object", "properties": {"a": {}}, "dependentSchemas": {"a": {"required": ["b"]}}}), "dependentSchemas is not applied"),
    "if_then_else": (_schema_case({"type": "object", "if": {"required": ["a"]}, "then": {}, "else": {}}), "if is not applied"),
    "type_three": (_schema_case({"type": ["string", "integer", "null"]}), "a type list of 2 types"),
    "one_of_objects": (_schema_case({"oneOf": [{"type": "object", "properties": {"a": {"type": "string"}}}, {"type": "object", "properties": {"b": {"type": "integer"}}}]}), "oneOf of 2 different schemas"),
    "boolean_false_property": (_schema_case({"type": "object", "properties": {"never": False}}), "`false` (no value is valid)"),
    "type_union": (_schema_case({"type": ["string", "integer"]}), "a type list of 2 types is a typed union"),
    "property_boolean_schema": (_schema_case({"type": "object", "properties": {"a": True}}), ""),
    "property_empty_name": (_schema_case({"type": "object", "properties": {"": {"type": "string"}}}), ""),
    "required_missing": (_schema_case({"type": "object", "properties": {"a": {}}, "required": ["b"]}), "\"b\" is required but not declared in properties, so the typed"),
    "enum_empty": (_schema_case({"enum": []}), "an empty enum admits no value; typed as any JSON value"),
    "enum_object": (_schema_case({"enum": [{}]}), "enum of objects or lists is typed as any JSON value"),
    "enum_list": (_schema_case({"enum": [[1]]}), "enum of objects or lists is typed as any JSON value"),
    "enum_duplicate_number": (_schema_case({"enum": [1, 1.0]}), ""),
    "enum_duplicate_string": (_schema_case({"enum": ["a", "a"]}), ""),
    "enum_wrong_type": (_schema_case({"type": "integer", "enum": [1, "a"]}), "\"a\" cannot satisfy `type`, so the typed model leaves it out"),
    "min_items_over_max": (_schema_case({"type": "array", "minItems": 3, "maxItems": 1}), ""),
    "ref_with_type": (_schema_case({"$ref": "#/$defs/A", "type": "string"}, **{"$defs": {"A": {"type": "string"}}}), "keywords beside $ref are not applied to the typed model, whi"),
    "any_of_union": (_schema_case({"anyOf": [{"type": "string"}, {"type": "integer"}]}), "anyOf of 2 different schemas is a typed union"),
    "any_of_two_nulls": (_schema_case({"anyOf": [{"type": "null"}, {"type": "null"}]}), ""),
    "one_of": (_schema_case({"oneOf": [{"type": "string"}]}), ""),
    "all_of": (_schema_case({"allOf": [{"type": "string"}]}), ""),
    "not": (_schema_case({"not": {"type": "string"}}), "not is not applied to the typed model: negation cannot be st"),
    "if_then": (_schema_case({"if": {}, "then": {}}), "if is not applied"),
    "pattern_properties": (_schema_case({"type": "object", "patternProperties": {}}), ""),
    "definitions": (_doc("schema_case", parameters={"type": "object", "definitions": {}}), ""),
    "nullable_openapi": (_schema_case({"type": "string", "nullable": True}), "\"nullable\" is not a JSON Schema keyword; it is ignored (that"),
    "unknown_keyword": (_schema_case({"type": "string", "maxLenght": 3}), "\"maxLenght\" is not a JSON Schema keyword; it is ignored (did"),
    "default_wrong_type": (_schema_case({"type": "integer", "default": "x"}), "the default \"x\" is not an integer; the typed model has no de"),
    "default_not_in_enum": (_schema_case({"type": "string", "enum": ["a"], "default": "b"}), "the default \"b\" is not one of the enum values; the typed mod"),
    "default_missing_required": (_schema_case({"type": "object", "properties": {"a": {}}, "required": ["a"], "default": {}}), "the default misses the required key \"a\"; the typed model has"),
    "default_extra_key": (_schema_case({"type": "object", "properties": {}, "additionalProperties": False, "default": {"x": 1}}), "the default has \"x\", which is not a property; the typed mode"),
    "const_wrong_type": (_schema_case({"type": "string", "const": 5}), "no value of const fits `type`; typed as any JSON value"),
    "enum_and_const": (_schema_case({"enum": ["a"], "const": "a"}), ""),
    "defs_empty_name": (_doc("schema_case", parameters={"type": "object", "$defs": {"": {"type": "string"}}}), ""),
    "defs_nested": (_schema_case({"type": "object", "$defs": {"A": {}}}), ""),
    "defs_alias_cycle": (_doc("schema_case", parameters={"type": "object", "$defs": {"A": {"$ref": "#/$defs/B"}, "B": {"$ref": "#/$defs/A"}}}), "A → B → A refers back to itself with no object or array in b"),
    "root_ref": (_doc("schema_case", parameters={"type": "object", "$ref": "#/$defs/A", "$defs": {"A": {"type": "object"}}}), "$ref at the root is not applied to the typed model: the para"),
    "root_any_of": (_doc("schema_case", parameters={"type": "object", "anyOf": [{"type": "object"}, {"type": "null"}]}), "anyOf at the root is not applied to the typed model: the par"),
}  # fmt: skip


def wrong_types() -> Iterator[Case]:
    for key, wrong in _WRONG_TOP_LEVEL.items():
        for index, (value, expect) in enumerate(wrong):
            document = _doc(f"wrong_{key}")
            document[key] = value
            if key in ("name", "description"):  # keep the required keys, in their usual order
                document = {"name": document["name"], "description": document["description"]}
                document[key] = value
            yield _invalid(f"type_{key}_{index}", yaml_text(document), expect)
    for key in ("isterminal", "Name", "parameter", "params", "is_terminal", ""):
        yield _invalid(
            f"type_unknown_key_{key.lower() or 'empty'}_{len(key)}",
            yaml_text({**_doc("unknown"), key: True}),
            "unknown key",
        )
    yield _invalid("type_missing_name", "description: d\n", 'missing required key "name"', "1:1")
    yield _invalid(
        "type_missing_description", "name: x\n", 'missing required key "description"', "1:1"
    )
    yield _invalid("type_empty_mapping", "{}\n", "missing required key", "1:1")
    for id, (document, expect) in _WRONG_SCHEMAS.items():
        yield _invalid(f"schema_{id}", yaml_text(document), expect)


def accepted_schemas() -> Iterator[Case]:
    for id, (document, expect) in _ACCEPTED_SCHEMAS.items():
        named = {**document, "name": f"accepted_{id}"}
        yield Case(f"accepted_{id}", yaml_text(named).encode("utf-8"), True, expect=expect, commit=True)


# -- 3. bombs, duplicates, encodings, sizes -------------------------------------------------------------------


def bombs() -> Iterator[Case]:
    laughs = [
        "name: bomb",
        "description: d",
        'a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
    ]
    laughs += [f"a{i}: &a{i} [{','.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 10)]
    yield _invalid("bomb_billion_laughs", "\n".join(laughs) + "\nmetadata: *a9\n", "alias bomb")
    wide = ["name: bomb", "description: d", "a0: &a0 [" + ",".join(["x"] * 100) + "]"]
    wide += [f"a{i}: &a{i} [{','.join([f'*a{i - 1}'] * 100)}]" for i in range(1, 3)]
    yield _invalid("bomb_wide_aliases", "\n".join(wide) + "\n", "alias bomb")
    text = (
        "name: bomb\ndescription: &big "
        + "x" * 900_000
        + "\nmetadata: {copies: ["
        + ", ".join(["*big"] * 100)
        + "]}\n"
    )
    yield _invalid(
        "bomb_long_string_aliases", text, "alias bomb", "3:27"
    )  # the alias that crosses the limit
    keys = (
        "name: bomb\ndescription: d\nkeys: &k {"
        + ", ".join(f"{'k' * 1000}{i}: 1" for i in range(200))
        + "}\n"
    )
    yield _invalid(
        "bomb_long_keys_aliases",
        keys + "metadata: [" + ", ".join(["*k"] * 10) + "]\n",
        "alias bomb",
    )
    yield _invalid(
        "bomb_self_reference",
        "name: bomb\ndescription: d\nmetadata: &m [1, [2, *m]]\n",
        "recursive alias",
    )
    small = "name: small_aliases_invalid\ndescription: &d Shared text.\nmetadata: {a: *d, b: *d}\nparameters: 7\n"
    yield _invalid(
        "bomb_small_aliases_are_fine_but_parameters_is_not", small, "must be a mapping", "4:13"
    )


def duplicates() -> Iterator[Case]:
    cases = {
        "top_level": ("name: a\nname: b\ndescription: d\n", "2:1"),
        "description": ("name: a\ndescription: d\ndescription: e\n", "3:1"),
        "quoted_and_plain": ('name: a\n"name": b\ndescription: d\n', "2:1"),
        "single_quoted": ("name: a\n'name': b\ndescription: d\n", "2:1"),
        "escaped_key": ('name: a\n"n\\x61me": b\ndescription: d\n', "2:1"),
        "flow_mapping": ("name: a\ndescription: d\nmetadata: {k: 1, k: 2}\n", "3:18"),
        "properties": (
            "name: a\ndescription: d\nparameters:\n  type: object\n  properties:\n    p: {}\n    p: {}\n",
            "7:5",
        ),
        "schema_keyword": (
            "name: a\ndescription: d\nparameters:\n  type: object\n  type: object\n",
            "5:3",
        ),
        "defs": (
            "name: a\ndescription: d\nparameters:\n  type: object\n  $defs:\n    A: {}\n    A: {}\n",
            "7:5",
        ),
        "metadata_nested": (
            "name: a\ndescription: d\nmetadata:\n  x:\n    y: 1\n    y: 2\n",
            "6:5",
        ),
    }
    for id, (text, at) in cases.items():
        yield _invalid(f"duplicate_key_{id}", text, "duplicate key", at)


def encodings() -> Iterator[Case]:
    spec = b"name: encoded\ndescription: d\n"
    cases = {
        "lone_continuation_byte": (
            b"name: x\ndescription: a\x80b\n",
            "invalid UTF-8 (byte 0x80)",
            "2:15",
        ),
        "overlong_slash": (
            b"name: x\ndescription: \xc0\xaf\n",
            "invalid UTF-8 (byte 0xc0)",
            "2:14",
        ),
        "truncated_at_end": (spec + b"metadata: {k: \xe5\x90", "invalid UTF-8", "3:15"),
        "utf16_le_with_bom": ("name: x\ndescription: d\n".encode("utf-16"), "invalid UTF-8", "1:1"),
        "utf16_be_without_bom": ("name: x\n".encode("utf-16-be"), "YAML syntax", ""),
        "latin1": (
            "name: x\ndescription: café\n".encode("latin-1"),
            "invalid UTF-8 (byte 0xe9)",
            "2:17",
        ),
        "cesu_surrogate": (
            b"name: x\ndescription: \xed\xa0\x80\n",
            "invalid UTF-8 (byte 0xed)",
            "2:14",
        ),
        "byte_ff": (b"\xffname: x\n", "invalid UTF-8 (byte 0xff)", "1:1"),
        "nul_in_utf8": (b"name: x\ndescription: a\x00\n", "control character U+0000", "2:15"),
    }
    for id, (data, expect, at) in cases.items():
        yield _invalid(f"encoding_{id}", data, expect, at)
    # YAML allows a byte order mark at the start of a document: a second one is read as such, not as text.
    yield Case(
        "encoding_bom_twice",
        b"\xef\xbb\xbf\xef\xbb\xbfname: encoding_bom_twice\ndescription: d\n",
        True,
        commit=True,
    )


def sizes() -> Iterator[Case]:
    ten_mb = b"name: huge\ndescription: " + b"x" * (10 * 1024 * 1024) + b"\n"
    yield _invalid("size_10_mb", ten_mb, "the limit is 1048576 bytes", "1:1")
    just_over = b"name: huge\ndescription: " + b"x" * (1024 * 1024) + b"\n"
    yield _invalid("size_just_over_1_mib", just_over, "the limit is 1048576 bytes", "1:1")
    properties = {f"p{i}": {"type": "string", "description": f"Property {i}."} for i in range(5000)}
    yield _invalid(
        "count_5000_properties",
        yaml_text(_doc("many", parameters=_params(properties))),
        "declares 5000 properties",
    )
    properties = {f"p{i}": {"type": "string"} for i in range(251)}
    yield _invalid(
        "count_251_properties",
        yaml_text(_doc("many", parameters=_params(properties))),
        "the limit is 250 per object",
    )
    objects = {
        f"o{j}": _params({f"p{i}": {"type": "integer"} for i in range(201)}) for j in range(5)
    }
    yield _invalid(
        "count_1005_properties_in_all",
        yaml_text(_doc("many", parameters=_params(objects))),
        "more than 1000 properties in all",
    )
    yield _invalid(
        "count_1001_enum_values",
        yaml_text(_doc("many", parameters=_params({"e": {"enum": list(range(1001))}}))),
        "the limit is 1000",
    )
    yield _invalid(
        "depth_33_schemas",
        yaml_text(_doc("deep", parameters=_nested_objects(33))),
        "nest deeper than 32 levels",
    )
    yield _invalid(
        "depth_50_schemas",
        yaml_text(_doc("deep", parameters=_nested_objects(50))),
        "nesting deeper than 100",
    )
    yield _invalid(
        "depth_50_arrays",
        yaml_text(_doc("deep", parameters=_params({"grid": _nested_arrays(50)}))),
        "nest deeper",
    )
    yield _invalid(
        "depth_metadata_over_yaml_limit",
        yaml_text(_doc("deep", metadata={"x": _nested_lists(120)})),
        "nesting deeper than 100",
    )
    yield _valid(
        "count_250_properties",
        _doc(
            "count_250_properties",
            parameters=_params(
                {
                    f"p{i}": {"type": ["string", "integer", "number", "boolean"][i % 4]}
                    for i in range(250)
                },
                required=["p0", "p249"],
            ),
        ),
    )
    yield _valid(
        "count_1000_enum_values",
        _doc(
            "count_1000_enum_values",
            parameters=_params(
                {
                    "word": {"type": "string", "enum": [f"v{i}" for i in range(1000)]},
                    "number": {"enum": list(range(-500, 500))},
                }
            ),
        ),
    )
    yield _valid("depth_32_schemas", _doc("depth_32_schemas", parameters=_nested_objects(32)))
    yield _valid(
        "depth_31_arrays", _doc("depth_31_arrays", parameters=_params({"grid": _nested_arrays(31)}))
    )
    yield _valid(
        "depth_metadata_95",
        _doc("depth_metadata_95", metadata={"x": _nested_lists(95)}),
    )
    yield _valid(
        "depth_default_95",
        _doc("depth_default_95", parameters=_params({"any": {"default": _nested_lists(93)}})),
    )
    # Not compiled: javac refuses a string constant over 64 KB ("constant string too long"), reported to the Java
    # target; tree-sitter only until it splits long constants.
    yield _valid(
        "long_description_70k",
        _doc("long_description_70k", description="long " * 14_000),
        commit=False,
    )
    yield _valid(
        "long_schema_200k",
        _doc(
            "long_schema_200k",
            parameters=_params(
                {f"p{i}": {"type": "string", "description": "d" * 800} for i in range(240)}
            ),
        ),
    )


def _nested_objects(depth: int) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "string"}
    for level in reversed(range(depth)):
        schema = {
            "type": "object",
            "properties": {f"level{level}": schema},
            "required": [f"level{level}"],
        }
    return schema


def _nested_arrays(depth: int) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "integer"}
    for _ in range(depth):
        schema = {"type": "array", "items": schema}
    return schema


def _nested_lists(depth: int) -> Any:
    value: Any = "leaf"
    for level in range(depth):
        value = [value] if level % 2 else {"k": value}
    return value


# -- 4. strings that try to break out, in every position --------------------------------------------------------


def _breakout_spec(id: str, payload: str) -> dict[str, Any]:
    """`payload` in every place a string reaches generated code: descriptions (doc comments), titles, property
    and $defs names (identifiers, struct tags, annotations), enum values, defaults, const, examples, metadata.
    """
    name = f"breakout_{id}"
    ref_name = (
        payload.replace("/", "_").replace("~", "_") or "D"
    )  # `$ref` cannot point at '/' or '~'
    properties = {
        payload: {
            "type": "string",
            "description": payload,
            "title": payload,
            "default": payload,
            "examples": [payload],
        },
        "choice": {
            "type": "string",
            "enum": [payload, payload + "2", "plain"],
            "description": payload,
        },
        "fixed": {"const": payload},
        "pattern": {"type": "string", "pattern": "^[^\"'`\\\\*/]*$", "format": payload},
        "nested": {
            "type": "object",
            "description": payload,
            "properties": {payload: {"type": "integer"}},
        },
        "byRef": {"$ref": f"#/$defs/{ref_name}", "description": payload},
    }
    return _doc(name, description=payload if payload.strip() else payload + "x", metadata={payload: payload, "list": [payload]},
                parameters={"type": "object", "description": payload, "properties": properties, "required": ["choice"],
                            "$defs": {ref_name: {"type": "object", "description": payload, "properties": {payload: {"type": "string"}}}}})  # fmt: skip


def breakouts() -> Iterator[Case]:
    for id, payload in BREAKOUTS.items():
        yield _valid(f"breakout_{id}", _breakout_spec(id, payload), commit=id != "long_word")
    yield _valid("breakout_long_word_300", _breakout_spec("long_word_300", "y" * 300))


# -- 5. reserved words in every identifier position --------------------------------------------------------------


def _slug(word: str) -> str:
    return "".join(char if char.isalnum() else "_" for char in word)


def reserved_words() -> Iterator[Case]:
    """One tool per word, named by it, with a property, an enum value and a `$defs` entry of the same name; and per
    language one tool whose properties, enum values and definitions are all of that language's words at once.
    """
    for word in all_reserved_words():
        if not word[0].isalpha():
            continue  # not a valid tool name (`_`); it still appears below as a property, enum value and $defs name
        parameters = _params({word: {"type": "string", "enum": list(dict.fromkeys([word, word.swapcase(), word.upper()]))}, "ref": {"$ref": f"#/$defs/{word}"}},
                             required=[word], **{"$defs": {word: {"type": "object", "properties": {word: {"type": "integer"}}}}})  # fmt: skip
        yield _valid(
            f"reserved_{_slug(word)}_{sum(map(ord, word)) % 1000}",
            _doc(word, parameters=parameters),
        )
    for language, words in RESERVED_WORDS.items():
        properties: dict[str, Any] = {
            word: {"type": "string", "description": word} for word in words
        }
        properties["every_word"] = {"type": "string", "enum": list(words)}
        defs = {
            word: {"type": "object", "properties": {word: {"type": "boolean"}}} for word in words
        }
        properties["refs"] = {"type": "array", "items": {"$ref": f"#/$defs/{words[0]}"}}
        name = f"reserved_all_{language}"
        yield _valid(
            name,
            _doc(
                name, parameters=_params(properties, required=list(words[:20]), **{"$defs": defs})
            ),
        )
        # A recursive type is declared differently (an interface, a boxed or pointer field): the words again there.
        node = {word: {"type": "string"} for word in words} | {"next": {"$ref": "#/$defs/Node"}}
        name = f"reserved_recursive_{language}"
        yield _valid(name, _doc(name, parameters=_params({"node": {"$ref": "#/$defs/Node"}},
                                                         **{"$defs": {"Node": _params(node)}})))  # fmt: skip


# -- 6. names, numbers and valid-but-odd YAML ---------------------------------------------------------------------


def names_and_numbers() -> Iterator[Case]:
    colliding = ["userId", "user_id", "UserID", "user-id", "USER_ID", "user id", "user.id", "User_Id", "userID",
                 "user__id", "_user_id", "user_id_", "USERID", "useRId", "user\u00a0id", "user\tid", "ùser_id"]  # fmt: skip
    yield _valid(
        "names_colliding_casings",
        _doc(
            "names_colliding_casings",
            parameters=_params(
                {name: {"type": "string"} for name in colliding}, required=colliding[:5]
            ),
        ),
    )
    punctuation = ["!", "$", "@", "-", "_", "__", ".", "..", "/", "\\", "#", "%", "&", "*", "+", "=", "?", "|", "~", "^",
                   "`", "'", '"', "(", ")", "[]", "{}", "<>", ",", ";", ":", " ", "\t", "\u3000", "0", "00", "123", "1e3"]  # fmt: skip
    yield _valid(
        "names_punctuation_only",
        _doc(
            "names_punctuation_only",
            parameters=_params(
                {name: {"type": "integer"} for name in punctuation},
                **{
                    "$defs": {
                        name: {"type": "object", "properties": {}}
                        for name in punctuation
                        if name not in "/~"
                    }
                },
            ),
        ),
    )
    yield _valid("names_enum_values_colliding", _doc("names_enum_values_colliding", parameters=_params(
        {"mode": {"type": "string", "enum": list(dict.fromkeys(colliding + punctuation + ["", "A", "a", "é", "e\u0301", "1", "-1", "1.5"]))},
         "numbers": {"type": "number", "enum": [1, -1, 1.5, -1.5, 0, 0.25, 1e21, -1e-7, 2**53 + 1]}})))  # fmt: skip
    yield _valid("names_unicode_normalisation", _doc("names_unicode_normalisation", parameters=_params(
        {"é": {"type": "string"}, "e\u0301": {"type": "string"}, "Å": {"type": "string"}, "\u212b": {"type": "string"},
         "ﬁ": {"type": "string"}, "fi": {"type": "string"}, "ß": {"type": "string"}, "ss": {"type": "string"},
         "İ": {"type": "string"}, "i̇": {"type": "string"}, "😀": {"type": "string"}, "名前": {"type": "string"}})))  # fmt: skip
    yield _valid(
        "names_long_property_name",
        _doc(
            "names_long_property_name",
            parameters=_params(
                {"p" * 1000: {"type": "string"}, "word " * 100: {"type": "integer"}}
            ),
        ),
    )
    yield _valid("a", _doc("a", parameters=_params({"a": {"type": "string"}})))
    long_name = "L" + "ong_" * 15 + "name"
    yield _valid(
        "names_tool_name_64", _doc(long_name[:64], parameters=_params({"x": {"type": "string"}}))
    )
    for spelling in (
        "case_clash",
        "Case_Clash",
        "CASE_CLASH",
        "case-clash",
        "caseClash",
        "CaseClash",
    ):
        yield _valid(
            f"names_tool_{_slug(spelling)}_{sum(map(ord, spelling))}",
            _doc(spelling, parameters=_params({"v": {"type": "string"}})),
        )
    for device in ("con", "prn", "aux", "nul", "com1", "lpt9", "Con", "AUX"):
        yield _valid(
            f"names_windows_device_{device}_{sum(map(ord, device))}",
            _doc(device, parameters=_params({device: {"type": "string"}})),
        )
    for other in sorted({"index", "mod", "lib", "main", "init", "tools", "package", "build", "x_test", "tool_support",
                         "Params", "ToolSupport"} - set(all_reserved_words())):  # fmt: skip
        yield _valid(
            f"names_file_stem_{other}", _doc(other, parameters=_params({"v": {"type": "string"}}))
        )
    yield _valid("numbers_extremes", _doc("numbers_extremes", parameters=_params({
        "int64Max": {"type": "integer", "default": 2**63 - 1}, "int64Min": {"type": "integer", "default": -(2**63)},
        "beyondInt64": {"type": "integer", "default": 2**64}, "belowInt64": {"type": "integer", "default": -(2**63) - 1},
        "huge": {"type": "integer", "default": 10**30}, "bigEnum": {"type": "integer", "enum": [10**30, -(10**30), 0, 2**63]},
        "bigConst": {"type": "integer", "const": 2**70}, "safe": {"type": "integer", "default": 2**53 + 1},
        "maxDouble": {"type": "number", "default": 1.7976931348623157e308}, "minDouble": {"type": "number", "default": 5e-324},
        "negativeZero": {"type": "number", "default": -0.0}, "tenth": {"type": "number", "default": 0.1},
        "bounds": {"type": "integer", "minimum": -(2**100), "maximum": 2**100, "multipleOf": 3},
        "floatBounds": {"type": "number", "exclusiveMinimum": -1e308, "exclusiveMaximum": 1e308, "multipleOf": 1e-10},
        "wholeFloatDefault": {"type": "number", "default": 1e21}})))  # fmt: skip
    yield _valid("numbers_defaults_of_every_type", _doc("numbers_defaults_of_every_type", parameters=_params({
        "s": {"type": "string", "default": ""}, "i": {"type": "integer", "default": 0}, "n": {"type": "number", "default": -2.5},
        "b": {"type": "boolean", "default": False}, "z": {"type": "null", "default": None}, "a": {"type": "array", "default": []},
        "o": {"type": "object", "default": {}}, "m": {"type": "object", "additionalProperties": {"type": "integer"}, "default": {"k": 1}},
        "any": {"default": {"nested": [1, "two", None, True, {"x": 1.5}]}}, "nullable": {"type": ["integer", "null"], "default": None},
        "nested": {"type": "array", "items": {"type": "array", "items": {"type": "string"}}, "default": [["a"], [], ["b", "c"]]}})))  # fmt: skip


_YAML_FEATURES = {
    "block_scalars": """\
name: yaml_block_scalars
description: |
  Literal block
    with indentation
  and a trailing newline
parameters:
  type: object
  description: >-
    Folded block
    that joins lines
  properties:
    keep:
      type: string
      description: |+
        keeps trailing newlines


    strip:
      type: string
      description: >
        folded with a final newline
""",
    "flow_style": '{name: yaml_flow_style, description: "All on one line", parameters: {type: object, properties: {a: {type: [string, "null"]}}}}\n',
    "comments_everywhere": """\
# a comment before everything
name: yaml_comments_everywhere # after a value
description: "text # not a comment" # but this is
parameters: # after a key
  # inside a mapping
  type: object
  properties:
    a: {type: string} # after a flow mapping
# a comment at the end
""",
    "small_aliases": """\
name: yaml_small_aliases
description: &shared Shared description, used twice.
parameters:
  type: object
  properties:
    first: &prop {type: string, description: *shared}
    second: *prop
    third: {type: array, items: *prop}
""",
    "yaml_11_booleans_are_strings": """\
name: yaml_11_booleans_are_strings
description: In YAML 1.2 yes, no, on, off, y and n are strings.
parameters:
  type: object
  properties:
    answer: {enum: [yes, no, on, off, y, n, Yes, NO, True, FALSE, ~]}
    on: {type: boolean, default: true}
    "null": {type: string}
    "true": {type: string}
    1: {type: string}
""",
    "explicit_tags": """\
name: yaml_explicit_tags
description: !!str 12345
parameters:
  type: object
  properties:
    n: {type: number, default: !!float 1}
    s: {type: string, default: !!str true}
    i: {type: integer, default: !!int "7"}
""",
    "directive_and_markers": "%YAML 1.2\n---\nname: yaml_directive_and_markers\ndescription: With a directive and document markers.\n...\n",
    "quoted_keys": """\
"name": yaml_quoted_keys
'description': "Keys in every quoting style"
? parameters
: type: object
  properties:
    "a\\tb": {type: string}
    'it''s': {type: string}
    ? "question"
    : {type: string}
""",
    "no_trailing_newline": "name: yaml_no_trailing_newline\ndescription: The file ends without a newline",
    "hex_octal_numbers": """\
name: yaml_hex_octal_numbers
description: YAML 1.2 core schema numbers.
parameters:
  type: object
  properties:
    hex: {type: integer, default: 0x1F}
    octal: {type: integer, default: 0o17}
    exponent: {type: number, default: 1e3}
    dot: {type: number, default: .5}
    plus: {type: integer, default: +7}
""",
}


def yaml_features() -> Iterator[Case]:
    for id, text in _YAML_FEATURES.items():
        yield Case(f"yaml_{id}", text.encode("utf-8"), True, commit=True)
    base = 'name: {name}\ndescription: |\n  Line one\n  Line two\nparameters:\n  type: object\n  properties:\n    a: {{type: string, description: "x"}}\n'
    variants = {
        "lf": lambda text: text,
        "bom": lambda text: "\ufeff" + text,
        "crlf": lambda text: text.replace("\n", "\r\n"),
        "bom_crlf": lambda text: "\ufeff" + text.replace("\n", "\r\n"),
        "cr_only": lambda text: text.replace("\n", "\r"),
        "mixed_line_endings": lambda text: text.replace("\n", "\r\n", 3),
        "trailing_spaces": lambda text: text.replace("\n", "   \n"),
    }
    for id, change in variants.items():
        name = f"yaml_line_endings_{id}"
        yield Case(name, change(base.format(name=name)).encode("utf-8"), True, commit=True)


# -- 7. file names that try to break out of the header comment ---------------------------------------------------


# Committed: names every file system and git accepts. Only made at test time: names with characters Windows rejects.
SPEC_FILE_NAMES = {
    "spaces": ("file name with spaces.yaml", True),
    "quotes_and_symbols": ("it's $HOME #1 (copy) {x} [y] & z;=@!~.yaml", True),
    "unicode": ("名前 😀.yaml", True),
    "backtick": ("`backtick`.yaml", True),
    "percent": ("100%25 done.yaml", True),
    "comment_end": ("comment */ evil(); ", False),  # a folder "comment *" holding " evil(); .yaml"
    "java_unicode_newline": ("\\u000a evil(); \\u002a/ x", False),
    "newline": ("line\nbreak", False),
    "carriage_return": ("carriage\rreturn", False),
    "double_quote": ('say "hi"', False),
    "python_coding": ("-*- coding: latin-1 -*-", False),
    "backslash": ("back\\slash\\", False),
    "go_directive": ("go:generate rm -rf", False),
}


def file_names() -> Iterator[Case]:
    for id, (file_name, commit) in SPEC_FILE_NAMES.items():
        if not file_name.endswith(".yaml"):
            file_name += ".yaml"
        name = f"file_name_{id}"
        yield Case(name, yaml_text(_doc(name, parameters=_params({"x": {"type": "string"}}))).encode(), True,
                   commit=commit, file_name=file_name)  # fmt: skip


# -- the whole corpus and the committed folder -------------------------------------------------------------------


@functools.cache
def cases() -> list[Case]:
    found = [
        *malformed_yaml(), *wrong_types(), *accepted_schemas(), *bombs(), *duplicates(), *encodings(), *sizes(), *breakouts(),
        *reserved_words(), *names_and_numbers(), *yaml_features(), *file_names(),
    ]  # fmt: skip
    ids = [case.id for case in found]
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)
    return found


def random_sample() -> dict[str, str]:
    """File name → text of the seeded random specs the real-SDK harnesses compile."""
    specs = seeded_specs(RANDOM_SEED, RANDOM_COUNT, "random")
    return {f"random_{index:02d}.yaml": yaml_text(spec) for index, spec in enumerate(specs)}


def committed_files() -> dict[str, bytes]:
    """Path below tests/stress_specs/ → bytes, exactly what the folder must hold."""
    taken = _tool_names_elsewhere()
    files = {}
    for case in cases():
        if not (case.valid and case.commit):
            continue
        key = tool_name_key(_tool_name(case))
        if key not in taken:  # the first of the spellings one name has (`case_clash`, `CaseClash`, ...) only
            taken.add(key)
            files[f"hostile/{case.name}"] = case.data
    files.update({f"random/{name}": text.encode("utf-8") for name, text in random_sample().items()})
    files["README.md"] = README.encode("utf-8")
    return files


def _tool_names_elsewhere() -> set[str]:
    """The name keys (naming.tool_name_key) of the tools in specs/ and tests/edge_specs/: the harnesses build those
    in the same run, and a name may be declared once, in one spelling (the edge specs already have `Tool`)."""
    from codegen.spec.loader import load_specs
    from tests.support import ALL_SPEC_DIRS

    return {tool_name_key(item.spec.name) for item in load_specs(ALL_SPEC_DIRS)[0]}


def _tool_name(case: Case) -> str:
    from codegen.spec.yamlload import load_yaml

    document = load_yaml(case.name, case.data)
    return document.value["name"]  # type: ignore[union-attr]


README = """\
# Stress specs (generated: do not edit)

Written by `python -m tests.hostile_corpus` from tests/hostile_corpus.py (the valid hostile-input cases small
enough to compile) and tests/spec_strategy.py (a seeded sample of random specs). tests/test_hostile_corpus.py
checks this folder is current; the real-SDK harnesses compile every spec here (tests/support.py SDK_SPEC_DIRS).
"""


def write_committed(folder: Path = STRESS_SPECS) -> None:
    if folder.exists():
        shutil.rmtree(folder)
    for relative, data in committed_files().items():
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


if __name__ == "__main__":
    write_committed()
    print(
        f"wrote {len(committed_files())} files to {STRESS_SPECS.relative_to(Path.cwd())}",
        file=sys.stderr,
    )
