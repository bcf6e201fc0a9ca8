"""The whole two-player round solved exactly, with transpositions, symmetry and dominance.

Only the order of the cards still in play and their colours matter for the rest of a round, so
a position is written as a *sequence*: the remaining cards of both hands from lowest to highest,
each a 2-bit symbol (owner, black). Renumbering the cards this way makes many positions reached
by different tricks the same key. Cards of one seat with none of the other seat's between them
(a *block*) compare alike with every card they can meet, so only how many of a block are red
matters: a block is written red cards first. Two symmetries shrink the table further: swapping
the players (the value changes sign, and the previous winner swaps) and swapping the colours
(only whether two colours agree matters); the key is the least of the images.
Reversing the order is not one: the same colours pick the highest card in either direction.

Cards of one colour in a block are interchangeable, so only one of them is a row (or column)
of the trick's matrix game. A sequence is met again with many runs and previous winners, so
the trick's cells (who wins each, the key of the position each leads to) are worked out once
per sequence and kept: a position then costs a table look-up per cell and one matrix game.
Most of those games are small and are solved without a linear programme
(:func:`~cardside.games.octrix.equilibrium.game_value`: a saddle point, dominated rows and
columns removed, closed forms with two strategies on one side or three on each). The table
keeps every value for the rest of the round, so once the first trick is solved every later
move is a look-up. Values are to seat 0: its round points from here on minus seat 1's.

Simultaneous-move alpha-beta (Saffidine, Finnsson and Buro, 2012) was tried with bounds from
what the rest of a round can be worth at most: it pruned almost nothing (a cell's row or column
can be dropped only once the other cells of the row are bounded tightly, which here means
solved), and its bookkeeping made the first move slower, so the search stays exhaustive.
"""

from __future__ import annotations

from collections.abc import Callable

from cardside.games.octrix.equilibrium import MatrixSolution, game_value, solve_matrix_game

NO_WINNER = 2  # the previous-winner field before the first trick
SHARED_TABLE = 400_000  # positions kept by the shared table (a full round adds 5,000-26,000)

# A trick's cells (see _children). Tuples, not lists: the collector stops tracking tuples of
# numbers, so a table of many shapes does not lengthen every full garbage collection.
Shape = tuple[tuple[tuple[int, int], ...], ...]


def encode(hand0: int, hand1: int) -> tuple[int, int]:
    """The sequence of two hands (card-number bit masks) and its length."""
    code = 0
    m = 0
    both = hand0 | hand1
    card = 0
    while both >> card:
        if (both >> card) & 1:
            owner = 0 if (hand0 >> card) & 1 else 2
            code |= (owner | ((card >> 1) & 1)) << (2 * m)
            m += 1
        card += 1
    return code, m


def _remove(code: int, i: int, j: int) -> int:
    """``code`` without the symbols at places ``i`` and ``j`` (``i < j``)."""
    code = (code & ((1 << 2 * j) - 1)) | ((code >> (2 * j + 2)) << (2 * j))
    return (code & ((1 << 2 * i) - 1)) | ((code >> (2 * i + 2)) << (2 * i))


def _block(owner: int, reds: int, blacks: int) -> int:
    """The symbols of a block of ``owner``'s cards, its red cards first."""
    red = owner << 1
    symbols = [red] * reds + [red | 1] * blacks
    return sum(symbol << 2 * i for i, symbol in enumerate(symbols))


_BLOCKS = {
    (owner, reds, blacks): _block(owner, reds, blacks)
    for owner in (0, 1)
    for reds in range(9)
    for blacks in range(9 - reds)
}


def images(code: int, m: int) -> tuple[int, int]:
    """The least sequence among the images of ``code`` that keep the seats, and among those
    that swap them (each image may also swap the colours).

    Cards of one seat with no card of the other seat between them compare alike with every
    card they can meet, so within such a block only how many are red and how many black
    matters: an image lists each block's red cards first.
    """
    blocks: list[list[int]] = []  # [owner, reds, blacks] from the lowest card up
    for i in range(m):
        symbol = (code >> 2 * i) & 3
        owner = symbol >> 1
        if not blocks or blocks[-1][0] != owner:
            blocks.append([owner, 0, 0])
        blocks[-1][1 + (symbol & 1)] += 1
    # Seats kept (colours kept, swapped), then seats swapped (colours kept, swapped).
    found = [0, 0, 0, 0]
    place = 0
    for owner, reds, blacks in blocks:
        found[0] |= _BLOCKS[owner, reds, blacks] << place
        found[1] |= _BLOCKS[owner, blacks, reds] << place
        found[2] |= _BLOCKS[1 - owner, reds, blacks] << place
        found[3] |= _BLOCKS[1 - owner, blacks, reds] << place
        place += 2 * (reds + blacks)
    return min(found[0], found[1]), min(found[2], found[3])


def canonical(code: int, m: int, prev: int) -> tuple[int, int, int]:
    """The canonical image of a position: (sequence, previous winner, 1 if the seats swapped),
    the least (sequence, previous winner) of its images (see :func:`images`)."""
    kept, swapped = images(code, m)
    other = prev if prev == NO_WINNER else 1 - prev
    if (kept, prev) <= (swapped, other):
        return kept, prev, 0
    return swapped, other, 1


class RoundSolver:
    """Exact values of two-player round positions, with a table kept across calls."""

    def __init__(self, max_table: int = 2_000_000) -> None:
        self.max_table = max_table
        self.table: dict[int, float] = {}
        # The shape of a position's trick, whatever the run: see _children and _last_tricks.
        self.shapes: dict[int, Shape] = {}
        self.last_tricks: dict[int, list[list[int]]] = {}
        self.images: dict[int, tuple[int, int]] = {}
        self.nodes = 0  # positions solved, for measuring

    def value(self, hand0: int, hand1: int, high: bool, prev: int, run: int) -> float:
        """Value to seat 0 from hands ``hand0``/``hand1`` (card masks); ``prev`` -1 or a seat."""
        code, m = encode(hand0, hand1)
        if m == 0:
            return 0.0
        return self._value(code, m, high, NO_WINNER if prev < 0 else prev, run)

    def solve(self, hand0: int, hand1: int, high: bool, prev: int, run: int) -> MatrixSolution:
        """The next trick's matrix game (rows seat 0's cards, columns seat 1's, low to high)."""
        return solve_matrix_game(self.matrix(hand0, hand1, high, prev, run))

    def matrix(self, hand0: int, hand1: int, high: bool, prev: int, run: int) -> list[list[float]]:
        """Payoffs to seat 0 of the next trick, with exact values of the positions it leads to."""
        code, m = encode(hand0, hand1)
        place = {}
        n = 0
        for card in range(32):
            if ((hand0 | hand1) >> card) & 1:
                place[card] = n
                n += 1
        p = NO_WINNER if prev < 0 else prev
        rows = [c for c in range(32) if (hand0 >> c) & 1]
        cols = [c for c in range(32) if (hand1 >> c) & 1]
        return [[self._cell(code, m, high, p, run, place[a], place[b]) for b in cols] for a in rows]

    def _cell(self, code: int, m: int, high: bool, prev: int, run: int, i: int, j: int) -> float:
        """Payoff when seat 0 plays the symbol at place ``i`` and seat 1 the one at ``j``."""
        won = (i > j) == high
        winner = 0 if won else 1
        if winner == prev:
            points, new_run = 2 * run + 1, run + 1
        else:
            points, new_run = 1, 1
        pay = float(points if won else -points)
        if m > 2:
            lo, hi = (i, j) if i < j else (j, i)
            same = ((code >> 2 * i) & 1) == ((code >> 2 * j) & 1)
            pay += self._value(_remove(code, lo, hi), m - 2, same, winner, new_run)
        return pay

    def _value(self, code: int, m: int, high: bool, prev: int, run: int) -> float:
        """The value to seat 0 of position ``code`` (any of its four images), from the table."""
        code, prev, swap = canonical(code, m, prev)
        sign = -1.0 if swap else 1.0
        key = code << 12 | m << 7 | high << 6 | run << 2 | prev
        v = self.table.get(key)
        if v is None:
            v = self._solve(code, m, high, prev, run)
            self._store(key, v)
        return sign * v

    def clear(self) -> None:
        """Forget every value and trick shape (a cold start, as for a new process)."""
        self.table.clear()
        self.shapes.clear()
        self.last_tricks.clear()
        self.images.clear()

    def _images(self, code: int, m: int) -> tuple[int, int]:
        """:func:`images`, remembered: many tricks leave the same sequence."""
        key = code << 5 | m
        found = self.images.get(key)
        if found is None:
            found = self.images[key] = images(code, m)
        return found

    def _store(self, key: int, v: float) -> None:
        if len(self.table) >= self.max_table:
            self.clear()
        self.table[key] = v

    def _solve(self, code: int, m: int, high: bool, prev: int, run: int) -> float:
        """The value of a canonical position: its trick's matrix game, solved."""
        self.nodes += 1
        if m == 2:
            return self._cell(code, m, high, prev, run, *((0, 1) if code & 2 == 0 else (1, 0)))
        # What seat 0's trick points and the run become when seat 0 wins (p0, n0) or seat 1
        # wins (p1, n1).
        extend = 2 * run + 1
        if prev == 0:
            p0, n0, p1, n1 = extend, run + 1, -1, 1
        elif prev == 1:
            p0, n0, p1, n1 = 1, 1, -extend, run + 1
        else:
            p0, n0, p1, n1 = 1, 1, -1, 1
        shape_key = code << 6 | m << 1 | high
        if m == 4:
            # One card each is left after this trick: the payoff of the two tricks by who wins
            # each, in the order (this, last) = (0, 1), (0, 0), (1, 1), (1, 0).
            outcome = (p0 - 1, p0 + 2 * n0 + 1, p1 - 2 * n1 - 1, p1 + 1)
            kinds = self.last_tricks.get(shape_key)
            if kinds is None:
                kinds = self.last_tricks[shape_key] = _last_tricks(code, high)
            return game_value([[outcome[c] for c in row] for row in kinds])
        shape = self.shapes.get(shape_key)
        if shape is None:
            both = _children(code, m, self._images)
            self.shapes[shape_key & ~1] = both[0]
            self.shapes[shape_key | 1] = both[1]
            shape = both[high]
        # The child's previous winner in its canonical image, and the run, by the cell's kind
        # (who wins this trick, and whether the child's image swaps the seats).
        tails = (n0 << 2, n0 << 2 | 1, n1 << 2 | 1, n1 << 2)
        pays = (p0, p0, p1, p1)
        get = self.table.get
        matrix: list[list[float]] = []
        for row in shape:
            out: list[float] = []
            for kind, base in row:
                key = base | tails[kind]
                v = get(key)
                if v is None:
                    v = self._solve(key >> 12, m - 2, bool(key >> 6 & 1), key & 3, key >> 2 & 15)
                    self._store(key, v)
                out.append(pays[kind] - v if kind & 1 else pays[kind] + v)
            matrix.append(out)
        return game_value(matrix)


def _places(code: int, m: int) -> tuple[list[int], list[int]]:
    """The places of seat 0's and of seat 1's symbols, one of each run of equal neighbours."""
    syms = [(code >> (2 * i)) & 3 for i in range(m)]
    rows = [i for i in range(m) if syms[i] < 2 and (i == 0 or syms[i - 1] != syms[i])]
    cols = [j for j in range(m) if syms[j] >= 2 and (j == 0 or syms[j - 1] != syms[j])]
    return rows, cols


def _children(
    code: int, m: int, images_of: Callable[[int, int], tuple[int, int]] = images
) -> tuple[Shape, Shape]:
    """The trick's cells under "lowest wins" and under "highest wins", each cell as (kind,
    table key without run and previous winner) of the canonical image of the position it leads
    to; kind is 2 × (seat 1 wins) + (the image swaps the seats)."""
    k = m - 2
    rows, cols = _places(code, m)
    low: list[tuple[tuple[int, int], ...]] = []
    high: list[tuple[tuple[int, int], ...]] = []
    for i in rows:
        low_row: list[tuple[int, int]] = []
        high_row: list[tuple[int, int]] = []
        colour = (code >> 2 * i) & 1
        without_i = (code & ((1 << 2 * i) - 1)) | ((code >> (2 * i + 2)) << (2 * i))
        for j in cols:
            jj = j - 1 if j > i else j  # place j once place i is gone
            rest = (without_i & ((1 << 2 * jj) - 1)) | ((without_i >> (2 * jj + 2)) << (2 * jj))
            same = colour == (code >> 2 * j) & 1
            # Seat 0 wins with the higher card under "highest", the lower under "lowest"; the
            # winner leads the next position, whose canonical image may swap the seats.
            kept, swapped = images_of(rest, k)
            for row, winner in ((low_row, int(i > j)), (high_row, int(i < j))):
                swap = int((swapped, 1 - winner) < (kept, winner))
                image = swapped if swap else kept
                row.append((2 * winner + swap, image << 12 | k << 7 | same << 6))
        low.append(tuple(low_row))
        high.append(tuple(high_row))
    return tuple(low), tuple(high)


def _last_tricks(code: int, high: bool) -> list[list[int]]:
    """With two cards each: for each cell, 2 × (seat 1 wins this trick) + (seat 0 the last)."""
    rows, cols = _places(code, 4)
    kinds = []
    for i in rows:
        row = []
        for j in cols:
            lo, hi = (i, j) if i < j else (j, i)
            rest = _remove(code, lo, hi)
            same = ((code >> 2 * i) & 1) == ((code >> 2 * j) & 1)
            last_won = (rest & 2 == 0) != same  # seat 0 holds the lower card of the last trick
            row.append(2 * ((i > j) != high) + last_won)
        kinds.append(row)
    return kinds


_SHARED: list[RoundSolver] = []


def shared_solver() -> RoundSolver:
    """One table for every bot of this process: the values are exact, so sharing them changes
    no bot's choice, only how often a position is solved again."""
    if not _SHARED:
        _SHARED.append(RoundSolver(max_table=SHARED_TABLE))
    return _SHARED[0]
