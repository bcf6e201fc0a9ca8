"""The phase-2 solver against a brute-force minimax over the deal engine."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardside.games.schnapsen.deal import Deal, legal_codes, new_deal, step
from cardside.games.schnapsen.rules import CLOSE_CODE
from cardside.games.schnapsen.solver import Solver, solve

from .schnapsen_helpers import c, make_deal


def _value(d: Deal, seat: int) -> int:
    if d.result is not None:
        w, pts, _ = d.result
        return pts if w == seat else -pts
    best = max(_value(step(d, a), d.to_move) for a in legal_codes(d))
    return best if d.to_move == seat else -best


def brute(d: Deal) -> int:
    """Plain minimax trying every legal action (marriage or not), value for the mover."""
    return _value(d, d.to_move)


def phase_two_position(seed: int, full: bool) -> Deal:
    """A random phase-2 position: closed at once (5 cards each) or reached by random play."""
    rng = random.Random(seed)
    d = new_deal(rng, rng.randrange(2))
    if full:
        return step(d, CLOSE_CODE)
    while not d.strict:
        d = step(d, rng.choice(legal_codes(d)))
        if d.result is not None:
            return phase_two_position(seed + 10**7, full)
    return d


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6))
def test_solver_agrees_with_brute_force(seed: int) -> None:
    d = phase_two_position(seed, full=False)
    solver = Solver()
    assert solver.value(d) == brute(d)
    for code, v in solver.action_values(d).items():
        nxt = step(d, code)
        assert v == (
            brute(nxt)
            if nxt.result is None and nxt.to_move == d.to_move
            else -brute(nxt)
            if nxt.result is None
            else (nxt.result[1] if nxt.result[0] == d.to_move else -nxt.result[1])
        )


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10**6))
def test_solver_agrees_on_full_five_card_positions(seed: int) -> None:
    d = phase_two_position(seed, full=True)
    assert solve(d) == brute(d)


def test_values_are_game_points_with_the_closing_record() -> None:
    # Seat 0 closed when seat 1 had no trick; seat 0 takes both tricks and reaches 66: 3 points.
    d = make_deal(
        "AD AC",
        "JC QC",
        trump="D",
        closer=0,
        record=(0, False),
        points=(50, 0),
        won=("10D KD QD JD AH", ""),
        to_move=0,
    )
    assert solve(d) == 3
    # The same cards unclosed with seat 1 on 40 and a trick: a plain 1-point win at best.
    d2 = d._replace(closer=-1, record=None, points=(50, 40), won=(d.won[0], 1 << c("KH")))
    assert solve(d2) == 1


def test_solver_plays_the_marriage_when_it_wins() -> None:
    # Leading QH plainly loses (seat 1 trumps it and runs its spades); declaring reaches 70.
    d = make_deal(
        "QH KH JS", "AS 10S AD", trump="D", points=(50, 40), won=("AC 10C JC", "KD QD JD")
    )
    values = Solver().action_values(d)
    assert values[c("QH")] < 0 and values[c("KH")] < 0
    assert values[20 + c("QH")] == values[20 + c("KH")] == 1
    assert Solver().best(d)[0] >= 20
