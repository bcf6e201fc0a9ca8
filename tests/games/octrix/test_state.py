"""The Octrix game state: deals, simultaneous tricks, rounds, the match, views and undo."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardside.core.errors import IllegalActionError
from cardside.games.octrix import rules
from cardside.games.octrix.notation import parse_card, parse_cards
from cardside.games.octrix.state import OctrixState

setups = st.sampled_from([(2, False), (3, False), (4, False), (4, True)])


def play_round(state: OctrixState, rng: random.Random) -> None:
    rounds = len(state.snapshot.rounds)
    while len(state.snapshot.rounds) == rounds and not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))


@settings(max_examples=40, deadline=None)
@given(setups, st.integers(0, 10**6))
def test_round_conserves_cards_and_scores_runs(setup: tuple[int, bool], seed: int) -> None:
    players, partnership = setup
    state = OctrixState(players, partnership=partnership, seed=seed)
    start = state.snapshot
    dealt = [c for h in start.hands for c in h]
    assert len(dealt) == len(set(dealt)) == 8 * players
    rng = random.Random(seed)
    while len(state.snapshot.rounds) == 0:
        s = state.snapshot
        seen = (
            [c for h in s.hands for c in h]
            + [c for c in s.pending if c]
            + [c for t in s.tricks for c in t]
        )
        assert sorted(seen, key=rules.KEY.__getitem__) == sorted(dealt, key=rules.KEY.__getitem__)
        state.apply(rng.choice(state.legal_actions()))
    result = state.snapshot.rounds[0]
    assert len(result.tricks) == 8 and len(result.trick_winners) == 8
    played = [c for t in result.tricks for c in t]
    assert sorted(played, key=rules.KEY.__getitem__) == sorted(dealt, key=rules.KEY.__getitem__)
    all_numbers = sorted(n for side in result.counting for n in side)
    assert all_numbers == list(range(1, 9))  # each counting card goes to exactly one side
    for side, seats in enumerate(state.sides):
        won = [n + 1 for n, w in enumerate(result.trick_winners) if w in seats]
        assert list(result.counting[side]) == won
        assert result.scores[side] == sum(len(r) ** 2 for r in rules.runs(won))
        assert 0 <= result.scores[side] <= 64
    assert state.snapshot.totals == result.scores


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_partnership_team_scores_runs_of_combined_cards(seed: int) -> None:
    state = OctrixState(4, partnership=True, seed=seed)
    play_round(state, random.Random(seed))
    result = state.snapshot.rounds[0]
    team0 = [n + 1 for n, w in enumerate(result.trick_winners) if w in (0, 2)]
    team1 = [n + 1 for n, w in enumerate(result.trick_winners) if w in (1, 3)]
    assert result.scores == (rules.run_score(team0), rules.run_score(team1))
    outcome_sides = state.sides
    assert outcome_sides == ((0, 2), (1, 3))


def test_trick_rule_follows_previous_trick_colours() -> None:
    state = OctrixState(2, seed=3)
    rng = random.Random(1)
    for _ in range(8):
        s = state.snapshot
        expected = rules.Rule.HIGHEST if not s.tricks else rules.next_rule(s.tricks[-1])
        assert s.rule is expected
        state.apply(rng.choice(state.legal_actions()))
        state.apply(rng.choice(state.legal_actions()))
        done = state.snapshot.tricks or state.snapshot.rounds[-1].tricks
        winner = (state.snapshot.trick_winners or state.snapshot.rounds[-1].trick_winners)[-1]
        assert winner == rules.trick_winner(done[-1], expected)


def test_match_ends_at_target_with_outcome() -> None:
    state = OctrixState(2, seed=11)
    rng = random.Random(11)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    s = state.snapshot
    outcome = state.outcome()
    assert outcome is not None and s.winner is not None
    assert max(s.totals) >= 88 and s.totals.count(max(s.totals)) == 1
    assert outcome.winners == (s.winner,)
    assert sum(r.scores[0] for r in s.rounds) == s.totals[0]
    assert state.current_player() is None and state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="over"):
        state.apply(parse_card("8C"))


def test_seed_and_actions_replay_exactly() -> None:
    a = OctrixState(3, seed=42)
    rng = random.Random(0)
    for _ in range(40):
        a.apply(rng.choice(a.legal_actions()))
    b = OctrixState(3, seed=42)
    b.replay(a.actions())
    assert b.snapshot == a.snapshot
    assert OctrixState(3, seed=43).snapshot.hands != a.actions()  # another seed, another deal


def test_undo_and_clone() -> None:
    state = OctrixState(2, seed=7)
    before = state.snapshot
    twin = state.clone()
    card = state.legal_actions()[0]
    state.apply(card)
    assert state.snapshot != before and twin.snapshot == before
    assert state.undo() == card
    assert state.snapshot == before
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        state.undo()


def test_illegal_cards_name_the_reason() -> None:
    state = OctrixState(2, seed=7)
    seat = state.current_player()
    assert seat is not None
    hands = state.snapshot.hands
    with pytest.raises(IllegalActionError, match="another player's hand"):
        state.apply(hands[1 - seat][0])
    undealt = next(c for c in rules.DECK if c not in hands[0] and c not in hands[1])
    with pytest.raises(IllegalActionError, match="not in this player's hand"):
        state.apply(undealt)
    mine = hands[seat][0]
    state.apply(mine)
    state.apply(state.legal_actions()[0])
    assert state.current_player() == seat  # the next trick starts with the same seat
    with pytest.raises(IllegalActionError, match="already played"):
        state.apply(mine)


def test_observation_hides_face_down_cards_but_partnership_shows_step_one() -> None:
    state = OctrixState(3, seed=5)
    first = state.current_player()
    assert first is not None
    card = state.legal_actions()[0]
    state.apply(card)
    second = state.current_player()
    assert second is not None and second != first
    view = state.observation(second)
    assert all(p is None for p in view.snapshot.pending)
    assert card in view.snapshot.hands[first]
    assert state.observation(first).snapshot.pending[first] == card

    team = OctrixState(4, partnership=True, seed=5)
    step1, step2 = team.steps()
    for _ in step1:
        team.apply(team.legal_actions()[0])
    view = team.observation(step2[0])
    assert all(view.snapshot.pending[x] is not None for x in step1)
    assert team.current_player() == step2[0]
    team.apply(team.legal_actions()[0])
    view = team.observation(step2[1])
    assert view.snapshot.pending[step2[0]] is None  # the other step-two card is face down


def test_given_hands_are_checked() -> None:
    deck = list(rules.DECK)
    with pytest.raises(ValueError, match="dealt twice"):
        OctrixState(2, hands=[deck[:8], deck[7:15]])
    with pytest.raises(ValueError):
        OctrixState(5)


# The partnership round worked by hand in test_keep.py (seats Ann, Bob, Cid, Dee).
TEAM_ROUND = [
    "8C 2D 3D 4D",
    "7C 5D AD 6D",
    "7S AH 6C 5H",
    "AC 6H 5C 4H",
    "8S 7H 8H AS",
    "2C 8D 2S 3H",
    "3S 7D 2H 4S",
    "6S 3C 4C 5S",
]
TEAM_WINNERS = [0, 2, 1, 0, 3, 1, 2, 0]


def test_partnership_worked_round_in_the_state_matches_the_ledger() -> None:
    tricks = [t.split() for t in TEAM_ROUND]
    hands = [[parse_card(t[seat]) for t in tricks] for seat in range(4)]
    state = OctrixState(4, partnership=True, seed=1, hands=hands)
    for n, trick in enumerate(tricks):
        for _ in range(4):
            seat = state.current_player()
            assert seat is not None
            state.apply(parse_card(trick[seat]))
        if n < 7:
            assert state.snapshot.trick_winners[-1] == TEAM_WINNERS[n]
    result = state.snapshot.rounds[0]
    assert list(result.trick_winners) == TEAM_WINNERS
    assert result.counting == ((1, 2, 4, 7, 8), (3, 5, 6)) and result.scores == (9, 5)


def test_partnership_first_step_cards_are_laid_together_face_down() -> None:
    state = OctrixState(4, partnership=True, seed=5)
    dealer = state.snapshot.dealer
    assert state.steps() == [(dealer, (dealer + 1) % 4), ((dealer + 2) % 4, (dealer + 3) % 4)]
    assert state.current_player() == dealer
    card = state.legal_actions()[0]
    state.apply(card)
    left = state.current_player()
    assert left == (dealer + 1) % 4
    view = state.observation(left)
    assert view.snapshot.pending[dealer] is None and card in view.snapshot.hands[dealer]


def test_the_deal_passes_left_each_round() -> None:
    state = OctrixState(3, seed=8)
    rng = random.Random(8)
    first = state.snapshot.dealer
    for n in range(1, 4):
        hands = state.snapshot.hands
        play_round(state, rng)
        assert state.snapshot.dealer == (first + n) % 3
        assert state.snapshot.hands != hands  # dealt anew
    assert state.snapshot.rounds[1].dealer == (first + 1) % 3


def test_given_hands_lose_each_card_played() -> None:
    """Cards given as hands (new objects, not the deck's) leave the hand when played."""
    hands = [parse_cards("8C 7C 6C 5C 4C 3C 2C AC"), parse_cards("8D 7D 6D 5D 4D 3D 2D AD")]
    state = OctrixState(2, seed=1, hands=hands)
    for _ in range(2):
        seat = state.current_player()
        assert seat is not None
        state.apply(parse_card("8C" if seat == 0 else "AD"))
    assert [len(h) for h in state.snapshot.hands] == [7, 7]
    assert parse_card("8C") not in state.snapshot.hands[0]
    assert state.legal_actions() and parse_card("8C") not in state.legal_actions()


@pytest.mark.parametrize("seed", [1, 2])
def test_partnership_match_gives_each_seat_its_own_teams_total(seed: int) -> None:
    """Partners sit opposite (seats 1 and 3 against 2 and 4): each seat scores, wins and
    loses with its own team, never the other."""
    assert [rules.side_of(seat, True, 4) for seat in range(4)] == [0, 1, 0, 1]
    state = OctrixState(4, partnership=True, seed=seed)
    assert state.sides == ((0, 2), (1, 3))
    assert [state.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    rng = random.Random(seed)
    while not state.is_terminal():
        play_round(state, rng)
    totals = state.snapshot.totals
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (totals[0], totals[1], totals[0], totals[1])
    winning_team = state.sides[state.snapshot.winner]
    assert outcome.winners == winning_team
    assert all(outcome.scores[seat] == max(totals) >= 88 for seat in winning_team)
    assert all(outcome.scores[seat] < max(totals) for seat in range(4) if seat not in winning_team)
