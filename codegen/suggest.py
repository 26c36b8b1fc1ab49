"""'did you mean …?' hints for misspelt keys and values."""

from __future__ import annotations

import difflib


def did_you_mean(word: str, choices: list[str]) -> str:
    """' (did you mean "x"?)' when a choice is close enough (or equal but for case), else ''."""
    lowered = {choice.lower(): choice for choice in choices}
    match = lowered.get(word.lower()) or next(
        iter(difflib.get_close_matches(word, choices, n=1, cutoff=0.6)), None
    )
    return f' (did you mean "{match}"?)' if match else ""
