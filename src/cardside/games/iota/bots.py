"""IOTA bots: ``random`` and ``greedy``.

Every bot owns a :class:`random.Random` built from its seed and decides from
``state.observation(seat)`` alone: the grid, its own hand, the scores, the pile's size and
which cards it has not seen. ``hint`` gives the same choice with a one-line reason.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from cardside.games.iota.moves import Move
from cardside.games.iota.notation import format_action
from cardside.games.iota.rules import WILD, Action, Pass
from cardside.games.iota.state import View

BOT_NAMES: tuple[str, ...] = ("greedy", "random")
DEFAULT_BOT = "greedy"


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested action and why."""

    action: Action
    reason: str


class IotaBot(Protocol):
    name: str

    def choose(self, view: View, seat: int) -> Action: ...

    def hint(self, view: View, seat: int) -> Hint: ...


def exchange(view: View) -> Pass:
    """A pass that keeps the wilds and trades every other card (all of them stay when the
    pile is empty, as nothing can be exchanged then)."""
    if view.pile_size == 0:
        return Pass()
    return Pass(tuple(c for c in view.hand if c != WILD))


def _check(view: View, seat: int) -> None:
    if view.end is not None:
        raise ValueError("the game is over")
    if view.turn != seat:
        raise ValueError(f"it is not seat {seat + 1}'s turn")


class RandomBot:
    """A legal play chosen uniformly at random; a random exchange when there is none."""

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, seat: int) -> Action:
        return self.hint(view, seat).action

    def hint(self, view: View, seat: int) -> Hint:
        _check(view, seat)
        moves = view.moves()
        if moves:
            move = self.rng.choice(moves)
            return Hint(move.play, f"a random play, worth {move.score}")
        if view.pile_size == 0:
            return Hint(Pass(), "no play: pass")
        cards = tuple(c for c in view.hand if self.rng.random() < 0.5)
        return Hint(Pass(cards), "no play: pass and exchange at random")


def best_moves(moves: list[Move]) -> list[Move]:
    top = max(m.score for m in moves)
    return [m for m in moves if m.score == top]


class GreedyBot:
    """The highest-scoring play this turn (ties broken at random); a pass that trades every
    card but the wilds when nothing can be played."""

    name = "greedy"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, seat: int) -> Action:
        return self.hint(view, seat).action

    def hint(self, view: View, seat: int) -> Hint:
        _check(view, seat)
        moves = view.moves()
        if not moves:
            action = exchange(view)
            return Hint(action, "no play: " + _describe_pass(action))
        move = self.rng.choice(best_moves(moves))
        return Hint(move.play, f"the highest score this turn: {move.score}")


def _describe_pass(action: Pass) -> str:
    if not action.cards:
        return "pass"
    return format_action(action) + " (keeps the wilds)"


def make_bot(name: str, seed: int | str = 0) -> IotaBot:
    """A bot by name (see :data:`BOT_NAMES`)."""
    key = name.strip().lower()
    if key == "greedy":
        return GreedyBot(seed)
    if key == "random":
        return RandomBot(seed)
    raise ValueError(f"unknown IOTA bot {name!r} (choose from: {', '.join(BOT_NAMES)})")
