"""``cardside sessions``: list, show, export, verify and resume, including broken files."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.sessions import store

ROUND = ["8C 3H", "2C 3D", "7H 7D", "6H 6D", "5H 5D", "4H 4D", "2S 3S", "AS 8S"]


def keep(runner: CliRunner, name: str, tricks: list[str]) -> None:
    result = runner.invoke(
        main,
        ["octrix", "keep", "--names", "Ann,Bob", "--no-hands", "--session", name],
        input="\n".join(tricks) + "\n",
    )
    assert result.exit_code == 0, result.output


def test_list_and_json(runner: CliRunner, data_dir: Path) -> None:
    assert "No sessions yet" in runner.invoke(main, ["sessions", "list"]).output
    keep(runner, "one", ROUND)
    keep(runner, "two", ROUND[:2])
    result = runner.invoke(main, ["sessions", "list"])
    assert result.exit_code == 0
    assert "one" in result.output and "two" in result.output and "Ann 13" in result.output
    data = json.loads(runner.invoke(main, ["sessions", "list", "--json"]).output)
    assert sorted(s["name"] for s in data["sessions"]) == ["one", "two"]


def test_list_gives_the_countdown_of_a_kept_schnapsen_match_under_way(
    runner: CliRunner, data_dir: Path
) -> None:
    args = ["schnapsen", "keep", "--names", "Ann,Bob", "--matches", "0", "--session", "bummerl"]
    runner.invoke(main, args, input="Ann 2\nBob 3\nAnn 3\nquit\n")
    line = runner.invoke(main, ["sessions", "list"]).output.splitlines()[2]
    assert "matches won: Ann 0 · Bob 0" in line
    assert line.endswith("in progress (countdown Ann 2 · Bob 4)")
    ascii_line = runner.invoke(main, ["--ascii", "sessions", "list"]).output.splitlines()[2]
    assert ascii_line.endswith("in progress (countdown Ann 2 | Bob 4)")
    runner.invoke(main, ["sessions", "resume", "bummerl"], input="Ann 3\nquit\n")
    line = runner.invoke(main, ["sessions", "list"]).output.splitlines()[2]
    assert "matches won: Ann 1 · Bob 0" in line and line.endswith("in progress")


def test_export_csv_and_json(runner: CliRunner, data_dir: Path, tmp_path: Path) -> None:
    keep(runner, "one", ROUND)
    out = runner.invoke(main, ["sessions", "export", "one", "--format", "csv"]).output
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(r["player"], r["score"], r["total"]) for r in rows] == [
        ("Ann", "13", "13"),
        ("Bob", "5", "5"),
    ]
    target = tmp_path / "all.json"
    result = runner.invoke(
        main, ["sessions", "export", "--all", "--format", "json", "-o", str(target)]
    )
    assert result.exit_code == 0
    data = json.loads(target.read_text(encoding="utf-8"))
    assert data[0]["totals"] == [13, 5] and len(data[0]["entries"]) == 8
    bad = runner.invoke(main, ["sessions", "export"])
    assert bad.exit_code == 2 and "NAME, or --all" in bad.output


def test_verify_names_a_mismatch_by_the_games_rows(runner: CliRunner, tmp_path: Path) -> None:
    example = Path(__file__).parents[2] / "scoresheets" / "schnapsen-kept-bummerl.toml"
    path = tmp_path / "bummerl.toml"
    path.write_text(
        example.read_text(encoding="utf-8").replace("totals = [6, 7]", "totals = [5, 7]", 1)
    )
    result = runner.invoke(main, ["sessions", "verify", str(path)])
    assert result.exit_code == 1
    assert "deal 1: stored totals [5, 7], entries give [6, 7]" in result.output


def test_verify_names_a_row_stored_twice_and_a_row_s_wrong_match(
    runner: CliRunner, tmp_path: Path
) -> None:
    example = Path(__file__).parents[2] / "scoresheets" / "schnapsen-kept-bummerl.toml"
    text = example.read_text(encoding="utf-8")
    first_row = text[
        text.index("[[rounds]]") : text.index("[[rounds]]", text.index("[[rounds]]") + 1)
    ]
    twice = tmp_path / "twice.toml"
    twice.write_text(text.replace(first_row, first_row + first_row, 1), encoding="utf-8")
    result = runner.invoke(main, ["sessions", "verify", str(twice)])
    assert result.exit_code == 1 and "deal 1 is in the stored table 2 times" in result.output
    moved = tmp_path / "moved.toml"
    moved.write_text(
        text.replace("round = 1\nmatch = 1", "round = 1\nmatch = 2", 1), encoding="utf-8"
    )
    result = runner.invoke(main, ["sessions", "verify", str(moved)])
    assert result.exit_code == 1 and "deal 1: stored match 2, entries give 1" in result.output


def test_verify_names_each_mismatch(runner: CliRunner, data_dir: Path) -> None:
    keep(runner, "one", ROUND)
    path = data_dir / "sessions" / "one.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("13,", "14,"), encoding="utf-8")
    result = runner.invoke(main, ["sessions", "verify", str(path)])
    assert result.exit_code == 1
    assert "round 1: stored scores [14, 5], entries give [13, 5]" in result.output  # Octrix
    assert "totals: stored [14, 5], entries give [13, 5]" in result.output


def test_malformed_file_is_one_line_error_and_untouched(runner: CliRunner, data_dir: Path) -> None:
    keep(runner, "one", ROUND[:2])
    path = data_dir / "sessions" / "one.toml"
    path.write_text(path.read_text(encoding="utf-8") + "\nthis is = = not toml\n", encoding="utf-8")
    before = path.read_bytes()
    for args in (["show", "one"], ["resume", "one"], ["verify", str(path)], ["export", "one"]):
        result = runner.invoke(main, ["sessions", *args])
        assert result.exit_code != 0, args
        assert "one.toml" in result.output and "not valid TOML" in result.output
        assert isinstance(result.exception, SystemExit)
        assert len(result.output.strip().splitlines()) == 1, result.output
    assert path.read_bytes() == before
    listed = runner.invoke(main, ["sessions", "list"])
    assert listed.exit_code == 0 and "not valid TOML" in listed.output


def test_unknown_session_and_finished_session(runner: CliRunner, data_dir: Path) -> None:
    result = runner.invoke(main, ["sessions", "show", "nope"])
    assert result.exit_code == 1 and "no session 'nope'" in result.output
    ann_all = ["8C AD", "AH 8S", "AC 7S", "7H 3D", "6H 5D", "5H 4D", "4H 3S", "2D 3H"]
    keep(runner, "done", ann_all * 2)
    shown = runner.invoke(main, ["sessions", "show", "done"])
    assert "winner: Ann" in shown.output and "finished" in shown.output
    # A finished kept game opens only to correct its last entry; Enter closes it unchanged.
    result = runner.invoke(main, ["sessions", "resume", "done"], input="\n")
    assert result.exit_code == 0 and "The game is over (Ann wins). Type undo" in result.output
    assert len(store.load(data_dir / "sessions" / "done.toml").entries) == 16
    result = runner.invoke(main, ["sessions", "resume", "done"], input="undo\nquit\n")
    session = store.load(data_dir / "sessions" / "done.toml")
    assert session.entries[-1] == {"type": "undo"} and not session.finished
    assert session.totals == [64, 0]


def test_a_finished_played_game_is_not_resumed(runner: CliRunner, data_dir: Path) -> None:
    from shutil import copy

    folder = data_dir / "sessions"
    folder.mkdir(parents=True)
    copy(Path(__file__).parents[2] / "scoresheets" / "octrix-played-vs-strong.toml", folder)
    result = runner.invoke(main, ["sessions", "resume", "octrix-played-vs-strong"])
    assert result.exit_code == 1 and "is finished" in result.output


def test_keep_survives_being_killed(data_dir: Path) -> None:
    """Kill the keeper mid-game: every entry made so far is on disk and resume goes on."""
    env = dict(os.environ, CARDSIDE_HOME=str(data_dir))
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "cardside",
            "octrix",
            "keep",
            "--names",
            "Ann,Bob",
            "--no-hands",
            "--session",
            "killed",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    assert proc.stdin is not None
    proc.stdin.write(("\n".join(ROUND[:3]) + "\n").encode())
    proc.stdin.flush()
    path = data_dir / "sessions" / "killed.toml"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if path.exists() and store.load(path).entries.__len__() == 3:
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert len(store.load(path).entries) == 3
    result = CliRunner().invoke(
        main, ["sessions", "resume", "killed"], input="\n".join(ROUND[3:]) + "\n"
    )
    assert result.exit_code == 0, result.output
    assert store.load(path).totals == [13, 5]


def test_unknown_seat_kind_in_a_played_file_is_refused_untouched(
    runner: CliRunner, data_dir: Path
) -> None:
    result = runner.invoke(
        main, ["octrix", "play", "--seed", "3", "--session", "p"], input="quit\n"
    )
    assert result.exit_code == 0, result.output
    path = data_dir / "sessions" / "p.toml"
    for kind, problem in (
        ('kind = "alien"', "player 1: kind 'alien' is not human, table or bot:NAME"),
        ('kind = "bot:nobody"', "player 1 is 'bot:nobody'"),
    ):
        path.write_text(
            store.dumps(store.load(path)).replace('kind = "human"', kind), encoding="utf-8"
        )
        before = path.read_bytes()
        for args in (["show", "p"], ["resume", "p"], ["verify", str(path)], ["export", "p"]):
            out = runner.invoke(main, ["sessions", *args], input="quit\n")
            assert out.exit_code == 1, (kind, args, out.output)
            assert "p.toml" in out.output and problem in out.output, out.output
            assert out.exception is None or isinstance(out.exception, SystemExit)
        assert path.read_bytes() == before
        path.write_text(before.decode().replace(kind, 'kind = "human"'), encoding="utf-8")


def test_a_copied_file_is_listed_and_resumed_by_its_own_file_name(
    runner: CliRunner, data_dir: Path
) -> None:
    keep(runner, "one", ROUND[:2])
    folder = data_dir / "sessions"
    (folder / "copy.toml").write_bytes((folder / "one.toml").read_bytes())
    listed = json.loads(runner.invoke(main, ["sessions", "list", "--json"]).output)
    assert sorted(s["name"] for s in listed["sessions"]) == ["copy", "one"]
    original = (folder / "one.toml").read_bytes()
    result = runner.invoke(main, ["sessions", "resume", "copy"], input="7H 7D\nquit\n")
    assert result.exit_code == 0, result.output
    assert "resume copy" in result.output
    assert len(store.load(folder / "copy.toml").entries) == 3
    assert (folder / "one.toml").read_bytes() == original


def test_sessions_stats_points_to_the_stats_command(runner: CliRunner, data_dir: Path) -> None:
    result = runner.invoke(main, ["sessions", "stats"])
    assert result.exit_code == 2
    assert "statistics are a command of their own: cardside stats" in result.output
    assert "cardside stats" in runner.invoke(main, ["sessions", "--help"]).output


def test_verify_fix_writes_the_totals_of_an_entry_corrected_by_hand(
    runner: CliRunner, data_dir: Path
) -> None:
    args = ["iota", "keep", "--names", "Ann,Bob", "--session", "k"]
    runner.invoke(main, args, input="Ann 8 4 5 lot\nBob 6\nquit\n")
    path = data_dir / "sessions" / "k.toml"
    text = path.read_text(encoding="utf-8")
    written = "lines = [\n    8,\n    4,\n    5,\n]"
    assert written in text
    path.write_text(text.replace(written, "lines = [8, 4, 6]"), encoding="utf-8")
    assert runner.invoke(main, ["sessions", "verify", "k"]).exit_code == 1
    fixed = runner.invoke(main, ["sessions", "verify", "k", "--fix"])
    assert fixed.exit_code == 0, fixed.output
    assert fixed.output.startswith("fixed ") and "FAIL" not in fixed.output
    assert "the stored totals, rows and count of entries are now the entries' own" in fixed.output
    again = runner.invoke(main, ["sessions", "verify", "k"])
    assert again.exit_code == 0 and again.output.startswith("ok"), again.output
    assert store.load(path).totals == [36, 6]
    assert "does not verify" not in runner.invoke(main, ["sessions", "list"]).output
    # A session open in another cardside is not written: said, and counted as failed.
    path.write_text(
        path.read_text(encoding="utf-8").replace("lines = [\n    6,\n]", "lines = [7]"),
        encoding="utf-8",
    )
    from cardside.sessions.lock import SessionLock

    with SessionLock(path):
        locked = runner.invoke(main, ["sessions", "verify", "--all", "--fix"])
    assert locked.exit_code == 1 and locked.output.startswith("FAIL ")
    assert "  not fixed: " in locked.output and "open in another cardside" in locked.output


def test_the_commands_cardside_suggests_name_a_folder_given_with_data_dir(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CARDSIDE_HOME", raising=False)
    folder = tmp_path / "my data"
    args = ["--data-dir", str(folder), "iota", "keep", "--names", "Ann,Bob", "--session", "dd"]
    first = runner.invoke(main, args, input="Ann 3\nquit\n")
    said = f"Saved. Continue with: cardside sessions resume dd --data-dir '{folder}'"
    assert said in first.output.splitlines(), first.output
    taken = runner.invoke(main, args, input="quit\n")
    assert taken.output.rstrip().endswith(f"cardside sessions show dd --data-dir '{folder}')")
    # Named that way, the folder is where the command looks: nothing more to say.
    monkeypatch.setenv("CARDSIDE_HOME", str(folder))
    again = runner.invoke(main, ["sessions", "resume", "dd"], input="quit\n")
    assert "Saved. Continue with: cardside sessions resume dd" in again.output.splitlines()
    # A file resumed by its path elsewhere goes on as a copy in the folder, named as that.
    copy = tmp_path / "copy.toml"
    copy.write_bytes((folder / "sessions" / "dd.toml").read_bytes())
    by_path = runner.invoke(main, ["sessions", "resume", str(copy)], input="quit\n")
    assert "Saved. Continue with: cardside sessions resume copy" in by_path.output.splitlines()


def test_an_unknown_session_points_to_the_list_of_the_folder_typed(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CARDSIDE_HOME", raising=False)
    for command in (["show", "nosuch"], ["verify", "nosuch"]):
        result = runner.invoke(main, ["--data-dir", str(tmp_path), "sessions", *command])
        assert f"(see 'cardside sessions list --data-dir {tmp_path}')" in result.output


def test_show_says_who_sits_in_each_seat_in_words() -> None:
    from cardside.cli.sessions import _players_text
    from cardside.core.record import Seat

    assert _players_text([Seat("You", "human"), Seat("Bot 2", "bot:strong")]) == (
        "You (at the keyboard), Bot\u00a02 (strong bot)"  # the name kept whole in wrapping
    )
    assert _players_text([Seat("Ann", "table"), Seat("Bob", "table")]) == (
        "Ann, Bob (all at the table)"
    )
    assert _players_text([Seat("Solo", "table")]) == "Solo (at the table)"


def test_show_and_review_name_a_copied_file_as_the_listing_does(
    runner: CliRunner, data_dir: Path
) -> None:
    folder = store.sessions_dir(data_dir)
    folder.mkdir(parents=True, exist_ok=True)
    example = Path(__file__).parents[2] / "scoresheets" / "linesbeta-played-normal.toml"
    (folder / "copy.toml").write_bytes(example.read_bytes())
    listed = runner.invoke(main, ["sessions", "list"])
    shown = runner.invoke(main, ["sessions", "show", "copy"])
    reviewed = runner.invoke(main, ["sessions", "review", "copy", "--depth", "1", "--json"])
    for result in (listed, shown, reviewed):
        assert result.exit_code == 0 and result.exception is None, result.output
    assert " copy " in listed.output.splitlines()[2]
    assert shown.output.startswith("copy: linesbeta play, finished")
    assert json.loads(reviewed.stdout)["session"] == "copy"


def test_show_of_a_played_lineit_game_with_no_line_yet_says_so(
    runner: CliRunner, data_dir: Path
) -> None:
    """Its rows are the rounds where a line was scored: a round played without one is no
    row, and not "no round finished"."""
    args = ["lineit", "play", "--players", "3", "--seed", "4", "--session", "lp"]
    played = runner.invoke(main, args, input="line B3\ndone\nquit\n")
    assert played.exit_code == 0 and played.exception is None, played.output
    shown = runner.invoke(main, ["sessions", "show", "lp"])
    assert shown.exit_code == 0 and "No line scored yet." in shown.output, shown.output
    assert "finished yet" not in shown.output


def test_export_without_a_name_says_every_way_to_choose_sessions(runner: CliRunner) -> None:
    result = runner.invoke(main, ["sessions", "export"])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert "give a session NAME, or --all (or --game or --since to choose some)" in (result.output)


def test_show_of_a_played_lineit_game_says_why_rounds_are_missing(
    runner: CliRunner, data_dir: Path
) -> None:
    """Rows are the rounds in which something scored: the gaps are said, not left to look
    like lost rounds; a game whose rows run 1, 2, 3 says nothing."""
    root = Path(__file__).resolve().parents[2]
    shown = runner.invoke(
        main, ["sessions", "show", str(root / "scoresheets" / "lineit-played-vs-strong.toml")]
    )
    assert shown.exit_code == 0 and shown.exception is None, shown.output
    assert "(a round in which nothing was scored has no row)" in shown.output
    octrix = root / "scoresheets" / "octrix-played-vs-strong.toml"
    other = runner.invoke(main, ["sessions", "show", str(octrix)])
    assert other.exit_code == 0 and "has no row" not in other.output


def test_list_names_a_few_problem_files_and_counts_the_rest(
    runner: CliRunner, data_dir: Path
) -> None:
    """A folder of many unreadable or disagreeing files gives a few lines on standard error,
    not one a file: the table marks each one already."""
    folder = data_dir / "sessions"
    folder.mkdir(parents=True)
    example = (Path(__file__).parents[2] / "scoresheets" / "schnapsen-kept-bummerl.toml").read_text(
        encoding="utf-8"
    )
    off = re.sub(r"(?m)^totals = \[.*\]$", "totals = [999, 0]", example)
    for i in range(8):
        (folder / f"bad{i}.toml").write_text("garbage = [", encoding="utf-8")
        (folder / f"off{i}.toml").write_text(off, encoding="utf-8")
    result = runner.invoke(main, ["sessions", "list"])
    assert result.exit_code == 0 and result.exception is None, result.output
    assert result.stdout.count("(does not verify)") == 8
    lines = result.stderr.splitlines()
    assert len(lines) == 7 and sum("  unreadable: " in line for line in lines) == 5
    # The rest by their numbers in the list, where the table leaves them out.
    (more,) = [line for line in lines if line.startswith("... and 3 more unreadable files")]
    numbers = [int(n) for n in more.split("numbered ")[1].split(" (")[0].split(", ")]
    listed = {int(line.split()[0]) for line in result.stdout.splitlines() if line[:1].isdigit()}
    assert len(numbers) == 3 and not set(numbers) & listed
    assert more.endswith("('cardside sessions verify --all' names each)")
    assert lines[-1].startswith("8 sessions do not agree with their own entries, marked ")
    assert "and 3 more ('cardside sessions verify --all' lists every difference" in lines[-1]
    # Five are each said in full, as before.
    for i in range(5, 8):
        (folder / f"bad{i}.toml").unlink()
        (folder / f"off{i}.toml").unlink()
    lines = runner.invoke(main, ["sessions", "list"]).stderr.splitlines()
    assert len(lines) == 10 and sum("does not agree with itself" in line for line in lines) == 5
    for i in range(3, 5):
        (folder / f"bad{i}.toml").unlink()
        (folder / f"off{i}.toml").unlink()
    result = runner.invoke(main, ["sessions", "list"])
    lines = result.stderr.splitlines()
    assert len(lines) == 6 and sum("does not agree with itself" in line for line in lines) == 3
