"""The exact round solver: the values of plain backward induction, and its symmetries."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardside.games.octrix.duel import DuelSolver
from cardside.games.octrix.exact import RoundSolver, encode


@st.composite
def positions(draw: st.DrawFn, most: int = 4) -> tuple[int, int, bool, int, int]:
    """Two disjoint hands of equal size, the rule in force, the previous winner and its run."""
    k = draw(st.integers(1, most))
    cards = draw(st.permutations(range(32)))[: 2 * k]
    prev = draw(st.sampled_from([-1, 0, 1]))
    run = 0 if prev < 0 else draw(st.integers(1, 8 - k))
    hand0 = sum(1 << c for c in cards[:k])
    hand1 = sum(1 << c for c in cards[k:])
    return hand0, hand1, draw(st.booleans()), prev, run


def recoloured(hand0: int, hand1: int) -> tuple[int, int]:
    """Hands with the same owners in the same order, every card of the other colour."""
    code, m = encode(hand0, hand1)
    out = [0, 0]
    for i in range(m):
        symbol = (code >> 2 * i) & 3
        black = not symbol & 1
        out[symbol >> 1] |= 1 << (4 * i + 2 * black)  # card 4i is red, card 4i + 2 black
    return out[0], out[1]


@settings(max_examples=120, deadline=None)
@given(positions())
def test_values_equal_plain_backward_induction(pos: tuple[int, int, bool, int, int]) -> None:
    plain = DuelSolver(exact_cards=8).exact_value(pos)
    assert RoundSolver().value(*pos) == pytest.approx(plain, abs=1e-9)


@settings(max_examples=60, deadline=None)
@given(positions())
def test_the_next_trick_matrix_equals_plain_backward_induction(
    pos: tuple[int, int, bool, int, int],
) -> None:
    plain = DuelSolver(exact_cards=8)
    expected = plain.matrix(pos, plain.exact_value)
    got = RoundSolver().matrix(*pos)
    assert [[pytest.approx(x, abs=1e-9) for x in row] for row in expected] == got


@settings(max_examples=60, deadline=None)
@given(positions(most=5))
def test_player_and_colour_symmetry(pos: tuple[int, int, bool, int, int]) -> None:
    h0, h1, high, prev, run = pos
    value = RoundSolver().value(*pos)
    swapped = -1 if prev < 0 else 1 - prev
    assert RoundSolver().value(h1, h0, high, swapped, run) == pytest.approx(-value, abs=1e-9)
    plain = DuelSolver(exact_cards=8).exact_value((*recoloured(h0, h1), high, prev, run))
    assert plain == pytest.approx(value, abs=1e-9)


def test_a_shared_table_gives_the_same_values_in_any_order() -> None:
    rng = random.Random(3)
    deals = []
    for _ in range(6):
        cards = rng.sample(range(32), 8)
        deals.append((sum(1 << c for c in cards[:4]), sum(1 << c for c in cards[4:])))
    one = RoundSolver()
    forward = [one.value(h0, h1, True, -1, 0) for h0, h1 in deals]
    backward = [RoundSolver().value(h0, h1, True, -1, 0) for h0, h1 in reversed(deals)]
    assert forward == pytest.approx(list(reversed(backward)), abs=1e-9)


def test_a_worked_last_trick() -> None:
    # 8♣ against A♦ under "lowest wins", seat 1 extending a run of 2: seat 1 takes 5.
    eight_clubs, ace_diamonds = 31, 0
    assert RoundSolver().value(1 << eight_clubs, 1 << ace_diamonds, False, 1, 2) == -5.0
    assert RoundSolver().value(1 << eight_clubs, 1 << ace_diamonds, True, 1, 2) == 1.0


def test_encode_orders_the_cards_and_marks_owner_and_colour() -> None:
    # A♦ (0, red) seat 0; A♠ (2, black) seat 1; 8♣ (31, black) seat 0.
    code, m = encode(1 << 0 | 1 << 31, 1 << 2)
    assert m == 3
    assert [(code >> 2 * i) & 3 for i in range(3)] == [0b00, 0b11, 0b01]
