"""The Rust target: one module per tool for the `github-copilot-sdk` crate, plus a `mod.rs` that declares them.

Each tool module has a serde parameters struct (nested structs, enums and `$defs` as their own types), the
spec's schema embedded as a raw string and sent unchanged as the wire `parameters`, and a factory
`<tool>_tool(handler)` that takes a typed async handler and returns the SDK's `Tool` with every option set
through its builder. `view` gives the templates names, types, literals and doc lines; `templates/rust/` spells the
code, and `layout`'s rules break its lines where rustfmt does, so the output is already what
`rustfmt --edition 2024` prints.

The generated folder needs `github-copilot-sdk` (default features off are enough), `serde` with `derive`,
`serde_json` and `async-trait` in the crate that includes it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import ConfigError, Diagnostic
from ...model import ir
from ..base import PlannedFile, Reporter, Target
from .layout import MACROS, STYLE
from .names import ToolNames, plan_tool_names
from .view import folder_context, tool_context


def index_file(options: Mapping[str, Any]) -> str:
    """The `layout` option: "mod.rs" (the folder is a module of the including crate) or "lib.rs" (the folder is a
    crate's `src/`). The content is the same for both: `pub mod x;` finds `x.rs` beside either file, and the
    tool modules never name each other or the crate root."""
    layout = options.get("layout", "mod.rs")
    if layout not in ("mod.rs", "lib.rs"):  # codegen.config.settings reports it, located, before rendering
        raise ConfigError([Diagnostic("<options>", 1, 1, f'rust.layout: {layout!r} is not "mod.rs" or "lib.rs"')])
    return str(layout)


class RustTarget(Target):
    name = "rust"
    order = 6
    label = "Rust"
    comment_prefix = "//"
    formatter = "rustfmt"  # run only over custom templates' output (Target.formatter)
    layout_style = STYLE

    def layout_macros(self) -> Mapping[str, Any]:
        return MACROS

    def header_comment(self, text: str) -> str:
        # rustfmt rejects trailing whitespace, even in a comment.
        return f"// {text}".rstrip()

    def name_folder(self, tools: list[ir.Tool], options: Mapping[str, Any], report: Reporter) -> list[ToolNames]:
        return plan_tool_names(tools, report)

    def tool_file(
        self, tool: ir.Tool, names: ToolNames, options: Mapping[str, Any], report: Reporter
    ) -> PlannedFile:
        return PlannedFile(f"{names.file_stem}.rs", "tool.rs.j2", tool_context(tool, names, report))

    def folder_files(
        self,
        tools: list[ir.Tool],
        names: list[ToolNames],
        facts: list[Mapping[str, Any]],
        options: Mapping[str, Any],
        report: Reporter,
    ) -> list[PlannedFile]:
        return [PlannedFile(index_file(options), "mod.rs.j2", folder_context(names, tools))]


TARGET = RustTarget()
