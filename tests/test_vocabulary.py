"""One word for one thing: the words a game's screens use are the ones its rules page defines."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from cardside.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
SCHNAPSEN_RULES = ROOT / "src" / "cardside" / "games" / "schnapsen" / "rules.md"


def _schnapsen_texts(runner: CliRunner) -> dict[str, str]:
    return {
        "rules page": SCHNAPSEN_RULES.read_text(encoding="utf-8"),
        "guide": (ROOT / "docs" / "schnapsen.md").read_text(encoding="utf-8"),
        "play --help": runner.invoke(main, ["schnapsen", "play", "--help"]).output,
        "play screen": runner.invoke(
            main, ["--ascii", "schnapsen", "play", "--seed", "3"], input="help\nexchange\nquit\n"
        ).output,
    }


def test_schnapsen_calls_the_turned_up_trump_card_the_indicator(
    runner: CliRunner, data_dir: Path
) -> None:
    for where, text in _schnapsen_texts(runner).items():
        assert "turned-up card" not in text, where
        assert "indicator" in text, where


def test_schnapsen_phase_2_is_defined_on_the_rules_page_and_used_on_screen(
    runner: CliRunner, data_dir: Path
) -> None:
    texts = _schnapsen_texts(runner)
    assert "**Phase 2**, once the stock is closed or used up" in texts["rules page"]
    assert "strict rules" not in texts["play screen"]
    assert "phase 2" in texts["play screen"]
    assert "trump Unter" not in texts["play screen"]


def test_octrix_and_linesbeta_name_a_thing_the_same_in_play_and_keep(
    runner: CliRunner, data_dir: Path
) -> None:
    played = runner.invoke(main, ["octrix", "play", "--seed", "3"], input="quit\n").output
    kept = runner.invoke(
        main, ["octrix", "keep", "--names", "Ann,Bob", "--no-hands"], input="quit\n"
    ).output
    assert "running totals: You 0, Bot 2 0" in played and "running totals: Ann 0, Bob 0" in kept
    # The rulebook plays a game to 88 in rounds: no "match" on any Octrix page.
    rules = runner.invoke(main, ["octrix", "rules"]).output
    helps = [runner.invoke(main, ["octrix", c, "--help"]).output for c in ("play", "simulate")]
    assert all("match" not in text.lower() for text in (played, kept, rules, *helps))
    assert "The end of the game" in rules and "a game to 88" in helps[0]
    grid = ["linesbeta", "keep", "--difficulty", "easy", "--short", "--grid"]
    kept = runner.invoke(main, grid, input="w r3R r3c4\nquit\n").output
    played = runner.invoke(main, ["linesbeta", "play", "--seed", "4242"], input="3S\nquit\n").output
    # The rulebook's word: a line that can be challenged is complete.
    assert "Complete lines:" in kept and "Open lines" not in kept
    assert "Complete lines:" in played and "Open lines" not in played
