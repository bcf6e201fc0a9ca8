"""A human seat at the terminal: reads an action, or a command, until it gets a legal one."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

from cardside.core.errors import IllegalActionError, NotationError
from cardside.core.players import Command
from cardside.core.rng import derive_rng
from cardside.tui.console import (
    QUIT_WORDS,
    Console,
    not_alone,
    not_understood,
    refusal,
)

COMMANDS = ("help", "hint", "show", "history", "rules", "undo", "quit")
#: Shown on a terminal while a hint takes its time (a strong bot's search can take seconds).
HINT_NOTE = "Thinking of a hint..."
#: Every word the play prompt reads as a command (typed alone; ``hint sample`` aside).
PLAY_WORDS = (*COMMANDS, *QUIT_WORDS, "?", "h", "score")


def steady(bot: Any, seat: int, position: object) -> Any:
    """``bot`` with its random numbers drawn afresh from the position (``position``'s text):
    a hint asked again where it was asked before (after an undo, say) is the same hint."""
    bot.rng = derive_rng("hint", seat, repr(position))
    return bot


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

    # A view may also offer ``help_now(obs, seat)``: the help for the step it asks about.
    # A view may also name ``vocabulary``: words of its notation that are not moves by
    # themselves (``marriage``), so that they are never taken for an unknown word.


def recap_start(
    movers: Sequence[int],
    seat: int,
    begins: bool = False,
    starts: Sequence[bool] | None = None,
) -> int | None:
    """Where the turns to tell ``seat`` begin, among the moves so far (who made each): the
    start of its last turn, one turn of several moves whole; where that turn is still under way
    (a game resumed within it), the start of the turn before, so the others' turns between are
    told again. ``begins``: a new turn of ``seat`` begins now, though it made the last move
    (a Line-it round it ended and starts). ``starts`` marks the moves that begin a turn, where
    one seat may make two turns running (else a turn is the seat's moves in a row). ``None``
    before its first turn (everything is to tell)."""
    mine = [i for i, mover in enumerate(movers) if mover == seat]

    def turn_start(i: int) -> int:
        while i > 0 and movers[i - 1] == seat and not (starts is not None and starts[i]):
            i -= 1
        return i

    if not mine:
        return None
    start = turn_start(mine[-1])
    if mine[-1] == len(movers) - 1 and not begins:
        earlier = [i for i in mine if i < start]
        return turn_start(earlier[-1]) if earlier else None
    return start


def with_default(prompt: str, default: str) -> str:
    """The prompt showing what Enter gives: ``Your card [8C]: ``."""
    body = prompt.rstrip()
    tail = prompt[len(body) :]
    if body.endswith(":"):
        return f"{body[:-1]} [{default}]:{tail}"
    return f"{body} [{default}]{tail or ' '}"


class Human:
    """Plays a seat by asking at the console.

    ``history`` gives the game's account of the tricks (and deals) so far, for the
    ``history`` command. When only one move is legal, the prompt offers it and Enter plays it.
    """

    def __init__(
        self,
        name: str,
        console: Console,
        view: TurnView,
        history: Callable[[], str] | None = None,
    ) -> None:
        self.name = name
        self.console = console
        self.view = view
        self.history = history
        self._redraw = True
        self._undoing = False  # an undo asked for, not refused (yet)
        self._told_default = False  # said once what a move in brackets is

    def refused(self, reason: str) -> None:
        """The loop could not carry out a command (e.g. nothing to undo)."""
        self.console.say(f"  {refusal(reason)}")
        self._redraw = False  # the position did not change, so do not draw it again
        self._undoing = False

    def told(self, note: str) -> None:
        """A note from the loop about what a command did."""
        self.console.say(f"  {note}")

    def confirm_undo(self, seen: str) -> bool:
        """Whether to take back moves that showed this player ``seen`` (the game then leaves
        the ratings), asked at a terminal: ``quit``, Ctrl-C or the end of input there saves
        and leaves, as at every prompt. Input from a pipe, or the lines of a paste still to
        come, is not asked: its next line is a move."""
        if not self.console.interactive or self.console.pasting():
            return True
        question = (
            f"  {seen[:1].upper()}{seen[1:]}: taking that back leaves this game out of "
            "ratings, the league and records. Undo anyway? [y/N]: "
        )
        while True:
            line = self.console.ask(question)
            word = "" if line is None else line.strip().lower()
            if line is None or word in QUIT_WORDS:
                raise KeyboardInterrupt  # saved and left, as quit at the move's prompt
            if word in ("y", "yes"):
                return True
            if word in ("", "n", "no"):
                self.console.say("  Nothing taken back.")
                self._undoing = False
                self._redraw = False
                return False
            self.console.say(
                "  answer y to take it back (the game then leaves the ratings), n or Enter to "
                "keep it, or quit (type help)"
                if word not in ("help", "?", "h")
                else "  y takes it back and the game leaves the ratings; n or Enter keeps it; "
                "quit saves and leaves"
            )

    def choose(self, obs: Any, seat: int) -> Any:
        if self._undoing:
            # A view may draw more after an undo than within a turn (Line-it: the table).
            getattr(self.view, "undone", lambda: None)()
            self._undoing = False
        if self._redraw:
            # A view may draw less before a decision within a turn than ``show`` does.
            getattr(self.view, "redraw", self.view.show)(obs, seat)
        self._redraw = True

        def words(typed: str) -> Iterable[str]:
            # A command is a whole line, so it is offered only for the first word.
            first = len(typed.split()) <= 1 and not typed[-1:].isspace()
            return [*self.view.words(obs, seat, typed), *(COMMANDS if first else ())]

        actions = getattr(self.view, "action_words", ())
        only = self.only_move(obs, seat)
        prompt = self.view.prompt(obs, seat)
        if only is not None:
            prompt = with_default(prompt, only[0])
            if not self._told_default:
                self._told_default = True
                self.console.say(f"  Only {only[0]} may be played: Enter plays it (in brackets).")
        while True:
            line = self.console.ask(prompt, words)
            if line is None:
                return Command("quit")
            word = line.lower()
            if not word:
                if only is not None:
                    return only[1]
                continue
            if word in QUIT_WORDS:
                return Command("quit")
            if word == "undo":
                self._undoing = True
                return Command("undo")
            if word in ("?", "help", "h"):
                # A view may answer for the step of the turn the prompt asks about.
                now = getattr(self.view, "help_now", None)
                self.console.say(now(obs, seat) if now else self.view.help())
                self.console.say("  commands: " + ", ".join(COMMANDS))
                if only is not None:
                    self.console.say(f"  Enter plays {only[0]}, the one legal move (in brackets).")
                continue
            if word == "hint":
                with self.console.thinking(HINT_NOTE):
                    advice = self.view.hint(obs, seat)
                self.console.say("  " + advice)
                continue
            if word.split() == ["hint", "sample"]:
                sample = getattr(self.view, "hint_sample", None)
                with self.console.thinking(HINT_NOTE):
                    advice = sample(obs, seat) if sample else "this game's hint is one move: hint"
                self.console.say("  " + advice)
                continue
            # A game whose actions include 'score' (Line-it) keeps the word for the action.
            if word == "show" or (word == "score" and word not in actions):
                # A game may show less when asked again (IOTA: the grid without the recap).
                getattr(self.view, "show_asked", self.view.show)(obs, seat)
                continue
            if word == "history":
                self.console.say(self.history() if self.history else "  no history kept")
                continue
            more = not_alone(
                word, PLAY_WORDS, entries=actions, moves=getattr(self.view, "move_words", ())
            )
            if more is not None and word.split()[0] == "hint" and hasattr(self.view, "hint_sample"):
                more = refusal("hint takes nothing after it but sample: hint, or hint sample")
            if more is not None:
                self.console.say(f"  {more}")
                continue
            try:
                return self.view.parse(line, obs, seat)
            except NotationError as exc:
                known = [*words(""), *getattr(self.view, "vocabulary", ())]
                unknown = not_understood(line, known)
                self.console.say(f"  {unknown or refusal(exc)}")
            except IllegalActionError as exc:
                self.console.say(f"  {refusal(exc)}")

    def only_move(self, obs: Any, seat: int) -> tuple[str, Any] | None:
        """The move as written and the move, when it is the only one legal; else ``None``."""
        offered = list(dict.fromkeys(self.view.words(obs, seat, "")))
        if len(offered) != 1:
            return None
        try:
            return offered[0], self.view.parse(offered[0], obs, seat)
        except (NotationError, IllegalActionError):
            return None
