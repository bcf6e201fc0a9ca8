"""Shared helpers for the Octrix tests."""

from __future__ import annotations

from collections.abc import Callable

from cardside.games.octrix.state import OctrixState


def last_two_tricks(
    state: OctrixState, payoff: Callable[[OctrixState], float]
) -> list[list[float]]:
    """With two cards each, ``payoff`` of the state after each pair of first cards (rows seat
    0's cards, columns seat 1's) and the forced last trick, all played by the engine."""
    first = state.current_player()
    assert first is not None
    rows = []
    for a in state.snapshot.hands[0]:
        row = []
        for b in state.snapshot.hands[1]:
            picks = {0: a, 1: b}
            state.apply(picks[first])
            state.apply(picks[1 - first])
            state.apply(state.snapshot.hands[first][0])
            state.apply(state.snapshot.hands[1 - first][0])
            row.append(payoff(state))
            for _ in range(4):
                state.undo()
        rows.append(row)
    return rows
