"""The spec format (version 1) as a pydantic model, and the turn from a located YAML document into it.

Keys are camelCase as on the wire. Booleans are strict. Unknown keys are errors with a suggestion. The
`parameters` schema is checked separately by `schema_subset`, which knows the supported JSON Schema subset.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError, field_validator

from .errors import Diagnostic
from .schema_subset import check_parameters
from .suggest import did_you_mean
from .yamlload import LocatedDocument, Path

TOOL_NAME_PATTERN = r"^[A-Za-z][A-Za-z0-9_-]{0,63}$"


class ToolSpec(BaseModel):
    """One tool, exactly as the YAML spec describes it (design §2)."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        frozen=True,
        populate_by_name=True,
        title="toolgen tool spec (version 1)",
        json_schema_extra={"$id": "https://toolgen.dev/schema/toolspec-v1.json"},
    )

    name: Annotated[str, StringConstraints(pattern=TOOL_NAME_PATTERN)] = Field(
        description="The tool's wire name: a letter, then up to 63 letters, digits, '_' or '-'."
    )
    description: str = Field(min_length=1, description="What the tool does, shown to the model.")
    parameters: dict[str, Any] | None = Field(
        default=None,
        description="JSON Schema of the arguments; the root is `type: object`. Omit for a tool without arguments.",
    )
    is_terminal: bool = Field(
        default=False,
        alias="isTerminal",
        description="A successful call ends the agent turn.",
    )
    defer: Literal["auto", "never"] | None = Field(
        default=None,
        description="`auto`: may be loaded lazily through tool search; `never`: always pre-loaded. "
        "Unset: the runtime decides.",
    )
    skip_permission: bool = Field(
        default=False, alias="skipPermission", description="Run without asking the user for permission."
    )
    overrides_built_in_tool: bool = Field(
        default=False,
        alias="overridesBuiltInTool",
        description="Replace the runtime's built-in tool of the same name.",
    )
    metadata: dict[str, Any] | None = Field(default=None, description="Opaque JSON passed to the runtime.")

    @field_validator("description")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must not be empty or only whitespace")
        return value


WIRE_KEYS = {field.alias or name: name for name, field in ToolSpec.model_fields.items()}


def _json_repr(value: Any) -> str:
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (dict, list)):
        return {dict: "a mapping", list: "a list"}[type(value)]
    return json.dumps(value)


def _message(error: dict[str, Any]) -> tuple[Path, bool, str]:
    """Turn one pydantic error into (path, point-at-key?, message)."""
    loc: Path = tuple(error["loc"])
    kind, given = error["type"], error.get("input")
    key = ".".join(str(part) for part in loc)
    if kind == "extra_forbidden":
        return loc, True, f"unknown key \"{loc[-1]}\"{did_you_mean(str(loc[-1]), list(WIRE_KEYS))}"
    if kind == "missing":
        return (), False, f'missing required key "{loc[-1]}"'
    if kind == "bool_type":
        return loc, False, f"{key}: must be true or false, got {_json_repr(given)}"
    if kind == "literal_error":
        hint = did_you_mean(str(given), ["auto", "never"]) if isinstance(given, str) else ""
        return loc, False, f'{key}: must be "auto" or "never", got {_json_repr(given)}{hint}'
    if kind == "string_pattern_mismatch":
        return loc, False, (
            f"{key}: {_json_repr(given)} is not a valid tool name: start with a letter, then up to 63 "
            "letters, digits, '_' or '-'"
        )
    if kind == "string_type":
        return loc, False, f"{key}: must be a string, got {_json_repr(given)}"
    if kind == "string_too_short" or (kind == "value_error" and key == "description"):
        return loc, False, f"{key}: must not be empty or only whitespace"
    if kind == "dict_type":
        return loc, False, f"{key}: must be a mapping, got {_json_repr(given)}"
    return loc, False, f"{key}: {error['msg']}"


def build_spec(document: LocatedDocument) -> tuple[ToolSpec | None, list[Diagnostic]]:
    """Validate a parsed document as a tool spec. Returns the spec (when valid) and every problem found."""
    file, root = document.file, document.value
    if not isinstance(root, dict):
        kind = "a list" if isinstance(root, list) else f"the scalar {_json_repr(root)}"
        return None, [Diagnostic(file, 1, 1, f"a spec is a mapping of keys (name, description, …), got {kind}")]
    problems: list[Diagnostic] = []
    spec: ToolSpec | None = None
    try:
        spec = ToolSpec.model_validate(root)
    except ValidationError as exc:
        for error in exc.errors():
            path, at_key, message = _message(error)
            position = document.position_of_key(path) if at_key else document.position_of_value(path)
            problems.append(Diagnostic(file, position.line, position.column, message))
    if isinstance(root.get("parameters"), dict):
        problems.extend(check_parameters(document, ("parameters",)))
    return (spec if not problems else None), problems
