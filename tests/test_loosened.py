"""Valid JSON Schema that toolgen refused before the "Real tools" issue: each spec in tests/loosened/ now generates,
its wire `parameters` is its schema unchanged, and wherever a typed model is looser than the schema exactly one
located warning says so (EXPECTED: `LINE:COL: severity: MESSAGE` after the file name). An empty list means the
construct types exactly (an `allOf` that merges, `items: true`, a duplicate enum value, …).

The real-SDK harnesses compile these specs too (support.sdk_spec_dirs)."""

from __future__ import annotations

import pytest

from codegen.run.generate import render_outputs
from codegen.model.build import build_tools
from codegen.spec.loader import load_specs
from codegen.targets import target_names
from codegen.spec.yamlload import load_yaml

from .support import LOOSENED
from .wire import expected_wire

EXPECTED: dict[str, list[str]] = {
    "anyof_not_nullable.yaml": [
        "7:7: warning: parameters.properties.id.anyOf: anyOf of 2 different schemas is a typed union in TypeScript, Python and Rust (an untagged enum); Go, .NET and Java type it as their JSON value type [TG101]",
    ],
    "anyof_with_sibling_type.yaml": [
    ],
    "boolean_schema.yaml": [
    ],
    "bounds_inverted.yaml": [
    ],
    "default_not_in_enum.yaml": [
        "9:7: warning: parameters.properties.mode.default: the default \"quick\" is not one of the enum values; the typed model has no default [TG114]",
    ],
    "default_type_mismatch.yaml": [
        "8:7: warning: parameters.properties.retries.default: the default \"three\" is not an integer; the typed model has no default [TG114]",
    ],
    "defs_not_at_root.yaml": [
    ],
    "discriminated_union.yaml": [
        "8:7: warning: parameters.properties.shape.oneOf: oneOf of 2 different schemas is a typed union in TypeScript and Python; Go, .NET, Java and Rust type it as their JSON value type (Rust: two branches are both objects, which an untagged decoding cannot tell apart) [TG102]",
        "20:7: warning: parameters.properties.maybe.anyOf: anyOf of 2 different schemas is a typed union in TypeScript and Python; Go, .NET, Java and Rust type it as their JSON value type (Rust: two branches are both objects, which an untagged decoding cannot tell apart) [TG102]",
    ],
    "empty_enum.yaml": [
        "6:26: warning: parameters.properties.mode.enum: an empty enum admits no value; typed as any JSON value [TG107]",
    ],
    "empty_property_name.yaml": [
    ],
    "enum_duplicate_value.yaml": [
    ],
    "enum_object_value.yaml": [
        "7:7: warning: parameters.properties.shape.enum: enum of objects or lists is typed as any JSON value [TG107]",
    ],
    "enum_type_mismatch.yaml": [
        "8:7: warning: parameters.properties.level.enum: \"high\" cannot satisfy `type`, so the typed model leaves it out [TG108]",
    ],
    "ref_cycle.yaml": [
        "6:5: warning: parameters.$defs.A: A → B → A refers back to itself with no object or array in between; typed as any JSON value [TG112]",
    ],
    "ref_with_sibling.yaml": [
        "11:7: warning: parameters.properties.origin.required: keywords beside $ref are not applied to the typed model, which is the referenced type [TG113]",
    ],
    "required_missing_property.yaml": [
        "8:20: warning: parameters.required[1]: \"recursve\" is required but not declared in properties, so the typed model has no field for it (did you mean \"recursive\"?) [TG109]",
    ],
    "required_without_properties.yaml": [
        "5:14: warning: parameters.required[0]: \"path\" is required but not declared in properties, so the typed model has no field for it [TG109]",
    ],
    "root_ref.yaml": [
        "5:3: warning: parameters.$ref: $ref at the root is not applied to the typed model: the parameters type has the root's own properties [TG110]",
    ],
    "type_union.yaml": [
        "6:10: warning: parameters.properties.id.type: a type list of 2 types is a typed union in TypeScript, Python and Rust (an untagged enum); Go, .NET and Java type it as their JSON value type [TG101]",
    ],
    "unsupported_allof.yaml": [
    ],
    "unsupported_keyword_suggestion.yaml": [
        "5:3: warning: parameters.propertes: \"propertes\" is not a JSON Schema keyword; it is ignored (did you mean \"properties\"?) [TG115]",
    ],
    "unsupported_not.yaml": [
        "8:7: warning: parameters.properties.name.not: not is not applied to the typed model: negation cannot be stated in the typed models [TG106]",
    ],
    "unsupported_nullable.yaml": [
        "8:7: warning: parameters.properties.note.nullable: \"nullable\" is not a JSON Schema keyword; it is ignored (that is OpenAPI; in JSON Schema write type: [T, \"null\"]) [TG115]",
    ],
    "unions.yaml": [
        "9:7: warning: parameters.$defs.Choice.anyOf: anyOf of 2 different schemas is a typed union in TypeScript, Python and Rust (an untagged enum); Go, .NET and Java type it as their JSON value type [TG101]",
        "17:11: warning: parameters.$defs.Node.properties.next.anyOf: anyOf of 2 different schemas is a typed union in TypeScript, Python and Rust (an untagged enum); Go, .NET and Java type it as their JSON value type [TG101]",
        "23:7: warning: parameters.properties.id.type: a type list of 2 types is a typed union in TypeScript, Python and Rust (an untagged enum); Go, .NET and Java type it as their JSON value type [TG101]",
        "26:7: warning: parameters.properties.amount.oneOf: oneOf of 2 different schemas is a typed union in TypeScript, Python and Rust (an untagged enum); Go, .NET and Java type it as their JSON value type [TG101]",
        "30:7: warning: parameters.properties.target.anyOf: anyOf of 2 different schemas is a typed union in TypeScript, Python and Rust (an untagged enum); Go, .NET and Java type it as their JSON value type [TG101]",
        "41:9: warning: parameters.properties.items.items.anyOf: anyOf of 2 different schemas is a typed union in TypeScript, Python and Rust (an untagged enum); Go, .NET and Java type it as their JSON value type [TG101]",
        "46:7: warning: parameters.properties.shapes.anyOf: anyOf of 2 different schemas is a typed union in TypeScript and Python; Go, .NET, Java and Rust type it as their JSON value type (Rust: two branches are both objects, which an untagged decoding cannot tell apart) [TG102]",
    ],
    "unsupported_oneof.yaml": [
        "7:7: warning: parameters.properties.id.oneOf: oneOf of 2 different schemas is a typed union in TypeScript, Python and Rust (an untagged enum); Go, .NET and Java type it as their JSON value type [TG101]",
    ],
    "unsupported_pattern_properties.yaml": [
        "8:7: warning: parameters.properties.labels.patternProperties: patternProperties is typed as extra properties of any JSON value [TG106]",
    ],
}


def test_every_loosened_spec_has_an_exact_expectation():
    assert sorted(EXPECTED) == sorted(path.name for path in LOOSENED.glob("*.yaml"))


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_valid_json_schema_generates_with_located_warnings_only(name):
    path = LOOSENED / name
    loaded, problems = load_specs([path])
    assert [str(problem).split(name + ":", 1)[1] for problem in sorted(problems)] == EXPECTED[name]
    assert len(loaded) == 1
    source = load_yaml(name, path.read_bytes()).value
    assert expected_wire(loaded[0].spec)["parameters"] == source["parameters"]


def test_every_loosened_spec_renders_in_every_language():
    loaded, problems = load_specs([LOOSENED])
    assert not [p for p in problems if p.is_error]
    outputs, _ = render_outputs(build_tools(loaded), list(target_names()))
    for target in target_names():
        assert len([path for path in outputs if path.startswith(f"{target}/")]) >= len(EXPECTED), target
