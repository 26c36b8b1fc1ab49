"""'did you mean …?' hints for misspelt keys and values."""

from __future__ import annotations

import difflib
import re

_SEPARATORS = re.compile(r"[-_\s]")


def _folded(word: str) -> str:
    """`is_terminal`, `IsTerminal` and `is-terminal` all fold to `isterminal`."""
    return _SEPARATORS.sub("", word).lower()


def did_you_mean(word: str, choices: list[str]) -> str:
    """' (did you mean "x"?)' when a choice is close enough (or equal but for case and separators), else ''."""
    folded = {_folded(choice): choice for choice in choices}
    match = folded.get(_folded(word)) or next(
        iter(difflib.get_close_matches(word, choices, n=1, cutoff=0.6)), None
    )
    if match is None or match == word:
        return ""
    return f' (did you mean "{match}"?)'
