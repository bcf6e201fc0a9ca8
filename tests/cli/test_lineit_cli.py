"""``cardside lineit``: score, rules, keep, play and simulate through the real command line."""

from __future__ import annotations

import json

from click.testing import CliRunner

from cardside.cli.main import main


# -- score -------------------------------------------------------------------------------------
def test_score_the_issue_example(runner: CliRunner) -> None:
    result = runner.invoke(main, ["lineit", "score", "12", "30", "B4", "45", "57", "60", "71"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "7"
    assert "rising line: 12 30 B4 45 57 60 71" in result.output
    assert "discarded 12 30 45" in result.output
    assert "bet B4 won (4 number cards after it, 4 needed) +4" in result.output
    assert "points 57 60 71 = 3" in result.output
    assert "total 3 points + 4 bet = 7" in result.output


def test_score_with_a_jackpot_and_json(runner: CliRunner) -> None:
    args = ["lineit", "score", "--json", "90", "80", "B5", "70", "13", "9", "5", "--jackpot", "4+3"]
    data = json.loads(runner.invoke(main, args).output)
    assert data["direction"] == "falling"
    assert data["discarded"] == ["90", "80", "70"]
    assert data["bet"] == {"card": "B5", "after": 4, "won": False, "token": -5}
    assert data["points_cards"] == ["13", "9", "5"]
    assert data["jackpot_colours"] == [{"colour": "red", "card": "5"}]  # 13, 9, 5 are red
    assert data["jackpots"] == [7]
    assert data["total"] == 3 - 5 + 7


def test_score_bad_input_is_one_line_and_nonzero(runner: CliRunner) -> None:
    for args, message in [
        (["12", "30", "29"], "29 does not continue the rising line after 30"),
        (["B3", "12", "B4"], "at most one Bet card"),
        (["12", "12"], "12 appears twice"),
        (["57b"], "57 is red, not blue"),
        (["101"], "numbers run from 1 to 100"),
        (["12", "--jackpot", "x"], "not a number"),
        (["12", "--jackpot", "500"], "0 to 100 cards"),
    ]:
        result = runner.invoke(main, ["lineit", "score", *args])
        assert result.exit_code != 0, args
        assert message in result.output, (args, result.output)
        assert "Traceback" not in result.output
        assert len(result.output.strip().splitlines()) == 1


def test_rules_text(runner: CliRunner) -> None:
    result = runner.invoke(main, ["lineit", "rules"])
    assert result.exit_code == 0
    assert "Line-it" in result.output and "jackpot" in result.output and "B4" in result.output
