"""The matrix-game solver and the two-player round solver, checked against brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cardside.games.octrix.duel import DuelSolver
from cardside.games.octrix.equilibrium import game_value, solve_matrix_game
from cardside.games.octrix.position import round_position
from cardside.games.octrix.state import OctrixState

TOL = 1e-9


def assert_equilibrium(a: list[list[float]], value: float, row, col) -> None:  # type: ignore[no-untyped-def]
    """Neither player gains by deviating to any pure strategy, and both mix properly."""
    assert abs(sum(row) - 1) < TOL and min(row) >= -TOL
    assert abs(sum(col) - 1) < TOL and min(col) >= -TOL
    for j in range(len(a[0])):
        assert sum(row[i] * a[i][j] for i in range(len(a))) >= value - TOL
    for i in range(len(a)):
        assert sum(col[j] * a[i][j] for j in range(len(a[0]))) <= value + TOL


def test_matching_pennies() -> None:
    sol = solve_matrix_game([[1, -1], [-1, 1]])
    assert sol.value == pytest.approx(0, abs=TOL)
    assert sol.row == pytest.approx((0.5, 0.5))
    assert sol.col == pytest.approx((0.5, 0.5))


def test_rock_paper_scissors() -> None:
    a = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]
    sol = solve_matrix_game(a)
    assert sol.value == pytest.approx(0, abs=TOL)
    assert sol.row == pytest.approx((1 / 3,) * 3)
    assert sol.col == pytest.approx((1 / 3,) * 3)


def test_weighted_rock_paper_scissors() -> None:
    # Rock beating scissors pays 2. The matrix is skew-symmetric, so the value is 0, and the
    # indifference equations give rock 1/4, paper 1/2, scissors 1/4.
    a = [[0, -1, 2], [1, 0, -1], [-2, 1, 0]]
    sol = solve_matrix_game(a)
    assert sol.value == pytest.approx(0, abs=TOL)
    assert sol.row == pytest.approx((0.25, 0.5, 0.25))
    assert_equilibrium(a, sol.value, sol.row, sol.col)


def test_saddle_point() -> None:
    a = [[4, 2, 5], [3, 1, 0], [6, 2, 7]]
    sol = solve_matrix_game(a)
    assert sol.value == 2
    assert sol.col == (0.0, 1.0, 0.0)
    assert_equilibrium(a, sol.value, sol.row, sol.col)


def test_dominated_strategy_is_never_played() -> None:
    # Row 2 is worse than row 0 against every column; the rest is matching pennies at value 1.
    a = [[2, 0], [0, 2], [1, -1]]
    sol = solve_matrix_game(a)
    assert sol.value == pytest.approx(1)
    assert sol.row[2] == pytest.approx(0, abs=TOL)
    assert sol.row[:2] == pytest.approx((0.5, 0.5))


def test_two_by_two_closed_form() -> None:
    sol = solve_matrix_game([[3, -1], [-2, 1]])
    assert sol.value == pytest.approx(1 / 7)
    assert sol.row == pytest.approx((3 / 7, 4 / 7))
    assert sol.col == pytest.approx((2 / 7, 5 / 7))


def test_bad_matrices_are_refused() -> None:
    with pytest.raises(ValueError):
        solve_matrix_game([])
    with pytest.raises(ValueError):
        solve_matrix_game([[1, 2], [3]])


def payoff_matrices(low: int, high: int) -> st.SearchStrategy[list[list[int]]]:
    """Rectangular matrices of 1 to 6 rows and columns with payoffs from ``low`` to ``high``."""
    return st.integers(1, 6).flatmap(
        lambda m: st.integers(1, 6).flatmap(
            lambda n: st.lists(
                st.lists(st.integers(low, high), min_size=n, max_size=n), min_size=m, max_size=m
            )
        )
    )


matrices = payoff_matrices(-20, 20)


@settings(max_examples=300, deadline=None)
@given(matrices)
def test_solution_is_an_equilibrium(a: list[list[int]]) -> None:
    sol = solve_matrix_game(a)
    assert_equilibrium(a, sol.value, sol.row, sol.col)
    assert game_value(a) == pytest.approx(sol.value, abs=TOL)


# -- an independent exact solver: support enumeration over fractions ------------------------
def _solve_linear(rows: list[list[Fraction]]) -> list[Fraction] | None:
    """Solve a square augmented system by Gauss-Jordan; None when singular."""
    n = len(rows)
    m = [r[:] for r in rows]
    for c in range(n):
        p = next((r for r in range(c, n) if m[r][c] != 0), None)
        if p is None:
            return None
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[r][c] != 0:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[r][n] / m[r][r] for r in range(n)]


def brute_value(a: list[list[Fraction]]) -> Fraction:
    """Value of a small matrix game by trying every pair of equal-size supports."""
    m, n = len(a), len(a[0])
    for k in range(1, min(m, n) + 1):
        for rs in itertools.combinations(range(m), k):
            for cs in itertools.combinations(range(n), k):
                # Row mix x on rs making every column of cs pay v: unknowns x..., v.
                eq = [[a[i][j] for i in rs] + [Fraction(-1), Fraction(0)] for j in cs]
                eq.append([Fraction(1)] * k + [Fraction(0), Fraction(1)])
                xs = _solve_linear(eq)
                eq = [[a[i][j] for j in cs] + [Fraction(-1), Fraction(0)] for i in rs]
                eq.append([Fraction(1)] * k + [Fraction(0), Fraction(1)])
                ys = _solve_linear(eq)
                if xs is None or ys is None or min(xs[:k] + ys[:k]) < 0:
                    continue
                v = xs[k]
                x = dict(zip(rs, xs[:k]))
                y = dict(zip(cs, ys[:k]))
                if all(sum(x[i] * a[i][j] for i in rs) >= v for j in range(n)) and all(
                    sum(y[j] * a[i][j] for j in cs) <= v for i in range(m)
                ):
                    return v
    raise AssertionError("no equilibrium found")


@settings(max_examples=150, deadline=None)
@given(matrices.filter(lambda a: len(a) <= 4 and len(a[0]) <= 4))
def test_simplex_agrees_with_support_enumeration(a: list[list[int]]) -> None:
    exact = brute_value([[Fraction(x) for x in r] for r in a])
    assert solve_matrix_game(a).value == pytest.approx(float(exact), abs=TOL)


# Few distinct payoffs give ties, equal lines and dominated strategies: every shortcut of
# game_value (saddle points, removal of dominated lines, two strategies on one side).
crowded = payoff_matrices(-3, 3)


@settings(max_examples=400, deadline=None)
@given(crowded)
def test_game_value_agrees_with_the_simplex_and_support_enumeration(a: list[list[int]]) -> None:
    value = game_value([[float(x) for x in r] for r in a])
    assert value == pytest.approx(solve_matrix_game(a).value, abs=TOL)
    if len(a) <= 4 and len(a[0]) <= 4:
        assert value == pytest.approx(float(brute_value([[Fraction(x) for x in r] for r in a])))


def test_game_value_of_worked_games() -> None:
    # Row 2 is dominated; what is left is matching pennies at 1 (2 rows: closed form).
    assert game_value([[2, 0], [0, 2], [1, -1]]) == pytest.approx(1)
    # Two rows against three columns, no saddle point: column 2 is worse for the column
    # player than column 0, and columns 0 and 1 leave [[3, -1], [-1, 1]], worth 2/6.
    assert game_value([[3, -1, 4], [-1, 1, 5]]) == pytest.approx(1 / 3)
    # Rock, paper, scissors needs the simplex; a duplicated row changes nothing.
    rps = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]
    assert game_value(rps) == pytest.approx(0, abs=TOL)
    assert game_value(rps + [rps[0]]) == pytest.approx(0, abs=TOL)


def test_game_value_of_a_nearly_singular_three_by_three_game() -> None:
    # Rows 1 and 2 differ only by rounding: the mix that equalises the columns is found from a
    # nearly singular system and must be valued by what it guarantees, not by column 0.
    a = [
        [-6.767870674412731, 6.9914708067915745, -6.767870674412731],
        [6.567511370656675, -0.8011144401337049, 6.567511370656675],
        [6.567511370656674, -0.8011144401337051, 6.567511370656675],
    ]
    assert game_value(a) == pytest.approx(solve_matrix_game(a).value, abs=TOL)


@settings(max_examples=200, deadline=None)
@given(crowded, st.integers(0, 2**32))
@example([[3, 3], [3, 3]], 253833)  # equal payoffs but for rounding: the 2×2 formula's d is noise
def test_game_value_with_rounding_noise(a: list[list[int]], seed: int) -> None:
    # Payoffs that are equal in exact arithmetic but not after rounding, as values from deeper
    # in the round are.
    import random

    rng = random.Random(seed)
    noisy = [[x / 3 + rng.choice([0.0, 1e-15, -1e-15]) for x in row] for row in a]
    assert game_value(noisy) == pytest.approx(solve_matrix_game(noisy).value, abs=1e-9)


# -- the round solver against brute force over the engine itself ----------------------------
def brute_round(state: OctrixState, rounds_before: int) -> Fraction:
    """Seat 0's final round score minus seat 1's under equilibrium play, via the engine."""
    if len(state.snapshot.rounds) > rounds_before:
        scores = state.snapshot.rounds[-1].scores
        return Fraction(scores[0] - scores[1])
    first = state.current_player()
    assert first is not None
    second = 1 - first
    hands = state.snapshot.hands
    a: list[list[Fraction]] = []
    for c0 in hands[0]:
        row = []
        for c1 in hands[1]:
            state.apply(c0 if first == 0 else c1)
            state.apply(c1 if second == 1 else c0)
            row.append(brute_round(state, rounds_before))
            state.undo()
            state.undo()
        a.append(row)
    return brute_value(a)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 10**6), st.sampled_from([2, 3]))
def test_round_solver_matches_brute_force(seed: int, play_seed: int, left: int) -> None:
    import random

    state = OctrixState(2, seed=seed)
    rng = random.Random(play_seed)
    while len(state.snapshot.hands[0]) > left or state.snapshot.pending != (None, None):
        state.apply(rng.choice(state.legal_actions()))
    pos = round_position(state, 0)
    solver = DuelSolver(exact_cards=left)
    key = (pos.hands[0], pos.hands[1], pos.high, pos.prev_side, pos.run)
    assert solver.is_exact(key)
    solved = pos.scores[0] - pos.scores[1] + solver.solve(key).value
    assert solved == pytest.approx(float(brute_round(state, 0)), abs=TOL)
    assert solver.exact_value(key) == pytest.approx(solver.solve(key).value, abs=TOL)


def test_look_ahead_is_used_above_the_exact_size() -> None:
    state = OctrixState(2, seed=7)
    pos = round_position(state, 0)
    key = (pos.hands[0], pos.hands[1], pos.high, pos.prev_side, pos.run)
    solver = DuelSolver(exact_cards=4, lookahead=1, rollouts=2)
    assert not solver.is_exact(key)
    sol = solver.solve(key)
    assert len(sol.row) == len(sol.col) == 8
    assert not solver.exact  # the look-ahead never starts an exact solve
