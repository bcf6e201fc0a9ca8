"""What each Line-it action is worth to the player to move, from what that player can see.

An action is one step of a turn (take, play from hand, score, done); it is valued by the best
way to finish the turn that starts with it: the heuristic's :data:`WAYS` best-rated ways
(:func:`bots.plans`) are each played on by every seat's quick policy for two rounds on the
same ``samples`` deals of the cards the player cannot see (the deck), as the strong bot plays
its turns (:func:`search.playout_margin`), and the step takes the value of the best of them
(chosen on half the samples, valued on the other half): the strong bot's estimate of the
player's final score less the best opponent's. That margin
is the game's own unit. The actions valued are the first steps of the heuristic's six best
plans, every step that ends the turn, and the step played.

The expected result is the chance to win the game: the estimated margin against the spread
of the turns still to come (about :data:`SPREAD` points a turn of every player), read as a
normal chance. It is a model over the samples, not a count of games, but for a step whose
way of finishing the turn ends the game (the last play of the end phase, or its ``done``):
its chance is the outcome, 1 for a win, 0 for a loss and a share of the win (one over the
players tied) for a tie for the highest score, as the rules count it.
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
#: Samples of the hidden cards at depth 1 (each depth step doubles them): half to choose each
#: step's way on, half to value it.
SAMPLES = 16
#: Rounds every seat plays on after the turn (the strong bot's playout).
HORIZON = 2
#: First steps of the best plans valued.
CANDIDATES = 6
#: Ways of finishing the turn judged for each first step (the heuristic's best first).
WAYS = 4
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
    ways: dict[Action, list[tuple[Action, ...]]] = {}
    for _, path in plans(view, seat):
        kept = ways.setdefault(path[0], [])
        if len(kept) < WAYS:
            kept.append(path)
    wanted = [a for a in ways][:CANDIDATES]
    wanted += [a for a, paths in ways.items() if paths[0] == (a,) and a not in wanted]
    wanted += [a for a in also if a not in wanted]
    # Every way of finishing the turn judged on the same samples; a step is worth the best
    # way that starts with it, as the next step (valued the same way) then is.
    columns = [(k, path) for k, a in enumerate(wanted) for path in ways.get(a, [(a,)])]
    n = SAMPLES * 2 ** (depth - 1)
    rows: list[list[float]] = []
    ends: list[list[float | None]] = []
    for _ in range(n):
        sample = view.determinize(seat, rng)
        rows.append([playout_margin(sample, seat, path, HORIZON) for _, path in columns])
        ends.append([_share_at_end(sample, seat, path) for _, path in columns])
    # The best way of each step is chosen on the first half of the samples and valued on the
    # other half: chosen and valued on the same samples, a step with more ways would gain by
    # the luck of its best one (the best of noisy means is too high), and `done` would lose.
    half = n // 2
    chosen: dict[int, int] = {}
    for c, (k, _) in enumerate(columns):
        if k not in chosen or sum(r[c] for r in rows[:half]) > sum(
            r[chosen[k]] for r in rows[:half]
        ):
            chosen[k] = c
    best = {k: [row[c] for row in rows[half:]] for k, c in chosen.items()}
    # A step whose best way ends the game (on every sample valued) has its outcome, certain.
    certain: dict[int, float] = {}
    for k, c in chosen.items():
        shares = [end[c] for end in ends[half:]]
        if all(share is not None for share in shares):
            certain[k] = sum(share or 0.0 for share in shares) / len(shares)
    turns = max(1.0, turns_left(view.snapshot, view.players, seat)) * view.players
    spread = SPREAD * math.sqrt(turns)

    def chance(points: float) -> float:
        return 0.5 * (1.0 + math.erf(points / spread / math.sqrt(2.0)))

    def slope(points: float) -> float:
        return abs(chance(points + 0.5) - chance(points - 0.5))

    moves = []
    for k, action in enumerate(wanted):
        mean, error = mean_and_error(best[k])
        if k in certain:
            moves.append(MoveValue(action, certain[k], mean, 0.0))
        else:
            moves.append(MoveValue(action, chance(mean), mean, error * slope(mean)))
    top = max(range(len(wanted)), key=lambda k: (moves[k].chance, moves[k].points))
    errors = []
    for k, action in enumerate(wanted):
        if k != top:
            _, e = mean_and_error([a - b for a, b in zip(best[k], best[top], strict=True)])
            # The slope of the step not certain (the top's, unless the top ends the game).
            at = moves[top].points if top not in certain else moves[k].points
            errors.append((action, wanted[top], e * slope(at)))
    return Valuation(
        tuple(moves),
        False,
        n - half,
        RESULT,
        UNIT,
        f"the strong bot's play-on over {n - half} samples of the hidden cards (each step's "
        f"best way to finish the turn chosen on {half} more)",
        tuple(errors),
    )


def _share_at_end(sample: LineitState, seat: int, path: tuple[Action, ...]) -> float | None:
    """``seat``'s share of the win when ``path`` ends the game on ``sample`` (1 alone in first
    place, 0 behind, one over the players tied for the highest score); else ``None``."""
    game = sample.at(sample.snapshot)
    for action in path:
        game.advance(action)
    outcome = game.outcome()
    if outcome is None:
        return None
    return 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
