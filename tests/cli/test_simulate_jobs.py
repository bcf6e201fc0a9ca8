"""``simulate --jobs N``: games shared by worker processes, the same results as one process."""

from __future__ import annotations

import importlib
import io
import json
import os
import signal
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import click
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
    # the strong bot, whose samples must not depend on the process, in two games
    "iota": ["--bots", "strong,greedy", "--games", "2"],
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


def test_the_default_jobs_stop_at_the_most_on_a_machine_of_many_cores(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("cardside.core.parallel.cores", lambda: 96)
    seen: list[int] = []
    real = map_games

    def counting(play: Any, games: int, jobs: Any = 1, progress: Any = None) -> Any:
        seen.append(jobs)
        return real(play, games, 1, progress)

    monkeypatch.setattr("cardside.games.octrix.simulate.map_games", counting)
    result = runner.invoke(main, ["octrix", "simulate", "--games", "2", "--bots", "random,random"])
    assert result.exit_code == 0 and result.exception is None, result.output
    assert seen and all(jobs == 64 for jobs in seen), seen


@pytest.mark.parametrize("game", list(GAMES))
def test_games_is_bounded_the_same_in_every_game(runner: CliRunner, game: str) -> None:
    for bad in ("0", "1000001", "999999999999", "9" * 5000, "lots"):
        result = runner.invoke(main, [game, "simulate", "--games", bad])
        assert result.exit_code == 2 and "--games" in result.output
        assert "1 to 1000000" in result.output or bad == "lots"
        assert len(result.output) < 400  # a huge number is not echoed whole


def test_map_games_keeps_the_order_and_reports_progress() -> None:
    seen: list[int] = []
    assert map_games(square, 23, jobs=2, progress=seen.append) == [n * n for n in range(23)]
    assert seen[-1] == 23 and seen == sorted(seen)
    assert map_games(square, 3, jobs=1) == [0, 1, 4]


def square_until(stop: int, n: int) -> int:
    if n == stop:
        raise KeyboardInterrupt
    return n * n


def test_ctrl_c_keeps_the_games_finished_before_it() -> None:
    from cardside.core.parallel import release_interrupts

    default = signal.getsignal(signal.SIGINT)
    assert map_games(partial(square_until, 5), 12, jobs=1) == [0, 1, 4, 9, 16]
    # Once stopped, a second Ctrl-C (or the same signal sent to the process group) is
    # ignored until the command has said what finished; then acted on again.
    assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    release_interrupts()
    assert signal.getsignal(signal.SIGINT) is default
    with pytest.raises(KeyboardInterrupt):  # nothing finished: the interrupt goes on up
        map_games(partial(square_until, 0), 12, jobs=1)


def test_a_command_stopped_by_ctrl_c_acts_on_it_again_once_it_has_ended(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardside.games.octrix import simulate

    default = signal.getsignal(signal.SIGINT)
    played = simulate._one_match

    def stopped(*args: Any) -> Any:
        if args[-1] == 3:  # Ctrl-C during the fourth game
            raise KeyboardInterrupt
        return played(*args)

    monkeypatch.setattr(simulate, "_one_match", stopped)
    args = [
        "octrix",
        "simulate",
        "--games",
        "8",
        "--bots",
        "greedy,random",
        "--seed",
        "1",
        "--jobs",
        "1",
    ]
    result = runner.invoke(main, args)
    assert result.exit_code == 130 and "Stopped after 3 of 8 games" in result.output
    assert signal.getsignal(signal.SIGINT) is default
    # The JSON says it too, for a script that reads only the figures.
    as_json = runner.invoke(main, [*args, "--json"])
    assert as_json.exit_code == 130
    figures = json.loads(as_json.stdout)
    assert figures["stopped"] == {"done": 3, "asked": 8, "unit": "games"}
    assert figures["games"] == 3
    whole = runner.invoke(main, [*args[:3], "2", *args[4:], "--json"])
    assert whole.exit_code == 0 and "stopped" not in json.loads(whole.stdout)


def test_simulate_json_stopped_before_any_game_says_so(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardside.games.octrix import simulate

    def stopped(*args: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(simulate, "_one_match", stopped)
    args = ["octrix", "simulate", "--games", "8", "--bots", "greedy,random", "--jobs", "1"]
    result = runner.invoke(main, [*args, "--json"])
    assert result.exit_code == 130 and "Stopped." in result.stderr
    assert json.loads(result.stdout) == {
        "game": "octrix",
        "games": 0,
        "seed": 0,
        "bots": [],
        "stopped": {"done": 0, "asked": 8, "unit": "games"},
    }


def interrupt_parent_at(stop: int, n: int) -> int:
    """In a worker: a second for the games before it to come back, Ctrl-C as a terminal
    sends it, then a game that would take long."""
    if n == stop:
        time.sleep(1)
        os.kill(os.getppid(), signal.SIGINT)
        time.sleep(30)
    return n * n


def test_ctrl_c_with_workers_returns_the_finished_prefix_at_once() -> None:
    started = time.monotonic()
    try:
        results = map_games(partial(interrupt_parent_at, 30), 40, jobs=2)
    except KeyboardInterrupt:
        results = []
    assert time.monotonic() - started < 20  # the sleeping worker was not waited for
    # Games 0 to 29 were done; the run holding game 30 never came back, so nothing from its
    # start counts. A run is at most a quarter of a worker's share: 5 games here.
    assert 25 <= len(results) <= 30 and results == [n * n for n in range(len(results))]


# For each game: the function that plays one game (or match) of a simulation, and a quick run.
ONE_GAME = {
    "octrix": ("octrix", "_one_match", ["--bots", "greedy,random"]),
    "linesbeta": ("linesbeta", "_one_game", ["--short"]),
    "schnapsen": ("schnapsen", "_one_game", ["--bots", "heuristic,random"]),
    "iota": ("iota", "play_game", ["--bots", "greedy,random"]),
    "lineit": ("lineit", "play_game", ["--bots", "heuristic,random"]),
}


def stop_at(monkeypatch: pytest.MonkeyPatch, game: str, call: int) -> Callable[[], None]:
    """Make Ctrl-C arrive in ``game``'s simulation as it starts game number ``call`` (from 1);
    return what puts the real game back."""
    package, name, _ = ONE_GAME[game]
    module = importlib.import_module(f"cardside.games.{package}.simulate")
    play_one = getattr(module, name)
    calls = [0]

    def stopped(*a: object, **k: object) -> object:
        calls[0] += 1
        if calls[0] == call:
            raise KeyboardInterrupt
        return play_one(*a, **k)

    monkeypatch.setattr(module, name, stopped)
    return lambda: monkeypatch.setattr(module, name, play_one)


@pytest.mark.parametrize("game", list(GAMES))
def test_simulate_stopped_with_ctrl_c_reports_the_games_played(
    runner: CliRunner, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    restore = stop_at(monkeypatch, game, 4)
    base = [game, "simulate", "--seed", "3", "--jobs", "1", *ONE_GAME[game][2]]
    result = runner.invoke(main, [*base, "--games", "10", "--json"])
    assert result.exit_code == 130, result.output
    assert "Stopped after 3 of 10" in result.stderr
    stopped = json.loads(result.stdout)
    said = stopped.pop("stopped")
    assert said["done"] == 3 and said["asked"] == 10  # LinesBeta: games of its one setting
    restore()
    whole = runner.invoke(main, [*base, "--games", "3", "--json"])
    assert whole.exit_code == 0, whole.output
    assert stopped == json.loads(whole.stdout)  # the same figures as a run of 3 games


def killed_at(stop: int, n: int) -> int:
    """In a worker: the process is killed from outside (as when memory runs out)."""
    if n == stop:
        os.kill(os.getpid(), signal.SIGKILL)
    return n * n


def test_a_killed_worker_ends_the_run_with_one_line(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    from concurrent.futures.process import BrokenProcessPool

    with pytest.raises(BrokenProcessPool):  # an error, not a wait for ever
        map_games(partial(killed_at, 5), 40, jobs=2)
    module = importlib.import_module("cardside.games.iota.simulate")

    def broken(*args: object, **kwargs: object) -> object:
        raise BrokenProcessPool("a child process terminated abruptly")

    monkeypatch.setattr(module, "map_games", broken)
    result = runner.invoke(main, ["iota", "simulate", "--games", "40", "--jobs", "2"])
    assert result.exit_code == 1
    assert "worker process ended unexpectedly" in result.output
    assert isinstance(result.exception, SystemExit)
    assert result.output.strip().splitlines() == [result.output.strip().splitlines()[-1]]


class _Terminal(io.StringIO):
    """A stand-in for a terminal's stderr."""

    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        return 2


@pytest.mark.parametrize("columns", [40, 60, 120])
def test_the_progress_bar_stays_inside_the_terminal(
    monkeypatch: pytest.MonkeyPatch, columns: int
) -> None:
    from cardside.cli.common import progress

    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setattr(os, "get_terminal_size", lambda fd=1: os.terminal_size((columns, 24)))
    with progress(50, "games") as tick:
        for done in range(1, 51):
            tick(done)
    drawn = [part for part in terminal.getvalue().replace("\n", "\r").split("\r") if part]
    assert drawn and all("games" in part for part in drawn)
    assert all(len(click.unstyle(part).rstrip()) < columns for part in drawn), drawn


@pytest.mark.parametrize("game", list(GAMES))
def test_simulate_stopped_before_a_game_finished_ends_as_stopped(
    runner: CliRunner, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    stop_at(monkeypatch, game, 1)
    args = [game, "simulate", "--jobs", "1", "--games", "5", *ONE_GAME[game][2]]
    result = runner.invoke(main, args)
    assert result.exit_code == 130, result.output
    assert "Stopped." in result.stderr and "Aborted" not in result.output
