"""What each legal LinesBeta move is worth to the player, from what the player can see.

The game's own unit is the tricks the round still brings the player, as the planner counts
them (:mod:`planner`): for a challenge, its chance of winning this trick plus the plan of the
rest of the hand on the lines each outcome leaves open; for the trump card, the best first
challenge it leaves (the choice shows nothing new); for the grid's card after a trick won,
the plan of the rest of the round with that cell's crossing line blocked. The odds come
from the player's view alone (the face-down cells modelled from the cards seen).

The expected result is the chance to win the game: the round's tricks fall with the planned
chance each, the later rounds' with the player's rate of tricks won so far (counted from a
start of 9.5 of 12: the planner wins about 79% of the tricks at every difficulty; with that
rate the model's chance at the start is 98% at normal full, 63% at hard full and 44% at hard
short over 8 deals, where the planner wins 98.7%, 72.1% and 54.7% of 2,000 games). The
player wins on reaching the target at the end of a round where the grid has not reached its
own, or as soon as the grid cannot reach it in the tricks the round has left; the grid
reaching its target is a loss, whoever reached theirs first.
It is a model over the planner's odds, not a sample: ``samples`` is 0 and ``exact`` false.
"""

from __future__ import annotations

import random
from functools import lru_cache

from cardside.core.values import MoveValue, Valuation
from cardside.games.linesbeta.odds import CellModel
from cardside.games.linesbeta.planner import PlannerBot, _greedy, open_lines
from cardside.games.linesbeta.rules import (
    CELL_ACTIONS,
    LINE_CELLS,
    LINES_THROUGH,
    TRICKS_PER_ROUND,
    TRUMP_ACTIONS,
)
from cardside.games.linesbeta.state import (
    PHASE_CELL,
    PHASE_PLAY,
    PHASE_TRUMP,
    LinesBetaState,
    Observation,
)

RESULT = "the game"
UNIT = "tricks of the round, as planned"
#: The rate of tricks won before any is played: 9.5 of 12, the planner's 79%
#: (``linesbeta simulate --all --games 2000 --seed 2026``: 26.1 to 6.9 tricks a game at
#: normal full, 29.8 to 7.8 at hard full, 16.3 to 4.4 at hard short).
PRIOR_WINS, PRIOR_TRICKS = 9.5, 12


def move_values(
    state: LinesBetaState | Observation,
    seat: int = 0,
    rng: random.Random | None = None,
    depth: int = 1,
) -> Valuation:
    """Every legal move of the player valued from the observation alone (``rng`` and
    ``depth`` are unused: the planner's odds are worked out, not sampled)."""
    obs = state if isinstance(state, Observation) else state.observation(0)
    legal = (state if isinstance(state, LinesBetaState) else None) and state.legal_actions()
    planner = PlannerBot()
    planned: dict[object, float] = {}
    if obs.phase == PHASE_PLAY:
        for value, _, action in planner.ranked(obs):
            planned[action] = value
        left = len(obs.hand)
    elif obs.phase == PHASE_TRUMP:
        planned = _trumps(planner, obs)
        left = TRICKS_PER_ROUND
    elif obs.phase == PHASE_CELL:
        planned = _cells(planner, obs)
        left = len(obs.hand) + 1  # the trick won, not yet scored, and the rest
    else:
        raise ValueError("the game is over")
    actions = legal if legal else list(planned)
    moves = tuple(
        MoveValue(a, chance_after(obs, planned[a], left), planned[a])
        for a in actions  # type: ignore[union-attr]
    )
    return Valuation(moves, False, 0, RESULT, UNIT, "the planner's odds from what is seen")


def _trumps(planner: PlannerBot, obs: Observation) -> dict[object, float]:
    """Each trump card valued as the best first challenge it leaves: choosing the trump shows
    nothing new, so the choice is worth what the best move after it is worth, on the same
    measure (a plan of the whole round alone would count the round more highly)."""
    return {TRUMP_ACTIONS[t]: planner.trump_value(obs, t) for t in obs.hand}


def _cells(planner: PlannerBot, obs: Observation) -> dict[object, float]:
    line = obs.tricks[-1].line
    lines = [x for x in open_lines(obs) if x != line]
    hand = obs.hand
    walks = planner._walks(CellModel(obs), hand, obs.trump // 13, lines)
    pairs = planner._pairs(walks, hand, lines)
    out: dict[object, float] = {}
    for cell in LINE_CELLS[line]:
        r, c = LINES_THROUGH[cell]
        crossing = c if r == line else r
        # The trick is won already: it counts 1 beside the rest of the round's plan.
        out[CELL_ACTIONS[cell]] = 1.0 + _greedy(
            pairs, 0, obs.blocked | 1 << line | 1 << crossing, len(hand)
        )
    return out


def chance_after(obs: Observation, planned: float, left: int) -> float:
    """The chance to win the game when the round's ``left`` tricks bring ``planned``."""
    need = obs.player_target - obs.player
    grid_need = obs.grid_target - obs.grid_points
    rate = (obs.player + PRIOR_WINS) / (obs.player + obs.grid_points + PRIOR_TRICKS)
    later = (obs.rounds - obs.round) * TRICKS_PER_ROUND
    left = max(1, left)
    p = min(1.0, max(0.0, planned / left))
    return _race(need, grid_need, left, round(p, 3), later, round(rate, 3))


# Bounded: p and q change from position to position, so a review of many games would
# otherwise keep every position's table (about 30 MB a game); one table is a few thousand.
@lru_cache(maxsize=1 << 16)
def _race(need: int, grid_need: int, now: int, p: float, later: int, q: float) -> float:
    """The chance that the player wins: ``need`` tricks come and the grid's ``grid_need``
    do not, by the end of that round or of a round where the grid can no longer reach its
    target, over ``now`` tricks (the rest of this round) won with chance ``p`` each and then
    ``later`` tricks (whole rounds) with chance ``q``. The grid reaching its target is a
    loss, even where the player reached theirs first in the round."""
    if grid_need <= 0:
        return 0.0
    if need <= 0 and grid_need > (now if now > 0 else later % TRICKS_PER_ROUND):
        return 1.0  # the round ends, or the grid cannot reach its target in what is left
    if now > 0:
        return p * _race(need - 1, grid_need, now - 1, p, later, q) + (1 - p) * _race(
            need, grid_need - 1, now - 1, p, later, q
        )
    if later > 0:
        return q * _race(need - 1, grid_need, 0, p, later - 1, q) + (1 - q) * _race(
            need, grid_need - 1, 0, p, later - 1, q
        )
    return 0.0  # neither target reached after the last round: the player loses
