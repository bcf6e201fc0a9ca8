"""Schnapsen: impossible facts refused, the words for results and totals, undo in questions."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.games.schnapsen.keep import Ledger, LedgerError


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["--last-trick", "Ann", "--no-trick"], "a loser with no trick means the winner took"),
        (["--last-trick", "Ann", "--points", "40"], "tricks held 80, so they reached 66"),
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
