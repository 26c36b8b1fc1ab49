"""The TypeScript and zod spelling of the neutral types, and the per-tool facts the nodejs target decides from them.

`zod_type` and `ts_type` map each IR type kind to a zod schema and the TypeScript type zod infers for it (one entry
per kind; tests check the maps cover ir.TYPE_KINDS); `json_value` writes a JSON value as a TypeScript expression;
`Defaults` decides how a spec default reaches the zod schema; `ordered_decls` orders the declarations so that each
schema constant is defined before its first use. All of it builds `_prettier` syntax nodes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ...model import ir
from ...model.naming import Words
from ...schema.subset import _is_number
from .syntax import (
    ArrayExpr, Bool, Call, Ident, Member, Null, Num, ObjectExpr, Prop, Str, TArray, TKeyword, TRef, TUnion,
)

INTEGER_LIMIT = 2**53  # zod's z.int() accepts safe integers only


# ---------------------------------------------------------------------------------------------------------------
# Type map: one entry per IR type kind (tests check it covers ir.TYPE_KINDS)
# ---------------------------------------------------------------------------------------------------------------


def z(name: str, *args: Any) -> Call:
    """`z.name(args)`."""
    return Call(Member(Ident("z"), name), list(args))


def method(target: Any, name: str, *args: Any) -> Call:
    """`target.name(args)`."""
    return Call(Member(target, name), list(args))


SCALAR_SCHEMAS = {"string": "string", "integer": "int", "number": "number", "boolean": "boolean"}
SCALAR_TYPES = {"string": "string", "integer": "number", "number": "number", "boolean": "boolean"}


@dataclass(frozen=True)
class Names:
    """The identifiers of one tool's declarations, as decided for the whole folder."""

    types: dict[Words, str]
    schemas: dict[Words, str]


ZOD_TYPE_MAP: dict[str, Callable[[Any, Names], Any]] = {
    "any": lambda t, n: z("unknown"),
    "scalar": lambda t, n: z(SCALAR_SCHEMAS[t.scalar]),
    "null": lambda t, n: z("null"),
    "array": lambda t, n: z("array", zod_type(t.items, n)),
    "map": lambda t, n: z("record", z("string"), zod_type(t.values, n)),
    "named": lambda t, n: Ident(n.schemas[t.name]),
    "nullable": lambda t, n: method(zod_type(t.inner, n), "nullable"),
    "union": lambda t, n: z("union", ArrayExpr([zod_type(option, n) for option in t.options])),
}


def _ts_union(options: tuple[ir.TypeRef, ...], names: Names) -> TUnion:
    members: list[Any] = []
    for option in options:
        rendered = ts_type(option, names)
        for member in rendered.types if isinstance(rendered, TUnion) else [rendered]:
            if member not in members:
                members.append(member)
    return TUnion(members)


def _ts_nullable(inner: Any, names: Names) -> TUnion:
    inner_type = ts_type(inner, names)
    members = inner_type.types if isinstance(inner_type, TUnion) else [inner_type]
    return TUnion([*members, TKeyword("null")])


TS_TYPE_MAP: dict[str, Callable[[Any, Names], Any]] = {
    "any": lambda t, n: TKeyword("unknown"),
    "scalar": lambda t, n: TKeyword(SCALAR_TYPES[t.scalar]),
    "null": lambda t, n: TKeyword("null"),
    "array": lambda t, n: TArray(ts_type(t.items, n)),
    "map": lambda t, n: TRef("Record", [TKeyword("string"), ts_type(t.values, n)]),
    "named": lambda t, n: TRef(n.types[t.name]),
    "nullable": lambda t, n: _ts_nullable(t.inner, n),
    "union": lambda t, n: _ts_union(t.options, n),
}


def zod_type(type_ref: ir.TypeRef, names: Names) -> Any:
    """The zod schema expression for a type."""
    return ZOD_TYPE_MAP[type_ref.kind](type_ref, names)


def ts_type(type_ref: ir.TypeRef, names: Names) -> Any:
    """The TypeScript type zod infers for `zod_type(type_ref)`; written out only for recursive declarations."""
    return TS_TYPE_MAP[type_ref.kind](type_ref, names)


# ---------------------------------------------------------------------------------------------------------------
# Values
# ---------------------------------------------------------------------------------------------------------------


def json_value(value: Any) -> Any:
    """A JSON value as a TypeScript expression; `__proto__` keys are computed so they stay own properties."""
    if isinstance(value, dict):
        return ObjectExpr(
            [
                Prop(key, json_value(item), computed=key == "__proto__")
                for key, item in value.items()
            ]
        )
    if isinstance(value, list):
        return ArrayExpr([json_value(item) for item in value])
    if isinstance(value, bool):
        return Bool(value)
    if value is None:
        return Null()
    if isinstance(value, (int, float)):
        return Num(value)
    if isinstance(value, str):
        return Str(value)
    raise TypeError(f"not a JSON value: {value!r}")


class Defaults:
    """How each field's spec default reaches the zod schema, for one tool.

    `.default(v)` needs `v` to be a value of the schema's *output* type (TypeScript checks it), `.prefault(v)` a
    value of its *input* type, which zod then parses (so `default: {}` on an object whose fields have defaults
    yields those defaults). A default that fits neither is left out of the zod schema with a warning; the wire
    schema keeps it either way.
    """

    def __init__(self, tool: ir.Tool):
        self.tool = tool
        self._methods: dict[int, str | None] = {}

    def method(self, f: ir.Field) -> str | None:
        """ "default", "prefault" or None (no default in the zod schema) for a field."""
        if f.required or not f.has_default:
            return None  # a required field's default never applies
        key = id(f)
        if key not in self._methods:
            self._methods[key] = None  # assume none while deciding, so recursive types terminate
            if self.fits(f.type, f.default, "output"):
                self._methods[key] = "default"
            elif self.fits(f.type, f.default, "input"):
                self._methods[key] = "prefault"
        return self._methods[key]

    def present_in_output(self, f: ir.Field) -> bool:
        return f.required or self.method(f) is not None

    def fits(self, type_ref: ir.TypeRef, value: Any, mode: str) -> bool:
        """Whether TypeScript accepts `value` as the `mode` ("input"/"output") type of `zod_type(type_ref)`."""
        kind = type_ref.kind
        if kind == "any":
            return True
        if kind == "union":
            return any(self.fits(option, value, mode) for option in type_ref.options)
        if kind == "null":
            return value is None
        if kind == "nullable":
            return value is None or self.fits(type_ref.inner, value, mode)
        if kind == "scalar":
            return _scalar_fits(type_ref.scalar, value)
        if kind == "array":
            return isinstance(value, list) and all(
                self.fits(type_ref.items, v, mode) for v in value
            )
        if kind == "map":
            return isinstance(value, dict) and all(
                self.fits(type_ref.values, v, mode) for v in value.values()
            )
        return self._fits_decl(self.tool.decl(type_ref.name), value, mode)

    def _fits_decl(self, decl: ir.Decl, value: Any, mode: str) -> bool:
        if isinstance(decl, ir.EnumDecl):
            return any(
                member.value == value and isinstance(member.value, bool) == isinstance(value, bool)
                for member in decl.members
            )
        if isinstance(decl, ir.AliasDecl):
            return self.fits(decl.target, value, mode)
        if not isinstance(value, dict):
            return False
        fields = {f.wire_name: f for f in decl.fields}
        for f in decl.fields:
            needed = f.required if mode == "input" else self.present_in_output(f)
            if needed and f.wire_name not in value:
                return False
        for key, item in value.items():
            if key in fields:
                if not self.fits(fields[key].type, item, mode):
                    return False
            elif isinstance(decl.additional, str) or not self.fits(decl.additional, item, mode):
                return False  # an object literal may not name properties its type does not declare
        return True


def _scalar_fits(scalar: str, value: Any) -> bool:
    if scalar == "string":
        return isinstance(value, str)
    if scalar == "boolean":
        return isinstance(value, bool)
    if not _is_number(value):
        return False
    return scalar == "number" or (float(value).is_integer() and abs(value) <= INTEGER_LIMIT)


# ---------------------------------------------------------------------------------------------------------------
# Declarations
# ---------------------------------------------------------------------------------------------------------------


@dataclass
class DeclPlan:
    decl: ir.Decl
    lazy: bool  # a recursive declaration: written as z.lazy with its TypeScript type spelled out
    opaque: bool  # a recursive alias TypeScript cannot name (e.g. `A = A | null`): typed as unknown


def _direct_alias_refs(type_ref: ir.TypeRef) -> set[Words]:
    """References a TypeScript type alias resolves eagerly (not through an array or an interface)."""
    if type_ref.kind == "named":
        return {type_ref.name}
    if type_ref.kind == "nullable":
        return _direct_alias_refs(type_ref.inner)
    if type_ref.kind == "map":
        return _direct_alias_refs(type_ref.values)
    if type_ref.kind == "union":
        return set().union(*(_direct_alias_refs(option) for option in type_ref.options))
    return set()


def _opaque_aliases(tool: ir.Tool) -> set[Words]:
    aliases = {d.name: d for d in tool.decls if isinstance(d, ir.AliasDecl)}
    opaque = set()
    for name in aliases:
        seen: set[Words] = set()
        stack = list(_direct_alias_refs(aliases[name].target))
        while stack:
            current = stack.pop()
            if current == name:
                opaque.add(name)
                break
            if current in aliases and current not in seen:
                seen.add(current)
                stack.extend(_direct_alias_refs(aliases[current].target))
    return opaque


def ordered_decls(tool: ir.Tool) -> list[DeclPlan]:
    """Declarations in an order where every schema constant is defined before a non-lazy use of it."""
    opaque = _opaque_aliases(tool)
    plans = {
        d.name: DeclPlan(
            d, getattr(d, "recursive", False) and d.name not in opaque, d.name in opaque
        )
        for d in tool.decls
    }
    ordered: list[DeclPlan] = []
    done: set[Words] = set()

    def visit(name: Words) -> None:
        if name in done:
            return
        done.add(name)
        plan = plans[name]
        if not plan.lazy and not plan.opaque:
            for ref in ir.decl_references(plan.decl):
                visit(ref)
        ordered.append(plan)

    for d in tool.decls:
        visit(d.name)
    return ordered


