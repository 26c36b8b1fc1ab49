"""Compare two versions of a set of specs and classify every change as breaking or compatible.

"Breaking" means a caller (the model, or code that builds arguments) or a host (the runtime that loads the tool)
written against the old version can fail with the new one: a tool or parameter disappears, a value the old schema
accepted is now rejected (type changed, bounds narrowed, enum value removed, optional → required, extra properties
closed), or an option that changes how the host treats the tool flips. Everything else that differs (a new optional
parameter, a widened enum, relaxed bounds, description edits) is compatible.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..spec.loader import LoadedSpec
from ..schema.keywords import defs_name

Schema = dict[str, Any]


@dataclass(frozen=True, order=True)
class Change:
    tool: str
    where: str  # dotted location inside the tool: "parameters.filters[].op", "isTerminal", "" for the tool
    message: str
    breaking: bool
    file: str = ""
    line: int = 1
    column: int = 1
    revision: str = ""  # the git revision the location is in (a removed tool's old spec); "" for the new specs
    accepted: bool = False  # a breaking change the configuration accepts (`[breaking] accept`)

    @property
    def named(self) -> str:
        """The change as it follows the tool's name in a report, and as an `accept` entry's `change` names it:
        `tool removed`, `parameters.limit: maximum changed from 50 to 20`."""
        return f"{self.where}: {self.message}" if self.where else self.message

    def as_dict(self) -> dict[str, Any]:
        return {
            "tool": self.tool,
            "where": self.where,
            "message": self.message,
            "breaking": self.breaking,
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "revision": self.revision,
        }


# Lower bounds: a larger new value narrows. Upper bounds: a smaller new value narrows.
_LOWER_BOUNDS = ("minimum", "exclusiveMinimum", "minLength", "minItems")
_UPPER_BOUNDS = ("maximum", "exclusiveMaximum", "maxLength", "maxItems")
_OPTIONS = (
    ("is_terminal", "isTerminal"),
    ("defer", "defer"),
    ("skip_permission", "skipPermission"),
    ("overrides_built_in_tool", "overridesBuiltInTool"),
)


class _SchemaDiff:
    def __init__(self, tool: str, old_root: Schema, new_root: Schema, locate):
        self.tool = tool
        self.old_defs = old_root.get("$defs") or {}
        self.new_defs = new_root.get("$defs") or {}
        self.locate = locate  # where (tuple path into the new spec) → (file, line, column)
        self.changes: list[Change] = []
        self.seen: set[tuple[str, str]] = set()

    def add(self, where: str, path: tuple, message: str, breaking: bool) -> None:
        file, line, column = self.locate(path)
        self.changes.append(Change(self.tool, where, message, breaking, file, line, column))

    def resolve(self, schema: Any, defs: Schema) -> Schema:
        for _ in range(64):  # bounded: a $ref chain cannot loop forever
            if not isinstance(schema, dict) or "$ref" not in schema:
                break
            target = defs.get(defs_name(str(schema["$ref"])), {})
            schema = {**target, **{k: v for k, v in schema.items() if k != "$ref"}}
        return schema if isinstance(schema, dict) else {}

    def compare(self, old: Any, new: Any, where: str, path: tuple) -> None:
        old_ref, new_ref = _ref_of(old), _ref_of(new)
        if old_ref and new_ref:  # recursive definitions: compare each pair of definitions once
            if (old_ref, new_ref) in self.seen:
                return
            self.seen.add((old_ref, new_ref))
        old, new = self.resolve(old, self.old_defs), self.resolve(new, self.new_defs)
        old_types, old_nullable = _types(old)
        new_types, new_nullable = _types(new)
        if old_types and new_types and old_types != new_types:
            # integer ⊂ number: integer → number widens, number → integer narrows.
            widened = all(t in new_types or (t == "integer" and "number" in new_types) for t in old_types)
            self.add(
                where, path + ("type",),
                f"type changed from {_show(old_types)} to {_show(new_types)}",
                breaking=not widened,
            )
        elif not old_types and new_types:
            self.add(where, path + ("type",), f"type narrowed from any value to {_show(new_types)}", True)
        if old_nullable and not new_nullable:
            self.add(where, path, "no longer accepts null", True)
        elif new_nullable and not old_nullable:
            self.add(where, path, "now also accepts null", False)
        self._compare_enum(old, new, where, path)
        self._compare_bounds(old, new, where, path)
        if old.get("description") != new.get("description") and where:
            self.add(where, path + ("description",), "description changed", False)
        self._compare_object(old, new, where, path)
        old_items, new_items = old.get("items"), new.get("items")
        if isinstance(old_items, dict) and isinstance(new_items, dict):
            self.compare(old_items, new_items, f"{where}[]", path + ("items",))
        elif new_items is not None and old_items is None and "array" in new_types:
            self.add(f"{where}[]", path + ("items",), "array items now constrained", True)

    def _compare_enum(self, old: Schema, new: Schema, where: str, path: tuple) -> None:
        old_values, new_values = _enum(old), _enum(new)
        if old_values is None and new_values is not None:
            self.add(where, path + ("enum",), f"now restricted to {_json_list(new_values)}", True)
        elif old_values is not None and new_values is not None:
            removed = [v for v in old_values if v not in new_values]
            added = [v for v in new_values if v not in old_values]
            if removed:
                self.add(where, path + ("enum",), f"enum value(s) removed: {_json_list(removed)}", True)
            if added:
                self.add(where, path + ("enum",), f"enum value(s) added: {_json_list(added)}", False)
        elif old_values is not None and new_values is None:
            self.add(where, path, "no longer restricted to an enum", False)

    def _compare_bounds(self, old: Schema, new: Schema, where: str, path: tuple) -> None:
        for key in _LOWER_BOUNDS + _UPPER_BOUNDS:
            before, after = old.get(key), new.get(key)
            if before == after:
                continue
            if after is None:
                self.add(where, path, f"{key} {before} removed", False)
                continue
            narrowed = before is None or (after > before if key in _LOWER_BOUNDS else after < before)
            self.add(where, path + (key,), f"{key} changed from {_show_value(before)} to {after}", narrowed)
        for key in ("pattern", "format", "multipleOf", "const"):
            if old.get(key) != new.get(key):
                if new.get(key) is None:
                    self.add(where, path, f"{key} removed", False)
                else:
                    self.add(where, path + (key,), f"{key} changed from {_show_value(old.get(key))} to {_show_value(new.get(key))}", True)
        if new.get("uniqueItems") is True and old.get("uniqueItems") is not True:
            self.add(where, path + ("uniqueItems",), "items must now be unique", True)

    def _compare_object(self, old: Schema, new: Schema, where: str, path: tuple) -> None:
        old_props, new_props = old.get("properties") or {}, new.get("properties") or {}
        old_required, new_required = set(old.get("required") or ()), set(new.get("required") or ())
        prefix = f"{where}." if where else ""
        for name in old_props:
            if name not in new_props:
                self.add(f"{prefix}{name}", path + ("properties",), f'parameter "{name}" removed', True)
        for name, schema in new_props.items():
            child = f"{prefix}{name}"
            child_path = path + ("properties", name)
            if name not in old_props:
                required = name in new_required
                self.add(child, child_path, f'{"required" if required else "optional"} parameter "{name}" added', required)
                continue
            if name in new_required and name not in old_required:
                self.add(child, child_path, f'parameter "{name}" changed from optional to required', True)
            elif name in old_required and name not in new_required:
                self.add(child, child_path, f'parameter "{name}" changed from required to optional', False)
            self.compare(old_props[name], schema, child, child_path)
        old_extra, new_extra = old.get("additionalProperties", True), new.get("additionalProperties", True)
        if old_extra is not False and new_extra is False:
            self.add(where, path + ("additionalProperties",), "additional properties are now rejected", True)
        elif old_extra is True and isinstance(new_extra, dict):
            self.add(where, path + ("additionalProperties",), "additional properties are now constrained", True)
        elif old_extra is False and new_extra is not False:
            self.add(where, path, "additional properties are now accepted", False)
        elif isinstance(old_extra, dict) and isinstance(new_extra, dict):
            self.compare(old_extra, new_extra, f"{prefix}*", path + ("additionalProperties",))


def _ref_of(schema: Any) -> str | None:
    return schema.get("$ref") if isinstance(schema, dict) and isinstance(schema.get("$ref"), str) else None


def _types(schema: Schema) -> tuple[frozenset[str], bool]:
    """The non-null types a schema allows (empty = any) and whether it allows null."""
    if "anyOf" in schema and isinstance(schema["anyOf"], list):
        inner = next((s for s in schema["anyOf"] if s != {"type": "null"}), {})
        types, _ = _types(inner if isinstance(inner, dict) else {})
        return types, True
    declared = schema.get("type")
    names = declared if isinstance(declared, list) else [declared] if declared else []
    enum = _enum(schema)
    nullable = "null" in names or (enum is not None and None in enum)
    types = frozenset(n for n in names if n != "null")
    if "integer" in types and "number" in types:
        types = types - {"integer"}
    return types, nullable


def _enum(schema: Schema) -> list[Any] | None:
    if "enum" in schema:
        return list(schema["enum"])
    if "const" in schema:
        return [schema["const"]]
    return None


def _show(types: frozenset[str]) -> str:
    return "/".join(sorted(types))


def _show_value(value: Any) -> str:
    return "none" if value is None else repr(value) if isinstance(value, str) else str(value)


def _json_list(values: list[Any]) -> str:
    import json

    return ", ".join(json.dumps(v, ensure_ascii=False) for v in values)


def _locator(item: LoadedSpec):
    def locate(path: tuple) -> tuple[str, int, int]:
        position = item.document.position_of_key(path) if path else item.document.position_of_value(())
        return item.file, position.line, position.column

    return locate


def _same_tool_body(old: LoadedSpec, new: LoadedSpec) -> bool:
    a, b = old.spec, new.spec
    return a.parameters == b.parameters and a.description == b.description


def compare_specs(old: list[LoadedSpec], new: list[LoadedSpec], old_revision: str = "") -> list[Change]:
    """Every change from `old` to `new`, breaking ones first, then by tool and location. A removed tool is
    located in its old spec, which is at `old_revision` when the old specs were read from git."""
    old_by_name = {item.spec.name: item for item in old}
    new_by_name = {item.spec.name: item for item in new}
    changes: list[Change] = []
    removed = [name for name in old_by_name if name not in new_by_name]
    added = [name for name in new_by_name if name not in old_by_name]
    for name in removed:
        renamed_to = next((a for a in added if _same_tool_body(old_by_name[name], new_by_name[a])), None)
        if renamed_to:
            added.remove(renamed_to)
            file, line, column = _locator(new_by_name[renamed_to])(("name",))
            changes.append(Change(name, "name", f'tool renamed to "{renamed_to}"', True, file, line, column))
        else:
            item = old_by_name[name]
            changes.append(Change(name, "", "tool removed", True, item.file, 1, 1, old_revision))
    for name in added:
        file, line, column = _locator(new_by_name[name])(("name",))
        changes.append(Change(name, "", "tool added", False, file, line, column))
    for name in (n for n in new_by_name if n in old_by_name):
        changes.extend(_compare_tool(old_by_name[name], new_by_name[name]))
    return sorted(changes, key=lambda c: (not c.breaking, c.tool, c.where, c.message))


def accept_changes(changes: list[Change], accepted: Sequence[tuple[str, str]]) -> tuple[list[Change], list[int]]:
    """`changes` with every breaking change that an entry of `accepted` names exactly — its tool and its `named`
    text — marked accepted, and the indexes of the entries that name no breaking change (an entry must not
    outlive its change silently: it would accept the same change again later)."""
    wanted = set(accepted)
    used: set[tuple[str, str]] = set()
    marked = []
    for change in changes:
        key = (change.tool, change.named)
        if change.breaking and key in wanted:
            used.add(key)
            change = replace(change, accepted=True)
        marked.append(change)
    return marked, [index for index, entry in enumerate(accepted) if entry not in used]


def _compare_tool(old: LoadedSpec, new: LoadedSpec) -> list[Change]:
    locate = _locator(new)
    name = new.spec.name
    changes: list[Change] = []
    for attribute, key in _OPTIONS:
        before, after = getattr(old.spec, attribute), getattr(new.spec, attribute)
        if before != after:
            file, line, column = locate((key,))
            changes.append(
                Change(name, key, f"{key} changed from {_option(before)} to {_option(after)}", True, file, line, column)
            )
    if old.spec.metadata != new.spec.metadata:
        file, line, column = locate(("metadata",))
        changes.append(Change(name, "metadata", "metadata changed", False, file, line, column))
    if old.spec.description != new.spec.description:
        file, line, column = locate(("description",))
        changes.append(Change(name, "description", "description changed", False, file, line, column))
    old_params, new_params = old.spec.parameters, new.spec.parameters
    if old_params is None and new_params is None:
        return changes
    diff = _SchemaDiff(name, old_params or {"type": "object"}, new_params or {"type": "object"}, lambda p: locate(("parameters",) + p))
    diff.compare(old_params or {"type": "object", "properties": {}}, new_params or {"type": "object", "properties": {}}, "", ())
    return changes + [
        Change(c.tool, f"parameters.{c.where}" if c.where else "parameters", c.message, c.breaking, c.file, c.line, c.column)
        for c in diff.changes
    ]


def _option(value: Any) -> str:
    if value is None:
        return "unset"
    if isinstance(value, bool):
        return "true" if value else "false"
    return f'"{value}"'
