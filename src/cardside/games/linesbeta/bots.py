"""LinesBeta bots by name: ``planner`` (the default), ``deep``, ``deep2``, ``deep1``,
``deepwin``, ``planner2``, ``planner1``, ``classic`` and ``random``.

``planner`` plans the whole round from what the player can see (``planner.py``); ``deep`` tries
the planner's best plays on sampled deals (``deep.py``), ``deep2`` and ``deep1`` are ``deep`` as
it was, and ``deepwin`` is ``deep1`` valuing a round by the chance of winning the game;
``planner2`` is the planner with the odds it had before a line's face-down cells were drawn
from the pool of their own fill round, and
``planner1`` is ``planner2`` before it valued the cards it turns within the round;
``classic`` is the planner before that, one trick and a greedy plan at a time (``classic.py``);
``random`` is the baseline.
"""

from __future__ import annotations

import random

from cardside.core.state import check_seat
from cardside.core.words import unknown_bot
from cardside.games.linesbeta.classic import ClassicPlannerBot, _walk, win_chance
from cardside.games.linesbeta.deep import Deep1Bot, Deep2Bot, DeepBot, DeepWinBot
from cardside.games.linesbeta.planner import Planner1Bot, Planner2Bot, PlannerBot
from cardside.games.linesbeta.rules import Action
from cardside.games.linesbeta.state import LinesBetaState, Observation

__all__ = [
    "BOT_NAMES",
    "ClassicPlannerBot",
    "Deep1Bot",
    "Deep2Bot",
    "DeepBot",
    "DeepWinBot",
    "Planner1Bot",
    "Planner2Bot",
    "PlannerBot",
    "RandomBot",
    "_walk",
    "hint",
    "make_bot",
    "win_chance",
]

BOT_NAMES = (
    "planner",
    "deep",
    "deep2",
    "deep1",
    "deepwin",
    "planner2",
    "planner1",
    "classic",
    "random",
)
DEFAULT_BOT = "planner"


class RandomBot:
    """Picks uniformly among the legal actions with its own generator."""

    def __init__(self, seed: int | str = 0) -> None:
        self.name = "random"
        self.rng = random.Random(seed)

    def choose(self, view: LinesBetaState | Observation, seat: int = 0) -> Action:
        check_seat(seat, 1)  # the player's seat, the only one that chooses
        legal = view.legal_actions()
        if not legal:
            raise ValueError("the game is over")
        return legal[self.rng.randrange(len(legal))]


def hint(observation: Observation, seed: int | str = 0) -> tuple[Action, float, str]:
    """The planner's suggestion: (action, estimated chance of winning the trick, why)."""
    return PlannerBot(seed).decide(observation)


Bot = RandomBot | ClassicPlannerBot | PlannerBot | DeepBot


def make_bot(name: str, seed: int | str = 0) -> Bot:
    """A bot by name (``planner`` is the default strong bot, ``random`` the baseline)."""
    if name == "random":
        return RandomBot(seed)
    if name in ("planner", "default", "strong"):
        return PlannerBot(seed)
    if name == "planner2":
        return Planner2Bot(seed)
    if name == "planner1":
        return Planner1Bot(seed)
    if name == "classic":
        return ClassicPlannerBot(seed)
    if name == "deep":
        return DeepBot(seed)
    if name == "deep2":
        return Deep2Bot(seed)
    if name == "deep1":
        return Deep1Bot(seed)
    if name == "deepwin":
        return DeepWinBot(seed)
    raise ValueError(unknown_bot("LinesBeta", name, BOT_NAMES))
