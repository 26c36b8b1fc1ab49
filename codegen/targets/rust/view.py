"""The views of the Rust folder's files: one tool's module (`tool.rs.j2`) and the folder's `mod.rs` (`mod.rs.j2`).

A view supplies names, types (as `RustType` trees, which the templates' layout rules break as rustfmt does),
literals and doc lines, and says which declarations, serde arguments and default functions there are; the
templates spell the structs, enums, fields, attributes, functions and imports around them. `types` decides which
declarations a module makes and spells their types; `names` names the folder's modules, factories and types.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Callable

from ...model import ir
from ...model.naming import pascal, snake, unique_identifiers
from ...schema.defaultfit import DefaultFit
from ...schema.subset import _json_equal
from ...review.warning_codes import DEFAULT_UNFIT
from ..base import Reporter
from .doc import doc_lines, show_invisible
from .layout import module_key, version_key
from .names import ToolNames, bare, identifier, serde_rename, unique_with_warnings
from .syntax import float_literal, json_text, raw_hashes, raw_string_literal, string_literal
from .types import ENUM_BASE_TYPES, SCALAR_TYPES, STRING, ModuleDecls, RustDecl, RustType, RustTypes, UntaggedDecl

# Function names every tool module may define (tool.rs.j2 spells them); a default's function must not take them.
PARAMETERS_FN, METADATA_FN, DEFAULT_FROM_JSON_FN = "parameters", "metadata", "default_from_json"
PRESENT_FN = "present"  # reads a property the call gave (null or a value) as Some: see _field_view
ADDITIONAL_PROPERTIES_FIELD = ("additional", "properties")


class Record(dict):
    """A view's record: a dict, as templates and their declarations see it, whose members are also its attributes,
    so that a template's `field.name` finds them at once (Jinja first tries an attribute, and on a plain dict that
    fails: an exception, thousands of times a run). Built whole and not changed afterwards."""

    def __init__(self, **members: Any):
        super().__init__(members)
        self.__dict__.update(members)


def tool_context(tool: ir.Tool, names: ToolNames, report: Reporter) -> dict[str, Any]:
    """The context of one tool's module."""
    return _ToolPlanner(tool, names, report).context()


class _ToolPlanner:
    """Builds the view of one tool's module."""

    def __init__(self, tool: ir.Tool, names: ToolNames, report: Reporter):
        self.tool = tool
        self.names = names
        self.report = report
        self.decls = ModuleDecls(tool, names, report)
        self.types = RustTypes(self.decls)
        self.needs_default_from_json = False
        self.needs_present = False
        self.fit = DefaultFit(tool, self._accepts_null, self._fits_rust_type)
        self.value_names: set[str] = {
            PARAMETERS_FN,
            PRESENT_FN,
            METADATA_FN,
            DEFAULT_FROM_JSON_FN,
            names.factory,
        }

    def _value_name(self, candidate: str) -> str:
        chosen, _ = unique_identifiers([candidate], self.value_names)
        self.value_names.add(chosen[0])
        return chosen[0]

    # the module

    def context(self) -> dict[str, Any]:
        tool, options = self.tool, self.tool.options
        decls = [self.decl_view(decl) for decl in self.decls.used]
        return {
            "source": show_invisible(tool.source),
            "name": tool.name,
            "doc": doc_lines(tool.description, ""),
            "btree_map": self.types.uses_btree_map,
            "name_literal": string_literal(tool.name),
            "description_literal": string_literal(tool.description),
            "parameters": _raw_json(tool.wire_parameters),
            "metadata": _raw_json(options.metadata or None),
            "decls": decls,
            "default_from_json": self.needs_default_from_json,
            "present": self.needs_present,
            "factory": self.names.factory,
            "params": self.decls.type_names[tool.params] if tool.params else None,
            "options": Record(
                overrides_built_in_tool=options.overrides_built_in_tool,
                skip_permission=options.skip_permission,
                is_terminal=options.is_terminal,
                defer=options.defer,
            ),
        }

    # declarations

    def decl_view(self, decl: RustDecl) -> Record:
        if isinstance(decl, ir.StructDecl):
            return self._struct_view(decl)
        if isinstance(decl, ir.EnumDecl):
            return self._enum_view(decl)
        if isinstance(decl, UntaggedDecl):
            return self._untagged_view(decl)
        return self._alias_view(decl)

    def _untagged_view(self, decl: UntaggedDecl) -> Record:
        kinds = [kind for kind, _ in decl.variants]
        variants = [
            Record(
                name=kind.capitalize(),
                kind=kind,
                # rustfmt never breaks a tuple variant, however long
                type=str(self.types.rust_type(option, decl.name)),
                integer_first=kind == "number" and "integer" in kinds,
            )
            for kind, option in decl.variants
        ]
        return _decl("untagged", self.decls.type_names[decl.name], doc_lines(decl.description, ""), variants=variants)

    def _struct_view(self, decl: ir.StructDecl) -> Record:
        name = self.decls.type_names[decl.name]
        candidates = [snake(f.words) for f in decl.fields]
        positions = [(f.line, f.column) for f in decl.fields]
        field_names = unique_with_warnings(
            candidates, (), "field", positions, self.tool, self.report, separator="_"
        )
        defaults: list[Record] = []
        fields = [
            self._field_view(decl, f, identifier(field_name), defaults)
            for f, field_name in zip(decl.fields, field_names)
        ]
        extra = None
        if not isinstance(decl.additional, str):
            # Extra properties with a schema of their own: keep them, typed, beside the named fields.
            (extra_name,), _ = unique_identifiers([snake(ADDITIONAL_PROPERTIES_FIELD)], field_names)
            extra_type = RustType("BTreeMap", (STRING, self.types.rust_type(decl.additional, decl.name, True)))
            self.types.uses_btree_map = True
            extra = Record(name=extra_name, type=extra_type)
        return _decl(
            "struct",
            name,
            doc_lines(decl.description, ""),
            root=decl.name == self.tool.params,
            closed=decl.additional == "closed",
            fields=fields,
            extra=extra,
            defaults=defaults,
        )

    def _field_view(self, decl: ir.StructDecl, f: ir.Field, name: str, defaults: list[Record]) -> Record:
        rust_type = self.types.rust_type(f.type, decl.name)
        rename = serde_rename(f.wire_name, bare(name))
        default: bool | str | None = None  # serde's `default`: the type's own (True), or its function's name
        present = skip_none = False
        usable = self._usable_default(f, rust_type)
        if f.required:
            pass
        elif not f.has_default and rust_type.head == "Option" and self.fit.fits(f.type, None):
            # Optional and nullable without a default: `Option<Option<T>>`, so that a handler tells a call
            # that left the property out (None) from one that gave null (Some(None)).
            rust_type = RustType("Option", (rust_type,))
            default = present = skip_none = True
            self.needs_present = True
        elif usable is _NO_DEFAULT:
            # serde reads a missing `Option` field as None by itself; leaving None out keeps the JSON valid
            # for a property that is optional but not nullable.
            if rust_type.head != "Option":
                rust_type = RustType("Option", (rust_type,))
            skip_none = True
        elif _is_rust_default(rust_type, usable):
            default = True
        else:
            function = self._value_name(f"default_{bare(name)}")
            default = string_literal(function)
            defaults.append(self._default_view(name, function, rust_type, f.type, usable))
        return Record(
            doc=doc_lines(f.description, ""),
            name=name,
            type=rust_type,
            rename=rename,
            default=default,
            present=present,
            skip_none=skip_none,
        )

    def _usable_default(self, f: ir.Field, rust_type: RustType) -> Any:
        """The field's default when serde can apply it; a default that does not fit the type is reported."""
        if f.required or not f.has_default or f.default is None:
            return _NO_DEFAULT
        if not self.fit.fits(f.type, f.default):
            self.report.warn(
                self.tool.source,
                f.line,
                f.column,
                f"the default of `{f.wire_name}` does not fit the Rust type `{rust_type}`; the field "
                "is an Option without a default there (the wire schema still carries the default)",
                DEFAULT_UNFIT,
            )
            return _NO_DEFAULT
        return f.default

    def _fits_rust_type(self, type_ref: ir.TypeRef, value: Any) -> bool | None:
        """The Rust-only types: an untagged enum takes a value one of its variants takes."""
        if isinstance(type_ref, ir.UnionType) and type_ref.name in self.decls.enums:
            return any(self.fit.fits(option, value) for option in type_ref.options)
        if isinstance(type_ref, ir.NamedType):
            decl = self.decls.by_name[type_ref.name]
            if isinstance(decl, UntaggedDecl):
                return any(self.fit.fits(option, value) for _, option in decl.variants)
        return None

    def _accepts_null(self, f: ir.Field) -> bool:
        """Whether the field's Rust type is an Option: nullable, or optional without a usable default."""
        if self.fit.fits(f.type, None):
            return True
        return not f.required and (
            not f.has_default or f.default is None or not self.fit.fits(f.type, f.default)
        )

    def _default_view(
        self, field: str, function: str, rust_type: RustType, type_ref: ir.TypeRef, value: Any
    ) -> Record:
        """A private function serde calls for a missing field that has a default."""
        literal = self._scalar_default(type_ref, value)
        if literal is None:
            self.needs_default_from_json = True
            how, literal = "json", raw_string_literal(json_text(value, pretty=False))
        else:
            how = "string" if literal.startswith('"') else "plain"
        # rustdoc resolves no intra-doc link to a raw identifier (`Params::r#type`): that one is plain code.
        linked = not field.startswith("r#")
        return Record(field=field, linked=linked, function=function, type=rust_type, value=literal, how=how)

    def _scalar_default(self, type_ref: ir.TypeRef, value: Any) -> str | None:
        """A Rust literal for a default of a plain scalar or string enum type, or None for anything else."""
        if isinstance(type_ref, ir.NamedType):
            decl = self.decls.by_name[type_ref.name]
            if isinstance(decl, ir.AliasDecl):
                return self._scalar_default(decl.target, value)
            if isinstance(decl, ir.EnumDecl) and decl.base == "string":
                variants = self._variant_names(decl, warn=False)
                member = next(i for i, m in enumerate(decl.members) if _json_equal(value, m.value))
                return f"{self.decls.type_names[decl.name]}::{variants[member]}"
            if isinstance(decl, ir.EnumDecl) and decl.base in SCALAR_TYPES:
                return self._scalar_default(ir.ScalarType(decl.base), value)  # type: ignore[arg-type]
            return None
        if not isinstance(type_ref, ir.ScalarType):
            return None
        if type_ref.scalar == "string":
            return string_literal(value)
        if type_ref.scalar == "boolean":
            return "true" if value else "false"
        if type_ref.scalar == "integer":
            return str(value)
        return float_literal(value)

    def _variant_names(self, decl: ir.EnumDecl, warn: bool) -> list[str]:
        candidates = [pascal(member.words) for member in decl.members]
        if warn:
            position = [self.decls.position(decl.name)] * len(candidates)
            chosen = unique_with_warnings(
                candidates, (), "enum variant", position, self.tool, self.report
            )
        else:
            chosen, _ = unique_identifiers(candidates)
        return [identifier(name) for name in chosen]

    def _enum_view(self, decl: ir.EnumDecl) -> Record:
        name = self.decls.type_names[decl.name]
        doc = doc_lines(decl.description, "")
        if decl.base != "string":
            # serde renames variants to strings only: other enums are their JSON type, the values documented.
            values = ", ".join(
                f"`{json_text(member.value, pretty=False)}`" for member in decl.members
            )
            doc = doc + ([""] if doc else []) + doc_lines(f"One of {values}.", "")
            return _decl("alias", name, doc, target=ENUM_BASE_TYPES[decl.base])
        variants = [
            Record(name=variant, rename=serde_rename(member.value, variant))
            for member, variant in zip(decl.members, self._variant_names(decl, warn=True))
        ]
        return _decl("enum", name, doc, variants=variants)

    def _alias_view(self, decl: ir.AliasDecl) -> Record:
        name = self.decls.type_names[decl.name]
        target = self.types.rust_type(decl.target, decl.name)
        # A type alias cannot refer to itself; a transparent struct can, and reads the same JSON.
        return _decl("newtype" if decl.recursive else "alias", name, doc_lines(decl.description, ""), target=target)


def _decl(kind: str, name: str, doc: list[str], **members: Any) -> Record:
    """A declaration's view: every kind has a `kind`, a `name` and `doc` lines; the rest is the kind's own."""
    return Record(kind=kind, name=name, doc=doc, **members)


_NO_DEFAULT = object()

# What `#[serde(default)]` gives each type (its `Default`), so such defaults need no function.
_RUST_DEFAULTS: dict[str, Callable[[Any], bool]] = {
    "String": lambda v: v == "",
    "i64": lambda v: v == 0 and not isinstance(v, bool),
    "f64": lambda v: v == 0 and not isinstance(v, bool) and str(v)[0] != "-",
    "bool": lambda v: v is False,
    "Vec": lambda v: v == [],
    "BTreeMap": lambda v: v == {},
    "serde_json::Map": lambda v: v == {},
}


def _is_rust_default(rust_type: RustType, value: Any) -> bool:
    check = _RUST_DEFAULTS.get(rust_type.head)
    return check is not None and check(value)


def _raw_json(value: Mapping[str, Any] | None) -> Record | None:
    """`value` as pretty JSON for a raw string literal (its text and the `#`s around it), or None without a value."""
    if value is None:
        return None
    text = json_text(value, pretty=True)
    return Record(json=text, hashes=raw_hashes(text))


# -- mod.rs ------------------------------------------------------------------------------------------------------


def folder_context(names: Sequence[ToolNames], tools: Sequence[ir.Tool]) -> dict[str, Any]:
    """`mod.rs`: each tool's module (in rustfmt's order), the re-exports (by path, names version-sorted), one
    `ToolHandlers` field and one call in `all` per tool, in spec order.

    `ToolHandlers` has one `pub` field per tool, named after the tool's module, so a struct literal that leaves one
    out does not compile. A field holds a boxed closure returning a boxed future (the struct needs one concrete type
    per field); the per-tool factories take any closure, and a `Box<dyn Fn…>` is one."""
    modules = list(zip(names, tools))
    return {
        "modules": [
            Record(name=item.module, doc=doc_lines(f"The `{tool.name}` tool ({show_invisible(tool.source)}).", ""))
            for item, tool in sorted(modules, key=lambda pair: module_key(pair[0].module))
        ],
        "reexports": [
            Record(module=item.module, names=sorted([item.factory, *([item.params] if item.params else [])], key=version_key))
            for item in sorted(names, key=lambda item: version_key(item.module))
        ],
        "handlers": [
            Record(tool=tool.name, field=item.module, type=_handler_type(item.params)) for item, tool in modules
        ],
        "calls": [(item.factory, item.module) for item in names],
        # Each handler alias only where a field uses it: in a binary crate an unused one is dead code, which
        # RUSTFLAGS=-Dwarnings refuses even when every tool is used.
        "typed_handlers": any(item.params for item in names),
        "invocation_handlers": any(not item.params for item in names),
    }


def _handler_type(params: str | None) -> RustType:
    return RustType("TypedHandler", (RustType(params),)) if params else RustType("InvocationHandler")
