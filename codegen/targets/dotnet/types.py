"""C# types for the .NET target: IR type references as C# types, how each enum is expressed, and schema defaults
as initializer expressions where the C# type can hold them literally."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from ...model import ir
from ...model.naming import Words
from .syntax import escape_identifier, string_literal

SCALAR_TYPES = {"string": "string", "integer": "long", "number": "double", "boolean": "bool"}
LONG_MIN, LONG_MAX = -(2**63), 2**63 - 1


@dataclass(frozen=True)
class CsType:
    """A C# type: its name without `?`, and whether it admits null (`T?` works for value and reference types)."""

    name: str
    nullable: bool = False

    @property
    def text(self) -> str:
        return self.name + ("?" if self.nullable else "")

    def or_null(self) -> CsType:
        return replace(self, nullable=True)


JSON_ELEMENT = CsType("JsonElement")


@dataclass(frozen=True)
class EnumPlan:
    """How an enum declaration is expressed: a C# enum (string or integer) or just its scalar base type."""

    style: str  # "string", "integer" or "scalar"
    fallback: CsType | None = None  # the type used instead of a declaration when style == "scalar"


def enum_plan(decl: ir.EnumDecl) -> EnumPlan:
    if decl.base == "string":
        return EnumPlan("string")
    values = [member.value for member in decl.members]
    if decl.base == "integer" and all(LONG_MIN <= value <= LONG_MAX for value in values):
        return EnumPlan("integer")
    fallback = {"integer": JSON_ELEMENT, "number": CsType("double"), "boolean": CsType("bool")}
    return EnumPlan("scalar", fallback.get(decl.base, JSON_ELEMENT))


class TypeMapper:
    """IR type references → C# types for one tool, given the names chosen for its declarations."""

    def __init__(self, tool: ir.Tool, type_names: Mapping[Words, str]):
        self.tool = tool
        self.type_names = type_names
        self._expanding: set[Words] = set()

    def resolve(self, type_ref: ir.TypeRef) -> CsType:
        return TYPE_MAP[type_ref.kind](self, type_ref)

    def _named(self, type_ref: ir.NamedType) -> CsType:
        decl = self.tool.decl(type_ref.name)
        if isinstance(decl, ir.StructDecl):
            return CsType(escape_identifier(self.type_names[decl.name]))
        if isinstance(decl, ir.EnumDecl):
            plan = enum_plan(decl)
            return plan.fallback or CsType(escape_identifier(self.type_names[decl.name]))
        # An alias has no C# declaration (a namespace-level alias would need `global using`): it is expanded in
        # place. An alias that reaches itself through aliases only would expand forever; it stops at JsonElement.
        if decl.name in self._expanding:
            return JSON_ELEMENT
        self._expanding.add(decl.name)
        try:
            return self.resolve(decl.target)
        finally:
            self._expanding.discard(decl.name)

    def _list(self, type_ref: ir.ArrayType) -> CsType:
        return CsType(f"List<{self.resolve(type_ref.items).text}>")

    def _map(self, type_ref: ir.MapType) -> CsType:
        return CsType(f"Dictionary<string, {self.resolve(type_ref.values).text}>")


# One entry per IR type kind; tests check this covers ir.TYPE_KINDS.
TYPE_MAP: dict[str, Callable[[TypeMapper, Any], CsType]] = {
    "any": lambda mapper, t: JSON_ELEMENT,
    "union": lambda mapper, t: JSON_ELEMENT,  # no typed unions in C# (docs/decisions.md, "Real tools")
    "scalar": lambda mapper, t: CsType(SCALAR_TYPES[t.scalar]),
    "null": lambda mapper, t: JSON_ELEMENT.or_null(),
    "array": TypeMapper._list,
    "map": TypeMapper._map,
    "named": TypeMapper._named,
    "nullable": lambda mapper, t: mapper.resolve(t.inner).or_null(),
}


# -- default values -----------------------------------------------------------------------------------------------


class DefaultRenderer:
    """A schema `default` as a C# initializer expression, when the property's C# type can hold it literally.

    Scalars, enum members, lists of those and string-keyed maps of those are rendered; objects and untyped values are
    not (the property stays nullable and its doc comment states the default).
    """

    def __init__(self, tool: ir.Tool, type_names: Mapping[Words, str], enum_members: Mapping[Words, dict]):
        self.tool = tool
        self.type_names = type_names
        self.enum_members = enum_members  # enum words → {wire value key: member identifier}

    def render(self, value: Any, type_ref: ir.TypeRef, depth: int = 0) -> str | None:
        if depth > 32:
            return None
        if isinstance(type_ref, ir.NullableType):
            return "null" if value is None else self.render(value, type_ref.inner, depth + 1)
        if isinstance(type_ref, ir.ScalarType):
            return scalar_literal(value, type_ref.scalar)
        if isinstance(type_ref, ir.ArrayType) and isinstance(value, list):
            items = [self.render(item, type_ref.items, depth + 1) for item in value]
            return None if None in items else "[" + ", ".join(items) + "]"  # type: ignore[arg-type]
        if isinstance(type_ref, ir.MapType) and isinstance(value, dict):
            entries = [(key, self.render(item, type_ref.values, depth + 1)) for key, item in value.items()]
            if any(item is None for _, item in entries):
                return None
            body = ", ".join(f"[{string_literal(key)}] = {item}" for key, item in entries)
            return "new() { " + body + " }" if body else "new()"
        if isinstance(type_ref, ir.NamedType):
            return self._named(value, type_ref, depth)
        return None

    def _named(self, value: Any, type_ref: ir.NamedType, depth: int) -> str | None:
        decl = self.tool.decl(type_ref.name)
        if isinstance(decl, ir.AliasDecl):
            return self.render(value, decl.target, depth + 1)
        if not isinstance(decl, ir.EnumDecl):
            return None
        plan = enum_plan(decl)
        if plan.style == "scalar":
            scalar = {"double": "number", "bool": "boolean"}.get(plan.fallback.name) if plan.fallback else None
            return scalar_literal(value, scalar) if scalar else None
        member = self.enum_members[decl.name].get(value_key(value))
        return f"{self.type_names[decl.name]}.{member}" if member else None


def value_key(value: Any) -> tuple[str, Any]:
    """Distinguishes `true` from `1` and `1` from `"1"` when matching a default against enum members."""
    return (type(value).__name__ if not isinstance(value, float) or not value.is_integer() else "int", value)


def scalar_literal(value: Any, scalar: str | None) -> str | None:
    """A C# literal for a JSON scalar of the given schema type, or None when the value does not fit the C# type."""
    if scalar == "string" and isinstance(value, str):
        return string_literal(value)
    if scalar == "boolean" and isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if scalar == "integer":
        if isinstance(value, float):
            if not (math.isfinite(value) and value.is_integer()):
                return None
            value = int(value)
        return str(value) if LONG_MIN <= value <= LONG_MAX else None
    if scalar == "number":
        if isinstance(value, int):
            # An integer constant converts to double implicitly if it fits in long; a larger one must be a real.
            return str(value) if LONG_MIN <= value <= LONG_MAX else repr(float(value))
        return repr(value) if math.isfinite(value) else None
    return None

