"""Invalid specs: every kind of problem is reported at its exact line and column, all in one run, with exit
code 2, no traceback and nothing written (issue #2, design §3 and §6).

Each file in tests/invalid/ holds one kind of problem (a few hold several on purpose); EXPECTED is the exact
report for it, as `LINE:COL: severity: MESSAGE` after the file name. The alias bomb is small and committed; the
oversized file is made here, so the repository holds no megabytes.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from codegen.cli import main
from codegen.errors import Diagnostic, SpecError
from codegen.run.generate import load_tools
from codegen.model.build import build_tools
from codegen.spec.loader import LoadedSpec, load_specs
from codegen.spec.format import build_spec
from codegen.spec.yamlload import DEFAULT_MAX_BYTES, load_yaml

from .support import ALL_SPEC_DIRS, REPO

INVALID = REPO / "tests" / "invalid"
SHOWN = "tests/invalid"
MUTATIONS = int(
    os.environ.get("TOOLGEN_FUZZ_EXAMPLES", "300")
)  # how the fixtures' folder is displayed when toolgen runs in the repository

EXPECTED: dict[str, list[str]] = {
    "alias_bomb.yaml": [
        "8:38: error: aliases expand the document to more than 100000 values (an alias bomb?); specs must stay small",
    ],
    "bad_defer.yaml": [
        '3:8: error: defer: must be "auto" or "never", got "nevr" (did you mean "never"?)',
    ],
    "bad_name.yaml": [
        "1:7: error: name: \"2fast\" is not a valid tool name: start with a letter, then up to 63 letters, digits, '_' or '-'",
    ],
    "bad_tagged_scalar.yaml": [
        '3:13: error: "yes" is tagged !!bool but is not true or false',
    ],
    "bad_type_name.yaml": [
        '6:19: error: parameters.properties.count.type: unknown type "int" (did you mean "integer"?); one of string, integer, number, boolean, object, array, null',
    ],
    "blank_description.yaml": [
        "2:14: error: description: must not be empty or only whitespace",
    ],
    "boolean_as_number.yaml": [
        "3:17: error: skipPermission: must be true or false, got 1",
    ],
    "boolean_as_string.yaml": [
        '3:13: error: isTerminal: must be true or false, got "true"',
    ],
    "bound_not_number.yaml": [
        '8:16: error: parameters.properties.size.maximum: must be a number, got "10"',
    ],
    "complex_key.yaml": [
        "4:5: error: mapping keys must be strings",
    ],
    "control_character.yaml": [
        '2:25: error: YAML syntax: control character U+0007 is not allowed; write it as an escape inside a double-quoted string ("\\u0007")',
    ],
    "duplicate_key.yaml": [
        '5:1: error: duplicate key "isTerminal" (first defined at line 3, column 1)',
    ],
    "empty_file.yaml": [
        "1:1: error: empty file: a spec is a mapping with at least name and description",
    ],
    "invalid_pattern.yaml": [
        "8:16: error: parameters.properties.code.pattern: invalid regular expression: unterminated character set at position 0",
    ],
    "invalid_utf8.yaml": [
        "2:32: error: invalid UTF-8 (byte 0xe9); spec files are UTF-8",
    ],
    "merge_key.yaml": [
        "6:5: error: merge keys ('<<') are not supported in specs; write the keys out",
    ],
    "metadata_not_mapping.yaml": [
        "3:11: error: metadata: must be a mapping, got a list",
    ],
    "missing_required_keys.yaml": [
        '2:1: error: missing required key "description"',
        '2:1: error: missing required key "name"',
    ],
    "multiple_documents.yaml": [
        "3:1: error: a spec file holds one YAML document; found a second one",
    ],
    "multiple_problems.yaml": [
        "2:7: error: name: \"multiple problems\" is not a valid tool name: start with a letter, then up to 63 letters, digits, '_' or '-'",
        "3:14: error: description: must not be empty or only whitespace",
        "4:13: error: isTerminal: must be true or false, got \"yes\"",
        "5:8: error: defer: must be \"auto\" or \"never\", got \"sometimes\"",
        "6:1: error: unknown key \"colour\"",
        "10:18: error: parameters.properties.path.type: unknown type \"strin\" (did you mean \"string\"?); one of string, integer, number, boolean, object, array, null",
    ],
    "name_not_string.yaml": [
        "1:7: error: name: must be a string, got a list",
    ],
    "negative_length.yaml": [
        "8:18: error: parameters.properties.code.minLength: must be at least 0, got -1",
    ],
    "non_finite_number.yaml": [
        "4:10: error: .inf is not a JSON number",
    ],
    "non_local_ref.yaml": [
        "6:21: error: parameters.properties.address.$ref: \"https://example.com/address.json\" is not a local reference; toolgen generates from one document, so write \"#/$defs/Name\"",
    ],
    "non_string_ref.yaml": [
        "6:21: error: parameters.properties.address.$ref: must be a string, got 42",
    ],
    "null_optional_key.yaml": [
        "3:12: error: parameters: must not be null; leave the key out for a tool without arguments",
    ],
    "parameters_not_mapping.yaml": [
        "3:13: error: parameters: must be a mapping, got a list",
    ],
    "property_schema_null.yaml": [
        "6:10: error: parameters.properties.path: must be a schema (a mapping, or true or false), got null",
    ],
    "recursive_alias.yaml": [
        "4:7: error: recursive alias: a node refers to itself",
    ],
    "required_listed_twice.yaml": [
        "7:13: error: parameters.required: must not list a value twice",
    ],
    "root_missing_type.yaml": [
        "4:3: error: parameters: the root schema needs `type: object`",
    ],
    "root_not_object.yaml": [
        '4:9: error: parameters.type: the root must be "object", got "array"',
    ],
    "snake_case_key.yaml": [
        '3:1: error: unknown key "skip_permission" (did you mean "skipPermission"?)',
    ],
    "too_deep.yaml": [
        "4:107: error: nesting deeper than 100 levels",
    ],
    "top_level_list.yaml": [
        "2:1: error: a spec is a mapping of keys (name, description, …), got a list",
    ],
    "top_level_scalar.yaml": [
        '1:1: error: a spec is a mapping of keys (name, description, …), got the scalar "just some text"',
    ],
    "undefined_alias.yaml": [
        "4:10: error: YAML syntax: alias *nobody has no anchor &nobody before it",
    ],
    "unknown_key_suggestion.yaml": [
        '3:1: error: unknown key "isTerminl" (did you mean "isTerminal"?)',
    ],
    "unresolved_ref.yaml": [
        "8:20: error: parameters.properties.filter.$ref: \"#/$defs/Filtre\" does not resolve inside the document: $defs has Filter (did you mean \"Filter\"?)",
    ],
    "unsupported_tag.yaml": [
        "4:9: error: unsupported YAML tag !!binary; specs hold plain JSON values only",
    ],
    "yaml_syntax_bad_indent.yaml": [
        "3:13: error: YAML syntax: mapping values are not allowed in this context",
    ],
    "yaml_syntax_unclosed_flow.yaml": [
        "4:11: error: YAML syntax: did not find expected ',' or '}' (while parsing a flow mapping that opens at 3:11)",
    ],
    "yaml_tab_indent.yaml": [
        "4:1: error: YAML syntax: found character that cannot start any token (while scanning for the next token); YAML indents with spaces, never tabs",
    ],
    "yes_is_not_boolean.yaml": [
        '3:23: error: overridesBuiltInTool: must be true or false, got "yes"',
    ],
    "duplicate_name/b_second.yaml": [
        '2:7: error: duplicate tool name "duplicate_name": also defined in {dir}/duplicate_name/a_first.yaml',
    ],
}

# The duplicate pair is valid file by file; only a run that sees both reports the second.
PAIRS = {"duplicate_name/b_second.yaml": "duplicate_name"}
VALID_ALONE = {"duplicate_name/a_first.yaml"}


def _fixture_files() -> list[str]:
    return sorted(path.relative_to(INVALID).as_posix() for path in INVALID.rglob("*.y*ml"))


def _expected_lines(relative: str, shown: str = SHOWN) -> list[str]:
    return [f"{shown}/{relative}:{line.replace('{dir}', shown)}" for line in EXPECTED[relative]]


def _oversized_spec(size: int) -> bytes:
    """A valid spec padded with a comment to exactly `size` bytes."""
    head = b"name: oversized\ndescription: A spec padded past the size limit.\n#"
    return head + b"x" * (size - len(head) - 1) + b"\n"


@pytest.fixture
def in_repo(monkeypatch):
    monkeypatch.chdir(REPO)


def test_every_fixture_has_an_exact_expectation():
    assert sorted(EXPECTED) == sorted(set(_fixture_files()) - VALID_ALONE)
    assert len(EXPECTED) >= 25, "issue #2 asks for at least 25 kinds of error"


@pytest.mark.parametrize("relative", sorted(EXPECTED))
def test_fixture_is_reported_at_its_exact_position(relative, in_repo):
    target = INVALID / PAIRS.get(relative, relative)
    _, problems = load_specs([target.relative_to(REPO)])
    assert [str(problem) for problem in sorted(problems)] == _expected_lines(relative)


@pytest.mark.parametrize("relative", sorted(EXPECTED))
def test_fixture_fails_only_as_a_spec_error(relative, in_repo):
    """Bad input never escapes as another exception (which the CLI would show as a traceback)."""
    target = INVALID / PAIRS.get(relative, relative)
    with pytest.raises(SpecError) as raised:
        load_tools([target.relative_to(REPO)])
    assert [str(d) for d in raised.value.diagnostics] == _expected_lines(relative)


def test_the_whole_invalid_set_is_reported_in_one_run(tmp_path):
    """One `validate` over every fixture (plus a generated oversized file): every file's problems, exit 2,
    no traceback. Run as a real process, the way users and CI see it."""
    shutil.copytree(INVALID, tmp_path / "invalid")
    (tmp_path / "invalid" / "oversized.yaml").write_bytes(_oversized_spec(DEFAULT_MAX_BYTES + 1))
    result = subprocess.run(
        [sys.executable, "-m", "codegen", "validate", "invalid"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    expected = [
        line for relative in sorted(EXPECTED) for line in _expected_lines(relative, "invalid")
    ]
    expected.append(
        f"invalid/oversized.yaml:1:1: error: file is {DEFAULT_MAX_BYTES + 1} bytes; the limit is "
        f"{DEFAULT_MAX_BYTES} bytes (raise it with --max-spec-bytes)"
    )
    *lines, summary = result.stderr.splitlines()
    assert sorted(lines) == sorted(expected)
    assert lines == sorted(
        lines, key=lambda line: line.split(":", 1)[0]
    ), "grouped by file, in path order"
    assert summary == f"toolgen: {len(expected)} errors in {len(EXPECTED) + 1} files"
    assert result.stdout == ""


def test_generate_writes_nothing_when_any_spec_is_invalid(tmp_path, in_repo):
    specs = tmp_path / "specs"
    shutil.copytree(REPO / "specs", specs)
    shutil.copy(INVALID / "bad_defer.yaml", specs / "bad_defer.yaml")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["generate", str(specs), "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)
    assert 'bad_defer.yaml:3:8: error: defer: must be "auto" or "never"' in result.output
    assert "nothing written" in result.output
    assert not out.exists(), "not even the output folder may be created"


def test_generate_leaves_an_existing_output_folder_untouched(tmp_path, in_repo):
    out = tmp_path / "out"
    (out / "python").mkdir(parents=True)
    existing = out / "python" / "old.py"
    existing.write_text("# Code generated by toolgen from specs/old.yaml. DO NOT EDIT.\n")
    before = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in out.rglob("*") if p.is_file()}
    result = CliRunner().invoke(main, ["generate", str(INVALID), "--out", str(out)])
    assert result.exit_code == 2
    after = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in out.rglob("*") if p.is_file()}
    assert after == before, "an orphan must not be removed either when the input is invalid"


def test_check_reports_invalid_input_with_exit_2(tmp_path, in_repo):
    result = CliRunner().invoke(
        main, ["check", str(INVALID / "bad_name.yaml"), "--out", str(tmp_path)]
    )
    assert result.exit_code == 2
    assert "bad_name.yaml:1:7: error: name:" in result.output


def test_a_quoted_input_value_with_line_breaks_stays_on_its_diagnostic_line(tmp_path):
    """Editors and CI read `file:line:col: error: …` line by line: a value quoted in a message is shown with its
    line breaks escaped (every character str.splitlines breaks at), in a spec and in the config alike."""
    (tmp_path / "specs").mkdir()
    (tmp_path / "specs" / "one.yaml").write_text(
        "name: one\ndescription: One.\nparameters:\n  type: object\n  $defs:\n    Foo: {type: string}\n"
        '  properties:\n    a: {$ref: "#/$defs/Foo\\n\\u2028"}\n',
        encoding="utf-8",
    )

    def stderr_lines() -> list[str]:
        result = subprocess.run(
            [sys.executable, "-m", "codegen", "generate", "specs", "--out", "out"],
            cwd=tmp_path, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(REPO)},
        )  # fmt: skip
        assert result.returncode == 2, result.stderr
        return result.stderr.splitlines()

    first, summary = stderr_lines()
    assert first.startswith("specs/one.yaml:8:15: error: ") and '"#/$defs/Foo\\n\\u2028"' in first, first
    assert summary.startswith("toolgen: 1 error")
    (tmp_path / "toolgen.toml").write_text('[dotnet]\nnamespace = "Acme.Tools\\r\\n"\n', encoding="utf-8")
    first, summary = stderr_lines()
    assert first == 'toolgen.toml:2:13: error: dotnet.namespace: must be a C# namespace, got "Acme.Tools\\r\\n"'


def test_oversized_file_is_rejected_fast_before_reading(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_bytes(_oversized_spec(50 * DEFAULT_MAX_BYTES))
    started = time.monotonic()
    _, problems = load_specs([path])
    assert time.monotonic() - started < 2.0, "the size is checked before the file is read"
    assert [(p.line, p.column) for p in problems] == [(1, 1)]
    assert f"the limit is {DEFAULT_MAX_BYTES} bytes" in problems[0].message


def test_size_limit_is_also_enforced_on_bytes_given_directly():
    problem = load_yaml("x.yaml", _oversized_spec(2048), max_bytes=1024)
    assert str(problem) == (
        "x.yaml:1:1: error: file is 2048 bytes; the limit is 1024 bytes (raise it with --max-spec-bytes)"
    )


def test_size_limit_is_configurable_on_every_command(tmp_path, in_repo):
    big = tmp_path / "big.yaml"
    big.write_bytes(_oversized_spec(DEFAULT_MAX_BYTES + 10))
    runner = CliRunner()
    assert runner.invoke(main, ["validate", str(big)]).exit_code == 2
    allowed = runner.invoke(
        main, ["validate", str(big), "--max-spec-bytes", str(2 * DEFAULT_MAX_BYTES)]
    )
    assert allowed.exit_code == 0, allowed.output
    small = runner.invoke(main, ["validate", "specs/clear_context.yaml", "--max-spec-bytes", "100"])
    assert small.exit_code == 2
    assert "specs/clear_context.yaml:1:1: error: file is" in small.output
    for command in (["generate"], ["check"]):
        result = runner.invoke(
            main, [*command, "specs/", "--out", str(tmp_path / "o"), "--max-spec-bytes", "100"]
        )
        assert result.exit_code == 2 and "the limit is 100 bytes" in result.output
    assert not (tmp_path / "o").exists()


def test_valid_specs_produce_no_diagnostics(in_repo):
    loaded, problems = load_specs(ALL_SPEC_DIRS)
    assert problems == []
    assert len(loaded) == len(list(REPO.glob("specs/*.yaml"))) + len(
        list(REPO.glob("tests/edge_specs/*.yaml"))
    )


def test_a_spec_with_invalid_parameters_still_reports_its_other_problems(in_repo):
    messages = [line.split(": error: ", 1)[1] for line in EXPECTED["multiple_problems.yaml"]]
    assert any(m.startswith("defer:") for m in messages) and any(
        m.startswith("parameters.") for m in messages
    )
    assert any(m.startswith("unknown key") for m in messages)


def test_a_keyword_for_another_type_is_a_warning_not_an_error(tmp_path, monkeypatch):
    """`type: string` with `maximum:` is legal JSON Schema that does nothing; say so, but generate."""
    monkeypatch.chdir(tmp_path)
    Path("tool.yaml").write_text(
        "name: leftover\ndescription: d\nparameters:\n  type: object\n  properties:\n"
        "    limit: {type: string, maximum: 50}\n"
    )
    loaded, problems = load_specs([Path("tool.yaml")])
    assert [item.spec.name for item in loaded] == ["leftover"]
    assert [str(p) for p in problems] == [
        'tool.yaml:6:27: warning: parameters.properties.limit.maximum: "maximum" applies to integers and '
        'numbers; it has no effect on type "string" [TG116]'
    ]
    result = CliRunner().invoke(main, ["validate", "tool.yaml"])
    assert result.exit_code == 0 and "warning:" in result.output and "1 spec valid" in result.output


def test_duplicate_name_is_reported_at_the_second_file_naming_the_first(in_repo):
    _, problems = load_specs([INVALID / "duplicate_name"])
    assert [(p.file, p.line, p.column) for p in problems] == [
        (f"{SHOWN}/duplicate_name/b_second.yaml", 2, 7)
    ]
    assert f"{SHOWN}/duplicate_name/a_first.yaml" in problems[0].message


def test_duplicate_name_is_reported_even_when_the_second_spec_has_other_problems(tmp_path):
    (tmp_path / "a.yaml").write_text("name: same\ndescription: first\n")
    (tmp_path / "b.yaml").write_text("name: same\ndescription: second\ndefer: later\n")
    _, problems = load_specs([tmp_path])
    assert sorted(p.message.split(":")[0] for p in problems) == [
        "defer",
        'duplicate tool name "same"',
    ]


def test_folders_are_searched_recursively_and_in_path_order(tmp_path):
    (tmp_path / "z").mkdir()
    (tmp_path / "z" / "deep").mkdir()
    (tmp_path / "z" / "deep" / "one.yml").write_text("name: one\ndescription: d\n")
    (tmp_path / "a.yaml").write_text("name: two\ndescription: d\n")
    (tmp_path / "notes.txt").write_text("not a spec\n")
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "x.yaml").write_text("{{{ not even YAML\n")
    loaded, problems = load_specs([tmp_path])
    assert problems == []
    assert [item.spec.name for item in loaded] == ["two", "one"]


def test_missing_path_and_empty_folder_are_errors(tmp_path):
    (tmp_path / "empty").mkdir()
    _, problems = load_specs([tmp_path / "empty", tmp_path / "nope"])
    assert sorted(p.message for p in problems) == [
        "no *.yaml or *.yml spec files in this folder",
        "no such file or folder",
    ]


# -- no input, however broken, escapes as an exception ------------------------------------------------------

_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    # YAML allows neither raw control characters nor JSON's surrogate-pair escapes
    st.text(st.characters(blacklist_categories=("Cs", "Cc", "Cn")), max_size=8),
    st.sampled_from(["object", "string", "null", "#/$defs/A", "array", "", "auto"]),
)
_KEYS = st.sampled_from(
    [
        "type",
        "properties",
        "items",
        "required",
        "enum",
        "const",
        "default",
        "anyOf",
        "$ref",
        "$defs",
        "additionalProperties",
        "minimum",
        "maxLength",
        "pattern",
        "description",
        "name",
        "A",
        "x",
        "oneOf",
    ]
)
_VALUES = st.recursive(
    _SCALARS,
    lambda children: st.lists(children, max_size=3) | st.dictionaries(_KEYS, children, max_size=4),
    max_leaves=12,
)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _paths(child, prefix + (key,))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _paths(child, prefix + (index,))


def _replace(value, path, new):
    if not path:
        return new
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[path[0]] = _replace(value[path[0]], path[1:], new)
    return copy


@functools.cache
def _base_specs() -> tuple[dict, ...]:
    return tuple(item.document.value for item in load_specs(ALL_SPEC_DIRS)[0])


@settings(max_examples=MUTATIONS, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_specs_never_raise_and_valid_ones_build(data):
    """Replace any value of a real spec with arbitrary JSON: loading reports problems or succeeds, and what
    validates also builds into the intermediate model (the validator guards every assumption irbuild makes).
    """
    base = data.draw(st.sampled_from(_base_specs()))
    path = data.draw(st.sampled_from(list(_paths(base))))
    mutated = _replace(base, path, data.draw(_VALUES))
    document = load_yaml(
        "spec.yaml", json.dumps(mutated, ensure_ascii=False).encode("utf-8")
    )  # JSON is YAML 1.2
    assert not isinstance(document, Diagnostic), document
    spec, problems = build_spec(document)
    if spec is not None:
        build_tools([LoadedSpec("spec.yaml", spec, document)])
    else:
        assert problems


@settings(max_examples=200, deadline=None)
@given(data=st.binary(max_size=300) | st.text(max_size=300).map(lambda t: t.encode("utf-8")))
def test_arbitrary_bytes_never_raise(data):
    result = load_yaml("x.yaml", data)
    if not hasattr(result, "value"):
        assert result.line >= 1 and result.column >= 1
