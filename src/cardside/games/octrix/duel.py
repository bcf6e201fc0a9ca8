"""The two-player round as a zero-sum game with simultaneous moves, solved by backward induction.

Every trick is a small matrix game: seat 0 picks a row (a card), seat 1 a column, and the
payoff is what the trick adds to seat 0's round score minus seat 1's, plus the value of the
position it leads to. A position is the key ``(hand 0, hand 1, rule, previous winner, run)``
(see :mod:`cardside.games.octrix.position`), and values are remembered across the round, so
once the remaining round has been solved every later move is a look-up.

Positions with few cards left are solved exactly. With more cards the search looks a fixed
number of tricks ahead and values the positions it stops at with a cheap estimate; every limit
is a count, never a time, so a seed reproduces a game.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from cardside.games.octrix.equilibrium import MatrixSolution, game_value, solve_matrix_game
from cardside.games.octrix.position import bits

Key = tuple[int, int, bool, int, int]

EXACT_CARDS = 6  # solve exactly once each hand holds at most this many cards
LOOKAHEAD = 2  # tricks searched before the estimate, with more cards than that
ROLLOUTS = 6  # random play-outs averaged by the estimate


class DuelSolver:
    """Values of two-player round positions to seat 0, with a memo kept across calls."""

    def __init__(
        self,
        exact_cards: int = EXACT_CARDS,
        lookahead: int = LOOKAHEAD,
        rollouts: int = ROLLOUTS,
        max_memo: int = 400_000,
    ) -> None:
        self.exact_cards = exact_cards
        self.lookahead = lookahead
        self.rollouts = rollouts
        self.max_memo = max_memo
        self.exact: dict[Key, float] = {}
        self.approx: dict[tuple[Key, int], float] = {}
        self.nodes = 0  # positions solved, for measuring

    # -- values ------------------------------------------------------------------------------
    def value(self, key: Key) -> float:
        """Value to seat 0 of the rest of the round from ``key`` (exact or estimated)."""
        if self.is_exact(key):
            return self.exact_value(key)
        return self._approx_value(key, self.lookahead)

    def exact_value(self, key: Key) -> float:
        """The exact equilibrium value to seat 0 of the rest of the round from ``key``."""
        v = self.exact.get(key)
        if v is None:
            if len(self.exact) >= self.max_memo:
                self.exact.clear()
            v = game_value(self.matrix(key, self.exact_value))
            self.exact[key] = v
            self.nodes += 1
        return v

    def _approx_value(self, key: Key, depth: int) -> float:
        # The look-ahead never starts an exact solve (that could cost far more than the budget)
        # but uses any exact value already known.
        known = self.exact.get(key)
        if known is not None:
            return known
        if depth == 0:
            return self.estimate(key)
        memo_key = (key, depth)
        v = self.approx.get(memo_key)
        if v is None:
            if len(self.approx) >= self.max_memo:
                self.approx.clear()
            v = game_value(self.matrix(key, lambda k: self._approx_value(k, depth - 1)))
            self.approx[memo_key] = v
            self.nodes += 1
        return v

    def solve(self, key: Key) -> MatrixSolution:
        """The matrix game of the next trick at ``key``, solved (value and both strategies)."""
        if self.is_exact(key):
            return solve_matrix_game(self.matrix(key, self.exact_value))
        return solve_matrix_game(
            self.matrix(key, lambda k: self._approx_value(k, self.lookahead - 1))
        )

    def is_exact(self, key: Key) -> bool:
        """Whether :meth:`solve` is exact at ``key``."""
        return key[0].bit_count() <= self.exact_cards

    # -- the trick as a matrix ---------------------------------------------------------------
    @staticmethod
    def matrix(key: Key, child_value: Callable[[Key], float]) -> list[list[float]]:
        """Payoffs to seat 0: rows are seat 0's cards, columns seat 1's, both low → high."""
        h0, h1, high, prev, run = key
        cards0, cards1 = bits(h0), bits(h1)
        last = len(cards0) == 1
        extend = 2 * run + 1
        rows = []
        for a in cards0:
            rest0 = h0 ^ (1 << a)
            colour_a = a & 2
            row = []
            for b in cards1:
                won = (a > b) == high
                winner = 0 if won else 1
                if winner == prev:
                    points, new_run = extend, run + 1
                else:
                    points, new_run = 1, 1
                pay: float = points if won else -points
                if not last:
                    pay += child_value((rest0, h1 ^ (1 << b), colour_a == (b & 2), winner, new_run))
                row.append(float(pay))
            rows.append(row)
        return rows

    # -- the estimate beyond the look-ahead --------------------------------------------------
    def estimate(self, key: Key) -> float:
        """Mean score difference of a few uniformly random play-outs (seeded by the key)."""
        h0, h1, high, prev, run = key
        if self.rollouts == 0:
            return 0.0
        rng = random.Random(hash(key))
        total = 0
        for _ in range(self.rollouts):
            c0, c1 = bits(h0), bits(h1)
            hi, pv, rn = high, prev, run
            diff = 0
            while c0:
                a = c0.pop(rng.randrange(len(c0)))
                b = c1.pop(rng.randrange(len(c1)))
                won = (a > b) == hi
                w = 0 if won else 1
                if w == pv:
                    pts, rn = 2 * rn + 1, rn + 1
                else:
                    pts, rn = 1, 1
                diff += pts if won else -pts
                hi, pv = (a & 2) == (b & 2), w
            total += diff
        self.nodes += 1
        return total / self.rollouts
