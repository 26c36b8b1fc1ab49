"""Whether a typed union's branches can be told apart by the JSON type of a value alone, and which type each is.

A decoder that tries the branches in turn and keeps the first that accepts the value (serde's
`#[serde(untagged)]`) loses nothing exactly when no value fits two branches: then the order is irrelevant and
every branch is reachable. Branches of different JSON types guarantee that, with one care: an integer also fits
a number, so the integer branch is tried first. Two branches of one type (two object shapes, an enum beside a
string, two arrays) can both accept one value, and the first would win silently; so can a branch that is itself
a union or accepts null. Such a union stays the JSON value type where the language's union is untagged.

The kinds are decided on the typed view (codegen.schema.typed_view), so the one warning per union can say what
each language does; irbuild carries the result into `ir.UnionType.distinct_kinds`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# The typed view's key that holds the kinds of a union whose branches all differ (irbuild reads it).
BRANCH_KINDS = "x-toolgen-branch-kinds"
KINDS = ("boolean", "integer", "number", "string", "array", "object")
# bool before int: True is an int in Python, never in JSON.
_VALUE_KINDS: tuple[tuple[type, str], ...] = ((bool, "boolean"), (int, "integer"), (float, "number"), (str, "string"))

Definition = Callable[[str], Any]  # a `$ref` → the schema it names (None when unknown)


def branch_kind(view: Any, definition: Definition, seen: frozenset[str] = frozenset()) -> str | None:
    """The one JSON type every value of `view` has, or None when it has none or several (or accepts null)."""
    if not isinstance(view, dict):
        return None
    if "$ref" in view:
        ref = view["$ref"]
        target = definition(ref) if ref not in seen else None
        return branch_kind(target, definition, seen | {ref}) if target is not None else None
    if "anyOf" in view or "oneOf" in view or "allOf" in view:
        return None
    given = view.get("type")
    if isinstance(given, str):
        return given if given in KINDS else None
    if given is None and "properties" in view:
        return "object"
    values = view.get("enum", [view["const"]] if "const" in view else None)
    if given is None and isinstance(values, list) and values:
        kinds = {_value_kind(value) for value in values}
        return kinds.pop() if len(kinds) == 1 else None
    return None


def distinct_kinds(views: list[Any], definition: Definition) -> tuple[list[str] | None, str]:
    """Each branch's JSON type when all differ (integer and number count apart), else None and why not."""
    found = [branch_kind(view, definition) for view in views]
    kinds = [kind for kind in found if kind is not None]
    if len(kinds) < len(found):
        return None, "a branch is not of one JSON type"
    repeated = sorted({kind for kind in kinds if kinds.count(kind) > 1})
    if repeated:
        return None, f"two branches are both {_nouns(repeated[0])}, which an untagged decoding cannot tell apart"
    return kinds, ""


def _value_kind(value: Any) -> str | None:
    for python_type, kind in _VALUE_KINDS:
        if isinstance(value, python_type):
            return kind
    return None


def _nouns(kind: str) -> str:
    return {"integer": "integers", "array": "arrays", "object": "objects", "boolean": "booleans"}.get(kind, f"{kind}s")
