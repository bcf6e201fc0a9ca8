"""Schnapsen bots: ``random``, ``heuristic`` and the strong default (``strong``).

Every bot decides from :meth:`SchnapsenState.observation` only (it is handed a state, it looks
at that seat's observation and nothing else), owns its random generator, and offers
:meth:`hint` (the action and a one-line reason) for the ``hint`` command.
"""

from __future__ import annotations

import random
from typing import Any

from cardside.games.schnapsen.notation import format_action
from cardside.games.schnapsen.policy import heuristic_code
from cardside.games.schnapsen.rules import Action, action_of
from cardside.games.schnapsen.search import search
from cardside.games.schnapsen.state import Observation

BOT_NAMES = ("random", "heuristic", "strong")
LEVELS = ("easy", "normal", "hard")
#: Samples of the hidden cards per move in phase 1 (and with the stock closed).
LEVEL_SAMPLES = {"easy": 16, "normal": 100, "hard": 300}


def _observe(view: Any, seat: int) -> Observation:
    """The seat's observation, whether given an observation or a full state."""
    if isinstance(view, Observation):
        if view.seat != seat:
            raise ValueError(f"observation is for seat {view.seat}, not seat {seat}")
        return view
    return view.observation(seat)


class RandomBot:
    """Picks uniformly among the legal actions."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.name = "random"
        self.rng = random.Random(seed)

    def choose(self, view: Any, seat: int) -> Action:
        return self.rng.choice(_observe(view, seat).legal_actions())

    def hint(self, view: Any, seat: int) -> tuple[Action, str]:
        return self.choose(view, seat), "a random legal move"


class HeuristicBot:
    """Rules of thumb: exchange, marry, close with a strong hand, win high cards cheaply."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.name = "heuristic"
        self.rng = random.Random(seed)

    def choose(self, view: Any, seat: int) -> Action:
        return action_of(heuristic_code(_observe(view, seat).deal))

    def hint(self, view: Any, seat: int) -> tuple[Action, str]:
        return self.choose(view, seat), "rule of thumb"


class StrongBot:
    """Monte Carlo over the hidden cards with an exact game-point solver in phase 2."""

    def __init__(self, level: str = "normal", seed: int | str | None = None) -> None:
        if level not in LEVEL_SAMPLES:
            raise ValueError(f"unknown level {level!r} (choose from {', '.join(LEVELS)})")
        self.name = f"strong-{level}"
        self.level = level
        self.samples = LEVEL_SAMPLES[level]
        self.rng = random.Random(seed)

    def choose(self, view: Any, seat: int) -> Action:
        return self.hint(view, seat)[0]

    def hint(self, view: Any, seat: int) -> tuple[Action, str]:
        obs = _observe(view, seat)
        result = search(obs, self.samples, self.rng)
        action = action_of(result.code)
        if result.samples == 0:
            return action, "the only legal move"
        value = result.value
        if result.exact:
            how = "solved exactly"
            worth = f"{'wins' if value > 0 else 'loses'} {abs(value):.0f} game point(s)"
        else:
            how = f"mean over {result.samples} samples of the hidden cards"
            worth = f"{value:+.2f} game points"
        ranked = sorted(result.values.items(), key=lambda kv: -kv[1])
        runner = next((kv for kv in ranked if kv[0] != result.code), None)
        alt = ""
        if runner is not None:
            alt = f"; next best {format_action(action_of(runner[0]), ascii=True)} {runner[1]:+.2f}"
        return action, f"{format_action(action, ascii=True)}: {worth} ({how}){alt}"


def make_bot(
    name: str = "strong", level: str = "normal", seed: int | str | None = None
) -> RandomBot | HeuristicBot | StrongBot:
    """Build a bot by name (``random``, ``heuristic``, ``strong``); level applies to strong."""
    if level not in LEVEL_SAMPLES:
        raise ValueError(f"unknown level {level!r} (choose from {', '.join(LEVELS)})")
    if name == "random":
        return RandomBot(seed)
    if name == "heuristic":
        return HeuristicBot(seed)
    if name in ("strong", "default"):
        return StrongBot(level, seed)
    raise ValueError(f"unknown bot {name!r} (choose from {', '.join(BOT_NAMES)})")
