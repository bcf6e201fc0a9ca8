"""Octrix chances to win the game: the round model, the table, and rounds valued by it near 88."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardside.games.octrix.bots import StrongBot, make_bot
from cardside.games.octrix.equilibrium import solve_matrix_game
from cardside.games.octrix.equity import (
    REPEAT,
    ROUND_OUTCOMES,
    MatchSolver,
    _round_outcomes,
    after_round,
    match_chance,
    most_points,
)
from cardside.games.octrix.notation import parse_card
from cardside.games.octrix.position import round_position
from cardside.games.octrix.rules import TARGET
from cardside.games.octrix.state import OctrixState
from cardside.tui.console import Console
from cardside.tui.octrix.screen import OctrixScreen, OctrixTurn
from cardside.tui.style import Style

from .octrix_helpers import last_two_tricks


def test_round_model_is_a_distribution_of_possible_rounds() -> None:
    assert sum(p for _, _, p in ROUND_OUTCOMES) == pytest.approx(1.0)
    for a, b, p in ROUND_OUTCOMES:
        assert p > 0
        assert 8 <= a + b <= 64  # every trick scores for someone; one side all eight: 64
    # Evenly falling tricks: 1, 2, ... 8 won by alternate sides is 8 points, all by one is 64.
    even = dict(((a, b), p) for a, b, p in _round_outcomes(0.5))
    assert even[(64, 0)] == pytest.approx(1 / 256)
    assert even[(4, 4)] == pytest.approx(2 / 256)
    mean_total = sum((a + b) * p for a, b, p in ROUND_OUTCOMES)
    assert 16 < mean_total < 17  # the measured 16.5 points a round that REPEAT was fitted to
    assert REPEAT == 0.4


def test_after_round_decides_at_the_target() -> None:
    assert after_round(0, 5) == 1.0  # reached it, the other did not
    assert after_round(3, -2) == 0.0
    assert after_round(-4, -1) == 1.0  # both reached it: the higher total wins
    assert after_round(-3, -3) == 0.5  # equal totals play on
    assert after_round(10, 10) == pytest.approx(0.5)


@given(st.integers(1, TARGET), st.integers(1, TARGET))
def test_match_chance_is_a_zero_sum_probability(to_go: int, other: int) -> None:
    p = match_chance(to_go, other)
    assert 0.0 <= p <= 1.0
    assert p + match_chance(other, to_go) == pytest.approx(1.0)
    if to_go > 1:
        assert match_chance(to_go - 1, other) >= p - 1e-12  # needing less never hurts


def test_match_chance_values() -> None:
    assert match_chance(TARGET, TARGET) == pytest.approx(0.5)
    assert match_chance(8, 88) > 0.95
    assert 0.5 < match_chance(40, 50) < match_chance(30, 50) < 1.0
    with pytest.raises(ValueError):
        match_chance(0, 5)


def test_most_points_extends_the_run_of_its_side() -> None:
    assert most_points(0, -1, 0, 8) == 64
    assert most_points(0, 0, 3, 2) == 25 - 9  # a run of 3 grows to 5
    assert most_points(1, 0, 3, 2) == 4  # a new run of 2


def engine_chances(state: OctrixState) -> list[list[float]]:
    """Seat 0's chance after each pair of cards, the last two tricks played by the engine."""

    def chance(done: OctrixState) -> float:
        totals = done.snapshot.totals
        return after_round(done.target - totals[0], done.target - totals[1])

    return last_two_tricks(state, chance)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_match_solver_agrees_with_the_engine(seed: int) -> None:
    """With two cards each the solver's game is the engine's: same chances, same value."""
    target = 6 + seed  # near enough that the last two tricks can decide the game
    state = OctrixState(2, seed=seed, target=target)
    rng = random.Random(seed)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    pos = round_position(state, 0)
    to_go = (target - pos.scores[0], target - pos.scores[1])
    solver = MatchSolver(to_go)
    key = (pos.hands[0], pos.hands[1], pos.high, pos.prev_side, pos.run, 0, 0)
    expected = engine_chances(state)
    got = solver.matrix(key)
    assert [pytest.approx(row) for row in expected] == got
    value = solve_matrix_game(expected).value
    chance = f"chance to win the game {value:.2f}"
    hint = StrongBot(1).hint(state.observation(0), 0)
    assert chance in hint.reason and hint.value is None
    assert hint.chance == pytest.approx(value)
    other = f"chance to win the game {1 - value:.2f}"
    assert other in StrongBot(1).hint(state.observation(1), 1).reason


def test_near_the_target_the_bot_plays_for_the_match_not_the_margin() -> None:
    """Needing 5 points with a run of 4, seat 0 makes sure of the next trick.

    Seat 0 lost trick 1 and won tricks 2-5 (16 points, 5 short of a target of 21) and holds
    4♠ 7♥ 8♣; seat 1 holds A♠ 2♥ 7♣, and the highest card wins trick 6. 8♣ wins it whatever
    seat 1 plays, and the run of 5 reaches the target: the game is won. For the round's margin
    the equilibrium mixes all three cards, as the lower ones can win more tricks later.
    """
    hands = [
        ["3S", "6S", "5C", "5S", "6H", "4S", "7H", "8C"],
        ["6C", "2C", "3C", "4C", "3H", "AS", "2H", "7C"],
    ]
    state = OctrixState(2, seed=1, target=21, hands=[[parse_card(c) for c in h] for h in hands])
    for trick in range(5):
        for _ in range(2):
            seat = state.current_player()
            assert seat is not None
            state.apply(parse_card(hands[seat][trick]))
    pos = round_position(state, 0)
    assert (pos.scores, pos.high, pos.prev_side, pos.run) == ((16, 1), True, 0, 4)
    hint = StrongBot(1).hint(state.observation(0), 0)
    assert hint.method == "equilibrium for the game"
    assert hint.strategy == ((parse_card("8C"), pytest.approx(1.0)),)
    assert "chance to win the game 1.00" in hint.reason
    margin = StrongBot(1)
    margin.match_cards = 0
    assert len(margin.hint(state.observation(0), 0).strategy) == 3


def test_far_from_the_target_the_round_margin_decides() -> None:
    state = OctrixState(2, seed=3)
    hint = StrongBot(1).hint(state.observation(0), 0)
    assert hint.method == "equilibrium" and hint.value is not None


def test_classic_never_values_by_the_match() -> None:
    bot = make_bot("classic", 1)
    assert isinstance(bot, StrongBot) and bot.match_cards == 0
    strong = make_bot("strong", 1)
    assert isinstance(strong, StrongBot) and strong.match_cards == 6


def test_the_play_hint_near_the_target_shows_the_chance_to_win_the_match() -> None:
    """The hint screen of ``octrix play``: the mixed strategy and the chance, no margin."""
    state = OctrixState(2, seed=3, target=12)
    rng = random.Random(3)
    for _ in range(10):
        state.apply(rng.choice(state.legal_actions()))
    screen = OctrixScreen(
        Console(interactive=False), Style(ascii=True), ["Ann", "Bob"], state.sides
    )
    text = OctrixTurn(screen, 0, False).hint(state.observation(0), 0)
    assert text.startswith("hint: 8D, the strong bot's likeliest card here; it plays 8D ")
    assert "equilibrium" not in text
    assert re.search(r"your chance to win the game: \d+%, with both sides playing", text)
    assert "points margin" not in text
    # One sentence a line, so the terminal's wrap (at spaces, indented) never strands a word.
    assert "with both sides playing this way (near 88" in text
    from cardside.tui.console import wrap

    chance = next(line for line in text.splitlines() if "chance to win the game" in line)
    pieces = wrap(chance.replace(re.search(r"\d+%", chance)[0], "100%"), 60)
    assert all(len(p) <= 60 and p.startswith("  ") for p in pieces)
    assert all(len(p.split()) >= 2 for p in pieces), pieces


def test_a_match_to_a_target_far_beyond_88_is_valued_at_the_same_proportions() -> None:
    # A file may set any target up to 10,000: the table and its recursion stay bounded.
    far = after_round(10_000, 9_000)
    assert far == after_round(211, 189)  # 400 points to go between them, as 10,000 to 9,000
    assert 0.0 < far < 0.5 and after_round(9_000, 10_000) == pytest.approx(1.0 - far)
    assert after_round(5, 9_999) > 0.99 and after_round(9_999, 5) < 0.01
    assert after_round(5000, 5000) == pytest.approx(0.5)
