"""Who a player is: one key for a name wherever it is compared, ``--player`` finding a bot by
its seat but never a person, and an index whose numbers are out of range made again."""

from __future__ import annotations

import json
import shutil
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardside.cli.common import name_key
from cardside.cli.main import main
from cardside.core.errors import SessionError
from cardside.core.record import Seat
from cardside.sessions import index, store
from cardside.sessions.journal import Journal
from cardside.sessions.stats import person

EXAMPLES = Path(__file__).parents[2] / "scoresheets"
ANN_WINS = [(0, 3), (0, 3), (0, 1)]
START = datetime(2026, 11, 20, 20, 0, tzinfo=timezone(timedelta(hours=1)))


def keep(data_dir: Path, name: str, seats: list[Seat], start: datetime = START) -> Path:
    """A kept Schnapsen session whose first seat wins a match in three deals from ``start``."""
    journal = Journal.start(
        data_dir, game="schnapsen", mode="keep", seats=seats, options={"matches": 0}, name=name
    )
    for winner, points in ANN_WINS:
        journal.append({"type": "result", "winner": winner, "points": points})
    session = journal.session
    session.times = [start + timedelta(minutes=i) for i in range(len(ANN_WINS))]
    session.created = start - timedelta(seconds=10)
    store.save(session, journal.path)
    journal.lock.release()
    return journal.path


def answer(runner: CliRunner, *args: str) -> Any:
    result = runner.invoke(main, [*args, "--json"])
    assert result.exit_code == 0 and result.exception is None, result.output
    return json.loads(result.stdout)


def league_players(got: Any) -> list[str]:
    return [row["player"] for table in got["league"] for row in table["table"]]


NAMES = ["Ann", " ann ", "ANN", "Ａｎｎ", "José", "Jose\u0301", "JOSÉ", "ﬁona", "Fiona", "Straße"]


@pytest.mark.parametrize("a", NAMES)
@pytest.mark.parametrize("b", NAMES)
def test_one_player_is_one_name_as_a_new_session_tells_them_apart(a: str, b: str) -> None:
    assert (person(a) == person(b)) == (name_key(a.strip()) == name_key(b.strip()))


def test_names_that_look_alike_are_one_player_named_as_first_seen(
    runner: CliRunner, data_dir: Path
) -> None:
    keep(data_dir, "first", [Seat("Ａｎｎ", "table"), Seat("Bob", "table")])
    keep(data_dir, "then", [Seat("Ann", "table"), Seat("Bob", "table")], START + timedelta(1))
    players = {p["name"]: p for p in answer(runner, "stats")["players"]}
    assert set(players) == {"Ａｎｎ", "Bob"} and players["Ａｎｎ"]["played"] == 2
    assert league_players(answer(runner, "stats", "--league")) == ["Ａｎｎ", "Bob"]


def test_a_file_seating_one_name_typed_two_ways_is_refused_on_one_line(
    runner: CliRunner, data_dir: Path
) -> None:
    path = keep(data_dir, "accents", [Seat("José", "table"), Seat("Bob", "table")])
    text = path.read_text(encoding="utf-8")
    assert text.count('name = "Bob"') == 1
    path.write_text(text.replace('name = "Bob"', 'name = "Jose\u0301"'), encoding="utf-8")
    with pytest.raises(SessionError) as caught:
        store.load(path)
    said = str(caught.value)
    assert "names must differ" in said and "\n" not in said
    # Plain stats and the league agree: the file is left out of both, never half counted.
    result = runner.invoke(main, ["stats", "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout)["players"] == []
    assert "1 unreadable session file left out" in result.stderr
    assert answer(runner, "stats", "--league")["games"] == 0


def test_player_finds_a_bot_by_its_seat_but_never_a_person_with_brackets(
    runner: CliRunner, data_dir: Path
) -> None:
    keep(data_dir, "jr", [Seat("Ann (hard)", "table"), Seat("Bob", "table")])
    keep(data_dir, "ann", [Seat("Ann", "table"), Seat("Bob", "table")], START + timedelta(1))
    for example in ("iota-played-vs-greedy", "linesbeta-kept-short-grid"):
        shutil.copy(EXAMPLES / f"{example}.toml", store.sessions_dir(data_dir))
    ann = ("--player", "ann", "--game", "schnapsen")
    found = answer(runner, "stats", *ann)
    assert [p["name"] for p in found["players"]] == ["Ann"] and found["sessions"] == 1
    assert league_players(answer(runner, "stats", "--league", *ann)) == ["Ann"]
    rated = answer(runner, "stats", "--ratings", *ann)
    assert [r["player"] for r in rated["ratings"]] == ["Ann"] and rated["games"] == 1
    # A bot is found by its seat alone, as a screen of play names it, and so is the grid.
    bots = answer(runner, "stats", "--player", "bot 2")  # named with its game among several
    assert [p["name"] for p in bots["players"]] == ["Bot 2 (greedy, IOTA)"]
    assert league_players(answer(runner, "stats", "--league", "--player", "Bot 2")) == [
        "Bot 2 (greedy)"
    ]
    rated = answer(runner, "stats", "--ratings", "--player", "grid")
    assert [r["player"] for r in rated["ratings"]] == ["Grid (normal short)"]


def cached_friday(data_dir: Path) -> tuple[Any, dict[str, Any], Path]:
    """A kept session ``friday`` indexed: its entry, the index as JSON to edit, its path."""
    keep(data_dir, "friday", [Seat("Ann", "table"), Seat("Bob", "table")])
    (fresh,) = index.entries(data_dir)
    assert fresh.summary is not None
    path = index.index_path(data_dir)
    return fresh, json.loads(path.read_text(encoding="utf-8")), path


@pytest.mark.parametrize(
    "field, value",
    [
        ("played", -9_000_000_000),
        ("played", 2**63 - 1),
        ("totals", [2**63 - 1, 0]),
        ("totals", [-(2**63), 0]),
        ("rounds", -1),
        ("entries", -3),
    ],
)
def test_a_cached_number_out_of_range_is_made_again_from_the_file(
    data_dir: Path, field: str, value: Any
) -> None:
    fresh, doc, path = cached_friday(data_dir)
    doc["files"]["friday.toml"]["summary"][field] = value
    path.write_text(json.dumps(doc), encoding="utf-8")
    (item,) = index.entries(data_dir)
    assert item.summary is not None and item.summary[field] == fresh.summary[field]


@pytest.mark.parametrize(
    "where, value",
    [("totals", [2**63 - 1, 0]), ("round", -1), ("number", -1), ("seconds", 2**62)],
)
def test_a_cached_game_out_of_range_is_made_again_from_the_file(
    data_dir: Path, where: str, value: Any
) -> None:
    fresh, doc, path = cached_friday(data_dir)
    doc["files"]["friday.toml"]["summary"]["results"][0][where] = value
    path.write_text(json.dumps(doc), encoding="utf-8")
    (item,) = index.entries(data_dir)
    assert item.summary is not None and item.summary["results"] == fresh.summary["results"]


def test_a_time_played_out_of_range_never_shows(runner: CliRunner, data_dir: Path) -> None:
    keep(data_dir, "friday", [Seat("Ann", "table"), Seat("Bob", "table")])
    index.entries(data_dir)
    path = index.index_path(data_dir)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["files"]["friday.toml"]["summary"]["played"] = -9_000_000_000
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = runner.invoke(main, ["stats"])
    assert result.exit_code == 0, result.output
    (line,) = [ln for ln in result.stdout.splitlines() if ln.startswith("Schnapsen    ")]
    assert line.split()[2] == "2m", line
