"""Issue #19, Deliver 1: a custom template's output goes through the language's real formatter (gofmt, rustfmt,
prettier), because toolgen's own layout cannot vouch for a user's template; the built-in templates' output never
does. A formatter that rejects the text is a located error naming the template (exit 2, nothing written); one that
is not installed leaves the text as rendered, with a warning.
"""

from __future__ import annotations

import difflib
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from codegen.cli import main
from codegen.errors import ConfigError
from codegen.run.generate import load_tools, render_outputs
from codegen.layout import external as external_format
from codegen.targets import get_target

from . import support
from .support import SPECS
from .test_sdk_nodejs import node_modules  # noqa: F401 - the fixture that installs prettier into the test cache

# A struct whose fields gofmt aligns, and a line longer than rustfmt's 100 columns / prettier's 80.
GO_APPENDIX = """
type pluginMark struct {
	A int
	LongerName string
}
"""
RUST_APPENDIX = """
pub const PLUGIN_MARKS: [&str; 4] = ["first_plugin_mark", "second_plugin_mark", "third_plugin_mark", "fourth_mark"];
"""
JAVA_APPENDIX = """
class PluginMark {
int first; int second;
}
"""
TS_APPENDIX = """
export const pluginMarks = ["first_plugin_mark", "second_plugin_mark", "third_plugin_mark"];
"""
FORMATTER = {"go": "gofmt", "rust": "rustfmt", "nodejs": "prettier", "java": "google-java-format"}
TEMPLATES = {"go": "tool.go.j2", "rust": "tool.rs.j2", "nodejs": "tool.ts.j2", "java": "tool.java.j2"}
APPENDIX = {"go": GO_APPENDIX, "rust": RUST_APPENDIX, "nodejs": TS_APPENDIX, "java": JAVA_APPENDIX}
# the formatters' canonical layout of each appendix
CANONICAL = {
    "go": "type pluginMark struct {\n\tA          int\n\tLongerName string\n}\n",
    "rust": (
        "pub const PLUGIN_MARKS: [&str; 4] = [\n"
        '    "first_plugin_mark",\n    "second_plugin_mark",\n    "third_plugin_mark",\n    "fourth_mark",\n];\n'
    ),
    "java": "class PluginMark {\n  int first;\n  int second;\n}\n",
    "nodejs": (
        'export const pluginMarks = [\n  "first_plugin_mark",\n  "second_plugin_mark",\n  "third_plugin_mark",\n];\n'
    ),
}
# text each formatter refuses
INVALID = {
    "go": "\nfunc {\n", "rust": "\nfn main( {\n", "nodejs": "\nconst x = ;\n", "java": "\nclass {\n",
}  # fmt: skip


@pytest.fixture(scope="module")
def tools():
    return load_tools([SPECS])[0]


@pytest.fixture(autouse=True)
def fresh_lookup():
    """The formatters are looked up once per process; each test sees the PATH it sets."""
    external_format._executable.cache_clear()
    yield
    external_format._executable.cache_clear()


def _templates(tmp_path: Path, target: str, appendix: str) -> Path:
    root = tmp_path / "templates"
    template = TEMPLATES[target]
    (root / target).mkdir(parents=True)
    (root / target / template).write_text(f'{{% include "builtin/{template}" %}}\n{appendix}')
    return root


def _require(target: str, request) -> None:
    if target == "nodejs":
        # prettier as the Node.js real-SDK harness installs it (in CI that harness must work: a failure, not a skip)
        modules = request.getfixturevalue("node_modules")
        _prepend_path(request.getfixturevalue("monkeypatch"), modules / ".bin")
    elif target == "java":
        # google-java-format as the Java tests fetch it (a jar): a `google-java-format` command on PATH runs it
        from .sdk.java import toolchain

        command = toolchain.formatter_command()
        folder = request.getfixturevalue("tmp_path") / "bin"
        folder.mkdir()
        wrapper = folder / "google-java-format"
        wrapper.write_text("#!/bin/sh\nexec " + " ".join(map(shlex.quote, command)) + ' "$@"\n')
        wrapper.chmod(0o755)
        _prepend_path(request.getfixturevalue("monkeypatch"), folder)
    else:
        support.require_executable(FORMATTER[target])


def _prepend_path(monkeypatch, folder: Path) -> None:
    import os

    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ.get('PATH', '')}")
    external_format._executable.cache_clear()


def _without_formatter(monkeypatch, name: str) -> None:
    """PATH without the folders that hold `name` (and a working directory with no node_modules above it)."""
    import os

    kept = [
        folder
        for folder in os.environ.get("PATH", "").split(os.pathsep)
        if folder and not (Path(folder) / name).exists()
    ]
    monkeypatch.setenv("PATH", os.pathsep.join(kept))
    external_format._executable.cache_clear()
    assert not external_format.available(name)


@pytest.mark.parametrize("target", ["go", "rust", "nodejs", "java"])
def test_a_custom_templates_output_gets_the_formatters_canonical_layout(target, tools, tmp_path, request):
    _require(target, request)
    root = _templates(tmp_path, target, APPENDIX[target])
    outputs, _ = render_outputs(tools, [target], templates=str(root))
    builtin, _ = render_outputs(tools, [target])
    per_tool = [path for path in outputs if outputs[path] != builtin[path]]
    assert per_tool and len(per_tool) == len(tools)
    for path in per_tool:
        assert outputs[path].endswith(CANONICAL[target]), outputs[path][-400:]
        assert outputs[path].startswith(builtin[path].rstrip("\n"))


@pytest.mark.parametrize("target", ["nodejs", "java"])
def test_a_formatter_with_a_slow_start_runs_once_for_many_files(target, tools, tmp_path, monkeypatch, request):
    """prettier (Node.js) and google-java-format (a JVM) take ~0.5 s and more to start: one process per file would
    make a first run of 1000 specs take minutes. They format the files of a batch in one process."""
    _require(target, request)
    monkeypatch.setenv("TOOLGEN_NO_CACHE", "1")  # made here, not taken from another test's run
    started = []
    real_run = subprocess.run

    def spy(command, *args, **kwargs):
        if "--version" not in command:  # the cache key's question, asked once per process
            started.append(command)
        return real_run(command, *args, **kwargs)

    monkeypatch.setattr(subprocess, "run", spy)
    root = _templates(tmp_path, target, APPENDIX[target])
    outputs, _ = render_outputs(tools, [target], templates=str(root))
    assert sum(text.endswith(CANONICAL[target]) for text in outputs.values()) == len(tools)
    # one batch for the tool files, one for the folder-wide files
    assert len(started) <= 2 < len(outputs), started


@pytest.mark.parametrize("target", ["rust", "nodejs"])
def test_a_projects_formatter_settings_are_not_read(target, tools, tmp_path, monkeypatch, request):
    """The same templates give the same bytes on every machine (and the cache keys on no project file): a
    rustfmt.toml, .prettierrc or .prettierignore in the working directory changes nothing."""
    _require(target, request)
    project = tmp_path / "project"
    project.mkdir()
    (project / "rustfmt.toml").write_text("hard_tabs = true\nmax_width = 40\n")
    (project / ".prettierrc").write_text('{"useTabs": true, "printWidth": 40}\n')
    (project / ".prettierignore").write_text("*.ts\n")
    (project / ".editorconfig").write_text("root = true\n[*]\nindent_style = tab\n")
    monkeypatch.chdir(project)
    monkeypatch.setenv("TOOLGEN_NO_CACHE", "1")  # made here, not taken from another test's run
    root = _templates(tmp_path, target, APPENDIX[target])
    outputs, _ = render_outputs(tools, [target], templates=str(root))
    assert sum(text.endswith(CANONICAL[target]) for text in outputs.values()) == len(tools)


@pytest.mark.parametrize("target", ["go", "rust", "nodejs", "java"])
def test_a_template_that_prints_invalid_code_is_a_located_error(target, tools, tmp_path, request):
    _require(target, request)
    root = _templates(tmp_path, target, INVALID[target])
    with pytest.raises(ConfigError) as raised:
        render_outputs(tools, [target], templates=str(root))
    diagnostics = raised.value.diagnostics
    assert len(diagnostics) == len(tools)
    name = FORMATTER[target]
    for diagnostic in diagnostics:
        assert diagnostic.file == f"{target}/{TEMPLATES[target]}" and diagnostic.is_error
        assert f"{name} rejects it" in diagnostic.message
        # where in the rendered file (line:column), and none of the code frame some formatters draw below
        assert re.search(r"\d+:\d+", diagnostic.message) and " | " not in diagnostic.message, diagnostic.message


@pytest.mark.parametrize("target", ["go", "rust"])
def test_invalid_code_exits_2_and_writes_nothing(target, tmp_path, request):
    _require(target, request)
    root = _templates(tmp_path, target, INVALID[target])
    out = tmp_path / "out"
    result = CliRunner().invoke(
        main, ["generate", str(SPECS), "--out", str(out), "--lang", target, "--templates", str(root)]
    )
    assert result.exit_code == 2, result.output
    assert f"{target}/{TEMPLATES[target]}: error: custom templates rendered" in result.output
    assert not out.exists() or not any(path.is_file() for path in out.rglob("*"))


@pytest.mark.parametrize("target", ["go", "rust", "nodejs", "java"])
def test_without_the_formatter_the_text_is_written_as_rendered(target, tools, tmp_path, monkeypatch):
    name = FORMATTER[target]
    _without_formatter(monkeypatch, name)
    monkeypatch.chdir(tmp_path)  # no node_modules/.bin/prettier above
    # toolgen's cache may hold the formatted files of the same templates and specs from another test: until the
    # driver keys on the formatter's identity (test_a_formatter_installed_after_a_run_gives_new_text), it would
    # hand them back
    monkeypatch.setenv("TOOLGEN_NO_CACHE", "1")
    root = _templates(tmp_path, target, APPENDIX[target])
    outputs, _ = render_outputs(tools, [target], templates=str(root))
    builtin, _ = render_outputs(tools, [target])
    for path in builtin:
        if outputs[path] != builtin[path]:
            assert outputs[path].endswith(APPENDIX[target]), "written as rendered"
    warning = get_target(target).formatter_warning(True, "my-templates")
    assert warning is not None and not warning.is_error and f"{name} is not installed" in warning.message
    assert get_target(target).formatter_warning(False, "my-templates") is None


def test_built_in_templates_never_run_a_formatter(tools, monkeypatch):
    """Speed, and output unchanged: without custom templates no formatter process starts, not even to ask its
    version for the cache key."""
    started = []
    real_run = subprocess.run

    def spy(*args, **kwargs):
        started.append(args[0])
        return real_run(*args, **kwargs)

    monkeypatch.setattr(subprocess, "run", spy)
    external_format._identity_of.cache_clear()
    for name in ("go", "rust", "nodejs", "java"):
        target = get_target(name)
        assert target.cache_identity_for(False) == target.cache_identity()
    render_outputs(tools, ["go", "rust", "nodejs", "java"])
    assert started == []


@pytest.mark.parametrize("target", ["go", "rust"])
def test_the_formatters_version_is_in_the_cache_identity_with_custom_templates(target, monkeypatch):
    support.require_executable(FORMATTER[target])
    external_format._identity_of.cache_clear()
    installed = get_target(target).cache_identity_for(True)
    assert FORMATTER[target] in installed and "missing" not in installed
    _without_formatter(monkeypatch, FORMATTER[target])
    assert get_target(target).cache_identity_for(True) != installed, "installing it later gives new text"


def test_which_targets_have_a_formatter():
    """C# has none (no formatter on the machines toolgen is built and tested on), json none (json.dumps is
    canonical), Python formats in-process with black (PythonTarget.format_all)."""
    assert {name: get_target(name).formatter for name in ("nodejs", "go", "rust", "java", "dotnet", "json")} == {
        "nodejs": "prettier", "go": "gofmt", "rust": "rustfmt", "java": "google-java-format",
        "dotnet": None, "json": None,
    }  # fmt: skip


def test_a_formatter_installed_after_a_run_gives_new_text(tools, tmp_path, monkeypatch):
    """The per-tool cache (codegen/incremental.py) must not hand back the text a run without gofmt rendered."""
    import os

    support.require_executable("gofmt")
    root = _templates(tmp_path, "go", GO_APPENDIX)
    path_with = os.environ["PATH"]
    _without_formatter(monkeypatch, "gofmt")
    unformatted, _ = render_outputs(tools, ["go"], templates=str(root))
    assert any(text.endswith(GO_APPENDIX) for text in unformatted.values())
    monkeypatch.setenv("PATH", path_with)
    external_format._executable.cache_clear()
    formatted, _ = render_outputs(tools, ["go"], templates=str(root))
    assert not any(text.endswith(GO_APPENDIX) for text in formatted.values())
    assert sum(text.endswith(CANONICAL["go"]) for text in formatted.values()) == len(tools)


def test_the_run_warns_once_when_the_formatter_is_missing(tools, tmp_path, monkeypatch):
    _without_formatter(monkeypatch, "gofmt")
    root = _templates(tmp_path, "go", GO_APPENDIX)
    _, warnings = render_outputs(tools, ["go"], templates=str(root))
    assert [w.message for w in warnings if "gofmt is not installed" in w.message] != []
    assert len([w for w in warnings if "gofmt is not installed" in w.message]) == 1


def test_python_that_black_rejects_exits_2_without_a_traceback(tmp_path):
    """black is Python's formatter, in-process: invalid Python from a custom template is the same located error."""
    root = tmp_path / "templates"
    (root / "python").mkdir(parents=True)
    (root / "python" / "tool.py.j2").write_text('{% include "builtin/tool.py.j2" %}\ndef (:\n')
    out = tmp_path / "out"
    result = CliRunner().invoke(
        main, ["generate", str(SPECS), "--out", str(out), "--lang", "python", "--templates", str(root)]
    )
    assert result.exit_code == 2, result.output
    assert "python/tool.py.j2: error: custom templates rendered python/" in result.output
    assert "black rejects it" in result.output and "Traceback" not in result.output
    assert not out.exists() or not any(path.is_file() for path in out.rglob("*"))


# -- the built-in templates' own output, in folders small enough that a folder-wide list fits on one line ---------

LONG_NAME = "a_tool_whose_name_is_long_enough_to_break_the_list_of_every_tool"
SMALL_FOLDERS = {  # a folder's tool names
    "one short": ["ab"],
    "one long": [LONG_NAME],
    "two short": ["ab", "cd"],
    "two medium": ["search_the_files", "fetch_the_page"],
    "three short": ["ab", "cd", "ef"],
    "one short, one long": ["ab", LONG_NAME],
    # around rustfmt's widths for a lone call (module = name): 22/23 (array width), 54/55 (callee width)
    **{f"one of {length}": ["t" * length] for length in (22, 23, 40, 54, 55)},
    "two of 14": ["a" * 14, "b" * 14],
    "two of 20": ["a" * 20, "b" * 20],
    # Rust's `H: Fn(…Params, ToolInvocation) -> F` exactly 100 columns: rustfmt breaks it (it keeps 99)
    "one with a 100-column bound": ["a" * 31 + "_" + "b" * 30 + "_c"],
    # names whose Rust snake case is far longer than the name (every case change and digit is a word)
    "one camel with digits": ["tAaBbCc1Dd2Ee3Ff4Gg5Hh6Ii7Jj8Kk9LlMmNnOoPpQqRrSsTtUuVvWwXxYyZz0"],
    "two camel with digits": ["tAaBbCc1Dd2Ee3Ff4Gg5Hh6Ii7Jj8Kk9LlMmNnOoPpQqRrSsTtUuVvWwXxYyZz0", "ab"],
    "one camel, shorter": ["tAaBbCc1Dd2Ee3Ff4Gg5Hh6Ii7Jj8Kk9LlMm"],
    # a name ending in "-bare" gets a spec without parameters
    "one bare short": ["ab-bare"],
    "one bare long": [LONG_NAME[:59] + "-bare"],
    "bare and not": ["ab-bare", "cd", "t" * 30 + "-bare"],
}
EXTENSION = {"go": ".go", "rust": ".rs", "nodejs": ".ts", "java": ".java", "python": ".py"}


def _black(files: list[tuple[str, str, str]]) -> list[str]:
    import black

    return [black.format_str(text, mode=black.Mode()) for _, _, text in files]


@pytest.mark.parametrize("folder", list(SMALL_FOLDERS), ids=list(SMALL_FOLDERS))
@pytest.mark.parametrize("target", ["go", "rust", "nodejs", "java", "python"])
def test_a_small_folder_is_already_in_the_formatters_layout(target, folder, tmp_path, request):
    """The corpora hold many tools each; the lists of every tool (`allTools`, `all`) that a folder of one or two
    short-named tools holds fit on one line, where prettier and rustfmt put them."""
    if target != "python":
        _require(target, request)
    specs = tmp_path / "specs"
    specs.mkdir()
    for name in SMALL_FOLDERS[folder]:
        parameters = "parameters:\n  type: object\n  properties:\n    query: {type: string}\n  required: [query]\n"
        (specs / f"{name}.yaml").write_text(
            f"name: {name}\ndescription: Does {name}.\n" + ("" if name.endswith("-bare") else parameters)
        )
    outputs, _ = render_outputs(load_tools([specs])[0], [target])
    files = [(path, "", text) for path, text in sorted(outputs.items()) if path.endswith(EXTENSION[target])]
    formatted = _black(files) if target == "python" else external_format.format_texts(FORMATTER[target], target, files)
    changed = [
        "".join(difflib.unified_diff(before.splitlines(True), text.splitlines(True), path, f"{path} formatted"))
        for (path, _, before), text in zip(files, formatted)
        if text != before
    ]
    assert not changed, "\n".join(changed)
