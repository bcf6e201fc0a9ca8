"""The Octrix rulebook's statements and worked examples, checked on the pure rule functions."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardside.games.octrix import rules
from cardside.games.octrix.notation import parse_card, parse_cards
from cardside.games.octrix.rules import Rule


def c(text: str):
    return parse_card(text)


def test_rulebook_scoring_example_1_3_4_5_8_scores_11() -> None:
    assert rules.runs([1, 3, 4, 5, 8]) == [[1], [3, 4, 5], [8]]
    assert rules.run_score([1, 3, 4, 5, 8]) == 11


def test_all_eight_tricks_score_64_and_none_score_0() -> None:
    assert rules.run_score(range(1, 9)) == 64
    assert rules.run_score([]) == 0


def test_card_order_ends_and_suit_tiebreak() -> None:
    order = rules.DECK
    assert order[-1] == c("8C") and order[-2] == c("8S") and order[-3] == c("8H")
    assert order[-5] == c("7C")
    assert order[0] == c("AD")
    assert rules.card_key(c("5S")) > rules.card_key(c("5H"))  # the source's example
    assert len(set(order)) == 32


def test_first_trick_highest_wins() -> None:
    trick = parse_cards("3H 8C 5D")
    assert rules.trick_winner(trick, Rule.HIGHEST) == 1
    assert rules.trick_winner(trick, Rule.LOWEST) == 0


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("8C AS", Rule.HIGHEST),  # black and black
        ("8H AD", Rule.HIGHEST),  # red and red
        ("8C AD", Rule.LOWEST),  # black high, red low
        ("8H 2S 5C", Rule.LOWEST),  # red high, black low; the middle card does not matter
        ("5S 5H 5D 5C", Rule.LOWEST),  # suits break the tie: 5C highest, 5D lowest
        ("2S 7D 3C", Rule.LOWEST),  # red high, black low
        ("7S 2C 4H", Rule.HIGHEST),  # black high, black low, red between
    ],
)
def test_next_rule_by_colours_of_highest_and_lowest(cards: str, expected: Rule) -> None:
    trick = parse_cards(cards)
    assert rules.next_rule(trick) is expected


def test_match_winner_tie_ruling() -> None:
    assert rules.match_winner([87, 80]) is None
    assert rules.match_winner([88, 80]) == 0
    assert rules.match_winner([90, 95]) == 1  # both reached: the highest total wins
    assert rules.match_winner([95, 95]) is None  # equal highest: play on
    assert rules.match_winner([95, 95, 40]) is None
    assert rules.match_winner([100, 95, 100]) is None


def test_sides_and_play_steps() -> None:
    assert rules.sides(4, True) == ((0, 2), (1, 3))
    assert rules.sides(3, False) == ((0,), (1,), (2,))
    with pytest.raises(ValueError):
        rules.sides(3, True)
    assert rules.play_steps(4, True, dealer=3) == [(3, 0), (1, 2)]
    assert rules.play_steps(3, False, dealer=0) == [(1, 2, 0)]


@given(st.sets(st.integers(1, 8)))
def test_run_score_is_sum_of_squares_and_bounded(numbers: set[int]) -> None:
    found = rules.runs(numbers)
    assert sorted(n for r in found for n in r) == sorted(numbers)
    for run in found:
        assert run == list(range(run[0], run[0] + len(run)))
    for a, b in zip(found, found[1:]):
        assert b[0] > a[-1] + 1  # runs are maximal
    score = rules.run_score(numbers)
    assert score == sum(len(r) ** 2 for r in found)
    assert 0 <= score <= 64
    assert (score >= 1) == bool(numbers)


@given(st.permutations(list(range(32))).map(lambda p: p[:4]), st.sampled_from(list(Rule)))
def test_exactly_one_winner_and_it_is_extreme(keys: list[int], rule: Rule) -> None:
    trick = [rules.DECK[k] for k in keys]
    w = rules.trick_winner(trick, rule)
    pick = max if rule is Rule.HIGHEST else min
    assert keys[w] == pick(keys)
    assert [i for i, k in enumerate(keys) if k == pick(keys)] == [w]
