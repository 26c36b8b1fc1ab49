"""Issue 31, item 1: the output root is confined. `out` (in the configuration or as --out) lies inside the
configuration's folder; it is never the file system root, the configuration's or the repository's root itself (or
a folder above them), nor does it overlap a spec folder, the templates folder or `.git`. A violation of the file's
`out` is a located configuration error, of `--out` a usage error naming the flag: exit 2, nothing written.
`allow_out_outside = true` is the one deliberate exception (outside the folder; never the rest).

Every case but the file system root is driven through `generate` itself, in a temporary repository; the root is
asked of `validate` (which writes nothing) first, so that no version of toolgen can write into `/` from here.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from codegen.config.settings import Settings, out_problem

from .support import SPECS


def toolgen(cwd: Path, *arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "codegen", *arguments], cwd=cwd, capture_output=True, text=True, timeout=300
    )


def files_under(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


@pytest.fixture
def repo(tmp_path) -> Path:
    """<tmp>/repo: a git repository with specs/, templates/ and a pyproject.toml whose `out` each test sets."""
    root = tmp_path / "repo"
    (root / "specs").mkdir(parents=True)
    (root / "specs" / "clear_context.yaml").write_bytes((SPECS / "clear_context.yaml").read_bytes())
    (root / "templates" / "python").mkdir(parents=True)
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    return root


def configure(repo: Path, out: str, extra: str = "") -> None:
    (repo / "pyproject.toml").write_text(f'[project]\nname = "x"\n\n[tool.toolgen]\ntargets = ["json"]\n{extra}out = "{out}"\n')


OUT_LINE = 6  # the line of `out = …` in the file `configure` writes (with no extra lines)


@pytest.mark.parametrize(
    "out, why",
    [
        (".", "is the configuration's folder itself"),
        ("..", "contains the configuration's folder"),
        ("../sibling", "is outside the configuration's folder"),
        ("specs", 'overlaps the spec folder "specs"'),
        ("specs/generated", 'overlaps the spec folder "specs"'),
        ("templates", 'overlaps the templates folder "templates"'),
        (".git/generated", "is inside .git"),
    ],
)
def test_a_configured_out_that_is_not_confined_is_a_located_error_and_nothing_is_written(repo, out, why):
    configure(repo, out, 'templates = "templates"\n')
    before = files_under(repo.parent)
    result = toolgen(repo, "generate")
    assert result.returncode == 2, result.stdout + result.stderr
    first = result.stderr.splitlines()[0]
    assert first.startswith(f"pyproject.toml:{OUT_LINE + 1}:7: error: tool.toolgen.out: the output root "), first
    assert why in first, first
    assert "Traceback" not in result.stderr
    assert files_under(repo.parent) == before


def test_the_file_system_root_is_refused_before_anything_could_be_written(repo):
    configure(repo, "/")
    validated = toolgen(repo, "validate")
    assert validated.returncode == 2, validated.stdout + validated.stderr
    assert f"pyproject.toml:{OUT_LINE}:7: error: tool.toolgen.out: the output root / is the file system root" in (
        validated.stderr
    )
    generated = toolgen(repo, "generate")  # only once validate refused it: no version of toolgen writes into / here
    assert generated.returncode == 2 and "is the file system root" in generated.stderr


@pytest.mark.parametrize("out", ["..", "specs", "../sibling"])
def test_a_flag_out_that_is_not_confined_is_a_usage_error_naming_the_flag(repo, out):
    configure(repo, "generated")
    before = files_under(repo.parent)
    for command in ("generate", "check"):
        result = toolgen(repo, command, "--out", out)
        assert result.returncode == 2, result.stdout + result.stderr
        assert "Invalid value for --out: the output root " in result.stderr, result.stderr
        assert files_under(repo.parent) == before


def test_allow_out_outside_is_the_one_deliberate_exception(repo):
    configure(repo, "../shared-gen", "allow_out_outside = true\n")
    result = toolgen(repo, "generate")
    assert result.returncode == 0, result.stderr
    assert (repo.parent / "shared-gen" / "json" / "clear_context.json").is_file()
    # it allows outside the folder, never the rest
    configure(repo, "..", "allow_out_outside = true\n")
    refused = toolgen(repo, "generate")
    assert refused.returncode == 2 and "contains the configuration's folder" in refused.stderr


def test_allow_out_outside_must_be_a_boolean(repo):
    configure(repo, "generated", 'allow_out_outside = "yes"\n')
    result = toolgen(repo, "validate")
    assert result.returncode == 2
    assert 'pyproject.toml:6:21: error: tool.toolgen.allow_out_outside: must be true or false, got "yes"' in (
        result.stderr
    )


def test_an_out_inside_the_folder_still_generates(repo):
    configure(repo, "build/generated")
    result = toolgen(repo, "generate")
    assert result.returncode == 0, result.stderr
    assert toolgen(repo, "check").returncode == 0


def test_without_a_configuration_the_working_folder_is_the_root_and_only_the_safety_rules_hold(tmp_path):
    (tmp_path / "specs").mkdir()
    (tmp_path / "specs" / "clear_context.yaml").write_bytes((SPECS / "clear_context.yaml").read_bytes())
    assert out_problem(Settings(specs=(tmp_path / "specs",), out=tmp_path / "specs" / "gen")) is not None
    assert out_problem(Settings(out=Path("/"))) is not None
    elsewhere = tmp_path / "elsewhere"  # no configuration: no folder to confine to
    assert out_problem(Settings(specs=(tmp_path / "specs",), out=elsewhere)) is None


def test_paths_that_validate_takes_as_specs_are_not_the_output_roots_spec_set(repo):
    # `validate .` reads every spec below the folder, the output root's too: that is no reason to refuse `out`
    configure(repo, "generated")
    assert toolgen(repo, "generate").returncode == 0
    result = toolgen(repo, "validate", ".")
    assert result.returncode == 0, result.stderr
