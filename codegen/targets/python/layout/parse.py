"""The flat statement text as black's leaves (tokens, invisible parentheses, roles), and `layout`, which runs the
transforms until every line fits."""

from __future__ import annotations

import keyword
import re


from .lines import (
    ARGLIST, ATOM, BRACKETS, CLASSDEF, CLOSING_BRACKETS, COLON, COMMA, EQUAL, IMPORT, KEYWORD, LBRACE,
    LINE_LENGTH, LPAR, LSQB, Leaf, Line, MATCHING, NAME, NUMBER, OPENING_BRACKETS, OTHER, PARAMETERS, RARROW,
    RPAR, STRING, SUBSCRIPTLIST, TRAILER, TYPEDARGSLIST, Unsupported, VBAR, _matching_index, _split_top_level,
    str_width,
)
from .literals import _literal_assignment
from .split import transform_line

# -- parsing the flat text ---------------------------------------------------------------------------------------

_TOKEN = re.compile(
    r"""
    (?P<space>[ ]+)
    | (?P<string>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')
    | (?P<number>(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][-+]?\d+)?[jJ]?)
    | (?P<name>[^\W\d]\w*)
    | (?P<op>->|[()\[\]{},:=|.\-])
    """,
    re.VERBOSE,
)


# Keywords the supported statements use; any other keyword means a construct outside the subset.
_STATEMENT_KEYWORDS = frozenset(
    {"from", "import", "return", "def", "class", "True", "False", "None"}
)
_OTHER_KEYWORDS = frozenset(keyword.kwlist) - _STATEMENT_KEYWORDS


def _tokens(text: str) -> list[tuple[str, str, str]]:
    """(type, value, whitespace before) for each token of canonically spaced flat text."""
    result: list[tuple[str, str, str]] = []
    position = 0
    space = ""
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None:
            raise Unsupported(f"cannot lay out {text[position:position + 20]!r}")
        position = match.end()
        kind = match.lastgroup
        value = match.group()
        if kind == "space":
            space = value
            continue
        if kind == "string":
            result.append((STRING, value, space))
        elif kind == "number":
            result.append((NUMBER, value, space))
        elif kind == "name":
            if value in _OTHER_KEYWORDS:
                raise Unsupported(f"keyword {value!r}")
            result.append((NAME, value, space))
        else:
            result.append((value, value, space))
        space = ""
    return result


# Keywords after which a bracket opens an atom, not a trailer: of black's list, those _tokens lets through.
_KEYWORDS = frozenset({"return", "import", "from"})


def _build_leaves(tokens: list[tuple[str, str, str]]) -> list[Leaf]:
    """Leaves with the bracket and comma roles black derives from its syntax tree."""
    leaves: list[Leaf] = []
    stack: list[Leaf] = []
    previous: Leaf | None = None
    for type_, value, prefix in tokens:
        leaf = Leaf(type_, value, prefix)
        if type_ in OPENING_BRACKETS:
            follows_value = previous is not None and (
                (previous.type == NAME and previous.value not in _KEYWORDS)
                or previous.type == STRING
                or previous.type in CLOSING_BRACKETS
            )
            leaf.role = TRAILER if follows_value and type_ != LBRACE else ATOM
            stack.append(leaf)
        elif type_ in CLOSING_BRACKETS:
            if not stack or stack[-1].type != MATCHING[type_]:
                raise Unsupported("unbalanced brackets")
            leaf.role = stack.pop().role
        elif type_ == COMMA:
            enclosing = stack[-1] if stack else None
            if enclosing is None:
                leaf.role = OTHER  # only an import's names may have top-level commas (statement_line checks)
            elif enclosing.role == TRAILER:
                leaf.role = ARGLIST if enclosing.type == LPAR else SUBSCRIPTLIST
            else:
                leaf.role = enclosing.role if enclosing.role in (TYPEDARGSLIST,) else OTHER
        leaves.append(leaf)
        previous = leaf
    if stack:
        raise Unsupported("unbalanced brackets")
    return leaves


def _invisible_pair(inner: list[Leaf], role: str = ATOM) -> list[Leaf]:
    """`inner` wrapped in black's invisible parens; the space before `inner` moves to the paren, as in black."""
    if not inner:
        return inner
    opening = Leaf(LPAR, "", inner[0].prefix, role, optional=True)
    inner[0].prefix = inner[0].canonical_prefix = ""
    return [opening, *inner, Leaf(RPAR, "", "", role, optional=True)]


def _wrap_value(leaves: list[Leaf]) -> list[Leaf]:
    """An expression after `=`, `:`, `return` or `->`, wrapped in invisible parens unless it is an empty tuple."""
    if len(leaves) == 2 and leaves[0].type == LPAR and leaves[1].type == RPAR:
        return leaves
    if (
        leaves
        and leaves[0].type == LPAR
        and leaves[0].role == ATOM
        and _matching_index(leaves, 0) == len(leaves) - 1
    ):
        raise Unsupported("parenthesized expressions are not laid out")
    return _invisible_pair(leaves)


def statement_leaves(text: str) -> list[Leaf]:
    """The leaves black builds for one statement, with its invisible parentheses."""
    leaves = _build_leaves(_tokens(text))
    if not leaves:
        raise Unsupported("empty statement")
    first = leaves[0]
    is_import = is_def = False
    if first.type == NAME and first.value == "from":
        at = next(
            (i for i, leaf in enumerate(leaves) if leaf.type == NAME and leaf.value == "import"), -1
        )
        if at < 0 or at == len(leaves) - 1:
            raise Unsupported("import without names")
        names = leaves[at + 1 :]
        for leaf in names:
            if leaf.type in BRACKETS:
                raise Unsupported("parenthesized import")
        leaves = leaves[: at + 1] + _invisible_pair(names, IMPORT)
        is_import = True
    elif first.type == NAME and first.value == "return":
        leaves = leaves[:1] + _wrap_value(leaves[1:])
    elif first.type == NAME and first.value == "def":
        leaves = _def_leaves(leaves)
        is_def = True
    elif first.type == NAME and first.value == "class":
        if len(leaves) > 2 and leaves[2].type == LPAR:
            end = _matching_index(leaves, 2)
            leaves[2].role = leaves[end].role = CLASSDEF
    else:
        leaves = _assignment_leaves(leaves)
    if not is_import and _split_top_level(leaves, COMMA) >= 0:
        raise Unsupported("a tuple")
    if is_import or is_def:
        first.role = KEYWORD
    first.prefix = first.canonical_prefix = ""
    return leaves


def logical_line(leaves: list[Leaf], depth: int) -> Line:
    """A statement's leaves as one line, bracket roles given to commas (including commas a split added)."""
    line = Line(depth)
    enclosing: list[Leaf] = []
    for leaf in leaves:
        if leaf.type in OPENING_BRACKETS:
            enclosing.append(leaf)
        elif leaf.type in CLOSING_BRACKETS:
            enclosing.pop()
        elif leaf.type == COMMA:
            leaf.role = (
                _COMMA_ROLES.get((enclosing[-1].role, enclosing[-1].type), OTHER)
                if enclosing
                else OTHER
            )
        line.append(leaf, preformatted=False)
    return line


_COMMA_ROLES = {
    (TRAILER, LPAR): ARGLIST,
    (TRAILER, LSQB): SUBSCRIPTLIST,
    (PARAMETERS, LPAR): TYPEDARGSLIST,
    (CLASSDEF, LPAR): ARGLIST,
}


def _assignment_leaves(leaves: list[Leaf]) -> list[Leaf]:
    equal = _split_top_level(leaves, EQUAL)
    target = leaves if equal < 0 else leaves[:equal]
    colon = _split_top_level(target, COLON)
    if colon >= 0:
        target = target[: colon + 1] + _wrap_value(target[colon + 1 :])
    if equal < 0:
        return target
    if _split_top_level(leaves[equal + 1 :], EQUAL) >= 0:
        raise Unsupported("chained assignment")
    return target + [leaves[equal]] + _wrap_value(leaves[equal + 1 :])


def _def_leaves(leaves: list[Leaf]) -> list[Leaf]:
    """`def name(a: T, b: U) -> R:` with invisible parens around each parameter annotation and the return type."""
    if len(leaves) < 4 or leaves[2].type != LPAR or leaves[-1].type != COLON:
        raise Unsupported("unexpected def")
    end = _matching_index(leaves, 2)
    leaves[2].role = leaves[end].role = PARAMETERS
    params = leaves[3:end]
    rebuilt: list[Leaf] = list(leaves[:3])
    start = 0
    depth = 0
    for index in range(len(params) + 1):
        leaf = params[index] if index < len(params) else None
        if leaf is not None and leaf.type in OPENING_BRACKETS:
            depth += 1
        elif leaf is not None and leaf.type in CLOSING_BRACKETS:
            depth -= 1
        if leaf is None or (depth == 0 and leaf.type == COMMA):
            param = params[start:index]
            colon = _split_top_level(param, COLON)
            if _split_top_level(param, EQUAL) >= 0:
                raise Unsupported("parameter defaults")
            if colon >= 0 and _wrapped_in_signature(param[colon + 1 :]):
                # black's visit_tname: only a union or a display gets optional parens in a signature
                param = param[: colon + 1] + _invisible_pair(param[colon + 1 :])
            rebuilt.extend(param)
            if leaf is not None:
                leaf.role = TYPEDARGSLIST
                rebuilt.append(leaf)
            start = index + 1
    rebuilt.append(leaves[end])
    rest = leaves[end + 1 : -1]
    if rest:
        if rest[0].type != RARROW:
            raise Unsupported("unexpected def")
        rebuilt.append(rest[0])
        rebuilt.extend(_invisible_pair(rest[1:]))
    rebuilt.append(leaves[-1])
    return rebuilt


def _wrapped_in_signature(annotation: list[Leaf]) -> bool:
    if _split_top_level(annotation, VBAR) >= 0:
        return True
    return (
        bool(annotation)
        and annotation[0].type in (LSQB, LBRACE)
        and _matching_index(annotation, 0) == len(annotation) - 1
    )


_MAGIC_COMMA = re.compile(r",\s*[)\]}]")


def layout(text: str, depth: int = 0) -> list[str]:
    """The physical lines (indented, without newlines) black prints for the statement `text` at `depth`.

    `text` must be one statement in canonical flat spacing (single spaces around `=` and `|`, after `,` and `:`, none
    inside brackets or around keyword `=`). Raises Unsupported for text outside the supported subset.
    """
    if str_width(text) + 4 * depth <= LINE_LENGTH and not _MAGIC_COMMA.search(text):
        # Fast path: a line that fits and has no trailing comma is printed as is (black joins nothing here).
        return ["    " * depth + text]
    leaves = statement_leaves(text)
    literal = _literal_assignment(leaves, depth)
    if literal is not None:
        return literal
    previous: list[str] | None = None
    for _ in range(_MAX_PASSES):
        lines = transform_line(logical_line(leaves, depth))
        rendered = [item.render() for item in lines]
        joined = [leaf for line in lines for leaf in line.leaves]
        if rendered == previous or len(joined) == len(leaves):
            return rendered  # stable, or no comma was added: black's second pass would see the same line
        # black.format_str formats its own output once more: the commas it added are now magic trailing commas,
        # which can change its choices. The text is stable once a pass changes nothing.
        previous = rendered
        leaves = [leaf.fresh(first=index == 0) for index, leaf in enumerate(joined)]
    raise Unsupported("no stable layout")


_MAX_PASSES = 4
