"""The Python target prints black's format itself (codegen/targets/python_layout.py), so toolgen does not run black.

Proof, against the installed black: every spec toolgen ships or tests with, generated specs (hypothesis), targeted
edge cases (lengths around the 88-column edge, wide characters, quotes and backslashes, deep nesting, long names,
many enum values) and random statements of the shapes the templates use all render to text that black leaves
unchanged; and the generate path does not import black for them.
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

from codegen.targets.python.blackformat import black_mode
from codegen.run.generate import load_tools
from codegen.targets.render import render
from codegen.targets import Reporter
from codegen.targets.python import target
from codegen.targets.python import layout as python_layout
from codegen.targets.base import PlannedFile
from codegen.targets.python.statements import Layout
from codegen.targets.python.syntax import KEYWORDS, docstring, py_literal, py_str

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
        (planned, render("python", planned.template, dict(planned.context))) for planned in plan
    ]


def _assert_black_stable(rendered: list[tuple[PlannedFile, str]]) -> None:
    for planned, text in rendered:
        assert planned.context[target.BLACK_EXACT], f"{planned.path}: the layout was not exact"
        assert _black(text) == text, f"{planned.path} changes under black"



# -- the installed black is the one the layout reproduces ---------------------------------------------------------


def test_installed_black_is_a_verified_style():
    major = black.__version__.split(".")[0]
    assert major in target.VERIFIED_BLACK_MAJORS, (
        f"black {black.__version__}: run this file against it and add {major} to VERIFIED_BLACK_MAJORS "
        "(until then toolgen runs black on every generated module)"
    )
    assert python_layout.width_is_exact(), "black's width table was not found"


# -- every spec in the repository ---------------------------------------------------------------------------------


def test_every_sdk_spec_renders_black_stable_python():
    rendered = _rendered(support.SDK_SPEC_DIRS)
    assert len(rendered) > 500
    _assert_black_stable(rendered)


def test_format_all_returns_layout_output_unchanged_and_black_formats_the_rest():
    (planned, text), *_ = _rendered(support.ALL_SPEC_DIRS)
    ugly = "x=[1,\n2]\n"
    inexact = PlannedFile("y.py", planned.template, {**planned.context, target.BLACK_EXACT: False})
    formatted = target.TARGET.format_all([(planned, text), (inexact, ugly)])
    assert formatted == [text, "x = [1, 2]\n"]
    # with custom templates in play nothing is taken on trust: black formats even an "exact" file's text
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


# -- statements of every shape the templates use ------------------------------------------------------------------

IDENTIFIERS = st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,70}", fullmatch=True).filter(
    lambda name: name not in KEYWORDS and name not in {"match", "case", "type", "_"}
)
TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=120)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | TEXT,
    lambda children: st.lists(children, max_size=6) | st.dictionaries(TEXT, children, max_size=6),
    max_leaves=30,
)


@st.composite
def annotations(draw, depth: int = 0) -> str:
    kind = draw(st.integers(0, 6 if depth < 3 else 0))
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
    return " | ".join(draw(st.lists(annotations(depth + 1), min_size=2, max_size=3)))


@st.composite
def values(draw) -> str:
    kind = draw(st.integers(0, 3))
    if kind == 0:
        arguments = [f"default={py_literal(draw(JSON))}"] if draw(st.booleans()) else []
        if draw(st.booleans()):
            arguments.append(f"alias={py_str(draw(TEXT))}")
        if draw(st.booleans()):
            arguments.append(f"description={py_str(draw(TEXT))}")
        return f"Field({', '.join(arguments)})"
    if kind == 1:
        return py_literal(draw(JSON))
    if kind == 2:
        return f"TypeAliasType({py_str(draw(IDENTIFIERS))}, {py_str(draw(annotations()))})"
    options = draw(st.lists(st.sampled_from(CONFIG_OPTIONS), min_size=1, max_size=3, unique=True))
    return f"ConfigDict({', '.join(options)})"


CONFIG_OPTIONS = ["populate_by_name=True", 'extra="forbid"', "protected_namespaces=()"]


@st.composite
def statements(draw) -> tuple[str, int]:
    name = draw(IDENTIFIERS)
    kind = draw(st.integers(0, 7))
    if kind == 0:
        return f"{name}: {draw(annotations())} = {draw(values())}", draw(st.integers(0, 1))
    if kind == 1:
        return f"{name}: {draw(annotations())}", 1
    if kind == 2:
        return f"{name.upper()}: dict[str, Any] = {py_literal(draw(JSON))}", 0
    if kind == 3:
        return f"return dataclasses.replace(tool, parameters=copy.deepcopy({name.upper()}))", 1
    if kind == 4:
        return f"def {name}(handler: {draw(IDENTIFIERS)}) -> Tool:", 0
    if kind == 5:
        return f"def call(params: {draw(IDENTIFIERS)}, invocation: ToolInvocation) -> Any:", 1
    if kind == 6:
        names = ", ".join(sorted(set(draw(st.lists(IDENTIFIERS, min_size=1, max_size=8)))))
        module = name.lower()  # `Or` is a name, `or` a keyword no module can have
        return f"from .{module}{'_' if keyword.iskeyword(module) else ''} import {names}", 0
    arguments = [
        py_str(draw(TEXT)),
        f"description={py_str(draw(TEXT))}",
        f"metadata={py_literal(draw(JSON))}",
    ]
    return f"tool = define_tool({', '.join(arguments)},)", 1


def _in_context(lines: list[str], statement: str, depth: int) -> str:
    body = list(lines)
    if statement.startswith("def "):
        body.append("    " * (depth + 1) + "pass")
    if depth == 0:
        return "\n".join(body) + "\n"
    head = "def f():" if statement.startswith(("return", "tool =", "def ")) else "class C:"
    return head + "\n" + "\n".join(body) + "\n"


@settings(
    max_examples=max(300, EXAMPLES), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(case=statements())
def test_statements_are_laid_out_as_black_prints_them(case):
    statement, depth = case
    flat = _in_context(["    " * depth + statement], statement, depth)
    laid_out = _in_context(python_layout.layout(statement, depth), statement, depth)
    assert laid_out == _black(flat)
    assert _black(laid_out) == laid_out


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


LONG = "y" * 90


@pytest.mark.parametrize(
    "text",
    [
        f"x = a + {LONG}",
        f"a, b = c, {LONG}",
        f"x = (1, {LONG})",
        f"x = lambda: {LONG}",
        f"f(*args, {LONG})",
    ],
)
def test_statements_outside_the_subset_are_refused(text):
    with pytest.raises(python_layout.Unsupported):
        python_layout.layout(text)


@pytest.mark.parametrize(
    "text, width",
    [("abc", 3), ("\u540d\u524d", 4), ("e\u0301", 2), ("\U0001f600", 2), ("\uff21", 2)],
)
def test_display_width_counts_as_black_does(text, width):
    from black.strings import str_width

    assert python_layout.str_width(text) == width == str_width(text)


# -- the package __init__'s shortcut ------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(10))
def test_sequence_shortcut_lays_out_as_the_general_layout(seed):
    """`Layout.sequence` (imports and `__all__` of the package `__init__`, one per tool) skips the general
    engine; around the 88-column edge, for one item and for many, it must print what the engine prints."""
    rng = random.Random(seed)
    for _ in range(200):
        count = rng.choice([1, 1, 2, 3, 5, 8, 40])
        names = [
            "".join(rng.choice("abcdefghijklmnopqrstuvwxyzABC_") for _ in range(rng.randrange(1, 30))).strip("_")
            or "x"
            for _ in range(count)
        ]
        names = [f"{name}_" if keyword.iskeyword(name) or keyword.issoftkeyword(name) else name for name in names]
        module = "m" * rng.randrange(1, 60)
        layout = Layout()
        assert layout.sequence(f"from .{module} import ", names, "(", ")") == Layout().lines(
            f"from .{module} import {', '.join(names)}"
        )
        quoted = [py_str(name) for name in names]
        assert layout.sequence("__all__ = ", quoted, "[", "]") == Layout().lines(
            f"__all__ = [{', '.join(quoted)}]"
        )


def test_lines_that_fit_take_the_shortcut_only_where_the_general_layout_agrees(monkeypatch):
    """`Layout.lines` returns a fitting line without the general engine; for every statement the builders lay
    out for the corpus, the engine must print exactly that line."""
    seen: list[tuple[str, int]] = []
    original = Layout.lines

    def spy(self, statement, depth=0):
        seen.append((statement, depth))
        return original(self, statement, depth)

    monkeypatch.setattr(Layout, "lines", spy)
    _rendered(support.SDK_SPEC_DIRS)
    assert len(seen) > 5000
    shortcut = 0
    for statement, depth in seen:
        fast = original(Layout(), statement, depth)
        if fast == ["    " * depth + statement]:
            shortcut += 1
        try:
            general = python_layout.layout(statement, depth)
        except python_layout.Unsupported:
            continue
        assert fast == general, statement
    assert shortcut > len(seen) // 2


# -- the structured fast paths (python_layout.assignment_lines and call_lines) ------------------------------------
#
# The target lays out most statements from their parts, past the general procedure. Wherever a fast path answers, it
# must print what the general procedure prints for the same flat statement (which the tests above hold to black);
# a fast path that is not sure answers None and the general procedure decides.


def _nested_in_blocks(lines: list[str], depth: int) -> str:
    heads = ["class C:", "    def f(self):"][:depth]
    return "\n".join([*heads, *lines]) + "\n"


def _assert_fast_matches(
    statement: str, lines: list[str], depth: int, with_black: bool = False
) -> None:
    assert lines == python_layout.layout(statement, depth), statement
    if with_black:
        flat = _nested_in_blocks(["    " * depth + statement], depth)
        assert _nested_in_blocks(lines, depth) == _black(flat), statement


class _FastPathSpy:
    """Records every answer of the fast paths while the target renders."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, decline: bool = False):
        self.answers: list[tuple[str, int, list[str]]] = []
        for name in ("assignment_lines", "call_lines"):
            monkeypatch.setattr(
                python_layout, name, self._wrap(getattr(python_layout, name), decline)
            )

    def _wrap(self, function, decline: bool):
        signature = inspect.signature(function)

        def spy(*args, **kwargs):
            statement, lines = function(*args, **kwargs)
            if decline:
                return statement, None
            if lines is not None:
                bound = signature.bind(*args, **kwargs)
                bound.apply_defaults()
                # a copy: callers may append to theirs
                self.answers.append((statement, bound.arguments["depth"], list(lines)))
            return statement, lines

        return spy


FAST_PATHS = {"assignment fits", "assignment split", "call fits", "call hugs", "call explodes"}


def test_fast_paths_print_what_the_general_layout_prints_for_every_spec(monkeypatch, tmp_path):
    spy = _FastPathSpy(monkeypatch)
    general = []
    layout = python_layout.layout
    monkeypatch.setattr(
        python_layout, "layout", lambda *args: general.append(args) or layout(*args)
    )
    before = python_layout.FAST_PATH_COUNTS.copy()
    _rendered([*support.SDK_SPEC_DIRS, write_spec_documents(tmp_path / "specs", _targeted_specs())])
    taken = python_layout.FAST_PATH_COUNTS - before
    assert set(taken) == FAST_PATHS, taken  # every fast path was taken
    assert len(spy.answers) > 5000
    # the fast paths cannot pass by declining: the general layout lays out few statements (~1.5 % measured, with
    # long names everywhere in the hostile corpus; 7 of ~15000 statements for the benchmark's specs)
    assert len(general) < 0.03 * len(spy.answers), len(general)
    monkeypatch.setattr(python_layout, "layout", layout)
    for statement, depth, lines in spy.answers:
        _assert_fast_matches(statement, lines, depth)


def test_modules_are_the_same_with_the_fast_paths_declining(monkeypatch, tmp_path):
    specs = [*support.ALL_SPEC_DIRS, write_spec_documents(tmp_path / "specs", _targeted_specs())]
    fast = _rendered(specs)
    _FastPathSpy(monkeypatch, decline=True)
    general = _rendered(specs)
    assert [text for _, text in fast] == [text for _, text in general]


@settings(max_examples=max(200, EXAMPLES), deadline=None)
@given(value=JSON)
def test_literal_text_is_py_literal(value):
    # the flat text assignment_lines lays out is the one python_module writes as the fallback statement
    assert python_layout.fast._literal(value).text == py_literal(value)


KEYWORD_PREFIXES = [
    "default=",
    "alias=",
    "description=",
    "metadata=",
    "a_rather_long_keyword_argument_name_here=",
]
RAW = st.sampled_from(
    ["call", "ApproveOrder0Params", "[ApproveOrder0Params, ToolInvocation]", "Any | Awaitable[Any]"]
)


@st.composite
def fast_calls(draw) -> tuple[str, str, str, list[tuple[str, Any]], int, bool]:
    depth = draw(st.integers(0, 2))
    name = draw(IDENTIFIERS)
    head = draw(st.sampled_from(["return ", f"{name} = ", f"{name}: {draw(annotations())} = "]))
    callee = draw(
        st.sampled_from(["Field", "define_tool", "dataclasses.replace", "Literal", "Callable"])
    )
    opening = "[" if callee in ("Literal", "Callable") else "("
    positional = draw(
        st.lists(RAW.map(python_layout.Raw) | JSON, min_size=opening == "[", max_size=3)
    )
    arguments: list[tuple[str, Any]] = [("", item) for item in positional]
    if opening == "(":  # keyword arguments follow the positional ones
        prefixes = draw(
            st.lists(
                st.sampled_from(KEYWORD_PREFIXES), min_size=not positional, max_size=4, unique=True
            )
        )
        arguments += [(prefix, draw(JSON | RAW.map(python_layout.Raw))) for prefix in prefixes]
    return head, callee, opening, arguments, depth, draw(st.booleans())


@settings(
    max_examples=max(300, EXAMPLES), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(case=fast_calls())
def test_call_fast_path_prints_what_black_prints(case):
    head, callee, opening, arguments, depth, magic = case
    statement, lines = python_layout.call_lines(head, callee, opening, arguments, depth, magic)
    if lines is not None:
        _assert_fast_matches(statement, lines, depth, with_black=True)


@settings(
    max_examples=max(300, EXAMPLES), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(name=IDENTIFIERS, annotation=st.none() | annotations(), value=JSON, depth=st.integers(0, 2))
def test_assignment_fast_path_prints_what_black_prints(name, annotation, value, depth):
    target = name if annotation is None else f"{name}: {annotation}"
    statement, lines = python_layout.assignment_lines(target, value, depth)
    if lines is not None:
        _assert_fast_matches(statement, lines, depth, with_black=True)


def _edge_texts() -> list[str]:
    """Strings of every length that puts some line at 86-90 columns, in every kind of character that counts
    differently (wide, combining, escaped quotes and backslashes)."""
    return [(piece * length)[:length] for length in range(1, 100) for piece in TEXTS]


def _edge_calls() -> list[tuple[str, str, str, list[tuple[str, Any]], int, bool]]:
    cases = []
    for index, text in enumerate(_edge_texts()):
        depth = index % 3
        short = text[: len(text) // 3]
        cases += [
            # Field(...) of a model field: fits, hugs, explodes (a long description stays whole)
            (
                "name_of_field: int | None = ",
                "Field",
                "(",
                [("default=", None), ("description=", text)],
                depth,
                False,
            ),
            # a display default that has to open at its brackets, nested
            (
                "f: list[Any] = ",
                "Field",
                "(",
                [("default=", [text, {short: [short, 1.5]}]), ("alias=", short)],
                depth,
                False,
            ),
            # one argument: no comma is added, and a display argument opens at its own brackets
            ("x = ", "Field", "(", [("default=", {"k": text, short: [text]})], depth, False),
            # define_tool(...,): the magic trailing comma, metadata nested
            (
                "tool = ",
                "define_tool",
                "(",
                [
                    ("", short),
                    ("description=", text),
                    ("handler=", python_layout.Raw("call")),
                    ("metadata=", {"note": text, "list": [short] * 3}),
                ],
                depth,
                True,
            ),
            # Literal[...] with many values, and the handler alias
            (
                f"Choice{len(text)}: TypeAlias = ",
                "Literal",
                "[",
                [("", short + str(n)) for n in range(len(text) % 17 + 1)],
                depth,
                False,
            ),
            (
                f"{'H' * (len(text) % 60 + 1)}: TypeAlias = ",
                "Callable",
                "[",
                [
                    ("", python_layout.Raw(f"[{'P' * len(short) or 'P'}, ToolInvocation]")),
                    ("", python_layout.Raw("Any | Awaitable[Any]")),
                ],
                depth,
                False,
            ),
            (
                "return ",
                "dataclasses.replace",
                "(",
                [
                    ("", python_layout.Raw("tool")),
                    ("parameters=", python_layout.Raw(f"copy.deepcopy({'S' * len(text)})")),
                ],
                depth,
                False,
            ),
        ]
    return cases


def test_call_fast_path_around_the_edge():
    before = python_layout.FAST_PATH_COUNTS.copy()
    cases = _edge_calls()
    answered = 0
    for number, (head, callee, opening, arguments, depth, magic) in enumerate(cases):
        statement, lines = python_layout.call_lines(head, callee, opening, arguments, depth, magic)
        if lines is None:
            continue
        answered += 1
        _assert_fast_matches(statement, lines, depth, with_black=number % 11 == 0)
    taken = python_layout.FAST_PATH_COUNTS - before
    assert {"call fits", "call hugs", "call explodes"} <= set(taken), taken
    assert answered > len(cases) * 0.9


def test_assignment_fast_path_around_the_edge():
    before = python_layout.FAST_PATH_COUNTS.copy()
    for number, text in enumerate(_edge_texts()):
        depth = number % 3
        schema = {
            "type": "object",
            "properties": {"p": {"type": "string", "description": text}},
            "x": [text, 1],
        }
        for assigned, value in [
            ("SCHEMA: dict[str, Any]", schema),
            ("values: list[str]", [text]),  # one item: no comma
            ("nan_and_inf", {text: float("nan"), "b": [float("-inf"), -1, 1e300, True, None]}),
            ("empty", {text: {}, "b": []}),
        ]:
            statement, lines = python_layout.assignment_lines(assigned, value, depth)
            assert lines is not None, statement
            _assert_fast_matches(statement, lines, depth, with_black=number % 13 == 0)
    taken = python_layout.FAST_PATH_COUNTS - before
    assert set(taken) == {"assignment fits", "assignment split"}, taken


@pytest.mark.parametrize(
    "case",
    [
        # `head callee(` does not fit: black may split elsewhere
        ("x" * 80 + " = ", "Field", "(", [("default=", "a" * 20)], 0, False),
        # a Raw argument that has to be split
        ("x = ", "Field", "(", [("", python_layout.Raw("a" * 90)), ("b=", 1)], 0, False),
        # a keyword argument whose `name=[` does not fit
        ("x = ", "Field", "(", [("k" * 90 + "=", [1, 2])], 0, False),
        # shapes outside the traced ones
        ("x == ", "Field", "(", [("default=", "a" * 90)], 0, False),
        ("x: Literal['='] = ", "Field", "(", [("default=", "a" * 90)], 0, False),
        ("x = ", "if", "(", [("default=", "a" * 90)], 0, False),
        ("x = ", "f", "(", [], 0, False),
        ("x = ", "f", "(", [("", "a" * 90)], 0, True),
        ("x = ", "f", "(", [("", python_layout.Raw("a,)"))], 0, False),
    ],
)
def test_call_fast_path_declines_what_it_has_not_traced(case):
    statement, lines = python_layout.call_lines(*case)
    assert lines is None
    head, callee, opening, arguments, _, magic = case
    texts = [
        prefix + (value.text if isinstance(value, python_layout.Raw) else py_literal(value))
        for prefix, value in arguments
    ]
    assert (
        statement
        == f"{head}{callee}{opening}{', '.join(texts)}{',' if magic else ''}{')' if opening == '(' else ']'}"
    )


def test_assignment_fast_path_declines_what_it_has_not_traced():
    assert python_layout.assignment_lines("x", "a" * 100)[1] is None  # a scalar
    assert (
        python_layout.assignment_lines("x" * 90, {"a": 1})[1] is None
    )  # `target = {` does not fit
    assert python_layout.assignment_lines("x, y", [1] * 40)[1] is None  # not a plain target
    assert python_layout.assignment_lines("x", {})[1] is None  # an empty display


def test_a_fitting_literal_with_a_comma_before_a_bracket_in_a_string_stays_on_one_line():
    """`_literal_assignment` used to split it (a `, ]` inside a string sent it past the fits check)."""
    statement = 'X: dict[str, Any] = {"a": ", ]", "b": 1}'
    assert python_layout.layout(statement) == [statement] == _black(statement + "\n").splitlines()
    assert python_layout.assignment_lines("X: dict[str, Any]", {"a": ", ]", "b": 1}) == (
        statement,
        [statement],
    )
