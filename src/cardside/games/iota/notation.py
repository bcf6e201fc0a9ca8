"""IOTA notation: cards ``YS2`` and ``W``, cells ``x,y``, plays ``YS2 0,1 RT1 1,1``,
``pass YS2 RT1`` and ``swap GC3 1,0`` (case-insensitive).

x grows to the right and y grows upwards, counted from the starter card at ``0,0``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence

from cardside.core.errors import NotationError
from cardside.core.schema import cut
from cardside.games.iota.rules import (
    COLOURS,
    MAX_COORD,
    SHAPES,
    WILD,
    Action,
    Cell,
    Pass,
    Play,
    Swap,
)

_CARD = re.compile(r"^([RYGB])([CSTX])([1-4])$", re.I)
_CELL = re.compile(r"^([+-]?[0-9]+),([+-]?[0-9]+)$")
MAX_TEXT = 200  # a turn, typed or given
#: A whole grid (``score --grid``): room for all 66 cards at the farthest cells, with spaces.
MAX_GRID_TEXT = 2000


def parse_card(text: str) -> int:
    """``YS2`` (yellow square 2) or ``W``/``*`` (a wild)."""
    t = text.strip()
    if t.upper() in ("W", "*"):
        return WILD
    m = _CARD.match(t)
    if not m:
        raise NotationError(
            f"{t[:20]!r} is not a card (colour R Y G B, shape C S T X, number 1-4, e.g. YS2; "
            "W for a wild)"
        )
    c, s, n = m.groups()
    return COLOURS.index(c.upper()) * 16 + SHAPES.index(s.upper()) * 4 + int(n) - 1


def format_card(card: int) -> str:
    """``YS2``, or ``W`` for a wild."""
    if card == WILD:
        return "W"
    return f"{COLOURS[card >> 4]}{SHAPES[(card >> 2) & 3]}{(card & 3) + 1}"


def format_cards(cards: Iterable[int]) -> str:
    return " ".join(format_card(c) for c in sorted(cards))


def parse_cards(text: str) -> list[int]:
    """Cards separated by spaces or commas (a wild may be named twice, as there are two)."""
    return [parse_card(t) for t in text.replace(",", " ").split()]


def parse_cell(text: str) -> Cell:
    """``x,y`` with whole numbers, e.g. ``0,1`` or ``-2,0``."""
    shown = cut(text.strip(), 24)
    m = _CELL.match(text.strip().replace(" ", ""))
    if not m:
        raise NotationError(f"{shown!r} is not a cell (write x,y such as 0,1 or -2,0)")
    # The digits are counted before int() reads them: a line can hold hundreds.
    if any(len(n.lstrip("+-")) > 3 or abs(int(n)) > MAX_COORD for n in m.groups()):
        raise NotationError(f"{shown} is too far from the starter")
    return int(m.group(1)), int(m.group(2))


def format_cell(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


#: A word: what starts with a number and goes on past a comma (a cell such as 0,1 or -2, 0,
#: or a mistyped one such as 1,1e5, kept whole so that the reason quotes it), or anything up
#: to a space or a comma.
_WORD = re.compile(r"[+-]?[0-9][^\s,]*\s*,\s*[^\s,]+|[^\s,]+")


def words_of(text: str, longest: int = MAX_TEXT) -> list[str]:
    """The words of ``text``: ``YS2 0, 1``, ``YS2 (0,1)`` and ``ＹＳ２ ０,１`` are read as
    ``YS2 0,1``, and any other comma (``YS2, 0,1, RT1 1,1``) separates words as a space does.
    Text longer than ``longest`` characters is refused."""
    if len(text) > longest:
        raise NotationError(f"that line is too long (at most {longest} characters)")
    # Full-width digits and letters (from an East Asian keyboard) read as the plain ones.
    cleaned = unicodedata.normalize("NFKC", text).strip().replace("(", " ").replace(")", " ")
    return [re.sub(r"\s", "", word) for word in _WORD.findall(cleaned)]


def parse_placements(text: str, longest: int = MAX_TEXT) -> list[tuple[int, int, int]]:
    """``YS2 0,1 RT1 1,1``: a card, then its cell, for each card placed (at most ``longest``
    characters: :data:`MAX_GRID_TEXT` for a whole grid)."""
    tokens = words_of(text, longest)
    if not tokens:
        raise NotationError("name the cards to place, each with its cell: YS2 0,1 RT1 1,1")
    out = []
    for i in range(0, len(tokens), 2):
        card = parse_card(tokens[i])
        if i + 1 == len(tokens):
            raise NotationError(f"give {format_card(card)} its cell, e.g. {format_card(card)} 0,1")
        x, y = parse_cell(tokens[i + 1])
        out.append((card, x, y))
    return out


def parse_play(text: str) -> Play:
    return Play.of(parse_placements(text))


def parse_action(text: str) -> Action:
    """A play ``YS2 0,1 RT1 1,1``, ``pass`` / ``pass YS2 RT1``, or ``swap GC3 1,0``."""
    tokens = words_of(text)
    if not tokens:
        raise NotationError("type a play such as YS2 0,1, or pass, or swap")
    head = tokens[0].lower()
    if head == "pass":
        return Pass(tuple(sorted(parse_card(t) for t in tokens[1:])))
    if head == "swap":
        if len(tokens) != 3:
            raise NotationError("write a swap as swap CARD x,y, e.g. swap GC3 1,0")
        card = parse_card(tokens[1])
        if card == WILD:
            raise NotationError("a wild is swapped for a real card from the hand (name that card)")
        x, y = parse_cell(tokens[2])
        return Swap(card, x, y)
    return parse_play(" ".join(tokens))


def format_placements(cards: Sequence[tuple[int, int, int]]) -> str:
    return " ".join(f"{format_card(c)} {x},{y}" for c, x, y in cards)


def format_action(action: Action) -> str:
    """The text :func:`parse_action` reads back."""
    if isinstance(action, Pass):
        return " ".join(["pass", *(format_card(c) for c in action.cards)])
    if isinstance(action, Swap):
        return f"swap {format_card(action.card)} {action.x},{action.y}"
    return format_placements(action.cards)


CELL_WIDTH = 5  # a card, its mark (the last play) and a space: YC3* BS1


def grid_lines(
    grid: Mapping[Cell, int],
    marks: Iterable[Cell] = (),
    *,
    width: int | None = None,
    indent: int = 0,
    ascii: bool = False,
    show: Callable[[int], str] = format_card,
    bounds: tuple[int, int, int, int] | None = None,
) -> list[str]:
    """The part of the grid in use and a margin of one cell (or the cells within
    ``bounds``, lowest x, highest x, lowest y, highest y), y upwards, with x along the top
    and bottom and y down both sides; cells in ``marks`` (just placed) are starred, and
    ``show`` writes a card (in colour on a screen).

    A grid wider than ``width`` less ``indent`` (the room put before each line) is laid out
    in bands of columns, left to right, each with its own coordinates, so no row is ever
    broken across lines; each band only as tall as the cards in it and beside it need (and a
    margin of one), so that the bands together stay short."""
    lo_x, hi_x, lo_y, hi_y = frame(grid) if bounds is None else bounds
    label = max(len(str(lo_y)), len(str(hi_y)))
    per_band = _per_band(lo_x, hi_x, label, width, indent)
    marked, rows = set(marks), range(hi_y, lo_y - 1, -1)
    starts = range(lo_x, hi_x + 1, per_band)
    empty = "." if ascii else "\u00b7"
    out: list[str] = []
    for number, start in enumerate(starts, 1):
        if out:
            out.append("")
        columns = range(start, min(hi_x, start + per_band - 1) + 1)
        band_rows = rows
        if len(starts) > 1:
            out.append(f"x {columns[0]} to {columns[-1]} (part {number} of {len(starts)}):")
            if bounds is None:
                near = [y for x, y in grid if columns[0] - 1 <= x <= columns[-1] + 1]
                if near:
                    band_rows = range(min(hi_y, max(near) + 1), max(lo_y, min(near) - 1) - 1, -1)
        header = " " * (label + 1) + "".join(f"{x:^{CELL_WIDTH}}" for x in columns)
        out.append(header.rstrip())
        for y in band_rows:
            row = []
            for x in columns:
                card = grid.get((x, y))
                if card is None:
                    row.append(f"{empty:^{CELL_WIDTH}}")
                else:
                    star = "*" if (x, y) in marked else " "
                    pad = CELL_WIDTH - len(format_card(card)) - 2
                    row.append(" " + show(card) + star + " " * max(pad, 0))
            out.append(f"{y:>{label}} " + "".join(row) + f" {y}")
        out.append(header.rstrip())
    return out


def _per_band(lo_x: int, hi_x: int, label: int, width: int | None, indent: int) -> int:
    """How many columns each band of :func:`grid_lines` holds (all of them where it fits)."""
    per_band = hi_x - lo_x + 1
    if width is not None:
        # a row is the y label, a space, the cells, a space and the y label again
        fits = max(1, (width - indent - 2 * label - 2) // CELL_WIDTH)
        bands = -(-per_band // fits)
        per_band = -(-per_band // bands)  # bands of even width
    return per_band


def band_of(
    grid: Mapping[Cell, int], cell: Cell, *, width: int | None = None, indent: int = 0
) -> tuple[int, int]:
    """Which band :func:`grid_lines` draws ``cell`` in, and how many it draws: ``(1, 1)``
    where the grid fits the width."""
    lo_x, hi_x, lo_y, hi_y = frame(grid)
    label = max(len(str(lo_y)), len(str(hi_y)))
    per_band = _per_band(lo_x, hi_x, label, width, indent)
    count = len(range(lo_x, hi_x + 1, per_band))
    return min(count, (cell[0] - lo_x) // per_band + 1), count


def frame(grid: Mapping[Cell, int]) -> tuple[int, int, int, int]:
    """The cells in use and a margin of one: lowest x, highest x, lowest y, highest y."""
    xs = [x for x, _ in grid]
    ys = [y for _, y in grid]
    return min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1


def read_action(text: str, state: object = None) -> Action:
    """The action ``text`` names for the player to move in ``state`` (a game or a view),
    read as every game reads one (``GameInfo.read_action``); ``NotationError`` if none."""
    return parse_action(text)


def write_action(action: Action) -> str:
    """``action`` in plain text, as session files hold it; :func:`read_action` reads it
    back."""
    return format_action(action)
