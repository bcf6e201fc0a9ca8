"""Line-it notation: cards ``57`` (or ``57r``, colour letter checked) and ``B4``; actions
``line 57``, ``hand 57`` (take from the market), ``play 23`` (from hand), ``score``, ``done``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from cardside.core.arith import is_digits
from cardside.core.errors import NotationError
from cardside.core.schema import cut
from cardside.games.lineit.rules import (
    BET_BASE,
    BET_VALUES,
    COLOUR_LETTERS,
    COLOURS,
    bet_card,
    card_name,
    colour,
    is_bet,
)

KINDS = ("line", "hand", "play", "score", "done")
CARD_KINDS = ("line", "hand", "play")
MAX_TEXT = 400


class Action(NamedTuple):
    """One decision of a turn: ``kind`` is one of :data:`KINDS`; ``card`` is 0 when unused."""

    kind: str
    card: int = 0

    def __str__(self) -> str:
        return format_action(self)


SCORE = Action("score")
DONE = Action("done")
#: Interned card actions, indexed by card code, so move generation builds no new objects.
LINE = tuple(Action("line", c) for c in range(BET_BASE + 6))
HAND = tuple(Action("hand", c) for c in range(BET_BASE + 6))
PLAY = tuple(Action("play", c) for c in range(BET_BASE + 6))


def parse_card(text: str) -> int:
    """A card code from ``57``, ``57r``, ``B4`` (any case); a one-line reason if it is none."""
    s = text.strip().lower()
    if not s:
        raise NotationError("expected a card such as 57 or B4")
    if len(s) > 6:
        raise NotationError(f"{cut(text.strip(), 12)!r} is not a card (write 57, 57r or B4)")
    if s[0] == "b":
        digits = s[1:]
        if not is_digits(digits) or int(digits) not in BET_VALUES:
            raise NotationError(f"{text.strip()!r} is not a Bet card (B3, B4 or B5)")
        return bet_card(int(digits))
    letter = ""
    if s[-1].isalpha():
        s, letter = s[:-1], s[-1]
    if not is_digits(s):
        raise NotationError(f"{text.strip()!r} is not a card (write 57, 57r or B4)")
    n = int(s)
    if not 1 <= n <= 100:
        raise NotationError(f"{n} is not a card: numbers run from 1 to 100")
    if letter:
        if letter not in COLOUR_LETTERS:
            raise NotationError(f"{letter!r} is not a colour (r, b, g or y)")
        actual = colour(n)
        if COLOUR_LETTERS.index(letter) != actual:
            raise NotationError(
                f"{n} is {COLOURS[actual]}, not {COLOURS[COLOUR_LETTERS.index(letter)]}"
            )
    return n


def parse_cards(text: str) -> list[int]:
    """Cards separated by spaces or commas, in the order given."""
    if len(text) > MAX_TEXT:
        raise NotationError("too much text for one line of cards")
    items = text.replace(",", " ").split()
    if not items:
        raise NotationError("no cards given")
    return [parse_card(t) for t in items]


def format_card(card: int, *, letter: bool = False) -> str:
    """``57`` (``57r`` with ``letter``) or ``B4``."""
    if is_bet(card) or not letter:
        return card_name(card)
    return f"{card}{COLOUR_LETTERS[colour(card)]}"


def format_cards(cards: Iterable[int], *, letter: bool = False) -> str:
    return " ".join(format_card(c, letter=letter) for c in cards)


def parse_action(text: str) -> Action:
    """An action from text such as ``line 57``, ``hand B4``, ``play 23``, ``score``, ``done``;
    a card's word may be shortened to its start (``l 57``, ``p 23``)."""
    if len(text) > MAX_TEXT:
        raise NotationError("too much text for one action")
    words = text.strip().lower().split()
    if not words:
        raise NotationError("empty input: type line 57, hand 57, play 23, score or done")
    head = words[0]
    if head in ("score", "done"):
        if len(words) > 1:
            raise NotationError(f"{head!r} takes no card")
        return SCORE if head == "score" else DONE
    if len(words) == 2 and head not in CARD_KINDS:
        # With a card after it, the start of a word is enough: `l 57`, `p 23`, `ha 57`.
        head = next((k for k in CARD_KINDS if k.startswith(head)), head)
    if head in CARD_KINDS:
        if len(words) != 2:
            raise NotationError(f"write {head} and one card, e.g. '{head} 57'")
        return Action(head, parse_card(words[1]))
    raise NotationError(f"{words[0]!r} is not an action (line 57, hand 57, play 23, score or done)")


def format_action(action: Action) -> str:
    """The text :func:`parse_action` reads back."""
    if action.kind in CARD_KINDS:
        return f"{action.kind} {format_card(action.card)}"
    return action.kind


def read_action(text: str, state: object = None) -> Action:
    """The action ``text`` names for the player to move in ``state`` (a game or a view),
    read as every game reads one (``GameInfo.read_action``); ``NotationError`` if none."""
    return parse_action(text)


def write_action(action: Action) -> str:
    """``action`` in plain text, as session files hold it; :func:`read_action` reads it
    back."""
    return format_action(action)
