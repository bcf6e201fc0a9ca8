"""What the player sees of a LinesBeta game: trick records and the observation."""

from __future__ import annotations

from dataclasses import dataclass

from cardside.core.cards import Card
from cardside.games.linesbeta.rules import (
    CARDS,
    CELL_ACTIONS,
    CHALLENGE_ACTIONS,
    LINE_CELLS,
    LINES,
    TRICKS_PER_ROUND,
    TRUMP_ACTIONS,
    Action,
    Verdict,
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

    @property
    def tricks_left(self) -> int:
        """Tricks still to play this round (the pending case-c trick counts as played)."""
        return TRICKS_PER_ROUND - len(self.tricks)
