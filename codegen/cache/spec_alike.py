"""Whether an edited spec is its last valid version with other descriptions, and its model then, without the
validators.

Validating a spec imports pydantic and jsonschema, which cost more than the rest of a one-edit run. Yet an edit that
only rewords descriptions cannot change the outcome of either: the spec's `description` must be a string with
something besides spaces, a schema's `description` a string, and no other check reads their text (the size and
depth limits count schemas and properties, not characters). So when a document's `shape` — its JSON with the spec's
and every schema's description replaced by one marker — equals the shape of a version that was valid and warned of
nothing, it is valid too. Its warnings are the typed view's alone (schema_typing compares whole schemas, so a
description can decide whether two union branches are one), and are found again; the model is built again from the
new document. `codegen.cache.specs` stores each valid spec's shape beside its model, and the driver
(codegen.run.driver) tries this first; tests/test_delta.py compares the outcome with the validators' on every kind
of edit.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from . import store as cachestore
from ..model import ir
from ..errors import Diagnostic
from ..model.build import build_tool
from ..schema.keywords import walk
from ..schema.typed_view import typed_view
from ..spec.yamlload import load_yaml

_MARK = "\x00description"


def shape(value: Any) -> bytes | None:
    """The digest of a spec document with its descriptions replaced; None when one is not a valid description."""
    if not isinstance(value, dict):
        return None
    description = value.get("description")
    if not isinstance(description, str) or not description.strip():
        return None
    shaped = {**value, "description": _MARK}
    if isinstance(value.get("parameters"), dict):
        parameters = json.loads(json.dumps(value["parameters"]))  # a copy to mark
        for _, schema in walk(parameters):
            if isinstance(schema, dict) and "description" in schema:
                if not isinstance(schema["description"], str):
                    return None
                schema["description"] = _MARK
        shaped["parameters"] = parameters
    return cachestore.digest(b"alike", json.dumps(shaped, sort_keys=True, ensure_ascii=False).encode("utf-8"))


@dataclass(frozen=True)
class _AlikeSpec:
    """The attributes of a `spec.ToolSpec` that irbuild reads, for a document shaped like a validated one."""

    name: str
    description: str
    parameters: dict[str, Any] | None
    is_terminal: bool
    defer: str | None
    skip_permission: bool
    overrides_built_in_tool: bool
    metadata: dict[str, Any] | None
    title: str | None
    instructions: str | None
    namespace: ir.Namespace | None  # read as the spec's (`name`, `description`)


def rebuild(shown: str, data: bytes, max_spec_bytes: int, before: ir.Tool, before_shape: bytes) -> tuple[ir.Tool, bytes] | None:
    """The model of `data` and its shape when it is shaped like `before` (a valid version that warned of nothing)
    and warns of nothing; else None, and the validators decide."""
    document = load_yaml(shown, data, max_spec_bytes)
    if isinstance(document, Diagnostic) or document.problems:
        return None
    found = shape(document.value)
    if found != before_shape:
        return None
    parameters = document.value.get("parameters")
    if parameters is not None and typed_view(parameters).warnings:
        return None
    options = before.options  # the same keys and values as before: the spec's own are not read again
    spec = _AlikeSpec(before.name, document.value["description"], parameters, options.is_terminal, options.defer,
                      options.skip_permission, options.overrides_built_in_tool, options.metadata, options.title,
                      options.instructions, options.namespace)  # fmt: skip
    return build_tool(shown, spec, document), found
