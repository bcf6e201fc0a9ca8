"""``--ascii`` never prints a suit symbol: screens, hints, refusals and results of every game."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.games.registry import GAMES
from cardside.tui.markdown import render
from cardside.tui.style import Style

SYMBOLS = set("♣♠♥♦♧♤♡♢")

# Each script mixes moves with refusals of every kind the game gives; none types a symbol.
SCRIPTS = {
    "schnapsen play": (
        ["schnapsen", "play", "--seed", "3"],
        [
            "help",
            "hint",
            "show",
            "marriage KC",
            "marriage KH",
            "marriage KD",
            "marriage AH",
            "marriage H",
            "9H",
            "exchange",
            "close",
            "XX",
            "AC",
            "marriage KS",
            "KD",
            "10H",
            "hint",
            "undo",
            "show",
        ],
    ),
    "schnapsen keep": (
        ["schnapsen", "keep", "--names", "Ann,Bob"],
        ["help", "Ann 2", "", "no", "Ann", "12", "", "Bob", "Ann", "y", "show", "undo", "Cy 2"],
    ),
    "schnapsen score": (["schnapsen", "score", "--reached", "Ann", "--points", "20"], []),
    "octrix play": (
        ["octrix", "play", "--seed", "2"],
        ["help", "hint", "show", "9C", "XX", "AC", "2C", "3C", "4C", "undo", "show"],
    ),
    "octrix play 4": (
        ["octrix", "play", "--seed", "2", "--players", "4", "--partnership"],
        ["help", "hint", "AC", "2C", "AD", "2D", "AH", "AS"],
    ),
    "octrix keep": (
        ["octrix", "keep", "--names", "Ann,Bob", "--hands"],
        ["help", "AC 2C 3C 4C 5C 6C 7C 8C", "AC", "AD 2D 3D 4D 5D 6D 7D 8D", "AC AC", "2C AD"],
    ),
    "octrix score": (["octrix", "score", "--trick", "8C 3H", "--trick", "2C 3D"], []),
    "linesbeta play": (
        ["linesbeta", "play", "--seed", "4242", "--difficulty", "normal"],
        ["help", "hint", "show", "9Z", "AS AH", "3S", "hint", "2C r1L", "5H r1L", "2C r9L"],
    ),
    "lineit play": (["lineit", "play", "--seed", "3"], ["help", "hint", "show", "XX", "9Z"]),
    "lineit keep": (["lineit", "keep", "--names", "Ann,Bob"], ["help", "show", "XX"]),
    "linesbeta keep": (
        ["linesbeta", "keep", "--difficulty", "easy", "--short", "--grid"],
        ["help", "w r3R r3c4", "w r3L r3c1", "show"],
    ),
}


@pytest.mark.parametrize("key", list(SCRIPTS))
def test_no_suit_symbol_under_ascii(runner: CliRunner, data_dir: Path, key: str) -> None:
    args, script = SCRIPTS[key]
    result = runner.invoke(main, ["--ascii", *args], input="\n".join([*script, "quit"]) + "\n")
    assert result.exit_code == 0 and result.exception is None, result.output[-600:]
    found = sorted(set(result.output) & SYMBOLS)
    lines = [line for line in result.output.splitlines() if set(line) & SYMBOLS]
    assert not found, f"{key}: {lines[:5]}"
    assert result.output.strip()


def test_the_marriage_refusal_names_the_suit_in_words(runner: CliRunner, data_dir: Path) -> None:
    result = runner.invoke(
        main, ["--ascii", "schnapsen", "play", "--seed", "3"], input="marriage KC\nquit\n"
    )
    assert "you need both King and Queen of clubs to declare it; you do not hold KC" in (
        result.output
    )


def test_a_card_refusal_suggests_letters_only(runner: CliRunner, data_dir: Path) -> None:
    result = runner.invoke(main, ["--ascii", "octrix", "score", "--trick", "8X 3H"])
    assert isinstance(result.exception, SystemExit) and "C, S, H or D" in result.output


@pytest.mark.parametrize("game", sorted(GAMES))
def test_rules_pages_under_ascii_write_suits_as_letters(runner: CliRunner, game: str) -> None:
    for args in (["--ascii", game, "rules"], [game, "rules", "--ascii"]):
        result = runner.invoke(main, args)
        assert result.exit_code == 0 and result.output.strip()
        assert not set(result.output) & SYMBOLS, result.output
        # Nor any other character past ASCII (×, –, …): --ascii is for a terminal without them.
        assert result.output.isascii(), sorted({c for c in result.output if not c.isascii()})


def test_the_octrix_rules_page_names_its_cards_as_screens_do(runner: CliRunner) -> None:
    order = "So {} is the highest card, then {}, {}, {}"
    shown = " ".join(runner.invoke(main, ["octrix", "rules"]).output.split())
    assert order.format("8♣", "8♠", "8♥", "8♦") in shown
    plain = " ".join(runner.invoke(main, ["--ascii", "octrix", "rules"]).output.split())
    assert order.format("8C", "8S", "8H", "8D") in plain


def test_ascii_style_writes_every_suit_symbol_as_its_letter() -> None:
    text = "8♣ 8♠ 8♥ 8♦, outlined ♧♤♡♢; 10 × 2 → 20"
    assert render(text, 80, Style(ascii=True)) == "8C 8S 8H 8D, outlined CSHD; 10 × 2 → 20"
    assert render(text, 80, Style()) == text


@pytest.mark.parametrize(
    "args",
    [
        ["sessions", "show", "iota-kept-grid"],
        ["sessions", "show", "iota-played-vs-greedy"],
        ["sessions", "show", "octrix-kept-partnership", "--chart"],
        ["stats", "--ratings", "--chart"],
        ["stats", "--league"],
        ["stats"],
    ],
)
def test_tables_of_saved_games_under_ascii_are_ascii_only(
    runner: CliRunner, data_dir: Path, args: list[str]
) -> None:
    """The notes stored with each row (IOTA's ``(8 + 5 + 4) × 2``) and the ratings' formula
    too: nothing beyond ASCII."""
    import shutil

    folder = data_dir / "sessions"
    folder.mkdir(parents=True)
    for path in (Path(__file__).resolve().parents[2] / "scoresheets").glob("*.toml"):
        shutil.copy(path, folder / path.name)
    result = runner.invoke(main, ["--ascii", *args])
    assert result.exit_code == 0 and result.exception is None, result.output
    beyond = sorted({c for c in result.output if ord(c) > 127})
    assert not beyond, beyond


def test_ascii_leaves_a_name_in_a_note_as_spelt(runner: CliRunner, data_dir: Path) -> None:
    """--ascii writes signs and suits as letters, never a player's name another way."""
    keep = ["schnapsen", "keep", "--names", "Jörg,Bob", "--session", "s"]
    assert runner.invoke(main, keep, input="Jörg 2\nquit\n").exit_code == 0
    shown = runner.invoke(main, ["--ascii", "sessions", "show", "s"])
    assert shown.exit_code == 0 and shown.exception is None, shown.output
    assert (
        "Jörg wins 2 game points: entered directly" in shown.output and "Joerg" not in shown.output
    )


@pytest.mark.parametrize(
    "env, symbols",
    [
        ({"LC_ALL": "C"}, False),
        ({"LANG": "C"}, False),
        ({"LANG": "POSIX"}, False),
        ({"LC_CTYPE": "C"}, False),
        ({"LANG": "C", "PYTHONUTF8": "1"}, False),
        ({}, False),  # no locale at all: POSIX's default, C
        ({"LC_ALL": "POSIX"}, False),
        ({"LC_CTYPE": "C.UTF-8"}, True),  # the person's own, not Python's
        ({"LC_CTYPE": "C.UTF-8", "LANG": "C"}, True),
        ({"LANG": "C.UTF-8"}, True),
        ({"LC_ALL": "C.UTF-8", "LANG": "C"}, True),  # LC_ALL decides
        ({"LANG": "xx_XX.UTF-8"}, True),  # a UTF-8 locale this machine lacks: still UTF-8
    ],
)
def test_the_plain_c_locale_writes_cards_in_letters(env: dict[str, str], symbols: bool) -> None:
    """In a process of its own, as Python starts it: under the C locale Python sets
    LC_CTYPE=C.UTF-8 itself, which is not what the person asked for."""
    import os
    import subprocess
    import sys

    clean = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_CTYPE", "LANG")}
    clean.pop("PYTHONUTF8", None)
    clean["PYTHONPATH"] = os.pathsep.join(sys.path)
    done = subprocess.run(
        [sys.executable, "-m", "cardside", "octrix", "score", "--trick", "8C 3H"],
        env={**clean, **env},
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert ("8♣" in done.stdout) == symbols and ("8C" in done.stdout) != symbols
