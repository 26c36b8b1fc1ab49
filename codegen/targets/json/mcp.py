"""A tool as the Copilot wire declares it, and as an entry of an MCP `tools/list` result (the json target's
`tools/list.json`)."""

from __future__ import annotations

from typing import Any

from ...model import ir
from ..sdks import carries

META_KEY = "toolgen/copilot"  # the MCP `_meta` key (a prefix, then a name) holding the Copilot-only options


def options_on_the_wire(options: ir.Options) -> dict[str, Any]:
    """Each option that differs from its default, spelled as on the wire, in the protocol's field order."""
    wire: dict[str, Any] = {}
    if options.overrides_built_in_tool:
        wire["overridesBuiltInTool"] = True
    if options.skip_permission:
        wire["skipPermission"] = True
    if options.defer is not None:
        wire["defer"] = options.defer
    if options.is_terminal:
        wire["isTerminal"] = True
    if options.metadata:
        wire["metadata"] = options.metadata
    if options.namespace is not None and carries("json", "namespace", {}):
        namespace = options.namespace
        wire["namespace"] = {"name": namespace.name} | (
            {"description": namespace.description} if namespace.description is not None else {}
        )
    return wire


def wire_title(options: ir.Options) -> str | None:
    """The tool's `title`, where the wire (and MCP) carries it (codegen.targets.sdks); else None."""
    return options.title if carries("json", "title", {}) else None


def mcp_tool(tool: ir.Tool) -> dict[str, Any]:
    """The tool as an entry of an MCP `tools/list` result. MCP requires an `inputSchema` (an object schema), so a
    tool without parameters declares `{"type": "object"}`; MCP has no field for the Copilot options, so they go
    under `_meta`, as the Copilot wire spells them; `title` is MCP's own."""
    entry: dict[str, Any] = {"name": tool.name}
    title = wire_title(tool.options)
    if title is not None:
        entry["title"] = title
    entry |= {
        "description": tool.description,
        "inputSchema": tool.wire_parameters if tool.wire_parameters is not None else {"type": "object"},
    }
    options = options_on_the_wire(tool.options)
    if options:
        entry["_meta"] = {META_KEY: options}
    return entry
