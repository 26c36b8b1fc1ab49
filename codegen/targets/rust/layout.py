"""rustfmt's line breaking as documents: the rules the Rust templates call where a line's width decides its layout.

rustfmt (style edition 2024, default configuration) tries an item's layouts in turn and keeps the first whose lines
fit; each rule here builds those layouts, in rustfmt's order, as a `FirstFit` of documents (codegen/layout/doc.py)
from the names, types and literals the template hands it. The template spells the rest of the statement once, flat.
rustfmt's width heuristics are the rules' own (attribute arguments go vertical past `attr_fn_like_width`, an array's
items past `array_width`), and the columns it keeps spare, or allows past the width, are `Reserve`s. What rustfmt
cannot fit into 100 columns it leaves as written, so a rule's last layout is then the one-line form.
`tests/test_target_rust.py` runs rustfmt over generated code with names of every length to keep the rules honest.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from ...layout.doc import HARDLINE, LINE, SOFTLINE, Doc, FirstFit, Group, IfBreak, Indent, Reserve, Style, join
from ...layout.markup import place
from .types import RustType

MAX_WIDTH = 100  # rustfmt's max_width
ATTR_FN_LIKE_WIDTH = 70  # attribute arguments wider than this go one per line
ARRAY_WIDTH = 60  # an array whose items are wider than this goes one item per line
CALL_WIDTH = 60  # from rustfmt's output: a callee this long never overflows an array's brackets


def display_width(text: str) -> int:
    """Columns `text` takes in rustfmt's count (unicode-width): wide CJK characters count two, marks zero."""
    if text.isascii():  # no ASCII character is a mark, a format character or wide: one column each
        return len(text)
    others = _NOT_ASCII.findall(text)  # one C-level scan: only these characters are looked up
    return len(text) - len(others) + _display_width_by_char("".join(others))


_NOT_ASCII = re.compile("[^\x00-\x7f]")


def _display_width_by_char(text: str) -> int:
    """display_width, one character at a time (any text; the fast path's reference)."""
    width = 0
    for char in text:
        if unicodedata.combining(char) or unicodedata.category(char) in {"Mn", "Me", "Cf"}:
            continue
        width += 2 if unicodedata.east_asian_width(char) in {"W", "F"} else 1
    return width


STYLE = Style(MAX_WIDTH, "    ", display_width)


def _one_per_line(items: Sequence[Doc], trailing: str = ",") -> list[Doc]:
    """`items` indented one per line between the brackets around them, each but the last ending with a comma."""
    return [Indent([HARDLINE, join([",", HARDLINE], list(items)), trailing]), HARDLINE]


def type_doc(rust_type: RustType, broken: bool = False) -> Doc:
    """A type whose generic arguments go one per line (each with its comma) when it does not fit."""
    if not rust_type.args:
        return rust_type.head
    arguments = join([",", LINE], [type_doc(argument) for argument in rust_type.args])
    return Group([rust_type.head, "<", Indent([SOFTLINE, arguments, IfBreak(",")]), SOFTLINE, ">"], broken)


def rhs(value: RustType | str) -> FirstFit:
    """What follows `name:` or `=` (a type, or a string literal): on its line; else alone on the next line, indented;
    else a type broken after its `<`, on its line, then on the next line. A plain type name on a line of its own may
    end one column past the width with the `,` or `;` after it; a literal must fit with it."""
    text = str(value)
    if isinstance(value, str) or not value.args:
        allowance = [] if isinstance(value, str) else [Reserve(-1)]
        return FirstFit([text, lambda: Indent([HARDLINE, text, *allowance]), text])
    return FirstFit(
        [
            text,
            lambda: Indent([HARDLINE, text]),
            lambda: type_doc(value, broken=True),
            lambda: Indent([HARDLINE, type_doc(value, broken=True)]),
            text,
        ]
    )


_OPEN_BRACE = FirstFit(["{", [HARDLINE, "{"]])
_EMPTY_BRACES = FirstFit([["{}", Reserve(2)], ["{", Reserve(1), HARDLINE, "}"], [HARDLINE, "{}"]])


def open_brace() -> FirstFit:
    """The `{` that opens an item's body: on the item's line, else on a line of its own."""
    return _OPEN_BRACE


def empty_braces() -> FirstFit:
    """The `{}` of an empty struct: on its line with two columns spare, else `{` there (one spare) and `}` below,
    else `{}` on a line of its own."""
    return _EMPTY_BRACES


def attribute(arguments: Sequence[str], in_list: bool = False) -> FirstFit:
    """The arguments of `#[name(…)]`: on one line, or one per line (without a trailing comma) when the line is too
    long or several are wider than attr_fn_like_width. An attribute on an item of a list (a struct field) keeps a
    column spare for the item's comma."""
    flat = ", ".join(arguments)
    if len(arguments) > 1 and display_width(flat) > ATTR_FN_LIKE_WIDTH:
        return FirstFit([_one_per_line(arguments, trailing="")])
    return FirstFit([[flat, Reserve(1)] if in_list else flat, lambda: _one_per_line(arguments, trailing="")])


def returns(output: RustType) -> FirstFit:
    """` -> Output {` after a function's `()`; else the brace on the next line (the line may reach 101 columns);
    else `-> Output {` on the next line; else `-> Output` and `{` on lines of their own; else rustfmt's own
    `-> Output{`."""
    text = f"-> {output}"
    return FirstFit(
        [
            f" {text} {{",
            lambda: [f" {text}", Reserve(-1), HARDLINE, "{"],
            lambda: [HARDLINE, f"{text} {{"],
            lambda: [HARDLINE, text, HARDLINE, "{"],
            lambda: [HARDLINE, text + "{"],
        ]
    )


def argument(value: str) -> FirstFit:
    """A call's one argument (a literal): in the parentheses, else on a line of its own with a trailing comma."""
    return FirstFit([value, lambda: _one_per_line([value])])


def signature(generics: Sequence[str], parameters: Sequence[str]) -> FirstFit:
    """`<generics>(parameters)` of a function: on one line; else the parameters one per line, when the line up to
    the `(` leaves a column spare (rustfmt budgets the generics with the `()` after them); else the generics one
    per line too."""
    opened = f"<{', '.join(generics)}>("
    return FirstFit(
        [
            f"{opened}{', '.join(parameters)})",
            lambda: [opened, Reserve(1), *_one_per_line(parameters), ")"],
            lambda: ["<", *_one_per_line(generics), ">(", *_one_per_line(parameters), ")"],
        ]
    )


def bound(arguments: Sequence[str], output: str, bounds: Sequence[str]) -> FirstFit:
    """A where-clause bound `Fn(arguments) -> output + bound + …`: on one line; else each `+ bound` on a line of
    its own, when the `Fn(…)` line leaves a column spare; else the arguments one per line too."""
    function = f"Fn({', '.join(arguments)}) -> {output}"

    def plus() -> Doc:
        return Indent([[HARDLINE, f"+ {name}"] for name in bounds])

    return FirstFit(
        [
            " + ".join([function, *bounds]),
            lambda: [function, Reserve(1), plus()],
            lambda: [Indent(["Fn(", *_one_per_line(arguments), f") -> {output}"]), plus()],
        ]
    )


def use_list(names: Sequence[str]) -> FirstFit | str:
    """What a `use path::` brings in: one name; or `{A, b}` on the line, two columns spare; else the names together
    on a line of their own; else one per line."""
    if len(names) == 1:
        return names[0]
    together = ", ".join(names)
    return FirstFit(
        [
            [f"{{{together}}}", Reserve(2)],
            lambda: ["{", *_one_per_line([together + ","], trailing=""), "}"],
            lambda: ["{", *_one_per_line(names), "}"],
        ]
    )


def _call(function: str, field: str, receiver: str, broken: bool = False) -> Group:
    """`function(receiver.field)`: its argument on a line of its own when it does not fit, and `.field` below
    `receiver` when even that line is too long (rustfmt's chain)."""
    chain = Group([receiver, Indent([SOFTLINE, ".", field])])
    return Group([function, "(", Indent([SOFTLINE, chain, IfBreak(",")]), SOFTLINE, ")"], broken)


def call_list(calls: Sequence[tuple[str, str]], receiver: str) -> FirstFit | str:
    """The items of `vec![…]`, each `function(receiver.field)`: on one line when they take at most array_width
    columns; a lone call broken in the brackets (`vec![f(` … `)]`) unless its callee is call_width or longer or
    its lines do not fit, then on one line if that fits; else one item per line."""
    items = [f"{function}({receiver}.{field})" for function, field in calls]
    flat = ", ".join(items)
    if display_width(flat) <= ARRAY_WIDTH:
        return flat
    vertical = _one_per_line(
        [FirstFit([item, _call(*call, receiver, broken=True)]) for item, call in zip(items, calls)]
    )
    if len(calls) > 1:
        return FirstFit([vertical])
    (function, field), = calls
    overflowing = [_call(function, field, receiver, broken=True)] if display_width(function) < CALL_WIDTH else []
    return FirstFit([*overflowing, flat, vertical])


def _placing(rule: Callable[..., Doc], repeats: int = 0, sequences: bool = False) -> Callable[..., str]:
    """`rule` as a template macro: its document placed where the template renders it (text stays text). A rule
    that `repeats` its arguments (a module's types, its fields' serde arguments) keeps that many of its last
    documents (a document is only read by the printer). A rule of `sequences` takes lists from the template."""
    made = lru_cache(maxsize=repeats)(rule) if repeats else rule

    def macro(*args: Any, **kwargs: Any) -> str:
        if sequences:
            args = tuple(tuple(arg) if type(arg) is list else arg for arg in args)
        doc = made(*args, **kwargs)
        return doc if type(doc) is str else place(doc)

    return macro


MACROS = {
    "rhs": _placing(rhs, repeats=256),
    "open_brace": _placing(open_brace),
    "empty_braces": _placing(empty_braces),
    "attribute": _placing(attribute, repeats=256, sequences=True),
    "returns": _placing(returns, repeats=64),
    "argument": _placing(argument),
    "signature": _placing(signature, repeats=4, sequences=True),
    "bound": _placing(bound, repeats=4, sequences=True),
    "use_list": _placing(use_list),
    "call_list": _placing(call_list),
}


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
