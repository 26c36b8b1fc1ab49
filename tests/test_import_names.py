"""`toolgen import` never writes a spec set that `toolgen generate` refuses for its names (issue "Real tools"):
a tool whose name clashes with an earlier tool's, or with a spec's already in the folder, in the generated code
(codegen.spec.import_names) is refused with a located line that names the other tool; with --map-names it is
written under the first free `NAME_2`, noted in the spec. Each case is checked against `generate` itself."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from codegen.cli import main

from .support import REALWORLD_FILES, realworld_documents


def _tool(name: str) -> dict:
    schema = {"type": "object", "properties": {"a": {"type": "string"}}}
    return {"name": name, "description": "Does a thing.", "inputSchema": schema}


def _import(tmp_path: Path, names: list[str], *options: str, source: str = "tools.json"):
    path = tmp_path / source
    path.write_text(json.dumps({"tools": [_tool(name) for name in names]}, indent=2))
    out = tmp_path / "specs"
    return CliRunner().invoke(main, ["import", str(path), "--out", str(out), *options]), out


def _generate(tmp_path: Path, out: Path, *langs: str):
    options = [option for lang in langs for option in ("--lang", lang)]
    return CliRunner().invoke(main, ["generate", str(out), "--out", str(tmp_path / "generated"), *options])


CLASHING_PAIRS = [
    ("getCurrentTime", "get_current_time", "differ only in letter case"),
    ("generate_image", "generate_image_tool", "plus `_tool`"),
    ("generate_image_tool", "generate_image", "plus `_tool`"),
    ("fooTool", "foo", "plus `_tool`"),
]


@pytest.mark.parametrize("first,second,why", CLASHING_PAIRS)
def test_the_later_of_two_clashing_names_is_refused_with_the_other_named(tmp_path, first, second, why):
    # generate refuses the pair as such: that is what import must not write
    both = tmp_path / "both"
    both.mkdir()
    for name in (first, second):
        (both / f"{name}.yaml").write_text(f"name: {name}\ndescription: Does a thing.\n")
    assert _generate(tmp_path, both, "python").exit_code == 2

    result, out = _import(tmp_path, [first, second])
    assert result.exit_code == 2, result.output
    assert sorted(p.name for p in out.iterdir()) == [f"{first}.yaml"]
    line = next(line for line in result.output.splitlines() if ": error: " in line)
    assert line.startswith(f"{(tmp_path / 'tools.json').as_posix()}:") and "/tools/1: " in line
    assert f'the tool name "{second}" clashes with "{first}" (/tools/0)' in line and why in line
    assert "--map-names" in line


@pytest.mark.parametrize("first,second,why", CLASHING_PAIRS)
def test_map_names_gives_the_later_a_free_name_and_generate_accepts_the_set(tmp_path, first, second, why):
    result, out = _import(tmp_path, [first, second], "--map-names")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == sorted([f"{first}.yaml", f"{second}_2.yaml"])
    text = (out / f"{second}_2.yaml").read_text()
    assert f'# name: mapped from "{second}" by --map-names: "{second}" clashes with "{first}" (/tools/0)' in text
    assert f"name: {second}_2\n" in text
    generated = _generate(tmp_path, out)
    assert generated.exit_code == 0, generated.output


def test_a_name_that_clashes_with_a_spec_already_in_the_folder_is_refused(tmp_path):
    out = tmp_path / "specs"
    out.mkdir()
    (out / "existing.yaml").write_text("name: generate_image\ndescription: Already here.\n")
    result, _ = _import(tmp_path, ["generate_image_tool", "other"])
    assert result.exit_code == 2, result.output
    assert f'clashes with "generate_image" ({(out / "existing.yaml").as_posix()})' in result.output
    assert sorted(p.name for p in out.iterdir()) == ["existing.yaml", "other.yaml"]
    mapped, _ = _import(tmp_path, ["generate_image_tool"], "--map-names")
    assert mapped.exit_code == 0, mapped.output
    assert (out / "generate_image_tool_2.yaml").is_file()
    assert _generate(tmp_path, out).exit_code == 0


def test_importing_a_file_again_is_no_clash_with_its_own_specs(tmp_path):
    first, out = _import(tmp_path, ["a", "b"])
    assert first.exit_code == 0, first.output
    again, _ = _import(tmp_path, ["a", "b"])
    assert again.exit_code == 0 and again.output.endswith(": 0 written, 2 unchanged\n"), again.output
    assert "clashes" not in again.output
    (out / "a.yaml").write_text((out / "a.yaml").read_text() + "# edited\n")
    edited, _ = _import(tmp_path, ["a", "b"])
    assert edited.exit_code == 2 and edited.output.count("already exists and differs") == 1
    assert "clashes" not in edited.output
    forced, _ = _import(tmp_path, ["a", "b"], "--force")
    assert forced.exit_code == 0, forced.output


def test_other_affixes_are_no_clash(tmp_path):
    """`x_params`, `x_handler`, `xtool` beside `x`: generate accepts them, so import refuses none."""
    result, out = _import(tmp_path, ["foo", "foo_params", "foo_handler", "footool", "foo_schema"])
    assert result.exit_code == 0, result.output
    assert _generate(tmp_path, out).exit_code == 0


@pytest.mark.parametrize("file_name", REALWORLD_FILES)
def test_each_real_world_file_imports_with_map_names_and_generates(tmp_path, file_name):
    """The proof for users: `toolgen import FILE --map-names` into a fresh folder, then `toolgen generate` of that
    folder, for each real-world file: every tool written, and generate refuses none (all six languages)."""
    source = tmp_path / file_name
    source.write_text(realworld_documents()[file_name], "utf-8")
    out = tmp_path / "specs"
    imported = CliRunner().invoke(main, ["import", str(source), "--out", str(out), "--map-names"])
    assert imported.exit_code == 0, imported.output[-3000:]
    count = len(json.loads(source.read_text("utf-8"))["tools"])
    assert len(list(out.iterdir())) == count
    generated = _generate(tmp_path, out)
    assert generated.exit_code == 0, generated.output[-3000:]
