"""What the opponent's moves this deal say about the cards they hold.

A player who could exchange the trump Jack, declare a marriage or take a led Ace cheaply and
did not, probably could not. The strong bot weighs each hidden hand it might deal the opponent
by how well the opponent's moves so far fit a model player (the rule-of-thumb policy): for a
candidate hand it works back through the deal to the hand the opponent held at each of their
moves (undoing each card played, and each card drawn, chosen at random among those that could
have been the draw) and asks what the model would have done there. A move the model makes
keeps the hand's weight; any other move multiplies it by ``EPSILON``, so a player of another
style only weakens the inference and never rules out the truth. Hands are proposed from every
hand consistent with what has been seen, so the weights turn that even spread into a belief.
"""

from __future__ import annotations

import random
from bisect import bisect
from dataclasses import dataclass
from itertools import accumulate

from cardside.games.schnapsen.deal import Deal, is_legal_code, legal_codes
from cardside.games.schnapsen.policy import heuristic_code
from cardside.games.schnapsen.rules import EXCHANGE_CODE, MARRIAGE_BASE, indices_of
from cardside.games.schnapsen.state import Observation, determinize_deal

#: The weight of a hand for each opponent move the model player would not have made.
EPSILON = 0.02
#: Hands proposed for one belief.
PROPOSALS = 400


@dataclass(frozen=True)
class Belief:
    """Weighted candidate hands of the opponent (card masks)."""

    hands: tuple[int, ...]
    cumulative: tuple[float, ...]

    def draw(self, rng: random.Random) -> int:
        """A hand drawn in proportion to its weight."""
        i = bisect(self.cumulative, rng.random() * self.cumulative[-1])
        return self.hands[min(i, len(self.hands) - 1)]


def belief(
    obs: Observation,
    rng: random.Random,
    proposals: int | None = None,
    epsilon: float | None = None,
) -> Belief | None:
    """The opponent's hand as a weighted sample of ``proposals`` hands (default
    :data:`PROPOSALS`), or ``None`` when nothing is to be learnt (the opponent has made no
    choice this deal, or every hand is already known)."""
    proposals = PROPOSALS if proposals is None else proposals
    epsilon = EPSILON if epsilon is None else epsilon
    opp = 1 - obs.seat
    if not any(m.actor == opp for m in obs.past):
        return None
    if obs.opponent_hand_size == obs.deal.hands[opp].bit_count():
        return None
    weights: dict[int, float] = {}
    for _ in range(proposals):
        hand = determinize_deal(obs, rng).hands[opp]
        w = likelihood(obs, hand, rng, epsilon)
        if w > 0:
            weights[hand] = weights.get(hand, 0.0) + w
    if not weights:
        return None
    hands = tuple(weights)
    return Belief(hands, tuple(accumulate(weights[h] for h in hands)))


def likelihood(obs: Observation, hand: int, rng: random.Random, epsilon: float) -> float:
    """How well the opponent's moves this deal fit the model player if they hold ``hand``
    now: 1 for a perfect fit, times ``epsilon`` for each other move, 0 if impossible."""
    opp = 1 - obs.seat
    h = hand
    w = 1.0
    after = obs.deal
    for move in reversed(obs.past):
        view = move.view
        if len(after.stock) < len(view.stock):
            # The move ended a trick and both drew: take back what the opponent drew.
            drew_indicator = len(view.stock) == 2 and after.tricks[-1].winner != opp
            if drew_indicator:
                card = view.stock[-1]
            else:
                options = indices_of(h & ~view.known[opp])
                if not options:
                    return 0.0
                card = rng.choice(options)
            if not h >> card & 1:
                return 0.0
            h &= ~(1 << card)
        if move.actor == opp:
            code = move.code
            if code == EXCHANGE_CODE:
                ind = view.stock[-1]
                h = h & ~(1 << ind) | (1 << view.trump * 5)
            elif code < EXCHANGE_CODE:
                h |= 1 << (code - MARRIAGE_BASE if code >= MARRIAGE_BASE else code)
            w *= _fit(view._replace(hands=_with(view.hands, opp, h)), code, epsilon)
            if w == 0.0:
                return 0.0
        after = view
    return w


def _with(hands: tuple[int, int], seat: int, hand: int) -> tuple[int, int]:
    return (hand, hands[1]) if seat == 0 else (hands[0], hand)


def _fit(d: Deal, code: int, epsilon: float) -> float:
    """1 if the model player makes move ``code`` in ``d``, ``epsilon`` if it would make
    another, 0 if ``code`` is not legal there."""
    if not is_legal_code(d, code):
        return 0.0
    if len(legal_codes(d)) == 1:
        return 1.0
    return 1.0 if heuristic_code(d) == code else epsilon


def deal_with_hand(obs: Observation, hand: int, rng: random.Random) -> Deal:
    """The deal with the opponent holding ``hand`` and the other unseen cards shuffled into
    the stock."""
    d = obs.deal
    opp = 1 - obs.seat
    rest = indices_of(obs.unseen_mask() & ~hand)
    rng.shuffle(rest)
    stock = tuple(rest) + d.stock[-1:] if d.stock else ()
    return d._replace(hands=_with(d.hands, opp, hand), stock=stock)
