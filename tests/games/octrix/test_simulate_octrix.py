"""Octrix simulations: consistent counts, fair seating, reproducibility, bad input."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from cardside.core.stats import mean_interval, wilson_interval
from cardside.games.octrix.simulate import (
    SimResult,
    lineup,
    simulate,
)
from cardside.tui.simulation import render_summary


@pytest.mark.parametrize(
    "players, partnership, per_round", [(2, False, (1, 1)), (4, True, (1, 1)), (4, False, (2, 2))]
)
def test_counts_are_consistent(players: int, partnership: bool, per_round: tuple[int, int]) -> None:
    calls: list[int] = []
    r = simulate(6, ("greedy", "random"), players, partnership, seed=3, progress=calls.append)
    assert calls == [1, 2, 3, 4, 5, 6]
    assert r.games == 6 and sum(r.wins) == 6
    assert r.win_rate == r.wins[0] / 6
    assert r.win_interval[0] <= r.win_rate <= r.win_interval[1]
    assert r.round_samples == (per_round[0] * r.rounds, per_round[1] * r.rounds)
    # A match needs at least two rounds: a round is worth at most 64 to one side.
    assert r.rounds >= 2 * r.games
    for mean, (low, high) in zip(r.mean_round_score, r.round_score_interval):
        assert 0 <= low <= mean <= high <= 64


def test_three_players_record_every_seat() -> None:
    r = simulate(4, ("random", "random"), players=3, seed=1)
    assert sum(r.wins) == 4
    assert sum(r.round_samples) == 3 * r.rounds


def test_greedy_beats_random() -> None:
    r = simulate(10, ("greedy", "random"), seed=2)
    assert r.wins[0] >= 8
    assert r.mean_round_score[0] > r.mean_round_score[1]


def test_same_seed_same_result_and_json() -> None:
    a = simulate(4, ("random", "greedy"), seed=9)
    b = simulate(4, ("random", "greedy"), seed=9)
    assert a == b
    data = json.loads(json.dumps(a.summary().to_dict()))
    assert [bot["bot"] for bot in data["bots"]] == ["random", "greedy"]
    assert [bot["wins"] for bot in data["bots"]] == list(a.wins)
    assert data["octrix"]["bots"][0]["round_score_interval"] == list(a.round_score_interval[0])
    assert isinstance(a, SimResult)
    assert "4 games to 88" in render_summary(a.summary())


def test_strong_plays_a_match() -> None:
    r = simulate(1, ("strong", "random"), seed=4)
    assert sum(r.wins) == 1 and r.rounds >= 2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_lineup_gives_each_bot_each_seat_equally(players: int) -> None:
    cycle = 6 if players == 3 else 2
    seats = [lineup(g, players) for g in range(cycle)]
    for seat in range(players):
        column = Counter(s[seat] for s in seats)
        assert column[0] == column[1]
    # The two games of a pair (same deals) exchange every seat.
    for g in range(0, cycle, 2):
        assert all(a != b for a, b in zip(seats[g], seats[g + 1]))


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="random"):
        simulate(1, ("strong", "nobody"))
    with pytest.raises(ValueError):
        simulate(0, ("random", "random"))
    with pytest.raises(ValueError):
        simulate(1, ("random", "random"), players=3, partnership=True)


def test_wilson_interval() -> None:
    # With no successes the upper end is z²/(n + z²).
    z2 = 1.959963984540054**2
    assert wilson_interval(0, 20) == pytest.approx((0.0, z2 / (20 + z2)))
    low, high = wilson_interval(10, 20)
    assert low == pytest.approx(1 - high) and low < 0.5 < high
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_mean_interval() -> None:
    mean, (low, high) = mean_interval([1.0, 3.0])
    assert mean == 2.0
    assert high - mean == pytest.approx(1.959963984540054)  # sd √2, n 2: half-width z·1
    assert mean_interval([]) == (0.0, (0.0, 0.0))


@pytest.mark.parametrize("pattern", [(0, 1, 1), (0, 1, 1, 1), (1, 0, 1, 0)])
def test_one_bot_per_seat_turns_the_pattern_one_seat_every_game(
    pattern: tuple[int, ...],
) -> None:
    """Given one bot per seat, every game of a cycle keeps the bots' numbers and moves each
    one seat on, so that over a cycle each seat holds each bot as often as the pattern has it."""
    players = len(pattern)
    seats = [lineup(g, players, pattern) for g in range(players)]
    assert seats[0] == pattern
    for before, after in zip(seats, seats[1:]):
        assert after == before[-1:] + before[:-1]
    for seat in range(players):
        assert Counter(s[seat] for s in seats) == Counter(pattern)


def test_one_bot_per_seat_plays_each_deal_from_every_turn_and_reports_its_seats() -> None:
    r = simulate(6, ("greedy", "random"), players=3, seed=5, seats=(0, 1, 1))
    assert r.games == 6 and sum(r.wins) == 6 and r.seats == (0, 1, 1)
    # One seat for greedy, two for random: a round records one score of greedy's, two of random's.
    assert r.round_samples == (r.rounds, 2 * r.rounds)
    assert r.wins[0] >= 5  # greedy against two random players
    data = r.summary().to_dict()
    assert data["octrix"]["seats"] == ["greedy", "random", "random"]
    assert "seats greedy, random, random, turned one seat on every game" in render_summary(
        r.summary()
    )
    assert r == simulate(6, ("greedy", "random"), players=3, seed=5, seats=(0, 1, 1), jobs=2)
    # A row per bot listed: the first is bot A's, the other two share bot B's figures.
    assert [e.bot for e in r.summary().entries] == ["greedy", "random", "random"]
    assert r.listed_wins[0] == r.wins[0] and sum(r.listed_wins[1:]) == r.wins[1]
    assert r.listed_samples == (r.rounds, r.rounds, r.rounds)
    assert r.listed_means[0] == r.mean_round_score[0]
    both = r.listed_means[1] * r.listed_samples[1] + r.listed_means[2] * r.listed_samples[2]
    assert both / (2 * r.rounds) == pytest.approx(r.mean_round_score[1])
    for bad in [(0, 1), (0, 0, 0), (0, 1, 2)]:
        with pytest.raises(ValueError, match="give each of the 3 seats"):
            simulate(1, ("greedy", "random"), players=3, seats=bad)


def test_each_bot_listed_is_followed_to_its_seat_as_the_seats_turn() -> None:
    """Listed first against three random bots, the strong bot wins nearly every match from
    whichever seat the turning gives it: its row, not another's, holds the wins."""
    r = simulate(8, ("strong", "random"), players=4, seed=3, seats=(0, 1, 1, 1))
    assert r.listed_wins[0] == r.wins[0] >= 7
    assert r.listed_means[0] > max(r.listed_means[1:])
    teams = simulate(
        4, ("greedy", "random"), players=4, partnership=True, seed=3, seats=(0, 1, 0, 1)
    )
    assert not teams.listed_wins and len(teams.summary().entries) == 2  # a row per team
