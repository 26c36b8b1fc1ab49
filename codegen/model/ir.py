"""The neutral intermediate model: what every target renders from. Frozen, language-free, names as words.

A tool has a root parameters struct (or none), the named declarations it needs (structs for objects with
properties, enums, aliases for `$defs` that are neither), and the spec's schema unchanged for the wire.
Types are a small closed set; `TYPE_KINDS` lists them so each target's type map can be checked for coverage.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Union

from .naming import Words

JsonValue = Any
ScalarKind = Literal["string", "integer", "number", "boolean"]


@dataclass(frozen=True)
class AnyType:
    """Any JSON value (no `type` given, an open object's values, an array without `items`)."""

    kind: Literal["any"] = "any"


@dataclass(frozen=True)
class ScalarType:
    scalar: ScalarKind
    kind: Literal["scalar"] = "scalar"


@dataclass(frozen=True)
class NullType:
    """`type: null`: only null is valid."""

    kind: Literal["null"] = "null"


@dataclass(frozen=True)
class ArrayType:
    items: "TypeRef"
    kind: Literal["array"] = "array"


@dataclass(frozen=True)
class MapType:
    """An object whose keys are free strings and whose values all have one type."""

    values: "TypeRef"
    kind: Literal["map"] = "map"


@dataclass(frozen=True)
class NamedType:
    """A reference to one of the tool's declarations (struct, enum or alias), by its words."""

    name: Words
    kind: Literal["named"] = "named"


@dataclass(frozen=True)
class NullableType:
    inner: "TypeRef"
    kind: Literal["nullable"] = "nullable"


@dataclass(frozen=True)
class UnionType(AnyType):
    """A value of one of several types (`anyOf`/`oneOf` of different schemas, a list of several types).

    A subclass of AnyType on purpose: a target without typed unions (Go, .NET, Java, Rust) maps it like any JSON
    value, and every check it makes for AnyType (does a default fit?) holds for it too. Targets that have unions
    (TypeScript/zod, Python) map `options`. Build it with `options=` (the inherited `kind` field comes first)."""

    options: tuple["TypeRef", ...] = ()
    # The words a declaration of the union itself is named by, where a target declares one (Rust's enum).
    name: Words = ()
    # Every branch is of a different JSON type (codegen.schema.union_kinds): an untagged decoding loses nothing.
    distinct_kinds: bool = False
    kind: Literal["union"] = "union"  # type: ignore[assignment]


TypeRef = Union[AnyType, ScalarType, NullType, ArrayType, MapType, NamedType, NullableType, UnionType]
TYPE_KINDS = ("any", "scalar", "null", "array", "map", "named", "nullable", "union")
SCALAR_KINDS = ("string", "integer", "number", "boolean")

# Compared by identity ("no default"). `__reduce__` names the module attribute, so a pickled model (sent between
# processes) comes back with this very object; the cache's encoding tags it (codegen.cache.codec).
MISSING: Any = type(
    "Missing",
    (),
    {"__repr__": lambda self: "MISSING", "__bool__": lambda self: False, "__reduce__": lambda self: "MISSING"},
)()


@dataclass(frozen=True)
class Field:
    wire_name: str
    words: Words
    type: TypeRef
    required: bool
    description: str | None
    default: JsonValue = MISSING  # MISSING when the schema gives none; None is a real `default: null`
    line: int = 1
    column: int = 1

    @property
    def has_default(self) -> bool:
        return self.default is not MISSING

    @property
    def null_differs_from_absent(self) -> bool:
        """Optional, nullable and without a default: a call that gives null means something else than one that
        leaves the property out (Playwright's `colorScheme: null` resets the emulation), so every typed model
        keeps the two apart (docs/decisions.md, "Handler parity"). A default, even null, fills the left-out case."""
        return not self.required and not self.has_default and isinstance(self.type, NullableType)


@dataclass(frozen=True)
class EnumMember:
    value: JsonValue
    words: Words


@dataclass(frozen=True)
class StructDecl:
    name: Words
    description: str | None
    fields: tuple[Field, ...]
    # 'closed' (additionalProperties: false), 'open' (true or unspecified), or the type of extra values.
    additional: Literal["closed", "open"] | TypeRef = "open"
    recursive: bool = False  # part of a reference cycle: targets add indirection (Box, pointer, …)
    kind: Literal["struct"] = "struct"


@dataclass(frozen=True)
class EnumDecl:
    name: Words
    description: str | None
    members: tuple[EnumMember, ...]
    base: Literal["string", "integer", "number", "boolean", "mixed"]
    kind: Literal["enum"] = "enum"


@dataclass(frozen=True)
class AliasDecl:
    """A `$defs` entry that is neither an object with properties nor an enum (e.g. a list of strings)."""

    name: Words
    description: str | None
    target: TypeRef
    recursive: bool = False
    kind: Literal["alias"] = "alias"


Decl = Union[StructDecl, EnumDecl, AliasDecl]


@dataclass(frozen=True)
class Namespace:
    name: str
    description: str | None = None


@dataclass(frozen=True)
class Options:
    is_terminal: bool = False
    defer: Literal["auto", "never"] | None = None
    skip_permission: bool = False
    overrides_built_in_tool: bool = False
    metadata: dict[str, JsonValue] | None = None  # None also when the spec says `metadata: {}`
    # Newer than some SDKs (codegen.targets.sdks says which carry them): None when the spec leaves them out.
    title: str | None = None
    instructions: str | None = None
    namespace: Namespace | None = None


@dataclass(frozen=True)
class Tool:
    name: str  # wire name, unchanged
    words: Words
    source: str  # spec path as the user named it, for headers and messages
    description: str
    options: Options
    wire_parameters: dict[str, JsonValue] | None  # the spec's schema, unchanged
    params: Words | None  # the root parameters struct, or None for a tool without arguments
    decls: tuple[Decl, ...] = field(default=())
    line: int = 1
    column: int = 1
    # Where the spec sets each of the options only some SDKs carry (title, instructions, namespace): their
    # warnings point there. (key, line, column), in the spec's order.
    option_positions: tuple[tuple[str, int, int], ...] = ()

    def decl(self, name: Words) -> Decl:
        for decl in self.decls:
            if decl.name == name:
                return decl
        raise KeyError(name)


def type_references(type_ref: TypeRef) -> list[Words]:
    """The declarations a type names, in order (through arrays, maps and nullables)."""
    if isinstance(type_ref, NamedType):
        return [type_ref.name]
    if isinstance(type_ref, ArrayType):
        return type_references(type_ref.items)
    if isinstance(type_ref, MapType):
        return type_references(type_ref.values)
    if isinstance(type_ref, NullableType):
        return type_references(type_ref.inner)
    if isinstance(type_ref, UnionType):
        return [name for option in type_ref.options for name in type_references(option)]
    return []


def decl_references(decl: Decl) -> list[Words]:
    """The declarations `decl` refers to, in field order (then extra properties; an alias's target)."""
    if isinstance(decl, StructDecl):
        found = [name for item in decl.fields for name in type_references(item.type)]
        return found + ([] if isinstance(decl.additional, str) else type_references(decl.additional))
    if isinstance(decl, AliasDecl):
        return type_references(decl.target)
    return []


def naming_skeleton(tool: Tool) -> Tool:
    """`tool` without the values that never decide a name or a folder-wide file: descriptions, defaults, the wire
    schema and real positions (names, types, enum values and options stay).

    Targets name a folder (`Target.name_folder`) and plan its shared files (`Target.folder_files`) from skeletons
    only, so an edit to a description, a default, or one that only moves lines — most edits — provably leaves every
    name and every folder file as they were, and a run can take them from a cache keyed by the skeletons
    (codegen.run.incremental). Positions only ever serve warnings: the skeleton numbers its positioned nodes instead
    (the tool, then each field in order, as negative lines), and `real_position` maps a warning's numbered position
    back through the tool's `position_table`."""
    fields = iter(range(1, 1 << 30))
    return _copy_with(
        tool,
        description="",
        wire_parameters=None if tool.wire_parameters is None else {},
        decls=tuple(_decl_skeleton(decl, fields) for decl in tool.decls),
        line=_numbered(0),
        column=0,
        option_positions=(),
    )


class SkeletonView(Sequence[Tool]):
    """The naming skeletons of `tools`, each made on first access: a folder-wide file planned from facts alone
    (the json target's tools/list.json) then loads no model (`tools` may load lazily, speccache.LazyTools)."""

    def __init__(self, tools: Sequence[Tool]):
        self._tools = tools
        self._made: dict[int, Tool] = {}

    def __len__(self) -> int:
        return len(self._tools)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        position = index + len(self) if index < 0 else index
        if not 0 <= position < len(self):
            raise IndexError(index)
        if position not in self._made:
            self._made[position] = naming_skeleton(self._tools[position])
        return self._made[position]


def position_table(tool: Tool) -> list[int]:
    """The real (line, column) of the tool, then of each field in declaration order, flattened: what
    `naming_skeleton` numbers."""
    table = [tool.line, tool.column]
    for decl in tool.decls:
        if isinstance(decl, StructDecl):
            for item in decl.fields:
                table += [item.line, item.column]
    return table


def real_position(table: list[int], line: int, column: int) -> tuple[int, int]:
    """The real position of a skeleton's numbered (line, column); a real position is returned as it is."""
    if line >= 0:
        return line, column
    index = 2 * (-line - 1)
    return table[index], table[index + 1]


def _numbered(index: int) -> int:
    return -(index + 1)


def _decl_skeleton(decl: Decl, fields: Any) -> Decl:
    if isinstance(decl, StructDecl):
        numbered = tuple(
            _copy_with(item, description=None, default=MISSING, line=_numbered(next(fields)), column=0)
            for item in decl.fields
        )
        return _copy_with(decl, description=None, fields=numbered)
    return decl if decl.description is None else _copy_with(decl, description=None)


def _copy_with(value: Any, **changes: Any) -> Any:
    """`dataclasses.replace` for these frozen dataclasses, without running `__init__` again (five times faster;
    a first run makes a skeleton of every field of every tool). The classes have no `__post_init__`."""
    copy = object.__new__(type(value))
    copy.__dict__.update(value.__dict__)
    copy.__dict__.update(changes)
    return copy
