"""IOTA strong bot: time per move, 2 and 4 players, against greedy bots.

Plays whole games (the strong bot on seat 1, greedy bots on the others) and times every
decision of the strong bot; the baseline is the greedy bot's time per move in the same games.
Times are the process's CPU time. Target: at most 1 s per move for the strong bot.
Strength is measured by ``cardside iota simulate`` (see the README).

    python benchmarks/iota_bots.py [--quick] [--bot strong|strong2|strong1]
"""

from __future__ import annotations

import argparse
import statistics
import time

from cardside.games.iota.bots import GreedyBot, IotaBot, make_bot
from cardside.games.iota.state import IotaState

TARGET_S = 1.0


def timed_games(players: int, games: int, name: str = "strong") -> tuple[list[float], list[float]]:
    """(strong bot's move times, greedy bots' move times) over ``games`` games."""
    strong: list[float] = []
    greedy: list[float] = []
    for seed in range(games):
        state = IotaState(players, seed=f"bench:{seed}")
        bots: list[IotaBot] = [make_bot(name, seed)]
        bots += [GreedyBot(seed * 10 + i) for i in range(1, players)]
        while not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            view = state.observation(seat)
            t = time.process_time()
            action = bots[seat].choose(view, seat)
            (strong if seat == 0 else greedy).append(time.process_time() - t)
            state.apply(action)
    return strong, greedy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games")
    parser.add_argument("--bot", default="strong", help="the bot timed (a strong one)")
    args = parser.parse_args()
    games = 2 if args.quick else 8
    print(f"IOTA {args.bot} bot, {games} games per table, CPU seconds per move")
    print(
        f"{'table':<12}{'moves':>7}{'greedy median':>15}{'strong median':>15}{'max':>8}{'ratio':>8}"
    )
    for players in (2, 4):
        strong, greedy = timed_games(players, games, args.bot)
        base = statistics.median(greedy)
        mine = statistics.median(strong)
        print(
            f"{players} players{'':<4}{len(strong):>7}{base:>15.4f}{mine:>15.3f}"
            f"{max(strong):>8.3f}{mine / base:>8.1f}"
        )
        verdict = "meets" if max(strong) <= TARGET_S else "misses"
        print(f"  target: every move at most {TARGET_S:g} s: {verdict}")


if __name__ == "__main__":
    main()
