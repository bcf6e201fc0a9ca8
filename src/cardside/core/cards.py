"""French-suited cards and their notation, shared by the games that use them.

A card is a rank (an ``int`` whose meaning each game defines) and a :class:`Suit`. Games give
their ranks names through a :class:`RankNames` table, so ``"10H"``, ``"TH"`` and ``"10♥"`` all
parse the same way everywhere. Suit *order* is a game rule and lives in the game's rules module.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from cardside.core.errors import NotationError
from cardside.core.schema import clip


class Suit(Enum):
    """The four French suits, with their letter, symbol and colour."""

    CLUBS = "C"
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"

    # Members are singletons, so identity hashing is exact and much faster than Enum's.
    __hash__ = object.__hash__

    @property
    def letter(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def colour(self) -> str:
        return "red" if self.is_red else "black"


_SYMBOLS = {Suit.CLUBS: "♣", Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦"}
_SUIT_CHARS: dict[str, Suit] = {}
for _suit in Suit:
    _SUIT_CHARS[_suit.letter] = _suit
    _SUIT_CHARS[_suit.symbol] = _suit
# Outline symbols, as some keyboards and fonts produce them.
_SUIT_CHARS.update({"♧": Suit.CLUBS, "♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS})
_TO_LETTERS = str.maketrans({c: s.letter for c, s in _SUIT_CHARS.items() if not c.isascii()})


def ascii_suits(text: str) -> str:
    """``text`` with every suit symbol written as its letter, as cards are in ASCII mode
    (``8♣ beats 8♠`` becomes ``8C beats 8S``)."""
    return text.translate(_TO_LETTERS)


def parse_suit(text: str) -> Suit:
    """Parse a suit letter (``C S H D``, any case) or symbol (``♣♠♥♦``)."""
    suit = _SUIT_CHARS.get(text.strip().upper())
    if suit is None:
        raise NotationError(f"unknown suit {text!r} (use C, S, H or D)")
    return suit


@dataclass(frozen=True, slots=True, repr=False)
class Card:
    """A rank and a suit. Equality and hashing are by value, so cards work in sets."""

    rank: int
    suit: Suit

    def __repr__(self) -> str:
        if isinstance(self.suit, Suit):
            return f"Card({self.rank!r}{self.suit.letter})"
        # A card built by another program may hold anything: its repr never fails.
        return f"Card({self.rank!r}, {self.suit!r})"


def well_made(card: object) -> bool:
    """Whether ``card`` is a card as the games build them: a whole-number rank and a suit (a
    card built with 8.0 or True equals the card 8 or 1, but no game deals it)."""
    return (
        isinstance(card, Card)
        and type(card.rank) is int  # noqa: E721 - bool and float ranks compare equal
        and isinstance(card.suit, Suit)
    )


@dataclass(frozen=True)
class RankNames:
    """How one game writes its ranks: the names it accepts and the one it prints."""

    game: str
    printed: dict[int, str]
    aliases: dict[str, int]

    def parse_rank(self, text: str) -> int:
        key = text.strip().upper()
        if key in self.aliases:
            return self.aliases[key]
        for rank, name in self.printed.items():
            if name.upper() == key:
                return rank
        names = ", ".join(self.printed[r] for r in sorted(self.printed))
        raise NotationError(f"{clip(text.strip())} is not a rank in {self.game} (ranks: {names})")

    def name(self, rank: int) -> str:
        return self.printed[rank]

    @property
    def example(self) -> str:
        """Two cards of this game as they are typed, for messages: ``8C or 3H``."""
        ranks = sorted(self.printed)
        return f"{self.printed[ranks[-1]]}C or {self.printed[ranks[len(ranks) // 3]]}H"


def split_card_text(text: str, example: str = "8C or 10H") -> tuple[str, Suit]:
    """Split ``"10H"``, ``"h10"`` or ``"10♥"`` into its rank text and suit (``"10♥️"`` too: a
    phone's emoji form, the symbol followed by a variation selector)."""
    s = text.strip().replace("\ufe0f", "").replace("\ufe0e", "")
    if len(s) < 2:
        raise NotationError(f"{clip(text)} is not a card (write rank then suit, e.g. {example})")
    if s[-1].upper() in _SUIT_CHARS:
        return s[:-1], _SUIT_CHARS[s[-1].upper()]
    if s[0].upper() in _SUIT_CHARS:
        return s[1:], _SUIT_CHARS[s[0].upper()]
    last = s[-1]
    if last.isalpha() and last.isascii():
        # A letter where the suit goes: named as no suit, rather than the card as having none.
        raise NotationError(f"{clip(text)}: {last} is not a suit (end it with C, S, H or D)")
    raise NotationError(f"{clip(text)} has no suit (end it with C, S, H or D)")


def parse_card(text: str, names: RankNames) -> Card:
    """Parse one card in a game's notation; raise :class:`NotationError` if it names none."""
    rank_text, suit = split_card_text(text, names.example)
    return Card(names.parse_rank(rank_text), suit)


def format_card(card: Card, names: RankNames, *, ascii: bool = False) -> str:
    """Write a card as ``8♣`` (or ``8C`` in ASCII mode)."""
    return names.name(card.rank) + (card.suit.letter if ascii else card.suit.symbol)
