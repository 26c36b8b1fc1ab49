"""Issue 31, item 2: warnings a team can acknowledge, the way ruff and buf do it. Every warning has a stable code,
printed with it and listed in docs/warnings.md; a spec's `acknowledge` key (the whole tool, or a place in
`parameters`) and the configuration's `acknowledge` / `acknowledge_per_path` silence it; an acknowledgement that
matches nothing is itself a warning (TG901); warnings name only the targets the run renders.

The acceptance: the README's CI recipe, `toolgen check --strict`, passes on a repository whose tools use unions
once their warnings are acknowledged, and fails on a new, unacknowledged one.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from codegen.review import warning_codes
from codegen.review.acknowledge import reported
from codegen.errors import Diagnostic
from codegen.spec.editor_schema import spec_json_schema
from codegen.targets import all_targets

from .support import REPO

UNION_SPEC = """\
name: pick
description: Pick a target.
parameters:
  type: object
  properties:
    target:
      oneOf:
        - type: string
        - type: object
          properties:
            id: {type: integer}
    limit: {type: integer}
"""
OTHER_UNION = """\
name: choose
description: Choose a value.
parameters:
  type: object
  properties:
    value:
      anyOf: [{type: string}, {type: integer}]
"""
CONFIG = '[project]\nname = "x"\n\n[tool.toolgen]\ntargets = ["python", "go", "nodejs"]\n'


def toolgen(cwd: Path, *arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "codegen", *arguments], cwd=cwd, capture_output=True, text=True, timeout=300
    )


@pytest.fixture
def repo(tmp_path) -> Path:
    (tmp_path / "specs").mkdir()
    (tmp_path / "specs" / "pick.yaml").write_text(UNION_SPEC)
    (tmp_path / "pyproject.toml").write_text(CONFIG)
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    return tmp_path


def warning_lines(result: subprocess.CompletedProcess) -> list[str]:
    return [line for line in result.stderr.splitlines() if ": warning: " in line]


# -- the acceptance ---------------------------------------------------------------------------------------------------


def test_the_ci_recipe_passes_once_unions_are_acknowledged_and_fails_on_a_new_one(repo):
    assert toolgen(repo, "generate").returncode == 0
    strict = toolgen(repo, "check", "--strict")  # the README's CI step
    assert strict.returncode == 2, strict.stderr
    assert warning_lines(strict) == [
        "specs/pick.yaml:7:7: warning: parameters.properties.target.oneOf: oneOf of 2 different schemas is a typed "
        "union in TypeScript and Python; Go types it as its JSON value type [TG101]"
    ]

    # the team acknowledges it where it is reviewed: in the spec, at the parameter
    spec = repo / "specs" / "pick.yaml"
    spec.write_text(UNION_SPEC + "acknowledge:\n  - code: TG101\n    at: /properties/target\n    reason: decoded by hand\n")
    assert toolgen(repo, "generate").returncode == 0
    passed = toolgen(repo, "check", "--strict")
    assert passed.returncode == 0, passed.stderr
    assert warning_lines(passed) == []
    assert toolgen(repo, "check", "--strict").returncode == 0  # the no-change fast path honours it too

    # a new tool with a union fails the recipe again, naming only the new one
    (repo / "specs" / "choose.yaml").write_text(OTHER_UNION)
    assert toolgen(repo, "generate").returncode == 0
    failed = toolgen(repo, "check", "--strict")
    assert failed.returncode == 2
    assert [line.split(": warning:")[0] for line in warning_lines(failed)] == ["specs/choose.yaml:7:7"]

    # acknowledged for a folder in the configuration, it passes again
    (repo / "pyproject.toml").write_text(CONFIG + '\n[tool.toolgen.acknowledge_per_path]\n"specs/choose.yaml" = ["TG101"]\n')
    assert toolgen(repo, "check", "--strict").returncode == 0


def test_an_acknowledgement_covers_only_its_place_and_its_code(repo):
    spec = repo / "specs" / "pick.yaml"
    spec.write_text(UNION_SPEC + OTHER_UNION.split("properties:\n", 1)[1].replace("    value", "    other", 1)
                    + "acknowledge:\n  - {code: TG101, at: /properties/other}\n")  # fmt: skip
    result = toolgen(repo, "validate")
    assert [line.split(": warning:")[0] for line in warning_lines(result)] == ["specs/pick.yaml:7:7"]


def test_a_whole_tool_acknowledgement_and_the_configuration_list(repo):
    (repo / "specs" / "pick.yaml").write_text(UNION_SPEC + "acknowledge: [TG101]\n")
    (repo / "specs" / "choose.yaml").write_text(OTHER_UNION)
    (repo / "pyproject.toml").write_text(CONFIG + 'acknowledge = ["TG101"]\n')
    result = toolgen(repo, "validate", "--strict")
    assert result.returncode == 0, result.stderr


def test_an_acknowledgement_that_matches_nothing_is_a_warning_where_it_is_written(repo):
    (repo / "specs" / "pick.yaml").write_text(UNION_SPEC + "acknowledge:\n  - TG101\n  - {code: TG115, at: /properties/limit}\n")
    (repo / "pyproject.toml").write_text(
        CONFIG + 'acknowledge = ["TG106"]\n\n[tool.toolgen.acknowledge_per_path]\n"specs/none/*" = ["TG101"]\n'
    )
    result = toolgen(repo, "check", "--strict")
    assert result.returncode == 2
    assert warning_lines(result) == [
        "pyproject.toml:6:16: warning: tool.toolgen.acknowledge: TG106 matches no warning; remove it [TG901]",
        'pyproject.toml:9:19: warning: tool.toolgen.acknowledge_per_path."specs/none/*": TG101 matches no warning; '
        "remove it [TG901]",
        "specs/pick.yaml:15:12: warning: acknowledges TG115 at /properties/limit, but no TG115 warning is there; "
        "remove it [TG901]",
    ]


def test_acknowledgements_of_rendering_codes_are_judged_only_by_a_run_that_renders_every_target(repo):
    # `Sum` and `sum` give Python (and Go) one field name: TG201; TypeScript keeps the wire names
    (repo / "specs" / "pick.yaml").write_text(
        "name: pick\ndescription: d\nparameters:\n  type: object\n  properties:\n    Sum: {type: integer}\n"
        "    sum: {type: integer}\nacknowledge: [TG201]\n"
    )
    assert toolgen(repo, "generate", "--strict").returncode == 0
    assert toolgen(repo, "validate", "--strict").returncode == 0  # renders nothing: cannot judge TG201
    assert toolgen(repo, "generate", "--lang", "nodejs", "--strict").returncode == 0  # renames nothing; not judged
    (repo / "pyproject.toml").write_text(CONFIG.replace('"python", "go", ', ""))
    unused = toolgen(repo, "generate", "--strict")  # every configured target, and none renames: unused
    assert unused.returncode == 2 and "acknowledges TG201, but the tool has no TG201 warning" in unused.stderr


@pytest.mark.parametrize(
    "entry, message",
    [
        ("[TG11]", 'acknowledge.0: "TG11" is not a warning code (did you mean'),
        ("[{code: TG101, at: /properties/nope}]", 'acknowledge.0.at: "/properties/nope" names no place in parameters'),
        ("[{code: TG101, where: x}]", 'acknowledge.0.where: unknown key "where"'),
        ("TG101", "acknowledge: must be a list of warning codes"),
    ],
)
def test_a_wrong_acknowledgement_is_a_located_error(repo, entry, message):
    (repo / "specs" / "pick.yaml").write_text(UNION_SPEC + f"acknowledge: {entry}\n")
    result = toolgen(repo, "validate")
    assert result.returncode == 2
    assert result.stderr.startswith("specs/pick.yaml:13:") and message in result.stderr, result.stderr


def test_an_unknown_code_in_the_configuration_is_a_located_error(repo):
    (repo / "pyproject.toml").write_text(CONFIG + 'acknowledge = ["TG1O1"]\n')
    result = toolgen(repo, "validate")
    assert result.returncode == 2
    assert 'pyproject.toml:6:15: error: tool.toolgen.acknowledge: "TG1O1" is not a warning code' in result.stderr


def test_the_acknowledge_key_never_reaches_the_wire(repo):
    (repo / "specs" / "pick.yaml").write_text(UNION_SPEC + "acknowledge: [TG101]\n")
    (repo / "pyproject.toml").write_text(CONFIG.replace('"python", "go", "nodejs"', '"json"'))
    assert toolgen(repo, "generate").returncode == 0
    wire = json.loads((repo / "generated" / "json" / "pick.json").read_text())
    assert "acknowledge" not in json.dumps(wire)


# -- warnings name only the targets the run renders --------------------------------------------------------------


def test_a_union_warning_names_only_the_configured_targets(repo):
    (repo / "pyproject.toml").write_text(CONFIG.replace('"python", "go", "nodejs"', '"python", "java"'))
    result = toolgen(repo, "validate")
    assert warning_lines(result) == [
        "specs/pick.yaml:7:7: warning: parameters.properties.target.oneOf: oneOf of 2 different schemas is a typed "
        "union in Python; Java types it as its JSON value type [TG101]"
    ]
    # no configured target loosens the union: there is nothing to warn of
    (repo / "pyproject.toml").write_text(CONFIG.replace('"python", "go", "nodejs"', '"python", "nodejs"'))
    assert warning_lines(toolgen(repo, "validate")) == []
    # json has no typed model at all
    (repo / "pyproject.toml").write_text(CONFIG.replace('"python", "go", "nodejs"', '"json"'))
    assert warning_lines(toolgen(repo, "validate")) == []


def test_the_union_message_for_every_target_is_the_one_the_typed_view_writes():
    message = warning_codes.union_message("oneOf of 2 different schemas", warning_codes.UNION_NOT_IN_RUST, "two arrays")
    assert message == (
        "oneOf of 2 different schemas is a typed union in TypeScript and Python; Go, .NET, Java and Rust type it as "
        "their JSON value type (Rust: two arrays)"
    )
    assert warning_codes.retargeted(message, warning_codes.UNION_NOT_IN_RUST, ("go",)) == (
        "oneOf of 2 different schemas: Go types it as its JSON value type"
    )


# -- the codes and their documentation ---------------------------------------------------------------------------


def test_every_warning_has_a_code_and_prints_it_last():
    warning = Diagnostic("a.yaml", 3, 7, "something", "warning", "TG115")
    assert str(warning) == "a.yaml:3:7: warning: something [TG115]"
    assert reported([warning], (), None, True, True) == [warning]


def test_the_documentation_lists_every_code_the_code_base_emits_and_no_other():
    table = (REPO / "docs" / "warnings.md").read_text().split("## Every code", 1)[1]
    documented = dict(re.findall(r"^\| `(TG\d{3})` \| (.+) \|$", table, re.MULTILINE))
    assert documented == {code: entry.meaning for code, entry in warning_codes.CODES.items()}
    # every code is passed where a warning is made, by its constant: none is registered and never emitted
    constants = {name for name, value in vars(warning_codes).items() if isinstance(value, str) and value in warning_codes.CODES}
    assert len(constants) == len(warning_codes.CODES)
    sources = "\n".join(
        path.read_text() for path in (REPO / "codegen").rglob("*.py") if path.name != "warning_codes.py"
    )
    used = set(re.findall(r"\b(?:codes\.)?([A-Z][A-Z_]+)\b", sources)) & constants
    assert used == constants, sorted(constants - used)
    # a code spelled out elsewhere (an example in a message) is one of them
    assert set(re.findall(r"TG\d{3}", sources)) <= set(warning_codes.CODES)


def test_a_code_concerns_only_real_targets():
    names = {target.name for target in all_targets()}
    for entry in warning_codes.CODES.values():
        assert set(entry.concerns) <= names


def test_the_editor_schema_completes_the_codes():
    schema = spec_json_schema()
    item = schema["properties"]["acknowledge"]["items"]["anyOf"]
    assert item[0]["enum"] == list(warning_codes.CODES)
    assert json.loads((REPO / "toolspec.schema.json").read_text()) == schema
