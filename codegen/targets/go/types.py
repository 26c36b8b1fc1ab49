"""The Go spelling of each IR type, and how a property's optionality, nullability and default shape its field.

`TYPE_MAP` has one entry per IR type kind (a test checks it). Absence is nil: an optional property is a pointer
unless its Go type already has nil (slice, map, interface); a nullable one without a default is a `Nullable`, so
that null and absent differ.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...model import ir
from ...schema.defaultfit import DefaultFit
from ...model.naming import Words
from ...review.warning_codes import DEFAULT_UNFIT
from ..base import Reporter
from .names import ToolNames, type_refs
from .syntax import json_comment

SCALAR_TYPES = {"string": "string", "integer": "int64", "number": "float64", "boolean": "bool"}


class Types:
    """Go spellings of one tool's types."""

    def __init__(self, tool: ir.Tool, names: ToolNames):
        self.decls = {decl.name: decl for decl in tool.decls}
        self.names = names
        # encoding/json decodes null into any field (a pointer becomes nil, a value is left as it is)
        self.fit = DefaultFit(tool, lambda field: True)

    def go(self, type_ref: ir.TypeRef) -> str:
        return TYPE_MAP[type_ref.kind](type_ref, self)

    def named(self, name: Words) -> str:
        return self.names.decls[name]

    def nilable(self, type_ref: ir.TypeRef, seen: frozenset[Words] = frozenset()) -> bool:
        """Whether the Go type already has nil (slice, map, interface, pointer): no pointer needed for absence."""
        if isinstance(type_ref, ir.ScalarType):
            return False
        if not isinstance(type_ref, ir.NamedType):
            return True  # any, null, array, map, nullable (a pointer or another nilable type)
        if type_ref.name in seen:
            return False
        decl = self.decls[type_ref.name]
        if isinstance(decl, ir.EnumDecl):
            return decl.base == "mixed"
        if isinstance(decl, ir.AliasDecl):
            return self.nilable(decl.target, seen | {type_ref.name})
        return False

    def alias_cycle(self, alias: ir.AliasDecl) -> bool:
        """Whether the alias reaches itself without passing through a struct (which Go type aliases cannot)."""
        seen: set[Words] = set()
        pending = type_refs(alias.target)
        while pending:
            name = pending.pop()
            if name == alias.name:
                return True
            decl = self.decls[name]
            if name not in seen and isinstance(decl, ir.AliasDecl):
                seen.add(name)
                pending.extend(type_refs(decl.target))
        return False

    def recursive_struct(self, type_ref: ir.TypeRef, seen: frozenset[Words] = frozenset()) -> bool:
        """Whether the type is (an alias of) a struct in a reference cycle: a value field of it needs a pointer."""
        if not isinstance(type_ref, ir.NamedType) or type_ref.name in seen:
            return False
        decl = self.decls[type_ref.name]
        if isinstance(decl, ir.AliasDecl):
            return self.recursive_struct(decl.target, seen | {type_ref.name})
        return isinstance(decl, ir.StructDecl) and decl.recursive

    def field_type(self, field: ir.Field, owner: ir.StructDecl, defaulted: bool) -> str:
        """Optional values are pointers (nil = absent) unless nil already exists or the schema's default fills
        them in; a required value of a recursive struct inside a recursive struct is a pointer too, or the type
        would contain itself."""
        go_type = self.go(field.type)
        if self.nilable(field.type):
            return go_type
        if not (field.required or defaulted) or (owner.recursive and self.recursive_struct(field.type)):
            return "*" + go_type
        return go_type

    def nullable_inner(self, field: ir.Field) -> ir.TypeRef | None:
        """The value type of an optional property whose schema allows null and gives no default: its field is a
        Nullable, so the handler can tell a call that left it out from one that gave null. (A default, even null,
        fills the left-out case; not for a struct in a reference cycle, which Nullable would hold by value.)"""
        if not field.null_differs_from_absent or not isinstance(field.type, ir.NullableType):
            return None
        if self.recursive_struct(field.type.inner):
            return None
        return field.type.inner

    def applied_default(self, field: ir.Field, tool: ir.Tool, report: Reporter) -> bool:
        """Whether decoding fills the field with its schema default when a call leaves the property out, as the
        other languages' models do. A default the Go type cannot hold is left out, with a warning."""
        if field.required or not field.has_default or field.default is None:
            return False
        if self.fit.fits(field.type, field.default):
            return True
        report.warn(
            tool.source,
            field.line,
            field.column,
            f"go: the default of {json_comment(field.wire_name)} does not fit the Go type `{self.go(field.type)}`; "
            "the field stays nil when the property is left out (the wire schema still carries the default)",
            DEFAULT_UNFIT,
        )
        return False


TYPE_MAP: dict[str, Callable[[Any, Types], str]] = {
    "any": lambda t, types: "any",
    # No typed unions in Go (docs/decisions.md, "Real tools"): the JSON value type; the branches' structs are
    # still declared, for decoding by hand.
    "union": lambda t, types: "any",
    "scalar": lambda t, types: SCALAR_TYPES[t.scalar],
    "null": lambda t, types: "any",  # only null is valid: an interface that stays nil
    "array": lambda t, types: "[]" + types.go(t.items),
    "map": lambda t, types: "map[string]" + types.go(t.values),
    "named": lambda t, types: types.named(t.name),
    "nullable": lambda t, types: types.go(t.inner) if types.nilable(t.inner) else "*" + types.go(t.inner),
}
