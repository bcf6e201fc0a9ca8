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
from collections.abc import Callable
from dataclasses import dataclass

from cardside.games.schnapsen.deal import Deal, legal_codes, step
from cardside.games.schnapsen.inference import Belief, deal_with_hand
from cardside.games.schnapsen.policy import heuristic_code
from cardside.games.schnapsen.response import TIE_SAMPLES, break_ties
from cardside.games.schnapsen.solver import Solver
from cardside.games.schnapsen.state import Observation, determinize_deal


@dataclass(frozen=True)
class SearchResult:
    """The chosen action code, every action's mean value and the samples used."""

    code: int
    values: dict[int, float]
    samples: int
    exact: bool
    #: Chosen by tree search (values are means over the iterations through each action).
    tree: bool = False
    #: Chosen among moves of equal value by the best answer to the model player.
    by_model: bool = False

    @property
    def value(self) -> float:
        return self.values[self.code]


Policy = Callable[[Deal], int]


def playout_value(d: Deal, seat: int, solver: Solver, policy: Policy = heuristic_code) -> int:
    """Play ``d`` on with ``policy`` until phase 2, then solve; game points for ``seat``."""
    while d.result is None and not d.strict:
        d = step(d, policy(d))
    if d.result is not None:
        return d.result_for(seat)
    v = solver.value(d)
    return v if d.to_move == seat else -v


def search(
    obs: Observation,
    samples: int,
    rng: random.Random,
    *,
    utility: dict[int, float] | None = None,
    policy: Policy = heuristic_code,
    infer: bool = True,
    solver: Solver | None = None,
    belief: Belief | None = None,
    model_ties: bool = False,
) -> SearchResult:
    """Score every legal action of ``obs`` and pick the best (ties: the policy's choice).

    Values are mean game points, or with ``utility`` (signed game points to a value, e.g. the
    chance to win the match) the mean of that. ``policy`` plays the samples on in phase 1;
    ``infer`` samples only hidden hands consistent with what strict play has proved;
    ``solver`` may be one kept from earlier moves of the same deal (its table is reused);
    with ``belief`` the opponent's hands are drawn from it (see :mod:`inference`);
    ``model_ties`` breaks ties in phase 2 first by the best answer to the model player
    (:mod:`response`).
    """
    seat = obs.seat
    codes = legal_codes(obs.deal)
    if not codes or obs.to_move != seat:
        raise ValueError("it is not this seat's turn")

    def worth(v: int) -> float:
        return float(v) if utility is None else utility[v]

    totals = dict.fromkeys(codes, 0.0)
    dealt: list[Deal] = []  # phase-2 samples, kept to break ties on
    exact = obs.deal.strict and len(obs.deal.stock) == 0
    n = 1 if exact else samples
    if len(codes) == 1:
        n = 0
    solver = solver or Solver()
    for _ in range(n):
        if belief is None:
            d = determinize_deal(obs, rng, infer=infer)
        else:
            d = deal_with_hand(obs, belief.draw(rng), rng)
        if d.strict:
            if model_ties and len(dealt) < TIE_SAMPLES:
                dealt.append(d)
            sign = 1 if d.to_move == seat else -1
            for code, v in solver.action_values(d).items():
                totals[code] += worth(sign * v)
            continue
        for code in codes:
            totals[code] += worth(playout_value(step(d, code), seat, solver, policy))
    values = {c: t / n for c, t in totals.items()} if n else dict.fromkeys(codes, 0.0)
    top = max(values.values())
    best = [c for c in codes if values[c] >= top - 1e-9]
    tied = len(best)
    if model_ties:
        best = break_ties(best, dealt, seat, worth)
    preferred = policy(obs.deal) if len(best) > 1 else best[0]
    code = preferred if preferred in best else best[0]
    return SearchResult(code, values, n, exact, by_model=len(best) < tied)
