"""simulate's report on a terminal: tables that fit it, notes wrapped, the same when piped."""

from __future__ import annotations

import importlib
import re

import pytest
from click.testing import CliRunner

from cardside.cli.common import echo_report
from cardside.cli.main import main

RUNS = {
    "iota": ["--games", "2", "--players", "4", "--bots", "greedy,greedy,greedy,random"],
    # the classic bot, whose figures (and so the columns' widths) stay as they were
    "lineit": [
        "--games",
        "2",
        "--players",
        "5",
        "--bots",
        "classic,heuristic,heuristic,heuristic,heuristic",
    ],
    "linesbeta": ["--games", "3", "--all"],
    "octrix": ["--games", "1", "--bots", "greedy,random"],
    "schnapsen": ["--games", "2", "--bots", "heuristic,random"],
}


@pytest.mark.parametrize("game", sorted(RUNS))
def test_the_report_fits_an_80_column_terminal(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    args = [game, "simulate", *RUNS[game], "--seed", "1"]
    piped = runner.invoke(main, args)
    assert piped.exit_code == 0, piped.output
    monkeypatch.setattr(
        importlib.import_module("cardside.cli.common"), "terminal_width", lambda: 80
    )
    shown = runner.invoke(main, args)
    assert shown.exit_code == 0, shown.output
    assert all(len(line) <= 80 for line in shown.output.splitlines()), shown.output
    if max(len(line) for line in piped.output.splitlines()) <= 80:
        assert shown.output == piped.output
    assert figures(shown.output) == figures(piped.output)


def figures(output: str) -> list[str]:
    """Every word of ``output`` with a digit in it, sorted, but the rows' numbers (a table
    split in two numbers its rows again)."""
    rows = [re.sub(r"^\d+  ", "", line) for line in output.splitlines()]
    words = [w for line in rows for w in line.split()]
    return sorted(w for w in words if any(c.isdigit() for c in w))


def test_lineit_puts_the_points_per_game_in_a_second_table_when_narrow(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["lineit", "simulate", *RUNS["lineit"], "--seed", "1"]
    wide = runner.invoke(main, args).output.splitlines()
    assert wide[1].split()[:3] == ["#", "bot", "wins"] and "jackpots" in wide[1]
    assert set(wide[2]) == {"-", " "}  # the rule under the headings
    monkeypatch.setattr(
        importlib.import_module("cardside.cli.common"), "terminal_width", lambda: 80
    )
    narrow = runner.invoke(main, args).output.splitlines()
    assert "jackpots" not in narrow[1]
    second = narrow.index("") + 1
    # the bots named again
    assert narrow[second].split()[:5] == ["#", "bot", "line", "points", "jackpots"]
    seats = [ln.split()[:2] for ln in narrow[second + 2 : second + 7]]
    assert seats == [ln.split()[:2] for ln in narrow[3:8]]
    assert [s[0] for s in seats] == ["1", "2", "3", "4", "5"]
    # the same figures in the same order, once the repeated seats and bots are set aside
    figures = [w for ln in wide[3:8] for w in ln.split()[2:]]
    split = [w for ln in narrow[3:8] for w in ln.split()[2:]]
    split_more = [w for ln in narrow[second + 2 : second + 7] for w in ln.split()[2:]]
    assert len(figures) == 5 * 12
    assert sorted(figures) == sorted(split + split_more)


def test_notes_wrap_and_table_rows_stay_whole(capsys: pytest.CaptureFixture[str]) -> None:
    row = "1. strong          2   50.0%   [ 15.0%,  85.0%]     183.5 [123.8, 243.2]"
    note = "28.2 turns a game on average; ended on a last card (doubled) 100.0%, on passes 0.0%"
    echo_report(f"{row}\n{note}", 60)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == row  # a row is never broken (it would no longer line up)
    assert len(lines) > 2 and all(len(line) <= 60 for line in lines[1:])
    assert " ".join(lines[1:]) == note


@pytest.mark.parametrize(("game", "moved"), [("iota", "score (95%)"), ("lineit", "jackpots")])
def test_iota_and_lineit_spread_their_columns_over_tables_on_60_columns(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, game: str, moved: str
) -> None:
    args = [game, "simulate", *RUNS[game], "--seed", "1"]
    piped = runner.invoke(main, args).output
    monkeypatch.setattr(
        importlib.import_module("cardside.cli.common"), "terminal_width", lambda: 60
    )
    shown = runner.invoke(main, args).output
    assert all(len(line) <= 60 for line in shown.splitlines()), shown
    tables = shown.split("\n\n")
    assert len(tables) >= 2
    assert moved in tables[1] and moved not in tables[0]
    assert tables[1].split()[:2] == ["#", "bot"]  # the rows named again
    assert set(figures(shown)) == set(figures(piped))  # (bot numbers come again)


def test_linesbeta_all_settings_fit_60_columns_in_two_tables(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["linesbeta", "simulate", *RUNS["linesbeta"], "--seed", "1"]
    piped = runner.invoke(main, args).output
    monkeypatch.setattr(
        importlib.import_module("cardside.cli.common"), "terminal_width", lambda: 60
    )
    shown = runner.invoke(main, args).output
    assert all(len(line) <= 60 for line in shown.splitlines()), shown
    wins, points = shown.split("\n\n")
    assert "share" in wins and "early stop" not in wins
    assert "early stop" in points and "hard short" in points
    # every figure kept; the settings' names come twice
    assert set(figures(shown)) == set(figures(piped))


@pytest.mark.parametrize("game", sorted(RUNS))
def test_the_report_fits_a_40_column_terminal(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    """At 40 columns the interval leaves the first table too: every line fits."""
    args = [game, "simulate", *RUNS[game], "--seed", "1"]
    piped = runner.invoke(main, args)
    monkeypatch.setattr(
        importlib.import_module("cardside.cli.common"), "terminal_width", lambda: 40
    )
    shown = runner.invoke(main, args)
    assert shown.exit_code == 0, shown.output
    widest = max(len(line) for line in shown.output.splitlines())
    assert widest <= 40, shown.output
    assert figures(shown.output) == figures(piped.output)


@pytest.mark.parametrize("width", [30, 20])
def test_on_a_very_narrow_terminal_the_first_table_keeps_only_the_rows_names(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, width: int
) -> None:
    args = ["schnapsen", "simulate", *RUNS["schnapsen"], "--seed", "1"]
    monkeypatch.setattr(
        importlib.import_module("cardside.cli.common"), "terminal_width", lambda: width
    )
    shown = runner.invoke(main, args)
    assert shown.exit_code == 0, shown.output
    tables = shown.output.split("\n\n")
    first = tables[0].splitlines()[1:]  # under the heading
    assert max(len(line) for line in first) <= width, shown.output
    assert any("interval" in t for t in tables[1:])
