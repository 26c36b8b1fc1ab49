"""Tool names that one spec set cannot hold together, decided at import so `toolgen import` never writes a set
that `toolgen generate` refuses.

Two names clash when the generated code cannot tell them apart (naming.tool_name_key: `getCurrentTime` and
`get_current_time`; the loader refuses such a pair) or when one's words are the other's plus `tool`
(`generate_image_tool` beside `generate_image`, whose Python and Rust factory is `generate_image_tool`):
codegen.model.stability refuses that, because a tool's names may not depend on which other tools exist. Either
tool of such a pair may come first. Other affixes the targets derive names with (`params`, `handler`, `schema`)
give no such clash: `x_params` beside `x` generates (tests/test_import_names.py checks both against `generate`).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..model.naming import split_words, tool_name_key

AFFIX = ("tool",)
MAX_NAME_LENGTH = 64


class NameTable:
    """The names a spec set already holds (name key → the name and where it is), and which new name clashes."""

    def __init__(self, taken: Iterable[tuple[str, str]] = ()):
        self.keys: dict[str, tuple[str, str]] = {}
        self.words: dict[tuple[str, ...], tuple[str, str]] = {}
        for name, where in taken:
            self.add(name, where)

    def add(self, name: str, where: str) -> None:
        self.keys.setdefault(tool_name_key(name), (name, where))
        self.words.setdefault(tuple(split_words(name)), (name, where))

    def clash(self, name: str) -> tuple[str, str] | None:
        """The (name, where) of a tool `name` cannot sit beside, or None."""
        key = tool_name_key(name)
        if key in self.keys:
            return self.keys[key]
        words = tuple(split_words(name))
        if words[-1:] == AFFIX and words[:-1] in self.words:
            return self.words[words[:-1]]
        return self.words.get(words + AFFIX)

    def free_name(self, name: str) -> str:
        """`name` with the first `_2`, `_3`, … that clashes with nothing (cut to fit 64 characters)."""
        number = 2
        while True:
            suffix = f"_{number}"
            candidate = name[: MAX_NAME_LENGTH - len(suffix)] + suffix
            if self.clash(candidate) is None:
                return candidate
            number += 1


def clash_message(name: str, other: str, where: str) -> str:
    """Why `name` is refused beside `other` (at `where`), and what to do."""
    if tool_name_key(name) == tool_name_key(other):
        why = "names that differ only in letter case, '-' or '_' give the same identifiers in the generated code"
        if name == other:
            why = "two tools cannot have one name"
    else:
        why = "one is the other plus `_tool`, the other's factory name in Python and Rust"
    return (
        f'the tool name "{name}" clashes with "{other}" ({where}): {why}; rename one in the source, or import with '
        "--map-names, which gives this one a free name"
    )
