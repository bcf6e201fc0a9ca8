"""``simulate --jobs N``: games shared by worker processes, the same results as one process."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.core.parallel import map_games
from cardside.games.registry import GAMES

# Quick bots, so that the check stays fast; the sharing does not depend on the bots.
FAST = {
    "octrix": ["--bots", "greedy,random", "--games", "7"],
    "linesbeta": ["--short", "--games", "12"],
    "schnapsen": ["--bots", "heuristic,random", "--games", "7"],
}


def square(n: int) -> int:
    return n * n


@pytest.mark.parametrize("game", list(GAMES))
def test_jobs_give_the_same_results_as_one_process(runner: CliRunner, game: str) -> None:
    args = [game, "simulate", "--seed", "4", "--json", *FAST.get(game, ["--games", "5"])]
    one = runner.invoke(main, [*args, "--jobs", "1"])
    two = runner.invoke(main, [*args, "--jobs", "3"])
    assert one.exit_code == 0 and two.exit_code == 0, one.output + two.output
    assert json.loads(one.output) == json.loads(two.output)


@pytest.mark.parametrize("game", list(GAMES))
def test_jobs_is_bounded(runner: CliRunner, game: str) -> None:
    for bad in ("0", "65", "many"):
        result = runner.invoke(main, [game, "simulate", "--jobs", bad])
        assert result.exit_code == 2 and "--jobs" in result.output


def test_map_games_keeps_the_order_and_reports_progress() -> None:
    seen: list[int] = []
    assert map_games(square, 23, jobs=2, progress=seen.append) == [n * n for n in range(23)]
    assert seen[-1] == 23 and seen == sorted(seen)
    assert map_games(square, 3, jobs=1) == [0, 1, 4]
