"""What every ``play`` screen shares: seating bots and humans, and closing the game."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from cardside.core.loop import Loop
from cardside.core.players import Command
from cardside.core.record import Seat
from cardside.core.replay import moves_in_effect
from cardside.core.rng import derive_rng
from cardside.sessions import sheets
from cardside.sessions.journal import Journal
from cardside.tui.console import QUIT_WORDS, Console
from cardside.tui.keeping import say_saved


class HandOver:
    """Several people at one terminal: each person's turn first waits for them (Enter; quit
    leaves). One that follows another person's first asks that person to hide their cards
    (Enter, once they have seen the end of their turn), then clears the screen and what a
    terminal keeps above it, so that no one sees another's hand. Everything else is the
    person's own seat's (``Human``)."""

    def __init__(
        self, human: Any, name: str, console: Console, last: list[tuple[int, str] | None]
    ) -> None:
        self.human = human
        self.name = name
        self.console = console
        self.last = last  # (seat, name) of the person who played last, shared by every seat

    def choose(self, obs: Any, seat: int) -> Any:
        before = self.last[0]
        if before is None or before[0] != seat:
            # Keys pressed before the question (Enter twice, or while a bot thought) must not
            # answer it for the person still at the keys.
            _forget_typed_ahead()
            if before is not None:
                hide = (
                    f"{before[1]}: press Enter to hide your cards for {self.name} (quit leaves). "
                )
                if not self._enter(hide, before[1]):
                    return Command("quit")
                if self.console.dumb:
                    # No escape codes there: blank lines push the cards out of sight.
                    sys.stdout.write("\n" * 60)
                else:
                    sys.stdout.write("\x1b[H\x1b[2J\x1b[3J")
                sys.stdout.flush()
            ask = f"{self.name}'s turn: press Enter when {self.name} is at the keys (quit leaves). "
            if not self._enter(ask, self.name):
                return Command("quit")
        self.last[0] = (seat, self.name)
        return self.human.choose(obs, seat)

    def _enter(self, ask: str, who: str) -> bool:
        """Ask until Enter alone (True) or quit (False: saved and left, as at every prompt)."""
        while True:
            answer = self.console.ask(ask)
            if answer is None or answer.strip().lower() in QUIT_WORDS:
                return False
            if not answer.strip():
                return True
            self.console.say(f"  press Enter alone once {who} is ready")

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self.human, attribute)


def _forget_typed_ahead() -> None:
    """Drop the keys typed at a terminal and not yet read."""
    try:
        import termios

        if sys.stdin.isatty():
            termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
    except (ImportError, OSError, ValueError):
        pass  # no terminal to flush (or none that can be): nothing typed ahead to drop


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
    *,
    same_reply: bool = True,
) -> list[Any]:
    """A player object per seat: ``human(seat)`` for people, ``bot(name, seed)`` for bots.

    With ``same_reply`` each bot is :class:`Reseeded`: a position reached again gets the same
    reply. A game of simultaneous moves leaves it out: there an undo shows the bot's card,
    which must then be chosen afresh (:class:`Redrawn`). Each bot is wrapped in
    :class:`Thinking`, so a terminal shows when it takes its time.
    """
    seats = journal.session.seats
    humans = {n: human(seat) for n, seat in enumerate(seats) if seat.kind == "human"}
    console = next((p.console for p in humans.values() if hasattr(p, "console")), None)
    if len(humans) > 1 and console is not None and console.interactive:
        last: list[tuple[int, str] | None] = [None]
        humans = {n: HandOver(p, seats[n].name, console, last) for n, p in humans.items()}
    players: list[Any] = []
    for number, seat in enumerate(seats):
        if number in humans:
            players.append(humans[number])
            continue
        kind = seat.kind.split(":", 1)[1]
        made = (Reseeded if same_reply else Redrawn)(bot(kind, 0), journal, number)
        players.append(Thinking(made, seat.name, console) if console is not None else made)
    return players


class BotSeat:
    """A wrapper round a bot: what it does not define is the bot's."""

    bot: Any

    def __getattr__(self, attribute: str) -> Any:
        if attribute == "bot":  # not set yet (e.g. while copying): no lookup loop
            raise AttributeError(attribute)
        return getattr(self.bot, attribute)


class Reseeded(BotSeat):
    """A bot seat whose random choices depend only on the game's seed, the seat and the moves
    that stand: its generator is seeded afresh before each decision, so a position reached
    again (after an undo, or in a resumed game) gets the same reply, and undo cannot be used
    to draw another one."""

    def __init__(self, bot: Any, journal: Journal, number: int) -> None:
        self.bot = bot
        self.journal = journal
        self.number = number

    def choose(self, obs: Any, seat: int) -> Any:
        rng = getattr(self.bot, "rng", None)
        if rng is not None:
            session = self.journal.session
            made = moves_in_effect(session.entries)
            rng.seed(derive_rng(session.seed or 0, "bot", self.number, made).randrange(2**62))
        return self.bot.choose(obs, seat)


class Redrawn(Reseeded):
    """A bot seat of a game of simultaneous moves: its generator is seeded before each
    decision from the game's seed, the seat and every entry so far, undos included, so that
    a game stopped and resumed plays on as it would have (the same seed, the same game),
    while a card taken back by an undo, having been seen, is chosen afresh."""

    def choose(self, obs: Any, seat: int) -> Any:
        rng = getattr(self.bot, "rng", None)
        if rng is not None:
            session = self.journal.session
            made = moves_in_effect(session.entries)
            key = (session.seed or 0, "bot", self.number, made, len(session.entries))
            rng.seed(derive_rng(*key).randrange(2**62))
        return self.bot.choose(obs, seat)


class Thinking(BotSeat):
    """A bot seat that shows ``Bot 3 is thinking...`` on a terminal when it takes more than
    ``delay`` seconds to choose; the note is cleared before anything else is printed, and
    nothing is shown when output is piped."""

    def __init__(self, bot: Any, name: str, console: Console, delay: float = 0.4) -> None:
        self.bot = bot
        self.seat_name = name
        self.console = console
        self.delay = delay

    def choose(self, obs: Any, seat: int) -> Any:
        with self.console.thinking(f"{self.seat_name} is thinking...", self.delay):
            return self.bot.choose(obs, seat)


def record_undo(journal: Journal, moves: int, seen: str) -> None:
    """Save an undo of ``moves`` moves, marked where they had shown the player something
    hidden (``seen``): the player chooses again knowing it, so the game no longer counts in
    ratings, the league or records."""
    entry: dict[str, Any] = {"type": "undo", "moves": moves}
    if seen:
        entry["seen"] = True
    journal.append(entry)


def say_seen(console: Console, seen: str) -> None:
    """After an undo that took back what the player had seen (``seen``), say what it means."""
    if seen:
        console.say(
            f"  {seen[:1].upper()}{seen[1:]}, and what you saw stays known: "
            "this game no longer counts in ratings, the league or records."
        )


def run_loop(loop: Loop, console: Console, journal: Journal, what: str = "Match") -> str:
    """Run a play loop to its end; Ctrl-C, at a prompt or while a bot thinks, saves and
    leaves like ``quit`` (the session is saved after every move, so nothing is lost).
    Return ``"over"`` or ``"quit"``."""
    # A game resumed after an undo of what was seen is out of ratings already.
    loop.unrated = bool(sheets.seen_undos(journal.session))
    try:
        result = loop.run()
    except KeyboardInterrupt:
        console.clear_status()
        console.say("")
        result = "quit"
    closing_line(console, journal, result, what)
    return result


def closing_line(console: Console, journal: Journal, result: str, what: str = "Match") -> None:
    """Tell how to continue after ``quit``, or where the finished game was saved."""
    if result == "quit":
        say_saved(console, journal)
    else:
        console.say(f"{what} over; saved as {journal.name}.")
