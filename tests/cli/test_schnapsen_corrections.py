"""Schnapsen: impossible facts refused, the words for results and totals, undo in questions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.games.schnapsen.keep import Ledger, LedgerError
from cardside.sessions import store


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["--last-trick", "Ann", "--no-trick"], "a loser with no trick means the winner took"),
        (
            ["--last-trick", "Ann", "--points", "40"],
            "the winner of the last trick held 80, so reached 66 before it",
        ),
    ],
)
def test_the_last_trick_rule_refuses_a_loser_who_could_not_have_lost_that_way(
    runner: CliRunner, args: list[str], reason: str
) -> None:
    result = runner.invoke(main, ["schnapsen", "score", *args])
    assert result.exit_code == 1
    assert reason in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_the_last_trick_rule_still_takes_a_possible_record(runner: CliRunner) -> None:
    for extra in ([], ["--trick"], ["--points", "55"], ["--points", "65"]):
        result = runner.invoke(main, ["schnapsen", "score", "--last-trick", "Ann", *extra])
        assert result.exit_code == 0, result.output
        assert "Ann wins 1 game point" in result.output


def test_the_ledger_refuses_the_same_impossible_deal() -> None:
    with pytest.raises(LedgerError, match="say who reached 66 instead"):
        Ledger().add({"kind": "table", "last_trick": 0, "opponent_trick": False})


def test_keep_says_you_win_and_names_countdown_and_matches_won(
    runner: CliRunner, data_dir: Path
) -> None:
    script = "You 3\nYou 3\nYou 1\nshow\nquit\n"
    result = runner.invoke(
        main,
        ["schnapsen", "keep", "--names", "You,Bot", "--matches", "0", "--session", "k"],
        input=script,
    )
    out = result.output
    assert result.exit_code == 0, out
    assert "Deal 1: You win 3 game points" in out and "You wins" not in out
    assert "You win match 1; a Bummerl for Bot. Matches won: You 1, Bot 0." in out
    assert "match 1 countdown: You 4, Bot 7" in out
    assert "Match 2 countdown: You 7, Bot 7 (first to 0 wins the match); matches won: You 1" in out
    assert "You countdown" in out and "game points" in out


def test_sessions_list_show_and_export_name_the_totals(runner: CliRunner, data_dir: Path) -> None:
    runner.invoke(
        main,
        ["schnapsen", "keep", "--names", "Ann,Bob", "--session", "k"],
        input="Ann 3\nAnn 3\nAnn 1\nquit\n",
    )
    listed = runner.invoke(main, ["sessions", "list"]).output
    assert "matches won: Ann 1 · Bob 0" in listed
    shown = runner.invoke(main, ["sessions", "show", "k"]).output
    assert "Ann countdown" in shown and "matches won: Ann 1, Bob 0" in shown
    assert shown.splitlines()[5].split()[:2] == ["match", "deal"]  # a Schnapsen row is a deal
    data = json.loads(runner.invoke(main, ["sessions", "show", "k", "--json"]).output)
    assert data["totals_name"] == "matches won" and data["round_totals_name"] == "countdown"
    assert data["round_name"] == "deal"
    csv_text = runner.invoke(main, ["sessions", "export", "k"]).output
    assert csv_text.splitlines()[0].endswith(",round_name,total_name,corrected")
    assert csv_text.splitlines()[1].endswith(",deal,countdown,")  # never corrected
    runner.invoke(main, ["schnapsen", "play", "--seed", "3", "--session", "p"], input="quit\n")
    listed = runner.invoke(main, ["sessions", "list", "--game", "schnapsen"]).output
    assert "countdown: You 7 · Bot 2 7" in listed


def test_undo_in_the_questions_goes_back_one_question(runner: CliRunner, data_dir: Path) -> None:
    script = "\nno\nAnn\nundo\nBob\n12\nquit\n"
    result = runner.invoke(
        main, ["schnapsen", "keep", "--names", "Ann,Bob", "--session", "k"], input=script
    )
    out = result.output
    assert result.exit_code == 0, out
    assert "undo: back one question; cancel: leave the questions" in out
    assert "not a number" not in out and "not a player" not in out
    assert "Deal 1: Bob wins 2 game points" in out
    entries = store.load(data_dir / "sessions" / "k.toml").entries
    assert entries == [
        {"type": "table", "reached_66": 1, "opponent_points": 12, "opponent_trick": True}
    ]


def test_undo_at_the_first_question_leaves_the_questions_and_keeps_the_last_deal(
    runner: CliRunner, data_dir: Path
) -> None:
    """Enter pressed by mistake opens the questions; undo there leaves them and costs no deal
    (a second undo, at the prompt, takes the deal back)."""
    script = "Ann 2\n\nundo\nhelp\nquit\n"
    result = runner.invoke(
        main, ["schnapsen", "keep", "--names", "Ann,Bob", "--session", "k"], input=script
    )
    assert result.exit_code == 0 and result.exception is None, result.output
    out = result.output
    assert "No earlier question: left the questions, nothing entered" in out
    assert "Undone" not in out
    entries = store.load(data_dir / "sessions" / "k.toml").entries
    assert [e["type"] for e in entries] == ["result"]
    again = runner.invoke(main, ["sessions", "resume", "k"], input="\nundo\nundo\nquit\n")
    assert "Undone: deal 1 (Ann 2)." in again.output
    entries = store.load(data_dir / "sessions" / "k.toml").entries
    assert [e["type"] for e in entries] == ["result", "undo"]


def test_the_questions_help_names_undo_and_cancel(runner: CliRunner, data_dir: Path) -> None:
    result = runner.invoke(
        main, ["schnapsen", "keep", "--names", "Ann,Bob"], input="\nhelp\ncancel\nquit\n"
    )
    # As undo behaves there (above): at the first question it leaves, the deals kept.
    said = " ".join(result.output.split())
    assert (
        "'undo' goes back one question (at the first: leaves the questions, the deals kept)" in said
    )
    assert "Cancelled; nothing entered for this deal." in result.output


def test_resuming_a_finished_kept_session_shows_no_next_match(
    runner: CliRunner, data_dir: Path
) -> None:
    args = ["schnapsen", "keep", "--names", "Ann,Bob", "--matches", "1", "--session", "k"]
    runner.invoke(main, args, input="Ann 3\nAnn 3\nAnn 1\n\n")
    result = runner.invoke(main, ["--no-color", "sessions", "resume", "k"], input="\n")
    assert result.exit_code == 0, result.output
    # A session of one match is that match.
    assert "The match is over: Ann wins it." in result.output
    assert "Match 2" not in result.output and "a session of 1 match" not in result.output
    args = ["schnapsen", "keep", "--names", "Ann,Bob", "--matches", "2", "--session", "two"]
    runner.invoke(main, args, input="Ann 3\nAnn 3\nAnn 1\nBob 3\nBob 3\nBob 1\n\n")
    result = runner.invoke(main, ["--no-color", "sessions", "resume", "two"], input="\n")
    assert "Matches won: Ann 1, Bob 1; the session's 2 matches are played" in result.output


def test_the_number_of_matches_to_play_is_counted_in_words(
    runner: CliRunner, data_dir: Path
) -> None:
    args = ["schnapsen", "keep", "--names", "Ann,Bob", "--matches", "2", "--session", "k"]
    result = runner.invoke(main, ["--no-color", *args], input="Ann 3\nAnn 3\nAnn 1\nquit\n")
    assert "(first to 0 wins the match); a session of 2 matches" in result.output
    resumed = runner.invoke(main, ["--no-color", "sessions", "resume", "k"], input="quit\n")
    assert "matches won: Ann 1, Bob 0; a session of 2 matches" in resumed.output
    assert "(es)" not in result.output


def test_a_one_match_session_ends_with_its_match_and_says_how_to_keep_another(
    runner: CliRunner, data_dir: Path
) -> None:
    args = ["--no-color", "schnapsen", "keep", "--names", "Ann,Bob B", "--session", "k"]
    result = runner.invoke(main, args, input="Ann 3\nAnn 3\nAnn 1\n\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "  Ann wins match 1; a Bummerl for Bob B.\n" in result.output  # no tally of matches
    assert result.output.rstrip().endswith(
        "Match over; saved as k.\nAnother match, in a new session: cardside schnapsen keep "
        "--names 'Ann,Bob B' (add --matches 0 to keep match after match in one session)."
    )


def test_no_command_to_keep_another_match_is_offered_for_a_name_with_a_comma(
    runner: CliRunner, data_dir: Path
) -> None:
    """A name with a comma (written into the file by hand) would split in --names."""
    args = ["--no-color", "schnapsen", "keep", "--names", "Ann,Bob", "--session", "k"]
    assert runner.invoke(main, args, input="quit\n").exit_code == 0
    path = data_dir / "sessions" / "k.toml"
    path.write_text(path.read_text().replace('"Bob"', '"Smith, John"'))
    result = runner.invoke(main, ["sessions", "resume", "k"], input="Ann 3\nAnn 3\nAnn 1\n\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "Match over; saved as k." in result.output
    assert "--names" not in result.output


def _rules(data_dir: Path) -> list[str]:
    """The rule of each deal in effect in the session ``k``, as ``show --json`` gives it."""
    shown = CliRunner().invoke(main, ["sessions", "show", "k", "--json"])
    assert shown.exit_code == 0 and shown.exception is None, shown.output
    return [row["note"] for row in json.loads(shown.output)["rounds"]]


def test_fix_ask_answers_a_deal_s_questions_again_and_keeps_its_rule(
    runner: CliRunner, data_dir: Path
) -> None:
    """A deal entered through the questions is corrected through them too, so its rule is
    not lost; the same result by another rule is a correction, said as such."""
    keep = ["schnapsen", "keep", "--names", "Ann,Bob", "--session", "k"]
    script = (
        "Ann 1\n"
        "fix 1 ask\nBob\nBob\n20\n"  # Bob closed and reached 66, Ann had 20: Bob 2
        "fix 1 ask\nnobody\nBob\n40\n"  # then plainly: Bob 1, by another rule
        "fix 1 ask\nnobody\nBob\n40\n"  # the same answers again: unchanged
        "fix 1 ask\nundo\n"  # left at the first question: nothing changes
        "quit\n"
    )
    result = runner.invoke(main, keep, input=script)
    out = result.output
    assert result.exit_code == 0 and result.exception is None, out
    assert "Entry 1 corrected: Bob 2 (was Ann 1)." in out
    assert "Entry 1 corrected: Bob 1 (was Bob 2)." in out
    assert "Entry 1 is unchanged." in out
    assert "  Nothing changed: entry 1 is still Bob 1." in out
    assert "No earlier question" not in out  # the correction says why, once
    session = store.load(data_dir / "sessions" / "k.toml")
    assert len(session.entries) == 3  # the deal and its two corrections
    assert _rules(data_dir) == ["Bob wins 1 game point: 66 reached, opponent had 33 or more"]


def test_fix_ask_with_the_same_result_by_another_rule_is_saved(
    runner: CliRunner, data_dir: Path
) -> None:
    keep = ["schnapsen", "keep", "--names", "Ann,Bob", "--session", "k"]
    result = runner.invoke(main, keep, input="Bob 1\nfix 1 ask\nnobody\nBob\n40\nquit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "Entry 1 corrected (its result as before: Bob 1)." in result.output
    assert _rules(data_dir) == ["Bob wins 1 game point: 66 reached, opponent had 33 or more"]


def test_quit_in_the_questions_of_fix_n_ask_says_the_deal_is_unchanged(
    runner: CliRunner, data_dir: Path
) -> None:
    keep = ["schnapsen", "keep", "--names", "Ann,Bob", "--session", "k"]
    result = runner.invoke(main, keep, input="Ann 2\nBob 1\nfix 1 ask\nAnn\nquit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "  Nothing changed: the deal is still Ann 2.\nSaved." in result.output
    assert _rules(data_dir)[0].startswith("Ann wins 2 game points")
