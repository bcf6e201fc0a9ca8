"""The state API every game implements (see DESIGN.md, "The state API").

:class:`GameState` keeps the game as an immutable snapshot plus a stack of earlier snapshots,
as python-chess does with ``push``/``pop``: ``apply`` checks legality and pushes, ``undo`` pops,
``clone`` is cheap because snapshots are shared. A subclass supplies the pure transition
(:meth:`_next`) and the rule queries; it may override :meth:`apply` for speed.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence
from typing import Any, Generic, Self, TypeVar

from cardside.core.errors import IllegalActionError
from cardside.core.outcome import Outcome

S = TypeVar("S")
A = TypeVar("A", bound=Hashable)


def check_seat(seat: object, players: int) -> int:
    """``seat`` when it is a seat of a game of ``players`` (0 to players - 1), else
    ``ValueError``: a view of no seat would show everything or nothing."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ValueError(f"no seat {seat!r}: the seats are 0 to {players - 1}")
    return seat


def check_whole(value: object, what: str, low: int, high: int) -> int:
    """``value`` when it is a whole number from ``low`` to ``high`` (not a bool, a float or
    text), else ``ValueError`` naming ``what``: a game started with a table it is not for."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        span = str(low) if low == high else f"a whole number from {low} to {high}"
        raise ValueError(f"{what} must be {span}, not {value!r}")
    return value


class GameState(ABC, Generic[S, A]):
    """A game position with its history; the one shape that bots, loops and sessions use."""

    def __init__(self, snapshot: S) -> None:
        self._snapshot = snapshot
        self._history: list[tuple[S, A]] = []

    # -- queries a subclass supplies ---------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to act next, or ``None`` when the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[A]:
        """Every legal action for the current player, in a stable order."""

    @abstractmethod
    def _next(self, snapshot: S, action: A) -> S:
        """The snapshot after ``action`` (already known to be legal)."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """True once the game is over."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result once the game is over, else ``None``."""

    # -- shared mechanics --------------------------------------------------------------------
    @property
    def snapshot(self) -> S:
        """The current immutable snapshot."""
        return self._snapshot

    def snapshots(self) -> list[S]:
        """Every snapshot from the start to now, one more than the actions taken."""
        return [s for s, _ in self._history] + [self._snapshot]

    def is_legal(self, action: A) -> bool:
        """Whether ``action`` may be played now (by the seat to move)."""
        return action in self.legal_actions()

    def why_illegal(self, action: A) -> str:
        """A one-line reason that ``action`` is illegal now (subclasses say more), or ``""``
        when it is legal."""
        if self.is_terminal():
            return "the game is over"
        return "" if self.is_legal(action) else f"{action} is not legal now"

    def apply(self, action: A) -> None:
        """Play ``action``; raise :class:`IllegalActionError` with the reason if it is illegal."""
        if not self.is_legal(action):
            raise IllegalActionError(self.why_illegal(action))
        self._history.append((self._snapshot, action))
        self._snapshot = self._next(self._snapshot, action)

    def undo(self) -> A:
        """Take back the last action and return it."""
        if not self._history:
            raise IllegalActionError("nothing to undo")
        self._snapshot, action = self._history.pop()
        return action

    def take_back(self) -> A:
        """A player's undo (in play and in a saved game's replay), as opposed to a search's.

        The same as :meth:`undo` unless a game must keep what the player saw: an undo takes
        back a decision, never knowledge, so such a game remembers it or refuses.
        """
        return self.undo()

    def shown(self, seat: int, before: S, after: S) -> str:
        """What one action, from snapshot ``before`` to ``after``, showed ``seat`` that was
        hidden from it, in a few words (``""``: nothing, as in a game with no hidden cards)."""
        return ""

    def shown_since(self, seat: int, count: int) -> str:
        """What the last ``count`` actions showed ``seat`` that was hidden from it (the latest
        such thing, in a few words), or ``""``.

        An undo takes back a decision, never knowledge: a player who takes back a move that
        showed them a card drawn, another player's card or a new deal chooses again knowing
        it. ``play`` lets them (it is their game against the bots) but says so, and such a
        game no longer counts in ratings, the league or records.
        """
        if count <= 0:
            return ""
        snapshots = self.snapshots()[-count - 1 :]
        for before, after in reversed(list(zip(snapshots, snapshots[1:]))):
            why = self.shown(seat, before, after)
            if why:
                return why
        return ""

    def clone(self) -> Self:
        """An independent copy (snapshots are immutable, so only the stack is copied)."""
        twin = copy.copy(self)
        twin._history = list(self._history)
        return twin

    def actions(self) -> list[A]:
        """Every action applied so far, in order."""
        return [a for _, a in self._history]

    def observation(self, seat: int) -> Any:
        """What ``seat`` may see. Perfect-information games return the state itself."""
        return self

    def replay(self, actions: Sequence[A]) -> None:
        """Apply ``actions`` in order (used to restore a saved game)."""
        for action in actions:
            self.apply(action)
