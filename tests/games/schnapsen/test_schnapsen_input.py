"""Refusals for marriages typed at the wrong time: the reason names what is wrong."""

from __future__ import annotations

import pytest

from cardside.core.errors import IllegalActionError
from cardside.games.schnapsen.notation import parse_action
from cardside.games.schnapsen.state import SchnapsenState

from .schnapsen_helpers import make_deal


def test_marriage_by_suit_without_the_pair_says_why() -> None:
    state = SchnapsenState(seed=3)  # seat 0 leads holding QS KS, JC, 10H, AD
    with pytest.raises(
        IllegalActionError,
        match="need both King and Queen of hearts to declare it; you do not hold KH QH",
    ):
        parse_action("marriage H", state)
    single = SchnapsenState.from_deal(make_deal("KD JC AS", "QH KH", stock="AC 10C"))
    with pytest.raises(IllegalActionError, match="you do not hold QD$"):
        parse_action("marriage D", single)


def test_a_marriage_while_answering_is_refused_as_such() -> None:
    state = SchnapsenState(seed=3)
    state.apply(state.legal_actions()[0])  # seat 1 (holding QH KH) now answers
    with pytest.raises(IllegalActionError, match="only when leading"):
        parse_action("marriage H", state.observation(1))


def test_two_cards_typed_at_once_are_refused_as_in_octrix() -> None:
    from cardside.core.errors import NotationError

    with pytest.raises(NotationError, match=r"^'QH KH' is not one card; type one, e.g. KH or 10S$"):
        parse_action(" QH KH ")
    # A huge line is quoted cut short, as in Octrix.
    with pytest.raises(NotationError, match=r"^'9{21}\.\.\.' is not one card"):
        parse_action("9" * 3000 + " 1")
    # A rank and a suit with a space between are one card, as in Octrix.
    assert parse_action("10 h") == parse_action("t h") == parse_action("10H")
    assert parse_action(" k  s ") == parse_action("KS")
