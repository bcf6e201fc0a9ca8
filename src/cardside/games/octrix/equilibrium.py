"""Exact solutions of small two-player zero-sum matrix games, in pure Python.

A payoff matrix ``a[i][j]`` is what the row player wins (and the column player loses) when the
row player picks ``i`` and the column player ``j``. :func:`solve_matrix_game` returns the value
of the game and an optimal mixed strategy for each player: a saddle point is found directly, a
2×2 game in closed form, anything larger by the simplex method on the usual linear programme.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass

_EPS = 1e-12


@dataclass(frozen=True, slots=True)
class MatrixSolution:
    """The value of a matrix game (to the row player) and an optimal strategy for each side."""

    value: float
    row: tuple[float, ...]
    col: tuple[float, ...]


def solve_matrix_game(a: Sequence[Sequence[float]]) -> MatrixSolution:
    """Value and optimal mixed strategies of the zero-sum game with row payoffs ``a``."""
    m = len(a)
    if m == 0 or len(a[0]) == 0 or any(len(r) != len(a[0]) for r in a):
        raise ValueError("a matrix game needs a non-empty rectangular payoff matrix")
    n = len(a[0])
    pure = _saddle_point(a, m, n)
    if pure is not None:
        return pure
    if m == 2 and n == 2:
        return _two_by_two(a)
    return _simplex(a, m, n)


def game_value(a: Sequence[Sequence[float]]) -> float:
    """Only the value of the game (the same as ``solve_matrix_game(a).value``), found cheaply.

    A pure saddle point is checked first, then the closed forms of small games (one side
    with two strategies, or three against three). Otherwise rows and columns that another one
    is at least as good as everywhere are removed, which keeps the value, until nothing
    changes or a closed form applies; only then the simplex method.
    """
    if not a or not a[0]:
        raise ValueError("a matrix game needs a non-empty rectangular payoff matrix")
    maximin = max(map(min, a))
    cols: Sequence[Sequence[float]] = list(zip(*a))
    minimax = min(map(max, cols))
    if maximin == minimax:
        return float(maximin)
    v = _small_value(a)
    if v is not None:
        return v
    rows: Sequence[Sequence[float]] = a
    while True:
        size = len(rows), len(cols)
        cols = _undominated(cols, operator.le)
        rows = _undominated(list(zip(*cols)), operator.ge)
        if (len(rows), len(rows[0])) == size:
            return _simplex(rows, *size).value
        cols = list(zip(*rows))
        v = _small_value(rows)
        if v is not None:
            return v


def _small_value(rows: Sequence[Sequence[float]]) -> float | None:
    """The value in closed form when one side has at most two strategies or both three."""
    m, n = len(rows), len(rows[0])
    if m == 1:
        return float(min(rows[0]))
    if n == 1:
        return float(max(r[0] for r in rows))
    if m == 2:
        # The column player needs at most two columns: the value is the least of the 2×2
        # games' values.
        top, bottom = rows
        return min(
            _pair_value(top[j], top[k], bottom[j], bottom[k])
            for j in range(n)
            for k in range(j + 1, n)
        )
    if n == 2:
        return max(_pair_value(*rows[i], *rows[k]) for i in range(m) for k in range(i + 1, m))
    if m == 3 and n == 3:
        return _three_by_three(rows)
    return None


def _three_by_three(rows: Sequence[Sequence[float]]) -> float:
    """Value of a 3×3 game: the row player's best guarantee, ``min_j x·column j``, is concave
    and piecewise linear in the mix x, so its maximum lies on an edge of the simplex (a game
    of two rows) or where all three columns pay the same."""
    (a0, a1, a2), (b0, b1, b2), (c0, c1, c2) = rows
    pair = _pair_value
    best = max(
        min(pair(a0, a1, b0, b1), pair(a0, a2, b0, b2), pair(a1, a2, b1, b2)),
        min(pair(a0, a1, c0, c1), pair(a0, a2, c0, c2), pair(a1, a2, c1, c2)),
        min(pair(b0, b1, c0, c1), pair(b0, b2, c0, c2), pair(b1, b2, c1, c2)),
    )
    # The mix making the three columns equal is orthogonal to the differences of columns 0
    # and 1 and of columns 1 and 2: their cross product, scaled to sum to one.
    d0, d1, d2 = a0 - a1, b0 - b1, c0 - c1
    e0, e1, e2 = a1 - a2, b1 - b2, c1 - c2
    x0, x1, x2 = d1 * e2 - d2 * e1, d2 * e0 - d0 * e2, d0 * e1 - d1 * e0
    total = x0 + x1 + x2
    if total != 0:
        x0, x1, x2 = x0 / total, x1 / total, x2 / total
        if x0 >= 0 and x1 >= 0 and x2 >= 0:
            # What the mix guarantees: the least column, not column 0, in case rounding in
            # a nearly singular game left the columns apart.
            guaranteed = min(
                x0 * a0 + x1 * b0 + x2 * c0,
                x0 * a1 + x1 * b1 + x2 * c1,
                x0 * a2 + x1 * b2 + x2 * c2,
            )
            best = max(best, guaranteed)
    return float(best)


def _undominated(
    lines: Sequence[Sequence[float]], better: Callable[[float, float], bool]
) -> list[Sequence[float]]:
    """``lines`` without those another line is at least as good as everywhere, where
    ``better(x, y)`` says that payoff x is at least as good as y (``ge`` for rows, ``le`` for
    columns). Of equal lines the first is kept. Removing them keeps the value of the game."""
    out: list[Sequence[float]] = []
    for i, line in enumerate(lines):
        for k, other in enumerate(lines):
            if k != i and all(map(better, other, line)) and (k < i or other != line):
                break
        else:
            out.append(line)
    return out


def _pair_value(p: float, q: float, r: float, s: float) -> float:
    """Value of the 2×2 game [[p, q], [r, s]] to the row player, saddle point or mixed."""
    # Conditional expressions rather than min and max: this runs a great many times.
    low = p if p < q else q
    other = r if r < s else s
    maximin = low if low > other else other
    high = p if p > r else r
    other = q if q > s else s
    minimax = high if high < other else other
    if maximin == minimax:
        return maximin
    # The mixed value lies between the two; kept there when the payoffs are so close that
    # rounding dominates the formula.
    mixed = (p * s - q * r) / (p - q - r + s)
    return maximin if mixed < maximin else minimax if mixed > minimax else mixed


def _unit(size: int, index: int) -> tuple[float, ...]:
    return tuple(1.0 if k == index else 0.0 for k in range(size))


def _saddle_point(a: Sequence[Sequence[float]], m: int, n: int) -> MatrixSolution | None:
    row_mins = [min(r) for r in a]
    maximin = max(row_mins)
    col_maxs = [max(a[i][j] for i in range(m)) for j in range(n)]
    minimax = min(col_maxs)
    if maximin != minimax:
        return None
    return MatrixSolution(
        float(maximin), _unit(m, row_mins.index(maximin)), _unit(n, col_maxs.index(minimax))
    )


def _two_by_two(a: Sequence[Sequence[float]]) -> MatrixSolution:
    # Without a saddle point both players mix both strategies and make the other indifferent.
    (p, q), (r, s) = a
    d = p - q - r + s
    # Payoffs equal but for rounding leave d all noise: the value is then kept between the
    # pure guarantees (as in _pair_value) and each mix within 0..1.
    x = min(1.0, max(0.0, (s - r) / d))
    y = min(1.0, max(0.0, (s - q) / d))
    return MatrixSolution(_pair_value(p, q, r, s), (x, 1.0 - x), (y, 1.0 - y))


def _simplex(a: Sequence[Sequence[float]], m: int, n: int) -> MatrixSolution:
    """Solve max Σq subject to (A + c)·q ≤ 1, q ≥ 0; the value is 1/Σq − c.

    Shifting every payoff by ``c`` makes them all positive, so the value is positive and the
    slack basis is feasible. The column player's strategy is q scaled to sum to one; the row
    player's comes from the dual prices, read off the objective row under the slack columns.
    """
    shift = 1.0 - min(min(r) for r in a)
    width = n + m + 1
    # Tableau rows: constraints i (q variables, then slacks, then right-hand side).
    tab = []
    for i in range(m):
        row = [a[i][j] + shift for j in range(n)] + [0.0] * m + [1.0]
        row[n + i] = 1.0
        tab.append(row)
    obj = [-1.0] * n + [0.0] * (m + 1)  # reduced costs; optimum when none is negative
    basis = [n + i for i in range(m)]
    iterations = 0
    while True:
        iterations += 1
        bland = iterations > 50  # Bland's rule after many pivots rules out cycling
        enter = -1
        best = -_EPS
        for j in range(width - 1):
            if obj[j] < best:
                enter = j
                if bland:
                    break
                best = obj[j]
        if enter < 0:
            break
        leave = -1
        ratio = 0.0
        for i in range(m):
            coef = tab[i][enter]
            if coef > _EPS:
                t = tab[i][-1] / coef
                if (
                    leave < 0
                    or t < ratio - _EPS
                    or (abs(t - ratio) <= _EPS and basis[i] < basis[leave])
                ):
                    leave, ratio = i, t
        if leave < 0:  # cannot happen: every payoff is positive, so the programme is bounded
            raise ArithmeticError("unbounded matrix-game programme")
        prow = tab[leave]
        pivot = prow[enter]
        prow = [v / pivot for v in prow]
        tab[leave] = prow
        for i in range(m):
            if i != leave:
                row = tab[i]
                f = row[enter]
                if f != 0.0:
                    tab[i] = [v - f * pv for v, pv in zip(row, prow)]
        f = obj[enter]
        obj = [v - f * pv for v, pv in zip(obj, prow)]
        basis[leave] = enter
    total = obj[-1]  # = Σq at the optimum
    q = [0.0] * n
    for i, var in enumerate(basis):
        if var < n:
            q[var] = tab[i][-1]
    col_strategy = _normalise(q)
    row_strategy = _normalise([max(obj[n + i], 0.0) for i in range(m)])
    return MatrixSolution(1.0 / total - shift, row_strategy, col_strategy)


def _normalise(weights: list[float]) -> tuple[float, ...]:
    clipped = [w if w > _EPS else 0.0 for w in weights]
    s = sum(clipped)
    return tuple(w / s for w in clipped)
