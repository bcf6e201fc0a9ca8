"""Bots against bots: many deals or matches, seats swapped, with 95% intervals. No printing."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from cardside.games.schnapsen.bots import make_bot
from cardside.games.schnapsen.state import SchnapsenState

Z95 = 1.959964


@dataclass(frozen=True)
class Interval:
    """An estimate with its 95% interval."""

    estimate: float
    low: float
    high: float

    def __str__(self) -> str:
        return f"{self.estimate:.3f} [{self.low:.3f}, {self.high:.3f}]"


def wilson(successes: int, n: int) -> Interval:
    """Wilson score interval for a rate."""
    if n == 0:
        return Interval(0.0, 0.0, 1.0)
    p = successes / n
    denom = 1 + Z95**2 / n
    centre = (p + Z95**2 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / denom
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: list[int]) -> Interval:
    """Mean with a normal-approximation interval."""
    n = len(values)
    if n == 0:
        return Interval(0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return Interval(mean, mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return Interval(mean, mean - half, mean + half)


@dataclass(frozen=True)
class SimulationResult:
    """Statistics for bot A against bot B."""

    bot_a: str
    bot_b: str
    level: str
    deals: int
    deals_won_a: int
    matches: int
    matches_won_a: int
    #: Share of deals won by A.
    deal_win_rate: Interval
    #: A's game points per deal: + when A wins the deal, - when B does.
    points_per_deal: Interval
    #: Share of matches won by A (only when whole matches were played).
    match_win_rate: Interval


ProgressFn = Callable[[int, int], None]


def simulate(bot_a: str, bot_b: str, count: int, *, unit: str = "matches",
             level: str = "normal", seed: int = 0,
             progress: ProgressFn | None = None) -> SimulationResult:
    """Play ``count`` matches (or single deals with ``unit="deals"``) of ``bot_a`` against
    ``bot_b``; A sits at seat 0 in even-numbered games and seat 1 in odd ones.

    ``progress(done, count)`` is called after each game.
    """
    if unit not in ("matches", "deals"):
        raise ValueError("unit is 'matches' or 'deals'")
    if count < 1:
        raise ValueError("count must be at least 1")
    a = make_bot(bot_a, level, seed=f"{seed}:a")
    b = make_bot(bot_b, level, seed=f"{seed}:b")
    deal_values: list[int] = []
    deals_won = 0
    matches_won = 0
    for game in range(count):
        a_seat = game % 2
        players = {a_seat: a, 1 - a_seat: b}
        state = SchnapsenState(seed=f"{seed}:{game}", first_dealer=game // 2 % 2)
        while not state.is_terminal() and (unit == "matches" or not state.history):
            seat = state.current_player()
            assert seat is not None
            state.apply(players[seat].choose(state.observation(seat), seat))
        for record in state.history:
            r = record.result
            won = r.winner == a_seat
            deals_won += won
            deal_values.append(r.points if won else -r.points)
        if unit == "matches":
            outcome = state.outcome()
            matches_won += outcome is not None and outcome.is_win(a_seat)
        if progress is not None:
            progress(game + 1, count)
    n_matches = count if unit == "matches" else 0
    return SimulationResult(
        bot_a=bot_a, bot_b=bot_b, level=level, deals=len(deal_values), deals_won_a=deals_won,
        matches=n_matches, matches_won_a=matches_won,
        deal_win_rate=wilson(deals_won, len(deal_values)),
        points_per_deal=mean_interval(deal_values),
        match_win_rate=wilson(matches_won, n_matches),
    )
