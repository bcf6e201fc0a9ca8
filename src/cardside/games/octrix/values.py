"""What each card in an Octrix hand is worth to its player, from what that player can see.

Hands are open in Octrix, so a two-player round is a game of full knowledge but for the card
the other player lays face down at the same time: each trick is a matrix game, solved exactly
over the rest of the round (:mod:`exact`). A card's value is what it brings against the other
player's equilibrium mix of cards (the cards the equilibrium plays are all worth the round's
value; a card outside it is worth less): exact, never estimated.

The game's own unit is the round's expected points margin (the player's round points minus the
other's, those scored so far included). The expected result is the chance to win the match.
Where the round can end the match and at most :data:`MATCH_CARDS` cards are left in a hand,
the last tricks are solved again with the chance to win the match as their payoff
(:mod:`equity`), as the strong bot plays them. Elsewhere the chance is read from the match
table (:func:`equity.match_chance`) at the round's end, the expected margin split about the
mean points a round brings, each side needing what it needs now.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from cardside.core.values import MoveValue, Valuation
from cardside.games.octrix.bots import _hand
from cardside.games.octrix.equilibrium import solve_matrix_game
from cardside.games.octrix.equity import ROUND_OUTCOMES, MatchSolver, after_round, most_points
from cardside.games.octrix.exact import shared_solver
from cardside.games.octrix.position import CARDS, RoundPosition, bits, round_position
from cardside.games.octrix.rules import TRICKS_PER_ROUND
from cardside.games.octrix.state import OctrixState

RESULT = "the game"
UNIT = "points margin of the round"
#: Cards in a hand from which a round that can end the match is valued by the match chance.
MATCH_CARDS = 6
#: The points a round brings both sides together, on average, in the match table's model.
ROUND_POINTS = sum((a + b) * p for a, b, p in ROUND_OUTCOMES)


def reviewable(state: OctrixState) -> str | None:
    """Why the cards of this game cannot be valued, or ``None`` if they can."""
    if state.players != 2:
        return "only two-player Octrix is solved exactly; three or four players are not reviewed"
    return None


def move_values(
    state: OctrixState, seat: int, rng: random.Random | None = None, depth: int = 1
) -> Valuation:
    """Every card of ``seat`` (to play) valued from what it sees (``rng`` and ``depth``
    are unused: the values are exact)."""
    why = reviewable(state)
    if why is not None:
        raise ValueError(why)
    hand = _hand(state, seat)
    pos = round_position(state, seat)
    key = (pos.hands[0], pos.hands[1], pos.high, pos.prev_side, pos.run)
    margin_now = pos.scores[seat] - pos.scores[1 - seat]
    to_go = tuple(state.target - t - r for t, r in zip(state.snapshot.totals, pos.scores))
    cards = bits(pos.hands[seat])
    margins = _against_equilibrium(shared_solver().matrix(*key), seat)
    points = [margin_now + m for m in margins]
    by_match = len(cards) <= MATCH_CARDS and any(
        to_go[s] <= most_points(s, pos.prev_side, pos.run, pos.tricks_left) for s in (0, 1)
    )
    if by_match:
        chances = _against_equilibrium(MatchSolver((to_go[0], to_go[1])).matrix((*key, 0, 0)), seat)
        if seat == 1:
            chances = [1.0 + c for c in chances]  # seat 0's chance, negated: 1 - chance
        how = "solved exactly; the chance from the rest of the round played for the game"
    else:
        before = state.snapshot.totals
        chances = [chance_after(pos, seat, before, state.target, m) for m in points]
        how = "solved exactly; the chance to win the game from the table, at the round's end"
    # The hand and the masks both run low to high in the card order.
    moves = tuple(
        MoveValue(CARDS[c], chance, float(p)) for c, chance, p in zip(cards, chances, points)
    )
    assert [m.action for m in moves] == list(hand)
    return Valuation(moves, True, 0, RESULT, UNIT, how)


def _against_equilibrium(matrix: Sequence[Sequence[float]], seat: int) -> list[float]:
    """Each of ``seat``'s strategies against the other seat's equilibrium mix, to ``seat``
    (the matrix is seat 0's payoffs, rows seat 0's cards and columns seat 1's)."""
    sol = solve_matrix_game(matrix)
    if seat == 0:
        return [sum(a * q for a, q in zip(row, sol.col)) for row in matrix]
    return [-sum(row[j] * p for row, p in zip(matrix, sol.row)) for j in range(len(matrix[0]))]


def chance_after(
    pos: RoundPosition, seat: int, totals: Sequence[int], target: int, margin: float
) -> float:
    """``seat``'s chance to win the match if the round ends ``margin`` points its way: the
    points the round will have brought split about its expected total, read from the table
    between the whole points on either side."""
    so_far = sum(pos.scores)
    left = ROUND_POINTS * pos.tricks_left / TRICKS_PER_ROUND
    total = so_far + left
    mine = target - totals[seat]
    theirs = target - totals[1 - seat]
    half = (total + margin) / 2
    low = math.floor(half)
    share = half - low

    def at(points: int) -> float:
        return after_round(mine - points, theirs - round(total - points))

    return (1 - share) * at(low) + share * at(low + 1)
