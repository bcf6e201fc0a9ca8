"""The LinesBeta difficulty table: the planner's win rate per difficulty and length.

    python benchmarks/linesbeta_table.py [--quick] [--games N]

For each difficulty, the full and the short game are played from the same seeds; the table
shows the win rate with its 95% Wilson interval, mean points and early stops, and the random
bot's win rate measured in the same run as the baseline. The last column is the short game's
win rate over the full game's: the short targets were chosen so this is near 1.
"""

from __future__ import annotations

import argparse
import time

from cardside.games.linesbeta.rules import DIFFICULTIES, LENGTHS, targets
from cardside.games.linesbeta.simulate import SimulationResult, simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="200 games per setting")
    parser.add_argument("--games", type=int, default=None, help="games per setting")
    parser.add_argument("--seed", default="table")
    args = parser.parse_args()
    games = args.games or (200 if args.quick else 2000)

    results: dict[tuple[str, str], SimulationResult] = {}
    baseline: dict[tuple[str, str], SimulationResult] = {}
    start = time.perf_counter()
    for difficulty in DIFFICULTIES:
        for length in LENGTHS:
            results[(difficulty, length)] = simulate(
                games, bot="planner", difficulty=difficulty, length=length, seed=args.seed
            )
            baseline[(difficulty, length)] = simulate(
                games, bot="random", difficulty=difficulty, length=length, seed=args.seed
            )
    elapsed = time.perf_counter() - start

    print(f"LinesBeta, planner bot, {games} games per setting ({elapsed:.0f} s)")
    header = (
        f"{'difficulty':<11}{'length':<7}{'targets':>9}{'win rate':>10}{'95% interval':>17}"
        f"{'you':>7}{'grid':>7}{'early':>7}{'random':>8}{'short/full':>12}"
    )
    print(header)
    print("-" * len(header))
    for difficulty in DIFFICULTIES:
        full_rate = results[(difficulty, "full")].win_rate
        for length in LENGTHS:
            r = results[(difficulty, length)]
            b = baseline[(difficulty, length)]
            pt, gt = targets(difficulty, length)
            lo, hi = r.interval
            ratio = "" if length == "full" or not full_rate else f"{r.win_rate / full_rate:.2f}"
            print(
                f"{difficulty:<11}{length:<7}{f'{pt}/{gt}':>9}{r.win_rate:>10.1%}"
                f"{f'{lo:.1%}-{hi:.1%}':>17}{r.player_points:>7.1f}{r.grid_points:>7.1f}"
                f"{r.early_stops:>7.0%}{b.win_rate:>8.1%}{ratio:>12}"
            )


if __name__ == "__main__":
    main()
