"""Finding, tidying and reading sessions: list, show --chart, verify, rename, delete, export."""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardside.cli.main import main

ROUND = ["8C 3H", "2C 3D", "7H 7D", "6H 6D", "5H 5D", "4H 4D", "2S 3S", "AS 8S"]


def octrix(runner: CliRunner, name: str, tricks: list[str], names: str = "Ann,Bob") -> None:
    result = runner.invoke(
        main,
        ["octrix", "keep", "--names", names, "--no-hands", "--session", name],
        input="\n".join(tricks) + "\n",
    )
    assert result.exit_code == 0, result.output


def schnapsen(
    runner: CliRunner, name: str, deals: list[str], names: str = "Ann,Bob", matches: int = 0
) -> None:
    result = runner.invoke(
        main,
        ["schnapsen", "keep", "--names", names, "--session", name, "--matches", str(matches)],
        input="\n".join(deals) + "\n",
    )
    assert result.exit_code == 0, result.output


def age(data_dir: Path, *names: str) -> None:
    """Give the sessions increasing times in this order (the last is the newest)."""
    for i, name in enumerate(names):
        path = data_dir / "sessions" / f"{name}.toml"
        os.utime(path, (2_000_000 + i, 2_000_000 + i))


def run(runner: CliRunner, *args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(main, list(args), input=input)
    return result.exit_code, result.output


def test_list_numbers_each_session_on_one_line(runner: CliRunner, data_dir: Path) -> None:
    octrix(runner, "kitchen", ROUND)
    schnapsen(runner, "friday", ["Ann 3", "Ann 3", "Ann 1"])
    age(data_dir, "kitchen", "friday")
    code, out = run(runner, "sessions", "list")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["#", "name", "game", "mode", "started", "scores", "result"]
    first, second = lines[2], lines[3]
    assert first.split()[:4] == ["1", "friday", "schnapsen", "keep"]
    assert "Ann 1 · Bob 0" in first and first.endswith("in progress")
    assert second.split()[:4] == ["2", "kitchen", "octrix", "keep"]
    assert "Ann 13 · Bob 5" in second
    code, out = run(runner, "--ascii", "sessions", "list", "--game", "octrix")
    assert "Ann 13 | Bob 5" in out and "friday" not in out
    assert out.splitlines()[2].split()[0] == "2"  # the number is the one in the full list
    data = json.loads(run(runner, "sessions", "list", "--json")[1])
    assert [(s["number"], s["name"]) for s in data["sessions"]] == [(1, "friday"), (2, "kitchen")]


def test_list_game_must_be_known(runner: CliRunner, data_dir: Path) -> None:
    code, out = run(runner, "sessions", "list", "--game", "chess")
    assert code == 2 and "'chess' is not one of" in out


def test_list_shows_who_won(runner: CliRunner, data_dir: Path) -> None:
    schnapsen(runner, "once", ["Bob 3", "Bob 3", "Bob 1"], matches=1)
    out = run(runner, "sessions", "list")[1]
    assert out.splitlines()[2].endswith("won: Bob")


def test_every_command_takes_last_number_and_prefix(runner: CliRunner, data_dir: Path) -> None:
    octrix(runner, "kitchen-table", ROUND)
    schnapsen(runner, "friday", ["Ann 2"])
    age(data_dir, "kitchen-table", "friday")
    for ref in ("last", "1", "fri"):
        assert "friday: schnapsen keep" in run(runner, "sessions", "show", ref)[1]
    for ref in ("2", "kit"):
        assert "kitchen-table: octrix keep" in run(runner, "sessions", "show", ref)[1]
    out = run(runner, "sessions", "export", "2", "--format", "json")[1]
    assert json.loads(out)[0]["name"] == "kitchen-table"
    code, out = run(runner, "sessions", "verify", "last", "kit")
    assert code == 0 and out.count("ok   ") == 2
    code, out = run(runner, "sessions", "resume", "fri", input="Bob 1\nquit\n")
    assert code == 0 and "Deal 2" in out
    code, out = run(runner, "sessions", "show", "7")
    assert code == 1 and "no session number 7 (sessions list shows 1 to 2)" in out


def test_verify_names_the_totals_in_the_game_s_words(runner: CliRunner, data_dir: Path) -> None:
    schnapsen(runner, "sch", ["Ann 3", "Ann 3", "Ann 1", "Bob 2"])
    octrix(runner, "oct", ROUND)
    code, out = run(runner, "sessions", "verify", "sch", "oct")
    assert code == 0
    assert "4 entries, 4 deals, matches won Ann 1, Bob 0" in out  # as show and list say
    assert "1 round, totals Ann " in out


def test_an_ambiguous_prefix_is_refused(runner: CliRunner, data_dir: Path) -> None:
    octrix(runner, "fri-a", ROUND[:1])
    octrix(runner, "fri-b", ROUND[:1])
    code, out = run(runner, "sessions", "show", "fri")
    assert code == 1 and "'fri' could be fri-a, fri-b; type more of the name" in out


def test_verify_all_and_names(runner: CliRunner, data_dir: Path) -> None:
    octrix(runner, "one", ROUND)
    octrix(runner, "two", ROUND[:3])
    code, out = run(runner, "sessions", "verify", "--all")
    assert code == 0 and out.count("ok   ") == 2
    assert out.splitlines()[-1] == "2 sessions checked: 2 ok, none failed"
    path = data_dir / "sessions" / "one.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("13,", "14,"), "utf-8")
    code, out = run(runner, "sessions", "verify", "--all")
    assert code == 1 and "FAIL" in out and "ok   " in out
    # A FAIL among many ok lines is counted last, where it is seen.
    assert out.splitlines()[-1] == "2 sessions checked: 1 ok, 1 failed (the FAIL lines above)"
    code, out = run(runner, "sessions", "verify", "two")
    assert code == 0 and "checked" not in out  # one session: its line says it all
    code, out = run(runner, "sessions", "verify")
    assert code == 2 and "NAMES (or files) or --all" in out and "not both" not in out
    code, out = run(runner, "sessions", "verify", "two", "--all")
    assert code == 2 and "or --all, not both" in out


def test_verify_checks_every_name_even_after_one_it_cannot_find(
    runner: CliRunner, data_dir: Path
) -> None:
    octrix(runner, "one", ROUND)
    octrix(runner, "two", ROUND[:3])
    code, out = run(runner, "sessions", "verify", "one", "nosuch", "two")
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith("ok   ") and lines[0].count("one.toml") == 1
    assert lines[1] == "FAIL no session 'nosuch' (see 'cardside sessions list')"
    assert lines[2].startswith("ok   ") and "two.toml" in lines[2]


def test_a_new_name_cannot_be_last_or_a_list_number(runner: CliRunner, data_dir: Path) -> None:
    octrix(runner, "old", ROUND)
    octrix(runner, "newer", ROUND[:1])
    for name in ("last", "Last", "2"):
        code, out = run(runner, "sessions", "rename", "old", name)
        assert code == 1 and f"'{name}' is not a usable session name: it already means" in out
        result = runner.invoke(
            main, ["octrix", "keep", "--names", "Ann,Bob", "--session", name], input="quit\n"
        )
        assert (
            isinstance(result.exception, SystemExit)
            and "is not a usable session name" in result.output
        )
    # so 'last' and '1' still mean the newest session
    assert run(runner, "sessions", "show", "last")[1].startswith("newer:")
    assert run(runner, "sessions", "show", "2")[1].startswith("old:")


def test_rename_keeps_the_place_and_the_name_inside(runner: CliRunner, data_dir: Path) -> None:
    octrix(runner, "old", ROUND)
    schnapsen(runner, "newer", ["Ann 2"])
    age(data_dir, "old", "newer")
    code, out = run(runner, "sessions", "rename", "2", "kitchen")
    assert code == 0 and "renamed old to kitchen" in out
    folder = data_dir / "sessions"
    assert not (folder / "old.toml").exists()
    assert 'name = "kitchen"' in (folder / "kitchen.toml").read_text(encoding="utf-8")
    assert "kitchen: octrix keep" in run(runner, "sessions", "show", "2")[1]
    assert run(runner, "sessions", "verify", "kitchen")[0] == 0
    code, out = run(runner, "sessions", "rename", "kitchen", "newer")
    assert code == 1 and "a session named 'newer' already exists" in out
    code, out = run(runner, "sessions", "rename", "kitchen", "../x")
    assert code == 1 and "not a usable session name" in out
    code, out = run(runner, "sessions", "rename", "kitchen", "kitchen")
    assert code == 1 and "the session is already named 'kitchen'" in out
    assert (folder / "kitchen.toml").exists()


def test_delete_asks_and_moves_to_the_trash(runner: CliRunner, data_dir: Path) -> None:
    octrix(runner, "one", ROUND[:2])
    octrix(runner, "two", ROUND[:2])
    code, out = run(runner, "sessions", "delete", "one", input="n\n")
    assert code == 1 and "Move one to the trash?" in out and "Nothing deleted" in out
    assert (data_dir / "sessions" / "one.toml").exists()
    code, out = run(runner, "sessions", "delete", "one", input="")  # the input ends unanswered
    assert code == 1 and "Nothing deleted (no answer; --yes deletes without asking)." in out
    assert "Aborted" not in out and (data_dir / "sessions" / "one.toml").exists()
    code, out = run(runner, "sessions", "delete", "one", "two", input="y\n")
    assert code == 0
    assert sorted(p.name for p in (data_dir / "trash").iterdir()) == ["one.toml", "two.toml"]
    assert "No sessions yet" in run(runner, "sessions", "list")[1]
    octrix(runner, "one", ROUND[:1])
    code, out = run(runner, "sessions", "delete", "one", "--yes")
    assert code == 0 and (data_dir / "trash" / "one-2.toml").exists()
    code, out = run(runner, "sessions", "delete", "nobody", "--yes")
    assert code == 1 and "no session 'nobody'" in out


def test_delete_names_a_file_where_the_trash_folder_should_be(
    runner: CliRunner, data_dir: Path
) -> None:
    octrix(runner, "one", ROUND[:2])
    (data_dir / "trash").write_text("notes", encoding="utf-8")
    code, out = run(runner, "sessions", "delete", "one", "--yes")
    assert code == 1 and "cannot move one to the trash" in out
    assert f"({data_dir / 'trash'}: a file, not the trash folder)" in out
    assert (data_dir / "sessions" / "one.toml").exists()


def test_delete_refuses_a_file_outside_the_sessions_folder(
    runner: CliRunner, data_dir: Path, tmp_path: Path
) -> None:
    octrix(runner, "one", ROUND[:2])
    outside = tmp_path / "copy.toml"
    outside.write_bytes((data_dir / "sessions" / "one.toml").read_bytes())
    code, out = run(runner, "sessions", "delete", str(outside), "--yes")
    assert code == 1 and "not in the sessions folder" in out and outside.exists()


def test_show_an_unfinished_kept_round(runner: CliRunner, data_dir: Path) -> None:
    octrix(runner, "oct", ROUND + ROUND[:2])
    out = run(runner, "sessions", "show", "oct", "--ascii")[1]
    assert "round 2, trick 1 (highest wins): Ann 8C, Bob 3H -> Ann" in out
    assert "round 2, trick 2 (lowest wins): Ann 2C, Bob 3D -> Ann" in out
    assert "next: trick 3, lowest wins" in out
    # As the keep screen wrote them, where the terminal shows suit symbols.
    shown = run(runner, "sessions", "show", "oct")[1]
    assert "round 2, trick 1 (highest wins): Ann 8\u2663, Bob 3\u2665 \u2192 Ann" in shown
    schnapsen(runner, "sch", ["Ann 3", "Ann 3", "Ann 1", "Bob 2"])
    out = run(runner, "sessions", "show", "sch")[1]
    assert "options: matches no limit, first dealer Ann" in out
    assert out.splitlines()[5].split() == [
        "match",
        "deal",
        "Ann",
        "Bob",
        "Ann",
        "countdown",
        "Bob",
        "countdown",
        "note",
    ]
    assert "match 2 under way, countdown: Ann 7, Bob 5 (first to 0 wins the match)" in out
    assert "match 1 won by Ann" in out
    # The session's tally has the label "matches won" to itself.
    assert out.count("matches won") == 1 and "matches won: Ann 1, Bob 0" in out


def test_show_chart_marks_the_target(runner: CliRunner, data_dir: Path) -> None:
    schnapsen(runner, "sch", ["Ann 3", "Bob 1", "Ann 3", "Ann 1"])
    out = run(runner, "sessions", "show", "sch", "--chart")[1]
    assert "█ = target reached (Ann 7 down to 0, Bob 7 down to 0)" in out
    ann = next(line for line in out.splitlines() if line.startswith("Ann  "))
    assert ann.split()[0:2] == ["Ann", "▃▃▇█"]  # 4, 4, 1, 0 left of 7
    out = run(runner, "--ascii", "sessions", "show", "sch", "--chart")[1]
    assert "@ = target reached" in out and "█" not in out
    assert any(line.startswith("Ann  --#@") for line in out.splitlines())


def test_show_chart_says_deals_in_schnapsen_and_wraps_its_legend(
    runner: CliRunner, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    schnapsen(runner, "sch", ["Ann 3", "Bob 1", "Ann 3", "Ann 1"], names="Annabel,Roberta")
    out = run(runner, "sessions", "show", "sch", "--chart")[1]
    assert "Running totals by deal; " in out and "by round" not in out
    monkeypatch.setattr("cardside.cli.sessions.terminal_width", lambda: 60)
    narrow = run(runner, "sessions", "show", "sch", "--chart")[1].splitlines()
    start = next(i for i, line in enumerate(narrow) if line.startswith("Running totals"))
    assert all(len(line) <= 60 for line in narrow[start : start + 2])
    assert " ".join(narrow[start : start + 2]).endswith(
        "(Annabel 7 down to 0, Roberta 7 down to 0)"
    )


def test_show_chart_bars_fit_beside_long_names(
    runner: CliRunner, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    long = "Annabelle-Marguerite-Longname"  # 29 characters
    schnapsen(runner, "sch", ["Ann 1", "Bob 1"] * 20, names=f"{long},Bob")
    monkeypatch.setattr("cardside.cli.sessions.terminal_width", lambda: 60)
    lines = run(runner, "sessions", "show", "sch", "--chart")[1].splitlines()
    bars = [line for line in lines if line.startswith((long + "  ", "Bob  "))]
    assert len(bars) == 2 and all(len(line) <= 60 for line in bars), bars
    assert len(bars[0].split()[1]) >= 10  # still a chart


def test_show_wraps_its_lines_of_words_at_spaces_on_a_narrow_terminal(
    runner: CliRunner, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    names = "Annabel Lee,Roberta Smith,Cornelius Hay,Dorothea Brooke"
    octrix(runner, "oct", ROUND[:3], names=names)
    monkeypatch.setattr("cardside.cli.sessions.terminal_width", lambda: 60)
    lines = run(runner, "sessions", "show", "oct")[1].splitlines()
    assert all(len(line) <= 60 for line in lines)
    assert lines[1] == "players: Annabel Lee, Roberta Smith, Cornelius Hay,"
    assert lines[2] == "Dorothea Brooke (all at the table)"  # a name is never split


def test_rename_and_delete_leave_a_session_open_elsewhere_alone(
    runner: CliRunner, data_dir: Path
) -> None:
    import subprocess
    import sys

    from cardside.sessions.lock import lock_path

    octrix(runner, "busy", ROUND[:2])
    path = data_dir / "sessions" / "busy.toml"
    with subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"]) as holder:
        try:
            lock_path(path).write_text(f"{holder.pid}\n")
            for args in (["rename", "busy", "other"], ["delete", "busy", "--yes"]):
                code, out = run(runner, "sessions", *args)
                assert code == 1 and str(holder.pid) in out, args
                assert path.exists()
        finally:
            holder.kill()
    lock_path(path).unlink()
    assert run(runner, "sessions", "delete", "busy", "--yes")[0] == 0


def test_verify_counts_in_words(runner: CliRunner, data_dir: Path) -> None:
    octrix(runner, "one", ROUND)
    code, out = run(runner, "sessions", "verify", "one")
    assert code == 0 and ": 8 entries, 1 round, totals Ann " in out
    path = data_dir / "sessions" / "one.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("13,", "14,"), "utf-8")
    code, out = run(runner, "sessions", "verify", "one")
    assert code == 1 and ": 3 mismatches\n" in out


def test_show_says_why_kept_entry_numbers_skip(runner: CliRunner, data_dir: Path) -> None:
    script = "counts Ann 23 +4-3\nundo\ncounts Ann 20 +4\nquit\n"
    runner.invoke(main, ["lineit", "keep", "--names", "Ann,Bob", "--session", "k"], input=script)
    code, out = run(runner, "sessions", "show", "k")
    assert code == 0 and "\n3 " in out and "\n1 " not in out
    assert "rows are numbered by entry in the file, as verify and fix name them" in out
    runner.invoke(
        main,
        ["lineit", "keep", "--names", "Ann,Bob", "--session", "j"],
        input=script[:19] + "quit\n",
    )
    assert "numbered by entry" not in run(runner, "sessions", "show", "j")[1]


def test_a_session_ending_level_is_shown_tied_and_partners_who_won_as_winners(
    runner: CliRunner, data_dir: Path
) -> None:
    from cardside.tui.listing import tied

    script = "Ann 3\nAnn 3\nAnn 3\nBob 3\nBob 3\nBob 3\n\n"
    args = ["schnapsen", "keep", "--names", "Ann,Bob", "--matches", "2", "--session", "tie"]
    kept = runner.invoke(main, args, input=script)
    assert kept.exit_code == 0 and kept.exception is None, kept.output
    assert "The session is over (tied: Ann; Bob). Type undo" in kept.output
    assert "tied: Ann; Bob" in run(runner, "sessions", "list")[1]
    assert "tied: Ann; Bob" in run(runner, "sessions", "show", "tie")[1].splitlines()
    page = run(runner, "sessions", "export", "tie", "--format", "html", "-o", "-")[1]
    assert "Tied: Ann; Bob." in page and "Won: " not in page  # as show and the CSV say it
    # In the CSV the columns of a tie are parted by "; ", partners by " & " (as in the column).
    table = run(runner, "sessions", "export", "tie", "--format", "csv")[1]
    assert {row["winners"] for row in csv.DictReader(io.StringIO(table))} == {"Ann; Bob"}
    assert tied(["Ann & Cy", "Bob & Dee"], ["Ann", "Cy"]) is False
    assert tied(["Ann", "Bob", "Cy"], ["Ann", "Cy"]) is True
    # A name with " & " in it is one player's, matched whole.
    assert tied(["Tom & Jerry", "Jerry"], ["Jerry"]) is False


def test_show_names_the_grid_beside_the_linesbeta_player(runner: CliRunner, data_dir: Path) -> None:
    """The table has a Grid column: the players line says whom the player played against."""
    example = Path(__file__).resolve().parents[2] / "scoresheets" / "linesbeta-played-normal.toml"
    result = runner.invoke(main, ["sessions", "show", str(example)])
    assert result.exit_code == 0 and result.exception is None, result.output
    assert result.output.splitlines()[1] == "players: You (at the keyboard), against the Grid"
