"""One placement checked against the grid: the reason it is refused, or the lines it scores.

The grid is a mapping from cell ``(x, y)`` to card; x grows to the right, y upwards. A line
along a row is named ``row y=1``, along a column ``column x=3``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from cardside.games.iota import rules
from cardside.games.iota.notation import format_card
from cardside.games.iota.rules import ALL, MAX_LINE, WILD, Cell

Grid = Mapping[Cell, int]
STEPS = ((1, 0), (0, 1))  # along a row, along a column
NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1))


@dataclass(frozen=True, slots=True)
class Line:
    """A line created or extended this turn: its cells (in order), cards and face value."""

    axis: int  # 0 a row, 1 a column
    cells: tuple[Cell, ...]
    cards: tuple[int, ...]

    @property
    def value(self) -> int:
        return sum(rules.value(c) for c in self.cards)

    @property
    def lot(self) -> bool:
        return len(self.cells) == MAX_LINE

    @property
    def name(self) -> str:
        return line_name(self.axis, self.cells)


@dataclass(frozen=True, slots=True)
class Scored:
    """What a legal placement makes: its lines, the lots among them, and if all 4 were placed."""

    lines: tuple[Line, ...]
    lots: int
    all4: bool

    def score(self, final: bool = False) -> int:
        return rules.turn_score([ln.value for ln in self.lines], self.lots, self.all4, final)


def line_name(axis: int, cells: Sequence[Cell]) -> str:
    x, y = cells[0]
    return f"row y={y}" if axis == 0 else f"column x={x}"


def run(grid: Grid, cell: Cell, axis: int) -> tuple[Cell, ...]:
    """The maximal run of occupied cells through ``cell`` along ``axis`` (``cell`` included)."""
    dx, dy = STEPS[axis]
    x, y = cell
    lo = 0
    while (x - (lo + 1) * dx, y - (lo + 1) * dy) in grid:
        lo += 1
    hi = 0
    while (x + (hi + 1) * dx, y + (hi + 1) * dy) in grid:
        hi += 1
    return tuple((x + i * dx, y + i * dy) for i in range(-lo, hi + 1))


def touches(grid: Grid, cell: Cell) -> bool:
    x, y = cell
    return any((x + dx, y + dy) in grid for dx, dy in NEIGHBOURS)


def lines_through(grid: Grid, cells: Iterable[Cell]) -> list[Line]:
    """Every line (2 or more cards) through any of ``cells``, each once."""
    seen: set[tuple[int, Cell]] = set()
    out = []
    for cell in cells:
        for axis in (0, 1):
            r = run(grid, cell, axis)
            if len(r) >= 2 and (axis, r[0]) not in seen:
                seen.add((axis, r[0]))
                out.append(Line(axis, r, tuple(grid[c] for c in r)))
    return out


def _span(line: Line) -> str:
    a, b = line.cells[0], line.cells[-1]
    return f"{line.name} ({a[0]},{a[1]} to {b[0]},{b[1]})"


def lines_fault(lines: Sequence[Line], grid: Grid) -> str | None:
    """Why these lines (of the grid after a move) are not all valid; None if they are."""
    for line in lines:
        if len(line.cells) > MAX_LINE:
            return f"{_span(line)} would be {len(line.cells)} cards long (at most {MAX_LINE})"
    for line in lines:
        fault = rules.line_fault([c for c in line.cards if c != WILD])
        if fault:
            return f"{_span(line)} would hold {fault}"
    wilds = {cell for line in lines for cell in line.cells if grid[cell] == WILD}
    return wild_fault(grid, wilds)


def wild_readings(grid: Grid, cell: Cell, skip: Cell | None = None) -> int:
    """The cards the wild at ``cell`` could stand for, given its lines' real cards; a line
    through ``skip`` (the other wild) is left out."""
    mask = ALL
    for axis in (0, 1):
        r = run(grid, cell, axis)
        if len(r) < 2 or (skip is not None and skip in r):
            continue
        mask &= rules.readings(tuple(grid[c] for c in r if grid[c] != WILD))
    return mask


def wild_fault(grid: Grid, wilds: Iterable[Cell]) -> str | None:
    """Why a wild among ``wilds`` can stand for no card that keeps its lines valid."""
    for cell in sorted(wilds):
        for axis in (0, 1):
            r = run(grid, cell, axis)
            others = [c for c in r if c != cell and grid[c] == WILD]
            if others:
                other = others[0]
                real = tuple(grid[c] for c in r if grid[c] != WILD)
                first = wild_readings(grid, cell, skip=other)
                second = wild_readings(grid, other, skip=cell)
                if not rules.pair_readings(real, first, second):
                    name = line_name(axis, r)
                    return f"the two wilds in {name} could not stand for two different cards"
        if not wild_readings(grid, cell):
            needs = [
                f"{_span(Line(axis, r, ()))} needs {needs_text(grid, r)}"
                for axis in (0, 1)
                if len(r := run(grid, cell, axis)) >= 2
            ]
            return f"the wild at {cell[0]},{cell[1]} could stand for no card: " + "; ".join(needs)
    return None


def needs_text(grid: Grid, cells: Sequence[Cell]) -> str:
    """What a wild in the line on ``cells`` could stand for, given the line's real cards:
    ``RC1``, ``any card but RC1``, ``a red or blue square numbered 1 or 4``."""
    real = tuple(grid[c] for c in cells if grid[c] != WILD)
    mask = rules.readings(real)
    cards = [c for c in range(rules.CARDS) if mask >> c & 1]
    if not cards:
        return "no card at all"
    if len(cards) == rules.CARDS:
        return "any card"
    if len(cards) <= 2:
        return " or ".join(format_card(c) for c in cards)
    if len(real) == 1 and len(cards) == rules.CARDS - 1:
        return f"any card but {format_card(real[0])}"
    values = [sorted({rules.prop(c, p) for c in cards}) for p in range(3)]
    if len(cards) != len(values[0]) * len(values[1]) * len(values[2]):
        return f"one of {len(cards)} cards"  # not one per property: no line of real cards
    colours = " or ".join(rules.COLOUR_NAMES[v] for v in values[0]) if len(values[0]) < 4 else ""
    shapes = " or ".join(rules.SHAPE_NAMES[v] for v in values[1]) if len(values[1]) < 4 else "card"
    numbers = " or ".join(str(v + 1) for v in values[2])
    text = " ".join(part for part in (colours, shapes) if part)
    if len(values[2]) < 4:
        text += f" numbered {numbers}"
    return ("an " if text[0] in "aeiou" else "a ") + text


def check(grid: Grid, placements: Sequence[tuple[int, int, int]]) -> Scored | str:
    """The lines a placement scores, or a one-line reason it is refused (hand not checked)."""
    if not grid:
        return "the grid is empty: the starter card comes first"
    k = len(placements)
    if k == 0:
        return "place at least one card"
    if k > rules.HAND_SIZE:
        return f"at most {rules.HAND_SIZE} cards a turn, not {k}"
    cells = [(x, y) for _, x, y in placements]
    seen: set[Cell] = set()
    for cell in cells:
        if cell in seen:
            return f"{cell[0]},{cell[1]} is named twice"
        seen.add(cell)
        if cell in grid:
            return f"{cell[0]},{cell[1]} already holds {format_card(grid[cell])}"
    xs = {x for x, _ in cells}
    ys = {y for _, y in cells}
    if len(xs) > 1 and len(ys) > 1:
        return "the cards are not in one row or one column"
    after = dict(grid)
    for card, x, y in placements:
        after[(x, y)] = card
    if k > 1:
        axis = 0 if len(ys) == 1 else 1
        first, last = min(cells), max(cells)
        dx, dy = STEPS[axis]
        length = max(last[0] - first[0], last[1] - first[1])
        for i in range(1, length):
            cell = (first[0] + i * dx, first[1] + i * dy)
            if cell not in after:
                return f"a gap at {cell[0]},{cell[1]} between the cards (one unbroken line)"
    if not any(touches(grid, cell) for cell in cells):
        # Tab offers such cells too: a play of more cards may reach the grid from them.
        where = "the card touches" if len(cells) == 1 else "the cards touch"
        return f"{where} no card already on the grid (a card away from it needs others to reach it)"
    lines = lines_through(after, cells)
    fault = lines_fault(lines, after)
    if fault:
        return fault
    return Scored(tuple(lines), sum(ln.lot for ln in lines), k == rules.HAND_SIZE)


def check_swap(grid: Grid, card: int, cell: Cell) -> str | None:
    """Why ``card`` may not replace the wild at ``cell``; None if it may."""
    if card == WILD:
        return "a wild is swapped for a real card from the hand (name that card)"
    held = grid.get(cell)
    if held is None:
        return f"there is no card at {cell[0]},{cell[1]}"
    if held != WILD:
        return f"{cell[0]},{cell[1]} holds {format_card(held)}, not a wild"
    after = dict(grid)
    after[cell] = card
    fault = lines_fault(lines_through(after, [cell]), after)
    if fault:
        return f"{format_card(card)} cannot stand at {cell[0]},{cell[1]}: {fault}"
    return None


def grid_fault(grid: Grid) -> str | None:
    """Why a whole grid breaks the rules (a line too long or invalid, a wild that fits
    nothing, cards not connected to the starter); None if it is sound."""
    if not grid:
        return None
    lines = lines_through(grid, grid)
    fault = lines_fault(lines, grid)
    if fault:
        return fault
    start = next(iter(grid))
    reached = {start}
    todo = [start]
    while todo:
        x, y = todo.pop()
        for dx, dy in NEIGHBOURS:
            n = (x + dx, y + dy)
            if n in grid and n not in reached:
                reached.add(n)
                todo.append(n)
    if len(reached) != len(grid):
        lost = min(set(grid) - reached)
        return f"the card at {lost[0]},{lost[1]} is not connected to the others"
    return None
