"""Find spec files, parse and validate each, and check what only a whole run can see (duplicate names)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .discover import display_path, find_spec_files
from .errors import Diagnostic
from .spec import ToolSpec, build_spec
from .yamlload import DEFAULT_MAX_BYTES, LocatedDocument, load_yaml

@dataclass(frozen=True)
class LoadedSpec:
    """A valid spec with the file it came from (as the user named it) and its located document."""

    file: str
    spec: ToolSpec
    document: LocatedDocument


def load_specs(
    paths: list[Path], max_bytes: int = DEFAULT_MAX_BYTES
) -> tuple[list[LoadedSpec], list[Diagnostic]]:
    """Load and validate every spec under `paths`. Returns the valid specs and every diagnostic."""
    files, problems = find_spec_files(paths)
    loaded: list[LoadedSpec] = []
    for path in files:
        shown = display_path(path)
        try:
            size = path.stat().st_size
            if size > max_bytes:  # refuse before reading a huge file into memory
                problems.append(
                    Diagnostic(shown, 1, 1, f"file is {size} bytes; the limit is {max_bytes} bytes (max_spec_bytes)")
                )
                continue
            data = path.read_bytes()
        except OSError as exc:
            problems.append(Diagnostic(shown, 1, 1, f"cannot read: {exc.strerror or exc}"))
            continue
        document = load_yaml(shown, data, max_bytes)
        if isinstance(document, Diagnostic):
            problems.append(document)
            continue
        spec, spec_problems = build_spec(document)
        problems.extend(spec_problems)
        if spec is not None:
            loaded.append(LoadedSpec(shown, spec, document))
    problems.extend(_duplicate_names(loaded))
    return loaded, problems


def _duplicate_names(loaded: list[LoadedSpec]) -> list[Diagnostic]:
    first_file: dict[str, LoadedSpec] = {}
    problems = []
    for item in loaded:  # already in path order, so the second file is the one reported
        earlier = first_file.setdefault(item.spec.name, item)
        if earlier is not item:
            pos = item.document.position_of_value(("name",))
            problems.append(
                Diagnostic(
                    item.file,
                    pos.line,
                    pos.column,
                    f'duplicate tool name "{item.spec.name}": also defined in {earlier.file}',
                )
            )
    return problems
