"""A fast rule-of-thumb policy on raw deals: the ``heuristic`` bot and the search's rollouts.

It reads only what the player to move may know: their own hand, the public record of the deal
(cards played, trump, indicator, marriages, points) and the cards known to be in the other hand.
The rules of thumb are the ones club players teach: exchange the trump Unter, declare marriages
(and finish the deal with one when it reaches 66), keep trumps and marriage cards, throw Unters
and dead Kings or Queens, take a led Ace or Ten with a higher card or a small trump, draw trumps
and cash sure winners once the stock is closed, and close with enough sure tricks to reach 66.
"""

from __future__ import annotations

from cardside.games.schnapsen.deal import NO_CARD, Deal, legal_codes
from cardside.games.schnapsen.rules import (
    ALL_CARDS_MASK,
    CLOSE_CODE,
    EXCHANGE_CODE,
    HIGHER_MASK,
    MARRIAGE_BASE,
    POINTS,
    REPLY_WINS,
    SUIT_MASK,
    WIN_POINTS,
    indices_of,
    marriage_points,
)

_QUEEN, _KING, _TEN, _ACE = 1, 2, 3, 4  # rank positions within a suit


def outstanding(d: Deal, seat: int) -> int:
    """Cards ``seat`` has not seen played or in its own hand (opponent's hand or stock)."""
    gone = d.won[0] | d.won[1] | d.hands[seat]
    if d.lead != NO_CARD:
        gone |= 1 << d.lead
    return ALL_CARDS_MASK & ~gone


def is_top(card: int, others: int) -> bool:
    """No card among ``others`` beats ``card`` in its own suit."""
    return not others & HIGHER_MASK[card]


def in_marriage(card: int, hand: int) -> bool:
    """``card`` is a King or Queen whose partner is in ``hand`` too."""
    return card % 5 in (_QUEEN, _KING) and hand >> (card // 5 * 5 + 1) & 3 == 3


def _partner(card: int) -> int:
    return card + 1 if card % 5 == _QUEEN else card - 1


def _cost(d: Deal, card: int, hand: int, others: int) -> int:
    """How much it hurts to give ``card`` away (lower is a better throw).

    In order: cards of suits nobody else can hold any more, Unters, Kings and Queens whose
    partner is gone, those whose partner may still come, those with the partner in hand, Aces
    and Tens, and trumps last; the card points break ties.
    """
    suit, rank = card // 5, card % 5
    if suit == d.trump:
        bucket = 6
    elif not others & SUIT_MASK[suit]:
        bucket = 0
    elif rank == 0:
        bucket = 1
    elif rank in (_QUEEN, _KING):
        partner = 1 << _partner(card)
        bucket = 4 if hand & partner else 3 if others & partner else 2
    else:
        bucket = 5
    return bucket * 100 + POINTS[card]


def sure_winner(card: int, trump: int, others: int) -> bool:
    """Led under strict rules, ``card`` takes the trick whatever the other side holds among
    ``others``: it is top of its suit, and a trump, or the other side must follow or has no
    trump."""
    return is_top(card, others) and (
        card // 5 == trump or not others & SUIT_MASK[trump] or bool(others & SUIT_MASK[card // 5])
    )


def strict_lead(cards: list[int], trump: int, others: int) -> int | None:
    """A lead once the stock is closed or used up: a top trump while the other side may hold
    trumps (to draw them), else the richest sure winner, else ``None``."""
    trump_top = [c for c in cards if c // 5 == trump and is_top(c, others)]
    if trump_top and others & SUIT_MASK[trump]:
        return max(trump_top)
    winners = [c for c in cards if sure_winner(c, trump, others)]
    return max(winners, key=lambda c: POINTS[c]) if winners else None


def _sure_points(d: Deal, p: int, others: int) -> tuple[int, int]:
    """(card points, count) of the cards that win a strict trick whatever the other holds."""
    sure = [c for c in indices_of(d.hands[p]) if sure_winner(c, d.trump, others)]
    return sum(POINTS[c] for c in sure), len(sure)


def _should_close(d: Deal, p: int, others: int) -> bool:
    """Close when the sure tricks (each taking at least a small card) reach 66."""
    if not d.won[p]:
        return False
    total, count = _sure_points(d, p, others)
    hand = d.hands[p]
    marriage = max(
        (marriage_points(s, d.trump) for s in range(4) if hand >> (s * 5 + 1) & 3 == 3), default=0
    )
    trumps = (hand & SUIT_MASK[d.trump]).bit_count()
    return d.points[p] + total + 2 * count + marriage >= WIN_POINTS and trumps >= 2 and count >= 2


def heuristic_code(d: Deal) -> int:
    """The heuristic's action code for the player to move in ``d``."""
    codes = legal_codes(d)
    if len(codes) == 1:
        return codes[0]
    p = d.to_move
    others = outstanding(d, p)
    if d.lead != NO_CARD:
        return _reply(d, p, others, codes)
    return _lead(d, p, others, codes)


def _lead(d: Deal, p: int, others: int, codes: list[int]) -> int:
    hand, trump = d.hands[p], d.trump
    if EXCHANGE_CODE in codes:
        return EXCHANGE_CODE
    marriages = [c for c in codes if MARRIAGE_BASE <= c < EXCHANGE_CODE]
    if marriages:
        # The most valuable marriage; lead the King when no Ace or Ten of the suit is out.
        def key(c: int) -> tuple[int, int]:
            card = c - MARRIAGE_BASE
            king_safe = not others & (SUIT_MASK[card // 5] & HIGHER_MASK[card // 5 * 5 + 2])
            prefer = card % 5 == (_KING if king_safe else _QUEEN)
            return (-marriage_points(card // 5, trump), 0 if prefer else 1)

        return min(marriages, key=key)
    if CLOSE_CODE in codes and _should_close(d, p, others):
        return CLOSE_CODE
    cards = [c for c in codes if c < MARRIAGE_BASE]
    if d.strict:
        lead = strict_lead(cards, trump, others)
        return lead if lead is not None else min(cards, key=lambda c: _cost(d, c, hand, others))
    # Stock open: cash the trump Ace (or a top trump) when it brings 66, else throw cheaply.
    if d.won[p]:
        tops = [c for c in cards if c // 5 == trump and is_top(c, others)]
        if tops and d.points[p] + POINTS[max(tops)] + 2 >= WIN_POINTS:
            return max(tops)
    if d.won[p]:
        sure = [c for c in cards if is_top(c, others) and c // 5 == trump]
        if sure and d.points[p] + sum(POINTS[c] + 2 for c in sure) >= WIN_POINTS:
            return max(sure)
    return min(cards, key=lambda c: _cost(d, c, hand, others))


def _reply(d: Deal, p: int, others: int, codes: list[int]) -> int:
    hand, trump, lead = d.hands[p], d.trump, d.lead
    wins = [c for c in codes if REPLY_WINS[trump][lead][c]]
    gained = d.points[p] + (0 if d.won[p] else d.pending[p]) + POINTS[lead]
    o = 1 - p
    their = d.points[o] + (0 if d.won[o] else d.pending[o]) + POINTS[lead]

    def cost(c: int) -> int:
        return _cost(d, c, hand, others)

    throw = min(codes, key=cost)
    if not wins:
        return throw
    finishing = [c for c in wins if gained + POINTS[c] >= WIN_POINTS]
    if finishing:
        return min(finishing, key=cost)
    cheapest = min(wins, key=cost)
    if d.strict:
        return cheapest
    same = [c for c in wins if c // 5 == lead // 5 and not in_marriage(c, hand)]
    if same and lead // 5 != trump:
        return max(same)  # the highest card that takes it: as many points as possible
    trumps = [c for c in wins if c // 5 == trump and not in_marriage(c, hand)]
    if lead // 5 == trump:
        return min(same) if same and POINTS[lead] >= 10 else throw
    if trumps:
        if POINTS[lead] >= 10 or their + POINTS[throw] >= WIN_POINTS:
            return min(trumps)
        # Take the lead to declare a marriage held in hand (keep two trumps besides).
        for s in range(4):
            if hand >> (s * 5 + 1) & 3 == 3 and (
                s != trump or (hand & SUIT_MASK[trump]).bit_count() > 2
            ):
                return min(trumps)
    return throw
