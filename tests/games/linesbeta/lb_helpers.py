"""Builders for hand-made LinesBeta positions."""

from __future__ import annotations

from dataclasses import replace

from cardside.games.linesbeta import rules
from cardside.games.linesbeta.notation import parse_card
from cardside.games.linesbeta.rules import CODE
from cardside.games.linesbeta.state import PHASE_PLAY, LinesBetaState, Trick


def code(text: str) -> int:
    return CODE[parse_card(text)]


def position(
    placed: dict[tuple[int, int], str],
    hand: list[str],
    trump: str,
    *,
    up: tuple[tuple[int, int], ...] = (),
    difficulty: str = "normal",
    length: str = "full",
    points: tuple[int, int] = (0, 0),
    round_no: int = 1,
    gaps: tuple[tuple[int, int], ...] = (),
    done: tuple[tuple[str, str], ...] = (),
) -> LinesBetaState:
    """A state in the play phase with the named cards at the named cells.

    Every other card is placed in the remaining cells and the deck in code order. The diagonal
    and the cells in ``up`` are face up. ``gaps`` are this round's earlier gaps and ``done``
    the (played, grid) cards of this round's earlier tricks.
    """
    state = LinesBetaState(difficulty, length, seed=0)
    out = [code(t) for pair in done for t in pair]
    used = {code(t) for t in placed.values()} | {code(t) for t in hand} | {code(trump)}
    used |= set(out)
    assert len(used) == len(placed) + len(hand) + 1 + len(out)
    rest = iter(c for c in range(52) if c not in used)
    grid = [-1] * 36
    for (r, c), text in placed.items():
        grid[rules.cell_of(r, c)] = code(text)
    for r, c in gaps:
        grid[rules.cell_of(r, c)] = -3
    for i in range(36):
        if grid[i] == -3:
            grid[i] = rules.GAP
        elif grid[i] == -1:
            grid[i] = next(rest)
    face_up = 0
    for cell in rules.DIAGONAL:
        face_up |= 1 << cell
    for r, c in up:
        face_up |= 1 << rules.cell_of(r, c)
    blocked = 0
    for r, c in gaps:
        face_up &= ~(1 << rules.cell_of(r, c))
        blocked |= rules.blocking_mask(rules.cell_of(r, c))
    tricks = tuple(
        Trick(i + 1, code(p), 0, 0, (), (), rules.cell_of(*gaps[i]), code(g), True, "a", "")
        for i, (p, g) in enumerate(done)
    )
    state._snapshot = replace(
        state.snapshot,
        phase=PHASE_PLAY,
        grid=tuple(grid),
        face_up=face_up,
        deck=tuple(sorted(rest)),
        hand=tuple(sorted(code(t) for t in hand)),
        trump=code(trump),
        player=points[0],
        grid_points=points[1],
        round=round_no,
        blocked=blocked,
        tricks=tricks,
    )
    return state
