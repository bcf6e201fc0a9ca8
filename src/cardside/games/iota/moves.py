"""Every legal play of a hand on a grid, with its score.

A play fills every empty cell of one segment of a row or column (1 to 4 cells long, with empty
cells just beyond both ends), so the generator walks the segments that hold a cell next to the
grid, and fills their empty cells with hand cards in every order. Each card is tested against
the line it joins and the line across it with the masks of :func:`rules.compat`; when a wild
is placed or sits in a line the play changes, the wilds' readings are checked exactly. A wild
is never declared, so a play is listed once whatever its wilds stand for.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardside.games.iota import rules
from cardside.games.iota.placement import NEIGHBOURS, STEPS, Grid, wild_fault
from cardside.games.iota.rules import ALL, MAX_LINE, WILD, Cell, Play

compat = rules.compat


@dataclass(frozen=True, slots=True)
class Move:
    """A legal play and what it scores (the final turn's doubling included when it ends the
    game)."""

    play: Play
    score: int
    lots: int


def frontier(grid: Grid) -> list[Cell]:
    """The empty cells next to a card, in a stable order."""
    out = set()
    for x, y in grid:
        for dx, dy in NEIGHBOURS:
            cell = (x + dx, y + dy)
            if cell not in grid:
                out.add(cell)
    return sorted(out)


def _side(grid: Grid, x: int, y: int, dx: int, dy: int) -> list[Cell]:
    out = []
    x += dx
    y += dy
    while (x, y) in grid:
        out.append((x, y))
        x += dx
        y += dy
    return out


def legal_moves(grid: Grid, hand: Sequence[int], *, pile_empty: bool = False) -> list[Move]:
    """Every legal play of ``hand`` on ``grid`` with its score; empty when there is none.

    With ``pile_empty`` a play of the whole hand ends the game and its score is doubled.
    """
    if not grid or not hand:
        return []
    hand = sorted(hand)
    size = len(hand)
    out: list[Move] = []
    segments: set[tuple[int, Cell, int]] = set()
    front = frontier(grid)
    for axis in (0, 1):
        dx, dy = STEPS[axis]
        cx, cy = STEPS[1 - axis]
        min_new = 1 if axis == 0 else 2  # a single card is found once, along its row
        if size < min_new:
            continue
        cross_cache: dict[Cell, tuple[int, int, int, bool, tuple[Cell, ...]] | None] = {}
        for fx, fy in front:
            for length in range(1, MAX_LINE + 1):
                for back in range(length):
                    sx, sy = fx - back * dx, fy - back * dy
                    key = (axis, (sx, sy), length)
                    if key in segments:
                        continue
                    segments.add(key)
                    if (sx - dx, sy - dy) in grid or (
                        sx + length * dx,
                        sy + length * dy,
                    ) in grid:
                        continue
                    _segment(
                        grid,
                        hand,
                        axis,
                        (sx, sy),
                        length,
                        (dx, dy),
                        (cx, cy),
                        min_new,
                        pile_empty,
                        cross_cache,
                        out,
                    )
    return out


def _cross(
    grid: Grid, cell: Cell, c: tuple[int, int]
) -> tuple[int, int, int, bool, tuple[Cell, ...]] | None:
    """For a card placed at ``cell``: (mask of cards the line across allows, its value, its
    length, whether it holds a wild, its wild cells); None if it would be too long."""
    x, y = cell
    before = _side(grid, x, y, -c[0], -c[1])
    after = _side(grid, x, y, c[0], c[1])
    n = len(before) + len(after) + 1
    if n > MAX_LINE:
        return None
    if n == 1:
        return (ALL, 0, 1, False, ())
    cards = [grid[p] for p in before + after]
    real = tuple(sorted(k for k in cards if k != WILD))
    wilds = tuple(p for p in before + after if grid[p] == WILD)
    mask = compat(real) if len(real) < MAX_LINE else 0
    return (mask, sum(rules.value(k) for k in real), n, bool(wilds), wilds)


def _segment(
    grid: Grid,
    hand: list[int],
    axis: int,
    start: Cell,
    length: int,
    d: tuple[int, int],
    c: tuple[int, int],
    min_new: int,
    pile_empty: bool,
    cross_cache: dict[Cell, tuple[int, int, int, bool, tuple[Cell, ...]] | None],
    out: list[Move],
) -> None:
    sx, sy = start
    empties: list[Cell] = []
    existing: list[int] = []
    wild_cells: list[Cell] = []
    for i in range(length):
        cell = (sx + i * d[0], sy + i * d[1])
        card = grid.get(cell)
        if card is None:
            empties.append(cell)
        else:
            existing.append(card)
            if card == WILD:
                wild_cells.append(cell)
    k = len(empties)
    if k < min_new or k > len(hand):
        return
    crosses = []
    for cell in empties:
        if cell not in cross_cache:
            cross_cache[cell] = _cross(grid, cell, c)
        info = cross_cache[cell]
        if info is None:
            return
        crosses.append(info)
    real_existing = [card for card in existing if card != WILD]
    base_value = sum(rules.value(card) for card in real_existing)
    main_lot = length == MAX_LINE
    segment_wild = bool(wild_cells)
    cross_wild = any(info[3] for info in crosses)
    all4 = k == rules.HAND_SIZE
    final = pile_empty and k == len(hand)
    used = [False] * len(hand)
    chosen: list[int] = []

    def finish() -> None:
        total = base_value + sum(rules.value(card) for card in chosen) if length > 1 else 0
        lots = int(main_lot)
        for card, info in zip(chosen, crosses):
            if info[2] > 1:
                total += info[1] + rules.value(card)
                lots += info[2] == MAX_LINE
        placed = tuple((card, x, y) for card, (x, y) in zip(chosen, empties))
        if segment_wild or cross_wild or WILD in chosen:
            after = dict(grid)
            for card, x, y in placed:
                after[(x, y)] = card
            wilds = set(wild_cells)
            wilds.update(cell for card, cell in zip(chosen, empties) if card == WILD)
            for info in crosses:
                wilds.update(info[4])
            if wild_fault(after, wilds) is not None:
                return
        shift = lots + int(all4) + int(final)
        out.append(Move(Play.of(placed), total << shift, lots))

    def place(i: int, real: tuple[int, ...]) -> None:
        if i == k:
            finish()
            return
        allowed = compat(real) if len(real) < MAX_LINE else 0
        cross_mask = crosses[i][0]
        tried = -1
        for j, card in enumerate(hand):
            if used[j] or card == tried:
                continue
            tried = card
            if card == WILD:
                used[j] = True
                chosen.append(card)
                place(i + 1, real)
                chosen.pop()
                used[j] = False
            elif allowed >> card & 1 and cross_mask >> card & 1:
                used[j] = True
                chosen.append(card)
                place(i + 1, tuple(sorted((*real, card))))
                chosen.pop()
                used[j] = False

    place(0, tuple(sorted(real_existing)))
