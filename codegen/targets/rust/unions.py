"""Rust's typed unions: which `ir.UnionType`s become a `#[serde(untagged)]` enum, and that enum's variants.

serde decodes an untagged enum by trying its variants in order and keeping the first that accepts the value. That
loses nothing when every branch is of a different JSON type (the typed view decides that, `union_kinds`, and the
warning says so): then at most one variant accepts any value, except that an `i64` variant must come before an
`f64` one (an integer also fits a number). The check is made again here on the Rust types themselves, so that a
branch which turned into `serde_json::Value`, `()` or an `Option` (which accept what other variants accept) keeps
the whole union a `serde_json::Value`. Variants are named after their JSON type: `String(String)`,
`Integer(i64)`, `Object(FooOption1)`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from ...model import ir
from ...model.naming import Words

VARIANT_NAMES = {
    "boolean": "Boolean",
    "integer": "Integer",
    "number": "Number",
    "string": "String",
    "array": "Array",
    "object": "Object",
}
VARIANT_DOCS = {
    "boolean": "A JSON boolean.",
    "integer": "A JSON integer.",
    "number": "A JSON number.",
    "string": "A JSON string.",
    "array": "A JSON array.",
    "object": "A JSON object.",
}


@dataclass(frozen=True)
class UntaggedDecl:
    """A Rust-only declaration: the enum one union is decoded into."""

    name: Words
    description: str | None
    variants: tuple[tuple[str, ir.TypeRef], ...]  # (JSON type, branch type), in the order serde tries them
    kind: Literal["untagged"] = "untagged"


DeclOf = Callable[[Words], ir.Decl]


def rust_kind(type_ref: ir.TypeRef, decl_of: DeclOf, seen: frozenset[Words] = frozenset()) -> str | None:
    """The one JSON type the Rust type for `type_ref` accepts, or None (any value, null, or several types)."""
    if isinstance(type_ref, ir.ScalarType):
        return type_ref.scalar
    if isinstance(type_ref, ir.ArrayType):
        return "array"
    if isinstance(type_ref, ir.MapType):
        return "object"
    if isinstance(type_ref, ir.NamedType) and type_ref.name not in seen:
        decl = decl_of(type_ref.name)
        if isinstance(decl, ir.StructDecl):
            return "object"
        if isinstance(decl, ir.EnumDecl):
            return None if decl.base == "mixed" else decl.base
        return rust_kind(decl.target, decl_of, seen | {type_ref.name})
    return None  # AnyType, UnionType, NullType, NullableType: each accepts what another branch may accept


def untagged_variants(union: ir.UnionType, decl_of: DeclOf) -> tuple[tuple[str, ir.TypeRef], ...] | None:
    """The union's variants in decoding order, or None when it stays `serde_json::Value`."""
    if not union.distinct_kinds:
        return None
    kinds = [rust_kind(option, decl_of) for option in union.options]
    if None in kinds or len(set(kinds)) != len(kinds):
        return None
    variants = list(zip(kinds, union.options))
    if "integer" in kinds and "number" in kinds and kinds.index("number") < kinds.index("integer"):
        integer = variants.pop(kinds.index("integer"))
        variants.insert(kinds.index("number"), integer)
    return tuple(variants)  # type: ignore[arg-type]


def unions_in(type_ref: ir.TypeRef) -> Iterator[ir.UnionType]:
    """Every union in `type_ref`, outermost first (through arrays, maps, nullables and union branches)."""
    if isinstance(type_ref, ir.UnionType):
        yield type_ref
        for option in type_ref.options:
            yield from unions_in(option)
    elif isinstance(type_ref, ir.ArrayType):
        yield from unions_in(type_ref.items)
    elif isinstance(type_ref, ir.MapType):
        yield from unions_in(type_ref.values)
    elif isinstance(type_ref, ir.NullableType):
        yield from unions_in(type_ref.inner)


def decl_types(decl: ir.Decl) -> list[ir.TypeRef]:
    if isinstance(decl, ir.StructDecl):
        return [f.type for f in decl.fields] + ([] if isinstance(decl.additional, str) else [decl.additional])
    if isinstance(decl, ir.AliasDecl):
        return [decl.target]
    return []


def plan_unions(decls: Sequence[ir.Decl]) -> tuple[dict[Words, UntaggedDecl], list[ir.UnionType]]:
    """The enum of each union that gets one (keyed by the union's name), and the unions with distinct kinds that
    still stay `serde_json::Value` (for a warning).

    An alias whose whole target is such a union is that enum, under the alias's name and with its description."""
    by_name = {decl.name: decl for decl in decls}
    enums: dict[Words, UntaggedDecl] = {}
    loosened: list[ir.UnionType] = []
    for decl in decls:
        for type_ref in decl_types(decl):
            for union in unions_in(type_ref):
                if union.name in enums:
                    continue
                variants = untagged_variants(union, by_name.__getitem__)
                if variants is None:
                    loosened += [union] if union.distinct_kinds else []
                    continue
                own = isinstance(decl, ir.AliasDecl) and decl.target is union
                name, description = (decl.name, decl.description) if own else (union.name, None)
                enums[union.name] = UntaggedDecl(name, description, variants)
    return enums, loosened
