"""A session: one game played or kept, as saved in one TOML file.

The entries are the truth; the round rows, totals and status are derived from them by the
game's sheet and stored only so a person reading the file sees the score (``verify`` checks
that they still agree).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from cardside.core.errors import EntryError

__all__ = ["EntryError", "Result", "RoundRow", "Seat", "Session", "Sheet"]

FORMAT = "cardside-session"
VERSION = 1
MODES = ("play", "keep")
#: What a session's sheet says of it.
STATUSES = ("in progress", "finished")


@dataclass
class Seat:
    """A player in a session: a name and who sits there (``human``, ``table`` or ``bot:NAME``)."""

    name: str
    kind: str = "human"


@dataclass
class RoundRow:
    """One row of the score table: a round (or deal) and the scores it gave each column."""

    number: int
    scores: list[int]
    totals: list[int]
    note: str = ""
    # The match the row belongs to, in games that run match after match (0 elsewhere).
    match: int = 0
    # The (1-based) entry that last changed the row, when the game's sheet knows it (else 0).
    entry: int = 0
    # Columns with no turn in this row (an IOTA round under way, or cut short by the game's
    # end): shown blank, not 0. Derived by the sheet, never stored in the file.
    unplayed: tuple[int, ...] = ()
    # The (1-based) correction in force for one of the entries that made the row (the latest
    # such), else 0. Derived by the sheet, never stored in the file.
    corrected: int = 0
    # Every correction that changed the row, oldest first: those of ``corrected`` and those
    # of other entries that changed its scores (a trick typed wrong moves the rounds after).
    corrections: tuple[int, ...] = ()


@dataclass
class Result:
    """One finished game inside a session (a match, a Bummerl, a whole game) and who won it.

    ``number`` counts the finished games of the session; ``round`` is the row that decided it;
    ``totals`` are the columns' scores when it was decided.
    """

    number: int
    winners: list[str]
    totals: list[int]
    round: int


@dataclass
class Session:
    """Everything saved about one session."""

    game: str
    mode: str
    name: str
    seats: list[Seat]
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    entries: list[dict[str, Any]] = field(default_factory=list)
    # When each entry was made (saved as the entry's ``at`` field; None where a file has none).
    times: list[datetime | None] = field(default_factory=list)
    created: datetime | None = None
    updated: datetime | None = None
    # Derived from the entries by the game's sheet (see sessions.sheets).
    columns: list[str] = field(default_factory=list)
    rounds: list[RoundRow] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    status: str = "in progress"
    winners: list[str] = field(default_factory=list)
    results: list[Result] = field(default_factory=list)
    path: Path | None = None
    # What the file says of its own entries (their number and digest) when it was read or
    # last rendered; None where it says nothing (a file written before it said so).
    stored_count: int | None = None
    stored_digest: str | None = None
    # The name the session was begun under, once it is renamed ("" before): what tells a copy
    # of the file (a backup) for the same session, renamed or not.
    begun_as: str = ""

    @property
    def finished(self) -> bool:
        return self.status == "finished"

    @property
    def player_names(self) -> list[str]:
        return [s.name for s in self.seats]

    def time_of(self, entry: int) -> datetime | None:
        """When the (1-based) entry was made, if the file says."""
        return self.times[entry - 1] if 0 < entry <= len(self.times) else None

    @property
    def began(self) -> datetime | None:
        """When the session began: when it was made, or for a file that does not say, its
        first entry with a time (as every list, filter and export dates it)."""
        return self.created or next((t for t in self.times if t is not None), None)


@dataclass
class Sheet:
    """What a game's sheet derives from a session's entries."""

    columns: list[str]
    rounds: list[RoundRow]
    totals: list[int]
    status: str
    winners: list[str]
    # Finished games inside the session; a sheet that leaves this empty gets one result for a
    # finished session (see sessions.sheets).
    results: list[Result] = field(default_factory=list)
