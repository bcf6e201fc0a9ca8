"""Schnapsen speed: random deals per second, solver time, strong bot time per move.

    python benchmarks/schnapsen_speed.py [--quick]

Targets: >= 3,000 random deals per second through the state API on one core; <= 50 ms for the
exact solver on a 5-card phase-2 position; strong bot at level normal <= 0.3 s per move on
average and <= 1 s for every move (the classic bot is timed alongside for comparison). Every
figure is the process's CPU time, which other work on the machine inflates less than wall
time (though cores shared with it still run slower: measure on a quiet machine).
Baselines measured in the same run: dealing alone (for the deal rate), a brute-force minimax
(for the solver), the heuristic bot (for the strong bot).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from cardside.core.rng import derive_rng
from cardside.games.schnapsen.bots import make_bot
from cardside.games.schnapsen.deal import Deal, legal_codes, new_deal, step
from cardside.games.schnapsen.rules import CLOSE_CODE
from cardside.games.schnapsen.solver import Solver
from cardside.games.schnapsen.state import SchnapsenState


def deal_only(n: int) -> None:
    for i in range(n):
        new_deal(derive_rng(1, "deal", i), i % 2)


def random_deals(n: int) -> None:
    """``n`` complete deals with uniformly random legal actions through the state API."""
    rng = random.Random(1)
    for i in range(n):
        state = SchnapsenState(seed=i)
        while not state.history:
            state.apply(rng.choice(state.legal_actions()))


def median_rate(fn: Callable[[int], None], n: int, repeats: int) -> float:
    rates = []
    for _ in range(repeats):
        t = time.process_time()
        fn(n)
        rates.append(n / (time.process_time() - t))
    return statistics.median(rates)


def five_card_positions(count: int) -> list[Deal]:
    """Half closed before the first trick, half with the stock just used up (5 cards each)."""
    rng = random.Random(7)
    out: list[Deal] = []
    i = 0
    while len(out) < count:
        i += 1
        d = new_deal(random.Random(i), i % 2)
        if i % 2:
            out.append(step(d, CLOSE_CODE))
            continue
        while d.result is None and d.stock:
            d = step(d, rng.choice([a for a in legal_codes(d) if a != CLOSE_CODE]))
        if d.result is None and d.hands[d.to_move].bit_count() == 5:
            out.append(d)
    return out


def brute(d: Deal, seat: int) -> int:
    if d.result is not None:
        w, pts, _ = d.result
        return pts if w == seat else -pts
    values = [brute(step(d, a), seat) for a in legal_codes(d)]
    return max(values) if d.to_move == seat else min(values)


def timed(fn: Callable[[], object]) -> float:
    t = time.process_time()
    fn()
    return time.process_time() - t


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    quick = args.quick
    repeats = 3 if quick else 5
    n_deals = 300 if quick else 2000

    print(f"{'measure':<44}{'median':>12}{'baseline':>12}{'ratio':>9}{'target':>12}")
    print("-" * 89)
    base = median_rate(deal_only, n_deals, repeats)
    rate = median_rate(random_deals, n_deals, repeats)
    print(
        f"{'random deals/s (state API, one core)':<44}{rate:>12,.0f}{base:>12,.0f}"
        f"{rate / base:>9.3f}{'>= 3,000':>12}  (baseline: dealing only)"
    )

    positions = five_card_positions(20 if quick else 60)
    times = []
    for d in positions:
        runs = [timed(lambda d=d: Solver().best(d)) for _ in range(3)]
        times.append(statistics.median(runs))
    brute_n = 2 if quick else 6
    brute_times = [timed(lambda d=d: brute(d, d.to_move)) for d in positions[:brute_n]]
    med = statistics.median(times) * 1000
    print(
        f"{'solver ms, 5-card phase 2 (best move)':<44}{med:>12.2f}"
        f"{statistics.median(brute_times) * 1000:>12.1f}"
        f"{med / (statistics.median(brute_times) * 1000):>9.4f}{'<= 50':>12}"
        f"  (baseline: brute force; max {max(times) * 1000:.2f} ms)"
    )

    runs = [("strong", "easy"), ("strong", "normal"), ("classic", "normal")]
    if not quick:
        runs.append(("strong", "hard"))
    for name, level in runs:
        strong_times, heur_times = [], []
        for m in range(1 if quick else 3):
            state = SchnapsenState(seed=100 + m)
            strong = make_bot(name, level, seed=m)
            heur = make_bot("heuristic", seed=m)
            deals = 0
            while not state.is_terminal() and deals < (3 if quick else 6):
                seat = state.current_player()
                assert seat is not None
                obs = state.observation(seat)
                t = time.process_time()
                heur.choose(obs, seat)
                heur_times.append(time.process_time() - t)
                t = time.process_time()
                action = strong.choose(obs, seat)
                strong_times.append(time.process_time() - t)
                before = len(state.history)
                state.apply(action)
                deals += len(state.history) - before
        mean = statistics.mean(strong_times) * 1000
        print(
            f"{f'{name}-{level} CPU ms per move (mean)':<44}{mean:>12.1f}"
            f"{statistics.mean(heur_times) * 1000:>12.3f}"
            f"{mean / (statistics.mean(heur_times) * 1000):>9.0f}"
            f"{'<= 300' if (name, level) == ('strong', 'normal') else '':>12}"
            f"  (baseline: heuristic; median {statistics.median(strong_times) * 1000:.1f},"
            f" max {max(strong_times) * 1000:.0f} ms, {len(strong_times)} moves)"
        )


if __name__ == "__main__":
    main()
