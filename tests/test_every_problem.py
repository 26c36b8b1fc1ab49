"""Issue 31, item 8: every problem in one run, each where a person would fix it. The schema checks (meta-schema,
pattern syntax, `$ref` resolution, limits) all run and all report; a YAML syntax error that runs off the end of
the file is reported where the unclosed construct opens; a path the user typed is never called "the default";
the summary counts only the files that errors are located in.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from codegen.cli import main
from codegen.schema.validity import MAX_PROPERTIES_PER_OBJECT, schema_problems


def _run(*args: str):
    return CliRunner().invoke(main, list(args))


THREE_PROBLEMS = """\
name: three
description: Three problems, one run.
parameters:
  type: object
  properties:
    count:
      type: integer
      minimum: "5"
    code:
      type: string
      pattern: "[unclosed"
    other:
      $ref: "#/$defs/Missing"
"""


def test_the_meta_schema_pattern_and_reference_problems_are_reported_in_one_run(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "three.yaml").write_text(THREE_PROBLEMS)
    result = _run("validate", "three.yaml")
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        'three.yaml:8:16: error: parameters.properties.count.minimum: must be a number, got "5"',
        "three.yaml:11:16: error: parameters.properties.code.pattern: invalid regular expression: unterminated "
        "character set at position 0",
        'three.yaml:13:13: error: parameters.properties.other.$ref: "#/$defs/Missing" does not resolve inside '
        "the document",
        "toolgen: 3 errors in 1 file",
    ]


def test_a_limit_is_reported_beside_a_meta_schema_problem():
    properties = {f"p{i}": {"type": "string"} for i in range(MAX_PROPERTIES_PER_OBJECT + 1)}
    schema = {"type": "object", "properties": {**properties, "bad": {"type": "dict"}}}
    messages = [(problem.path, problem.message) for problem in schema_problems(schema)]
    assert any(path == ("properties", "bad", "type") for path, _ in messages), messages
    assert any("the limit is" in message for _, message in messages), messages


def test_one_place_is_reported_once_even_when_two_checks_object():
    # "objetc" is no type name (the meta-schema) and so no object root (the root check): one line says it
    problems = schema_problems({"type": "objetc"})
    assert [problem.path for problem in problems] == [("type",)], problems


@pytest.mark.parametrize(
    "text, where, context",
    [
        ('name: q\ndescription: "unterminated\nparameters:\n  type: object\n', "2:14", "quoted scalar"),
        ("name: q\ndescription: 'unterminated\n", "2:14", "quoted scalar"),
        ("name: q\ndescription: d\nmetadata: {owner: me\n", "3:11", "flow mapping"),
        ("name: [a, b\n", "1:7", "flow sequence"),
    ],
)
def test_a_construct_left_open_is_reported_where_it_opens(tmp_path, monkeypatch, text, where, context):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "open.yaml").write_text(text)
    result = _run("validate", "open.yaml")
    assert result.exit_code == 2
    line = result.output.splitlines()[0]
    assert line.startswith(f"open.yaml:{where}: error: YAML syntax: "), line
    assert context in line and "never closed" in line, line


def test_a_construct_closed_too_late_names_where_it_opened(tmp_path, monkeypatch):
    # the parser stops at line 4, which is where the error is; the line says where the mapping began
    monkeypatch.chdir(tmp_path)
    (tmp_path / "late.yaml").write_text("name: x\ndescription: d\nmetadata: {owner: me, team: tools\nisTerminal: true\n")
    result = _run("validate", "late.yaml")
    line = result.output.splitlines()[0]
    assert line.startswith("late.yaml:4:11: error: YAML syntax: did not find expected ',' or '}'"), line
    assert "(while parsing a flow mapping that opens at 3:11)" in line, line


def test_a_typed_path_is_not_called_the_default_and_counts_no_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "specs").mkdir()
    result = _run("validate", "specs/nope.yaml")
    assert result.exit_code == 2
    assert result.output.splitlines() == ["specs/nope.yaml: error: no such file or folder", "toolgen: 1 error"]


def test_the_default_spec_folder_is_still_named_as_the_default(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = _run("validate")
    assert result.exit_code == 2
    assert "(the default; set `specs`" in result.output
    assert result.output.splitlines()[-1] == "toolgen: 1 error"


def test_the_summary_counts_located_errors_and_the_others_apart(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.yaml").write_text("name: bad\ndescription: d\ndefer: later\n")
    result = _run("generate", "bad.yaml", "missing.yaml", "--out", "out")
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == "toolgen: 2 errors, 1 of them in 1 file; nothing written", result.output
