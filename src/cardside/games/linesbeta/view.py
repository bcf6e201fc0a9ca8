"""What the player sees of a LinesBeta game: trick records and the observation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from cardside.core.cards import Card
from cardside.games.linesbeta.notation import format_card
from cardside.games.linesbeta.rules import (
    CARDS,
    CELL_ACTIONS,
    CHALLENGE_ACTIONS,
    GAP,
    LINE_CELLS,
    LINES,
    TRICKS_PER_ROUND,
    TRUMP_ACTIONS,
    Action,
    Challenge,
    ChooseCell,
    ChooseTrump,
    Line,
    Verdict,
    row_col,
)

HIDDEN = -2
PHASE_TRUMP = "trump"
PHASE_PLAY = "play"
PHASE_CELL = "cell"
PHASE_OVER = "over"


@dataclass(frozen=True, slots=True)
class Trick:
    """One challenge and how it went. Cells are indices 0..35 (see ``rules.row_col``).

    ``visited`` lists the line's cells looked at from the chosen end, in order (for case b and
    c, the whole line); ``turned`` those of them turned face up by this challenge.
    ``grid_cell`` is ``None`` while the player still has to choose it (case c).
    """

    number: int
    played: int
    line: int
    end: int
    visited: tuple[int, ...]
    turned: tuple[int, ...]
    grid_cell: int | None
    grid_card: int | None
    player_wins: bool
    case: str
    reason: str

    @property
    def played_card(self) -> Card:
        return CARDS[self.played]

    @property
    def grid_played_card(self) -> Card | None:
        return None if self.grid_card is None else CARDS[self.grid_card]


@dataclass(frozen=True, slots=True)
class Observation:
    """The player's view: ``grid`` holds card codes, ``GAP`` or ``HIDDEN`` per cell."""

    difficulty: str
    length: str
    rounds: int
    player_target: int
    grid_target: int
    round: int
    phase: str
    grid: tuple[int, ...]
    hand: tuple[int, ...]
    trump: int
    tricks: tuple[Trick, ...]
    blocked: int
    player: int
    grid_points: int
    verdict: Verdict | None
    unseen: tuple[int, ...]
    fill_round: tuple[int, ...]
    back_round: tuple[int, ...]
    #: Face-down cells whose card the player saw turned up before an undo took the turn
    #: back: ``grid`` shows those cards, as the player knows them.
    remembered: int = 0

    def current_player(self) -> int | None:
        """0 (the player) while the game goes on, as the state's ``current_player`` says."""
        return None if self.phase == PHASE_OVER else 0

    def legal_actions(self) -> list[Action]:
        """The player's legal actions (the same list the state gives)."""
        if self.phase == PHASE_PLAY:
            return [
                CHALLENGE_ACTIONS[card * 24 + line * 2 + end]
                for card in self.hand
                for line in range(LINES)
                if not self.blocked >> line & 1
                for end in (0, 1)
            ]
        if self.phase == PHASE_TRUMP:
            return [TRUMP_ACTIONS[c] for c in self.hand]
        if self.phase == PHASE_CELL:
            return [CELL_ACTIONS[c] for c in LINE_CELLS[self.tricks[-1].line]]
        return []

    def why_illegal(self, action: object) -> str:
        """The one-line reason the game would give that ``action`` is illegal now, or ``""``
        when it is legal."""
        return why_illegal(self, action) or ""

    def is_legal(self, action: object) -> bool:
        """Whether the player may take ``action`` now."""
        return why_illegal(self, action) is None

    @property
    def tricks_left(self) -> int:
        """Tricks still to play this round (the pending case-c trick counts as played)."""
        return TRICKS_PER_ROUND - len(self.tricks)


class _Position(Protocol):
    """The fields a legality check reads; the full snapshot and the observation both have them."""

    @property
    def phase(self) -> str: ...
    @property
    def grid(self) -> tuple[int, ...]: ...
    @property
    def hand(self) -> tuple[int, ...]: ...
    @property
    def tricks(self) -> tuple[Trick, ...]: ...
    @property
    def blocked(self) -> int: ...
    @property
    def trump(self) -> int: ...


def why_illegal(s: _Position, action: object) -> str | None:
    """None if ``action`` is legal in ``s``, else a one-line reason.

    Only what the player can see is consulted (phase, hand, gaps, the last trick's line), so
    the same reasons serve the game state and the player's view of it.
    """
    if s.phase == PHASE_OVER:
        return "the game is over"
    if isinstance(action, Challenge):
        if s.phase == PHASE_TRUMP:
            return "choose this round's trump card first"
        if s.phase == PHASE_CELL:
            return "choose which card of the line the grid plays first"
        if action.code == s.trump:
            return f"{_name(action.code)} is this round's trump card, set aside: not in your hand"
        if action.code not in s.hand:
            return f"{_name(action.code)} is not in your hand"
        if s.blocked >> action.line & 1:
            gaps = [c for c in LINE_CELLS[action.line] if s.grid[c] == GAP]
            where = ", ".join(_cell_name(c) for c in gaps)
            return f"{action.line} has a gap this round (at {where}) and cannot be challenged"
        return None
    if isinstance(action, ChooseTrump):
        if s.phase != PHASE_TRUMP:
            return "the trump card is chosen only at the start of a round"
        if action.code not in s.hand:
            return f"{_name(action.code)} is not among the seven cards dealt"
        return None
    if isinstance(action, ChooseCell):
        if s.phase != PHASE_CELL:
            return "you choose the grid's card only after winning with no suit and no trump"
        line = s.tricks[-1].line
        if action.cell not in LINE_CELLS[line]:
            return f"{_cell_name(action.cell)} is not in the challenged line {Line(line)}"
        return None
    return f"{action!r} is not a LinesBeta action"


def _name(code: int) -> str:
    return format_card(CARDS[code], ascii=True)


def _cell_name(cell: int) -> str:
    r, c = row_col(cell)
    return f"r{r}c{c}"
