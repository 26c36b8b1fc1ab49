"""A target is one module in codegen/targets/ plus one folder in templates/: nothing else needs to know its name.

The configuration reads target names before the no-change fast path, where importing the target modules would cost
too much, so it takes them from the template folders; these tests hold the two lists together and show that a
target without configuration options needs no entry anywhere else.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from codegen.config import settings as config
from codegen.config import template_paths
from codegen.config.settings import check_settings, read_config, settings_from_file
from codegen.errors import ConfigError
from codegen.targets import target_names
from codegen.targets.go.names import SDK_ALIAS as GO_SDK_ALIAS

from .support import REPO


def test_the_config_knows_exactly_the_registered_targets():
    assert sorted(config.target_names()) == sorted(target_names())


def test_every_registered_target_has_its_template_folder():
    for name in target_names():
        assert (template_paths.builtin_template_root() / name).is_dir(), name


# Each SDK's tool construction and its spelling of the `isTerminal` option (issue 19's twelve spellings). The
# template folder writes them as code, so a custom template can see and change them. `json` has no SDK: it writes
# the wire declaration itself.
SDK_SPELLINGS = {
    "nodejs": ["defineTool", "isTerminal"],
    "python": ["define_tool", "is_terminal"],
    "go": ["copilot.Tool{", "IsTerminal"],
    "dotnet": ["CopilotTool.DefineTool", "IsTerminal"],
    "java": ["ToolDefinition", "isTerminal"],
    "rust": ["Tool::new", "with_is_terminal"],
}
WITHOUT_SDK = {"json"}


def _template_code(target: str) -> str:
    """The target's built-in templates without their Jinja comments (the variables block names the spellings
    too), with Go's SDK alias in place, as the generated code spells it."""
    folder = template_paths.builtin_template_root() / target
    text = "\n".join(path.read_text(encoding="utf-8") for path in sorted(folder.glob("*.j2")))
    text = re.sub(r"\{#.*?#\}", "", text, flags=re.DOTALL)
    return text.replace("{{ sdk_alias }}", GO_SDK_ALIAS)


def test_every_target_names_its_sdk_spellings():
    assert sorted(SDK_SPELLINGS.keys() | WITHOUT_SDK) == sorted(target_names())


@pytest.mark.parametrize("target", sorted(SDK_SPELLINGS))
def test_the_template_folder_spells_the_sdk_construction_and_options(target):
    code = _template_code(target)
    missing = [spelling for spelling in SDK_SPELLINGS[target] if spelling not in code]
    assert not missing, f"templates/{target}/ does not spell {missing}"


def test_reading_target_names_imports_no_target_module():
    program = (
        "import sys, codegen.config.settings as c; c.target_names(); "
        "print([m for m in sys.modules if m.startswith('codegen.targets')])"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    out = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == "[]"


@pytest.fixture
def extra_target_folder(tmp_path, monkeypatch):
    """The built-in templates plus a folder for a target `fake` that declares no options."""
    root = tmp_path / "templates"
    for name in target_names():
        (root / name).mkdir(parents=True)
    (root / "fake").mkdir()
    monkeypatch.setattr(template_paths, "builtin_template_root", lambda: root)
    monkeypatch.chdir(tmp_path)
    config.target_names.cache_clear()
    yield
    config.target_names.cache_clear()


def _settings(tmp_path: Path, text: str):
    path = tmp_path / "toolgen.toml"
    path.write_text(text)
    settings = settings_from_file(read_config(path))
    check_settings(settings, deep=False)
    return settings


def test_a_target_without_options_is_accepted_by_the_config(tmp_path, extra_target_folder):
    settings = _settings(tmp_path, 'targets = ["fake", "go"]\n[fake]\n')
    assert settings.targets == ("fake", "go")


def test_an_option_of_a_target_without_options_is_a_located_error(tmp_path, extra_target_folder):
    with pytest.raises(ConfigError) as raised:
        _settings(tmp_path, '[fake]\npackage = "x"\n')
    assert [str(d).replace(f"{tmp_path.as_posix()}/", "") for d in raised.value.diagnostics] == [
        "toolgen.toml:2:1: error: fake.package: unknown key; [fake] accepts no keys"
    ]
