"""Double-quoted string literals for the languages whose literals escape alike (Go, C#, Rust): each character
spelled by the language's own rule, and text with nothing to escape taken whole."""

from __future__ import annotations

from collections.abc import Callable


def double_quoted(text: str, spelled: Callable[[str], str]) -> str:
    """`text` between double quotes, each character as `spelled` writes it.

    `spelled` must keep every printable character but `"` and `\\` as it is; every short escape of these languages
    is a control character, which isprintable rejects. So text that is printable and holds neither is itself, found
    in one C-level scan (most text)."""
    if text.isprintable() and '"' not in text and "\\" not in text:
        return '"' + text + '"'
    return each_spelled(text, spelled)


def each_spelled(text: str, spelled: Callable[[str], str]) -> str:
    """`double_quoted`, one character at a time (any text; the fast path's reference)."""
    return '"' + "".join(map(spelled, text)) + '"'
