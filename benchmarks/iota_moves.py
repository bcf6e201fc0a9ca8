"""IOTA move generator speed, on positions from real greedy-against-greedy games.

Measures the full list of legal plays (with scores) for 4-card hands without a wild and with
one, the median over every such position; and complete 2-player greedy games per second on
one core. Baseline, measured in the same run: a straightforward generator that tries every
order of hand cards in every segment next to the grid and asks the placement check about each.
(every tenth position). Targets: median at most 5 ms without a wild, 15 ms with one; at least
10 games per second. Then the best play alone, as the bots' look-ahead asks for it: found by
``best_move`` against the full list's first best, on the same positions. Times are the
process's CPU time, so other work on the machine does not count against the figures.

    python benchmarks/iota_moves.py [--quick]
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time
from collections.abc import Callable, Sequence

from cardside.games.iota import placement
from cardside.games.iota.bots import GreedyBot
from cardside.games.iota.moves import best_move, frontier, legal_moves
from cardside.games.iota.rules import MAX_LINE, WILD, Play
from cardside.games.iota.state import IotaState

TARGET_PLAIN_MS, TARGET_WILD_MS, TARGET_GAMES = 5.0, 15.0, 10.0
Position = tuple[dict[tuple[int, int], int], tuple[int, ...], bool]


def straightforward(grid: dict, hand: Sequence[int], pile_empty: bool) -> list[tuple[Play, int]]:
    """Every order of hand cards in every run of cells through a cell next to the grid."""
    found: dict[Play, int] = {}
    for fx, fy in frontier(grid):
        for dx, dy in ((1, 0), (0, 1)):
            for length in range(1, MAX_LINE + 1):
                for back in range(length):
                    cells = [(fx + (i - back) * dx, fy + (i - back) * dy) for i in range(length)]
                    free = [c for c in cells if c not in grid]
                    for order in set(itertools.permutations(hand, len(free))):
                        placed = [(c, x, y) for c, (x, y) in zip(order, free)]
                        result = placement.check(grid, placed)
                        if isinstance(result, placement.Scored):
                            final = pile_empty and len(free) == len(hand)
                            found[Play.of(placed)] = result.score(final)
    return list(found.items())


def greedy_game(seed: int) -> IotaState:
    state = IotaState(2, seed=seed)
    bots = [GreedyBot(f"{seed}:0"), GreedyBot(f"{seed}:1")]
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        state.apply(bots[seat].choose(state.observation(seat), seat))
    return state


def positions(games: int) -> tuple[list[Position], list[Position]]:
    """4-card hands without and with a wild, from each turn of greedy games."""
    plain: list[Position] = []
    wild: list[Position] = []
    for seed in range(games):
        state = greedy_game(seed)
        replay = IotaState(2, seed=seed)
        for action in state.actions():
            s = replay.snapshot
            hand = s.hands[s.turn]
            if len(hand) == 4:
                (wild if WILD in hand else plain).append((dict(s.grid), hand, not s.pile))
            replay.apply(action)
    return plain, wild


def median_ms(fn: Callable[[dict, Sequence[int], bool], object], sample: list[Position]) -> float:
    times = []
    for grid, hand, pile_empty in sample:
        t = time.process_time()
        fn(grid, hand, pile_empty)
        times.append(time.process_time() - t)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games and repeats")
    args = parser.parse_args()
    games, repeats = (6, 3) if args.quick else (30, 5)
    plain, wild = positions(games)

    def ours(grid: dict, hand: Sequence[int], pile_empty: bool) -> object:
        return legal_moves(grid, hand, pile_empty=pile_empty)

    rows = []
    for label, sample, target in (
        ("4 cards, no wild", plain, TARGET_PLAIN_MS),
        ("4 cards, a wild", wild, TARGET_WILD_MS),
    ):
        base = median_ms(straightforward, sample[::10])
        mine = statistics.median(median_ms(ours, sample) for _ in range(repeats))
        rows.append((label, len(sample), base, mine, target))

    def listed_best(grid: dict, hand: Sequence[int], pile_empty: bool) -> object:
        moves = legal_moves(grid, hand, pile_empty=pile_empty)
        return max(moves, key=lambda m: m.score) if moves else None

    def best_only(grid: dict, hand: Sequence[int], pile_empty: bool) -> object:
        return best_move(grid, hand, pile_empty=pile_empty)

    best_rows = []
    for label, sample in (("4 cards, no wild", plain), ("4 cards, a wild", wild)):
        listed = statistics.median(median_ms(listed_best, sample) for _ in range(repeats))
        alone = statistics.median(median_ms(best_only, sample) for _ in range(repeats))
        best_rows.append((label, len(sample), listed, alone))
    rates = []
    for r in range(repeats):
        t = time.process_time()
        for seed in range(10):
            greedy_game(1000 * r + seed)
        rates.append(10 / (time.process_time() - t))
    rate = statistics.median(rates)
    print(f"IOTA move generator, positions from {games} greedy games, median of {repeats} runs")
    print(f"{'hand':<18}{'positions':>10}{'baseline ms':>13}{'ms':>8}{'ratio':>8}  target")
    for label, n, base, mine, target in rows:
        verdict = "meets" if mine <= target else "misses"
        print(
            f"{label:<18}{n:>10}{base:>13.2f}{mine:>8.2f}{mine / base:>8.3f}"
            f"  <= {target:g} ms: {verdict}"
        )
    print()
    print("the best play alone (median ms): the full list's first best, and best_move")
    print(f"{'hand':<18}{'positions':>10}{'list, max':>13}{'best_move':>11}{'ratio':>8}")
    for label, n, listed, alone in best_rows:
        print(f"{label:<18}{n:>10}{listed:>13.2f}{alone:>11.2f}{alone / listed:>8.3f}")
    verdict = "meets" if rate >= TARGET_GAMES else "misses"
    print(f"greedy vs greedy, 2 players: {rate:.1f} games/s  (>= {TARGET_GAMES:g}: {verdict})")


if __name__ == "__main__":
    main()
