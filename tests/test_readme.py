"""README.md shows clear_context exactly as generated, and documents the two Quick start commands."""

from __future__ import annotations

from .readme_sync import README, clear_context_files, updated_readme


def test_readme_shows_clear_context_in_all_six_languages():
    targets = [target for target, _ in clear_context_files()]
    assert targets == ["nodejs", "python", "go", "dotnet", "java", "rust"]
    assert README.read_text("utf-8") == updated_readme(), "README examples are stale: run python -m tests.readme_sync"


def test_ci_runs_the_readme_test_command():
    readme = README.read_text("utf-8")
    ci = (README.parent / ".ci" / "run").read_text("utf-8")
    command = 'python -m pip install -q -e ".[test]" && python -m pytest'
    assert command in readme and command in ci
