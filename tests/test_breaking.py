"""`toolgen breaking`: one test per rule, each checking the change is found and classified."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from codegen.review.breaking import accept_changes, compare_specs
from codegen.spec.loader import load_specs

BASE = """
name: search
description: Search things.
parameters:
  type: object
  properties:
    query: {type: string, maxLength: 100}
    limit: {type: integer, minimum: 1, maximum: 50}
    mode: {type: string, enum: [fast, exact]}
    tags: {type: array, items: {type: string}}
    filter:
      type: object
      properties:
        field: {type: string}
  required: [query]
"""


def _load(tmp_path: Path, name: str, text: str):
    folder = tmp_path / name
    folder.mkdir()
    (folder / "tool.yaml").write_text(textwrap.dedent(text))
    loaded, problems = load_specs([folder])
    assert not [p for p in problems if p.is_error], problems
    return loaded


def _changes(tmp_path, new_text, old_text=BASE):
    return compare_specs(_load(tmp_path, "old", old_text), _load(tmp_path, "new", new_text))


def _only(changes, breaking):
    return [(c.where, c.message) for c in changes if c.breaking is breaking]


def test_identical_specs_have_no_changes(tmp_path):
    assert _changes(tmp_path, BASE) == []


@pytest.mark.parametrize(
    ("edit", "where", "fragment"),
    [
        (lambda s: s.replace("    limit: {type: integer, minimum: 1, maximum: 50}\n", ""), "parameters.limit", 'parameter "limit" removed'),
        (lambda s: s.replace("limit: {type: integer", "limit: {type: string"), "parameters.limit", "type changed from integer to string"),
        (lambda s: s.replace("maximum: 50", "maximum: 20"), "parameters.limit", "maximum changed from 50 to 20"),
        (lambda s: s.replace("minimum: 1,", "minimum: 5,"), "parameters.limit", "minimum changed from 1 to 5"),
        (lambda s: s.replace("maxLength: 100", "maxLength: 10"), "parameters.query", "maxLength changed from 100 to 10"),
        (lambda s: s.replace("required: [query]", "required: [query, limit]"), "parameters.limit", "changed from optional to required"),
        (lambda s: s.replace("[fast, exact]", "[fast]"), "parameters.mode", 'enum value(s) removed: "exact"'),
        (lambda s: s + "  additionalProperties: false\n", "parameters", "additional properties are now rejected"),
        (lambda s: s.replace("field: {type: string}", "field: {type: integer}"), "parameters.filter.field", "type changed"),
        (lambda s: s.replace("items: {type: string}", "items: {type: integer}"), "parameters.tags[]", "type changed"),
        (lambda s: s.replace("name: search", "name: search\nisTerminal: true"), "isTerminal", "isTerminal changed from false to true"),
        (lambda s: s.replace("name: search", "name: search\ndefer: never"), "defer", 'defer changed from unset to "never"'),
        (lambda s: s.replace("name: search", "name: search\nskipPermission: true"), "skipPermission", "skipPermission changed"),
        (lambda s: s.replace("name: search", "name: search\noverridesBuiltInTool: true"), "overridesBuiltInTool", "overridesBuiltInTool changed"),
        (lambda s: s.replace("    tags:", "    page: {type: integer}\n    tags:").replace("required: [query]", "required: [query, page]"), "parameters.page", 'required parameter "page" added'),
        (lambda s: s.replace("query: {type: string, maxLength: 100}", "query: {type: [string, 'null'], maxLength: 100}").replace("query: {type: [string, 'null'], maxLength: 100}", "query: {type: string, maxLength: 100}"), None, None),
    ],
)
def test_breaking_rules(tmp_path, edit, where, fragment):
    changes = _changes(tmp_path, edit(BASE))
    if where is None:
        assert changes == []
        return
    breaking = _only(changes, True)
    assert any(w == where and fragment in m for w, m in breaking), changes


def test_nullable_removed_is_breaking(tmp_path):
    old = BASE.replace("query: {type: string, maxLength: 100}", "query: {type: [string, 'null'], maxLength: 100}")
    changes = _changes(tmp_path, BASE, old_text=old)
    assert ("parameters.query", "no longer accepts null") in _only(changes, True)


def test_tool_removed_is_breaking(tmp_path):
    changes = _changes(tmp_path, "name: other\ndescription: Different.\n")
    assert ("", "tool removed") in [(c.where, c.message) for c in changes if c.tool == "search" and c.breaking]


def test_tool_renamed_is_breaking(tmp_path):
    changes = _changes(tmp_path, BASE.replace("name: search", "name: find"))
    assert [(c.tool, c.message) for c in changes] == [("search", 'tool renamed to "find"')]
    assert changes[0].breaking


@pytest.mark.parametrize(
    ("edit", "fragment"),
    [
        (lambda s: s.replace("    tags:", "    page: {type: integer}\n    tags:"), 'optional parameter "page" added'),
        (lambda s: s.replace("[fast, exact]", "[fast, exact, fuzzy]"), 'enum value(s) added: "fuzzy"'),
        (lambda s: s.replace("Search things.", "Search everything."), "description changed"),
        (lambda s: s.replace("maximum: 50", "maximum: 500"), "maximum changed from 50 to 500"),
        (lambda s: s.replace("required: [query]", "required: []"), "changed from required to optional"),
        (lambda s: s.replace("limit: {type: integer", "limit: {type: number"), "type changed from integer to number"),
    ],
)
def test_compatible_changes(tmp_path, edit, fragment):
    changes = _changes(tmp_path, edit(BASE))
    assert changes, "the change was not noticed"
    assert not _only(changes, True), changes
    assert any(fragment in m for _, m in _only(changes, False)), changes


def test_changes_point_at_the_new_file(tmp_path):
    changes = _changes(tmp_path, BASE.replace("maximum: 50", "maximum: 20"))
    change = next(c for c in changes if c.breaking)
    assert change.file.endswith("new/tool.yaml")
    assert change.line == 8


def test_an_accept_entry_accepts_exactly_the_change_it_names(tmp_path):
    """Issue 31, item 4: an entry names a tool and one change as printed; the tool's other breaking changes, and
    the same kind of change with other values, stay breaking; an entry that matches nothing is returned."""
    edited = BASE.replace("maximum: 50", "maximum: 20").replace("maxLength: 100", "maxLength: 10")
    changes = _changes(tmp_path, edited)
    assert {c.named for c in changes if c.breaking} == {
        "parameters.limit: maximum changed from 50 to 20",
        "parameters.query: maxLength changed from 100 to 10",
    }
    accepted = [
        ("search", "parameters.limit: maximum changed from 50 to 20"),
        ("search", "parameters.limit: maximum changed from 50 to 10"),  # another value: no match
        ("other", "parameters.query: maxLength changed from 100 to 10"),  # another tool: no match
    ]
    marked, unused = accept_changes(changes, accepted)
    assert [(c.named, c.accepted) for c in marked if c.breaking] == [
        ("parameters.limit: maximum changed from 50 to 20", True),
        ("parameters.query: maxLength changed from 100 to 10", False),
    ]
    assert unused == [1, 2]


def test_a_compatible_change_needs_no_entry_and_an_entry_for_it_is_unused(tmp_path):
    changes = _changes(tmp_path, BASE.replace("maximum: 50", "maximum: 500"))
    marked, unused = accept_changes(changes, [("search", "parameters.limit: maximum changed from 50 to 500")])
    assert not any(c.accepted for c in marked) and unused == [0]
