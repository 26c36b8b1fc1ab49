"""Which JSON Schema keywords hold schemas, across the drafts toolgen accepts (draft-07, 2019-09, 2020-12).

Both the validity check and the typed view walk a schema; they must agree on where subschemas are, or a `$ref`
inside `dependentSchemas` would be resolved by one and missed by the other. Values of `enum`, `const`,
`default` and `examples` are data, never schemas, and keys of `properties` are names, never keywords.
"""

from __future__ import annotations

from typing import Any, Iterator

# keyword → its value is one schema
SINGLE = (
    "additionalProperties",
    "items",  # 2020-12: one schema; draft-07 and 2019-09 also allow a list (the tuple form)
    "additionalItems",
    "unevaluatedItems",
    "unevaluatedProperties",
    "contains",
    "propertyNames",
    "not",
    "if",
    "then",
    "else",
    "contentSchema",
)
# keyword → its value is a list of schemas
LISTS = ("allOf", "anyOf", "oneOf", "prefixItems")
# keyword → its value maps names (or patterns) to schemas
MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
# Keywords that only describe (no effect on which values are valid): the typed models can ignore them exactly.
ANNOTATIONS = (
    "title",
    "description",
    "default",
    "examples",
    "deprecated",
    "readOnly",
    "writeOnly",
    "contentMediaType",
    "contentEncoding",
    "contentSchema",
    "$comment",
    "$id",
    "$schema",
    "$anchor",
    "$dynamicAnchor",
    "$recursiveAnchor",
    "$vocabulary",
    "format",  # an annotation unless a validator opts in; the targets keep it as a hint only
)
# Every keyword some accepted draft defines; anything else is ignored by JSON Schema (and warned about).
KNOWN = {
    *SINGLE,
    *LISTS,
    *MAPS,
    *ANNOTATIONS,
    "type",
    "enum",
    "const",
    "$ref",
    "$dynamicRef",
    "$recursiveRef",
    "required",
    "dependentRequired",
    "dependencies",
    "minProperties",
    "maxProperties",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minLength",
    "maxLength",
    "pattern",
    "minItems",
    "maxItems",
    "uniqueItems",
    "minContains",
    "maxContains",
}

Path = tuple[str | int, ...]


def subschemas(schema: Any) -> Iterator[tuple[Path, Any]]:
    """Each schema directly inside `schema`, with its path relative to `schema`."""
    if not isinstance(schema, dict):
        return
    for key in SINGLE:
        if key not in schema:
            continue
        value = schema[key]
        if isinstance(value, list) and key == "items":
            yield from (((key, index), item) for index, item in enumerate(value))
        else:
            yield (key,), value
    for key in LISTS:
        if isinstance(schema.get(key), list):
            yield from (((key, index), item) for index, item in enumerate(schema[key]))
    for key in MAPS:
        if isinstance(schema.get(key), dict):
            yield from (((key, name), item) for name, item in schema[key].items())
    dependencies = schema.get("dependencies")
    if isinstance(dependencies, dict):  # draft-07: a value is either a schema or a list of property names
        for name, item in dependencies.items():
            if isinstance(item, (dict, bool)):
                yield ("dependencies", name), item


def walk(schema: Any) -> Iterator[tuple[Path, Any]]:
    """`schema` and every schema inside it, depth first, with paths from `schema` (iterative: no recursion limit)."""
    stack: list[tuple[Path, Any]] = [((), schema)]
    while stack:
        here, current = stack.pop()
        yield here, current
        inner = [(here + step, child) for step, child in subschemas(current)]
        stack.extend(reversed(inner))


def resolve_pointer(root: Any, ref: str) -> tuple[bool, Any, Path]:
    """(found, target, path) for a local reference `#` or `#/json/pointer` inside `root`."""
    if ref == "#":
        return True, root, ()
    if not ref.startswith("#/"):
        return False, None, ()
    path: list[str | int] = []
    current = root
    for raw in ref[2:].split("/"):
        part = _unescape(raw)
        if isinstance(current, dict) and part in current:
            current = current[part]
            path.append(part)
        elif isinstance(current, list) and part.isdigit() and int(part) < len(current):
            current = current[int(part)]
            path.append(int(part))
        else:
            return False, None, tuple(path)
    return True, current, tuple(path)


def _unescape(part: str) -> str:
    from urllib.parse import unquote

    return unquote(part).replace("~1", "/").replace("~0", "~")


def defs_ref(name: str) -> str:
    """A reference to the definition `name` in `$defs` (a JSON Pointer: `~` and `/` in the name escaped)."""
    return "#/$defs/" + name.replace("~", "~0").replace("/", "~1")


def defs_name(ref: str) -> str:
    """The definition a local `$ref` names by its last pointer segment (`defs_ref` undone)."""
    return ref.rpartition("/")[2].replace("~1", "/").replace("~0", "~")
