"""The order of games and the days they fall on: by the moment each was decided, whatever the
offsets its file writes and wherever this computer is; a game's day is the day it shows."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.core.record import Seat
from cardside.sessions import store
from cardside.sessions.journal import Journal
from cardside.sessions.ratings import Rating
from cardside.tui.leagueview import rating_chart, rating_steps

#: Deals that give seat 0 a match 7-0 in three deals, and seat 1 the same.
ANN_WINS = [(0, 3), (0, 3), (0, 1)]
BOB_WINS = [(1, 3), (1, 3), (1, 1)]


def zone(hours: int) -> timezone:
    return timezone(timedelta(hours=hours))


def keep(
    data_dir: Path,
    name: str,
    deals: list[tuple[int, int]],
    decided: datetime,
    *,
    created: datetime | None = None,
    names: tuple[str, str] = ("Ann", "Bob"),
) -> None:
    """A kept Schnapsen session whose match is decided at ``decided`` (a minute between its
    deals), begun at ``created`` (ten seconds before its first deal unless given)."""
    journal = Journal.start(
        data_dir,
        game="schnapsen",
        mode="keep",
        seats=[Seat(n, "table") for n in names],
        options={"matches": 0},
        name=name,
    )
    for winner, points in deals:
        journal.append({"type": "result", "winner": winner, "points": points})
    session = journal.session
    first = decided - timedelta(minutes=len(deals) - 1)
    session.times = [first + timedelta(minutes=i) for i in range(len(deals))]
    session.created = created or first - timedelta(seconds=10)
    store.save(session, journal.path)
    journal.lock.release()


@pytest.fixture
def machine_zone() -> Iterator[Any]:
    """``set(name)``: run as a computer in that zone (``TZ``), put back afterwards."""
    before = os.environ.get("TZ")

    def set_zone(name: str) -> None:
        os.environ["TZ"] = name
        time.tzset()

    yield set_zone
    if before is None:
        os.environ.pop("TZ", None)
    else:
        os.environ["TZ"] = before
    time.tzset()


def answer(runner: CliRunner, *args: str) -> Any:
    result = runner.invoke(main, [*args, "--json"])
    assert result.exit_code == 0 and result.exception is None, result.output
    return json.loads(result.stdout)


def rows(got: Any) -> dict[str, dict[str, Any]]:
    (table,) = got["league"]
    return {r["player"]: r for r in table["table"]}


def test_games_go_by_the_moment_decided_in_the_hour_the_clocks_go_back(
    runner: CliRunner, data_dir: Path, machine_zone: Any
) -> None:
    # 01:47 summer time is 05:47 UTC, before 01:07 winter time (06:07 UTC), though its local
    # clock reads later.
    keep(data_dir, "early", ANN_WINS, datetime(2026, 11, 1, 1, 47, tzinfo=zone(-4)))
    keep(data_dir, "late", BOB_WINS, datetime(2026, 11, 1, 1, 7, tzinfo=zone(-5)))
    answers = []
    for name in ("America/New_York", "UTC", "Asia/Tokyo"):
        machine_zone(name)
        got = rows(answer(runner, "stats", "--league"))
        assert got["Ann"]["form"] == "L W" and got["Bob"]["form"] == "W L", name
        players = {p["name"]: p for p in answer(runner, "stats")["players"]}
        assert players["Bob"]["streak"] == 1 and players["Ann"]["streak"] == 0, name
        answers.append(answer(runner, "stats", "--ratings"))
    assert answers[0] == answers[1] == answers[2]


def test_a_day_is_the_day_the_file_shows(
    runner: CliRunner, data_dir: Path, machine_zone: Any
) -> None:
    # Late on the 29th in New York: the 30th in UTC, where the computer is.
    machine_zone("UTC")
    decided = datetime(2026, 11, 29, 23, 52, tzinfo=zone(-5))
    keep(data_dir, "evening", ANN_WINS, decided)
    on_29th = answer(runner, "stats", "--league", "--since", "2026-11-29", "--until", "2026-11-29")
    assert on_29th["games"] == 1
    assert {r["when"][:10] for r in on_29th["records"]} == {"2026-11-29"}
    assert answer(runner, "stats", "--league", "--since", "2026-11-30")["games"] == 0
    assert answer(runner, "stats", "--ratings", "--until", "2026-11-28")["games"] == 0
    # Plain stats chooses by the day a session started, as sessions export and review do.
    assert answer(runner, "stats", "--since", "2026-11-29")["sessions"] == 1
    assert answer(runner, "stats", "--since", "2026-11-30")["sessions"] == 0


def test_games_of_one_second_go_by_their_sessions_never_by_file_names(
    runner: CliRunner, data_dir: Path
) -> None:
    at = datetime(2026, 11, 20, 21, 0, tzinfo=zone(1))
    # "zed" began first: its match counts first, though its name sorts last.
    keep(data_dir, "zed", ANN_WINS, at, created=at - timedelta(hours=2))
    keep(data_dir, "alpha", BOB_WINS, at, created=at - timedelta(hours=1))
    league = answer(runner, "stats", "--league")
    ratings = answer(runner, "stats", "--ratings")
    assert rows(league)["Ann"]["form"] == "L W"
    players = {p["name"]: p for p in answer(runner, "stats")["players"]}
    # Plain stats counts its streaks in the league's order.
    assert players["Bob"]["streak"] == 1 and players["Ann"]["streak"] == 0
    folder = store.sessions_dir(data_dir)
    (folder / "zed.toml").rename(folder / "swap.toml")
    (folder / "alpha.toml").rename(folder / "zed.toml")
    (folder / "swap.toml").rename(folder / "alpha.toml")
    assert rows(answer(runner, "stats", "--league"))["Ann"]["form"] == "L W"
    assert answer(runner, "stats", "--ratings") == ratings


def test_the_chart_keeps_the_order_the_games_were_rated_in() -> None:
    at = datetime(2026, 11, 20, 21, 0, tzinfo=zone(1))
    # Rated "zed" first, then "alpha", in the same second.
    ann = Rating("schnapsen", "ann", "Ann", 25, 8, history=[(at, 1100, "zed"), (at, 1050, "alpha")])
    bob = Rating("schnapsen", "bob", "Bob", 25, 8, history=[(at, 900, "zed"), (at, 950, "alpha")])
    steps = rating_steps([ann, bob])
    assert steps[1:] == [[1100, 900], [1050, 950]]


def test_the_chart_scales_to_the_games_it_draws() -> None:
    start = datetime(2026, 1, 1, tzinfo=UTC)
    games = 1800
    history = [(start + timedelta(hours=i), 1000 + i, f"s{i}") for i in range(games)]
    # Both climb together, Bob a little behind: a season of many matches.
    other = [(when, value - 5, session) for when, value, session in history]
    ann = Rating("schnapsen", "ann", "Ann", 25, 8, history=history)
    bob = Rating("schnapsen", "bob", "Bob", 25, 8, history=other)
    lines = rating_chart([ann, bob], width=80)
    bar = next(line for line in lines if line.startswith("Ann")).split()[1]
    # Climbing across the games drawn: every level from (nearly) empty to full shows.
    assert len(set(bar)) >= 6, bar
    drawn = len(bar)
    low, high = 1000 + games - drawn - 5, 1000 + games - 1
    assert f"bars from {low} (the lowest mark) to {high} (full)" in " ".join(lines)
    # Every cell of every bar is drawn: the lowest rating is the lowest mark, not a gap.
    bob_bar = next(line for line in lines if line.startswith("Bob")).split()[1]
    assert len(bob_bar) == drawn and bob_bar[0] == "▁", bob_bar
