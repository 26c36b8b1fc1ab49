"""Every generated file, for every target, parses with its language's tree-sitter grammar without errors."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
import tree_sitter

from codegen.run.generate import load_tools, render_outputs
from codegen.targets import target_names

from .support import ALL_SPEC_DIRS


@cache
def _language(suffix: str) -> tree_sitter.Language:
    if suffix == ".py":
        import tree_sitter_python as grammar

        return tree_sitter.Language(grammar.language())
    if suffix == ".ts":
        import tree_sitter_typescript as grammar

        return tree_sitter.Language(grammar.language_typescript())
    if suffix == ".go":
        import tree_sitter_go as grammar

        return tree_sitter.Language(grammar.language())
    if suffix == ".cs":
        import tree_sitter_c_sharp as grammar

        return tree_sitter.Language(grammar.language())
    if suffix == ".java":
        import tree_sitter_java as grammar

        return tree_sitter.Language(grammar.language())
    if suffix == ".rs":
        import tree_sitter_rust as grammar

        return tree_sitter.Language(grammar.language())
    raise AssertionError(f"no grammar for generated file type {suffix!r}")


def syntax_problems(path: str, text: str) -> list[str]:
    """ERROR and MISSING nodes in `text`, as 'path:line:col: kind' strings (empty when it parses cleanly)."""
    if path.endswith(".json"):  # Python's own parser is the strict JSON grammar (no comments, no trailing commas)
        try:
            json.loads(text)
        except json.JSONDecodeError as error:
            return [f"{path}:{error.lineno}:{error.colno}: syntax error"]
        return []
    tree = tree_sitter.Parser(_language(Path(path).suffix)).parse(text.encode("utf-8"))
    problems: list[str] = []
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        if node.is_error or node.is_missing:
            kind = "missing " + node.type if node.is_missing else "syntax error"
            problems.append(f"{path}:{node.start_point[0] + 1}:{node.start_point[1] + 1}: {kind}")
        if node.has_error:
            stack.extend(node.children)
    return problems


@cache
def _all_outputs(target: str) -> dict[str, str]:
    tools, _ = load_tools(ALL_SPEC_DIRS)
    outputs, _ = render_outputs(tools, [target])
    return outputs


def test_every_target_is_registered():
    assert target_names() == ["nodejs", "python", "go", "dotnet", "java", "rust", "json"]


@pytest.mark.parametrize("target", target_names())
def test_generated_files_parse_without_errors(target):
    outputs = _all_outputs(target)
    assert outputs, f"{target} generated nothing"
    problems = [problem for path, text in outputs.items() for problem in syntax_problems(path, text)]
    assert not problems, "\n".join(problems[:50])


@pytest.mark.parametrize(
    ("path", "text"),
    [
        ("x.py", "def f(:\n"),
        ("x.ts", "export const a = ;\n"),
        ("x.go", "package p\nfunc f( {\n"),
        ("x.cs", "class C { void M( }\n"),
        ("x.java", "class C { void m( }\n"),
        ("x.rs", "fn f( {\n"),
        ("x.json", '{"a": 1,}\n'),
    ],
)
def test_the_syntax_check_catches_broken_code(path, text):
    assert syntax_problems(path, text)
