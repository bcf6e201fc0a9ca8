"""The play loop: every seat is a player object, and one loop serves them all."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardside.core.errors import IllegalActionError
from cardside.core.players import Command, Player
from cardside.core.state import GameState


class Loop:
    """Asks the seat to move for an action until the game ends or a human quits.

    ``on_action(seat, action)`` runs after every applied action (the caller saves there);
    ``on_undo(count, seen)`` after a human's undo took back ``count`` actions, ``seen`` saying
    what they had shown that player that was hidden before (``""``: nothing; see
    :meth:`GameState.shown_since`).
    ``hidden_before(seat, mover)`` says whether ``mover``'s action, the last still in place,
    was hidden from ``seat`` when it chose (a card laid face down for a trick chosen at once):
    an undo takes such actions back too, as the person has seen them since, and their players
    choose again.
    """

    def __init__(
        self,
        state: GameState[Any, Any],
        seats: Sequence[Player],
        *,
        on_action: Callable[[int, Any], None] = lambda seat, action: None,
        on_undo: Callable[[int, str], None] = lambda count, seen: None,
        movers: list[int] | None = None,
        hidden_before: Callable[[int, int], bool] = lambda seat, mover: False,
    ) -> None:
        self.state = state
        self.hidden_before = hidden_before
        self.seats = seats
        self.on_action = on_action
        self.on_undo = on_undo
        # Which seat made each action so far, so an undo can go back to a seat's own decision.
        self.movers = list(movers) if movers is not None else []
        #: The game is out of ratings already (an undo took back what was seen): an undo
        #: is no longer asked about. Set by the caller for a game resumed so.
        self.unrated = False

    def run(self) -> str:
        """Play until the game is over (``"over"``) or a human quits (``"quit"``)."""
        state = self.state
        while not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            choice = self.seats[seat].choose(state.observation(seat), seat)
            if isinstance(choice, Command):
                if choice.kind == "quit":
                    return "quit"
                if choice.kind == "undo":
                    try:
                        self.undo_to_previous_decision(seat)
                    except IllegalActionError as exc:
                        refused = getattr(self.seats[seat], "refused", None)
                        if refused is not None:
                            refused(str(exc))
                continue
            state.apply(choice)
            self.movers.append(seat)
            self.on_action(seat, choice)
        return "over"

    def undo_to_previous_decision(self, seat: int) -> int:
        """Take back actions up to and including ``seat``'s last one; return how many.

        Refused, with nothing changed, when the game will not go back (LinesBeta past a
        round's end), and 0 when the seat, asked (``confirm_undo(seen)``), would not take back
        what it has seen. What those actions showed ``seat`` goes to ``on_undo``.
        """
        if seat not in self.movers:
            raise IllegalActionError("nothing of yours to undo yet")
        # What the moves from the seat's own decision on showed it (cards laid face down
        # before it and taken back with it below show nothing).
        mine = len(self.movers) - self.movers[::-1].index(seat) - 1
        # Tried first on a copy: an undo the game refuses (LinesBeta past a round's end) is
        # refused before anything is asked or marked.
        trial = self.state.clone()
        for _ in range(len(self.movers) - mine):
            trial.take_back()
        seen = self.state.shown_since(seat, len(self.movers) - mine)
        # Such an undo leaves the game out of ratings: a seat that can be asked is asked,
        # once a game (whoever of several people at the terminal asks).
        confirm = getattr(self.seats[seat], "confirm_undo", None)
        if seen and not self.unrated and confirm is not None and not confirm(seen):
            return 0
        self.unrated = self.unrated or bool(seen)
        undone: list[int] = []
        while True:
            # First: the game may refuse to go back, and then nothing has changed.
            self.state.take_back()
            undone.append(self.movers.pop())
            if undone[-1] == seat:
                break
        while self.movers and self.movers[-1] != seat and self.hidden_before(seat, self.movers[-1]):
            self.state.take_back()
            undone.append(self.movers.pop())
        self.on_undo(len(undone), seen)
        # With several people at one terminal, say whose moves went too (bots just move again).
        others = [
            self.seats[m].name
            for m in dict.fromkeys(reversed(undone))
            if m != seat and hasattr(self.seats[m], "told")
        ]
        told = getattr(self.seats[seat], "told", None)
        if others and told is not None:
            told(f"That took back what {' and '.join(others)} did after you too.")
        return len(undone)
