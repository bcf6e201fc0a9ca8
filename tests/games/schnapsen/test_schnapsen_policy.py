"""The rule-of-thumb policy (the ``heuristic`` bot and the search's rollouts) and match equity."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardside.games.schnapsen.deal import step
from cardside.games.schnapsen.equity import equal_win_chance, outcome_values, win_chance
from cardside.games.schnapsen.policy import heuristic_code
from cardside.games.schnapsen.rules import CLOSE_CODE, EXCHANGE_CODE, MARRIAGE_BASE

from .schnapsen_helpers import c, make_deal


def test_exchanges_the_trump_unter_first() -> None:
    d = make_deal("JH AC 10C KS QD", "JC QC KC JS QS", stock="10S AS JD 10D AH", trump="H")
    assert heuristic_code(d) == EXCHANGE_CODE


def test_declares_the_trump_marriage_before_a_plain_one() -> None:
    d = make_deal("KH QH KS QS JC", "AC 10C KC QC JS", stock="10S AS JD 10D AH", trump="H")
    code = heuristic_code(d)
    assert MARRIAGE_BASE <= code < EXCHANGE_CODE and (code - MARRIAGE_BASE) // 5 == c("KH") // 5


def test_takes_a_led_ace_with_the_smallest_spare_trump() -> None:
    d = make_deal(
        "JH 10H JD KC QC", "AS JS QS KS 10S", stock="AC 10C JC 10D AH", trump="H", to_move=1
    )
    d = step(d, c("AS"))
    assert heuristic_code(d) == c("JH")


def test_takes_a_led_unter_with_the_ace_of_its_suit() -> None:
    d = make_deal(
        "AS 10H JD KC QC", "JS QS KS 10S QD", stock="AC 10C JC 10D AH", trump="H", to_move=1
    )
    d = step(d, c("JS"))
    assert heuristic_code(d) == c("AS")


def test_throws_an_unter_not_a_king_or_a_trump() -> None:
    d = make_deal(
        "KC 10C JD 10H AD", "JS QS KS 10S QD", stock="AC QC JC 10D AH", trump="H", to_move=1
    )
    d = step(d, c("JS"))  # nothing in spades: throw the cheapest card
    assert heuristic_code(d) == c("JD")


def test_trumps_a_small_card_to_lead_and_declare_a_marriage() -> None:
    d = make_deal(
        "KC QC JD 10H AD", "JS QS KS 10S QD", stock="AC 10C JC 10D AH", trump="H", to_move=1
    )
    d = step(d, c("JS"))
    assert heuristic_code(d) == c("10H")


def test_wins_the_trick_that_brings_66() -> None:
    d = make_deal(
        "KH JD QD AC JC",
        "10S QS KS JS 10C",
        stock="KC QC 10D AD AH",
        trump="H",
        to_move=1,
        points=(56, 30),
        won=("AS 10H KD QH", "JH"),
    )
    d = step(d, c("10C"))  # AC takes it: 56 + 10 + 11 is 77
    assert heuristic_code(d) == c("AC")


def test_closes_with_enough_sure_tricks() -> None:
    # Trump Ace and Ten and two plain Aces with 40 points in the pile: sure to reach 66.
    d = make_deal(
        "AH 10H AC AS JD",
        "KS QS JS 10S 10C",
        stock="KC QC 10D AD KH",
        trump="H",
        points=(40, 5),
        won=("KD QD JH JC", "QH"),
    )
    assert heuristic_code(d) == CLOSE_CODE


# -- match equity ------------------------------------------------------------------------------


@given(st.integers(1, 7), st.integers(1, 7), st.booleans())
def test_equal_players_equity_is_zero_sum(mine: int, theirs: int, elder: bool) -> None:
    total = equal_win_chance(mine, theirs, elder) + equal_win_chance(theirs, mine, not elder)
    assert total == pytest.approx(1.0)


@given(st.integers(1, 7), st.integers(1, 7), st.booleans())
def test_the_favourite_is_never_worse_off_than_an_equal_player(
    mine: int, theirs: int, elder: bool
) -> None:
    assert 0.0 < win_chance(mine, theirs, elder) < 1.0
    assert win_chance(mine, theirs, elder) >= equal_win_chance(mine, theirs, elder)
    # Zero-sum as well: the opponent's chance is what the favourite does not win.
    assert 1.0 - win_chance(mine, theirs, elder) <= equal_win_chance(theirs, mine, not elder)


@given(st.integers(1, 7), st.integers(1, 7), st.integers(0, 1), st.integers(0, 1))
def test_more_game_points_are_never_worse(mine: int, theirs: int, seat: int, dealer: int) -> None:
    counts = (mine, theirs) if seat == 0 else (theirs, mine)
    v = outcome_values(counts, seat, dealer)
    assert v[3] >= v[2] >= v[1] > v[-1] >= v[-2] >= v[-3]


def test_equity_at_the_ends_of_a_match() -> None:
    one_to_go = outcome_values((1, 7), 0, 1)
    assert one_to_go[1] == one_to_go[3] == 1.0  # any win takes the match
    about_to_lose = outcome_values((7, 1), 0, 1)
    assert about_to_lose[-1] == about_to_lose[-3] == 0.0
    # At 2:7 two game points are as good as three; at 7:7 they are not.
    near = outcome_values((2, 7), 0, 1)
    assert near[2] == near[3] == 1.0 > near[1]
    even = outcome_values((7, 7), 0, 1)
    assert even[1] < even[2] < even[3] < 1.0
    assert 0.45 < equal_win_chance(7, 7, True) < 0.6
    for chance in (win_chance, equal_win_chance):
        with pytest.raises(ValueError):
            chance(8, 7, True)


def test_the_favourite_values_winning_the_deal_above_the_margin() -> None:
    # The table's own outcome frequencies give the favourite about the five Bummerls in six
    # the strong bot wins against the heuristic.
    assert 0.8 < win_chance(7, 7, True) < 0.88
    # At 7:7 the favourite gains more from turning a loss by one into a win by one than from
    # winning by three instead of one, so it takes a sure single point over an even chance
    # of three or a loss by one; between equal players the two are about worth the same.
    v = outcome_values((7, 7), 0, 1)
    assert v[1] - v[-1] > 1.5 * (v[3] - v[1])
    assert v[1] > (v[3] + v[-1]) / 2
    equal = outcome_values((7, 7), 0, 1, favourite=False)
    assert abs((equal[1] - equal[-1]) - (equal[3] - equal[1])) < 0.02


# -- the rules of thumb taken up later ---------------------------------------------------------


def test_closes_when_the_expected_points_reach_66() -> None:
    # One trump only, but the two black Aces and Tens are likely to take strict tricks.
    d = make_deal(
        "AH AC 10C AS 10S",
        "KS QS JS KC QD",
        stock="JC QC KH 10H",
        trump="H",
        points=(19, 13),
        won=("KD 10D JH QH", "JD AD"),
    )
    assert heuristic_code(d) == CLOSE_CODE


def test_keeps_the_stock_open_with_few_likely_tricks() -> None:
    d = make_deal(
        "AH JC QC KS JD",
        "10S QS JS 10C KD",
        stock="KC AC 10D 10H",
        trump="H",
        points=(19, 15),
        won=("QD AS JH QH", "KH AD"),
    )
    assert heuristic_code(d) != CLOSE_CODE


def test_overtrumps_a_small_trump_lead_while_the_stock_is_open() -> None:
    d = make_deal(
        "KH AC JD QS 10S", "JH QC KS JS QD", stock="AS 10C JC 10D AH", trump="H", to_move=1
    )
    d = step(d, c("JH"))
    assert heuristic_code(d) == c("KH")


def test_trumps_with_the_highest_of_equal_trumps() -> None:
    # The trump Unter and Ober are equal for taking the Ace; the Ober brings a point more.
    d = make_deal(
        "JH QH AC KD 10S", "AS QS KS JS QD", stock="10C JC 10D AD AH", trump="H", to_move=1
    )
    d = step(d, c("AS"))
    assert heuristic_code(d) == c("QH")


def test_spares_the_unter_and_king_that_can_make_the_trump_marriage() -> None:
    # The Ober of trumps lies face up: the Unter can fetch it to join the King in hand.
    d = make_deal(
        "JH KH 10H AC QS", "AD QC KS JS QD", stock="10C JC 10D AS QH", trump="H", to_move=1
    )
    d = step(d, c("AD"))
    assert heuristic_code(d) == c("10H")
