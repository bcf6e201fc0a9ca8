"""Schnapsen bot strength: whole matches (Bummerls), seats swapped, win rates with 95% intervals.

    python benchmarks/schnapsen_strength.py [--quick] [--matches N] [--level normal] [--jobs N]
                                            [--pairs strong:classic,strong:heuristic]

Targets at level normal: strong vs classic (the strong bot before match equity, inference,
the current heuristic and ISMCTS) >= 60% of matches, strong vs heuristic >= 85%, heuristic vs
random >= 95%, strong vs random >= 98%; heuristic vs first-heuristic (the rule set before the
current one) shows what the new rules gain. random vs random is the baseline (about 50%).
``--jobs`` spreads each pair's matches over worker processes (the same results).
"""

from __future__ import annotations

import argparse
import time

from cardside.core.stats import wilson_interval
from cardside.games.schnapsen.bots import Bot, HeuristicBot, make_bot
from cardside.games.schnapsen.classic import classic_code
from cardside.games.schnapsen.simulate import simulate

TARGETS = {
    ("random", "random"): None,
    ("heuristic", "random"): 0.95,
    ("heuristic", "first-heuristic"): None,
    ("strong", "random"): 0.98,
    ("strong", "heuristic"): 0.85,
    ("strong", "classic"): 0.60,
}
DEFAULT_PAIRS = "heuristic:first-heuristic,strong:heuristic,strong:classic"


def factory(name: str, level: str, seed: str) -> Bot:
    """The usual bots plus ``first-heuristic`` (the rule set the classic bot rolls out with)."""
    if name == "first-heuristic":
        return HeuristicBot(seed, policy=classic_code)
    return make_bot(name, level, seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few matches, for a smoke run")
    parser.add_argument("--matches", type=int, default=None)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--pairs", default=DEFAULT_PAIRS, help="A:B pairs, comma-separated")
    args = parser.parse_args()
    n = args.matches or (10 if args.quick else 500)
    pairs = [tuple(p.split(":")) for p in args.pairs.split(",")]
    jobs = max(1, args.jobs)
    header = (
        f"{'A vs B':<32}{'matches':>8}{'match win A [95%]':>26}{'deal win A [95%]':>26}"
        f"{'target':>8}{'secs':>7}"
    )
    print(f"level={args.level}, {n} matches per pair, seed {args.seed}, {jobs} job(s)")
    print(header)
    print("-" * len(header))
    for a, b in pairs:
        start = time.perf_counter()
        r = simulate(a, b, n, level=args.level, seed=args.seed, jobs=jobs, factory=factory)
        mw, m, dw, dn = r.matches_won_a, r.matches, r.deals_won_a, r.deals
        secs = time.perf_counter() - start
        ml, mh = wilson_interval(mw, m)
        dl, dh = wilson_interval(dw, dn)
        target = TARGETS.get((a, b))
        verdict = "" if target is None else ("ok" if mw / m >= target else "BELOW")
        print(
            f"{a + ' vs ' + b:<32}{m:>8}"
            f"{f'{mw / m:.1%} [{ml:.1%}, {mh:.1%}]':>26}"
            f"{f'{dw / dn:.1%} [{dl:.1%}, {dh:.1%}]':>26}"
            f"{'' if target is None else f'{target:.0%}':>8}{secs:>7.0f}  {verdict}"
        )


if __name__ == "__main__":
    main()
