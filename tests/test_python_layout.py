"""The Python target prints black's format itself (codegen/targets/python/layout.py), so toolgen does not run black.

Proof, against the installed black: every spec toolgen ships or tests with, generated specs (hypothesis), targeted
edge cases (lengths around the 88-column edge, wide characters, quotes and backslashes, deep nesting, long names,
many enum values) render to modules that are fixed points of black; random statements of every shape the templates
mark (long names, long descriptions, East Asian text, deep nesting) are laid out exactly as `black.format_str` lays
out their flat text; and the generate path does not import black for them.
"""

from __future__ import annotations

import inspect
import keyword
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import black
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from codegen.layout.doc import IndentTo, print_doc
from codegen.run.generate import load_tools
from codegen.targets import Reporter
from codegen.targets.base import PlannedFile
from codegen.targets.python import layout, target
from codegen.targets.python.doc import docstring
from codegen.targets.python.syntax import KEYWORDS, py_literal, py_str
from codegen.targets.python.target import black_mode
from codegen.targets.render import render

from . import support
from .spec_strategy import EXAMPLES, spec_documents, spec_settings, write_spec_documents

MODE = black_mode()
ROOT = Path(__file__).resolve().parent.parent


def _black(text: str) -> str:
    return black.format_str(text, mode=MODE)


def _rendered(spec_dirs: list[Path]) -> list[tuple[PlannedFile, str]]:
    tools, _ = load_tools(spec_dirs)
    plan = target.TARGET.plan(tools, {}, Reporter())
    return [
        (planned, render("python", planned.template, dict(planned.context), style=layout.STYLE)) for planned in plan
    ]


def _assert_black_stable(rendered: list[tuple[PlannedFile, str]]) -> None:
    for planned, text in rendered:
        assert _black(text) == text, f"{planned.path} changes under black"



# -- the installed black is the one the layout reproduces ---------------------------------------------------------


def test_installed_black_is_a_verified_style():
    major = black.__version__.split(".")[0]
    assert major in target.VERIFIED_BLACK_MAJORS, (
        f"black {black.__version__}: run this file against it and add {major} to VERIFIED_BLACK_MAJORS "
        "(until then toolgen runs black on every generated module)"
    )
    assert layout._width_table() is not None, "black's width table was not found"


# -- every spec in the repository ---------------------------------------------------------------------------------


def test_every_sdk_spec_renders_black_stable_python():
    rendered = _rendered(support.SDK_SPEC_DIRS)
    assert len(rendered) > 500
    _assert_black_stable(rendered)


def test_format_all_returns_layout_output_unchanged_and_black_formats_custom_templates():
    (planned, text), *_ = _rendered(support.ALL_SPEC_DIRS)
    ugly = "x=[1,\n2]\n"
    assert target.TARGET.format_all([(planned, text)]) == [text]
    # with custom templates in play nothing is taken on trust: black formats every file
    assert target.TARGET.format_all([(planned, ugly)], custom_templates=True) == ["x = [1, 2]\n"]


def test_generating_python_does_not_import_black(tmp_path):
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from codegen.run.generate import load_tools, render_outputs\n"
        f"tools, _ = load_tools([Path(p) for p in {[str(path) for path in support.SDK_SPEC_DIRS]!r}])\n"
        "outputs, _ = render_outputs(tools, ['python'])\n"
        "print(len(outputs), 'black' in sys.modules)\n"
    )
    env = {**os.environ, "TOOLGEN_CACHE_DIR": str(tmp_path / "cache")}
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    count, imported = result.stdout.split()
    assert int(count) > 500 and imported == "False", result.stdout + result.stderr


# -- generated specs ----------------------------------------------------------------------------------------------


@spec_settings(max(200, EXAMPLES))
@given(documents=spec_documents())
def test_any_spec_renders_black_stable_python(documents):
    with tempfile.TemporaryDirectory() as folder:
        _assert_black_stable(_rendered([write_spec_documents(Path(folder) / "specs", documents)]))


def _spec(name: str, description: str, properties: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {
        "name": name,
        "description": description,
        "parameters": {"type": "object", "properties": properties, **extra},
        "metadata": {"note": description},
    }


def _nested(depth: int, leaf: dict[str, Any]) -> dict[str, Any]:
    for level in range(depth):
        leaf = {
            "type": "object",
            "description": f"Level {level}.",
            "properties": {f"level_{level}": leaf},
        }
    return leaf


TEXTS = [
    "a",
    "ab ",
    "\u540d\u524d",
    'say "hi"',
    "it's",
    "back\\slash",
    "q\"'",
    "\u00e9\u0301",
    "end\\",
]


def _targeted_specs() -> list[dict[str, Any]]:
    specs = []
    for length in range(
        60, 201, 4
    ):  # around the 88-column edge at every indentation the templates use
        for index, piece in enumerate(TEXTS):
            text = (piece * length)[:length].strip() or "x"
            name = f"t_{length}_{index}"
            specs.append(
                _spec(
                    name,
                    text,
                    {
                        "text_field": {"type": "string", "description": text, "default": text},
                        "choice": {
                            "type": "string",
                            "enum": [text[: length // 4] or "x", "b" * (length % 23)],
                        },
                        "numbers": {
                            "type": "array",
                            "items": {"type": "number"},
                            "default": [1e300, -2.5, 3],
                        },
                        "nested": _nested(length % 6, {"type": "string", "description": text}),
                    },
                    required=["text_field"] if length % 2 else [],
                )
            )
    long_name = "a_very_long_tool_name_that_keeps_going_and_going_until_sixty_four"[:64]
    specs.append(
        _spec(
            long_name,
            "Long names everywhere.",
            {
                "a_rather_long_property_name_for_a_nested_object": _nested(
                    5, {"type": "string", "enum": [f"value_number_{n}" for n in range(40)]}
                ),
                "many": {"type": "integer", "enum": list(range(-20, 60))},
                "mixed": {"type": ["string", "null"], "enum": ["a", "b", None]},
            },
        )
    )
    return specs


def test_targeted_specs_render_black_stable_python(tmp_path):
    _assert_black_stable(_rendered([write_spec_documents(tmp_path / "specs", _targeted_specs())]))


# -- statements of every shape the templates mark, against black ------------------------------------------------

IDENTIFIERS = st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,70}|[A-Z][A-Za-z0-9]{60,200}", fullmatch=True).filter(
    lambda name: name not in KEYWORDS and name not in {"match", "case", "type", "_"}
)
TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=120)
EAST_ASIAN = st.text(st.characters(min_codepoint=0x4E00, max_codepoint=0x4FFF), min_size=1, max_size=60)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | TEXT | EAST_ASIAN,
    lambda children: st.lists(children, max_size=6) | st.dictionaries(TEXT, children, max_size=6),
    max_leaves=30,
)
CONFIG_OPTIONS = ["populate_by_name=True", 'extra="forbid"', "protected_namespaces=()"]


@st.composite
def annotations(draw, depth: int = 0) -> str:
    kind = draw(st.integers(0, 7 if depth < 3 else 0))
    if kind == 0:
        return draw(st.sampled_from(["str", "int", "Any"]) | IDENTIFIERS)
    if kind == 1:
        return f"list[{draw(annotations(depth + 1))}]"
    if kind == 2:
        return f"dict[str, {draw(annotations(depth + 1))}]"
    if kind == 3:
        values = draw(st.lists(TEXT.map(py_str) | st.integers().map(str), min_size=1, max_size=30))
        return f"Literal[{', '.join(values)}]"
    if kind == 4:
        return f"{draw(annotations(depth + 1))} | None"
    if kind == 5:
        return f"Callable[[{draw(IDENTIFIERS)}, ToolInvocation], Any | Awaitable[Any]]"
    if kind == 6:
        union = " | ".join(draw(st.lists(IDENTIFIERS, min_size=2, max_size=3)))
        return f'Annotated[{union}, Field(discriminator="kind")]'
    return " | ".join(draw(st.lists(annotations(depth + 1), min_size=2, max_size=3)))


def _arguments(pairs: list[tuple[str, Any]]) -> list[Any]:
    parts: list[Any] = []
    for index, (keyword, value) in enumerate(pairs):
        parts += [", " if index else "", keyword, value]
    return parts


@st.composite
def values(draw) -> list[Any]:
    """A value as the templates write it: text, with JSON values as `layout.Json`."""
    kind = draw(st.integers(0, 4))
    if kind == 0:
        pairs: list[tuple[str, Any]] = []
        if draw(st.booleans()):
            pairs.append(("default=", layout.json_value(draw(JSON))))
        if draw(st.booleans()):
            pairs.append(("alias=", py_str(draw(TEXT))))
        if draw(st.booleans()):
            pairs.append(("description=", py_str(draw(TEXT | EAST_ASIAN))))
        return ["Field(", *_arguments(pairs or [("init=", "False")]), ")"]
    if kind == 1:
        return [layout.json_value(draw(JSON))]
    if kind == 2:
        return [f"TypeAliasType({py_str(draw(IDENTIFIERS))}, {py_str(draw(annotations()))})"]
    if kind == 3:
        options = draw(st.lists(st.sampled_from(CONFIG_OPTIONS), min_size=1, max_size=3, unique=True))
        return [f"ConfigDict({', '.join(options)})"]
    return [draw(annotations())]


@st.composite
def statements(draw) -> tuple[list[Any], int]:
    name = draw(IDENTIFIERS)
    kind = draw(st.integers(0, 11))
    if kind == 0:
        return [f"{name}: {draw(annotations())} = ", *draw(values())], draw(st.integers(0, 2))
    if kind == 1:
        return [f"{name}: {draw(annotations())}"], draw(st.integers(0, 1))
    if kind == 2:
        return [f"{name.upper()}: dict[str, Any] = ", layout.json_value(draw(JSON))], 0
    if kind == 3:
        return [f"return dataclasses.replace(tool, parameters=copy.deepcopy({name.upper()}))"], 1
    if kind == 4:
        return [f"def {name}(handler: {draw(IDENTIFIERS)}) -> Tool:"], 0
    if kind == 5:
        return [f"def call(params: {draw(IDENTIFIERS)}, invocation: ToolInvocation) -> Any:"], 1
    if kind == 6:
        names = ", ".join(sorted(set(draw(st.lists(IDENTIFIERS, min_size=1, max_size=8)))))
        module = name.lower()  # `Or` is a name, `or` a keyword no module can have
        return [f"from .{module}{'_' if keyword.iskeyword(module) else ''} import {names}"], 0
    if kind == 7:
        return [f"{name}: TypeAlias = ", *draw(values())], 0
    if kind == 8:
        return [f"{name} = ", *draw(values())], draw(st.integers(0, 1))
    if kind == 9:
        calls = [f"{draw(IDENTIFIERS)}(handlers.{draw(IDENTIFIERS)})" for _ in range(draw(st.integers(0, 6)))]
        return [f"return [{', '.join(calls)}]"], 1
    if kind == 10:
        return [f"class {name}(BaseModel):"], 0
    return ["metadata=", layout.json_value(draw(st.dictionaries(TEXT, JSON, min_size=1, max_size=6))), ","], 2


def _in_context(text: str, statement: str, depth: int) -> str:
    """`text` (the statement's lines) where the templates put such a statement: in a class or a function."""
    heads = ["class C:", "    def f(self):"][:depth]
    if statement.startswith("metadata="):
        heads = ["def f():", "    tool = define_tool("]
        text += "\n    )"
    body = "\n".join([*heads, text])
    if statement.startswith(("def ", "class ")):
        body += "\n" + "    " * (depth + 1) + "pass"
    return body + "\n"


def _laid_out(parts: list[Any], depth: int) -> str:
    indent = "    " * depth
    return print_doc([indent, IndentTo(indent, layout.statement(parts))], style=layout.STYLE)


def _assert_laid_out_as_black(parts: list[Any], depth: int) -> None:
    flat = "".join(part if isinstance(part, str) else part.text for part in parts)
    expected = _black(_in_context("    " * depth + flat, flat, depth))
    assert _in_context(_laid_out(parts, depth), flat, depth) == expected, flat


@settings(max_examples=max(600, EXAMPLES), deadline=None, suppress_health_check=list(HealthCheck))
@given(case=statements())
def test_statements_are_laid_out_as_black_prints_them(case):
    parts, depth = case
    _assert_laid_out_as_black(parts, depth)


@settings(max_examples=max(300, EXAMPLES), deadline=None)
@given(
    text=st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=300),
    depth=st.integers(0, 2),
)
def test_docstrings_are_normalized_as_black_normalizes_them(text, depth):
    if not text.strip():
        return
    literal = docstring(text, depth)
    source = "".join(
        f"{'    ' * level}{header}\n"
        for level, header in enumerate(["class C:", "def f():"][:depth])
    )
    source += "    " * depth + literal + "\n"
    assert _black(source) == source


@pytest.mark.parametrize(
    "text, width",
    [("abc", 3), ("\u540d\u524d", 4), ("e\u0301", 2), ("\U0001f600", 2), ("\uff21", 2)],
)
def test_display_width_counts_as_black_does(text, width):
    from black.strings import str_width

    assert layout.str_width(text) == width == str_width(text)


# -- around the 88-column edge ----------------------------------------------------------------------------------


def _edge_texts() -> list[str]:
    """Strings of every length that puts some line at 86-90 columns, in every kind of character that counts
    differently (wide, combining, escaped quotes and backslashes)."""
    return [(piece * length)[:length] for length in range(1, 100) for piece in TEXTS]


def _edge_statements(text: str) -> list[list[Any]]:
    short = text[: len(text) // 3]
    json = layout.json_value
    return [
        ["name_of_field: int | None = Field(default=None, description=", py_str(text), ")"],
        ["f: list[Any] = Field(default=", json([text, {short: [short, 1.5]}]), ", alias=", py_str(short), ")"],
        ["x = Field(default=", json({"k": text, short: [text]}), ")"],
        [f"Choice{len(text)}: TypeAlias = Literal[{', '.join(py_str(short + str(n)) for n in range(len(text) % 17 + 1))}]"],
        [f"{'H' * (len(text) % 60 + 1)}: TypeAlias = Callable[[{'P' * len(short) or 'P'}, ToolInvocation], Any]"],
        [f"return dataclasses.replace(tool, parameters=copy.deepcopy({'S' * len(text)}))"],
        ["SCHEMA: dict[str, Any] = ", json({"type": "object", "properties": {"p": {"description": text}}, "x": [text, 1]})],
        ["values: list[str] = ", json([text])],
        ["nan_and_inf = ", json({text: float("nan"), "b": [float("-inf"), -1, 1e300, True, None]})],
        ["empty = ", json({text: {}, "b": []})],
        [f"{'n' * (len(text) % 70 + 1)}: {'T' * len(text)} = Field(alias={py_str(short)})"],
        ["metadata=", json({"note": text, "list": [short] * 3}), ","],
    ]


def test_statements_around_the_edge_are_laid_out_as_black_prints_them():
    for number, text in enumerate(_edge_texts()):
        for parts in _edge_statements(text):
            depth = 2 if parts[0] == "metadata=" else number % 3
            _assert_laid_out_as_black(parts, depth)


def test_a_fitting_literal_with_a_comma_before_a_bracket_in_a_string_stays_on_one_line():
    parts = ["X: dict[str, Any] = ", layout.json_value({"a": ", ]", "b": 1})]
    assert _laid_out(parts, 0) == 'X: dict[str, Any] = {"a": ", ]", "b": 1}'
    _assert_laid_out_as_black(parts, 0)
