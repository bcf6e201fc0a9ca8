"""Exports that keep everything (read back and compared with show) and stats across sessions."""

from __future__ import annotations

import csv
import io
import json
import os
from datetime import datetime
from pathlib import Path
from shutil import copy
from typing import Any

import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.core.record import Seat
from cardside.sessions import store
from cardside.sessions.journal import Journal

ROUND = ["8C 3H", "2C 3D", "7H 7D", "6H 6D", "5H 5D", "4H 4D", "2S 3S", "AS 8S"]
EXAMPLES = Path(__file__).resolve().parents[2] / "scoresheets"
AWKWARD = ['Smith, "Ann"', "Bob; Jr 'the 2nd'"]


def started(journal: Journal, day: int | None) -> Journal:
    """Date a session to a given day of November 2026 (so sessions have an order)."""
    if day is not None:
        session = journal.session
        session.created = datetime(2026, 11, day, 20, 0).astimezone()
        session.times = [session.created] * len(session.entries)
        store.save(session, journal.path)
    return journal


def kept(
    data_dir: Path,
    game: str,
    name: str,
    names: list[str],
    options: dict[str, object],
    entries: list[dict[str, object]],
    day: int | None,
) -> Journal:
    """A kept session of ``game`` made of ``entries``, dated to ``day`` (see :func:`started`)."""
    journal = Journal.start(
        data_dir,
        game=game,
        mode="keep",
        seats=[Seat(n, "table") for n in names],
        options=options,
        name=name,
    )
    for entry in entries:
        journal.append(entry)
    return started(journal, day)


def kept_octrix(
    data_dir: Path, name: str, names: list[str], tricks: list[str], day: int | None = None
) -> Journal:
    entries: list[dict[str, object]] = [{"type": "trick", "cards": t} for t in tricks]
    options: dict[str, object] = {"partnership": False, "hands": False}
    return kept(data_dir, "octrix", name, names, options, entries, day)


def kept_schnapsen(
    data_dir: Path,
    name: str,
    names: list[str],
    deals: list[tuple[int, int]],
    matches: int = 0,
    day: int | None = None,
) -> Journal:
    entries: list[dict[str, object]] = [
        {"type": "result", "winner": winner, "points": points} for winner, points in deals
    ]
    return kept(data_dir, "schnapsen", name, names, {"matches": matches}, entries, day)


def invoke(runner: CliRunner, *args: str) -> str:
    result = runner.invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_csv_and_json_read_back_equal_show(runner: CliRunner, data_dir: Path) -> None:
    kept_octrix(data_dir, "awkward", AWKWARD, ROUND + ROUND[:3])
    kept_schnapsen(data_dir, "bummerl", ["Ann", "Bob"], [(0, 3), (0, 3), (0, 1), (1, 2)])
    for name in ("awkward", "bummerl"):
        shown = json.loads(invoke(runner, "sessions", "show", name, "--json"))
        rows = list(csv.DictReader(io.StringIO(invoke(runner, "sessions", "export", name))))
        (exported,) = json.loads(invoke(runner, "sessions", "export", name, "--format", "json"))
        assert exported == shown
        assert len(rows) == len(shown["rounds"]) * len(shown["columns"])
        for i, row in enumerate(rows):
            r = shown["rounds"][i // len(shown["columns"])]
            col = i % len(shown["columns"])
            assert row["player"] == shown["columns"][col]
            assert (int(row["round"]), int(row["score"]), int(row["total"])) == (
                r["round"],
                r["scores"][col],
                r["totals"][col],
            )
            assert row["note"] == r["note"] and row["time"] == r["time"]
            assert row["match"] == str(r.get("match", ""))
            assert row["date"] == shown["created"]
            assert datetime.fromisoformat(row["time"]) >= datetime.fromisoformat(row["date"])
    assert rows[0]["player"] == "Ann"
    awkward = list(csv.DictReader(io.StringIO(invoke(runner, "sessions", "export", "awkward"))))
    assert {r["player"] for r in awkward} == set(AWKWARD)


def test_exports_carry_matches_their_winners_and_the_tally(
    runner: CliRunner, data_dir: Path
) -> None:
    kept_schnapsen(data_dir, "bummerl", ["Ann", "Bob"], [(0, 3), (0, 3), (0, 1), (1, 3), (1, 3)])
    (data,) = json.loads(invoke(runner, "sessions", "export", "bummerl", "--format", "json"))
    assert data["status"] == "in progress"
    assert data["results"] == [{"number": 1, "round": 3, "winners": ["Ann"], "totals": [7, 0]}]
    assert data["won"] == {"Ann": 1, "Bob": 0}
    assert [r["match"] for r in data["rounds"]] == [1, 1, 1, 2, 2]
    assert all(isinstance(e["at"], str) for e in data["entries"])
    rows = list(csv.DictReader(io.StringIO(invoke(runner, "sessions", "export", "bummerl"))))
    ann = [r for r in rows if r["player"] == "Ann"]
    assert [r["won"] for r in ann] == ["0", "0", "1", "1", "1"]
    assert [r["decided"] for r in ann] == ["", "", "Ann", "", ""]
    assert ann[2]["note"] == "Ann wins 1 game point: entered directly; Ann wins match 1"


def test_a_name_with_an_ampersand_wins_only_its_own_matches_in_exports(
    runner: CliRunner, data_dir: Path
) -> None:
    names = ["Ann", "Ann & Bob"]
    kept_schnapsen(data_dir, "amp", names, [(0, 3), (0, 3), (0, 1), (1, 3)])
    (data,) = json.loads(invoke(runner, "sessions", "export", "amp", "--format", "json"))
    assert data["won"] == {"Ann": 1, "Ann & Bob": 0}
    rows = list(csv.DictReader(io.StringIO(invoke(runner, "sessions", "export", "amp"))))
    both = [r for r in rows if r["player"] == "Ann & Bob"]
    assert [r["won"] for r in both] == ["0", "0", "0", "0"]


def test_the_html_page_shows_the_matches_and_notes_the_sheet_shows(
    runner: CliRunner, data_dir: Path
) -> None:
    kept_schnapsen(data_dir, "bummerl", ["Ann", "Bob"], [(0, 3), (0, 3), (0, 1), (1, 3), (1, 3)])
    page = invoke(runner, "sessions", "export", "bummerl", "--format", "html", "-o", "-")
    assert "<th>match</th><th>deal</th>" in page and "<th>note</th></tr>" in page
    row = (
        '<tr><td class="n">1</td><td class="n">3</td><td class="n">1</td><td class="n">0</td>'
        '<td class="n">0</td><td class="n">7</td>'
        "<td>Ann wins 1 game point: entered directly; Ann wins match 1"
        "</td></tr>"
    )
    assert row in page
    assert "<p>Match 1 won by Ann (deal 3).</p>" in page
    # A game of one match and no notes keeps the table as it was.
    kept_octrix(data_dir, "awkward", AWKWARD, ROUND)
    octrix = invoke(runner, "sessions", "export", "awkward", "--format", "html", "-o", "-")
    assert "<th>match</th>" not in octrix and "won by" not in octrix


def test_export_all_writes_one_header(runner: CliRunner, data_dir: Path) -> None:
    kept_octrix(data_dir, "one", ["Ann", "Bob"], ROUND)
    kept_schnapsen(data_dir, "two", ["Ann", "Bob"], [(0, 2)])
    text = invoke(runner, "sessions", "export", "--all")
    assert text.count("session,game,mode") == 1
    rows = list(csv.DictReader(io.StringIO(text)))
    assert {r["session"] for r in rows} == {"one", "two"} and len(rows) == 4
    written = runner.invoke(main, ["sessions", "export", "one", "-o", str(data_dir / "one.csv")])
    assert written.exit_code == 0 and "wrote 1 session to " in written.output


def test_stats_players_pairs_and_games(
    runner: CliRunner, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Ann wins two matches and Bob one; " ann " and "ANN" are the same person as Ann.
    s1 = [(0, 3), (0, 3), (0, 1), (1, 3), (1, 3), (1, 1)]
    kept_schnapsen(data_dir, "s1", ["Ann", "Bob"], s1, day=2)
    kept_schnapsen(data_dir, "s2", [" ann ", "Bob"], [(0, 3), (0, 3), (0, 2)], day=9)
    kept_octrix(data_dir, "o1", ["ANN", "Cid"], ROUND, day=16)
    data = json.loads(invoke(runner, "stats", "--json"))
    players = {p["name"].strip().lower(): p for p in data["players"]}
    ann, bob = players["ann"], players["bob"]
    assert (ann["sessions"], ann["played"], ann["won"]) == (3, 3, 2)
    assert (bob["sessions"], bob["played"], bob["won"]) == (2, 3, 1)
    assert ann["longest_streak"] == 1 and ann["streak"] == 1
    assert ann["best_score"] == 7 and ann["average_score"] == pytest.approx((7 + 0 + 7) / 3)
    assert ann["interval"] is None  # too few games for an interval
    assert players["cid"]["played"] == 0
    (pair,) = data["head_to_head"]
    assert [n.strip().lower() for n in pair["players"]] == ["ann", "bob"] and pair["wins"] == [2, 1]
    games = {g["game"]: g for g in data["games"]}
    assert games["schnapsen"]["sessions"] == 2 and games["octrix"]["sessions"] == 1
    assert games["schnapsen"]["commonest"][0] == {"result": "3 game points", "count": 6}
    text = invoke(runner, "stats")
    assert "Head to head" in text and "2:1" in text and "matches" in text
    assert "Schnapsen scores: the game points a player took in a match (7 wins it)." in text
    assert "Schnapsen scores" not in invoke(runner, "stats", "--game", "octrix")
    with monkeypatch.context() as narrow_terminal:
        narrow_terminal.setattr("cardside.cli.stats.terminal_width", lambda: 60)
        narrow = invoke(runner, "stats").splitlines()
    assert all(len(line) <= 60 for line in narrow)
    assert "(7 wins it)." in narrow
    # Played and won are counted in matches (Schnapsen, Octrix) or games: said as such.
    assert any("counted in matches" in line for line in narrow)

    only = json.loads(invoke(runner, "stats", "--game", "octrix", "--json"))
    assert only["sessions"] == 1 and only["head_to_head"] == []
    cid = json.loads(invoke(runner, "stats", "--player", " CID", "--json"))
    assert [p["name"] for p in cid["players"]] == ["Cid"] and cid["sessions"] == 1
    assert json.loads(invoke(runner, "stats", "--mode", "play", "--json"))["sessions"] == 0
    later = json.loads(invoke(runner, "stats", "--since", "2026-11-09", "--json"))
    assert later["sessions"] == 2
    assert "No sessions match since 2999-01-01 (3 sessions in all)." in invoke(
        runner, "stats", "--since", "2999-01-01"
    )
    nobody = invoke(runner, "stats", "--game", "octrix", "--player", "Zed")
    assert "No sessions match game octrix and player 'Zed' (3 sessions in all)." in nobody


def test_stats_interval_and_streaks_over_many_games(runner: CliRunner, data_dir: Path) -> None:
    wins = [0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 0]
    deals = [(w, 3) for w in wins for _ in range(3)]
    kept_schnapsen(data_dir, "league", ["Ann", "Bob"], [(w, p) for w, p in deals for _ in [0]])
    data = json.loads(invoke(runner, "stats", "--json"))
    ann = next(p for p in data["players"] if p["name"] == "Ann")
    assert ann["played"] == 11 and ann["won"] == 8
    assert ann["longest_streak"] == 3 and ann["streak"] == 3
    lo, hi = ann["interval"]
    assert lo < 8 / 11 < hi and 0.4 < lo and hi < 0.95


def test_stats_bad_options(runner: CliRunner, data_dir: Path) -> None:
    for args in (
        ["--game", "chess"],
        ["--since", "yesterday"],
        ["--mode", "watch"],
        ["--since", "\uff12\uff10\uff12\uff16-01-01"],  # full-width digits
    ):
        result = runner.invoke(main, ["stats", *args])
        assert result.exit_code == 2, args
        assert "%Y" not in result.output  # the message names the date as people write it
    since = runner.invoke(main, ["stats", "--since", "yesterday"]).output
    assert "'yesterday' is not a date written YYYY-MM-DD, e.g. 2026-11-30" in since
    feb30 = runner.invoke(main, ["stats", "--league", "--since", "2026-02-30"]).output
    assert "'2026-02-30' is written YYYY-MM-DD but is no day of the calendar" in feb30
    blank = runner.invoke(main, ["stats", "--player", "  "])
    assert blank.exit_code == 2 and "give a player's name" in blank.output
    assert "No sessions yet." in invoke(runner, "stats")
    # The help names the date as a word, not as a strftime pattern.
    shown = runner.invoke(main, ["stats", "--help"]).output
    assert "--since DATE" in shown and "%Y" not in shown


def test_show_names_the_options_a_session_was_played_with(
    runner: CliRunner, data_dir: Path
) -> None:
    examples = Path(__file__).parents[2] / "scoresheets"
    (data_dir / "sessions").mkdir(parents=True)
    for name in ("linesbeta-kept-short-grid", "schnapsen-played-vs-strong"):
        path = examples / f"{name}.toml"
        (data_dir / "sessions" / path.name).write_bytes(path.read_bytes())
    shown = invoke(runner, "sessions", "show", "linesbeta-kept-short-grid")
    assert "options: difficulty normal, short game, grid yes" in shown
    shown = invoke(runner, "sessions", "show", "schnapsen-played-vs-strong")
    assert "options: level normal, first dealer Bot 2" in shown


def test_an_export_onto_a_hard_link_of_a_session_leaves_the_session_as_it_was(
    runner: CliRunner, data_dir: Path, tmp_path: Path
) -> None:
    """A file outside the sessions folder may be the same file as a session: the export is
    written beside it and renamed, so the session keeps its contents."""
    kept_octrix(data_dir, "k", ["Ann", "Bob"], ROUND)
    session = data_dir / "sessions" / "k.toml"
    before = session.read_bytes()
    for args in (["sessions", "export", "k", "-o"], ["stats", "--html"]):
        link = tmp_path / "link.out"
        link.unlink(missing_ok=True)
        link.hardlink_to(session)
        result = runner.invoke(main, [*args, str(link)])
        assert result.exit_code == 0 and result.exception is None, result.output
        assert session.read_bytes() == before and link.read_bytes() != before
    assert invoke(runner, "sessions", "show", "k").startswith("k: octrix keep")
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_an_export_that_cannot_be_written_whole_leaves_the_old_file(
    runner: CliRunner, data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    kept_octrix(data_dir, "k", ["Ann", "Bob"], ROUND)
    old = tmp_path / "keep.csv"
    old.write_text("old\n")

    def full(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    for args in (["sessions", "export", "--all", "-o"], ["stats", "--html"]):
        result = runner.invoke(main, [*args, str(old)])
        assert result.exit_code == 1 and "No space left on device" in result.output
        assert old.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".keep")] == []


def test_an_export_names_a_session_given_by_path_by_its_file_with_the_start_list_gives(
    runner: CliRunner, data_dir: Path, tmp_path: Path
) -> None:
    friday = tmp_path / "friday.toml"
    copy(EXAMPLES / "schnapsen-kept-bummerl.toml", friday)
    rows = list(csv.DictReader(io.StringIO(invoke(runner, "sessions", "export", str(friday)))))
    assert {r["session"] for r in rows} == {"friday"}
    as_json = json.loads(invoke(runner, "sessions", "export", str(friday), "--format", "json"))
    assert as_json[0]["name"] == "friday"
    assert json.loads(invoke(runner, "sessions", "show", str(friday), "--json"))["name"] == "friday"
    page = invoke(runner, "sessions", "export", str(friday), "--format", "html", "-o", "-")
    started = invoke(runner, "sessions", "show", str(friday)).split("started: ")[1][:16]
    assert f"<p>Schnapsen, kept, finished, {started}." in page
    # A page of no session is not written, as stats --html says.
    empty = runner.invoke(main, ["sessions", "export", "--all", "--format", "html", "-o", "-"])
    assert empty.exit_code == 1 and "no session is saved yet: no page written" in empty.output


def test_export_never_writes_over_a_session_and_dash_is_the_standard_output(
    runner: CliRunner, data_dir: Path
) -> None:
    kept_octrix(data_dir, "k", ["Ann", "Bob"], ROUND)
    target = data_dir / "sessions" / "k.toml"
    before = target.read_bytes()
    refused = runner.invoke(main, ["sessions", "export", "k", "-o", str(target)])
    assert refused.exit_code == 2 and "is in the sessions folder" in refused.output
    assert target.read_bytes() == before
    # Nor over the index of sessions or into the trash folder, with -o or --html.
    invoke(runner, "sessions", "list")
    index_file = data_dir / "index.json"
    kept = index_file.read_bytes()
    for args in (
        ["sessions", "export", "k", "-o", str(index_file)],
        ["stats", "--html", str(index_file)],
        ["sessions", "export", "k", "--format", "html", "-o", str(data_dir / "trash" / "k.html")],
    ):
        refused = runner.invoke(main, args)
        assert refused.exit_code == 2 and refused.exception is not None, args
        assert "index of sessions" in refused.output or "trash folder" in refused.output
    assert index_file.read_bytes() == kept and not (data_dir / "trash").exists()
    dashed = runner.invoke(main, ["sessions", "export", "k", "-o", "-"])
    assert dashed.exit_code == 0 and dashed.output.startswith("session,game,mode")
    assert not Path("-").exists()
    for folder, reason in (("", "-o needs a file name, e.g. -o games.csv"), (data_dir, "is a dir")):
        to_folder = runner.invoke(main, ["sessions", "export", "k", "-o", str(folder)])
        assert to_folder.exit_code == 2 and reason in to_folder.output, folder
    neither = runner.invoke(main, ["sessions", "export"])
    assert neither.exit_code == 2 and "give a session NAME, or --all" in neither.output
    assert "not both" not in neither.output


def test_exports_leave_blank_the_turns_still_to_come(runner: CliRunner, data_dir: Path) -> None:
    script = "Ann 8 4 5 lot\nBob 6\nCid 0\nAnn 4\nquit\n"
    args = ["iota", "keep", "--names", "Ann,Bob,Cid", "--session", "k"]
    assert runner.invoke(main, args, input=script).exit_code == 0
    rows = list(csv.DictReader(io.StringIO(invoke(runner, "sessions", "export", "k"))))
    # Cid's 0 of round 1 was a turn; Bob's and Cid's round 2 is still to come, as in show.
    assert [r["score"] for r in rows] == ["34", "6", "0", "4", "", ""]
    assert [r["total"] for r in rows] == ["34", "6", "0", "38", "6", "0"]
    (data,) = json.loads(invoke(runner, "sessions", "export", "k", "--format", "json"))
    assert [r["scores"] for r in data["rounds"]] == [[34, 6, 0], [4, None, None]]
    assert json.loads(invoke(runner, "sessions", "show", "k", "--json")) == data


def test_stats_counts_the_unreadable_files_it_leaves_out(runner: CliRunner, data_dir: Path) -> None:
    kept_octrix(data_dir, "k", ["Ann", "Bob"], ROUND)
    (data_dir / "sessions" / "broken.toml").write_text("not toml [", encoding="utf-8")
    result = runner.invoke(main, ["stats"])
    assert result.exit_code == 0
    assert "1 unreadable session file left out (see 'cardside sessions list')" in result.output
    # With --json the figures go to standard output and the note to standard error.
    result = runner.invoke(main, ["stats", "--json"])
    assert result.exit_code == 0 and result.exception is None
    assert json.loads(result.stdout)["sessions"] == 1
    assert "1 unreadable session file left out" in result.stderr
    # With no other file, the answer is not that there are no sessions.
    (data_dir / "sessions" / "k.toml").unlink()
    result = runner.invoke(main, ["stats"])
    assert result.exit_code == 0 and result.exception is None
    assert result.output.startswith("No readable sessions.\n")
    assert "1 unreadable session file left out" in result.output


def test_stats_never_average_the_scores_of_different_games(
    runner: CliRunner, data_dir: Path
) -> None:
    kept_schnapsen(data_dir, "s1", ["Ann", "Bob"], [(0, 3), (0, 3), (0, 1)], day=2)
    args = ["lineit", "keep", "--names", "Ann,Cy", "--session", "li"]
    kept = runner.invoke(main, args, input="counts Ann 23\ncounts Cy 10\n\n")
    assert "Ann wins with 23" in kept.output, kept.output
    data = json.loads(invoke(runner, "stats", "--json"))
    players = {p["name"]: p for p in data["players"]}
    ann = players["Ann"]
    assert ann["average_score"] is None and ann["best_score"] is None
    assert ann["scores_by_game"] == {
        "lineit": {"average": 23.0, "best": 23},
        "schnapsen": {"average": 7.0, "best": 7},
    }
    assert players["Bob"]["average_score"] == 0.0  # one game: its average stands
    text = invoke(runner, "stats")
    assert "left blank for a player of several games (Line-it, Schnapsen)" in text
    # The games table names each game by its title; --json keeps the command names.
    games = {line.split()[0] for line in text.split("commonest results")[1].splitlines()[2:]}
    assert games == {"Line-it", "Schnapsen"}
    assert invoke(runner, "stats", "--game", "lineit").count("23.0") == 1


@pytest.mark.parametrize("matches", [9, 10])
def test_stats_gives_an_interval_from_exactly_ten_games(
    runner: CliRunner, data_dir: Path, matches: int
) -> None:
    wins = [0, 1] * (matches // 2) + [0] * (matches % 2)
    kept_schnapsen(data_dir, "league", ["Ann", "Bob"], [(w, 3) for w in wins for _ in range(3)])
    players = json.loads(invoke(runner, "stats", "--json"))["players"]
    ann = next(p for p in players if p["name"] == "Ann")
    assert ann["played"] == matches
    assert (ann["interval"] is not None) == (matches >= 10)


def test_stats_since_a_day_takes_a_session_started_at_its_first_moment(
    runner: CliRunner, data_dir: Path
) -> None:
    for name, moment in [
        ("before", datetime(2026, 11, 8, 23, 59, 59)),
        ("at", datetime(2026, 11, 9)),
    ]:
        journal = kept_octrix(data_dir, name, ["Ann", "Bob"], ROUND)
        journal.session.created = moment.astimezone()
        journal.session.times = [journal.session.created] * len(journal.session.entries)
        store.save(journal.session, journal.path)
    data = json.loads(invoke(runner, "stats", "--since", "2026-11-09", "--json"))
    assert data["sessions"] == 1
    assert json.loads(invoke(runner, "stats", "--since", "2026-11-08", "--json"))["sessions"] == 2


def test_stats_since_a_day_goes_by_the_start_sessions_list_shows(
    runner: CliRunner, data_dir: Path
) -> None:
    # Made at 23:50 on 31 October, its first entry after midnight: it started in October.
    journal = kept_octrix(data_dir, "late", ["Ann", "Bob"], ROUND)
    journal.session.created = datetime(2026, 10, 31, 23, 50).astimezone()
    journal.session.times = [datetime(2026, 11, 1, 0, 0).astimezone()] * len(
        journal.session.entries
    )
    store.save(journal.session, journal.path)
    assert "2026-10-31 23:50" in invoke(runner, "sessions", "list")
    assert "No session" in runner.invoke(main, ["stats", "--since", "2026-11-01"]).output
    data = json.loads(invoke(runner, "stats", "--since", "2026-10-31", "--json"))
    assert data["sessions"] == 1


def test_exports_count_a_partnerships_match_as_won_by_its_column(
    runner: CliRunner, data_dir: Path
) -> None:
    """The winners of a partnership match are its two players: their column, Ann & Cid, has
    won it once in JSON and from its last row on in CSV; the other column has won nothing."""
    name = "octrix-kept-partnership"
    (data_dir / "sessions").mkdir(parents=True)
    copy(EXAMPLES / f"{name}.toml", data_dir / "sessions")
    (exported,) = json.loads(invoke(runner, "sessions", "export", name, "--format", "json"))
    assert exported["results"][0]["winners"] == ["Ann", "Cid"]
    assert exported["won"] == {"Ann & Cid": 1, "Bob & Dee": 0}
    rows = list(csv.DictReader(io.StringIO(invoke(runner, "sessions", "export", name))))
    won = {(r["round"], r["player"]): r["won"] for r in rows}
    assert won == {
        **{(str(n), team): "0" for n in (1, 2, 3) for team in ("Ann & Cid", "Bob & Dee")},
        ("4", "Ann & Cid"): "1",
        ("4", "Bob & Dee"): "0",
    }
    assert {r["winners"] for r in rows} == {"Ann & Cid"}
    assert [r["decided"] for r in rows if r["decided"]] == ["Ann & Cid", "Ann & Cid"]


def test_stats_order_results_as_common_as_each_other_by_their_numbers() -> None:
    """Tied results run 1-5, 6-10, 16-20 (not as text: 1-5, 16-20, 6-10), in the table and
    in --json alike."""
    from collections import Counter

    from cardside.sessions.stats import GameStats

    tally = Counter({"won by 1-5": 2, "won by 16-20": 2, "won by 6-10": 2, "won by 11-15": 3})
    game = GameStats("lineit", outcomes=tally)
    assert [r for r, _ in game.commonest()] == [
        "won by 11-15",
        "won by 1-5",
        "won by 6-10",
        "won by 16-20",
    ]
    assert [c["result"] for c in game.as_dict()["commonest"]][1:] == [
        "won by 1-5",
        "won by 6-10",
        "won by 16-20",
    ]
    rounds = GameStats(
        "iota", outcomes=Counter({"decided in round 15": 1, "decided in round 9": 1})
    )
    assert game.commonest(2)[1] == ("won by 1-5", 2)
    assert [r for r, _ in rounds.commonest()] == ["decided in round 9", "decided in round 15"]


def kept_iota(data_dir: Path, name: str, names: list[str], lines: list[int], day: int) -> Journal:
    """A quick kept IOTA game: each player in turn lays all four cards in one line of a value
    of ``lines`` (15 turns in all: the pile runs out), then all pass and the game ends."""
    entries: list[dict[str, object]] = [
        {
            "type": "turn",
            "seat": i % len(names),
            "lines": [lines[i % len(lines)]],
            "lots": 1,
            "all4": True,
            "final": False,
        }
        for i in range(15)
    ]
    entries += [{"type": "pass", "seat": (15 + i) % len(names)} for i in range(len(names))]
    entries.append({"type": "end"})
    return kept(data_dir, "iota", name, names, {"grid": False}, entries, day)


def test_stats_count_a_tie_for_first_as_the_league_does(runner: CliRunner, data_dir: Path) -> None:
    # Ann and Bob tie at 160 (Cid 80), then Ann wins alone: one win, one draw at ½.
    kept_iota(data_dir, "tie", ["Ann", "Bob", "Cid"], [8, 8, 4], day=2)
    kept_iota(data_dir, "win", ["Ann", "Bob"], [9, 5], day=3)
    players = {p["name"]: p for p in json.loads(invoke(runner, "stats", "--json"))["players"]}
    ann, bob, cid = players["Ann"], players["Bob"], players["Cid"]
    assert (ann["played"], ann["won"], ann["drawn"], ann["points"]) == (2, 1, 1, 1.5)
    assert ann["win_rate"] == 0.75 and (ann["streak"], ann["longest_streak"]) == (1, 1)
    assert (bob["won"], bob["drawn"], bob["win_rate"], bob["streak"]) == (0, 1, 0.25, 0)
    assert (cid["won"], cid["drawn"], cid["win_rate"]) == (0, 0, 0.0)
    (league,) = json.loads(invoke(runner, "stats", "--league", "--json"))["league"]
    for row in league["table"]:
        mine = players[row["player"]]
        assert (row["won"], row["drawn"], row["win_rate"]) == (
            mine["won"],
            mine["drawn"],
            mine["win_rate"],
        )
    text = invoke(runner, "stats")
    header = next(line for line in text.splitlines() if line.startswith("player"))
    assert header.split()[:6] == ["player", "sessions", "played", "won", "drawn", "win"]
    assert any(line.split()[:6] == ["Ann", "2", "2", "1", "1", "75%"] for line in text.splitlines())


def test_stats_leave_out_the_drawn_column_where_nobody_tied(
    runner: CliRunner, data_dir: Path
) -> None:
    kept_iota(data_dir, "win", ["Ann", "Bob"], [9, 5], day=3)
    text = invoke(runner, "stats")
    assert "drawn" not in text and "win rate" in text
    ann = json.loads(invoke(runner, "stats", "--json"))["players"][0]
    assert (ann["name"], ann["won"], ann["drawn"], ann["win_rate"]) == ("Ann", 1, 0, 1.0)


def test_a_copy_whose_start_was_edited_is_still_counted_once(
    runner: CliRunner, data_dir: Path
) -> None:
    """The same entries to the second, seed and players are one session, whatever start the
    file was edited to say."""
    folder = store.sessions_dir(data_dir)
    folder.mkdir(parents=True)
    text = (EXAMPLES / "octrix-played-vs-strong.toml").read_text(encoding="utf-8")
    (folder / "a.toml").write_text(text, encoding="utf-8")
    edited = "\n".join(
        "created = 9998-01-01 00:00:00+00:00" if line.startswith("created = ") else line
        for line in text.splitlines()
    )
    assert edited != text
    (folder / "b.toml").write_text(edited + "\n", encoding="utf-8")
    result = runner.invoke(main, ["stats", "--league", "--json"])
    assert result.exit_code == 0 and result.exception is None
    assert "hold the same entries though their files say they began apart" in result.stderr
    (table,) = json.loads(result.stdout)["league"]
    assert sorted(r["played"] for r in table["table"]) == [1, 1]


def test_a_copy_of_a_session_under_another_name_is_counted_once_and_exported_by_its_name(
    runner: CliRunner, data_dir: Path
) -> None:
    folder = store.sessions_dir(data_dir)
    folder.mkdir(parents=True)
    copy(EXAMPLES / "schnapsen-kept-bummerl.toml", folder)
    copy(EXAMPLES / "schnapsen-kept-bummerl.toml", folder / "friday.toml")
    result = runner.invoke(main, ["stats", "--league", "--json"])
    assert result.exit_code == 0 and result.exception is None
    assert "hold the same session (a copy of a file?): counted once" in result.stderr
    assert "unreadable" not in result.stderr
    (table,) = json.loads(result.stdout)["league"]
    assert sorted(r["played"] for r in table["table"]) == [1, 1]
    played = json.loads(runner.invoke(main, ["stats", "--json"]).stdout)["players"]
    assert [p["played"] for p in played] == [1, 1]
    # Exports name each file as list and show do.
    text = invoke(runner, "sessions", "export", "--all", "--format", "csv", "-o", "-")
    names = {row["session"] for row in csv.DictReader(io.StringIO(text))}
    assert names == {"friday", "schnapsen-kept-bummerl"}
    one = json.loads(invoke(runner, "sessions", "export", "friday", "--format", "json", "-o", "-"))
    assert one[0]["name"] == "friday"
    # The report of them all counts the session once, as stats --html does.
    page = runner.invoke(main, ["sessions", "export", "--all", "--format", "html", "-o", "-"])
    assert page.exit_code == 0 and "counted once" in page.stderr
    # Ann's rating after one match won, not after two.
    assert '<td class="n">1138</td>' in page.stdout and "1248" not in page.stdout
    # Statistics of another game say nothing of these copies.
    other = runner.invoke(main, ["stats", "--game", "iota"])
    assert other.exit_code == 0 and other.exception is None
    assert "counted once" not in other.stderr


def test_a_ratings_chart_is_for_the_terminal_and_refused_with_json(
    runner: CliRunner, data_dir: Path
) -> None:
    result = runner.invoke(main, ["stats", "--ratings", "--chart", "--json"])
    assert result.exit_code == 2 and "--chart draws in the terminal" in result.output


def test_unreadable_files_are_named_by_every_export_and_none_readable_is_a_failure(
    runner: CliRunner, data_dir: Path, tmp_path: Path
) -> None:
    folder = data_dir / "sessions"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "zz.toml").write_text("junk")
    page = tmp_path / "page.html"
    for args, why in (
        (["sessions", "export", "--all"], "nothing exported"),
        (["sessions", "export", "--all", "--format", "json"], "nothing exported"),
        (["sessions", "export", "--all", "--format", "html", "-o", str(page)], "no page"),
        (["stats", "--html", str(page)], "1 unreadable session file"),
    ):
        result = runner.invoke(main, args)
        assert result.exit_code == 1 and isinstance(result.exception, SystemExit), args
        assert "no session could be read" in result.stderr and why in result.stderr, args
        assert "saved yet" not in result.stderr
        assert not page.exists()
    kept_schnapsen(data_dir, "good", ["Ann", "Bob"], [(0, 3)])
    result = runner.invoke(
        main, ["sessions", "export", "--all", "--format", "html", "-o", str(page)]
    )
    assert result.exit_code == 0, result.output
    assert "skipped: " in result.stderr and "zz.toml" in result.stderr
    assert "wrote a page of 1 session" in result.stderr and page.exists()


def test_a_backup_of_a_session_played_on_since_is_counted_once(
    runner: CliRunner, data_dir: Path
) -> None:
    kept_schnapsen(data_dir, "orig", ["Ann", "Bob"], [(0, 3), (0, 3), (0, 1)], day=4).close()
    folder = store.sessions_dir(data_dir)
    copy(folder / "orig.toml", folder / "backup.toml")
    assert runner.invoke(main, ["sessions", "resume", "orig"], input="Bob 3\nquit\n").exit_code == 0
    result = runner.invoke(main, ["stats", "--json"])
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "backup is an earlier copy of orig (the same session, 3 of its 4 entries)" in (
        result.stderr
    )
    ann = next(p for p in json.loads(result.stdout)["players"] if p["name"] == "Ann")
    assert (ann["played"], ann["won"]) == (1, 1)
    league = runner.invoke(main, ["stats", "--league", "--json"])
    (table,) = json.loads(league.stdout)["league"]
    assert sorted(r["played"] for r in table["table"]) == [1, 1]
    # Played on from the backup too, the two differ: both are counted.
    assert (
        runner.invoke(main, ["sessions", "resume", "backup"], input="Ann 2\nquit\n").exit_code == 0
    )
    both = runner.invoke(main, ["stats", "--json"])
    assert "copy" not in both.stderr


def test_bots_of_different_kinds_in_the_same_seat_are_different_players(
    runner: CliRunner, data_dir: Path
) -> None:
    from cardside.sessions.stats import bots_named_by_kind

    two_of(
        data_dir,
        "iota-played-vs-greedy",
        "greedy",
        "strong",
        'kind = "bot:greedy"',
        'kind = "bot:strong1"',
    )
    result = runner.invoke(main, ["stats", "--json"])
    assert result.exit_code == 0 and result.exception is None, result.output
    names = {p["name"]: p for p in json.loads(result.stdout)["players"]}
    assert names["Bot 2 (greedy)"]["played"] == 1 and names["Bot 2 (strong1)"]["played"] == 1
    assert "Bot 2" not in names and "copy" not in result.stderr
    rated = runner.invoke(main, ["stats", "--ratings", "--json"])
    assert rated.exit_code == 0, rated.output
    assert "Bot 2 (strong1)" in rated.stdout and '"Bot 2"' not in rated.stdout
    # Asked for by the seat a screen of play shows, each bot that sat there is found.
    rows = {
        "": lambda got: [p["name"] for p in got["players"]],
        "--league": lambda got: [r["player"] for t in got["league"] for r in t["table"]],
        "--ratings": lambda got: [r["player"] for r in got["ratings"]],
    }
    for view, names_of in rows.items():
        seat = runner.invoke(
            main, ["stats", *([view] if view else []), "--player", "bot 2", "--json"]
        )
        assert seat.exit_code == 0 and seat.exception is None, seat.output
        assert sorted(names_of(json.loads(seat.stdout))) == ["Bot 2 (greedy)", "Bot 2 (strong1)"]
    one = runner.invoke(main, ["stats", "--player", "Bot 2 (greedy)", "--json"])
    assert [p["name"] for p in json.loads(one.stdout)["players"]] == ["Bot 2 (greedy)"]
    assert "No session" in runner.invoke(main, ["stats", "--player", "Bot"]).output
    # A partnership's column and the winners follow the seats' new names; a name that
    # already says the bot stays.
    summary = {
        "players": [
            {"name": "Ann", "kind": "human"},
            {"name": "Bot 2", "kind": "bot:greedy"},
            {"name": "Cy", "kind": "human"},
            {"name": "Strong", "kind": "bot:strong"},
        ],
        "columns": ["Ann & Cy", "Bot 2 & Strong"],
        "winners": ["Bot 2", "Strong"],
        "results": [{"number": 1, "winners": ["Bot 2", "Strong"]}],
    }
    named = bots_named_by_kind(summary)
    assert named["columns"] == ["Ann & Cy", "Bot 2 (greedy) & Strong"]
    assert named["winners"] == named["results"][0]["winners"] == ["Bot 2 (greedy)", "Strong"]
    assert summary["columns"][1] == "Bot 2 & Strong"  # the cached summary is left as it was


def names_in_every_view(runner: CliRunner, *args: str) -> list[tuple[list[str], list[str]]]:
    """The players' names plain ``stats``, the league and the ratings give (as JSON), each
    with ``args`` (``--player Ann``)."""
    out = []
    for view, names_of in (
        ([], lambda got: [p["name"] for p in got["players"]]),
        (["--league"], lambda got: [r["player"] for t in got["league"] for r in t["table"]]),
        (["--ratings"], lambda got: [r["player"] for r in got["ratings"]]),
    ):
        result = runner.invoke(main, ["stats", *view, *args, "--json"])
        assert result.exit_code == 0 and result.exception is None, result.output
        out.append((view, names_of(json.loads(result.stdout))))
    return out


def test_a_person_a_file_names_as_statistics_name_a_bot_is_kept_apart_from_it(
    runner: CliRunner, data_dir: Path
) -> None:
    """A file (kept before such names were refused) seats a person named Bot 2 (greedy), as
    statistics name the greedy bot of seat 2: the two are two players, the person shown as
    Bot 2 (greedy) (a person)."""
    folder = store.sessions_dir(data_dir)
    folder.mkdir(parents=True)
    example = (EXAMPLES / "iota-played-vs-greedy.toml").read_text(encoding="utf-8")
    (folder / "bot.toml").write_text(example, encoding="utf-8")
    person = example.replace('"Bot 2"', '"Bot 9"').replace('"You"', '"Bot 2 (greedy)"')
    (folder / "person.toml").write_text(person, encoding="utf-8")
    assert runner.invoke(main, ["sessions", "verify", "person"]).exit_code == 0
    for view, names in names_in_every_view(runner):
        assert "Bot 2 (greedy)" in names and "Bot 2 (greedy) (a person)" in names, (view, names)
        assert len(names) == len(set(names)) == 4, names


def test_a_person_whose_name_goes_on_in_brackets_is_someone_else(
    runner: CliRunner, data_dir: Path
) -> None:
    for names, winner in (("Ann,Bob", "Ann"), ("Ann (jr),Bob", "Bob")):
        script = f"{winner} 3\n{winner} 3\n{winner} 1\nquit\n"
        kept = runner.invoke(main, ["schnapsen", "keep", "--names", names], input=script)
        assert kept.exit_code == 0 and kept.exception is None, kept.output
    for view, names in names_in_every_view(runner, "--player", "Ann"):
        assert names == ["Ann"], view
    for view, names in names_in_every_view(runner, "--player", "ann (JR)"):
        assert names == ["Ann (jr)"], view


def test_the_linesbeta_grid_is_found_by_its_name_alone(runner: CliRunner, data_dir: Path) -> None:
    script = "l\n" * 10 + "quit\n"
    args = ["linesbeta", "keep", "--difficulty", "normal", "--short", "--no-grid", "--name", "Ann"]
    kept = runner.invoke(main, args, input=script)
    assert kept.exit_code == 0 and kept.exception is None, kept.output
    for view, rows in (("--ratings", "ratings"), ("--league", "league")):
        found = runner.invoke(main, ["stats", view, "--player", "grid", "--json"])
        assert found.exit_code == 0 and found.exception is None, found.output
        got = json.loads(found.stdout)[rows]
        names = (
            [r["player"] for r in got]
            if rows == "ratings"
            else [r["player"] for t in got for r in t["table"]]
        )
        assert names == ["Grid (normal short)"], view


def test_one_name_typed_in_two_unicode_forms_is_one_player(
    runner: CliRunner, data_dir: Path
) -> None:
    composed, decomposed = "Jos\u00e9", "Jose\u0301"
    for name in (composed, decomposed):
        script = f"{name} 3\n{name} 3\n{name} 1\nquit\n"
        kept = runner.invoke(main, ["schnapsen", "keep", "--names", f"{name},Bob"], input=script)
        assert kept.exit_code == 0 and kept.exception is None, kept.output
    got = json.loads(runner.invoke(main, ["stats", "--json"]).stdout)
    jose = [p for p in got["players"] if p["name"] != "Bob"]
    assert len(jose) == 1 and jose[0]["played"] == 2 and jose[0]["won"] == 2


def test_a_schnapsen_bot_at_another_level_is_another_player(
    runner: CliRunner, data_dir: Path
) -> None:
    two_of(
        data_dir,
        "schnapsen-played-vs-strong",
        "normal",
        "easy",
        'level = "normal"',
        'level = "easy"',
    )
    got = json.loads(runner.invoke(main, ["stats", "--json"]).stdout)
    bots = sorted(p["name"] for p in got["players"] if p["name"].startswith("Bot"))
    assert bots == ["Bot 2 (strong)", "Bot 2 (strong, easy)"]
    seat = json.loads(runner.invoke(main, ["stats", "--player", "Bot 2", "--json"]).stdout)
    assert sorted(p["name"] for p in seat["players"]) == bots


def test_the_bots_of_two_games_are_two_players(runner: CliRunner, data_dir: Path) -> None:
    """Line-it's strong bot and Schnapsen's both sat second: over every game each is named
    with its game; within one game, or by its seat, it is found as before."""
    folder = store.sessions_dir(data_dir)
    folder.mkdir(parents=True)
    for name in ("lineit-played-vs-strong", "schnapsen-played-vs-strong"):
        (folder / f"{name}.toml").write_bytes((EXAMPLES / f"{name}.toml").read_bytes())

    def stats(*args: str) -> dict[str, list[dict[str, object]]]:
        result = runner.invoke(main, ["stats", *args, "--json"])
        assert result.exit_code == 0 and result.exception is None, result.output
        return json.loads(result.stdout)

    def bots(*args: str) -> list[str]:
        return sorted(p["name"] for p in stats(*args)["players"] if p["name"].startswith("Bot"))

    both = ["Bot 2 (strong, Line-it)", "Bot 2 (strong, Schnapsen)", "Bot 3 (strong, Line-it)"]
    assert bots() == both
    met = {n for row in stats()["head_to_head"] for n in row["players"] if n.startswith("Bot")}
    assert met == set(both)
    assert bots("--game", "schnapsen") == ["Bot 2 (strong)"]
    assert bots("--player", "Bot 2") == both[:2]
    assert bots("--player", "Bot 2 (strong)") == both[:2]
    assert bots("--player", "bot 2 (strong, schnapsen)") == both[1:2]
    shown = runner.invoke(main, ["stats"]).output
    assert "Bot 2 (strong, Schnapsen)" in shown and "Bot 2 (strong) " not in shown


def two_of(data_dir: Path, example: str, name: str, other: str, old: str, new: str) -> None:
    """The example session saved as ``name`` and, with ``old`` made ``new``, as ``other``."""
    folder = store.sessions_dir(data_dir)
    folder.mkdir(parents=True)
    raw = (EXAMPLES / f"{example}.toml").read_text(encoding="utf-8")
    assert old in raw
    (folder / f"{name}.toml").write_text(raw, encoding="utf-8")
    (folder / f"{other}.toml").write_text(raw.replace(old, new), encoding="utf-8")


def test_the_ratings_chart_tells_more_players_than_colours_apart(
    runner: CliRunner, data_dir: Path
) -> None:
    """Ten players and seven colours: the eighth line on is dashed, so no two lines (or their
    keys under the chart) look alike."""
    import re

    from cardside.tui.htmlreport import COLOURS

    for session, names in [("a", "Ann,Bo,Cy,Di,Ed"), ("b", "Fay,Gus,Hal,Ivy,Jo")]:
        first = names.split(",")[0]
        script = f"line {first} 12 30 45 57 60 71\nend\n"
        args = ["lineit", "keep", "--names", names, "--session", session]
        kept = runner.invoke(main, args, input=script)
        assert kept.exit_code == 0 and kept.exception is None, kept.output
    page = invoke(runner, "stats", "--html", "-")
    start = page.index('id="ratings"')
    ratings = page[start : page.index("</figure>", start)]
    lines = re.findall(
        r'<polyline fill="none" stroke="([^"]+)" stroke-width="2"( stroke-dash'
        r'array="[^"]+")?',
        ratings,
    )
    assert len(lines) == 10 > len(COLOURS)
    assert len(set(lines)) == 10
    assert lines[0][1] == "" and lines[7][1] != ""
    keys = re.findall(
        r'<line x1="0" y1="4" x2="24" y2="4" stroke="([^"]+)" stroke-width="2"'
        r'( stroke-dasharray="[^"]+")?',
        ratings,
    )
    assert keys[:10] == lines


def test_export_chooses_sessions_by_game_and_by_the_day_they_began(
    runner: CliRunner, data_dir: Path
) -> None:
    (data_dir / "sessions").mkdir(parents=True)
    for example in EXAMPLES.glob("*.toml"):
        copy(example, data_dir / "sessions")
    lineit = json.loads(
        invoke(runner, "sessions", "export", "--game", "lineit", "--format", "json")
    )
    assert sorted(s["name"] for s in lineit) == [
        "lineit-kept-three-players",
        "lineit-played-vs-strong",
    ]
    rows = list(csv.DictReader(io.StringIO(invoke(runner, "sessions", "export", "--game", "iota"))))
    assert rows and {r["game"] for r in rows} == {"iota"}
    # --since takes the day a session began, as sessions list and review do.
    every = json.loads(invoke(runner, "sessions", "export", "--all", "--format", "json"))
    days = sorted({s["created"][:10] for s in every})
    later = json.loads(
        invoke(runner, "sessions", "export", "--since", days[-1], "--format", "json")
    )
    assert later and {s["created"][:10] for s in later} == {days[-1]}
    assert len(later) == sum(s["created"][:10] == days[-1] for s in every) < len(every)
    both = ["sessions", "export", "--game", "octrix", "--since", days[0], "--format", "json"]
    assert {s["game"] for s in json.loads(invoke(runner, *both))} == {"octrix"}
    # Only the files the index says may be chosen are read: years of sessions, one game asked.
    read: list[str] = []
    load = store.load

    def counted_load(path: Path) -> Any:
        read.append(path.stem)
        return load(path)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(store, "load", counted_load)
        invoke(runner, "sessions", "export", "--game", "lineit", "--format", "json")
        assert sorted(read) == ["lineit-kept-three-players", "lineit-played-vs-strong"]
        read.clear()
        invoke(runner, "sessions", "export", "--since", days[-1], "--format", "json")
        assert len(read) == len(later)
    # Nothing chosen, a NAME beside them, a page: each refused in one line.
    for args, code, said in [
        (["--since", "2999-01-01"], 1, "no session started since 2999-01-01 is saved"),
        (["lineit-played-vs-strong", "--game", "iota"], 2, "give them, or NAME"),
        (["--game", "iota", "--format", "html"], 2, "cardside stats --html FILE"),
        (["--since", "yesterday"], 2, "not a date written YYYY-MM-DD"),
    ]:
        result = runner.invoke(main, ["sessions", "export", *args])
        assert result.exit_code == code and isinstance(result.exception, SystemExit), args
        assert said in result.output and "Traceback" not in result.output


def test_two_games_begun_in_the_same_second_with_other_deals_are_not_copies(
    runner: CliRunner, data_dir: Path
) -> None:
    """A game played through and `again` quit at once: the same players, game and second,
    but another seed. Both are sessions of their own, not a copy and its original."""
    from datetime import datetime

    from cardside.core.record import Seat, Session
    from cardside.games.linesbeta.bots import make_bot
    from cardside.games.linesbeta.notation import format_action
    from cardside.games.linesbeta.state import LinesBetaState
    from cardside.sessions import sheets

    folder = store.sessions_dir(data_dir)
    folder.mkdir(parents=True)
    for name, seed, whole in (("first", 3, True), ("again", 4, False)):
        state = LinesBetaState("hard", "short", seed=seed)
        bot = make_bot("planner", seed=seed)
        entries: list[dict[str, object]] = []
        while whole and not state.is_terminal():
            action = bot.choose(state)
            entries.append({"type": "action", "action": format_action(action, ascii=True)})
            state.apply(action)
        session = Session(
            game="linesbeta",
            mode="play",
            name=name,
            seed=seed,
            seats=[Seat("Ann", "human")],
            options={"difficulty": "hard", "length": "short"},
            entries=entries,
            created=datetime(2026, 11, 3, 20, 0, 5),
        )
        sheets.refresh(session)
        store.save(session, folder / f"{name}.toml", create=True)
    result = runner.invoke(main, ["stats", "--json"])
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "copy" not in result.stderr


def test_sessions_begun_apart_in_the_same_second_are_not_copies(
    runner: CliRunner, data_dir: Path
) -> None:
    """A script keeps the same match twice in one second: two sessions, each under its own
    name, hold the same entries at the same times. Both count; a copy of a file does not."""
    from cardside.core.record import Seat, Session
    from cardside.sessions import sheets

    folder = store.sessions_dir(data_dir)
    folder.mkdir(parents=True)
    when = datetime(2026, 11, 3, 20, 0, 5).astimezone()
    for name in ("sq2", "sq3"):
        entries: list[dict[str, object]] = [
            {"type": "result", "winner": 0, "points": 3} for _ in range(3)
        ]
        session = Session(
            game="schnapsen",
            mode="keep",
            name=name,
            seats=[Seat("Ann", "table"), Seat("Bob", "table")],
            entries=entries,
            created=when,
            times=[when] * len(entries),
        )
        sheets.refresh(session)
        store.save(session, folder / f"{name}.toml", create=True)
    result = runner.invoke(main, ["stats", "--json"])
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "copy" not in result.stderr and "same session" not in result.stderr
    ann = [p for p in json.loads(result.stdout)["players"] if p["name"] == "Ann"]
    assert ann[0]["played"] == 2 and ann[0]["won"] == 2
    (folder / "sq4.toml").write_bytes((folder / "sq3.toml").read_bytes())  # a copy
    result = runner.invoke(main, ["stats", "--json"])
    assert "hold the same session" in result.stderr
    ann = [p for p in json.loads(result.stdout)["players"] if p["name"] == "Ann"]
    assert ann[0]["played"] == 2


def test_a_renamed_session_and_its_backup_are_still_one_session(
    runner: CliRunner, data_dir: Path
) -> None:
    """A backup copy of a file, then the session renamed (or the backup renamed): the name
    it was begun under stays in the file, so the two are still one session, counted once."""
    result = runner.invoke(
        main,
        ["schnapsen", "keep", "--names", "Ann,Bob", "--session", "sfin"],
        input="Ann 3\nAnn 3\nAnn 3\n\n",
    )
    assert result.exit_code == 0, result.output
    folder = store.sessions_dir(data_dir)
    (folder / "sfin-backup.toml").write_bytes((folder / "sfin.toml").read_bytes())
    for old, new in (("sfin", "friday"), ("sfin-backup", "spare"), ("friday", "sfin")):
        renamed = runner.invoke(main, ["sessions", "rename", old, new])
        assert renamed.exit_code == 0, renamed.output
        result = runner.invoke(main, ["stats", "--json", "--game", "schnapsen"])
        assert result.exit_code == 0 and result.exception is None, result.output
        assert "hold the same session" in result.stderr, (old, new)
        ann = [p for p in json.loads(result.stdout)["players"] if p["name"] == "Ann"]
        assert ann[0]["played"] == 1, (old, new)
    assert "begun_as" not in (folder / "sfin.toml").read_text(encoding="utf-8")
    assert 'begun_as = "sfin"' in (folder / "spare.toml").read_text(encoding="utf-8")


def test_the_schnapsen_score_note_comes_only_with_a_schnapsen_average(
    runner: CliRunner, data_dir: Path
) -> None:
    """The note explains the avg score of a player of Schnapsen alone; where every player
    of it plays another game too, that column is blank and the note would explain nothing."""
    kept_schnapsen(data_dir, "s", ["Ann", "Bob"], [(0, 3), (0, 3), (0, 1)], day=2).close()
    script = "line Ann 12 30 B4 45 57 60 71\nend\n"
    lineit = ["lineit", "keep", "--names", "Ann,Bob", "--session", "l"]
    assert runner.invoke(main, lineit, input=script).exit_code == 0
    shown = invoke(runner, "stats")
    assert "Schnapsen scores" not in shown, shown
    kept_schnapsen(data_dir, "t", ["Cy", "Dee"], [(0, 3), (0, 3), (0, 1)], day=4).close()
    assert "Schnapsen scores: the game points" in invoke(runner, "stats")


def kept_tie(runner: CliRunner) -> None:
    """A kept Line-it game, session t, where Ann and Bob tie for first on 24 and Cy has 10."""
    lines = "counts Ann 20 +4\ncounts Bob 20 +4\ncounts Cy 10\n"
    keep = ["lineit", "keep", "--names", "Ann,Bob,Cy", "--session", "t"]
    assert runner.invoke(main, keep, input=lines).exit_code == 0


def test_a_tie_for_first_is_drawn_in_exports_as_in_stats(runner: CliRunner, data_dir: Path) -> None:
    """Ann and Bob tie on 24: neither won the game; each drew it, in every view."""
    kept_tie(runner)
    exported = runner.invoke(main, ["sessions", "export", "t", "--format", "json"])
    assert exported.exit_code == 0 and exported.exception is None
    data = json.loads(exported.output)[0]
    assert data["won"] == {"Ann": 0, "Bob": 0, "Cy": 0}
    assert data["drawn"] == {"Ann": 1, "Bob": 1, "Cy": 0}
    table = runner.invoke(main, ["sessions", "export", "t", "--format", "csv"])
    last = list(csv.DictReader(io.StringIO(table.output)))[-3:]
    assert [(r["player"], r["won"], r["drawn"]) for r in last] == [
        ("Ann", "0", "1"),
        ("Bob", "0", "1"),
        ("Cy", "0", "0"),
    ]
    stats = runner.invoke(main, ["stats", "--json"])
    players = {p["name"]: p for p in json.loads(stats.output)["players"]}
    assert (players["Ann"]["won"], players["Ann"]["drawn"]) == (0, 1)
    # They met on different sides: head to head lists them, neither ahead, the win shared.
    pairs = {
        tuple(p["players"]): (p["wins"], p["shared"])
        for p in json.loads(stats.output)["head_to_head"]
    }
    assert pairs == {
        ("Ann", "Bob"): ([0, 0], 1),
        ("Ann", "Cy"): ([1, 0], 0),
        ("Bob", "Cy"): ([1, 0], 0),
    }
    shown = runner.invoke(main, ["--ascii", "stats"]).output
    assert "Ann v Bob  0:0 (1 shared)" in shown and "Ann v Cy   1:0\n" in shown


def test_a_name_is_spelt_one_way_whatever_the_filter(runner: CliRunner, data_dir: Path) -> None:
    """Ann typed first as Ann, later as ANN: every view, filtered or not, says Ann."""
    kept_schnapsen(data_dir, "first", ["Ann", "Bob"], [(0, 3), (0, 3), (0, 1)], day=1)
    kept_schnapsen(data_dir, "later", ["ANN", "Cy"], [(1, 3), (1, 3), (1, 1)], day=2)
    for args in ([], ["--player", "Cy"], ["--player", "ann"], ["--since", "2026-11-02"]):
        report = json.loads(invoke(runner, "stats", "--json", *args))
        names = {p["name"] for p in report["players"]}
        pairs = {tuple(p["players"]) for p in report["head_to_head"]}
        assert "ANN" not in names and ("Ann" in names or args == ["--player", "Cy"]), args
        assert ("Ann", "Cy") in pairs and ("ANN", "Cy") not in pairs, args
    for view in (["--league"], ["--league", "--since", "2026-11-02"], ["--ratings"]):
        shown = invoke(runner, "stats", *view)
        assert "ANN" not in shown and "Ann" in shown, view
    page = invoke(runner, "stats", "--html", "-", "--since", "2026-11-02")
    tables, sessions = page.split('<h2 id="sessions">')
    assert "ANN" not in tables and "Ann" in tables
    # The session's own part names its players as that session typed them.
    assert "Players: ANN, Cy." in sessions and "Ann" not in sessions


def test_a_sessions_part_of_the_page_names_its_players_as_it_typed_them(
    runner: CliRunner, data_dir: Path
) -> None:
    """ANN typed first, then Ann and bob: the tables across sessions say ANN and Bob (first
    typed), each session's part the names it typed, as its notes and show write them."""
    kept_schnapsen(data_dir, "first", ["ANN", "Bob"], [(0, 3), (0, 3), (0, 1)], day=1)
    kept_schnapsen(data_dir, "later", ["Ann", "bob"], [(1, 3), (1, 3), (1, 1)], day=2)
    page = invoke(runner, "stats", "--html", "-")
    tables, sessions = page.split('<h2 id="sessions">')
    assert "<td>ANN</td><td>Bob</td>" in tables  # head to head
    assert "<td>Ann</td>" not in tables and "<td>bob</td>" not in tables
    first, later = sessions.split('<section id="s-later">')
    assert "Players: ANN, Bob." in first and "<th>ANN</th><th>Bob</th>" in first
    assert "Players: Ann, bob." in later and "<th>Ann</th><th>bob</th>" in later
    assert "<th>ANN" not in later and "<th>Bob" not in later
    assert "<p>Matches won: Ann 0, bob 1.</p>" in later
    assert "<p>Match 1 won by bob (deal 3).</p>" in later


def test_of_a_file_and_its_exact_copy_the_file_of_the_sessions_own_name_is_counted(
    runner: CliRunner, data_dir: Path
) -> None:
    """A copy saved after the file it copies is still the copy: the session is counted
    under its own file's name, in the records and on the page."""
    kept_iota(data_dir, "iota1", ["Ann", "Bob"], [9, 5], day=2)
    folder = store.sessions_dir(data_dir)
    copy(folder / "iota1.toml", folder / "iota1-copy.toml")
    later = (folder / "iota1.toml").stat().st_mtime + 60
    os.utime(folder / "iota1-copy.toml", (later, later))  # the copy listed first
    result = runner.invoke(main, ["stats", "--league", "--game", "iota", "--json"])
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "iota1 and iota1-copy hold the same session" in result.stderr
    records = json.loads(result.stdout)["records"]
    assert records and {r["session"] for r in records} == {"iota1"}
    page = runner.invoke(main, ["stats", "--html", "-"])
    assert page.exit_code == 0 and page.exception is None, page.output
    assert '<section id="s-iota1">' in page.stdout and "s-iota1-copy" not in page.stdout
    # A copy whose start was edited too.
    text = (folder / "iota1-copy.toml").read_text(encoding="utf-8")
    edited = "\n".join(
        "created = 2026-11-20 20:00:00+00:00" if line.startswith("created = ") else line
        for line in text.splitlines()
    )
    (folder / "iota1-copy.toml").write_text(edited + "\n", encoding="utf-8")
    os.utime(folder / "iota1-copy.toml", (later + 60, later + 60))
    result = runner.invoke(main, ["stats", "--league", "--game", "iota", "--json"])
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "iota1 and iota1-copy hold the same entries" in result.stderr
    assert {r["session"] for r in json.loads(result.stdout)["records"]} == {"iota1"}


def test_plain_stats_say_their_filters_as_the_league_does(
    runner: CliRunner, data_dir: Path
) -> None:
    kept_schnapsen(data_dir, "s1", ["Ann", "Bob"], [(0, 3), (0, 3), (0, 1)], day=2)
    kept_octrix(data_dir, "o1", ["ann", "Cid"], ROUND, day=16)
    shown = invoke(runner, "stats", "--game", "octrix", "--since", "2026-11-01")
    assert shown.startswith("Only game octrix and since 2026-11-01.\nPlayers\n")
    # The player as the tables spell them; the mode in the words of --mode.
    shown = invoke(runner, "stats", "--player", "ANN", "--mode", "KEEP")
    assert shown.startswith("Only mode keep and player 'Ann'.\nPlayers\n")
    assert invoke(runner, "stats").startswith("Players\n")
    # JSON gives no such line: a program reads the filters it gave.
    json.loads(invoke(runner, "stats", "--game", "octrix", "--json"))


def test_the_league_calls_a_tie_for_first_drawn_as_its_column_does(
    runner: CliRunner, data_dir: Path
) -> None:
    kept_tie(runner)
    league = invoke(runner, "stats", "--league")
    assert " drawn " in league  # the column
    assert "(W won, D drawn: tied for first, L lost)" in " ".join(league.split())
    assert "D tied" not in league


def test_a_person_named_as_a_bot_of_another_file_is_kept_apart_from_it(
    runner: CliRunner, data_dir: Path
) -> None:
    """A file of an older version names its strong bot ``Strong``; a person named Strong at
    a table is someone else in every view, shown as Strong (a person)."""
    folder = store.sessions_dir(data_dir)
    folder.mkdir(parents=True)
    copy(EXAMPLES / "octrix-played-vs-strong.toml", folder)
    script = "Strong 1 2 3 4 5 6 7 8\nStrong 1 2 3 4 5 6 7 8\n\n"
    args = ["octrix", "keep", "--names", "Strong,Bob", "--no-hands", "--session", "p"]
    kept = runner.invoke(main, args, input=script)
    assert kept.exit_code == 0 and kept.exception is None, kept.output
    for view, names in names_in_every_view(runner):
        assert "Strong" in names and "Strong (a person)" in names, (view, names)
        assert len(names) == len(set(names)) == 4, names
    found = runner.invoke(main, ["stats", "--league", "--player", "Strong (a person)", "--json"])
    assert found.exit_code == 0 and found.exception is None, found.output
    rows = [r for t in json.loads(found.stdout)["league"] for r in t["table"]]
    assert [(r["player"], r["won"]) for r in rows] == [("Strong (a person)", 1)]


def test_a_bot_found_by_the_name_plain_stats_gives_it_in_every_view(
    runner: CliRunner, data_dir: Path
) -> None:
    """Beside other games' bots plain stats names a bot with its game (``Strong (Octrix)``);
    that name finds it in the league, the ratings and the page too, within its game."""
    folder = store.sessions_dir(data_dir)
    folder.mkdir(parents=True)
    for name in ("octrix-played-vs-strong.toml", "iota-played-vs-greedy.toml"):
        copy(EXAMPLES / name, folder)
    plain = runner.invoke(main, ["stats", "--json"])
    assert "Strong (Octrix)" in [p["name"] for p in json.loads(plain.stdout)["players"]]
    league = runner.invoke(main, ["stats", "--league", "--player", "Strong (Octrix)", "--json"])
    assert league.exit_code == 0 and league.exception is None, league.output
    tables = json.loads(league.stdout)["league"]
    assert [(t["game"], [r["player"] for r in t["table"]]) for t in tables] == [
        ("octrix", ["Strong"])
    ]
    ratings = runner.invoke(main, ["stats", "--ratings", "--player", "strong (octrix)", "--json"])
    assert [r["player"] for r in json.loads(ratings.stdout)["ratings"]] == ["Strong"]
    page = data_dir / "page.html"
    made = runner.invoke(main, ["stats", "--html", str(page), "--player", "Strong (Octrix)"])
    assert made.exit_code == 0 and made.exception is None, made.output
    assert "octrix-played-vs-strong" in page.read_text(encoding="utf-8")
    plain = runner.invoke(main, ["stats", "--game", "octrix", "--player", "Strong (Octrix)"])
    assert plain.exit_code == 0 and "\nStrong " in plain.output, plain.output
    other = ["stats", "--league", "--game", "iota", "--player", "Strong (Octrix)"]
    none = runner.invoke(main, other)
    assert none.exit_code == 0 and "No finished game matches game iota and player" in none.output


def test_records_are_shared_only_within_one_match(runner: CliRunner, data_dir: Path) -> None:
    """Two matches of one session decided in the same second: Bob's 0 in the first and
    Ann's in the second are two games, and the record stays with the first set."""
    script = "Ann 3\nAnn 3\nAnn 1\nBob 3\nBob 3\nBob 1\n\n"
    args = ["schnapsen", "keep", "--names", "Ann,Bob", "--matches", "2", "--session", "t"]
    kept = runner.invoke(main, args, input=script)
    assert kept.exit_code == 0 and kept.exception is None, kept.output
    result = runner.invoke(main, ["stats", "--league", "--json"])
    assert result.exit_code == 0 and result.exception is None, result.output
    found = {r["record"]: r["who"] for r in json.loads(result.stdout)["records"]}
    assert found["lowest score"] == "Bob"
    assert found["biggest margin"] == "Ann"
    assert found["most game points in one deal"] == "Ann"


NOT_DATED = """format = "cardside-session"
version = 1
game = "lineit"
mode = "keep"
name = "nc"
players = [{ name = "Ann", kind = "table" }, { name = "Bob", kind = "table" }]
[options]
[[entries]]
type = "counts"
seat = 0
pile = 30
tokens = 0
at = 2026-12-02T10:01:00+00:00
[[entries]]
type = "counts"
seat = 1
pile = 20
tokens = 0
at = 2026-12-02T10:02:00+00:00
"""


def test_a_file_that_does_not_say_when_it_was_made_began_with_its_first_entry(
    runner: CliRunner, data_dir: Path
) -> None:
    """--since chooses it by its first entry's day in export as in stats, and the listing
    shows that day as its start."""
    folder = store.sessions_dir(data_dir)
    folder.mkdir(parents=True)
    (folder / "nc.toml").write_text(NOT_DATED, encoding="utf-8")
    listed = runner.invoke(main, ["sessions", "list"])
    assert listed.exit_code == 0 and "2026-12-02 10:01" in listed.output, listed.output
    for since in ("2026-12-01", "2026-12-02"):
        got = runner.invoke(main, ["sessions", "export", "--since", since, "--format", "csv"])
        assert got.exit_code == 0 and got.exception is None, got.output
        rows = list(csv.DictReader(io.StringIO(got.stdout)))
        assert len(rows) == 4 and {r["session"] for r in rows} == {"nc"}
        counted = runner.invoke(main, ["stats", "--since", since, "--json"])
        assert json.loads(counted.stdout)["sessions"] == 1
    later = runner.invoke(main, ["sessions", "export", "--since", "2026-12-03", "--format", "csv"])
    assert later.exit_code == 1 and "no session started since 2026-12-03" in later.output


def test_a_session_resumed_from_a_backup_outside_is_still_one_session(
    runner: CliRunner, data_dir: Path, tmp_path: Path
) -> None:
    """Resuming a backup kept outside the sessions folder goes on with a copy under another
    name; it keeps the name the session was begun under, so the two count once."""
    result = runner.invoke(
        main,
        ["schnapsen", "keep", "--names", "Ann,Bob", "--session", "friday"],
        input="Ann 3\nAnn 3\nAnn 1\nquit\n",
    )
    assert result.exit_code == 0, result.output
    backup = tmp_path / "friday-backup.toml"
    backup.write_bytes((store.sessions_dir(data_dir) / "friday.toml").read_bytes())
    resumed = runner.invoke(main, ["sessions", "resume", str(backup)], input="quit\n")
    assert resumed.exit_code == 0 and resumed.exception is None, resumed.output
    copy_ = store.sessions_dir(data_dir) / "friday-backup.toml"
    assert 'begun_as = "friday"' in copy_.read_text(encoding="utf-8")
    for view in ([], ["--league"]):
        got = runner.invoke(main, ["stats", *view, "--json"])
        assert got.exit_code == 0 and got.exception is None, got.output
        assert "hold the same session" in got.stderr
    ann = [p for p in json.loads(got.stdout)["league"][0]["table"] if p["player"] == "Ann"]
    assert ann[0]["played"] == 1


@pytest.mark.parametrize("fmt", ["csv", "json", "html"])
def test_export_of_all_from_an_empty_folder_exports_nothing_and_says_so(
    runner: CliRunner, data_dir: Path, fmt: str
) -> None:
    """As ``--game`` and the page say it: no session saved is no export (status 1)."""
    result = runner.invoke(main, ["sessions", "export", "--all", "--format", fmt])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.output
    assert result.output.startswith("Error: no session is saved yet: ")
    assert result.stdout == ""


def test_the_page_of_every_session_names_a_file_counted_though_it_says_otherwise(
    runner: CliRunner, data_dir: Path
) -> None:
    """As stats --html does: a file cut short (entries lost since it was saved) is counted as
    its entries give, and the page of every session says so on standard error."""
    folder = store.sessions_dir(data_dir)
    folder.mkdir(parents=True)
    text = (EXAMPLES / "schnapsen-kept-bummerl.toml").read_text(encoding="utf-8")
    (folder / "cut.toml").write_text(text[: text.rindex("[[entries]]")], encoding="utf-8")
    copy(EXAMPLES / "octrix-played-vs-strong.toml", folder)
    page = data_dir / "all.html"
    for args in (
        ["sessions", "export", "--all", "--format", "html", "-o", str(page)],
        ["stats", "--html", str(page)],
    ):
        result = runner.invoke(main, args)
        assert result.exit_code == 0 and result.exception is None, result.output
        assert "counted as the entries give, though the file says otherwise: cut" in (
            result.stderr
        ), (args, result.stderr)


def test_a_player_named_with_an_ampersand_holds_a_record_under_their_own_name(
    runner: CliRunner, data_dir: Path
) -> None:
    """Only a partnership's column joins names with ``&``: a player seated as ``Ann & Bob``
    holds the record as the league names them, not as ``ann`` (another player) and Bob."""
    from datetime import timedelta

    from cardside.sessions import sheets

    folder = store.sessions_dir(data_dir)
    folder.mkdir(parents=True)
    one = store.load(EXAMPLES / "lineit-kept-three-players.toml")
    one.seats[0].name = "Ann & Bob"
    sheets.refresh(one)
    (folder / "amp1.toml").write_text(store.dumps(one), encoding="utf-8")
    other = store.load(EXAMPLES / "lineit-played-vs-strong.toml")
    other.seats[0].name = "ann"
    assert other.created is not None
    other.created -= timedelta(days=2)
    other.times = [t - timedelta(days=2) if t else t for t in other.times]
    sheets.refresh(other)
    (folder / "amp2.toml").write_text(store.dumps(other), encoding="utf-8")
    result = runner.invoke(main, ["stats", "--league", "--game", "lineit", "--json"])
    assert result.exit_code == 0 and result.exception is None, result.output
    data = json.loads(result.stdout)
    players = {r["player"] for t in data["league"] for r in t["table"]}
    assert "Ann & Bob" in players and "ann" in players
    holders = {r["who"] for r in data["records"]}
    assert not any("ann & " in who for who in holders), holders
    assert "Ann & Bob" in holders, holders


def test_a_file_without_its_making_time_is_dated_by_its_first_entry_everywhere(
    runner: CliRunner, data_dir: Path
) -> None:
    """show's started line, the CSV's date and the review's table give the first entry's
    day, as the listing does."""
    folder = store.sessions_dir(data_dir)
    folder.mkdir(parents=True)
    text = (EXAMPLES / "linesbeta-played-normal.toml").read_text(encoding="utf-8")
    kept = [x for x in text.splitlines(keepends=True) if not x.startswith("created = ")]
    (folder / "lb.toml").write_text("".join(kept), encoding="utf-8")
    listed = runner.invoke(main, ["sessions", "list"])
    day = listed.output.splitlines()[2].split()[4]
    assert day.startswith("20"), listed.output
    shown = runner.invoke(main, ["sessions", "show", "lb"])
    assert shown.exit_code == 0 and f"started: {day} " in shown.output, shown.output
    got = runner.invoke(main, ["sessions", "export", "lb", "--format", "csv"])
    rows = list(csv.DictReader(io.StringIO(got.stdout)))
    assert rows and all(r["date"].startswith(day) for r in rows), rows[0]
    reviewed = runner.invoke(main, ["sessions", "review", "--since", "2020-01-01"])
    assert reviewed.exit_code == 0 and reviewed.exception is None, reviewed.output
    assert day in reviewed.output and " - " not in reviewed.output


def test_the_league_marks_a_provisional_rating_and_says_what_a_schnapsen_score_is(
    runner: CliRunner, data_dir: Path
) -> None:
    """As the ratings mark it: after one match each rating is provisional. A Schnapsen
    record's score is the game points taken, never the countdown the sheet shows."""
    script = "Bob 3\nBob 3\nAnn 2\nBob 1\nquit\n"
    kept = runner.invoke(main, ["schnapsen", "keep", "--names", "Ann,Bob"], input=script)
    assert kept.exit_code == 0, kept.output
    shown = runner.invoke(main, ["stats", "--league"])
    assert shown.exit_code == 0 and shown.exception is None, shown.output
    lines = shown.output.splitlines()
    rows = {x.split()[0]: x.split()[-1] for x in lines[lines.index("League: Schnapsen") + 3 :][:2]}
    assert rows["Bob"].endswith("?") and rows["Ann"].endswith("?"), rows
    assert "? marks a provisional rating" in shown.output
    assert "Schnapsen scores: the game points a player took in a match" in shown.output
    data = json.loads(runner.invoke(main, ["stats", "--league", "--json"]).stdout)
    assert all(r["provisional"] is True for t in data["league"] for r in t["table"])


@pytest.mark.parametrize(
    "args",
    [["sessions", "export", "last", "-o", "/dev/stdout"], ["stats", "--html", "/dev/stdout"]],
)
def test_an_export_to_dev_stdout_reaches_a_pipe(data_dir: Path, args: list[str]) -> None:
    """/dev/stdout on a pipe is a link to no real path: written through the name given."""
    import subprocess
    import sys

    kept_schnapsen(data_dir, "k", ["Ann", "Bob"], [(0, 1)])
    done = subprocess.run(
        [sys.executable, "-m", "cardside", *args], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "Ann" in done.stdout and "wrote" in done.stderr


def test_a_folder_with_control_characters_in_its_name_is_shown_as_codes(
    runner: CliRunner, data_dir: Path, tmp_path: Path
) -> None:
    """A folder may be named anything: its escapes and direction marks never reach the
    terminal, in a line that names a file there."""
    kept_schnapsen(data_dir, "k", ["Ann", "Bob"], [(0, 1)])
    odd = tmp_path / "odd\x1b]0;title\x07\u202edir"
    odd.mkdir()
    session = odd / "k.toml"
    copy(data_dir / "sessions" / "k.toml", session)
    for args in (
        ["sessions", "verify", str(session)],
        ["sessions", "export", "k", "-o", str(odd / "out.csv")],
        ["stats", "--html", str(odd / "page.html")],
    ):
        result = runner.invoke(main, args)
        assert result.exit_code == 0 and result.exception is None, (args, result.output)
        assert "\x1b" not in result.output and "\u202e" not in result.output, args
        assert "odd\\x1b]0;title\\x07\\u202edir" in result.output, args


@pytest.mark.parametrize(
    "args",
    [
        ["sessions", "export", "k", "--format", "json"],
        ["sessions", "export", "k", "--format", "csv"],
        ["sessions", "export", "k", "--format", "html"],
        ["stats", "--html", "-"],
        ["stats", "--json"],
        ["sessions", "show", "k", "--json"],
    ],
)
def test_what_goes_to_standard_output_for_programs_is_utf8_on_a_latin1_terminal(
    data_dir: Path, args: list[str]
) -> None:
    """An export, a page or JSON is UTF-8 as -o writes it: no letter turned into ?."""
    import os
    import subprocess
    import sys

    kept_schnapsen(data_dir, "k", ["Łukasz", "Zoë"], [(0, 1)])
    env = {**os.environ, "PYTHONIOENCODING": "latin-1"}
    done = subprocess.run(
        [sys.executable, "-m", "cardside", *args], capture_output=True, check=False, env=env
    )
    assert done.returncode == 0, done.stderr
    text = done.stdout.decode("utf-8")
    assert "Łukasz" in text and "Zoë" in text


def test_many_copies_are_said_in_a_few_lines(runner: CliRunner, data_dir: Path) -> None:
    """A folder copied into itself a few times: a line for each session with copies (not for
    each copy), and past ten such sessions one line for the rest."""
    folder = store.sessions_dir(data_dir)
    folder.mkdir(parents=True)
    sheets_ = sorted(EXAMPLES.glob("*.toml"))
    for n in range(4):
        for sheet in sheets_:
            copy(sheet, folder / f"{sheet.stem}-{n}.toml")
    copy(sheets_[0], folder / f"{sheets_[0].stem}-4.toml")
    result = runner.invoke(main, ["stats"])
    assert result.exit_code == 0 and result.exception is None, result.output
    said = result.stderr.splitlines()
    assert len(said) == 10 and all("3 other files hold the same session" in s for s in said[1:])
    assert said[0].endswith("copies of a file?): counted once") and "4 other files" in said[0]
    kept_schnapsen(data_dir, "own", ["Ann", "Bob"], [(0, 3)], day=2)
    copy(folder / "own.toml", folder / "own-copy.toml")
    said = runner.invoke(main, ["stats"]).stderr.splitlines()
    assert len(said) == 11 and said[-1] == "and 1 more session with copies: each counted once"


def test_one_word_for_a_thing_across_the_page_the_listing_and_the_statistics(
    runner: CliRunner, data_dir: Path
) -> None:
    """Partners who won are their column on the page as in show and the CSV; the listing's
    time played is seconds (played counts games in the statistics); a win rate has four
    places wherever it is given."""
    folder = store.sessions_dir(data_dir)
    folder.mkdir(parents=True)
    for name in ("octrix-kept-partnership", "schnapsen-kept-bummerl", "iota-kept-grid"):
        copy(EXAMPLES / f"{name}.toml", folder)
    page = runner.invoke(
        main, ["sessions", "export", "octrix-kept-partnership", "--format", "html"]
    )
    assert page.exit_code == 0 and page.exception is None
    assert "Won: Ann &amp; Cid." in page.output
    assert "<p>Totals: Ann &amp; Cid 97, Bob &amp; Dee 17.</p>" in page.output  # as show ends
    bummerl = ["sessions", "export", "schnapsen-kept-bummerl", "--format", "html"]
    assert "<p>Matches won: Ann 1, Bob 0.</p>" in runner.invoke(main, bummerl).output
    listed = runner.invoke(main, ["sessions", "list", "--json"])
    assert listed.exit_code == 0 and listed.exception is None
    sessions = json.loads(listed.output)["sessions"]
    assert all("played" not in s and isinstance(s["seconds"], int) for s in sessions)
    stats = json.loads(runner.invoke(main, ["stats", "--json"]).stdout)
    rates = [p["win_rate"] for p in stats["players"] if p["win_rate"] is not None]
    assert rates and all(rate == round(rate, 4) for rate in rates)


def test_a_csv_says_which_sessions_it_holds_no_row_of(runner: CliRunner, data_dir: Path) -> None:
    """A CSV line is a row of a score table: sessions with none yet are named on standard
    error, not dropped without a word; JSON holds them."""
    kept_schnapsen(data_dir, "bummerl", ["Ann", "Bob"], [(0, 3)])
    kept_schnapsen(data_dir, "fresh", ["Cy", "Dee"], [])
    result = runner.invoke(main, ["sessions", "export", "--all"])
    assert result.exit_code == 0 and result.exception is None, result.output
    assert {row["session"] for row in csv.DictReader(io.StringIO(result.stdout))} == {"bummerl"}
    assert result.stderr == (
        "note: 1 session is not in the CSV, with no row of scores yet: fresh "
        "(--format json holds it)\n"
    )
    both = runner.invoke(main, ["sessions", "export", "--all", "--format", "json"])
    assert {s["name"] for s in json.loads(both.stdout)} == {"bummerl", "fresh"}
    assert both.stderr == ""
