"""The TypeScript syntax toolgen writes, as nodes for `_prettier` and `ts_json_layout`, and the predicates prettier's
printing rules ask of them (is it a literal, a simple type, a simple call argument, ...).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ...layout.doc import (
    PRINT_WIDTH,
)
from .literals import (
    number_literal,
    string_literal,
)

# ---------------------------------------------------------------------------------------------------------------
# The syntax toolgen writes
# ---------------------------------------------------------------------------------------------------------------


@dataclass
class Ident:
    name: str


@dataclass
class Str:
    value: str


@dataclass
class Num:
    value: int | float


@dataclass
class Bool:
    value: bool


@dataclass
class Null:
    pass


@dataclass
class ArrayExpr:
    elements: list


@dataclass
class Prop:
    key: str
    value: Any
    computed: bool = (
        False  # written `["key"]`, e.g. for `__proto__`, which as a plain key would set the prototype
    )


@dataclass
class ObjectExpr:
    props: list  # always printed expanded when non-empty (see the module docstring)


@dataclass
class Member:
    object: Any
    name: str


@dataclass
class Call:
    callee: Member  # toolgen writes method calls only (`z.string()`, `schema.optional()`: ts_types.z, method)
    args: list


@dataclass
class Arrow:
    """`() => body`: toolgen writes arrows without parameters only (z.lazy)."""

    body: Any


# Types


@dataclass
class TRef:
    name: str  # may be qualified, e.g. `z.ZodType`
    args: list = field(default_factory=list)


@dataclass
class TTypeof:
    name: str


@dataclass
class TKeyword:
    name: str  # string, number, boolean, null, undefined, unknown


@dataclass
class TUnion:
    types: list


@dataclass
class TArray:
    element: Any


@dataclass
class TMember:
    key: str
    type: Any
    optional: bool = False


# Statements


@dataclass
class ConstDecl:
    name: str
    init: Any
    type: Any = None


@dataclass
class TypeAlias:
    name: str
    type: Any


@dataclass
class InterfaceDecl:
    name: str
    members: list  # TMember


@dataclass
class ImportDecl:
    names: list  # (name, type_only)
    source: str

# ---------------------------------------------------------------------------------------------------------------
# Syntax → documents (prettier: src/language-js/print)
# ---------------------------------------------------------------------------------------------------------------


def _is_literal(node: Any) -> bool:
    return isinstance(node, (Str, Num, Bool, Null))


def _is_call(node: Any) -> bool:
    return isinstance(node, Call)


def _is_simple_type(node: Any) -> bool:
    return isinstance(node, TKeyword) or (isinstance(node, TRef) and not node.args)


def is_simple_call_argument(node: Any, depth: int = 2) -> bool:
    """prettier's isSimpleCallArgument."""
    if depth <= 0:
        return False
    if _is_literal(node) or isinstance(node, Ident):
        return True
    if isinstance(node, ObjectExpr):
        return all(
            not prop.computed and is_simple_call_argument(prop.value, depth - 1)
            for prop in node.props
        )
    if isinstance(node, ArrayExpr):
        return all(is_simple_call_argument(element, depth - 1) for element in node.elements)
    if isinstance(node, Call):
        if is_simple_call_argument(node.callee, depth):
            return len(node.args) <= depth and all(
                is_simple_call_argument(arg, depth - 1) for arg in node.args
            )
        return False
    if isinstance(node, Member):
        return is_simple_call_argument(node.object, depth)
    if _is_signed_number(node):
        return True
    return False


def _is_signed_number(node: Any) -> bool:
    return (
        isinstance(node, Num)
        and not isinstance(node.value, bool)
        and _number_text(node).startswith("-")
    )


def _number_text(node: Num) -> str:
    return number_literal(node.value)


def _is_lone_short_argument(node: Any) -> bool:
    """prettier's isLoneShortArgument."""
    threshold = PRINT_WIDTH * 0.25
    if isinstance(node, Ident):
        return len(node.name) <= threshold
    if _is_signed_number(node):
        return True
    if isinstance(node, Str):
        return len(string_literal(node.value)) <= threshold
    return _is_literal(node)


def _chain_nodes(node: Call) -> list:
    """The nodes of a member chain in source order, from its head to `node` (prettier's printedNodes)."""
    nodes = [node]
    current = node.callee
    while True:
        if isinstance(current, Call):
            nodes.append(current)
            current = current.callee
        elif isinstance(current, Member):
            nodes.append(current)
            current = current.object
        else:
            nodes.append(current)
            break
    nodes.reverse()
    return nodes


def _is_factory(name: str) -> bool:
    return bool(re.match(r"^[A-Z]|^[$_]+$", name))


def _chain_groups(chain: list) -> tuple[list[tuple[int, int]], bool]:
    """prettier's grouping of a member chain's printed nodes: (start, end) of each group, and shouldMerge.

    Every call is a method call, so the chain alternates a member and its call after a head that is neither:
    prettier's first group (the head with the calls and member pairs right after it) is the head alone."""
    bounds: list[tuple[int, int]] = [(0, 1)]
    start = 1
    seen_call = False
    for position in range(1, len(chain)):
        item = chain[position]
        if seen_call and isinstance(item, Member):
            bounds.append((start, position))
            start = position
            seen_call = False
        if _is_call(item):
            seen_call = True
    if start < len(chain):
        bounds.append((start, len(chain)))
    head = chain[0]
    should_not_wrap = isinstance(head, Ident) and _is_factory(head.name)
    return bounds, len(bounds) >= 2 and should_not_wrap


def _chain_shape(node: Call) -> tuple[int, bool]:
    bounds, should_merge = _chain_groups(_chain_nodes(node))
    return len(bounds), should_merge


def _chain_is_labelled(group_count: int, should_merge: bool) -> bool:
    """Whether printMemberChain returns a labelled member chain rather than a plain one-line group."""
    return group_count > (3 if should_merge else 2)


def _should_hug_union(node: TUnion) -> bool:
    """prettier's shouldHugUnionType: one object-like type (a type reference here) plus null/void."""
    object_types = [t for t in node.types if isinstance(t, TRef)]
    if len(object_types) != 1:
        return False
    return all(
        t is object_types[0] or (isinstance(t, TKeyword) and t.name == "null") for t in node.types
    )


def _is_concisely_printed_array(node: ArrayExpr) -> bool:
    return bool(node.elements) and all(
        isinstance(e, Num) and not isinstance(e.value, bool) for e in node.elements
    )


def _could_expand_arg(arg: Any) -> bool:
    if isinstance(arg, ObjectExpr):
        return bool(arg.props)
    if isinstance(arg, ArrayExpr):
        return bool(arg.elements)
    if isinstance(arg, Arrow):
        return isinstance(arg.body, (ObjectExpr, ArrayExpr, Call))
    return False


def _should_expand_last_arg(args: list) -> bool:
    last = args[-1]
    penultimate = args[-2] if len(args) > 1 else None
    return (
        _could_expand_arg(last)
        and (penultimate is None or type(penultimate) is not type(last))
        and not (len(args) == 2 and isinstance(penultimate, Arrow) and isinstance(last, ArrayExpr))
        and not (
            len(args) > 1 and isinstance(last, ArrayExpr) and _is_concisely_printed_array(last)
        )
    )
