"""Perfect-information Monte Carlo search for the strong bot.

From an :class:`~state.Observation` only: sample the hidden cards (the opponent's unseen hand
and the stock order) consistently with what the seat has seen, and score every legal action on
the same samples. In a sample, play goes on by the rule-of-thumb policy while cards are drawn;
as soon as the sample reaches phase 2 (someone closes, or the stock runs out) the exact solver
gives its value in game points. Closing, exchanging and marriages are actions like any other,
so the search weighs them too. With the stock used up nothing is hidden any more and a single
exact solve decides.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from cardside.games.schnapsen.deal import Deal, legal_codes, step
from cardside.games.schnapsen.policy import heuristic_code
from cardside.games.schnapsen.solver import Solver
from cardside.games.schnapsen.state import Observation, determinize_deal


@dataclass(frozen=True)
class SearchResult:
    """The chosen action code, every action's mean value (game points) and the samples used."""

    code: int
    values: dict[int, float]
    samples: int
    exact: bool

    @property
    def value(self) -> float:
        return self.values[self.code]


def _result_value(d: Deal, seat: int) -> int:
    assert d.result is not None
    w, pts, _ = d.result
    return pts if w == seat else -pts


def playout_value(d: Deal, seat: int, solver: Solver) -> int:
    """Play ``d`` on with the policy until phase 2, then solve; value for ``seat``."""
    while d.result is None and not d.strict:
        d = step(d, heuristic_code(d))
    if d.result is not None:
        return _result_value(d, seat)
    v = solver.value(d)
    return v if d.to_move == seat else -v


def search(obs: Observation, samples: int, rng: random.Random) -> SearchResult:
    """Score every legal action of ``obs`` and pick the best (ties: the policy's choice)."""
    seat = obs.seat
    codes = legal_codes(obs.deal)
    if not codes or obs.to_move != seat:
        raise ValueError("it is not this seat's turn")
    totals = dict.fromkeys(codes, 0.0)
    exact = obs.deal.strict and len(obs.deal.stock) == 0
    n = 1 if exact else samples
    if len(codes) == 1:
        n = 0
    solver = Solver()
    for _ in range(n):
        d = determinize_deal(obs, rng)
        if d.strict:
            sign = 1 if d.to_move == seat else -1
            for code, v in solver.action_values(d).items():
                totals[code] += sign * v
            continue
        for code in codes:
            totals[code] += playout_value(step(d, code), seat, solver)
    values = {c: t / n for c, t in totals.items()} if n else dict.fromkeys(codes, 0.0)
    top = max(values.values())
    best = [c for c in codes if values[c] >= top - 1e-9]
    preferred = heuristic_code(obs.deal) if len(best) > 1 else best[0]
    code = preferred if preferred in best else best[0]
    return SearchResult(code, values, n, exact)
