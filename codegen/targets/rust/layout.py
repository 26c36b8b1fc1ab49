"""The few rustfmt layout rules the Rust target needs, so generated code is already in canonical form.

rustfmt (style edition 2024, default configuration) breaks a line by width. The Rust target keeps the shape of
its code fixed; only names and strings that come from specs vary in length, and the functions here place them
where rustfmt would: a type after a field or alias name, a `#[serde(...)]` attribute, a where-clause bound, a
function signature, a `pub use` list, a call with one argument. When rustfmt itself cannot fit an item into
100 columns it leaves that item exactly as written, so these functions then return the one-line form.
`tests/test_target_rust.py` runs rustfmt over generated code with names of every length to keep them honest.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

MAX_WIDTH = 100  # rustfmt's max_width
INDENT = 4
# rustfmt lays a `#[name(a, b)]` attribute out vertically once its arguments are wider than this
# (`attr_fn_like_width`); an attribute with a single argument only breaks when its line is too long.
ATTRIBUTE_ARGUMENTS_WIDTH = 70


def display_width(text: str) -> int:
    """Columns `text` takes in rustfmt's count (unicode-width): wide CJK characters count two, marks zero."""
    if text.isascii():  # no ASCII character is a mark, a format character or wide: one column each
        return len(text)
    return _display_width_by_char(text)


def _display_width_by_char(text: str) -> int:
    """display_width, one character at a time (any text; the fast path's reference)."""
    width = 0
    for char in text:
        if unicodedata.combining(char) or unicodedata.category(char) in {"Mn", "Me", "Cf"}:
            continue
        width += 2 if unicodedata.east_asian_width(char) in {"W", "F"} else 1
    return width


def _spaces(indent: int) -> str:
    return " " * indent


@dataclass(frozen=True)
class RustType:
    """A Rust type as a tree (`Option<Vec<String>>` is Option › Vec › String), so it can break at `<`."""

    head: str
    args: tuple[RustType, ...] = ()

    def text(self) -> str:
        if not self.args:
            return self.head
        return f"{self.head}<{', '.join(arg.text() for arg in self.args)}>"


def layout_type(
    rust_type: RustType, indent: int, used: int, trail: str, count_trail: bool = True
) -> list[str] | None:
    """`rust_type` starting at column `used` of a line indented by `indent`, followed by `trail`.

    Returns the text for the rest of the first line and any further full lines, or None when it cannot fit.
    Generic arguments that do not fit on one line go one per line, as rustfmt does. A plain name rustfmt
    has moved to a line of its own may end one column past the limit with its `trail` (`count_trail=False`).
    """
    one_line = rust_type.text() + trail
    # The leniency is rustfmt's for a type name; a string literal (a `const X: &str = "…";` moved to its own line)
    # must fit with its `;`, or rustfmt leaves it on the prefix's line (found by the real-world tool corpus).
    literal = rust_type.head.startswith(('"', 'r"', "r#"))
    lenient = not count_trail and not rust_type.args and not literal
    if used + display_width(one_line) - (display_width(trail) if lenient else 0) <= MAX_WIDTH:
        return [one_line]
    if not rust_type.args or used + display_width(rust_type.head) + 1 > MAX_WIDTH:
        return None
    inner = indent + INDENT
    lines = [rust_type.head + "<"]
    for arg in rust_type.args:
        arg_lines = layout_type(arg, inner, inner, ",")
        if arg_lines is None:
            return None
        lines.append(_spaces(inner) + arg_lines[0])
        lines.extend(arg_lines[1:])
    lines.append(_spaces(indent) + ">" + trail)
    return lines


def layout_right_hand_side(prefix: str, value: RustType, indent: int, trail: str) -> list[str]:
    """`prefix value trail` (a field `pub name: T,`, an alias `pub type A = T;`, a `const X: &str = "…";`).

    rustfmt keeps the value on the prefix's line when it fits there on one line; otherwise it moves it to
    the next line, indented once more, when it fits there on one line or needs clearly fewer lines; else it
    breaks it on the prefix's line. What fits nowhere it leaves as written (here: on one line).
    """
    same_line = layout_type(value, indent, display_width(prefix) + 1, trail)
    if same_line is not None and len(same_line) == 1:
        return [f"{prefix} {same_line[0]}"]
    next_indent = indent + INDENT
    next_line = layout_type(value, next_indent, next_indent, trail, count_trail=False)
    if next_line is not None and (
        same_line is None or len(next_line) == 1 or len(same_line) - 1 > len(next_line) - 1 + 1
    ):
        return [prefix, _spaces(next_indent) + next_line[0], *next_line[1:]]
    if same_line is not None:
        return [f"{prefix} {same_line[0]}", *same_line[1:]]
    return [f"{prefix} {value.text()}{trail}"]


def layout_attribute(
    name: str, arguments: Sequence[str], indent: int, max_line: int = MAX_WIDTH
) -> list[str]:
    """`#[name(arguments)]`: one line, or one argument per line when too wide (no trailing comma).

    rustfmt allows an attribute line `max_line` columns: the full width at the top level and on an enum
    variant, one less on a struct field.
    """
    joined = ", ".join(arguments)
    line = f"{_spaces(indent)}#[{name}({joined})]"
    fits_line = display_width(line) <= max_line
    if fits_line and (len(arguments) == 1 or display_width(joined) <= ATTRIBUTE_ARGUMENTS_WIDTH):
        return [line]
    inner = _spaces(indent + INDENT)
    body = [f"{inner}{argument}," for argument in arguments[:-1]] + [f"{inner}{arguments[-1]}"]
    return [f"{_spaces(indent)}#[{name}(", *body, f"{_spaces(indent)})]"]


def layout_item_header(header: str, empty: bool = False) -> list[str]:
    """`pub struct Name {` (or `pub enum`, or `pub struct Name {}` when `empty`): the brace goes to the next
    line when the line is too long."""
    if not empty:
        return [f"{header} {{"] if display_width(f"{header} {{") <= MAX_WIDTH else [header, "{"]
    width = display_width(f"{header} {{}}")
    if width <= MAX_WIDTH - 2:  # rustfmt keeps two columns spare for `{}`
        return [f"{header} {{}}"]
    return [f"{header} {{", "}"] if width <= MAX_WIDTH else [header, "{}"]


def layout_fn_without_parameters(name: str, output: str) -> list[str]:
    """Top-level `fn name() -> Output {`: one line; else the brace on its own line; else the return type too."""
    if display_width(f"fn {name}() -> {output} {{") <= MAX_WIDTH:
        return [f"fn {name}() -> {output} {{"]
    if display_width(f"fn {name}() -> {output}") <= MAX_WIDTH + 1:  # rustfmt lets this line reach 101
        return [f"fn {name}() -> {output}", "{"]
    returns = f"-> {output}"
    if display_width(returns + " {") <= MAX_WIDTH:
        return [f"fn {name}()", returns + " {"]
    if display_width(returns) <= MAX_WIDTH:
        return [f"fn {name}()", returns, "{"]
    return [f"fn {name}()", returns + "{"]  # rustfmt's own output when nothing fits


def layout_call(indent: int, function: str, argument: str) -> list[str]:
    """`function(argument)` with one literal argument: one line, or the argument on its own line."""
    line = f"{_spaces(indent)}{function}({argument})"
    if display_width(line) <= MAX_WIDTH:
        return [line]
    return [
        f"{_spaces(indent)}{function}(",
        f"{_spaces(indent + INDENT)}{argument},",
        f"{_spaces(indent)})",
    ]


def layout_where_bound(
    name: str, function_args: Sequence[str], output: str, bounds: Sequence[str]
) -> list[str]:
    """One where-clause predicate `name: Fn(args) -> output + bound + …,` at indent 4.

    Too long for a line, the `+ bound`s go one per line; if the `Fn(…)` part alone is still too long, its
    arguments go one per line as well.
    """
    pad, bound_pad = _spaces(INDENT), _spaces(2 * INDENT)
    function = f"Fn({', '.join(function_args)}) -> {output}"
    one_line = f"{pad}{name}: {' + '.join([function, *bounds])},"
    if display_width(one_line) <= MAX_WIDTH:
        return [one_line]
    head = f"{pad}{name}: {function}"
    if display_width(head) < MAX_WIDTH:  # rustfmt breaks a first bound of exactly max_width columns too
        lines = [head]
    else:
        arg_pad = _spaces(3 * INDENT)
        lines = [
            f"{pad}{name}: Fn(",
            *[f"{arg_pad}{arg}," for arg in function_args],
            f"{bound_pad}) -> {output}",
        ]
    bound_lines = [f"{bound_pad}+ {bound}" for bound in bounds]
    bound_lines[-1] += ","
    return lines + bound_lines


def layout_fn_signature(
    prefix: str, parameters: Sequence[str], suffix: str, generics: Sequence[str] = ()
) -> list[str]:
    """`prefix<generics>(parameters)suffix` for a top-level fn: one line, or one parameter per line; when even
    `prefix<generics>(` takes max_width columns or more, one generic parameter per line too (rustfmt keeps 99)."""
    generic = f"<{', '.join(generics)}>" if generics else ""
    one_line = f"{prefix}{generic}({', '.join(parameters)}){suffix}"
    if display_width(one_line) <= MAX_WIDTH:
        return [one_line]
    head = [f"{prefix}{generic}("]
    if generics and display_width(head[0]) >= MAX_WIDTH:
        head = [f"{prefix}<", *[f"{_spaces(INDENT)}{name}," for name in generics], ">("]
    return [*head, *[f"{_spaces(INDENT)}{parameter}," for parameter in parameters], f"){suffix}"]


def layout_use_list(prefix: str, names: Sequence[str]) -> list[str]:
    """`pub use path::{A, b};`: one line, the names together on a line of their own, or one per line."""
    if len(names) == 1:
        return [f"{prefix}{names[0]};"]
    one_line = f"{prefix}{{{', '.join(names)}}};"
    # rustfmt budgets a one-line use list two columns short of max_width (measured: 98 fits, 99 breaks).
    if display_width(one_line) <= MAX_WIDTH - 2:
        return [one_line]
    together = f"{_spaces(INDENT)}{', '.join(names)},"
    if display_width(together) <= MAX_WIDTH:
        return [f"{prefix}{{", together, "};"]
    return [f"{prefix}{{", *[f"{_spaces(INDENT)}{name}," for name in names], "};"]


# -- ordering -----------------------------------------------------------------------------------------------


def _version_chunks(text: str) -> list[str]:
    """The style guide's version-sort chunks: a single `_`, a run of ASCII digits, or a run of anything else."""
    return _VERSION_CHUNK.findall(text)


# one C-level scan instead of a loop per character (the Rust folder's file sorts thousands of names); [0-9], not
# \d, which also takes other scripts' digits
_VERSION_CHUNK = re.compile("_|[0-9]+|[^_0-9]+")


def _is_digit(char: str) -> bool:
    return "0" <= char <= "9"


def version_key(text: str) -> tuple[tuple[tuple[int, Any], ...], tuple[int, ...]]:
    """A sort key for the Rust style guide's version sorting (rustfmt 2024 orders `use` paths by it).

    `_` sorts before everything; two digit runs compare by value, and at equal value the one with more
    leading zeros goes first, decided at the first such pair and only if nothing else differs; any other
    pair of chunks compares as text. A raw identifier's `r#` does not count.

    A key, not the guide's pairwise comparison (tests/test_perf_equivalence.py keeps that one and checks that
    they order alike): a key is computed once per item, a comparison once per pair: sorting a thousand modules'
    re-exports got 20× faster. Each chunk maps to (class, value): `_` first; then text that starts below "0",
    digit runs by value, text that starts above "9" — which is where a plain text comparison puts a digit run
    among text chunks. The second part breaks ties between equal values by leading zeros, more zeros first, at
    the first digit run where they differ."""
    chunks = _version_chunks(text.removeprefix("r#"))
    primary: list[tuple[int, Any]] = []
    zeros: list[int] = []
    for chunk in chunks:
        if chunk == "_":
            primary.append((0, ""))
        elif _is_digit(chunk[0]):
            primary.append((2, int(chunk)))
            zeros.append(-(len(chunk) - len(chunk.lstrip("0"))))
        else:
            primary.append((1 if chunk[0] < "0" else 3, chunk))
    return tuple(primary), tuple(zeros)


def module_key(name: str) -> str:
    """rustfmt orders `mod` declarations by plain string comparison of the name (a raw `r#` not counted)."""
    return name.removeprefix("r#")
