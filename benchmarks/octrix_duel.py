"""Octrix, two players: the exact strong bot's time per move, and its margin against ``classic``.

Speed: whole rounds with the strong bot on both seats, its table emptied before every round (so
the first move pays for the whole solve). Times are CPU seconds of this process, so a busy
shared machine still shows one core's work. The first move of a round (trick 1, seat 1) and
every later move are reported apart (median and maximum), against the ``classic`` bot's moves on
the same deals as the baseline. Targets: first move <= 1 s, every later move <= 0.2 s.

Strength: single rounds on shared deals, each deal played twice with the seats exchanged;
the margin of a round is the first bot's round points minus the second's. The table gives the
mean margin per round with its 95% interval (over deals, each the mean of its two rounds, so
the luck of the deal cancels), printed again every 40 rounds. Target: strong
v classic above 0.

    python benchmarks/octrix_duel.py [--quick] [--rounds N] [--deals N] [--jobs N] [--seed N]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from functools import partial

from cardside.core.parallel import map_games
from cardside.core.rng import derive_rng
from cardside.core.stats import mean_interval
from cardside.games.octrix.bots import make_bot
from cardside.games.octrix.exact import shared_solver
from cardside.games.octrix.state import OctrixState

CHUNK = 40  # rounds between running figures (an even number: whole deals)


def round_times(name: str, deal: int) -> tuple[float, list[float]]:
    """CPU seconds of the first move and of every later move of one round (a cold table)."""
    shared_solver().clear()
    state = OctrixState(2, seed=f"speed:{deal}")
    bots = [make_bot(name, deal * 10 + s) for s in range(2)]
    times: list[float] = []
    while not state.snapshot.rounds:
        seat = state.current_player()
        assert seat is not None
        view = state.observation(seat)
        t = time.process_time()
        card = bots[seat].choose(view, seat)
        times.append(time.process_time() - t)
        state.apply(card)
    return times[0], times[1:]


def play_round(pair: tuple[str, str], seed: int, game: int) -> float:
    """Round ``game``: deal ``game // 2``, the first bot on seat 1 when ``game`` is even."""
    first_on_0 = game % 2 == 0
    names = pair if first_on_0 else (pair[1], pair[0])
    bots = [
        make_bot(n, derive_rng(seed, "bot", game, s).randrange(2**32)) for s, n in enumerate(names)
    ]
    state = OctrixState(2, seed=f"{seed}:{game // 2}")
    while not state.snapshot.rounds:
        seat = state.current_player()
        assert seat is not None
        state.apply(bots[seat].choose(state.observation(seat), seat))
    scores = state.snapshot.rounds[0].scores
    margin = scores[0] - scores[1]
    return float(margin if first_on_0 else -margin)


def fmt(values: list[float]) -> str:
    return f"{statistics.median(values):>10.4f}{max(values):>9.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a small, fast version")
    parser.add_argument("--rounds", type=int, help="rounds timed (default 20, quick 3)")
    parser.add_argument("--deals", type=int, help="deals for the margin, two rounds each")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes for the margin")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--skip-speed", action="store_true")
    args = parser.parse_args()
    rounds = args.rounds or (3 if args.quick else 20)
    deals = args.deals or (10 if args.quick else 250)

    if not args.skip_speed:
        print(f"Two-player time per move, CPU s ({rounds} rounds, a cold table every round)")
        print(f"{'bot':<10}{'moves':<14}{'count':>6}{'median s':>10}{'max s':>9}")
        firsts: dict[str, list[float]] = {}
        for name in ("strong", "classic"):
            first: list[float] = []
            later: list[float] = []
            for deal in range(rounds):
                f, rest = round_times(name, deal)
                first.append(f)
                later.extend(rest)
            firsts[name] = first
            print(f"{name:<10}{'first move':<14}{len(first):>6}{fmt(first)}")
            print(f"{name:<10}{'later moves':<14}{len(later):>6}{fmt(later)}")
        ratio = statistics.median(firsts["strong"]) / statistics.median(firsts["classic"])
        print(f"first move, strong / classic (medians): {ratio:.2f}")
        print("targets: strong first move <= 1 s, every later move <= 0.2 s")
        print()

    pair = ("strong", "classic")
    print(f"Round margin ({2 * deals} rounds: {deals} deals, seats exchanged, seed {args.seed})")
    print(f"{'pairing':<22}{'rounds':>7}{'margin':>9}{'95% interval':>20}{'wall s':>9}")
    t = time.perf_counter()
    margins: list[float] = []
    play = partial(play_round, pair, args.seed)
    for start in range(0, 2 * deals, CHUNK):
        # Chunks of rounds, so a long run shows its running figure as it goes.
        count = min(CHUNK, 2 * deals - start)
        margins += map_games(partial(_shifted, play, start), count, args.jobs)
        # A deal's two rounds share its luck, so the interval is over deals: the mean of each
        # deal's two margins is one independent sample.
        per_deal = [(margins[i] + margins[i + 1]) / 2 for i in range(0, len(margins), 2)]
        mean, (lo, hi) = mean_interval(per_deal)
        verdict = "meets" if lo > 0 else "misses"
        print(
            f"{pair[0] + ' v ' + pair[1]:<22}{len(margins):>7}{mean:>+9.2f}"
            f"{f'[{lo:+.2f}, {hi:+.2f}]':>20}{time.perf_counter() - t:>9.0f}"
            f"  {verdict} (interval above 0)",
            flush=True,
        )


def _shifted(play: Callable[[int], float], start: int, game: int) -> float:
    return play(start + game)


if __name__ == "__main__":
    main()
