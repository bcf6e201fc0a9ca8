"""What every ``play`` screen shares: seating bots and humans, and closing the game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardside.core.record import Seat
from cardside.core.rng import derive_rng
from cardside.sessions.journal import Journal
from cardside.tui.console import Console


def bot_seed(journal: Journal, *keys: object) -> int:
    """A bot's seed from the game seed, its role and how far the game is.

    Seeding by progress makes a resumed game behave like a fresh one from the same point.
    """
    session = journal.session
    return derive_rng(session.seed or 0, *keys, len(session.entries)).randrange(2**31)


def seat_players(
    journal: Journal,
    human: Callable[[Seat], Any],
    bot: Callable[[str, int], Any],
) -> list[Any]:
    """A player object per seat: ``human(seat)`` for people, ``bot(name, seed)`` for bots."""
    players = []
    for number, seat in enumerate(journal.session.seats):
        if seat.kind == "human":
            players.append(human(seat))
        else:
            players.append(bot(seat.kind.split(":", 1)[1], bot_seed(journal, "bot", number)))
    return players


def closing_line(console: Console, journal: Journal, result: str, what: str = "Match") -> None:
    """Tell how to continue after ``quit``, or where the finished game was saved."""
    if result == "quit":
        console.say(f"Saved. Continue with: cardside sessions resume {journal.name}")
    else:
        console.say(f"{what} over; saved as {journal.name}.")
