"""The simulation summary."""

from __future__ import annotations

import pytest

from cardside.games.linesbeta.simulate import play_game, simulate


def test_simulate_summarises_and_reports_progress() -> None:
    seen: list[tuple[int, int]] = []
    r = simulate(
        12,
        bot="random",
        difficulty="easy",
        length="short",
        seed=7,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert seen == [(i, 12) for i in range(1, 13)]
    assert r.games == 12 and 0 <= r.wins <= 12 and r.win_rate == r.wins / 12
    lo, hi = r.interval
    assert 0.0 <= lo <= r.win_rate <= hi <= 1.0
    assert 0.0 <= r.early_stops <= 1.0
    # Every trick scores for one side; a short game has at most 24 tricks.
    assert 0 < r.player_points + r.grid_points <= 24


def test_simulate_is_reproducible_from_its_seed() -> None:
    a = simulate(5, bot="planner", difficulty="hard", length="short", seed="x")
    b = simulate(5, bot="planner", difficulty="hard", length="short", seed="x")
    assert a == b


def test_play_game_ends_settled() -> None:
    state = play_game("planner", "normal", "short", 3)
    assert state.is_terminal() and state.verdict is not None


def test_simulate_needs_a_game() -> None:
    with pytest.raises(ValueError, match="at least one game"):
        simulate(0)
