"""Rule functions: card points, trick winner, phase-2 replies, game points, match counts."""

from __future__ import annotations

import pytest

from cardside.core.cards import Card, Suit
from cardside.games.schnapsen import rules
from cardside.games.schnapsen.notation import parse_card
from cardside.games.schnapsen.rules import deal_result, legal_replies, trick_winner


def cards(text: str) -> list[Card]:
    return [parse_card(w) for w in text.split()]


def test_twenty_cards_worth_120_points() -> None:
    assert len(set(rules.CARDS)) == 20
    assert sum(rules.card_points(c) for c in rules.CARDS) == 120
    assert [rules.card_points(parse_card(t)) for t in "AH 10H KH QH JH".split()] == [
        11,
        10,
        4,
        3,
        2,
    ]


@pytest.mark.parametrize(
    "lead, reply, trump, winner",
    [
        ("KH", "AH", "S", 1),  # higher card of the led suit
        ("AH", "10H", "S", 0),  # ten ranks below ace
        ("AH", "JS", "S", 1),  # any trump beats a plain suit
        ("AH", "AC", "S", 0),  # a different plain suit never wins
        ("QS", "AS", "S", 1),  # trumps between themselves by rank
        ("10S", "AH", "S", 0),
    ],
)
def test_trick_winner(lead: str, reply: str, trump: str, winner: int) -> None:
    suit = {"S": Suit.SPADES, "H": Suit.HEARTS}[trump]
    assert trick_winner(parse_card(lead), parse_card(reply), suit) == winner


def test_phase_one_allows_any_reply() -> None:
    hand = cards("AH JS QC")
    assert legal_replies(hand, parse_card("KH"), Suit.SPADES, strict=False) == hand


@pytest.mark.parametrize(
    "hand, lead, allowed",
    [
        ("AH JH JS QC", "KH", "AH"),  # follow and head: only the ace beats the king
        ("10H JH JS QC", "AH", "10H JH"),  # cannot head: follow suit lower, any of them
        ("JS QS QC", "KH", "JS QS"),  # no hearts: must trump
        ("QC KD", "KH", "QC KD"),  # neither suit nor trump: anything
        ("AS JS QC", "10S", "AS"),  # trump led: head it with a higher trump
        ("JS QH", "AS", "JS"),  # trump led, cannot head: follow with a lower trump
        ("QC KH", "AS", "QC KH"),  # trump led, no trump in hand: anything
        ("10C QH", "JC", "10C"),  # head it with the only higher card, not the other suit
    ],
)
def test_phase_two_reply_rules(hand: str, lead: str, allowed: str) -> None:
    got = legal_replies(cards(hand), parse_card(lead), Suit.SPADES, strict=True)
    assert sorted(got, key=str) == sorted(cards(allowed), key=str)


@pytest.mark.parametrize(
    "args, expected",
    [
        # Normal win by reaching 66: scale on the loser at the end.
        ((0, None, 33, True, None), (0, 1, rules.NORMAL_1)),
        ((0, None, 32, True, None), (0, 2, rules.NORMAL_2)),
        ((1, None, 0, False, None), (1, 3, rules.NORMAL_3)),
        # The closer reaches 66: scale on the opponent's record at closing.
        ((0, 0, 40, True, None), (0, 1, rules.CLOSER_1)),
        ((0, 0, 20, True, None), (0, 2, rules.CLOSER_2)),
        ((0, 0, 0, False, None), (0, 3, rules.CLOSER_3)),
        # The closer fails: 2 to the opponent, 3 if the opponent had no trick at closing.
        ((None, 0, 50, True, None), (1, 2, rules.CLOSER_FAILED_2)),
        ((None, 1, 0, False, None), (0, 3, rules.CLOSER_FAILED_3)),
        # The closer's opponent reaches 66 first: the same 2 or 3.
        ((1, 0, 10, True, None), (1, 2, rules.CLOSER_BEATEN_2)),
        ((1, 0, 0, False, None), (1, 3, rules.CLOSER_BEATEN_3)),
        # Stock ran out, nobody reached 66: last trick wins 1, whatever the card points.
        ((None, None, 0, False, 1), (1, 1, rules.LAST_TRICK)),
    ],
)
def test_game_points_by_rule(args: tuple, expected: tuple) -> None:
    assert rules.decide_deal(*args) == expected
    result = deal_result(*args)
    assert result.text == rules.RULE_TEXT[expected[2]]


def test_last_trick_rule_needs_the_last_trick() -> None:
    with pytest.raises(ValueError):
        rules.decide_deal(None, None, 0, False, None)


def test_match_counts_from_seven_to_zero() -> None:
    counts = (7, 7)
    counts = rules.apply_deal_result(counts, 0, 3)
    counts = rules.apply_deal_result(counts, 1, 2)
    assert counts == (4, 5)
    assert rules.match_winner(counts) is None
    counts = rules.apply_deal_result(counts, 0, 3)
    counts = rules.apply_deal_result(counts, 0, 2)
    assert counts == (0, 5)  # never below zero
    assert rules.match_winner(counts) == 0
    with pytest.raises(ValueError):
        rules.apply_deal_result(counts, 1, 4)


def test_exchange_refused_when_the_indicator_is_the_trump_jack_itself() -> None:
    """Nobody can hold the trump Jack when it lies face up as the indicator: the reason says
    so, rather than asking for a card no hand can have."""
    from cardside.games.schnapsen.state import SchnapsenState

    seed = next(s for s in range(500) if SchnapsenState(seed=s).deal.indicator % 5 == 0)
    state = SchnapsenState(seed=seed)
    assert rules.EXCHANGE not in state.legal_actions()
    reason = state.why_illegal(rules.EXCHANGE)
    assert (
        reason.startswith("the indicator is the trump Jack (J") and "nothing to exchange" in reason
    )
    other = next(
        s
        for s in range(500)
        if SchnapsenState(seed=s).deal.indicator % 5 != 0
        and rules.EXCHANGE not in SchnapsenState(seed=s).legal_actions()
    )
    reason = SchnapsenState(seed=other).why_illegal(rules.EXCHANGE)
    assert reason.startswith("you need the trump Jack (J")


@pytest.mark.parametrize("rule", sorted(rules.RULE_TEXT))
def test_every_rule_has_a_reason_without_its_game_points(rule: str) -> None:
    """A line that has said the game points shows the rule's reason alone: the rule's text
    without its count of game points (``last trick wins`` stays), every rule having both."""
    import re

    from cardside.games.schnapsen.keep import rule_reason

    reason = rule_reason(rule)
    assert "game point" not in reason and "66" in reason
    text = rules.RULE_TEXT[rule]
    assert text.startswith(reason)
    assert re.fullmatch(r"(: | )\d game points?( to the opponent)?", text[len(reason) :])
