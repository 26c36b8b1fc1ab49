"""Notes for `--verbose`: what toolgen decided on its own that a user may want to know, but that changes nothing
about the result (its own state discarded as unreadable, a special file skipped, a cache write that failed).

The code that decides calls `note`; the command line sets `listener` for a verbose run (the library has none, so
a note then goes nowhere). Each note is told once per listener. Standard library only: the fast path notes too.
"""

from __future__ import annotations

from collections.abc import Callable

listener: Callable[[str], None] | None = None
_told: set[str] = set()


def listen(printer: Callable[[str], None] | None) -> None:
    """Send the notes from now on to `printer` (None: nowhere)."""
    global listener
    listener = printer
    _told.clear()


def note(text: str) -> None:
    if listener is not None and text not in _told:
        _told.add(text)
        listener(text)
