"""How much of each language's generated code the templates spell: a template shows the code it produces.

Every value a template outputs (`{{ … }}`) is wrapped in two marker characters while the corpus renders (Jinja's
`finalize`); what stands outside the markers came from the template's own text. Names, prose and JSON are left out
of the count, since a view must supply them: a value counts as one of them when it is an identifier (dotted or not,
or a module path), a string literal of the language, a comment or doc comment, a JSON-shaped literal (the wire
schema, however the language spells it), or prose: a value the view passes under a prose key (`doc`, `docstring`,
`comment`, `header`, …), such as the text of doc comment lines the template writes the `//` of. Everything else a view supplied — a type, an expression, an attribute, a declaration — counts
against the template. Only non-space characters count, so indentation and blank lines weigh nothing.

The share is literal template text / (literal template text + counted values), per language, over specs/, the edge
specs and GitHub's MCP server tools (117 real tools); each language must reach `THRESHOLD`.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from codegen.layout import markup
from codegen.run.generate import load_tools, render_outputs
from codegen.targets import render

from . import support

THRESHOLD = 0.70
# Languages whose templates do not spell enough of their code yet (issue #26): each leaves this list when it passes.
BELOW_THRESHOLD = {"dotnet", "java", "rust"}
LANGUAGES = [
    pytest.param(name, marks=pytest.mark.xfail(strict=True, reason="issue #26")) if name in BELOW_THRESHOLD else name
    for name in ["nodejs", "python", "go", "dotnet", "java", "rust"]
]
OPEN, CLOSE = "\ue0f0", "\ue0f1"
PROSE_OPEN, PROSE_CLOSE = "\ue0f2", "\ue0f3"
PROSE_KEYS = {"doc", "docs", "docstring", "module_doc", "class_doc", "comment", "header", "header_comment"}

_IDENTIFIER = re.compile(r"[A-Za-z_$][\w$]*(?:(?:\.|::)[A-Za-z_$][\w$]*)*[?!]?|[\w.\-]+(?:/[\w.\-]+)+")
_STRING = re.compile(
    r'''(?:[rRbBuU@$]*|r#+)?(?:"""[\s\S]*"""|"(?:[^"\\\n]|\\.)*"#*|'(?:[^'\\\n]|\\.)*'|`[^`]*`)'''
)
_COMMENT_LINE = re.compile(r"\s*(?://|/\*\*?|\*|#|--)")
_JSON_TOKEN = re.compile(
    r'''\s*(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null|True|False|None'''
    r"""|[A-Za-z_$][\w$]*\s*:|[{}\[\],:]|\.\.\.)"""
)


def _is_data(value: str) -> bool:
    """A name, a string literal, prose (a comment) or a JSON-shaped literal: supplied by any view."""
    text = value.strip()
    if not text:
        return True
    if _IDENTIFIER.fullmatch(text) or _STRING.fullmatch(text):
        return True
    lines = [line for line in text.splitlines() if line.strip()]
    if all(_COMMENT_LINE.match(line) for line in lines):
        return True
    if text[0] in "{[":
        position = 0
        while position < len(text):
            found = _JSON_TOKEN.match(text, position)
            if found is None or found.end() == position:
                return False
            position = found.end()
        return True
    return False


def _count(text: str) -> tuple[int, int]:
    """(literal template characters, counted value characters) of one rendered file, spaces left out."""
    literal = counted = 0
    depth = 0
    value: list[str] = []
    text = re.sub(f"{PROSE_OPEN}[^{PROSE_CLOSE}]*{PROSE_CLOSE}", "", text)
    for piece in re.split(f"([{OPEN}{CLOSE}])", text):
        if piece == OPEN:
            depth += 1
            if depth == 1:
                value = []
        elif piece == CLOSE:
            depth -= 1
            if depth == 0:
                joined = "".join(value)
                if not _is_data(joined):
                    counted += len(re.sub(r"\s", "", joined))
        elif depth:
            value.append(piece)
        else:
            literal += len(re.sub(r"\s", "", piece))
    return literal, counted


@pytest.fixture(scope="module")
def tools():
    loaded, _ = load_tools([support.SPECS, support.EDGE_SPECS, support.realworld_specs() / "github-mcp-server"])
    return loaded


class _Prose(str):
    """A value passed under a prose key: marked apart, and left out of the count."""


def _tag_prose(value, prose=False):
    if isinstance(value, dict):
        return {key: _tag_prose(item, key in PROSE_KEYS) for key, item in value.items()}
    if isinstance(value, list):
        return [_tag_prose(item, prose) for item in value]
    if prose and isinstance(value, str):
        return _Prose(value)
    return value


def _finalize(value):
    if isinstance(value, _Prose):
        return f"{PROSE_OPEN}{value}{PROSE_CLOSE}"
    return f"{OPEN}{value}{CLOSE}"


def _marked_environment(original):
    def marked(target: str, override_root: str | None = None):
        # Jinja compiles `finalize` into the template code, so templates compiled earlier (in memory or in
        # toolgen's on-disk bytecode cache) would render unmarked: the overlay compiles afresh.
        return original(target, override_root).overlay(finalize=_finalize, bytecode_cache=None)

    return marked


def _tagging_render(original):
    def tagged(target, template, context, *args, **kwargs):
        return original(target, template, _tag_prose(dict(context)), *args, **kwargs)

    return tagged


@pytest.mark.parametrize("language", LANGUAGES)
def test_templates_spell_most_of_the_code(language, tools, monkeypatch):
    from codegen.run import outputs

    monkeypatch.setenv("TOOLGEN_NO_CACHE", "1")  # every file rendered now, through the marking environment
    monkeypatch.setenv("TOOLGEN_NO_POOL", "1")  # in this process: a worker process would render unmarked
    monkeypatch.setattr(render, "environment", _marked_environment(render.environment))
    monkeypatch.setattr(outputs, "render", _tagging_render(outputs.render))
    outputs, _ = render_outputs(tools, [language])
    literal = counted = 0
    for path, text in outputs.items():
        file_literal, file_counted = _count(text)
        literal += file_literal
        counted += file_counted
    assert any(OPEN in text for text in outputs.values()), "no value went through the marking environment"
    share = literal / (literal + counted)
    print(f"{language}: {share:.1%} of the code is template text ({literal} of {literal + counted} characters)")
    assert share >= THRESHOLD, f"{language}: only {share:.1%} of the generated code is literal template text"


def test_the_measure_tells_template_text_from_values():
    assert _count(f"class {OPEN}Foo{CLOSE}(BaseModel):") == (len("class(BaseModel):"), 0)
    assert _count(f"x = {OPEN}Field(default=None){CLOSE}") == (2, len("Field(default=None)"))
    assert _count(f'{OPEN}"a string"{CLOSE}{OPEN}// a comment{CLOSE}{OPEN}{{"type": "object"}}{CLOSE}') == (0, 0)
    assert _count(f"{OPEN}{{ type: [1, 2], ok: true }}{CLOSE}") == (0, 0)
    assert _count(f"{OPEN}pub struct A {{ b: u8 }}{CLOSE}") == (0, len("pubstructA{b:u8}"))
    assert _count(f"//{PROSE_OPEN}Fetch a page (any URL).{PROSE_CLOSE}") == (2, 0)
    assert _count(f"import {OPEN}github.com/github/copilot-sdk/go{CLOSE}") == (6, 0)
