"""LinesBeta speed: full games per second with the random bot, and bot time per decision.

    python benchmarks/linesbeta_speed.py [--quick]

The engine's own legality check is compared with the base class's generic way (search the
legal-action list for the action before applying it), measured in the same run. Each figure
is the median of several runs.
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


def decision_times(bot_name: str, games: int, length: str) -> list[float]:
    times: list[float] = []
    for i in range(games):
        state = LinesBetaState("normal", length, seed=f"decide:{i}")
        bot = make_bot(bot_name, seed=i)
        while not state.is_terminal():
            t0 = time.perf_counter()
            action = bot.choose(state, 0)
            times.append(time.perf_counter() - t0)
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
    for name in ("random", "planner"):
        per_run = [decision_times(name, n, "full") for _ in range(max(1, runs // 2))]
        flat = sorted(t for run in per_run for t in run)
        medians = [statistics.median(run) for run in per_run]
        rows.append(
            (
                name,
                statistics.median(medians) * 1000,
                flat[int(0.95 * (len(flat) - 1))] * 1000,
                flat[-1] * 1000,
                len(flat),
            )
        )
    base = rows[0][1]
    print(f"Bot time per decision, normal/full ({n} games per run)")
    print(f"{'bot':<10}{'median ms':>11}{'p95 ms':>9}{'max ms':>9}{'decisions':>11}{'ratio':>9}")
    for name, med, p95, worst, count in rows:
        print(f"{name:<10}{med:>11.3f}{p95:>9.3f}{worst:>9.2f}{count:>11}{med / base:>9.1f}")


if __name__ == "__main__":
    main()
