"""Building Schnapsen positions from card text, for the tests."""

from __future__ import annotations

from cardside.core.cards import parse_suit
from cardside.games.schnapsen.deal import NO_CARD, NOBODY, Deal
from cardside.games.schnapsen.notation import parse_card
from cardside.games.schnapsen.rules import index_of, suit_index


def c(text: str) -> int:
    """Index of one card."""
    return index_of(parse_card(text))


def m(text: str) -> int:
    """Mask of space-separated cards."""
    mask = 0
    for word in text.split():
        mask |= 1 << c(word)
    return mask


def make_deal(
    hand0: str,
    hand1: str,
    *,
    stock: str = "",
    trump: str = "H",
    to_move: int = 0,
    lead: str | None = None,
    points: tuple[int, int] = (0, 0),
    pending: tuple[int, int] = (0, 0),
    won: tuple[str, str] = ("", ""),
    closer: int = NOBODY,
    record: tuple[int, bool] | None = None,
    dealer: int = 1,
) -> Deal:
    """A deal with the given hands, stock (top first, indicator last) and record."""
    return Deal(
        trump=suit_index(parse_suit(trump)),
        dealer=dealer,
        hands=(m(hand0), m(hand1)),
        stock=tuple(c(w) for w in stock.split()),
        closer=closer,
        record=record,
        to_move=to_move,
        lead=NO_CARD if lead is None else c(lead),
        points=points,
        pending=pending,
        won=(m(won[0]), m(won[1])),
        tricks=(),
        marriages=(),
        known=(0, 0),
        exchanged_by=NOBODY,
        result=None,
    )
