"""The Rust type of each IR type in a tool module: scalars, `Vec`, `BTreeMap` (sorted keys, so a decoded map
prints the same on every run), `Option`, untagged enums, and `Box` where a type contains itself."""

from __future__ import annotations

from typing import Callable

from ...model import ir
from ...model.naming import Words
from .decls import ModuleDecls
from .layout import RustType

STRING = RustType("String")
UNIT = RustType("()")
JSON_VALUE = RustType("serde_json::Value")
JSON_OBJECT = RustType("serde_json::Map", (STRING, JSON_VALUE))
SCALAR_TYPES = {
    "string": STRING,
    "integer": RustType("i64"),
    "number": RustType("f64"),
    "boolean": RustType("bool"),
}
ENUM_BASE_TYPES = {**SCALAR_TYPES, "mixed": JSON_VALUE}


class RustTypes:
    """Spells IR types as Rust types over one module's declarations; remembers whether a `BTreeMap` is used."""

    def __init__(self, decls: ModuleDecls):
        self.decls = decls
        self.uses_btree_map = False

    def rust_type(self, type_ref: ir.TypeRef, owner: Words, in_container: bool = False) -> RustType:
        """The Rust type for `type_ref` in a field of `owner`; `in_container` when a Vec or map holds it."""
        return TYPE_MAP[type_ref.kind](self, type_ref, owner, in_container)

    def _any_type(self, type_ref: ir.AnyType, owner: Words, in_container: bool) -> RustType:
        return JSON_VALUE

    def _scalar_type(self, type_ref: ir.ScalarType, owner: Words, in_container: bool) -> RustType:
        return SCALAR_TYPES[type_ref.scalar]

    def _null_type(self, type_ref: ir.NullType, owner: Words, in_container: bool) -> RustType:
        return UNIT  # serde reads `()` from JSON null and writes it back as null

    def _array_type(self, type_ref: ir.ArrayType, owner: Words, in_container: bool) -> RustType:
        return RustType("Vec", (self.rust_type(type_ref.items, owner, True),))

    def _map_type(self, type_ref: ir.MapType, owner: Words, in_container: bool) -> RustType:
        if isinstance(type_ref.values, ir.AnyType):
            return JSON_OBJECT
        self.uses_btree_map = True  # sorted keys: a decoded map prints the same on every run
        return RustType("BTreeMap", (STRING, self.rust_type(type_ref.values, owner, True)))

    def _union_type(self, type_ref: ir.UnionType, owner: Words, in_container: bool) -> RustType:
        enum = self.decls.enums.get(type_ref.name)
        if enum is None:
            return JSON_VALUE  # its branches cannot be told apart by JSON type (the union's warning says why)
        return self._named_type(ir.NamedType(enum.name), owner, in_container)

    def _named_type(self, type_ref: ir.NamedType, owner: Words, in_container: bool) -> RustType:
        named = RustType(self.decls.type_names[type_ref.name])
        cyclic = type_ref.name == owner or owner in self.decls.reach.get(type_ref.name, set())
        # A type that contains itself needs a pointer; a Vec or map already is one.
        return RustType("Box", (named,)) if cyclic and not in_container else named

    def _nullable_type(
        self, type_ref: ir.NullableType, owner: Words, in_container: bool
    ) -> RustType:
        inner = self.rust_type(type_ref.inner, owner, in_container)
        return inner if inner.head == "Option" else RustType("Option", (inner,))



TYPE_MAP: dict[str, Callable[..., RustType]] = {
    "any": RustTypes._any_type,
    # A #[serde(untagged)] enum when the branches are of different JSON types, else serde_json::Value.
    "union": RustTypes._union_type,
    "scalar": RustTypes._scalar_type,
    "null": RustTypes._null_type,
    "array": RustTypes._array_type,
    "map": RustTypes._map_type,
    "named": RustTypes._named_type,
    "nullable": RustTypes._nullable_type,
}  # one entry per `ir.TYPE_KINDS` kind; tests check the coverage
