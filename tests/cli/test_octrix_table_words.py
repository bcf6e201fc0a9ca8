"""Octrix says who deals, which pair plays first, and the rule for the next trick."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cardside.cli.main import main
from cardside.games.octrix.state import OctrixState


def test_partnership_play_names_the_dealer_and_the_pair_that_plays_first(
    runner: CliRunner, data_dir: Path
) -> None:
    state = OctrixState(4, partnership=True, seed=2)
    names = ["You", "Bot 2", "Bot 3", "Bot 4"]
    dealer = state.snapshot.dealer
    first = [names[dealer], names[(dealer + 1) % 4]]
    result = runner.invoke(
        main,
        ["--ascii", "octrix", "play", "--seed", "2", "--players", "4", "--partnership"],
        input="quit\n",
    )
    assert result.exit_code == 0, result.output
    assert f"Round 1 (dealer {names[dealer]}), trick 1 of 8" in result.output
    assert f"{first[0]} and {first[1]} play first, at the same time" in result.output
    assert "who see those two cards." in result.output


def test_score_states_the_rule_for_the_trick_after_the_last_one(runner: CliRunner) -> None:
    args = ["octrix", "score", "--trick", "8C 3H", "--trick", "2C 3D"]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "next: trick 3: lowest wins (trick 2: highest card red, lowest black" in result.output
    data = json.loads(runner.invoke(main, [*args, "--json"]).output)
    assert data["next_rule"] == "lowest"
    same = runner.invoke(main, ["octrix", "score", "--trick", "8C 7H"]).output
    assert "next: trick 2: highest wins (trick 1: highest card black, lowest red" not in same
    assert "next: trick 2: lowest wins" in same
