"""Spread a first run's heavy work over the cores: one process pool helper for every stage that needs one.

A first run over a large project parses and validates every spec, lays out every file and (where it still runs)
formats with black; each item is independent and pure CPU, so it splits across processes. On Linux the workers are
forked: they share the parent's imported modules, loaded models and compiled templates, so a job can be a closure
over them and nothing but the results is pickled. Elsewhere (macOS, Windows spawn fresh interpreters) only jobs whose
function and items pickle can use a pool; the others run in process.

Every caller must be able to do the work itself: `run` returns None when no pool can be had (a sandbox without
processes, a threaded host program, a worker that died or raised), and the caller then runs the same work in
process, where an error in the input is reported exactly as without a pool.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")

_job: Callable[[Any], Any] | None = None  # the function a forked worker applies


def workers_for(items: int, min_items: int) -> int:
    """How many workers `items` pieces of work deserve: 1 (no pool) below `min_items`, with TOOLGEN_NO_POOL set, or
    on one core; else up to one per core, each with at least half of `min_items` pieces."""
    if items < min_items or os.environ.get("TOOLGEN_NO_POOL"):
        return 1
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, items // max(1, min_items // 2)))


def run(
    function: Callable[[Item], Result],
    items: Sequence[Item],
    workers: int,
    fork_only: bool = True,
    on_result: Callable[[int, Result], None] | None = None,
) -> list[Result] | None:
    """`[function(item) for item in items]` across `workers` processes, in order; None when no pool can be had.

    `fork_only`: the function is a closure (or its items do not pickle), so it needs a forked worker. Forking is
    only safe while this process runs one thread (the library API may be called from a threaded program).
    `on_result(index, result)` is called here for each result, in order, as soon as it is in, while the workers go
    on with the rest (this process would otherwise only wait); what it raises stops the pool and is raised, as it is
    no failure of the pool. When the pool fails later, the caller redoes all the work, so `on_result` must not mind
    seeing a result again.
    """
    import concurrent.futures
    import multiprocessing

    global _job
    forking = sys.platform == "linux"
    if workers < 2 or (fork_only and not forking) or (forking and threading.active_count() > 1):
        return None
    context = multiprocessing.get_context("fork") if forking else multiprocessing.get_context()
    chunk = max(1, len(items) // (workers * 4))
    _job = function
    results: list[Result] = []
    taken: BaseException | None = None  # what on_result raised
    try:
        with concurrent.futures.ProcessPoolExecutor(
            workers, mp_context=context, initializer=_start_worker
        ) as pool:
            for result in pool.map(_apply if forking else function, items, chunksize=chunk):
                if on_result is not None:
                    try:
                        on_result(len(results), result)
                    except BaseException as error:  # noqa: BLE001 - raised below, after the pool stops
                        taken = error
                        pool.shutdown(wait=True, cancel_futures=True)
                        break
                results.append(result)
    except (
        Exception
    ):  # noqa: BLE001 - no processes here, a worker died, or the work raised: the caller redoes it
        if taken is None:
            return None
    finally:
        _job = None
    if taken is not None:
        raise taken
    return results


def run_in_chunks(
    function: Callable[[list[Item]], list[Result]],
    items: Sequence[Item],
    workers: int,
    on_chunk: Callable[[list[int], list[Result]], None] | None = None,
) -> list[Result] | None:
    """`function(list(items))` — one result per item, in order — split over `workers` forked processes, with
    the results put back in the items' order; None when no pool can be had (see `run`). The items are dealt out
    in turn over eight chunks per worker, so neighbours (often alike in cost) spread evenly, the workers finish close
    together (with four, one often idled a fifth of a second at the end of a first run), and a worker can batch
    its chunk (one formatter call, one pickling). `on_chunk(indices, results)` is `run`'s `on_result` for a chunk:
    the indices of its items and their results."""
    count = workers * 8
    chunks = [list(range(start, len(items), count)) for start in range(count)]
    on_result = None
    if on_chunk is not None:

        def on_result(number: int, result: list[Result]) -> None:
            on_chunk(chunks[number], result)

    results = run(
        lambda chunk: function([items[index] for index in chunk]), chunks, workers, True, on_result
    )
    if results is None:
        return None
    ordered: list[Any] = [None] * len(items)
    for chunk, result in zip(chunks, results):
        for index, value in zip(chunk, result, strict=True):
            ordered[index] = value
    return ordered


def _apply(item: Any) -> Any:
    assert _job is not None
    return _job(item)


def _start_worker() -> None:
    # A forked worker must not use the parent's SQLite connection, nor start pools of its own; the parent stores
    # what the workers make.
    from . import store as cachestore

    os.environ["TOOLGEN_NO_CACHE"] = "1"
    os.environ["TOOLGEN_NO_POOL"] = "1"
    cachestore._STORES.clear()
