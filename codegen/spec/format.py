"""The spec format (version 1) as a pydantic model, and the turn from a located YAML document into it.

Keys are camelCase as on the wire (only the aliases are accepted, never the Python field names). Booleans are
strict. Unknown keys are errors with a suggestion. The `parameters` schema is checked separately by
`parameters_check` (is it valid JSON Schema, and where are the typed models looser); pydantic only sees that it is a mapping, so the
two never report the same problem.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    WithJsonSchema,
    field_validator,
)
from pydantic.json_schema import SkipJsonSchema
from pydantic_core import ErrorDetails, PydanticCustomError

from ..review.acknowledge import in_spec
from ..errors import Diagnostic
from ..schema.located import check_parameters
from ..errors import did_you_mean
from ..review.warning_codes import CODES
from .yamlload import LocatedDocument, Path

TOOL_NAME_PATTERN = r"^[A-Za-z][A-Za-z0-9_-]{0,63}$"
NAMESPACE_NAME_PATTERN = r"^[A-Za-z0-9_-]{1,64}$"  # as the wire protocol states it (ProtocolExternalToolNamespace)
_CODE_SCHEMA = {"enum": list(CODES), "description": "A warning code (docs/warnings.md)."}
ACKNOWLEDGE_SCHEMA = {
    "type": "array",
    "items": {
        "anyOf": [
            _CODE_SCHEMA,
            {
                "type": "object",
                "properties": {
                    "code": _CODE_SCHEMA,
                    "at": {"type": "string", "description": "A JSON Pointer into parameters, e.g. /properties/when."},
                    "reason": {"type": "string", "description": "Why the warning is accepted, for reviewers."},
                },
                "required": ["code"],
                "additionalProperties": False,
            },
        ]
    },
}
DEFER_VALUES = ("auto", "never")
# What leaving an optional key out means; said when someone writes `key: null` (or `key:` with no value).
OMIT_MEANS = {
    "parameters": "for a tool without arguments",
    "defer": "to let the runtime decide",
    "metadata": "for no metadata",
    "title": "for no title",
    "instructions": "for no instructions",
    "namespace": "for a tool in no namespace",
    "namespace.description": "for a namespace without a description",
}
BLANK_CHECKED = ("description", "title", "instructions", "namespace.description")  # text that must say something
_NOT_BLANK = {"pattern": r"\S"}


class NamespaceSpec(BaseModel):
    """A tool's namespace: where the model provider supports it, deferred tools of one namespace are shown to the
    model as one group (experimental in the SDKs)."""

    model_config = ConfigDict(
        extra="forbid", strict=True, frozen=True, title="namespace", field_title_generator=lambda name, info: name
    )

    name: Annotated[str, StringConstraints(pattern=NAMESPACE_NAME_PATTERN)] = Field(
        description="The namespace's name: 1 to 64 letters, digits, '_' or '-'."
    )
    description: str | SkipJsonSchema[None] = Field(
        default=None,
        min_length=1,
        description="What the namespace's tools are for, shown to the model.",
        json_schema_extra=_NOT_BLANK,
    )

    @field_validator("description", mode="before")
    @classmethod
    def _said(cls, value: Any) -> Any:
        return _not_blank_or_null(value)


class ToolSpec(BaseModel):
    """One tool for the GitHub Copilot SDK: toolgen's YAML spec format, version 1."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        frozen=True,
        populate_by_name=False,  # `is_terminal:` in a spec is an unknown key, not a second spelling
        title="toolgen tool spec (version 1)",
        field_title_generator=lambda name, info: info.alias
        or name,  # "isTerminal", not "Isterminal"
    )

    name: Annotated[str, StringConstraints(pattern=TOOL_NAME_PATTERN)] = Field(
        description="The tool's wire name: a letter, then up to 63 letters, digits, '_' or '-'."
    )
    description: str = Field(
        min_length=1,
        description="What the tool does, shown to the model.",
        json_schema_extra=_NOT_BLANK,
    )
    title: str | SkipJsonSchema[None] = Field(
        default=None,
        min_length=1,
        description="A human-readable display name (the wire's and MCP's `title`); the model sees `name`.",
        json_schema_extra=_NOT_BLANK,
    )
    instructions: str | SkipJsonSchema[None] = Field(
        default=None,
        min_length=1,
        description="Guidance on using the tool that the runtime adds to the model's instructions (Rust SDK "
        "`with_instructions`).",
        json_schema_extra=_NOT_BLANK,
    )
    # `spec_schema` points this at the subset's own JSON Schema (pydantic cannot hold a hand-written $ref).
    parameters: Annotated[
        dict[str, Any] | SkipJsonSchema[None], WithJsonSchema({"type": "object"})
    ] = Field(
        default=None,
        description="JSON Schema of the arguments; the root is `type: object`. Omit for a tool without arguments.",
    )
    is_terminal: bool = Field(
        default=False,
        alias="isTerminal",
        description="A successful call ends the agent turn.",
    )
    defer: Literal["auto", "never"] | SkipJsonSchema[None] = Field(
        default=None,
        description="`auto`: may be loaded lazily through tool search; `never`: always pre-loaded. "
        "Leave out to let the runtime decide.",
    )
    skip_permission: bool = Field(
        default=False,
        alias="skipPermission",
        description="Run without asking the user for permission.",
    )
    overrides_built_in_tool: bool = Field(
        default=False,
        alias="overridesBuiltInTool",
        description="Replace the runtime's built-in tool of the same name.",
    )
    metadata: dict[str, Any] | SkipJsonSchema[None] = Field(
        default=None, description="Opaque JSON passed to the runtime."
    )
    namespace: NamespaceSpec | SkipJsonSchema[None] = Field(
        default=None,
        description="Groups the tool with related tools (experimental): `name` (1 to 64 letters, digits, '_' or "
        "'-') and an optional `description`.",
    )
    # Never on the wire: codegen.review.acknowledge reads and checks the entries (with their positions) from the document.
    acknowledge: Annotated[Any, WithJsonSchema(ACKNOWLEDGE_SCHEMA)] = Field(
        default=None,
        description="Warning codes this tool accepts (docs/warnings.md): a code, or {code, at, reason} where `at` "
        "is a JSON Pointer into `parameters` (default: the whole tool).",
    )

    @field_validator("description")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must not be empty or only whitespace")
        return value

    @field_validator("parameters", "defer", "metadata", "namespace", mode="before")
    @classmethod
    def _not_null(cls, value: Any) -> Any:
        # `None` is how the model says "left out"; written in a spec it is almost always a slip.
        if value is None:
            raise PydanticCustomError("null_not_allowed", "must not be null")
        return value

    @field_validator("title", "instructions", mode="before")
    @classmethod
    def _said(cls, value: Any) -> Any:
        return _not_blank_or_null(value)


def _not_blank_or_null(value: Any) -> Any:
    """Optional text: neither a written null nor only whitespace."""
    if value is None:
        raise PydanticCustomError("null_not_allowed", "must not be null")
    if isinstance(value, str) and not value.strip():
        raise PydanticCustomError("blank", "must not be empty or only whitespace")
    return value


WIRE_KEYS = {field.alias or name: name for name, field in ToolSpec.model_fields.items()}


def _json_repr(value: Any) -> str:
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (dict, list)):
        return {dict: "a mapping", list: "a list"}[type(value)]
    return json.dumps(value)


def _message(error: ErrorDetails) -> tuple[Path, bool, str]:
    """Turn one pydantic error into (path, point-at-key?, message)."""
    # Every field is flat but `namespace`, so the key is enough; deeper parts only name a union branch
    # ("literal[…]"); a namespace's own keys are one level down.
    whole = tuple(part for part in error["loc"] if part != NamespaceSpec.__name__)  # the union branch's name
    loc: Path = whole[:2] if whole[:1] == ("namespace",) and len(whole) > 1 else whole[:1]
    kind, given = error["type"], error.get("input")
    key = ".".join(str(part) for part in loc)
    if kind == "extra_forbidden":
        known = list(NamespaceSpec.model_fields) if len(loc) > 1 else list(WIRE_KEYS)
        return loc, True, f'unknown key "{loc[-1]}"{did_you_mean(str(loc[-1]), known)}'
    if kind == "missing":
        return loc[:-1], False, f'missing required key "{loc[-1]}"'
    if kind == "null_not_allowed":
        return loc, False, f"{key}: must not be null; leave the key out {OMIT_MEANS[key]}"
    if kind == "bool_type":
        return loc, False, f"{key}: must be true or false, got {_json_repr(given)}"
    if kind == "literal_error":
        hint = did_you_mean(given, list(DEFER_VALUES)) if isinstance(given, str) else ""
        return loc, False, f'{key}: must be "auto" or "never", got {_json_repr(given)}{hint}'
    if kind == "string_pattern_mismatch" and key == "namespace.name":
        return loc, False, f"{key}: {_json_repr(given)} is not a valid namespace: 1 to 64 letters, digits, '_' or '-'"
    if kind == "string_pattern_mismatch":
        return (
            loc,
            False,
            (
                f"{key}: {_json_repr(given)} is not a valid tool name: start with a letter, then up to 63 "
                "letters, digits, '_' or '-'"
            ),
        )
    if kind == "string_type":
        return loc, False, f"{key}: must be a string, got {_json_repr(given)}"
    if kind in ("string_too_short", "blank") or (kind == "value_error" and key in BLANK_CHECKED):
        return loc, False, f"{key}: must not be empty or only whitespace"
    if kind in ("dict_type", "model_type"):
        return loc, False, f"{key}: must be a mapping, got {_json_repr(given)}"
    return (
        loc,
        False,
        f"{key}: {error['msg']}",
    )  # pragma: no cover - every field's error kinds are handled above


def build_spec(document: LocatedDocument) -> tuple[ToolSpec | None, list[Diagnostic]]:
    """Validate a parsed document as a tool spec. Returns the spec (when it has no errors) and every problem
    found, errors and warnings, including the document's own YAML problems."""
    file, root = document.file, document.value
    yaml_problems = list(document.problems)
    if not isinstance(root, dict):
        kind = "a list" if isinstance(root, list) else f"the scalar {_json_repr(root)}"
        pos = document.position_of_value(())
        message = f"a spec is a mapping of keys (name, description, …), got {kind}"
        return None, yaml_problems + [Diagnostic(file, pos.line, pos.column, message)]
    problems: list[Diagnostic] = []
    spec: ToolSpec | None = None
    try:
        spec = ToolSpec.model_validate(root)
    except ValidationError as exc:
        for error in exc.errors():
            if error["type"] == "none_required":
                continue  # the `None` branch of an optional key; `_not_null` already rejects a written null
            path, at_key, message = _message(error)
            position = (
                document.position_of_key(path) if at_key else document.position_of_value(path)
            )
            problems.append(Diagnostic(file, position.line, position.column, message))
    if isinstance(root.get("parameters"), dict):
        problems.extend(check_parameters(document, ("parameters",)))
    problems.extend(in_spec(document))
    # A value the YAML layer already rejected (`isTerminal: !!bool yes`) is kept as text; don't report it twice.
    reported = {(problem.line, problem.column) for problem in yaml_problems}
    problems = yaml_problems + [p for p in problems if (p.line, p.column) not in reported]
    valid = not any(problem.is_error for problem in problems)
    return (spec if valid else None), problems
