"""The exact round solver: the values of plain backward induction, and its symmetries.

Two references: the engine-independent ``DuelSolver`` on small hands, and ``PlainSolver``
below, backward induction over the sequence of cards with the general matrix-game solver and
none of the solver's shortcuts (no symmetries, no merged cards, no closed forms, no shared
trick shapes), fast enough for full hands.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cardside.games.octrix.duel import DuelSolver
from cardside.games.octrix.equilibrium import solve_matrix_game
from cardside.games.octrix.exact import NO_WINNER, RoundSolver, canonical, encode, images
from cardside.games.octrix.rules import KEY as RULE_KEY
from cardside.games.octrix.state import OctrixState

Position = tuple[int, int, bool, int, int]


class PlainSolver:
    """Backward induction over (sequence, length, rule, previous winner, run), memoised."""

    def __init__(self) -> None:
        self.memo: dict[tuple[int, int, bool, int, int], float] = {}

    def value(self, hand0: int, hand1: int, high: bool, prev: int, run: int) -> float:
        code, m = encode(hand0, hand1)
        return self._value(code, m, high, NO_WINNER if prev < 0 else prev, run)

    def matrix(self, hand0: int, hand1: int, high: bool, prev: int, run: int) -> list[list[float]]:
        code, m = encode(hand0, hand1)
        return self._matrix(code, m, high, NO_WINNER if prev < 0 else prev, run)

    def _value(self, code: int, m: int, high: bool, prev: int, run: int) -> float:
        key = (code, m, high, prev, run)
        if key not in self.memo:
            self.memo[key] = solve_matrix_game(self._matrix(*key)).value
        return self.memo[key]

    def _matrix(self, code: int, m: int, high: bool, prev: int, run: int) -> list[list[float]]:
        symbols = [(code >> 2 * i) & 3 for i in range(m)]
        out = []
        for i in (i for i in range(m) if symbols[i] < 2):
            row = []
            for j in (j for j in range(m) if symbols[j] >= 2):
                won = (i > j) == high
                winner = 0 if won else 1
                points, new_run = (2 * run + 1, run + 1) if winner == prev else (1, 1)
                pay: float = points if won else -points
                if m > 2:
                    lo, hi = min(i, j), max(i, j)
                    rest = code & ((1 << 2 * lo) - 1)  # the symbols below lo, between, above hi
                    rest |= ((code >> 2 * lo + 2) & ((1 << 2 * (hi - lo - 1)) - 1)) << 2 * lo
                    rest |= (code >> 2 * hi + 2) << 2 * (hi - 1)
                    same = symbols[i] & 1 == symbols[j] & 1
                    pay += self._value(rest, m - 2, same, winner, new_run)
                row.append(pay)
            out.append(row)
        return out


@st.composite
def positions(draw: st.DrawFn, most: int = 4, least: int = 1) -> Position:
    """Two disjoint hands of equal size, the rule in force, the previous winner and its run."""
    k = draw(st.integers(least, most))
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


@settings(max_examples=40, deadline=None)
@given(positions(most=6, least=4))
def test_values_of_larger_hands_equal_the_plain_reference(pos: Position) -> None:
    solver = RoundSolver()
    assert solver.value(*pos) == pytest.approx(PlainSolver().value(*pos), abs=1e-9)
    assert solver.matrix(*pos) == [
        [pytest.approx(x, abs=1e-9) for x in row] for row in PlainSolver().matrix(*pos)
    ]


@pytest.mark.parametrize("seed", [2, 5])
def test_the_first_trick_of_full_hands_equals_the_plain_reference(seed: int) -> None:
    # The strong bot's first move of a round: the whole 8 × 8 matrix of exact values.
    state = OctrixState(2, seed=seed)
    hands = [sum(1 << RULE_KEY[c] for c in hand) for hand in state.snapshot.hands]
    pos = (hands[0], hands[1], True, -1, 0)
    expected = PlainSolver().matrix(*pos)
    got = RoundSolver().matrix(*pos)
    assert len(got) == len(got[0]) == 8
    assert got == [[pytest.approx(x, abs=1e-9) for x in row] for row in expected]


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


def hands_of(symbols: list[int]) -> tuple[int, int]:
    """Hands whose sequence is ``symbols`` (card 4i red or 4i + 2 black at place i)."""
    out = [0, 0]
    for i, symbol in enumerate(symbols):
        out[symbol >> 1] |= 1 << (4 * i + 2 * (symbol & 1))
    return out[0], out[1]


@settings(max_examples=40, deadline=None)
@given(positions(most=5, least=2), st.data())
def test_colours_inside_a_block_of_one_seat_can_be_exchanged(
    pos: Position, data: st.DataObject
) -> None:
    # Neighbouring cards of one seat meet every card of the other seat alike, so exchanging
    # their colours keeps the value: by the plain reference, which knows nothing of blocks,
    # and by the solver, which gives both one table entry.
    h0, h1, high, prev, run = pos
    code, m = encode(h0, h1)
    symbols = [(code >> 2 * i) & 3 for i in range(m)]
    pairs = [
        i
        for i in range(m - 1)
        if symbols[i] >> 1 == symbols[i + 1] >> 1 and symbols[i] != symbols[i + 1]
    ]
    assume(pairs)
    i = data.draw(st.sampled_from(pairs))
    symbols[i], symbols[i + 1] = symbols[i + 1], symbols[i]
    other = (*hands_of(symbols), high, prev, run)
    plain = PlainSolver().value(*pos)
    assert PlainSolver().value(*other) == pytest.approx(plain, abs=1e-9)
    solver = RoundSolver()
    assert solver.value(*pos) == pytest.approx(plain, abs=1e-9)
    entries = len(solver.table)
    assert solver.value(*other) == pytest.approx(plain, abs=1e-9)
    assert len(solver.table) == entries  # the same position, already in the table


def test_images_list_red_cards_first_in_each_block() -> None:
    # Seat 0 black, seat 0 red, seat 1 red: seat 0's block becomes red, black.
    code = 0b01 | 0b00 << 2 | 0b10 << 4
    kept, swapped = images(code, 3)
    assert kept == 0b00 | 0b01 << 2 | 0b10 << 4
    # Seats swapped: seat 1 red, seat 1 black, seat 0 red (colours swapped is larger).
    assert swapped == 0b10 | 0b11 << 2 | 0b00 << 4
    assert canonical(code, 3, NO_WINNER) == (swapped, NO_WINNER, 1)
    assert canonical(code, 3, 0) == (swapped, 1, 1)  # seat 0 won the last trick: now seat 1


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
