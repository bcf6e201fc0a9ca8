"""The full game state: the worked example, each case, returns, early stops, replay."""

from __future__ import annotations

import random

import pytest

from cardside.core.errors import IllegalActionError
from cardside.games.linesbeta import rules
from cardside.games.linesbeta.notation import parse_card, parse_challenge
from cardside.games.linesbeta.rules import CARDS, ChooseCell, ChooseTrump, Line
from cardside.games.linesbeta.state import HIDDEN, LinesBetaState

from .lb_helpers import code, position


def cell(r: int, c: int) -> int:
    return rules.cell_of(r, c)


def test_worked_example_through_the_state() -> None:
    st = position({(3, 6): "9C", (3, 5): "QD", (3, 4): "5S"}, ["JS", "2C"], "3H")
    st.apply(parse_challenge("JS r3 right"))
    t = st.last_trick
    assert t is not None and t.case == "a" and t.player_wins
    assert t.turned == (cell(3, 6), cell(3, 5))
    assert t.visited == (cell(3, 6), cell(3, 5), cell(3, 4))
    assert t.grid_cell == cell(3, 4) and t.grid_played_card == parse_card("5S")
    assert st.cell(3, 6) == ("up", parse_card("9C"))
    assert st.cell(3, 5) == ("up", parse_card("QD"))
    assert st.cell(3, 4) == ("gap", None)
    assert st.blocked_lines() == [Line.R3, Line.C4]
    assert st.points == (1, 0)
    with pytest.raises(IllegalActionError, match="gap"):
        st.apply(parse_challenge("2C c4 top"))


def test_case_b_grid_plays_its_lowest_trump() -> None:
    row1 = {(1, c): t for c, t in zip(range(1, 7), ["KH", "3C", "4H", "5D", "9H", "6C"])}
    st = position(row1, ["AS", "2C"], "7H", up=((1, 1),))
    st.apply(parse_challenge("AS r1 left"))
    t = st.last_trick
    assert t is not None and t.case == "b" and not t.player_wins
    assert t.grid_cell == cell(1, 3) and st.points == (0, 1)
    assert t.turned == tuple(cell(1, c) for c in (2, 3, 4, 5))  # (1,1) and (1,6) were up


def test_case_c_player_chooses_the_grids_card() -> None:
    row1 = {(1, c): t for c, t in zip(range(1, 7), ["KC", "3C", "4D", "5D", "9D", "6C"])}
    st = position(row1, ["2S", "2H"], "7H")
    st.apply(parse_challenge("2S r1 right"))
    assert st.phase == "cell" and st.points == (0, 0)
    legal = st.legal_actions()
    assert legal == [ChooseCell(1, c) for c in range(1, 7)]
    with pytest.raises(IllegalActionError, match="not in the challenged line"):
        st.apply(ChooseCell(2, 1))
    with pytest.raises(IllegalActionError, match="choose which card"):
        st.apply(parse_challenge("2H c1 top"))
    st.apply(ChooseCell(1, 2))
    assert st.points == (1, 0) and st.last_trick.grid_cell == cell(1, 2)  # type: ignore[union-attr]
    assert st.blocked_lines() == [Line.R1, Line.C2]
    st.undo()
    assert st.phase == "cell"


def test_case_c_win_that_settles_the_game_needs_no_cell() -> None:
    row1 = {(1, c): t for c, t in zip(range(1, 7), ["KC", "3C", "4D", "5D", "9D", "6C"])}
    st = position(row1, ["2S", "2H"], "7H", difficulty="easy", length="short", points=(11, 4))
    st.apply(parse_challenge("2S r1 right"))
    v = st.verdict
    assert st.is_terminal() and v is not None and v.player_wins and v.early
    assert st.points == (12, 4) and st.last_trick.grid_cell is None  # type: ignore[union-attr]


def test_illegal_actions_have_reasons() -> None:
    st = LinesBetaState(seed=3)
    hand = st.hand
    outsider = next(c for c in CARDS if c not in hand)
    with pytest.raises(IllegalActionError, match="trump card first"):
        st.apply(rules.Challenge(hand[0], Line.R1, "L"))
    with pytest.raises(IllegalActionError, match="not among the seven"):
        st.apply(ChooseTrump(outsider))
    st.apply(ChooseTrump(hand[0]))
    with pytest.raises(IllegalActionError, match="is this round's trump card, set aside"):
        st.apply(rules.Challenge(hand[0], Line.R1, "L"))
    with pytest.raises(IllegalActionError, match="is not in your hand"):
        st.apply(rules.Challenge(outsider, Line.R1, "L"))
    with pytest.raises(IllegalActionError, match="only at the start"):
        st.apply(ChooseTrump(hand[1]))


def _play_random(st: LinesBetaState, rng: random.Random) -> None:
    while not st.is_terminal():
        st.apply(rng.choice(st.legal_actions()))


GAPS = ((1, 2), (2, 3), (4, 5), (5, 6), (6, 3))
DONE = (("2D", "3D"), ("4D", "5D"), ("6D", "7D"), ("8D", "9D"), ("10D", "JD"))
FULL_ROW5 = tuple((5, c) for c in range(1, 7))
FULL_COL1 = tuple((r, 1) for r in range(1, 7))


def test_between_rounds_return_and_refill() -> None:
    st = position(
        {(3, 1): "5C"}, ["2C"], "3H", up=FULL_ROW5 + FULL_COL1, gaps=GAPS, done=DONE, points=(3, 2)
    )
    kept = {i: st.snapshot.grid[i] for i in (cell(1, 6), cell(2, 5), cell(3, 4), cell(4, 3))}
    before = st.snapshot
    st.apply(parse_challenge("2C r3 left"))
    s = st.snapshot
    assert s.round == 2 and s.phase == "trump" and s.blocked == 0 and st.points == (3, 3)
    up = {i for i in range(36) if s.face_up >> i & 1}
    assert up == set(kept)
    assert all(s.grid[i] == card for i, card in kept.items())
    returned = {cell(r, 1) for r in (1, 2, 4, 5, 6)} | {cell(5, c) for c in range(2, 6)}
    refilled = returned | {cell(*g) for g in GAPS} | {cell(3, 1)}
    assert {i for i in range(36) if s.fill_round[i] == 2} == refilled
    back = {before.grid[i] for i in returned} | {code(t) for pair in DONE for t in pair}
    back |= {code("2C"), code("5C"), code("3H")}
    assert {c for c in range(52) if s.back_round[c] == 1} == back
    assert len(s.hand) == 7 and len(s.deck) == 9
    assert sorted(s.grid + s.hand + s.deck) == list(range(52))


def test_replay_from_seed_and_actions_is_exact() -> None:
    st = LinesBetaState("hard", "short", seed="replay")
    _play_random(st, random.Random(1))
    again = LinesBetaState("hard", "short", seed="replay")
    again.replay(st.actions())
    assert again.snapshot == st.snapshot and again.outcome() == st.outcome()


def test_undo_across_a_deal_keeps_the_cards() -> None:
    st = LinesBetaState(seed=8)
    rng = random.Random(2)
    while st.round == 1:
        st.apply(rng.choice(st.legal_actions()))
    dealt = st.snapshot
    last = st.undo()
    st.apply(last)
    assert st.snapshot == dealt


def test_early_stop_loss_mid_round() -> None:
    st = position({(3, 6): "KS"}, ["JS", "2C", "3C"], "3H", points=(4, 15))
    st.apply(parse_challenge("JS r3 right"))
    assert st.is_terminal() and st.verdict is not None and st.verdict.early
    out = st.outcome()
    assert out is not None and out.winners == (1,) and out.scores == (4, 16)
    assert st.legal_actions() == []
    with pytest.raises(IllegalActionError, match="over"):
        st.apply(parse_challenge("2C r1 left"))


def test_early_stop_win_when_grid_cannot_catch_up() -> None:
    # 25-14 with three tricks left after this one: the grid could still reach 16.
    st = position(
        {(3, 6): "2S"},
        ["JS", "QS", "2C", "3C"],
        "3H",
        points=(25, 14),
        gaps=GAPS[:2],
        done=DONE[:2],
    )
    st.apply(parse_challenge("JS r3 right"))
    assert not st.is_terminal() and st.points == (26, 14) and st.verdict is None


def test_early_stop_win_exact() -> None:
    st = position({(3, 6): "2S"}, ["JS", "2C"], "3H", points=(25, 14), gaps=GAPS[:4], done=DONE[:4])
    st.apply(parse_challenge("JS r3 right"))
    v = st.verdict
    assert st.is_terminal() and v is not None and v.player_wins and v.early
    assert "cannot reach 16 with 1 trick left" in v.reason


def test_both_reached_is_a_loss_on_normal() -> None:
    st = position({(3, 6): "AS"}, ["JS"], "3H", points=(26, 15), gaps=GAPS, done=DONE, round_no=7)
    st.apply(parse_challenge("JS r3 right"))
    out = st.outcome()
    assert out is not None and out.winners == (1,) and out.scores == (26, 16)
    assert "you reached 26 too" in out.reason


def test_observation_hides_face_down_cards() -> None:
    st = LinesBetaState(seed=4)
    obs = st.observation(0)
    assert sum(1 for c in obs.grid if c == HIDDEN) == 30
    assert {obs.grid[i] for i in rules.DIAGONAL} == {st.snapshot.grid[i] for i in rules.DIAGONAL}
    assert len(obs.unseen) == 30 + 9
    assert obs.legal_actions() == st.legal_actions()


def test_determinize_keeps_what_the_player_saw() -> None:
    st = LinesBetaState(seed=21)
    rng = random.Random(3)
    while st.round < 3:
        st.apply(rng.choice(st.legal_actions()))
    st.apply(st.legal_actions()[0])
    st.apply(st.legal_actions()[0])
    obs = st.observation(0)
    for k in range(20):
        d = st.determinize(0, random.Random(k))
        assert d.observation(0) == obs
        s = d.snapshot
        assert sorted(
            tuple(c for c in s.grid if c != rules.GAP)
            + s.hand
            + s.deck
            + (s.trump,)
            + tuple(c for t in s.tricks for c in (t.played, t.grid_card))
        ) == list(range(52))
        for i in range(36):
            if obs.grid[i] == HIDDEN:
                assert s.back_round[s.grid[i]] < s.fill_round[i]
        d.apply(d.legal_actions()[0])
