"""Ratings: OpenSkill's Plackett–Luce numbers, game by game in time order.

The expected numbers are openskill 6's own (``PlackettLuce().rate`` with the same teams and
ranks), written out so that a change in how a game is turned into teams and places shows.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardside.sessions.ratings import Rating, rate, shown
from cardside.sessions.results import finished_games

START = datetime(2026, 11, 1, 20, 0)


def summary(
    name: str,
    game: str,
    players: list[str],
    totals: list[int],
    winners: list[str],
    at: datetime,
    *,
    columns: list[str] | None = None,
    seat_columns: list[int] | None = None,
    variant: str | None = None,
) -> dict[str, Any]:
    """A session's summary as the index keeps it, with one finished game."""
    columns = columns or list(players)
    return {
        "name": name,
        "game": game,
        "mode": "keep",
        "status": "finished",
        "start": (at - timedelta(minutes=30)).isoformat(),
        "end": at.isoformat(),
        "players": [{"name": p, "kind": "table"} for p in players],
        "seat_columns": seat_columns if seat_columns is not None else list(range(len(players))),
        "columns": columns,
        "totals": totals,
        "winners": winners,
        "unit": "game",
        "results": [
            {
                "number": 1,
                "winners": winners,
                "totals": totals,
                "round": 1,
                "began": (at - timedelta(minutes=30)).isoformat(),
                "at": at.isoformat(),
            }
        ],
        "variant": variant,
        "highlights": [],
    }


def by_name(ratings: list[Rating]) -> dict[str, Rating]:
    return {r.name: r for r in ratings}


def test_two_players_one_game_each_way() -> None:
    one = summary("a", "schnapsen", ["Ann", "Bob"], [7, 3], ["Ann"], START)
    first = by_name(rate(finished_games([one])))
    assert first["Ann"].mu == pytest.approx(27.635389493140497)
    assert first["Bob"].mu == pytest.approx(22.364610506859503)
    assert first["Ann"].sigma == first["Bob"].sigma == pytest.approx(8.06590141354368)
    back = summary("b", "schnapsen", ["Ann", "Bob"], [2, 7], ["Bob"], START + timedelta(days=1))
    both = by_name(rate(finished_games([back, one])))
    assert both["Ann"].mu == pytest.approx(24.588690807367627)
    assert both["Bob"].mu == pytest.approx(25.411309192632373)
    assert both["Ann"].sigma == pytest.approx(7.82288719288111)
    assert both["Ann"].games == both["Bob"].games == 2
    # The one number: 1000 + 40 × (mu − 3σ).
    assert both["Bob"].rating == round(1000 + 40 * (25.411309192632373 - 3 * 7.82288719288111))


def test_a_four_player_iota_game_ranks_by_score() -> None:
    game = summary("i", "iota", ["Ann", "Bob", "Cid", "Dee"], [120, 150, 60, 90], ["Bob"], START)
    got = by_name(rate(finished_games([game])))
    expected = {
        "Ann": (26.55291815138952, 8.17961798837266),
        "Bob": (27.795252672501135, 8.263571791259416),
        "Cid": (20.962412806387245, 8.084127880168786),
        "Dee": (24.689416369722096, 8.084127880168786),
    }
    for name, (mu, sigma) in expected.items():
        assert (got[name].mu, got[name].sigma) == (pytest.approx(mu), pytest.approx(sigma))
    assert [r.name for r in rate(finished_games([game]))] == ["Bob", "Ann", "Dee", "Cid"]


def test_a_tie_shares_first_place() -> None:
    game = summary("t", "lineit", ["Ann", "Bob", "Cid"], [20, 20, 11], ["Ann", "Bob"], START)
    got = by_name(rate(finished_games([game])))
    # The mean of Plackett-Luce's updates for Ann, Bob, Cid and Bob, Ann, Cid: first and
    # second place give 27.869 and 25.717, sigma 8.205 and 8.058; Cid is third either way.
    assert (
        got["Ann"].mu
        == got["Bob"].mu
        == pytest.approx((27.869048680749426 + 25.717262170187357) / 2)
    )
    assert got["Ann"].sigma == pytest.approx((8.205243377397993 + 8.058224222802378) / 2)
    assert got["Cid"].mu == pytest.approx(21.413689149063217)
    assert got["Cid"].sigma == pytest.approx(8.058224222802378)


def test_sides_that_share_first_place_stay_above_those_they_beat() -> None:
    # Five Line-it players, Ann and Bob tied first: the model alone put Cid above both.
    names = ["Ann", "Bob", "Cid", "Dee", "Eve"]
    game = summary("f", "lineit", names, [20, 20, 10, 5, 1], ["Ann", "Bob"], START)
    got = by_name(rate(finished_games([game])))
    mus = [got[name].mu for name in names]
    assert mus[0] == pytest.approx(mus[1])
    assert mus[1] > mus[2] > mus[3] > mus[4]
    assert got["Ann"].rating >= got["Cid"].rating


def test_a_two_player_draw_leaves_even_players_even() -> None:
    game = summary("d", "iota", ["Ann", "Bob"], [200, 200], ["Ann", "Bob"], START)
    got = by_name(rate(finished_games([game])))
    assert got["Ann"].mu == pytest.approx(25.0) and got["Bob"].mu == pytest.approx(25.0)
    assert got["Ann"].sigma == pytest.approx(got["Bob"].sigma)


def test_a_partnership_is_a_team() -> None:
    game = summary(
        "p",
        "octrix",
        ["Ann", "Bob", "Cid", "Dee"],
        [97, 17],
        ["Ann", "Cid"],
        START,
        columns=["Ann & Cid", "Bob & Dee"],
        seat_columns=[0, 1, 0, 1],
    )
    got = by_name(rate(finished_games([game])))
    for name in ("Ann", "Cid"):
        assert got[name].mu == pytest.approx(26.964294621803063)
    for name in ("Bob", "Dee"):
        assert got[name].mu == pytest.approx(23.035705378196937)
    assert got["Ann"].sigma == pytest.approx(8.177962604389991)


def test_the_linesbeta_grid_is_one_player_per_difficulty_and_length() -> None:
    games = [
        summary(
            f"l{i}",
            "linesbeta",
            ["Ann"],
            [26, 9],
            ["Ann"],
            START + timedelta(days=i),
            columns=["Ann", "Grid"],
            seat_columns=[0],
            variant=variant,
        )
        for i, variant in enumerate(["normal full", "hard short", "normal full"])
    ]
    got = by_name(rate(finished_games(games)))
    assert got["Grid (normal full)"].games == 2 and got["Grid (hard short)"].games == 1
    assert got["Ann"].games == 3


def grid_won() -> dict[str, Any]:
    """Normal full: the grid reached its 16 while Ann had 20 tricks; the sheet names "Grid"."""
    return summary(
        "l",
        "linesbeta",
        ["Ann"],
        [20, 16],
        ["Grid"],
        START,
        columns=["Ann", "Grid"],
        seat_columns=[0],
        variant="normal full",
    )


def test_a_game_the_grid_won_is_the_grids_win_whatever_the_scores() -> None:
    game = grid_won()
    (finished,) = finished_games([game])
    assert finished.places == (1, 0)
    got = by_name(rate([finished]))
    assert got["Grid (normal full)"].mu > got["Ann"].mu


def test_a_win_on_targets_with_the_lower_total_is_no_biggest_margin() -> None:
    from cardside.sessions.league import records

    lost = grid_won()
    found = {r.what: r for r in records(finished_games([lost]), [lost])}
    assert "biggest margin" not in found and found["highest score"].value == 20


def test_a_newcomer_shows_1000_and_is_provisional() -> None:
    assert shown(25.0, 25 / 3) == 1000
    game = summary("a", "iota", ["Ann", "Bob"], [300, 200], ["Ann"], START)
    assert all(r.provisional for r in rate(finished_games([game])))


def test_the_change_over_30_days() -> None:
    old = summary("a", "iota", ["Ann", "Bob"], [300, 200], ["Ann"], START)
    new = summary("b", "iota", ["Ann", "Bob"], [300, 200], ["Ann"], START + timedelta(days=40))
    ann = by_name(rate(finished_games([old, new])))["Ann"]
    before = ann.history[0][1]
    assert ann.change(START + timedelta(days=41)) == ann.rating - before
    assert ann.change(START + timedelta(days=1)) == ann.rating - 1000
    assert ann.change(START + timedelta(days=100)) == 0
    # A game of the day 30 days ago counts, whatever the time of day now.
    for hour in (0, 9, 20, 23):
        now = (START + timedelta(days=70)).replace(hour=hour, minute=59)
        assert ann.change(now) == ann.rating - before
    assert ann.change((START + timedelta(days=71)).replace(hour=0)) == 0


def test_a_player_on_both_sides_is_left_out() -> None:
    game = summary("x", "iota", ["Ann", "ann "], [300, 200], ["Ann"], START)
    assert rate(finished_games([game])) == []


PLAYERS = ["Ann", "Bob", "Cid", "Dee"]
played = st.lists(
    st.tuples(st.permutations(PLAYERS), st.integers(2, 4), st.integers(0, 3)),
    max_size=12,
)


# A shared machine can be slow to draw examples: that is no failure of the ratings.
CALM = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@CALM
@given(played, st.permutations(PLAYERS), st.integers(2, 4))
def test_a_win_never_lowers_the_winners_rating(
    history: list[tuple[list[str], int, int]], last: list[str], seats: int
) -> None:
    """Whatever came before, winning against the same opponents raises mu and the rating."""
    games = []
    for n, (order, size, kind) in enumerate(history):
        names = list(order[:size])
        totals = [100 - 10 * i for i in range(size)]
        shared = kind == 0  # one game in four a tie for first
        winners = names[:2] if shared else names[:1]
        if shared:
            totals[1] = totals[0]
        games.append(summary(f"g{n}", "iota", names, totals, winners, START + timedelta(hours=n)))
    before = {r.name: r for r in rate(finished_games(games))}
    names = list(last[:seats])
    at = START + timedelta(days=30)
    totals = [100 - 10 * i for i in range(seats)]
    games.append(summary("last", "iota", names, totals, names[:1], at))
    after = {r.name: r for r in rate(finished_games(games))}
    winner = names[0]
    old = before.get(winner)
    assert after[winner].mu > (old.mu if old else 25.0)
    assert after[winner].rating > (old.rating if old else 1000)


@CALM
@given(st.permutations(range(6)))
def test_the_order_given_does_not_matter_only_the_times(order: list[int]) -> None:
    games = [
        summary(
            f"s{i}",
            "iota",
            ["Ann", "Bob", "Cid"][: 2 + i % 2],
            [9, 5, 1][: 2 + i % 2],
            ["Ann" if i % 3 else "Bob"],
            START + timedelta(hours=i),
        )
        for i in range(6)
    ]
    want = [(r.name, r.mu, r.sigma) for r in rate(finished_games(games))]
    shuffled = [games[i] for i in order]
    assert [(r.name, r.mu, r.sigma) for r in rate(finished_games(shuffled))] == want


def test_the_chart_steps_keep_two_games_ended_in_the_same_second() -> None:
    """Two matches of one session decided in the same second (entered from a script) are two
    steps of the rating chart, each player's value after each."""
    from cardside.tui.leagueview import rating_steps

    ann = Rating("schnapsen", "ann", "Ann", 25.0, 8.0)
    bob = Rating("schnapsen", "bob", "Bob", 25.0, 8.0)
    ann.history = [(START, 1100, "s"), (START, 1180, "s"), (START + timedelta(1), 1150, "t")]
    bob.history = [(START, 900, "s"), (START, 856, "s"), (START + timedelta(1), 930, "t")]
    steps = rating_steps([ann, bob])
    assert steps[1:] == [[1100, 900], [1180, 856], [1150, 930]]
    assert len(steps) == 4  # the start, then one step a game


def test_the_rating_chart_keeps_to_a_narrow_terminal_and_counts_games() -> None:
    from cardside.tui.leagueview import rating_chart

    long_name = "Bartholomew " * 16  # a name as long as a file allows
    games = [
        summary(
            f"g{i}",
            "schnapsen",
            ["Ann", long_name.strip()],
            [7, 3] if i % 2 else [3, 7],
            ["Ann"] if i % 2 else [long_name.strip()],
            START + timedelta(days=i),
        )
        for i in range(70)
    ]
    lines = rating_chart(rate(finished_games(games)), width=60, ascii=True)
    assert all(len(line) <= 60 for line in lines), max(lines, key=len)
    assert any(line.startswith("(the latest ") and line.endswith(" of 70 games)") for line in lines)


def test_records_name_each_player_as_the_league_does_and_partners_share_a_streak() -> None:
    from cardside.sessions.league import league, records

    games = [
        summary("a", "schnapsen", ["Ann", "Bob"], [7, 0], ["Ann"], START),
        summary("b", "schnapsen", ["ann", "Cid"], [7, 0], ["ann"], START + timedelta(days=1)),
    ]
    games[1]["highlights"] = [{"what": "most game points in one deal", "column": 0, "value": 3}]
    finished = finished_games(games)
    (table,) = league(finished, rate(finished)).values()
    assert [s.name for s in table][0] == "Ann"
    found = {r.what: r.who for r in records(finished, games)}
    assert found["longest winning streak"] == "Ann"
    assert found["most matches won 7–0"] == "Ann"
    assert found["biggest margin"] == "Ann"
    assert found["most game points in one deal"] == "Ann"
    # Two wins in a row by one partnership: both partners hold the streak.
    teams = [
        summary(
            name,
            "octrix",
            ["Ann", "Bob", "Cid", "Dee"],
            [88, 40],
            ["Ann & Cid"],
            START + timedelta(days=day),
            columns=["Ann & Cid", "Bob & Dee"],
            seat_columns=[0, 1, 0, 1],
        )
        for day, name in ((0, "p"), (1, "q"))
    ]
    found = {r.what: (r.who, r.value) for r in records(finished_games(teams), teams)}
    assert found["longest winning streak"] == ("Ann & Cid", 2)


def test_an_equal_feat_in_the_same_game_is_shared() -> None:
    from cardside.sessions.league import records

    level = [summary("a", "iota", ["Ann", "Bob"], [300, 300], ["Ann", "Bob"], START)]
    found = {r.what: r.who for r in records(finished_games(level), level)}
    # Shared as a tie is written, not with the "&" that joins partners.
    assert found["highest score"] == "Ann; Bob" and found["lowest score"] == "Ann; Bob"
    # In another game, an equal score is no new record: the earlier keeps it.
    later = summary("b", "iota", ["Cy", "Dee"], [300, 200], ["Cy"], START + timedelta(days=1))
    found = {r.what: r.who for r in records(finished_games([*level, later]), [*level, later])}
    assert found["highest score"] == "Ann; Bob"


def test_two_partnerships_sharing_a_record_stay_two_sides() -> None:
    from cardside.sessions.league import records

    level = [
        summary(
            "t",
            "octrix",
            ["Ann", "Bob", "Cid", "Dee"],
            [90, 90],
            ["Ann & Cid", "Bob & Dee"],
            START,
            columns=["Ann & Cid", "Bob & Dee"],
            seat_columns=[0, 1, 0, 1],
        )
    ]
    found = {r.what: r.who for r in records(finished_games(level), level)}
    assert found["highest score"] == "Ann & Cid; Bob & Dee"


def test_the_page_charts_the_highest_rated_when_a_club_is_large() -> None:
    """Past a dozen players a line chart cannot be read: the page draws the highest rated,
    each line in a style of its own, and says the table lists every one."""
    from cardside.tui.htmlreport import CHART_MOST, rating_history

    players = [f"P{n:02}" for n in range(37)]
    games = [
        summary(f"g{i}", "iota", [a, b], [300, 200], [a], START + timedelta(hours=i))
        for i, (a, b) in enumerate(zip(players, players[1:] + players[:1]))
    ]
    ratings = rate(finished_games(games))
    chart = rating_history("iota", ratings)
    assert len(chart.series) == CHART_MOST == 12
    assert len({(colour, dash) for _, colour, dash, _ in chart.series}) == CHART_MOST
    best = sorted(ratings, key=lambda r: -r.rating)[:CHART_MOST]
    assert {label for label, *_ in chart.series} == {r.name for r in best}
    assert chart.caption == (
        "IOTA: ratings game by game (the 12 highest rated of 37 players; the table lists every one)"
    )
    few = rating_history("iota", ratings[:5])
    assert len(few.series) == 5 and few.caption == "IOTA: ratings game by game"
    twelve = rating_history("iota", ratings[:CHART_MOST])  # as many as drawn: all, no note
    assert len(twelve.series) == 12 and twelve.caption == "IOTA: ratings game by game"
    thirteen = rating_history("iota", ratings[: CHART_MOST + 1])
    assert len(thirteen.series) == 12 and "of 13 players" in thirteen.caption
