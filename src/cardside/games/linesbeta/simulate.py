"""Many games of one bot against the grid, with statistics (no printing)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cardside.core.stats import wilson_interval
from cardside.games.linesbeta.bots import make_bot
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


def simulate(
    games: int,
    *,
    bot: str = "planner",
    difficulty: str = "normal",
    length: str = "full",
    seed: int | str = 0,
    progress: Callable[[int, int], None] | None = None,
) -> SimulationResult:
    """Play ``games`` games (game ``i`` dealt from ``(seed, i)``) and summarise them.

    ``progress(done, games)`` is called after each game when given.
    """
    if games < 1:
        raise ValueError("simulate at least one game")
    wins = early = player_total = grid_total = 0
    for i in range(games):
        state = play_game(bot, difficulty, length, f"{seed}:{i}")
        v = state.verdict
        assert v is not None
        wins += v.player_wins
        early += v.early
        p, g = state.points
        player_total += p
        grid_total += g
        if progress is not None:
            progress(i + 1, games)
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
