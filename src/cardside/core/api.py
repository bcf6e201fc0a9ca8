"""The shape every game offers a program of its own: a game, a seat's view of it, and a bot.

These are structural types (:class:`typing.Protocol`): each game's own classes have these
methods without naming them, and ``GAMES[name].new_game`` and ``make_bot`` are typed with
them, so a type checker holds an outside bot to what every game has. A game's own extras
(IOTA's ``moves()``, a view's fields) are in docs/api.md.
"""

from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

from cardside.core.outcome import Outcome


@runtime_checkable
class View(Protocol):
    """What one seat may see, and what it may do when it is to move."""

    def current_player(self) -> int | None:
        """The game's seat to move, or None once the game is over."""
        ...

    def legal_actions(self) -> list[Any]:
        """The seat's legal actions when it is to move (the game's, in its order)."""
        ...

    def is_legal(self, action: Any) -> bool:
        """Whether the seat may take ``action`` now."""
        ...

    def why_illegal(self, action: Any) -> str:
        """Why ``action`` is illegal now, in one line, or ``""`` when it is legal."""
        ...


@runtime_checkable
class Game(View, Protocol):
    """A whole game: every seat's hand, the history, and the moves that change it."""

    @property
    def players(self) -> int:
        """The seats that choose (LinesBeta: 1)."""
        ...

    @property
    def snapshot(self) -> Any:
        """The game's own record of this moment (read it, never write into it)."""
        ...

    def snapshots(self) -> list[Any]:
        """Every snapshot from the start to now."""
        ...

    def observation(self, seat: int) -> View:
        """What ``seat`` may see (ValueError for a seat not at the table)."""
        ...

    def apply(self, action: Any) -> None:
        """Play ``action`` (IllegalActionError, the game unchanged, when it is illegal)."""
        ...

    def undo(self) -> Any:
        """Take the last action back and return it (for a search); IllegalActionError when
        there is none."""
        ...

    def take_back(self) -> Any:
        """A player's undo, which keeps what the action showed (LinesBeta's grid cards)."""
        ...

    def shown(self, seat: int, before: Any, after: Any) -> str:
        """What one action, between two snapshots, showed ``seat`` that was hidden from it."""
        ...

    def shown_since(self, seat: int, count: int) -> str:
        """The latest such thing among the last ``count`` actions, or ``""``."""
        ...

    def clone(self) -> Game:
        """An independent copy."""
        ...

    def actions(self) -> list[Any]:
        """The actions so far."""
        ...

    def is_terminal(self) -> bool:
        """True once the game is over."""
        ...

    def outcome(self) -> Outcome | None:
        """The winners, the scores and why, once the game is over; None before."""
        ...

    def determinize(self, seat: int, rng: random.Random) -> Game:
        """A game ``seat`` cannot tell from this one, the hidden cards dealt by ``rng`` (with
        no history of its own: ``actions()`` is empty and ``undo`` stops there)."""
        ...


@runtime_checkable
class Bot(Protocol):
    """One of cardside's bots (or one of your own, for ``simulate``'s callers)."""

    @property
    def name(self) -> str:
        """The bot's name, which ``make_bot`` reads back (a Schnapsen searching bot's with the
        level it was built at: ``strong-normal``)."""
        ...

    def choose(self, view: Any, seat: int) -> Any:
        """The action for ``seat`` from its view (or the game itself)."""
        ...
