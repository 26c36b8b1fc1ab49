"""Every configuration option changes the output as the configuration reference (docs/configuration.md) says (issue #4
acceptance: one test per option). Options are given the way users give them, in a pyproject.toml, except where
the test is about the flag or the Python API."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import codegen
from codegen.cli import main
from codegen.output.writer import OWNERSHIP_MARKER

from . import support
from .test_sdk_nodejs import (
    node_modules,
)  # noqa: F401 - the harness's cached npm packages (a fixture)
from .test_syntax import syntax_problems

SPEC_NAMES = ("clear_context.yaml", "web_fetch.yaml", "current_time.yaml")


@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    """A repository with three specs; each test writes its own pyproject.toml."""
    (tmp_path / ".git").mkdir()
    (tmp_path / "specs").mkdir()
    for name in SPEC_NAMES:
        shutil.copyfile(support.SPECS / name, tmp_path / "specs" / name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _generate(project: Path, toml: str, *args: str) -> dict[str, str]:
    """Write the config, run `toolgen generate`, return every generated file's text by path under the out root."""
    (project / "pyproject.toml").write_text(toml)
    result = CliRunner().invoke(main, ["generate", *args])
    assert result.exit_code == 0, result.output
    out = project / "generated"
    return {
        p.relative_to(out).as_posix(): p.read_text()
        for p in out.rglob("*")
        if p.is_file() and not support.is_state_file(p.relative_to(out).as_posix())
    }


def _fails(project: Path, toml: str, *args: str) -> str:
    (project / "pyproject.toml").write_text(toml)
    result = CliRunner().invoke(main, ["generate", *args])
    assert result.exit_code == 2, result.output
    return result.output


# -- general keys -------------------------------------------------------------------------------------------------


def test_specs_chooses_the_spec_files(project):
    files = _generate(
        project, '[tool.toolgen]\nspecs = ["specs/web_fetch.yaml"]\ntargets = ["go"]\n'
    )
    assert sorted(files) == ["go/tools.go", "go/web_fetch.go"]


def test_out_chooses_the_output_root(project):
    (project / "pyproject.toml").write_text(
        '[tool.toolgen]\nout = "build/tools"\ntargets = ["go"]\n'
    )
    assert CliRunner().invoke(main, ["generate"]).exit_code == 0
    assert (project / "build" / "tools" / "go" / "tools.go").is_file()
    assert not (project / "generated").exists()


def test_targets_chooses_the_languages_and_removes_generated_files_of_dropped_ones(project):
    files = _generate(project, '[tool.toolgen]\ntargets = ["go", "python"]\n')
    assert {path.split("/")[0] for path in files} == {"go", "python"}
    mine = project / "generated" / "python" / "my_notes.py"
    mine.write_text("# my own file in the python folder\n")
    files = _generate(project, '[tool.toolgen]\ntargets = ["go"]\n')
    assert {path.split("/")[0] for path in files} == {"go", "python"}
    assert [path for path in files if path.startswith("python/")] == ["python/my_notes.py"]
    assert (
        mine.read_text() == "# my own file in the python folder\n"
    ), "files toolgen did not create stay"


def test_lang_flag_touches_only_that_target(project):
    _generate(project, '[tool.toolgen]\ntargets = ["go", "python"]\n')
    files = _generate(project, '[tool.toolgen]\ntargets = ["go", "python"]\n', "--lang", "go")
    assert (
        "python/web_fetch.py" in files
    ), "--lang is this run only: the other targets are left alone"


def test_header_adds_one_escaped_line_after_the_marker_in_every_file_of_every_target(project):
    header = 'Copyright 2026 Ex*/ample "Corp" \\u000a ${x} é'
    toml = f"[tool.toolgen]\nheader = {json.dumps(header)}\n"
    files = _generate(project, toml)
    plain = _generate(project, "[tool.toolgen]\n")
    assert files.keys() == plain.keys() and {path.split("/")[0] for path in files} == set(
        support_targets()
    )
    for path, text in files.items():
        lines, before = text.splitlines(), plain[path].splitlines()
        at = next(i for i, line in enumerate(lines) if OWNERSHIP_MARKER in line)
        assert lines[: at + 1] + lines[at + 2 :] == before, f"{path}: only one line is added"
        if path.endswith(".json"):  # a member, not a comment: the text is a JSON string (quotes, backslashes)
            assert lines[at + 1] == f'  "$header": {json.dumps(header, ensure_ascii=False)},', path
            assert json.loads(text)["$header"] == header
            continue
        expected = "\\\\u000a" if path.endswith(".java") else "\\u000a"
        assert (
            header.split(" \\")[0].replace("é", "") in lines[at + 1] and expected in lines[at + 1]
        ), lines[at + 1]
        assert not syntax_problems(path, text), path
    assert files["java/com/example/copilot/tools/WebFetchTool.java"].splitlines()[1] == (
        '// Copyright 2026 Ex*/ample "Corp" \\\\u000a ${x} U+00E9'
    ), "javac decodes \\u in comments: the Java line doubles the backslash (and keeps ASCII)"
    assert files["python/web_fetch.py"].splitlines()[1] == f"# {header}"
    assert files["go/tools.go"].splitlines()[1] == f"// {header}"


def support_targets() -> list[str]:
    from codegen.targets import target_names

    return target_names()


def test_header_flag_overrides_the_config_and_is_checked(project):
    files = _generate(
        project,
        '[tool.toolgen]\nheader = "from config"\ntargets = ["go"]\n',
        "--header",
        "from flag",
    )
    assert files["go/tools.go"].splitlines()[1] == "// from flag"
    result = CliRunner().invoke(main, ["generate", "--header", "two\nlines"])
    assert result.exit_code == 2 and "must be one line of printable characters" in result.output


def test_max_spec_bytes_rejects_larger_specs(project):
    output = _fails(project, '[tool.toolgen]\nmax_spec_bytes = 64\ntargets = ["go"]\n')
    assert "specs/web_fetch.yaml:1:1: error:" in output and "64" in output


def test_schema_is_where_new_points_the_editor_line(project):
    (project / "pyproject.toml").write_text('[tool.toolgen]\nschema = "schemas/toolspec.json"\n')
    result = CliRunner().invoke(main, ["new", "lookup"])
    assert result.exit_code == 0, result.output
    first = (project / "specs" / "lookup.yaml").read_text().splitlines()[0]
    assert first == "# yaml-language-server: $schema=../schemas/toolspec.json"
    assert "toolgen schema --out schemas/toolspec.json" in result.output


# -- per-target options ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("extension", "specifier"),
    [(".js", "./web_fetch.js"), (".ts", "./web_fetch.ts"), ("", "./web_fetch")],
)
def test_nodejs_import_extension_sets_the_index_imports(project, extension, specifier):
    files = _generate(
        project,
        f'[tool.toolgen]\ntargets = ["nodejs"]\n[tool.toolgen.nodejs]\nimport_extension = "{extension}"\n',
    )
    assert f'export * from "{specifier}";' in files["nodejs/index.ts"].splitlines()
    assert all(
        extension == ".js" or ".js" not in line
        for line in files["nodejs/index.ts"].splitlines()[1:]
    )


TSCONFIGS = {
    ".js": {"module": "NodeNext", "moduleResolution": "NodeNext"},
    ".ts": {
        "module": "NodeNext",
        "moduleResolution": "NodeNext",
        "allowImportingTsExtensions": True,
    },
    "": {"module": "ESNext", "moduleResolution": "bundler"},
}


@pytest.mark.sdk
def test_nodejs_import_extensions_compile_under_their_module_resolution(tmp_path, node_modules):
    """Each value compiles with `tsc --strict` in the setting the README names for it, against the real SDK."""
    modules = node_modules
    for extension, compiler in TSCONFIGS.items():
        root = tmp_path / (extension.strip(".") or "none")
        codegen.generate(
            specs=[support.SPECS], out=root / "generated", targets=["nodejs"],
            options={"nodejs": {"import_extension": extension}},
        )  # fmt: skip
        (root / "package.json").write_text('{"type": "module"}\n')
        (root / "node_modules").symlink_to(modules, target_is_directory=True)
        tsconfig = {
            "compilerOptions": {"target": "ES2022", "strict": True, "noEmit": True, "skipLibCheck": True,
                                "types": [], **compiler},
            "include": ["generated/nodejs/**/*.ts"],
        }  # fmt: skip
        (root / "tsconfig.json").write_text(json.dumps(tsconfig))
        tsc = subprocess.run(
            ["node", str(modules / "typescript" / "bin" / "tsc"), "-p", "tsconfig.json"],
            cwd=root, capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        assert tsc.returncode == 0, f"import_extension {extension!r}:\n{tsc.stdout}{tsc.stderr}"


def test_python_package_puts_the_package_at_that_import_path(project):
    files = _generate(
        project,
        '[tool.toolgen]\ntargets = ["python"]\n[tool.toolgen.python]\npackage = "acme.tools"\n',
    )
    assert sorted(files) == [
        "python/acme/tools/__init__.py", "python/acme/tools/clear_context.py",
        "python/acme/tools/current_time.py", "python/acme/tools/web_fetch.py",
    ]  # fmt: skip
    probe = "import acme.tools as t; print(t.web_fetch_tool.__module__)"
    result = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=project / "generated" / "python",
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "acme.tools.web_fetch"


def test_go_package_names_every_file(project):
    files = _generate(
        project, '[tool.toolgen]\ntargets = ["go"]\n[tool.toolgen.go]\npackage = "mytools"\n'
    )
    assert all(
        "\npackage mytools\n" in text for path, text in files.items() if path != "go/tools.go"
    )
    assert "\npackage mytools\n" in files["go/tools.go"]


def test_go_import_path_adds_the_canonical_import_comment(project):
    toml = '[tool.toolgen]\ntargets = ["go"]\n[tool.toolgen.go]\npackage = "mytools"\nimport_path = "example.com/acme/app/mytools"\n'
    files = _generate(project, toml)
    assert '\npackage mytools // import "example.com/acme/app/mytools"\n' in files["go/tools.go"]
    assert all("// import" not in text for path, text in files.items() if path != "go/tools.go")
    gofmt = support.require_executable("gofmt")
    listed = subprocess.run(
        [gofmt, "-l", "generated/go"], capture_output=True, text=True, check=True
    )
    assert listed.stdout == "", "gofmt would change the file"


def test_dotnet_namespace_names_every_file(project):
    files = _generate(
        project,
        '[tool.toolgen]\ntargets = ["dotnet"]\n[tool.toolgen.dotnet]\nnamespace = "Acme.Agent.Tools"\n',
    )
    assert files and all("\nnamespace Acme.Agent.Tools;\n" in text for text in files.values())


def test_java_package_sets_the_package_and_its_folder(project):
    files = _generate(
        project,
        '[tool.toolgen]\ntargets = ["java"]\n[tool.toolgen.java]\npackage = "com.acme.agent"\n',
    )
    assert files and all(path.startswith("java/com/acme/agent/") for path in files)
    assert all("\npackage com.acme.agent;\n" in text for text in files.values())


@pytest.mark.parametrize(
    "target, option, value",
    [("dotnet", "namespace", "Acme.Tools\n"), ("java", "package", "com.acme\n")],
)
def test_a_name_option_with_a_final_newline_is_refused_by_the_target_itself(target, option, value):
    """The targets check their own name options (for callers of `render_outputs`, which skip the config's
    checks) as whole strings: a regular expression's `$` would also match before a final newline."""
    from codegen.errors import ConfigError
    from codegen.run.generate import load_tools, render_outputs

    tools, _ = load_tools([support.REPO / "specs"])
    with pytest.raises(ConfigError, match=option):
        render_outputs(tools, [target], {target: {option: value}})


def test_java_style_builder_is_the_default_and_annotation_is_refused_with_a_reason(project):
    default = _generate(project, '[tool.toolgen]\ntargets = ["java"]\n')
    builder = _generate(
        project, '[tool.toolgen]\ntargets = ["java"]\n[tool.toolgen.java]\nstyle = "builder"\n'
    )
    assert (
        builder == default
        and "new ToolDefinition(" in builder["java/com/example/copilot/tools/WebFetchTool.java"]
    )
    output = _fails(
        project, '[tool.toolgen]\ntargets = ["java"]\n[tool.toolgen.java]\nstyle = "annotation"\n'
    )
    assert (
        'pyproject.toml:4:9: error: tool.toolgen.java.style: "annotation" is not supported yet'
        in output
    )


def test_rust_layout_names_the_index_file(project):
    mod = _generate(project, '[tool.toolgen]\ntargets = ["rust"]\n')
    lib = _generate(
        project, '[tool.toolgen]\ntargets = ["rust"]\n[tool.toolgen.rust]\nlayout = "lib.rs"\n'
    )
    assert "rust/mod.rs" in mod and "rust/lib.rs" not in mod
    assert (
        "rust/lib.rs" in lib and "rust/mod.rs" not in lib
    ), "the old index is removed: toolgen made it"
    assert lib["rust/lib.rs"] == mod["rust/mod.rs"]
    assert {k: v for k, v in lib.items() if k != "rust/lib.rs"} == {
        k: v for k, v in mod.items() if k != "rust/mod.rs"
    }


# -- the Python API takes the same options ----------------------------------------------------------------------------


def test_the_python_api_takes_options_and_reports_like_the_cli(project):
    result = codegen.generate(
        specs=["specs"],
        out="out",
        targets=["go"],
        options={"go": {"package": "apitools"}},
        header="API",
    )
    assert result.summary == "3 tools → 4 files: 4 written, 0 unchanged, 0 removed" and result.stale
    assert (project / "out" / "go" / "tools.go").read_text().splitlines()[1] == "// API"
    check = codegen.generate(specs="specs", out="out", targets=["go"], options={"go": {"package": "apitools"}},
                             header="API", check=True)  # fmt: skip
    assert not check.stale and check.summary.endswith("0 written, 4 unchanged, 0 removed")
    with pytest.raises(codegen.errors.ConfigError) as raised:
        codegen.generate(specs="specs", out="out", targets=["go"], options={"go": {"pakage": "x"}})
    assert str(raised.value.diagnostics[0]).startswith(
        "<options>:1:1: error: go.pakage: unknown option (did you mean"
    )


# 80 characters; Java shows the non-ASCII ones as U+XXXX, which makes its line long enough to wrap.
HEADER_FOR_FORMATTERS = "Copyright 2026 Ëxample Çorporation — ällé Rëchte vörbëhälten; sëe LICENSE.md für Tërms"[:80]


# Lines that would end or break a comment somewhere if toolgen passed them on unchecked (issue #30, D11): block
# comment starts and ends (a header that ends in `*/` is refused: tests/test_reliability.py), an HTML comment's
# end, a backslash at the end, quotes, a template literal, javac's \\u escape.
HOSTILE_HEADERS = ["/* a */ b /* c", "a */ b -->", 'x "${y}` \\u000a \'q\' # \\']


@pytest.mark.sdk
@pytest.mark.parametrize("header", [HEADER_FOR_FORMATTERS, *HOSTILE_HEADERS])
def test_the_header_line_keeps_every_target_in_its_canonical_format(tmp_path, node_modules, header):
    """The formatters the targets' own tests use find nothing to change with a header line (near the length
    limit, with non-ASCII, or hostile) and spec paths that hold `*/` and `/*`: black, gofmt, rustfmt, prettier
    and google-java-format."""
    from .sdk.java.toolchain import formatter_command

    out, specs = tmp_path / "generated", tmp_path / "a*" / "*b"  # the path holds `*/` and `/*`
    shutil.copytree(support.SPECS, specs)
    codegen.generate(specs=[specs], out=out, header=header)
    commands = {
        "python": [sys.executable, "-m", "black", "--check", "-q", "--target-version", "py311", "."],
        "go": [support.require_executable("gofmt"), "-l", "."],
        "rust": [support.require_executable("rustfmt"), "--check", "--edition", "2024", *sorted(
            p.name for p in (out / "rust").glob("*.rs"))],
        "nodejs": ["node", str(node_modules / "prettier" / "bin" / "prettier.cjs"), "--no-config",
                   "--no-editorconfig", "--check", "."],
        "java": [*formatter_command(), "--dry-run", "--set-exit-if-changed",
                 *sorted(str(p) for p in (out / "java").rglob("*.java"))],
    }  # fmt: skip
    for target, command in commands.items():
        result = subprocess.run(command, cwd=out / target, capture_output=True, text=True, timeout=300)
        assert result.returncode == 0 and not (target == "go" and result.stdout), (target, result.stdout, result.stderr)


def test_the_header_line_goes_after_the_whole_ownership_sentence():
    from codegen.run.outputs import with_header_line

    wrapped = "// Code generated by toolgen from\n// specs/a/very/long/path.yaml. DO NOT EDIT.\npackage x;\n"
    assert with_header_line(wrapped, "// H") == (
        "// Code generated by toolgen from\n// specs/a/very/long/path.yaml. DO NOT EDIT.\n// H\npackage x;\n"
    )
    dotnet = "// <auto-generated>\n// Code generated by toolgen. DO NOT EDIT.\n// </auto-generated>\n"
    assert with_header_line(dotnet, "// H").splitlines() == [
        "// <auto-generated>", "// Code generated by toolgen. DO NOT EDIT.", "// H", "// </auto-generated>"
    ]
