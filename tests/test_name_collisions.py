"""Tool names that differ only in case, `-` or `_` (or in where their words break) are one name to the generated
code: every target derives its identifiers and file names from the name's words, so such a pair is refused like an
exact duplicate, and adding a spec can never rename a tool that was already there."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from codegen.cli import main
from codegen.spec.loader import load_specs
from codegen.model.naming import tool_name_key


def _spec(folder: Path, file: str, name: str) -> None:
    (folder / file).write_text(f"name: {name}\ndescription: the tool {name}\n", "utf-8")


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Handoff", "handoff"),  # case only
        ("get-x", "get_x"),  # separator only
        ("getX", "get_x"),  # camel case against snake case
        ("getx", "get_x"),  # Java's GetxTool.java and GetXTool.java are one file on macOS and Windows
        ("HTTPServer", "http_server"),
    ],
)
def test_names_equal_after_the_identifier_mapping_are_an_error_at_the_second_file(tmp_path, first, second):
    _spec(tmp_path, "a.yaml", first)
    _spec(tmp_path, "b.yaml", second)
    _, problems = load_specs([tmp_path])
    shown = tmp_path.as_posix()
    assert [(p.file, p.line, p.column, p.severity) for p in problems] == [(f"{shown}/b.yaml", 1, 7, "error")]
    assert f'"{second}"' in problems[0].message and f'"{first}"' in problems[0].message
    assert f"{shown}/a.yaml" in problems[0].message


def test_the_second_file_in_path_order_is_reported_whatever_the_names_order(tmp_path):
    _spec(tmp_path, "Handoff.yaml", "handoff")  # "H" sorts before "h": this file comes first
    _spec(tmp_path, "handoff.yaml", "Handoff")
    _, problems = load_specs([tmp_path])
    assert [p.file for p in problems] == [f"{tmp_path.as_posix()}/handoff.yaml"]
    assert f"{tmp_path.as_posix()}/Handoff.yaml" in problems[0].message


def test_distinct_words_do_not_collide():
    assert tool_name_key("get_x") != tool_name_key("get_y")
    assert tool_name_key("get_x2") != tool_name_key("get_x")
    assert tool_name_key("Handoff") == tool_name_key("handoff") == tool_name_key("HAND_OFF")


def test_generate_refuses_handoff_beside_Handoff_and_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "specs").mkdir()
    _spec(tmp_path / "specs", "handoff.yaml", "handoff")
    runner = CliRunner()
    first = runner.invoke(main, ["generate", "specs", "--out", "out"])
    assert first.exit_code == 0, first.output
    before = {p.relative_to(tmp_path).as_posix(): p.read_bytes() for p in (tmp_path / "out").rglob("*") if p.is_file()}
    _spec(tmp_path / "specs", "Handoff.yaml", "Handoff")  # sorts first: it would take handoff's identifiers
    second = runner.invoke(main, ["generate", "specs", "--out", "out"])
    assert second.exit_code == 2, second.output
    assert "Traceback" not in second.output
    # the later file in path order is reported, naming the earlier one
    assert "specs/handoff.yaml:1:7: error:" in second.output and "specs/Handoff.yaml" in second.output
    after = {p.relative_to(tmp_path).as_posix(): p.read_bytes() for p in (tmp_path / "out").rglob("*") if p.is_file()}
    assert after == before
