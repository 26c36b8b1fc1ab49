"""Adding a spec never changes an existing tool's identifiers or file names (issue 17): either the tools that were
there keep every generated file path and every exported identifier in every target, or the new spec is refused with
an error. Without this, a new spec could silently take over an existing tool's factory (`handoff_tool` building the
new tool, the old one renamed `handoff_tool2`), and code that imports it would call the wrong tool.

Names are drawn from a small vocabulary full of the words the generated folders use themselves (`tool`, `params`,
`handler`, `index`, `mod`, `define`, ...), in every spelling, and parameters nest objects and enums whose
declaration names are made of the same words, so that one tool's names meet another's as often as possible.

What "unchanged" means, per target: each old tool's own files (those whose header names its spec) have the same
paths and the same bytes, which fixes every identifier they declare; and each identifier the folder-wide files
(index.ts, __init__.py, tools.go, mod.rs, ...) held before is still there.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import event, given
from hypothesis import strategies as st

from codegen.errors import ToolgenError
from codegen.run.generate import load_tools, render_outputs
from codegen.output.ownership import HEAD_BYTES
from codegen.targets import target_names

from .hostile_text import yaml_text
from .spec_strategy import spec_settings

# Few words, so that names meet often; each is one a generated folder uses itself somewhere.
WORDS = "a b tool tools params handler index mod define schema json".split()
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _spell(words: list[str], style: int) -> str:
    if style == 0:
        return "_".join(words)
    if style == 1:
        return "-".join(words)
    if style == 2:
        return words[0] + "".join(word.capitalize() for word in words[1:])
    return "".join(word.capitalize() for word in words)


@st.composite
def names(draw: Any, max_words: int = 3) -> str:
    words = draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=max_words))
    return _spell(words, draw(st.integers(0, 3)))


@st.composite
def schemas(draw: Any, depth: int = 0) -> dict[str, Any]:
    kind = draw(st.integers(0, 3 if depth < 2 else 1))
    if kind == 0:
        return {"type": "string"}
    if kind == 1:
        return {"type": "string", "enum": draw(st.lists(names(1), min_size=1, max_size=3, unique=True))}
    if kind == 2:
        return {"type": "array", "items": draw(schemas(depth + 1))}
    return draw(objects(depth + 1))


@st.composite
def objects(draw: Any, depth: int = 0) -> dict[str, Any]:
    properties = draw(st.dictionaries(names(2), schemas(depth), max_size=3))
    return {"type": "object", "properties": properties}


@st.composite
def specs(draw: Any) -> dict[str, Any]:
    document: dict[str, Any] = {"name": draw(names()), "description": "A tool."}
    if draw(st.booleans()):
        document["parameters"] = draw(objects())
    return document


@st.composite
def related_pair(draw: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """Two specs whose names meet: tool `a` declares a nested object at `b` › `params` (the declaration `a b params`)
    and tool `a_b` has the parameters type `a b params` too. From one word list L: one tool is named L[:i], the
    other L[:j] (i < j), and the first nests properties spelling the rest of L."""
    words = draw(st.lists(st.sampled_from(WORDS), min_size=2, max_size=4))
    i = draw(st.integers(1, len(words) - 1))
    j = draw(st.integers(i + 1, len(words)))
    schema: dict[str, Any] = draw(schemas(2))  # what sits at the end of the path
    rest = words[i:]
    cut = draw(st.integers(1, len(rest)))  # the path's properties: rest[:cut] in one name, then one word each
    path = [rest[:cut], *[[word] for word in rest[cut:]]]
    for segment in reversed(path):
        schema = {"type": "object", "properties": {_spell(segment, draw(st.integers(0, 3))): schema}}
    short = {"name": _spell(words[:i], draw(st.integers(0, 3))), "description": "A tool.", "parameters": schema}
    long = draw(specs())
    long["name"] = _spell(words[:j], draw(st.integers(0, 3)))
    return short, long


@st.composite
def additions(draw: Any) -> tuple[list[tuple[str, dict[str, Any]]], tuple[str, dict[str, Any]]]:
    """A set of specs (file name, document), and one more spec in a new file that may sort anywhere among them.
    Often two of them are a `related_pair`, the new one being either."""
    count = draw(st.integers(1, 4))
    documents = [draw(specs()) for _ in range(count + 1)]
    if draw(st.booleans()):
        pair = draw(related_pair())
        documents[-1], documents[draw(st.integers(0, count - 1))] = pair if draw(st.booleans()) else pair[::-1]
    positions = draw(st.lists(st.integers(0, 99), min_size=count + 1, max_size=count + 1, unique=True))
    files = [(f"s{position:02d}.yaml", document) for position, document in zip(positions, documents)]
    return files[:-1], files[-1]


def _render(folder: Path, files: list[tuple[str, dict[str, Any]]]) -> dict[str, str] | None:
    """Every output by path, or None when toolgen refuses the specs."""
    for old in folder.glob("*.yaml"):
        old.unlink()
    for file, document in files:
        (folder / file).write_text(yaml_text(document), "utf-8")
    try:
        tools, _ = load_tools([folder])
        outputs, _ = render_outputs(tools, target_names())
    except ToolgenError:
        return None
    return outputs


def _owned_by(outputs: dict[str, str], shown: str) -> dict[str, str]:
    """The files whose header names the spec `shown` (its own files), by path."""
    header = f"from {shown}"
    return {path: text for path, text in outputs.items() if header in text[:HEAD_BYTES]}


def _folder_wide(outputs: dict[str, str], shown_specs: list[str]) -> dict[str, str]:
    return {
        path: text
        for path, text in outputs.items()
        if not any(f"from {shown}" in text[:HEAD_BYTES] for shown in shown_specs)
    }


@given(added=additions())
@spec_settings(max_examples=int(os.environ.get("NAME_STABILITY_EXAMPLES", "40")))
def test_adding_a_spec_never_renames_an_existing_tool(added):
    base, new = added
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        before = _render(folder, base)
        if before is None:
            event("the base set is refused")
            return  # a set toolgen refuses has no tools to keep stable
        after = _render(folder, [*base, new])
        if after is None:
            event("the new spec is refused")
            return  # refusing the new spec keeps every old name
        event("compared")
        shown = [f"{folder.as_posix()}/{file}" for file, _ in base]
        for spec in shown:
            assert _owned_by(after, spec) == _owned_by(before, spec), f"the files of {spec} changed"
        new_shown = f"{folder.as_posix()}/{new[0]}"
        after_wide = _folder_wide(after, [*shown, new_shown])
        for path, text in _folder_wide(before, shown).items():
            assert path in after_wide, f"{path} disappeared"
            missing = set(_IDENTIFIER.findall(text)) - set(_IDENTIFIER.findall(after_wide[path]))
            assert not missing, f"{path} lost {sorted(missing)}"


# -- the same rule on fixed cases, through the CLI ----------------------------------------------------------------


def _write(folder: Path, file: str, text: str) -> None:
    (folder / file).write_text(text, "utf-8")


def _tree(out: Path) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


A_B = "name: a_b\ndescription: Tool a_b.\nparameters: {type: object, properties: {q: {type: string}}}\n"
A = (
    "name: a\ndescription: Tool a.\nparameters:\n  type: object\n  properties:\n"
    "    b_params: {type: object, properties: {x: {type: string}}}\n"
)


def test_a_new_tool_that_would_take_an_existing_tools_type_name_is_refused(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from codegen.cli import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "specs").mkdir()
    _write(tmp_path / "specs", "a_b.yaml", A_B)
    runner = CliRunner()
    assert runner.invoke(main, ["generate", "specs", "--out", "out"]).exit_code == 0
    before = _tree(tmp_path / "out")
    _write(tmp_path / "specs", "a.yaml", A)  # sorts first: it would have taken ABParams
    for attempt in ("first", "cached"):  # the second run takes the naming from toolgen's cache
        result = runner.invoke(main, ["generate", "specs", "--out", "out"])
        assert result.exit_code == 2, (attempt, result.output)
        errors = [line for line in result.output.splitlines() if ": error: " in line]
        # at the spec whose names would change (the second in path order), naming the other one
        assert errors and all(line.startswith("specs/a_b.yaml:1:1: error: ") for line in errors), errors
        assert all('beside tool "a" (specs/a.yaml)' in line for line in errors), errors
        assert {line.split(": ")[2] for line in errors} >= {"go", "python", "nodejs", "dotnet"}
        assert "Traceback" not in result.output
        assert _tree(tmp_path / "out") == before, "nothing written"
        check = runner.invoke(main, ["check", "specs", "--out", "out"])
        assert check.exit_code == 2, check.output


def test_a_clash_with_a_folders_own_name_stays_a_warning(tmp_path):
    """`tools` takes tools2.go whatever else is in the folder: deterministic per tool, so only a warning. (No other
    tool can want tools2.go: the splitter breaks words at digits, so the tool `tools2` is `tools_2.go`.)"""
    _write(tmp_path, "c.yaml", "name: tools2\ndescription: Its Go file is tools_2.go.\n")
    _write(tmp_path, "a.yaml", "name: tools\ndescription: Its Go file would be the registry, tools.go.\n")
    _write(tmp_path, "b.yaml", "name: other\ndescription: Another tool.\n")
    tools, _ = load_tools([tmp_path])
    outputs, warnings = render_outputs(tools, ["go"])
    assert {"go/tools2.go", "go/tools.go", "go/tools_2.go"} <= set(outputs)
    assert warnings and all(w.severity == "warning" for w in warnings)
