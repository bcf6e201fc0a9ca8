"""The planner's look across rounds: the face-up cards the grid keeps for the next round."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardside.games.linesbeta import rules
from cardside.games.linesbeta.carryover import Carryover, kept
from cardside.games.linesbeta.notation import parse_challenge
from cardside.games.linesbeta.planner import PlannerBot
from cardside.games.linesbeta.rules import Line
from cardside.games.linesbeta.state import LinesBetaState

from .lb_helpers import position

EARLIER = (("AS", "2S"), ("KS", "3S"), ("QS", "4S"), ("JS", "5S"), ("TS", "6S"))


def _last_trick(round_no: int) -> LinesBetaState:
    """The sixth trick: only row 1 and column 1 are open, and the king of trumps wins on both
    from either end (the ace is the trump card). Row 1 is face up but for r1c1, and column 1
    shows only the 5 of clubs at its bottom. Every play but column 1 from the bottom turns
    r1c1, which leaves row 1 with no face-down card: its five known cards go back."""
    row1 = {(1, c): t for c, t in zip(range(2, 7), ["2H", "3H", "4H", "5H", "6H"])}
    return position(
        {**row1, (6, 1): "5C"},
        ["KC"],
        "AC",
        up=tuple(row1),
        round_no=round_no,
        gaps=((2, 2), (3, 3), (4, 4), (5, 5), (6, 6)),
        done=EARLIER,
    )


def test_the_last_trick_keeps_the_known_row_for_the_next_round() -> None:
    obs = _last_trick(1).observation(0)
    ranked = PlannerBot(0).ranked(obs)
    assert all(p == pytest.approx(1.0) for _, p, _ in ranked)
    scores = {a: s for s, _, a in ranked}
    best, left = parse_challenge("KC c1 bottom"), parse_challenge("KC r1 left")
    assert ranked[0][2] == best
    assert scores[best] - scores[left] == pytest.approx(4 * PlannerBot.carry)
    # Without the look across rounds every play is the same sure trick.
    flat = PlannerBot(0)
    flat.carry = 0.0
    assert all(s == pytest.approx(1.0) for s, _, _ in flat.ranked(obs))


def test_nothing_is_carried_out_of_the_last_round() -> None:
    obs = _last_trick(7).observation(0)
    assert all(score == pytest.approx(p) for score, p, _ in PlannerBot(0).ranked(obs))
    # One round earlier, the plays that turn r1c1 are worth less than their sure trick.
    ranked = PlannerBot(0).ranked(_last_trick(6).observation(0))
    assert any(score < p - 0.1 for score, p, _ in ranked)


def test_carryover_counts_what_a_challenge_sends_back() -> None:
    obs = _last_trick(1).observation(0)
    carry = Carryover(obs)
    assert carry.now == kept(carry.face_up, carry.gaps) == 10  # the diagonal, row 1 but r1c1
    # From the bottom of column 1 the 5 of clubs leaves at once: one known card fewer.
    assert carry.after(Line.C1, 1)[0] == -1
    # Turning r1c1 from the left: row 1 goes back whatever the card is.
    assert carry.after(Line.R1, 0)[0] == -5
    assert carry.full(Line.R1) == -5
    # From the top of column 1: r1c1 and r2c1 turned, the grid's card at r2c1; row 1 goes back.
    assert carry.after(Line.C1, 0)[1] == -5


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**36 - 1), st.integers(0, 2**36 - 1))
def test_kept_agrees_with_the_rules_on_what_goes_back(up: int, holes: int) -> None:
    gaps = holes & ~up & random.Random(holes).getrandbits(36)
    grid = [rules.GAP if gaps >> c & 1 else c for c in range(rules.CELLS)]
    back = set(rules.returning_cells(grid, up))
    stays = sum(1 for c in range(rules.CELLS) if up >> c & 1 and c not in back)
    assert kept(up & ~gaps, gaps) == stays
