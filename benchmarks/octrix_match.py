"""Octrix, two players: the strong bot playing for the match near 88, against itself playing
for the round's margin only.

Whole matches to 88 on shared deals, each deal sequence played twice with the seats exchanged.
``strong`` values the last six tricks of a round that can end the match by the chance to win the
match; ``margin`` is the same bot with that turned off (every round valued by its margin, as
before). The table gives the matches won by ``strong`` with a 95% interval, printed again every
40 matches, and the CPU time of the moves valued by the match chance against the margin bot's
moves at the same hand sizes (median and maximum; target every later move <= 0.2 s).

    python benchmarks/octrix_match.py [--matches N] [--jobs N] [--seed N]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from functools import partial

from cardside.core.parallel import map_games
from cardside.core.rng import derive_rng
from cardside.core.stats import wilson_interval
from cardside.games.octrix.bots import StrongBot
from cardside.games.octrix.state import OctrixState

CHUNK = 40  # matches between running figures (an even number: both seatings of a deal)

Result = tuple[float, int, list[float], list[float]]


def play_match(seed: int, game: int) -> Result:
    """Match ``game`` (deals ``game // 2``; ``strong`` on seat 1 when ``game`` is even): the
    win for ``strong``, the rounds, and the CPU seconds of its match-valued moves and of the
    margin bot's moves with at most six cards in hand."""
    strong_seat = 0 if game % 2 == 0 else 1
    bots = [StrongBot(derive_rng(seed, "bot", game, s).randrange(2**32)) for s in range(2)]
    bots[1 - strong_seat].match_cards = 0
    state = OctrixState(2, seed=f"{seed}:{game // 2}")
    match_times: list[float] = []
    margin_times: list[float] = []
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        view = state.observation(seat)
        t = time.process_time()
        hint = bots[seat].hint(view, seat)
        spent = time.process_time() - t
        if hint.method == "match equilibrium":
            match_times.append(spent)
        elif seat != strong_seat and 1 < len(view.snapshot.hands[seat]) <= 6:
            margin_times.append(spent)
        state.apply(hint.card)
    outcome = state.outcome()
    assert outcome is not None
    won = 1.0 if outcome.winners[0] == strong_seat else 0.0
    return won, len(state.snapshot.rounds), match_times, margin_times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=400, help="matches (an even number)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    matches = args.matches + args.matches % 2

    print(f"strong v margin: {matches} matches to 88, seats exchanged, seed {args.seed}")
    print(f"{'matches':>8}{'strong won':>12}{'95% interval':>20}{'rounds':>8}{'wall s':>8}")
    t = time.perf_counter()
    results: list[Result] = []
    play = partial(play_match, args.seed)
    for start in range(0, matches, CHUNK):
        count = min(CHUNK, matches - start)
        results += map_games(partial(_shifted, play, start), count, args.jobs)
        wins = sum(r[0] for r in results)
        lo, hi = wilson_interval(wins, len(results))
        rounds = statistics.mean(r[1] for r in results)
        print(
            f"{len(results):>8}{wins / len(results):>12.1%}{f'[{lo:.1%}, {hi:.1%}]':>20}"
            f"{rounds:>8.1f}{time.perf_counter() - t:>8.0f}",
            flush=True,
        )
    print()
    print("CPU s per move with at most six cards in hand")
    print(f"{'moves':<34}{'count':>7}{'median s':>10}{'max s':>8}")
    rows = (("strong, valued by the match chance", 2), ("margin, valued by margin", 3))
    for label, index in rows:
        times = [x for r in results for x in r[index]]
        if times:
            print(f"{label:<34}{len(times):>7}{statistics.median(times):>10.4f}{max(times):>8.3f}")
    print("target: every move after the first of a round <= 0.2 s")


def _shifted(play: Callable[[int], Result], start: int, game: int) -> Result:
    return play(start + game)


if __name__ == "__main__":
    main()
