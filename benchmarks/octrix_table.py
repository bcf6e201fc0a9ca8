"""Octrix strength at the larger tables: 3 and 4 players and partnerships, matches to 88.

    python benchmarks/octrix_table.py [--matches N] [--seeds 1,2] [--jobs N]

Rows, each over every seed given (the figures of each seed and of all together):
- strong alone against three greedy bots (4 players; the strong bot's seat turned round the
  table over groups of four matches on the same deals). Target: at least 45% of the matches
  (an equal bot wins 25%).
- strong vs greedy and strong vs classic with 3 players, 4 players and partnerships, seated as
  ``cardside octrix simulate`` seats them (A, B, B / B, A, A turned round the table; A, B, A, B
  then B, A, B, A; in partnerships A is one team). An equal bot wins half.

Each configuration is what ``cardside octrix simulate --players P [--partnership] --bots
strong,OTHER --seed S --games N`` reports.
"""

from __future__ import annotations

import argparse
import time
from functools import partial

from cardside.core.parallel import map_games
from cardside.core.rng import derive_rng
from cardside.core.stats import wilson_interval
from cardside.games.octrix.bots import make_bot
from cardside.games.octrix.simulate import play_match, simulate


def one_against_three(bot: str, other: str, seed: int, game: int) -> float:
    """Match ``game``: ``bot`` on seat ``game % 4`` against three ``other``; its share of the
    win (1, or 1/k when k seats share it)."""
    mine = game % 4
    seats = [
        make_bot(
            bot if seat == mine else other, derive_rng(seed, "bot", game, seat).randrange(2**32)
        )
        for seat in range(4)
    ]
    state = play_match(seats, 4, False, f"{seed}:{game // 4}")
    outcome = state.outcome()
    assert outcome is not None
    return 1 / len(outcome.winners) if mine in outcome.winners else 0.0


def row(label: str, wins: float, games: int, seconds: float) -> str:
    lo, hi = wilson_interval(wins, games)
    return f"{label:<44}{games:>8}{wins / games:>8.1%}  [{lo:5.1%}, {hi:5.1%}]{seconds:>10.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=12, help="matches per row and seed")
    parser.add_argument("--seeds", default="1,2", help="comma-separated seeds")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument(
        "--only", choices=("alone", "tables"), help="only the one-against-three rows or the rest"
    )
    parser.add_argument(
        "--tables", default="3,4,partnership", help="tables for the rest: 3, 4, partnership"
    )
    parser.add_argument("--against", default="greedy,classic", help="bots strong plays")
    args = parser.parse_args()
    seeds = [int(s) for s in args.seeds.split(",")]
    n = args.matches
    print(f"{'configuration':<44}{'matches':>8}{'strong':>8}  {'95% interval':<16}{'wall s':>8}")
    if args.only != "tables":
        total = 0.0
        for seed in seeds:
            wall = time.perf_counter()
            shares = map_games(partial(one_against_three, "strong", "greedy", seed), n, args.jobs)
            total += sum(shares)
            print(
                row(f"strong vs 3 greedy, seed {seed}", sum(shares), n, time.perf_counter() - wall),
                flush=True,
            )
        print(row("strong vs 3 greedy, all seeds", total, n * len(seeds), 0.0), flush=True)
    if args.only == "alone":
        return
    tables = {"3": (3, False), "4": (4, False), "partnership": (4, True)}
    for players, partnership in (tables[t] for t in args.tables.split(",")):
        for other in args.against.split(","):
            table = "partnership" if partnership else f"{players} players"
            wins = 0
            for seed in seeds:
                wall = time.perf_counter()
                result = simulate(
                    n, ("strong", other), players, partnership, seed=seed, jobs=args.jobs
                )
                wins += result.wins[0]
                label = f"strong vs {other}, {table}, seed {seed}"
                print(row(label, result.wins[0], n, time.perf_counter() - wall), flush=True)
            label = f"strong vs {other}, {table}, all seeds"
            print(row(label, wins, n * len(seeds), 0.0), flush=True)


if __name__ == "__main__":
    main()
