"""Invariants over random games and random lines."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardside.games.linesbeta import rules
from cardside.games.linesbeta.bots import _walk
from cardside.games.linesbeta.rules import GAP, Challenge, resolve
from cardside.games.linesbeta.state import (
    HIDDEN,
    PHASE_PLAY,
    PHASE_TRUMP,
    LinesBetaState,
)

SETTINGS = st.tuples(st.sampled_from(rules.DIFFICULTIES), st.sampled_from(rules.LENGTHS))


def _all_cards(s) -> list[int]:  # type: ignore[no-untyped-def]
    out = [c for c in s.grid if c != GAP] + list(s.hand) + list(s.deck)
    if s.trump >= 0:
        out.append(s.trump)
    for t in s.tricks:
        out.append(t.played)
        if t.grid_card is not None:
            out.append(t.grid_card)
    return sorted(out)


@settings(max_examples=25, deadline=None)
@given(SETTINGS, st.integers(0, 10**6), st.integers(0, 10**6))
def test_random_games_keep_every_invariant(
    setting: tuple[str, str], seed: int, choice_seed: int
) -> None:
    difficulty, length = setting
    state = LinesBetaState(difficulty, length, seed=seed)
    rng = random.Random(choice_seed)
    tricks_by_round: dict[int, int] = {}
    while not state.is_terminal():
        s = state.snapshot
        assert _all_cards(s) == list(range(52))
        if s.phase == PHASE_PLAY:
            free = [x for x in range(rules.LINES) if not s.blocked >> x & 1]
            assert free, "a challengeable line always exists"
            for x in free:
                assert all(s.grid[c] != GAP for c in rules.LINE_CELLS[x])
        if s.phase == PHASE_TRUMP:
            assert len(s.hand) == 7 and not s.tricks and s.blocked == 0
            assert all(c != GAP for c in s.grid)
        legal = state.legal_actions()
        assert legal and all(state.is_legal(a) for a in legal)
        action = rng.choice(legal)
        if isinstance(action, Challenge):
            tricks_by_round[s.round] = tricks_by_round.get(s.round, 0) + 1
        state.apply(action)
    v = state.verdict
    assert v is not None
    p, g = state.points
    pt, gt = state.targets
    assert (g >= gt) != v.player_wins
    assert sorted(tricks_by_round) == list(range(1, state.round + 1))
    for r, n in tricks_by_round.items():
        if r < state.round:
            assert n == 6, "a round that ended normally had exactly six tricks"
    final = tricks_by_round[state.round]
    assert (final == 6) != v.early
    assert final == 6 or state.round < state.rounds or v.early
    assert _all_cards(state.snapshot) == list(range(52))


@settings(max_examples=60, deadline=None)
@given(
    st.permutations(range(52)).map(lambda p: p[:6]),
    st.lists(st.booleans(), min_size=6, max_size=6),
    st.integers(0, 51),
    st.integers(0, 3),
)
def test_resolution_is_consistent(
    line: list[int], up: list[bool], played: int, trumps: int
) -> None:
    if played in line:
        return
    res = resolve(line, up, played, trumps)
    suit = played // 13
    assert all(not up[p] for p in res.turned) and list(res.turned) == sorted(res.turned)
    if res.case == "a":
        assert res.grid_pos is not None and line[res.grid_pos] // 13 == suit
        assert all(c // 13 != suit for c in line[: res.grid_pos])
        assert res.player_wins == (played > line[res.grid_pos])
        assert res.turned == tuple(p for p in range(res.grid_pos + 1) if not up[p])
    else:
        assert all(c // 13 != suit for c in line)
        assert res.turned == tuple(p for p in range(6) if not up[p])
    if res.case == "b":
        assert res.grid_pos is not None and not res.player_wins and suit != trumps
        assert line[res.grid_pos] == min(c for c in line if c // 13 == trumps)
    if res.case == "c":
        assert res.player_wins and res.grid_pos is None
        assert suit == trumps or all(c // 13 != trumps for c in line)


@settings(max_examples=40, deadline=None)
@given(
    st.permutations(range(52)),
    st.lists(st.booleans(), min_size=6, max_size=6),
    st.integers(0, 3),
    st.integers(4, 6),
)
def test_win_chance_is_exact(
    perm: list[int], hidden: list[bool], trumps: int, pool_size: int
) -> None:
    """The bot's closed form equals the brute-force average over every way to deal the pool."""
    played = perm[0]
    known = perm[1:7]
    n_hidden = sum(hidden)
    pool = perm[7 : 7 + max(pool_size, n_hidden)]
    order = tuple(range(6))
    grid = tuple(HIDDEN if h else c for h, c in zip(hidden, known))
    grid = grid + (GAP,) * 30
    suit, rank = divmod(played, 13)
    higher = sum(1 for c in pool if c // 13 == suit and c % 13 > rank)
    lower = sum(1 for c in pool if c // 13 == suit and c % 13 < rank)
    trump_n = sum(1 for c in pool if c // 13 == trumps) if suit != trumps else 0
    p = _walk(grid, order, suit, rank, trumps, len(pool), higher, lower, trump_n)
    wins = total = 0
    for draw in itertools.permutations(pool, n_hidden):
        it = iter(draw)
        line = [next(it) if h else c for h, c in zip(hidden, known)]
        wins += resolve(line, [True] * 6, played, trumps).player_wins
        total += 1
    assert abs(p - wins / total) < 1e-9
