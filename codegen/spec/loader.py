"""Find spec files, parse and validate each, and check what only a whole run can see (duplicate names, also after
the identifier mapping)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .discover import find_specs
from ..errors import Diagnostic, SpecError
from ..model.naming import tool_name_key
from ..output.regularfile import NotRegularFile, TooLarge, read_regular
from .format import TOOL_NAME_PATTERN, ToolSpec, build_spec
from .yamlload import DEFAULT_MAX_BYTES, LocatedDocument, load_yaml, size_problem


@dataclass(frozen=True)
class LoadedSpec:
    """A valid spec with the file it came from (as the user named it) and its located document."""

    file: str
    spec: ToolSpec
    document: LocatedDocument


def _read(path: Path, shown: str, max_bytes: int) -> bytes | Diagnostic:
    """The spec's bytes, read only from a regular file (a named pipe would block, a device never end) and never
    more than the limit."""
    try:
        return read_regular(path, max_bytes)
    except NotRegularFile:
        return Diagnostic(shown, 1, 1, "is not a regular file; a spec must be one")
    except TooLarge as exc:
        return size_problem(shown, exc.size, max_bytes)
    except OSError as exc:
        return Diagnostic(shown, 1, 1, f"cannot read: {exc.strerror or exc}")


def load_specs(
    paths: list[Path], max_bytes: int = DEFAULT_MAX_BYTES
) -> tuple[list[LoadedSpec], list[Diagnostic]]:
    """Load and validate every spec under `paths`. Returns the valid specs and every diagnostic."""
    files, problems = find_specs(paths)
    contents = [(shown, _read(path, shown, max_bytes)) for shown, path, _ in files]
    loaded, more = load_spec_contents(contents, max_bytes)
    return loaded, problems + more


def load_spec_contents(
    contents: list[tuple[str, bytes | Diagnostic]], max_bytes: int = DEFAULT_MAX_BYTES
) -> tuple[list[LoadedSpec], list[Diagnostic]]:
    """Parse and validate specs given as (shown name, bytes or the problem reading them), in path order: files on
    disk, or a git revision's blobs named by their repository paths."""
    loaded: list[LoadedSpec] = []
    documents: list[LocatedDocument] = []
    problems: list[Diagnostic] = []
    for shown, data in contents:
        if isinstance(data, Diagnostic):
            problems.append(data)
            continue
        document = load_yaml(shown, data, max_bytes)
        if isinstance(document, Diagnostic):
            problems.append(document)
            continue
        documents.append(document)
        spec, spec_problems = build_spec(document)
        problems.extend(spec_problems)
        if spec is not None:
            loaded.append(LoadedSpec(shown, spec, document))
    problems.extend(_duplicate_names(documents))
    return loaded, problems


STDIN_NAME = "<stdin>"


def load_spec_text(data: bytes, max_bytes: int = DEFAULT_MAX_BYTES) -> list[LoadedSpec]:
    """One spec given as bytes (`toolgen validate -`), shown as <stdin>; raises SpecError with every problem."""
    if len(data) > max_bytes:
        raise SpecError([size_problem(STDIN_NAME, len(data), max_bytes)])
    document = load_yaml(STDIN_NAME, data, max_bytes)
    if isinstance(document, Diagnostic):
        raise SpecError([document])
    spec, problems = build_spec(document)
    errors = [problem for problem in problems if problem.is_error]
    if errors or spec is None:
        raise SpecError(errors)
    return [LoadedSpec(STDIN_NAME, spec, document)]


_TOOL_NAME = re.compile(TOOL_NAME_PATTERN)


def _duplicate_names(documents: list[LocatedDocument]) -> list[Diagnostic]:
    """Two files declaring one tool name, or names the generated code cannot tell apart (`naming.tool_name_key`:
    `Handoff` and `handoff`, `get-x` and `get_x`); checked on every document with a usable name, valid or not.
    Telling those apart by a suffix would let a new spec take an existing tool's identifiers (`handoff_tool`
    would then build the new tool), so they are refused like an exact duplicate."""
    first: dict[str, tuple[str, str]] = {}  # name key → (name, file) of the first file using it
    problems = []
    for document in documents:  # already in path order, so the second file is the one reported
        name = document.value.get("name") if isinstance(document.value, dict) else None
        if not isinstance(name, str) or not _TOOL_NAME.fullmatch(name):
            continue
        earlier_name, earlier = first.setdefault(tool_name_key(name), (name, document.file))
        if earlier == document.file:
            continue
        if earlier_name == name:
            message = f'duplicate tool name "{name}": also defined in {earlier}'
        else:
            message = (
                f'tool name "{name}" collides with "{earlier_name}" in {earlier}: names that differ only in '
                "letter case, '-' or '_' give the same identifiers and file names in the generated code"
            )
        pos = document.position_of_value(("name",))
        problems.append(Diagnostic(document.file, pos.line, pos.column, message))
    return problems
