"""Octrix card notation: ``8C``, ``AD``, ``5S``, ``3♥`` (case-insensitive)."""

from __future__ import annotations

from collections.abc import Iterable

from cardside.core import cards as _cards
from cardside.core.cards import Card, RankNames
from cardside.core.errors import NotationError
from cardside.core.schema import cut
from cardside.games.octrix.rules import KEY

NAMES = RankNames(
    game="Octrix",
    printed={1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8"},
    aliases={"1": 1},
)


def parse_card(text: str) -> Card:
    """Parse one Octrix card, e.g. ``8C`` or ``a♦``."""
    try:
        return _cards.parse_card(text, NAMES)
    except NotationError:
        # Read as one card, '2d 3d' would be blamed on its middle ('2d 3' is not a rank).
        if len(text.split()) > 1:
            shown = cut(" ".join(text.split()), 24)
            raise NotationError(f"{shown!r} is not one card; type one, e.g. 8C") from None
        raise


def parse_cards(text: str) -> list[Card]:
    """Parse cards separated by spaces or commas; refuse a card named twice."""
    items = [t for t in text.replace(",", " ").split() if t]
    if not items:
        raise NotationError("no cards given")
    out = [parse_card(t) for t in items]
    seen: set[Card] = set()
    for card in out:
        if card in seen:
            raise NotationError(f"{format_card(card, ascii=True)} is named twice")
        seen.add(card)
    return out


def format_card(card: Card, *, ascii: bool = False) -> str:
    """``8♣``, or ``8C`` in ASCII mode."""
    return _cards.format_card(card, NAMES, ascii=ascii)


def format_cards(cards: Iterable[Card], *, ascii: bool = False) -> str:
    """Cards from lowest to highest, separated by spaces."""
    return " ".join(format_card(c, ascii=ascii) for c in sorted(cards, key=KEY.__getitem__))


def read_action(text: str, state: object = None) -> Card:
    """The action ``text`` names for the player to move in ``state`` (a game or a view),
    read as every game reads one (``GameInfo.read_action``); ``NotationError`` if none."""
    return parse_card(text)


def write_action(action: Card) -> str:
    """``action`` in plain text, as session files hold it; :func:`read_action` reads it
    back."""
    return format_card(action, ascii=True)
