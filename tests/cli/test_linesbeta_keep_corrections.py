"""``linesbeta keep``: corrections after the end, the score's labels and the help's examples,
the sheet's header after the end, and the grid's legend."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.sessions import sheets, store

LOSING = "l l l l l l\nl l l l\n"  # short normal game: the grid reaches 10 in round 2


def _keep(runner: CliRunner, script: str) -> str:
    result = runner.invoke(
        main,
        ["linesbeta", "keep", "--difficulty", "normal", "--short", "--no-grid", "--session", "r"],
        input=script,
    )
    assert result.exit_code == 0, result.output
    return result.output


def test_the_last_undo_after_the_game_ends_takes_the_final_trick_back(
    runner: CliRunner, data_dir: Path
) -> None:
    out = _keep(runner, LOSING + "undo\nquit\n")
    assert "the rest was not entered" not in out.split("Type undo to take back")[1]
    assert "Undone: trick l." in out
    session = store.load(data_dir / "sessions" / "r.toml")
    assert session.entries[-1] == {"type": "undo"}
    assert not session.finished and session.totals == [0, 9]
    assert sheets.mismatches(session) == []


def test_undo_of_a_finished_game_works_after_resume(runner: CliRunner, data_dir: Path) -> None:
    _keep(runner, LOSING + "\n")
    path = data_dir / "sessions" / "r.toml"
    assert store.load(path).finished
    resumed = runner.invoke(main, ["sessions", "resume", "r"], input="undo\nw\nquit\n")
    assert resumed.exit_code == 0, resumed.output
    assert "Undone: trick l." in resumed.output
    session = store.load(path)
    assert [e["type"] for e in session.entries][-2:] == ["undo", "trick"]
    assert not session.finished and session.totals == [1, 9]


def test_the_running_total_and_the_rounds_own_score_are_labelled(
    runner: CliRunner, data_dir: Path
) -> None:
    out = _keep(runner, "w w l w w w\nw l\nquit\n")
    assert "Round 1, trick 6: total you 5, grid 1" in out
    assert "Round 1 over: this round you 5, grid 1" in out
    assert "Round 2, trick 2: total you 6, grid 2" in out


@pytest.mark.parametrize(
    ("rounds", "last", "where"),
    [
        # hard, full: 24-6 after five rounds; the grid reaches 11 on round 6's fifth trick
        (["round 4 2"] + ["round 5 1"] * 4, "l l l l l", "after trick 5 of round 6 (early stop)"),
        # 30-0 after five rounds; round 6's first win settles it
        (["round 6 0"] * 5, "w", "after trick 1 of round 6 (early stop)"),
    ],
)
def test_after_an_early_stop_the_sheet_says_when_the_game_ended(
    runner: CliRunner, data_dir: Path, rounds: list[str], last: str, where: str
) -> None:
    script = [*rounds, last, "show", "help", "hello", ""]
    result = runner.invoke(
        main,
        ["linesbeta", "keep", "--difficulty", "hard", "--full", "--no-grid", "--session", "e"],
        input="\n".join(script) + "\n",
    )
    out = result.output
    assert result.exit_code == 0, out
    header = f"LinesBeta, hard, full game: ended {where}."
    closing = out.split("The game is over (", 1)[1]
    assert header in closing and "round 6 of 7" not in out
    assert "undo takes back the last entry and the game goes on from there" in closing
    refused = "  type undo, undo N, fix N or show, or press Enter to close (type help)"
    assert refused in closing.splitlines()
    assert closing.count("  type undo") == 1  # show and help were not refused
    resumed = runner.invoke(main, ["sessions", "resume", "e"], input="\n")
    assert resumed.exit_code == 0, resumed.output
    first, sheet = resumed.output.splitlines()[:2]
    assert (
        first == "Keeping LinesBeta, hard, full game (resumed). Session e. "
        "Type help for help, rules for the rules."
    )
    assert sheet == header


def test_after_the_last_round_the_sheet_says_the_game_ended_after_it(
    runner: CliRunner, data_dir: Path
) -> None:
    script = ["round 3 3"] * 4 + ["show", ""]  # easy, short: 12-12 after round 4, a loss
    result = runner.invoke(
        main,
        ["linesbeta", "keep", "--difficulty", "easy", "--short", "--no-grid"],
        input="\n".join(script) + "\n",
    )
    assert result.exit_code == 0, result.output
    assert "LinesBeta, easy, short game: ended after round 4 of 4." in result.output
    assert "trick 7 of 6" not in result.output


def test_the_grid_legend_explains_up_and_the_last_entry_is_shown_whole(
    runner: CliRunner, data_dir: Path
) -> None:
    result = runner.invoke(
        main,
        ["linesbeta", "keep", "--difficulty", "hard", "--full", "--grid"],
        input="l r6R r6c6 b\nshow\nquit\n",
    )
    out = result.output
    assert result.exit_code == 0, out
    assert "  up face up (the card itself is not entered)" in out.splitlines()
    assert "  Last entry in effect: trick l r6R r6c6 b" in out.splitlines()


def test_undo_after_a_line_of_tricks_takes_back_one_trick_as_its_help_says(
    runner: CliRunner, data_dir: Path
) -> None:
    out = _keep(runner, "help\nw w l\nundo\n")
    said = "undo (take back the last trick, or round, entered; w w l is three, or the last fix)"
    assert said in out
    assert "Undone: trick l" in out
    session = store.load(data_dir / "sessions" / "r.toml")
    assert [e["type"] for e in session.entries] == ["trick", "trick", "trick", "undo"]
    assert "Round 1/4, trick 3 (you 2/" in out.rsplit("Undone: trick l", 1)[1]


def test_a_whole_round_may_be_written_as_score_takes_it(runner: CliRunner, data_dir: Path) -> None:
    """``round 4 2``, ``round 4-2`` and ``4-2`` alone enter the same round, in play and in a
    correction; a count that is no round is refused with the prompt again."""
    out = _keep(runner, "round 4-2\n5-1\nfix 2 3-3\n4-2-1\nround 4\nquit\n")
    assert "Entry 2 corrected: round 3 3 (was round 5 1)." in out
    assert "'4-2-1' is not a trick result" in out
    assert "give two counts: round YOURS GRID, e.g. round 4 2 or 4-2" in out
    session = store.load(data_dir / "sessions" / "r.toml")
    assert session.totals == [7, 5]
    assert [e["type"] for e in session.entries] == ["round"] * 3  # the last corrects the second
    assert sheets.mismatches(session) == []
