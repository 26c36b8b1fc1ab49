"""Issue 31 (items 3 and 10): every message prints on any console, and colour follows FORCE_COLOR, NO_COLOR and
--color.

Each test drives the real command line (`python -m codegen`) as a subprocess, so the console's encoding is the one
PYTHONIOENCODING sets, exactly as on a Windows console or in a CI log with an ASCII locale.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .support import SPECS

ESC = "\x1b["
# A self-referring alias: its warning names the cycle with "→", and the summary line has "→" too.
ALIAS_CYCLE = """\
name: cyclic
description: Café ☕ — a spec whose definitions refer to each other.
parameters:
  type: object
  properties:
    a: {$ref: "#/$defs/A"}
  $defs:
    A: {$ref: "#/$defs/B"}
    B: {$ref: "#/$defs/A"}
"""


def toolgen(cwd: Path, *arguments: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    environment = {key: value for key, value in os.environ.items() if key not in ("NO_COLOR", "FORCE_COLOR")}
    environment.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "codegen", *arguments],
        cwd=cwd, capture_output=True, timeout=300, env=environment,
    )  # fmt: skip


@pytest.fixture
def project(tmp_path) -> Path:
    (tmp_path / "specs").mkdir()
    shutil.copyfile(SPECS / "clear_context.yaml", tmp_path / "specs" / "clear_context.yaml")
    (tmp_path / "specs" / "cyclic.yaml").write_text(ALIAS_CYCLE, "utf-8")
    (tmp_path / "toolgen.toml").write_text('targets = ["python", "json"]\n')
    return tmp_path


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_every_message_prints_on_a_console_that_is_not_utf8(project, encoding):
    env = {"PYTHONIOENCODING": encoding}
    generated = toolgen(project, "generate", env=env)
    assert b"Traceback" not in generated.stderr, generated.stderr.decode("utf-8", "replace")
    assert generated.returncode == 0, generated.stderr
    assert generated.stdout.decode("ascii").startswith("2 tools -> "), generated.stdout
    warning = generated.stderr.decode("ascii")
    assert "A -> B -> A refers back to itself" in warning, warning
    # checked, then stale: exit 1, with a diff that holds the spec's non-ASCII description
    assert toolgen(project, "check", env=env).returncode == 0
    spec = project / "specs" / "cyclic.yaml"
    spec.write_text(ALIAS_CYCLE.replace("Café", "Crème"), "utf-8")
    stale = toolgen(project, "check", env=env)
    assert stale.returncode == 1 and b"Traceback" not in stale.stderr, stale.stderr
    assert b"Cr" in stale.stdout
    # an error whose message quotes a non-ASCII value: exit 2, no traceback
    spec.write_text(ALIAS_CYCLE.replace("name: cyclic", "name: cyclic\ndefer: “never”"), "utf-8")
    invalid = toolgen(project, "validate", env=env)
    assert invalid.returncode == 2 and b"Traceback" not in invalid.stderr, invalid.stderr
    assert b'defer: must be "auto" or "never", got "\\u201cnever\\u201d"' in invalid.stderr or (
        encoding == "cp1252" and "“never”".encode("cp1252") in invalid.stderr
    ), invalid.stderr


def test_a_utf8_console_keeps_the_characters(project):
    generated = toolgen(project, "generate", env={"PYTHONIOENCODING": "utf-8"})
    assert generated.returncode == 0
    assert generated.stdout.decode("utf-8").startswith("2 tools → ")


# -- colour: --color, then NO_COLOR, then FORCE_COLOR, then whether the output is a terminal ----------------------


@pytest.mark.parametrize(
    "flags, env, coloured",
    [
        ((), {}, False),  # a pipe, as in a CI log
        ((), {"FORCE_COLOR": "1"}, True),  # CI logs get colour when asked
        ((), {"FORCE_COLOR": "1", "NO_COLOR": "1"}, False),  # NO_COLOR wins, as in CPython
        (("--color=always",), {"NO_COLOR": "1"}, True),  # the flag wins over the environment
        (("--color=never",), {"FORCE_COLOR": "1"}, False),
        (("--color=auto",), {"FORCE_COLOR": "1"}, True),
    ],
)
def test_colour_follows_the_flag_then_no_color_then_force_color(project, flags, env, coloured):
    result = toolgen(project, "validate", *flags, env=env)
    assert result.returncode == 0, result.stderr
    assert (ESC.encode() in result.stderr) is coloured, result.stderr  # the warning's "warning:" label
    assert b"warning" in result.stderr


def test_an_unknown_colour_mode_is_a_usage_error(project):
    result = toolgen(project, "check", "--color=sometimes")
    assert result.returncode == 2 and b"--color" in result.stderr and b"Traceback" not in result.stderr
