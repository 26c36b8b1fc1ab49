"""Random tool specs over the whole supported subset (design §2 and §6), from one generator with two drivers.

`random_spec(draw, name)` builds one spec document (plain JSON data) that toolgen must accept: every option
(sometimes set explicitly to its default), every supported keyword, nullables in both spellings, `$defs` with
references (recursive ones too), enums of every base, defaults that fit their schema, and names and texts drawn
from reserved words, breakout strings and arbitrary Unicode.

`draw` decides every choice:
- `SeededDraw(random.Random(seed))`: deterministic, for the committed sample in tests/stress_specs/random/ that
  the real-SDK harnesses compile (tests/hostile_corpus.py writes it);
- `HypothesisDraw(draw)`: inside a hypothesis strategy (`spec_documents()`), so a failure shrinks to a small spec.

Property tests draw with `spec_settings()` (TOOLGEN_HYPOTHESIS_EXAMPLES sets how many examples) and write what they
drew with `write_spec_documents`.
"""

from __future__ import annotations

import os
import random
import string
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from tests.hostile_text import BREAKOUTS, RESERVED_WORDS, all_reserved_words, yaml_text
from tests.support import IN_CI

EXAMPLES = int(os.environ.get("TOOLGEN_HYPOTHESIS_EXAMPLES", "60"))


def spec_settings(max_examples: int = EXAMPLES) -> settings:
    """Settings for a test that draws `spec_documents()`: no deadline (each example renders whole specs), the
    health checks a large spec trips turned off, and derandomized in CI so that a run is reproducible."""
    return settings(
        max_examples=max_examples,
        deadline=None,
        derandomize=IN_CI,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


def write_spec_documents(folder: Path, documents: Sequence[dict[str, Any]]) -> Path:
    """Write the documents as spec files `spec_<n>.yaml` into `folder` (created); returns `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    for index, document in enumerate(documents):
        (folder / f"spec_{index}.yaml").write_text(yaml_text(document), encoding="utf-8")
    return folder

T = TypeVar("T")

PLAIN_NAMES = (
    "query path url limit offset maxResults max_results userId user_id UserID id name title body items "
    "value values type kind data next parent children tags labels options settings count page size"
).split()
ODD_NAMES = [
    "max-results", "2fa_code", "X-Request-ID", "user.id", "名前", "with space", 'a"quote', "back\\slash", "9",
    "$dollar", "__dunder__", "_", "-", "__proto__", "@at", "a,b", "x:y", "é", "e\u0301", "😀", "\u202e", "ß", "ẞ",
]  # fmt: skip
FORMATS = [
    "date-time",
    "date",
    "time",
    "email",
    "uri",
    "uuid",
    "int64",
    "int32",
    "double",
    "hostname",
    "x-odd",
]
PATTERNS = [
    "^[a-z]+$",
    "^\\d{3}-\\d{4}$",
    "^[^\"'`\\\\*/]*$",
    "(?i)^x",
    "^\\p{L}+$",
    ".*",
    "^(?<year>\\d{4})$",
]
INTEGERS = [0, 1, -1, 7, 42, -1000, 2**31 - 1, -(2**31), 2**53 - 1, 2**53 + 1, 2**63 - 1, -(2**63)]
NUMBERS = [0.0, -0.0, 0.5, -2.25, 3.0, 1e21, 1.5e-7, 123456.789, 1e308, 5e-324, 0.1, 2.0**53]


class Draw:
    """Every random choice the generator makes."""

    def integer(self, low: int, high: int) -> int:
        raise NotImplementedError

    def text(self, max_size: int) -> str:
        """Arbitrary Unicode (no lone surrogates: a file cannot hold them)."""
        raise NotImplementedError

    def choice(self, options: Sequence[T]) -> T:
        return options[self.integer(0, len(options) - 1)]

    def chance(self, percent: int) -> bool:
        # Hypothesis shrinks integers towards 0, so a failure shrinks towards "no" for every optional part.
        return self.integer(0, 99) >= 100 - percent


class SeededDraw(Draw):
    _POOL = (
        string.ascii_letters + string.digits + string.punctuation + " \t\n"
        + "\u0000\u0007\u001b\u007f\u0085\u00a0\u00e9\u2028\u2029\u202e\u200b\ufeff\u540d\u524d\U0001f600"
    )  # fmt: skip

    def __init__(self, rng: random.Random):
        self.rng = rng

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def text(self, max_size: int) -> str:
        return "".join(self.rng.choice(self._POOL) for _ in range(self.rng.randint(0, max_size)))


class HypothesisDraw(Draw):
    _CHARACTERS = st.characters(exclude_categories=["Cs"])

    def __init__(self, draw: Callable[[st.SearchStrategy[Any]], Any]):
        self.draw = draw

    def integer(self, low: int, high: int) -> int:
        return self.draw(st.integers(low, high))

    def text(self, max_size: int) -> str:
        return self.draw(st.text(self._CHARACTERS, max_size=max_size))


# -- names and texts -----------------------------------------------------------------------------------------


def _text(draw: Draw) -> str:
    """A description-like text: plain, a breakout string, a reserved word, or arbitrary Unicode."""
    kind = draw.integer(0, 9)
    if kind <= 3:
        return draw.choice(
            ["Short.", "Search the files.", "A much longer description. " * 4, "名前 😀"]
        )
    if kind <= 6:
        return draw.choice(list(BREAKOUTS.values()))
    if kind == 7:
        return draw.choice(all_reserved_words())
    return draw.text(40)


def _description(draw: Draw) -> str:
    text = _text(draw)
    return text if text.strip() else text + "x"  # a blank description is an error


def _name(draw: Draw) -> str:
    """A property, `$defs` or enum name: anything non-empty."""
    kind = draw.integer(0, 9)
    if kind <= 3:
        return draw.choice(PLAIN_NAMES)
    if kind <= 5:
        return draw.choice(ODD_NAMES)
    if kind <= 7:
        return draw.choice(all_reserved_words())
    return draw.text(12) or "p"


def tool_name(draw: Draw, prefix: str = "") -> str:
    """A valid tool name (`^[A-Za-z][A-Za-z0-9_-]{0,63}$`), often a reserved word of some language."""
    if draw.chance(30):
        words = [w for w in draw.choice(list(RESERVED_WORDS.values())) if w[0].isalpha()]
        name = draw.choice(words)
    else:
        first = draw.choice(string.ascii_letters)
        name = first + "".join(
            draw.choice(string.ascii_letters + string.digits + "_-")
            for _ in range(draw.integer(0, 20))
        )
    return (prefix + name)[:64]


# -- values that fit a schema ----------------------------------------------------------------------------------


class _Context:
    def __init__(self, draw: Draw, defs: list[str]):
        self.draw = draw
        self.defs = defs  # names of $defs entries (referable ones only)
        self.properties = 0


def _json_value(draw: Draw, depth: int = 2) -> Any:
    kind = draw.integer(0, 7 if depth > 0 else 5)
    if kind == 0:
        return None
    if kind == 1:
        return draw.chance(50)
    if kind == 2:
        return draw.choice(INTEGERS)
    if kind == 3:
        return draw.choice(NUMBERS)
    if kind in (4, 5):
        return _text(draw)
    if kind == 6:
        return [_json_value(draw, depth - 1) for _ in range(draw.integer(0, 3))]
    return {_name(draw): _json_value(draw, depth - 1) for _ in range(draw.integer(0, 3))}


def _scalar_value(draw: Draw, kind: str) -> Any:
    if kind == "string":
        return _text(draw)
    if kind == "integer":
        return draw.choice(INTEGERS)
    if kind == "number":
        return draw.choice(NUMBERS + [float(i) for i in INTEGERS[:6]])
    return draw.chance(50)


def _instance(draw: Draw, schema: dict[str, Any], depth: int = 0) -> Any:
    """A value valid for `schema` (a schema this module made), or raise _NoInstance."""
    if depth > 4 or "$ref" in schema or LOOSE_KEYWORDS & set(schema) or isinstance(schema.get("type"), list) and len(schema["type"]) > 2:
        raise _NoInstance
    if "anyOf" in schema:
        return (
            None
            if draw.chance(40)
            else _instance(
                draw, next(s for s in schema["anyOf"] if s != {"type": "null"}), depth + 1
            )
        )
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return draw.choice(schema["enum"])
    kind = schema.get("type")
    if isinstance(kind, list):
        if draw.chance(40):
            return None
        kind = kind[0]
    if kind is None:
        return _json_value(draw, 1)
    if kind == "null":
        return None
    if kind in ("string", "integer", "number", "boolean"):
        return _scalar_value(draw, kind)
    if kind == "array":
        if "items" not in schema:
            return [_json_value(draw, 1) for _ in range(draw.integer(0, 2))]
        return [_instance(draw, schema["items"], depth + 1) for _ in range(draw.integer(0, 2))]
    properties = schema.get("properties", {})
    value = {}
    for key, subschema in properties.items():
        if key in schema.get("required", []) or draw.chance(30):
            value[key] = _instance(draw, subschema, depth + 1)
    extra = schema.get("additionalProperties", True)
    if extra is not False and draw.chance(30):
        key = _name(draw)
        if key not in properties:
            value[key] = (
                _json_value(draw, 1) if extra is True else _instance(draw, extra, depth + 1)
            )
    return value


class _NoInstance(Exception):
    """The schema reaches a `$ref` (a default would need the definition) or a construct the typed models state
    loosely (`_loose`), so none is given."""


def _with_default(context: _Context, schema: dict[str, Any]) -> dict[str, Any]:
    draw = context.draw
    if draw.chance(25):
        try:
            schema["default"] = _instance(draw, schema)
        except _NoInstance:
            pass
    if draw.chance(10):
        try:
            schema["examples"] = [_instance(draw, schema) for _ in range(draw.integer(1, 2))]
        except _NoInstance:
            pass
    return schema


# -- schemas -------------------------------------------------------------------------------------------------


def _annotate(context: _Context, schema: dict[str, Any]) -> dict[str, Any]:
    draw = context.draw
    if draw.chance(40):
        schema["description"] = _description(draw)
    if draw.chance(10):
        schema["title"] = _text(draw)
    return schema


def _string(context: _Context) -> dict[str, Any]:
    draw = context.draw
    schema: dict[str, Any] = {"type": "string"}
    if draw.chance(20):
        low = draw.integer(0, 5)
        schema.update(minLength=low, maxLength=low + draw.integer(0, 100))
    if draw.chance(15):
        schema["pattern"] = draw.choice(PATTERNS)
    if draw.chance(15):
        schema["format"] = draw.choice(FORMATS)
    return schema


def _number(context: _Context, kind: str) -> dict[str, Any]:
    draw = context.draw
    schema: dict[str, Any] = {"type": kind}
    values = INTEGERS if kind == "integer" else NUMBERS
    if draw.chance(25):
        low, high = sorted([draw.choice(values), draw.choice(values)])
        schema.update(minimum=low, maximum=high)
    if draw.chance(10):
        schema[draw.choice(["exclusiveMinimum", "exclusiveMaximum"])] = draw.choice(values)
    if draw.chance(10):
        schema["multipleOf"] = draw.choice([1, 2, 0.5, 0.01] if kind == "number" else [1, 2, 5])
    return schema


def _enum(context: _Context) -> dict[str, Any]:
    draw = context.draw
    base = draw.choice(["string", "string", "integer", "number", "boolean", "mixed"])
    pool: list[Any]
    if base == "string":
        pool = [_name(draw) if draw.chance(50) else _text(draw) for _ in range(draw.integer(1, 8))]
    elif base == "integer":
        pool = [draw.choice(INTEGERS) for _ in range(draw.integer(1, 6))]
    elif base == "number":
        pool = [draw.choice(NUMBERS) for _ in range(draw.integer(1, 6))]
    elif base == "boolean":
        pool = [True, False][: draw.integer(1, 2)]
    else:
        pool = [_name(draw), draw.choice(INTEGERS), draw.chance(50), draw.choice(NUMBERS)]
    values: list[Any] = []
    for value in pool:  # distinct as JSON values: 1 and 1.0 are one value, true and 1 are two
        if not any(type(value) is type(v) and value == v or _same_number(value, v) for v in values):
            values.append(value)
    if draw.chance(15):
        values.append(None)
    schema: dict[str, Any] = {"enum": values}
    if base != "mixed" and draw.chance(50):
        schema["type"] = [base, "null"] if None in values else base
    return schema


def _same_number(a: Any, b: Any) -> bool:
    numbers = (int, float)
    plain = not isinstance(a, bool) and not isinstance(b, bool)
    return plain and isinstance(a, numbers) and isinstance(b, numbers) and a == b


def _object(context: _Context, depth: int, root: bool = False) -> dict[str, Any]:
    draw = context.draw
    properties: dict[str, Any] = {}
    for _ in range(draw.integer(0, 6)):
        name = _name(draw)
        if name not in properties:
            properties[name] = _schema(context, depth - 1)
    context.properties += len(properties)
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if properties and draw.chance(50):
        schema["required"] = [name for name in properties if draw.chance(50)]
    extra = draw.integer(0, 9)
    if extra <= 1:
        schema["additionalProperties"] = False
    elif extra == 2:
        schema["additionalProperties"] = True
    elif extra == 3 and depth > 0:
        schema["additionalProperties"] = _schema(context, depth - 1)
    return schema


def _nullable(context: _Context, schema: dict[str, Any]) -> dict[str, Any]:
    """`type: [T, "null"]` where the schema has one plain type, else `anyOf` with null in either order."""
    draw = context.draw
    if isinstance(schema.get("type"), str) and "enum" not in schema and draw.chance(50):
        return {
            **schema,
            "type": [schema["type"], "null"] if draw.chance(50) else ["null", schema["type"]],
        }
    options = [schema, {"type": "null"}]
    return {"anyOf": options if draw.chance(50) else options[::-1]}


def _schema(context: _Context, depth: int) -> dict[str, Any]:
    draw = context.draw
    kinds = ["string", "integer", "number", "boolean", "enum", "const", "any", "null"]
    if depth > 0:
        kinds += ["array", "array", "map", "object", "object", "open"]
    if context.defs:
        kinds += ["ref", "ref"]
    kinds.append("loose")
    kind = draw.choice(kinds)
    if kind == "loose":
        return _loose(context, depth)
    schema: dict[str, Any]
    if kind == "string":
        schema = _string(context)
    elif kind in ("integer", "number"):
        schema = _number(context, kind)
    elif kind == "boolean":
        schema = {"type": "boolean"}
    elif kind == "enum":
        schema = _enum(context)
    elif kind == "const":
        schema = {
            "const": _scalar_value(draw, draw.choice(["string", "integer", "number", "boolean"]))
        }
    elif kind == "any":
        schema = {}
    elif kind == "null":
        schema = {"type": "null"}
    elif kind == "array":
        schema = {"type": "array"}
        if draw.chance(85):
            schema["items"] = _schema(context, depth - 1)
        if draw.chance(20):
            low = draw.integer(0, 3)
            schema.update(minItems=low, maxItems=low + draw.integer(0, 10))
        if draw.chance(10):
            schema["uniqueItems"] = draw.chance(50)
    elif kind == "map":
        schema = {"type": "object", "additionalProperties": _schema(context, depth - 1)}
    elif kind == "open":
        schema = (
            {"type": "object"}
            if draw.chance(50)
            else {"type": "object", "additionalProperties": True}
        )
    elif kind == "ref":
        schema = {"$ref": "#/$defs/" + draw.choice(context.defs)}
        if draw.chance(30):
            schema["description"] = _description(draw)
        return _nullable(context, schema) if draw.chance(20) else schema
    else:
        schema = _object(context, depth)
    if kind not in ("null", "any") and draw.chance(15):
        schema = _nullable(context, schema)
    return _with_default(context, _annotate(context, schema))


# Valid JSON Schema beyond the exact subset (issue "Real tools"): it generates, typed exactly or loosely with a
# located warning; the wire keeps it. `_instance` makes no default through these.
LOOSE_KEYWORDS = {"oneOf", "allOf", "not", "if", "then", "prefixItems", "patternProperties", "propertyNames", "dependentSchemas"}


def _loose(context: _Context, depth: int) -> dict[str, Any]:
    draw = context.draw
    choice = draw.choice(
        ["union", "type_list", "formats", "all_of", "not", "if_then", "pattern_properties", "property_names",
         "tuple", "default_null", "annotations", "const_object", "dependent"]
    )  # fmt: skip
    if choice == "union":
        return {"oneOf": [_string(context), {"type": "integer"}] + ([{"type": "null"}] if draw.chance(30) else [])}
    if choice == "type_list":
        return {"type": ["string", "integer", "null"] if draw.chance(50) else ["boolean", "array"]}
    if choice == "formats":
        return {"type": "string", "anyOf": [{"format": "date"}, {"format": "date-time"}]}
    if choice == "all_of":
        first = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}
        return {"allOf": [first, {"properties": {"b": {"type": "integer"}}}]}
    if choice == "not":
        return {"type": "string", "not": {"const": _text(draw)}}
    if choice == "if_then":
        return {"type": "object", "properties": {"a": {"type": "string"}}, "if": {"required": ["a"]}, "then": {}}
    if choice == "pattern_properties":
        return {"type": "object", "patternProperties": {"^x-": {"type": "string"}}, "additionalProperties": False}
    if choice == "property_names":
        return {"type": "object", "propertyNames": {"type": "string"}, "additionalProperties": _schema(context, max(depth - 1, 0))}
    if choice == "tuple":
        return {"type": "array", "prefixItems": [{"type": "string"}, {"type": "number"}]}
    if choice == "default_null":
        return {"type": draw.choice(["string", "integer", "boolean"]), "default": None}
    if choice == "annotations":
        return {"type": "string", "deprecated": draw.chance(50), "readOnly": True, "contentMediaType": "text/plain"}
    if choice == "const_object":
        return {"const": {"k": [1, None]}}
    return {"type": "object", "properties": {"a": {}}, "dependentSchemas": {"a": {"required": ["b"]}}}


def _def_name(draw: Draw) -> str:
    """A `$defs` name a `$ref` can point at: no '/' or '~'."""
    name = _name(draw)
    return name.replace("/", "_").replace("~", "_") or "D"


def random_spec(draw: Draw, name: str) -> dict[str, Any]:
    """One valid spec document named `name`."""
    spec: dict[str, Any] = {"name": name, "description": _description(draw)}
    for option in ("isTerminal", "skipPermission", "overridesBuiltInTool"):
        if draw.chance(25):
            spec[option] = draw.chance(70)  # false is the default, written out
    if draw.chance(25):
        spec["defer"] = draw.choice(["auto", "never"])
    if draw.chance(20):
        spec["metadata"] = {_name(draw): _json_value(draw) for _ in range(draw.integer(0, 3))}
    if draw.chance(90):
        defs: list[str] = []
        for _ in range(draw.integer(0, 3) if draw.chance(40) else 0):
            candidate = _def_name(draw)
            if candidate not in defs:
                defs.append(candidate)
        context = _Context(draw, defs)
        root = _object(context, draw.integer(0, 3), root=True)
        if defs:
            # A definition is an object, an enum or an array, never a bare reference: references may then form
            # any cycle (recursion goes through an object or array, as the validator requires).
            root["$defs"] = {
                def_name: _annotate(
                    context, draw.choice([_object, _object, _def_array, _def_enum])(context, 2)
                )
                for def_name in defs
            }
        if draw.chance(10):
            root["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        spec["parameters"] = _annotate(context, root)
    return spec


def _def_array(context: _Context, depth: int) -> dict[str, Any]:
    return {"type": "array", "items": _schema(context, depth - 1)}


def _def_enum(context: _Context, depth: int) -> dict[str, Any]:
    return _enum(context)


# -- the two drivers -----------------------------------------------------------------------------------------


def seeded_specs(seed: int, count: int, prefix: str) -> list[dict[str, Any]]:
    """`count` specs, the same for the same seed on any machine (random.Random with an int seed)."""
    rng = random.Random(seed)
    return [
        random_spec(SeededDraw(rng), f"{prefix}{index:02d}_{tool_name(SeededDraw(rng))}"[:64])
        for index in range(count)
    ]


@st.composite
def spec_documents(
    draw: Callable[[st.SearchStrategy[Any]], Any], max_tools: int = 3
) -> list[dict[str, Any]]:
    """A hypothesis strategy: one to `max_tools` specs with distinct names, as toolgen reads them in one run (also
    distinct after the identifier mapping, naming.tool_name_key: `ab` beside `AB` is an error)."""
    from codegen.model.naming import tool_name_key

    driver = HypothesisDraw(draw)
    count = driver.integer(1, max_tools)
    names: list[str] = []
    for index in range(count):
        name = tool_name(driver)
        suffix = index
        while tool_name_key(name) in {tool_name_key(taken) for taken in names}:
            name, suffix = f"{name[:58]}x{suffix}", suffix + 1
        names.append(name)
    return [random_spec(driver, name) for name in names]
