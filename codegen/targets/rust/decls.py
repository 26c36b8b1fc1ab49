"""The declarations of one tool's Rust module: the IR's, with each union serde can decode untagged as its enum,
only those the parameters type reaches, where each is first used, and their type names."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...model import ir
from ...model.naming import Words, pascal
from ...review.warning_codes import SHORTENED, UNION_RUST_AFTER_ALL
from ..base import Reporter
from .names import TAKEN_TYPE_NAMES, ToolNames, fit_type_name, unique_with_warnings
from .unions import UntaggedDecl, plan_unions, unions_in

RustDecl = ir.Decl | UntaggedDecl


def _type_references(type_ref: ir.TypeRef, enums: Mapping[Words, UntaggedDecl]) -> list[Words]:
    """The declarations a Rust field of this type names: a union is its untagged enum, or a `serde_json::Value`
    whose branches' declarations are not reached through it (declared, they would be dead code)."""
    if isinstance(type_ref, ir.UnionType):
        return [enums[type_ref.name].name] if type_ref.name in enums else []
    if isinstance(type_ref, ir.NamedType):
        return [type_ref.name]
    if isinstance(type_ref, ir.ArrayType):
        return _type_references(type_ref.items, enums)
    if isinstance(type_ref, ir.MapType):
        return _type_references(type_ref.values, enums)
    if isinstance(type_ref, ir.NullableType):
        return _type_references(type_ref.inner, enums)
    return []


def _decl_references(decl: RustDecl, enums: Mapping[Words, UntaggedDecl]) -> list[Words]:
    if isinstance(decl, ir.StructDecl):
        found = [name for item in decl.fields for name in _type_references(item.type, enums)]
        return found + ([] if isinstance(decl.additional, str) else _type_references(decl.additional, enums))
    if isinstance(decl, ir.AliasDecl):
        return _type_references(decl.target, enums)
    if isinstance(decl, UntaggedDecl):
        return [name for _, option in decl.variants for name in _type_references(option, enums)]
    return []


def _rust_decls(tool: ir.Tool, enums: Mapping[Words, UntaggedDecl]) -> list[RustDecl]:
    """The tool's declarations with each untagged enum: in place of the alias it is the whole of, else after
    every IR declaration (in the order the unions occur)."""
    by_name = {enum.name: enum for enum in enums.values()}
    decls: list[RustDecl] = [by_name.get(decl.name, decl) for decl in tool.decls]
    own = {decl.name for decl in tool.decls}
    return decls + [enum for enum in enums.values() if enum.name not in own]


def _reachability(
    decls: Sequence[RustDecl], enums: Mapping[Words, UntaggedDecl]
) -> dict[Words, set[Words]]:
    """For each declaration, every declaration it can reach through its fields (for `Box` placement, and
    which declarations the module needs)."""
    edges = {decl.name: set(_decl_references(decl, enums)) for decl in decls}
    reach: dict[Words, set[Words]] = {}
    for start in edges:
        seen: set[Words] = set()
        stack = list(edges[start])
        while stack:
            current = stack.pop()
            if current not in seen:
                seen.add(current)
                stack.extend(edges.get(current, ()))
        reach[start] = seen
    return reach


class ModuleDecls:
    """A tool module's declarations, by IR name: what each reaches, where it is first used, what it is called.

    Naming warns (a type name cut to fit, or renamed after a collision), and so does a union the typed view
    promised as an enum that Rust cannot decode untagged.
    """

    def __init__(self, tool: ir.Tool, names: ToolNames, report: Reporter):
        self.tool = tool
        self.report = report
        self.enums, loosened = plan_unions(tool.decls)
        self.all = _rust_decls(tool, self.enums)
        self.by_name = {decl.name: decl for decl in self.all}
        self.reach = _reachability(self.all, self.enums)
        self.used = self._used_decls()
        self.positions = self._decl_positions()
        self.type_names = self._plan_type_names(names)
        self._warn_loosened(loosened)

    def position(self, name: Words) -> tuple[int, int]:
        """Where the declaration is first used (the tool's own position for the root)."""
        return self.positions.get(name, (self.tool.line, self.tool.column))

    def _used_decls(self) -> list[RustDecl]:
        """The declarations the parameters type reaches. A `$defs` entry nothing refers to cannot occur
        in a call's arguments; as Rust it would only be dead code (a warning, or an error under
        `deny(warnings)`). The wire schema still carries it."""
        if self.tool.params is None:
            return []
        used = {self.tool.params} | self.reach.get(self.tool.params, set())
        return [decl for decl in self.all if decl.name in used]

    def _decl_positions(self) -> dict[Words, tuple[int, int]]:
        """Where each declaration is first used (the field that refers to it), for warnings about it."""
        positions: dict[Words, tuple[int, int]] = {}
        for decl in self.used:
            if isinstance(decl, ir.StructDecl):
                for f in decl.fields:
                    unions = [self.enums[u.name].name for u in unions_in(f.type) if u.name in self.enums]
                    for name in unions + ir.type_references(f.type):
                        positions.setdefault(name, (f.line, f.column))
        return positions

    def _plan_type_names(self, names: ToolNames) -> dict[Words, str]:
        decls = list(self.used)
        # The root parameters type goes first so it keeps the folder-wide name mod.rs re-exports.
        decls.sort(key=lambda decl: decl.name != self.tool.params)
        candidates = [
            names.params if decl.name == self.tool.params and names.params else pascal(decl.name)
            for decl in decls
        ]
        positions = [self.position(decl.name) for decl in decls]
        for index, (full, (line, column)) in enumerate(zip(candidates, positions)):
            candidates[index] = fit_type_name(full)
            if candidates[index] != full:
                self.report.warn(
                    self.tool.source, line, column,
                    f"Rust type `{full[:40]}…` is too long for a rustdoc file name; it is `{candidates[index]}`",
                    SHORTENED,
                )  # fmt: skip
        chosen = unique_with_warnings(candidates, TAKEN_TYPE_NAMES, "type", positions, self.tool, self.report)
        return {decl.name: name for decl, name in zip(decls, chosen)}

    def _warn_loosened(self, unions: list[ir.UnionType]) -> None:
        """A union the typed view found untagged-decodable whose Rust branch types are not (one became any JSON
        value, or two became one type): the view's warning promised an enum, so this one says otherwise."""
        for union in unions:
            line, column = self._union_position(union)
            self.report.warn(
                self.tool.source,
                line,
                column,
                "Rust types this union as serde_json::Value after all: a branch's Rust type accepts "
                "values of more than one JSON type, or two branches' Rust types accept the same values",
                UNION_RUST_AFTER_ALL,
            )

    def _union_position(self, union: ir.UnionType) -> tuple[int, int]:
        for decl in self.tool.decls:
            if isinstance(decl, ir.StructDecl):
                for f in decl.fields:
                    if any(found is union for found in unions_in(f.type)):
                        return f.line, f.column
        return self.tool.line, self.tool.column
