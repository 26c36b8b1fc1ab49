"""The Python names of a generated package: each tool's module, its classes, aliases, schema constant and factory
(unique across the package, whose `__init__` imports them all into one namespace), and each model's field names.
Every rename is reported as a located warning.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...model import ir
from ...model.naming import WINDOWS_RESERVED_FILE_STEMS, Words, pascal, screaming_snake, snake, unique_identifiers
from ...review.warning_codes import RENAMED
from ..base import Reporter
from .syntax import KEYWORDS, field_identifier

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

# What `__init__.py` defines or uses besides the tools' names; no tool declaration may take them.
FOLDER_NAMES = frozenset(
    {"ToolHandlers", "all_tools", "dataclasses", "Tool", "list", "importlib", "TYPE_CHECKING", "Any", "_MODULE_OF"}
)
# A submodule is an attribute of its package, so a tool module named like one of these would replace it in
# `__init__.py` (`list` the builtin, `all_tools` the function, `importlib` its lazy import); module names are compared case-folded, so the
# class names are left out (`tool.py` does not shadow `Tool`).
FOLDER_MODULE_NAMES = frozenset({"all_tools", "dataclasses", "list", "importlib"})


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
                    RENAMED,
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
                    RENAMED,
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
                RENAMED,
            )
        first_owner.setdefault(name, item.wire_name)
    return chosen
