"""Card and action notation: French and German names, symbols, round trips, bad input."""

from __future__ import annotations

import pytest

from cardside.core.cards import Card, Suit
from cardside.core.errors import AmbiguousActionError, IllegalActionError, NotationError
from cardside.games.schnapsen.notation import format_action, format_card, parse_action, parse_card
from cardside.games.schnapsen.rules import ACTIONS, CLOSE, EXCHANGE, Marriage
from cardside.games.schnapsen.state import SchnapsenState


@pytest.mark.parametrize(
    "text, card",
    [
        ("KH", Card(4, Suit.HEARTS)),
        ("kh", Card(4, Suit.HEARTS)),
        ("10♥", Card(10, Suit.HEARTS)),
        ("TS", Card(10, Suit.SPADES)),
        ("ad", Card(11, Suit.DIAMONDS)),
        ("DD", Card(11, Suit.DIAMONDS)),
        ("OS", Card(3, Suit.SPADES)),
        ("UC", Card(2, Suit.CLUBS)),
        ("Daus♣", Card(11, Suit.CLUBS)),
        ("Ober♦", Card(3, Suit.DIAMONDS)),
        ("JC", Card(2, Suit.CLUBS)),
    ],
)
def test_parse_card_french_and_german(text: str, card: Card) -> None:
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["9H", "KX", "", "K", "ZZ", "11H"])
def test_bad_cards_raise_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_card(text)


def test_format_card() -> None:
    assert format_card(Card(10, Suit.HEARTS)) == "10♥"
    assert format_card(Card(3, Suit.CLUBS), ascii=True) == "QC"


@pytest.mark.parametrize("ascii", [True, False])
def test_every_action_round_trips(ascii: bool) -> None:
    for action in ACTIONS:
        if isinstance(action, Marriage) and action.card.rank not in (3, 4):
            continue  # codes exist for every card, but only a King or Queen is led
        assert parse_action(format_action(action, ascii)) == action


def test_parse_action_words() -> None:
    assert parse_action("exchange") == EXCHANGE
    assert parse_action(" CLOSE ") == CLOSE
    assert parse_action("marriage kh") == Marriage(Card(4, Suit.HEARTS))


@pytest.mark.parametrize("text", ["marriage", "marriage AH", "close KH", "KH QH", "marriage X"])
def test_malformed_actions(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


def test_marriage_by_suit_alone_is_ambiguous_without_context() -> None:
    with pytest.raises(AmbiguousActionError):
        parse_action("marriage H")


def test_parse_with_state_checks_legality() -> None:
    state = SchnapsenState(seed=3)  # seat 0 leads holding QS KS, JC, 10H, AD
    assert parse_action("marriage QS", state) == Marriage(Card(3, Suit.SPADES))
    with pytest.raises(IllegalActionError, match="do not hold"):
        parse_action("AH", state)
    with pytest.raises(IllegalActionError, match="trump Jack"):
        parse_action("exchange", state)
    with pytest.raises(AmbiguousActionError):
        parse_action("marriage S", state)  # both King and Queen may be led


class _HeartsTrump:
    """A lead with a marriage in hearts (trumps) and one in spades."""

    trump = Suit.HEARTS

    def legal_actions(self) -> list[object]:
        return [Marriage(Card(4, Suit.HEARTS)), Marriage(Card(3, Suit.SPADES))]

    def why_illegal(self, action: object) -> str:
        return "not now"


@pytest.mark.parametrize(
    "text, card", [("40 KH", Card(4, Suit.HEARTS)), ("20 QS", Card(3, Suit.SPADES))]
)
def test_a_marriage_typed_by_its_worth(text: str, card: Card) -> None:
    assert parse_action(text, _HeartsTrump()) == Marriage(card)


@pytest.mark.parametrize(
    "text, said",
    [
        ("40 QS", "KS and QS make a marriage outside trumps, worth 20, not 40: type 20 QS"),
        ("20 KH", "KH and QH make a marriage in trumps, worth 40, not 20: type 40 KH"),
    ],
)
def test_a_marriage_typed_with_the_wrong_worth_is_refused(text: str, said: str) -> None:
    with pytest.raises(NotationError, match=said):
        parse_action(text, _HeartsTrump())


def test_a_marriage_not_held_is_refused_for_that_whatever_worth_is_typed() -> None:
    # Only KH (in trumps) and QS are declarable here: 40 KS (KS and QS, not held together)
    # is refused by the game's own reason, never told to type 20 KS.
    with pytest.raises(IllegalActionError, match="not now"):
        parse_action("40 KS", _HeartsTrump())
    with pytest.raises(IllegalActionError, match="not now"):
        parse_action("20 KD", _HeartsTrump())
