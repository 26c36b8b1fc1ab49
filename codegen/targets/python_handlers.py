"""The Python package's one call that builds every tool: `ToolHandlers` and `all_tools` in `__init__.py`.

`ToolHandlers` is a frozen, keyword-only dataclass with one required field per tool, typed as that tool's
handler alias, so a value that leaves one out is an error under `mypy --strict` (and a TypeError when it runs).
The template writes both declarations; this module decides only the field names and lays out the lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # python.py imports this module
    from .python import Layout, ToolNames

# What `__init__.py` defines or uses besides the tools' names; no tool declaration may take them.
FOLDER_NAMES = frozenset({"ToolHandlers", "all_tools", "dataclasses", "Tool", "list"})
# A submodule is an attribute of its package, so a tool module named like one of these would replace it in
# `__init__.py` (`list` the builtin, `all_tools` the function); module names are compared case-folded, so the
# class names are left out (`tool.py` does not shadow `Tool`).
FOLDER_MODULE_NAMES = frozenset({"all_tools", "dataclasses", "list"})


def handlers_context(names: Sequence[ToolNames], layout: Layout) -> dict[str, Any]:
    """The `ToolHandlers` fields and the `all_tools` return statement, in spec order.

    Each field is named after the tool's module (a unique, non-keyword snake_case name)."""
    fields = [line for item in names for line in layout.lines(f"{item.module}: {item.handler}", 1)]
    calls = ", ".join(f"{item.factory}(handlers.{item.module})" for item in names)
    return {
        "handler_fields": fields,
        "return_lines": layout.lines(f"return [{calls}]", 1),
    }
