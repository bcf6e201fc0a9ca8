"""One layout for every simulate table and one shape for every ``simulate --json``."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from cardside.cli.main import main
from cardside.core.simulation import Entry, Summary
from cardside.tui.simulation import render_summary

RUNS = {
    "iota": ["--games", "2", "--players", "3", "--bots", "greedy,random,random"],
    "lineit": ["--games", "2", "--players", "3", "--bots", "heuristic,random,random"],
    "linesbeta": ["--games", "2", "--bot", "random"],
    "octrix": ["--games", "2", "--bots", "greedy,random"],
    "schnapsen": ["--games", "2", "--bots", "heuristic,random"],
}
BOTS = {"iota": 3, "lineit": 3, "linesbeta": 1, "octrix": 2, "schnapsen": 2}


@pytest.mark.parametrize("game", sorted(RUNS))
def test_every_game_gives_the_same_json_keys(runner: CliRunner, game: str) -> None:
    args = [game, "simulate", *RUNS[game], "--seed", "4", "--jobs", "1", "--json"]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert list(data) == ["game", "games", "seed", "bots", game]
    assert data["game"] == game and data["games"] == 2 and data["seed"] == 4
    assert len(data["bots"]) == BOTS[game] == len(data[game]["bots"])
    for bot in data["bots"]:
        # LinesBeta, one bot against the grid, names each row's setting too.
        setting = ["setting"] if game == "linesbeta" else []
        assert list(bot) == ["bot", *setting, "games", "wins", "share", "interval"]
        assert bot["games"] == 2
        assert isinstance(bot["wins"], float)  # in every game, as a tie shares a win
        low, high = bot["interval"]
        assert 0 <= low <= bot["share"] <= high <= 1
        assert bot["share"] == pytest.approx(bot["wins"] / 2)
    if BOTS[game] > 1:  # every game is won by someone (ties share the win)
        assert sum(bot["wins"] for bot in data["bots"]) == pytest.approx(2)


@pytest.mark.parametrize("game", sorted(RUNS))
def test_every_game_prints_the_same_table_layout(runner: CliRunner, game: str) -> None:
    args = [game, "simulate", *RUNS[game], "--seed", "4", "--jobs", "1"]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    heading, headers, rule, *rest = result.output.splitlines()
    assert heading.endswith(", seed 4") and "2 " in heading
    assert re.match(r"#  bot +(setting +)?wins  share +95% interval", headers), headers
    assert set(rule) == {"-", " "}
    rows = rest[: BOTS[game]]
    assert [row.split()[0] for row in rows] == [str(n) for n in range(1, BOTS[game] + 1)]
    for row in rows:
        assert re.search(r"  \d+(\.\d)?  +\d+\.\d%  +\[\d+\.\d%, \d+\.\d%\]", row), row


def _summary(columns: int, groups: tuple[int, ...]) -> Summary:
    entries = tuple(
        Entry(
            bot=f"bot{i}",
            wins=i,
            games=4,
            cells=tuple(f"{i}.{c}" * (1 + c % 3) for c in range(columns)),
        )
        for i in range(3)
    )
    return Summary(
        game="test",
        title="Test",
        played="4 games",
        games=4,
        seed=0,
        entries=entries,
        columns=tuple(f"column {c}" for c in range(columns)),
        groups=groups,
    )


@given(
    columns=st.integers(0, 8),
    groups=st.lists(st.integers(1, 4), max_size=3).map(tuple),
    width=st.integers(50, 160),
)
def test_a_narrow_table_keeps_every_column_once_and_fits(
    columns: int, groups: tuple[int, ...], width: int
) -> None:
    summary = _summary(columns, groups)
    text = render_summary(summary, width)
    tables = text.split("\n\n")
    headers = [table.splitlines()[1 if n == 0 else 0] for n, table in enumerate(tables)]
    for c in range(columns):
        assert sum(h.count(f"column {c}") for h in headers) == 1
    assert all(len(line) <= width for line in text.splitlines()[1:])
    assert render_summary(summary, 1000) == render_summary(summary)
    # every further table names its rows by number and bot
    for table in tables[1:]:
        assert table.splitlines()[0].startswith("#  bot")
        assert [line.split()[:2] for line in table.splitlines()[2:]] == [
            [str(i + 1), f"bot{i}"] for i in range(3)
        ]


def test_a_group_stays_in_one_table_when_it_fits() -> None:
    summary = _summary(4, (1, 3))
    text = render_summary(summary, 75)
    first, second = text.split("\n\n")
    assert "column 0" in first and "column 1" not in first
    assert all(f"column {c}" in second for c in (1, 2, 3))


@pytest.mark.parametrize("game", ["iota", "lineit", "schnapsen"])
def test_an_average_of_one_game_shows_no_interval(runner: CliRunner, game: str) -> None:
    """An interval from one value would read as certainty: none is shown."""
    args = [game, "simulate", *RUNS[game], "--seed", "4", "--jobs", "1"]
    args[args.index("2")] = "1"  # --games 1
    if game == "schnapsen":
        args.append("--deals")
    result = runner.invoke(main, args)
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "[one value]" in result.output
    assert not re.search(r"(-?[\d.]+) \[\1, \1\]", result.output), result.output


@pytest.mark.parametrize("game", ["lineit", "octrix", "iota", "schnapsen"])
def test_a_huge_unknown_bot_name_is_cut_in_the_refusal(runner: CliRunner, game: str) -> None:
    result = runner.invoke(main, [game, "simulate", "--bots", "x" * 5000 + ",random"])
    assert result.exit_code == 2, result.output[:200]
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert len(result.output) < 400, result.output[:200]


def test_linesbeta_takes_its_bot_with_spaces_around_as_the_other_games_do(
    runner: CliRunner,
) -> None:
    result = runner.invoke(main, ["linesbeta", "simulate", "--bot", " Random ", "--games", "2"])
    assert result.exit_code == 0 and result.exception is None, result.output


@pytest.mark.parametrize("game", ["iota", "lineit", "octrix", "schnapsen"])
def test_the_bots_help_names_every_bot_the_game_has(runner: CliRunner, game: str) -> None:
    """The help's names are written apart from the bots (so that --help does not load them):
    they are the game's bots, and its play offers the same ones."""
    import importlib

    import click

    names = importlib.import_module(f"cardside.games.{game}.bots").BOT_NAMES
    result = runner.invoke(main, [game, "simulate", "--help"])
    assert result.exit_code == 0 and result.exception is None, result.output
    (found,) = re.findall(r"Bots: ([a-z0-9, ]+)\.", " ".join(result.output.split()))
    listed = found.split(", ")
    assert sorted(listed) == sorted(names)
    ctx = click.Context(main)
    group = main.get_command(ctx, game)
    assert isinstance(group, click.Group)
    play = group.get_command(ctx, "play")
    assert play is not None
    (bot,) = [p for p in play.params if p.name == "bot"]
    assert isinstance(bot.type, click.Choice) and sorted(bot.type.choices) == sorted(names)


@pytest.mark.parametrize("game", ["iota", "lineit", "octrix"])
def test_one_bot_per_seat_sets_the_players(runner: CliRunner, game: str) -> None:
    """As --names sets the players of play: three bots, one per seat, are three players."""
    other = {"iota": "greedy", "lineit": "heuristic", "octrix": "greedy"}[game]
    bots = f"strong,{other},{other}"
    args = [game, "simulate", "--games", "1", "--jobs", "1", "--bots", bots, "--json"]
    result = runner.invoke(main, args)
    assert result.exit_code == 0 and result.exception is None, result.output
    assert json.loads(result.output)[game]["players"] == 3
    # Given outright, --players still decides, and a list that does not fit it is refused.
    refused = runner.invoke(main, [*args[:-1], "--players", "2"])
    assert refused.exit_code == 2 and "give " in refused.output


@pytest.mark.parametrize("game", ["iota", "lineit", "octrix"])
def test_more_bots_than_seats_are_refused(runner: CliRunner, game: str) -> None:
    most = {"iota": 4, "lineit": 5, "octrix": 4}[game]
    bots = ",".join(["random"] * (most + 1))
    result = runner.invoke(main, [game, "simulate", "--games", "1", "--bots", bots])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert f"{most + 1} bots, one per seat, but " in result.output
    assert f"is for 2 to {most} players" in result.output


@pytest.mark.parametrize(
    ("game", "title"),
    [("iota", "IOTA"), ("lineit", "Line-it"), ("octrix", "Octrix"), ("schnapsen", "Schnapsen")],
)
def test_an_unknown_bot_is_refused_in_one_way_in_every_game(
    runner: CliRunner, game: str, title: str
) -> None:
    result = runner.invoke(main, [game, "simulate", "--games", "1", "--bots", "foo,random"])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert f"unknown {title} bot 'foo' (choose from: strong, " in result.output
