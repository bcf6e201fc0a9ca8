"""The best answer to the model player in phase 2, to choose among equally good moves.

Phase-2 moves are valued by the exact solver, which assumes the opponent plays perfectly, so
several moves often share the best value (a deal is won or lost by whole game points). Against
an opponent who is not perfect they are not equal: one may leave the opponent a way to go
wrong that another does not. :func:`answer_value` values a position for a seat that plays its
best while the other player plays the rule-of-thumb policy (the same model player the strong
bot weighs the opponent's hands by), and :func:`break_ties` keeps, of moves the solver rates
equal, those that do best against that player. Only ties are broken, so the move chosen is
never worse than the solver's best against any opponent.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardside.games.schnapsen.deal import Deal, legal_codes, step
from cardside.games.schnapsen.policy import heuristic_code

#: Samples of the hidden cards (of those the move was valued on) the ties are broken on.
TIE_SAMPLES = 60


def answer_value(d: Deal, seat: int, memo: dict[Deal, int] | None = None) -> int:
    """Game points for ``seat`` in ``d`` (any phase-2 position, every card known) when
    ``seat`` plays its best and the other player the rule of thumb; ``memo`` may be shared
    between positions of one deal."""
    memo = {} if memo is None else memo
    return _value(d, seat, memo)


def _value(d: Deal, seat: int, memo: dict[Deal, int]) -> int:
    if d.result is not None:
        return d.result_for(seat)
    got = memo.get(d)
    if got is not None:
        return got
    if d.to_move == seat:
        value = max(_value(step(d, code), seat, memo) for code in legal_codes(d))
    else:
        value = _value(step(d, heuristic_code(d)), seat, memo)
    memo[d] = value
    return value


def break_ties(
    tied: Sequence[int],
    samples: Sequence[Deal],
    seat: int,
    worth: Callable[[int], float],
) -> list[int]:
    """Of the action codes ``tied`` (equal by the solver), those with the best mean ``worth``
    of :func:`answer_value` over ``samples`` (phase-2 deals with the hidden cards dealt, the
    seat to move); ``tied`` itself when there is nothing to choose by."""
    if len(tied) < 2 or not samples:
        return list(tied)
    totals = dict.fromkeys(tied, 0.0)
    for d in samples[:TIE_SAMPLES]:
        memo: dict[Deal, int] = {}
        for code in tied:
            totals[code] += worth(_value(step(d, code), seat, memo))
    top = max(totals.values())
    return [code for code in tied if totals[code] >= top - 1e-9]
