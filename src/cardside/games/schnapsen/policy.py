"""A fast rule-of-thumb policy on raw deals: the ``heuristic`` bot and the search's rollouts.

It reads only what the player to move may know: their own hand, the public record of the deal
(cards played, trump, indicator, marriages, points) and the cards known to be in the other hand.
The rules of thumb are the ones club players teach: exchange the trump Unter, declare marriages
(and finish the deal with one when it reaches 66), keep trumps and marriage cards, throw Unters
and dead Kings or Queens, take a led Ace or Ten with a higher card or a small trump, draw trumps
and cash sure winners once the stock is closed.

Closing is judged by the card points it should bring: each card in hand counts with its chance
of taking a trick under the strict rules (given the cards the other side may hold unseen), and
takes along one of the smallest cards still out; the stock is closed when that expectation and
the points already won pass 65. A trump led while the stock is open is overtrumped with the
smallest higher trump. When a trump takes a trick, it is the highest of the trumps that are as
good as the smallest one (the cards between them being in hand or played), and the trump Unter
and the partner of the indicator are spared while exchanging can still complete the trump
marriage.
"""

from __future__ import annotations

from math import comb

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


def _unseen(d: Deal, p: int, others: int) -> tuple[int, int]:
    """(cards the other hand may hold unseen, how many unseen cards it holds)."""
    o = 1 - p
    known = d.known[o]
    hidden = others & ~known
    if d.stock:
        hidden &= ~(1 << d.stock[-1])
    size = d.hands[p].bit_count() - (0 if d.lead == NO_CARD else 1)
    return hidden, size - known.bit_count()


def _strict_win_chance(card: int, trump: int, known: int, hidden: int, k: int) -> float:
    """The chance that ``card``, led under strict rules, takes the trick, when the other hand
    holds ``known`` and ``k`` cards drawn evenly from ``hidden``."""
    higher = HIGHER_MASK[card]
    if known & higher:
        return 0.0
    u = hidden.bit_count()
    h = (hidden & higher).bit_count()
    total = comb(u, k)
    win = comb(u - h, k)
    suit = card // 5
    if suit != trump and not known & SUIT_MASK[suit] & ~higher:
        lower = SUIT_MASK[suit] & ~higher & ~(1 << card)
        rest = u - h - (hidden & lower).bit_count()
        # Hands with nothing of the suit can trump it.
        win -= comb(rest, k)
        if not known & SUIT_MASK[trump]:
            win += comb(rest - (hidden & SUIT_MASK[trump]).bit_count(), k)
    return win / total


def _closing_estimate(d: Deal, p: int, others: int) -> float:
    """The card points ``p`` may expect after closing now: each card weighted by its chance to
    take a strict trick, the n-th likeliest taking the n-th smallest card the other side may
    hold."""
    hidden, k = _unseen(d, p, others)
    known = d.known[1 - p]
    chances = sorted(
        ((_strict_win_chance(c, d.trump, known, hidden, k), c) for c in indices_of(d.hands[p])),
        reverse=True,
    )
    theirs = sorted(POINTS[c] for c in indices_of(hidden | known))
    return d.points[p] + sum(w * (POINTS[c] + t) for (w, c), t in zip(chances, theirs))


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
    if CLOSE_CODE in codes and _closing_estimate(d, p, others) > WIN_POINTS - 1:
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


def _top_equal(card: int, hand: int, gone: int) -> int:
    """The highest card of ``hand`` worth the same as ``card`` for taking tricks: climb while
    each next higher card of the suit is in hand or already played."""
    best = card
    for nxt in range(card + 1, card // 5 * 5 + 5):
        if hand >> nxt & 1:
            best = nxt
        elif not gone >> nxt & 1:
            break
    return best


def _exchange_marriage(d: Deal, hand: int) -> bool:
    """Holding the trump Unter and the partner of the trump indicator (and a third trump)."""
    if not d.stock_open or not hand >> (d.trump * 5) & 1:
        return False
    ind = d.stock[-1]
    if ind % 5 not in (_QUEEN, _KING) or not hand >> _partner(ind) & 1:
        return False
    return (hand & SUIT_MASK[d.trump]).bit_count() > 2


def _trump_to_take(d: Deal, hand: int, trumps: list[int]) -> int:
    """Which of ``trumps`` (each taking the trick) to play."""
    if _exchange_marriage(d, hand):
        keep = (1 << d.trump * 5) | (1 << _partner(d.stock[-1]))
        spare = [c for c in trumps if not keep >> c & 1]
        if spare:
            return max(spare)
    gone = d.won[0] | d.won[1] | 1 << d.lead
    return _top_equal(min(trumps), hand, gone)


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
    if lead // 5 == trump:
        return min(same) if same else throw
    trumps = [c for c in wins if c // 5 == trump and not in_marriage(c, hand)]
    if trumps:
        take = _trump_to_take(d, hand, trumps)
        if POINTS[lead] >= 10 or their + POINTS[throw] >= WIN_POINTS:
            return take
        # Take the lead to declare a marriage held in hand (keep two trumps besides).
        for s in range(4):
            if hand >> (s * 5 + 1) & 3 == 3 and (
                s != trump or (hand & SUIT_MASK[trump]).bit_count() > 2
            ):
                return take
    return throw
