"""Warnings a team has acknowledged, the way ruff's `noqa` and buf's `ignore` work: by code, in a spec (its
`acknowledge` key, for the whole tool or a place in `parameters`) or in the configuration (`acknowledge`, and
`acknowledge_per_path` for path globs). `reported` is the one step every command's warnings pass before they are
printed or counted by --strict: it keeps only what concerns the run's targets, drops what is acknowledged, and
adds a warning (TG901) for each acknowledgement that matched nothing.

A spec's acknowledgements travel with its warnings (as Diagnostics of severity ACKNOWLEDGEMENT) through the spec
cache and the manifest, so a run that reuses them honours them like a run that parsed the spec. Standard library
only: the no-change fast path reports warnings too.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fnmatch import fnmatchcase
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import warning_codes as codes
from ..errors import ACKNOWLEDGEMENT, Diagnostic
from ..errors import did_you_mean

if TYPE_CHECKING:
    from ..spec.yamlload import LocatedDocument

KEY = "acknowledge"  # the spec key
ENTRY_KEYS = ("code", "at", "reason")


@dataclass(frozen=True)
class Acknowledgement:
    """`code` acknowledged where it was declared (`file`, `line`, `column`): in spec `file` (all of it, or the
    `span` of the place `at` names), or in the files the configuration's glob `pattern` matches below `base`."""

    code: str
    file: str
    line: int
    column: int
    label: str  # how the unused warning names it: `at /properties/when`, a configuration key
    span: tuple[int, int, int, int] | None = None
    pattern: str | None = None
    base: str = ""

    def covers(self, warning: Diagnostic) -> bool:
        if warning.code != self.code:
            return False
        if self.pattern is not None:
            path = Path(os.path.relpath(os.path.abspath(warning.file), self.base)).as_posix()
            return fnmatchcase(path, self.pattern) or fnmatchcase(path, self.pattern.rstrip("/") + "/*")
        inside = self.span is None or self.span[:2] <= (warning.line, warning.column) <= self.span[2:]
        return warning.file == self.file and inside

    def unused(self) -> Diagnostic:
        if self.pattern is None and self.label:
            message = f"acknowledges {self.code} {self.label}, but no {self.code} warning is there; remove it"
        elif self.pattern is None:
            message = f"acknowledges {self.code}, but the tool has no {self.code} warning; remove it"
        else:
            message = f"{self.label}: {self.code} matches no warning; remove it"
        return Diagnostic(self.file, self.line, self.column, message, "warning", codes.ACKNOWLEDGED_NOTHING)

    def carried(self) -> Diagnostic:
        """A spec's acknowledgement as the Diagnostic that carries it with the spec's warnings."""
        scope = json.dumps({"label": self.label, "span": self.span})
        return Diagnostic(self.file, self.line, self.column, scope, ACKNOWLEDGEMENT, self.code)

    @classmethod
    def of(cls, carried: Diagnostic) -> Acknowledgement:
        scope = json.loads(carried.message)
        span = tuple(scope["span"]) if scope["span"] else None
        label = scope["label"]
        return cls(carried.code, carried.file, carried.line, carried.column, label, span)  # type: ignore[arg-type]


def reported(
    diagnostics: Iterable[Diagnostic],
    configured: Sequence[Acknowledgement],
    targets: Sequence[str] | None,
    whole_set: bool,
    rendered: bool,
) -> list[Diagnostic]:
    """The warnings a run reports, from those it found and the spec acknowledgements among them: only those that
    concern `targets` (None: every target; a union's names only those), none that an acknowledgement covers, and
    TG901 for each acknowledgement that covered nothing. An acknowledgement is judged only when the run could
    have met its warning: a configuration's needs the `whole_set` of specs, a code targets emit needs a run that
    `rendered` every configured target."""
    chosen = tuple(targets) if targets else codes.TYPED
    found = list(diagnostics)
    acknowledgements = [*configured, *(Acknowledgement.of(d) for d in found if d.severity == ACKNOWLEDGEMENT)]
    by_code: dict[str, list[Acknowledgement]] = {}
    for ack in acknowledgements:
        by_code.setdefault(ack.code, []).append(ack)
    used: set[Acknowledgement] = set()
    kept = []
    for warning in (d for d in found if d.severity != ACKNOWLEDGEMENT):
        covering = {ack for ack in by_code.get(warning.code, ()) if ack.covers(warning)}
        used |= covering
        concerns = codes.CODES[warning.code].concerns if warning.code in codes.CODES else ()
        if covering or (concerns and not set(concerns) & set(chosen)):
            continue
        if warning.code in (codes.UNION, codes.UNION_NOT_IN_RUST):
            warning = replace(warning, message=codes.retargeted(warning.message, warning.code, chosen))
        kept.append(warning)
    for ack in acknowledgements:
        judged = (ack.pattern is None or whole_set) and (rendered or not codes.CODES[ack.code].rendered)
        if ack not in used and judged and ack.code != codes.ACKNOWLEDGED_NOTHING:
            unused = ack.unused()
            if not any(other.covers(unused) for other in by_code.get(unused.code, ())):
                kept.append(unused)
    return kept


# -- where acknowledgements are declared --------------------------------------------------------------------------


def code_problem(code: Any) -> str | None:
    """Why `code` is not a warning code toolgen emits, or None."""
    if isinstance(code, str) and code in codes.CODES:
        return None
    hint = did_you_mean(code, list(codes.CODES)) if isinstance(code, str) else ""
    shown = json.dumps(code) if isinstance(code, (str, int, float, bool)) or code is None else "a mapping or list"
    return f"{shown} is not a warning code{hint}; docs/warnings.md lists them"


def in_spec(document: LocatedDocument) -> list[Diagnostic]:
    """A spec's `acknowledge` entries, each carried as a Diagnostic (`Acknowledgement.carried`), and an error for
    each entry that is not one: an unknown code (with "did you mean"), an unknown entry key, or an `at` that is
    not a JSON Pointer to a place in `parameters`."""
    entries = document.value.get(KEY)
    if entries is None and KEY not in document.value:
        return []
    if not isinstance(entries, list):
        return [_error(document, (KEY,), "must be a list of warning codes, or of {code, at, reason} mappings")]
    found = []
    for index, entry in enumerate(entries):
        where = (KEY, index)
        if isinstance(entry, dict):
            unknown = [key for key in entry if key not in ENTRY_KEYS]
            for key in unknown:
                message = f'unknown key "{key}"{did_you_mean(key, list(ENTRY_KEYS))}'
                found.append(_error(document, (*where, key), message, at_key=True))
            if "reason" in entry and not isinstance(entry["reason"], str):
                found.append(_error(document, (*where, "reason"), "must be a string"))
            code, at, code_at = entry.get("code"), entry.get("at"), (*where, "code")
        else:
            code, at, code_at = entry, None, where
        if (problem := code_problem(code)) is not None:
            found.append(_error(document, code_at, problem))
            continue
        span, label = None, ""
        if at is not None:
            span = _span(document, at)
            if span is None:
                found.append(_error(document, (*where, "at"), _pointer_problem(document.value.get("parameters"), at)))
                continue
            label = f"at {at}"
        position = document.position_of_value(code_at)
        found.append(Acknowledgement(code, document.file, position.line, position.column, label, span).carried())
    return found


def _error(document: LocatedDocument, path: tuple, message: str, at_key: bool = False) -> Diagnostic:
    position = document.position_of_key(path) if at_key else document.position_of_value(path)
    return Diagnostic(document.file, position.line, position.column, f"{'.'.join(map(str, path))}: {message}")


def _parts(pointer: Any) -> list[str] | None:
    if not isinstance(pointer, str) or not (pointer == "" or pointer.startswith("/")):
        return None
    return [part.replace("~1", "/").replace("~0", "~") for part in pointer.split("/")[1:]]


def _resolved(parameters: Any, pointer: Any) -> tuple[tuple[str | int, ...], Any, str] | None:
    """(path inside the spec, value) of `pointer` in `parameters`, or None with the missing part last."""
    parts, path, value = _parts(pointer), ["parameters"], parameters
    if parts is None:
        return None
    for part in parts:
        if isinstance(value, dict) and part in value:
            path.append(part)
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            path.append(int(part))
            value = value[int(part)]
        else:
            return (tuple(path), value, part)
    return (tuple(path), value, "")


def _span(document: LocatedDocument, pointer: Any) -> tuple[int, int, int, int] | None:
    """The first and last position (line, column) of the place `pointer` names in `parameters`: its key and every
    key and value inside it; None when it names no place."""
    resolved = _resolved(document.value.get("parameters"), pointer)
    if resolved is None or resolved[2]:
        return None
    path = resolved[0]
    start = document.position_of_key(path)
    inside = [position for table in (document.key_positions, document.value_positions)
              for where, position in table.items() if where[: len(path)] == path]  # fmt: skip
    last = max([(p.line, p.column) for p in inside] + [(start.line, start.column)])
    return (start.line, start.column, *last)


def _pointer_problem(parameters: Any, pointer: Any) -> str:
    resolved = _resolved(parameters, pointer)
    if resolved is None:
        return f"{json.dumps(pointer)} is not a JSON Pointer into parameters (/properties/NAME; or leave `at` out)"
    _, container, missing = resolved
    hint = did_you_mean(missing, [str(key) for key in container]) if isinstance(container, dict) else ""
    return f"{json.dumps(pointer)} names no place in parameters: nothing at {json.dumps(missing)}{hint}"
