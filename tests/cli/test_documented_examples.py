"""Every example that a help text shows (in-prompt help and ``--help``) is accepted as typed."""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.core.arith import parse_number
from cardside.games.linesbeta.notation import parse_action as linesbeta_action
from cardside.games.octrix.notation import parse_cards as octrix_cards
from cardside.games.registry import GAMES
from cardside.games.schnapsen.notation import parse_action as schnapsen_action
from cardside.tui.linesbeta.keep import parse_trick

# The help each prompt prints, reached as a user reaches it: typing help at the prompt.
SESSIONS = {
    "linesbeta play": (["linesbeta", "play", "--seed", "5"], "help\nquit\n"),
    "linesbeta keep": (
        ["linesbeta", "keep", "--difficulty", "easy", "--short", "--no-grid"],
        "help\nquit\n",
    ),
    "linesbeta keep --grid": (
        ["linesbeta", "keep", "--difficulty", "easy", "--short", "--grid"],
        "help\nquit\n",
    ),
    "octrix play": (["octrix", "play", "--seed", "5"], "help\nquit\n"),
    "octrix keep": (["octrix", "keep", "--names", "Ann,Bob", "--no-hands"], "help\nquit\n"),
    "schnapsen play": (["schnapsen", "play", "--seed", "5"], "help\nquit\n"),
    "schnapsen keep": (["schnapsen", "keep", "--names", "Ann,Bob"], "help\n\nhelp\ncancel\nquit\n"),
}

Parser = Callable[[str], object]


def _challenge_or_cell(text: str) -> object:
    phase = "cell" if re.fullmatch(r"r\dc\d", text) else "trump" if " " not in text else "play"
    return linesbeta_action(text, phase)


def _schnapsen_deal(text: str) -> object:
    name, points = text.rsplit(" ", 1)
    assert name in ("Ann", "Bob")
    return parse_number(points)


# Each prompt's examples, written as its help writes them, and the parser that reads them.
EXAMPLES: dict[str, tuple[Parser, list[str]]] = {
    "linesbeta play": (
        _challenge_or_cell,
        ["7H", "JS r3 right", "QH c2 bottom", "JS r3R", "QH c2B", "r3c2"],
    ),
    "linesbeta keep": (
        lambda t: parse_trick(t, track_grid=False),
        ["w", "l", "w w l"],
    ),
    "linesbeta keep --grid": (
        lambda t: parse_trick(t, track_grid=True),
        ["w r3R r3c4", "l c2 top r5c2", "l r1L r1c4 b"],
    ),
    "octrix play": (octrix_cards, ["8C", "3H"]),
    "octrix keep": (octrix_cards, ["8C 3H"]),
    "schnapsen play": (
        schnapsen_action,
        ["KH", "10S", "TS", "DH", "OS", "US", "marriage KH", "marriage QH", "exchange", "close"],
    ),
    "schnapsen keep": (_schnapsen_deal, ["Ann 2"]),
}


@pytest.fixture(scope="module")
def helps(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Each prompt's in-prompt help and its command's ``--help``."""
    runner = CliRunner()
    texts = {}
    for key, (args, script) in SESSIONS.items():
        data = tmp_path_factory.mktemp("data")
        typed = runner.invoke(main, ["--data-dir", str(data), *args], input=script)
        assert typed.exit_code == 0, typed.output
        cmd = [a for a in args if not a.startswith("-") and not a.isdigit()][:2]
        described = runner.invoke(main, [*cmd, "--help"])
        texts[key] = typed.output + described.output
    return texts


@pytest.mark.parametrize(
    ("key", "example"), [(k, e) for k, (_, examples) in EXAMPLES.items() for e in examples]
)
def test_each_example_is_in_its_help_and_parses(
    helps: dict[str, str], key: str, example: str
) -> None:
    parser, _ = EXAMPLES[key]
    assert example in helps[key]
    parser(example)


def test_the_grid_help_no_longer_shows_a_cell_that_is_not_one(helps: dict[str, str]) -> None:
    assert "c2c5" not in helps["linesbeta keep --grid"]
    parse_trick("l c2 top r5c2", track_grid=True)


def test_a_round_typed_as_the_help_shows_it(runner: CliRunner, data_dir: Path) -> None:
    args = ["linesbeta", "keep", "--difficulty", "normal", "--full", "--no-grid"]
    result = runner.invoke(main, args, input="round 4 2\nround\n2+2\n1+1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Round 1 over" in result.output and "Round 2 over" in result.output


def _command_examples() -> list[tuple[str, str]]:
    """Every ``cardside ...`` line in a command's ``--help``, without its trailing comment; a
    line ending in a backslash goes on in the next, as in a shell."""
    runner = CliRunner()
    found = []
    for game in GAMES:
        for command in ("play", "keep", "score", "simulate"):
            text = runner.invoke(main, [game, command, "--help"]).output
            text = re.sub(r"\\\n\s*", "", text)
            for line in text.splitlines():
                line = line.split("#")[0].strip()
                if line.startswith(f"cardside {game} ") and "..." not in line:
                    found.append((f"{game} {command}", line))
    return found


@pytest.mark.parametrize(("where", "line"), _command_examples())
def test_each_command_line_in_a_help_runs(
    runner: CliRunner, data_dir: Path, where: str, line: str
) -> None:
    args = shlex.split(line)[1:]
    if "--games" in args:  # a simulation's example: its options matter, not its length
        args[args.index("--games") + 1] = "1"
    result = runner.invoke(main, args)
    assert result.exit_code == 0, f"{where}: {line}\n{result.output}"
    assert result.exception is None
