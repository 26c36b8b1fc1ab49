"""Output and ergonomics (issue #4 items 4 and 6): the one-line summary, --quiet, --verbose, --diff,
--fail-on-change, colour only on a terminal and never with NO_COLOR, `toolgen new`, `toolgen schema --out`, and the
Python API that the CLI is a thin layer over."""

from __future__ import annotations

import json
import os
import pty
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
import yaml
from click.testing import CliRunner

import codegen
from codegen.cli import main
from codegen.output.statefolder import MANIFEST_NAME

from .support import SPECS

SPEC_NAMES = ("clear_context.yaml", "web_fetch.yaml")


@pytest.fixture
def project(tmp_path, monkeypatch):
    (tmp_path / ".git").mkdir()
    (tmp_path / "specs").mkdir()
    for name in SPEC_NAMES:
        shutil.copyfile(SPECS / name, tmp_path / "specs" / name)
    (tmp_path / "pyproject.toml").write_text('[tool.toolgen]\ntargets = ["go"]\n')
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _run(*args: str, **kwargs):
    return CliRunner(**kwargs).invoke(main, list(args))


def test_the_summary_is_one_line(project):
    result = _run("generate")
    assert (
        result.exit_code == 0
        and result.output == "2 tools → 3 files: 3 written, 0 unchanged, 0 removed\n"
    )
    (project / "generated" / "go" / "web_fetch.go").unlink()
    result = _run("generate")
    assert result.output == "2 tools → 3 files: 1 written, 2 unchanged, 0 removed\n"
    assert (
        _run("generate").output == "2 tools → 3 files: 0 written, 3 unchanged, 0 removed\n"
    ), "fast path"


def test_quiet_prints_only_errors(project):
    assert _run("generate", "--quiet").output == ""
    assert _run("check", "-q").output == ""
    (project / "specs" / "bad.yaml").write_text("name: bad\ndescription: x\nisTerminal: yes\n")
    result = _run("generate", "-q")
    assert result.exit_code == 2 and "specs/bad.yaml:3:13: error: isTerminal:" in result.output


def test_verbose_says_which_config_and_which_files(project):
    result = _run("generate", "--verbose")
    assert "toolgen: using pyproject.toml" in result.output
    assert "something changed since the last run" in result.output
    assert "wrote generated/go/web_fetch.go" in result.output
    again = _run("generate", "-v")
    assert (
        f"nothing changed since the last run (manifest generated/{MANIFEST_NAME})"
        in again.output
    )


def test_diff_prints_what_generate_changed(project):
    assert _run("generate").exit_code == 0
    path = project / "generated" / "go" / "web_fetch.go"
    path.write_text(path.read_text().replace("Timeout", "Deadline"))
    result = _run("generate", "--diff")
    assert result.exit_code == 0
    assert "--- a/generated/go/web_fetch.go\n+++ b/generated/go/web_fetch.go\n" in result.output
    assert "-\tDeadline" in result.output or "Deadline" in result.output.split("+++", 1)[1]
    assert result.output.rstrip().endswith("1 written, 2 unchanged, 0 removed")
    assert "Deadline" not in path.read_text()
    assert "---" not in _run("generate", "--diff").output, "nothing changed: no diff"


def test_fail_on_change_exits_1_only_when_files_changed(project):
    first = _run("generate", "--fail-on-change")
    assert first.exit_code == 1 and "review and stage them, then commit again" in first.output
    assert _run("generate", "--fail-on-change").exit_code == 0


def _tty_run(args: list[str], cwd: Path, env: dict[str, str]) -> str:
    """Run toolgen with stdout and stderr on a pseudo-terminal; return what it printed."""
    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "codegen", *args], cwd=cwd, env=env, stdout=follower, stderr=follower
    )
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    process.wait(timeout=120)
    os.close(leader)
    return b"".join(chunks).decode()


def test_colour_only_on_a_terminal_and_never_with_no_color(project):
    (project / "specs" / "bad.yaml").write_text("name: bad\ndescription: x\ndefer: sometimes\n")
    env = {key: value for key, value in os.environ.items() if key != "NO_COLOR"}
    coloured = _tty_run(["validate"], project, env)
    assert "\x1b[31m" in coloured and "error:" in coloured, coloured
    assert "\x1b[" not in _tty_run(["validate"], project, {**env, "NO_COLOR": "1"})
    piped = subprocess.run(
        [sys.executable, "-m", "codegen", "validate"],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
    )
    assert "error:" in piped.stderr and "\x1b[" not in piped.stderr


# -- toolgen new / schema -------------------------------------------------------------------------------------------


def test_new_scaffolds_a_valid_spec_that_points_at_the_schema(project):
    result = _run("new", "lookup_user")
    assert result.exit_code == 0 and "wrote specs/lookup_user.yaml" in result.output
    text = (project / "specs" / "lookup_user.yaml").read_text()
    assert text.splitlines()[0] == "# yaml-language-server: $schema=../toolspec.schema.json"
    assert (
        "toolgen schema --out toolspec.schema.json" in result.output
    ), "hint: the schema is not there yet"
    assert _run("validate", "specs/lookup_user.yaml").exit_code == 0
    assert _run("schema", "--out", "toolspec.schema.json").exit_code == 0
    schema = json.loads((project / "toolspec.schema.json").read_text())
    jsonschema.validate(yaml.safe_load(text), schema)
    assert "does not exist" not in _run("new", "another").output


def test_every_commented_option_in_the_scaffold_is_valid_when_uncommented(project):
    assert _run("new", "opts").exit_code == 0
    path = project / "specs" / "opts.yaml"
    lines = path.read_text().splitlines()
    options = [
        line
        for line in lines
        if line.startswith("# ") and ": " in line and not line.startswith(("# yaml", "# Options"))
    ]
    assert len(options) == 5
    for line in options:
        path.write_text("\n".join(line[2:] if item == line else item for item in lines) + "\n")
        result = _run("validate", str(path))
        assert result.exit_code == 0, (line, result.output)


def test_new_never_overwrites_and_checks_the_name(project):
    assert _run("new", "x_tool").exit_code == 0
    (project / "specs" / "x_tool.yaml").write_text("mine\n")
    result = _run("new", "x_tool")
    assert result.exit_code == 2 and "specs/x_tool.yaml:1:1: error: already exists" in result.output
    assert (project / "specs" / "x_tool.yaml").read_text() == "mine\n"
    result = _run("new", "2bad")
    assert result.exit_code == 2 and "is not a tool name" in result.output


def test_new_from_a_subfolder_points_at_the_root_schema(project, monkeypatch):
    (project / "toolspec.schema.json").write_text("{}")
    (project / "pyproject.toml").write_text('[tool.toolgen]\nspecs = ["tools/specs"]\n')
    (project / "deep" / "er").mkdir(parents=True)
    monkeypatch.chdir(project / "deep" / "er")
    result = _run("new", "nested")
    assert result.exit_code == 0, result.output
    spec = project / "tools" / "specs" / "nested.yaml"
    assert (
        spec.read_text().splitlines()[0]
        == "# yaml-language-server: $schema=../../toolspec.schema.json"
    )
    result = _run("new", "elsewhere", "--dir", "mine")
    assert (
        (project / "mine" / "elsewhere.yaml")
        .read_text()
        .startswith("# yaml-language-server: $schema=../toolspec")
    )


# -- the Python API ---------------------------------------------------------------------------------------------------


def test_codegen_generate_is_the_api_and_the_cli_is_a_thin_layer_over_it(project, monkeypatch):
    result = codegen.generate(specs="specs", out="api-out", targets=["go"])
    assert result.summary == "2 tools → 3 files: 3 written, 0 unchanged, 0 removed"
    import codegen.run.generate as module

    assert codegen.run.generate is module and callable(
        module
    ), "the submodule and the API are one object"
    assert codegen.generate(specs="specs", out="api-out", targets=["go"], check=True).stale is False
    calls = []
    real = module.run_settings

    def spy(settings, check=False, origin="<options>", found=None):
        calls.append((settings.targets, check))
        return real(settings, check=check, origin=origin, found=found)

    monkeypatch.setattr(module, "run_settings", spy)
    assert _run("generate").exit_code == 0 and _run("check").exit_code == 0
    assert calls == [
        (("go",), False)
    ], "check was answered by the fast path; generate went through the API"
