"""JSON text for reading inside generated source (Go and C# raw strings): one object member per line, two-space
indent, keys in spec order, Unicode kept; an array of scalars (`type`, `enum`, `required`) stays on one line.

Escaping what the host language's raw string cannot hold is the caller's business: the rules differ per language.
"""

from __future__ import annotations

import json
from json.encoder import encode_basestring  # json.dumps' own, for a str
from typing import Any


def pretty_json(value: Any, level: int = 0) -> str:
    """`value` laid out as the module says, its closing line indented `level` steps."""
    pad, inner = "  " * level, "  " * (level + 1)
    if isinstance(value, dict) and value:
        members = [f"{inner}{compact_json(key)}: {pretty_json(item, level + 1)}" for key, item in value.items()]
        return "{\n" + ",\n".join(members) + "\n" + pad + "}"
    if isinstance(value, list) and any(isinstance(item, (dict, list)) for item in value):
        items = [inner + pretty_json(item, level + 1) for item in value]
        return "[\n" + ",\n".join(items) + "\n" + pad + "]"
    if isinstance(value, list):
        return "[" + ", ".join(compact_json(item) for item in value) + "]"
    return compact_json(value)


def compact_json(value: Any) -> str:
    """`json.dumps(value, ensure_ascii=False, allow_nan=False)`: one line, `, ` and `: ` between parts."""
    if type(value) is str:  # what json.dumps does for a str, without its per-call setup
        return encode_basestring(value)
    return json.dumps(value, ensure_ascii=False, allow_nan=False)
