"""The bots: legal choices in every phase, sensible play in clear positions, hints."""

from __future__ import annotations

import random

import pytest

from cardside.games.linesbeta.bots import (
    Planner1Bot,
    PlannerBot,
    RandomBot,
    hint,
    make_bot,
    win_chance,
)
from cardside.games.linesbeta.notation import parse_challenge
from cardside.games.linesbeta.rules import Challenge, ChooseCell, ChooseTrump, Line
from cardside.games.linesbeta.state import LinesBetaState

from .lb_helpers import code, position


@pytest.mark.parametrize("name", ["planner", "planner1", "classic", "random"])
def test_bots_finish_games_with_legal_actions(name: str) -> None:
    for seed in range(3):
        state = LinesBetaState("hard", "short", seed=seed)
        bot = make_bot(name, seed)
        while not state.is_terminal():
            action = bot.choose(state, 0)
            assert state.is_legal(action)
            state.apply(action)
        assert state.outcome() is not None


def test_make_bot_refuses_unknown_names() -> None:
    with pytest.raises(ValueError, match="unknown LinesBeta bot"):
        make_bot("oracle")
    assert isinstance(make_bot("random", 1), RandomBot)
    assert isinstance(make_bot("planner", 1), PlannerBot)


def test_same_seed_same_choices() -> None:
    state = LinesBetaState(seed=5)
    state.apply(state.legal_actions()[0])
    picks = [RandomBot(9).choose(state) for _ in range(2)]
    assert picks[0] == picks[1]


def test_win_chance_of_the_worked_example() -> None:
    st = position({(3, 6): "9C", (3, 5): "QD", (3, 4): "5S"}, ["JS"], "3H", up=((3, 6), (3, 5)))
    obs = st.observation(0)
    assert win_chance(obs, code("JS"), Line.R3, 1, 2) == 1.0  # from the right: 5S decides
    assert 0.0 < win_chance(obs, code("JS"), Line.R3, 0, 2) < 1.0  # from the left: unknowns


def sure_tricks() -> LinesBetaState:
    """Row 3 from the right shows 9C, QD, then 5S (any spade above 5 wins for certain); the
    hand 6S AS AH KH with hearts trumps, in the last round (no face-up card kept for a later
    round weighs on a choice)."""
    return position(
        {(3, 6): "9C", (3, 5): "QD", (3, 4): "5S"},
        ["6S", "AS", "AH", "KH"],
        "2H",
        up=((3, 6), (3, 5)),
        round_no=7,
    )


def test_planner_takes_a_sure_trick_with_its_weakest_card() -> None:
    st = sure_tricks()
    action, chance, text = Planner1Bot(0).decide(st.observation(0))
    assert action == parse_challenge("6S r3 right") and chance == 1.0
    assert "100%" in text


def test_planner_turns_cards_with_a_sure_trick_before_the_sure_trick_that_turns_none() -> None:
    # KH is trumps' second card with AH in hand, so it wins for certain on
    # any row and turns face-down cards on its way; 6S r3 right stays sure for later.
    st = sure_tricks()
    action, chance, _ = hint(st.observation(0))
    assert isinstance(action, Challenge) and action.card == parse_challenge("KH r1 left").card
    assert action.line != Line.R3 and chance == 1.0


def test_planner_chooses_a_cell_of_the_challenged_line() -> None:
    row1 = {(1, c): t for c, t in zip(range(1, 7), ["KC", "3C", "4D", "5D", "9D", "6C"])}
    st = position(row1, ["2S", "2H", "AS"], "7H")
    st.apply(parse_challenge("2S r1 right"))
    action, chance, _ = hint(st.observation(0))
    assert isinstance(action, ChooseCell) and action.row == 1 and chance == 1.0
    assert st.is_legal(action)


def test_planner_picks_a_trump_from_the_dealt_seven() -> None:
    st = LinesBetaState(seed=12)
    action = PlannerBot(0).choose(st)
    assert isinstance(action, ChooseTrump) and action.card in st.hand


def test_planner_ignores_hidden_cards() -> None:
    """Two states that differ only in face-down cards get the same decision."""
    st = LinesBetaState(seed=33)
    st.apply(PlannerBot(0).choose(st))
    twin = st.determinize(0, random.Random(4))
    assert twin.snapshot.grid != st.snapshot.grid
    assert PlannerBot(0).choose(st) == PlannerBot(0).choose(twin)
    assert isinstance(PlannerBot(0).choose(st), Challenge)


def test_planner_adds_the_face_down_cards_a_challenge_turns_to_its_value() -> None:
    # Rows 1 and 2 are face down, row 3 holds three face-up cards.
    st = sure_tricks()

    class Blind(PlannerBot):
        info = 0.0

    obs = st.observation(0)
    seen = {a: v for v, _, a in PlannerBot(0).ranked(obs)}
    blind = {a: v for v, _, a in Blind(0).ranked(obs)}
    assert seen.keys() == blind.keys()
    gains = {a: seen[a] - blind[a] for a in seen}
    assert all(g >= -1e-12 for g in gains.values())
    # Each card counts 0.03 tricks, scaled by the 3 cards left to play of the 5: at most
    # 0.018 for each of the six cards of a line; a challenge into row 1, all face down, gains.
    assert max(gains.values()) <= 6 * 0.03 * 3 / 5 + 1e-9
    assert min(g for a, g in gains.items() if a.line == Line.R1) > 0.03
