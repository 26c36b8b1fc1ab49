"""Check a tool's `parameters` against the JSON Schema subset toolgen supports (design §2 and §6).

Every keyword outside the subset is reported by name and position; nothing is silently dropped, because the
typed models of six languages are built from what this accepts. The same keyword tables produce the JSON
Schema that `toolgen schema` exports for editors (`subset_json_schema_defs`), so the two cannot drift.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .errors import Diagnostic
from .suggest import did_you_mean
from .yamlload import LocatedDocument, Path

JSON_TYPES = ("string", "integer", "number", "boolean", "object", "array", "null")
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
# The root of `parameters` becomes the parameters type itself, so it must be a plain object schema.
NOT_AT_ROOT = ("$ref", "anyOf", "enum", "const")
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
BOUND_PAIRS = (("minimum", "maximum"), ("minLength", "maxLength"), ("minItems", "maxItems"))
# Limits (README "Guarantees"): beyond them some language cannot compile the output, or generation gets slow.
# A Java record's canonical constructor takes at most 254 parameters.
MAX_PROPERTIES_PER_OBJECT = 250
# Every property is a typed field in six languages.
MAX_PROPERTIES_PER_TOOL = 1000
# A Java enum's static initializer must stay under the JVM's 64 KB per method.
MAX_ENUM_VALUES = 1000
# Schemas inside schemas (properties, items, additionalProperties, anyOf, $defs). The Python SDK builds a
# pydantic JSON Schema of the parameters model recursively: about 45 nested models exhaust the interpreter's
# default recursion limit, so 32 leaves room for the caller's own stack.
MAX_SCHEMA_DEPTH = 32
# Keywords whose value is a schema (one step deeper), and those whose value maps names or indexes to schemas.
_SCHEMA_STEP = ("items", "additionalProperties")
_SCHEMA_TABLE = ("properties", "$defs", "anyOf")
REF_PATTERN = re.compile(r"^#/\$defs/([^/~]+)$")
NULL_SCHEMA = {"type": "null"}
# Keywords users reach for that the typed models of six languages cannot all express.
EXPLAIN = {
    "oneOf": "only `anyOf` of a schema and {type: null} (nullable) is supported",
    "allOf": "merge the schemas by hand",
    "not": "negation cannot be expressed in the typed models",
    "if": "conditional schemas cannot be expressed in the typed models",
    "then": "conditional schemas cannot be expressed in the typed models",
    "else": "conditional schemas cannot be expressed in the typed models",
    "patternProperties": "use additionalProperties with a value schema",
    "definitions": 'use "$defs" (JSON Schema 2020-12)',
    "prefixItems": "tuples cannot be expressed in every language",
    "nullable": 'that is OpenAPI, not JSON Schema; write type: [T, "null"]',
    "$comment": "write a YAML comment (# …) instead",
    "minProperties": "object size bounds cannot be expressed in the typed models",
    "maxProperties": "object size bounds cannot be expressed in the typed models",
    "propertyNames": "key constraints cannot be expressed in the typed models",
    "dependentRequired": "conditional requirements cannot be expressed in the typed models",
    "dependentSchemas": "conditional schemas cannot be expressed in the typed models",
    "dependencies": "conditional requirements cannot be expressed in the typed models",
    "contains": "array membership constraints cannot be expressed in the typed models",
    "unevaluatedProperties": 'use "additionalProperties"',
    "additionalItems": 'use "items" (JSON Schema 2020-12)',
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


def _quoted(word: str) -> str:
    return json.dumps(word, ensure_ascii=False)


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
            text += f"[{_quoted(part)}]"
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


def declared_types(schema: dict[str, Any]) -> tuple[str, ...] | None:
    """The types a valid `type` keyword allows (`[T, "null"]` gives both); None when absent or invalid."""
    given = schema.get("type")
    if isinstance(given, str) and given in JSON_TYPES:
        return (given,)
    if (
        isinstance(given, list)
        and len(given) == 2
        and "null" in given
        and all(isinstance(t, str) and t in JSON_TYPES for t in given)
        and given[0] != given[1]
    ):
        return tuple(given)
    return None


def _type_phrase(types: tuple[str, ...]) -> str:
    words = [
        ("an " if kind[0] in "aeiou" else "a ") + kind if kind != "null" else "null"
        for kind in types
    ]
    return " or ".join(words)


def _nullable_option(options: Any) -> int | None:
    """For `anyOf: [S, {type: null}]` (either order) the index of S, else None."""
    if not isinstance(options, list) or len(options) != 2:
        return None
    nulls = [i for i, option in enumerate(options) if option == NULL_SCHEMA]
    return 1 - nulls[0] if len(nulls) == 1 else None


# Python's `re` stands in for ECMA-262 here; these spellings are valid there but not in Python.
_REGEX_DIALECT = (
    (re.compile(r"\\[pP]\{[^}]*\}"), "."),
    (re.compile(r"\(\?<(?=[A-Za-z_])"), "(?P<"),
)


def _regex_problem(pattern: str) -> str | None:
    try:
        re.compile(pattern)
        return None
    except re.error as exc:
        problem = str(exc)
    translated = pattern
    for spelling, python in _REGEX_DIALECT:
        translated = spelling.sub(python, translated)
    try:
        re.compile(translated)
        return None
    except re.error:
        return problem


class _Checker:
    def __init__(self, document: LocatedDocument, root_path: Path):
        self.document = document
        self.root_path = root_path
        self.problems: list[Diagnostic] = []
        self.property_count = 0
        self.too_deep_reported = False
        root = self._value(root_path)
        defs = root.get("$defs") if isinstance(root, dict) else None
        self.defs: dict[str, Any] = defs if isinstance(defs, dict) else {}

    def _value(self, path: Path) -> Any:
        value = self.document.value
        for part in path:
            value = value[part]
        return value

    def error_at_value(self, path: Path, message: str) -> None:
        pos = self.document.position_of_value(path)
        self.problems.append(
            Diagnostic(self.document.file, pos.line, pos.column, f"{_where(path)}: {message}")
        )

    def error_at_key(self, path: Path, message: str) -> None:
        pos = self.document.position_of_key(path)
        self.problems.append(
            Diagnostic(self.document.file, pos.line, pos.column, f"{_where(path)}: {message}")
        )

    def warn_at_key(self, path: Path, message: str) -> None:
        pos = self.document.position_of_key(path)
        self.problems.append(
            Diagnostic(
                self.document.file,
                pos.line,
                pos.column,
                f"{_where(path)}: {message}",
                severity="warning",
            )
        )

    # -- the root and $defs ------------------------------------------------------------------------

    def check_root(self) -> None:
        path = self.root_path
        schema = self._value(path)
        if not isinstance(schema, dict):
            self.error_at_value(path, f"must be a JSON Schema mapping, got {_describe(schema)}")
            return
        if schema.get("type") != "object":
            if "type" in schema:
                self.error_at_value(
                    path + ("type",), f'the root must be "object", got {_describe(schema["type"])}'
                )
            else:
                self.error_at_value(path, "the root schema needs `type: object`")
        for key in ("$schema", "$id"):
            if key in schema and not isinstance(schema[key], str):
                self.error_at_value(
                    path + (key,), f"must be a string, got {_describe(schema[key])}"
                )
        if "$defs" in schema:
            defs = schema["$defs"]
            if not isinstance(defs, dict):
                self.error_at_value(
                    path + ("$defs",),
                    f"must be a mapping of names to schemas, got {_describe(defs)}",
                )
            else:
                for name in defs:
                    if name == "":
                        self.error_at_key(
                            path + ("$defs", name), "a definition name must not be empty"
                        )
                    self.check(path + ("$defs", name))
                self._check_ref_cycles(path + ("$defs",))
        for key in NOT_AT_ROOT:
            if key in schema:
                self.error_at_key(
                    path + (key,),
                    f"{_quoted(key)} is not supported at the root, which must be a plain object schema "
                    "(put it on a property instead)",
                )
        self.check(path, at_root=True)

    def _direct_ref(self, schema: Any) -> str | None:
        """The definition a schema is nothing but an alias of (`$ref`, possibly made nullable)."""
        if not isinstance(schema, dict):
            return None
        ref = schema.get("$ref")
        if isinstance(ref, str) and (match := REF_PATTERN.fullmatch(ref)):
            return match.group(1)
        inner = _nullable_option(schema.get("anyOf"))
        return self._direct_ref(schema["anyOf"][inner]) if inner is not None else None

    def _check_ref_cycles(self, defs_path: Path) -> None:
        """`A: {$ref: B}`, `B: {$ref: A}` names no type at all; recursion must pass through an object or array."""
        names = list(self.defs)
        for start in names:
            chain = [start]
            current = self._direct_ref(self.defs[start])
            while current is not None and current in self.defs and current not in chain:
                chain.append(current)
                current = self._direct_ref(self.defs[current])
            if current != start or min(chain, key=names.index) != start:
                continue  # no cycle through `start`, or reported at an earlier member of the cycle
            loop = " → ".join(chain + [start])
            self.error_at_value(
                self._ref_path(defs_path + (start,)),
                f"{loop} refers back to itself with no object or array in between; the type would be infinite",
            )

    def _ref_path(self, path: Path) -> Path:
        schema = self._value(path)
        if "$ref" in schema:
            return path + ("$ref",)
        inner = _nullable_option(schema["anyOf"])
        return self._ref_path(path + ("anyOf", inner))  # type: ignore[operator]

    # -- one schema --------------------------------------------------------------------------------

    def _depth(self, path: Path) -> int:
        """How many schemas `path` lies inside (the root schema is depth 0)."""
        depth, parts, index = 0, path[len(self.root_path) :], 0
        while index < len(parts):
            depth += 1
            index += 2 if parts[index] in _SCHEMA_TABLE else 1
        return depth

    def check(self, path: Path, at_root: bool = False) -> None:
        if self._depth(path) > MAX_SCHEMA_DEPTH:
            # One line per spec: every deeper branch has the same cause.
            if not self.too_deep_reported:
                self.too_deep_reported = True
                self.error_at_key(
                    path,
                    f"schemas nest deeper than {MAX_SCHEMA_DEPTH} levels here (the limit); flatten them",
                )
            return
        schema = self._value(path)
        if isinstance(schema, bool):
            self.error_at_value(
                path,
                "boolean schemas are not supported here; write a mapping such as {} or {type: string}",
            )
            return
        if not isinstance(schema, dict):
            self.error_at_value(path, f"must be a JSON Schema mapping, got {_describe(schema)}")
            return
        if at_root:  # reported by check_root; checking them again would double-report
            schema = {key: value for key, value in schema.items() if key not in NOT_AT_ROOT}
        self._check_keywords(path, schema, at_root)
        self._check_type(path, schema)
        self._check_applicability(path, schema)
        # A keyword rejected where it stands is not checked any further: one problem, one line.
        rejected = self._check_combinations(path, schema)
        schema = {key: value for key, value in schema.items() if key not in rejected}
        self._check_annotations(path, schema)
        self._check_enum(path, schema)
        self._check_const(path, schema)
        self._check_ref(path, schema)
        self._check_any_of(path, schema)
        self._check_bounds(path, schema)
        self._check_object(path, schema)
        if "items" in schema:
            self.check(path + ("items",))
        if "default" in schema:
            self._check_value(path + ("default",), schema["default"], schema)

    def _check_keywords(self, path: Path, schema: dict, at_root: bool) -> None:
        for key in schema:
            if key in SUPPORTED or (at_root and key in ROOT_ONLY):
                continue
            if key in ROOT_ONLY:
                self.error_at_key(
                    path + (key,), f"{_quoted(key)} is only supported at the root of parameters"
                )
                continue
            known = sorted(SUPPORTED | (set(ROOT_ONLY) if at_root else set()))
            hint = f": {EXPLAIN[key]}" if key in EXPLAIN else f"{did_you_mean(key, known)}"
            self.error_at_key(path + (key,), f"keyword {_quoted(key)} is not supported{hint}")

    def _check_type(self, path: Path, schema: dict) -> None:
        if "type" not in schema:
            return
        given = schema["type"]
        if isinstance(given, str):
            if given not in JSON_TYPES:
                hint = did_you_mean(given, list(JSON_TYPES))
                self.error_at_value(
                    path + ("type",),
                    f"unknown type {_describe(given)}{hint}; one of {', '.join(JSON_TYPES)}",
                )
            return
        if (
            isinstance(given, list)
            and len(given) == 2
            and "null" in given
            and all(isinstance(t, str) for t in given)
        ):
            other = given[0] if given[1] == "null" else given[1]
            if other not in JSON_TYPES or other == "null":
                hint = did_you_mean(other, list(JSON_TYPES))
                self.error_at_value(
                    path + ("type",), f'unknown type {_describe(other)} beside "null"{hint}'
                )
            return
        shown = (
            json.dumps(given, ensure_ascii=False) if isinstance(given, list) else _describe(given)
        )
        self.error_at_value(path + ("type",), f'must be one type name or [T, "null"], got {shown}')

    def _check_applicability(self, path: Path, schema: dict) -> None:
        """`type: string` with `minimum:` is valid JSON Schema that means nothing (the keyword is ignored for
        other types), so it is a warning, not an error: usually a leftover from a changed type."""
        types = declared_types(schema)
        if types is None:
            return
        kinds = [kind for kind in types if kind != "null"] or ["null"]
        for key in schema:
            if key in APPLIES_TO and not set(kinds) & set(APPLIES_TO[key]):
                nouns = " and ".join(KIND_NOUNS[kind] for kind in APPLIES_TO[key])
                self.warn_at_key(
                    path + (key,),
                    f"{_quoted(key)} applies to {nouns}; it has no effect on type {_quoted(kinds[0])}",
                )

    def _check_combinations(self, path: Path, schema: dict) -> set[str]:
        """Beside `$ref` and `anyOf` only annotations make sense: the typed model follows the reference."""
        rejected = set()
        for combinator in ("$ref", "anyOf"):
            if combinator not in schema:
                continue
            for key in schema:
                if key == combinator or key in ANNOTATIONS or key not in SUPPORTED:
                    continue
                if combinator == "anyOf" and key == "$ref":
                    continue  # reported once, at anyOf, by the $ref pass
                self.error_at_key(
                    path + (key,),
                    f"{_quoted(key)} cannot be combined with {_quoted(combinator)}; beside it only "
                    "description, title, default and examples are supported",
                )
                rejected.add(key)
        if "enum" in schema and "const" in schema:
            self.error_at_key(path + ("const",), 'use either "enum" or "const", not both')
            rejected.add("const")
        return rejected

    def _check_annotations(self, path: Path, schema: dict) -> None:
        for key in ("description", "title", "format", "pattern"):
            if key in schema and not isinstance(schema[key], str):
                self.error_at_value(
                    path + (key,), f"must be a string, got {_describe(schema[key])}"
                )
        if isinstance(schema.get("pattern"), str):
            problem = _regex_problem(schema["pattern"])
            if problem:
                self.error_at_value(path + ("pattern",), f"invalid regular expression: {problem}")
        if "examples" in schema and not isinstance(schema["examples"], list):
            self.error_at_value(
                path + ("examples",), f"must be a list, got {_describe(schema['examples'])}"
            )

    def _check_enum(self, path: Path, schema: dict) -> None:
        if "enum" not in schema:
            return
        values = schema["enum"]
        if not isinstance(values, list):
            self.error_at_value(
                path + ("enum",), f"must be a list of values, got {_describe(values)}"
            )
            return
        if not values:
            self.error_at_value(path + ("enum",), "must list at least one value")
            return
        if len(values) > MAX_ENUM_VALUES:
            self.error_at_key(
                path + ("enum",), f"lists {len(values)} values; the limit is {MAX_ENUM_VALUES}"
            )
            return
        types = declared_types(schema)
        seen: list[Any] = []
        for index, value in enumerate(values):
            where = path + ("enum", index)
            if isinstance(value, (dict, list)):
                self.error_at_value(where, "enum values must be strings, numbers, booleans or null")
            elif any(_json_equal(value, other) for other in seen):
                self.error_at_value(where, f"duplicate enum value {_describe(value)}")
            elif types and not any(_has_type(value, kind) for kind in types):
                self.error_at_value(
                    where, f"{_describe(value)} is not {_type_phrase(types)}, as `type` says"
                )
            seen.append(value)

    def _check_const(self, path: Path, schema: dict) -> None:
        types = declared_types(schema)
        if (
            "const" in schema
            and types
            and not any(_has_type(schema["const"], kind) for kind in types)
        ):
            self.error_at_value(
                path + ("const",),
                f"{_describe(schema['const'])} is not {_type_phrase(types)}, as `type` says",
            )

    def _check_ref(self, path: Path, schema: dict) -> None:
        if "$ref" not in schema:
            return
        ref = schema["$ref"]
        match = REF_PATTERN.fullmatch(ref) if isinstance(ref, str) else None
        if not match:
            self.error_at_value(
                path + ("$ref",),
                f'only local references "#/$defs/Name" are supported, got {_describe(ref)}',
            )
        elif match.group(1) not in self.defs:
            hint = did_you_mean(match.group(1), list(self.defs))
            known = ", ".join(sorted(self.defs)) or "no definitions"
            self.error_at_value(
                path + ("$ref",), f'"{ref}" does not resolve: $defs has {known}{hint}'
            )

    def _check_any_of(self, path: Path, schema: dict) -> None:
        if "anyOf" not in schema:
            return
        inner = _nullable_option(schema["anyOf"])
        if inner is None:
            self.error_at_value(
                path + ("anyOf",), "only anyOf of a schema and {type: null} (nullable) is supported"
            )
            return
        self.check(path + ("anyOf", inner))

    def _check_bounds(self, path: Path, schema: dict) -> None:
        for key in sorted(KEYWORDS_BY_USE["number"]):
            if key in schema and not _is_number(schema[key]):
                self.error_at_value(
                    path + (key,), f"must be a number, got {_describe(schema[key])}"
                )
        if _is_number(schema.get("multipleOf")) and schema["multipleOf"] <= 0:
            self.error_at_value(path + ("multipleOf",), "must be greater than 0")
        for key in ("minLength", "maxLength", "minItems", "maxItems"):
            value = schema.get(key)
            if key in schema and (
                isinstance(value, bool) or not isinstance(value, int) or value < 0
            ):
                self.error_at_value(
                    path + (key,), f"must be a non-negative integer, got {_describe(value)}"
                )
        for low, high in BOUND_PAIRS:
            if (
                _is_number(schema.get(low))
                and _is_number(schema.get(high))
                and schema[low] > schema[high]
            ):
                self.error_at_value(
                    path + (low,),
                    f"{low} ({_describe(schema[low])}) is greater than {high} ({_describe(schema[high])})",
                )
        if "uniqueItems" in schema and not isinstance(schema["uniqueItems"], bool):
            self.error_at_value(
                path + ("uniqueItems",),
                f"must be true or false, got {_describe(schema['uniqueItems'])}",
            )

    def _check_object(self, path: Path, schema: dict) -> None:
        properties = schema.get("properties")
        if "properties" in schema:
            if not isinstance(properties, dict):
                self.error_at_value(
                    path + ("properties",),
                    f"must be a mapping of names to schemas, got {_describe(properties)}",
                )
            else:
                self._count_properties(path, properties)
                for name in properties:
                    if name == "":
                        self.error_at_key(
                            path + ("properties", name), "a property name must not be empty"
                        )
                    self.check(path + ("properties", name))
        if "required" in schema:
            self._check_required(
                path, schema["required"], properties if isinstance(properties, dict) else None
            )
        if "additionalProperties" in schema and not isinstance(
            schema["additionalProperties"], bool
        ):
            self.check(path + ("additionalProperties",))

    def _count_properties(self, path: Path, properties: dict) -> None:
        if len(properties) > MAX_PROPERTIES_PER_OBJECT:
            self.error_at_key(
                path + ("properties",),
                f"declares {len(properties)} properties; the limit is {MAX_PROPERTIES_PER_OBJECT} per object "
                "(split it into nested objects)",
            )
        before = self.property_count
        self.property_count += len(properties)
        if before <= MAX_PROPERTIES_PER_TOOL < self.property_count:
            crossing = list(properties)[MAX_PROPERTIES_PER_TOOL - before]
            self.error_at_key(
                path + ("properties", crossing),
                f"the tool declares more than {MAX_PROPERTIES_PER_TOOL} properties in all (the limit)",
            )

    def _check_required(self, path: Path, required: Any, properties: dict | None) -> None:
        if not isinstance(required, list) or not all(isinstance(item, str) for item in required):
            self.error_at_value(
                path + ("required",), f"must be a list of property names, got {_describe(required)}"
            )
            return
        seen: set[str] = set()
        for index, name in enumerate(required):
            if name in seen:
                self.error_at_value(path + ("required", index), f"{_quoted(name)} is listed twice")
            elif properties is None:
                self.error_at_value(
                    path + ("required", index),
                    f'{_quoted(name)} is not a property: this schema has no "properties"',
                )
            elif name not in properties:
                hint = did_you_mean(name, list(properties))
                self.error_at_value(
                    path + ("required", index), f"{_quoted(name)} is not a property{hint}"
                )
            seen.add(name)

    # -- values against schemas (default) ------------------------------------------------------------

    def _check_value(self, path: Path, value: Any, schema: dict) -> None:
        """A default the typed models could not hold (wrong type, not an enum member) is an error."""
        found = self._mismatch(value, schema, (), 0)
        if found:
            where, message = found
            self.error_at_value(path + where, message)

    def _mismatch(
        self, value: Any, schema: Any, where: Path, depth: int
    ) -> tuple[Path, str] | None:
        if not isinstance(schema, dict) or depth > 64:
            return None
        if isinstance(schema.get("$ref"), str) and (match := REF_PATTERN.fullmatch(schema["$ref"])):
            return self._mismatch(value, self.defs.get(match.group(1)), where, depth + 1)
        inner = _nullable_option(schema.get("anyOf"))
        if inner is not None:
            return (
                None
                if value is None
                else self._mismatch(value, schema["anyOf"][inner], where, depth + 1)
            )
        if "const" in schema and not _json_equal(value, schema["const"]):
            return where, f"{_describe(value)} is not the constant {_describe(schema['const'])}"
        enum = schema.get("enum")
        if (
            isinstance(enum, list)
            and enum
            and not any(_json_equal(value, member) for member in enum)
        ):
            return where, f"{_describe(value)} is not one of the enum values"
        types = declared_types(schema)
        if types and not any(_has_type(value, kind) for kind in types):
            return where, f"{_describe(value)} is not {_type_phrase(types)}"
        if isinstance(value, dict):
            return self._mapping_mismatch(value, schema, where, depth)
        if isinstance(value, list) and isinstance(schema.get("items"), dict):
            for index, item in enumerate(value):
                found = self._mismatch(item, schema["items"], where + (index,), depth + 1)
                if found:
                    return found
        return None

    def _mapping_mismatch(
        self, value: dict, schema: dict, where: Path, depth: int
    ) -> tuple[Path, str] | None:
        declared = schema.get("properties")
        properties: dict[str, Any] = declared if isinstance(declared, dict) else {}
        additional = schema.get("additionalProperties", True)
        for key, item in value.items():
            if key in properties:
                found = self._mismatch(item, properties[key], where + (key,), depth + 1)
            elif additional is False:
                found = (where + (key,), f"{_quoted(key)} is not a property")
            else:
                found = self._mismatch(item, additional, where + (key,), depth + 1)
            if found:
                return found
        required = schema.get("required")
        if isinstance(required, list):
            for name in required:
                if isinstance(name, str) and name in properties and name not in value:
                    return where, f"misses the required key {_quoted(name)}"
        return None


def check_parameters(document: LocatedDocument, path: Path) -> list[Diagnostic]:
    """All problems of the parameters schema at `path` inside `document`."""
    checker = _Checker(document, path)
    checker.check_root()
    return checker.problems


# -- the subset as JSON Schema, for editors ------------------------------------------------------------

_SCHEMA_REF = {"$ref": "#/$defs/ParameterSchema"}
_TYPE_NAME = {"enum": list(JSON_TYPES)}
_SCALAR = {"type": ["string", "number", "boolean", "null"]}
_NON_NEGATIVE = {"type": "integer", "minimum": 0}


def _keyword_schemas() -> dict[str, dict[str, Any]]:
    """The value each supported keyword takes, with a line of help an editor can show."""
    keywords: dict[str, dict[str, Any]] = {
        "type": {
            "description": 'One JSON type, or [T, "null"] for a nullable value. Omit for any JSON value.',
            "anyOf": [
                _TYPE_NAME,
                {
                    "type": "array",
                    "items": _TYPE_NAME,
                    "minItems": 2,
                    "maxItems": 2,
                    "uniqueItems": True,
                    "contains": {"const": "null"},
                },
            ],
        },
        "description": {
            "type": "string",
            "description": "Shown to the model; becomes a doc comment.",
        },
        "title": {"type": "string"},
        "default": {"description": "Default value; must fit the schema."},
        "examples": {"type": "array"},
        "enum": {
            "type": "array",
            "minItems": 1,
            "items": _SCALAR,
            "description": "Allowed values.",
        },
        "const": {"description": "The only allowed value."},
        "$ref": {
            "type": "string",
            "pattern": REF_PATTERN.pattern,
            "description": 'A local "#/$defs/Name".',
        },
        "anyOf": {
            "type": "array",
            "minItems": 2,
            "maxItems": 2,
            "items": _SCHEMA_REF,
            "description": "Only a schema and {type: null}, in either order (nullable).",
        },
        "properties": {
            "type": "object",
            "additionalProperties": _SCHEMA_REF,
            "propertyNames": {"minLength": 1},
        },
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
    root_keywords = {key: value for key, value in keywords.items() if key not in NOT_AT_ROOT}
    return {
        "ToolParameters": {
            "title": "Tool parameters",
            "description": "A JSON Schema (toolgen's supported subset) whose root is `type: object`.",
            "type": "object",
            "properties": {
                **root_keywords,
                "type": {"const": "object"},
                "$defs": {
                    "type": "object",
                    "additionalProperties": _SCHEMA_REF,
                    "propertyNames": {"minLength": 1},
                },
                "$schema": {"type": "string"},
                "$id": {"type": "string"},
            },
            "required": ["type"],
            "additionalProperties": False,
        },
        "ParameterSchema": {
            "title": "Parameter schema",
            "type": "object",
            "properties": keywords,
            "additionalProperties": False,
        },
    }
