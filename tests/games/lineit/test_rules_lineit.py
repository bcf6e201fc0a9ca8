"""Line-it rules: colours, fitting, jackpots and scoring a line, from the rulebook."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardside.core.errors import NotationError
from cardside.games.lineit import rules
from cardside.games.lineit.notation import (
    DONE,
    SCORE,
    Action,
    format_action,
    parse_action,
    parse_card,
    parse_cards,
)


def test_colours_follow_n_minus_one_mod_four() -> None:
    assert [rules.COLOURS[rules.colour(n)] for n in (1, 2, 3, 4, 5, 100)] == [
        "red",
        "blue",
        "green",
        "yellow",
        "red",
        "yellow",
    ]


def test_the_deck_has_100_numbers_and_six_bet_cards() -> None:
    assert len(rules.DECK) == 106
    assert sorted(c for c in rules.DECK if rules.is_bet(c)) == [103, 103, 104, 104, 105, 105]


def test_the_first_two_numbers_fix_the_direction() -> None:
    assert rules.direction([30]) == rules.OPEN
    assert rules.direction([30, 12]) == rules.FALLING
    assert rules.direction([104, 30, 45]) == rules.RISING
    assert rules.fits([30], 12) and rules.fits([30], 99)
    assert rules.fits([30, 12], 11) and not rules.fits([30, 12], 13)
    assert rules.fits([30, 45, 104], 46) and not rules.fits([30, 45, 104], 44)


def test_one_bet_card_per_line_placed_at_any_point() -> None:
    assert rules.fits([], 103)
    assert rules.fits([99, 98, 2], 105)
    assert not rules.fits([99, 104, 98], 103)


def test_refusals_say_why_in_one_line() -> None:
    assert rules.why_not_fits([50, 38], 44) == "44 does not continue your falling line after 38"
    assert rules.why_not_fits([10, 20], 15) == "15 does not continue your rising line after 20"
    assert rules.why_not_fits([10, 104], 105) == (
        "your line already holds a Bet card (B4); one per line"
    )
    assert rules.why_not_fits([10, 20], 25) is None
    assert rules.why_not_fits([50, 100], 90) == "90 does not continue your rising line after 100"


def test_the_issue_example_scores_7() -> None:
    result = rules.score_line([12, 30, 104, 45, 57, 60, 71])
    assert result.direction == rules.RISING
    assert result.discarded == (12, 30, 45)
    assert result.bet == 4 and result.after_bet == 4 and result.token == 4 and result.bet_won
    assert result.points_cards == (57, 60, 71)
    assert result.points == 3 and result.total == 7


def test_a_lost_bet_and_a_short_line() -> None:
    lost = rules.score_line([90, 80, 105, 70, 60])
    assert lost.token == -5 and lost.bet_won is False and lost.points == 1
    assert lost.discarded == (90, 80, 70) and lost.points_cards == (60,)
    assert rules.score_line([105]).total == -5  # a line of only a Bet card loses it
    assert rules.score_line([5, 6, 7]).total == 0


def test_a_bet_first_counts_every_number_card() -> None:
    result = rules.score_line([103, 1, 2, 3])
    assert result.after_bet == 3 and result.token == 3 and result.total == 3


def test_jackpot_on_the_third_card_of_a_colour_only() -> None:
    # 13, 25, 37 and 49 are red.
    assert rules.jackpot_colour([13, 25], 37) == rules.RED
    assert rules.jackpot_colour([13, 25, 37], 49) is None
    assert rules.jackpot_colour([13, 104], 37) is None
    assert rules.jackpots_in([13, 14, 25, 26, 37, 38, 42]) == [(37, rules.RED), (38, rules.BLUE)]


def test_check_line_refuses_a_turn_and_a_second_bet() -> None:
    rules.check_line([12, 30, 104, 45, 57, 60, 71])
    with pytest.raises(ValueError, match="44 does not continue the rising line after 45"):
        rules.check_line([12, 30, 45, 44])
    with pytest.raises(ValueError, match="at most one Bet card"):
        rules.check_line([103, 12, 104])
    with pytest.raises(ValueError, match="appears twice"):
        rules.check_line([12, 30, 30])


def test_ties_share_the_win() -> None:
    assert rules.winners([5, 7, 7, 1]) == (1, 2)


def test_card_notation() -> None:
    assert parse_card("57") == 57 and parse_card("57r") == 57 and parse_card(" b4 ") == 104
    assert parse_cards("12 30 B4, 45") == [12, 30, 104, 45]
    for text, message in [
        ("57b", "57 is red, not blue"),
        ("0", "numbers run from 1 to 100"),
        ("101", "numbers run from 1 to 100"),
        ("B6", "not a Bet card"),
        ("x", "not a card"),
        ("57q", "not a colour"),
        ("9" * 40, r"^.999999999\.\.\.. is not a card"),  # cut, and marked as cut
    ]:
        with pytest.raises(NotationError, match=message):
            parse_card(text)


def test_action_notation_round_trips() -> None:
    for text, action in [
        ("line 57", Action("line", 57)),
        ("hand B4", Action("hand", 104)),
        ("play 23", Action("play", 23)),
        ("score", SCORE),
        ("done", DONE),
    ]:
        assert parse_action(text) == action
        assert parse_action(format_action(action)) == action
    for text in ["", "line", "line 5 6", "jump 5", "score 5", "x" * 1000]:
        with pytest.raises(NotationError):
            parse_action(text)


@given(st.lists(st.sampled_from(rules.DECK), max_size=14, unique=True), st.sampled_from(rules.DECK))
def test_what_fits_grows_card_by_card_as_worked_out_from_the_whole_line(
    cards: list[int], card: int
) -> None:
    """The engine keeps what fits a line up to date card by card (``grown``); it must be what
    ``fitting`` works out from the whole line, for every line the rules can build."""
    line: tuple[int, ...] = ()
    fit = rules.OPEN_FITTING
    for c in [*cards, card]:
        if not rules.fits(line, c):
            continue
        line += (c,)
        fit = rules.grown(fit, c)
        assert fit == rules.fitting(line)


def _scored_by_hand(line: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """The rulebook's scoring, written out: three number cards discarded, the rest points, a
    Bet card won (+v) when at least v number cards follow it, else lost (-v)."""
    numbers = tuple(c for c in line if c <= rules.BET_BASE)
    token = 0
    for i, c in enumerate(line):
        if c > rules.BET_BASE:
            v = c - rules.BET_BASE
            after = sum(1 for d in line[i + 1 :] if d <= rules.BET_BASE)
            token = v if after >= v else -v
    return numbers[:3], numbers[3:], token


@given(st.lists(st.sampled_from(rules.DECK), min_size=1, max_size=16, unique=True))
def test_a_line_is_scored_as_the_rulebook_says(cards: list[int]) -> None:
    line: tuple[int, ...] = ()
    for c in cards:
        if rules.fits(line, c):
            line += (c,)
    result = rules.score_line(line)
    assert (result.discarded, result.points_cards, result.token) == _scored_by_hand(line)
    assert result.cards == line
