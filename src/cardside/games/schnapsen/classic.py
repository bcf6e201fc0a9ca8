"""The first rule-of-thumb policy, kept as the rollout policy of the ``classic`` bot.

It reads only what the player to move may know: their own hand, the public record of the deal
(cards played, trump, indicator, marriages, points) and the cards known to be in the other hand.
:mod:`policy` holds the current heuristic; this one stays unchanged so that ``classic`` plays
as the strong bot did before match equity, inference and the current heuristic.
"""

from __future__ import annotations

from cardside.games.schnapsen.deal import NO_CARD, Deal, legal_codes
from cardside.games.schnapsen.policy import is_top, outstanding, strict_lead
from cardside.games.schnapsen.rules import (
    CLOSE_CODE,
    EXCHANGE_CODE,
    MARRIAGE_BASE,
    POINTS,
    REPLY_WINS,
    SUIT_MASK,
    WIN_POINTS,
    indices_of,
    marriage_points,
)

_TEN, _ACE = 3, 4  # rank positions within a suit


def _in_marriage(card: int, hand: int) -> bool:
    return card % 5 in (1, 2) and hand >> (card // 5 * 5 + 1) & 3 == 3


def _discard_cost(card: int, hand: int, trump: int) -> int:
    """How much it hurts to give ``card`` away (lower is a better throw)."""
    cost = POINTS[card]
    if card // 5 == trump:
        cost += 20
    if _in_marriage(card, hand):
        cost += 15
    return cost


def _should_close(d: Deal, p: int) -> bool:
    hand = d.hands[p]
    if not d.won[p]:
        return False
    others = outstanding(d, p)
    sure = 0
    for c in indices_of(hand):
        if c // 5 == d.trump and is_top(c, others):
            sure += POINTS[c] + 6
        elif c % 5 == _ACE and c // 5 != d.trump:
            sure += POINTS[c] + 4
    trumps = (hand & SUIT_MASK[d.trump]).bit_count()
    return d.points[p] + sure >= WIN_POINTS and trumps >= 2


def classic_code(d: Deal) -> int:
    """The first heuristic's action code for the player to move in ``d``."""
    codes = legal_codes(d)
    if len(codes) == 1:
        return codes[0]
    p = d.to_move
    hand = d.hands[p]
    trump = d.trump
    if d.lead != NO_CARD:
        return _reply(d, p, hand, trump, codes)
    if EXCHANGE_CODE in codes:
        return EXCHANGE_CODE
    marriages = [c for c in codes if MARRIAGE_BASE <= c < EXCHANGE_CODE]
    if marriages:
        # Trump marriage first; lead the Queen and keep the King.
        marriages.sort(
            key=lambda c: (
                -marriage_points((c - MARRIAGE_BASE) // 5, trump),
                (c - MARRIAGE_BASE) % 5,
            )
        )
        return marriages[0]
    if CLOSE_CODE in codes and _should_close(d, p):
        return CLOSE_CODE
    cards = [c for c in codes if c < MARRIAGE_BASE]
    others = outstanding(d, p)
    if d.strict:
        lead = strict_lead(cards, trump, others)
        return lead if lead is not None else min(cards, key=lambda c: _discard_cost(c, hand, trump))
    if d.points[p] >= 50:
        aces = [c for c in cards if c % 5 == _ACE and c // 5 != trump]
        if aces:
            return aces[0]
    return min(cards, key=lambda c: _discard_cost(c, hand, trump) + (8 if c % 5 >= _TEN else 0))


def _reply(d: Deal, p: int, hand: int, trump: int, codes: list[int]) -> int:
    lead = d.lead
    wins = [c for c in codes if REPLY_WINS[trump][lead][c]]
    if wins:
        cheapest = min(wins, key=lambda c: _discard_cost(c, hand, trump))
        if d.won[p]:
            if d.points[p] + POINTS[lead] + POINTS[cheapest] >= WIN_POINTS:
                return cheapest
        elif d.pending[p] + d.points[p] + POINTS[lead] + POINTS[cheapest] >= WIN_POINTS:
            return cheapest
        same_suit = [c for c in wins if c // 5 == lead // 5]
        if d.strict:
            return cheapest
        if same_suit and (POINTS[lead] >= 10 or POINTS[max(same_suit)] >= 10):
            return max(same_suit)
        if POINTS[lead] >= 10:
            return cheapest
    return min(codes, key=lambda c: _discard_cost(c, hand, trump))
