"""Seeded random tool specs within the supported schema subset, for layout and compile checks of the nodejs target.

Deterministic for a given seed. The names, strings and shapes are chosen to stress layout and escaping: long tool
and property names (lines past 80 columns), quotes of both kinds, non-ASCII and wide characters, keys that need
quoting, `__proto__`, nested and recursive `$defs`, enums of many numbers, defaults and metadata.
"""

from __future__ import annotations

import json
import random
import string
from pathlib import Path
from typing import Any

WORDS = [
    "alpha",
    "beta",
    "x",
    "id",
    "user",
    "request",
    "name",
    "value",
    "very",
    "long",
    "property",
    "count",
    "items",
    "Tool",
    "data",
    "max",
    "results",
    "2fa",
    "the",
    "名前",
    "é",
    'a"b',
    "back\\slash",
    "with space",
    "__proto__",
    "constructor",
    "default",
    "class",
    "$ref",
    "@at",
    "9",
    "_x",
    "-",
]
TEXTS = [
    "Short.",
    'A description with "double" quotes.',
    "It's got 'single' quotes",
    "Mixed \"a\" 'b' 'c'",
    "*/ comment end",
    "line\nbreak",
    "tab\tchar",
    "unicode ünïcödé 名前 😀",
    "bidi \u202e here",
    "xxxxx",
    "A much longer description that certainly goes well past the eighty column limit of prettier for sure.",
    "${template} `back`",
]


def _property_name(rng: random.Random) -> str:
    return (
        rng.choice(["_", "-", "", " "]).join(rng.choice(WORDS) for _ in range(rng.randint(1, 4)))
        or "p"
    )


def _tool_name(rng: random.Random, index: int) -> str:
    tail = "".join(
        rng.choice(string.ascii_letters + string.digits + "_-")
        for _ in range(rng.choice([3, 8, 20, 40, 60]))
    )
    return (rng.choice(string.ascii_letters) + tail)[: 64 - len(str(index))] + str(index)


def _scalar(rng: random.Random) -> dict[str, Any]:
    kind = rng.choice(["string", "integer", "number", "boolean"])
    schema: dict[str, Any] = {"type": kind}
    if rng.random() < 0.3:
        schema["default"] = {
            "string": lambda: rng.choice(TEXTS),
            "integer": lambda: rng.randint(-1000, 10**6),
            "number": lambda: rng.choice([0.5, -2.25, 1e21, 1.5e-7, 3.0, 123456.789]),
            "boolean": lambda: rng.random() < 0.5,
        }[kind]()
    if kind == "string" and rng.random() < 0.2:
        schema.pop("default", None)
        schema["enum"] = list(dict.fromkeys(rng.choice(TEXTS) for _ in range(rng.randint(1, 6))))
    if kind in ("integer", "number") and rng.random() < 0.2:
        schema.pop("default", None)
        schema["enum"] = list(
            dict.fromkeys(rng.randint(-50, 50) for _ in range(rng.randint(1, 30)))
        )
    return schema


def _schema(rng: random.Random, depth: int, defs: list[str]) -> dict[str, Any]:
    choice = rng.random()
    if depth <= 0 or choice < 0.45:
        schema = _scalar(rng)
    elif choice < 0.6:
        schema = {"type": "array", "items": _schema(rng, depth - 1, defs)}
        if rng.random() < 0.3:
            schema["default"] = []
    elif choice < 0.7:
        schema = {"type": "object", "additionalProperties": _schema(rng, depth - 1, defs)}
    elif choice < 0.78 and defs:
        schema = {"$ref": "#/$defs/" + rng.choice(defs)}
    elif choice < 0.85:
        inner = _schema(rng, depth - 1, defs)
        schema = inner if "anyOf" in inner else {"anyOf": [inner, {"type": "null"}]}
    else:
        schema = _object(rng, depth - 1, defs)
        if rng.random() < 0.3 and not schema.get("required"):
            schema["default"] = {}  # filled in by the fields' own defaults: zod's .prefault
    if rng.random() < 0.4 and "$ref" not in schema:
        schema["description"] = rng.choice(TEXTS)
    return schema


def _object(rng: random.Random, depth: int, defs: list[str]) -> dict[str, Any]:
    properties = {_property_name(rng): _schema(rng, depth, defs) for _ in range(rng.randint(0, 6))}
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if properties and rng.random() < 0.5:
        schema["required"] = rng.sample(sorted(properties), rng.randint(1, len(properties)))
    if rng.random() < 0.3:
        schema["additionalProperties"] = False
    return schema


def random_spec(rng: random.Random, index: int) -> dict[str, Any]:
    spec: dict[str, Any] = {"name": _tool_name(rng, index), "description": rng.choice(TEXTS)}
    for option in ("isTerminal", "skipPermission", "overridesBuiltInTool"):
        if rng.random() < 0.3:
            spec[option] = True
    if rng.random() < 0.3:
        spec["defer"] = rng.choice(["auto", "never"])
    if rng.random() < 0.3:
        spec["metadata"] = {
            "k": rng.choice(TEXTS),
            "n": [1, 2.5, None, True],
            "o": {"deep": {"x": "y" * rng.randint(1, 90)}},
        }
    if rng.random() < 0.9:
        def_names = [f"Def{number}" for number in range(rng.randint(0, 3))]
        root = _object(rng, 3, def_names)
        if def_names:
            root["$defs"] = {name: _object(rng, 2, def_names) for name in def_names}
        spec["parameters"] = root
    return spec


def write_random_specs(folder: Path, seed: int, count: int) -> Path:
    """`count` random specs as `folder/random_NNN.yaml` (JSON text, which YAML 1.2 reads as is)."""
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    for index in range(count):
        text = json.dumps(random_spec(rng, index), ensure_ascii=False, indent=1)
        (folder / f"random_{index:03d}.yaml").write_text(text + "\n", encoding="utf-8")
    return folder
