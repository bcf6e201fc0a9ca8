"""Every game's commands come from its declaration in ``games/commands.py``."""

from __future__ import annotations

import importlib
import subprocess
import sys

import click
import pytest

from cardside.cli.commands import entry, group, parameter, parameters
from cardside.games.commands import COMMANDS, Arg, Opt, Shared
from cardside.games.registry import GAMES


def test_every_registered_game_declares_its_commands() -> None:
    assert sorted(COMMANDS) == sorted(GAMES)


@pytest.mark.parametrize("game", sorted(COMMANDS))
def test_every_entry_point_is_there(game: str) -> None:
    spec = COMMANDS[game]
    for command in (spec.play, spec.keep, spec.score, spec.simulate):
        assert callable(entry(command.entry)), command.entry
        for param in command.params:
            if isinstance(param, Opt) and param.callback:
                assert callable(entry(param.callback))
    for hook in (spec.welcome, spec.keeper):
        assert not hook or callable(entry(hook))
    assert callable(importlib.import_module(f"cardside.tui.{game}.play").run_play)
    assert hasattr(importlib.import_module(f"cardside.tui.{game}.keep"), "KeepScreen")
    if spec.simulate.entry.endswith(":seat_simulation"):
        assert all(spec.seat_bots)


@pytest.mark.parametrize("game", sorted(COMMANDS))
def test_the_group_has_the_five_commands_in_the_declared_order(game: str) -> None:
    built = group(game)
    assert sorted(built.commands) == ["keep", "play", "rules", "score", "simulate"]
    spec = COMMANDS[game]
    for name in ("play", "keep", "score", "simulate"):
        declared = [made.name for d in getattr(spec, name).params for made in parameters(d)]
        params = built.commands[name].params[: len(declared)]
        assert [p.name for p in params] == declared
    assert group(game) is built  # built once


def test_a_declared_option_becomes_the_click_option_it_says() -> None:
    option = parameter(Opt("--lots", "Lots.", kind="range", default=0, high=5))
    assert isinstance(option, click.Option) and option.opts == ["--lots"]
    assert option.type.max == 5 and option.default == 0  # type: ignore[attr-defined]
    pair = parameter(Opt("--short/--full", "Short or full.", dest="short", kind="flag"))
    assert isinstance(pair, click.Option)
    assert pair.secondary_opts == ["--full"] and pair.name == "short" and pair.default is None
    words = parameter(Arg("cards", required=True))
    assert isinstance(words, click.Argument) and words.nargs == -1 and words.required
    bot = parameter(Shared("bot", ("strong", "random"), "strong", "The bot."))
    assert bot.name == "bot" and bot.default == "strong"


def test_help_of_cardside_loads_no_game() -> None:
    code = (
        "import sys\n"
        "from cardside.cli.main import main\n"
        "try:\n"
        "    main(['--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith('cardside.')))\n"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert "cardside.cli.commands" not in loaded and "cardside.games.commands" not in loaded
    assert "cardside.games.octrix" not in loaded
