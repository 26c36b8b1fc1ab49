"""TypeScript doc comments: a description as the `/** … */` comment prettier leaves as it is."""

from __future__ import annotations

from .syntax import PLAIN_TEXT, escape_char, needs_escape


def doc_comment(text: str) -> str:
    """A `/** … */` comment prettier leaves as it is: `*/` broken up, one ` * ` line per line of text, no trailing
    spaces, and characters that could hide or reorder text (controls, bidi overrides) shown as `\\uXXXX`.
    """
    text = (
        text.replace("\r\n", "\n")
        .replace("\r", "\n")
        .replace("\u2028", "\n")
        .replace("\u2029", "\n")
    )
    if not PLAIN_TEXT.fullmatch(text):
        text = "".join(
            char if char == "\n" or not needs_escape(char) else escape_char(char) for char in text
        )
    text = text.replace("*/", "*\\/")
    lines = [line.rstrip() for line in text.strip("\n").split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    # The common indentation of the later lines means nothing (docstring-style text): it would show as code.
    margin = min((len(line) - len(line.lstrip()) for line in lines[1:] if line), default=0)
    if lines:
        lines = [lines[0].lstrip(), *(line[margin:] for line in lines[1:])]
    if len(lines) == 1 and not lines[0].startswith("*") and lines[0].strip():
        return f"/** {lines[0].strip()} */"
    body = "\n".join(f" * {line}".rstrip() for line in lines)
    return f"/**\n{body}\n */"
