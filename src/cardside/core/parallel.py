"""Many independent games, in order, on one core or spread over worker processes."""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import TypeVar

R = TypeVar("R")

MAX_JOBS = 64


def cores() -> int:
    """The number of cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def map_games(
    play: Callable[[int], R],
    games: int,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[R]:
    """``[play(0), play(1), ..., play(games - 1)]``, with ``jobs`` worker processes.

    Each game depends only on its number (its deal and its bots are seeded from it), so the
    results are the same whatever ``jobs`` is. ``play`` must be picklable (a module-level
    function, or a ``functools.partial`` of one). ``progress(done)`` is called as games finish.
    """
    jobs = max(1, min(jobs, MAX_JOBS, games))
    if jobs == 1:
        results = []
        for game in range(games):
            results.append(play(game))
            if progress is not None:
                progress(game + 1)
        return results
    # Small batches keep the workers evenly busy and the progress bar moving.
    size = max(1, min(50, games // (jobs * 8)))
    batches = [(start, min(start + size, games)) for start in range(0, games, size)]
    done: dict[int, list[R]] = {}
    finished = 0
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending: dict[Future[list[R]], int] = {
            pool.submit(_batch, play, start, stop): start for start, stop in batches
        }
        while pending:
            ready, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in ready:
                start = pending.pop(future)
                done[start] = future.result()
                finished += len(done[start])
                if progress is not None:
                    progress(finished)
    return [result for start, _ in batches for result in done[start]]


def _batch(play: Callable[[int], R], start: int, stop: int) -> list[R]:
    return [play(game) for game in range(start, stop)]
