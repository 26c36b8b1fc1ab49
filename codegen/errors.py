"""Diagnostics, the one exception type the CLI turns into `file:line:col: error: …` lines, and the "did you mean
…?" hints of their messages."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any


# Every character that ends a line (str.splitlines), as its escape: editors and CI parse diagnostics line by line.
_LINE_BREAKS = {ord(c): repr(c)[1:-1] for c in "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"}


@dataclass(frozen=True, order=True)
class Diagnostic:
    """One located problem. Sorted by file, then position, so reports are stable. Line 0 means the problem has
    no position (a git error, a missing folder): it prints as `file: error: …`, never with a made-up `1:1`.

    A warning carries its code (codegen.warning_codes), printed last as compilers print theirs:
    `file:line:col: warning: message [TG101]`, so the `severity:` that editors and CI annotations parse stays put.
    Severity ACKNOWLEDGEMENT is no problem: a spec's acknowledgement of warning `code`, carried with the spec's
    warnings through the caches and the manifest to the step that honours it (codegen.acknowledge)."""

    file: str
    line: int
    column: int
    message: str
    severity: str = "error"
    code: str = ""

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}" if self.line else self.file
        text = f"{where}: {self.severity}: {self.message}" + (f" [{self.code}]" if self.code else "")
        return text.translate(_LINE_BREAKS)  # one line each, whatever a quoted input value holds

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    def row(self) -> list[str | int]:
        """The diagnostic as a JSON-able row (the caches keep warnings this way); `from_rows` reads rows back."""
        return [self.file, self.line, self.column, self.message, self.severity, self.code]

    @classmethod
    def from_rows(cls, rows: Any) -> tuple[Diagnostic, ...]:
        """Diagnostics from `row` rows; ValueError or TypeError when `rows` is not a list of such rows."""
        return tuple(cls(str(f), int(l), int(c), str(m), str(s), str(k)) for f, l, c, m, s, k in rows)


ACKNOWLEDGEMENT = "acknowledgement"  # the severity of a spec's acknowledgement (see Diagnostic)


class ToolgenError(Exception):
    """Bad input or usage. Carries every diagnostic found so the CLI can print them all at once."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = sorted(diagnostics)
        super().__init__("\n".join(str(d) for d in self.diagnostics))


class SpecError(ToolgenError):
    """A spec file (or a set of them) is invalid."""


class ConfigError(ToolgenError):
    """The toolgen configuration is invalid."""


class OwnershipError(ToolgenError):
    """toolgen would have to overwrite or delete a file it did not generate."""


class StrictError(ToolgenError):
    """--strict: the run had warnings, which count as errors (the diagnostics are those warnings)."""


class OutputPathError(ToolgenError):
    """A target planned an output path that is unsafe to write (a bug in the target: reported, never written)."""


# -- "did you mean …?" hints for misspelt keys and values --------------------------------------------------------

_SEPARATORS = re.compile(r"[-_\s]")


def _folded(word: str) -> str:
    """`is_terminal`, `IsTerminal` and `is-terminal` all fold to `isterminal`."""
    return _SEPARATORS.sub("", word).lower()


def did_you_mean(word: str, choices: list[str]) -> str:
    """' (did you mean "x"?)' when a choice is close enough (or equal but for case and separators), else ''."""
    import difflib  # only when a message needs a hint: the no-change fast path imports this module

    folded = {_folded(choice): choice for choice in choices}
    match = folded.get(_folded(word)) or next(
        iter(difflib.get_close_matches(word, choices, n=1, cutoff=0.6)), None
    )
    if match is None or match == word:
        return ""
    return f' (did you mean "{match}"?)'
