"""Each built-in template's declared variables are what its target really passes and what it really reads.

The declarations (the opening comment of every template, codegen/template_vars.py) are what `toolgen templates`
prints; these tests plan every target over the whole corpus, with its options varied, and compare every context
that render receives with them, so that the listing cannot drift from the code.
"""

from __future__ import annotations

from collections import defaultdict
from functools import cache
from typing import Any

import jinja2
import jinja2.meta
import pytest
from click.testing import CliRunner

from codegen.targets import template_vars
from codegen.cli import main
from codegen.run.generate import load_tools
from codegen.targets.render import builtin_templates, environment
from codegen.targets import Reporter, get_target, target_names

from .support import ALL_SPEC_DIRS, STRESS_SPECS

# Options that change what a target passes (another package layout, an import path).
OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "python": [{}, {"package": "acme.tools"}],
    "go": [{}, {"import_path": "example.com/tools"}],
    "rust": [{}, {"layout": "lib.rs"}],
}


@cache
def _contexts(target: str) -> dict[str, list[dict[str, Any]]]:
    """Template name → every context the target passes it, over the corpus and the option sets."""
    tools, _ = load_tools([*ALL_SPEC_DIRS, STRESS_SPECS])
    found: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for options in OPTION_SETS.get(target, [{}]):
        for planned in get_target(target).plan(tools, options, Reporter()):
            found[planned.template].append(dict(planned.context))
    return found


def _cases() -> list[tuple[str, str]]:
    return [(target, template) for target in target_names() for template in builtin_templates(target)]


@pytest.mark.parametrize(("target", "template"), _cases())
def test_the_declared_variables_are_the_ones_passed(target, template):
    declared = template_vars.declared_variables(target, template)
    top = {item.name: item for item in declared if "." not in item.name}
    members = defaultdict(dict)
    for item in declared:
        if "." in item.name:
            owner, member = item.name.split(".", 1)
            assert owner in top, f"{item.name}: no variable {owner} is declared"
            members[owner][member] = item
    contexts = _contexts(target)[template]
    assert contexts, f"the corpus never renders {target}/{template}, so its declaration cannot be checked"
    for context in contexts:
        assert sorted(context) == sorted(top), f"{target}/{template}: declared {sorted(top)}, passed {sorted(context)}"
        for name, item in top.items():
            value = context[name]
            assert template_vars.matches(value, item.type), f"{name}: {value!r:.200} is not {item.type}"
            if name in members and value is not None:
                for entry in value if isinstance(value, list) else [value]:
                    assert sorted(entry) == sorted(members[name]), f"{name}: members {sorted(entry)}"
                    for member, declared_member in members[name].items():
                        assert template_vars.matches(entry[member], declared_member.type), f"{name}.{member}"


@pytest.mark.parametrize(("target", "template"), _cases())
def test_the_template_reads_only_declared_variables(target, template):
    env = environment(target)
    source = env.loader.get_source(env, template)[0]
    read = jinja2.meta.find_undeclared_variables(env.parse(source))
    declared = {item.name for item in template_vars.declared_variables(target, template) if "." not in item.name}
    assert read <= declared, f"{target}/{template} reads undeclared {sorted(read - declared)}"


@pytest.mark.parametrize(
    ("value", "type_text", "expected"),
    [
        ("x", "str", True),
        (None, "str", False),
        (None, "str | None", True),
        (["a", "b"], "list[str]", True),
        (["a", 1], "list[str]", False),
        ([["a"]], "list[list[str]]", True),
        ([], "list[dict]", True),
        (True, "int", False),
        (True, "bool", True),
        ({"a": 1}, "dict | None", True),
        ([{"a": 1}], "list[dict]", True),
    ],
)
def test_types_are_checked(value, type_text, expected):
    assert template_vars.matches(value, type_text) is expected


def test_a_malformed_declaration_is_reported():
    with pytest.raises(template_vars.DeclarationError, match="expected 'name: type — meaning'"):
        template_vars.parse_declarations("{#- variables\nheader str\n-#}\n", "x/y.j2")
    with pytest.raises(template_vars.DeclarationError, match="must open"):
        template_vars.parse_declarations("{{ header }}\n", "x/y.j2")


def test_the_command_lists_every_template_and_variable():
    result = CliRunner().invoke(main, ["templates"])
    assert result.exit_code == 0, result.output
    for target, template in _cases():
        assert f"{target}/{template}" in result.output
        for item in template_vars.declared_variables(target, template):
            assert f"{item.name}: {item.type}" in result.output


def test_the_command_lists_a_dicts_keys_and_marks_unread_variables():
    result = CliRunner().invoke(main, ["templates", "rust"])
    assert result.exit_code == 0, result.output
    assert "tool.rs.j2" in result.output and "go/" not in result.output
    dotnet = CliRunner().invoke(main, ["templates", "dotnet"]).output
    assert "    options.is_terminal: bool — `IsTerminal = true`" in dotnet  # a dict's key, indented under it
    assert "namespace: str (not read by the built-in template)" in dotnet


def test_an_unknown_target_is_a_usage_error():
    result = CliRunner().invoke(main, ["templates", "golang"])
    assert result.exit_code == 2
    assert "unknown target 'golang'" in result.output


def test_the_readme_example_reads_only_declared_variables():
    """The README's custom-template example: every name it reads, and every member it reads of a loop variable,
    is declared by the built-in template it overrides."""
    from jinja2 import nodes

    from .support import REPO

    section = (REPO / "docs" / "templates.md").read_text("utf-8").split("## Custom templates", 1)[1].split("\n## ", 1)[0]
    example = section.split("```jinja\n", 1)[1].split("```", 1)[0]
    declared = {item.name for item in template_vars.declared_variables("python", "__init__.py.j2")}
    env = environment("python")
    tree = env.parse(example)
    read = jinja2.meta.find_undeclared_variables(tree)
    assert read and read <= declared
    loops = {
        loop.target.name: loop.iter.name
        for loop in tree.find_all(nodes.For)
        if isinstance(loop.target, nodes.Name) and isinstance(loop.iter, nodes.Name)
    }
    members = {
        f"{loops[node.node.name]}.{node.attr}"
        for node in tree.find_all(nodes.Getattr)
        if isinstance(node.node, nodes.Name) and node.node.name in loops
    }
    assert members and members <= declared, members - declared
