"""What each legal Schnapsen move is worth to the seat to move, from what it can see.

The expected result is the chance to win the match between two equal players (the equity
table of :mod:`equity`, as the hints use it) from the counts each way the deal can end would
leave; the game's own unit is the deal's game points (+1 to +3 won, -1 to -3 lost).

Once the stock is used up, the seat knows every card: its own hand, the cards played, the
indicator taken at the last draw, so the rest is the opponent's hand. The exact solver then
values every move. With the stock still on the table (open, or closed by someone), the seat
cannot see the stock or the opponent's unseen cards: the value is the mean over ``samples``
deals of them, drawn from those consistent with what play has proved (a void shown in phase
2) and weighed, as the strong bot weighs them, by how well the opponent's moves this deal fit
the rule of thumb (:mod:`inference`: moves are seen too); every move is scored on the same
deals. In a deal the stock still open, play goes on by the rule of thumb (:mod:`policy`)
until the stock is closed or used up, and the solver values the rest. The standard error
given is that of the mean over the samples drawn.

Exchanging the trump Unter leaves the same seat to move: the exchange is worth the best of
the moves it allows (closing the stock, say), each scored on the same deals, rather than the
move the rule of thumb would make after it.
"""

from __future__ import annotations

import random

from cardside.core.values import MoveValue, Valuation, mean_and_error, paired_errors
from cardside.games.schnapsen.deal import Deal, legal_codes, step
from cardside.games.schnapsen.equity import outcome_values
from cardside.games.schnapsen.inference import belief, deal_with_hand
from cardside.games.schnapsen.rules import EXCHANGE_CODE, action_of
from cardside.games.schnapsen.search import playout_value
from cardside.games.schnapsen.solver import Solver
from cardside.games.schnapsen.state import Observation, SchnapsenState, determinize_deal

RESULT = "the match"
UNIT = "game points of the deal"
#: Samples of the hidden cards per decision at ``depth`` 1 (each depth step doubles them).
SAMPLES = 100


def samples_at(depth: int) -> int:
    """Samples of the hidden cards per decision at ``depth`` (1 = :data:`SAMPLES`)."""
    return SAMPLES * 2 ** max(0, depth - 1)


def is_exact(obs: Observation) -> bool:
    """Whether the seat knows every card: the stock used up (a closed stock still hides)."""
    return obs.deal.strict and len(obs.deal.stock) == 0


def move_values(
    state: SchnapsenState | Observation,
    seat: int,
    rng: random.Random,
    depth: int = 1,
    solver: Solver | None = None,
) -> Valuation:
    """Every legal move of ``seat`` (to move) valued from its observation alone."""
    obs = state if isinstance(state, Observation) else state.observation(seat)
    if obs.to_move != seat:
        raise ValueError("it is not this seat's turn")
    codes = legal_codes(obs.deal)
    utility = outcome_values(obs.counts, seat, obs.deal.dealer, favourite=False)
    solver = solver or Solver()
    actions = [action_of(c) for c in codes]
    if is_exact(obs):
        d = determinize_deal(obs, rng)
        solved = _solved(d, seat, solver)
        known = tuple(
            MoveValue(a, utility[solved[c]], float(solved[c])) for a, c in zip(actions, codes)
        )
        return Valuation(known, True, 0, RESULT, UNIT, "solved exactly: every card is known")
    n = samples_at(depth) if len(codes) > 1 else 1
    bel = belief(obs, rng) if len(codes) > 1 else None
    chances: list[list[float]] = []
    points_seen: list[list[float]] = []
    exchange = codes.index(EXCHANGE_CODE) if EXCHANGE_CODE in codes else None
    # Per sample, the points of each move after the exchange (the seat is still to move).
    after_exchange: list[list[int]] = []
    for _ in range(n):
        d = determinize_deal(obs, rng) if bel is None else deal_with_hand(obs, bel.draw(rng), rng)
        if d.strict:
            solved = _solved(d, seat, solver)
            row = [solved[c] for c in codes]
        else:
            row = [playout_value(step(d, c), seat, solver) for c in codes]
            if exchange is not None:
                then = step(d, EXCHANGE_CODE)
                after_exchange.append(
                    [playout_value(step(then, c), seat, solver) for c in legal_codes(then)]
                )
        points_seen.append([float(v) for v in row])
        chances.append([utility[v] for v in row])
    if exchange is not None and after_exchange:
        _value_exchange(exchange, after_exchange, chances, points_seen, utility)
    moves = []
    for k, action in enumerate(actions):
        chance, error = mean_and_error([row[k] for row in chances])
        points, _ = mean_and_error([row[k] for row in points_seen])
        moves.append(MoveValue(action, chance, points, error))
    top = max(moves, key=lambda m: (m.chance, m.points)).action
    how = f"mean over {n} samples of the hidden cards"
    if bel is not None:
        how += " weighed by the opponent's play"
    if obs.deal.stock_open:
        how += ", played on by the rule of thumb until the stock is closed or used up"
    return Valuation(
        tuple(moves), False, n, RESULT, UNIT, how, paired_errors(actions, chances, top)
    )


def _value_exchange(
    k: int,
    after: list[list[int]],
    chances: list[list[float]],
    points_seen: list[list[float]],
    utility: dict[int, float],
) -> None:
    """Set column ``k`` (the exchange) to the best move after it, by its mean over the deals
    (the seat does not see which deal it is in, so it picks one move for all of them)."""
    width = len(after[0])
    if any(len(row) != width for row in after):
        return  # the seat's moves after the exchange depend only on what it sees
    best = max(
        range(width),
        key=lambda j: (sum(utility[row[j]] for row in after), sum(row[j] for row in after)),
    )
    for row, chance, points in zip(after, chances, points_seen):
        chance[k] = utility[row[best]]
        points[k] = float(row[best])


def _solved(d: Deal, seat: int, solver: Solver) -> dict[int, int]:
    """Each legal move's game points for ``seat`` in a phase-2 deal with every card known."""
    sign = 1 if d.to_move == seat else -1
    return {c: sign * v for c, v in solver.action_values(d).items()}
