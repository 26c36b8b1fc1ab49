"""Turn existing tool declarations into spec files: MCP `tools/list`, OpenAI function lists, Copilot wire lists.

Each tool becomes one YAML document with a stable key order, block style and comments for every field that was
mapped or dropped. A schema outside the supported subset is reported with its JSON pointer and the tool is not
written, rather than being mangled into something that means less.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from .errors import Diagnostic
from .schema_subset import _Checker
from .spec import TOOL_NAME_PATTERN
from .yamlload import _BOOL_RE, _FLOAT_RE, _INT_RE, _NULL_RE, LocatedDocument, load_yaml

SPEC_KEY_ORDER = ("name", "description", "isTerminal", "defer", "skipPermission", "overridesBuiltInTool", "metadata", "parameters")
WIRE_OPTIONS = ("isTerminal", "defer", "skipPermission", "overridesBuiltInTool", "metadata")
MCP_HINTS = ("readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")


@dataclass
class ImportedTool:
    name: str
    spec: dict[str, Any]
    notes: list[str] = field(default_factory=list)  # become comments at the top of the YAML file

    def file_name(self) -> str:
        return re.sub(r"[^A-Za-z0-9_-]", "_", self.name) + ".yaml"

    def to_yaml(self, source: str, fmt: str) -> str:
        lines = [f"# Imported by toolgen from {source} ({fmt})."]
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


def detect_format(document: Any) -> str:
    """'mcp', 'openai' or 'copilot' (wire declarations), from the shape of the JSON."""
    if isinstance(document, dict) and "tools" in document:
        document = document["tools"]
    if isinstance(document, dict) and "result" in document and isinstance(document["result"], dict):
        return detect_format(document["result"])
    items = document if isinstance(document, list) else [document]
    first = next((item for item in items if isinstance(item, dict)), {})
    if "inputSchema" in first:
        return "mcp"
    if first.get("type") == "function" or "function" in first:
        return "openai"
    return "copilot"


def _tool_list(document: Any) -> tuple[str, list[Any]]:
    """The tools and the JSON pointer of the list that holds them ("" when the document is one tool)."""
    pointer = ""
    if isinstance(document, dict) and isinstance(document.get("result"), dict):
        document, pointer = document["result"], "/result"
    if isinstance(document, dict) and "tools" in document:
        document, pointer = document["tools"], pointer + "/tools"
    if isinstance(document, list):
        return pointer, document
    return None, [document]


SCHEMA_FIELD = {"mcp": "/inputSchema", "copilot": "/parameters"}


def _schema_pointer(fmt: str, item: dict[str, Any]) -> str:
    if fmt == "openai":
        return "/function/parameters" if "function" in item else "/parameters"
    return SCHEMA_FIELD[fmt]


def _from_mcp(item: dict[str, Any]) -> ImportedTool:
    spec: dict[str, Any] = {"name": item.get("name"), "description": item.get("description")}
    tool = ImportedTool(str(item.get("name")), spec)
    if item.get("inputSchema") is not None:
        spec["parameters"] = item["inputSchema"]
    annotations = item.get("annotations") or {}
    hints = {key: annotations[key] for key in MCP_HINTS if key in annotations}
    if hints:
        spec["metadata"] = {"mcpAnnotations": hints}
        tool.notes.append("MCP annotations " + ", ".join(hints) + " kept under metadata.mcpAnnotations.")
    for key in annotations:
        if key not in MCP_HINTS:
            tool.notes.append(f"dropped: annotations.{key} (no equivalent in the Copilot SDK)")
    for key in ("title", "outputSchema", "_meta"):
        if key in item:
            tool.notes.append(f"dropped: {key} (no equivalent in the Copilot SDK)")
    return tool


def _from_openai(item: dict[str, Any]) -> ImportedTool:
    function = item.get("function", item)
    spec: dict[str, Any] = {"name": function.get("name"), "description": function.get("description")}
    tool = ImportedTool(str(function.get("name")), spec)
    if function.get("parameters") is not None:
        spec["parameters"] = function["parameters"]
    if "strict" in function:
        tool.notes.append("dropped: strict (OpenAI structured-output flag; no equivalent)")
    return tool


def _from_copilot(item: dict[str, Any]) -> ImportedTool:
    spec = {key: item[key] for key in ("name", "description", "parameters", *WIRE_OPTIONS) if key in item}
    tool = ImportedTool(str(item.get("name")), spec)
    for key in item:
        if key not in spec:
            tool.notes.append(f"dropped: {key} (not part of the spec format)")
    return tool


def _pointer(path: tuple) -> str:
    return "/" + "/".join(str(part).replace("~", "~0").replace("/", "~1") for part in path)


class _PointerChecker(_Checker):
    """The subset checker, reporting JSON pointers into the source document instead of YAML positions."""

    def __init__(self, document: LocatedDocument, base: str):
        super().__init__(document, ("parameters",))
        self.base = base
        self.found: list[tuple[str, str]] = []

    def _report(self, path: tuple, message: str) -> None:
        self.found.append((f"{self.base}{_pointer(path[1:])}", message))

    def error_at_value(self, path: tuple, message: str) -> None:
        self._report(path, message)

    def error_at_key(self, path: tuple, message: str) -> None:
        self._report(path, message)


def _problems(tool: ImportedTool, source: str, where: str, schema_pointer: str, locate) -> list[Diagnostic]:
    """Problems of one imported tool, named by JSON pointer and located by line and column when known."""
    problems = []
    name, description = tool.spec.get("name"), tool.spec.get("description")
    if not isinstance(name, str) or not re.fullmatch(TOOL_NAME_PATTERN, name):
        problems.append(Diagnostic(source, *locate(where), f"{where}: {json.dumps(name)} is not a valid tool name"))
    if not isinstance(description, str) or not description.strip():
        problems.append(Diagnostic(source, *locate(where), f"{where}: tool {name!r} has no description; write one before importing"))
    parameters = tool.spec.get("parameters")
    if parameters is not None:
        checker = _PointerChecker(LocatedDocument(source, {"parameters": parameters}), schema_pointer)
        checker.check_root()
        problems.extend(Diagnostic(source, *locate(pointer), f"{pointer}: {message}") for pointer, message in checker.found)
    return problems


def _locator(text: str, source: str):
    """pointer → (line, column) in the JSON text; JSON is YAML, so the YAML loader's positions serve."""
    located = load_yaml(source, text.encode("utf-8"), max_bytes=len(text.encode("utf-8")) + 1)

    def locate(pointer: str) -> tuple[int, int]:
        if isinstance(located, Diagnostic):
            return 1, 1
        parts = [p.replace("~1", "/").replace("~0", "~") for p in pointer.strip("/").split("/") if pointer.strip("/")]
        path = tuple(int(p) if p.isdigit() else p for p in parts)
        position = located.position_of_key(path)
        return position.line, position.column

    return locate


def import_tools(text: str, source: str) -> tuple[str, list[ImportedTool], list[Diagnostic]]:
    """Parse a JSON tool list; return its format, the tools that can be imported, and the problems of the rest."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        return "unknown", [], [Diagnostic(source, exc.lineno, exc.colno, f"invalid JSON: {exc.msg}")]
    locate = _locator(text, source)
    fmt = detect_format(document)
    convert = {"mcp": _from_mcp, "openai": _from_openai, "copilot": _from_copilot}[fmt]
    tools, problems = [], []
    list_pointer, items = _tool_list(document)
    for index, item in enumerate(items):
        where = f"{list_pointer}/{index}" if list_pointer is not None else ""
        if not isinstance(item, dict):
            problems.append(Diagnostic(source, 1, 1, f"{where or '/'}: a tool must be a JSON object"))
            continue
        tool = convert(item)
        found = _problems(tool, source, where or "/", where + _schema_pointer(fmt, item), locate)
        if found:
            problems.extend(found)
        else:
            tools.append(tool)
    return fmt, tools, problems
