"""Line-it speed: complete random games per second through the state API.

    python benchmarks/lineit_speed.py [--quick]

Targets: >= 300 complete random 4-player games per second on one core; the strong bot at its
default level at most 1 s per move. Baselines measured in the same run: the deal alone
(shuffling and laying out the first market) for the game rate, and the heuristic bot (whose
turn plans the strong bot compares) for the time per move.

Times are this process's CPU time (``time.process_time``), so a machine shared with other
work still shows what one core does; the ratios to the baselines are measured the same way.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from cardside.games.lineit.bots import make_bot
from cardside.games.lineit.state import LineitState

TARGET = 300


def deals(players: int) -> Callable[[int], None]:
    def run(n: int) -> None:
        for i in range(n):
            LineitState(players, seed=i)

    return run


def random_games(players: int) -> Callable[[int], None]:
    """``n`` complete games, every decision a uniformly random legal action."""

    def run(n: int) -> None:
        rng = random.Random(1)
        for i in range(n):
            state = LineitState(players, seed=i)
            while not state.is_terminal():
                state.apply(rng.choice(state.legal_actions()))

    return run


def median_rate(fn: Callable[[int], None], n: int, repeats: int) -> float:
    rates = []
    for _ in range(repeats):
        t = time.process_time()
        fn(n)
        rates.append(n / (time.process_time() - t))
    return statistics.median(rates)


def move_times(bot: str, players: int, games: int) -> list[float]:
    """Seconds per decision of ``bot`` on seat 0 against heuristic bots, over whole games."""
    times = []
    for game in range(games):
        state = LineitState(players, seed=f"speed:{game}")
        bots = [make_bot(bot, seed=game)] + [
            make_bot("heuristic", seed=game + s) for s in range(1, players)
        ]
        while not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            view = state.observation(seat)
            t = time.process_time()
            action = bots[seat].choose(view, seat)
            if seat == 0:
                times.append(time.process_time() - t)
            state.apply(action)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games (a smoke run)")
    args = parser.parse_args()
    games, repeats = (60, 3) if args.quick else (600, 5)
    print(f"Line-it speed, median of {repeats} runs of {games} games")
    print(f"{'players':>7}  {'deals/s':>9}  {'games/s':>8}  {'deals per game':>14}  target")
    for players in (2, 3, 4, 5):
        dealt = median_rate(deals(players), games, repeats)
        played = median_rate(random_games(players), games, repeats)
        target = f">= {TARGET}: {'met' if played >= TARGET else 'NOT met'}" if players == 4 else ""
        print(f"{players:>7}  {dealt:>9.0f}  {played:>8.0f}  {dealt / played:>14.1f}  {target}")
    bot_games = 2 if args.quick else 6
    print(f"\nTime per move on seat 0 against heuristic bots, {bot_games} games each")
    print(f"{'players':>7}  {'bot':<10}  {'mean':>8}  {'median':>8}  {'max':>8}  vs heuristic")
    for players in (2, 5):
        base = statistics.mean(move_times("heuristic", players, bot_games))
        for bot in ("heuristic", "classic", "strong"):
            times = move_times(bot, players, bot_games)
            mean = statistics.mean(times)
            print(
                f"{players:>7}  {bot:<10}  {mean * 1000:>6.1f}ms  "
                f"{statistics.median(times) * 1000:>6.1f}ms  {max(times) * 1000:>6.1f}ms  "
                f"{mean / base:>6.1f}x"
            )


if __name__ == "__main__":
    main()
