"""The view of one tool's C# file (`tool.cs.j2`; the folder's `ToolHandlers.cs` is handlers.py's). A view supplies names (names.py), types and initializers (types.py), escaped literals and
JSON text (syntax.py) and doc comment lines (doc.py); the templates spell the declarations around them.

Per tool the file holds a static `<Tool>Tool` class whose `Create(handler)` calls `CopilotTool.DefineTool` with a
typed handler, sealed records for the parameters, and enums; the wire `parameters` is the spec's schema, parsed once
from a raw string literal and exposed through `RawSchemaFunction` (a `DelegatingAIFunction` overriding
`JsonSchema`, sdk-reference §4 "Raw schema").
"""

from __future__ import annotations

from typing import Any

from ...layout.json import compact_json
from ...model import ir
from ...model.naming import Words, pascal, unique_identifiers
from ...review.warning_codes import RENAMED
from ..base import Reporter
from .names import RECORD_MEMBER_NAMES, FolderNames, declared_types
from .doc import Xml, code, doc_comment
from .syntax import comment_text, escape_identifier, json_text, string_literal
from .types import DefaultRenderer, TypeMapper, enum_plan, value_key

# Types named in expressions on a record (attribute arguments): a property of that name would hide them.
RECORD_ATTRIBUTE_NAMES = frozenset({"JsonUnmappedMemberHandling", "JsonIgnoreCondition"})
ALWAYS_USED = ("System", "System.Threading", "System.Threading.Tasks", "GitHub.Copilot", "Microsoft.Extensions.AI")
SERIALIZATION = "System.Text.Json.Serialization"


class ToolView:
    """The context of one tool's file; every identifier and literal is decided here, and the namespaces the
    file's code uses are collected on the way."""

    def __init__(self, tool: ir.Tool, names: FolderNames, report: Reporter):
        self.tool = tool
        self.report = report
        self.type_names = names.types[tool.name]
        self.converters = names.converters[tool.name]
        self.mapper = TypeMapper(tool, self.type_names)
        self.uses: set[str] = set(ALWAYS_USED)
        self.enum_members: dict[Words, dict[tuple[str, Any], str]] = {}
        self.positions = _first_uses(tool)
        decls = declared_types(tool)
        self.enum_names = {self.type_names[d.name] for d in decls if isinstance(d, ir.EnumDecl)}
        # Enums first: a property's default may name one of their members.
        self.enums = [self._enum(decl) for decl in decls if isinstance(decl, ir.EnumDecl)]
        self.defaults = DefaultRenderer(tool, self.type_names, self.enum_members)
        self.records = [self._record(decl) for decl in decls if isinstance(decl, ir.StructDecl)]

    def context(self, class_name: str, namespace: str) -> dict[str, Any]:
        tool = self.tool
        options = tool.options
        if tool.wire_parameters is not None:
            self.uses.add("System.Text.Json")
        # dotnet format's default order: System namespaces first, then the others, each group alphabetical.
        system = sorted(u for u in self.uses if u == "System" or u.startswith("System."))
        return {
            "source": comment_text(tool.source),
            "usings": system + sorted(self.uses - set(system)),
            "namespace": namespace,
            "doc": doc_comment([tool.description]),
            "class_name": escape_identifier(class_name),
            "schema": json_text(tool.wire_parameters) if tool.wire_parameters is not None else None,
            "tool_name": tool.name,
            "params": escape_identifier(self.type_names[tool.params]) if tool.params else None,
            "name_literal": string_literal(tool.name),
            "description_literal": string_literal(tool.description),
            "options": {
                "overrides_built_in_tool": options.overrides_built_in_tool,
                "skip_permission": options.skip_permission,
                "is_terminal": options.is_terminal,
                "defer": options.defer,
            },
            "metadata": json_text(options.metadata) if options.metadata else None,
            "records": self.records,
            "enums": self.enums,
        }

    # -- records --------------------------------------------------------------------------------------------------

    def _record(self, decl: ir.StructDecl) -> dict[str, Any]:
        name = self.type_names[decl.name]
        # Enum type names are reserved as well, so an initializer such as `Priority.High` never binds to a property.
        taken = RECORD_MEMBER_NAMES | {name} | self.enum_names | RECORD_ATTRIBUTE_NAMES
        chosen, renamed = unique_identifiers([pascal(f.words) for f in decl.fields], taken)
        field_of = dict(zip(chosen, decl.fields))
        for change in renamed:
            renamed_field = field_of[change.chosen]
            clash = change.clashed_with
            if clash in RECORD_MEMBER_NAMES:
                reason = f"every C# record already has a member {clash}"
            elif clash == name:
                reason = f"a member may not have the name of its type {clash}"
            elif clash in self.enum_names or clash in RECORD_ATTRIBUTE_NAMES:
                reason = f"{clash} is a type the record's code refers to"
            else:
                reason = f'{clash} is the property for "{field_of[clash].wire_name}"'
            self.report.warn(self.tool.source, renamed_field.line, renamed_field.column,
                             f'dotnet: property "{renamed_field.wire_name}" is named {change.chosen}; {reason}',
                             RENAMED)
        extra = None
        if not isinstance(decl.additional, str):  # a schema for extra properties: [JsonExtensionData]
            (extra,), _ = unique_identifiers(["AdditionalProperties"], set(chosen) | taken)
            self.uses |= {"System.Collections.Generic", "System.Text.Json", SERIALIZATION}
        description = decl.description
        if self.tool.params == decl.name and not description:
            description = Xml(f"Arguments of the {code(self.tool.name)} tool.")
        if decl.additional == "closed":  # additionalProperties: false, so an unknown property fails the call
            self.uses.add(SERIALIZATION)
        return {
            "doc": doc_comment([description]),
            "closed": decl.additional == "closed",
            "name": escape_identifier(name),
            "properties": [self._property(f, ident) for f, ident in zip(decl.fields, chosen)],
            "extra": extra,
        }

    def _property(self, field_: ir.Field, identifier: str) -> dict[str, Any]:
        cs_type = self.mapper.resolve(field_.type)
        initializer = None
        if field_.has_default and field_.default is not None and not field_.required:
            initializer = self.defaults.render(field_.default, field_.type)
        if not field_.required and initializer is None:
            cs_type = cs_type.or_null()  # absent means null, unless a default fills it in
        if "List<" in cs_type.text or "Dictionary<" in cs_type.text:
            self.uses.add("System.Collections.Generic")
        if "JsonElement" in cs_type.text:
            self.uses.add("System.Text.Json")
        self.uses.add(SERIALIZATION)
        notes = [field_.description]
        if field_.has_default and field_.default is not None and initializer is None and not field_.required:
            notes.append(Xml(f"Default when omitted: {code(compact_json(field_.default))}."))
        notes.append(self._allowed_values(field_.type))
        return {
            "doc": doc_comment(notes),
            "wire": string_literal(field_.wire_name),
            # An optional nullable property without a default is an `Optional<T?>`, whose default value means
            # "left out" (ir.Field.null_differs_from_absent); written back, a left-out one stays out.
            "presence": field_.null_differs_from_absent,
            "required": field_.required,
            "type": cs_type.text,
            "name": escape_identifier(identifier),
            "initializer": initializer,
        }

    def _allowed_values(self, type_ref: ir.TypeRef) -> str | None:
        """For enums kept as their scalar type: the values the schema allows, since the C# type cannot say."""
        while isinstance(type_ref, ir.NullableType):
            type_ref = type_ref.inner
        if not isinstance(type_ref, ir.NamedType):
            return None
        decl = self.tool.decl(type_ref.name)
        if not isinstance(decl, ir.EnumDecl) or enum_plan(decl).style != "scalar":
            return None
        values = ", ".join(compact_json(member.value) for member in decl.members)
        return Xml(f"Allowed values: {code(values)}.")

    # -- enums ----------------------------------------------------------------------------------------------------

    def _enum(self, decl: ir.EnumDecl) -> dict[str, Any]:
        name = escape_identifier(self.type_names[decl.name])
        # Object's members (Equals, GetHashCode, ToString, …) would hide inherited methods: never use them.
        chosen, renamed = unique_identifiers([pascal(m.words) for m in decl.members], {name} | RECORD_MEMBER_NAMES)
        line, column = self.positions.get(decl.name, (self.tool.line, self.tool.column))
        value_of = {ident: member.value for member, ident in zip(decl.members, chosen)}
        for change in renamed:
            self.report.warn(self.tool.source, line, column,
                             f"dotnet: enum value {compact_json(value_of[change.chosen])} is {name}.{change.chosen}; "
                             f"{change.clashed_with} is already used", RENAMED)
        self.enum_members[decl.name] = {value_key(m.value): ident for m, ident in zip(decl.members, chosen)}
        converter = None
        if decl.name in self.converters:
            converter = escape_identifier(self.converters[decl.name])
            self.uses.add(SERIALIZATION)
        members = [
            {
                "doc": doc_comment([code(compact_json(member.value))], inline=True),
                "name": ident,
                "value": str(member.value),
                "wire": string_literal(member.value) if converter else None,
            }
            for member, ident in zip(decl.members, chosen)
        ]
        integer = enum_plan(decl).style == "integer"
        return {"doc": doc_comment([decl.description]), "name": name, "integer": integer, "members": members,
                "converter": converter}  # fmt: skip


def _element_type(type_ref: ir.TypeRef) -> ir.TypeRef:
    """The type inside any nullable, list and map wrappers."""
    while True:
        if isinstance(type_ref, ir.NullableType):
            type_ref = type_ref.inner
        elif isinstance(type_ref, ir.ArrayType):
            type_ref = type_ref.items
        elif isinstance(type_ref, ir.MapType):
            type_ref = type_ref.values
        else:
            return type_ref


def _first_uses(tool: ir.Tool) -> dict[Words, tuple[int, int]]:
    """Where each declaration is first referenced (a property's position), to point warnings about it there."""
    positions: dict[Words, tuple[int, int]] = {}
    for decl in tool.decls:
        for field_ in decl.fields if isinstance(decl, ir.StructDecl) else ():
            element = _element_type(field_.type)
            if isinstance(element, ir.NamedType):
                positions.setdefault(element.name, (field_.line, field_.column))
    return positions

