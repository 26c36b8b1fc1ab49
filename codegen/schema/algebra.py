"""Schemas combined without loss: the exact rewrites `schema_typing` makes before typing a place.

`merge` puts two schemas' keywords together when that means both (`allOf`); `collapse` turns union branches
that are one scalar type, or all constants, into one schema; `split_type_list` turns `type: [A, B]` into one
union branch per type. Each returns None (or leaves the input) when the rewrite would not be exact.
"""

from __future__ import annotations

import json
from typing import Any

from .subset import _json_equal

NULL = {"type": "null"}
SCALARS = ("string", "integer", "number", "boolean")

def merges(base: dict[str, Any], branches: list[Any]) -> bool:
    merged: dict[str, Any] | None = {key: value for key, value in base.items() if key != "allOf"}
    for branch in branches:
        merged = merge(merged, branch) if merged is not None and branch is not None else None
    return merged is not None and merged.get("type", "object") == "object"


# Keywords that only apply to one JSON type: a type list splits into one union branch per type with its own.
KIND_KEYWORDS = {
    "object": ("properties", "required", "additionalProperties", "patternProperties", "propertyNames", "minProperties",
               "maxProperties", "dependentRequired", "dependentSchemas", "dependencies", "unevaluatedProperties"),
    "array": ("items", "prefixItems", "additionalItems", "minItems", "maxItems", "uniqueItems", "contains",
              "minContains", "maxContains", "unevaluatedItems"),
    "string": ("minLength", "maxLength", "pattern", "format", "contentMediaType", "contentEncoding"),
    "number": ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "format"),
}
KIND_KEYWORDS["integer"] = KIND_KEYWORDS["number"]
_ALL_KIND_KEYWORDS = {key for keys in KIND_KEYWORDS.values() for key in keys}


def non_null_kinds(given: list[Any]) -> list[str]:
    kinds = [kind for kind in dict.fromkeys(given) if kind != "null"]
    return ["number"] if set(kinds) == {"integer", "number"} else kinds


def split_type_list(schema: dict[str, Any]) -> dict[str, Any]:
    """`type: [string, array], items: X` → `anyOf: [{type: string}, {type: array, items: X}]` (null stays a branch)."""
    common = {key: value for key, value in schema.items() if key != "type" and key not in _ALL_KIND_KEYWORDS}
    values = {key: common.pop(key) for key in ("enum", "const") if key in common}
    branches = [
        {"type": kind, **values, **{key: schema[key] for key in KIND_KEYWORDS.get(kind, ()) if key in schema}}
        for kind in non_null_kinds(schema["type"])
    ]
    if "null" in schema["type"]:
        branches.append(dict(NULL))
    return {**common, "anyOf": branches}


def typing_keys(view: dict[str, Any]) -> set[str]:
    return set(view) - {"description", "title", "default", "format"}


def has_typing(schema: dict[str, Any]) -> bool:
    return any(key in schema for key in ("type", "properties", "items", "enum", "const", "$ref", "anyOf", "oneOf"))


def made_nullable(view: dict[str, Any]) -> dict[str, Any]:
    given = view.get("type")
    if "$ref" in view or "enum" in view or not isinstance(given, str):
        if isinstance(given, list) or (view.get("enum") and None in view["enum"]):
            return view
        if "enum" in view and isinstance(given, str):
            return {**view, "type": [given, "null"], "enum": [*view["enum"], None]}
        if "anyOf" in view:
            return view if NULL in view["anyOf"] else {**view, "anyOf": [*view["anyOf"], dict(NULL)]}
        annotations = {key: view[key] for key in ("description", "title") if key in view}
        inner = {key: value for key, value in view.items() if key not in ("description", "title", "default")}
        return {"anyOf": [inner, dict(NULL)], **annotations}
    if given == "null":
        return view
    return {**view, "type": [given, "null"]}


def collapse(views: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Branches that are all one scalar type (formats aside) are that type: `str | datetime` is a string; branches
    that are all constants or enums are one enum of all their values."""
    if all("enum" in view and not set(view) - {"enum", "type", "description", "title"} for view in views):
        types = {json.dumps(view.get("type")) for view in views}
        values: list[Any] = []
        for view in views:
            values += [value for value in view["enum"] if not any(_json_equal(value, seen) for seen in values)]
        return {"enum": values, **({"type": views[0]["type"]} if len(types) == 1 and "type" in views[0] else {})}
    kinds = set()
    for view in views:
        if set(view) - {"type", "format", "description", "title"} or view.get("type") not in SCALARS:
            return None
        kinds.add(view["type"])
    if kinds == {"integer", "number"}:
        kinds = {"number"}
    if len(kinds) != 1:
        return None
    formats = {view.get("format") for view in views}
    collapsed: dict[str, Any] = {"type": kinds.pop()}
    if len(formats) == 1 and None not in formats:
        collapsed["format"] = formats.pop()
    return collapsed


def merge(left: dict[str, Any], right: dict[str, Any]) -> dict[str, Any] | None:
    """The one schema that means both, when simply putting their keywords together is exact; else None."""
    merged = dict(left)
    for key, value in right.items():
        if key in ("description", "title", "default", "examples", "$comment"):
            merged.setdefault(key, value)
        elif key == "properties" and isinstance(value, dict) and isinstance(merged.get(key), dict):
            properties = dict(merged[key])
            for name, prop in value.items():
                if name in properties and not _json_equal(properties[name], prop):
                    return None
                properties[name] = prop
            merged[key] = properties
        elif key == "type" and "type" in merged:
            common = _common_types(merged["type"], value)
            if not common:
                return None
            merged[key] = common[0] if len(common) == 1 else common
        elif key == "required" and isinstance(merged.get(key), list):
            merged[key] = list(dict.fromkeys([*merged[key], *value]))
        elif key in merged and not _json_equal(merged[key], value):
            return None
        else:
            merged[key] = value
    # `additionalProperties: false` on one side forbids the other side's properties: not a merge.
    for side in (left, right):
        if side.get("additionalProperties") is False and set(merged.get("properties") or {}) != set(side.get("properties") or {}):
            return None
    return merged


def _common_types(left: Any, right: Any) -> list[str]:
    """The types both `type` keywords allow (an integer is also a number)."""
    def listed(given: Any) -> list[str]:
        return [given] if isinstance(given, str) else list(given)

    common = []
    right_types = listed(right)
    for kind in listed(left):
        if kind in right_types:
            common.append(kind)
        elif kind == "integer" and "number" in right_types or kind == "number" and "integer" in right_types:
            common.append("integer")
    return list(dict.fromkeys(common))
