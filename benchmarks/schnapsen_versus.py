"""Schnapsen head to head on paired deals: two bots play each deal twice, seats swapped.

    python benchmarks/schnapsen_versus.py [--deals 200] [--bots strong,classic]
                                          [--level normal] [--seed 1] [--jobs N]
                                          [--set MODULE.NAME=VALUE ...]

Each deal is dealt once and played twice at 7:7, the first bot in one seat and then in the
other, each bot with the same seed both times. The cards favour one seat, and playing both
seats on the same cards cancels much of that, so the first bot's game points over the pair
measure the difference between the bots more finely than separate deals do. Whole matches
(``cardside schnapsen simulate``) are what the targets name; this measures the same strength
one pair of deals at a time, in game points a deal and deals won.

``--set`` changes a setting of the Schnapsen modules while the first bot decides, and only
then (as in ``schnapsen_paired.py``): ``--bots strong,strong --set ismcts.EXPLORE=0.5`` plays
the strong bot with one constant changed against the strong bot as it is.
"""

from __future__ import annotations

import argparse
import time
from functools import partial

from schnapsen_paired import Setting, _apply, add_set_option, settings_of

from cardside.core.parallel import cores, map_games
from cardside.core.stats import mean_interval, wilson_interval
from cardside.games.schnapsen.bots import make_bot
from cardside.games.schnapsen.state import SchnapsenState


def pair_points(
    g: int, bots: tuple[str, str], level: str, seed: int, settings: tuple[Setting, ...] = ()
) -> tuple[int, int]:
    """The first bot's signed game points in deal ``g`` from each seat (``settings`` applied
    while it decides)."""
    out = []
    for first_seat in (0, 1):
        players = {
            first_seat: make_bot(bots[0], level, seed=f"versus:{seed}:{g}:a"),
            1 - first_seat: make_bot(bots[1], level, seed=f"versus:{seed}:{g}:b"),
        }
        state = SchnapsenState(seed=f"versus:{seed}:{g}", first_dealer=g % 2)
        while not state.history:
            seat = state.current_player()
            assert seat is not None
            restore = _apply(settings) if seat == first_seat else []
            try:
                action = players[seat].choose(state.observation(seat), seat)
            finally:
                _apply(tuple(reversed(restore)))
            state.apply(action)
        result = state.history[0].result
        out.append(result.points if result.winner == first_seat else -result.points)
    return out[0], out[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="pairs of deals")
    parser.add_argument("--bots", default="strong,classic")
    parser.add_argument("--level", default="normal")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=cores())
    add_set_option(parser, "a setting for the first bot only (repeatable)")
    args = parser.parse_args()
    bots = tuple(args.bots.split(","))
    if len(bots) != 2:
        parser.error("--bots takes two bots, e.g. strong,classic")
    settings = settings_of(parser, args)
    started = time.perf_counter()
    play = partial(
        pair_points, bots=(bots[0], bots[1]), level=args.level, seed=args.seed, settings=settings
    )
    rows = map_games(play, args.deals, args.jobs)
    n = len(rows)
    mean, (low, high) = mean_interval([(a + b) / 2 for a, b in rows])
    won = sum((a > 0) + (b > 0) for a, b in rows)
    wl, wh = wilson_interval(won, 2 * n)
    same = sum(a * b < 0 for a, b in rows)
    first = bots[0] + (" with --set " + " ".join(args.set) if settings else "")
    print(f"{first} against {bots[1]} at {args.level}, {n} pairs of deals at 7:7, seed {args.seed}")
    print(f"game points a deal for the first: {mean:+.3f} [{low:+.3f}, {high:+.3f}]")
    print(f"deals won by the first: {won} of {2 * n}, {won / (2 * n):.1%} [{wl:.1%}, {wh:.1%}]")
    print(f"pairs the same seat won both times (the cards decided): {same / n:.0%}")
    print(f"{time.perf_counter() - started:.0f} s on {min(args.jobs, n)} processes")


if __name__ == "__main__":
    main()
