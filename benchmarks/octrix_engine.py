"""Octrix engine speed: complete random 4-player rounds per second on one core.

Baseline: a bare loop that only shuffles the deck and deals four hands of eight, measured in
the same run. Target: at least 2,000 complete rounds per second.

    python benchmarks/octrix_engine.py [--quick]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from cardside.games.octrix import rules
from cardside.games.octrix.state import OctrixState

TARGET = 2_000


def deal_only(rounds: int) -> None:
    rng = random.Random(1)
    for _ in range(rounds):
        deck = list(rules.DECK)
        rng.shuffle(deck)
        [sorted(deck[i * 8 : (i + 1) * 8], key=rules.KEY.__getitem__) for i in range(4)]


def random_rounds(rounds: int) -> None:
    """Play ``rounds`` complete rounds with uniformly random cards through the state API."""
    rng = random.Random(1)
    for n in range(rounds):
        state = OctrixState(4, seed=n)  # a fresh match each time: its deal is part of the round
        for _ in range(32):
            state.apply(rng.choice(state.legal_actions()))


def rate(fn, rounds: int, repeats: int) -> float:  # type: ignore[no-untyped-def]
    """Median rounds per second over ``repeats`` runs."""
    rates = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn(rounds)
        rates.append(rounds / (time.perf_counter() - t))
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds and repeats")
    args = parser.parse_args()
    rounds, repeats = (500, 3) if args.quick else (3_000, 7)
    base = rate(deal_only, rounds, repeats)
    engine = rate(random_rounds, rounds, repeats)
    print(f"Octrix engine, 4 players, {rounds} rounds x {repeats} runs (median)")
    print(f"{'measure':<34}{'rounds/s':>12}{'ratio':>9}")
    print(f"{'baseline: shuffle and deal only':<34}{base:>12,.0f}{1.0:>9.2f}")
    print(f"{'random rounds via the state API':<34}{engine:>12,.0f}{engine / base:>9.3f}")
    verdict = "meets" if engine >= TARGET else "misses"
    print(f"target >= {TARGET:,} rounds/s: {verdict}")


if __name__ == "__main__":
    main()
