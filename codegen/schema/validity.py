"""Is a tool's `parameters` a JSON Schema toolgen can generate from? The only refusals (design §2):

- not valid JSON Schema: checked against the meta-schema its `$schema` names (2020-12 when absent), quickly by
  jsonschema-rs (`fast_meta`) and, where that finds a violation, by the `jsonschema` library; each violation at its
  own place, with "did you mean" for the type names people carry over from Python (`dict`, `float`, `bool`, …);
- a root that is not an object schema;
- a `$ref` that does not resolve inside the document (remote, or pointing nowhere);
- the size and depth limits beyond which some language cannot compile the output.

Everything else generates; where a typed model must be looser than the schema, `schema_typing` says so with a
warning. Problems are returned with paths relative to the schema; callers locate them (YAML positions for specs,
JSON positions for `toolgen import`).
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from typing import Any

from .fast_meta import satisfies_meta_schema
from .keywords import LISTS, MAPS, SINGLE, Path, resolve_pointer, subschemas, walk
from ..errors import did_you_mean

JSON_TYPES = ("string", "integer", "number", "boolean", "object", "array", "null")
# Python and OpenAPI-ish spellings seen in real tool lists (BFCL writes Python's), and the JSON type meant.
TYPE_SPELLINGS = {
    "dict": "object",
    "map": "object",
    "float": "number",
    "double": "number",
    "decimal": "number",
    "int": "integer",
    "long": "integer",
    "bool": "boolean",
    "list": "array",
    "tuple": "array",
    "str": "string",
    "none": "null",
    "None": "null",
}
# The meta-schemas `jsonschema` ships (`fast_meta` reads the same), by the URI a schema names in `$schema` (with or
# without the final "#").
META_SCHEMAS = {
    "http://json-schema.org/draft-04/schema": "Draft4Validator",
    "http://json-schema.org/draft-06/schema": "Draft6Validator",
    "http://json-schema.org/draft-07/schema": "Draft7Validator",
    "https://json-schema.org/draft/2019-09/schema": "Draft201909Validator",
    "https://json-schema.org/draft/2020-12/schema": "Draft202012Validator",
}
DEFAULT_META_SCHEMA = "https://json-schema.org/draft/2020-12/schema"
# Limits (README "Guarantees"): beyond them some language cannot compile the output, or generation gets slow.
# A Java record's canonical constructor takes at most 254 parameters.
MAX_PROPERTIES_PER_OBJECT = 250
# Every property is a typed field in six languages.
MAX_PROPERTIES_PER_TOOL = 1000
# A Java enum's static initializer must stay under the JVM's 64 KB per method.
MAX_ENUM_VALUES = 1000
# Schemas inside schemas. The Python SDK builds a pydantic JSON Schema of the parameters model recursively: about
# 45 nested models exhaust the interpreter's default recursion limit, so 32 leaves room for the caller's stack.
MAX_SCHEMA_DEPTH = 32


@dataclass(frozen=True)
class SchemaProblem:
    path: Path  # relative to the schema root
    message: str
    at_key: bool = False  # point at the key of `path` (else at its value)


def describe(value: Any) -> str:
    """A JSON value as a message shows it (never Python's spelling: `null`, not `None`)."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return json.dumps(value, ensure_ascii=False)


def schema_problems(schema: Any) -> list[SchemaProblem]:
    """Every reason toolgen cannot generate from `schema` (errors only; the typed view reports looseness)."""
    if not isinstance(schema, dict):
        return [SchemaProblem((), f"must be a JSON Schema mapping whose root is `type: object`, got {describe(schema)}")]
    problems = _meta_schema_problems(schema)
    # Every check runs, so one run reports every problem; each reads only values of the shape it checks (a
    # malformed schema cannot crash one), and a place the meta-schema already faulted is not reported again.
    faulted = {problem.path for problem in problems}
    for check in (_regex_problems, _root_problems, _reference_problems, _limit_problems):
        problems += [problem for problem in check(schema) if problem.path not in faulted]
    return problems


# -- the meta-schema ---------------------------------------------------------------------------------------


def _meta_schema_named(schema: dict) -> tuple[str, SchemaProblem | None]:
    """The URI (no final "#") of the meta-schema `schema` names, or why it names none toolgen checks against."""
    named = schema.get("$schema", DEFAULT_META_SCHEMA)
    if not isinstance(named, str):
        return "", SchemaProblem(("$schema",), f"must be a meta-schema URI, got {describe(named)}")
    key = named.rstrip("#")
    if key not in META_SCHEMAS:
        known = ", ".join(f'"{uri}"' for uri in META_SCHEMAS)
        return "", SchemaProblem(("$schema",), f"unknown meta-schema {describe(named)}; toolgen checks against {known}")
    return key, None


@functools.lru_cache(maxsize=None)
def _meta_validator(name: str) -> Any:
    """One validator per meta-schema: building one compiles the meta-schema's references."""
    import jsonschema  # imported here: only a schema that breaks its meta-schema needs it

    cls = getattr(jsonschema, name)
    return cls(cls.META_SCHEMA)


def _meta_schema_problems(schema: dict) -> list[SchemaProblem]:
    key, problem = _meta_schema_named(schema)
    if problem:
        return [problem]
    if satisfies_meta_schema(schema, key, META_SCHEMAS[key]):
        return []  # the common case, told fast; `jsonschema` below finds and words each violation
    found: dict[Path, SchemaProblem] = {}
    for error in _meta_validator(META_SCHEMAS[key]).iter_errors(schema):
        path = tuple(error.absolute_path)
        if path not in found:  # one line per place: the first violation there says enough
            found[path] = SchemaProblem(path, _meta_message(error, path))
    return [found[path] for path in sorted(found, key=_path_key)]


def _path_key(path: Path) -> tuple:
    return tuple((0, part) if isinstance(part, int) else (1, part) for part in path)


def _type_name_hint(name: str) -> str:
    if name in TYPE_SPELLINGS:
        return f' (did you mean "{TYPE_SPELLINGS[name]}"?)'
    return did_you_mean(name, list(JSON_TYPES))


def _meta_message(error: Any, path: Path) -> str:
    instance, keyword, expected = error.instance, error.validator, error.validator_value
    if path and path[-1] == "type" and isinstance(instance, (str, list)):
        names = [instance] if isinstance(instance, str) else instance
        for name in names:
            if not isinstance(name, str):
                return f"a type name must be a string, got {describe(name)}"
            if name not in JSON_TYPES:
                return f"unknown type {describe(name)}{_type_name_hint(name)}; one of {', '.join(JSON_TYPES)}"
        return 'a list of types must name each type once, e.g. ["string", "null"]'
    if path and path[-1] == "type" and keyword == "anyOf":
        return f"must be a type name or a list of type names ({', '.join(JSON_TYPES)}), got {describe(instance)}"
    if keyword == "type":
        wanted = [expected] if isinstance(expected, str) else list(expected)
        if set(wanted) == {"object", "boolean"}:
            hint = ""
            if isinstance(instance, str) and (instance in JSON_TYPES or instance in TYPE_SPELLINGS):
                hint = f" (did you mean {{type: {TYPE_SPELLINGS.get(instance, instance)}}}?)"
            return f"must be a schema (a mapping, or true or false), got {describe(instance)}{hint}"
        return f"must be {' or '.join(_noun(kind) for kind in wanted)}, got {describe(instance)}"
    if keyword in ("minimum", "exclusiveMinimum"):
        sign = "at least" if keyword == "minimum" else "greater than"
        return f"must be {sign} {describe(expected)}, got {describe(instance)}"
    if keyword == "minItems":
        return f"must list at least {expected} value{'s' if expected != 1 else ''}"
    if keyword == "uniqueItems":
        return "must not list a value twice"
    if keyword == "enum":
        return f"{describe(instance)} is not one of {', '.join(describe(v) for v in expected)}"
    if keyword == "format" and expected == "regex":
        return f"invalid regular expression {describe(instance)}"
    return f"{describe(instance)} is not valid JSON Schema here (the meta-schema's {keyword!s} does not hold)"


def _noun(kind: str) -> str:
    return {"null": "null", "integer": "an integer", "object": "a mapping", "array": "a list"}.get(kind, f"a {kind}")


# -- the root, references and limits -----------------------------------------------------------------------


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


def _regex_problems(schema: dict) -> list[SchemaProblem]:
    """`pattern` and `patternProperties` keys must be regular expressions (the meta-schema's `format: regex`,
    which `jsonschema` does not assert by default)."""
    problems = []
    for path, sub in walk(schema):
        if not isinstance(sub, dict):
            continue
        if isinstance(sub.get("pattern"), str) and (problem := _regex_problem(sub["pattern"])):
            problems.append(SchemaProblem(path + ("pattern",), f"invalid regular expression: {problem}"))
        for key in sub.get("patternProperties") or {}:
            if problem := _regex_problem(key):
                problems.append(SchemaProblem(path + ("patternProperties", key), f"invalid regular expression: {problem}", at_key=True))
    return problems


def _root_problems(schema: dict) -> list[SchemaProblem]:
    if schema.get("type") == "object":
        return []
    if "type" in schema:
        return [SchemaProblem(("type",), f'the root must be "object", got {describe(schema["type"])}')]
    return [SchemaProblem((), "the root schema needs `type: object`")]


def _anchors(schema: dict) -> set[str]:
    return {
        sub["$anchor"]
        for _, sub in walk(schema)
        if isinstance(sub, dict) and isinstance(sub.get("$anchor"), str)
    }


def _reference_problems(schema: dict) -> list[SchemaProblem]:
    problems, anchors = [], None
    for path, sub in walk(schema):
        if not isinstance(sub, dict) or not isinstance(sub.get("$ref"), str):
            continue
        ref = sub["$ref"]
        where = path + ("$ref",)
        if not ref.startswith("#"):
            problems.append(SchemaProblem(where, f"{describe(ref)} is not a local reference; toolgen generates "
                                                 'from one document, so write "#/$defs/Name"'))
        elif ref.startswith("#/") or ref == "#":
            found, _, reached = resolve_pointer(schema, ref)
            if not found:
                problems.append(SchemaProblem(where, _unresolved(schema, ref, reached)))
        else:
            anchors = _anchors(schema) if anchors is None else anchors
            if ref[1:] not in anchors:
                problems.append(SchemaProblem(where, f"{describe(ref)} does not resolve: no $anchor {describe(ref[1:])}"))
    return problems


def _unresolved(schema: dict, ref: str, reached: Path) -> str:
    _, container, _ = resolve_pointer(schema, "#" + "".join(f"/{part}" for part in reached))
    missing = ref[2:].split("/")[len(reached)]
    hint = did_you_mean(missing, [str(key) for key in container]) if isinstance(container, dict) else ""
    known = ""
    if isinstance(container, dict) and reached in (("$defs",), ("definitions",)):
        known = f": {reached[0]} has {', '.join(sorted(container)) or 'no definitions'}"
    return f"{describe(ref)} does not resolve inside the document{known}{hint}"


def _limit_problems(schema: dict) -> list[SchemaProblem]:
    problems: list[SchemaProblem] = []
    total = 0
    stack: list[tuple[Path, Any, int]] = [((), schema, 0)]
    while stack:
        path, sub, depth = stack.pop()
        if depth > MAX_SCHEMA_DEPTH:
            problems.append(SchemaProblem(path, f"schemas nest deeper than {MAX_SCHEMA_DEPTH} levels here (the limit); "
                                                "flatten them", at_key=True))
            break  # one line per spec: every deeper branch has the same cause
        if not isinstance(sub, dict):
            continue
        properties = sub.get("properties")
        if isinstance(properties, dict):
            if len(properties) > MAX_PROPERTIES_PER_OBJECT:
                problems.append(SchemaProblem(path + ("properties",), f"declares {len(properties)} properties; the limit "
                                              f"is {MAX_PROPERTIES_PER_OBJECT} per object (split it into nested objects)", at_key=True))
            if total <= MAX_PROPERTIES_PER_TOOL < total + len(properties):
                crossing = list(properties)[MAX_PROPERTIES_PER_TOOL - total]
                problems.append(SchemaProblem(path + ("properties", crossing), f"the tool declares more than "
                                              f"{MAX_PROPERTIES_PER_TOOL} properties in all (the limit)", at_key=True))
            total += len(properties)
        if isinstance(sub.get("enum"), list) and len(sub["enum"]) > MAX_ENUM_VALUES:
            problems.append(SchemaProblem(path + ("enum",), f"lists {len(sub['enum'])} values; the limit is "
                                          f"{MAX_ENUM_VALUES}", at_key=True))
        for step, child in reversed(list(subschemas(sub))):
            stack.append((path + step, child, depth + 1))
    return problems


__all__ = ["LISTS", "MAPS", "SINGLE", "SchemaProblem", "schema_problems", "describe"]
