"""Validated spec → neutral intermediate model. Pure: no I/O, no language knowledge.

Declarations are named from the tool's words plus the property path (`create_issue` › `assignee` →
create·issue·assignee), `$defs` from the tool's words plus the definition's name, so every name is unique
within a generated folder that holds many tools. A clash between two synthesized names gets a number word.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import ir
from .naming import Words, identifier_words
from .singular import singular
from ..schema.keywords import defs_name
from ..schema.typed_view import typed_view
from ..schema.union_kinds import BRANCH_KINDS
from ..spec.yamlload import LocatedDocument, Path

if TYPE_CHECKING:  # not imported: a spec known valid without the validators (spec_alike) builds without pydantic
    from ..spec.loader import LoadedSpec
    from ..spec.format import ToolSpec

SDK_OPTION_KEYS = ("title", "instructions", "namespace")  # the options only some SDKs carry (codegen.targets.sdks)
# Single words that name a type some target has in scope where it declares a tool's types (Java nests them in the
# tool's class without the tool's words, next to java.lang and the SDK's imports): an item type named `Error` or
# `Handler` would shadow one, so such plurals keep the `…·item` name.
_TYPE_WORDS_IN_SCOPE = frozenset(
    """error exception handler string object map list set record enum class type tool option result value box vec
    integer long double number boolean byte character float short void thread system math iterable future param
    params invocation function""".split()
)


class _ToolBuilder:
    def __init__(self, file: str, spec: ToolSpec, document: LocatedDocument):
        self.file, self.spec, self.document = file, spec, document
        self.tool_words = identifier_words(spec.name, "tool")
        self.decls: dict[Words, ir.Decl] = {}
        self.reserved: set[Words] = set()
        # For each struct being built (innermost last), the names its properties would give declarations: an
        # item type named after a property's singular must not take a sibling property's name (`labels`/`label`).
        self.sibling_names: list[set[Words]] = []
        # Typed models come from the typed view (any valid JSON Schema mapped onto what every target can state);
        # the wire keeps the spec's schema.
        parameters = spec.parameters
        self.typed = typed_view(parameters).schema if parameters is not None else None
        schema = self.typed or {}
        self.def_words: dict[str, Words] = {}
        for def_name in (schema.get("$defs") or {}):
            self.def_words[def_name] = self._claim(self.tool_words + identifier_words(def_name, "def"))

    def _claim(self, words: Words) -> Words:
        """Reserve a declaration name, numbering later clashes (create·issue·label, create·issue·label·2)."""
        candidate, number = words, 2
        while candidate in self.reserved:
            candidate = words + (str(number),)
            number += 1
        self.reserved.add(candidate)
        return candidate

    def build(self) -> ir.Tool:
        spec = self.spec
        schema = self.typed
        params: Words | None = None
        if schema is not None:
            params = self._claim(self.tool_words + ("params",))
            self._struct(schema, params, ("parameters",), base=self.tool_words)
            for def_name, def_schema in (schema.get("$defs") or {}).items():
                self._declare(def_schema, self.def_words[def_name], ("parameters", "$defs", def_name))
        name_pos = self.document.position_of_value(())
        return ir.Tool(
            name=spec.name,
            words=self.tool_words,
            source=self.file,
            description=spec.description,
            options=ir.Options(
                is_terminal=spec.is_terminal,
                defer=spec.defer,
                skip_permission=spec.skip_permission,
                overrides_built_in_tool=spec.overrides_built_in_tool,
                metadata=spec.metadata or None,
                title=spec.title,
                instructions=spec.instructions,
                namespace=ir.Namespace(spec.namespace.name, spec.namespace.description) if spec.namespace else None,
            ),
            wire_parameters=spec.parameters,
            params=params,
            decls=tuple(_mark_recursive(list(self.decls.values()))),
            line=name_pos.line,
            column=name_pos.column,
            option_positions=tuple(
                (key, *self.document.position_of_key((key,))) for key in SDK_OPTION_KEYS if getattr(spec, key) is not None
            ),
        )

    # -- declarations -------------------------------------------------------------------------------

    def _declare(self, schema: dict[str, Any], name: Words, path: Path) -> None:
        """Declare `name` for a `$defs` entry: a struct, an enum, or an alias of whatever else it is."""
        if _is_struct(schema):
            self._struct(schema, name, path)
        elif _enum_values(schema) is not None and "$ref" not in schema:
            nullable, decl = self._enum(schema, name)
            if nullable:  # a nullable enum definition: the enum plus an alias that allows null
                enum_name = self._claim(name + ("value",))
                self.decls[enum_name] = ir.EnumDecl(enum_name, decl.description, decl.members, decl.base)
                self.decls[name] = ir.AliasDecl(name, schema.get("description"), ir.NullableType(ir.NamedType(enum_name)))
            else:
                self.decls[name] = decl
        else:
            self.decls[name] = ir.AliasDecl(name, schema.get("description"), ir.AnyType())  # placeholder keeps order
            self.decls[name] = ir.AliasDecl(name, schema.get("description"), self._type(schema, name, path))

    def _struct(self, schema: dict[str, Any], name: Words, path: Path, base: Words | None = None) -> None:
        """Declare struct `name`; nested declarations are named `base` (default: `name`) + property words."""
        self.decls[name] = ir.StructDecl(name, schema.get("description"), ())  # placeholder keeps order
        required = set(schema.get("required") or ())
        fields = []
        properties = schema.get("properties") or {}
        self.sibling_names.append({(base or name) + identifier_words(wire_name, "field") for wire_name in properties})
        for wire_name, prop in properties.items():
            prop_path = path + ("properties", wire_name)
            words = identifier_words(wire_name, "field")
            pos = self.document.position_of_key(prop_path)
            fields.append(
                ir.Field(
                    wire_name=wire_name,
                    words=words,
                    type=self._type(prop, (base or name) + words, prop_path),
                    required=wire_name in required,
                    description=prop.get("description"),
                    default=prop.get("default", ir.MISSING),
                    line=pos.line,
                    column=pos.column,
                )
            )
        self.sibling_names.pop()
        additional = schema.get("additionalProperties", True)
        if additional is True:
            extra: Any = "open"
        elif additional is False:
            extra = "closed"
        else:
            extra = self._type(additional, name + ("value",), path + ("additionalProperties",))
        self.decls[name] = ir.StructDecl(name, schema.get("description"), tuple(fields), extra)

    def _enum(self, schema: dict[str, Any], name: Words) -> tuple[bool, ir.EnumDecl]:
        values = _enum_values(schema) or []
        nullable = None in values
        values = [value for value in values if value is not None]
        members = tuple(ir.EnumMember(value, words) for value, words in zip(values, _member_words(values)))
        return nullable, ir.EnumDecl(name, schema.get("description"), members, _enum_base(values))

    def _item_context(self, context: Words) -> Words:
        """The name for an array's items: the singular of the array's last word where that is unambiguous and
        free (`fields` → field), else the array's words plus `item` (`data` → data·item)."""
        one = singular(context[-1]) if context else None
        if one is None or one in _TYPE_WORDS_IN_SCOPE:
            return context + ("item",)
        candidate = context[:-1] + (one,)
        taken = candidate in self.reserved or any(candidate in names for names in self.sibling_names)
        return context + ("item",) if taken else candidate

    # -- types -------------------------------------------------------------------------------------

    def _type(self, schema: Any, context: Words, path: Path) -> ir.TypeRef:
        """The type of the value `schema` describes; `context` names any declaration it needs."""
        if not isinstance(schema, dict):
            return ir.AnyType()
        if "$ref" in schema:
            return ir.NamedType(self.def_words[defs_name(schema["$ref"])])
        if "anyOf" in schema:
            options = [(index, option) for index, option in enumerate(schema["anyOf"]) if option != {"type": "null"}]
            nullable = len(options) < len(schema["anyOf"])
            if len(options) == 1:  # a schema and null
                index, option = options[0]
                inner = self._type(option, context, path + ("anyOf", index))
            else:  # a union (the typed view says so); its object branches are named option·1, option·2, …
                inner = ir.UnionType(
                    options=tuple(
                        self._type(option, context + ("option", str(number)), path + ("anyOf", index))
                        for number, (index, option) in enumerate(options, 1)
                    ),
                    name=self._claim(context),
                    distinct_kinds=bool(schema.get(BRANCH_KINDS)),
                )
            if not nullable or isinstance(inner, ir.NullableType):
                return inner
            return ir.NullableType(inner)
        declared = schema.get("type")
        nullable = isinstance(declared, list)
        kind = next((t for t in declared if t != "null"), None) if nullable else declared
        result = self._non_null_type(schema, kind, context, path)
        if isinstance(result, ir.NullableType) or isinstance(result, ir.NullType):
            return result
        return ir.NullableType(result) if nullable else result

    def _non_null_type(self, schema: dict[str, Any], kind: str | None, context: Words, path: Path) -> ir.TypeRef:
        values = _enum_values(schema)
        if values is not None:
            if all(value is None for value in values):
                return ir.NullType()
            name = self._claim(context)
            nullable, decl = self._enum(schema, name)
            self.decls[name] = decl
            return ir.NullableType(ir.NamedType(name)) if nullable else ir.NamedType(name)
        if kind == "object" or (kind is None and "properties" in schema):
            if "properties" in schema or schema.get("additionalProperties") is False:
                name = self._claim(context)
                self._struct(schema, name, path)
                return ir.NamedType(name)
            values_schema = schema.get("additionalProperties", True)
            if values_schema is True:
                return ir.MapType(ir.AnyType())
            return ir.MapType(self._type(values_schema, context + ("value",), path + ("additionalProperties",)))
        if kind == "array":
            if "items" not in schema:
                return ir.ArrayType(ir.AnyType())
            return ir.ArrayType(self._type(schema["items"], self._item_context(context), path + ("items",)))
        if kind in ir.SCALAR_KINDS:
            return ir.ScalarType(kind)
        if kind == "null":
            return ir.NullType()
        return ir.AnyType()


def _is_struct(schema: dict[str, Any]) -> bool:
    kind = schema.get("type")
    kind = next((t for t in kind if t != "null"), None) if isinstance(kind, list) else kind
    plain = "$ref" not in schema and "anyOf" not in schema and "enum" not in schema and "const" not in schema
    nullable = isinstance(schema.get("type"), list)
    return plain and not nullable and (kind == "object" or kind is None) and "properties" in schema


def _enum_values(schema: dict[str, Any]) -> list[Any] | None:
    if "enum" in schema:
        return list(schema["enum"])
    if "const" in schema and not isinstance(schema["const"], (dict, list)):
        return [schema["const"]]
    return None


def _member_words(values: list[Any]) -> list[Words]:
    """Each enum value's words. A value whose words repeat an earlier value's (`a_b` after `a-b`: separators
    are dropped) has every symbol spelled out (a·underscore·b) when that tells it apart; values that differ only
    in case stay alike, and the targets number them."""
    chosen: list[Words] = []
    for value in values:
        words = identifier_words(_member_text(value), "empty")
        if words in chosen:
            spelled = identifier_words(_member_text(value), "empty", every_symbol=True)
            words = spelled if spelled not in chosen else words
        chosen.append(words)
    return chosen


def _member_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        text = repr(value).replace("-", "minus ").replace(".", " point ").replace("+", " ")
        return "value " + text if not text.startswith("minus") else text
    return str(value)


def _enum_base(values: list[Any]) -> str:
    if values and all(isinstance(v, str) for v in values):
        return "string"
    if values and all(isinstance(v, bool) for v in values):
        return "boolean"
    if values and all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        return "integer"
    if values and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
        return "number"
    return "mixed"


def _mark_recursive(decls: list[ir.Decl]) -> list[ir.Decl]:
    """Flag every declaration that can reach itself, so targets know where indirection is needed."""
    edges = {decl.name: set(ir.decl_references(decl)) for decl in decls}

    def reaches_self(start: Words) -> bool:
        seen: set[Words] = set()
        stack = list(edges.get(start, ()))
        while stack:
            current = stack.pop()
            if current == start:
                return True
            if current not in seen:
                seen.add(current)
                stack.extend(edges.get(current, ()))
        return False

    marked: list[ir.Decl] = []
    for decl in decls:
        if isinstance(decl, (ir.StructDecl, ir.AliasDecl)) and reaches_self(decl.name):
            decl = type(decl)(**{**decl.__dict__, "recursive": True})
        marked.append(decl)
    return marked


def build_tool(file: str, spec: ToolSpec, document: LocatedDocument) -> ir.Tool:
    """The intermediate model of one valid spec: `spec` is its validated form (or any object with `ToolSpec`'s
    attributes), `document` the located YAML it came from, `file` its path as the user named it."""
    return _ToolBuilder(file, spec, document).build()


def build_tools(loaded: list[LoadedSpec]) -> list[ir.Tool]:
    """The intermediate model of every loaded spec, in the order given (path order)."""
    return [build_tool(item.file, item.spec, item.document) for item in loaded]
