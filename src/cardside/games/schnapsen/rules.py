"""Schnapsen rules as pure functions over small values.

Cards have two spellings here. The public one is :class:`~cardside.core.cards.Card` whose rank
*is* its card-point value (Unter/Jack 2, Ober/Queen 3, König/King 4, Ten 10, Daus/Ace 11). The
fast one is an index ``0..19`` (``suit * 5 + rank position``) so that hands fit in a bit mask;
the deal engine and the solver use indices, the notation and the UI use :class:`Card`. Every
rule below is written once, on indices, and the :class:`Card` versions call it.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardside.core.bitset import members
from cardside.core.cards import Card, Suit

# -- cards -------------------------------------------------------------------------------------

SUITS: tuple[Suit, ...] = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
#: Ranks in ascending strength; a rank's value is its card points.
JACK, QUEEN, KING, TEN, ACE = 2, 3, 4, 10, 11
RANKS: tuple[int, ...] = (JACK, QUEEN, KING, TEN, ACE)
TOTAL_CARD_POINTS = 120
WIN_POINTS = 66
MATCH_START = 7
HAND_SIZE = 5
STOCK_SIZE = 10

#: Card points of each card index.
POINTS: tuple[int, ...] = tuple(RANKS[i % 5] for i in range(20))
#: Bit mask of each suit's five cards.
SUIT_MASK: tuple[int, ...] = tuple(0b11111 << (5 * s) for s in range(4))
ALL_CARDS_MASK = (1 << 20) - 1


def card_index(card: Card) -> int:
    """The index ``0..19`` of ``card``."""
    return SUITS.index(card.suit) * 5 + RANKS.index(card.rank)


#: The 20 cards by index (shared objects, so conversions allocate nothing).
CARDS: tuple[Card, ...] = tuple(Card(RANKS[i % 5], SUITS[i // 5]) for i in range(20))
_INDEX: dict[Card, int] = {c: i for i, c in enumerate(CARDS)}


def index_of(card: Card) -> int:
    """Fast :func:`card_index` for the 20 Schnapsen cards (``KeyError`` for any other card)."""
    return _INDEX[card]


def suit_index(suit: Suit) -> int:
    return SUITS.index(suit)


def mask_of(cards: object) -> int:
    """Bit mask of an iterable of :class:`Card`."""
    m = 0
    for c in cards:  # type: ignore[attr-defined]
        m |= 1 << _INDEX[c]
    return m


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards in ``mask`` in index order (by suit, then ascending rank)."""
    return tuple(CARDS[i] for i in indices_of(mask))


_LOW_HALF = tuple(tuple(members(m)) for m in range(1 << 10))
_HIGH_HALF = tuple(tuple(i + 10 for i in members(m)) for m in range(1 << 10))


def indices_of(mask: int) -> list[int]:
    """Card indices in a 20-card mask, low to high (a new list; two table look-ups)."""
    return [*_LOW_HALF[mask & 1023], *_HIGH_HALF[mask >> 10 & 1023]]


def card_points(card: Card) -> int:
    """Card points of ``card`` (its rank value)."""
    return POINTS[_INDEX[card]]


def mask_points(mask: int) -> int:
    """Total card points of the cards in ``mask``."""
    return sum(POINTS[i] for i in indices_of(mask))


# -- tricks ------------------------------------------------------------------------------------


def _reply_wins(lead: int, reply: int, trump: int) -> bool:
    lead_suit, reply_suit = lead // 5, reply // 5
    if reply_suit == lead_suit:
        return reply > lead
    return reply_suit == trump


#: REPLY_WINS[trump][lead][reply]: does the second card take the trick? (Both phases.)
REPLY_WINS: tuple[tuple[tuple[bool, ...], ...], ...] = tuple(
    tuple(tuple(_reply_wins(lead, reply, t) for reply in range(20)) for lead in range(20))
    for t in range(4)
)

#: Cards of the same suit that beat each card.
HIGHER_MASK: tuple[int, ...] = tuple(SUIT_MASK[i // 5] & ~((1 << (i + 1)) - 1) for i in range(20))


def trick_winner(lead: Card, reply: Card, trump: Suit) -> int:
    """0 if the led card takes the trick, 1 if the reply does (same rule in both phases)."""
    return int(REPLY_WINS[suit_index(trump)][_INDEX[lead]][_INDEX[reply]])


def legal_reply_mask(hand: int, lead: int, trump: int, strict: bool) -> int:
    """The cards of ``hand`` that may answer ``lead``.

    In phase 1 (``strict`` false) any card. In phase 2: follow suit and win if possible, else
    follow suit lower, else trump, else anything.
    """
    if not strict:
        return hand
    same = hand & SUIT_MASK[lead // 5]
    if same:
        higher = same & HIGHER_MASK[lead]
        return higher or same
    trumps = hand & SUIT_MASK[trump]
    return trumps or hand


def legal_replies(
    hand: tuple[Card, ...] | list[Card], lead: Card, trump: Suit, strict: bool
) -> list[Card]:
    """:func:`legal_reply_mask` on cards; keeps the order of ``hand``."""
    allowed = legal_reply_mask(mask_of(hand), _INDEX[lead], suit_index(trump), strict)
    return [c for c in hand if allowed >> _INDEX[c] & 1]


def marriage_points(suit: int, trump: int) -> int:
    """20 for a plain marriage, 40 for the trump marriage."""
    return 40 if suit == trump else 20


def marriage_suits(hand: int) -> list[int]:
    """Suits in which ``hand`` holds both King and Queen."""
    return [s for s in range(4) if hand >> (s * 5 + 1) & 3 == 3]


def is_marriage_card(i: int) -> bool:
    """Queen or King (the two cards a marriage may lead)."""
    return i % 5 in (1, 2)


def trump_jack(trump: int) -> int:
    return trump * 5


# -- game points -------------------------------------------------------------------------------

# Rule keys; the text is what the score table shows.
NORMAL_1, NORMAL_2, NORMAL_3 = "normal-1", "normal-2", "normal-3"
CLOSER_1, CLOSER_2, CLOSER_3 = "closer-1", "closer-2", "closer-3"
CLOSER_FAILED_2, CLOSER_FAILED_3 = "closer-failed-2", "closer-failed-3"
CLOSER_BEATEN_2, CLOSER_BEATEN_3 = "closer-beaten-2", "closer-beaten-3"
LAST_TRICK = "last-trick"

RULE_TEXT: dict[str, str] = {
    NORMAL_1: "66 reached, opponent had 33 or more: 1 game point",
    NORMAL_2: "66 reached, opponent had a trick but under 33, so Schneider: 2 game points",
    NORMAL_3: "66 reached, opponent had no trick, so Schwarz: 3 game points",
    CLOSER_1: "closer reached 66, opponent had 33 or more at closing: 1 game point",
    CLOSER_2: (
        "closer reached 66, opponent had a trick but under 33 at closing, so Schneider: "
        "2 game points"
    ),
    CLOSER_3: "closer reached 66, opponent had no trick at closing, so Schwarz: 3 game points",
    CLOSER_FAILED_2: "closer failed to reach 66: 2 game points to the opponent",
    CLOSER_FAILED_3: "closer failed to reach 66, opponent had no trick at closing: 3 game points",
    CLOSER_BEATEN_2: "closer's opponent reached 66 first: 2 game points",
    CLOSER_BEATEN_3: "closer's opponent reached 66 first, had no trick at closing: 3 game points",
    LAST_TRICK: "stock used up and no one reached 66, so the last trick wins 1 game point",
}


@dataclass(frozen=True)
class DealResult:
    """Who won a deal, how many game points, and the rule that gave them."""

    winner: int
    points: int
    rule: str

    @property
    def text(self) -> str:
        return RULE_TEXT[self.rule]


def scale(opponent_points: int, opponent_took_trick: bool) -> int:
    """Game points for reaching 66: 1, 2 under 33 (Schneider), 3 without a trick (Schwarz)."""
    if not opponent_took_trick:
        return 3
    return 1 if opponent_points >= 33 else 2


def decide_deal(
    reached_66: int | None,
    closer: int | None,
    record_points: int,
    record_trick: bool,
    last_trick: int | None,
) -> tuple[int, int, str]:
    """``(winner, game points, rule key)`` of a finished deal.

    ``reached_66``: the seat the table recognised at 66, or ``None`` when all tricks were played
    without it. ``record_points``/``record_trick``: when nobody closed, the loser's card points
    and whether they took a trick at the end; when someone closed, those of the closer's
    opponent at the moment of closing. ``last_trick``: who took the tenth trick (only needed
    when the stock ran out and no one reached 66).
    """
    if closer is None:
        if reached_66 is None:
            if last_trick is None:
                raise ValueError("the last-trick rule needs the winner of the last trick")
            return last_trick, 1, LAST_TRICK
        pts = scale(record_points, record_trick)
        return reached_66, pts, (NORMAL_1, NORMAL_2, NORMAL_3)[pts - 1]
    if reached_66 == closer:
        pts = scale(record_points, record_trick)
        return closer, pts, (CLOSER_1, CLOSER_2, CLOSER_3)[pts - 1]
    opponent = 1 - closer
    if reached_66 is None:
        return (opponent, 2, CLOSER_FAILED_2) if record_trick else (opponent, 3, CLOSER_FAILED_3)
    return (opponent, 2, CLOSER_BEATEN_2) if record_trick else (opponent, 3, CLOSER_BEATEN_3)


def deal_result(
    reached_66: int | None,
    closer: int | None,
    record_points: int,
    record_trick: bool,
    last_trick: int | None = None,
) -> DealResult:
    """:func:`decide_deal` as a :class:`DealResult` (with the rule text)."""
    return DealResult(*decide_deal(reached_66, closer, record_points, record_trick, last_trick))


# -- the match ---------------------------------------------------------------------------------


def apply_deal_result(counts: tuple[int, int], winner: int, points: int) -> tuple[int, int]:
    """Counts after ``winner`` scores ``points`` game points (never below 0)."""
    if points not in (1, 2, 3):
        raise ValueError(f"a deal is worth 1 to 3 game points, not {points}")
    out = list(counts)
    out[winner] = max(0, out[winner] - points)
    return (out[0], out[1])


def match_winner(counts: tuple[int, int]) -> int | None:
    """The seat whose count reached 0, if any."""
    for seat in (0, 1):
        if counts[seat] <= 0:
            return seat
    return None


# -- actions -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Marriage:
    """Declare the marriage of ``card``'s suit and lead ``card`` (its King or Queen)."""

    card: Card


@dataclass(frozen=True, slots=True)
class Exchange:
    """Swap the trump Unter from hand for the face-up indicator."""


@dataclass(frozen=True, slots=True)
class Close:
    """Close the stock: no more drawing, phase-2 rules from now on."""


EXCHANGE = Exchange()
CLOSE = Close()
#: An action is a card to play, a marriage (declare and lead), an exchange or a close.
Action = Card | Marriage | Exchange | Close

#: Action codes used by the engine: 0..19 play, 20..39 marriage leading card code-20.
MARRIAGE_BASE = 20
EXCHANGE_CODE = 40
CLOSE_CODE = 41


def action_code(action: Action) -> int:
    """The engine code of ``action``."""
    code = ACTION_CODES.get(action)  # type: ignore[call-overload]
    if code is None:
        raise TypeError(f"not a Schnapsen action: {action!r}")
    return code


ACTIONS: tuple[Action, ...] = CARDS + tuple(Marriage(c) for c in CARDS) + (EXCHANGE, CLOSE)


ACTION_CODES: dict[Action, int] = {a: i for i, a in enumerate(ACTIONS)}


def action_of(code: int) -> Action:
    """The action for an engine code."""
    return ACTIONS[code]
