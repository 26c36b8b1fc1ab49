"""Changed specs are validated in a forked child while the CLI imports the rest of the pipeline
(codegen.specprefetch): the result is exactly a run's without it, errors are reported as ever, and an entry the
child made from other bytes is never taken."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from codegen import speccache, specprefetch
from codegen.manifest import Recorded, file_digest

from .support import REPO, SPECS, age_manifest, generated_files

# Runs the CLI and reports on stderr's last line whether a child was started, whether every child started was
# reaped by toolgen itself, whether this process parsed, and whether it imported the pipeline at all.
_CLI = """
import json, os, sys
from codegen import specprefetch
started = []
real_start = specprefetch.start
def start(*args):
    real_start(*args)
    if specprefetch._child is not None:
        started.append(specprefetch._child.pid)
specprefetch.start = start
def reaped(pid):
    try:
        os.waitpid(pid, os.WNOHANG)  # a child still running, or a zombie toolgen left, is found here
    except ChildProcessError:
        return True
    return False
from codegen.cli import main
sys.argv = ["toolgen", *sys.argv[1:]]
code = 0
try:
    main()
except SystemExit as done:
    code = done.code or 0
print(json.dumps({"code": code, "forked": bool(started), "reaped": all(map(reaped, started)),
                  "parsed_here": "codegen.irbuild" in sys.modules,
                  "pipeline_imported": "codegen.generate" in sys.modules}), file=sys.stderr)
"""


def _run_python(root: Path, code: str, *args: str, **env: str) -> subprocess.CompletedProcess:
    """`python -c code args` in `root` with this checkout, its own cache, and the pool and cache switches only
    as `env` sets them."""
    inherited = {
        k: v for k, v in os.environ.items() if k not in ("TOOLGEN_NO_POOL", "TOOLGEN_NO_CACHE")
    }
    environment = {
        **inherited,
        "PYTHONPATH": str(REPO),
        "TOOLGEN_CACHE_DIR": str(root / "cache"),
        **env,
    }
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=root,
        env=environment,
        capture_output=True,
        text=True,
    )


def _cli(root: Path, *args: str, **env: str) -> tuple[dict, str]:
    done = _run_python(root, _CLI, *args, **env)
    *messages, report = done.stderr.strip().splitlines()
    return json.loads(report), "\n".join(messages)


@pytest.fixture()
def project(tmp_path):
    shutil.copytree(SPECS, tmp_path / "specs")
    report, messages = _cli(tmp_path, "generate", "specs", "--out", "out")
    assert report["code"] == 0, messages
    age_manifest(tmp_path / "out")
    return tmp_path


def _edit(spec: Path, old: str, new: str) -> None:
    text = spec.read_text()
    assert old in text
    spec.write_text(text.replace(old, new, 1))


def test_a_changed_spec_is_validated_in_the_child_and_the_output_is_unchanged_by_it(project):
    spec = project / "specs" / "clear_context.yaml"
    _edit(spec, "fresh context window", "new context window")
    report, messages = _cli(project, "generate", "specs", "--out", "out")
    assert report["code"] == 0, messages
    if report["forked"]:
        assert not report[
            "parsed_here"
        ], "the child's entry was taken: this process imported no validator"
    else:  # one core, or not Linux: the run validates here, as it always did
        assert report["parsed_here"]
    reference, messages = _cli(
        project,
        "generate",
        "specs",
        "--out",
        "reference",
        TOOLGEN_NO_POOL="1",
        TOOLGEN_NO_CACHE="1",
    )
    assert reference["code"] == 0 and not reference["forked"], messages
    assert generated_files(project / "out") == generated_files(project / "reference")


def test_when_nothing_changed_the_child_is_stopped_and_nothing_more_is_imported(project):
    """The child starts alongside the no-change fast path; when that proves the output current, the child is
    discarded (stopped and reaped), and the pipeline is never imported."""
    for command in ("generate", "check"):
        report, messages = _cli(project, command, "specs", "--out", "out")
        assert report["code"] == 0, messages
        assert report["forked"] or sys.platform != "linux" or len(os.sched_getaffinity(0)) == 1
        assert report["reaped"], "a child outlived the command"
        assert not report["pipeline_imported"] and not report["parsed_here"]
    _edit(project / "specs" / "clear_context.yaml", "fresh context window", "new context window")
    report, messages = _cli(project, "generate", "specs", "--out", "out")
    assert report["code"] == 0 and report["pipeline_imported"] and report["reaped"], messages


def test_an_invalid_changed_spec_is_reported_as_without_the_child(project):
    spec = project / "specs" / "clear_context.yaml"
    _edit(spec, "description:", "isTerminal: maybe\ndescription:")
    report, messages = _cli(project, "generate", "specs", "--out", "out")
    reference, expected = _cli(project, "generate", "specs", "--out", "out", TOOLGEN_NO_POOL="1")
    assert report["code"] == reference["code"] == 2
    assert not reference["forked"]
    assert messages == expected and "specs/clear_context.yaml:" in messages


class _Child:
    def __init__(self, entries):
        self._entries = entries

    def entries(self):
        return self._entries


def test_an_entry_made_from_other_bytes_is_never_taken(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TOOLGEN_CACHE_DIR", str(tmp_path / "cache"))
    shutil.copytree(SPECS, tmp_path / "specs")
    paths, limit = [Path("specs")], speccache.POOL_MIN_SPECS - 1
    # What a child would send for the specs as they are now (no manifest: every spec counts as changed) ...
    made = speccache.missing_entries(paths, 1 << 20, Recorded(), limit)
    assert len(made) == len(list((tmp_path / "specs").glob("*.yaml")))
    # ... then one spec changes before this process reads it.
    spec = tmp_path / "specs" / "clear_context.yaml"
    _edit(spec, "fresh context window", "new context window")
    monkeypatch.setattr(specprefetch, "_child", _Child(made))
    parsed_here: list[str] = []
    real_load_many = speccache._load_many

    def load_many(contents, max_spec_bytes):
        parsed_here.extend(contents)
        return real_load_many(contents, max_spec_bytes)

    monkeypatch.setattr(speccache, "_load_many", load_many)
    loaded = speccache.load_tools_keyed(paths, 1 << 20)
    assert parsed_here == [
        "specs/clear_context.yaml"
    ], "every other spec came from the child's entries"
    tool = next(tool for tool in loaded.tools if tool.source == "specs/clear_context.yaml")
    assert "new context window" in tool.description
    new_key = speccache.spec_key("specs/clear_context.yaml", file_digest(spec.read_bytes()), 1 << 20)
    assert new_key not in made


@pytest.mark.skipif(sys.platform != "linux", reason="the child is forked on Linux only")
def test_a_child_whose_entries_were_never_taken_is_stopped_and_reaped_by_the_next_start(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(
        specprefetch, "_can_fork", lambda: True
    )  # also with one core, or a thread of pytest's
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TOOLGEN_CACHE_DIR", str(tmp_path / "cache"))
    shutil.copytree(SPECS, tmp_path / "specs")
    specprefetch.start([Path("specs")], 1 << 20, Path("out"))
    first = specprefetch._child
    assert first is not None
    specprefetch.start([Path("specs")], 1 << 20, Path("out"))
    second = specprefetch._child
    assert second is not None and second.pid != first.pid
    with pytest.raises(ChildProcessError):
        os.waitpid(first.pid, os.WNOHANG)  # already reaped
    assert specprefetch.take({}) == {}
    assert specprefetch._child is None
    with pytest.raises(ChildProcessError):
        os.waitpid(second.pid, os.WNOHANG)  # take waited for it


_NOISY_CHILD = """
import os, sys
from pathlib import Path
from codegen import specprefetch

def noisy(*args):
    Path("child-streams").write_text(" ".join(os.readlink(f"/proc/self/fd/{fd}") for fd in (0, 1, 2)))
    print("child stdout", flush=True)
    print("child stderr", file=sys.stderr, flush=True)
    return {}

specprefetch._entries = noisy
from codegen.cli import main
sys.argv = ["toolgen", "generate", "specs", "--out", "out"]
main()
"""


@pytest.mark.skipif(sys.platform != "linux", reason="the child is forked on Linux only")
def test_the_child_never_writes_to_nor_holds_the_callers_streams(tmp_path):
    shutil.copytree(SPECS, tmp_path / "specs")
    done = _run_python(tmp_path, _NOISY_CHILD)
    assert done.returncode == 0, done.stderr
    assert "child" not in done.stdout + done.stderr
    # a child holding the caller's pipes would keep a reader such as capture_output waiting after the parent ends
    assert (tmp_path / "child-streams").read_text() == " ".join([os.devnull] * 3)


def test_the_command_stops_a_child_whose_run_ended_before_taking_it(monkeypatch):
    """A run that ends with an error after the child started (a config problem found after the fast path)
    never takes its entries: the `toolgen` command stops and reaps the child as it exits."""
    from codegen import cli

    stopped = []

    class Untaken:
        def discard(self):
            stopped.append(True)

    def failing_main():
        monkeypatch.setattr(specprefetch, "_child", Untaken())
        raise SystemExit(2)

    monkeypatch.setattr(cli, "main", failing_main)
    monkeypatch.setattr("gc.freeze", lambda: None)
    with pytest.raises(SystemExit):
        cli.run()
    assert stopped == [True] and specprefetch._child is None
