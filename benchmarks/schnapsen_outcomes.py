"""Schnapsen deal outcomes: how often a bot wins and loses by 1, 2 or 3 game points.

    python benchmarks/schnapsen_outcomes.py [--deals 600] [--bot strong] [--opponent heuristic]
                                            [--level normal] [--seed 1] [--jobs N]

Single deals of ``--bot`` against ``--opponent``, the bot the elder hand in half of them and
the dealer in the other half. The twelve shares are the inputs of the strong bot's match-equity
table in ``games/schnapsen/equity.py`` (``ELDER_WINS``, ``ELDER_LOSSES``, ``DEALER_WINS``,
``DEALER_LOSSES`` there, measured as the strong bot against the heuristic); each is printed with
its 95% interval next to the table's. ``--bot classic --opponent classic`` measures two equal
players, the table the bot's hints to a person use (``EQUAL_ELDER_WINS`` are the elder hand's
wins, ``EQUAL_DEALER_WINS`` its losses).
"""

from __future__ import annotations

import argparse
from collections import Counter
from functools import partial

from cardside.core.parallel import cores, map_games
from cardside.core.stats import wilson_interval
from cardside.games.schnapsen.bots import make_bot
from cardside.games.schnapsen.equity import (
    DEALER_LOSSES,
    DEALER_WINS,
    ELDER_LOSSES,
    ELDER_WINS,
)
from cardside.games.schnapsen.state import SchnapsenState


def deal_outcome(g: int, bot: str, opponent: str, level: str, seed: int) -> tuple[str, int]:
    """(``elder`` or ``dealer``: the bot's part in deal ``g``, the bot's signed game points)."""
    seat = g % 2
    dealer = (g // 2) % 2
    bots = {
        seat: make_bot(bot, level, seed=f"outcomes:{seed}:{g}:bot"),
        1 - seat: make_bot(opponent, level, seed=f"outcomes:{seed}:{g}:opponent"),
    }
    state = SchnapsenState(seed=f"outcomes:{seed}:{g // 2}", first_dealer=dealer)
    while not state.history:
        mover = state.current_player()
        assert mover is not None
        state.apply(bots[mover].choose(state.observation(mover), mover))
    result = state.history[0].result
    points = result.points if result.winner == seat else -result.points
    return ("dealer" if seat == dealer else "elder"), points


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=600)
    parser.add_argument("--bot", default="strong")
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument("--level", default="normal")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=cores())
    args = parser.parse_args()
    play = partial(
        deal_outcome, bot=args.bot, opponent=args.opponent, level=args.level, seed=args.seed
    )
    counts = Counter(map_games(play, args.deals, args.jobs))
    print(f"{args.bot}-{args.level} against {args.opponent}, {args.deals} deals")
    print(f"{'the bot as':<10}{'game points':>12}{'share [95%]':>24}{'in the table':>14}")
    tables = {
        "elder": (ELDER_WINS, ELDER_LOSSES),
        "dealer": (DEALER_WINS, DEALER_LOSSES),
    }
    for part, (wins, losses) in tables.items():
        n = sum(v for (p, _), v in counts.items() if p == part)
        for sign, table in ((1, wins), (-1, losses)):
            for k in (1, 2, 3):
                got = counts[part, sign * k]
                low, high = wilson_interval(got, n) if n else (0.0, 1.0)
                share = f"{got / n if n else 0.0:.3f} [{low:.3f}, {high:.3f}]"
                print(f"{part:<10}{sign * k:>+12}{share:>24}{table[k - 1]:>14.3f}")


if __name__ == "__main__":
    main()
