"""The Python templates write the code (issue 19): the models, fields, aliases, imports, `__all__`, `ToolHandlers`
and the factory are spelled in templates/python/, and the view passes names, literals, types and black's layout
choices as values, never finished lines. A custom template that renames the factory, wraps the handler or adds an
annotation therefore changes the code it means to, and black (which runs whenever custom templates are in play)
keeps the result in black's format.
"""

from __future__ import annotations

import ast
from functools import cache

import black
import pytest

from codegen.targets import template_vars
from codegen.targets.python.target import black_mode
from codegen.run.generate import load_tools, render_outputs

from .support import ALL_SPEC_DIRS, REPO

TEMPLATES = REPO / "templates" / "python"


def _source(template: str) -> str:
    return (TEMPLATES / template).read_text("utf-8")


@pytest.mark.parametrize(
    ("template", "spelled"),
    [
        (
            "tool.py.j2",
            [
                "(BaseModel):",
                "    {%+ call statement() %}model_config = ConfigDict(",
                "__pydantic_extra__: dict[str, {{ d.extra }}] = Field(init=False)",
                "{{ f.name }}: {{ f.annotation }}",
                "default={{ f.default }}",
                "{{ d.name }}: TypeAlias = {{ d.value }}",
                "{{ name }}.model_rebuild()",
                "from {{ item.module }} import {% for name in item.names %}{{ name }}",
                "def {{ factory.name }}(handler: {{ handler.name }}) -> Tool:",
                "def call(params: {{ factory.params }}, invocation: ToolInvocation) -> Any:",
                "return dataclasses.replace(tool, parameters=copy.deepcopy({{ schema.name }}))",
                "{% block declarations %}",
                "{% block factory %}",
            ],
        ),
        (
            "__init__.py.j2",
            [
                "from .{{ m.module }} import {% for name in m.names %}{{ name }}",
                "__all__ = [",
                "{{ h.field }}: {{ h.handler }}",
                "{{ h.factory }}(handlers.{{ h.field }})",
            ],
        ),
    ],
)
def test_the_templates_spell_the_code(template, spelled):
    source = _source(template)
    missing = [text for text in spelled if text not in source]
    assert not missing, missing


@pytest.mark.parametrize("template", ["tool.py.j2", "__init__.py.j2"])
def test_no_template_receives_finished_lines(template):
    """Values that are whole statements (`lines`, `header`/`body` lines, `*_lines`, a `signature`) are gone."""
    names = [item.name for item in template_vars.declared_variables("python", template)]
    finished = [name for name in names if name.split(".")[-1] in {"lines", "body", "signature"} or "_lines" in name]
    assert not finished, finished


# -- custom templates that change the code -------------------------------------------------------------------------

OVERRIDES = {
    # the factory renamed: every variable the built-in template reads stays as it is, but one
    "renamed": (
        '{% with factory = dict(factory, name="make_" ~ factory.name) %}'
        '{% include "builtin/tool.py.j2" %}{% endwith %}'
    ),
    # the handler wrapped by a second factory that logs each call
    "wrapped": (
        '{% extends "builtin/tool.py.j2" %}\n{% block factory %}\n{{ super() }}\n\n'
        "def logged_{{ factory.name }}(handler: {{ handler.name }}, log: Callable[[str], None]) -> Tool:\n"
        '    """{{ factory.name }}, logging each call first."""\n\n'
        "    def logged(*args: Any) -> Any:\n"
        "        log({{ factory.tool_name }})\n"
        "        return handler(*args)\n\n"
        "    return {{ factory.name }}(logged)\n"
        "{% endblock %}\n"
    ),
    # an annotation on every model: a class decorator
    "annotated": (
        '{% extends "builtin/tool.py.j2" %}\n{% block declarations %}\n'
        '{{ super() | replace("\\nclass ", "\\n@typing.final\\nclass ") }}'
        "{% endblock %}\n"
    ),
}


@cache
def _tools():
    return load_tools(ALL_SPEC_DIRS)[0]


@pytest.mark.parametrize("name", sorted(OVERRIDES))
def test_a_custom_template_that_changes_the_code_gets_black_formatted_python(name, tmp_path):
    folder = tmp_path / "templates" / "python"
    folder.mkdir(parents=True)
    (folder / "tool.py.j2").write_text(OVERRIDES[name], "utf-8")
    builtin, _ = render_outputs(_tools(), ["python"])
    custom, _ = render_outputs(_tools(), ["python"], templates=str(folder.parent))
    mode = black_mode()
    changed = 0
    for path, text in custom.items():
        tree = ast.parse(text)  # valid Python
        assert black.format_str(text, mode=mode) == text, f"{path} is not in black's format"
        if path.endswith("__init__.py"):
            continue
        changed += text != builtin[path]
        functions = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
        if name == "renamed":
            assert any(function.startswith("make_") for function in functions), path
        if name == "wrapped":
            assert any(function.startswith("logged_") for function in functions), path
        if name == "annotated":
            classes = [node for node in tree.body if isinstance(node, ast.ClassDef)]
            assert all(ast.unparse(node.decorator_list[0]) == "typing.final" for node in classes), path
    assert changed >= (len(_tools()) if name != "annotated" else 1)
