"""A human seat at the terminal: reads an action, or a command, until it gets a legal one."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from cardside.core.errors import IllegalActionError, NotationError
from cardside.core.players import Command
from cardside.tui.console import Console

COMMANDS = ("help", "hint", "show", "undo", "quit")


class TurnView(Protocol):
    """What a game's play screen supplies to the human seat."""

    def show(self, obs: Any, seat: int) -> None:
        """Draw the position before asking."""

    def prompt(self, obs: Any, seat: int) -> str:
        """The question, e.g. ``Your card (lowest wins): ``."""

    def words(self, obs: Any, seat: int, typed: str = "") -> Iterable[str]:
        """What Tab may offer after ``typed``: the legal actions as they are written."""

    def parse(self, text: str, obs: Any, seat: int) -> Any:
        """An action from text; NotationError / IllegalActionError with a reason if none."""

    def hint(self, obs: Any, seat: int) -> str:
        """A bot's suggestion with its reason."""

    def help(self) -> str:
        """How to write an action."""


class Human:
    """Plays a seat by asking at the console."""

    def __init__(self, name: str, console: Console, view: TurnView) -> None:
        self.name = name
        self.console = console
        self.view = view
        self._redraw = True

    def refused(self, reason: str) -> None:
        """The loop could not carry out a command (e.g. nothing to undo)."""
        self.console.say(f"  {reason}")
        self._redraw = False  # the position did not change, so do not draw it again

    def choose(self, obs: Any, seat: int) -> Any:
        if self._redraw:
            self.view.show(obs, seat)
        self._redraw = True

        def words(typed: str) -> Iterable[str]:
            return [*self.view.words(obs, seat, typed), *COMMANDS]

        while True:
            line = self.console.ask(self.view.prompt(obs, seat), words)
            if line is None:
                return Command("quit")
            word = line.lower()
            if not word:
                continue
            if word in ("quit", "q", "exit"):
                return Command("quit")
            if word == "undo":
                return Command("undo")
            if word in ("?", "help", "h"):
                self.console.say(self.view.help())
                self.console.say("  commands: " + ", ".join(COMMANDS))
                continue
            if word == "hint":
                self.console.say("  " + self.view.hint(obs, seat))
                continue
            if word in ("show", "score"):
                self.view.show(obs, seat)
                continue
            # A game may add commands of its own (e.g. IOTA's history).
            command = getattr(self.view, "command", None)
            if command is not None and command(word, obs, seat):
                continue
            try:
                return self.view.parse(line, obs, seat)
            except (NotationError, IllegalActionError) as exc:
                self.console.say(f"  {exc} (type help for help)")
