"""Whether a schema default decodes into a typed model: the check a target makes before it applies a default.

A default the typed model cannot hold (a string default on an integer, a big integer beyond 64 bits, an object
lacking a required property) would make every call that leaves the property out fail to decode. Targets that
apply defaults themselves (Go, Rust) apply only the defaults that fit, and say so where one does not.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..model import ir
from .subset import _json_equal

I64_RANGE = range(-(2**63), 2**63)

_SCALAR_FITS: dict[str, Callable[[Any], bool]] = {
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool) and v in I64_RANGE,
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
}


class DefaultFit:
    """`fits(type_ref, value)` for one tool; `accepts_null(field)` says whether the target's type of a field
    takes JSON null (Rust: an Option; Go: always, decoding null leaves a value as it is); `own_types`, when
    given, decides for the types only the target has (Rust's untagged enums), returning None for the others."""

    def __init__(
        self,
        tool: ir.Tool,
        accepts_null: Callable[[ir.Field], bool],
        own_types: Callable[[ir.TypeRef, Any], bool | None] | None = None,
    ):
        self.tool = tool
        self.accepts_null = accepts_null
        self.own_types = own_types

    def fits(self, type_ref: ir.TypeRef, value: Any) -> bool:
        if self.own_types is not None:
            decided = self.own_types(type_ref, value)
            if decided is not None:
                return decided
        if isinstance(type_ref, ir.AnyType):
            return True
        if isinstance(type_ref, ir.ScalarType):
            return _SCALAR_FITS[type_ref.scalar](value)
        if isinstance(type_ref, ir.NullType):
            return value is None
        if isinstance(type_ref, ir.NullableType):
            return value is None or self.fits(type_ref.inner, value)
        if isinstance(type_ref, ir.ArrayType):
            return isinstance(value, list) and all(self.fits(type_ref.items, item) for item in value)
        if isinstance(type_ref, ir.MapType):
            return isinstance(value, dict) and all(self.fits(type_ref.values, item) for item in value.values())
        decl = self.tool.decl(type_ref.name)
        if isinstance(decl, ir.AliasDecl):
            return self.fits(decl.target, value)
        if isinstance(decl, ir.EnumDecl):
            return any(_json_equal(value, member.value) for member in decl.members)
        return self._fits_struct(decl, value)

    def _fits_struct(self, decl: ir.StructDecl, value: Any) -> bool:
        if not isinstance(value, dict):
            return False
        fields = {f.wire_name: f for f in decl.fields}
        if any(f.required and key not in value for key, f in fields.items()):
            return False
        for key, item in value.items():
            if key in fields:
                accepted = self.accepts_null(fields[key]) if item is None else True
                if not accepted or (item is not None and not self.fits(fields[key].type, item)):
                    return False
            elif decl.additional == "closed":
                return False
            elif not isinstance(decl.additional, str) and not self.fits(decl.additional, item):
                return False
        return True
