"""Rust names: keywords escaped, each tool's module, factory and parameters type unique in the folder, type
names that fit rustdoc's pages, and serde's `rename` only where the Rust name is not the wire name."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ...model import ir
from ...model.naming import pascal, snake, unique_identifiers
from ...review.warning_codes import RENAMED
from ..base import Reporter
from .handlers import FOLDER_MODULE_NAMES, FOLDER_TYPE_NAMES
from .literals import string_literal

# Strict and reserved keywords of Rust 2024 (`gen` is reserved from 2024 on). Escaped as raw identifiers.
KEYWORDS = frozenset(
    """as async await break const continue crate dyn else enum extern false fn for if impl in let loop match mod
    move mut pub ref return self Self static struct super trait true type unsafe use where while abstract become
    box do final gen macro override priv try typeof unsized virtual yield""".split()
)
# Keywords that cannot be raw identifiers (`r#self` is an error); these get a trailing underscore instead.
NOT_RAW = frozenset({"crate", "self", "Self", "super", "_"})
# Type names a tool module already uses: its imports, its private handler, and the prelude types it writes.
TAKEN_TYPE_NAMES = frozenset(
    """Arc BTreeMap DeferMode Error Future Handler IndexMap Tool ToolHandler ToolInvocation ToolResult Box Fn Option
    Result Send String Sync Vec""".split()
)
# `mod.rs` is the folder's own file, and Windows cannot create files named after its devices (`aux.rs`).
TAKEN_MODULE_NAMES = frozenset(
    "mod con prn aux nul".split() + [f"{device}{n}" for device in ("com", "lpt") for n in range(10)]
)


def identifier(name: str) -> str:
    """A legal Rust identifier for `name`: keywords as raw identifiers, `self` & co. with a trailing `_`."""
    if name in NOT_RAW:
        return name + "_"
    if name in KEYWORDS:
        return "r#" + name
    return name


def bare(name: str) -> str:
    """`name` without a raw identifier's `r#`, for building other names from it."""
    return name.removeprefix("r#")



@dataclass(frozen=True)
class ToolNames:
    """The names one tool's module is known by in the generated folder."""

    module: str  # identifier, possibly raw
    file_stem: str
    factory: str
    params: str | None  # the root parameters struct, re-exported from mod.rs


def plan_tool_names(tools: Sequence[ir.Tool], report: Reporter) -> list[ToolNames]:
    """Module, factory and re-exported parameter names, unique over the whole folder."""
    stems, renamed = unique_identifiers(
        [snake(tool.words) for tool in tools], TAKEN_MODULE_NAMES | FOLDER_MODULE_NAMES
    )
    by_stem = {tool_stem: tool for tool_stem, tool in zip(stems, tools)}
    for rename in renamed:
        tool = by_stem[rename.chosen]
        report.warn(
            tool.source,
            tool.line,
            tool.column,
            f"Rust module `{rename.original}` is taken by another tool (`{rename.clashed_with}`); "
            f"this tool's module is `{rename.chosen}`",
            RENAMED,
        )
    params_candidates = [pascal(tool.params) if tool.params else "" for tool in tools]
    params_names, renamed = unique_identifiers(
        [name for name in params_candidates if name], TAKEN_TYPE_NAMES | FOLDER_TYPE_NAMES
    )
    chosen_params = iter(params_names)
    names = []
    for tool, tool_stem, candidate in zip(tools, stems, params_candidates):
        params = next(chosen_params) if candidate else None
        if params and params != candidate:
            report.warn(
                tool.source,
                tool.line,
                tool.column,
                f"Rust parameters type `{candidate}` clashes with another tool's; this tool's is `{params}`",
                RENAMED,
            )
        module = identifier(tool_stem)
        # `mod r#type;` is read from type.rs, `mod self_;` from self_.rs.
        names.append(ToolNames(module, bare(module), f"{tool_stem}_tool", params))
    return names


# rustdoc writes one page per type, `struct.Name.html` (or `enum.`, `type.`), and a file name has at most 255
# bytes (NAME_MAX). Room is left for the collision number `unique_identifiers` may add after the cut.
NAME_MAX = 255
TYPE_PAGE = "struct.{}.html"
SUFFIX_ROOM = 6


def fit_type_name(name: str) -> str:
    """`name`, cut (at a character) so that its rustdoc page plus a collision number fits a file name; a name
    that fits is unchanged. A `_` the cut leaves at the end is dropped (it joined two digits)."""
    budget = NAME_MAX - len(TYPE_PAGE.format("").encode()) - SUFFIX_ROOM
    encoded = name.encode()
    if len(encoded) <= budget:
        return name
    # Cut the bytes, then drop a character the cut split in two ("ignore" can only meet that at the end).
    return encoded[:budget].decode("utf-8", "ignore").rstrip("_")


def serde_rename(wire_name: str, rust_name: str) -> list[str]:
    """serde's `rename` argument, or none when the Rust name (without `r#`, which serde strips) already is the
    wire name: no container here sets `rename_all`, so serde reads the name as written."""
    return [] if wire_name == rust_name else [f"rename = {string_literal(wire_name)}"]


def unique_with_warnings(
    candidates: list[str],
    taken: Iterable[str],
    what: str,
    positions: list[tuple[int, int]],
    tool: ir.Tool,
    report: Reporter,
    separator: str = "",
) -> list[str]:
    chosen, _ = unique_identifiers(candidates, taken, separator=separator)
    for original, result, (line, column) in zip(candidates, chosen, positions):
        if original != result:
            report.warn(
                tool.source,
                line,
                column,
                f"Rust {what} `{original}` collides with another after casing; it is `{result}` "
                f"(the wire name is unchanged)",
                RENAMED,
            )
    return chosen
