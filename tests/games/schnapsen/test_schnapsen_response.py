"""Phase-2 ties broken by the best answer to the model player (the rule of thumb)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardside.games.schnapsen import search as search_module
from cardside.games.schnapsen.bots import StrongBot
from cardside.games.schnapsen.deal import Deal, new_deal, step
from cardside.games.schnapsen.policy import heuristic_code
from cardside.games.schnapsen.response import answer_value, break_ties
from cardside.games.schnapsen.rules import action_code
from cardside.games.schnapsen.search import search
from cardside.games.schnapsen.solver import Solver
from cardside.games.schnapsen.state import SchnapsenState

from .schnapsen_helpers import c, make_deal


def _trap() -> Deal:
    """Hearts trumps, stock used up, seat 0 (52 points) to lead from 10C KD 10D against
    KH 10H QD (27 points): against perfect play every lead loses one game point, but the
    rule of thumb, made to trump the 10C, goes wrong afterwards."""
    return make_deal(
        "10C KD 10D",
        "KH 10H QD",
        trump="H",
        points=(52, 27),
        won=("QC KC JS KS 10S JH QH AH JD AD", "JC AC QS AS"),
        dealer=0,
    )


def test_worked_example_every_lead_ties_for_the_solver_but_one_beats_the_model() -> None:
    d = _trap()
    values = Solver().action_values(d)
    assert values == {c("10C"): -1, c("KD"): -1, c("10D"): -1}
    answers = {code: answer_value(step(d, code), 0) for code in values}
    assert answers == {c("10C"): 1, c("KD"): -1, c("10D"): -1}
    # The rule of thumb itself would lead the Ten of Diamonds.
    assert heuristic_code(d) == c("10D")


def test_search_breaks_the_tie_only_when_asked() -> None:
    obs = SchnapsenState.from_deal(_trap()).observation(0)
    plain = search(obs, 1, random.Random(0))
    assert plain.code == c("10D") and plain.exact
    tied = search(obs, 1, random.Random(0), model_ties=True)
    assert tied.code == c("10C")
    assert tied.values == plain.values  # the values shown are still the solver's
    assert tied.by_model and not plain.by_model


def test_strong_bot_leads_the_trap_and_classic_does_not() -> None:
    obs = SchnapsenState.from_deal(_trap()).observation(0)
    action, reason = StrongBot("easy", seed=0).hint(obs, 0)
    assert action_code(action) == c("10C")
    assert "solved exactly: loses the deal by 1 game point" in reason
    assert "the one the rule of thumb is likeliest to answer badly" in reason
    classic = StrongBot("easy", seed=0, classic=True).choose(obs, 0)
    assert action_code(classic) == c("10D")


def test_classic_never_looks_at_the_model(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object) -> list[int]:
        raise AssertionError("classic broke a tie by the model player")

    monkeypatch.setattr(search_module, "break_ties", refuse)
    obs = SchnapsenState.from_deal(_trap()).observation(0)
    assert action_code(StrongBot("easy", seed=0, classic=True).choose(obs, 0)) == c("10D")


def test_break_ties_leaves_a_single_move_or_no_samples_alone() -> None:
    d = _trap()
    assert break_ties([c("KD")], [d], 0, float) == [c("KD")]
    assert break_ties([c("KD"), c("10D")], [], 0, float) == [c("KD"), c("10D")]
    assert break_ties([c("KD"), c("10D")], [d], 0, float) == [c("KD"), c("10D")]


def _phase_two(seed: int, dealer: int) -> Deal | None:
    """A phase-2 position from a deal played by the rule of thumb, or None if it ended first."""
    d = new_deal(random.Random(seed), dealer)
    while d.result is None and not d.strict:
        d = step(d, heuristic_code(d))
    return None if d.result is not None else d


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 1))
def test_the_answer_to_the_model_is_never_worse_than_perfect_play(seed: int, dealer: int) -> None:
    """The rule of thumb is one way to play, so a best answer to it does at least as well as
    against perfect play, and no deal is worth more than 3 game points."""
    d = _phase_two(seed, dealer)
    if d is None:
        return
    solver = Solver()
    for seat in (0, 1):
        perfect = solver.value(d) if d.to_move == seat else -solver.value(d)
        assert perfect <= answer_value(d, seat) <= 3


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 1))
def test_a_broken_tie_never_gives_up_solver_value(seed: int, dealer: int) -> None:
    d = _phase_two(seed, dealer)
    if d is None or d.stock:
        return
    values = Solver().action_values(d)
    obs = SchnapsenState.from_deal(d).observation(d.to_move)
    chosen = search(obs, 1, random.Random(seed), model_ties=True).code
    assert values[chosen] == max(values.values())


def test_a_deal_gives_its_result_to_either_seat_only_once_over() -> None:
    d = _trap()
    with pytest.raises(ValueError):
        d.result_for(0)
    while d.result is None:
        d = step(d, heuristic_code(d))
    assert d.result_for(0) == -d.result_for(1) != 0
