"""What each Line-it action is worth to the player to move, from what that player can see.

An action is one step of a turn (take, play from hand, score, done); it is valued by the best
way to finish the turn that starts with it (the heuristic's plans, :func:`bots.plans`), played
on by every seat's quick policy for two rounds on ``samples`` deals of the cards the player
cannot see (the deck), as the strong bot plays its turns
(:func:`search.playout_margin`), and rated by the strong bot's estimate: the player's final
score less the best opponent's. That margin is the game's own unit. The actions valued are the
first steps of the heuristic's six best plans, every step that ends the turn, and the step
played.

The expected result is the chance to win the game: the estimated margin against the spread
of the turns still to come (about :data:`SPREAD` points a turn of every player), read as a
normal chance. It is a model over the samples, not a count of games.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from cardside.core.values import MoveValue, Valuation, mean_and_error
from cardside.games.lineit.bots import plans, turns_left
from cardside.games.lineit.notation import Action
from cardside.games.lineit.search import playout_margin
from cardside.games.lineit.state import LineitState

RESULT = "the game"
UNIT = "points of the margin over the best opponent, estimated"
#: Samples of the hidden cards at depth 1 (each depth step doubles them).
SAMPLES = 8
#: Rounds every seat plays on after the turn (the strong bot's playout).
HORIZON = 2
#: First steps of the best plans valued.
CANDIDATES = 6
#: The spread of one turn's points (a standard deviation), in the model of the chance to win.
SPREAD = 2.0


def move_values(
    state: LineitState,
    seat: int,
    rng: random.Random,
    depth: int = 1,
    also: Sequence[Action] = (),
) -> Valuation:
    """The actions of ``seat`` (to move) worth valuing, and ``also`` (e.g. the one played)."""
    view = state.observation(seat)
    found = plans(view, seat)
    best_plan: dict[Action, tuple[Action, ...]] = {}
    for _, path in found:
        best_plan.setdefault(path[0], path)
    wanted = [a for a in best_plan][:CANDIDATES]
    wanted += [a for a, path in best_plan.items() if len(path) == 1 and a not in wanted]
    wanted += [a for a in also if a not in wanted]
    n = SAMPLES * 2 ** (depth - 1)
    rows: list[list[float]] = []
    for _ in range(n):
        sample = view.determinize(seat, rng)
        rows.append([playout_margin(sample, seat, best_plan.get(a, (a,)), HORIZON) for a in wanted])
    turns = max(1.0, turns_left(view.snapshot, view.players, seat)) * view.players
    spread = SPREAD * math.sqrt(turns)

    def chance(points: float) -> float:
        return 0.5 * (1.0 + math.erf(points / spread / math.sqrt(2.0)))

    moves = []
    for k, action in enumerate(wanted):
        mean, error = mean_and_error([row[k] for row in rows])
        slope = abs(chance(mean + 0.5) - chance(mean - 0.5))
        moves.append(MoveValue(action, chance(mean), mean, error * slope))
    top = max(range(len(wanted)), key=lambda k: (moves[k].chance, moves[k].points))
    errors = []
    for k, action in enumerate(wanted):
        if k != top:
            _, e = mean_and_error([row[k] - row[top] for row in rows])
            slope = abs(chance(moves[top].points + 0.5) - chance(moves[top].points - 0.5))
            errors.append((action, wanted[top], e * slope))
    return Valuation(
        tuple(moves),
        False,
        n,
        RESULT,
        UNIT,
        f"the strong bot's play-on over {n} samples of the hidden cards",
        tuple(errors),
    )
