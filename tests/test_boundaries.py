"""Boundaries (issue #5, item 5): nothing is written outside --out, symbolic links are never written through,
every output path is checked before anything is written, and each documented limit is exact and located.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from codegen.schema import validity as schema_validity
from codegen.spec import yamlload
from codegen.cli import main
from codegen.errors import OutputPathError, OwnershipError
from codegen.run.generate import load_tools, RunRequest, run
from codegen.spec.loader import load_specs
from codegen.targets import PlannedFile, Reporter, all_targets
from codegen.output.statefolder import LOCK_NAME, MANIFEST_NAME, STATE_FOLDER
from codegen.output.writer import OWNERSHIP_MARKER, check_output_paths

from .hostile_text import yaml_text
from .support import REPO, SDK_SPEC_DIRS

SPEC = "name: one\ndescription: One tool.\nparameters: {type: object, properties: {q: {type: string}}}\n"
MARKED = f"// {OWNERSHIP_MARKER} from elsewhere. DO NOT EDIT.\n"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "specs").mkdir()
    (tmp_path / "specs" / "one.yaml").write_text(SPEC, encoding="utf-8")
    (tmp_path / "outside").mkdir()
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _generate(*args: str):
    return CliRunner().invoke(main, ["generate", "specs", "--out", "out", *args])


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


# -- symbolic links -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("link", ["go", "java/com", "java/com/example/copilot/tools"])
def test_a_linked_folder_inside_out_is_not_written_through(project: Path, link: str):
    (project / "out" / link).parent.mkdir(parents=True, exist_ok=True)
    (project / "out" / link).symlink_to(project / "outside", target_is_directory=True)
    result = _generate()
    assert result.exit_code == 2, result.output
    assert (
        f"out/{link}:1:1: error: is a symbolic link; toolgen never writes through links"
        in result.stderr
    )
    assert _snapshot(project / "outside") == {}, "nothing may land in the link's target"
    assert sorted(p.name for p in (project / "out").iterdir()) == sorted(
        [STATE_FOLDER, link.split("/")[0]]
    )


def test_a_linked_file_is_not_written_through(project: Path):
    (project / "outside" / "one.go").write_text(MARKED, encoding="utf-8")
    (project / "out" / "go").mkdir(parents=True)
    (project / "out" / "go" / "one.go").symlink_to(project / "outside" / "one.go")
    assert _generate("--lang", "go").exit_code == 2
    assert (project / "outside" / "one.go").read_text() == MARKED


def test_a_linked_lock_or_manifest_is_not_followed(project: Path):
    (project / "outside" / "lock").write_text("keep\n")
    (project / "out" / STATE_FOLDER).mkdir(parents=True)
    (project / "out" / LOCK_NAME).symlink_to(project / "outside" / "lock")
    result = _generate("--lang", "go")
    assert (
        result.exit_code == 2
        and f"out/{LOCK_NAME}:1:1: error: is not a regular file" in result.stderr
    )
    (project / "out" / LOCK_NAME).unlink()
    (project / "outside" / "manifest").write_text("keep\n")
    (project / "out" / MANIFEST_NAME).symlink_to(project / "outside" / "manifest")
    assert _generate("--lang", "go").exit_code == 0
    assert (project / "outside" / "lock").read_text() == "keep\n"
    assert (
        project / "outside" / "manifest"
    ).read_text() == "keep\n", "the link is replaced, not written through"
    assert not (project / "out" / MANIFEST_NAME).is_symlink()


def test_orphan_removal_never_follows_a_link(project: Path):
    (project / "outside" / "old.go").write_text(MARKED, encoding="utf-8")
    (project / "out" / "go").mkdir(parents=True)
    (project / "out" / "go" / "linked").symlink_to(project / "outside", target_is_directory=True)
    assert _generate("--lang", "go").exit_code == 0
    assert (project / "outside" / "old.go").read_text() == MARKED


def test_out_itself_may_be_a_link_the_user_chose(project: Path):
    (project / "out").symlink_to(project / "outside", target_is_directory=True)
    assert _generate("--lang", "go").exit_code == 0
    assert (project / "outside" / "go" / "one.go").is_file()


def test_out_that_is_a_file_is_an_error(project: Path):
    (project / "out").write_text("not a folder\n")
    result = _generate("--lang", "go")
    assert (
        result.exit_code == 2 and "'out' is a file" in result.stderr
    )  # the command line says so first
    with pytest.raises(
        OwnershipError, match="out:1:1: error: the output root exists and is not a folder"
    ):
        run(RunRequest([Path("specs")], Path("out"), ["go"]))  # and the library
    assert (project / "out").read_text() == "not a folder\n"


# -- planned paths ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("paths", "message"),
    [
        (["../escape.go"], "segment '..' is not a plain file name"),
        (["a/../../escape.go"], "segment '..' is not a plain file name"),
        (["/etc/passwd"], "segment '' is not a plain file name"),
        (["a//b.go"], "segment '' is not a plain file name"),
        (["./a.go"], "segment '.' is not a plain file name"),
        ([".hidden.go"], "segment '.hidden.go' is not a plain file name"),
        (["back\\slash.go"], "is not a plain file name"),
        (["C:evil.go"], "is not a plain file name"),
        (["trailing.dot."], "is not a plain file name"),
        (["name with space.go"], "is not a plain file name"),
        (["名前.go"], "is not a plain file name"),
        (["nul\x00.go"], "is not a plain file name"),
        (["newline.go\n"], "is not a plain file name"),
        (["x" * 256 + ".go"], "is not a plain file name"),
        ([""], "segment '' is not a plain file name"),
        (["con.go"], "'con.go' is a reserved device name on Windows"),
        (["Aux.cs"], "'Aux.cs' is a reserved device name on Windows"),
        (["lpt1/x.go"], "'lpt1' is a reserved device name on Windows"),
        (["a.go", "A.go"], "differs from 'a.go' only in letter case"),
        (["a.go", "a.go"], "is planned twice"),
        (["a", "a/b.go"], "is both a file and a folder"),
    ],
)
def test_unsafe_planned_paths_are_caught(paths: list[str], message: str):
    problems = check_output_paths("go", paths)
    assert problems and any(message in problem.message for problem in problems), problems


def test_plain_paths_pass():
    assert not check_output_paths(
        "java", ["com/example/Tool.java", "com/example/ToolSupport.java", "__init__.py"]
    )


def test_a_target_that_plans_an_unsafe_path_writes_nothing(
    project: Path, monkeypatch: pytest.MonkeyPatch
):
    from codegen.run import outputs

    class Escaping:
        name = "go"

        def name_folder(self, tools, options, report):
            return [None for _ in tools]

        def names_key(self, names):
            return ""

        def cache_identity_for(self, custom_templates):
            return ""

        def formatter_warning(self, custom_templates, where):
            return None

        def tool_file(self, tool, names, options, report):
            return PlannedFile("../../outside/pwned.go", "tool.go.j2", {})

        planned_tool_file = tool_file  # no spec field to warn about here

        def folder_files(self, tools, names, facts, options, report):
            return []

        def format_all(self, files):
            return [text for _, text in files]

    monkeypatch.setattr(outputs, "get_target", lambda name: Escaping())
    # a stand-in under a real target's name must not be served that target's cached names and files
    monkeypatch.setenv("TOOLGEN_NO_CACHE", "1")
    with pytest.raises(OutputPathError) as raised:
        run(RunRequest([Path("specs")], Path("out"), ["go"]))
    assert "go/../../outside/pwned.go:1:1: error: unsafe output path" in str(raised.value)
    assert not (project / "out").exists() and _snapshot(project / "outside") == {}


def test_every_target_derives_safe_distinct_paths_for_the_whole_corpus():
    """Reserved words, Windows device names and names differing only in case, from every committed spec at once:
    each target's paths stay plain, below its folder, and distinct on a case-insensitive file system.
    """
    tools, _ = load_tools(SDK_SPEC_DIRS)
    for target in all_targets():
        paths = [planned.path for planned in target.plan(tools, {}, Reporter())]
        assert not check_output_paths(target.name, paths), target.name
        assert len({path.casefold() for path in paths}) == len(paths)


# -- limits: each documented number is exact, and going past it is a located error ---------------------------------


def _problems(
    tmp_path: Path, document: dict | str, max_bytes: int = yamlload.DEFAULT_MAX_BYTES
) -> list[str]:
    path = tmp_path / "spec.yaml"
    path.write_text(
        document if isinstance(document, str) else yaml_text(document), encoding="utf-8"
    )
    _, problems = load_specs([path], max_bytes)
    return [f"{p.line}:{p.column}: {p.message}" for p in problems if p.is_error]


def _object(count: int) -> dict:
    return {"type": "object", "properties": {f"p{i}": {"type": "string"} for i in range(count)}}


def _tool(parameters: dict) -> dict:
    return {"name": "limits", "description": "Limits.", "parameters": parameters}


def _nested(depth: int) -> dict:
    schema: dict = {"type": "string"}
    for _ in range(depth):
        schema = {"type": "object", "properties": {"x": schema}}
    return schema


def test_properties_per_object(tmp_path: Path):
    limit = schema_validity.MAX_PROPERTIES_PER_OBJECT
    assert limit == 250
    assert _problems(tmp_path, _tool(_object(limit))) == []
    (problem,) = _problems(tmp_path, _tool(_object(limit + 1)))
    assert (
        problem
        == f"6:3: parameters.properties: declares {limit + 1} properties; the limit is {limit} per object (split it into nested objects)"
    )


def test_properties_per_tool(tmp_path: Path):
    limit = schema_validity.MAX_PROPERTIES_PER_TOOL
    assert limit == 1000
    objects = {f"o{i}": _object(249) for i in range(4)}  # 4 + 4 × 249 = 1000 properties
    assert _problems(tmp_path, _tool({"type": "object", "properties": objects})) == []
    problems = _problems(
        tmp_path,
        _tool({"type": "object", "properties": objects | {"one_more": {"type": "string"}}}),
    )
    assert len(problems) == 1 and problems[0].endswith(
        f"the tool declares more than {limit} properties in all (the limit)"
    )
    assert (
        "parameters.properties.o3.properties.p248" in problems[0]
    )  # the first property past the limit


def test_enum_values(tmp_path: Path):
    limit = schema_validity.MAX_ENUM_VALUES
    assert limit == 1000
    enum = lambda count: _tool(
        {"type": "object", "properties": {"e": {"enum": list(range(count))}}}
    )  # noqa: E731
    assert _problems(tmp_path, enum(limit)) == []
    (problem,) = _problems(tmp_path, enum(limit + 1))
    assert (
        problem
        == f"8:5: parameters.properties.e.enum: lists {limit + 1} values; the limit is {limit}"
    )


def test_schema_depth(tmp_path: Path):
    limit = schema_validity.MAX_SCHEMA_DEPTH
    assert limit == 32
    assert _problems(tmp_path, _tool(_nested(limit))) == []
    (problem,) = _problems(tmp_path, _tool(_nested(limit + 1)))
    assert problem.endswith(
        f"schemas nest deeper than {limit} levels here (the limit); flatten them"
    )
    assert (
        schema_validity.MAX_SCHEMA_DEPTH * 2 + 3
    ) < yamlload.MAX_DEPTH, "the YAML limit must admit the schema one"


def test_yaml_depth(tmp_path: Path):
    limit = yamlload.MAX_DEPTH
    assert limit == 100
    value = lambda depth: "[" * depth + "]" * depth  # noqa: E731
    # The document is one level, metadata a second: lists nested limit - 1 deep reach level limit + 1.
    assert (
        _problems(tmp_path, f"name: d\ndescription: d\nmetadata: {{x: {value(limit - 2)}}}\n") == []
    )
    (problem,) = _problems(
        tmp_path, f"name: d\ndescription: d\nmetadata: {{x: {value(limit - 1)}}}\n"
    )
    assert (
        problem == f"3:{14 + limit - 1}: nesting deeper than {limit} levels"
    )  # at the bracket one too deep


def test_file_size_is_exact_and_configurable(tmp_path: Path):
    limit = yamlload.DEFAULT_MAX_BYTES
    assert limit == 1024 * 1024
    head = "name: big\ndescription: "
    exact = head + "x" * (limit - len(head) - 1) + "\n"
    assert len(exact.encode()) == limit and _problems(tmp_path, exact) == []
    (problem,) = _problems(tmp_path, exact + "#")
    assert (
        problem
        == f"1:1: file is {limit + 1} bytes; the limit is {limit} bytes (raise it with --max-spec-bytes)"
    )
    assert _problems(tmp_path, exact + "#", max_bytes=limit + 1) == []
    result = CliRunner().invoke(
        main, ["validate", str(tmp_path / "spec.yaml"), "--max-spec-bytes", "100"]
    )
    assert result.exit_code == 2 and "the limit is 100 bytes" in result.stderr


def test_text_repeated_through_aliases(tmp_path: Path):
    limit = yamlload.MAX_ALIASED_CHARACTERS
    assert limit == 1024 * 1024
    chunk = limit // 4
    ok = f"name: a\ndescription: &d {'x' * chunk}\nmetadata: {{a: [*d, *d, *d, *d]}}\n"
    assert _problems(tmp_path, ok, max_bytes=2 * limit) == []
    (problem,) = _problems(tmp_path, ok.replace("*d]", "*d, *d]"), max_bytes=2 * limit)
    assert problem.startswith("3:32: aliases repeat more than")  # the fifth alias crosses the limit


# -- the README states the guarantees, and the tests it names exist ------------------------------------------------


def _guarantees() -> str:
    readme = (REPO / "docs" / "guarantees.md").read_text("utf-8")  # linked from the README's "Guarantees in brief"
    start = readme.index("## Guarantees")
    end = readme.find("\n## ", start + 1)
    return readme[start : end if end > 0 else None]


def test_the_readme_guarantees_name_tests_that_exist():
    section = _guarantees()
    named = re.findall(r"`(tests/test_\w+\.py)(?:::(\w+))?`", section)
    assert len(named) >= 8
    for file, test in named:
        text = (REPO / file).read_text("utf-8")
        assert not test or re.search(
            rf"^def {test}\(", text, re.MULTILINE
        ), f"{file}::{test} is gone"


def test_the_readme_states_the_limits_the_code_enforces():
    section = _guarantees()
    for number in (
        schema_validity.MAX_PROPERTIES_PER_OBJECT,
        schema_validity.MAX_PROPERTIES_PER_TOOL,
        schema_validity.MAX_ENUM_VALUES,
        schema_validity.MAX_SCHEMA_DEPTH,
        yamlload.MAX_DEPTH,
        yamlload.MAX_EXPANDED_NODES,
    ):
        assert f"{number:,}" in section, number
    assert "1 MiB" in section
