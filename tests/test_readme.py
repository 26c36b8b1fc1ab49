"""docs/example.md shows clear_context exactly as generated (the README links it), and the README documents the two
Quick start commands."""

from __future__ import annotations

import re

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


README_LIMIT = 450  # issue 27, item 5: reference material lives in docs/, linked


def test_the_readme_is_short_and_starts_with_the_quick_start():
    lines = README.read_text("utf-8").splitlines()
    assert len(lines) <= README_LIMIT, f"README.md has {len(lines)} lines; move reference material into docs/"
    headings = [line for line in lines if line.startswith("## ")]
    assert headings[:2] == ["## Quick start", "## Install"]


def _anchors(markdown: str) -> set[str]:
    """The anchors GitHub gives a Markdown file's headings (outside code blocks), in order."""
    from codegen.review.github_slug import Slugger

    slugger, anchors, fenced = Slugger(), set(), False
    for line in markdown.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and re.match(r"#{1,6} ", line):
            text = re.sub(r"`([^`]*)`", r"\1", line.lstrip("#").strip())  # a code span's text is the heading's
            anchors.add(slugger.slug(re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)))
    return anchors


def test_every_link_of_the_readme_and_its_docs_leads_somewhere():
    """The material moved out of the README is linked, and every link and anchor in it (and in docs/) works on
    GitHub: the file exists, and the anchor is one GitHub gives a heading there."""
    pages = [README, *sorted((README.parent / "docs").glob("*.md"))]
    for page in pages:
        if page.name == "tools.md":
            continue  # generated; tests/test_docs.py checks its links
        text = re.sub(r"```.*?```", "", page.read_text("utf-8"), flags=re.S)
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if target.startswith(("http://", "https://")):
                continue
            path, _, anchor = target.partition("#")
            linked = (page.parent / path).resolve() if path else page
            assert linked.exists(), f"{page.name}: {target}"
            if anchor and linked.suffix == ".md":
                assert anchor in _anchors(linked.read_text("utf-8")), f"{page.name}: {target}"
