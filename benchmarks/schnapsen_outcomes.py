"""Schnapsen deal outcomes: how often the elder hand and the dealer win by 1, 2 or 3 points.

    python benchmarks/schnapsen_outcomes.py [--deals N] [--bot classic] [--level normal]

Single deals of a bot against itself, the dealer alternating. The six shares are the inputs
of the match-equity table in ``games/schnapsen/equity.py`` (compare with ``ELDER_WINS`` and
``DEALER_WINS`` there); each is printed with its 95% interval.
"""

from __future__ import annotations

import argparse
from collections import Counter

from cardside.core.stats import wilson_interval
from cardside.games.schnapsen.bots import make_bot
from cardside.games.schnapsen.equity import DEALER_WINS, ELDER_WINS
from cardside.games.schnapsen.state import SchnapsenState


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--bot", default="classic")
    parser.add_argument("--level", default="normal")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    bots = [make_bot(args.bot, args.level, seed=f"{args.seed}:{i}") for i in (0, 1)]
    counts: Counter[tuple[str, int]] = Counter()
    for g in range(args.deals):
        state = SchnapsenState(seed=f"outcomes:{args.seed}:{g}", first_dealer=g % 2)
        while not state.history:
            seat = state.current_player()
            assert seat is not None
            state.apply(bots[seat].choose(state.observation(seat), seat))
        record = state.history[0]
        who = "dealer" if record.result.winner == record.dealer else "elder"
        counts[who, record.result.points] += 1
    n = args.deals
    print(f"{args.bot}-{args.level} against itself, {n} deals")
    print(f"{'winner':<8}{'points':>7}{'share [95%]':>24}{'in the table':>14}")
    for who, table in (("elder", ELDER_WINS), ("dealer", DEALER_WINS)):
        for k in (1, 2, 3):
            low, high = wilson_interval(counts[who, k], n)
            share = f"{counts[who, k] / n:.3f} [{low:.3f}, {high:.3f}]"
            print(f"{who:<8}{k:>7}{share:>24}{table[k - 1]:>14.3f}")


if __name__ == "__main__":
    main()
