"""The Python spelling of the model's types and declarations: each IR type as an annotation, the order the
declarations must appear in, which models need `model_rebuild()`, and the imports a module needs.

Discriminated unions: when every branch of a union is a model with the same required property, each typed as one
constant (`const`, or an `enum` of one value) and the constants all differ, pydantic can pick the branch by that
property alone: `Annotated[A | B, Field(discriminator="kind")]`. It then validates against that branch only, so a
wrong or missing `kind` is one clear error rather than a failure per branch. The branch models already type the
property as `Literal[...]` (an enum of one member is an alias of one `Literal`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ...model import ir
from ...model.naming import Words, snake
from .syntax import field_identifier, py_literal, top_level_positions

SCALAR_TYPES: dict[str, str] = {
    "string": "str",
    "integer": "int",
    "number": "float",
    "boolean": "bool",
}


# -- types ------------------------------------------------------------------------------------------


class TypeWriter:
    """Renders IR types as annotations, given the chosen Python name of every declaration."""

    def __init__(
        self,
        decl_names: Mapping[Words, str],
        decls: Sequence[ir.Decl] = (),
        imports: "Imports | None" = None,
    ):
        self.decl_names = decl_names
        self.decls = {decl.name: decl for decl in decls}  # for discriminated unions; none: plain unions
        self.imports = imports

    def render(self, type_ref: ir.TypeRef) -> str:
        return TYPE_MAP[type_ref.kind](self, type_ref)

    def nullable(self, inner: ir.TypeRef) -> str:
        """`T | None`, without doubling up on types that already admit null."""
        rendered = self.render(inner)
        if rendered in {"Any", "None"} or rendered.endswith(" | None"):
            return rendered
        return f"{rendered} | None"

    def union(self, options: tuple[ir.TypeRef, ...]) -> str:
        """`A | B`: pydantic's smart-mode union tries each member and keeps the exact match; a union of models
        told apart by one constant property is discriminated by it (see the module)."""
        key = discriminator(options, self.decls.__getitem__) if self.decls and self.imports else None
        if key is not None and self.imports is not None:
            self.imports.add("typing", "Annotated")
            self.imports.add("pydantic", "Field")
            joined = " | ".join(self.render(option) for option in options)
            return f"Annotated[{joined}, Field(discriminator={py_literal(key)})]"
        members: list[str] = []
        for option in options:
            for member in _top_level_members(self.render(option)):
                if member == "Any":
                    return "Any"
                if member not in members:
                    members.append(member)
        if "None" in members:  # None last, as `nullable` writes it
            members = [member for member in members if member != "None"] + ["None"]
        return " | ".join(members)


def _top_level_members(annotation: str) -> list[str]:
    """`A | list[B | C] | None` → [`A`, `list[B | C]`, `None`]: the members of a union outside any brackets."""
    members, start = [], 0
    for index in top_level_positions(annotation):
        if annotation.startswith(" | ", index):
            members.append(annotation[start:index])
            start = index + 3
    return members + [annotation[start:]]


# One entry per `ir.TYPE_KINDS` kind (a unit test checks the coverage).
TYPE_MAP: dict[str, Callable[[TypeWriter, Any], str]] = {
    "any": lambda writer, t: "Any",
    "scalar": lambda writer, t: SCALAR_TYPES[t.scalar],
    "null": lambda writer, t: "None",
    "array": lambda writer, t: f"list[{writer.render(t.items)}]",
    "map": lambda writer, t: f"dict[str, {writer.render(t.values)}]",
    "named": lambda writer, t: writer.decl_names[t.name],
    "nullable": lambda writer, t: writer.nullable(t.inner),
    "union": lambda writer, t: writer.union(t.options),
}


def literal_members(members: Sequence[ir.EnumMember]) -> tuple[list[str], bool]:
    """The values of an enum's `Literal[...]`, and whether it widens to `float`: `Literal` cannot hold floats, so
    an enum with a non-integral number keeps only its strings and booleans as literals, its numbers as `float`
    (the wire schema keeps the exact values). No literal and no float: `Literal[None]`."""
    values = [member.value for member in members]
    has_float = any(isinstance(value, float) for value in values)
    if has_float:
        values = [value for value in values if isinstance(value, (str, bool))]
    return [py_literal(value) for value in values], has_float


def dependency_order(decls: Sequence[ir.Decl]) -> list[ir.Decl]:
    """Declarations with what they use first (stable depth-first post-order).

    Type aliases are evaluated when the module runs, so they must follow what they name; only members of a
    reference cycle can meet a name that is defined later (classes handle that through `model_rebuild`,
    recursive aliases through a string value).
    """
    by_name = {decl.name: decl for decl in decls}
    done: set[Words] = set()
    active: set[Words] = set()
    ordered: list[ir.Decl] = []

    def visit(decl: ir.Decl) -> None:
        if decl.name in done or decl.name in active:
            return
        active.add(decl.name)
        for name in ir.decl_references(decl):
            visit(by_name[name])
        active.discard(decl.name)
        done.add(decl.name)
        ordered.append(decl)

    for decl in decls:
        visit(decl)
    return ordered


def reaches(decls: Sequence[ir.Decl], start: Sequence[Words], found: Callable[[ir.Decl], bool]) -> bool:
    """Whether a declaration named in `start`, or one those refer to (transitively), is `found`."""
    by_name = {decl.name: decl for decl in decls}
    seen: set[Words] = set()
    stack = list(start)
    while stack:
        current = stack.pop()
        if current not in seen:
            seen.add(current)
            if found(by_name[current]):
                return True
            stack.extend(ir.decl_references(by_name[current]))
    return False


def needs_rebuild(decls: Sequence[ir.Decl]) -> set[Words]:
    """Structs that are recursive or use a recursive declaration: pydantic can only complete them once every
    class of the cycle exists, so the module calls `model_rebuild()` on them at its end."""

    def recursive(decl: ir.Decl) -> bool:
        return getattr(decl, "recursive", False)

    return {
        decl.name for decl in decls if isinstance(decl, ir.StructDecl) and reaches(decls, [decl.name], recursive)
    }


@dataclass
class Imports:
    """The imports a module needs, rendered as isort-ordered sections."""

    modules: set[str] = field(default_factory=set)  # `import x`
    names: dict[str, set[str]] = field(default_factory=dict)  # `from x import a, b`

    # Sections in isort order (standard library, then third party); within one, `import x` lines come first.
    SECTIONS: ClassVar[tuple[tuple[str, ...], ...]] = (
        ("collections.abc", "copy", "dataclasses", "typing"),
        ("copilot", "pydantic", "typing_extensions"),
    )

    def add_module(self, module: str) -> None:
        self.modules.add(module)

    def add(self, module: str, *names: str) -> None:
        self.names.setdefault(module, set()).update(names)

    def sections(self) -> list[list[dict[str, Any]]]:
        """Per isort section, each statement as `module` and the `names` it imports from it (none: `import
        module`); each fits one line, the names a tool module imports being few and short."""
        sections = []
        for modules in self.SECTIONS:
            plain = [{"module": module, "names": []} for module in modules if module in self.modules]
            froms = [
                {"module": module, "names": sorted(self.names[module], key=isort_key)}
                for module in modules
                if module in self.names
            ]
            if plain or froms:
                sections.append(plain + froms)
        return sections


def isort_key(name: str) -> tuple[int, str]:
    """isort's default `force_sort_within_sections=False` order: CONSTANTS, Classes, functions."""
    kind = 0 if name.isupper() else 1 if name[:1].isupper() else 2
    return kind, name


# -- discriminated unions ------------------------------------------------------------------------

DeclOf = Callable[[Words], ir.Decl]


def discriminator(options: tuple[ir.TypeRef, ...], decl_of: DeclOf) -> str | None:
    """The property that tells the union's branches apart, or None when there is none (see the module)."""
    structs = [_struct(option, decl_of) for option in options]
    if len(structs) < 2 or any(struct is None for struct in structs):
        return None
    first = structs[0]
    assert first is not None
    for candidate in first.fields:
        values = [_constant(struct, candidate.wire_name, decl_of) for struct in structs]  # type: ignore[arg-type]
        if all(value is not _NONE for value in values) and len({repr(value) for value in values}) == len(values):
            return candidate.wire_name
    return None


_NONE = object()


def _struct(option: ir.TypeRef, decl_of: DeclOf) -> ir.StructDecl | None:
    decl = decl_of(option.name) if isinstance(option, ir.NamedType) else None
    return decl if isinstance(decl, ir.StructDecl) else None


def _constant(struct: ir.StructDecl, wire_name: str, decl_of: DeclOf) -> object:
    """The one value the required property `wire_name` can have (a string or integer), else _NONE. The field's
    Python name must be the wire name, alone in the model: pydantic looks the discriminator up by that name."""
    fields = [item for item in struct.fields if item.wire_name == wire_name]
    python_names = [field_identifier(snake(item.words)) for item in struct.fields]
    if len(fields) != 1 or not fields[0].required or python_names.count(wire_name) != 1:
        return _NONE
    if field_identifier(snake(fields[0].words)) != wire_name or not isinstance(fields[0].type, ir.NamedType):
        return _NONE
    enum = decl_of(fields[0].type.name)
    if not isinstance(enum, ir.EnumDecl) or len(enum.members) != 1:
        return _NONE
    value = enum.members[0].value
    return value if isinstance(value, (str, int)) and not isinstance(value, bool) else _NONE
