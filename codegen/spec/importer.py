"""Turn existing tool declarations into spec files: MCP `tools/list`, OpenAI function lists, Copilot wire lists.

Each tool is decided on its own: it becomes one YAML document (stable key order, block style, a comment for every
field that was mapped or dropped), or it is refused with located lines (`FILE:LINE:COL` in the input, and the JSON
pointer) and no spec. A tool is refused only for what the spec format cannot hold: no description, a name outside
the name pattern (unless names are mapped), a schema that is not valid JSON Schema (`schema_validity`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..errors import Diagnostic
from .import_names import MAX_NAME_LENGTH, NameTable, clash_message
from ..schema.typed_view import typed_view
from ..schema.validity import describe, schema_problems
from .format import TOOL_NAME_PATTERN, build_spec
from .yamlload import _BOOL_RE, _FLOAT_RE, _INT_RE, _NULL_RE, LocatedDocument, load_yaml

SPEC_KEY_ORDER = ("name", "description", "isTerminal", "defer", "skipPermission", "overridesBuiltInTool", "metadata", "parameters")
WIRE_OPTIONS = ("isTerminal", "defer", "skipPermission", "overridesBuiltInTool", "metadata")
MCP_HINTS = ("readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")


@dataclass
class ImportedTool:
    name: str
    spec: dict[str, Any]
    notes: list[str] = field(default_factory=list)  # become comments at the top of the YAML file
    pattern_mapped_from: str | None = None  # the source's name, when --map-names made it valid

    def file_name(self) -> str:
        return _NAME_SYMBOL.sub("_", self.name) + ".yaml"

    def to_yaml(self, source: str, fmt: str, editor_line: str | None = None) -> str:
        """The spec file's text; `editor_line` (the `$schema` comment `toolgen new` writes) goes first."""
        lines = [editor_line] if editor_line else []
        lines += [f"# Imported by toolgen from {source} ({fmt})."]
        lines += [f"# {note}" for note in self.notes]
        ordered = {key: self.spec[key] for key in SPEC_KEY_ORDER if key in self.spec}
        body = yaml.dump(ordered, Dumper=_Yaml12SafeDumper, sort_keys=False, default_flow_style=False, allow_unicode=True, width=100)
        return "\n".join(lines) + "\n" + body


class _Yaml12SafeDumper(yaml.SafeDumper):
    """Quotes every string that a YAML 1.2 reader would take for a number, boolean or null (e.g. `1e3`)."""


def _represent_str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    ambiguous = any(regex.match(value) for regex in (_NULL_RE, _BOOL_RE, _INT_RE, _FLOAT_RE))
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style='"' if ambiguous else None)


_Yaml12SafeDumper.add_representer(str, _represent_str)


ACCEPTED_SHAPES = (
    'an MCP tools/list result ({"tools": [{"name", "description", "inputSchema"}, …]}, bare or as a JSON-RPC '
    '"result"), an OpenAI function list ([{"type": "function", "function": {"name", "description", "parameters"}}, …] '
    'or bare functions), a list of Copilot SDK wire declarations ([{"name", "description", "parameters"}, …]), '
    "or one such tool"
)
# MCP tool fields the spec format carries; every other field is dropped with a comment that names it.
MCP_CARRIED = ("name", "description", "inputSchema", "annotations")
OPENAI_CARRIED = ("name", "description", "parameters")
_NAME_SYMBOL = re.compile(r"[^A-Za-z0-9_-]")


def detect_format(document: Any) -> str:
    """'mcp', 'openai' or 'copilot' (wire declarations), from the shape of the JSON."""
    _, items = _tool_list(document)
    first = next((item for item in items if isinstance(item, dict)), {})
    if "inputSchema" in first or (isinstance(document, dict) and ("tools" in document or "result" in document) and "parameters" not in first):
        return "mcp"
    if first.get("type") == "function" or "function" in first:
        return "openai"
    return "copilot"


def _tool_list(document: Any) -> tuple[str | None, list[Any]]:
    """The tools and the JSON pointer of the list that holds them (None when the document is one tool)."""
    pointer = ""
    if isinstance(document, dict) and isinstance(document.get("result"), dict):
        document, pointer = document["result"], "/result"
    if isinstance(document, dict) and "tools" in document:
        document, pointer = document["tools"], pointer + "/tools"
    if isinstance(document, list):
        return pointer, document
    return None, [document]


def _looks_like_tools(document: Any) -> bool:
    """Is the document one of the accepted shapes at all (before any one tool is judged)?"""
    pointer, items = _tool_list(document)
    if pointer is not None:
        return isinstance(items, list)
    tool = items[0]
    return isinstance(tool, dict) and ("name" in tool or isinstance(tool.get("function"), dict))


def mapped_name(name: str) -> str:
    """The valid tool name `--map-names` gives `name`: `.`, spaces and other symbols become `_`, a name that does not
    start with a letter gets `tool_` in front, and the result is cut to 64 characters."""
    mapped = _NAME_SYMBOL.sub("_", name)
    if not mapped[:1].isascii() or not mapped[:1].isalpha():
        mapped = "tool_" + mapped
    return mapped[:MAX_NAME_LENGTH]


def _dropped(key: str, value: Any, why: str) -> str:
    shown = f" {describe(value)}" if isinstance(value, (str, int, float, bool)) and len(describe(value)) <= 60 else ""
    return f"dropped: {key}{shown} ({why})"


def _from_mcp(item: dict[str, Any]) -> ImportedTool:
    spec: dict[str, Any] = {"name": item.get("name"), "description": item.get("description")}
    tool = ImportedTool(str(item.get("name")), spec)
    if item.get("inputSchema") is not None:
        spec["parameters"] = item["inputSchema"]
    annotations = item.get("annotations") if isinstance(item.get("annotations"), dict) else {}
    hints = {key: annotations[key] for key in MCP_HINTS if key in annotations}
    if hints:
        spec["metadata"] = {"mcpAnnotations": hints}
        tool.notes.append("MCP annotations " + ", ".join(hints) + " kept under metadata.mcpAnnotations.")
    for key in annotations:
        if key not in MCP_HINTS:
            tool.notes.append(_dropped(f"annotations.{key}", annotations[key], "no equivalent in the Copilot SDK"))
    if "annotations" in item and not isinstance(item["annotations"], dict):
        tool.notes.append(_dropped("annotations", item["annotations"], "not a mapping"))
    for key in item:
        if key not in MCP_CARRIED:
            tool.notes.append(_dropped(key, item[key], "no equivalent in the Copilot SDK"))
    return tool


def _from_openai(item: dict[str, Any]) -> ImportedTool:
    function = item["function"] if isinstance(item.get("function"), dict) else item
    spec: dict[str, Any] = {"name": function.get("name"), "description": function.get("description")}
    tool = ImportedTool(str(function.get("name")), spec)
    if function.get("parameters") is not None:
        spec["parameters"] = function["parameters"]
    for key in function:
        if key == "strict":
            tool.notes.append("dropped: strict (OpenAI structured-output flag; no equivalent)")
        elif key not in OPENAI_CARRIED and key != "type":
            tool.notes.append(_dropped(key, function[key], "no equivalent in the Copilot SDK"))
    return tool


def _from_copilot(item: dict[str, Any]) -> ImportedTool:
    spec = {key: item[key] for key in ("name", "description", "parameters", *WIRE_OPTIONS) if key in item}
    tool = ImportedTool(str(item.get("name")), spec)
    for key in item:
        if key not in spec:
            tool.notes.append(_dropped(key, item[key], "not part of the spec format"))
    return tool


def _schema_pointer(fmt: str, item: dict[str, Any]) -> str:
    if fmt == "openai":
        return "/function/parameters" if isinstance(item.get("function"), dict) else "/parameters"
    return {"mcp": "/inputSchema", "copilot": "/parameters"}[fmt]


def _pointer(path: tuple) -> str:
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in path)


@dataclass
class Imported:
    """What one input file gave: its format, the tools to write, every located line, and how many were refused."""

    fmt: str
    tools: list[ImportedTool]
    problems: list[Diagnostic]
    refused: int = 0

    @property
    def total(self) -> int:
        return len(self.tools) + self.refused


class _ToolJudge:
    """Decides one tool: converted and checked, or refused with lines located in the input."""

    def __init__(self, source: str, locate, map_names: bool):
        self.source, self.locate, self.map_names = source, locate, map_names

    def at(self, pointer: str, message: str, code: str = "", at_key: bool = True) -> Diagnostic:
        """An error at `pointer` in the input, or with a warning's `code` a warning."""
        line, column = self.locate(pointer, at_key)
        return Diagnostic(self.source, line, column, f"{pointer or '/'}: {message}", "warning" if code else "error", code)

    def judge(self, tool: ImportedTool, where: str, schema_pointer: str) -> list[Diagnostic]:
        problems = self._name(tool, where) + self._description(tool, where)
        parameters = tool.spec.get("parameters")
        if parameters is not None:
            found = schema_problems(parameters)
            problems += [self.at(schema_pointer + _pointer(p.path), p.message, at_key=p.at_key) for p in found]
            if not found:
                problems += [
                    self.at(schema_pointer + _pointer(path), message, code)
                    for path, message, code in typed_view(parameters).warnings
                ]
        if not any(problem.is_error for problem in problems):
            problems += self._as_spec(tool, where)
        return problems

    def _name(self, tool: ImportedTool, where: str) -> list[Diagnostic]:
        name = tool.spec.get("name")
        if not isinstance(name, str) or not name:
            got = "no name" if name is None else f"the name {describe(name)}"
            return [self.at(where, f"a tool needs a non-empty string name, got {got}")]
        if re.fullmatch(TOOL_NAME_PATTERN, name) and "\n" not in name:
            return []
        valid = mapped_name(name)
        if not self.map_names:
            return [self.at(where + "/name" if where != "/" else "/name", f"{describe(name)} is not a valid tool name "
                            f"(a letter, then up to 63 letters, digits, '_' or '-'); --map-names imports it as {describe(valid)}")]
        tool.spec["name"], tool.name, tool.pattern_mapped_from = valid, valid, name
        tool.notes.insert(0, f"name: mapped from {describe(name)} by --map-names (the wire name is {describe(valid)})")
        return []

    def _description(self, tool: ImportedTool, where: str) -> list[Diagnostic]:
        description = tool.spec.get("description")
        if isinstance(description, str) and description.strip():
            return []
        return [self.at(where, f"tool {describe(tool.spec.get('name'))} has no description, and the wire needs one "
                               "(the model reads it to choose the tool): write one in the source, then import again")]

    def _as_spec(self, tool: ImportedTool, where: str) -> list[Diagnostic]:
        """The spec as it will be written must load: anything the format refuses is this tool's problem now."""
        text = tool.to_yaml("check", "check").encode("utf-8")
        document = load_yaml("spec", text, max_bytes=len(text) + 1)
        if isinstance(document, Diagnostic):
            return [self.at(where, f"cannot be written as a spec: {document.message}")]
        _, found = build_spec(document)
        return [self.at(where, f"cannot be written as a spec: {problem.message}") for problem in found if problem.is_error]


def _locator(text: str, source: str):
    """pointer → (line, column) in the JSON text; JSON is YAML, so the YAML loader's positions serve."""
    located = load_yaml(source, text.encode("utf-8"), max_bytes=len(text.encode("utf-8")) + 1)

    def locate(pointer: str, at_key: bool = True) -> tuple[int, int]:
        if not isinstance(located, LocatedDocument):
            return 1, 1
        path: list[str | int] = []
        current = located.value
        for raw in pointer.split("/")[1:]:
            part = raw.replace("~1", "/").replace("~0", "~")
            if isinstance(current, list) and part.isdigit() and int(part) < len(current):
                path.append(int(part))
                current = current[int(part)]
            elif isinstance(current, dict) and part in current:
                path.append(part)
                current = current[part]
            else:
                break  # a pointer past the document (a missing key) is located at its nearest ancestor
        position = located.position_of_key(tuple(path)) if at_key else located.position_of_value(tuple(path))
        return position.line, position.column

    return locate


def import_tools(
    text: str,
    source: str,
    map_names: bool = False,
    taken: list[tuple[str, str]] | None = None,
    folder: str | None = None,
) -> Imported:
    """Parse a JSON tool list and decide each tool: the ones to write, and every problem of the refused ones.

    `taken` holds the (name, file) of the specs already in `folder`, where the tools go: a tool whose name clashes
    with one of them or with an earlier tool (codegen.spec.import_names) is refused, or with `map_names` renamed. The
    spec a tool would overwrite is no clash (the caller refuses it without --force, replaces it with)."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        return Imported("unknown", [], [Diagnostic(source, exc.lineno, exc.colno, f"invalid JSON: {exc.msg}")])
    except RecursionError:
        return Imported("unknown", [], [Diagnostic(source, 1, 1, "JSON nests too deep to read")])
    if not _looks_like_tools(document):
        return Imported("unknown", [], [Diagnostic(source, 1, 1, f"not a tool list; toolgen import reads {ACCEPTED_SHAPES}")])
    locate = _locator(text, source)
    judge = _ToolJudge(source, locate, map_names)
    fmt = detect_format(document)
    convert = {"mcp": _from_mcp, "openai": _from_openai, "copilot": _from_copilot}[fmt]
    result = Imported(fmt, [], [])
    list_pointer, items = _tool_list(document)
    names = NameTable(taken or ())
    for index, item in enumerate(items):
        where = f"{list_pointer}/{index}" if list_pointer is not None else ""
        if not isinstance(item, dict):
            result.problems.append(judge.at(where, f"a tool must be a JSON object, got {describe(item)}"))
            result.refused += 1
            continue
        tool = convert(item)
        found = judge.judge(tool, where, where + _schema_pointer(fmt, item))
        if not any(problem.is_error for problem in found):
            own_file = f"{folder}/{tool.file_name()}" if folder is not None else None
            found += _name_clash(judge, names, tool, where, map_names, own_file)
        result.problems.extend(found)
        if any(problem.is_error for problem in found):
            result.refused += 1
        else:
            names.add(tool.name, where or "/")
            result.tools.append(tool)
    return result


def _name_clash(
    judge: _ToolJudge, names: NameTable, tool: ImportedTool, where: str, map_names: bool, own_file: str | None
) -> list[Diagnostic]:
    """A refusal when the tool's name clashes with an earlier tool's or a spec in the folder; with `map_names`,
    the tool gets the first free `name_N` instead, noted in its spec."""
    clash = names.clash(tool.name)
    if clash is None or (own_file is not None and Path(clash[1]) == Path(own_file)):
        return []
    other, other_where = clash
    if not map_names:
        return [judge.at(where, clash_message(tool.name, other, other_where))]
    free = names.free_name(tool.name)
    source_name = tool.name
    if tool.pattern_mapped_from is not None:  # one note for both mappings
        tool.notes.pop(0)
        source_name = tool.pattern_mapped_from
    mapped = f" and then from {describe(tool.name)}" if tool.pattern_mapped_from is not None else ""
    tool.notes.insert(0, f"name: mapped from {describe(source_name)}{mapped} by --map-names: {describe(tool.name)} clashes "
                         f"with {describe(other)} ({other_where}) in the generated code (the wire name is {describe(free)})")
    tool.spec["name"], tool.name = free, free
    return []
