"""The variables each built-in template receives, as the template's own opening comment declares them.

Every built-in template starts with a Jinja comment that lists what its target passes it, one variable a line:

    {#- variables
    header: str — the ownership line
    factory.name: str — a member of a dict variable
    -#}

`toolgen templates [TARGET]` prints these lists (a dataclass view also gets its fields, read from the class), and
tests/test_template_variables.py renders the corpus and checks every declaration against what the target really
passes (the same names, values of the declared types) and against the names the template really reads, so that
the list cannot drift from the code. Reading the declarations needs the standard library only.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..config.template_paths import builtin_template_root

OPENING = "{#- variables"
CLOSING = "-#}"
_LINE = re.compile(r"^(?P<name>[A-Za-z_][A-Za-z0-9_.]*): (?P<type>[^—]+?) — (?P<meaning>.+)$")
_TYPE_NAMES = {"str": str, "bool": bool, "int": int, "dict": dict, "None": type(None)}


@dataclass(frozen=True)
class Variable:
    name: str  # a context key, or `key.member` for a member of a dict-valued key
    type: str  # `str`, `bool`, `int`, `None`, `dict`, `list[T]`, `A | B`, or a view class's name
    meaning: str


class DeclarationError(ValueError):
    """A built-in template's declaration block is missing or malformed (a bug in toolgen, found by the tests)."""


def template_path(target: str, template: str) -> Path:
    return builtin_template_root() / target / template


def declared_variables(target: str, template: str) -> list[Variable]:
    """The variables `template` of `target` declares, in their order."""
    return parse_declarations(template_path(target, template).read_text("utf-8"), f"{target}/{template}")


def parse_declarations(text: str, where: str) -> list[Variable]:
    lines = text.splitlines()
    if not lines or lines[0].rstrip() != OPENING:
        raise DeclarationError(f"{where}: the first line must open the variables comment, {OPENING!r}")
    found: list[Variable] = []
    for number, line in enumerate(lines[1:], start=2):
        if line.rstrip() == CLOSING:
            return found
        if line.startswith("  ") and found:  # a meaning continued on the next line
            last = found[-1]
            found[-1] = dataclasses.replace(last, meaning=f"{last.meaning} {line.strip()}")
            continue
        match = _LINE.match(line)
        if match is None:
            raise DeclarationError(f"{where}:{number}: expected 'name: type — meaning', got {line!r}")
        found.append(Variable(match["name"], match["type"].strip(), match["meaning"].strip()))
    raise DeclarationError(f"{where}: the variables comment is not closed with {CLOSING!r}")


def matches(value: Any, type_text: str) -> bool:
    """Whether `value` is of the declared type (`list[T]` checks every item; a class is matched by its name)."""
    for alternative in _split_union(type_text):
        if alternative.startswith("list[") and alternative.endswith("]"):
            if isinstance(value, (list, tuple)) and all(matches(item, alternative[5:-1]) for item in value):
                return True
        elif alternative == "list":
            if isinstance(value, (list, tuple)):
                return True
        elif alternative in _TYPE_NAMES:
            expected = _TYPE_NAMES[alternative]
            if isinstance(value, expected) and not (expected is int and isinstance(value, bool)):
                return True
        elif type(value).__name__ == alternative:
            return True
    return False


def _split_union(type_text: str) -> list[str]:
    """`list[str | None] | None` → ["list[str | None]", "None"]: split at the `|` outside brackets."""
    parts, depth, start = [], 0, 0
    for index, char in enumerate(type_text):
        depth += char == "["
        depth -= char == "]"
        if char == "|" and depth == 0:
            parts.append(type_text[start:index].strip())
            start = index + 1
    parts.append(type_text[start:].strip())
    return parts


def listing(target_names: list[str]) -> str:
    """What `toolgen templates` prints: per built-in template of each target, its variables (a dict's keys the
    header lists as `name.key` indented under it), each marked when the template itself does not read it."""
    from .render import builtin_templates, environment

    lines: list[str] = []
    for name in target_names:
        env = environment(name)
        for template in builtin_templates(name):
            read = _read_names(env, template)
            lines.append(f"{name}/{template}")
            for item in declared_variables(name, template):
                unread = "" if "." in item.name or item.name in read else " (not read by the built-in template)"
                indent = "    " if "." in item.name else "  "
                lines.append(f"{indent}{item.name}: {item.type}{unread} — {item.meaning}")
        lines.append("")
    return "\n".join(lines)


def _read_names(env: Any, template: str) -> set[str]:
    import jinja2.meta

    source = env.loader.get_source(env, template)[0]
    return set(jinja2.meta.find_undeclared_variables(env.parse(source)))
