"""Configuration (issue #4 item 1): discovery, located one-line errors, paths relative to the file, flags that
override the file, and the TOML position scanner behind the locations."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from codegen.config import settings as config, keys as config_keys
from codegen.cli import main
from codegen.config.settings import (
    ConfigError,
    Settings,
    check_settings,
    find_config,
    read_config,
    settings_from_file,
)
from codegen.config.tomlpos import scan

from .support import REPO, SPECS


def _errors(tmp_path: Path, text: str, name: str = "pyproject.toml") -> list[str]:
    os.chdir(tmp_path)  # restored by the autouse fixture below
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(ConfigError) as raised:
        check_settings(settings_from_file(read_config(path)), deep=True)
    return [str(d).replace(f"{tmp_path.as_posix()}/", "") for d in raised.value.diagnostics]


def _load(tmp_path: Path, text: str, name: str = "pyproject.toml") -> Settings:
    path = tmp_path / name
    path.write_text(text)
    settings = settings_from_file(read_config(path))
    check_settings(settings, deep=True)
    return settings


@pytest.fixture(autouse=True)
def _restore_cwd(monkeypatch):
    monkeypatch.chdir(os.getcwd())


# -- the scanner ------------------------------------------------------------------------------------------------


def test_scanner_finds_keys_and_values_in_every_toml_form():
    text = (
        "# comment\n"
        "[tool.toolgen]\n"
        "specs = [\"a\", 'b']  # trailing\n"
        'out = """multi\nline"""\n'
        '"quoted.key" = 1\n'
        "[tool.toolgen.go]\n"
        'package  =  "x"\n'
        "dotted.inner = { a = 1, b = [1, 2] }\n"
        "[[arr]]\n"
        "k = 1\n"
        "[[arr]]\n"
        "k = 2\n"
    )
    tomllib.loads(text)
    positions = scan(text)
    assert positions.key(("tool", "toolgen", "specs")) == (3, 1)
    assert positions.value(("tool", "toolgen", "specs")) == (3, 9)
    assert positions.value(("tool", "toolgen", "specs", 1)) == (3, 15)
    assert positions.key(("tool", "toolgen", "quoted.key")) == (6, 1)
    assert positions.value(("tool", "toolgen", "go", "package")) == (8, 13)
    assert positions.value(("tool", "toolgen", "go", "dotted", "inner", "b", 1)) == (9, 33)
    assert positions.value(("arr", 1, "k")) == (13, 5)
    assert positions.key(("tool", "toolgen", "go", "missing")) == (7, 2), "nearest enclosing table"


# -- discovery --------------------------------------------------------------------------------------------------


def test_discovery_walks_up_to_the_nearest_config_and_stops_at_the_repository_root(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[tool.toolgen]\n")
    project = tmp_path / "repo"
    (project / ".git").mkdir(parents=True)
    deep = project / "a" / "b"
    deep.mkdir(parents=True)
    assert find_config(deep) is None, "the walk stops at the repository root"
    (project / "pyproject.toml").write_text('[project]\nname = "x"\n')
    assert find_config(deep) is None, "a pyproject.toml without [tool.toolgen] is not a config"
    (project / "pyproject.toml").write_text('[project]\nname = "x"\n[tool.toolgen]\nout = "o"\n')
    assert find_config(deep) == project / "pyproject.toml"
    (project / "a" / "toolgen.toml").write_text('out = "o"\n')
    assert find_config(deep) == project / "a" / "toolgen.toml"
    (project / "a" / "b" / "pyproject.toml").write_text("[tool.toolgen]\n")
    (project / "a" / "b" / "toolgen.toml").write_text("")
    assert find_config(deep) == deep / "toolgen.toml", "toolgen.toml wins in the same folder"


def test_toolgen_toml_has_the_same_keys_at_the_top(tmp_path):
    settings = _load(
        tmp_path, 'out = "gen"\ntargets = ["go"]\n[go]\npackage = "mytools"\n', "toolgen.toml"
    )
    assert settings.out == Path("gen") or settings.out.name == "gen"
    assert settings.targets == ("go",) and settings.options == {"go": {"package": "mytools"}}
    assert _errors(tmp_path, "[go]\npackage = 1\n", "toolgen.toml") == [
        "toolgen.toml:2:11: error: go.package: must be a Go package name (lower-case letters, digits, _), got 1"
    ]


# -- located errors ------------------------------------------------------------------------------------------------


def test_every_problem_is_reported_once_located_with_did_you_mean(tmp_path):
    text = (
        '[project]\nname = "demo"\n\n'
        "[tool.toolgen]\n"
        'specs = ["specs"]\n'
        'targets = ["python", "jav"]\n'
        'headr = "x"\n'
        "\n"
        "[tool.toolgen.go]\n"
        'package = "my-pkg"\n'
        "pakage = 1\n"
        "\n"
        "[tool.toolgen.java]\n"
        'style = "annotation"\n'
        "[tool.toolgen.nodejs]\n"
        'import_extension = ".mjs"\n'
    )
    assert _errors(tmp_path, text) == [
        'pyproject.toml:6:11: error: tool.toolgen.targets: unknown target "jav"; choose from dotnet, go, java, '
        'json, nodejs, python, rust (did you mean "java"?)',
        'pyproject.toml:7:1: error: tool.toolgen.headr: unknown key (did you mean "header"?); [tool.toolgen] '
        "accepts specs, out, targets, templates, header, schema, max_spec_bytes, docs, docs_code, breaking, acknowledge, acknowledge_per_path, allow_out_outside, dotnet, go, java, json, "
        "nodejs, python, rust",
        "pyproject.toml:10:11: error: tool.toolgen.go.package: must be a Go package name (lower-case letters, "
        'digits, _), got "my-pkg"',
        'pyproject.toml:11:1: error: tool.toolgen.go.pakage: unknown key (did you mean "package"?); '
        "[tool.toolgen.go] accepts package, import_path",
        'pyproject.toml:14:9: error: tool.toolgen.java.style: "annotation" is not supported yet: @CopilotTool '
        'methods take their wire schema from the SDK\'s annotation processor, not from the spec; use "builder"',
        'pyproject.toml:16:20: error: tool.toolgen.nodejs.import_extension: must be one of ".js", ".ts", "", got '
        '".mjs" (did you mean ".js"?)',
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[tool.toolgen]\nout = \n", "pyproject.toml:2:7: error: invalid TOML: Invalid value"),
        (
            "[tool.toolgen]\nout = 1\n",
            "pyproject.toml:2:7: error: tool.toolgen.out: must be a non-empty string, got 1",
        ),
        ("[tool]\ntoolgen = 3\n", "pyproject.toml:2:11: error: tool.toolgen: must be a table"),
        (
            "[tool.toolgen]\ngo = 1\n",
            "pyproject.toml:2:6: error: tool.toolgen.go: must be a table, got 1",
        ),
        (
            "[tool.toolgen]\nspecs = []\n",
            "pyproject.toml:2:9: error: tool.toolgen.specs: must be a path or a non-empty array of paths, got an array",
        ),
        (
            '[tool.toolgen]\ntargets = ["go", "go"]\n',
            "pyproject.toml:2:11: error: tool.toolgen.targets: lists a target twice",
        ),
        (
            "[tool.toolgen]\nmax_spec_bytes = 0\n",
            "pyproject.toml:2:18: error: tool.toolgen.max_spec_bytes: must be a positive integer, got 0",
        ),
        (
            "[tool.toolgen]\nmax_spec_bytes = true\n",
            "pyproject.toml:2:18: error: tool.toolgen.max_spec_bytes: must be a positive integer, got true",
        ),
        (
            '[tool.toolgen]\nheader = "a\\nb"\n',
            "pyproject.toml:2:10: error: tool.toolgen.header: must be one line of printable characters (no line breaks, tabs or control characters)",
        ),
        (
            f'[tool.toolgen]\nheader = "{"x" * 81}"\n',
            "pyproject.toml:2:10: error: tool.toolgen.header: must be at most 80 characters, got 81",
        ),
        (
            '[tool.toolgen]\ntemplates = "nowhere"\n',
            "pyproject.toml:2:13: error: tool.toolgen.templates: no such folder: nowhere",
        ),
        (
            '[tool.toolgen.go]\npackage = "func"\n',
            'pyproject.toml:2:11: error: tool.toolgen.go.package: must not be a Go keyword, got "func"',
        ),
        (
            '[tool.toolgen.go]\nimport_path = "a//b"\n',
            'pyproject.toml:2:15: error: tool.toolgen.go.import_path: must be a Go import path (slash-separated elements of letters, digits and . _ ~ -), got "a//b"',
        ),
        (
            '[tool.toolgen.java]\npackage = "com.example.class"\n',
            'pyproject.toml:2:11: error: tool.toolgen.java.package: must be a Java package name (dot-separated identifiers, no keywords), got "com.example.class"',
        ),
        (
            '[tool.toolgen.dotnet]\nnamespace = "My.namespace"\n',
            'pyproject.toml:2:13: error: tool.toolgen.dotnet.namespace: must be a C# namespace (dot-separated identifiers, no keywords), got "My.namespace"',
        ),
        (
            '[tool.toolgen.python]\npackage = "acme.import"\n',
            'pyproject.toml:2:11: error: tool.toolgen.python.package: must be a Python package name (dot-separated identifiers, no keywords), got "acme.import"',
        ),
        (
            '[tool.toolgen.rust]\nlayout = "lib"\n',
            'pyproject.toml:2:10: error: tool.toolgen.rust.layout: must be one of "mod.rs", "lib.rs", got "lib" (did you mean "lib.rs"?)',
        ),
        (
            "[tool.toolgen.cobol]\nx = 1\n",
            "pyproject.toml:1:2: error: tool.toolgen.cobol: unknown key; [tool.toolgen] accepts specs, out, targets, templates, header, schema, max_spec_bytes, docs, docs_code, breaking, acknowledge, acknowledge_per_path, allow_out_outside, dotnet, go, java, json, nodejs, python, rust",
        ),
        (
            "[tool.toolgen]\ngo.package = 'x-y'\n",
            'pyproject.toml:2:14: error: tool.toolgen.go.package: must be a Go package name (lower-case letters, digits, _), got "x-y"',
        ),
        (
            "[tool.toolgen]\ngo = { package = 'x-y' }\n",
            'pyproject.toml:2:18: error: tool.toolgen.go.package: must be a Go package name (lower-case letters, digits, _), got "x-y"',
        ),
        # [breaking] accept (issue 31, item 4): each entry's problem at the entry or its value
        (
            '[tool.toolgen.breaking]\naccept = [\n  { tool = "a", change = "tool removed" },\n  { tool = "b", chnage = "x" },\n]\n',
            'pyproject.toml:4:26: error: tool.toolgen.breaking.accept[1].chnage: unknown key (did you mean "change"?); an entry has tool, change and reason',
        ),
        (
            '[tool.toolgen.breaking]\naccept = [{ tool = "a" }]\n',
            'pyproject.toml:2:11: error: tool.toolgen.breaking.accept[0]: needs "change" (the change as `toolgen breaking` prints it)',
        ),
        (
            '[[tool.toolgen.breaking.accept]]\ntool = "a"\nchange = ""\n',
            'pyproject.toml:3:10: error: tool.toolgen.breaking.accept[0].change: must be a non-empty string, got ""',
        ),
        (
            '[tool.toolgen.breaking]\naccepted = []\n',
            'pyproject.toml:2:12: error: tool.toolgen.breaking.accepted: unknown key (did you mean "accept"?); the table has one key, accept',
        ),
        (
            '[tool.toolgen]\nbreaking = { accept = "list_dir" }\n',
            'pyproject.toml:2:23: error: tool.toolgen.breaking.accept: must be an array of tables { tool = "…", change = "…" }, got "list_dir"',
        ),
    ],
)
def test_invalid_values_are_located_one_line_errors(tmp_path, text, expected):
    assert _errors(tmp_path, text) == [expected]


def test_an_explicit_pyproject_without_the_table_is_an_error(tmp_path):
    assert _errors(tmp_path, '[project]\nname = "x"\n') == [
        "pyproject.toml:1:1: error: has no [tool.toolgen] table"
    ]


def test_the_option_table_names_registered_targets_only():
    from codegen.targets import target_names

    assert set(config_keys.TARGET_OPTIONS) <= set(target_names()) == set(config_keys.target_names())


def test_the_config_default_size_limit_is_the_loaders():
    from codegen.spec.yamlload import DEFAULT_MAX_BYTES

    assert config.DEFAULT_MAX_SPEC_BYTES == DEFAULT_MAX_BYTES


def test_the_configuration_reference_lists_every_key():
    reference = (REPO / "docs" / "configuration.md").read_text()  # linked from the README's Configuration
    section = reference.split("## Every key", 1)[1].split("\n## ", 1)[0]
    for key, default, _ in config_keys.reference_rows():
        assert (
            f"| `{key}` | {default if default.startswith(('all', 'none')) else f'`{default}`'} |"
            in section
        ), key


# -- paths, overrides, the command line ---------------------------------------------------------------------------


def test_paths_in_the_file_are_relative_to_its_folder(tmp_path, monkeypatch):
    project = tmp_path / "project"
    (project / "sub").mkdir(parents=True)
    (project / "pyproject.toml").write_text(
        '[tool.toolgen]\nspecs = ["tools/specs"]\nout = "build/gen"\n'
    )
    monkeypatch.chdir(project / "sub")
    settings = settings_from_file(read_config(project / "pyproject.toml"))
    assert settings.specs == (Path("../tools/specs"),) and settings.out == Path("../build/gen")


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A repository with specs/ and a config that renders Go only into gen/."""
    (tmp_path / ".git").mkdir()
    (tmp_path / "specs").mkdir()
    for name in ("clear_context.yaml", "web_fetch.yaml"):
        (tmp_path / "specs" / name).write_text((SPECS / name).read_text())
    (tmp_path / "pyproject.toml").write_text(
        '[tool.toolgen]\nout = "gen"\ntargets = ["go"]\n[tool.toolgen.go]\npackage = "fromconfig"\n'
    )
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_generate_reads_the_config_and_flags_override_it(project):
    result = _run("generate")
    assert result.exit_code == 0, result.output
    assert "package fromconfig" in (project / "gen" / "go" / "tools.go").read_text()
    assert not (project / "generated").exists()
    result = _run("generate", "--option", "go.package=fromflag", "--out", "other")
    assert result.exit_code == 0, result.output
    assert "package fromflag" in (project / "other" / "go" / "tools.go").read_text()
    assert "package fromconfig" in (project / "gen" / "go" / "tools.go").read_text()


def test_a_subfolder_run_works_from_the_config_folder_and_writes_the_same_bytes(
    project, monkeypatch
):
    assert _run("generate").exit_code == 0
    before = {p: p.read_bytes() for p in (project / "gen").rglob("*.go")}
    (project / "sub").mkdir()
    monkeypatch.chdir(project / "sub")
    result = _run("check")
    assert result.exit_code == 0, result.output
    (project / "gen" / "go" / "web_fetch.go").unlink()
    assert _run("generate").exit_code == 0
    assert {p: p.read_bytes() for p in (project / "gen").rglob("*.go")} == before


def test_explicit_config_flag_and_its_errors(project, tmp_path):
    other = project / "alt.toml"
    other.write_text('out = "alt-out"\n[go]\npackage = "alt"\n')
    other.rename(project / "toolgen-alt.toml")
    result = _run("generate", "--config", "toolgen-alt.toml")
    assert result.exit_code == 0, result.output
    assert "package alt" in (project / "alt-out" / "go" / "tools.go").read_text()
    (project / "pyproject.toml").write_text('[tool.toolgen]\ntargets = "go"\n')
    for command in ("generate", "check", "validate"):
        result = _run(command)
        assert result.exit_code == 2
        assert (
            'pyproject.toml:2:11: error: tool.toolgen.targets: must be a non-empty array of target names, got "go"'
            in result.output
        )
        assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("flag", "message"),
    [
        ("go.package", "expected TARGET.KEY=VALUE"),
        ("go.pakage=x", 'go.pakage: unknown option (did you mean "package"?)'),
        ("go.package=My-Pkg", "go.package: must be a Go package name"),
        ("cobol.x=1", "cobol: unknown target"),
    ],
)
def test_bad_option_flags_are_usage_errors(project, flag, message):
    result = _run("generate", "--option", flag)
    assert result.exit_code == 2 and message in result.output, result.output
    assert not (project / "gen").exists()


def test_a_keyword_given_as_a_flag_is_reported_before_anything_is_written(project):
    result = _run("generate", "--option", "go.package=func")
    assert result.exit_code == 2
    assert (
        '<command line>:1:1: error: go.package: must not be a Go keyword, got "func"'
        in result.output
    )
    assert not (project / "gen").exists()


def test_validate_uses_the_configured_specs(project):
    (project / "pyproject.toml").write_text('[tool.toolgen]\nspecs = ["specs/web_fetch.yaml"]\n')
    result = _run("validate")
    assert result.exit_code == 0 and "1 spec valid" in result.output
