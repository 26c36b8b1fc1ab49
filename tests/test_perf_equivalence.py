"""Speed-ups that must not change a byte (issue #6): each fast path is checked against the slow definition it
replaces, on adversarial inputs. (Output bytes as a whole are pinned by the golden and target tests.)"""

from __future__ import annotations

import random

import pytest

from codegen.model.naming import unique_identifiers
from codegen.targets.nodejs import layout as ts
from codegen.targets.rust import layout as rust_layout
from codegen.targets.nodejs import syntax as ts_literals
from codegen.targets.base import Reporter
from codegen.targets.go.names import Namer

# -- Go: naming a package of many tools looks its scope up instead of copying it ------------------------------------


def _reference_claims(taken, claims, casefold):
    """What `Namer` did before: every claim compared with every name used so far."""
    used = list(taken)
    results = []
    for candidates in claims:
        chosen, renamed = unique_identifiers(candidates, used, casefold=casefold)
        used.extend(chosen)
        results.append((chosen, [(r.original, r.chosen, r.clashed_with) for r in renamed]))
    return results


def _fast_claims(taken, claims, casefold):
    namer = Namer(Reporter(), taken, casefold=casefold)
    results = []
    for candidates in claims:
        # The namer's scope is looked up in place (a keyed mapping), never copied.
        chosen, renamed = unique_identifiers(candidates, dict(namer._by_key), casefold=casefold)
        assert chosen == namer.claim(candidates, [("f", 1, 1)] * len(candidates), ["x"] * len(candidates))
        results.append((chosen, [(r.original, r.chosen, r.clashed_with) for r in renamed]))
    return results


@pytest.mark.parametrize("seed", range(40))
def test_go_namer_matches_comparing_with_every_used_name(seed):
    rng = random.Random(seed)
    stems = ["Tool", "tool", "Params", "A", "a"]

    def name():
        stem = rng.choice(stems)
        return stem if rng.random() < 0.5 else f"{stem}{rng.randint(2, 6)}"

    taken = [name() for _ in range(rng.randint(0, 8))]
    claims = [[name() for _ in range(rng.randint(1, 5))] for _ in range(rng.randint(1, 12))]
    casefold = rng.random() < 0.5
    assert _fast_claims(taken, claims, casefold) == _reference_claims(taken, claims, casefold)


# -- TypeScript printer: "is this call a labelled member chain" without printing it ------------------------------


def _random_chain(rng: random.Random, depth: int = 0):
    """Method calls on a random head: the only calls toolgen writes (ts_syntax.Call)."""
    node = rng.choice([ts.Ident("z"), ts.Ident("Schema"), ts.Ident("_"), ts.Ident("value"), ts.Str("s")])
    for _ in range(rng.randint(1, 6)):
        args = [ts.Num(1)] if rng.random() < 0.5 else []
        if depth < 2 and rng.random() < 0.2:
            args.append(_random_chain(rng, depth + 1))
        node = ts.Call(ts.Member(node, rng.choice(["object", "Optional", "describe", "$", "nullable"])), args)
    return node


@pytest.mark.parametrize("seed", range(200))
def test_member_chain_label_is_decided_from_the_shape(seed):
    node = _random_chain(random.Random(seed))
    printed = ts._Printer().call(node)
    structural = ts._chain_is_labelled(*ts._chain_shape(node))
    assert structural == isinstance(printed, ts.Label)


@pytest.mark.parametrize(
    "text",
    ["plain", 'say "hi"', "it's", "back\\slash", "tab\there", "é", "\u202e", "名前", "", "'\"", "~`{}[]"],
)
def test_string_literal_fast_path_agrees(text, monkeypatch):
    fast = ts.string_literal(text)
    monkeypatch.setattr(ts_literals, "_PLAIN_STRING", type("Never", (), {"fullmatch": staticmethod(lambda _: None)}))
    assert ts.string_literal(text) == fast


# -- Rust: re-exports are sorted by a key computed once per name, not by pairwise comparisons ----------------------


def _version_chunks_by_character(text: str) -> list[str]:
    """The Rust version-sort chunks found one character at a time (the reference for the regex)."""
    chunks: list[str] = []
    index = 0
    while index < len(text):
        if text[index] == "_":
            end = index + 1
        else:
            digits = "0" <= text[index] <= "9"
            end = index + 1
            while end < len(text) and text[end] != "_" and ("0" <= text[end] <= "9") == digits:
                end += 1
        chunks.append(text[index:end])
        index = end
    return chunks


@pytest.mark.parametrize("seed", range(5))
def test_rust_version_chunks_match_a_scan_by_character(seed):
    from codegen.targets.rust.layout import _version_chunks

    rng = random.Random(seed)
    alphabet = "__0019aZz-~é٣\n"  # underscores, ASCII and non-ASCII digits, text, a line break
    for _ in range(500):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 12)))
        assert _version_chunks(text) == _version_chunks_by_character(text), text


def _version_compare(left: str, right: str) -> int:
    """The Rust style guide's version sorting as the guide states it, one pair at a time; -1, 0 or 1 (what
    codegen.targets.rust.layout.version_key replaces).

    `_` sorts before everything; two digit runs compare by value, and at equal value the one with more
    leading zeros goes first, decided at the first such pair and only if nothing else differs; any other
    pair of chunks compares as text. A raw identifier's `r#` does not count.
    """
    more_zeros = 0  # -1: left had more leading zeros first, 1: right did
    a_chunks = rust_layout._version_chunks(left.removeprefix("r#"))
    b_chunks = rust_layout._version_chunks(right.removeprefix("r#"))
    for a, b in zip(a_chunks, b_chunks):
        if a == "_" or b == "_":
            if a != b:
                return -1 if a == "_" else 1
            continue
        if rust_layout._is_digit(a[0]) and rust_layout._is_digit(b[0]):
            if int(a) != int(b):
                return -1 if int(a) < int(b) else 1
            a_zeros, b_zeros = len(a) - len(a.lstrip("0")), len(b) - len(b.lstrip("0"))
            if more_zeros == 0 and a_zeros != b_zeros:
                more_zeros = -1 if a_zeros > b_zeros else 1
            continue
        if a != b:
            return -1 if a < b else 1
    if len(a_chunks) != len(b_chunks):
        return -1 if len(a_chunks) < len(b_chunks) else 1
    return more_zeros


@pytest.mark.parametrize("seed", range(20))
def test_rust_version_key_orders_exactly_as_version_compare(seed):
    from functools import cmp_to_key

    from codegen.targets.rust.layout import version_key

    rng = random.Random(seed)
    alphabet = "_0019aZz-~é"  # underscores, zeros, digits, text below "0" and above "9", non-ASCII
    for _ in range(150):
        names = ["".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 7))) for _ in range(12)]
        names = [f"r#{name}" if rng.random() < 0.2 else name for name in names]
        assert sorted(names, key=version_key) == sorted(names, key=cmp_to_key(_version_compare)), names
