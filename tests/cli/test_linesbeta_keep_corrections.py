"""``linesbeta keep``: corrections after the end, the score's labels and the help's examples."""

from __future__ import annotations

from pathlib import Path

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
    assert "the rest was not entered" not in out.split("Type undo to correct")[1]
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
