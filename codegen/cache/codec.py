"""The one encoding of every value toolgen's cache stores: JSON text, with tags for what JSON has no form for.

A JSON array is a list; a JSON object is always a tag with one member: `{"t": [...]}` a tuple, `{"d": [[key, value],
...]}` a dict (any keys, in order), `{"c": [module, name, [[attribute, value], ...]]}` an instance of a dataclass,
`{"m": 0}` the model's "no default" (`ir.MISSING`). Strings, numbers, true, false and null are themselves.

A value with a long text or many parts decoded one at a time (a file's text, a folder's naming records) is stored
as its head, then a line break, then that body as it is (`encode_with_body`): the head holds the body's length, so a
cut entry is found out, and the body is neither escaped nor parsed until asked for.

Reading a value back (`decode`) builds plain values and instances of the dataclasses of the modules the reader
accepts, without calling any of their code (no `__init__`, no `__post_init__`: their attributes are set as they
were). Anything else — another class, a malformed, truncated or too deeply nested text — is a ValueError, which
every reader treats as a miss: toolgen's state can never run code or stop a run.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import is_dataclass
from typing import Any

from ..model.ir import MISSING

_SCALARS = (str, int, float, bool, type(None))


def encode(value: Any) -> bytes:
    """`value` (plain data, tuples, dicts, dataclass instances, `ir.MISSING`) as UTF-8 JSON text; TypeError for
    anything else."""
    return json.dumps(_tagged(value), ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def encode_with_body(head: Any, body: bytes) -> bytes:
    """`head` encoded, with `body`'s length, then a line break, then `body` as it is."""
    return encode((head, len(body))) + b"\n" + body


def decode_with_body(data: bytes, modules: Callable[[str], bool]) -> tuple[Any, bytes]:
    """The head and the body `encode_with_body` stored in `data`; ValueError when `data` is anything else."""
    line, _, body = data.partition(b"\n")
    head, length = decode(line, modules)
    if type(length) is not int or length != len(body):
        raise ValueError("not a cached value: its body was cut or extended")
    return head, body


def _tagged(value: Any) -> Any:
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is list:
        return [_tagged(item) for item in value]
    if kind is tuple:
        return {"t": [_tagged(item) for item in value]}
    if kind is dict:
        return {"d": [[_tagged(key), _tagged(item)] for key, item in value.items()]}
    if value is MISSING:
        return {"m": 0}
    if is_dataclass(value) and hasattr(value, "__dict__"):
        attributes = [[name, _tagged(item)] for name, item in vars(value).items()]
        return {"c": [kind.__module__, kind.__qualname__, attributes]}
    raise TypeError(f"{kind.__qualname__} has no cache encoding")


def decode(data: bytes, modules: Callable[[str], bool]) -> Any:
    """The value `encode` made of `data`, whose dataclasses must be defined in modules `modules` accepts; ValueError
    when `data` is anything else."""
    classes: dict[tuple[str, str], type] = {}  # each class looked up once per value
    try:
        return json.loads(data, object_hook=lambda tag: _untagged(tag, modules, classes))
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as error:
        raise ValueError(f"not a cached value: {error}") from None


def _untagged(tag: dict[str, Any], modules: Callable[[str], bool], classes: dict[tuple[str, str], type]) -> Any:
    if len(tag) != 1:
        raise ValueError("a tag has one member")
    (kind, value), = tag.items()
    if kind == "t":
        return tuple(value)
    if kind == "d":
        return dict(value)
    if kind == "c":
        module, name, attributes = value
        cls = classes.get((module, name)) or classes.setdefault((module, name), _dataclass(module, name, modules))
        instance = object.__new__(cls)
        instance.__dict__.update((str(attribute), item) for attribute, item in attributes)
        return instance
    if kind == "m" and value == 0:
        return MISSING
    raise ValueError(f"unknown tag {kind!r}")


def _dataclass(module: str, name: str, modules: Callable[[str], bool]) -> type:
    """The dataclass `module.name`, when `modules` accepts its module and it is already imported (a reader imports
    what it reads: nothing is imported on a stored value's word)."""
    found = getattr(sys.modules.get(module) if modules(module) else None, name, None)
    if isinstance(found, type) and is_dataclass(found) and found.__module__ == module:
        return found
    raise ValueError(f"{module}.{name} may not appear in a cached value")
