"""A seat's observation keeps its view of the deal's earlier moves from one decision to the
next; it must be the observation worked out from nothing, through undos and clones too."""

from __future__ import annotations

import random

from cardside.games.schnapsen.state import SchnapsenState


def from_nothing(state: SchnapsenState, seat: int) -> object:
    twin = state.clone()
    twin._past = {}
    return twin.observation(seat)


def test_observations_remembered_are_the_ones_worked_out_again() -> None:
    rng = random.Random(5)
    checked = 0
    for game in range(6):
        state = SchnapsenState(seed=f"memo:{game}")
        while not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            for who in (seat, 1 - seat):
                assert state.observation(who) == from_nothing(state, who)
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
            deal_no = state.snapshot.deal_no
            if rng.random() < 0.3 and len(state.actions()) > 2:
                # Two moves taken back and others played: what was remembered past them is gone.
                state.undo()
                state.undo()
                other = state.clone()
                for _ in range(2):
                    if not other.is_terminal():
                        other.apply(rng.choice(other.legal_actions()))
                for who in (0, 1):
                    assert other.observation(who) == from_nothing(other, who)
                state.apply(rng.choice(state.legal_actions()))
                if state.snapshot.deal_no == deal_no and not state.is_terminal():
                    state.apply(rng.choice(state.legal_actions()))
    assert checked > 500
