"""Python target: identifier and escaping tables, names across the package, header, determinism, and black-stable
output. Nothing here needs the Copilot SDK; tests/test_sdk_python.py imports the output into the real one.
"""

from __future__ import annotations

import ast
import keyword
import os
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

from codegen.model import ir
from codegen.run.generate import load_tools, render_outputs
from codegen.targets.python import target
from codegen.targets.python.types import (
    SCALAR_TYPES,
    TYPE_MAP,
    TypeWriter,
    dependency_order,
    literal_members,
)
from codegen.targets.python.doc import comment, docstring
from codegen.targets.python.syntax import (
    BASEMODEL_ATTRIBUTES,
    KEYWORDS,
    field_identifier,
    py_literal,
    py_str,
)
from codegen.output.writer import OWNERSHIP_MARKER
from tests import support

TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=40)
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | TEXT,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(TEXT, children, max_size=4),
    max_leaves=20,
)


def render(spec_dirs: list[Path]) -> tuple[dict[str, str], list]:
    tools, _ = load_tools(spec_dirs)
    return render_outputs(tools, ["python"])


@pytest.fixture(scope="module")
def rendered() -> tuple[dict[str, str], list]:
    return render(support.ALL_SPEC_DIRS)


@pytest.fixture(scope="module")
def outputs(rendered) -> dict[str, str]:
    return rendered[0]


def write_spec(folder: Path, file_name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / file_name).write_text(text, encoding="utf-8")
    return folder


# -- tables ------------------------------------------------------------------------------------------------


def test_type_map_covers_every_kind():
    assert set(TYPE_MAP) == set(ir.TYPE_KINDS)
    assert set(SCALAR_TYPES) == set(ir.SCALAR_KINDS)


def test_keyword_data_matches_the_interpreter():
    assert set(keyword.kwlist) == KEYWORDS


def test_basemodel_attribute_data_covers_the_installed_pydantic():
    public = {name for name in dir(BaseModel) if not name.startswith("_")}
    assert (
        public <= BASEMODEL_ATTRIBUTES
    ), f"pydantic grew attributes: {sorted(public - BASEMODEL_ATTRIBUTES)}"


@pytest.mark.parametrize(
    "name, expected",
    [
        ("user_id", "user_id"),
        ("class", "class_"),
        ("none", "none"),  # `None` is a keyword, its snake_case spelling is not
        ("async", "async_"),
        ("schema", "schema_"),
        ("model_config", "model_config_"),
        ("json", "json_"),
        ("copy", "copy_"),
        ("dict", "dict_"),
        ("int", "int_"),
        ("type", "type"),  # soft keyword: a legal field name
        ("match", "match"),
        ("self", "self"),
        ("model_name", "model_name"),
    ],
)
def test_field_identifiers(name, expected):
    assert field_identifier(name) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("plain", '"plain"'),
        ('say "hi"', "'say \"hi\"'"),  # black's choice: single quotes need fewer escapes here
        ('it\'s "x', '"it\'s \\"x"'),  # as many of each: double quotes
        ("back\\slash", '"back\\\\slash"'),
        ("line\nbreak\r\ttab", '"line\\nbreak\\r\\ttab"'),
        ("nul\x00 del\x7f", '"nul\\x00 del\\x7f"'),
        ("bidi \u202e zw \u200b", '"bidi \\u202e zw \\u200b"'),
        ("sep \u2028 nbsp \u00a0", '"sep \\u2028 nbsp \\xa0"'),
        ("é 名前 😀", '"é 名前 😀"'),
        ("${x} {{ jinja }} {% raw %}", '"${x} {{ jinja }} {% raw %}"'),
        ("", '""'),
    ],
)
def test_string_literals(text, expected):
    assert py_str(text) == expected


@given(TEXT)
def test_string_literals_read_back_and_hide_nothing(text):
    literal = py_str(text)
    assert ast.literal_eval(literal) == text
    assert all(
        char == " " or not unicodedata.category(char).startswith(("C", "Z")) for char in literal
    )


@given(TEXT.filter(lambda text: text.strip()))
def test_docstrings_read_back(text):
    literal = docstring(text)
    expected = "\n".join(line.rstrip(" ") for line in text.strip().split("\n"))
    assert ast.literal_eval(literal) == expected
    quotes = literal[:3]
    assert quotes in ('"""', "'''") and literal.endswith(quotes) and quotes not in literal[3:-3]


@pytest.mark.parametrize(
    ("text", "depth", "literal"),
    [
        ('Metric like "AWS/EC2".', None, '"""Metric like "AWS/EC2"."""'),  # no needless escapes
        ('first "line"\nsecond """ \\', None, "'''first \"line\"\nsecond \"\"\" \\\\'''"),
        ('ends "q"', 1, "'''ends \"q\"'''"),
        ("a ''' b \"\"\" c", None, '"""a \'\'\' b \\"\\"\\" c"""'),  # both triples: quotes escaped
        ("A\n        b\n        - c\n\n        d", 1, '"""A\n    b\n    - c\n\n    d\n    """'),
        ("One line.", 1, '"""One line."""'),
    ],
)
def test_docstring_quotes_and_closing_line(text, depth, literal):
    assert docstring(text, depth) == literal


@given(TEXT)
def test_comments_stay_on_one_line(text):
    assert "\n" not in comment(text) and "\r" not in comment(text) and "\u2028" not in comment(text)


@given(JSON_VALUES)
def test_json_literals_read_back(value):
    assert ast.literal_eval(py_literal(value)) == value


@pytest.mark.parametrize(
    "value, expected",
    [
        (9007199254740993, "9007199254740993"),
        (2.0, "2.0"),
        (1e300, "1e300"),
        (float("inf"), 'float("inf")'),
        ([True, None, {"a": []}], '[True, None, {"a": []}]'),
    ],
)
def test_json_literal_table(value, expected):
    assert py_literal(value) == expected


@pytest.mark.parametrize(
    "values, expected",
    [
        (["low", "high"], (['"low"', '"high"'], False)),
        ([1, 2, 10], (["1", "2", "10"], False)),
        ([1, "one", True], (["1", '"one"', "True"], False)),
        ([0.5, 1, -2.25], ([], True)),  # Literal cannot hold floats
        (["a", 0.5], (['"a"'], True)),
        ([], ([], False)),  # the template writes `Literal[None]`
    ],
)
def test_enum_types(values, expected):
    members = tuple(ir.EnumMember(value, ("v",)) for value in values)
    assert literal_members(members) == expected


@pytest.mark.parametrize(
    "type_ref, expected",
    [
        (ir.AnyType(), "Any"),
        (ir.ScalarType("number"), "float"),
        (ir.NullType(), "None"),
        (ir.ArrayType(ir.MapType(ir.ScalarType("integer"))), "list[dict[str, int]]"),
        (ir.NullableType(ir.ScalarType("string")), "str | None"),
        (ir.NullableType(ir.AnyType()), "Any"),
        (ir.NullableType(ir.NamedType(("x", "item"))), "XItem | None"),
    ],
)
def test_type_annotations(type_ref, expected):
    assert TypeWriter({("x", "item"): "XItem"}).render(type_ref) == expected


def test_declarations_come_after_what_they_use():
    leaf = ir.StructDecl(("leaf",), None, ())
    alias = ir.AliasDecl(("alias",), None, ir.ArrayType(ir.NamedType(("leaf",))))
    root = ir.StructDecl(
        ("root",), None, (ir.Field("a", ("a",), ir.NamedType(("alias",)), True, None),)
    )
    ordered = [decl.name for decl in dependency_order([root, alias, leaf])]
    assert ordered == [("leaf",), ("alias",), ("root",)]


# -- whole files -------------------------------------------------------------------------------------------


def test_one_module_per_tool_and_a_package_init(outputs):
    tools, _ = load_tools(support.ALL_SPEC_DIRS)
    assert len(outputs) == len(tools) + 1
    assert "python/__init__.py" in outputs and "python/tool.py" in outputs  # the tool named `Tool`


def test_headers(outputs):
    tools, _ = load_tools(support.ALL_SPEC_DIRS)
    sources = {tool.source for tool in tools}
    for path, text in outputs.items():
        first = text.splitlines()[0]
        assert OWNERSHIP_MARKER in first and first.endswith("DO NOT EDIT."), path
        if not path.endswith("__init__.py"):
            source = first.removeprefix("# Code generated by toolgen from ")
            assert source.removesuffix(". DO NOT EDIT.") in sources, path
    clear_context = next(tool for tool in tools if tool.name == "clear_context")
    assert outputs["python/clear_context.py"].startswith(
        f"# Code generated by toolgen from {clear_context.source}. DO NOT EDIT.\n"
    )


def test_every_file_parses_and_is_black_stable(outputs):
    for path, text in outputs.items():
        ast.parse(text, filename=path)
        assert target.TARGET.format(path, text) == text, f"{path} changes when formatted again"


def test_package_reexports_relatively(outputs):
    """Type checkers read every tool's names from relative imports under `if TYPE_CHECKING:`; at run time the
    package imports no tool module, and `_MODULE_OF` maps each name to its module for `__getattr__`."""
    init = ast.parse(outputs["python/__init__.py"])
    assert not [node for node in init.body if isinstance(node, ast.ImportFrom) and node.level]
    checking = next(
        node for node in init.body if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
    )
    imports = [
        node for node in checking.body if isinstance(node, ast.ImportFrom) and node.module != "copilot"
    ]
    assert imports and all(node.level == 1 for node in imports)
    exported = [alias.name for node in imports for alias in node.names]
    declared = next(node for node in init.body if isinstance(node, ast.Assign))
    assert [ast.literal_eval(item) for item in declared.value.elts] == [*exported, "ToolHandlers", "all_tools"]
    module_of = next(
        node.value for node in init.body if isinstance(node, ast.AnnAssign) and node.target.id == "_MODULE_OF"
    )
    assert ast.literal_eval(module_of) == {alias.name: node.module for node in imports for alias in node.names}
    assert len(exported) == len(set(exported))
    expected = {"clear_context_tool", "ClearContextParams", "CLEAR_CONTEXT_SCHEMA", "ping_tool"}
    assert expected <= set(exported)


def test_schema_constant_is_the_spec_schema(outputs):
    tools, _ = load_tools(support.ALL_SPEC_DIRS)
    for tool in tools:
        if tool.wire_parameters is None:
            continue
        module = ast.parse(outputs[f"python/{'_'.join(tool.words)}.py"])
        constant = next(node for node in module.body if isinstance(node, ast.AnnAssign)
                        and node.target.id.endswith("_SCHEMA"))  # fmt: skip
        assert ast.literal_eval(constant.value) == tool.wire_parameters, tool.name


def test_factory_sets_only_non_default_options(outputs):
    ping = outputs["python/ping.py"]
    options = [
        "is_terminal=True",
        'defer="auto"',
        "skip_permission=True",
        "overrides_built_in_tool=True",
    ]
    assert all(option in ping for option in options)
    empty = outputs["python/empty_params.py"]
    assert "metadata=" not in empty  # `metadata: {}` equals leaving it out
    assert "is_terminal" not in empty  # `isTerminal: false` too


def test_models_rename_and_alias(outputs):
    reserved = outputs["python/reserved_words.py"]
    for line in [
        'class_: str = Field(alias="class")',
        'model_config_: str | None = Field(default=None, alias="model_config")',
        'schema_: str | None = Field(default=None, alias="schema")',
        'int_: int | None = Field(default=None, alias="int")',
        'self_2: str | None = Field(default=None, alias="Self")',
        "type: str\n",
    ]:
        assert line in reserved
    assert "protected_namespaces=()" in reserved
    mangled = outputs["python/name_mangling.py"]
    assert 'u540d_u524d: str | None = Field(\n        default=None, alias="名前"' in mangled
    assert 'the_2_fa_code: str = Field(alias="2fa_code")' in mangled


def test_collisions_are_renamed_with_located_warnings(rendered):
    _, warnings = rendered
    found = {(Path(w.file).name, w.line, w.column, w.message) for w in warnings}
    renamed_user_id = "python: property 'user_id' would be field user_id, like property 'userId'; "
    assert ("colliding_casings.yaml", 7, 5, renamed_user_id + "renamed to user_id_2") in found
    renamed_self = "python: property 'Self' would be field self, like property 'self'; "
    assert ("reserved_words.yaml", 19, 5, renamed_self + "renamed to self_2") in found
    assert all(w.severity == "warning" for w in warnings)


def test_tool_names_stay_unique_across_the_package(tmp_path):
    specs = tmp_path / "specs"
    write_spec(specs, "a.yaml", "name: foo-bar\ndescription: First.\nparameters: {type: object}\n")
    write_spec(specs, "c.yaml", "name: class\ndescription: A keyword.\n")
    write_spec(specs, "d.yaml", "name: copilot\ndescription: Would shadow the SDK.\n")
    write_spec(
        specs,
        "f.yaml",
        """\
name: base
description: Its $defs entry would be called BaseModel, like the pydantic import.
parameters:
  type: object
  properties: {m: {$ref: "#/$defs/Model"}}
  $defs:
    Model: {type: object, properties: {x: {type: string}}}
""",
    )
    outputs, warnings = render([specs])
    assert sorted(outputs) == [
        "python/__init__.py", "python/base.py", "python/class_.py", "python/copilot_.py",
        "python/foo_bar.py",
    ]  # fmt: skip
    assert "class BaseModel2(BaseModel):" in outputs["python/base.py"]
    assert any(
        w.file.endswith("f.yaml") and "class name BaseModel is taken by a name the generated modules import"
        in w.message for w in warnings
    )  # fmt: skip
    ast.parse(outputs["python/__init__.py"])


def test_recursive_aliases_use_type_alias_type(tmp_path):
    specs = write_spec(
        tmp_path / "specs",
        "tree.yaml",
        """\
name: nested_lists
description: A recursive alias and a cycle through an alias.
parameters:
  type: object
  properties:
    tree: {$ref: "#/$defs/Tree"}
    node: {$ref: "#/$defs/Node"}
  $defs:
    Tree:
      type: array
      items: {anyOf: [{$ref: "#/$defs/Tree"}, {type: "null"}]}
    Node:
      type: object
      properties:
        kids: {$ref: "#/$defs/Kids"}
    Kids:
      type: array
      items: {$ref: "#/$defs/Node"}
""",
    )
    outputs, _ = render([specs])
    module = outputs["python/nested_lists.py"]
    assert (
        'NestedListsTree = TypeAliasType("NestedListsTree", "list[NestedListsTree | None]")'
        in module
    )
    assert 'NestedListsKids = TypeAliasType("NestedListsKids", "list[NestedListsNode]")' in module
    assert "NestedListsNode.model_rebuild()" in module
    assert "from typing_extensions import TypeAliasType" in module


# -- determinism -------------------------------------------------------------------------------------------

_RENDER_SCRIPT = """
import hashlib, sys
from codegen.run.generate import load_tools, render_outputs
tools, _ = load_tools([__import__("pathlib").Path(p) for p in sys.argv[1:]])
outputs, _ = render_outputs(tools, ["python"])
for path in sorted(outputs):
    print(path, hashlib.sha256(outputs[path].encode()).hexdigest())
"""


def test_output_is_identical_across_hash_seeds(outputs):
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", _RENDER_SCRIPT, *map(str, support.ALL_SPEC_DIRS)],
            cwd=support.REPO, env={**os.environ, "PYTHONHASHSEED": seed}, stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        for seed in ("1", "2")
    ]
    digests = [run.communicate(timeout=120)[0] for run in runs]
    assert [run.returncode for run in runs] == [0, 0]
    assert digests[0] == digests[1]
    assert len(digests[0].splitlines()) == len(outputs)


def test_tool_handlers_has_one_required_field_per_tool_in_spec_order(outputs):
    tools, _ = load_tools(support.ALL_SPEC_DIRS)
    init = ast.parse(outputs["python/__init__.py"])
    handlers = next(node for node in init.body if isinstance(node, ast.ClassDef) and node.name == "ToolHandlers")
    fields = [node for node in handlers.body if isinstance(node, ast.AnnAssign)]
    assert len(fields) == len(tools) and all(node.value is None for node in fields)  # no defaults: all required
    call = next(node for node in init.body if isinstance(node, ast.FunctionDef) and node.name == "all_tools")
    returned = call.body[-1].value
    assert [item.args[0].attr for item in returned.elts] == [node.target.id for node in fields]


def test_folder_wide_names_are_reserved(outputs):
    """tests/edge_specs/folder_names_all.yaml and tool_name_clash.yaml: a tool named `all_tools` and the `handlers` object of the tool named `Tool`."""
    assert "python/all_tools_.py" in outputs and "python/all_tools.py" not in outputs
    tool_module = outputs["python/tool.py"]  # the tool named `Tool`
    assert "class ToolHandlers2(BaseModel):" in tool_module and "class ToolHandlers(" not in tool_module


def test_a_tool_module_never_replaces_the_packages_importlib(tmp_path):
    """Importing a submodule sets it as an attribute of the package: a tool module named `importlib` would
    replace the module the package's lazy `__getattr__` imports with."""
    specs = write_spec(tmp_path / "specs", "importlib.yaml", "name: importlib\ndescription: A module name.\n")
    outputs, _ = render([specs])
    assert "python/importlib_.py" in outputs and "python/importlib.py" not in outputs


# -- discriminated unions (issue "Real tools") ---------------------------------------------------------------


def _import_generated(folder: Path, module: str):
    import importlib

    sys.path.insert(0, str(folder))
    try:
        return importlib.import_module(module)
    finally:
        sys.path.remove(str(folder))


def test_a_union_of_models_with_distinct_constants_is_discriminated(tmp_path):
    """tests/loosened/discriminated_union.yaml: every branch has a distinct `const`/one-value `enum` on the
    required `kind`, so the union is `Annotated[A | B, Field(discriminator="kind")]`; a wrong or missing `kind`
    is one `union_tag_invalid`/`union_tag_not_found` error, and the right one picks its branch."""
    from pydantic import ValidationError

    outputs, _ = render([support.LOOSENED / "discriminated_union.yaml"])
    text = outputs["python/discriminated_shapes.py"]
    assert 'Field(discriminator="kind")' in text and "from typing import Annotated" in text
    for relative, content in outputs.items():
        (tmp_path / Path(relative).name).write_text(content, "utf-8")
    module = _import_generated(tmp_path, "discriminated_shapes")
    params = module.DiscriminatedShapesParams
    square = params.model_validate({"shape": {"kind": "square", "side": 2}})
    assert type(square.shape).__name__ == "DiscriminatedShapesShapeOption2" and square.maybe is None
    with pytest.raises(ValidationError) as wrong:
        params.model_validate({"shape": {"kind": "hexagon", "side": 2}})
    assert [error["type"] for error in wrong.value.errors()] == ["union_tag_invalid"]
    with pytest.raises(ValidationError) as missing:
        params.model_validate({"shape": {"side": 2}, "maybe": {"kind": "b"}})
    assert [error["type"] for error in missing.value.errors()] == ["union_tag_not_found"]


def test_a_union_without_one_distinct_constant_stays_a_plain_union(tmp_path):
    """Two branches with the same constant (or one without it) cannot be told apart by it: smart-mode `A | B`."""
    spec = """name: same_kind
description: Two branches with one kind.
parameters:
  type: object
  properties:
    p:
      anyOf:
        - {type: object, properties: {kind: {const: a}, x: {type: string}}, required: [kind]}
        - {type: object, properties: {kind: {const: a}, y: {type: string}}, required: [kind]}
    q:
      anyOf:
        - {type: object, properties: {kind: {const: a}}, required: [kind]}
        - {type: object, properties: {kind: {const: b}}}
"""
    outputs, _ = render([write_spec(tmp_path, "same_kind.yaml", spec)])
    text = outputs["python/same_kind.py"]
    assert "discriminator" not in text and "SameKindPOption1 | SameKindPOption2" in text
