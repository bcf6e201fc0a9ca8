"""Many independent games, in order, on one core or spread over worker processes."""

from __future__ import annotations

import os
import signal
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

    Stopped with Ctrl-C, it returns the games finished so far from game 0 on without a gap
    (what a run of that many games would give), so the figures of a long run are not lost;
    the caller can tell by the shorter list. With none finished, the interrupt goes on up.
    """
    jobs = max(1, min(jobs, MAX_JOBS, games))
    if jobs == 1:
        results: list[R] = []
        try:
            for game in range(games):
                results.append(play(game))
                if progress is not None:
                    progress(game + 1)
        except KeyboardInterrupt:
            if not results:
                raise
        return results
    # Small batches keep the workers evenly busy, the progress bar moving, and little lost to
    # Ctrl-C (a batch counts once whole; a strong bot's game can take seconds).
    size = max(1, min(8, games // (jobs * 8)))
    batches = [(start, min(start + size, games)) for start in range(0, games, size)]
    done: dict[int, list[R]] = {}
    finished = 0
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_interrupts)
    try:
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
    except KeyboardInterrupt:
        _stop(pool)
        if not _prefix(done, batches):
            raise
    except BaseException:
        _stop(pool)
        raise
    else:
        pool.shutdown()
    return _prefix(done, batches)


def _stop(pool: ProcessPoolExecutor) -> None:
    """End the workers now rather than after the games they are playing."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14 and later
    if terminate is not None:
        terminate()
        return
    processes = getattr(pool, "_processes", None) or {}  # earlier: the pool's own table
    for process in list(processes.values()):
        process.terminate()
    pool.shutdown(wait=True, cancel_futures=True)


def _prefix(done: dict[int, list[R]], batches: list[tuple[int, int]]) -> list[R]:
    """The finished batches in order, up to the first one missing."""
    results: list[R] = []
    for start, _ in batches:
        if start not in done:
            break
        results += done[start]
    return results


def _batch(play: Callable[[int], R], start: int, stop: int) -> list[R]:
    return [play(game) for game in range(start, stop)]


def _ignore_interrupts() -> None:
    # Ctrl-C reaches every process of the terminal's group; only the parent should act on it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
