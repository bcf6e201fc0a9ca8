"""The engine's games, pinned: a fixed seed gives the same legal choices, the same actions and
the same snapshot after every action as when these digests were taken, so work on the
engine's speed cannot change a single transition unnoticed. (Taken again when the views
began to show the hands, whose cards everyone saw taken from the market: the random bots'
games are the same, their views not; the heuristic's choices changed with what it knows.)"""

from __future__ import annotations

import hashlib

import pytest

from cardside.games.lineit.bots import make_bot
from cardside.games.lineit.simulate import play_game
from cardside.games.lineit.state import LineitState


def game_digest(bots: tuple[str, ...], seed: int) -> str:
    """Every seat's observation and legal choices before each action, the action, and the
    full snapshot after it, hashed."""
    players = len(bots)
    state = LineitState(players, seed=f"digest:{seed}")
    agents = [make_bot(name, seed=seed * 10 + seat) for seat, name in enumerate(bots)]
    h = hashlib.sha256()
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        view = state.observation(seat)
        h.update(repr((view.snapshot, state.legal_actions())).encode())
        action = agents[seat].choose(view, seat)
        state.apply(action)
        h.update(repr((action, state.snapshot)).encode())
    h.update(repr(state.outcome()).encode())
    return h.hexdigest()[:16]


@pytest.mark.parametrize(
    ("bots", "digest"),
    [
        (("random", "random"), "8bb70ef00c21c472"),
        (("random", "random", "random", "random"), "694d862fa4bf8307"),
        (("heuristic", "random", "heuristic", "random", "heuristic"), "fad3af1ed2382bb6"),
    ],
)
def test_fixed_seeds_give_the_same_games(bots: tuple[str, ...], digest: str) -> None:
    h = hashlib.sha256()
    for seed in range(6):
        h.update(game_digest(bots, seed).encode())
    assert h.hexdigest()[:16] == digest


def test_simulate_figures_are_pinned() -> None:
    h = hashlib.sha256()
    for game in range(12):
        h.update(repr(play_game(("random", "heuristic", "random"), 3, game)).encode())
    assert h.hexdigest()[:16] == "0ba219a769ca3887"


def test_random_seats_play_the_same_games_as_before() -> None:
    """Games with a random bot on every seat are played out in the state's own loop; their
    figures are pinned as they were when each decision went through the general loop."""
    h = hashlib.sha256()
    for players in (2, 4, 5):
        for game in range(10):
            h.update(repr(play_game(("random",) * players, 7, game)).encode())
    assert h.hexdigest()[:16] == "02e895e3444dabfd"
