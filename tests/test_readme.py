"""docs/example.md shows clear_context exactly as generated (the README links it), and the README documents the two
Quick start commands."""

from __future__ import annotations

from .readme_sync import EXAMPLE, README, clear_context_files, updated_readme


def test_readme_shows_clear_context_in_all_six_languages():
    targets = [target for target, _ in clear_context_files()]
    assert targets == ["nodejs", "python", "go", "dotnet", "java", "rust"]
    assert EXAMPLE.read_text("utf-8") == updated_readme(), "docs/example.md is stale: run python -m tests.readme_sync"
    assert "](docs/example.md)" in README.read_text("utf-8")


def test_ci_runs_the_readme_test_command():
    readme = README.read_text("utf-8")
    ci = (README.parent / ".ci" / "run").read_text("utf-8")
    command = 'python -m pip install -q -e ".[test]" && python -m pytest'
    assert command in readme and command in ci
