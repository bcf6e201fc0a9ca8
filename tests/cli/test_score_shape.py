"""Every game's ``score --json`` gives its reasoning the same way: the text answer's lines."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cardside.cli.main import main

SCORES = {
    "iota": ["8", "4", "5", "--lots", "1"],
    "octrix": ["1", "3", "4", "5", "8"],
    "lineit": ["12", "30", "B4", "45", "57", "60", "71"],
    "schnapsen": ["--reached", "Ann", "--points", "40", "--names", "Ann,Bob"],
    "linesbeta": ["--difficulty", "normal", "4-2", "5-1", "3-3", "4-2", "5-1", "5-1"],
}


@pytest.mark.parametrize("game", sorted(SCORES))
def test_score_json_gives_the_reasoning_of_the_text_answer(runner: CliRunner, game: str) -> None:
    text = runner.invoke(main, ["--ascii", game, "score", *SCORES[game]])
    as_json = runner.invoke(main, ["--ascii", game, "score", *SCORES[game], "--json"])
    assert text.exit_code == as_json.exit_code == 0, text.output + as_json.output
    assert text.exception is None and as_json.exception is None
    reasoning = json.loads(as_json.output)["reasoning"]
    assert reasoning and all(isinstance(line, str) and line for line in reasoning)
    shown = " ".join(text.output.split())
    assert all(" ".join(line.split()) in shown for line in reasoning), reasoning
