"""Schnapsen bot strength: whole matches, seats swapped, win rates with 95% intervals.

    python benchmarks/schnapsen_strength.py [--quick] [--matches N] [--level normal]

Targets at level normal: strong vs random >= 98% of matches, strong vs heuristic >= 75%,
heuristic vs random >= 95%. The random-vs-random row is the baseline (about 50%).
"""

from __future__ import annotations

import argparse
import time

from cardside.games.schnapsen.simulate import simulate

PAIRS = [
    ("random", "random", None),
    ("heuristic", "random", 0.95),
    ("strong", "random", 0.98),
    ("strong", "heuristic", 0.75),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few matches, for a smoke run")
    parser.add_argument("--matches", type=int, default=None)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    n = args.matches or (10 if args.quick else 200)
    header = (
        f"{'A vs B':<22}{'matches':>8}{'match win A [95%]':>26}{'deal win A [95%]':>26}"
        f"{'pts/deal A':>12}{'target':>8}{'secs':>7}"
    )
    print(f"level={args.level}, {n} matches per pair")
    print(header)
    print("-" * len(header))
    for a, b, target in PAIRS:
        start = time.perf_counter()
        r = simulate(a, b, n, unit="matches", level=args.level, seed=args.seed)
        secs = time.perf_counter() - start
        m, d = r.match_win_rate, r.deal_win_rate
        verdict = "" if target is None else ("ok" if m.estimate >= target else "BELOW")
        print(
            f"{a + ' vs ' + b:<22}{r.matches:>8}"
            f"{f'{m.estimate:.1%} [{m.low:.1%}, {m.high:.1%}]':>26}"
            f"{f'{d.estimate:.1%} [{d.low:.1%}, {d.high:.1%}]':>26}"
            f"{r.points_per_deal.estimate:>+12.2f}"
            f"{'' if target is None else f'{target:.0%}':>8}{secs:>7.0f}  {verdict}"
        )


if __name__ == "__main__":
    main()
