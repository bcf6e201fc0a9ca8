"""LinesBeta rules as pure functions over small data.

Cards are coded as integers for speed: ``code = suit_index * 13 + (rank - 2)`` with suits in
the order clubs, spades, hearts, diamonds and ranks 2..14 (jack 11, queen 12, king 13, ace 14).
Cells are integers ``0..35`` in reading order: cell ``(row, column)`` (both 1-based) is
``(row - 1) * 6 + (column - 1)``. Lines are integers ``0..11``: rows 1-6 are ``0..5``, columns
1-6 are ``6..11``. An end is ``0`` (left of a row, top of a column) or ``1`` (right, bottom).

The game state and the scorekeeper both call these functions, so a trick, a return between
rounds and the end of the game are decided in one place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Literal

from cardside.core.cards import Card, Suit
from cardside.core.words import counted

SIZE = 6
CELLS = SIZE * SIZE
LINES = 2 * SIZE
DECK_SIZE = 52
HAND_DEAL = 7
TRICKS_PER_ROUND = 6
GAP = -1

Difficulty = Literal["easy", "normal", "hard"]
Length = Literal["full", "short"]
DIFFICULTIES: tuple[Difficulty, ...] = ("easy", "normal", "hard")
LENGTHS: tuple[Length, ...] = ("full", "short")

# (player target, grid target) by difficulty and length.
TARGETS: dict[tuple[str, str], tuple[int, int]] = {
    ("easy", "full"): (21, 21),
    ("normal", "full"): (26, 16),
    ("hard", "full"): (31, 11),
    ("easy", "short"): (12, 12),
    ("normal", "short"): (14, 10),
    ("hard", "short"): (18, 6),
}
ROUNDS: dict[str, int] = {"full": 7, "short": 4}


def targets(difficulty: str, length: str) -> tuple[int, int]:
    """The (player, grid) targets for a difficulty and a game length."""
    try:
        return TARGETS[(difficulty, length)]
    except KeyError:
        raise ValueError(
            f"unknown setting {difficulty}/{length} "
            f"(difficulty: {', '.join(DIFFICULTIES)}; length: {', '.join(LENGTHS)})"
        ) from None


def max_rounds(length: str) -> int:
    """How many rounds a game of this length lasts at most."""
    if length not in ROUNDS:
        raise ValueError(f"unknown length {length!r} (use full or short)")
    return ROUNDS[length]


# -- cards ---------------------------------------------------------------------------------


def rank_of(card: int) -> int:
    """Rank 2..14 of a coded card."""
    return card % 13 + 2


def suit_of(card: int) -> int:
    """Suit index 0..3 (clubs, spades, hearts, diamonds) of a coded card."""
    return card // 13


def card_code(rank: int, suit: int) -> int:
    """The code of the card with this rank (2..14) and suit index (0..3)."""
    if not 2 <= rank <= 14 or not 0 <= suit <= 3:
        raise ValueError(f"no card with rank {rank} and suit {suit}")
    return suit * 13 + rank - 2


# -- coordinates ---------------------------------------------------------------------------


def cell_of(row: int, column: int) -> int:
    """The cell index of (row, column), both counted from 1."""
    if not (1 <= row <= SIZE and 1 <= column <= SIZE):
        raise ValueError(f"no cell ({row}, {column}) in a {SIZE}x{SIZE} grid")
    return (row - 1) * SIZE + column - 1


def row_col(cell: int) -> tuple[int, int]:
    """(row, column) of a cell index, both counted from 1."""
    return cell // SIZE + 1, cell % SIZE + 1


def is_row(line: int) -> bool:
    return line < SIZE


def line_number(line: int) -> int:
    """The 1-based row or column number of a line."""
    return line % SIZE + 1


DIAGONAL: tuple[int, ...] = tuple(cell_of(r, SIZE + 1 - r) for r in range(1, SIZE + 1))


def _line_cells(line: int) -> tuple[int, ...]:
    n = line % SIZE
    if line < SIZE:
        return tuple(n * SIZE + c for c in range(SIZE))
    return tuple(r * SIZE + n for r in range(SIZE))


# LINE_CELLS[line] runs left to right or top to bottom; ORDER[line][end] from the chosen end.
LINE_CELLS: tuple[tuple[int, ...], ...] = tuple(_line_cells(i) for i in range(LINES))
ORDER: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = tuple(
    (cells, cells[::-1]) for cells in LINE_CELLS
)
# The two lines through each cell: (its row, its column).
LINES_THROUGH: tuple[tuple[int, int], ...] = tuple(
    (cell // SIZE, SIZE + cell % SIZE) for cell in range(CELLS)
)
LINE_BITS: tuple[int, ...] = tuple(sum(1 << c for c in LINE_CELLS[i]) for i in range(LINES))
ALL_LINES = (1 << LINES) - 1


def blocking_mask(cell: int) -> int:
    """Bits of the two lines that a gap at ``cell`` blocks."""
    r, c = LINES_THROUGH[cell]
    return (1 << r) | (1 << c)


def complete_lines(grid: Sequence[int]) -> list[int]:
    """Lines with no gap: the lines that may be challenged."""
    return [line for line in range(LINES) if all(grid[c] != GAP for c in LINE_CELLS[line])]


# -- one trick -----------------------------------------------------------------------------

Case = Literal["a", "b", "c"]


@dataclass(frozen=True, slots=True)
class Resolution:
    """What a challenge does to a line, in positions counted from the chosen end (0 first).

    ``turned`` lists the positions turned face up now, in order. ``grid_pos`` is the position
    of the card the grid plays, or ``None`` when the player chooses it (case c).
    """

    turned: tuple[int, ...]
    grid_pos: int | None
    player_wins: bool
    case: Case
    reason: str


def resolve(cards: Sequence[int], face_up: Sequence[bool], played: int, trumps: int) -> Resolution:
    """Resolve a challenge of a complete line with ``played``; ``trumps`` is a suit index.

    ``cards`` and ``face_up`` give the line's six cards in order from the chosen end.
    a. Stop at the first card of the played suit: the grid plays it, higher rank wins.
    b. No card of that suit, the played suit is not trumps and the line holds a trump:
       the grid plays its lowest trump and wins.
    c. Otherwise the player wins and chooses which of the line's cards the grid plays.
    """
    suit = played // 13
    turned: list[int] = []
    for pos, card in enumerate(cards):
        if card < 0:
            raise ValueError("a line with a gap cannot be challenged")
        if not face_up[pos]:
            turned.append(pos)
        if card // 13 == suit:
            wins = card % 13 < played % 13
            return Resolution(
                tuple(turned),
                pos,
                wins,
                "a",
                "higher card of the suit led" if wins else "the grid's card of the suit is higher",
            )
    if suit != trumps:
        low_pos = -1
        for pos, card in enumerate(cards):
            if card // 13 == trumps and (low_pos < 0 or card < cards[low_pos]):
                low_pos = pos
        if low_pos >= 0:
            return Resolution(
                tuple(turned), low_pos, False, "b", "no card of the suit; the grid trumps"
            )
    return Resolution(tuple(turned), None, True, "c", "no card of the suit and no trump")


# -- between rounds ------------------------------------------------------------------------


def fully_face_up_lines(grid: Sequence[int], face_up_mask: int) -> list[int]:
    """Lines with no face-down card left (gaps do not count as face down)."""
    out = []
    for line in range(LINES):
        if all(grid[c] == GAP or face_up_mask >> c & 1 for c in LINE_CELLS[line]):
            out.append(line)
    return out


def returning_cells(grid: Sequence[int], face_up_mask: int) -> list[int]:
    """Cells whose cards go back to the deck at the end of a round, in reading order."""
    cells: set[int] = set()
    for line in fully_face_up_lines(grid, face_up_mask):
        cells.update(c for c in LINE_CELLS[line] if grid[c] != GAP)
    return sorted(cells)


# -- end of the game -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Verdict:
    """A settled game: who won, whether it stopped before the round's end, and why."""

    player_wins: bool
    early: bool
    reason: str


def verdict(
    player: int,
    grid: int,
    player_target: int,
    grid_target: int,
    tricks_left: int,
    last_round: bool,
) -> Verdict | None:
    """Whether the game is settled now, with ``tricks_left`` tricks left in this round.

    The grid reaching its target is a loss, even when the player has reached theirs. The
    player reaching theirs wins once the grid can no longer reach its target this round
    (at the end of a round, ``tricks_left`` is 0). After the last round, a player who has not
    reached their target loses.
    """
    early = tricks_left > 0
    if grid >= grid_target:
        both = (
            f" (you reached {player_target} too, but the grid's target decides)"
            if (player >= player_target)
            else ""
        )
        return Verdict(False, early, f"the grid reached its target of {grid_target}{both}")
    if player >= player_target and grid + tricks_left < grid_target:
        if early:
            reason = (
                f"you reached your target of {player_target} and the grid cannot reach "
                f"{grid_target} with {counted(tricks_left, 'trick')} left "
                "this round"
            )
        else:
            reason = f"you reached your target of {player_target}"
        return Verdict(True, early, reason)
    if last_round and tricks_left == 0:
        return Verdict(
            False,
            False,
            f"the last round is over and you did not reach your target of {player_target}",
        )
    return None


# -- actions -------------------------------------------------------------------------------


class Line(IntEnum):
    """A row (R1-R6, top to bottom) or a column (C1-C6, left to right); value = line index."""

    R1 = 0
    R2 = 1
    R3 = 2
    R4 = 3
    R5 = 4
    R6 = 5
    C1 = 6
    C2 = 7
    C3 = 8
    C4 = 9
    C5 = 10
    C6 = 11

    @property
    def is_row(self) -> bool:
        return self.value < SIZE

    @property
    def number(self) -> int:
        return self.value % SIZE + 1

    @property
    def ends(self) -> tuple[str, str]:
        """The two end letters, in index order: ("L", "R") or ("T", "B")."""
        return ("L", "R") if self.value < SIZE else ("T", "B")

    def __str__(self) -> str:
        return f"{'r' if self.value < SIZE else 'c'}{self.number}"


END_INDEX = {"L": 0, "R": 1, "T": 0, "B": 1}
SUIT_ORDER = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
SUIT_INDEX = {s: i for i, s in enumerate(SUIT_ORDER)}
# Canonical Card objects by code, and the reverse map.
CARDS: tuple[Card, ...] = tuple(Card(c % 13 + 2, SUIT_ORDER[c // 13]) for c in range(DECK_SIZE))
CODE: dict[Card, int] = {card: i for i, card in enumerate(CARDS)}


def code_of(card: Card) -> int:
    """The integer code of a standard-deck card."""
    try:
        return CODE[card]
    except KeyError:
        if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < DECK_SIZE:
            raise ValueError(f"{card} is a card's code, not a card: use CARDS[{card}]") from None
        raise ValueError(f"{card} is not a card of the standard 52-card deck") from None
    except TypeError:  # not hashable
        raise ValueError(f"{card!r} is not a card") from None


@dataclass(frozen=True, slots=True)
class ChooseTrump:
    """Set ``card`` aside as the trump card of this round."""

    card: Card
    code: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", code_of(self.card))


@dataclass(frozen=True, slots=True)
class Challenge:
    """Play ``card`` against ``line`` from ``end`` (L or R for a row, T or B for a column)."""

    card: Card
    line: Line
    end: str
    code: int = field(init=False, compare=False, repr=False)
    end_index: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if isinstance(self.line, str):
            # Line is an IntEnum: its name ("R3", "c2") is read as well as its value.
            try:
                line = Line[self.line.upper()]
            except KeyError:
                raise ValueError(f"not a line: {self.line!r} (R1 to R6, C1 to C6)") from None
        else:
            line = Line(self.line)
        if self.end not in line.ends:
            raise ValueError(f"{line} has no end {self.end!r} (use {' or '.join(line.ends)})")
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "code", code_of(self.card))
        object.__setattr__(self, "end_index", END_INDEX[self.end])


@dataclass(frozen=True, slots=True)
class ChooseCell:
    """After a case-c win: the grid plays the card at ``(row, column)``, 1-based."""

    row: int
    column: int
    cell: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cell", cell_of(self.row, self.column))


Action = ChooseTrump | Challenge | ChooseCell

# Every action built once, so legal-move lists cost no allocation.
TRUMP_ACTIONS: tuple[ChooseTrump, ...] = tuple(ChooseTrump(c) for c in CARDS)
CHALLENGE_ACTIONS: tuple[Challenge, ...] = tuple(
    Challenge(CARDS[code], Line(line), Line(line).ends[end])
    for code in range(DECK_SIZE)
    for line in range(LINES)
    for end in (0, 1)
)
CELL_ACTIONS: tuple[ChooseCell, ...] = tuple(
    ChooseCell(cell // SIZE + 1, cell % SIZE + 1) for cell in range(CELLS)
)


def challenge_action(code: int, line: int, end: int) -> Challenge:
    """The shared Challenge object for a coded card, line index and end index."""
    return CHALLENGE_ACTIONS[code * 24 + line * 2 + end]
