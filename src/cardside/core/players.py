"""Seats: every seat is a player object (a bot, a human at the terminal, or the table)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol


class Player(Protocol):
    """Anything that can pick an action for a seat."""

    name: str

    def choose(self, observation: Any, seat: int) -> Any:
        """Return an action for ``seat`` from what it may see (``state.observation(seat)``).

        A human seat may return a :class:`Command` instead.
        """
        ...


@dataclass(frozen=True)
class Command:
    """A request from a human seat that is not a move: ``undo`` or ``quit``."""

    kind: str  # "undo" | "quit"
