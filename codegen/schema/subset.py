"""The JSON Schema subset every target's typed model states exactly (design §2 and §6), and its helpers.

Since the "Real tools" issue a spec may use any valid JSON Schema (`schema_validity` decides what is valid,
`schema_typing` maps the rest onto this subset with a warning). The keyword tables here still describe that
exact subset: `toolgen schema` exports them for editors (`subset_json_schema_defs`), as completions and help.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .validity import JSON_TYPES
from ..spec.yamlload import Path

ANNOTATIONS = ("description", "title", "default", "examples")
KEYWORDS_BY_USE = {
    "any": {"type", "enum", "const", "$ref", "anyOf", *ANNOTATIONS},
    "number": {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"},
    "string": {"minLength", "maxLength", "pattern", "format"},
    "array": {"items", "minItems", "maxItems", "uniqueItems"},
    "object": {"properties", "required", "additionalProperties"},
}
SUPPORTED = set().union(*KEYWORDS_BY_USE.values())
ROOT_ONLY = ("$defs", "$schema", "$id")
# Which declared types a type-specific keyword applies to (`format: int64` is common on numbers too).
APPLIES_TO = {
    **{key: ("integer", "number") for key in KEYWORDS_BY_USE["number"]},
    **{key: ("string",) for key in ("minLength", "maxLength", "pattern")},
    "format": ("string", "integer", "number"),
    **{key: ("array",) for key in KEYWORDS_BY_USE["array"]},
    **{key: ("object",) for key in KEYWORDS_BY_USE["object"]},
}
KIND_NOUNS = {
    "integer": "integers",
    "number": "numbers",
    "string": "strings",
    "array": "arrays",
    "object": "objects",
}


_PLAIN_KEY = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$-]*$")


def _where(path: Path) -> str:
    """`parameters.properties["max results"].enum[2]`: keys as written, list positions in brackets."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        elif _PLAIN_KEY.fullmatch(part):
            text += f".{part}" if text else part
        else:
            text += f"[{json.dumps(part, ensure_ascii=False)}]"
    return text


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _has_type(value: Any, kind: str) -> bool:
    """JSON type membership, stricter on integers than JSON Schema: 2.0 would render as a float literal."""
    checks = {
        "string": lambda v: isinstance(v, str),
        "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
        "number": _is_number,
        "boolean": lambda v: isinstance(v, bool),
        "object": lambda v: isinstance(v, dict),
        "array": lambda v: isinstance(v, list),
        "null": lambda v: v is None,
    }
    return checks[kind](value)


def _json_equal(a: Any, b: Any) -> bool:
    """Equality of JSON values: numbers by value, but true is not 1."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if _is_number(a) and _is_number(b):
        return a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_json_equal(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_json_equal(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


# -- the subset as JSON Schema, for editors ------------------------------------------------------------

# Since "Real tools" any valid JSON Schema is accepted, so this schema describes the exact subset's keywords (for
# completion and help) without refusing the others; it still flags what is not JSON Schema at all.
_SCHEMA_REF = {"$ref": "#/$defs/ParameterSchema"}
_TYPE_NAME = {"enum": list(JSON_TYPES)}
_NON_NEGATIVE = {"type": "integer", "minimum": 0}


def _keyword_schemas() -> dict[str, dict[str, Any]]:
    """The value each supported keyword takes, with a line of help an editor can show."""
    keywords: dict[str, dict[str, Any]] = {
        "type": {
            "description": 'One JSON type, or [T, "null"] for a nullable value (a list of several types is typed '
            "as a union, or as any JSON value with a warning). Omit for any JSON value.",
            "anyOf": [
                _TYPE_NAME,
                {"type": "array", "items": _TYPE_NAME, "uniqueItems": True},
            ],
        },
        "description": {
            "type": "string",
            "description": "Shown to the model; becomes a doc comment.",
        },
        "title": {"type": "string"},
        "default": {"description": "Default value; must fit the schema."},
        "examples": {"type": "array"},
        "enum": {"type": "array", "description": "Allowed values."},
        "const": {"description": "The only allowed value."},
        "$ref": {
            "type": "string",
            "pattern": "^#",
            "description": 'A local reference: "#/$defs/Name", or any JSON pointer into this document.',
        },
        "anyOf": {
            "type": "array",
            "minItems": 1,
            "items": _SCHEMA_REF,
            "description": "A schema and {type: null} is nullable; other unions are typed per language (README).",
        },
        "properties": {"type": "object", "additionalProperties": _SCHEMA_REF},
        "required": {"type": "array", "items": {"type": "string"}, "uniqueItems": True},
        "additionalProperties": {
            "anyOf": [{"type": "boolean"}, _SCHEMA_REF],
            "description": "false: closed object; a schema: a string-keyed map of that value.",
        },
        "items": _SCHEMA_REF,
        "minLength": _NON_NEGATIVE,
        "maxLength": _NON_NEGATIVE,
        "pattern": {"type": "string", "format": "regex"},
        "format": {"type": "string"},
        "minItems": _NON_NEGATIVE,
        "maxItems": _NON_NEGATIVE,
        "uniqueItems": {"type": "boolean"},
        "multipleOf": {"type": "number", "exclusiveMinimum": 0},
    }
    for key in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        keywords[key] = {"type": "number"}
    assert set(keywords) == SUPPORTED, "every supported keyword needs a schema for editors"
    return {key: keywords[key] for key in sorted(keywords)}


def subset_json_schema_defs() -> dict[str, dict[str, Any]]:
    """`$defs` entries describing the supported subset: `ToolParameters` (the root) and `ParameterSchema`."""
    keywords = _keyword_schemas()
    root_keywords = dict(keywords)
    return {
        "ToolParameters": {
            "title": "Tool parameters",
            "description": "A JSON Schema whose root is `type: object`.",
            "type": "object",
            "properties": {
                **root_keywords,
                "type": {"const": "object"},
                "$defs": {"type": "object", "additionalProperties": _SCHEMA_REF},
                "$schema": {"type": "string"},
                "$id": {"type": "string"},
            },
            "required": ["type"],
        },
        "ParameterSchema": {
            "title": "Parameter schema",
            "type": ["object", "boolean"],
            "properties": {**keywords, "$defs": {"type": "object", "additionalProperties": _SCHEMA_REF}},
        },
    }
