"""tests/handler_calls.py itself: its expectations can fail, and the null-keeping form tells null from absent."""

from __future__ import annotations

import pytest

from . import handler_calls

GIVEN_NULL = ("create_issue", {"title": "t", "body": None, "labels": ["a"], "priority": "low"})
LEFT_OUT = ("create_issue", {"title": "t", "priority": "high"})


def _answers(**overrides):
    """Answers that equal the expectation, except the calls given by key."""
    answers = {handler_calls.key(*call): handler_calls.expected_with_nulls(*call) for call in handler_calls.CALLS}
    answers.update(overrides)
    return answers


@pytest.fixture
def sdk():
    name = "test-only"
    yield name
    handler_calls.RECORDED.pop(name, None)
    handler_calls.RECORDED_WITH_NULLS.pop(name, None)


def test_right_answers_pass_both_ways(sdk):
    handler_calls.record(sdk, _answers(), tells_null_from_absent=True)
    assert handler_calls.RECORDED_WITH_NULLS[sdk][handler_calls.key(*GIVEN_NULL)]["body"] is None


def test_a_null_for_a_left_out_property_fails_only_where_null_is_kept(sdk):
    wrong = {handler_calls.key(*LEFT_OUT): {**handler_calls.expected_with_nulls(*LEFT_OUT), "body": None}}
    handler_calls.record(sdk, _answers(**wrong))  # a model that cannot tell them apart may write null
    with pytest.raises(AssertionError, match="body"):
        handler_calls.record(sdk, _answers(**wrong), tells_null_from_absent=True)


def test_a_dropped_null_fails_where_null_is_kept(sdk):
    dropped = {k: v for k, v in handler_calls.expected_with_nulls(*GIVEN_NULL).items() if k != "body"}
    with pytest.raises(AssertionError, match="body"):
        handler_calls.record(sdk, _answers(**{handler_calls.key(*GIVEN_NULL): dropped}), tells_null_from_absent=True)


def test_nulls_are_kept_only_where_null_differs_from_absent():
    """A null for a property with a default or a plain optional one is dropped (typed models write those as null
    or nothing), also inside array items; a nested nullable property without default keeps its null."""
    answer = {"explanation": None, "steps": [{"title": "a", "status": "done", "estimateMinutes": None, "x": None}]}
    assert handler_calls.with_nulls_that_matter("update_plan", answer) == {
        "explanation": None, "steps": [{"title": "a", "status": "done", "estimateMinutes": None}]}  # fmt: skip
    assert handler_calls.with_nulls_that_matter("search_files", {"query": "q", "fileTypes": None}) == {"query": "q"}
