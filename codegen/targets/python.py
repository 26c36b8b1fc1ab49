"""The Python target: one module per tool (pydantic v2 models, the spec's schema, a factory) and a package
`__init__.py` that re-exports every tool's public names with relative imports.

The factory builds the tool with the SDK's `define_tool(..., params_type=Model)`, so the SDK itself validates
the arguments into the model and turns validation errors into failure results, then swaps in the spec's own
schema with `dataclasses.replace`: the schema pydantic derives from a model (titles, `anyOf` nulls) is not the
spec's. Every identifier, literal and import is decided here; templates/python/ only loops and interpolates.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .. import ir
from ..errors import ConfigError, Diagnostic
from ..naming import (
    WINDOWS_RESERVED_FILE_STEMS,
    Words,
    pascal,
    screaming_snake,
    snake,
    unique_identifiers,
)
from ..cachestore import installed_version
from . import python_layout
from .base import PlannedFile, Reporter, Target
from .python_handlers import FOLDER_MODULE_NAMES, FOLDER_NAMES, handlers_context
from .python_layout import Raw
from .python_unions import discriminator
from .python_syntax import (
    KEYWORDS,
    PYDANTIC_PROTECTED_PREFIX,
    comment,
    docstring,
    field_identifier,
    py_literal,
    py_str,
)

# Modules a generated tool module imports. A tool module of the same name would shadow them when the folder is
# on sys.path (a script run from inside it), and a keyword cannot be imported at all.
RESERVED_MODULE_NAMES = frozenset(
    {
        "__future__",
        "collections",
        "copilot",
        "copy",
        "dataclasses",
        "pydantic",
        "typing",
        "typing_extensions",
    }
)
# Names every tool module may import; a generated declaration must not reuse them.
IMPORTED_NAMES = frozenset(
    {
        "annotations",
        "copy",
        "dataclasses",
        "Awaitable",
        "Callable",
        "Any",
        "Literal",
        "Annotated",
        "TypeAlias",
        "TypeAliasType",
        "BaseModel",
        "ConfigDict",
        "Field",
        "Tool",
        "ToolInvocation",
        "define_tool",
    }
)

# The context key that says the template's output is already black's (see PythonTarget.format_all).
BLACK_EXACT = "black_exact"

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
        told apart by one constant property is discriminated by it (python_unions)."""
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
    members, depth, start, quote, escaped = [], 0, 0, "", False
    for index, char in enumerate(annotation):
        if quote:  # inside a string literal (a Literal member): brackets and bars there are text
            escaped, quote = (not escaped and char == "\\"), ("" if char == quote and not escaped else quote)
            continue
        if char in "\"'":
            quote = char
        depth += 1 if char in "[(" else -1 if char in "])" else 0
        if depth == 0 and annotation.startswith(" | ", index):
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


def literal_type(members: Sequence[ir.EnumMember]) -> str:
    """`Literal[...]` for an enum. `Literal` cannot hold floats, so an enum with a non-integral number widens
    its numeric members to `float` (the wire schema keeps the exact values)."""
    values = [member.value for member in members]
    has_float = any(isinstance(value, float) for value in values)
    if has_float:
        values = [value for value in values if isinstance(value, (str, bool))]
    parts = [f"Literal[{', '.join(py_literal(value) for value in values)}]"] if values else []
    if has_float:
        parts.append("float")
    return " | ".join(parts) or "Literal[None]"


# -- names ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ToolNames:
    """The Python names chosen for one tool (all unique across the generated package)."""

    module: str
    decls: dict[Words, str]
    handler: str
    schema: str | None
    factory: str

    @property
    def exported(self) -> list[str]:
        names = list(self.decls.values()) + [self.handler]
        return names + ([self.schema] if self.schema else []) + [self.factory]


class PackageNamer:
    """Chooses module and top-level names for every tool, package-wide, reporting each rename.

    The package `__init__` imports every public name into one namespace, so a class of one tool must not reuse a
    name of another tool, a module name, or a name a tool module imports.
    """

    def __init__(self, report: Reporter):
        self.report = report
        # name -> what already uses it, for the warning when a later name has to change
        self.owners: dict[str, str] = {
            name: "a name the generated modules import" for name in IMPORTED_NAMES
        }
        self.owners.update({name: "a Python keyword" for name in KEYWORDS})
        self.owners.update({name: "a name the package __init__ defines" for name in FOLDER_NAMES})

    def name_tools(self, tools: Sequence[ir.Tool]) -> list[ToolNames]:
        modules = self._module_names(tools)
        return [self._tool_names(tool, module) for tool, module in zip(tools, modules)]

    def _module_names(self, tools: Sequence[ir.Tool]) -> list[str]:
        candidates = [snake(tool.words) for tool in tools]
        candidates = [
            f"{name}_" if name in KEYWORDS or name in RESERVED_MODULE_NAMES | FOLDER_MODULE_NAMES else name
            for name in candidates
        ]
        # casefold: two modules that differ only in case would overwrite each other on macOS and Windows.
        chosen, renamed = unique_identifiers(
            candidates,
            RESERVED_MODULE_NAMES | KEYWORDS | WINDOWS_RESERVED_FILE_STEMS | FOLDER_MODULE_NAMES,
            casefold=True,
        )
        renames = {item.chosen: item for item in renamed}
        for tool, name in zip(tools, chosen):
            if name in renames:
                self.report.warn(
                    tool.source,
                    tool.line,
                    tool.column,
                    f"python: module name {renames[name].original} is already used by another tool; "
                    f"this tool's module is {name}.py",
                )
            self.owners[name] = f"the module of tool {tool.name!r}"
        return chosen

    def _tool_names(self, tool: ir.Tool, module: str) -> ToolNames:
        wanted = [(_decl_kind(decl), pascal(decl.name)) for decl in tool.decls]
        wanted.append(("handler type", pascal(tool.words + ("handler",))))
        if tool.params is not None:
            wanted.append(("schema constant", screaming_snake(tool.words + ("schema",))))
        wanted.append(("factory", snake(tool.words + ("tool",))))
        candidates = [name for _, name in wanted]
        chosen, renamed = unique_identifiers(candidates, self.owners.keys())
        renames = {item.chosen: item for item in renamed}
        for (kind, _), name in zip(wanted, chosen):
            if name in renames:
                original = renames[name].original
                owner = self.owners.get(original, f"another declaration of tool {tool.name!r}")
                self.report.warn(
                    tool.source,
                    tool.line,
                    tool.column,
                    f"python: {kind} name {original} is taken by {owner}; renamed to {name}",
                )
        for (kind, _), name in zip(wanted, chosen):
            self.owners[name] = f"the {kind} of tool {tool.name!r}"
        position = iter(chosen)
        decls = {decl.name: next(position) for decl in tool.decls}
        handler = next(position)
        schema = next(position) if tool.params is not None else None
        return ToolNames(module, decls, handler, schema, next(position))


def _decl_kind(decl: ir.Decl) -> str:
    return "class" if isinstance(decl, ir.StructDecl) else "type alias"


def field_names(tool: ir.Tool, struct: ir.StructDecl, report: Reporter) -> list[str]:
    """The attribute name of each field: snake_case, escaped, made unique within the model (renames reported)."""
    candidates = [field_identifier(snake(item.words)) for item in struct.fields]
    chosen, renamed = unique_identifiers(candidates, separator="_")
    renames = {item.chosen: item for item in renamed}
    first_owner: dict[str, str] = {}
    for item, name in zip(struct.fields, chosen):
        if name in renames:
            original = renames[name].original
            report.warn(
                tool.source,
                item.line,
                item.column,
                f"python: property {item.wire_name!r} would be field {original}, like property "
                f"{first_owner[original]!r}; renamed to {name}",
            )
        first_owner.setdefault(name, item.wire_name)
    return chosen


# -- declarations -----------------------------------------------------------------------------------


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


def needs_rebuild(decls: Sequence[ir.Decl]) -> set[Words]:
    """Structs that are recursive or use a recursive declaration: pydantic can only complete them once every
    class of the cycle exists, so the module calls `model_rebuild()` on them at its end."""
    by_name = {decl.name: decl for decl in decls}
    recursive = {decl.name for decl in decls if getattr(decl, "recursive", False)}

    def reaches_recursive(start: Words) -> bool:
        seen, stack = set(), [start]
        while stack:
            current = stack.pop()
            if current in recursive:
                return True
            if current not in seen:
                seen.add(current)
                stack.extend(ir.decl_references(by_name[current]))
        return False

    return {
        decl.name
        for decl in decls
        if isinstance(decl, ir.StructDecl) and reaches_recursive(decl.name)
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

    def sections(self) -> list[list[str]]:
        """Statements per section (each fits one line: the names a tool module imports are few and short)."""
        sections = []
        for modules in self.SECTIONS:
            plain = [f"import {module}" for module in modules if module in self.modules]
            froms = [
                f"from {module} import {', '.join(sorted(self.names[module], key=_isort_key))}"
                for module in modules
                if module in self.names
            ]
            if plain or froms:
                sections.append(plain + froms)
        return sections


def _isort_key(name: str) -> tuple[int, str]:
    """isort's default `force_sort_within_sections=False` order: CONSTANTS, Classes, functions."""
    kind = 0 if name.isupper() else 1 if name[:1].isupper() else 2
    return kind, name


# A comma before a closing bracket (a "magic trailing comma" makes black split even a line that fits), or a
# newline; a match inside a string literal only costs the general layout.
_MAYBE_MAGIC_COMMA = re.compile(r",\s*[)\]}]|\n")


class Layout:
    """Lays statements out as black would print them, and remembers whether every one was laid out exactly."""

    def __init__(self) -> None:
        self.exact = True

    def lines(self, statement: str, depth: int = 0) -> list[str]:
        """The physical lines of `statement` (flat, canonically spaced) indented to `depth`."""
        indented = "    " * depth + statement
        if statement.isascii() and len(indented) <= python_layout.LINE_LENGTH and not _MAYBE_MAGIC_COMMA.search(statement):
            # black leaves a canonically spaced line that fits alone unless a trailing comma forces it open; most
            # statements are such lines, and the general layout costs ~0.3 ms each (tests/test_python_layout.py
            # checks both ways agree on every statement of the corpus)
            return [indented]
        if not statement.isascii() and not python_layout.width_is_exact():
            # black's width table was not found: the widths of other characters are a guess
            self.exact = False
        try:
            return python_layout.layout(statement, depth)
        except python_layout.Unsupported:
            # black formats this file (never expected for the built-in templates)
            self.exact = False
            return ["    " * depth + statement]

    def literal_assignment(self, target: str, value: Any, depth: int = 0) -> list[str]:
        """`target = value` for a JSON value, laid out from the value itself (python_layout.assignment_lines)
        when it is a list or dict, else like `lines`."""
        statement, laid_out = python_layout.assignment_lines(target, value, depth)
        return self._fast(statement, laid_out, depth)

    def call(
        self,
        head: str,
        callee: str,
        opening: str,
        arguments: Sequence[tuple[str, Any]],
        depth: int = 0,
        magic_trailing_comma: bool = False,
    ) -> list[str]:
        """`head callee(arguments)` from its parts (python_layout.call_lines): each argument is (prefix, JSON
        value or python_layout.Raw text); the same lines as `lines` of the flat statement."""
        statement, laid_out = python_layout.call_lines(
            head, callee, opening, arguments, depth, magic_trailing_comma
        )
        return self._fast(statement, laid_out, depth)

    def _fast(self, statement: str, laid_out: list[str] | None, depth: int) -> list[str]:
        if laid_out is None or not (statement.isascii() or python_layout.width_is_exact()):
            # declined, or the widths are a guess: the general layout decides (and marks inexact output)
            return self.lines(statement, depth)
        return laid_out

    def sequence(self, head: str, items: Sequence[str], opening: str, closing: str) -> list[str]:
        """`head` followed by a flat comma-separated sequence: `from .m import A, B` (`opening` "(", which the
        flat form leaves out) or `NAME = [A, B]`. The package `__init__` has one per tool and a list of every name,
        so it takes this shortcut past the general layout: black keeps such a statement on one line when it fits,
        and otherwise puts every item on its own line with a trailing comma (an import, and a collection literal
        split at its commas, are always exploded; tests/test_python_layout.py compares both ways)."""
        bracketed = opening == "["
        flat = f"{head}{opening if bracketed else ''}{', '.join(items)}{closing if bracketed else ''}"
        if not flat.isascii():
            return self.lines(flat)
        if len(flat) <= python_layout.LINE_LENGTH:
            return [flat]
        return [f"{head}{opening}", *[f"    {item}," for item in items], closing]


def blank_lines_between(previous: str, current: str) -> str:
    """The blank lines black puts between two top-level items: two around a class or def, else one."""
    return "\n\n" if "block" in (previous, current) else "\n"


class ModuleBuilder:
    """The view model of one tool module: every statement already laid out the way black prints it."""

    def __init__(self, tool: ir.Tool, names: ToolNames, report: Reporter):
        self.tool = tool
        self.names = names
        self.report = report
        self.imports = Imports()
        self.types = TypeWriter(names.decls, tool.decls, self.imports)
        self.imports.add("collections.abc", "Awaitable", "Callable")
        self.imports.add("typing", "Any", "TypeAlias")
        self.imports.add("copilot", "Tool", "ToolInvocation", "define_tool")
        self.layout = Layout()

    def build(self) -> dict[str, Any]:
        ordered = dependency_order(self.tool.decls)
        rebuild = needs_rebuild(self.tool.decls)
        declarations = [self._declaration(decl) for decl in ordered]
        previous = "imports"
        for item in declarations:
            item["gap"] = blank_lines_between(previous, item["item"])
            previous = item["item"]
        rebuilds = [
            line
            for decl in ordered
            if decl.name in rebuild
            for line in self.layout.lines(f"{self.names.decls[decl.name]}.model_rebuild()")
        ]
        rebuilds_gap = blank_lines_between(previous, "statement")
        previous = "statement" if rebuilds else previous
        schema = self._schema()
        if schema is not None:
            schema["gap"] = blank_lines_between(previous, "statement")
            previous = "statement"
        handler = self._handler()
        handler["gap"] = blank_lines_between(previous, "statement")
        context = {
            "header": comment(f"Code generated by toolgen from {self.tool.source}. DO NOT EDIT."),
            "module_doc": docstring(f"The `{self.tool.name}` tool for the GitHub Copilot SDK.", 0),
            "declarations": declarations,
            "rebuilds": rebuilds,
            "rebuilds_gap": rebuilds_gap,
            "schema": schema,
            "handler": handler,
            "factory": self._factory(),
        }
        context["options"] = context["factory"].pop("options")
        context["import_sections"] = [
            [line for statement in section for line in self.layout.lines(statement)]
            for section in self.imports.sections()
        ]
        context[BLACK_EXACT] = self.layout.exact
        return context

    # -- declarations -------------------------------------------------------------------------------

    def _declaration(self, decl: ir.Decl) -> dict[str, Any]:
        if isinstance(decl, ir.StructDecl):
            return self._model(decl)
        if isinstance(decl, ir.EnumDecl):
            self.imports.add("typing", "Literal")
            values = [member.value for member in decl.members]
            plain = values and not any(isinstance(value, float) for value in values)
            return self._alias(
                decl.name,
                decl.description,
                literal_type(decl.members),
                recursive=False,
                literal_values=values if plain else None,
            )
        return self._alias(
            decl.name, decl.description, self.types.render(decl.target), decl.recursive
        )

    def _alias(
        self,
        name: Words,
        description: str | None,
        value: str,
        recursive: bool,
        literal_values: list[Any] | None = None,
    ) -> dict[str, Any]:
        """A type alias; `literal_values` are the members when `value` is exactly `Literal[...]` of them."""
        python_name = self.names.decls[name]
        if recursive:
            # A recursive alias names itself before it exists: TypeAliasType takes its value as a string.
            self.imports.add("typing_extensions", "TypeAliasType")
            arguments = [("", python_name), ("", value)]
            lines = self.layout.call(f"{python_name} = ", "TypeAliasType", "(", arguments)
        elif literal_values is not None:
            arguments = [("", item) for item in literal_values]
            lines = self.layout.call(f"{python_name}: TypeAlias = ", "Literal", "[", arguments)
        else:
            lines = self.layout.lines(f"{python_name}: TypeAlias = {value}")
        if description:
            # an attribute docstring: black does not normalize these
            lines.append(docstring(description))
        return {"kind": "alias", "item": "statement", "name": python_name, "lines": lines}

    def _model(self, struct: ir.StructDecl) -> dict[str, Any]:
        self.imports.add("pydantic", "BaseModel")
        names = field_names(self.tool, struct, self.report)
        fields = [self._field(item, name) for item, name in zip(struct.fields, names)]
        config = []
        if any(item.wire_name != name for item, name in zip(struct.fields, names)):
            # construct by attribute name as well as by wire name
            config.append("populate_by_name=True")
        extra_values = None
        if struct.additional == "closed":
            config.append('extra="forbid"')
        elif struct.additional != "open":
            config.append('extra="allow"')
            extra_values = f"dict[str, {self.types.render(struct.additional)}]"
            self.imports.add("pydantic", "Field")
        if any(name.startswith(PYDANTIC_PROTECTED_PREFIX) for name in names):
            config.append("protected_namespaces=()")
        if config:
            self.imports.add("pydantic", "ConfigDict")
        description = struct.description
        if description is None and struct.name == self.tool.params:
            description = f"Parameters of the {self.tool.name} tool."
        name = self.names.decls[struct.name]
        # The class body in groups separated by one blank line: docstring, config, extra values, fields.
        groups: list[list[str]] = []
        if description:
            groups.append(["    " + docstring(description, 1)])
        if config:
            options = [("", Raw(option)) for option in config]
            groups.append(self.layout.call("model_config = ", "ConfigDict", "(", options, 1))
        if extra_values:
            extra = f"__pydantic_extra__: {extra_values} = "
            groups.append(self.layout.call(extra, "Field", "(", [("init=", False)], 1))
        field_lines = [line for item in fields for line in item["lines"]]
        if field_lines:
            groups.append(field_lines)
        body = [line for index, group in enumerate(groups) for line in [""][:index] + group]
        return {
            "kind": "model",
            "item": "block",
            "name": name,
            "header": self.layout.lines(f"class {name}(BaseModel):"),
            "body": body or ["    pass"],
            "fields": fields,
        }

    def _field(self, item: ir.Field, name: str) -> dict[str, Any]:
        annotation = self.types.render(item.type)
        # (prefix, JSON value) per argument of Field(...): python_layout lays the statement out from its parts
        parts: list[tuple[str, Any]] = []
        if not item.required:
            default = item.default if item.has_default else None
            if default is None:
                annotation = self.types.nullable(item.type)
            parts.append(("default=", default))
        if item.wire_name != name:
            parts.append(("alias=", item.wire_name))
        if item.description is not None:
            parts.append(("description=", item.description))
        if not item.required and self._default_needs_validation(item):
            # pydantic does not validate defaults: without this a default object would stay a dict.
            parts.append(("validate_default=", True))
        target = f"{name}: {annotation}"
        if len(parts) == 1 and parts[0][0] == "default=":
            value = py_literal(parts[0][1])
            lines = self.layout.literal_assignment(target, parts[0][1], 1)
        elif parts:
            self.imports.add("pydantic", "Field")
            value = f"Field({', '.join(prefix + py_literal(part) for prefix, part in parts)})"
            lines = self.layout.call(f"{target} = ", "Field", "(", parts, 1)
        else:
            value = None
            lines = self.layout.lines(target, 1)
        statement = target + (f" = {value}" if value else "")
        return {
            "name": name,
            "annotation": annotation,
            "value": value,
            "statement": statement,
            "lines": lines,
        }

    def _default_needs_validation(self, item: ir.Field) -> bool:
        if not isinstance(item.default, (dict, list)):
            return False
        pending = ir.type_references(item.type)
        seen: set[Words] = set()
        while pending:
            name = pending.pop()
            if name in seen:
                continue
            seen.add(name)
            decl = self.tool.decl(name)
            if isinstance(decl, ir.StructDecl):
                return True
            pending.extend(ir.decl_references(decl))
        return False

    # -- tool -------------------------------------------------------------------------------------

    def _schema(self) -> dict[str, Any] | None:
        if self.tool.wire_parameters is None:
            return None
        name = self.names.schema
        lines = self.layout.literal_assignment(f"{name}: dict[str, Any]", self.tool.wire_parameters)
        text = "\n".join(lines)
        broken = f"{name}: dict[\n    str, Any\n] = "
        annotation_breaks = text.startswith(broken)
        value = self._right_side(text, broken if annotation_breaks else f"{name}: dict[str, Any] = ")
        return {"name": name, "annotation_breaks": annotation_breaks, "value": value}

    def _right_side(self, text: str, left: str) -> str:
        """The laid-out value of `<left><value>`; a layout of another shape (never expected) is left to black."""
        if text.startswith(left):
            return text[len(left) :]
        self.layout.exact = False
        return text.split(" = ", 1)[1]

    def _params_class(self) -> str | None:
        return self.names.decls[self.tool.params] if self.tool.params is not None else None

    def _handler(self) -> dict[str, Any]:
        params = self._params_class()
        arguments = f"{params}, ToolInvocation" if params else "ToolInvocation"
        left = f"{self.names.handler}: TypeAlias = "
        lines = self.layout.call(
            left, "Callable", "[", [("", Raw(f"[{arguments}]")), ("", Raw("Any | Awaitable[Any]"))]
        )
        return {"name": self.names.handler, "value": self._right_side("\n".join(lines), left)}

    def _factory(self) -> dict[str, Any]:
        params = self._params_class()
        options = self.tool.options
        # (prefix, JSON value or Raw text): python_layout lays the call out from its parts; the template spells it,
        # with the one argument whose layout varies, `metadata`, taken from this layout
        parts: list[tuple[str, Any]] = [("", self.tool.name), ("description=", self.tool.description)]
        if params:
            parts += [("handler=", Raw("call")), ("params_type=", Raw(params))]
            self.imports.add_module("copy")
            self.imports.add_module("dataclasses")
        parts += [(prefix + "=", value) for prefix, value in _sdk_options(options)]
        if params:
            call_signature = f"def call(params: {params}, invocation: ToolInvocation) -> Any:"
            define_lines = self.layout.call("tool = ", "define_tool", "(", parts, 1, magic_trailing_comma=True)
            return_lines = self.layout.call(
                "return ",
                "dataclasses.replace",
                "(",
                [("", Raw("tool")), ("parameters=", Raw(f"copy.deepcopy({self.names.schema})"))],
                1,
            )
        else:
            call_signature = "def call(invocation: ToolInvocation) -> Any:"
            arguments = [prefix + (v.text if isinstance(v, Raw) else py_literal(v)) for prefix, v in parts]
            # The trailing comma keeps define_tool's arguments one per line, however short they are.
            define_lines = self.layout.lines(f"return define_tool({', '.join(arguments)},)(call)", 1)
            return_lines = []
        return {
            "name": self.names.factory,
            "signature": self.layout.lines(f"def {self.names.factory}(handler: {self.names.handler}) -> Tool:"),
            "docstring": docstring(self.tool.description, 1),
            "params": params,
            "call_signature": self.layout.lines(call_signature, 1),
            "tool_name": py_literal(self.tool.name),
            "description": py_literal(self.tool.description),
            "return_lines": return_lines,
            "options": {
                "is_terminal": options.is_terminal,
                "defer": py_literal(options.defer) if options.defer is not None else None,
                "skip_permission": options.skip_permission,
                "overrides_built_in_tool": options.overrides_built_in_tool,
                "metadata": _metadata(define_lines, options.metadata, self.layout) if options.metadata else None,
            },
        }


def _sdk_options(options: ir.Options) -> list[tuple[str, Any]]:
    """The options that differ from the SDK's defaults, as (keyword, value), in the order the template writes them."""
    found: list[tuple[str, Any]] = []
    if options.is_terminal:
        found.append(("is_terminal", True))
    if options.defer is not None:
        found.append(("defer", options.defer))
    if options.skip_permission:
        found.append(("skip_permission", True))
    if options.overrides_built_in_tool:
        found.append(("overrides_built_in_tool", True))
    if options.metadata:
        found.append(("metadata", options.metadata))
    return found


def _metadata(define_lines: list[str], metadata: Any, layout: Layout) -> str:
    """The `metadata=` argument's value as black lays it out in the exploded `define_tool(...)` call: its lines
    up to the call's closing bracket, where they stand (flat, and left to black, if the layout declined)."""
    prefix = "        metadata="
    starts = [index for index, line in enumerate(define_lines) if line.startswith(prefix)]
    if not starts:
        layout.exact = False
        return py_literal(metadata)
    return "\n".join(define_lines[starts[0] : -1])[len(prefix) : -1]


def package_context(names: Sequence[ToolNames]) -> dict[str, Any]:
    """The `__init__.py` view: every tool's public names, imported relatively (isort order) and in `__all__`."""
    modules = [
        {"module": item.module, "names": sorted(item.exported, key=_isort_key)}
        for item in sorted(names, key=lambda item: item.module)
    ]
    all_names = [
        py_str(name) for module in modules for name in module["names"]
    ] + [py_str("ToolHandlers"), py_str("all_tools")]
    layout = Layout()
    import_lines = [
        line
        for module in modules
        for line in layout.sequence(f"from .{module['module']} import ", module["names"], "(", ")")
    ]
    context = {
        "header": comment("Code generated by toolgen. DO NOT EDIT."),
        "module_doc": docstring(
            "GitHub Copilot SDK tools generated by toolgen, one module per tool spec.", 0
        ),
        "modules": modules,
        "all_names": all_names,
        "import_lines": import_lines,
        "all_lines": layout.sequence("__all__ = ", all_names, "[", "]"),
        **handlers_context(names, layout),
    }
    context[BLACK_EXACT] = layout.exact
    return context


def package_folder(options: Mapping[str, Any]) -> str:
    """The `package` option (`acme.tools`) as the folder the files go to (`acme/tools/`), so that `import
    acme.tools` works with the target folder on the import path; no option: the target folder is the package.
    The modules import each other relatively, so nothing else depends on the name. (codegen.config checks it.)"""
    package = options.get("package")
    if not package:
        return ""
    parts = str(package).split(".")
    if not all(part.isidentifier() for part in parts):  # also keeps every path inside the target folder
        raise ConfigError([Diagnostic("<options>", 1, 1, f"python.package: {package!r} is not a package name")])
    return "/".join(parts) + "/"


class PythonTarget(Target):
    name = "python"
    order = 2
    label = "Python"
    comment_prefix = "#"

    def name_folder(self, tools: list[ir.Tool], options: Mapping[str, Any], report: Reporter) -> list[ToolNames]:
        return PackageNamer(report).name_tools(tools)

    def tool_file(
        self, tool: ir.Tool, names: ToolNames, options: Mapping[str, Any], report: Reporter
    ) -> PlannedFile:
        return PlannedFile(
            f"{package_folder(options)}{names.module}.py",
            "tool.py.j2",
            ModuleBuilder(tool, names, report).build(),
        )

    def folder_files(
        self,
        tools: list[ir.Tool],
        names: list[ToolNames],
        facts: list[Mapping[str, Any]],
        options: Mapping[str, Any],
        report: Reporter,
    ) -> list[PlannedFile]:
        return [PlannedFile(f"{package_folder(options)}__init__.py", "__init__.py.j2", package_context(names))]

    def cache_identity(self) -> str:
        # black may shape the text (formatcache); read its version from metadata, not by importing it
        version = installed_version("black")
        return f"black {version}" if version else "black missing"

    def format(self, path: str, text: str) -> str:
        """black's output for any text (this is not known to come from the built-in templates)."""
        from ..formatcache import format_python

        return format_python([text])[0]

    def format_all(self, files: Sequence[tuple[PlannedFile, str]], custom_templates: bool = False) -> list[str]:
        """Each rendered file in black's format. The built-in templates already print black's format
        (python_layout), so their output is returned as is, and black runs (through toolgen's cache, imported only
        then) only for text that is not known to be black's: anything rendered while custom templates are in play,
        a statement the layout does not handle, or an installed black whose style the layout was not verified
        against."""
        trusted = not custom_templates and _layout_matches_installed_black()
        results: list[str | None] = [
            text if trusted and planned.context.get(BLACK_EXACT) else None for planned, text in files
        ]
        pending = [index for index, result in enumerate(results) if result is None]
        if pending:
            from ..formatcache import format_python

            for index, formatted in zip(pending, format_python([files[index][1] for index in pending])):
                results[index] = formatted
        return [result for result in results if result is not None]


# black majors whose stable style python_layout reproduces (tests/test_python_layout.py checks the installed
# one). black changes its stable style only in the first release of a year, so a major version names a style.
VERIFIED_BLACK_MAJORS = frozenset({"26"})


@functools.cache
def _layout_matches_installed_black() -> bool:
    """Whether the installed black (read from its metadata, without importing it) has the style python_layout
    reproduces. Without black there is nothing to disagree with: the layout stands."""
    version = installed_version("black")
    return version is None or version.split(".")[0] in VERIFIED_BLACK_MAJORS


TARGET = PythonTarget()
