"""The tested custom-template overrides (tests/override_templates/, one per language) render over the real-SDK
corpus, change every tool file as intended, parse, and read only variables the built-in template declares.

Node.js, Python, Go, Rust and Java compile them against the real SDK (the `override` test of each
tests/test_sdk_*.py; Java's is blocked while Maven Central lacks its 1.0 SDK). .NET is checked here only, with the
tree-sitter grammar, because GitHub.Copilot.SDK cannot be restored on this machine kind (design §5.3).
"""

from __future__ import annotations

from functools import cache

import jinja2.meta
import pytest

from codegen.targets import template_vars
from codegen.run.generate import load_tools, render_outputs
from codegen.targets.render import environment

from .support import ALL_SPEC_DIRS, OVERRIDE_TEMPLATES
from .test_syntax import syntax_problems

MARK = "Registered by our plugin loader (added by a custom template)."
LANGUAGES = ["nodejs", "python", "go", "dotnet", "java", "rust"]
# tree-sitter-typescript misreads these members (tests/test_hostile_corpus.py marks the same cases xfail)
GRAMMAR_LIMITS = {"nodejs": "reserved_recursive_"}


@cache
def _tools():
    return load_tools(ALL_SPEC_DIRS)[0]  # the real-SDK tests render the whole corpus


def _override(language: str) -> str:
    [template] = [path.name for path in (OVERRIDE_TEMPLATES / language).iterdir()]
    return template


def test_there_is_one_override_per_language():
    assert sorted(path.name for path in OVERRIDE_TEMPLATES.iterdir() if path.is_dir()) == sorted(LANGUAGES)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_override_marks_every_tool_file_and_still_parses(language):
    builtin, _ = render_outputs(_tools(), [language])
    custom, _ = render_outputs(_tools(), [language], templates=str(OVERRIDE_TEMPLATES))
    assert custom.keys() == builtin.keys()
    changed = [path for path in custom if custom[path] != builtin[path]]
    assert changed and all(MARK in custom[path] for path in changed)
    assert len(changed) == len(_tools()), "exactly the tool files change, one per tool"
    limit = GRAMMAR_LIMITS.get(language)
    problems = [
        problem
        for path, text in custom.items()
        if not (limit and limit in path)
        for problem in syntax_problems(path, text)
    ]
    assert not problems, problems[:10]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_override_reads_only_declared_variables(language):
    template = _override(language)
    env = environment(language, str(OVERRIDE_TEMPLATES))
    source = (OVERRIDE_TEMPLATES / language / template).read_text("utf-8")
    read = jinja2.meta.find_undeclared_variables(env.parse(source))
    declared = {item.name.split(".")[0] for item in template_vars.declared_variables(language, template)}
    assert read <= declared, sorted(read - declared)
