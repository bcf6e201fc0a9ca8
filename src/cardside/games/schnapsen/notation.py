"""Reading and writing Schnapsen cards and actions.

Cards: French ranks ``A 10 (T) K Q J`` or German ``D (Daus) 10 K O (Ober) U (Unter)``, then a
suit letter ``C S H D`` or symbol ``♣♠♥♦``, any case: ``KH``, ``10♥``, ``th``, ``OS`` (Ober of
spades = Queen), ``DD`` (Daus of diamonds). Actions: a card to play (``KH``), ``marriage KH``
(declare and lead that card), ``exchange``, ``close``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

from cardside.core import cards as core_cards
from cardside.core.cards import Card, RankNames, Suit
from cardside.core.errors import AmbiguousActionError, IllegalActionError, NotationError
from cardside.core.schema import cut
from cardside.games.schnapsen.rules import (
    CLOSE,
    EXCHANGE,
    KING,
    QUEEN,
    SUITS,
    Action,
    Close,
    Exchange,
    Marriage,
    marriage_points,
)


def sort_hand(cards: Iterable[Card], trump: Suit) -> list[Card]:
    """Trumps first, then the other suits in C S H D order; high cards first in each suit:
    a hand as the table and the review show it."""
    order = [trump] + [s for s in SUITS if s != trump]
    return sorted(cards, key=lambda c: (order.index(c.suit), -c.rank))


RANK_NAMES = RankNames(
    game="Schnapsen",
    printed={2: "J", 3: "Q", 4: "K", 10: "10", 11: "A"},
    aliases={
        "T": 10,
        "ZEHN": 10,
        "TEN": 10,
        "D": 11,
        "DAUS": 11,
        "ACE": 11,
        "ASS": 11,
        "KING": 4,
        "KÖNIG": 4,
        "KOENIG": 4,
        "O": 3,
        "OBER": 3,
        "QUEEN": 3,
        "DAME": 3,
        "U": 2,
        "UNTER": 2,
        "JACK": 2,
        "B": 2,
        "BUBE": 2,
    },
)

_EXCHANGE_WORDS = {"exchange", "ex", "swap"}
_CLOSE_WORDS = {"close", "cl", "zudrehen"}
_MARRIAGE_WORDS = {"marriage", "marry", "m", "20", "40"}
#: Answers that name no player (nobody closed, nobody reached 66): never a player's name.
NOBODY = frozenset({"no", "n", "nobody", "none", "-", "no one", "noone"})
#: Words that name an action rather than a card.
KEYWORDS = frozenset(_EXCHANGE_WORDS | _CLOSE_WORDS | _MARRIAGE_WORDS)


def parse_card(text: str) -> Card:
    """Parse one card; raise :class:`NotationError` naming what is wrong."""
    return core_cards.parse_card(text, RANK_NAMES)


def format_card(card: Card, ascii: bool = False) -> str:
    """``K♥`` (or ``KH`` with ``ascii``)."""
    return core_cards.format_card(card, RANK_NAMES, ascii=ascii)


def format_cards(cards: object, ascii: bool = False) -> str:
    """Cards separated by spaces."""
    return " ".join(format_card(c, ascii) for c in cards)  # type: ignore[attr-defined]


class _HasLegal(Protocol):
    def legal_actions(self) -> list[Action]: ...

    def why_illegal(self, action: Action) -> str: ...


def parse_action(text: str, context: _HasLegal | None = None) -> Action:
    """Parse an action; with a state or observation, also check that it is legal now.

    Raises :class:`NotationError` for text that names no action,
    :class:`AmbiguousActionError` for ``marriage H`` (which card to lead?), and
    :class:`IllegalActionError` with the reason for a well-formed action the rules forbid.
    """
    action = _parse(text, context)
    if context is not None and action not in context.legal_actions():
        raise IllegalActionError(context.why_illegal(action))
    return action


def _parse(text: str, context: _HasLegal | None) -> Action:
    words = text.strip().split()
    if not words:
        raise NotationError("empty input: type a card such as KH, or marriage, exchange, close")
    head = words[0].lower()
    if head in _EXCHANGE_WORDS or head in _CLOSE_WORDS:
        if len(words) > 1:
            raise NotationError(f"{words[0]!r} takes no card")
        return EXCHANGE if head in _EXCHANGE_WORDS else CLOSE
    if head in _MARRIAGE_WORDS and len(words) > 1:
        if len(words) > 2:
            raise NotationError("write the marriage as e.g. 'marriage KH'")
        marriage = _parse_marriage(words[1], context)
        _check_worth(head, marriage, context)
        return marriage
    if head in _MARRIAGE_WORDS:
        raise NotationError("say which card to lead, e.g. 'marriage KH' or 'marriage QH'")
    if len(words) == 2:
        try:  # a rank and a suit with a space between (`10 h`, `t h`), as Octrix reads them
            return parse_card("".join(words))
        except NotationError:
            pass
    if len(words) > 1:
        shown = cut(" ".join(words), 24)
        raise NotationError(f"{shown!r} is not one card; type one, e.g. KH or 10S")
    return parse_card(words[0])


def _check_worth(head: str, marriage: Marriage, context: _HasLegal | None) -> None:
    """``20 KH`` and ``40 KH`` must say the marriage's worth: 40 in trumps, else 20."""
    trump = getattr(context, "trump", None)
    if head not in ("20", "40") or trump is None:
        return
    if context is not None and marriage not in context.legal_actions():
        return  # not declarable at all (a card not held): the caller says why
    worth = 40 if marriage.card.suit == trump else 20
    if int(head) != worth:
        k, q = (format_card(Card(r, marriage.card.suit), ascii=True) for r in (KING, QUEEN))
        where = "in trumps" if worth == 40 else "outside trumps"
        raise NotationError(
            f"{k} and {q} make a marriage {where}, worth {worth}, not {head}: "
            f"type {worth} {format_card(marriage.card, ascii=True)} or "
            f"marriage {format_card(marriage.card, ascii=True)}"
        )


def _parse_marriage(word: str, context: _HasLegal | None) -> Marriage:
    if len(word.strip()) == 1:
        suit = core_cards.parse_suit(word)
        options = [Marriage(Card(KING, suit)), Marriage(Card(QUEEN, suit))]
        if context is not None:
            legal = [a for a in options if a in context.legal_actions()]
            if len(legal) == 1:
                return legal[0]
            if not legal:
                return options[0]  # not legal either way: the caller gives the reason
        k, q = (format_card(Card(r, suit), ascii=True) for r in (KING, QUEEN))
        raise AmbiguousActionError(f"say which card to lead: 'marriage {k}' or 'marriage {q}'")
    card = parse_card(word)
    if card.rank not in (KING, QUEEN):
        name = format_card(card, ascii=True)
        raise NotationError(f"a marriage leads its King or Queen, not {name}")
    return Marriage(card)


def format_action(action: Action, ascii: bool = False) -> str:
    """The text :func:`parse_action` reads back: ``KH``, ``marriage KH``, ``exchange``,
    ``close``."""
    if isinstance(action, Card):
        return format_card(action, ascii)
    if isinstance(action, Marriage):
        return "marriage " + format_card(action.card, ascii)
    if isinstance(action, Exchange):
        return "exchange"
    if isinstance(action, Close):
        return "close"
    raise TypeError(f"not a Schnapsen action: {action!r}")


__all__ = [
    "RANK_NAMES",
    "parse_card",
    "format_card",
    "format_cards",
    "parse_action",
    "format_action",
]


def read_action(text: str, state: object = None) -> Action:
    """The action ``text`` names for the player to move in ``state`` (a game or a view),
    read as every game reads one (``GameInfo.read_action``); ``NotationError`` if none."""
    return _parse(text, None)


def write_action(action: Action) -> str:
    """``action`` in plain text, as session files hold it; :func:`read_action` reads it
    back."""
    return format_action(action, ascii=True)


def points_text(obs: Any, seat: int, names: Sequence[str], suit: Callable[[Suit], str]) -> str:
    """A seat's standing in the deal as the table and a review show it (``obs`` a deal's
    view): ``Ann: 38 card points (20 of them from marriages), 2 tricks; marriages ♥ 20``, with
    marriage points still pending (no trick yet) said so; ``suit`` writes a suit."""
    tricks = obs.tricks_won(seat)
    from_marriages = obs.marriage_points(seat)
    text = f"{names[seat]}: {obs.points(seat)} card points"
    if from_marriages:
        text += f" ({from_marriages} of them from marriages)"
    text += f", {tricks} trick{'' if tricks == 1 else 's'}"
    if obs.pending(seat):
        text += f", {obs.pending(seat)} pending (counts after a first trick)"
    trump = SUITS.index(obs.trump)
    marriages = [
        f"{suit(s)} {marriage_points(SUITS.index(s), trump)}"
        for who, s in obs.marriages
        if who == seat
    ]
    if marriages:
        text += "; marriages " + ", ".join(marriages)
    return text
