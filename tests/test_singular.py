"""The singular an array's item type is named after, and the words that keep the generic `…Item` name."""

from __future__ import annotations

import pytest

from codegen.model.singular import singular


@pytest.mark.parametrize(
    ("plural", "expected"),
    [
        ("fields", "field"), ("labels", "label"), ("ids", "id"), ("urls", "url"), ("types", "type"),
        ("values", "value"), ("sizes", "size"), ("responses", "response"), ("cases", "case"),
        ("databases", "database"), ("archives", "archive"), ("photos", "photo"), ("ideas", "idea"),
        ("schemas", "schema"), ("apis", "api"), ("days", "day"), ("keys", "key"),
        # -ies
        ("entries", "entry"), ("categories", "category"), ("properties", "property"), ("ties", "tie"),
        ("movies", "movie"),
        # -es after a sibilant
        ("matches", "match"), ("branches", "branch"), ("hashes", "hash"), ("boxes", "box"),
        ("indexes", "index"), ("addresses", "address"), ("classes", "class"), ("buzzes", "buzz"),
        ("caches", "cache"),
        # irregular and Latin/Greek
        ("statuses", "status"), ("aliases", "alias"), ("people", "person"), ("children", "child"),
        ("indices", "index"), ("criteria", "criterion"), ("analyses", "analysis"), ("leaves", "leaf"),
        ("menus", "menu"), ("quizzes", "quiz"),
    ],
)  # fmt: skip
def test_plurals(plural, expected):
    assert singular(plural) == expected


@pytest.mark.parametrize(
    "word",
    [
        # singular already, or not clearly a plural: the caller keeps `…Item`
        "status", "news", "data", "metadata", "series", "species", "class", "process", "address", "analysis",
        "axis", "axes", "alias", "canvas", "kudos", "redis", "dns", "https", "kubernetes", "os", "item", "field",
        "child", "2", "u540d", "Fields",
    ],
)  # fmt: skip
def test_words_that_are_not_clear_plurals(word):
    assert singular(word) is None
