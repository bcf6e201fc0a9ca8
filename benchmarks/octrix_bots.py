"""Octrix bots: the strong bot's time per move, and its strength in two-player matches to 88.

Speed: every move of whole rounds (strong bot on every seat), 2 players and 4 players; the
table gives the median and the maximum time per move, against the greedy bot's median time
per move on the same rounds as the baseline. Target: at most 1 s per move.

Strength: two-player matches to 88 with fair seating (see ``cardside.games.octrix.simulate``),
strong vs random (target >= 95% of the matches) and strong vs greedy (target >= 65%), with
Wilson 95% intervals, and the greedy bot against random as the baseline.

    python benchmarks/octrix_bots.py [--quick] [--matches N] [--rounds N]
"""

from __future__ import annotations

import argparse
import statistics
import time

from cardside.games.octrix.bots import GreedyBot, StrongBot
from cardside.games.octrix.simulate import simulate
from cardside.games.octrix.state import OctrixState


def move_times(bot_kind: type, players: int, rounds: int) -> list[float]:
    """Seconds per move of ``bot_kind`` playing every seat of ``rounds`` whole rounds."""
    times: list[float] = []
    for r in range(rounds):
        state = OctrixState(players, seed=1000 + r)
        bots = [bot_kind(r * 10 + s) for s in range(players)]
        while not state.snapshot.rounds:
            seat = state.current_player()
            view = state.observation(seat)
            t = time.perf_counter()
            card = bots[seat].choose(view, seat)
            times.append(time.perf_counter() - t)
            state.apply(card)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a small, fast version")
    parser.add_argument("--matches", type=int, help="matches per pairing")
    parser.add_argument("--rounds", type=int, help="rounds timed per player count")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    matches = args.matches or (10 if args.quick else 200)
    rounds = args.rounds or (2 if args.quick else 6)

    print(f"Strong bot time per move ({rounds} whole rounds each, strong on every seat)")
    print(
        f"{'players':<9}{'moves':>7}{'median s':>10}{'max s':>9}{'greedy median s':>17}{'ratio':>9}"
    )
    for players in (2, 4):
        strong = move_times(StrongBot, players, rounds)
        greedy = move_times(GreedyBot, players, rounds)
        g_med = statistics.median(greedy)
        s_med = statistics.median(strong)
        print(
            f"{players:<9}{len(strong):>7}{s_med:>10.4f}{max(strong):>9.3f}{g_med:>17.5f}"
            f"{s_med / g_med:>9.0f}"
        )
    print("target: max <= 1 s per move")
    print()

    print(f"Two-player matches to 88 ({matches} per pairing, seed {args.seed})")
    print(
        f"{'pairing':<20}{'won':>6}{'share':>8}{'95% interval':>18}{'round score':>15}"
        f"{'s/match':>9}"
    )
    targets = {("strong", "random"): 0.95, ("strong", "greedy"): 0.65}
    for pair in (("greedy", "random"), ("strong", "random"), ("strong", "greedy")):
        t = time.perf_counter()
        r = simulate(matches, pair, seed=args.seed)
        per_match = (time.perf_counter() - t) / matches
        lo, hi = r.win_interval
        label = f"{pair[0]} v {pair[1]}"
        rounds_text = f"{r.mean_round_score[0]:.1f} v {r.mean_round_score[1]:.1f}"
        goal = targets.get(pair)
        note = (
            "" if goal is None else (" meets" if r.win_rate >= goal else " misses") + f" {goal:.0%}"
        )
        print(
            f"{label:<20}{r.wins[0]:>6}{r.win_rate:>8.1%}{f'[{lo:.1%}, {hi:.1%}]':>18}"
            f"{rounds_text:>15}{per_match:>9.2f}{note}"
        )
    print("baseline: greedy v random, the same seats and deals")


if __name__ == "__main__":
    main()
