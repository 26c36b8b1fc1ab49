"""codegen.cache.forkpool: results handed over chunk by chunk while the workers go on, and what a failure means."""

from __future__ import annotations

import sys

import pytest

from codegen.cache import forkpool

pytestmark = pytest.mark.skipif(
    sys.platform != "linux", reason="the pool forks its workers on Linux only"
)


def _square_all(chunk: list[int]) -> list[int]:
    return [item * item for item in chunk]


def test_each_chunk_is_handed_over_in_order_with_its_items_indices():
    items = list(range(100))
    seen: list[tuple[list[int], list[int]]] = []
    results = forkpool.run_in_chunks(
        _square_all, items, 2, on_chunk=lambda i, r: seen.append((i, r))
    )
    assert results == [item * item for item in items]
    assert len(seen) == 16  # eight chunks per worker
    handed = {
        index: result
        for indices, chunk in seen
        for index, result in zip(indices, chunk, strict=True)
    }
    assert handed == {item: item * item for item in items}
    assert [indices[0] for indices, _ in seen] == list(range(16))  # in the chunks' order


def test_an_error_where_results_are_taken_is_raised_not_taken_for_a_failed_pool():
    def take(indices: list[int], results: list[int]) -> None:
        if indices[0] == 3:
            raise KeyError("taken badly")

    with pytest.raises(KeyError, match="taken badly"):
        forkpool.run_in_chunks(_square_all, list(range(100)), 2, on_chunk=take)


def test_a_worker_that_fails_after_some_chunks_were_taken_means_no_pool():
    def fail_late(chunk: list[int]) -> list[int]:
        if 90 in chunk:
            raise ValueError("an input error, found again by the caller's own run")
        return _square_all(chunk)

    seen: list[list[int]] = []
    assert (
        forkpool.run_in_chunks(fail_late, list(range(100)), 2, on_chunk=lambda i, r: seen.append(i))
        is None
    )
    assert 90 not in {index for indices in seen for index in indices}
