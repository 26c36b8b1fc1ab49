"""The Rust types of one tool's module: each IR type as a Rust type, the declarations the module makes, and the
unions that become `#[serde(untagged)]` enums.

A Rust type is a tree (`Option<Vec<String>>` is Option › Vec › String) so that rustfmt's rules can break it at its
`<`. `BTreeMap` keeps a decoded map's keys sorted (it prints the same on every run), `Box` goes where a type
contains itself, and the declarations are the IR's with each untagged enum in place, only those the parameters
type reaches, and their type names.

Untagged enums: serde decodes one by trying its variants in order and keeping the first that accepts the value.
That loses nothing when every branch is of a different JSON type (the typed view decides that, `union_kinds`, and
the warning says so): then at most one variant accepts any value, except that an `i64` variant must come before an
`f64` one (an integer also fits a number). The check is made again here on the Rust types themselves, so that a
branch which turned into `serde_json::Value`, `()` or an `Option` (which accept what other variants accept) keeps
the whole union a `serde_json::Value`. Variants are named after their JSON type: `String(String)`,
`Integer(i64)`, `Object(FooOption1)`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from ...model import ir
from ...model.naming import Words, pascal
from ...review.warning_codes import SHORTENED, UNION_RUST_AFTER_ALL
from ..base import Reporter
from .names import TAKEN_TYPE_NAMES, ToolNames, fit_type_name, unique_with_warnings


@dataclass(frozen=True)
class RustType:
    """A Rust type as a tree (`Option<Vec<String>>` is Option › Vec › String), so it can break at `<`."""

    head: str
    args: tuple[RustType, ...] = ()

    def __str__(self) -> str:
        return self.text

    def __hash__(self) -> int:  # equal trees have equal text, whose hash Python keeps
        return hash(self.text)

    @cached_property
    def text(self) -> str:
        if not self.args:
            return self.head
        return f"{self.head}<{', '.join(arg.text for arg in self.args)}>"


# -- untagged unions ------------------------------------------------------------------------------------------


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


# -- the module's declarations ------------------------------------------------------------------------------

RustDecl = ir.Decl | UntaggedDecl


def _type_references(type_ref: ir.TypeRef, enums: Mapping[Words, UntaggedDecl]) -> list[Words]:
    """The declarations a Rust field of this type names: a union is its untagged enum, or a `serde_json::Value`
    whose branches' declarations are not reached through it (declared, they would be dead code)."""
    if isinstance(type_ref, ir.UnionType):
        return [enums[type_ref.name].name] if type_ref.name in enums else []
    if isinstance(type_ref, ir.NamedType):
        return [type_ref.name]
    if isinstance(type_ref, ir.ArrayType):
        return _type_references(type_ref.items, enums)
    if isinstance(type_ref, ir.MapType):
        return _type_references(type_ref.values, enums)
    if isinstance(type_ref, ir.NullableType):
        return _type_references(type_ref.inner, enums)
    return []


def _decl_references(decl: RustDecl, enums: Mapping[Words, UntaggedDecl]) -> list[Words]:
    if isinstance(decl, ir.StructDecl):
        found = [name for item in decl.fields for name in _type_references(item.type, enums)]
        return found + ([] if isinstance(decl.additional, str) else _type_references(decl.additional, enums))
    if isinstance(decl, ir.AliasDecl):
        return _type_references(decl.target, enums)
    if isinstance(decl, UntaggedDecl):
        return [name for _, option in decl.variants for name in _type_references(option, enums)]
    return []


def _rust_decls(tool: ir.Tool, enums: Mapping[Words, UntaggedDecl]) -> list[RustDecl]:
    """The tool's declarations with each untagged enum: in place of the alias it is the whole of, else after
    every IR declaration (in the order the unions occur)."""
    by_name = {enum.name: enum for enum in enums.values()}
    decls: list[RustDecl] = [by_name.get(decl.name, decl) for decl in tool.decls]
    own = {decl.name for decl in tool.decls}
    return decls + [enum for enum in enums.values() if enum.name not in own]


def _reachability(
    decls: Sequence[RustDecl], enums: Mapping[Words, UntaggedDecl]
) -> dict[Words, set[Words]]:
    """For each declaration, every declaration it can reach through its fields (for `Box` placement, and
    which declarations the module needs)."""
    edges = {decl.name: set(_decl_references(decl, enums)) for decl in decls}
    reach: dict[Words, set[Words]] = {}
    for start in edges:
        seen: set[Words] = set()
        stack = list(edges[start])
        while stack:
            current = stack.pop()
            if current not in seen:
                seen.add(current)
                stack.extend(edges.get(current, ()))
        reach[start] = seen
    return reach


class ModuleDecls:
    """A tool module's declarations, by IR name: what each reaches, where it is first used, what it is called.

    Naming warns (a type name cut to fit, or renamed after a collision), and so does a union the typed view
    promised as an enum that Rust cannot decode untagged.
    """

    def __init__(self, tool: ir.Tool, names: ToolNames, report: Reporter):
        self.tool = tool
        self.report = report
        self.enums, loosened = plan_unions(tool.decls)
        self.all = _rust_decls(tool, self.enums)
        self.by_name = {decl.name: decl for decl in self.all}
        self.reach = _reachability(self.all, self.enums)
        self.used = self._used_decls()
        self.positions = self._decl_positions()
        self.type_names = self._plan_type_names(names)
        self._warn_loosened(loosened)

    def position(self, name: Words) -> tuple[int, int]:
        """Where the declaration is first used (the tool's own position for the root)."""
        return self.positions.get(name, (self.tool.line, self.tool.column))

    def _used_decls(self) -> list[RustDecl]:
        """The declarations the parameters type reaches. A `$defs` entry nothing refers to cannot occur
        in a call's arguments; as Rust it would only be dead code (a warning, or an error under
        `deny(warnings)`). The wire schema still carries it."""
        if self.tool.params is None:
            return []
        used = {self.tool.params} | self.reach.get(self.tool.params, set())
        return [decl for decl in self.all if decl.name in used]

    def _decl_positions(self) -> dict[Words, tuple[int, int]]:
        """Where each declaration is first used (the field that refers to it), for warnings about it."""
        positions: dict[Words, tuple[int, int]] = {}
        for decl in self.used:
            if isinstance(decl, ir.StructDecl):
                for f in decl.fields:
                    unions = [self.enums[u.name].name for u in unions_in(f.type) if u.name in self.enums]
                    for name in unions + ir.type_references(f.type):
                        positions.setdefault(name, (f.line, f.column))
        return positions

    def _plan_type_names(self, names: ToolNames) -> dict[Words, str]:
        decls = list(self.used)
        # The root parameters type goes first so it keeps the folder-wide name mod.rs re-exports.
        decls.sort(key=lambda decl: decl.name != self.tool.params)
        candidates = [
            names.params if decl.name == self.tool.params and names.params else pascal(decl.name)
            for decl in decls
        ]
        positions = [self.position(decl.name) for decl in decls]
        for index, (full, (line, column)) in enumerate(zip(candidates, positions)):
            candidates[index] = fit_type_name(full)
            if candidates[index] != full:
                self.report.warn(
                    self.tool.source, line, column,
                    f"Rust type `{full[:40]}…` is too long for a rustdoc file name; it is `{candidates[index]}`",
                    SHORTENED,
                )  # fmt: skip
        chosen = unique_with_warnings(candidates, TAKEN_TYPE_NAMES, "type", positions, self.tool, self.report)
        return {decl.name: name for decl, name in zip(decls, chosen)}

    def _warn_loosened(self, unions: list[ir.UnionType]) -> None:
        """A union the typed view found untagged-decodable whose Rust branch types are not (one became any JSON
        value, or two became one type): the view's warning promised an enum, so this one says otherwise."""
        for union in unions:
            line, column = self._union_position(union)
            self.report.warn(
                self.tool.source,
                line,
                column,
                "Rust types this union as serde_json::Value after all: a branch's Rust type accepts "
                "values of more than one JSON type, or two branches' Rust types accept the same values",
                UNION_RUST_AFTER_ALL,
            )

    def _union_position(self, union: ir.UnionType) -> tuple[int, int]:
        for decl in self.tool.decls:
            if isinstance(decl, ir.StructDecl):
                for f in decl.fields:
                    if any(found is union for found in unions_in(f.type)):
                        return f.line, f.column
        return self.tool.line, self.tool.column


# -- IR types as Rust types -----------------------------------------------------------------------------------

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
