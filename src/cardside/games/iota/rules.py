"""IOTA's rules as pure functions over small ints: the cards, what makes a line, a turn's score.

A card is an int: ``colour * 16 + shape * 4 + (number - 1)`` for the 64 cards (0-63) and
:data:`WILD` (64) for either wild card. A set of cards is described by a 64-bit mask of the
cards that could join it in one line (:func:`compat`), so the move generator tests a card with
one shift and the validity of a line with one lookup.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement

from cardside.core.words import counted

COLOURS = "RYGB"
SHAPES = "CSTX"
COLOUR_NAMES = ("red", "yellow", "green", "blue")
SHAPE_NAMES = ("circle", "square", "triangle", "cross")
NUMBER_NAMES = ("one", "two", "three", "four")
PROPERTIES = ("colour", "shape", "number")

CARDS = 64
WILD = 64
WILDS = 2
DECK: tuple[int, ...] = (*range(CARDS), WILD, WILD)
HAND_SIZE = 4
MAX_LINE = 4
MIN_PLAYERS, MAX_PLAYERS = 2, 4
ALL = (1 << CARDS) - 1


def colour(card: int) -> int:
    return card >> 4


def shape(card: int) -> int:
    return (card >> 2) & 3


def number(card: int) -> int:
    """The printed number, 1-4 (a wild has none; see :func:`value`)."""
    return (card & 3) + 1


def value(card: int) -> int:
    """A card's face value: its number, 0 for a wild."""
    return 0 if card == WILD else (card & 3) + 1


def prop(card: int, p: int) -> int:
    """Property ``p`` (0 colour, 1 shape, 2 number) of a real card, as 0-3."""
    return (card >> (4 - 2 * p)) & 3


# HAVING[p][v]: the mask of cards whose property p has value v.
HAVING: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << c for c in range(CARDS) if prop(c, p) == v) for v in range(4)) for p in range(3)
)


def _values_mask(cards: Sequence[int], p: int) -> int:
    m = 0
    for c in cards:
        m |= 1 << prop(c, p)
    return m


@lru_cache(maxsize=1 << 17)
def compat(cards: tuple[int, ...]) -> int:
    """The mask of real cards that could join ``cards`` (real, sorted) in one valid line.

    Zero when ``cards`` is not a valid line already or holds 4 cards. Each property must be the
    same on every card or different on every card, and no card can appear twice.
    """
    n = len(cards)
    if n == 0:
        return ALL
    if n >= MAX_LINE:
        return 0
    if n == 1:
        return ALL & ~(1 << cards[0])
    allowed = ALL
    for p in range(3):
        m = _values_mask(cards, p)
        count = m.bit_count()
        if count == 1:
            allowed &= HAVING[p][m.bit_length() - 1]
        elif count == n:
            allowed &= sum(HAVING[p][v] for v in range(4) if not m >> v & 1)
        else:
            return 0
    for c in cards:
        allowed &= ~(1 << c)
    return allowed


def valid_line(cards: Sequence[int]) -> bool:
    """True if real ``cards`` (2 to 4 of them) make a valid line."""
    if len(cards) > MAX_LINE:
        return False
    if len(cards) < 2:
        return True
    *rest, last = sorted(cards)
    return bool(compat(tuple(rest)) >> last & 1)


def line_fault(cards: Sequence[int]) -> str | None:
    """Why real ``cards`` cannot stand in one line, as ``"2 reds and a blue"``; else None."""
    if len(cards) < 2:
        return None
    if len(set(cards)) < len(cards):
        return "the same card twice"
    names = (COLOUR_NAMES, SHAPE_NAMES, NUMBER_NAMES)
    for p in range(3):
        counts = [0, 0, 0, 0]
        for c in cards:
            counts[prop(c, p)] += 1
        present = [v for v in range(4) if counts[v]]
        if len(present) not in (1, len(cards)):
            parts = [_count(counts[v], names[p][v]) for v in present]
            return " and ".join([", ".join(parts[:-1]), parts[-1]] if len(parts) > 2 else parts)
    return None


def _count(n: int, noun: str) -> str:
    if n == 1:
        return "a " + noun  # no colour, shape or number name takes "an" ("a one")
    return f"{n} {noun}es" if noun.endswith("ss") else f"{n} {noun}s"


# -- wilds ---------------------------------------------------------------------------------------
def readings(real: tuple[int, ...], others: int = ALL) -> int:
    """The mask of cards a single wild can stand for in a line with ``real`` cards."""
    return compat(tuple(sorted(real))) & others


def pair_readings(real: tuple[int, ...], first: int, second: int) -> bool:
    """True if two wilds in one line with ``real`` can stand for two different cards.

    ``first`` and ``second`` limit each wild's reading (from its other line).
    """
    base = tuple(sorted(real))
    options = compat(base) & first
    while options:
        low = options & -options
        r = low.bit_length() - 1
        if compat(tuple(sorted((*base, r)))) & second:
            return True
        options ^= low
    return False


# -- scoring -------------------------------------------------------------------------------------
def turn_score(line_values: Sequence[int], lots: int, all4: bool, final: bool) -> int:
    """The sum of the lines' values, doubled once per lot, for all 4 cards and the last turn."""
    return sum(line_values) << (lots + int(all4) + int(final))


MAX_LINES = 1 + HAND_SIZE  # the line played along, and one across each placed card
MAX_LINE_VALUE = 16
#: What a line can be worth. Numbers all the same or all different, a wild worth 0: two or
#: three cards make 0 to 9 or 12 (three 4s); four cards, a lot, also 10 (1+2+3+4) or 16.
LINE_VALUES = frozenset(range(0, 10)) | {10, 12, 16}
#: The values only four cards make: such a line is a lot completed this turn (a lot made
#: before takes no card, so it scores no more).
LOT_ONLY = frozenset({10, 16})


def written_cards(text: str) -> tuple[int, ...] | None:
    """The cards' numbers of a line's value typed as their sum (``2+3+4``, each 0 to 4, a wild
    0), or None where it is one number or other arithmetic (``8+4``: two values added)."""
    parts = text.replace(" ", "").split("+")
    if len(parts) < 2 or not all(len(p) == 1 and p in "01234" for p in parts):
        return None
    return tuple(int(p) for p in parts)


def line_words(words: Sequence[str]) -> list[str]:
    """Typed words as one word a line's value: a sum typed with spaces round its signs joined
    again (``8 + 4``), a sum of card numbers kept whole (``2+3+4``: one line's cards), any
    other sum split into the lines it adds (``8+4``: lines of 8 and 4, as a turn is read out
    at the table; no line is worth 12 but four cards' 4+4+4)."""
    joined: list[str] = []
    for word in words:
        if joined and (joined[-1].endswith("+") or word.startswith("+")):
            joined[-1] += word
        else:
            joined.append(word)
    out: list[str] = []
    for word in joined:
        terms = word.split("+")
        # Only a sum of plain numbers is split: lots=1+1 and 8+lot are read (or refused) whole.
        if len(terms) > 1 and all(t.isascii() and t.isdigit() for t in terms):
            out.extend(terms if written_cards(word) is None else [word])
        else:
            out.append(word)
    return out


def written_fault(numbers: Sequence[int]) -> str | None:
    """Why no line holds cards of these numbers (a wild 0); None if one can."""
    shown = "+".join(map(str, numbers))
    if len(numbers) > MAX_LINE:
        return f"{shown}: a line holds at most {MAX_LINE} cards, not {len(numbers)}"
    if numbers.count(0) > WILDS:
        return f"{shown}: the game has {WILDS} wilds (each 0), not {numbers.count(0)}"
    real = [n for n in numbers if n]
    if len(set(real)) not in (1, len(real)):
        return f"{shown}: a line's numbers are all the same or all different"
    return None


def written_lots_fault(written: Sequence[tuple[int, ...] | None], lots: int) -> str | None:
    """Why the lines typed as sums need more lots than given (four cards in a line that
    scores are a lot made this turn), or fewer (a line of 2 or 3 cards is no lot); None if
    the lots given fit them. A line typed as one number may be either."""
    four = [ns for ns in written if ns is not None and len(ns) == MAX_LINE]
    if len(four) > lots:
        shown = "+".join(map(str, four[0]))
        return (
            f"{shown} is a line of {MAX_LINE} cards, a lot: {counted(len(four), 'such line')} "
            f"but {counted(lots, 'lot')}"
        )
    short = [ns for ns in written if ns is not None and len(ns) < MAX_LINE]
    could = len(written) - len(short)
    if lots > could and short:
        shown = "+".join(map(str, short[0]))
        return (
            f"{shown} is a line of {len(short[0])} cards, not a lot (a lot is {MAX_LINE} "
            f"cards): {counted(lots, 'lot')} but {counted(could, 'line')} that can be one"
        )
    return None


def lots_fitting(written: Sequence[tuple[int, ...] | None], lots: int) -> int:
    """The number of lots nearest ``lots`` that the lines typed as sums allow."""
    four = sum(ns is not None and len(ns) == MAX_LINE for ns in written)
    could = sum(ns is None or len(ns) == MAX_LINE for ns in written)
    return min(max(lots, four), could)


def quick_fault(
    line_values: Sequence[int], lots: int, all4: bool, *, possible: bool = True
) -> str | None:
    """Why a turn described by its lines cannot happen; None if it can. ``possible`` also
    asks that each value be one a line can have (a file kept before that check replays
    without it)."""
    if not line_values:
        return "give the value of each line the turn made"
    if len(line_values) > MAX_LINES:
        return f"a turn makes at most {MAX_LINES} lines, not {len(line_values)}"
    for v in line_values:
        if not 0 <= v <= MAX_LINE_VALUE:
            return f"a line is worth 0 to {MAX_LINE_VALUE} (four 4s), not {v}"
        if possible and v not in LINE_VALUES:
            return (
                f"no line is worth {v}: 2 or 3 cards make 0 to 9 or 12, "
                "and a lot of 4 also 10 or 16"
            )
    if lots < 0:
        return "lots cannot be negative"
    if lots > len(line_values):
        return f"{lots} lots but only {counted(len(line_values), 'line')}"
    four = sum(v in LOT_ONLY for v in line_values)
    if possible and four > lots:
        return (
            f"a line worth 10 or 16 has 4 cards, a lot: {counted(four, 'such line')} "
            f"but {counted(lots, 'lot')}"
        )
    if all4 and lots == 0:
        return "all 4 cards in one line always complete a lot: all4 needs at least one lot"
    if possible and all4 and len(line_values) < 2:
        # The 4 cards are the whole of their line, so they reach the grid across it.
        return (
            "all 4 cards make a line of their own and touch the grid only across it: all4 "
            "makes at least 2 lines"
        )
    if len(line_values) == MAX_LINES and not all4:
        made = "all 4 cards were played" + ("" if lots else ", which make a lot") + " (all4)"
        return f"{MAX_LINES} lines take all 4 cards of a hand: {made}"
    if lots and min(sorted(line_values)[-lots:]) < 2:
        return "a lot holds at least 2 numbered cards (the game has 2 wilds): it is worth 2 or more"
    if possible:
        return wilds_fault(line_values, lots, all4) or shared_fault(line_values, lots, all4)
    return None


def shared_fault(line_values: Sequence[int], lots: int, all4: bool) -> str | None:
    """Why no cards make these lines together, where each alone can be made; None if some
    can. The cards placed lie in one line (the line along), and each line across holds one
    of them: a lot worth 16 along is four 4s, so every line across holds a 4 and is worth 4
    or more. Numbers only are weighed (colours and shapes can always be chosen so): a turn
    this refuses cannot happen; one it lets pass may still be refused by the grid."""
    if _lines_made(tuple(sorted(line_values)), lots, all4):
        return None
    return (
        "no cards make these lines together: the cards placed lie in one line, and each line "
        "across it holds one of them, which counts in both (a lot worth 16 is four 4s, so a "
        "line across it holds a 4; one worth 10 is 1 2 3 4)"
    )


@lru_cache(maxsize=4096)
def _lines_made(values: tuple[int, ...], lots: int, all4: bool) -> bool:
    """Whether some turn's cards make lines worth ``values`` with ``lots`` of them lots."""
    count = len(values)
    for placed in (HAND_SIZE,) if all4 else range(1, HAND_SIZE):
        # One card placed: its row and its column, both holding it. More: the line along
        # holds them all, and each line across holds one.
        alongs: Iterable[int | None] = [None] if placed == 1 else range(count)
        for along in alongs:
            across = [i for i in range(count) if i != along]
            if placed == 1 and count > 2 or placed > 1 and len(across) > placed:
                continue
            for lot_lines in combinations(range(count), lots):
                if all4 and along not in lot_lines:
                    continue
                for numbers in _placed_numbers(placed):
                    if _fits(values, lot_lines, along, across, numbers):
                        return True
    return False


@cache
def _placed_numbers(placed: int) -> tuple[tuple[int, ...], ...]:
    """Every choice of numbers for the cards placed, in order (0 for a wild)."""
    out: list[tuple[int, ...]] = [()]
    for _ in range(placed):
        out = [(*t, n) for t in out for n in range(5)]
    return tuple(out)


def _fits(
    values: Sequence[int],
    lot_lines: Sequence[int],
    along: int | None,
    across: Sequence[int],
    numbers: tuple[int, ...],
) -> bool:
    """Whether lines of ``values`` can hold the cards placed (``numbers``): ``along`` all of
    them, the lines ``across`` one each (in turn; with one card placed every line holds it),
    ``lot_lines`` of 4 cards, within the game's wilds."""
    wilds = numbers.count(0)
    if along is not None:
        # With no line across, the cards placed touch the grid along: it holds one more.
        touch = 0 if across else 1
        more = _fewest_more_wilds(tuple(sorted(numbers)), values[along], along in lot_lines, touch)
        if more is None:
            return False
        wilds += more
        if wilds > WILDS:
            return False
    for k, line in enumerate(across):
        held = numbers[0] if along is None else numbers[k]
        more = _fewest_more_wilds((held,), values[line], line in lot_lines)
        if more is None:
            return False
        wilds += more
        if wilds > WILDS:
            return False
    return True


@lru_cache(maxsize=4096)
def _fewest_more_wilds(
    held: tuple[int, ...], value: int, lot: bool, fewest_more: int = 0
) -> int | None:
    """The fewest wilds among the cards a line adds to those it ``held`` (numbers, 0 a wild)
    to be worth ``value``, of 4 cards for a lot, else 2 or 3 (at least ``fewest_more`` added);
    None if none can. The real numbers of a line are all the same or all different."""
    best = None
    for length in (MAX_LINE,) if lot else (2, 3):
        extra = length - len(held)
        if extra < max(fewest_more, 0):
            continue
        for added in combinations_with_replacement(range(5), extra):
            numbers = [n for n in (*held, *added) if n]
            if sum(numbers) != value:
                continue
            if len(set(numbers)) not in (1, len(numbers)) and numbers:
                continue
            wilds = added.count(0)
            if best is None or wilds < best:
                best = wilds
    return best


@cache
def fewest_wilds(value: int, lot: bool) -> int | None:
    """The fewest wilds in a line worth ``value`` (a lot of 4 cards, else 2 or 3 cards);
    None if no such line has at most :data:`WILDS` wilds. A wild is worth 0, and the numbers
    of the other cards are all the same or all different."""
    fewest = _fewest_more_wilds((), value, lot)
    return fewest if fewest is not None and fewest <= WILDS else None


def wilds_fault(line_values: Sequence[int], lots: int, all4: bool) -> str | None:
    """Why the lines of one turn need more wilds than the game has; None if they need no more.

    A turn's lines are the line along its cards and lines across it, which are parallel and
    share no card; a wild is in at most two of them, where the line along crosses one across.
    Which lines are the lots, and which one runs along, is not given: any choice that fits.
    """
    count = len(line_values)
    fewest_needed: tuple[list[int], tuple[int, ...]] | None = None
    for lot_lines in combinations(range(count), lots):
        needs = [fewest_wilds(v, i in lot_lines) for i, v in enumerate(line_values)]
        if any(n is None for n in needs):
            continue
        need = [n or 0 for n in needs]
        alongs = [i for i in range(count) if not all4 or i in lot_lines]
        if any(_wilds_reach(need, along) for along in alongs):
            return None
        if fewest_needed is None or sum(need) < sum(fewest_needed[0]):
            fewest_needed = (need, lot_lines)
    if fewest_needed is None:
        return f"no line of these values has at most {WILDS} wilds"
    need, lot_lines = fewest_needed
    kinds: dict[tuple[str, int, int], int] = {}
    for i, (v, n) in enumerate(zip(line_values, need)):
        if n:
            key = ("lot" if i in lot_lines else "line", v, n)
            kinds[key] = kinds.get(key, 0) + 1
    held = ", ".join(
        f"a {kind} worth {v} holds at least {counted(n, 'wild')}"
        if times == 1
        else f"{times} {kind}s worth {v} hold at least {n} each"
        for (kind, v, n), times in kinds.items()
    )
    return (
        f"these lines need more than the game's {WILDS} wilds, as two lines share at most "
        f"one card: {held}"
    )


def _wilds_reach(need: Sequence[int], along: int) -> bool:
    """Whether the game's two wilds can lie in every line that needs them, line ``along``
    crossing each of the others once and those others sharing no card."""
    # Where a wild can lie: in the line along or not, and in one line across or none. In
    # both at once it is where they cross, a cell only one wild can take.
    spots = [(a, j) for a in (False, True) for j in [None, *range(len(need))] if j != along]
    for first in spots:
        for second in spots:
            if first[0] and second[0] and first[1] == second[1] and first[1] is not None:
                continue
            got = [0] * len(need)
            for in_along, across in (first, second):
                if in_along:
                    got[along] += 1
                if across is not None:
                    got[across] += 1
            if all(g >= n for g, n in zip(got, need)):
                return True
    return False


def doublings(lots: int, all4: bool, final: bool) -> list[str]:
    """Why the turn's total doubles, one phrase per doubling."""
    out = ["one lot" if lots == 1 else f"lot {i}" for i in range(1, lots + 1)]
    if all4:
        out.append("all 4 cards")
    if final:
        out.append("final turn")
    return out


def breakdown(line_values: Sequence[int], lots: int, all4: bool, final: bool) -> str:
    """``(8 + 4 + 5) × 2 (one lot) = 34``; ``8 + 4 = 12`` where nothing doubles it."""
    total = turn_score(line_values, lots, all4, final)
    base = " + ".join(map(str, line_values))
    reasons = doublings(lots, all4, final)
    if not reasons:
        return f"{base} = {total}" if len(line_values) > 1 else f"{base}"
    if len(line_values) > 1:
        base = f"({base})"
    if lots > 1:
        reasons = [f"{lots} lots", *reasons[lots:]]
    factors = " × ".join(["2"] * (lots + int(all4) + int(final)))
    return f"{base} × {factors} ({', '.join(reasons)}) = {total}"


# -- actions -------------------------------------------------------------------------------------
Cell = tuple[int, int]
MAX_COORD = 99  # 66 cards cannot reach further from the starter


@dataclass(frozen=True, slots=True)
class Play:
    """Cards placed this turn: ``(card, x, y)`` each, sorted by cell."""

    cards: tuple[tuple[int, int, int], ...]

    @classmethod
    def of(cls, cards: Sequence[tuple[int, int, int]]) -> Play:
        return cls(tuple(sorted(cards, key=lambda p: (p[1], p[2]))))

    @property
    def cells(self) -> list[Cell]:
        return [(x, y) for _, x, y in self.cards]


@dataclass(frozen=True, slots=True)
class Pass:
    """A pass, putting ``cards`` (sorted) on the bottom of the pile and drawing as many."""

    cards: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Swap:
    """Recycling: ``card`` from hand takes the place of the wild at ``(x, y)``."""

    card: int
    x: int
    y: int


Action = Play | Pass | Swap


def turn_numbers(moves: Iterable[tuple[int, Action]]) -> list[int]:
    """The turn each move (its seat, its action) belongs to, counted from 1: a wild swapped
    and the play that follows it are one turn of that player."""
    numbers: list[int] = []
    swapped_by: int | None = None
    for seat, action in moves:
        opens = swapped_by is None or seat != swapped_by
        numbers.append((numbers[-1] if numbers else 0) + opens)
        swapped_by = seat if isinstance(action, Swap) else None
    return numbers
