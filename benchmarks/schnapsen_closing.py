"""Schnapsen closing: the exact value of a closed deal against its outcome in play.

    python benchmarks/schnapsen_closing.py [--deals 400] [--seed 1] [--jobs N]

The strong bot's tree values a deal someone has closed by solving it with every card known,
though the players do not know the stock or each other's hands. This measures what that costs:
deals are played by the heuristic until someone may close; at such a moment (taken with
chance 0.4, one a deal) where closing wins the exact solve or the heuristic would close, the
deal is closed and the strong bot plays it out on both sides, each from its own view. The table
gives, for each exact value of the closed deal (game points for the closer), how the deals
ended.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from functools import partial

from cardside.core.parallel import cores, map_games
from cardside.games.schnapsen.bots import make_bot
from cardside.games.schnapsen.deal import legal_codes, step
from cardside.games.schnapsen.policy import heuristic_code
from cardside.games.schnapsen.rules import CLOSE_CODE, action_of
from cardside.games.schnapsen.solver import Solver
from cardside.games.schnapsen.state import SchnapsenState

OUTCOMES = (3, 2, 1, -1, -2, -3)


def closed_deal(g: int, seed: int) -> tuple[int, int] | None:
    """(exact value, outcome in play) for the closer of deal ``g``, or ``None`` if no one
    closed."""
    rng = random.Random(f"closing:{seed}:{g}")
    state = SchnapsenState(seed=f"closing:{seed}:{g}", first_dealer=g % 2)
    while not state.history:
        d = state.deal
        closer = d.to_move
        if CLOSE_CODE in legal_codes(d) and rng.random() < 0.4:
            exact = Solver().value(step(d, CLOSE_CODE))
            if exact > 0 or heuristic_code(d) == CLOSE_CODE:
                state.apply(action_of(CLOSE_CODE))
                bots = {
                    s: make_bot("strong", "normal", seed=f"closing:{seed}:{g}:{s}") for s in (0, 1)
                }
                while not state.history:
                    seat = state.current_player()
                    assert seat is not None
                    state.apply(bots[seat].choose(state.observation(seat), seat))
                r = state.history[0].result
                return exact, (r.points if r.winner == closer else -r.points)
        state.apply(action_of(heuristic_code(d)))
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=cores())
    args = parser.parse_args()
    started = time.perf_counter()
    rows = [r for r in map_games(partial(closed_deal, seed=args.seed), args.deals, args.jobs) if r]
    seen = Counter(rows)
    print(f"{len(rows)} closed deals of {args.deals}, seed {args.seed}")
    print(f"{'exact':>6}{'deals':>7}  " + "".join(f"{o:>+6d}" for o in OUTCOMES) + "    mean")
    for v in OUTCOMES:
        total = sum(seen[(v, o)] for o in OUTCOMES)
        if total:
            mean = sum(o * seen[(v, o)] for o in OUTCOMES) / total
            cells = "".join(f"{seen[(v, o)]:>6d}" for o in OUTCOMES)
            print(f"{v:>+6d}{total:>7d}  {cells}  {mean:+.2f}")
    if rows:
        same = sum(v == o for v, o in rows)
        print(f"ended as solved: {same / len(rows):.1%}")
        exact = statistics.mean(v for v, _ in rows)
        played = statistics.mean(o for _, o in rows)
        print(f"mean exact {exact:+.3f}, mean in play {played:+.3f} game points for the closer")
    print(f"{time.perf_counter() - started:.0f} s on {min(args.jobs, args.deals)} processes")


if __name__ == "__main__":
    main()
