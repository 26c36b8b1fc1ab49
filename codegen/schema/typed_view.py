"""The typed view of a valid parameters schema: what the typed models of the six languages are built from.

The wire always carries the spec's schema unchanged. The typed models are built (by `irbuild`) from a simpler
schema, in the small form every target knows: one `type` (or `[T, "null"]`), `properties`, `required`,
`additionalProperties`, `items`, scalar `enum`/`const`, `$ref: "#/$defs/Name"`, `anyOf` of a schema and null,
`default`, `description`, `title`, `format`. This module turns any valid JSON Schema into that form:

- exactly, where the construct means the same in that form: draft-07 `definitions` (moved to `$defs`), a `$ref`
  to any local JSON pointer (inlined), `allOf` of object schemas that merges exactly, unions of one scalar type,
  `propertyNames: {type: string}`, and annotations (`deprecated`, `readOnly`, `contentMediaType`, …);
- looser, where it cannot: that place becomes any JSON value (or the nearest looser type, e.g. an object with
  its properties but without its `not`), and one warning at that place says what was loosened and why.

Validation constraints the typed models never enforce (bounds, lengths, `pattern`, `multipleOf`, `uniqueItems`)
are dropped without a word, as they always were: the SDK validates against the wire schema.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any

from .algebra import NULL, collapse, has_typing, made_nullable, merge, merges, non_null_kinds, split_type_list, typing_keys
from .keywords import KNOWN, Path, defs_name, defs_ref, resolve_pointer, walk
from .subset import APPLIES_TO, KIND_NOUNS, _has_type, _json_equal
from ..errors import did_you_mean
from .union_kinds import BRANCH_KINDS, distinct_kinds
from ..review import warning_codes as codes

# Carried into the view as they are.
KEPT_ANNOTATIONS = ("description", "title", "format")
# Constraints on a value that the typed models cannot state; dropping them gives the nearest looser type.
IGNORED_CONSTRAINTS = {
    "not": "negation cannot be stated in the typed models",
    # `then` and `else` have no effect without `if`: one warning, at `if`, covers the conditional
    "if": "a conditional schema (if/then/else) cannot be stated in the typed models",
    "dependentSchemas": "a conditional schema cannot be stated in the typed models",
    "dependencies": "a conditional schema cannot be stated in the typed models",
    "dependentRequired": "a conditional requirement cannot be stated in the typed models",
    "minProperties": "object size bounds cannot be stated in the typed models",
    "maxProperties": "object size bounds cannot be stated in the typed models",
    "contains": "array membership cannot be stated in the typed models",
    "minContains": "array membership cannot be stated in the typed models",
    "maxContains": "array membership cannot be stated in the typed models",
    "unevaluatedProperties": "the typed model keeps the declared properties and accepts others",
    "unevaluatedItems": "the typed model accepts any further items",
    "additionalItems": "the typed model accepts any further items",
}
COMBINATORS = ("allOf", "anyOf", "oneOf")
# Keywords from neighbouring formats that people carry over, and what JSON Schema says instead.
UNKNOWN_HINTS = {"nullable": ' (that is OpenAPI; in JSON Schema write type: [T, "null"])'}
_ARTICLE = {"integer": "an integer", "array": "an array", "object": "an object", "null": "null"}
MAX_INLINE_DEPTH = 64  # `$ref`s inlined inside inlined `$ref`s; beyond, the place is typed as any JSON value


@dataclass
class TypedView:
    schema: dict[str, Any]
    # (path in the spec's schema, message, code): each place where the typed model is looser than the schema
    warnings: list[tuple[Path, str, str]] = field(default_factory=list)


def typed_view(schema: dict[str, Any]) -> TypedView:
    """The typed view of a valid parameters schema (see the module docstring), and where it is looser."""
    return _Typer(schema).root()


def _is_null_branch(schema: Any) -> bool:
    return isinstance(schema, dict) and schema.get("type") == "null" and not (set(schema) - {"type", "description", "title"})


class _Typer:
    def __init__(self, schema: dict[str, Any]):
        self.source = schema
        self.draft07 = str(schema.get("$schema", "")).rstrip("#").endswith(("draft-07/schema", "draft-06/schema", "draft-04/schema"))
        self.warnings: list[tuple[Path, str, str]] = []
        # Every top-level definition gets a name in the view's `$defs` (draft-07 `definitions` too).
        self.def_names: dict[Path, str] = {}
        for table in ("$defs", "definitions"):
            for name in schema.get(table) or {}:
                view_name = name
                while view_name in self.def_names.values():
                    view_name += "_"
                self.def_names[(table, name)] = view_name

    def warn(self, path: Path, message: str, code: str) -> None:
        self.warnings.append((path, message, code))

    def root(self) -> TypedView:
        # The root is the parameters type itself: it keeps its own properties, whatever else constrains it.
        beside = [key for key in (*COMBINATORS, "$ref", "enum", "const") if key in self.source]
        mergeable = beside == ["allOf"] and merges(self.source, [self._resolved(b) for b in self.source["allOf"]])
        if beside and not mergeable:
            for key in beside:
                self.warn((key,), f"{key} at the root is not applied to the typed model: the parameters type has the root's own properties", codes.ROOT_KEYWORD)
            own = {key: value for key, value in self.source.items() if key not in beside}
            view = self.type_of(own, (), ())
        else:
            view = self.type_of(self.source, (), ())
        defs = {}
        for (table, name), view_name in self.def_names.items():
            defs[view_name] = self.type_of(self.source[table][name], (table, name), ((table, name),))
        if defs:
            view["$defs"] = self._break_alias_cycles(defs)
        return TypedView(view, self.warnings)

    # -- one schema -------------------------------------------------------------------------------------

    def type_of(self, schema: Any, path: Path, inlining: tuple[Path, ...]) -> dict[str, Any]:
        """The view of `schema` at `path`; `inlining` holds the targets of the `$ref`s being inlined (cycles)."""
        if schema is True or schema == {}:
            return {}
        if schema is False:
            self.warn(path, "`false` (no value is valid) is typed as any JSON value", codes.FALSE_SCHEMA)
            return {}
        if not isinstance(schema, dict):
            return {}
        self._warn_unknown_keywords(schema, path)
        if "$ref" in schema:
            return self._reference(schema, path, inlining)
        for key in ("$dynamicRef", "$recursiveRef"):
            if key in schema:
                self.warn(path + (key,), f"{key} is typed as any JSON value", codes.REFERENCE_UNTYPED)
                return self._annotated({}, schema)
        if "allOf" in schema:
            return self._all_of(schema, path, inlining)
        if "anyOf" in schema or "oneOf" in schema:
            return self._union(schema, path, inlining)
        return self._plain(schema, path, inlining)

    def _annotated(self, view: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
        for key in KEPT_ANNOTATIONS:
            if isinstance(schema.get(key), str) and key not in view:
                view[key] = schema[key]
        return view

    def _warn_unknown_keywords(self, schema: dict[str, Any], path: Path) -> None:
        for key in schema:
            if key not in KNOWN and not key.startswith("x-"):
                hint = UNKNOWN_HINTS.get(key) or did_you_mean(key, sorted(KNOWN))
                self.warn(path + (key,), f'"{key}" is not a JSON Schema keyword; it is ignored{hint}', codes.UNKNOWN_KEYWORD)

    # -- references -------------------------------------------------------------------------------------

    def _reference(self, schema: dict[str, Any], path: Path, inlining: tuple[Path, ...]) -> dict[str, Any]:
        ref = schema["$ref"]
        siblings = [key for key in schema if key not in ("$ref", "default", "examples", *KEPT_ANNOTATIONS, "$comment", "deprecated", "readOnly", "writeOnly")]
        if siblings and not self.draft07:  # draft-07 ignores a $ref's siblings, so nothing is lost there
            self.warn(path + (siblings[0],), "keywords beside $ref are not applied to the typed model, which is the referenced type", codes.BESIDE_REF)
        if ref.startswith("#") and not ref.startswith("#/") and ref != "#":
            target_path = self._anchor_path(ref[1:])
        else:
            _, _, target_path = resolve_pointer(self.source, ref)
        if len(target_path) == 2 and target_path in self.def_names:
            view = {"$ref": defs_ref(self.def_names[target_path])}
            return self._with_default(self._annotated(view, schema), schema, path)
        if target_path in inlining or any(target_path == p[: len(target_path)] for p in inlining) or target_path == ():
            self.warn(path + ("$ref",), f"{json.dumps(ref)} refers to a schema that contains it; typed as any JSON value", codes.REFERENCE_UNTYPED)
            return self._annotated({}, schema)
        if len(inlining) > MAX_INLINE_DEPTH:
            self.warn(path + ("$ref",), "references nest too deep to inline; typed as any JSON value", codes.REFERENCE_UNTYPED)
            return self._annotated({}, schema)
        _, target, _ = resolve_pointer(self.source, "#" + "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in target_path))
        # Inlined: warnings inside the target are reported where the target is written, once.
        saved = self.warnings
        self.warnings = []
        view = self.type_of(target, target_path, inlining + (target_path,))
        inner_warnings, self.warnings = self.warnings, saved
        for warning in inner_warnings:
            if warning not in self.warnings:
                self.warnings.append(warning)
        view = dict(view)
        for key in KEPT_ANNOTATIONS:  # the reference's own annotations win over the target's
            if isinstance(schema.get(key), str):
                view[key] = schema[key]
        return self._with_default(view, schema, path)

    def _definition(self, ref: str) -> Any:
        """The spec's schema that a view's `$ref: "#/$defs/Name"` names (for the JSON type of a union branch)."""
        for (table, name), view_name in self.def_names.items():
            if ref in (defs_ref(view_name), f"#/{table}/{name}"):
                return self.source[table][name]
        return None

    def _anchor_path(self, anchor: str) -> Path:
        for path, sub in walk(self.source):
            if isinstance(sub, dict) and sub.get("$anchor") == anchor:
                return path
        return ()

    # -- combinators ------------------------------------------------------------------------------------

    def _all_of(self, schema: dict[str, Any], path: Path, inlining: tuple[Path, ...]) -> dict[str, Any]:
        base = {key: value for key, value in schema.items() if key != "allOf"}
        merged: dict[str, Any] | None = base
        for index, branch in enumerate(schema["allOf"]):
            resolved = self._resolved(branch)
            merged = merge(merged, resolved) if merged is not None and resolved is not None else None
        if merged is not None:
            return self.type_of(merged, path, inlining)
        self.warn(path + ("allOf",), "allOf does not merge into one schema exactly; typed from the schema beside it" if has_typing(base) else "allOf does not merge into one schema exactly; typed as any JSON value", codes.ALL_OF)
        return self.type_of(base, path, inlining) if has_typing(base) else self._annotated({}, schema)

    def _resolved(self, branch: Any) -> dict[str, Any] | None:
        """A branch to merge: its own keywords, or those of the local definition it only refers to."""
        if branch is True:
            return {}
        if not isinstance(branch, dict):
            return None
        if set(branch) - {"$ref", "description", "title"} or "$ref" not in branch:
            return branch if "$ref" not in branch else None
        found, target, _ = resolve_pointer(self.source, branch["$ref"]) if branch["$ref"].startswith("#") else (False, None, ())
        if not found or not isinstance(target, dict) or "$ref" in target:
            return None
        return target

    def _union(self, schema: dict[str, Any], path: Path, inlining: tuple[Path, ...], keyword: str = "", what: str = "") -> dict[str, Any]:
        if "anyOf" in schema and "oneOf" in schema:
            self.warn(path + ("oneOf",), "anyOf and oneOf together are typed as any JSON value", codes.UNION_UNTYPED)
            return self._annotated({}, schema)
        keyword = keyword or ("anyOf" if "anyOf" in schema else "oneOf")
        base = {key: value for key, value in schema.items() if key != keyword}
        # The default and examples describe the whole union, not each branch.
        branch_base = {key: value for key, value in base.items() if key not in ("default", "examples")}
        branches = []
        for index, branch in enumerate(schema[keyword]):
            merged = merge(branch_base, branch) if isinstance(branch, dict) else (branch_base if branch is True else None)
            if merged is not None:  # a branch that contradicts the schema beside it admits no value: leaving it out is exact
                branches.append((path + (keyword, index), merged))
        if not branches:
            self.warn(path + (keyword,), f"no {keyword} branch fits the schema beside it; typed as any JSON value", codes.UNION_UNTYPED)
            return self._annotated({}, schema)
        nullable = any(_is_null_branch(branch) for _, branch in branches)
        others = [(where, branch) for where, branch in branches if not _is_null_branch(branch)]
        views = [self.type_of(branch, where, inlining) for where, branch in others]
        if not views:
            return self._annotated(dict(NULL), schema)
        distinct: list[dict[str, Any]] = []
        for view in views:
            if not any(_json_equal(view, seen) for seen in distinct):
                distinct.append(view)
        if any(not typing_keys(view) for view in distinct):
            view = {}  # one branch admits any value, so the union does: exact
        elif len(distinct) == 1:
            view = distinct[0]
        else:
            view = collapse(distinct)
            if view is None:
                what = what or f"{keyword} of {len(distinct)} different schemas"
                kinds, why_not = distinct_kinds(distinct, self._definition)
                code = codes.UNION if kinds else codes.UNION_NOT_IN_RUST
                where = path + ((keyword,) if not what.startswith("a type list") else ("type",))
                self.warn(where, codes.union_message(what, code, why_not), code)
                view = {"anyOf": distinct, BRANCH_KINDS: kinds} if kinds else {"anyOf": distinct}
        if nullable and view:
            view = made_nullable(view)
        return self._with_default(self._annotated(view, base), schema, path)

    # -- a schema without references or combinators -----------------------------------------------------

    def _plain(self, schema: dict[str, Any], path: Path, inlining: tuple[Path, ...]) -> dict[str, Any]:
        for key in sorted(set(schema) & set(IGNORED_CONSTRAINTS)):
            self.warn(path + (key,), f"{key} is not applied to the typed model: {IGNORED_CONSTRAINTS[key]}", codes.NOT_STATED)
        names = schema.get("propertyNames")
        if names not in (None, True, {}, {"type": "string"}):
            self.warn(path + ("propertyNames",), "propertyNames is not applied to the typed model: key constraints cannot be stated there", codes.NOT_STATED)
        if isinstance(schema.get("type"), list) and len(non_null_kinds(schema["type"])) > 1:
            kinds = non_null_kinds(schema["type"])
            return self._union(split_type_list(schema), path, inlining, "anyOf", f"a type list of {len(kinds)} types")
        types = self._types(schema)
        self._warn_inapplicable(schema, path, types)
        view: dict[str, Any] = {}
        if types:
            view["type"] = types[0] if len(types) == 1 else list(types)
        kinds = [kind for kind in types if kind != "null"]
        if self._values(schema, path, types, view) is None:
            return self._with_default(self._annotated({}, schema), schema, path)
        if (not kinds and not types) or kinds == ["object"]:
            self._object(schema, path, inlining, view)
        if kinds == ["array"]:
            self._array(schema, path, inlining, view)
        return self._with_default(self._annotated(view, schema), schema, path)

    def _warn_inapplicable(self, schema: dict[str, Any], path: Path, types: list[str]) -> None:
        """`type: string` with `minimum:` is valid JSON Schema that means nothing (the keyword is ignored for
        other types): usually a leftover from a changed type, so it is worth a word."""
        kinds = [kind for kind in types if kind != "null"] or ["null"]
        if not types:
            return
        for key in schema:
            if key in APPLIES_TO and not set(kinds) & set(APPLIES_TO[key]):
                nouns = " and ".join(KIND_NOUNS[kind] for kind in APPLIES_TO[key])
                self.warn(path + (key,), f'"{key}" applies to {nouns}; it has no effect on type "{kinds[0]}"', codes.NO_EFFECT)

    def _types(self, schema: dict[str, Any]) -> list[str]:
        """The view's types ([] when any)."""
        given = schema.get("type")
        if given is None:
            return []
        listed = [given] if isinstance(given, str) else list(dict.fromkeys(given))
        kinds = [kind for kind in listed if kind != "null"]
        null = ["null"] if "null" in listed else []
        if set(kinds) == {"integer", "number"}:
            kinds = ["number"]  # every integer is a number: exact
        return kinds + null if kinds else null

    def _values(self, schema: dict[str, Any], path: Path, types: list[str], view: dict[str, Any]) -> bool | None:
        """Copies `enum`/`const` into `view`; None when they can only be typed as any JSON value."""
        if "const" in schema:
            values, key = [schema["const"]], "const"
        elif "enum" in schema:
            values, key = schema["enum"], "enum"
        else:
            return True
        if any(isinstance(value, (dict, list)) for value in values):
            self.warn(path + (key,), f"{key} of objects or lists is typed as any JSON value", codes.VALUES_UNTYPED)
            return None
        unique: list[Any] = []
        for value in values:
            if not any(_json_equal(value, seen) for seen in unique):
                unique.append(value)
        fitting = [value for value in unique if not types or any(_has_type(value, kind) for kind in types)]
        if not unique:
            self.warn(path + (key,), "an empty enum admits no value; typed as any JSON value", codes.VALUES_UNTYPED)
            return None
        if not fitting:
            self.warn(path + (key,), f"no value of {key} fits `type`; typed as any JSON value", codes.VALUES_UNTYPED)
            return None
        if len(fitting) < len(unique):
            dropped = ", ".join(json.dumps(value) for value in unique if value not in fitting)
            self.warn(path + (key,), f"{dropped} cannot satisfy `type`, so the typed model leaves it out", codes.VALUES_LEFT_OUT)
        if "const" in schema and "enum" in schema and not any(_json_equal(schema["const"], v) for v in schema["enum"]):
            self.warn(path + ("const",), "const is not one of the enum values; typed as any JSON value", codes.VALUES_UNTYPED)
            return None
        view["enum"] = fitting
        return True

    def _object(self, schema: dict[str, Any], path: Path, inlining: tuple[Path, ...], view: dict[str, Any]) -> None:
        properties = schema.get("properties")
        if isinstance(properties, dict):
            view["properties"] = {
                name: self.type_of(prop, path + ("properties", name), inlining) for name, prop in properties.items()
            }
            required = [name for name in dict.fromkeys(schema.get("required") or []) if name in properties]
            if required:
                view["required"] = required
        for index, name in enumerate(schema.get("required") or []):
            if not isinstance(properties, dict) or name not in properties:
                hint = did_you_mean(name, list(properties or {}))
                self.warn(path + ("required", index), f"{json.dumps(name)} is required but not declared in properties, so the typed model has no field for it{hint}", codes.REQUIRED_UNDECLARED)
        additional = schema.get("additionalProperties", True)
        if schema.get("patternProperties"):
            self.warn(path + ("patternProperties",), "patternProperties is typed as extra properties of any JSON value", codes.NOT_STATED)
            additional = True
        if additional is False:
            view["additionalProperties"] = False
        elif isinstance(additional, dict):
            view["additionalProperties"] = self.type_of(additional, path + ("additionalProperties",), inlining)

    def _array(self, schema: dict[str, Any], path: Path, inlining: tuple[Path, ...], view: dict[str, Any]) -> None:
        items = schema.get("items")
        if "prefixItems" in schema or isinstance(items, list):
            where = path + (("prefixItems",) if "prefixItems" in schema else ("items",))
            self.warn(where, "a tuple (a schema per position) is typed as a list of any JSON value", codes.NOT_STATED)
        elif items is not None:
            view["items"] = self.type_of(items, path + ("items",), inlining)

    # -- defaults ---------------------------------------------------------------------------------------

    def _with_default(self, view: dict[str, Any], schema: dict[str, Any], path: Path) -> dict[str, Any]:
        if "default" not in schema:
            return view
        value = schema["default"]
        problem = self._misfit(value, view, 0)
        if problem is None:
            view["default"] = copy.deepcopy(value)
        elif value is None:
            self.warn(path + ("default",), "default: null does not fit this non-nullable schema; the typed model has no default", codes.DEFAULT_UNFIT)
        else:
            self.warn(path + ("default",), f"the default {problem}; the typed model has no default", codes.DEFAULT_UNFIT)
        return view

    def _misfit(self, value: Any, view: Any, depth: int) -> str | None:
        """Why `value` cannot be held by the typed model of `view`, or None when it can."""
        if not isinstance(view, dict) or depth > 64:
            return None
        if "$ref" in view:
            return None  # a definition's default is checked where the definition is typed
        if "anyOf" in view:
            branches = view["anyOf"]
            if value is None and NULL in branches:
                return None
            problems = [self._misfit(value, branch, depth + 1) for branch in branches if branch != NULL]
            if any(problem is None for problem in problems):
                return None
            return problems[0] if len(problems) == 1 else f"{json.dumps(value, ensure_ascii=False)} fits none of the union's branches"
        shown = json.dumps(value, ensure_ascii=False)
        if "enum" in view and not any(_json_equal(value, member) for member in view["enum"]):
            return f"{shown} is not one of the enum values"
        given = view.get("type")
        types = [given] if isinstance(given, str) else list(given or [])
        if types and not any(_has_type(value, kind) for kind in types):
            return f"{shown} is not {' or '.join(_ARTICLE.get(kind, 'a ' + kind) for kind in types)}"
        if isinstance(value, dict):
            properties = view.get("properties") or {}
            for key, item in value.items():
                if key in properties:
                    found = self._misfit(item, properties[key], depth + 1)
                elif view.get("additionalProperties") is False:
                    found = f"has {json.dumps(key)}, which is not a property"
                else:
                    found = self._misfit(item, view.get("additionalProperties", {}), depth + 1)
                if found:
                    return found
            missing = [name for name in view.get("required", []) if name not in value]
            if missing:
                return f"misses the required key {json.dumps(missing[0])}"
        if isinstance(value, list) and isinstance(view.get("items"), dict):
            for item in value:
                found = self._misfit(item, view["items"], depth + 1)
                if found:
                    return found
        return None

    # -- definitions --------------------------------------------------------------------------------------

    def _break_alias_cycles(self, defs: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
        """`A: {$ref: B}`, `B: {$ref: A}` names no type; such a definition is typed as any JSON value."""
        def aliases_of(view: dict[str, Any]) -> list[str]:
            """The definitions `view` is nothing but (a reference, made nullable or one branch of a union)."""
            if "$ref" in view:
                return [defs_name(view["$ref"])]
            return [name for branch in view.get("anyOf", []) for name in aliases_of(branch)]

        paths = {view_name: path for path, view_name in self.def_names.items()}
        for start in list(defs):
            chain = self._alias_chain(start, defs, aliases_of)
            if chain:
                self.warn(paths[start], " → ".join(chain) + " refers back to itself with no object or array in between; typed as any JSON value", codes.REFERENCE_UNTYPED)
                defs[start] = {}
        return defs

    @staticmethod
    def _alias_chain(start: str, defs: dict[str, dict[str, Any]], aliases_of: Any) -> list[str]:
        """`start → … → start` through aliases only, or [] when there is no such cycle."""
        stack = [[start, name] for name in aliases_of(defs[start])]
        seen: set[str] = set()
        while stack:
            chain = stack.pop()
            if chain[-1] == start:
                return chain
            if chain[-1] in defs and chain[-1] not in seen:
                seen.add(chain[-1])
                stack += [chain + [name] for name in aliases_of(defs[chain[-1]])]
        return []
