"""Check a tool's `parameters` against the JSON Schema subset toolgen supports (design §2 and §6).

Every keyword outside the subset is reported by name and position; nothing is silently dropped, because the
typed models of six languages are built from what this accepts.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .errors import Diagnostic
from .suggest import did_you_mean
from .yamlload import LocatedDocument, Path

JSON_TYPES = ("string", "integer", "number", "boolean", "object", "array", "null")
ANNOTATIONS = {"description", "title", "default", "examples"}
KEYWORDS_BY_USE = {
    "any": {"type", "enum", "const", "$ref", "anyOf", *ANNOTATIONS},
    "number": {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"},
    "string": {"minLength", "maxLength", "pattern", "format"},
    "array": {"items", "minItems", "maxItems", "uniqueItems"},
    "object": {"properties", "required", "additionalProperties"},
}
SUPPORTED = set().union(*KEYWORDS_BY_USE.values())
ROOT_ONLY = {"$defs", "$schema", "$id"}
REF_PATTERN = re.compile(r"^#/\$defs/([^/~]+)$")
# Keywords users reach for that the typed models of six languages cannot all express.
EXPLAIN = {
    "oneOf": "only `anyOf` of a schema and {type: null} (nullable) is supported",
    "allOf": "merge the schemas by hand",
    "not": "negation cannot be expressed in the typed models",
    "if": "conditional schemas cannot be expressed in the typed models",
    "patternProperties": "use additionalProperties with a value schema",
    "definitions": 'use "$defs" (JSON Schema 2020-12)',
    "prefixItems": "tuples cannot be expressed in every language",
}


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return json.dumps(value, ensure_ascii=False)


def _where(path: Path) -> str:
    return ".".join(str(part) for part in path)


class _Checker:
    def __init__(self, document: LocatedDocument, root_path: Path):
        self.document = document
        self.root_path = root_path
        self.problems: list[Diagnostic] = []
        root = self._value(root_path)
        defs = root.get("$defs") if isinstance(root, dict) else None
        self.def_names = set(defs) if isinstance(defs, dict) else set()

    def _value(self, path: Path) -> Any:
        value = self.document.value
        for part in path:
            value = value[part]
        return value

    def error_at_value(self, path: Path, message: str) -> None:
        pos = self.document.position_of_value(path)
        self.problems.append(Diagnostic(self.document.file, pos.line, pos.column, f"{_where(path)}: {message}"))

    def error_at_key(self, path: Path, message: str) -> None:
        pos = self.document.position_of_key(path)
        self.problems.append(Diagnostic(self.document.file, pos.line, pos.column, f"{_where(path)}: {message}"))

    def check_root(self) -> None:
        path = self.root_path
        schema = self._value(path)
        if not isinstance(schema, dict):
            self.error_at_value(path, f"must be a JSON Schema mapping, got {_describe(schema)}")
            return
        if schema.get("type") != "object":
            if "type" in schema:
                self.error_at_value(path + ("type",), f'the root must be "object", got {_describe(schema["type"])}')
            else:
                self.error_at_value(path, 'the root schema needs `type: object`')
        for key in ("$schema", "$id"):
            if key in schema and not isinstance(schema[key], str):
                self.error_at_value(path + (key,), f"must be a string, got {_describe(schema[key])}")
        defs = schema.get("$defs")
        if "$defs" in schema:
            if not isinstance(defs, dict):
                self.error_at_value(path + ("$defs",), f"must be a mapping of names to schemas, got {_describe(defs)}")
            else:
                for name in defs:
                    self.check(path + ("$defs", name))
        self.check(path, at_root=True)

    def check(self, path: Path, at_root: bool = False) -> None:
        schema = self._value(path)
        if isinstance(schema, bool):
            self.error_at_value(path, "boolean schemas are not supported here; write a mapping such as {} or {type: string}")
            return
        if not isinstance(schema, dict):
            self.error_at_value(path, f"must be a JSON Schema mapping, got {_describe(schema)}")
            return
        for key in schema:
            if key in SUPPORTED or (at_root and key in ROOT_ONLY):
                continue
            if key in ROOT_ONLY:
                self.error_at_key(path + (key,), f'"{key}" is only supported at the root of parameters')
                continue
            hint = EXPLAIN.get(key)
            self.error_at_key(
                path + (key,),
                f'keyword "{key}" is not supported' + (f": {hint}" if hint else " by toolgen's schema subset"),
            )
        self._check_type(path, schema)
        self._check_annotations(path, schema)
        self._check_enum(path, schema)
        self._check_ref(path, schema)
        self._check_any_of(path, schema)
        self._check_bounds(path, schema)
        self._check_object(path, schema)
        if "items" in schema:
            self.check(path + ("items",))

    def _check_type(self, path: Path, schema: dict) -> None:
        if "type" not in schema:
            return
        given = schema["type"]
        if isinstance(given, str):
            if given not in JSON_TYPES:
                self.error_at_value(path + ("type",), f"unknown type {_describe(given)}; one of {', '.join(JSON_TYPES)}")
            return
        if isinstance(given, list) and len(given) == 2 and "null" in given and all(isinstance(t, str) for t in given):
            other = given[0] if given[1] == "null" else given[1]
            if other not in JSON_TYPES or other == "null":
                self.error_at_value(path + ("type",), f"unknown type {_describe(other)} beside \"null\"")
            return
        self.error_at_value(
            path + ("type",),
            f'must be one type name or [T, "null"], got {_describe(given)}',
        )

    def _check_annotations(self, path: Path, schema: dict) -> None:
        for key in ("description", "title", "format", "pattern"):
            if key in schema and not isinstance(schema[key], str):
                self.error_at_value(path + (key,), f"must be a string, got {_describe(schema[key])}")
        if "pattern" in schema and isinstance(schema["pattern"], str):
            try:
                re.compile(schema["pattern"])
            except re.error as exc:
                self.error_at_value(path + ("pattern",), f"invalid regular expression: {exc}")
        if "examples" in schema and not isinstance(schema["examples"], list):
            self.error_at_value(path + ("examples",), f"must be a list, got {_describe(schema['examples'])}")

    def _check_enum(self, path: Path, schema: dict) -> None:
        if "enum" not in schema:
            return
        values = schema["enum"]
        if not isinstance(values, list) or not values:
            self.error_at_value(path + ("enum",), f"must be a non-empty list, got {_describe(values)}")
            return
        seen: list[Any] = []
        for index, value in enumerate(values):
            if isinstance(value, (dict, list)):
                self.error_at_value(path + ("enum", index), "enum values must be strings, numbers, booleans or null")
            elif any(value == other and type(value) is type(other) for other in seen):
                self.error_at_value(path + ("enum", index), f"duplicate enum value {_describe(value)}")
            seen.append(value)

    def _check_ref(self, path: Path, schema: dict) -> None:
        if "$ref" not in schema:
            return
        ref = schema["$ref"]
        match = REF_PATTERN.match(ref) if isinstance(ref, str) else None
        if not match:
            self.error_at_value(path + ("$ref",), f'only local references "#/$defs/Name" are supported, got {_describe(ref)}')
        elif match.group(1) not in self.def_names:
            known = ", ".join(sorted(self.def_names)) or "none"
            self.error_at_value(path + ("$ref",), f'"{ref}" does not resolve: $defs has {known}')

    def _check_any_of(self, path: Path, schema: dict) -> None:
        if "anyOf" not in schema:
            return
        options = schema["anyOf"]
        if not isinstance(options, list) or len(options) != 2:
            self.error_at_value(path + ("anyOf",), "only anyOf of a schema and {type: null} (nullable) is supported")
            return
        nulls = [i for i, option in enumerate(options) if option == {"type": "null"}]
        if len(nulls) != 1:
            self.error_at_value(path + ("anyOf",), "only anyOf of a schema and {type: null} (nullable) is supported")
            return
        self.check(path + ("anyOf", 1 - nulls[0]))

    def _check_bounds(self, path: Path, schema: dict) -> None:
        for key in KEYWORDS_BY_USE["number"]:
            if key in schema and (isinstance(schema[key], bool) or not isinstance(schema[key], (int, float))):
                self.error_at_value(path + (key,), f"must be a number, got {_describe(schema[key])}")
        if isinstance(schema.get("multipleOf"), (int, float)) and schema["multipleOf"] <= 0:
            self.error_at_value(path + ("multipleOf",), "must be greater than 0")
        for key in ("minLength", "maxLength", "minItems", "maxItems"):
            value = schema.get(key)
            if key in schema and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
                self.error_at_value(path + (key,), f"must be a non-negative integer, got {_describe(value)}")
        if "uniqueItems" in schema and not isinstance(schema["uniqueItems"], bool):
            self.error_at_value(path + ("uniqueItems",), f"must be true or false, got {_describe(schema['uniqueItems'])}")

    def _check_object(self, path: Path, schema: dict) -> None:
        properties = schema.get("properties")
        if "properties" in schema:
            if not isinstance(properties, dict):
                self.error_at_value(path + ("properties",), f"must be a mapping of names to schemas, got {_describe(properties)}")
                properties = None
            else:
                for name in properties:
                    if name == "":
                        self.error_at_key(path + ("properties", name), "a property name must not be empty")
                    self.check(path + ("properties", name))
        if "required" in schema:
            required = schema["required"]
            if not isinstance(required, list) or not all(isinstance(item, str) for item in required):
                self.error_at_value(path + ("required",), f"must be a list of property names, got {_describe(required)}")
            else:
                seen: set[str] = set()
                for index, name in enumerate(required):
                    if name in seen:
                        self.error_at_value(path + ("required", index), f'"{name}" is listed twice')
                    elif properties is not None and name not in properties or "properties" not in schema:
                        hint = ""
                        if isinstance(properties, dict):
                            hint = did_you_mean(name, list(properties))
                        self.error_at_value(path + ("required", index), f'"{name}" is not a property{hint}')
                    seen.add(name)
        if "additionalProperties" in schema and not isinstance(schema["additionalProperties"], bool):
            self.check(path + ("additionalProperties",))


def check_parameters(document: LocatedDocument, path: Path) -> list[Diagnostic]:
    """All problems of the parameters schema at `path` inside `document`."""
    checker = _Checker(document, path)
    checker.check_root()
    return checker.problems
