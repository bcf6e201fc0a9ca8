"""One conformance suite over every game's state: the state API behaves the same everywhere."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from cardside.core.errors import IllegalActionError


def octrix(seed: int) -> Any:
    from cardside.games.octrix.state import OctrixState

    return OctrixState(3, seed=seed, target=30)


def linesbeta(seed: int) -> Any:
    from cardside.games.linesbeta.state import LinesBetaState

    return LinesBetaState("normal", "short", seed=seed)


def schnapsen(seed: int) -> Any:
    from cardside.games.schnapsen.state import SchnapsenState

    return SchnapsenState(seed=seed)


def iota(seed: int) -> Any:
    from cardside.games.iota.state import IotaState

    return IotaState(3, seed=seed)


def lineit(seed: int) -> Any:
    from cardside.games.lineit.state import LineitState

    return LineitState(4, seed=seed)


FACTORIES: dict[str, Callable[[int], Any]] = {
    "iota": iota,
    "lineit": lineit,
    "octrix": octrix,
    "linesbeta": linesbeta,
    "schnapsen": schnapsen,
}


def random_walk(state: Any, rng: random.Random, limit: int = 2000) -> list[Any]:
    applied = []
    for _ in range(limit):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        assert actions, "a live game must offer a legal action"
        assert actions == state.legal_actions(), "legal_actions must be stable"
        action = rng.choice(actions)
        assert state.is_legal(action)
        state.apply(action)
        applied.append(action)
    return applied


@pytest.mark.parametrize("game", sorted(FACTORIES))
def test_a_game_runs_to_its_end_with_an_outcome(game: str) -> None:
    state = FACTORIES[game](1)
    random_walk(state, random.Random(1), limit=100_000)
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None and outcome.winners
    assert state.current_player() is None or state.legal_actions() == []


@pytest.mark.parametrize("game", sorted(FACTORIES))
def test_undo_restores_every_earlier_position(game: str) -> None:
    state = FACTORIES[game](2)
    snapshots = []
    rng = random.Random(2)
    for _ in range(60):
        if state.is_terminal():
            break
        snapshots.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    for earlier in reversed(snapshots):
        state.undo()
        assert state.legal_actions() == earlier.legal_actions()
        assert state.current_player() == earlier.current_player()
    with pytest.raises(IllegalActionError):
        state.undo()


@pytest.mark.parametrize("game", sorted(FACTORIES))
def test_seed_plus_actions_replays_and_clone_is_independent(game: str) -> None:
    a = FACTORIES[game](3)
    actions = random_walk(a, random.Random(3), limit=80)
    b = FACTORIES[game](3)
    b.replay(actions)
    assert b.legal_actions() == a.legal_actions() and b.current_player() == a.current_player()
    twin = a.clone()
    if not a.is_terminal():
        a.apply(a.legal_actions()[0])
        assert twin.actions() == actions


@pytest.mark.parametrize("game", sorted(FACTORIES))
def test_illegal_action_raises_with_a_reason(game: str) -> None:
    state = FACTORIES[game](4)
    legal = state.legal_actions()
    probe = FACTORIES[game](5)  # another deal: some of its actions are not legal here
    foreign = [a for a in probe.legal_actions() if a not in legal]
    if not foreign:
        pytest.skip("every action of the other deal is legal here")
    with pytest.raises(IllegalActionError) as info:
        state.apply(foreign[0])
    assert str(info.value)
    assert state.actions() == []
