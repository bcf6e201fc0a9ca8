"""Schnapsen bots: ``random``, ``heuristic``, the strong default (``strong``) and ``classic``.

``strong`` plays for the match (deal outcomes valued by the chance to win the match from the
counts they leave, as the favourite it is against every other player here, :mod:`equity`;
its hints for a person use the table of equal players instead), samples only hidden hands
consistent with what play has proved, weighs them by how well the opponent's moves this deal
fit a model player (:mod:`inference`), and plays its samples on with the current heuristic;
in its tree, below the root, the opponent plays the heuristic's move for the hand it holds
(the same model player), and the bot itself does half the time (:mod:`ismcts`). In phase 2,
of moves the exact solver rates equal, it plays one that does best against that model player
(:mod:`response`). ``classic`` is the strong bot before the tree and all of these (game points
per deal, every hand of the right size, the first heuristic), kept for comparison.

Every bot decides from :meth:`SchnapsenState.observation` only (it is handed a state, it looks
at that seat's observation and nothing else), owns its random generator, and offers
:meth:`hint` (the action and a one-line reason) for the ``hint`` command.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from cardside.core.rng import chooser
from cardside.core.words import counted, signed
from cardside.games.schnapsen.classic import classic_code
from cardside.games.schnapsen.deal import Deal, legal_codes
from cardside.games.schnapsen.equity import outcome_values
from cardside.games.schnapsen.inference import belief
from cardside.games.schnapsen.ismcts import ismcts
from cardside.games.schnapsen.notation import format_action
from cardside.games.schnapsen.policy import heuristic_code
from cardside.games.schnapsen.rules import EXCHANGE_CODE, Action, action_of
from cardside.games.schnapsen.search import search
from cardside.games.schnapsen.solver import Solver
from cardside.games.schnapsen.state import Observation

BOT_NAMES = ("strong", "classic", "heuristic", "random")
DEFAULT_BOT = "strong"
LEVELS = ("easy", "normal", "hard")
#: The bots that search, so the level sets their budget; the others play the same at every level.
SEARCHING = ("strong", "classic")
#: ``classic``: samples of the hidden cards per move, stock open or closed.
LEVEL_SAMPLES = {"easy": 16, "normal": 100, "hard": 300}
#: ``strong``: tree-search iterations per move while the stock is open (at most; it stops once
#: the move is settled).
LEVEL_ITERATIONS = {"easy": 250, "normal": 2000, "hard": 3500}
#: ``strong``: samples of the hidden cards per move once the stock is closed.
LEVEL_CLOSED_SAMPLES = {"easy": 50, "normal": 300, "hard": 800}
#: ``strong``: weigh the opponent's possible hands by the moves they made this deal.
INFER_MOVES = True
#: ``strong``: of phase-2 moves the solver rates equal, play one that does best against the
#: model player (:mod:`response`).
MODEL_TIES = True
#: Exchange the trump Unter whenever the rules allow, before any other move: it costs no
#: trick and leaves a higher trump in hand, but the tree search, which plays on after it by
#: the rule of thumb half the time, can value it below the close it makes better.
EXCHANGE_FIRST = False


def _observe(view: Any, seat: int) -> Observation:
    """The seat's observation, whether given an observation or a full state."""
    if isinstance(view, Observation):
        if view.seat != seat:
            raise ValueError(f"observation is for seat {view.seat}, not seat {seat}")
        obs = view
    else:
        obs = view.observation(seat)
    if obs.to_move != seat:
        raise ValueError(f"it is not seat {seat}'s turn")
    return obs


class RandomBot:
    """Picks uniformly among the legal actions."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.name = "random"
        self.rng = random.Random(seed)
        self._choose = chooser(self.rng)

    def choose(self, view: Any, seat: int) -> Action:
        return self.pick(_observe(view, seat).legal_actions())

    def pick(self, legal: list[Action]) -> Action:
        """The choice among ``legal`` (the legal moves of the seat to move, which the full
        state gives as its observation would: a simulation asks the state, with no view)."""
        return self._choose(legal)

    def hint(self, view: Any, seat: int) -> tuple[Action, str]:
        return self.choose(view, seat), "a random legal move"


class HeuristicBot:
    """Rules of thumb: exchange, marry, close with a strong hand, win high cards cheaply.

    ``policy`` is the rule set (the current one unless given, e.g. the first one for
    comparison in the benchmarks).
    """

    def __init__(
        self, seed: int | str | None = None, policy: Callable[[Deal], int] = heuristic_code
    ) -> None:
        self.name = "heuristic"
        self.rng = random.Random(seed)
        self.policy = policy

    def choose(self, view: Any, seat: int) -> Action:
        return action_of(self.policy(_observe(view, seat).deal))

    def hint(self, view: Any, seat: int) -> tuple[Action, str]:
        return self.choose(view, seat), "rule of thumb"


class StrongBot:
    """Monte Carlo over the hidden cards with an exact game-point solver in phase 2.

    With ``classic`` it plays as the first strong bot did (see the module docstring). With
    ``favourite`` false it values the match between equal players rather than as the
    favourite (:mod:`equity`): for hints to a person, whose strength it does not know.
    """

    def __init__(
        self,
        level: str = "normal",
        seed: int | str | None = None,
        classic: bool = False,
        favourite: bool = True,
    ) -> None:
        if level not in LEVEL_SAMPLES:
            raise ValueError(f"unknown level {level!r} (choose from {', '.join(LEVELS)})")
        self.name = f"{'classic' if classic else 'strong'}-{level}"
        self.level = level
        self.classic = classic
        self.samples = LEVEL_SAMPLES[level] if classic else LEVEL_CLOSED_SAMPLES[level]
        self.iterations = LEVEL_ITERATIONS[level]
        self.rng = random.Random(seed)
        self.solver = Solver()
        self.infer_moves = INFER_MOVES and not classic
        #: Value the match as the favourite (the bot's own play) or between equal players (its
        #: hints for a person, whose strength it does not know).
        self.favourite = favourite
        #: Cards in hints as letters (8C) or with suit symbols, as the screen shows them.
        self.ascii = True

    def choose(self, view: Any, seat: int) -> Action:
        return self.hint(view, seat)[0]

    def hint(self, view: Any, seat: int) -> tuple[Action, str]:
        obs = _observe(view, seat)
        utility = None
        bel = None
        if self.classic:
            result = search(obs, self.samples, self.rng, policy=classic_code, infer=False)
        elif EXCHANGE_FIRST and EXCHANGE_CODE in legal_codes(obs.deal):
            return action_of(EXCHANGE_CODE), (
                f"{format_action(action_of(EXCHANGE_CODE), ascii=self.ascii)}: the trump "
                "Unter for the face-up trump, first (it costs no trick; then choose again)"
            )
        else:
            utility = outcome_values(obs.counts, seat, obs.deal.dealer, self.favourite)
            if self.infer_moves and len(legal_codes(obs.deal)) > 1:
                bel = belief(obs, self.rng)
            if obs.deal.stock_open:
                result = ismcts(obs, self.iterations, self.rng, utility, self.solver, bel)
            else:
                result = search(
                    obs,
                    self.samples,
                    self.rng,
                    utility=utility,
                    solver=self.solver,
                    belief=bel,
                    model_ties=MODEL_TIES,
                )
        action = action_of(result.code)
        if result.samples == 0:
            return action, "the only legal move"

        def show(v: float) -> str:
            return f"{signed(v, 2)} game points" if self.classic else f"{v:.0%} to win the match"

        if result.tree:
            how = f"tree search, {result.samples:,} samples of the hidden cards"
            if bel is not None:
                how += " weighed by the opponent's play"
        elif result.exact:
            points = result.value
            if utility is not None:
                points = min(utility, key=lambda k: abs(utility[k] - result.value))
            verb = "wins" if points > 0 else "loses"
            how = f"solved exactly: {verb} the deal by {counted(round(abs(points)), 'game point')}"
        else:
            how = f"mean over {result.samples:,} samples of the hidden cards"
            if bel is not None:
                how += " weighed by the opponent's play"
        if result.by_model:
            how += "; of the moves as good against perfect play, the one the rule of thumb"
            how += " is likeliest to answer badly"
        ranked = sorted(result.values.items(), key=lambda kv: -kv[1])
        runner = next((kv for kv in ranked if kv[0] != result.code), None)
        alt = ""
        if runner is not None:
            alt = f"; next best {format_action(action_of(runner[0]), ascii=self.ascii)}"
            alt += f" {show(runner[1])}"
        return (
            action,
            f"{format_action(action, ascii=self.ascii)}: {show(result.value)} ({how}){alt}",
        )


Bot = RandomBot | HeuristicBot | StrongBot


def make_bot(
    name: str = "strong",
    level: str | None = None,
    seed: int | str | None = None,
    favourite: bool = True,
) -> Bot:
    """Build a bot by name (``random``, ``heuristic``, ``strong``, ``classic``, or a searching
    bot's own name with its level, ``strong-hard``); the level (``normal`` if none is given)
    applies to the searching two, ``favourite`` to ``strong`` (see :class:`StrongBot`)."""
    base, _, named_level = name.rpartition("-")
    if base in ("strong", "classic") and named_level in LEVEL_SAMPLES:
        # A bot's own name says its level (``strong-normal``): built again from it.
        if level is not None and level != named_level:
            raise ValueError(f"{name!r} names level {named_level}, not {level}")
        name, level = base, named_level
    level = level or "normal"
    if level not in LEVEL_SAMPLES:
        raise ValueError(f"unknown level {level!r} (choose from {', '.join(LEVELS)})")
    if name == "random":
        return RandomBot(seed)
    if name == "heuristic":
        return HeuristicBot(seed)
    if name in ("strong", "default"):
        return StrongBot(level, seed, favourite=favourite)
    if name == "classic":
        return StrongBot(level, seed, classic=True)
    from cardside.core.words import unknown_bot

    listed = unknown_bot("Schnapsen", name, BOT_NAMES)[:-1]  # without its closing bracket
    raise ValueError(f"{listed}; strong and classic also with a level, as strong-hard)")
