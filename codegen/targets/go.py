"""Go target: package `tools`, one file per tool plus `tools.go` (registry and shared helpers).

Per tool: a params struct (and the structs, enums and named types it needs), the spec's schema as a
`map[string]any` parsed once at package init, and `XTool(handler) copilot.Tool`. The tool is built as a
`copilot.Tool` literal, not with `copilot.DefineTool`: DefineTool derives the schema by reflection, which panics on
descriptions such as `a=b` and on recursive types, and would not send the spec's schema anyway.

Every identifier, literal and doc line is decided here; `templates/go/tool.go.j2` spells the `copilot.Tool`
literal and each option. The output is exactly what gofmt prints: gofmt aligns struct fields, const specs and keyed
literals in columns (blocks of consecutive lines, broken by comment lines), and reformats top-level doc comments;
`_align`, the template's `field` macro and `doc_lines` produce that form directly, so no Go toolchain is needed.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import ir
from ..defaultfit import DefaultFit
from ..errors import ConfigError, Diagnostic
from ..naming import (
    WINDOWS_RESERVED_FILE_STEMS,
    Renamed,
    Words,
    join_cased,
    snake,
    unique_identifiers,
)
from . import go_doc
from .base import PlannedFile, Reporter, Target
from .go_doc import comment_suffix, join_parts
from .json_layout import compact_json, pretty_json

SDK_MODULE = "github.com/github/copilot-sdk/go"
SDK_VERSION = "v1.0.14"  # what the real-SDK test compiles against
SDK_ALIAS = "copilot"  # the SDK's package name; its import path ends in `go`, so it is always imported by name
DEFAULT_PACKAGE = "tools"  # the `package` option overrides it
REGISTRY_STEM = "tools"  # tools.go

# https://go.dev/ref/spec#Keywords and #Predeclared_identifiers. Generated package-level names are exported
# (upper case) or end in Schema/Metadata, so they cannot be one of these; they are still counted as taken, so a
# future naming change cannot silently produce one.
GO_KEYWORDS = frozenset(
    "break case chan const continue default defer else fallthrough for func go goto if import interface map "
    "package range return select struct switch type var".split()
)
GO_PREDECLARED = frozenset(
    "any bool byte comparable complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string "
    "uint uint8 uint16 uint32 uint64 uintptr true false iota nil append cap clear close complex copy delete imag "
    "len make max min new panic print println real recover".split()
)
# golint's common initialisms: `user_id` → UserID, `url` → URL.
INITIALISMS = frozenset(
    "ACL API ASCII CPU CSS DNS EOF GUID HTML HTTP HTTPS ID IP JSON LHS QPS RAM RHS RPC SLA SMTP SQL SSH TCP TLS "
    "TTL UDP UI UID UUID URI URL UTF8 VM XML XMPP XSRF XSS".split()
)
# go/build reads `name_<GOOS>.go`, `name_<GOARCH>.go` and `name_test.go` as build constraints; a tool whose file
# name ends like that would silently vanish from most builds (lists from go/build's syslist.go).
KNOWN_OS = frozenset(
    "aix android darwin dragonfly freebsd hurd illumos ios js linux nacl netbsd openbsd plan9 solaris wasip1 "
    "windows zos".split()
)
KNOWN_ARCH = frozenset(
    "386 amd64 amd64p32 arm armbe arm64 arm64be loong64 mips mipsle mips64 mips64le mips64p32 mips64p32le ppc "
    "ppc64 ppc64le riscv riscv64 s390 s390x sparc sparc64 wasm".split()
)

# Names tools.go defines; tool-derived names never take them.
REGISTRY_NAMES = ("All", "Handlers", "Nullable")
HELPER_NAMES = (
    "typedHandler",
    "untypedHandler",
    "toolResult",
    "parseJSONObject",
    "wireField",
    "decodeObject",
    "encodeObject",
    "fieldDefault",
    "decodeWithDefaults",
    "applyDefaults",
)
# Methods a struct may get (its JSON codec); a field must not share a method's name.
METHOD_NAMES = ("MarshalJSON", "UnmarshalJSON")
EXTRA_FIELD_WORDS = ("additional", "properties")

SCALAR_TYPES = {"string": "string", "integer": "int64", "number": "float64", "boolean": "bool"}

# Punctuation encoding/json accepts in a struct tag's name (`isValidTag`); any other non-letter, non-digit
# character makes it ignore the tag and use the Go field name, so such properties are decoded by name instead.
_TAG_PUNCTUATION = frozenset("!#$%&()*+-./:;<=>?@[]^_{|}~ ")
# In doc comments gofmt rewrites `` (not part of ```) as “ and '' as ”: a space goes after the first of each pair.
# The ASCII characters json_tag_name_ok accepts: letters, digits and _TAG_PUNCTUATION.
_ASCII_TAG_NAME = re.compile("[A-Za-z0-9" + re.escape("".join(sorted(_TAG_PUNCTUATION))) + "]*")
# Words left out of character names in enum constants: EQUALS SIGN → Equals, EXCLAMATION MARK → Exclamation.
_SHORT_ESCAPES = {
    "\a": r"\a",
    "\b": r"\b",
    "\f": r"\f",
    "\n": r"\n",
    "\r": r"\r",
    "\t": r"\t",
    "\v": r"\v",
}


# -- identifiers -------------------------------------------------------------------------------------------


def _go_word(word: str) -> str:
    upper = word.upper()
    return upper if upper in INITIALISMS else word[:1].upper() + word[1:]


def exported(words: Iterable[str]) -> str:
    """Exported Go identifier with golint initialisms: ('user', 'id') → UserID, ('the', '2fa') → The2fa."""
    return join_cased(_go_word(word) for word in words)


def unexported(words: Sequence[str]) -> str:
    """Unexported Go identifier: ('url', 'schema') → urlSchema, ('web', 'fetch', 'schema') → webFetchSchema."""
    return words[0].lower() + exported(words[1:])


def file_stem(words: Words) -> str:
    """snake_case file name, with `_tool` appended when go/build would read the ending as a build constraint."""
    stem = snake(words)
    parts = stem.split("_")
    if len(parts) > 1 and parts[-1] in KNOWN_OS | KNOWN_ARCH | {"test"}:
        stem += "_tool"
    return stem


# -- escaping ----------------------------------------------------------------------------------------------


def _code_point_escape(char: str) -> str:
    code = ord(char)
    if 0xD800 <= code <= 0xDFFF:
        raise ValueError(f"lone surrogate U+{code:04X} cannot be written as Go source")
    if code < 0x80:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def go_string(text: str) -> str:
    """A Go interpreted string literal for `text`: quotes and backslashes escaped, every character Go would not
    print (controls, U+2028/U+2029, bidi and other format characters, BOM, non-ASCII spaces) as an escape.
    """
    # Fast path (most text): one C-level scan finds nothing to escape. Every short escape is a control
    # character, which isprintable rejects, so the result equals the per-character loop's.
    if text.isprintable() and '"' not in text and "\\" not in text:
        return '"' + text + '"'
    return _go_string_escaped(text)


def _go_string_escaped(text: str) -> str:
    """go_string, one character at a time (any text; the fast path's reference)."""
    out = []
    for char in text:
        if char in ('"', "\\"):
            out.append("\\" + char)
        elif char in _SHORT_ESCAPES:
            out.append(_SHORT_ESCAPES[char])
        elif char.isprintable():  # Python's isprintable is Go's strconv.IsPrint: L, M, N, P, S, ' '
            out.append(char)
        else:
            out.append(_code_point_escape(char))
    return '"' + "".join(out) + '"'


def comment_text(text: str) -> str:
    """One line of a `//` comment: characters that are invisible, reorder text or end the line are shown as
    Go-style escapes, so a comment can neither hide code nor spill onto the next line."""
    # Fast path: nothing to show as an escape (every short escape is a control character).
    if text.isprintable():
        return text
    return _comment_text_escaped(text)


def _comment_text_escaped(text: str) -> str:
    """comment_text, one character at a time (any text; the fast path's reference)."""
    return "".join(
        _SHORT_ESCAPES.get(char) or (char if char.isprintable() else _code_point_escape(char))
        for char in text
    )


def doc_lines(text: str | None) -> list[str]:
    """The lines of a description as a doc comment in gofmt's form, without the `//` (codegen.targets.go_doc)."""
    return go_doc.doc_lines(text, comment_text)


def comment_lines(lines: Iterable[str]) -> list[str]:
    """Doc lines as the text after `//` that the templates print (a blank line is a bare `//`)."""
    return [comment_suffix(line) for line in lines]


def json_tag_name_ok(wire_name: str) -> bool:
    """True when encoding/json can name this property in a struct tag (letters, digits, some punctuation)."""
    if wire_name in ("", "-"):  # "" means "use the field name", "-" means "skip this field"
        return False
    if wire_name.isascii():  # ASCII letters and digits are exactly its L* and Nd characters
        return _ASCII_TAG_NAME.fullmatch(wire_name) is not None
    for char in wire_name:
        category = unicodedata.category(char)
        if char not in _TAG_PUNCTUATION and not (category.startswith("L") or category == "Nd"):
            return False
    return True


def struct_tag(wire_name: str, omit: str | None) -> str:
    """The field's raw-string struct tag, with the `omitempty` or `omitzero` option; `json:"-"` for a property
    decoded by name (see json_tag_name_ok)."""
    if not json_tag_name_ok(wire_name):
        return '`json:"-"`'
    return f'`json:"{wire_name}{"," + omit if omit else ""}"`'


def _json_escape(char: str) -> str:
    code = ord(char)
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def raw_json(value: Any) -> str:
    """`value` as indented JSON that is safe inside a Go raw string literal (backquotes).

    A raw string ends at a backquote and drops carriage returns, so both (and every character that is invisible
    or reorders text) are written as JSON escapes; they can only occur inside JSON strings, so the value parses
    back unchanged. Numbers keep their spelling (the Go side decodes with UseNumber).
    """
    return _raw_json_safe(pretty_json(value))


def _raw_json_safe(text: str) -> str:
    """JSON text with backquotes and characters that are invisible or not printable (but line breaks) escaped."""
    # Fast path: one C-level scan finds nothing to escape.
    if "`" not in text and text.replace("\n", "").isprintable():
        return text
    return _raw_json_escaped(text)


def _raw_json_escaped(text: str) -> str:
    """_raw_json_safe, one character at a time (any text; the fast path's reference)."""
    return "".join(
        char if char == "\n" or (char != "`" and char.isprintable()) else _json_escape(char)
        for char in text
    )


def json_comment(value: Any) -> str:
    """A JSON value on one comment line (for defaults and enum values in docs)."""
    return comment_text(compact_json(value))


def go_literal(value: Any) -> str:
    """A Go constant literal for an enum value (string, bool, integer or float)."""
    if isinstance(value, str):
        return go_string(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    raise TypeError(f"no Go constant for {value!r}")


# -- gofmt layout --------------------------------------------------------------------------------------------


def _align(rows: Sequence[Sequence[str]]) -> list[str]:
    """Rows of cells as gofmt's tabwriter lays out one block: every cell but a row's last is padded to its
    column's widest cell plus one space (width in runes, as tabwriter counts)."""
    widths: list[int] = []
    for row in rows:
        for index, cell in enumerate(row[:-1]):
            if index == len(widths):
                widths.append(0)
            widths[index] = max(widths[index], len(cell))
    return [
        "".join(cell.ljust(widths[i] + 1) for i, cell in enumerate(row[:-1])) + row[-1]
        for row in rows
    ]


@dataclass(frozen=True)
class Line:
    """One line of a struct or const body: doc comment lines above it, then its aligned code."""

    doc: list[str]
    code: str


def layout(entries: Sequence[tuple[list[str], Sequence[str]]]) -> list[Line]:
    """(doc lines, cells) entries as gofmt prints them: a comment line ends an alignment block."""
    lines: list[Line] = []
    block: list[tuple[list[str], Sequence[str]]] = []

    def flush() -> None:
        for (doc, _), code in zip(block, _align([cells for _, cells in block])):
            lines.append(Line(doc, code))
        block.clear()

    for doc, cells in entries:
        if doc:
            flush()
        block.append((doc, cells))
    flush()
    return lines


# -- naming over the whole package --------------------------------------------------------------------------


class _Namer:
    """Hands out names in one scope (e.g. the package: all tools share it), reporting each rename as a warning."""

    def __init__(
        self, report: Reporter, taken: Iterable[str], casefold: bool = False, suffix: str = ""
    ):
        self.report = report
        self.casefold = casefold  # file names must differ on case-insensitive file systems too
        self.suffix = suffix  # shown in messages: ".go" for file names
        self._by_key = {self._key(name): name for name in taken}

    def _key(self, name: str) -> str:
        return name.casefold() if self.casefold else name

    def claim(
        self, candidates: list[str], where: list[tuple[str, int, int]], what: list[str]
    ) -> list[str]:
        # The scope is looked up, not copied: naming a package stays linear in its number of tools.
        chosen, renamed = unique_identifiers(candidates, self._by_key, casefold=self.casefold)
        self._by_key.update((self._key(name), name) for name in chosen)
        for index, item in _renames(candidates, chosen, renamed):
            file, line, column = where[index]
            self.report.warn(file, line, column, rename_message(what[index], item, self.suffix))
        return chosen


def rename_message(what: str, item: Renamed, suffix: str = "") -> str:
    return (
        f'go: {what} would be "{item.original}{suffix}", which is already taken; '
        f'named "{item.chosen}{suffix}"'
    )


def _renames(
    candidates: list[str], chosen: list[str], renamed: list[Renamed]
) -> Iterable[tuple[int, Renamed]]:
    """(index, rename) for every candidate that had to change."""
    by_choice = {item.chosen: item for item in renamed}
    for index, (candidate, name) in enumerate(zip(candidates, chosen)):
        if candidate != name:
            yield index, by_choice[name]


def _type_refs(type_ref: ir.TypeRef) -> Iterable[Words]:
    if isinstance(type_ref, ir.NamedType):
        yield type_ref.name
    for inner in (
        getattr(type_ref, "items", None),
        getattr(type_ref, "values", None),
        getattr(type_ref, "inner", None),
    ):
        if inner is not None:
            yield from _type_refs(inner)


def _decl_positions(tool: ir.Tool) -> dict[Words, tuple[int, int]]:
    """Where each declaration comes from in the spec: the first property that uses it, else the tool."""
    positions: dict[Words, tuple[int, int]] = {}
    for decl in tool.decls:
        if isinstance(decl, ir.StructDecl):
            for field in decl.fields:
                for name in _type_refs(field.type):
                    positions.setdefault(name, (field.line, field.column))
    return positions


@dataclass
class _ToolNames:
    """The package-level names of one tool, decided before any file is rendered."""

    decls: dict[Words, str]
    factory: str
    schema_var: str | None
    metadata_var: str | None
    constants: dict[Words, list[str]]  # enum name → one constant per member
    handler_field: str
    file: str


def plan_names(tools: list[ir.Tool], report: Reporter) -> list[_ToolNames]:
    """Every tool's package-level names, unique across the package, in path order (earlier tools keep theirs)."""
    namer = _Namer(
        report, [*REGISTRY_NAMES, *HELPER_NAMES, *GO_KEYWORDS, *GO_PREDECLARED, SDK_ALIAS]
    )
    handler_namer = _Namer(report, [])
    # `con.go` and the other Windows device names cannot be checked out on Windows.
    file_namer = _Namer(
        report, [REGISTRY_STEM, *sorted(WINDOWS_RESERVED_FILE_STEMS)], casefold=True, suffix=".go"
    )
    result = []
    for tool in tools:
        here = (tool.source, tool.line, tool.column)
        positions = _decl_positions(tool)
        decl_where = [
            (tool.source, *positions.get(d.name, (tool.line, tool.column))) for d in tool.decls
        ]
        decl_names = namer.claim(
            [exported(d.name) for d in tool.decls],
            decl_where,
            [f"the type for {snake(d.name)}" for d in tool.decls],
        )
        (factory,) = namer.claim(
            [exported(tool.words + ("tool",))], [here], ["the factory function"]
        )
        schema_var = metadata_var = None
        if tool.wire_parameters is not None:
            (schema_var,) = namer.claim(
                [unexported(tool.words + ("schema",))], [here], ["the schema variable"]
            )
        if tool.options.metadata:
            (metadata_var,) = namer.claim(
                [unexported(tool.words + ("metadata",))], [here], ["the metadata variable"]
            )
        decls = dict(zip((d.name for d in tool.decls), decl_names))
        constants: dict[Words, list[str]] = {}
        for decl, go_name, where in zip(tool.decls, decl_names, decl_where):
            if isinstance(decl, ir.EnumDecl) and decl.base != "mixed":
                members = [go_name + exported(member.words) for member in decl.members]
                constants[decl.name] = namer.claim(
                    members,
                    [where] * len(members),
                    [f"the constant for enum value {json_comment(m.value)}" for m in decl.members],
                )
        (handler_field,) = handler_namer.claim(
            [exported(tool.words)], [here], ["the Handlers field"]
        )
        (file,) = file_namer.claim([file_stem(tool.words)], [here], ["the file name"])
        result.append(
            _ToolNames(decls, factory, schema_var, metadata_var, constants, handler_field, file)
        )
    return result


# -- types ---------------------------------------------------------------------------------------------------


class _Types:
    """Go spellings of one tool's types; `TYPE_MAP` has one entry per IR type kind."""

    def __init__(self, tool: ir.Tool, names: _ToolNames):
        self.decls = {decl.name: decl for decl in tool.decls}
        self.names = names
        # encoding/json decodes null into any field (a pointer becomes nil, a value is left as it is)
        self.fit = DefaultFit(tool, lambda field: True)

    def go(self, type_ref: ir.TypeRef) -> str:
        return TYPE_MAP[type_ref.kind](type_ref, self)

    def named(self, name: Words) -> str:
        return self.names.decls[name]

    def nilable(self, type_ref: ir.TypeRef, seen: frozenset[Words] = frozenset()) -> bool:
        """Whether the Go type already has nil (slice, map, interface, pointer): no pointer needed for absence."""
        if isinstance(type_ref, ir.ScalarType):
            return False
        if not isinstance(type_ref, ir.NamedType):
            return True  # any, null, array, map, nullable (a pointer or another nilable type)
        if type_ref.name in seen:
            return False
        decl = self.decls[type_ref.name]
        if isinstance(decl, ir.EnumDecl):
            return decl.base == "mixed"
        if isinstance(decl, ir.AliasDecl):
            return self.nilable(decl.target, seen | {type_ref.name})
        return False

    def alias_cycle(self, alias: ir.AliasDecl) -> bool:
        """Whether the alias reaches itself without passing through a struct (which Go type aliases cannot)."""
        seen: set[Words] = set()
        pending = list(_type_refs(alias.target))
        while pending:
            name = pending.pop()
            if name == alias.name:
                return True
            decl = self.decls[name]
            if name not in seen and isinstance(decl, ir.AliasDecl):
                seen.add(name)
                pending.extend(_type_refs(decl.target))
        return False

    def recursive_struct(self, type_ref: ir.TypeRef, seen: frozenset[Words] = frozenset()) -> bool:
        """Whether the type is (an alias of) a struct in a reference cycle: a value field of it needs a pointer."""
        if not isinstance(type_ref, ir.NamedType) or type_ref.name in seen:
            return False
        decl = self.decls[type_ref.name]
        if isinstance(decl, ir.AliasDecl):
            return self.recursive_struct(decl.target, seen | {type_ref.name})
        return isinstance(decl, ir.StructDecl) and decl.recursive


TYPE_MAP: dict[str, Callable[[Any, _Types], str]] = {
    "any": lambda t, types: "any",
    # No typed unions in Go (docs/decisions.md, "Real tools"): the JSON value type; the branches' structs are
    # still declared, for decoding by hand.
    "union": lambda t, types: "any",
    "scalar": lambda t, types: SCALAR_TYPES[t.scalar],
    "null": lambda t, types: "any",  # only null is valid: an interface that stays nil
    "array": lambda t, types: "[]" + types.go(t.items),
    "map": lambda t, types: "map[string]" + types.go(t.values),
    "named": lambda t, types: types.named(t.name),
    "nullable": lambda t, types: (
        types.go(t.inner) if types.nilable(t.inner) else "*" + types.go(t.inner)
    ),
}


# -- view model ----------------------------------------------------------------------------------------------


def _field_type(field: ir.Field, owner: ir.StructDecl, types: _Types, defaulted: bool) -> str:
    """Optional values are pointers (nil = absent) unless nil already exists or the schema's default fills them
    in; a required value of a recursive struct inside a recursive struct is a pointer too, or the type would
    contain itself."""
    go_type = types.go(field.type)
    if types.nilable(field.type):
        return go_type
    if not (field.required or defaulted) or (owner.recursive and types.recursive_struct(field.type)):
        return "*" + go_type
    return go_type


def _nullable_inner(field: ir.Field, types: _Types) -> ir.TypeRef | None:
    """The value type of an optional property whose schema allows null and gives no default: its field is a
    Nullable, so the handler can tell a call that left it out from one that gave null. (A default, even null,
    fills the left-out case; not for a struct in a reference cycle, which Nullable would hold by value.)"""
    if not field.null_differs_from_absent or not isinstance(field.type, ir.NullableType):
        return None
    if types.recursive_struct(field.type.inner):
        return None
    return field.type.inner


def _applied_default(field: ir.Field, types: _Types, tool: ir.Tool, report: Reporter) -> bool:
    """Whether decoding fills the field with its schema default when a call leaves the property out, as the
    other languages' models do. A default the Go type cannot hold is left out, with a warning."""
    if field.required or not field.has_default or field.default is None:
        return False
    if types.fit.fits(field.type, field.default):
        return True
    report.warn(
        tool.source,
        field.line,
        field.column,
        f"go: the default of {json_comment(field.wire_name)} does not fit the Go type `{types.go(field.type)}`; "
        "the field stays nil when the property is left out (the wire schema still carries the default)",
    )
    return False


def _field_doc(field: ir.Field) -> list[str]:
    default = [f"Default: {json_comment(field.default)}."] if field.has_default else []
    return comment_lines(join_parts(doc_lines(field.description), default))


def _struct_view(
    decl: ir.StructDecl, tool: ir.Tool, types: _Types, report: Reporter, doc: list[str]
) -> dict:
    go_name = types.named(decl.name)
    candidates = [exported(field.words) for field in decl.fields]
    chosen, renamed = unique_identifiers(candidates, METHOD_NAMES)
    for index, item in _renames(candidates, chosen, renamed):
        field = decl.fields[index]
        what = f"the field for property {json_comment(field.wire_name)} of {go_name}"
        report.warn(tool.source, field.line, field.column, rename_message(what, item))
    entries: list[tuple[list[str], Sequence[str]]] = []
    by_name: list[tuple[ir.Field, str, str | None]] = []  # properties a tag cannot name; when to omit them
    defaults: list[str] = []
    for field, name in zip(decl.fields, chosen):
        defaulted = _applied_default(field, types, tool, report)
        nullable = _nullable_inner(field, types)
        if nullable is not None:
            go_type = f"Nullable[{types.go(nullable)}]"
            tag, omit = struct_tag(field.wire_name, "omitzero"), f"!s.{name}.Set"
        else:
            optional = not (field.required or defaulted)
            go_type = _field_type(field, decl, types, defaulted)
            tag = struct_tag(field.wire_name, "omitempty" if optional else None)
            omit = f"s.{name} == nil" if optional else None
        entries.append((_field_doc(field), (name, go_type, tag)))
        if not json_tag_name_ok(field.wire_name):
            by_name.append((field, name, omit))
        if defaulted:
            defaults.append(
                f"{{name: {go_string(field.wire_name)}, value: &s.{name}, json: "
                f"`{_raw_json_safe(compact_json(field.default))}`}}"
            )
    extra_field = None
    if not isinstance(decl.additional, str):  # a schema for extra properties: they go into a map
        (extra_field,), _ = unique_identifiers(
            [exported(EXTRA_FIELD_WORDS)], [*chosen, *METHOD_NAMES]
        )
        entries.append(
            (
                comment_lines([f"{extra_field} holds the properties not declared above."]),
                (extra_field, "map[string]" + types.go(decl.additional), '`json:"-"`'),
            )
        )
    codec = None
    if by_name or extra_field:
        codec = _codec_view(decl, by_name, extra_field)
    return {
        "kind": "struct",
        "name": go_name,
        "doc": doc,
        "fields": layout(entries),
        "codec": codec,
        "defaults": defaults,
    }


def _codec_view(
    decl: ir.StructDecl, by_name: list[tuple[ir.Field, str, str | None]], extra_field: str | None
) -> dict:
    """MarshalJSON/UnmarshalJSON arguments for a struct with properties a tag cannot name or extra properties."""
    decode = [f"{{name: {go_string(f.wire_name)}, value: &s.{name}}}" for f, name, _ in by_name]
    encode = [
        f"{{name: {go_string(f.wire_name)}, value: s.{name}"
        + (f", omit: {omit}}}" if omit else "}")
        for f, name, omit in by_name
    ]
    declared = ", ".join(go_string(field.wire_name) for field in decl.fields)
    return {
        "decode_fields": decode,
        "encode_fields": encode,
        "fields_arg": "fields" if by_name else "nil",
        "decode_extra": f"&s.{extra_field}" if extra_field else "nil",
        "encode_extra": f"s.{extra_field}" if extra_field else "nil",
        "declared": f"[]string{{{declared}}}" if extra_field and decl.fields else "nil",
    }


def _enum_view(decl: ir.EnumDecl, types: _Types, doc: list[str]) -> dict:
    go_name = types.named(decl.name)
    if decl.base == "mixed":  # no Go type holds both strings and numbers as constants: an interface
        values = ", ".join(json_comment(member.value) for member in decl.members)
        return {
            "kind": "alias",
            "name": go_name,
            "doc": join_parts(doc, [f"Allowed values: {values}."]),
            "assign": " = ",
            "target": "any",
        }
    base = SCALAR_TYPES[decl.base]
    if decl.base == "integer" and any(
        not -(2**63) <= member.value < 2**63 for member in decl.members
    ):
        # An int64 constant would overflow; float64 holds (rounds) any JSON integer.
        base = "float64"
    names = types.names.constants[decl.name]
    rows = [
        (name, go_name, "= " + go_literal(member.value))
        for name, member in zip(names, decl.members)
    ]
    return {
        "kind": "enum",
        "name": go_name,
        "doc": doc,
        "base": base,
        "constants_doc": f"The values {go_name} allows.",
        "constants": _align(rows),
    }


def _alias_view(decl: ir.AliasDecl, types: _Types, doc: list[str]) -> dict:
    # A type alias (`=`) keeps the target's identity (any []string is a Tags) and its methods; only a defined
    # type may refer to itself through aliases alone (`type List []List`).
    return {
        "kind": "alias",
        "name": types.named(decl.name),
        "doc": doc,
        "assign": " " if types.alias_cycle(decl) else " = ",
        "target": types.go(decl.target),
    }


def _decl_doc(decl: ir.Decl, tool: ir.Tool, types: _Types) -> list[str]:
    go_name = types.named(decl.name)
    if decl.name == tool.params:
        lead = f"{go_name} holds the arguments of the {tool.name} tool."
    elif isinstance(decl, ir.StructDecl):
        lead = f"{go_name} is an object in the arguments of the {tool.name} tool."
    elif isinstance(decl, ir.EnumDecl):
        lead = f"{go_name} is a value the {tool.name} tool's schema enumerates."
    else:
        lead = f"{go_name} is a type in the arguments of the {tool.name} tool."
    return join_parts([lead], doc_lines(decl.description))


def _factory_view(tool: ir.Tool, names: _ToolNames) -> dict:
    params = names.decls[tool.params] if tool.params else None
    receives = "the decoded arguments and the invocation" if params else "the invocation"
    doc = join_parts(
        [f"{names.factory} returns the {tool.name} tool, which the model sees as:"],
        doc_lines(tool.description),
        [f"handler receives {receives}; a nil handler declares the tool without handling its calls."],
    )
    return {
        "name": names.factory,
        "doc": comment_lines(doc),
        "handler_type": handler_type(params),
        "tool_name": go_string(tool.name),
        "description": go_string(tool.description),
        "parameters": names.schema_var,
        "metadata": names.metadata_var,
        "typed": params is not None,
    }


def _options_view(options: ir.Options) -> dict:
    return {
        "overrides_built_in_tool": options.overrides_built_in_tool,
        "skip_permission": options.skip_permission,
        "is_terminal": options.is_terminal,
        "defer": options.defer,
    }


def handler_type(params: str | None) -> str:
    if params is None:
        return f"func({SDK_ALIAS}.ToolInvocation) (any, error)"
    return f"func({params}, {SDK_ALIAS}.ToolInvocation) (any, error)"


def header(source: str | None) -> str:
    """The canonical generated-code line (https://go.dev/s/generatedcode), on one line whatever the path holds."""
    origin = f" from {comment_text(source)}" if source else ""
    return f"// Code generated by toolgen{origin}. DO NOT EDIT."


def tool_context(tool: ir.Tool, names: _ToolNames, package: str, report: Reporter) -> dict:
    types = _Types(tool, names)
    decls = []
    for decl in tool.decls:
        doc = _decl_doc(decl, tool, types)
        if isinstance(decl, ir.StructDecl):
            decls.append(_struct_view(decl, tool, types, report, doc))
        elif isinstance(decl, ir.EnumDecl):
            decls.append(_enum_view(decl, types, doc))
        else:
            decls.append(_alias_view(decl, types, doc))
        decls[-1]["doc"] = comment_lines(decls[-1]["doc"])
    values = []
    if names.schema_var:
        values.append(
            {
                "name": names.schema_var,
                "json": raw_json(tool.wire_parameters),
                "doc": comment_lines([
                    f"{names.schema_var} is the {tool.name} tool's parameters schema, exactly as its "
                    "spec writes it.",
                    f"Every tool {names.factory} returns shares it: treat it as read-only.",
                ]),
            }
        )
    if names.metadata_var:
        values.append(
            {
                "name": names.metadata_var,
                "json": raw_json(tool.options.metadata),
                "doc": comment_lines([
                    f"{names.metadata_var} is the {tool.name} tool's metadata, exactly as its spec "
                    "writes it.",
                    f"Every tool {names.factory} returns shares it: treat it as read-only.",
                ]),
            }
        )
    return {
        "header": header(tool.source),
        "package": package,
        "sdk_alias": SDK_ALIAS,
        "sdk_module": SDK_MODULE,
        "factory": _factory_view(tool, names),
        "options": _options_view(tool.options),
        "decls": decls,
        "values": values,
    }


def package_clause(package: str, import_path: str | None) -> str:
    """`package tools`, with the canonical import comment when the `import_path` option gives the package's
    import path (https://go.dev/s/go14customimport; one file of a package carrying it is enough)."""
    if not import_path:
        return f"package {package}"
    if not re.fullmatch(r"[A-Za-z0-9._~/-]+", import_path) or import_path.startswith("/"):
        message = f"go.import_path: {import_path!r} is not a Go import path"  # codegen.config checks it first
        raise ConfigError([Diagnostic("<options>", 1, 1, message)])
    return f'package {package} // import "{import_path}"'


def registry_context(
    tools: list[ir.Tool],
    names: list[_ToolNames],
    package: str,
    codec: bool,
    import_path: str | None = None,
) -> dict:
    methods = [
        {
            "tool": tool.name,
            "name": tool_names.handler_field,
            "params": tool_names.decls[tool.params] if tool.params else None,
        }
        for tool, tool_names in zip(tools, names)
    ]
    return {
        "header": header(None),
        "package": package,
        "package_clause": package_clause(package, import_path),
        "sdk_alias": SDK_ALIAS,
        "sdk_module": SDK_MODULE,
        "handler_methods": methods,
        "tool_calls": [f"{n.factory}(h.{n.handler_field})" for n in names],
        "codec": codec,
    }


def package_name(options: Mapping[str, Any]) -> str:
    """The Go package name: the `package` option, else `tools`; a lower-case ASCII identifier, not a keyword."""
    package = options.get("package", DEFAULT_PACKAGE)
    if (
        not (isinstance(package, str) and re.fullmatch(r"[a-z][a-z0-9_]*", package))
        or package in GO_KEYWORDS
    ):
        message = f"go: option package: {package!r} is not a Go package name (lower-case letters, digits, _)"
        raise ConfigError([Diagnostic("<options>", 1, 1, message)])
    return package


class GoTarget(Target):
    name = "go"
    order = 3
    label = "Go"
    comment_prefix = "//"

    def name_folder(self, tools: list[ir.Tool], options: Mapping[str, Any], report: Reporter) -> list[_ToolNames]:
        package_name(options)  # a bad package name is reported before anything else
        return plan_names(tools, report)

    def tool_file(
        self, tool: ir.Tool, names: _ToolNames, options: Mapping[str, Any], report: Reporter
    ) -> PlannedFile:
        context = tool_context(tool, names, package_name(options), report)
        # tools.go defines the enum codec helpers only when some tool's file uses them
        codec = any(decl.get("codec") for decl in context["decls"])
        return PlannedFile(f"{names.file}.go", "tool.go.j2", context, facts={"codec": codec})

    def folder_files(
        self,
        tools: list[ir.Tool],
        names: list[_ToolNames],
        facts: list[Mapping[str, Any]],
        options: Mapping[str, Any],
        report: Reporter,
    ) -> list[PlannedFile]:
        codec = any(fact.get("codec") for fact in facts)
        context = registry_context(tools, names, package_name(options), codec, options.get("import_path"))
        return [PlannedFile(f"{REGISTRY_STEM}.go", "tools.go.j2", context)]


TARGET = GoTarget()
