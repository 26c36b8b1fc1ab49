"""Python's doc text: docstrings (normalized the way black normalizes them, so black leaves them unchanged) and
`#` comments, escaped so that no spec text can break out of them."""

from __future__ import annotations

from .syntax import LINE_LENGTH, _escape, _escape_code, _hidden


def docstring(text: str, depth: int | None = None) -> str:
    """A triple-quoted literal for `text`, keeping its line breaks.

    The quotes are the ones the text needs no escapes for: `\"\"\"`, or `\'\'\'` when the text holds three double
    quotes in a row or ends with one (black keeps such a literal); only when neither fits is every double quote
    escaped. Backslashes and hidden characters are escaped, trailing blanks on a line dropped. With `depth` (the
    indentation level of a real docstring: the first statement of a module, class or function) the literal is
    also normalized the way black normalizes docstrings, so black leaves it unchanged: the text's common
    indentation is removed and later lines are indented to `depth`, and a multi-line docstring closes on its own
    line (PEP 257).
    """
    lines = [line.rstrip(" ") for line in text.strip().split("\n")]
    if depth is not None:
        lines = [lines[0].strip(" "), *_dedented(lines[1:])]
    quote = _docstring_quote("\n".join(lines))
    lines = [_escape(line, quote if quote == '"' and _needs_every_quote("\n".join(lines)) else "") for line in lines]
    if depth is None:
        return quote * 3 + "\n".join(lines) + quote * 3
    if len(lines) > 1:
        lines.append("")  # black keeps a blank last line: the closing quotes stay on their own line
    return _black_docstring(lines, "    " * depth, quote)


def _needs_every_quote(text: str) -> bool:
    return ('"""' in text or text.endswith('"')) and ("\'\'\'" in text or text.endswith("'"))


def _docstring_quote(text: str) -> str:
    if ('"""' in text or text.endswith('"')) and not _needs_every_quote(text):
        return "'"
    return '"'


def _dedented(lines: list[str]) -> list[str]:
    common = min((len(line) - len(line.lstrip(" ")) for line in lines if line.strip(" ")), default=0)
    return [line[common:] for line in lines]


def _black_docstring(lines: list[str], indent: str, quote: str = '"') -> str:
    body = [lines[0].strip(" ")]
    rest = lines[1:]
    common = min((len(line) - len(line.lstrip(" ")) for line in rest if line.strip(" ")), default=0)
    body += [indent + line[common:].rstrip(" ") if line.strip(" ") else "" for line in rest]
    if rest and not body[-1]:  # black keeps the indentation of a blank last line
        body[-1] = indent
    value = "\n".join(body)
    if value.startswith(quote):
        value = " " + value
    if value.endswith(quote):
        value += " "
    trailing_backslashes = len(value) - len(value.rstrip("\\"))
    # cannot happen after escaping; kept so that the rule reads like black's
    if trailing_backslashes % 2:
        value += " "
    last_line = value.split("\n")[-1]
    if len(body) > 1 and len(last_line) + 3 > LINE_LENGTH and len(indent) + 3 <= LINE_LENGTH:
        return quote * 3 + value + "\n" + indent + quote * 3
    return quote * 3 + value + quote * 3


def comment(text: str) -> str:
    """Text safe inside a `#` comment: one line, nothing invisible."""
    if text.isascii() and text.isprintable():
        return text  # nothing to escape (the common case, checked in C)
    return "".join(_escape_code(char) if _hidden(char) else char for char in text)
