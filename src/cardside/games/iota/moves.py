"""Every legal play of a hand on a grid, with its score.

A play fills every empty cell of one segment of a row or column (1 to 4 cells long, with empty
cells just beyond both ends), so the generator walks the segments that hold a cell next to the
grid. Whether a line is valid depends only on the set of its cards, so for each segment it
tries each set of hand cards once (a lookup of the set as a 64-bit mask), and only then the
orders of a valid set, each card tested against the line across its cell with one shift.
When a wild is placed or sits in a line the play changes, the wilds' readings are checked
exactly. A wild is never declared, so a play is listed once whatever its wilds stand for.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from cardside.games.iota import rules
from cardside.games.iota.placement import NEIGHBOURS, Grid, wild_fault
from cardside.games.iota.rules import ALL, MAX_LINE, WILD, Cell, Play

VALUE = tuple(rules.value(c) for c in range(rules.CARDS + 1))
# A set of real cards is summed up by its signature: the count, and for each property the
# mask of values present, packed as ``count << 12 | colours << 8 | shapes << 4 | numbers``.
# Two disjoint sets combine by adding counts and or-ing masks, and VALID_SIG says whether a
# signature is a valid line, with no need to list the cards.
SIG = tuple(
    1 << 12 | 1 << (8 + rules.colour(c)) | 1 << (4 + rules.shape(c)) | 1 << (rules.number(c) - 1)
    for c in range(rules.CARDS)
)


def _sig_valid(sig: int) -> bool:
    n = sig >> 12
    if n <= 1:
        return True
    if n > MAX_LINE:
        return False
    counts = [((sig >> shift) & 15).bit_count() for shift in (8, 4, 0)]
    return all(c in (1, n) for c in counts) and counts != [1, 1, 1]


VALID_SIG = tuple(_sig_valid(sig) for sig in range(8 << 12))
_COMPAT: dict[int, int] = {}


def combine(a: int, b: int) -> int:
    """The signature of two disjoint sets together."""
    return ((a >> 12) + (b >> 12)) << 12 | ((a | b) & 0xFFF)


def compat_mask(mask: int) -> int:
    """:func:`rules.compat` of the real cards in ``mask``."""
    found = _COMPAT.get(mask)
    if found is None:
        if len(_COMPAT) > 1 << 20:
            _COMPAT.clear()
        cards = tuple(c for c in range(rules.CARDS) if mask >> c & 1)
        found = _COMPAT[mask] = rules.compat(cards)
    return found


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


@dataclass(frozen=True, slots=True)
class _Group:
    """A set of hand cards: the mask of its real cards, its value, whether it holds a wild,
    and its distinct orders."""

    mask: int
    high: int  # the signature's count part
    low: int  # the signature's value masks
    value: int
    wild: bool
    orders: tuple[tuple[int, ...], ...]


def _groups(hand: Sequence[int]) -> list[list[_Group]]:
    """The distinct sets of hand cards, by size."""
    by_size: list[list[_Group]] = [[] for _ in range(len(hand) + 1)]
    seen = set()
    for k in range(1, len(hand) + 1):
        for combo in itertools.combinations(sorted(hand), k):
            if combo in seen:
                continue
            seen.add(combo)
            mask = 0
            sig = 0
            for c in combo:
                if c != WILD:
                    mask |= 1 << c
                    sig = combine(sig, SIG[c])
            orders = tuple(sorted(set(itertools.permutations(combo))))
            by_size[k].append(
                _Group(
                    mask,
                    sig & ~0xFFF,
                    sig & 0xFFF,
                    sum(VALUE[c] for c in combo),
                    WILD in combo,
                    orders,
                )
            )
    return by_size


def legal_moves(grid: Grid, hand: Sequence[int], *, pile_empty: bool = False) -> list[Move]:
    """Every legal play of ``hand`` on ``grid`` with its score; empty when there is none.

    With ``pile_empty`` a play of the whole hand ends the game and its score is doubled.
    """
    out: list[Move] = []
    _walk(grid, hand, pile_empty, out, None)
    return out


class _Top:
    """The best play found so far by :func:`best_move`."""

    __slots__ = ("move", "score")

    def __init__(self) -> None:
        self.move: Move | None = None
        self.score = -1


def best_move(
    grid: Grid, hand: Sequence[int], *, pile_empty: bool = False, above: int = -1
) -> Move | None:
    """The highest-scoring legal play, None when there is none: the same play as
    ``max(legal_moves(grid, hand, pile_empty=pile_empty), key=lambda m: m.score)`` (the first
    of the best in that order), found without listing the others. A segment or a set of cards
    whose score cannot pass the best so far is skipped: a set's cards add at most their own
    values to the line along and to the lines across, and its doublings are known before its
    orders are tried. With ``above``, only a play scoring more than ``above`` is looked for
    (None when there is none), which skips more.
    """
    top = _Top()
    top.score = above
    _walk(grid, hand, pile_empty, None, top)
    return top.move


def _walk(
    grid: Grid, hand: Sequence[int], pile_empty: bool, out: list[Move] | None, top: _Top | None
) -> None:
    """Every legal play into ``out``, or only a better one than ``top``'s into ``top``."""
    if not grid or not hand:
        return
    size = len(hand)
    groups = _groups(hand)
    xs = [x for x, _ in grid]
    ys = [y for _, y in grid]
    for axis in (0, 1):
        min_new = 1 if axis == 0 else 2  # a single card is found once, along its row
        if size < min_new:
            continue
        # Along a row (axis 0) a line is indexed by y and a cell within it by x; along a
        # column the other way round. Bit i of a line's mask is position ``off + i``.
        if axis == 0:
            lo, hi, off = min(ys), max(ys), min(xs) - MAX_LINE - 1
        else:
            lo, hi, off = min(xs), max(xs), min(ys) - MAX_LINE - 1
        occupied: dict[int, int] = {}
        for x, y in grid:
            line, pos = (y, x) if axis == 0 else (x, y)
            occupied[line] = occupied.get(line, 0) | 1 << (pos - off)
        cross: dict[Cell, Cross | None] = {}
        cx, cy = (0, 1) if axis == 0 else (1, 0)
        for line in range(lo - 1, hi + 2):
            occ = occupied.get(line, 0)
            near = occupied.get(line - 1, 0) | occupied.get(line + 1, 0) | occ << 1 | occ >> 1
            front = near & ~occ
            if not front:
                continue
            first = (front & -front).bit_length() - 1
            last = front.bit_length() - 1
            for start in range(max(first - MAX_LINE + 1, 1), last + 1):
                if occ >> (start - 1) & 1:
                    continue
                for length in range(1, MAX_LINE + 1):
                    if occ >> (start + length) & 1:
                        continue
                    seg = ((1 << length) - 1) << start
                    if not seg & front:
                        continue
                    free = seg & ~occ
                    k = free.bit_count()
                    if k < min_new or k > size:
                        continue
                    empties: list[Cell] = []
                    existing = sig = base = 0
                    wild_cells: list[Cell] = []
                    for b in range(start, start + length):
                        cell = (b + off, line) if axis == 0 else (line, b + off)
                        if free >> b & 1:
                            empties.append(cell)
                            continue
                        card = grid[cell]
                        if card == WILD:
                            wild_cells.append(cell)
                        else:
                            existing |= 1 << card
                            sig = combine(sig, SIG[card])
                            base += VALUE[card]
                    sh, sl = sig & ~0xFFF, sig & 0xFFF
                    valid = [
                        g
                        for g in groups[k]
                        if not g.mask & existing and VALID_SIG[sh + g.high | (sl | g.low)]
                    ]
                    if not valid:
                        continue
                    infos = []
                    for cell in empties:
                        if cell in cross:
                            info = cross[cell]
                        else:
                            info = cross[cell] = _cross(grid, cell, cx, cy)
                        if info is None:
                            break
                        infos.append(info)
                    else:
                        _fill(
                            grid,
                            valid,
                            existing,
                            base if length > 1 else -1,
                            length == MAX_LINE,
                            empties,
                            infos,
                            wild_cells,
                            k == rules.HAND_SIZE,
                            pile_empty and k == size,
                            out,
                            top,
                        )


Cross = tuple[int, int, int, tuple[Cell, ...], bool]


def _cross(grid: Grid, cell: Cell, cx: int, cy: int) -> Cross | None:
    """For a card placed at ``cell``: (mask of the real cards the line across allows, the value
    of its other cards, its length, its wild cells, whether the mask already accounts for its
    one wild); None if the line would be longer than 4."""
    x, y = cell
    cells = []
    a, b = x - cx, y - cy
    while (a, b) in grid:
        cells.append((a, b))
        a, b = a - cx, b - cy
    a, b = x + cx, y + cy
    while (a, b) in grid:
        cells.append((a, b))
        a, b = a + cx, b + cy
    n = len(cells) + 1
    if n > MAX_LINE:
        return None
    if n == 1:
        return (ALL, 0, 1, (), True)
    mask = 0
    value = 0
    wilds = []
    for p in cells:
        card = grid[p]
        if card == WILD:
            wilds.append(p)
        else:
            mask |= 1 << card
            value += VALUE[card]
    allowed = compat_mask(mask)
    if not wilds:
        return (allowed, value, n, (), True)
    if len(wilds) == 1:
        # The wild's other line runs along the play; with no wild in it, fold the wild's
        # needs into the mask: a card may go here if the wild can still stand for something.
        other = _wild_other_line(grid, wilds[0], cy, cx)
        if other is not None:
            folded = 0
            options = allowed
            while options:
                low = options & -options
                if compat_mask(mask | low) & other:
                    folded |= low
                options ^= low
            return (folded, value, n, tuple(wilds), True)
    return (allowed, value, n, tuple(wilds), False)


def _wild_other_line(grid: Grid, cell: Cell, dx: int, dy: int) -> int | None:
    """The cards the wild at ``cell`` may stand for by its line along (dx, dy); None if that
    line holds another wild."""
    x, y = cell
    mask = 0
    for step in (1, -1):
        a, b = x + step * dx, y + step * dy
        while (a, b) in grid:
            card = grid[(a, b)]
            if card == WILD:
                return None
            mask |= 1 << card
            a, b = a + step * dx, b + step * dy
    return compat_mask(mask)


def _fill(
    grid: Grid,
    valid: list[_Group],
    existing: int,
    base: int,
    main_lot: bool,
    empties: list[Cell],
    infos: list[Cross],
    wild_cells: list[Cell],
    all4: bool,
    final: bool,
    out: list[Move] | None,
    top: _Top | None,
) -> None:
    """Every order of each valid set of hand cards in the empty cells of one segment, into
    ``out``; or, with ``top``, only a play that scores more than ``top``'s."""
    masks = [info[0] for info in infos]
    unfolded = not all(info[4] for info in infos)
    fixed_lots = int(main_lot) + sum(info[2] == MAX_LINE for info in infos)
    cross_base = sum(info[1] for info in infos if info[2] > 1)
    scoring = [info[2] > 1 for info in infos]
    shift_base = int(all4) + int(final)
    k = len(empties)
    shift = fixed_lots + shift_base
    for group in valid:
        main = base + group.value if base >= 0 else 0
        if top is not None and (main + cross_base + group.value) << shift <= top.score:
            continue  # no order of this set can pass the best so far
        for order in group.orders:
            total = main + cross_base
            for i in range(k):
                card = order[i]
                if card != WILD and not masks[i] >> card & 1:
                    break
                if scoring[i]:
                    total += VALUE[card]
            else:
                placed = tuple((order[i], *empties[i]) for i in range(k))
                if not (group.wild or wild_cells or unfolded):
                    pass  # the masks were exact
                elif (
                    group.wild
                    and not (wild_cells or unfolded)
                    and order.count(WILD) == 1
                    and not infos[order.index(WILD)][3]
                ):
                    # One wild, placed: it must fit this line and the line across it.
                    if not compat_mask(existing | group.mask) & masks[order.index(WILD)]:
                        continue
                else:
                    after = dict(grid)
                    for card, x, y in placed:
                        after[(x, y)] = card
                    wilds = set(wild_cells)
                    wilds.update(empties[i] for i in range(k) if order[i] == WILD)
                    for info in infos:
                        wilds.update(info[3])
                    if wild_fault(after, wilds) is not None:
                        continue
                score = total << shift
                if top is None:
                    assert out is not None
                    out.append(Move(Play(placed), score, fixed_lots))
                elif score > top.score:
                    top.move = Move(Play(placed), score, fixed_lots)
                    top.score = score
