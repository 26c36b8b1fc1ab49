"""pydantic's discriminated unions: when a union of models can say which branch a value is by one property.

When every branch of a union is a model with the same required property, each typed as one constant (`const`, or
an `enum` of one value) and the constants all differ, pydantic can pick the branch by that property alone:
`Annotated[A | B, Field(discriminator="kind")]`. It then validates against that branch only, so a wrong or missing
`kind` is one clear error rather than a failure per branch. The branch models already type the property as
`Literal[...]` (an enum of one member is an alias of one `Literal`).
"""

from __future__ import annotations

from collections.abc import Callable

from ...model import ir
from ...model.naming import Words, snake
from .syntax import field_identifier

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
