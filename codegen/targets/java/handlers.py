"""The Java package's one call that builds every tool: the interface `ToolHandlers` and its static `all`.

`ToolHandlers` has one abstract method per tool, named after the tool and shaped like that tool's `Handler`, so a
class that implements it and leaves a tool out does not compile; `all` returns the `List<ToolDefinition>` a session
configuration takes. An interface rather than a record: a record's canonical constructor takes at most 254
components (the JVM's 255 parameter slots, `this` included), and a folder can hold more tools than that
(docs/decisions.md, "Java: ToolHandlers is an interface"). The template writes the declarations; this module decides
the method names and where google-java-format breaks the lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...model import ir
from ...model.naming import camel, unique_identifiers
from .syntax import COLUMN_LIMIT, CONTINUATION, KEYWORDS, NOT_COMPONENT_NAMES, escape_identifier, javadoc

CLASS_NAME = "ToolHandlers"
# `all` is the interface's static method; the Object methods' names stay off, as for record components.
METHOD_RESERVED = KEYWORDS | NOT_COMPONENT_NAMES | {"all"}
MEMBER_INDENT = 2
THROWS = " throws Exception;"


def _returned(calls: list[tuple[str, str]]) -> list[str]:
    """`return List.of(...)` of every `Class.create(handlers::name)`, as google-java-format lays a call's arguments
    out: on the line; else together on one continuation line, +4; else one per line there, and one that is still
    too long with its method reference on a line of its own, +4 again. Tool names are at most 64 characters, so
    `Class.create(` always fits."""
    head, tail, indent = "    return List.of(", ");", " " * (4 + CONTINUATION)
    items = [f"{class_name}.create(handlers::{name})" for class_name, name in calls]
    flat = head + ", ".join(items) + tail
    if len(flat) <= COLUMN_LIMIT:
        return [flat]
    joined = indent + ", ".join(items) + tail
    if len(joined) <= COLUMN_LIMIT:
        return [head, joined]
    lines = [head]
    for number, ((class_name, name), item) in enumerate(zip(calls, items)):
        end = "," if number < len(items) - 1 else tail
        if len(indent + item + end) <= COLUMN_LIMIT:
            lines.append(indent + item + end)
        else:
            lines += [f"{indent}{class_name}.create(", f"{indent}{' ' * CONTINUATION}handlers::{name}){end}"]
    return lines


def method_declaration(head: str, parameters: list[str]) -> list[str]:
    """`head(parameters) throws Exception;` at the member indent, as google-java-format breaks it: one line; else
    `throws` on its own continuation line; else the parameters on one continuation line (`throws` after them when
    it fits); else one parameter per line and `throws` on its own line. Tool names are at most 64 characters, so
    `head(` always fits on a line."""
    pad, inner = " " * MEMBER_INDENT, " " * (MEMBER_INDENT + CONTINUATION)
    signature = f"{pad}{head}({', '.join(parameters)})"
    if len(signature) + len(THROWS) <= COLUMN_LIMIT:
        return [signature + THROWS]
    if len(signature) <= COLUMN_LIMIT:
        return [signature, inner + THROWS.lstrip()]
    joined = f"{inner}{', '.join(parameters)})"
    if len(joined) <= COLUMN_LIMIT:
        if len(joined) + len(THROWS) <= COLUMN_LIMIT:
            return [f"{pad}{head}(", joined + THROWS]
        return [f"{pad}{head}(", joined, inner + THROWS.lstrip()]
    lines = [f"{pad}{head}("]
    lines += [f"{inner}{item}{',' if i < len(parameters) - 1 else ')'}" for i, item in enumerate(parameters)]
    return lines + [inner + THROWS.lstrip()]


def handlers_context(
    tools: Sequence[ir.Tool], class_names: Sequence[str], params_types: Sequence[str | None]
) -> dict[str, Any]:
    """The interface's methods and the body of `all`, in spec order. `params_types[i]` is the simple name of tool
    i's root record (`Params`, or `Params2` beside a $defs `Params`), None for a tool without parameters."""
    wanted = [escape_identifier(camel(tool.words), METHOD_RESERVED) for tool in tools]
    names, _ = unique_identifiers(wanted, METHOD_RESERVED)
    methods = []
    for tool, class_name, name, params in zip(tools, class_names, names, params_types):
        parameters = [f"{class_name}.{params} params"] if params else []
        methods.append(
            {
                "doc": javadoc(
                    MEMBER_INDENT,
                    f"Handles calls of the {{@code {tool.name}}} tool, as {{@link {class_name}.Handler}} does.",
                ),
                "declaration": method_declaration(f"Object {name}", [*parameters, "ToolInvocation invocation"]),
            }
        )
    return {"methods": methods, "returned": _returned(list(zip(class_names, names)))}
