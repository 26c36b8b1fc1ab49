"""The command line: commands and help, exit codes (0 ok, 1 drift, 2 bad input or usage), output streams,
`python -m codegen`, and an installed wheel.

generate/check run against a small fake target here, so these tests pin the CLI's behaviour whatever state the
six real targets are in (their own tests cover their output).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import time
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from codegen import cli
from codegen.run import driver, outputs, request
from codegen.cli import main
from codegen.targets import PlannedFile, Target
from codegen.review.warning_codes import RENAMED
from codegen.output.writer import OWNERSHIP_MARKER

from .support import CACHE, REPO, SPECS, require

COMMANDS = ["validate", "generate", "check", "new", "schema", "import", "breaking", "docs", "templates"]


class _FakeTarget(Target):
    name = "fake"
    order = 0
    label = "Fake"
    comment_prefix = "#"

    def name_folder(self, tools, options, report):
        return [tool.name for tool in tools]

    def tool_file(self, tool, names, options, report):
        if tool.name == "clear_context":
            report.warn(tool.source, tool.line, tool.column, "a warning the fake target reports", RENAMED)
        return PlannedFile(f"{names}.txt", "tool.txt", {"tool": tool})

    def folder_files(self, tools, names, facts, options, report):
        return []


def _fake_render(target, template, context, templates=None, style=None):
    tool = context["tool"]
    return (
        f"# {OWNERSHIP_MARKER} from {tool.source}. DO NOT EDIT.\n{tool.name}: {tool.description}\n"
    )


@pytest.fixture
def fake_target(monkeypatch):
    target = _FakeTarget()
    for module in (request, outputs):  # the chosen targets, and those outputs plans
        monkeypatch.setattr(module, "all_targets", lambda: (target,))
    for module in (outputs, driver):  # every target's files, and the edited specs' only
        monkeypatch.setattr(module, "get_target", lambda name: target)
    monkeypatch.setattr(outputs, "render", _fake_render)
    monkeypatch.setattr(cli.options, "target_names", lambda: ["fake"])
    monkeypatch.chdir(REPO)
    return target


def _run(*args: str):
    return CliRunner().invoke(main, list(args))


def _no_traceback(result) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output


# -- help -------------------------------------------------------------------------------------------------


def test_help_lists_every_command_in_order():
    result = _run("--help")
    assert result.exit_code == 0
    listed = [line.split()[0] for line in result.output.split("Commands:")[1].strip().splitlines()]
    assert listed == COMMANDS


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help_with_an_example(command):
    for flag in ("--help", "-h"):
        result = _run(command, flag)
        assert result.exit_code == 0, result.output
        assert "Example" in result.output and f"toolgen {command}" in result.output


@pytest.mark.parametrize("command", ["validate", "generate", "check"])
def test_max_spec_bytes_is_an_option_of_every_reading_command(command):
    assert "--max-spec-bytes" in _run(command, "--help").output
    result = _run(command, "--max-spec-bytes", "0")
    assert result.exit_code == 2 and "Invalid value for '--max-spec-bytes'" in result.output


def test_the_cli_default_size_limit_is_the_loaders():
    from codegen.spec.yamlload import DEFAULT_MAX_BYTES

    assert cli.options.DEFAULT_MAX_SPEC_BYTES == DEFAULT_MAX_BYTES


def test_version():
    result = _run("--version")
    assert result.exit_code == 0 and "version" in result.output


def test_python_dash_m_codegen_runs_the_same_cli():
    result = subprocess.run(
        [sys.executable, "-m", "codegen", "--help"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert all(command in result.stdout for command in COMMANDS)
    validate = subprocess.run(
        [sys.executable, "-m", "codegen", "validate"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert validate.returncode == 0, validate.stderr
    assert validate.stdout.strip() == f"{len(list(SPECS.glob('*.yaml')))} specs valid"


# -- validate ---------------------------------------------------------------------------------------------


def test_validate_defaults_to_specs(monkeypatch):
    monkeypatch.chdir(REPO)
    result = _run("validate")
    assert result.exit_code == 0, result.output
    assert result.output == f"{len(list(SPECS.glob('*.yaml')))} specs valid\n"


def test_validate_without_a_specs_folder_says_what_it_looked_for(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = _run("validate")
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        "specs: error: no specs found: toolgen looks for *.yaml and *.yml files in specs (the default; set "
        "`specs` under [tool.toolgen] in pyproject.toml, or in toolgen.toml), or in the spec files and folders "
        "named on the command line",
        "toolgen: 1 error",
    ]
    _no_traceback(result)


def test_validate_reports_to_stderr_only(tmp_path):
    (tmp_path / "bad.yaml").write_text("name: bad\ndescription: d\ndefer: later\n")
    result = subprocess.run(
        [sys.executable, "-m", "codegen", "validate", "bad.yaml"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        'bad.yaml:3:8: error: defer: must be "auto" or "never", got "later"',
        "toolgen: 1 error in 1 file",
    ]


def test_unknown_option_is_a_usage_error():
    result = _run("validate", "--frobnicate")
    assert result.exit_code == 2 and "No such option" in result.output


# -- generate and check -----------------------------------------------------------------------------------


def test_generate_then_check_is_up_to_date(fake_target, tmp_path):
    out = tmp_path / "out"
    result = _run("generate", "specs", "--out", str(out))
    assert result.exit_code == 0, result.output
    count = len(list(SPECS.glob("*.yaml")))
    assert (
        f"{count} tools → {count} files: {count} written, 0 unchanged, 0 removed" in result.output
    )
    assert (
        "specs/clear_context.yaml:2:1: warning: a warning the fake target reports" in result.output
    )
    text = (out / "fake" / "clear_context.txt").read_text()
    assert text.startswith(f"# {OWNERSHIP_MARKER} from specs/clear_context.yaml. DO NOT EDIT.\n")

    again = _run("generate", "specs", "--out", str(out))
    assert f"0 written, {count} unchanged, 0 removed" in again.output
    check = _run("check", "specs", "--out", str(out))
    assert check.exit_code == 0, check.output
    assert f"{count} files up to date" in check.output


def test_check_exits_1_with_a_diff_when_stale(fake_target, tmp_path):
    out, gone = tmp_path / "out", tmp_path / "gone.yaml"
    gone.write_text("name: gone\ndescription: A tool whose spec goes away.\n")
    # gone.txt is toolgen's by its record of what it wrote: the spec set below no longer has its spec
    assert _run("generate", "specs", str(gone), "--out", str(out)).exit_code == 0
    edited = out / "fake" / "web_fetch.txt"
    edited.write_text(edited.read_text().replace("web_fetch:", "web_fetch (edited):"))
    before = {path: path.read_bytes() for path in out.rglob("*") if path.is_file()}

    result = _run("check", "specs", "--out", str(out))
    assert result.exit_code == 1
    assert f"--- a/{out.as_posix()}/fake/web_fetch.txt" in result.output
    assert "-web_fetch (edited):" in result.output and "+web_fetch:" in result.output
    assert f"--- a/{out.as_posix()}/fake/gone.txt" in result.output
    assert (
        "toolgen: 0 missing, 1 stale, 1 no longer produced; regenerate with: toolgen generate specs --out"
        in result.output
    )
    after = {path: path.read_bytes() for path in out.rglob("*") if path.is_file()}
    assert after == before, "check never writes"


def test_check_of_an_empty_output_folder_is_stale(fake_target, tmp_path):
    result = _run("check", "specs", "--out", str(tmp_path / "never-generated"))
    assert result.exit_code == 1
    assert not (tmp_path / "never-generated").exists()


def test_generate_refuses_to_overwrite_a_file_it_did_not_create(fake_target, tmp_path):
    out = tmp_path / "out"
    (out / "fake").mkdir(parents=True)
    mine = out / "fake" / "web_fetch.txt"
    mine.write_text("hand written\n")
    result = _run("generate", "specs", "--out", str(out))
    assert result.exit_code == 2
    assert (
        "exists but was not generated by toolgen" in result.output
        and "nothing written" in result.output
    )
    assert mine.read_text() == "hand written\n"
    assert sorted(p.name for p in (out / "fake").iterdir()) == ["web_fetch.txt"]
    _no_traceback(result)


def test_generate_with_invalid_input_exits_2_and_writes_nothing(fake_target, tmp_path):
    out = tmp_path / "out"
    result = _run("generate", "specs", "tests/invalid/bad_defer.yaml", "--out", str(out))
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == "toolgen: 1 error in 1 file; nothing written"
    assert not out.exists()
    _no_traceback(result)


def test_unknown_lang_is_a_usage_error(fake_target, tmp_path):
    result = _run("generate", "specs", "--out", str(tmp_path), "--lang", "cobol")
    assert result.exit_code == 2
    assert "unknown target 'cobol'; choose from fake" in result.output
    assert list(tmp_path.iterdir()) == []


def test_an_unwritable_output_is_reported_without_a_traceback(fake_target, tmp_path, monkeypatch):
    def refuse(root, planned, changes):
        raise PermissionError(13, "Permission denied", str(root / "fake" / "web_fetch.txt"))

    monkeypatch.setattr(driver, "apply", refuse)
    result = _run("generate", "specs", "--out", str(tmp_path / "out"))
    assert result.exit_code == 2
    assert "toolgen: cannot write to" in result.output and "Permission denied" in result.output
    _no_traceback(result)


def test_schema_prints_json():
    result = _run("schema")
    assert result.exit_code == 0
    assert json.loads(result.output)["title"] == "toolgen tool spec (version 1)"


# -- an installed wheel -----------------------------------------------------------------------------------


def _hatchling_available() -> bool:
    try:
        import hatchling  # noqa: F401
    except ImportError:
        return False
    return True


def test_wheel_installs_and_runs(tmp_path):
    """`pip install .` ships the templates and a working `toolgen` command (issue #2 acceptance)."""
    started = time.monotonic()
    wheels = tmp_path / "wheels"
    build = [sys.executable, "-m", "pip", "wheel", str(REPO), "-w", str(wheels), "--no-deps", "-q"]
    if _hatchling_available():
        build.append("--no-build-isolation")  # no download needed
    env = {**os.environ, "PIP_CACHE_DIR": str(CACHE / "pip")}
    built = subprocess.run(build, capture_output=True, text=True, timeout=300, env=env)
    require(
        built.returncode == 0,
        f"cannot build the wheel (hatchling unavailable offline?): {built.stderr[-2000:]}",
    )
    (wheel,) = wheels.glob("toolgen-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    assert any(
        name.startswith("codegen/templates/") for name in names
    ), "templates are not in the wheel"
    assert "codegen/cli/__init__.py" in names and not any(
        name.startswith(("tests/", "specs/")) for name in names
    )

    venv = tmp_path / "venv"
    # No pip inside the venv (ensurepip alone takes ~10 s); this interpreter's pip installs into it.
    subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", "--system-site-packages", str(venv)],
        check=True,
        timeout=120,
    )
    bindir = venv / ("Scripts" if os.name == "nt" else "bin")
    # toolgen's dependencies from this interpreter's environment (a plain path line: its .pth files, such as the
    # editable install of the checkout, are not run), behind the venv's own site-packages where the wheel goes.
    venv_site = subprocess.run(
        [str(bindir / "python"), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True, timeout=60,
    ).stdout.strip()
    (Path(venv_site) / "toolgen_test_dependencies.pth").write_text(
        sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8"
    )
    install = [
        sys.executable,
        "-m",
        "pip",
        "--python",
        str(bindir / "python"),
        "install",
        "--no-deps",
        "--no-index",
    ]
    subprocess.run(
        [*install, "-q", str(wheel)], check=True, capture_output=True, timeout=120, env=env
    )

    elsewhere = tmp_path / "elsewhere"  # not the checkout, so nothing can come from the source tree
    elsewhere.mkdir()
    clean_env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    where = subprocess.run(
        [
            str(bindir / "python"),
            "-c",
            "import codegen, pathlib; print(pathlib.Path(codegen.__file__).parent)",
        ],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        timeout=60,
        env=clean_env,
        check=True,
    )
    package = Path(where.stdout.strip())
    assert package.is_relative_to(
        venv
    ), f"codegen was imported from {package}, not the installed wheel"
    assert (package / "templates").is_dir()

    toolgen = str(bindir / "toolgen")
    helped = subprocess.run(
        [toolgen, "--help"],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        timeout=60,
        env=clean_env,
    )
    assert helped.returncode == 0, helped.stderr
    assert all(command in helped.stdout for command in COMMANDS)
    validated = subprocess.run(
        [toolgen, "validate", str(SPECS)],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        timeout=60,
        env=clean_env,
    )
    assert validated.returncode == 0, validated.stderr
    assert (
        time.monotonic() - started < 120
    ), "the wheel round trip must stay around a minute (CI time)"
