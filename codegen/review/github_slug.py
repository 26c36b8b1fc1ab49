"""The anchors GitHub gives Markdown headings, so that a catalogue's `[name](#anchor)` links work there.

This is github-slugger's algorithm (the one GitHub's own renderer is matched against): lower-case the heading's
text, drop every character of the Unicode categories below except those that are Alphabetic, turn each space
into `-`, and number a repeated anchor `-1`, `-2`, … in document order. Standard library only.
"""

from __future__ import annotations

import unicodedata

# Other_Number, all punctuation but connectors (`_` stays), symbols, control, format, private use, unassigned and
# separators: removed, except a plain space (it becomes `-`) and a plain `-`.
_REMOVED = frozenset({"No", "Pe", "Pf", "Pi", "Ps", "Po", "Pd", "Sm", "Sc", "Sk", "So", "Cc", "Cf", "Co", "Cn",
                      "Zs", "Zl", "Zp"})  # fmt: skip
# Symbols that are Alphabetic nonetheless (Other_Alphabetic of Unicode's PropList.txt, all of category So): the
# circled, squared and negative circled or squared Latin letters. Every other Alphabetic character is a letter,
# a letter number or a mark, none of which is removed.
_ALPHABETIC_SYMBOLS = ((0x24B6, 0x24E9), (0x1F130, 0x1F149), (0x1F150, 0x1F169), (0x1F170, 0x1F189))


def _kept(character: str) -> bool:
    if character in " -":
        return True
    if unicodedata.category(character) not in _REMOVED:
        return True
    code = ord(character)
    return any(low <= code <= high for low, high in _ALPHABETIC_SYMBOLS)


def slug(text: str) -> str:
    """The anchor of a heading whose text is `text`, before repeats are numbered."""
    return "".join(c for c in text.lower() if _kept(c)).replace(" ", "-")


class Slugger:
    """Anchors of one document's headings, in order: a repeated anchor gets the first free `-N`."""

    def __init__(self) -> None:
        self._occurrences: dict[str, int] = {}

    def slug(self, text: str) -> str:
        base = result = slug(text)
        while result in self._occurrences:
            self._occurrences[base] += 1
            result = f"{base}-{self._occurrences[base]}"
        self._occurrences[result] = 0
        return result
