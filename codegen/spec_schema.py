"""The JSON Schema of the spec format, generated from the pydantic model, for editors and other tools."""

from __future__ import annotations

from typing import Any

from .spec import ToolSpec

DRAFT = "https://json-schema.org/draft/2020-12/schema"


def spec_json_schema() -> dict[str, Any]:
    schema = ToolSpec.model_json_schema(by_alias=True, mode="validation")
    return {"$schema": DRAFT, **schema}
