"""LinesBeta speed: full games per second with the random bot, and bot time per decision.

    python benchmarks/linesbeta_speed.py [--quick]

``deep`` rolls out only some tricks of a round (the others are the planner's quick choice), so
its mean time a decision says more of its work than its median; ``deep2`` is the one before and
``deep1`` the one before that.

The engine's own legality check is compared with the base class's generic way (search the
legal-action list for the action before applying it), measured in the same run. Each figure
is the median of several runs. Time per decision is given as elapsed (wall-clock) time and as
the process's CPU time: on a shared machine the first includes waiting for a core.
"""

from __future__ import annotations

import argparse
import statistics
import time

from cardside.games.linesbeta.bots import make_bot
from cardside.games.linesbeta.simulate import play_game
from cardside.games.linesbeta.state import LinesBetaState


def games_per_second(games: int, generic: bool, offset: int) -> float:
    start = time.perf_counter()
    for i in range(games):
        seed = f"speed:{offset}:{i}"
        if generic:
            state = LinesBetaState("normal", "full", seed=seed)
            bot = make_bot("random", seed=f"{seed}:bot")
            while not state.is_terminal():
                action = bot.choose(state, 0)
                if action not in state.legal_actions():
                    raise AssertionError("the bot chose an illegal action")
                state.apply(action)
        else:
            play_game("random", "normal", "full", seed)
    return games / (time.perf_counter() - start)


def decision_times(bot_name: str, games: int, length: str) -> list[tuple[float, float]]:
    """(elapsed, CPU) seconds of every decision in ``games`` hard games."""
    times: list[tuple[float, float]] = []
    for i in range(games):
        state = LinesBetaState("hard", length, seed=f"decide:{i}")
        bot = make_bot(bot_name, seed=i)
        while not state.is_terminal():
            t0, c0 = time.perf_counter(), time.process_time()
            action = bot.choose(state, 0)
            times.append((time.perf_counter() - t0, time.process_time() - c0))
            state.apply(action)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games per run")
    args = parser.parse_args()
    runs = 3 if args.quick else 5
    games = 100 if args.quick else 400

    fast = [games_per_second(games, False, r) for r in range(runs)]
    generic = [games_per_second(games, True, r) for r in range(runs)]
    f, g = statistics.median(fast), statistics.median(generic)
    print(f"Full games per second, random bot, normal/full ({runs} runs x {games} games)")
    print(f"{'path':<28}{'games/s (median)':>18}{'ratio':>8}")
    print(f"{'list-membership check':<28}{g:>18.0f}{1.0:>8.2f}")
    print(f"{'engine check only':<28}{f:>18.0f}{f / g:>8.2f}")
    print()

    n = 10 if args.quick else 40
    rows = []
    for name in ("random", "classic", "planner1", "planner2", "planner", "deep1", "deep2", "deep"):
        games = max(2, n // 10) if name.startswith("deep") else n
        per_run = [decision_times(name, games, "full") for _ in range(max(1, runs // 2))]
        wall = sorted(t for run in per_run for t, _ in run)
        cpu = sorted(c for run in per_run for _, c in run)
        rows.append(
            (
                name,
                statistics.median(statistics.median(t for t, _ in run) for run in per_run),
                wall[-1],
                statistics.median(statistics.median(c for _, c in run) for run in per_run),
                cpu[int(0.95 * (len(cpu) - 1))],
                cpu[-1],
                statistics.fmean(cpu),
                len(wall),
            )
        )
    base = rows[1][3]
    print(f"Bot time per decision in ms, hard/full ({n} games per run, deep {max(2, n // 10)})")
    print(
        f"{'bot':<9}{'median':>9}{'max':>9}{'CPU median':>12}{'CPU p95':>10}{'CPU max':>10}"
        f"{'CPU mean':>10}{'decisions':>11}{'CPU ratio':>11}"
    )
    for name, med, worst, cmed, cp95, cmax, cmean, count in rows:
        print(
            f"{name:<9}{med * 1000:>9.2f}{worst * 1000:>9.1f}{cmed * 1000:>12.2f}"
            f"{cp95 * 1000:>10.2f}{cmax * 1000:>10.1f}{cmean * 1000:>10.2f}{count:>11}"
            f"{cmed / base:>11.2f}"
        )


if __name__ == "__main__":
    main()
