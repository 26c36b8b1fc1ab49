"""The JSON Schema of the spec format, generated from the pydantic model, for editors and other tools.

pydantic describes the keys; `parameters` is then pointed at the JSON Schema of toolgen's supported subset
(built from the same keyword tables the validator uses), so editors complete `type`, `properties`, `enum`, …
and flag unsupported keywords.
"""

from __future__ import annotations

from typing import Any

from ..schema.subset import subset_json_schema_defs
from .format import ToolSpec

DRAFT = "https://json-schema.org/draft/2020-12/schema"


def spec_json_schema() -> dict[str, Any]:
    schema = ToolSpec.model_json_schema(by_alias=True, mode="validation")
    properties = schema["properties"]
    # the namespace's keys inline, where an editor shows them (the only nested spec key)
    properties["namespace"] = {**schema.pop("$defs")["NamespaceSpec"], "description": properties["namespace"]["description"]}
    for field in [*properties.values(), *properties["namespace"]["properties"].values()]:
        if field.get("default", ...) is None:  # "left out" is not a value a spec may write
            del field["default"]
    parameters = properties["parameters"]
    properties["parameters"] = {
        "$ref": "#/$defs/ToolParameters",
        "description": parameters["description"],
    }
    schema["$defs"] = subset_json_schema_defs()
    return {"$schema": DRAFT, **schema}
