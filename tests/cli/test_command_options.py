"""Every command's options and help stay as they are, or change on purpose.

``fixtures/commands.json`` records, for every command of ``cardside`` (the games' commands,
``sessions``, ``stats`` and the groups above them), its ``--help`` text and each parameter's
names, type, default and help. A change to the command line shows here as a difference; a
change meant as an improvement is written into the fixture with

    PYTHONPATH=src python tests/cli/test_command_options.py --write

and the fixture's diff read in review.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from cardside.cli.main import main

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "commands.json"


def _type(kind: click.ParamType) -> Any:
    described: dict[str, Any] = {"class": type(kind).__name__, "name": kind.name}
    for attribute in ("choices", "case_sensitive", "min", "max", "low", "high", "what"):
        if hasattr(kind, attribute):
            value = getattr(kind, attribute)
            described[attribute] = list(value) if isinstance(value, tuple | list) else value
    return described


def _default(param: click.Parameter) -> Any:
    default = param.default
    if repr(default) == "Sentinel.UNSET":  # click's "not given", which a use may turn to False
        return False if isinstance(param, click.Option) and param.is_flag else None
    if callable(default):
        return f"<computed by {default.__name__}>"
    if isinstance(default, tuple | list):
        return list(default)
    return default if default is None or isinstance(default, bool | int | str) else repr(default)


def _param(param: click.Parameter) -> dict[str, Any]:
    described: dict[str, Any] = {
        "kind": type(param).__name__,
        "name": param.name,
        "opts": list(param.opts),
        "secondary_opts": list(param.secondary_opts),
        "type": _type(param.type),
        "default": _default(param),
        "required": param.required,
        "multiple": param.multiple,
        "nargs": param.nargs,
        "metavar": param.metavar,
        "envvar": param.envvar,
    }
    if isinstance(param, click.Option):
        described |= {
            "is_flag": param.is_flag,
            "count": param.count,
            "hidden": param.hidden,
            "show_default": param.show_default,
            "help": param.help,
        }
    return described


def _walk(
    group: click.Command, path: list[str], ctx: click.Context | None
) -> list[tuple[list[str], click.Command]]:
    found = [(path, group)]
    if isinstance(group, click.Group):
        context = click.Context(group, info_name=path[-1] if path else "cardside", parent=ctx)
        for name in group.list_commands(context):
            command = group.get_command(context, name)
            assert command is not None, name
            found += _walk(command, [*path, name], context)
    return found


def describe() -> dict[str, Any]:
    """Every command's ``--help`` and parameters, keyed by its words after ``cardside``."""
    runner = CliRunner()
    described = {}
    for path, command in _walk(main, [], None):
        # The width a terminal of 80 columns gives, whatever terminal runs the tests.
        result = runner.invoke(main, [*path, "--help"], terminal_width=78)
        assert result.exit_code == 0, result.output
        described[" ".join(path) or "(cardside)"] = {
            "help": result.output.splitlines(),
            "params": [_param(p) for p in command.params],
        }
    return described


CURRENT = describe()
RECORDED: dict[str, Any] = (
    json.loads(FIXTURE.read_text(encoding="utf-8")) if FIXTURE.exists() else {}
)


def test_the_same_commands_as_recorded() -> None:
    assert sorted(CURRENT) == sorted(RECORDED)


@pytest.mark.parametrize("command", sorted(RECORDED))
def test_each_command_keeps_its_options(command: str) -> None:
    assert command in CURRENT
    assert CURRENT[command]["params"] == RECORDED[command]["params"]


@pytest.mark.parametrize("command", sorted(RECORDED))
def test_each_command_keeps_its_help(command: str) -> None:
    assert command in CURRENT
    assert CURRENT[command]["help"] == RECORDED[command]["help"]


def test_every_game_command_is_recorded() -> None:
    for game in ("iota", "lineit", "linesbeta", "octrix", "schnapsen"):
        for command in ("play", "keep", "score", "rules", "simulate"):
            assert f"{game} {command}" in RECORDED
            assert RECORDED[f"{game} {command}"]["help"][0].startswith("Usage: ")


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    FIXTURE.parent.mkdir(exist_ok=True)
    FIXTURE.write_text(json.dumps(CURRENT, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(CURRENT)} commands written to {FIXTURE.name}")


@pytest.mark.parametrize(
    "args",
    [
        ["schnapsen", "score", "--reached", "Ann", "--reached", "Bob", "--points", "40"],
        ["iota", "score", "8", "4", "5", "--lots", "1", "--lots", "0"],
        ["linesbeta", "score", "--difficulty", "easy", "--difficulty=hard", "4-2"],
        ["octrix", "score", "--names", "A,B", "--names", "C,D", "--trick", "8C 3H"],
        ["lineit", "simulate", "--games", "2", "--games", "3"],
        ["sessions", "list", "--game", "iota", "--game", "octrix"],
        ["stats", "--since", "2026-01-01", "--since", "2026-02-01"],
        # Before a command's name, and at two levels: two folders, neither taken.
        ["--data-dir", "d1", "--data-dir", "d2", "sessions", "list"],
        ["--data-dir", "d1", "sessions", "list", "--data-dir", "d2"],
        ["sessions", "--data-dir", "d1", "list", "--data-dir", "d2"],
        ["octrix", "--data-dir", "d1", "--data-dir", "d2", "score", "1"],
    ],
)
def test_an_option_given_twice_is_refused_not_overwritten(
    runner: CliRunner, args: list[str]
) -> None:
    """At a dispute two values of one option say different things: neither is taken."""
    result = runner.invoke(main, args)
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    option = next(a for a in args[2:] if a.startswith("--")).split("=")[0]
    assert f"Error: {option} is given twice; give it once" in result.output


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["schnapsen", "score", "--reached", "Ann", "--trick", "--no-trick", "--points", "40"],
            "give --trick or --no-trick, not both",
        ),
        (
            ["linesbeta", "score", "--difficulty", "normal", "--full", "--short", "4-2"],
            "give --short or --full, not both",
        ),
        (["linesbeta", "simulate", "--short", "--games", "1", "--full"], "--short or --full"),
    ],
)
def test_both_sides_of_an_on_off_pair_are_refused(
    runner: CliRunner, args: list[str], said: str
) -> None:
    """``--trick --no-trick`` says two things: refused as an option given twice is, not the
    last taken."""
    result = runner.invoke(main, args)
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert said in result.output


def test_a_repeatable_option_and_a_repeated_flag_still_pass(runner: CliRunner) -> None:
    assert runner.invoke(main, ["--ascii", "iota", "rules", "--ascii"]).exit_code == 0
    # sessions review takes --player for each player to review.
    result = runner.invoke(main, ["sessions", "review", "x", "--player", "A", "--player", "B"])
    assert "given twice" not in result.output and "no session 'x'" in result.output
