"""Load one YAML document into plain JSON values plus the line and column of every key and value.

Why not `yaml.safe_load`: it follows YAML 1.1 (`yes`/`on` become booleans), silently keeps the last of two
duplicate keys, expands alias bombs without limit and forgets where anything came from. We compose the node
graph with PyYAML's libyaml-backed loader (fast, keeps marks) using YAML 1.2 core-schema resolvers, then build
the values ourselves, checking duplicates, recursion and expansion size on the way.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from .errors import Diagnostic

try:  # libyaml is ~10x faster at composing; fall back to the pure-Python loader where it is missing.
    _BaseLoader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on how PyYAML was built
    _BaseLoader = yaml.SafeLoader  # type: ignore[misc]

DEFAULT_MAX_BYTES = 1024 * 1024
# Alias expansion is allowed to grow the document to this many nodes; a "billion laughs" stops here.
MAX_EXPANDED_NODES = 100_000
MAX_DEPTH = 200

Path = tuple[str | int, ...]


@dataclass(frozen=True)
class Position:
    line: int
    column: int


@dataclass
class LocatedDocument:
    """A parsed document: `value` is plain JSON data; positions are 1-based, keyed by path from the root."""

    file: str
    value: Any
    value_positions: dict[Path, Position] = field(default_factory=dict)
    key_positions: dict[Path, Position] = field(default_factory=dict)

    def position_of_value(self, path: Path) -> Position:
        """The nearest known position of the value at `path` (falls back to its ancestors)."""
        return self._nearest(self.value_positions, path)

    def position_of_key(self, path: Path) -> Position:
        """Where the key of `path` is written; for list items and the root, where the value is."""
        while path:
            if path in self.key_positions:
                return self.key_positions[path]
            if path in self.value_positions:
                return self.value_positions[path]
            path = path[:-1]
        return self.value_positions.get((), Position(1, 1))

    def _nearest(self, table: dict[Path, Position], path: Path) -> Position:
        while path:
            if path in table:
                return table[path]
            path = path[:-1]
        return table.get((), Position(1, 1))


class _Yaml12Loader(_BaseLoader):  # type: ignore[misc,valid-type]
    """Implicit typing per the YAML 1.2 core schema: only true/false are booleans, only null/~ is null."""

    yaml_implicit_resolvers: dict = {}


_STR = "tag:yaml.org,2002:str"
_NULL = "tag:yaml.org,2002:null"
_BOOL = "tag:yaml.org,2002:bool"
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_MAP = "tag:yaml.org,2002:map"
_SEQ = "tag:yaml.org,2002:seq"

_NULL_RE = re.compile(r"^(?:~|null|Null|NULL|)$")
_BOOL_RE = re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")
_INT_RE = re.compile(r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$")
_FLOAT_RE = re.compile(
    r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
    r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"
)

for _tag, _regex, _first in (
    (_NULL, _NULL_RE, list("~nN") + [""]),
    (_BOOL, _BOOL_RE, list("tTfF")),
    (_INT, _INT_RE, list("-+0123456789")),
    (_FLOAT, _FLOAT_RE, list("-+.0123456789")),
):
    _Yaml12Loader.add_implicit_resolver(_tag, _regex, _first)


class YamlProblem(Exception):
    def __init__(self, position: Position, message: str):
        self.position = position
        super().__init__(message)


def _pos(node: yaml.Node) -> Position:
    return Position(node.start_mark.line + 1, node.start_mark.column + 1)


def _scalar(node: yaml.ScalarNode) -> Any:
    tag, text = node.tag, node.value
    if tag == _STR:
        return text
    if tag == _NULL:
        return None
    if tag == _BOOL:
        return text.lower() == "true"
    if tag == _INT:
        if text.startswith("0o"):
            return int(text[2:], 8)
        if text.startswith("0x"):
            return int(text[2:], 16)
        return int(text)
    if tag == _FLOAT:
        lowered = text.lower()
        if lowered.endswith(".inf") or lowered.endswith(".nan"):
            raise YamlProblem(_pos(node), f"{text!r} is not a JSON number")
        value = float(text)
        if not math.isfinite(value):
            raise YamlProblem(_pos(node), f"{text!r} is too large for a JSON number")
        return value
    raise YamlProblem(_pos(node), f"unsupported YAML tag {tag!r}; specs hold plain JSON values only")


class _Builder:
    """Turns a node graph into JSON values, recording positions, rejecting duplicates and bombs."""

    def __init__(self, document: LocatedDocument):
        self.document = document
        self.expanded = 0
        self.active: set[int] = set()

    def build(self, node: yaml.Node, path: Path, depth: int = 0) -> Any:
        self.expanded += 1
        if self.expanded > MAX_EXPANDED_NODES:
            raise YamlProblem(
                _pos(node),
                f"document expands to more than {MAX_EXPANDED_NODES} values "
                "(an alias bomb?); specs must stay small",
            )
        if depth > MAX_DEPTH:
            raise YamlProblem(_pos(node), f"nesting deeper than {MAX_DEPTH} levels")
        self.document.value_positions.setdefault(path, _pos(node))
        if isinstance(node, yaml.ScalarNode):
            return _scalar(node)
        if id(node) in self.active:
            raise YamlProblem(_pos(node), "recursive alias: a node refers to itself")
        self.active.add(id(node))
        try:
            if isinstance(node, yaml.SequenceNode):
                if node.tag != _SEQ:
                    raise YamlProblem(_pos(node), f"unsupported YAML tag {node.tag!r}")
                return [self.build(item, path + (i,), depth + 1) for i, item in enumerate(node.value)]
            if node.tag != _MAP:
                raise YamlProblem(_pos(node), f"unsupported YAML tag {node.tag!r}")
            return self._mapping(node, path, depth)
        finally:
            self.active.discard(id(node))

    def _mapping(self, node: yaml.MappingNode, path: Path, depth: int) -> dict[str, Any]:
        result: dict[str, Any] = {}
        first_seen: dict[str, Position] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise YamlProblem(_pos(key_node), "merge keys ('<<') are not supported in specs")
            if not isinstance(key_node, yaml.ScalarNode):
                raise YamlProblem(_pos(key_node), "mapping keys must be strings")
            # Keys are names, so `yes:` or `1:` stay the strings they look like.
            key = key_node.value
            if key in first_seen:
                earlier = first_seen[key]
                raise YamlProblem(
                    _pos(key_node),
                    f"duplicate key {key!r} (first defined at line {earlier.line}, "
                    f"column {earlier.column})",
                )
            first_seen[key] = _pos(key_node)
            self.document.key_positions[path + (key,)] = _pos(key_node)
            result[key] = self.build(value_node, path + (key,), depth + 1)
        return result


def _decode(file: str, data: bytes) -> str | Diagnostic:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        line = before.count(b"\n") + 1
        column = exc.start - (before.rfind(b"\n") + 1) + 1
        return Diagnostic(file, line, column, f"invalid UTF-8 (byte 0x{data[exc.start]:02x})")


def load_yaml(file: str, data: bytes, max_bytes: int = DEFAULT_MAX_BYTES) -> LocatedDocument | Diagnostic:
    """Parse `data` (the bytes of `file`); return the document or the first problem, located."""
    if len(data) > max_bytes:
        return Diagnostic(
            file, 1, 1, f"file is {len(data)} bytes; the limit is {max_bytes} bytes (max_spec_bytes)"
        )
    text = _decode(file, data)
    if isinstance(text, Diagnostic):
        return text
    try:
        loader = _Yaml12Loader(text)
        try:
            root = loader.get_single_node()
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = exc.problem or exc.context or "invalid YAML"
        if exc.context and exc.problem:
            problem = f"{exc.problem} ({exc.context})"
        return Diagnostic(file, line, column, f"YAML syntax: {problem}")
    except yaml.YAMLError as exc:
        return Diagnostic(file, 1, 1, f"YAML syntax: {exc}")
    if root is None:
        return Diagnostic(file, 1, 1, "empty file: a spec is a mapping with at least name and description")
    document = LocatedDocument(file=file, value=None)
    try:
        document.value = _Builder(document).build(root, ())
    except YamlProblem as exc:
        return Diagnostic(file, exc.position.line, exc.position.column, str(exc))
    except RecursionError:
        return Diagnostic(file, 1, 1, f"nesting deeper than {MAX_DEPTH} levels")
    return document
