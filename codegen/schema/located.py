"""A spec's `parameters`, checked: the validity errors (`schema_validity`) and, for a valid schema, the warnings
of its typed view (`schema_typing`), each located at its line and column in the YAML."""

from __future__ import annotations

from ..errors import Diagnostic
from .subset import _where
from .typed_view import typed_view
from .validity import schema_problems
from ..spec.yamlload import LocatedDocument, Path


def check_parameters(document: LocatedDocument, path: Path) -> list[Diagnostic]:
    """All problems (errors, then looseness warnings) of the parameters schema at `path` inside `document`."""
    schema = document.value
    for part in path:
        schema = schema[part]
    diagnostics = []
    problems = schema_problems(schema)
    for problem in problems:
        where = path + problem.path
        position = document.position_of_key(where) if problem.at_key else document.position_of_value(where)
        diagnostics.append(Diagnostic(document.file, position.line, position.column, f"{_where(where)}: {problem.message}"))
    if problems:
        return diagnostics
    for relative, message, code in typed_view(schema).warnings:
        where = path + relative
        position = document.position_of_key(where)
        diagnostics.append(
            Diagnostic(document.file, position.line, position.column, f"{_where(where)}: {message}", "warning", code)
        )
    return diagnostics
