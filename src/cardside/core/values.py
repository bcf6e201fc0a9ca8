"""What each legal move is worth to one seat, from what that seat can see.

Every game answers this in ``games/<game>/values.py`` (``move_values``), in two units: the
expected result (the chance to win the match or the game, from 0 to 1) and the
game's own unit beside it (game points of a Schnapsen deal, an Octrix round's points margin).
A value is exact (a solver over cards the seat knows) or estimated from a number of samples of
what it cannot see, with the sampling error said. The review of a played session
(:mod:`cardside.core.review`) reads these values; so may hints and bots.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class MoveValue:
    """One legal move's worth: ``chance`` of the expected result, ``points`` in the game's
    unit, and the standard error of ``chance`` (0 when exact)."""

    action: Hashable
    chance: float
    points: float
    error: float = 0.0


@dataclass(frozen=True, slots=True)
class Valuation:
    """Every legal move of one decision, valued (in the game's stable order of moves).

    ``result`` says what ``chance`` is the chance of winning (``the match``), ``unit`` what
    ``points`` count (``game points of the deal``); ``samples`` is 0 for an exact value.
    ``errors`` holds, for each pair of moves compared on the same samples, the standard error
    of the difference of their chances (looked up by :meth:`gap_error`).
    """

    moves: tuple[MoveValue, ...]
    exact: bool
    samples: int
    result: str
    unit: str
    method: str
    errors: tuple[tuple[Hashable, Hashable, float], ...] = ()
    #: A move valued together with what follows it in the same turn (an IOTA swap and the
    #: play it then has), so that the review can name both.
    then: tuple[tuple[Hashable, Hashable], ...] = ()

    def best(self) -> MoveValue:
        """The move of the highest chance (ties: the higher points, then the first)."""
        return max(self.moves, key=lambda m: (m.chance, m.points))

    def of(self, action: Hashable) -> MoveValue:
        """The value of ``action`` (``KeyError`` if it was not a legal move)."""
        for move in self.moves:
            if move.action == action:
                return move
        raise KeyError(action)

    def followed_by(self, action: Hashable) -> Hashable | None:
        """What ``action`` was valued together with in the same turn, if anything."""
        return next((after for a, after in self.then if a == action), None)

    def gap_error(self, a: Hashable, b: Hashable) -> float:
        """The standard error of chance(a) - chance(b) (0 for an exact valuation)."""
        if self.exact or a == b:
            return 0.0
        for x, y, e in self.errors:
            if (x, y) == (a, b) or (x, y) == (b, a):
                return e
        return math.hypot(self.of(a).error, self.of(b).error)


def mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error (0 for fewer than two)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def paired_errors(
    actions: Sequence[Hashable], samples: Sequence[Sequence[float]], against: Hashable
) -> tuple[tuple[Hashable, Hashable, float], ...]:
    """The standard error of each move's chance minus ``against``'s, over the same samples
    (``samples[i][k]`` is move ``actions[k]``'s chance in sample ``i``)."""
    k = list(actions).index(against)
    out = []
    for j, action in enumerate(actions):
        if j == k:
            continue
        _, error = mean_and_error([row[j] - row[k] for row in samples])
        out.append((action, against, error))
    return tuple(out)
