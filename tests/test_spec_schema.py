"""`toolgen schema`: a valid draft 2020-12 JSON Schema generated from the pydantic model, describing the
parameters subset keyword by keyword, that accepts every real spec and rejects what validation rejects.
"""

from __future__ import annotations

import json

import jsonschema
import pytest
from click.testing import CliRunner

from codegen.cli import main
from codegen.spec.discover import find_specs
from codegen.schema.subset import ROOT_ONLY, SUPPORTED
from codegen.spec.editor_schema import DRAFT, spec_json_schema
from codegen.spec.yamlload import load_yaml

from .support import ALL_SPEC_DIRS, REPO

COMMITTED = (
    REPO / "toolspec.schema.json"
)  # what `# yaml-language-server: $schema=../toolspec.schema.json` finds
INVALID = REPO / "tests" / "invalid"
# Invalid fixtures whose problem a JSON Schema can express (an editor underlines it as you type).
SCHEMA_CATCHES = [
    "unknown_key_suggestion",
    "snake_case_key",
    "boolean_as_string",
    "boolean_as_number",
    "yes_is_not_boolean",
    "bad_defer",
    "bad_name",
    "name_not_string",
    "blank_description",
    "metadata_not_mapping",
    "parameters_not_mapping",
    "null_optional_key",
    "missing_required_keys",
    "root_not_object",
    "root_missing_type",
    "required_listed_twice",
    "non_local_ref",
    "non_string_ref",
    "bad_type_name",
    "property_schema_null",
    "negative_length",
    "bound_not_number",
    "multiple_problems",
]


def _validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(
        spec_json_schema(), format_checker=jsonschema.FormatChecker()
    )


def _yaml_value(path):
    document = load_yaml(path.name, path.read_bytes())
    assert not isinstance(document, Exception) and hasattr(document, "value"), document
    return document.value


def test_schema_passes_the_draft_2020_12_meta_schema():
    schema = spec_json_schema()
    assert schema["$schema"] == DRAFT
    jsonschema.Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize(
    "path", [file.path for file in find_specs(ALL_SPEC_DIRS)[0]], ids=lambda p: p.relative_to(REPO).as_posix()
)
def test_every_valid_spec_validates_against_the_schema(path):
    errors = sorted(_validator().iter_errors(_yaml_value(path)), key=str)
    assert not errors, [f"{list(e.absolute_path)}: {e.message}" for e in errors]


@pytest.mark.parametrize("name", SCHEMA_CATCHES)
def test_the_schema_rejects_what_an_editor_can_see(name):
    assert list(
        _validator().iter_errors(_yaml_value(INVALID / f"{name}.yaml"))
    ), f"{name} passes the schema"


def test_parameters_are_described_keyword_by_keyword():
    schema = spec_json_schema()
    assert schema["properties"]["parameters"]["$ref"] == "#/$defs/ToolParameters"
    root, nested = schema["$defs"]["ToolParameters"], schema["$defs"]["ParameterSchema"]
    assert set(nested["properties"]) == SUPPORTED | {"$defs"}
    assert set(root["properties"]) == SUPPORTED | set(ROOT_ONLY)
    assert root["properties"]["type"] == {"const": "object"}


def test_the_schema_accepts_every_valid_json_schema_toolgen_generates_from():
    """Since "Real tools" the editor schema must not underline what toolgen accepts (it only helps with the subset)."""
    for path in sorted((REPO / "tests" / "loosened").glob("*.yaml")):
        errors = list(_validator().iter_errors(_yaml_value(path)))
        assert not errors, (path.name, [e.message for e in errors])


def test_keys_are_camel_case_with_the_documented_types():
    schema = spec_json_schema()
    properties = schema["properties"]
    assert list(properties) == [
        "name",
        "description",
        "title",
        "instructions",
        "parameters",
        "isTerminal",
        "defer",
        "skipPermission",
        "overridesBuiltInTool",
        "metadata",
        "namespace",
        "acknowledge",
    ]
    assert schema["required"] == ["name", "description"] and schema["additionalProperties"] is False
    assert properties["defer"]["enum"] == ["auto", "never"]
    assert all(
        properties[key]["type"] == "boolean"
        for key in ("isTerminal", "skipPermission", "overridesBuiltInTool")
    )
    assert properties["metadata"]["type"] == "object"
    assert all(properties[key]["type"] == "string" and properties[key]["pattern"] == r"\S" for key in ("title", "instructions"))
    namespace = properties["namespace"]
    assert namespace["required"] == ["name"] and namespace["additionalProperties"] is False
    assert namespace["properties"]["name"]["pattern"] == "^[A-Za-z0-9_-]{1,64}$"
    assert "default" not in namespace["properties"]["description"]
    assert all(
        "default" not in properties[key] or properties[key]["default"] is not None
        for key in properties
    )


def test_cli_prints_the_schema_deterministically(tmp_path):
    runner = CliRunner()
    first, second = runner.invoke(main, ["schema"]), runner.invoke(main, ["schema"])
    assert first.exit_code == 0 and first.output == second.output
    assert json.loads(first.output) == spec_json_schema()
    out = tmp_path / "toolspec.schema.json"
    written = runner.invoke(main, ["schema", "--out", str(out)])
    assert written.exit_code == 0
    assert out.read_text("utf-8") == first.output


def test_the_committed_schema_file_is_current():
    expected = json.dumps(spec_json_schema(), indent=2, ensure_ascii=False) + "\n"
    assert (
        COMMITTED.read_text("utf-8") == expected
    ), "run `toolgen schema --out toolspec.schema.json`"
