"""The Java type of each IR type, and the imports the types of a file need.

Every Java type here is a reference type, so optional and nullable values are plain `null` (`JsonNullable<T>` where
null differs from absent: view.py). Java has no type aliases and no typed unions (docs/decisions.md, "Real tools").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...model import ir
from ...model.naming import Words

# Where each simple type name the generated code may use comes from; only the names a file uses are imported.
IMPORTS = {
    "JsonAnyGetter": "com.fasterxml.jackson.annotation.JsonAnyGetter",
    "JsonAnySetter": "com.fasterxml.jackson.annotation.JsonAnySetter",
    "JsonInclude": "com.fasterxml.jackson.annotation.JsonInclude",
    "JsonProperty": "com.fasterxml.jackson.annotation.JsonProperty",
    "JsonNode": "com.fasterxml.jackson.databind.JsonNode",
    "ToolDefer": "com.github.copilot.rpc.ToolDefer",
    "ToolDefinition": "com.github.copilot.rpc.ToolDefinition",
    "ToolHandler": "com.github.copilot.rpc.ToolHandler",
    "ToolInvocation": "com.github.copilot.rpc.ToolInvocation",
    "List": "java.util.List",
    "Map": "java.util.Map",
}

SCALAR_TYPES = {"string": "String", "integer": "Long", "number": "Double", "boolean": "Boolean"}

# Enums of other bases are typed as their scalar: Jackson reads a JSON number into an enum by ordinal, and cannot
# read a JSON boolean into an enum at all, so only string enums become Java enums.
NON_STRING_ENUM_TYPES = {
    "integer": "Long",
    "number": "Double",
    "boolean": "Boolean",
    "mixed": "JsonNode",
}

TypeMapper = Callable[[Any, "Types"], str]

# One entry per `ir.TYPE_KINDS` kind (a test checks the coverage).
TYPE_MAP: dict[str, TypeMapper] = {
    "any": lambda t, types: types.use("JsonNode"),
    "union": lambda t, types: types.use("JsonNode"),  # no typed unions in Java (docs/decisions.md, "Real tools")
    "scalar": lambda t, types: SCALAR_TYPES[t.scalar],
    "null": lambda t, types: "Object",  # only null is valid: Java has no null type
    "array": lambda t, types: f"{types.use('List')}<{types.java(t.items)}>",
    "map": lambda t, types: f"{types.use('Map')}<String, {types.java(t.values)}>",
    "named": lambda t, types: types.named(t.name),
    "nullable": lambda t, types: types.java(t.inner),
}


def is_java_enum(decl: ir.Decl) -> bool:
    return isinstance(decl, ir.EnumDecl) and decl.base == "string"


class Types:
    """Java type expressions for one tool's IR types; records which imports they need."""

    def __init__(self, tool: ir.Tool, nested_names: Mapping[Words, str]):
        self.tool = tool
        self.nested_names = nested_names
        self.imports: set[str] = set()
        self._resolving: set[Words] = set()

    def use(self, simple_name: str) -> str:
        self.imports.add(simple_name)
        return simple_name

    def java(self, type_ref: ir.TypeRef) -> str:
        return TYPE_MAP[type_ref.kind](type_ref, self)

    def named(self, name: Words) -> str:
        decl = self.tool.decl(name)
        if isinstance(decl, ir.AliasDecl):
            # Java has no type aliases: use the target type. A cycle through aliases only (a list of itself)
            # has no finite Java type, so the cycle point is an untyped JSON value.
            if name in self._resolving:
                return self.use("JsonNode")
            self._resolving.add(name)
            try:
                return self.java(decl.target)
            finally:
                self._resolving.discard(name)
        if isinstance(decl, ir.EnumDecl) and not is_java_enum(decl):
            type_name = NON_STRING_ENUM_TYPES[decl.base]
            return self.use(type_name) if type_name in IMPORTS else type_name
        return self.nested_names[name]

    def enum_values(self, type_ref: ir.TypeRef) -> list[Any] | None:
        """The allowed values when `type_ref` is (a nullable or alias of) an enum that is not a Java enum."""
        seen: set[Words] = set()
        while True:
            if isinstance(type_ref, ir.NullableType):
                type_ref = type_ref.inner
            elif isinstance(type_ref, ir.NamedType) and type_ref.name not in seen:
                seen.add(type_ref.name)
                decl = self.tool.decl(type_ref.name)
                if isinstance(decl, ir.AliasDecl):
                    type_ref = decl.target
                elif isinstance(decl, ir.EnumDecl) and not is_java_enum(decl):
                    return [member.value for member in decl.members]
                else:
                    return None
            else:
                return None

    def imported(self) -> list[str]:
        """The import lines' qualified names, sorted."""
        return sorted(IMPORTS[name] for name in self.imports)
