"""One deal of Schnapsen as an immutable value and its pure transition.

The engine works on card indices and bit masks (see :mod:`rules`) because bots replay
thousands of deals per move; :mod:`state` wraps it in the public state API with
:class:`~cardside.core.cards.Card` values.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from cardside.games.schnapsen import rules
from cardside.games.schnapsen.rules import (
    CLOSE_CODE,
    EXCHANGE_CODE,
    MARRIAGE_BASE,
    POINTS,
    REPLY_WINS,
    WIN_POINTS,
    decide_deal,
    indices_of,
    legal_reply_mask,
    marriage_points,
)

NO_CARD = -1
NOBODY = -1


class Trick(NamedTuple):
    """A finished trick: who led, the two cards (indices), who took it."""

    leader: int
    lead: int
    reply: int
    winner: int


class Deal(NamedTuple):
    """Everything about one deal, hidden cards included."""

    trump: int
    dealer: int
    hands: tuple[int, int]
    #: Face down, top first; the last card is the face-up indicator under the stock.
    stock: tuple[int, ...]
    closer: int
    #: The closer's opponent's (card points, took a trick) at the moment of closing.
    record: tuple[int, bool] | None
    to_move: int
    #: The card led in the open trick, or NO_CARD.
    lead: int
    points: tuple[int, int]
    pending: tuple[int, int]
    won: tuple[int, int]
    tricks: tuple[Trick, ...]
    #: (seat, suit) of every marriage declared, in order.
    marriages: tuple[tuple[int, int], ...]
    #: Cards in each hand that the other player has seen go there and not yet seen played.
    known: tuple[int, int]
    exchanged_by: int
    result: tuple[int, int, str] | None

    # -- derived facts -----------------------------------------------------------------------
    @property
    def stock_open(self) -> bool:
        """Cards are still drawn after tricks (phase 1)."""
        return self.closer == NOBODY and bool(self.stock)

    @property
    def strict(self) -> bool:
        """Phase 2: stock closed or exhausted, so replies must follow the strict rules."""
        return self.closer != NOBODY or not self.stock

    @property
    def leader(self) -> int:
        return self.to_move if self.lead == NO_CARD else 1 - self.to_move

    @property
    def indicator(self) -> int:
        """The face-up trump card under the stock, or NO_CARD once it has been taken."""
        return self.stock[-1] if self.stock else NO_CARD

    def result_for(self, seat: int) -> int:
        """The finished deal's game points for ``seat`` (negative when ``seat`` lost)."""
        if self.result is None:
            raise ValueError("the deal is not over")
        winner, points, _ = self.result
        return points if winner == seat else -points

    def took_trick(self, seat: int) -> bool:
        return self.won[seat] != 0

    def counted_marriages(self, seat: int) -> int:
        """The marriage points inside ``points[seat]`` (pending ones are not counted yet)."""
        declared = sum(marriage_points(s, self.trump) for who, s in self.marriages if who == seat)
        return declared - self.pending[seat]


def new_deal(rng: random.Random, dealer: int) -> Deal:
    """Shuffle and deal: 3 cards each, the indicator, 2 each, the rest on the indicator."""
    cards = list(range(20))
    rng.shuffle(cards)
    elder = 1 - dealer
    hands = [0, 0]
    for i in range(3):
        hands[elder] |= 1 << cards[i]
        hands[dealer] |= 1 << cards[3 + i]
    indicator = cards[6]
    for i in range(2):
        hands[elder] |= 1 << cards[7 + i]
        hands[dealer] |= 1 << cards[9 + i]
    stock = tuple(cards[11:]) + (indicator,)
    return Deal(
        trump=indicator // 5,
        dealer=dealer,
        hands=(hands[0], hands[1]),
        stock=stock,
        closer=NOBODY,
        record=None,
        to_move=elder,
        lead=NO_CARD,
        points=(0, 0),
        pending=(0, 0),
        won=(0, 0),
        tricks=(),
        marriages=(),
        known=(0, 0),
        exchanged_by=NOBODY,
        result=None,
    )


def legal_codes(d: Deal) -> list[int]:
    """Legal action codes in a stable order: cards, marriages, exchange, close."""
    if d.result is not None:
        return []
    hand = d.hands[d.to_move]
    if d.lead != NO_CARD:
        return indices_of(legal_reply_mask(hand, d.lead, d.trump, d.strict))
    codes = indices_of(hand)
    for s in range(4):
        if hand >> (s * 5 + 1) & 3 == 3:
            codes.append(MARRIAGE_BASE + s * 5 + 1)
            codes.append(MARRIAGE_BASE + s * 5 + 2)
    if d.closer == NOBODY and d.stock:
        if hand >> (d.trump * 5) & 1:
            codes.append(EXCHANGE_CODE)
        if hand.bit_count() == rules.HAND_SIZE:
            codes.append(CLOSE_CODE)
    return codes


def is_legal_code(d: Deal, code: int) -> bool:
    """Same as ``code in legal_codes(d)``, without building the list."""
    if d.result is not None or not 0 <= code <= CLOSE_CODE:
        return False
    hand = d.hands[d.to_move]
    if code < MARRIAGE_BASE:
        if not hand >> code & 1:
            return False
        if d.lead == NO_CARD:
            return True
        return bool(legal_reply_mask(hand, d.lead, d.trump, d.strict) >> code & 1)
    if d.lead != NO_CARD:
        return False
    if code < EXCHANGE_CODE:
        card = code - MARRIAGE_BASE
        return rules.is_marriage_card(card) and hand >> (card // 5 * 5 + 1) & 3 == 3
    if d.closer != NOBODY or not d.stock:
        return False
    if code == EXCHANGE_CODE:
        return bool(hand >> (d.trump * 5) & 1)
    return hand.bit_count() == rules.HAND_SIZE


def _finished(d: Deal, reached: int | None, last: int | None) -> tuple[int, int, str]:
    closer = None if d.closer == NOBODY else d.closer
    if closer is not None:
        assert d.record is not None
        rec_points, rec_trick = d.record
    elif reached is not None:
        rec_points, rec_trick = d.points[1 - reached], d.won[1 - reached] != 0
    else:
        rec_points, rec_trick = 0, False
    return decide_deal(reached, closer, rec_points, rec_trick, last)


def step(d: Deal, code: int) -> Deal:
    """The deal after the (legal) action ``code``."""
    p = d.to_move
    if code == CLOSE_CODE:
        o = 1 - p
        return d._replace(closer=p, record=(d.points[o], d.won[o] != 0))
    if code == EXCHANGE_CODE:
        jack, ind = d.trump * 5, d.stock[-1]
        hands = list(d.hands)
        hands[p] = hands[p] ^ (1 << jack) | (1 << ind)
        known = list(d.known)
        known[p] = (known[p] & ~(1 << jack)) | (1 << ind)
        return d._replace(
            hands=(hands[0], hands[1]),
            stock=d.stock[:-1] + (jack,),
            known=(known[0], known[1]),
            exchanged_by=p,
        )
    if code >= MARRIAGE_BASE:
        card = code - MARRIAGE_BASE
        suit = card // 5
        partner = card + 1 if card % 5 == 1 else card - 1
        value = marriage_points(suit, d.trump)
        points, pending = list(d.points), list(d.pending)
        if d.won[p]:
            points[p] += value
        else:
            pending[p] += value
        known = list(d.known)
        known[p] |= 1 << partner
        d = d._replace(
            points=(points[0], points[1]),
            pending=(pending[0], pending[1]),
            marriages=d.marriages + ((p, suit),),
            known=(known[0], known[1]),
        )
        if points[p] >= WIN_POINTS:
            return d._replace(result=_finished(d, p, None))
        code = card
    bit = 1 << code
    hands = list(d.hands)
    hands[p] ^= bit
    known = list(d.known)
    known[p] &= ~bit
    if d.lead == NO_CARD:
        return Deal(
            d.trump,
            d.dealer,
            (hands[0], hands[1]),
            d.stock,
            d.closer,
            d.record,
            1 - p,
            code,
            d.points,
            d.pending,
            d.won,
            d.tricks,
            d.marriages,
            (known[0], known[1]),
            d.exchanged_by,
            None,
        )
    leader = 1 - p
    w = p if REPLY_WINS[d.trump][d.lead][code] else leader
    points, pending, won = list(d.points), list(d.pending), list(d.won)
    if not won[w]:
        points[w] += pending[w]
        pending[w] = 0
    won[w] |= bit | (1 << d.lead)
    points[w] += POINTS[d.lead] + POINTS[code]
    stock = d.stock
    if d.closer == NOBODY and stock:
        hands[w] |= 1 << stock[0]
        hands[1 - w] |= 1 << stock[1]
        if len(stock) == 2:
            known[1 - w] |= 1 << stock[1]
        stock = stock[2:]
    d = Deal(
        trump=d.trump,
        dealer=d.dealer,
        hands=(hands[0], hands[1]),
        stock=stock,
        closer=d.closer,
        record=d.record,
        to_move=w,
        lead=NO_CARD,
        points=(points[0], points[1]),
        pending=(pending[0], pending[1]),
        won=(won[0], won[1]),
        tricks=d.tricks + (Trick(leader, d.lead, code, w),),
        marriages=d.marriages,
        known=(known[0], known[1]),
        exchanged_by=d.exchanged_by,
        result=None,
    )
    if points[w] >= WIN_POINTS:
        return d._replace(result=_finished(d, w, None))
    if not hands[0] and not hands[1]:
        return d._replace(result=_finished(d, None, w))
    return d
