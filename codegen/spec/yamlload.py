"""Load one YAML document into plain JSON values plus the line and column of every key and value.

Why not `yaml.safe_load`: it follows YAML 1.1 (`yes`/`on` become booleans), silently keeps the last of two
duplicate keys, expands alias bombs without limit and forgets where anything came from. We take the event
stream from PyYAML's libyaml-backed parser (fast, keeps marks, not recursive), compose the node graph ourselves
without recursion (libyaml's own composer overflows the C stack on `[[[[…` and crashes the interpreter), resolve
plain scalars with YAML 1.2 core-schema rules, then build the values, checking duplicates, depth and expansion
size on the way.

Problems that leave the rest of the document meaningful (a duplicate key, a scalar that does not fit its tag)
are collected in `LocatedDocument.problems` so the spec checks still run; the others (syntax errors, bombs,
nesting too deep) end the file with one located `Diagnostic`.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import yaml

from ..cache import collector
from ..errors import Diagnostic

try:  # libyaml is ~10x faster at parsing; fall back to the pure-Python parser where it is missing.
    _BaseLoader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on how PyYAML was built
    _BaseLoader = yaml.SafeLoader  # type: ignore[misc]

DEFAULT_MAX_BYTES = 1024 * 1024
# Alias expansion is allowed to grow the document to this many values; a "billion laughs" stops here.
MAX_EXPANDED_NODES = 100_000
# ... and by at most this many characters of keys and scalars repeated through aliases: one alias of a 900 KB
# string, repeated a thousand times, is few values but a gigabyte of output.
MAX_ALIASED_CHARACTERS = 1024 * 1024
# Mappings and lists inside each other. The targets' printers recurse over nested values (a default, metadata), and
# the TypeScript one gives up near 130 levels; 32 nested schemas take about 70 (schema_validity.MAX_SCHEMA_DEPTH).
MAX_DEPTH = 100

Path = tuple[str | int, ...]


class Position(NamedTuple):  # a tuple: one is made for every key and value, so it must be cheap
    line: int
    column: int


@dataclass
class LocatedDocument:
    """A parsed document: `value` is plain JSON data; positions are 1-based, keyed by path from the root.

    `problems` holds what is wrong in the YAML itself but did not stop the load (duplicate keys, scalars that
    do not fit their tag); the document is valid only when it is empty.
    """

    file: str
    value: Any
    value_positions: dict[Path, Position] = field(default_factory=dict)
    key_positions: dict[Path, Position] = field(default_factory=dict)
    problems: list[Diagnostic] = field(default_factory=list)

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
# An explicit tag (`!!int abc`) must still spell a value of that type.
_SCALAR_SYNTAX = {_NULL: _NULL_RE, _BOOL: _BOOL_RE, _INT: _INT_RE, _FLOAT: _FLOAT_RE}
_TAG_MEANS = {
    _NULL: ("!!null", "null"),
    _BOOL: ("!!bool", "true or false"),
    _INT: ("!!int", "an integer"),
    _FLOAT: ("!!float", "a number"),
}

for _tag, _regex, _first in (
    (_NULL, _NULL_RE, list("~nN") + [""]),
    (_BOOL, _BOOL_RE, list("tTfF")),
    (_INT, _INT_RE, list("-+0123456789")),
    (_FLOAT, _FLOAT_RE, list("-+.0123456789")),
):
    _Yaml12Loader.add_implicit_resolver(_tag, _regex, _first)

# YAML's c-printable set (YAML 1.2 §5.1); anything else makes the parser give up with a vague position.
_NON_PRINTABLE = re.compile(
    "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
)


class YamlProblem(Exception):
    def __init__(self, position: Position, message: str):
        self.position = position
        super().__init__(message)


def _mark(mark: Any) -> Position:
    return Position(mark.line + 1, mark.column + 1)


def _unsupported_tag(tag: str) -> str:
    short = "!!" + tag[len("tag:yaml.org,2002:") :] if tag.startswith("tag:yaml.org,2002:") else tag
    return f"unsupported YAML tag {short}; specs hold plain JSON values only"


@dataclass
class _Alias:
    """Where an alias (`*name`) is written and the node it stands for; positions point at the alias."""

    node: yaml.Node
    start_mark: Any


_NO_KEY = object()


def _resolved_tag(loader: Any, kind: type, event: Any, value: str | None) -> str:
    if event.tag is None or event.tag == "!":
        return loader.resolve(kind, value, event.implicit)
    return event.tag


# The tag of a plain scalar by its text (the resolver tries a list of regular expressions per scalar): keys and
# short values (`type`, `string`, `properties`, `true`) repeat across every spec of a project.
_PLAIN_TAGS: dict[str, str] = {}
_PLAIN_TAG_TEXT = 64  # longer texts (descriptions) rarely repeat
_PLAIN_TAG_ENTRIES = 8192


def _compose(loader: Any) -> yaml.Node | _Alias | None:
    """The single document's node graph, built from parser events with an explicit stack (no recursion)."""
    anchors: dict[str, yaml.Node] = {}
    open_nodes: list[yaml.Node] = []
    pending_keys: list[Any] = []  # per open mapping: the key that waits for its value
    root: Any = None
    documents = 0
    get_event, resolve = loader.get_event, loader.resolve
    while True:
        event = get_event()
        cls = event.__class__
        if cls is yaml.ScalarEvent:  # by far the most common event: keep its path short
            tag = event.tag
            if tag is None or tag == "!":
                if event.implicit[0]:  # a plain scalar: its tag depends on its text alone
                    tag = _PLAIN_TAGS.get(event.value)
                    if tag is None:
                        tag = resolve(yaml.ScalarNode, event.value, event.implicit)
                        if len(event.value) <= _PLAIN_TAG_TEXT and len(_PLAIN_TAGS) < _PLAIN_TAG_ENTRIES:
                            _PLAIN_TAGS[event.value] = tag
                else:
                    tag = _STR
            item: Any = yaml.ScalarNode(
                tag, event.value, event.start_mark, event.end_mark, event.style
            )
            if event.anchor is not None:
                anchors[event.anchor] = item
        elif cls is yaml.SequenceStartEvent or cls is yaml.MappingStartEvent:
            kind = yaml.SequenceNode if cls is yaml.SequenceStartEvent else yaml.MappingNode
            node = kind(
                _resolved_tag(loader, kind, event, None),
                [],
                event.start_mark,
                None,
                event.flow_style,
            )
            if len(open_nodes) >= MAX_DEPTH:
                raise YamlProblem(
                    _mark(event.start_mark), f"nesting deeper than {MAX_DEPTH} levels"
                )
            if event.anchor is not None:
                # registered before its content, so a self-reference is found (and refused) later
                anchors[event.anchor] = node
            if open_nodes:
                _attach(node, open_nodes[-1], pending_keys)
            else:
                root = node
            open_nodes.append(node)
            pending_keys.append(_NO_KEY)
            continue
        elif cls is yaml.SequenceEndEvent or cls is yaml.MappingEndEvent:
            open_nodes.pop().end_mark = event.end_mark
            pending_keys.pop()
            continue  # attached when it was opened
        elif cls is yaml.AliasEvent:
            if event.anchor not in anchors:
                raise YamlProblem(
                    _mark(event.start_mark),
                    f"YAML syntax: alias *{event.anchor} has no anchor &{event.anchor} before it",
                )
            item = _Alias(anchors[event.anchor], event.start_mark)
        elif cls is yaml.DocumentStartEvent:
            documents += 1
            if documents > 1:
                raise YamlProblem(
                    _mark(event.start_mark),
                    "a spec file holds one YAML document; found a second one",
                )
            continue
        elif cls is yaml.StreamEndEvent:
            return root
        else:  # StreamStartEvent, DocumentEndEvent
            continue
        if open_nodes:
            _attach(item, open_nodes[-1], pending_keys)
        else:
            root = item


def _attach(item: Any, parent: yaml.Node, pending_keys: list[Any]) -> None:
    if parent.__class__ is yaml.SequenceNode:
        parent.value.append(item)
    elif pending_keys[-1] is _NO_KEY:
        pending_keys[-1] = item
    else:
        parent.value.append((pending_keys[-1], item))
        pending_keys[-1] = _NO_KEY


class _Builder:
    """Turns a node graph into JSON values, recording positions and problems, rejecting bombs."""

    def __init__(self, document: LocatedDocument):
        self.document = document
        self.expanded = 0
        self.aliased_characters = 0
        self.active: set[int] = set()
        # where the alias being expanded is written, so a bomb is reported at the alias that set it off
        self.outermost_alias: Position | None = None

    def problem(self, position: Position, message: str) -> None:
        self.document.problems.append(
            Diagnostic(self.document.file, position.line, position.column, message)
        )

    def build(self, item: yaml.Node | _Alias, path: Path, depth: int = 0) -> Any:
        position = _mark(item.start_mark)
        # the value of an alias is positioned where the alias is written
        self.document.value_positions.setdefault(path, position)
        if isinstance(item, _Alias) and id(item.node) in self.active:
            raise YamlProblem(position, "recursive alias: a node refers to itself")
        if isinstance(item, _Alias) and self.outermost_alias is None:
            self.outermost_alias = position
            try:
                return self.build(item.node, path, depth)
            finally:
                self.outermost_alias = None
        node = item.node if isinstance(item, _Alias) else item
        self.expanded += 1
        if self.expanded > MAX_EXPANDED_NODES:
            raise YamlProblem(
                self.outermost_alias or position,
                f"aliases expand the document to more than {MAX_EXPANDED_NODES} values "
                "(an alias bomb?); specs must stay small",
            )
        if depth > MAX_DEPTH:
            raise YamlProblem(position, f"nesting deeper than {MAX_DEPTH} levels")
        if isinstance(node, yaml.ScalarNode):
            if self.outermost_alias is not None:
                self._count_aliased(len(node.value))
            return self._scalar(node, position)
        self.active.add(id(node))
        try:
            if isinstance(node, yaml.SequenceNode):
                if node.tag != _SEQ:
                    self.problem(position, _unsupported_tag(node.tag))
                return [
                    self.build(child, path + (i,), depth + 1) for i, child in enumerate(node.value)
                ]
            if node.tag != _MAP:
                self.problem(position, _unsupported_tag(node.tag))
            return self._mapping(node, path, depth)
        finally:
            self.active.discard(id(node))

    def _count_aliased(self, characters: int) -> None:
        self.aliased_characters += characters
        if self.aliased_characters > MAX_ALIASED_CHARACTERS:
            raise YamlProblem(
                self.outermost_alias or Position(1, 1),
                f"aliases repeat more than {MAX_ALIASED_CHARACTERS} characters of text "
                "(an alias bomb?); specs must stay small",
            )

    def _scalar(self, node: yaml.ScalarNode, position: Position) -> Any:
        """The JSON value of a scalar; a scalar that is not one is reported and kept as its text."""
        tag, text = node.tag, node.value
        if tag == _STR:
            return text
        if tag not in _SCALAR_SYNTAX:
            self.problem(position, _unsupported_tag(tag))
            return text
        if not _SCALAR_SYNTAX[tag].match(text):
            short, meaning = _TAG_MEANS[tag]
            self.problem(
                position,
                f"{json.dumps(text, ensure_ascii=False)} is tagged {short} but is not {meaning}",
            )
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
        lowered = text.lower()
        if lowered.endswith(".inf") or lowered.endswith(".nan"):
            self.problem(position, f"{text} is not a JSON number")
            return text
        value = float(text)
        if not math.isfinite(value):
            self.problem(position, f"{text} is too large for a JSON number")
            return text
        return value

    def _key(self, item: yaml.Node | _Alias) -> str | None:
        node = item.node if isinstance(item, _Alias) else item
        if not isinstance(node, yaml.ScalarNode):
            self.problem(_mark(item.start_mark), "mapping keys must be strings")
            return None
        if node.value == "<<" and not node.style and node.tag == _STR:  # plain style: None or ""
            # YAML 1.2 has no merge keys; whoever wrote a plain `<<` expected a YAML 1.1 merge.
            self.problem(
                _mark(item.start_mark),
                "merge keys ('<<') are not supported in specs; write the keys out",
            )
            return None
        # Keys are names, so `yes:`, `1:` or `null:` stay the strings they look like.
        return node.value

    def _mapping(self, node: yaml.MappingNode, path: Path, depth: int) -> dict[str, Any]:
        result: dict[str, Any] = {}
        first_seen: dict[str, Position] = {}
        for key_item, value_item in node.value:
            key = self._key(key_item)
            if key is None:
                continue
            position = _mark(key_item.start_mark)
            if key in first_seen:
                earlier = first_seen[key]
                self.problem(
                    position,
                    f"duplicate key {json.dumps(key, ensure_ascii=False)} (first defined at line {earlier.line}, "
                    f"column {earlier.column})",
                )
                continue  # the first definition stands, so the rest of the spec is still checked
            first_seen[key] = position
            if self.outermost_alias is not None:
                self._count_aliased(len(key))
            self.document.key_positions[path + (key,)] = position
            result[key] = self.build(value_item, path + (key,), depth + 1)
        return result


def _decode(file: str, data: bytes) -> str | Diagnostic:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        line = before.count(b"\n") + 1
        column = len(before[before.rfind(b"\n") + 1 :].decode("utf-8", errors="replace")) + 1
        return Diagnostic(
            file,
            line,
            column,
            f"invalid UTF-8 (byte 0x{data[exc.start]:02x}); spec files are UTF-8",
        )


def _non_printable(file: str, text: str) -> Diagnostic | None:
    found = _NON_PRINTABLE.search(text)
    if not found:
        return None
    start = found.start()
    line = text.count("\n", 0, start) + 1
    column = start - (text.rfind("\n", 0, start) + 1) + 1
    code = ord(found.group())
    return Diagnostic(
        file,
        line,
        column,
        f"YAML syntax: control character U+{code:04X} is not allowed; "
        f'write it as an escape inside a double-quoted string ("\\u{code:04x}")',
    )


def _char_at(text: str, line: int, column: int) -> str:
    """The character at a 0-based line and column, or '' past the end."""
    lines = text.split("\n", line + 1)
    return lines[line][column : column + 1] if line < len(lines) else ""


def size_problem(file: str, size: int, max_bytes: int) -> Diagnostic:
    return Diagnostic(
        file,
        1,
        1,
        f"file is {size} bytes; the limit is {max_bytes} bytes (raise it with --max-spec-bytes)",
    )


def load_yaml(
    file: str, data: bytes, max_bytes: int = DEFAULT_MAX_BYTES
) -> LocatedDocument | Diagnostic:
    """Parse `data` (the bytes of `file`).

    Returns the document (with any recoverable problems in `problems`) or the one problem that stopped the
    load, located.
    """
    if len(data) > max_bytes:
        return size_problem(file, len(data), max_bytes)
    text = _decode(file, data)
    if isinstance(text, Diagnostic):
        return text
    unprintable = _non_printable(file, text)
    if unprintable:
        return unprintable
    # one object per key and value and no cycles: pausing the collector halves the time a large spec takes
    with collector.paused():
        return _parse(file, text)


def _parse(file: str, text: str) -> LocatedDocument | Diagnostic:
    try:
        loader = _Yaml12Loader(text)
        try:
            root = _compose(loader)
        finally:
            loader.dispose()
    except YamlProblem as exc:
        return Diagnostic(file, exc.position.line, exc.position.column, str(exc))
    except yaml.MarkedYAMLError as exc:
        mark, opened = exc.problem_mark or exc.context_mark, exc.context_mark
        problem = exc.problem or exc.context or "invalid YAML"
        if "maximum nesting depth" in problem:
            # PyYAML >= 6.0.4 stops deep flow nesting in its own scanner, before our composer's limit: same answer.
            line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
            return Diagnostic(file, line, column, f"nesting deeper than {MAX_DEPTH} levels")
        if exc.context and exc.problem and opened is not None and mark is not None:
            if not text[mark.index :].strip():
                # The parser ran off the end of the file: the quote, bracket or brace it was in was never
                # closed, and that is where a person fixes it (an unterminated quote at 2:14, not at 5:1).
                mark = opened
                problem = f"{exc.context} that opens here, never closed: {exc.problem}"
            elif (opened.line, opened.column) != (mark.line, mark.column):
                context = f"{exc.context} that opens at {opened.line + 1}:{opened.column + 1}"
                problem = f"{exc.problem} ({context})"
            else:
                problem = f"{exc.problem} ({exc.context})"
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        if mark and _char_at(text, mark.line, mark.column) == "\t":
            problem += "; YAML indents with spaces, never tabs"
        return Diagnostic(file, line, column, f"YAML syntax: {problem}")
    except (
        yaml.YAMLError
    ) as exc:  # pragma: no cover - the reader's errors are caught by _non_printable
        return Diagnostic(file, 1, 1, f"YAML syntax: {' '.join(str(exc).split())}")
    if root is None:
        return Diagnostic(
            file, 1, 1, "empty file: a spec is a mapping with at least name and description"
        )
    document = LocatedDocument(file=file, value=None)
    try:
        document.value = _Builder(document).build(root, ())
    except YamlProblem as exc:
        return Diagnostic(file, exc.position.line, exc.position.column, str(exc))
    document.problems.sort()
    return document
