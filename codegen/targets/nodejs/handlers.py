"""The TypeScript folder's one call that builds every tool: `ToolHandlers` and `allTools` in `index.ts`.

`ToolHandlers` is an interface with one required member per tool, typed as that tool's handler, so an object
literal that leaves one out does not compile; `allTools` returns `Tool<any>[]`, the type of
`SessionConfig.tools`. The template writes both declarations; this module decides the member names, the imports
and where prettier breaks a line that does not fit (the only two shapes these lines can take).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...model import ir
from ...model.naming import camel, unique_identifiers
from .prettier import format_statement
from ...layout.doc import PRINT_WIDTH
from .syntax import ImportDecl

if TYPE_CHECKING:  # nodejs.py imports this module
    from .target import _ToolNames

# What index.ts declares; no tool's exported identifier may take them (index.ts re-exports those).
FOLDER_NAMES = frozenset({"ToolHandlers", "allTools"})
# Member names are property keys, so keywords are fine, except that tree-sitter's TypeScript grammar (which every
# generated file must parse with) reads a member `abstract: …` as a modifier; tsc accepts it.
MEMBER_RESERVED = frozenset({"abstract"})
UNTYPED_HANDLER = "(invocation: ToolInvocation) => Promise<unknown> | unknown"


def _member(tool: ir.Tool, name: str, params: str | None) -> dict[str, Any]:
    """A member of the interface; a type reference with one simple argument never breaks, the function type of a
    tool without parameters does where `name: (invocation: …) => …;` is too long."""
    fits = params is not None or len(f"  {name}: {UNTYPED_HANDLER};") <= PRINT_WIDTH
    return {"tool": tool.name, "name": name, "params": params, "fits": fits}


def _call(factory: str, member: str) -> dict[str, Any]:
    """An element of the returned array, `factory(handlers.member) as Tool<any>,`, and whether it fits one line.

    Each element is widened to `Tool<any>` so that tsc never forms the union of every tool's type: with the
    ~1 400 tools the real-SDK harness builds (the real-world corpus), reducing that union fails with TS2590
    ("union type that is too complex to represent")."""
    fits = len(f"    {factory}(handlers.{member}) as Tool<any>,") <= PRINT_WIDTH
    return {"factory": factory, "member": member, "fits": fits}


def handlers_context(tools: Sequence[ir.Tool], names: Sequence[_ToolNames], extension: str) -> dict[str, Any]:
    """The imports of index.ts and the members and calls of `ToolHandlers` and `allTools`, in spec order.

    Each member is the tool's name in camelCase (a property key, so keywords are fine), made unique."""
    members, _ = unique_identifiers([camel(tool.words) for tool in tools], MEMBER_RESERVED)
    params = [n.decls.types[t.params] if t.params is not None else None for t, n in zip(tools, names)]
    sdk_types = ["Tool"]
    if any(p is not None for p in params):
        sdk_types.append("ToolHandler")
    if any(p is None for p in params):
        sdk_types.append("ToolInvocation")
    imports = [ImportDecl([(name, True) for name in sdk_types], "@github/copilot-sdk")]
    for tool_names, param in zip(names, params):
        specifiers = [(tool_names.factory, False)] + ([(param, True)] if param else [])
        imports.append(ImportDecl(specifiers, f"./{tool_names.file}{extension}"))
    return {
        "imports": [format_statement(statement) for statement in imports],
        "members": [_member(tool, member, param) for tool, member, param in zip(tools, members, params)],
        "calls": (calls := [_call(n.factory, member) for n, member in zip(names, members)]),
        "calls_on_one_line": _calls_on_one_line(calls),
    }


def _calls_on_one_line(calls: Sequence[dict[str, Any]]) -> bool:
    """Whether prettier prints the returned array on one line: when all of it fits."""
    elements = ", ".join(f"{call['factory']}(handlers.{call['member']}) as Tool<any>" for call in calls)
    return len(f"  return [{elements}];") <= PRINT_WIDTH
