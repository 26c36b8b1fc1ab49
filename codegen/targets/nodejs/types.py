"""The TypeScript and zod spelling of the neutral types, and the per-tool facts the nodejs target decides from them.

`zod_type` and `ts_type` map each IR type kind to a zod schema and the TypeScript type zod infers for it, flat, as a
template writes them (one entry per kind; tests check the maps cover ir.TYPE_KINDS); `Defaults` decides how a spec
default reaches the zod schema; `ordered_decls` orders the declarations so that each schema constant is defined
before its first use.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ...model import ir
from ...model.naming import Words
from ...schema.subset import _is_number

INTEGER_LIMIT = 2**53  # zod's z.int() accepts safe integers only


# ---------------------------------------------------------------------------------------------------------------
# Type map: one entry per IR type kind (tests check it covers ir.TYPE_KINDS)
# ---------------------------------------------------------------------------------------------------------------

SCALAR_SCHEMAS = {"string": "string", "integer": "int", "number": "number", "boolean": "boolean"}
SCALAR_TYPES = {"string": "string", "integer": "number", "number": "number", "boolean": "boolean"}


@dataclass(frozen=True)
class Names:
    """The identifiers of one tool's declarations, as decided for the whole folder."""

    types: dict[Words, str]
    schemas: dict[Words, str]


@dataclass
class ToolNames:
    """A tool's names in the folder: its file stem, factory, JSON schema constant and declarations."""

    file: str
    factory: str
    json_schema: str
    decls: Names


ZOD_TYPE_MAP: dict[str, Callable[[Any, Names], str]] = {
    "any": lambda t, n: "z.unknown()",
    "scalar": lambda t, n: f"z.{SCALAR_SCHEMAS[t.scalar]}()",
    "null": lambda t, n: "z.null()",
    "array": lambda t, n: f"z.array({zod_type(t.items, n)})",
    "map": lambda t, n: f"z.record(z.string(), {zod_type(t.values, n)})",
    "named": lambda t, n: n.schemas[t.name],
    "nullable": lambda t, n: f"{zod_type(t.inner, n)}.nullable()",
    "union": lambda t, n: f"z.union([{', '.join(zod_type(option, n) for option in t.options)}])",
}


def _ts_members(type_ref: ir.TypeRef, names: Names) -> list[str]:
    """The members of the union `ts_type` writes for a type (one for a type that is no union)."""
    if type_ref.kind == "union":
        members: list[str] = []
        for option in type_ref.options:
            for member in _ts_members(option, names):
                if member not in members:
                    members.append(member)
        return members
    if type_ref.kind == "nullable":
        return [*_ts_members(type_ref.inner, names), "null"]
    return [TS_TYPE_MAP[type_ref.kind](type_ref, names)]


def _ts_array(items: ir.TypeRef, names: Names) -> str:
    element = ts_type(items, names)
    return f"({element})[]" if len(_ts_members(items, names)) > 1 else f"{element}[]"


TS_TYPE_MAP: dict[str, Callable[[Any, Names], str]] = {
    "any": lambda t, n: "unknown",
    "scalar": lambda t, n: SCALAR_TYPES[t.scalar],
    "null": lambda t, n: "null",
    "array": lambda t, n: _ts_array(t.items, n),
    "map": lambda t, n: f"Record<string, {ts_type(t.values, n)}>",
    "named": lambda t, n: n.types[t.name],
    "nullable": lambda t, n: " | ".join(_ts_members(t, n)),
    "union": lambda t, n: " | ".join(_ts_members(t, n)),
}


def zod_type(type_ref: ir.TypeRef, names: Names) -> str:
    """The zod schema expression for a type."""
    return ZOD_TYPE_MAP[type_ref.kind](type_ref, names)


def ts_type(type_ref: ir.TypeRef, names: Names) -> str:
    """The TypeScript type zod infers for `zod_type(type_ref)`; written out only for recursive declarations."""
    return TS_TYPE_MAP[type_ref.kind](type_ref, names)


def optional_type(type_ref: ir.TypeRef, names: Names) -> str:
    """The type of a member that may be left out: `T | undefined`."""
    return " | ".join([*_ts_members(type_ref, names), "undefined"])


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


