"""The hostile-input corpus (issue #5, item 1; cases in tests/hostile_corpus.py).

Every case either generates all six targets, each file parsing with its language's tree-sitter grammar, or makes
`toolgen generate` exit 2 with located `file:line:col: error: …` lines, no traceback, and nothing written. The valid
cases that are small enough are committed in tests/stress_specs/hostile/, which the real-SDK harnesses compile and
whose wire JSON they compare byte for byte (tests/test_sdk_*.py through support.SDK_SPEC_DIRS).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from codegen.cli import main
from codegen.output.statefolder import STATE_FOLDER
from codegen.spec.discover import display_path
from codegen.run.generate import load_tools, render_outputs
from codegen.spec.loader import load_specs
from codegen.targets import target_names
from codegen.output.writer import OWNERSHIP_MARKER

from . import hostile_corpus
from .hostile_corpus import STRESS_SPECS, Case, cases, committed_files
from .test_syntax import syntax_problems

CASES = cases()
VALID = [case for case in CASES if case.valid]
INVALID = [case for case in CASES if not case.valid]
DIAGNOSTIC = re.compile(
    r"^(?P<file>.+):(?P<line>\d+):(?P<column>\d+): (?P<severity>error|warning): (?P<message>.+)$"
)


def _write(case: Case, folder: Path) -> Path:
    path = folder / case.name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(case.data)
    return path


def test_the_corpus_is_large_and_covers_every_kind_of_input():
    kinds = Counter(case.id.split("_")[0] for case in CASES)
    assert len(CASES) >= 150
    for kind in ("yaml", "type", "schema", "bomb", "duplicate", "encoding", "size", "count", "depth", "breakout",
                 "reserved", "names", "numbers", "file"):  # fmt: skip
        assert kinds[kind] >= 2, kind
    assert len(VALID) >= 100 and len(INVALID) >= 150


@pytest.mark.parametrize("case", INVALID, ids=[case.id for case in INVALID])
def test_invalid_input_is_a_located_error_and_nothing_is_written(case: Case, tmp_path: Path):
    path = _write(case, tmp_path / "specs")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["generate", str(tmp_path / "specs"), "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert isinstance(
        result.exception, SystemExit
    ), result.exception  # anything else escaped as a traceback
    assert "Traceback" not in result.output
    assert not out.exists(), "nothing may be written when a spec is invalid"
    lines = result.stderr.splitlines()
    assert lines[-1].startswith("toolgen: ") and lines[-1].endswith("nothing written"), lines[-1]
    shown, line_count = display_path(path), case.data.count(b"\n") + 1
    errors = []
    for text in lines[:-1]:
        match = DIAGNOSTIC.match(text)
        assert match, f"not a located diagnostic: {text!r}"
        assert match["file"] == shown
        assert 1 <= int(match["line"]) <= line_count and int(match["column"]) >= 1, text
        if match["severity"] == "error":
            errors.append(match)
    assert errors, lines
    assert any(case.expect in error["message"] for error in errors), [e["message"] for e in errors]
    if case.at:
        assert any(f"{error['line']}:{error['column']}" == case.at for error in errors), lines


_JAVA_UNICODE_ESCAPE = re.compile(r"(?<!\\)((?:\\\\)*)\\u+([0-9A-Fa-f]{4})?")


def java_problems(path: str, text: str) -> list[str]:
    """javac turns `\\uXXXX` into its character before it reads any token, in comments too (JLS §3.3): the
    generated Java must still parse after that translation, and may hold no `\\u` that is not such an escape.
    """
    problems = []

    def translate(match: re.Match[str]) -> str:
        if match[2] is None:
            problems.append(f"{path}: illegal unicode escape {match[0]!r}")
            return match[0]
        return match[1] + chr(int(match[2], 16))

    # Java writes a character beyond U+FFFF as two escapes (a surrogate pair): join them back into one.
    translated = _JAVA_UNICODE_ESCAPE.sub(translate, text).encode("utf-16-le", "surrogatepass")
    translated = translated.decode(
        "utf-16-le", "replace"
    )  # a lone surrogate would be javac's problem too
    return problems + [f"after unicode escapes: {p}" for p in syntax_problems(path, translated)]


@pytest.mark.parametrize("case", [c for c in cases() if c.id.startswith("accepted_")], ids=lambda c: c.id)
def test_accepted_json_schema_generates_with_at_most_one_located_warning(case: Case, tmp_path: Path):
    """Valid JSON Schema the subset refused before "Real tools": it loads, and where the typed model is looser
    exactly one warning, located in the file, says so ("" expects none: the construct types exactly)."""
    path = _write(case, tmp_path / "specs")
    loaded, problems = load_specs([path])
    assert len(loaded) == 1, [str(p) for p in problems]
    line_count = case.data.count(b"\n") + 1
    assert all(1 <= p.line <= line_count and not p.is_error for p in problems), [str(p) for p in problems]
    if case.expect:
        assert len(problems) == 1 and case.expect in problems[0].message, [str(p) for p in problems]
    else:
        assert problems == [], [str(p) for p in problems]


def test_the_java_check_catches_a_unicode_escape_in_a_comment():
    assert java_problems("A.java", "class A {\n  // a \\u000a evil();\n}\n")
    assert java_problems("A.java", "class A {\n  /* \\u002a/ evil(); */\n}\n")
    assert java_problems("A.java", "// \\uZZZZ\nclass A {}\n")
    assert not java_problems("A.java", '// a \\\\u000a b\nclass A { String s = "\\\\u000a"; }\n')


# Problems this corpus found in a target and reported to its owner: target → (what is wrong, the cases showing
# it). The cases still run; the test fails as soon as one of them parses, so the entry is removed with the fix.
KNOWN_BUGS: dict[str, tuple[str, set[str]]] = {
    "nodejs": (
        "tree-sitter-typescript reads an interface member named `abstract`, `asserts` or `static` as a modifier; "
        "tsc accepts the code and prettier (quoteProps as-needed) would remove quotes added around such a name, so "
        "this is a limit of the grammar, and the real-SDK harness compiles these cases with tsc --strict",
        {f"reserved_recursive_{language}" for language in ("nodejs", "dotnet", "java", "rust")},
    ),
}


def _known_bug(target: str, case_id: str) -> str | None:
    reason, cases = KNOWN_BUGS.get(target, ("", set()))
    return reason if case_id in cases else None


def _problems(outputs: dict[str, str]) -> dict[str, list[str]]:
    """Syntax problems by target."""
    found: dict[str, list[str]] = {}
    for path, text in outputs.items():
        problems = syntax_problems(path, text) + (
            java_problems(path, text) if path.endswith(".java") else []
        )
        found.setdefault(path.split("/")[0], []).extend(problems)
    return found


@pytest.mark.parametrize("case", VALID, ids=[case.id for case in VALID])
def test_valid_input_generates_code_that_parses(
    case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.chdir(tmp_path)  # headers name the spec as `specs/<file>`, as in a repository
    _write(case, Path("specs"))
    tools, _ = load_tools([Path("specs")])
    outputs, _ = render_outputs(tools, target_names())
    assert {path.split("/")[0] for path in outputs} == set(target_names())
    for path, text in outputs.items():
        assert OWNERSHIP_MARKER in text[:512] and "DO NOT EDIT" in text[:512], path
    problems, known = [], []
    for target, found in _problems(outputs).items():
        reason = _known_bug(target, case.id)
        if reason:
            assert found, f"fixed in {target}? {case.id} parses now: remove it from KNOWN_BUGS"
            known.append(f"{target}: {reason}")
        problems += [] if reason else found
    assert not problems, "\n".join(problems[:30])
    if known:
        pytest.xfail("; ".join(known))


@pytest.mark.parametrize("target", target_names())
def test_a_long_spec_path_keeps_the_header_phrases_whole(
    target: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """Tools (and people) recognise generated files by `Code generated by … DO NOT EDIT`: a spec path of any length
    in the header, wrapped or not, must not split either phrase."""
    monkeypatch.chdir(tmp_path)
    case = next(case for case in VALID if case.id == "a")
    for length in range(20, 140):  # the length of the spec path the header shows
        folder = Path("specs") / ("d" * (length - len("specs//a.yaml")))
        _write(case, folder)
        outputs, _ = render_outputs(load_tools([folder])[0], [target])
        for path, text in outputs.items():
            head = text[:512]
            assert OWNERSHIP_MARKER in head and "DO NOT EDIT" in head, (length, path, head[:300])


def _value_without_name(case: Case, folder: Path) -> dict:
    loaded, problems = load_specs([_write(case, folder)])
    assert not problems, problems
    return {key: value for key, value in loaded[0].document.value.items() if key != "name"}


def test_line_endings_and_byte_order_marks_do_not_change_the_spec(tmp_path: Path):
    variants = {case.id: case for case in VALID if case.id.startswith("yaml_line_endings_")}
    expected = _value_without_name(variants.pop("yaml_line_endings_lf"), tmp_path / "lf")
    variants.pop("yaml_line_endings_trailing_spaces")  # spaces inside a literal block are content
    assert len(variants) == 5
    for id, case in variants.items():
        assert _value_without_name(case, tmp_path / id) == expected, id


def test_the_committed_stress_specs_are_current():
    """tests/stress_specs/ is exactly what `python -m tests.hostile_corpus` writes."""
    expected = committed_files()
    actual = {
        path.relative_to(STRESS_SPECS).as_posix(): path.read_bytes()
        for path in sorted(STRESS_SPECS.rglob("*"))
        if path.is_file()
    }
    missing, extra = sorted(set(expected) - set(actual)), sorted(set(actual) - set(expected))
    changed = sorted(path for path in set(expected) & set(actual) if expected[path] != actual[path])
    assert not (missing or extra or changed), (
        f"tests/stress_specs is stale (missing {missing[:5]}, extra {extra[:5]}, changed {changed[:5]}); "
        "regenerate with: python -m tests.hostile_corpus"
    )


def test_the_committed_stress_specs_generate_through_the_cli(tmp_path: Path):
    """All committed stress specs in one run, as the harnesses build them: names meet across tools (a tool's
    names may not depend on the others, so those are keywords, SDK and folder-wide names); every file parses."""
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["generate", str(STRESS_SPECS), "--out", str(out)])
    assert result.exit_code == 0, result.output[-3000:]
    files = [path for path in out.rglob("*") if path.is_file() and path.parent not in (out, out / STATE_FOLDER)]
    assert len(files) > 6 * len(list(STRESS_SPECS.rglob("*.yaml")))
    outputs = {path.relative_to(out).as_posix(): path.read_text("utf-8") for path in files}
    problems = [
        problem
        for target, found in _problems(outputs).items()
        for problem in found
        if not any(_known_bug(target, stem) for stem in re.findall(r"/(\w+)\.\w+:\d+:\d+", problem))
    ]
    assert not problems, "\n".join(problems[:30])


def test_the_random_sample_is_seeded_and_large_enough():
    assert len(hostile_corpus.random_sample()) >= 30
    assert hostile_corpus.random_sample() == hostile_corpus.random_sample()
