"""The wire declaration a spec must produce in every SDK (design §6, wire parity rule)."""

from __future__ import annotations

from typing import Any

from codegen.spec.format import ToolSpec


def expected_wire(spec: ToolSpec) -> dict[str, Any]:
    """name, description, parameters (unchanged) and each option whose value differs from its default.

    `isTerminal: false` or `metadata: {}` equal leaving them out, because the SDKs differ in whether they send them.
    """
    wire: dict[str, Any] = {"name": spec.name, "description": spec.description}
    if spec.parameters is not None:
        wire["parameters"] = spec.parameters
    if spec.overrides_built_in_tool:
        wire["overridesBuiltInTool"] = True
    if spec.skip_permission:
        wire["skipPermission"] = True
    if spec.defer is not None:
        wire["defer"] = spec.defer
    if spec.metadata:
        wire["metadata"] = spec.metadata
    if spec.is_terminal:
        wire["isTerminal"] = True
    return wire


def normalize_wire(value: Any) -> Any:
    """Canonical form for comparing wire JSON across SDKs: defaults dropped, numbers compared as float64.

    Integers beyond ±2^53 are compared as float64, since JavaScript cannot hold them exactly.
    """
    if isinstance(value, dict):
        return {key: normalize_wire(item) for key, item in value.items()}
    if isinstance(value, list):
        return [normalize_wire(item) for item in value]
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, (int, float)):
        return float(value)
    return value


def normalize_declaration(declaration: dict[str, Any]) -> dict[str, Any]:
    """Drop options that equal their defaults (`false`, null, `{}`), then normalize values."""
    kept = {
        key: item
        for key, item in declaration.items()
        if not (key in {"isTerminal", "skipPermission", "overridesBuiltInTool"} and item is False)
        and not (key in {"defer", "metadata"} and item in (None, {}))
        and not (key == "parameters" and item is None)
    }
    return normalize_wire(kept)
