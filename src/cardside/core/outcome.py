"""The result of a finished game."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    """Who won, the final scores per seat, and a sentence saying why (seats counted from 0,
    as everywhere in the state API)."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str

    def is_win(self, seat: int) -> bool:
        """Whether ``seat`` is among the winners (a tie lists each seat that shares it)."""
        return seat in self.winners
