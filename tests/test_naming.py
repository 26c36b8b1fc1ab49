"""The one word splitter and the collision resolver every target uses."""

from __future__ import annotations

import pytest

from codegen.model.naming import identifier_words, split_words, unique_identifiers


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("maxResults", ("max", "results")),
        ("max-results", ("max", "results")),
        ("X-Request-ID", ("x", "request", "id")),
        ("user.id", ("user", "id")),
        ("HTTPServer2", ("http", "server", "2")),
        ("名前", ("u540d", "u524d")),
    ],
)
def test_split_words(text, words):
    assert split_words(text) == words


@pytest.mark.parametrize(
    ("text", "words"),
    [("2fa_code", ("the", "2", "fa", "code")), ("!=", ("not", "equal")), ("*/", ("star", "slash")), ("", ("empty",))],
)
def test_identifier_words(text, words):
    assert identifier_words(text, "empty") == words


@pytest.mark.parametrize("as_scope", [list, set, lambda names: {name: name for name in names}])
def test_a_taken_scope_of_any_shape_gives_the_same_names(as_scope):
    # `x` and `x3` are taken with a gap at `x2`: the second `x` must skip the taken `x3`.
    chosen, renamed = unique_identifiers(["x", "x", "y"], as_scope(["x", "x3", "z"]))
    assert chosen == ["x2", "x4", "y"]
    assert [(r.original, r.chosen, r.clashed_with) for r in renamed] == [("x", "x2", "x"), ("x", "x4", "x")]


def test_casefolded_scope_passed_as_a_keyed_mapping():
    chosen, _ = unique_identifiers(["Readme", "README"], {"readme": "README.md"}, casefold=True)
    assert chosen == ["Readme2", "README3"]
