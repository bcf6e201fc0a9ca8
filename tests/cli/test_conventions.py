"""Conventions every game's commands share: options at every level, help, player names.

The tests walk the registry and the command tree, so a new game is held to them too.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.games.registry import GAMES
from cardside.sessions import store
from cardside.tui.style import Style

GLOBAL = [["--ascii"], ["--no-color"], ["--data-dir", "DIR"]]
SUITS = set("♣♦♥♠")


def game_group(name: str) -> click.Group:
    module = "cardside.cli.commands" if name in GAMES else f"cardside.cli.{name}"
    group = getattr(importlib.import_module(module), name)
    assert isinstance(group, click.Group)
    return group


def command_paths() -> Iterator[list[str]]:
    """Every group and command below ``cardside``, as the words that name it."""
    for name in [*GAMES, "sessions"]:
        group = game_group(name)
        yield [name]
        for sub in group.commands:
            yield [name, sub]


def at_level(path: list[str], level: int, option: list[str]) -> list[str]:
    """``option`` placed after the first ``level`` words of ``path``."""
    return [*path[:level], *option, *path[level:]]


@pytest.mark.parametrize("path", [*command_paths(), ["stats"]], ids=" ".join)
def test_every_command_and_option_has_help(path: list[str]) -> None:
    command: click.Command | None = main
    for word in path:
        assert isinstance(command, click.Group)
        command = command.get_command(click.Context(command), word)
    assert command is not None
    assert command.help or command.short_help, path
    for param in command.params:
        if isinstance(param, click.Option):
            assert param.help, (path, param.opts)


# -- 3: --data-dir, --no-color, --ascii at every level -------------------------------------------
@pytest.mark.parametrize("option", GLOBAL, ids=lambda o: o[0])
@pytest.mark.parametrize("path", list(command_paths()), ids=" ".join)
def test_every_command_accepts_the_global_options_after_its_name(
    runner: CliRunner, path: list[str], option: list[str], tmp_path: Path
) -> None:
    option = [str(tmp_path) if o == "DIR" else o for o in option]
    result = runner.invoke(main, [*path, *option, "--help"])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("level", [0, 1, 2])
def test_ascii_at_every_level_of_play(runner: CliRunner, data_dir: Path, level: int) -> None:
    plain = runner.invoke(main, ["octrix", "play", "--seed", "3"], input="quit\n")
    assert SUITS & set(plain.output)
    args = at_level(["octrix", "play"], level, ["--ascii"]) + ["--seed", "3"]
    result = runner.invoke(main, args, input="quit\n")
    assert result.exit_code == 0, result.output
    assert not SUITS & set(result.output)
    assert "Saved." in result.output


@pytest.mark.parametrize("level", [0, 1, 2])
def test_no_color_at_every_level(
    runner: CliRunner, data_dir: Path, level: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As on a colour terminal: colour unless --no-color says otherwise.
    def detect(cls: type[Style], *, no_color: bool = False, ascii: bool = False) -> Style:
        return cls(color=not no_color, ascii=ascii)

    monkeypatch.setattr(Style, "detect", classmethod(detect))
    coloured = runner.invoke(main, ["octrix", "play", "--seed", "3"], input="quit\n", color=True)
    assert "\x1b[" in coloured.output
    args = at_level(["octrix", "play"], level, ["--no-color"]) + ["--seed", "3"]
    result = runner.invoke(main, args, input="quit\n", color=True)
    assert result.exit_code == 0, result.output
    assert "\x1b[" not in result.output


@pytest.mark.parametrize("level", [0, 1, 2])
def test_data_dir_at_every_level(
    runner: CliRunner, data_dir: Path, tmp_path: Path, level: int
) -> None:
    other = tmp_path / "other"
    args = at_level(["octrix", "play"], level, ["--data-dir", str(other)])
    runner.invoke(main, [*args, "--seed", "1", "--session", "elsewhere"], input="quit\n")
    assert [p.stem for p in store.list_paths(other)] == ["elsewhere"]
    assert store.list_paths(data_dir) == []
    listed = runner.invoke(main, at_level(["sessions", "list"], level, ["--data-dir", str(other)]))
    assert listed.exit_code == 0 and "elsewhere" in listed.output
    assert "elsewhere" not in runner.invoke(main, ["sessions", "list"]).output


def test_an_option_before_the_game_is_not_undone_after_it(
    runner: CliRunner, data_dir: Path
) -> None:
    result = runner.invoke(
        main, ["--ascii", "octrix", "--no-color", "play", "--seed", "3"], input="quit\n"
    )
    assert result.exit_code == 0 and not SUITS & set(result.output)


# -- 16: the top-level help follows the registry; no summary is cut ------------------------------
def test_top_help_counts_and_names_the_games_that_exist(runner: CliRunner) -> None:
    text = " ".join(runner.invoke(main, ["--help"]).output.split())
    numbers = {3: "three", 4: "four", 5: "five", 6: "six"}
    assert f"{numbers[len(GAMES)]} card games" in text
    for other in set(numbers.values()) - {numbers[len(GAMES)]}:
        assert f"{other} card games" not in text
    for name, info in GAMES.items():
        assert name in text and info.title in text


@pytest.mark.parametrize("width", [40, 60, 120])
@pytest.mark.parametrize("group", [[], *[[n] for n in [*GAMES, "sessions"]]], ids=str)
def test_group_help_shows_every_summary_whole(
    runner: CliRunner, group: list[str], width: int
) -> None:
    result = runner.invoke(main, [*group, "--help"], terminal_width=width)
    assert result.exit_code == 0
    listing = result.output.split("Commands:")[1]
    assert "..." not in listing
    text = " ".join(listing.split())
    command = main if not group else game_group(group[0])
    assert isinstance(command, click.Group)
    ctx = click.Context(command)
    for name in command.list_commands(ctx):
        sub = command.get_command(ctx, name)
        assert sub is not None
        whole = " ".join(sub.get_short_help_str(limit=10_000).split())
        if not group:
            whole = " ".join(main.lazy[name][1].split())  # type: ignore[attr-defined]
        assert whole in text


# -- 17: every play and keep help ends with what to type at the prompt ---------------------------
@pytest.mark.parametrize("mode", ["play", "keep"])
@pytest.mark.parametrize("game", list(GAMES))
def test_play_and_keep_help_end_with_the_prompt_words(
    runner: CliRunner, game: str, mode: str
) -> None:
    command = game_group(game).commands[mode]
    paragraphs = re.split(r"\n\s*\n", (command.help or "").strip())
    last = paragraphs[-1].replace("\b\n", "").strip()
    assert last.startswith("At the prompt"), last
    for word in ("undo", "show", "help", "quit"):
        assert word in last
    shown = runner.invoke(main, [game, mode, "--help"]).output
    assert "At the prompt" in shown.split("Options:")[0]


# -- 8: player names ---------------------------------------------------------------------------
NAMES_COMMANDS = [
    ["octrix", "play"],
    ["octrix", "keep"],
    ["octrix", "score", "--trick", "8C 3H 2C"],
    ["schnapsen", "keep"],
    ["schnapsen", "score", "--last-trick", "Ann"],
    ["lineit", "play"],
    ["lineit", "keep"],
]


@pytest.mark.parametrize("bad", ["Ann,,Bob", "Ann, ,Bob", "Ann,Bob,", "Ann,Bob,ann"])
@pytest.mark.parametrize("command", NAMES_COMMANDS, ids=" ".join)
def test_empty_or_repeated_names_are_a_usage_error(
    runner: CliRunner, data_dir: Path, command: list[str], bad: str
) -> None:
    result = runner.invoke(main, [*command, "--names", bad], input="quit\n")
    assert result.exit_code == 2, result.output
    reason = [line for line in result.output.splitlines() if line.startswith("Error")]
    assert len(reason) == 1
    assert "empty" in reason[0] or "must differ" in reason[0]
    assert store.list_paths(data_dir) == []


@pytest.mark.parametrize("command", NAMES_COMMANDS, ids=" ".join)
def test_no_names_at_all_asks_for_them(
    runner: CliRunner, data_dir: Path, command: list[str]
) -> None:
    result = runner.invoke(main, [*command, "--names", "  "], input="quit\n")
    assert result.exit_code == 2, result.output
    assert "give the players' names, separated by commas" in result.output
    assert store.list_paths(data_dir) == []


def test_names_give_the_number_of_octrix_players(runner: CliRunner, data_dir: Path) -> None:
    result = runner.invoke(
        main, ["octrix", "play", "--names", "Ann,Bob,Cy", "--seed", "2"], input="quit\n"
    )
    assert result.exit_code == 0, result.output
    assert "Octrix: Ann, Bob, Cy." in result.output
    (path,) = store.list_paths(data_dir)
    assert [s.name for s in store.load(path).seats] == ["Ann", "Bob", "Cy"]


def test_names_that_contradict_players_are_refused(runner: CliRunner, data_dir: Path) -> None:
    result = runner.invoke(main, ["octrix", "play", "--names", "Ann,Bob,Cy", "--players", "2"])
    assert result.exit_code == 2 and "3 names for --players 2" in result.output
    result = runner.invoke(main, ["octrix", "play", "--names", "Ann,Bob", "--partnership"])
    assert result.exit_code == 2 and "4 players" in result.output


@pytest.mark.parametrize("width", [40, 60])
@pytest.mark.parametrize(
    "path",
    [[], *[[g] for g in GAMES], *[[g, m] for g in GAMES for m in ("play", "keep")]],
    ids=" ".join,
)
def test_help_lines_fit_a_narrow_terminal(runner: CliRunner, path: list[str], width: int) -> None:
    result = runner.invoke(main, [*path, "--help"], terminal_width=width)
    assert result.exit_code == 0
    for line in result.output.splitlines():
        # An option's own signature (e.g. a long list of choices) cannot be broken.
        signature = line.startswith("  -") and "  " not in line.strip()
        assert len(line) <= width or " " not in line.strip() or signature, line


@pytest.mark.parametrize(
    "path",
    [
        *[[g, m] for g in GAMES for m in ("score", "rules", "simulate")],
        ["stats"],
        *[["sessions", c] for c in ("list", "show", "resume", "export", "verify")],
        *[["sessions", c] for c in ("rename", "delete")],
    ],
    ids=" ".join,
)
def test_every_other_help_fits_sixty_columns(runner: CliRunner, path: list[str]) -> None:
    # Examples in the help are lines that are not rewrapped: they are written to fit too.
    result = runner.invoke(main, [*path, "--help"], terminal_width=60)
    assert result.exit_code == 0
    for line in result.output.splitlines():
        assert len(line) <= 60 or " " not in line.strip(), line


def test_choices_ignore_case_in_every_command(runner: CliRunner, data_dir: Path) -> None:
    # Every choice option (a bot, a level, a game) takes any case, as --bots always did.
    from cardside.cli.stats import stats

    commands: list[tuple[list[str], click.Command]] = [(["stats"], stats)]
    for path in command_paths():
        group = game_group(path[0])
        commands.append((path, group if len(path) == 1 else group.commands[path[1]]))
    for path, command in commands:
        for param in command.params:
            if isinstance(param.type, click.Choice):
                assert not param.type.case_sensitive, (path, param.name)
    played = runner.invoke(
        main, ["lineit", "play", "--bot", "Strong", "--seed", "1"], input="quit\n"
    )
    assert played.exit_code == 0, played.output
    assert store.load(next((data_dir / "sessions").glob("*.toml"))).seats[1].kind == "bot:strong"
    for game in ("octrix", "schnapsen"):
        args = [game, "simulate", "--games", "1", "--bots", "Strong,RANDOM", "--jobs", "1"]
        result = runner.invoke(main, args)
        assert result.exit_code == 0, result.output


#: Quick bots for each game's simulate, so that a run takes a moment.
QUICK_BOTS = {
    "iota": ["--bots", "greedy,random"],
    "lineit": ["--bots", "heuristic,random"],
    "octrix": ["--bots", "random,random"],
    "schnapsen": ["--bots", "heuristic,random"],
    "linesbeta": ["--bot", "random"],
}


@pytest.mark.parametrize("game", list(GAMES))
def test_simulate_help_says_the_seed_is_0_unless_given_and_a_run_repeats(
    runner: CliRunner, game: str
) -> None:
    shown = " ".join(runner.invoke(main, [game, "simulate", "--help"]).output.split())
    assert "[default: 0, so that a run can be repeated]" in shown
    args = [game, "simulate", "--games", "2", "--jobs", "1", *QUICK_BOTS[game]]
    first, again = runner.invoke(main, args), runner.invoke(main, [*args, "--seed", "0"])
    assert first.exit_code == 0 and first.output == again.output
    assert "seed 0" in first.output


@pytest.mark.parametrize("path", list(command_paths()), ids=" ".join)
def test_a_usage_error_is_one_line_naming_the_help(
    runner: CliRunner, data_dir: Path, path: list[str]
) -> None:
    result = runner.invoke(main, [*path, "--no-such-option"])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert result.output.count("\n") == 1, result.output
    assert result.output.startswith("Error: No such option '--no-such-option'")
    assert result.output.rstrip().endswith(f"(see 'main {' '.join(path)} --help')")


@pytest.mark.parametrize(
    "args",
    [
        ["--no-such-option"],
        ["no-such-command"],
        ["octrix", "plya"],
        ["octrix", "simulate", "--games", "x"],
    ],
)
def test_usage_errors_at_every_level_are_one_line(runner: CliRunner, args: list[str]) -> None:
    result = runner.invoke(main, args)
    assert result.exit_code == 2 and "Usage:" not in result.output
    assert result.output.count("\n") == 1 and result.output.startswith("Error: ")


def test_a_game_without_a_command_still_shows_its_help(runner: CliRunner) -> None:
    result = runner.invoke(main, ["octrix"])
    assert result.exit_code == 0 and "Usage:" in result.output and "Commands:" in result.output


def test_the_line_that_says_who_won_says_by_how_much() -> None:
    """The winner's lead over the best of the rest, all of them when tied for second."""
    from cardside.tui.grammar import ahead_of

    assert ahead_of(["Ann", "Bob", "Cy"], [97, 118, 5], 1) == ", 21 ahead of Ann"
    assert ahead_of(["Ann", "Bo", "Cy"], [7, 9, 7], 1) == ", 2 ahead of Ann and Cy"
    names = ["Ann", "Bob", "Cy", "Dee", "Eve"]
    assert ahead_of(names, [2, 0, 0, 0, 0], 0) == ", 2 ahead of Bob, Cy, Dee and Eve"
    assert ahead_of(["You"], [12], 0) == ""
