"""Many games of one bot against the grid, with statistics (no printing)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from cardside.core.parallel import Jobs, map_games
from cardside.core.simulation import Entry, Summary
from cardside.core.stats import wilson_interval
from cardside.core.words import counted
from cardside.games.linesbeta.bots import make_bot
from cardside.games.linesbeta.rules import targets
from cardside.games.linesbeta.state import LinesBetaState


@dataclass(frozen=True)
class SimulationResult:
    """Win rate with its 95% Wilson interval, mean points, and how often games stopped early."""

    bot: str
    difficulty: str
    length: str
    games: int
    wins: int
    win_rate: float
    interval: tuple[float, float]
    player_points: float
    grid_points: float
    early_stops: float


def play_game(bot_name: str, difficulty: str, length: str, seed: int | str) -> LinesBetaState:
    """One finished game of ``bot_name`` against the grid, dealt from ``seed``."""
    state = LinesBetaState(difficulty, length, seed=seed)
    bot = make_bot(bot_name, seed=f"{seed}:bot")
    choose = bot.choose
    apply = state.apply
    while not state.is_terminal():
        apply(choose(state, 0))
    return state


def _one_game(
    bot: str, difficulty: str, length: str, seed: int | str, game: int
) -> tuple[bool, bool, int, int]:
    """Game number ``game``: won, settled early, and the player's and the grid's points."""
    state = play_game(bot, difficulty, length, f"{seed}:{game}")
    v = state.verdict
    assert v is not None
    p, g = state.points
    return v.player_wins, v.early, p, g


def simulate(
    games: int,
    *,
    bot: str = "planner",
    difficulty: str = "normal",
    length: str = "full",
    seed: int | str = 0,
    progress: Callable[[int, int], None] | None = None,
    jobs: Jobs = 1,
) -> SimulationResult:
    """Play ``games`` games (game ``i`` dealt from ``(seed, i)``) and summarise them.

    ``progress(done, games)`` is called as games finish when given; ``jobs`` worker
    processes share the games (the results do not depend on it).
    """
    if games < 1:
        raise ValueError("simulate at least one game")
    wins = early = player_total = grid_total = 0
    tick = None if progress is None else lambda done: progress(done, games)
    one = partial(_one_game, bot, difficulty, length, seed)
    played = map_games(one, games, jobs, tick)
    games = len(played)  # fewer when stopped with Ctrl-C
    for won, stopped, p, g in played:
        wins += won
        early += stopped
        player_total += p
        grid_total += g
    return SimulationResult(
        bot=bot,
        difficulty=difficulty,
        length=length,
        games=games,
        wins=wins,
        win_rate=wins / games,
        interval=wilson_interval(wins, games),
        player_points=player_total / games,
        grid_points=grid_total / games,
        early_stops=early / games,
    )


def summarise(results: Sequence[SimulationResult], seed: int) -> Summary:
    """The report every game's simulate gives, one row per setting played: the games won
    against the grid, then the targets, the games, each side's points and the early stops."""
    entries = []
    for r in results:
        pt, gt = targets(r.difficulty, r.length)
        entries.append(
            Entry(
                bot=r.bot,
                wins=r.wins,
                games=r.games,
                setting=f"{r.difficulty} {r.length}",
                cells=(
                    f"{pt}/{gt}",
                    str(r.games),
                    f"{r.player_points:.1f}",
                    f"{r.grid_points:.1f}",
                    f"{r.early_stops:.0%}",
                ),
                figures={
                    "difficulty": r.difficulty,
                    "length": r.length,
                    "targets": {"player": pt, "grid": gt},
                    "games": r.games,
                    "player_points": r.player_points,
                    "grid_points": r.grid_points,
                    "early_stops": r.early_stops,
                },
            )
        )
    first = results[0]
    per = " per setting" if len(results) > 1 else ""
    return Summary(
        game="linesbeta",
        title=f"LinesBeta, {first.bot} bot against the grid",
        played=f"{counted(first.games, 'game')}{per}",
        games=sum(r.games for r in results),
        seed=seed,
        entries=tuple(entries),
        setting="setting",
        columns=("targets", "games", "you", "grid", "early stop"),
        groups=(2, 3),
        notes=(
            "you, grid: average points per game; early stop: games settled before their "
            "round's last trick",
        ),
        figures={"bot": first.bot},
    )
