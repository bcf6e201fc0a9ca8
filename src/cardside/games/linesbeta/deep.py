"""The ``deep`` LinesBeta bots: the planner's best plays, each tried on sampled grids.

For a challenge, the planner proposes its best few plays. The bot then deals the cards it has
not seen into the face-down cells and the deck several times (``LinesBetaState.sample``, from
the player's view only) and, on each deal, plays every proposal and the rest of the round with
the planner. A proposal scores the tricks won in the round plus the planner's ``carry`` for
each face-up card the grid keeps into the next round (a round's end that empties a line of its
face-down cards sends what it showed back to the deck). Every proposal meets the same deals.
The trump card and the case-c cell are left to the planner.

``deep`` spends its deals where they pay (``PLAN``, by the cards in hand): the best four on 80
deals with three cards in hand and on 60 with four, five or six, and the planner's choice with
two (the fifth trick of a round, where little is left to choose). It moves from the planner's
first choice only when another play does better by more than ``margin`` tricks a deal, since
on a few dozen deals the best total is partly luck. ``deep2`` is the bot before, which left a
round's first trick to the planner and tried only three on 30 deals with five cards; ``deep1``
the one before that: the best four on 20 deals at every trick, the best total taken, and a
large bonus or penalty when the game is settled in the round.

``deepwin`` is ``deep1`` valuing a rollout instead by the chance of winning the game from where
the round leaves it: 1 or 0 when the game is settled in the round, else the chance that the
rounds still to come lose few enough tricks for the grid to stay below its target, taking each
round's tricks lost as independent draws from ``ROUND_LOSSES`` (the planner's tricks lost in a
round from round 2 on, over 3,600 rounds played to the end); the face-up cards kept beside
those face up now count ``carry`` tricks each, read off the same curve. Near the grid's target
a trick weighs more than far from it. It won fewer games than ``deep1`` on the deals measured
(docs/strength.md).
"""

from __future__ import annotations

import math
import random

from cardside.core.state import check_seat
from cardside.games.linesbeta.planner import PlannerBot, observe
from cardside.games.linesbeta.rules import Action
from cardside.games.linesbeta.state import PHASE_PLAY, LinesBetaState, Observation

SETTLED = 100.0

#: The planner's tricks lost in one round (0 to 6), as shares of the rounds from round 2 on.
ROUND_LOSSES = (0.249, 0.359, 0.252, 0.107, 0.027, 0.006, 0.0)


def _convolve(a: list[float], b: tuple[float, ...]) -> list[float]:
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return out


def win_chances(rounds: int, losses: tuple[float, ...] = ROUND_LOSSES) -> list[list[float]]:
    """``table[r][k]``: the chance that ``r`` more rounds lose at most ``k`` tricks."""
    table = []
    dist = [1.0]
    for _ in range(rounds + 1):
        run, total = [], 0.0
        for p in dist:
            total += p
            run.append(min(1.0, total))
        table.append(run)
        dist = _convolve(dist, losses)
    return table


def parse_plan(text: str) -> dict[int, tuple[int, int]]:
    """A plan as the benchmarks write it, ``3:4x80,6:4x60``: ``{3: (4, 80), 6: (4, 60)}`` (by
    the cards in hand, the challenges tried and the deals each)."""
    plan = {}
    for part in text.split(","):
        size, rule = part.split(":")
        tried, deals = rule.split("x")
        plan[int(size)] = (int(tried), int(deals))
    return plan


def write_plan(plan: dict[int, tuple[int, int]]) -> str:
    """A plan written as :func:`parse_plan` reads it, by the cards in hand."""
    return ",".join(f"{size}:{t}x{d}" for size, (t, d) in sorted(plan.items()))


class DeepBot:
    """Rollouts of the planner's candidate challenges over sampled deals, where they pay."""

    name = "deep"
    #: By the cards in hand: (challenges tried, deals each); other hand sizes play the
    #: planner's choice.
    PLAN: dict[int, tuple[int, int]] = {3: (4, 80), 4: (4, 60), 5: (4, 60), 6: (4, 60)}
    #: Leave the planner's first choice only for more than this many tricks a deal.
    margin = 0.05
    #: When not 0, the value of a rollout that settles the game (won; lost, its negative).
    settled = 0.0

    def __init__(
        self, seed: int | str = 0, samples: int | None = None, candidates: int | None = None
    ) -> None:
        self.rng = random.Random(seed)
        #: ``samples`` or ``candidates``, when given, replace the deals or the challenges tried
        #: at every hand size of the plan.
        self.plan = {
            size: (candidates or tried, samples or deals)
            for size, (tried, deals) in self.PLAN.items()
        }
        self.planner = PlannerBot(seed)

    def choose(self, view: LinesBetaState | Observation, seat: int = 0) -> Action:
        check_seat(seat, 1)  # the player's seat, the only one that chooses
        return self.decide(observe(view), explain=False)[0]

    def decide(self, obs: Observation, *, explain: bool = True) -> tuple[Action, float, str]:
        """The action, its estimated chance of winning the trick, and a short explanation
        (without ``explain``, as the planner gives it: a bot's own move)."""
        size = len(obs.hand)
        if obs.phase != PHASE_PLAY or size not in self.plan:
            return self.planner.decide(obs, explain=explain)
        tried, deals = self.plan[size]
        ranked = self.planner.ranked(obs)[:tried]
        if len(ranked) == 1:
            return self.planner.decide(obs, explain=explain)
        totals = [0.0] * len(ranked)
        for _ in range(deals):
            deal = LinesBetaState.sample(obs, self.rng)
            for i, (_, _, action) in enumerate(ranked):
                totals[i] += self._rollout(deal, action)
        best = max(range(len(ranked)), key=lambda i: (totals[i], -i))
        if totals[best] - totals[0] <= self.margin * deals:
            best = 0
        _, p, action = ranked[best]
        return action, p, self._why(p, totals[best] / deals)

    def _why(self, p: float, mean: float) -> str:
        return f"wins this trick with chance {p:.0%}; about {mean:.1f} more tricks"

    def _play_round(self, deal: LinesBetaState, action: Action) -> LinesBetaState:
        """``action`` and the rest of the round played by the planner on a copy of ``deal``."""
        state = deal.clone()
        number = state.round
        state.apply(action)
        choose = self.planner.choose
        while not state.is_terminal() and state.round == number:
            state.apply(choose(state))
        return state

    def _rollout(self, deal: LinesBetaState, action: Action) -> float:
        """Play ``action`` and the rest of the round with the planner; the round's value."""
        start = deal.points[0]
        state = self._play_round(deal, action)
        verdict = state.verdict
        if verdict is not None and self.settled:
            return self.settled if verdict.player_wins else -self.settled
        kept = state.snapshot.face_up.bit_count()
        return float(state.points[0] - start) + self.planner.carry * kept


class Deep2Bot(DeepBot):
    """``deep`` as it was: the best four on 80 deals with three cards and on 60 with four, three
    on 30 with five, the planner's choice with six or two (``deep2``)."""

    name = "deep2"
    PLAN = {3: (4, 80), 4: (4, 60), 5: (3, 30)}


class Deep1Bot(DeepBot):
    """``deep`` as it was: the best four on 20 deals at every trick, the best total taken, and
    ``SETTLED`` for a game settled in the round (``deep1``)."""

    name = "deep1"
    PLAN = {size: (4, 20) for size in range(2, 7)}
    margin = -math.inf
    settled = SETTLED


class DeepWinBot(Deep1Bot):
    """``deep1`` valuing a rollout by the chance of winning the game (``deepwin``)."""

    name = "deepwin"

    def __init__(
        self, seed: int | str = 0, samples: int | None = None, candidates: int | None = None
    ) -> None:
        super().__init__(seed, samples, candidates)
        self._table: list[list[float]] | None = None

    def _why(self, p: float, mean: float) -> str:
        return f"wins this trick with chance {p:.0%}; wins the game with chance about {mean:.0%}"

    def _rollout(self, deal: LinesBetaState, action: Action) -> float:
        """The chance of winning the game after ``action`` and the rest of the round."""
        state = self._play_round(deal, action)
        verdict = state.verdict
        if verdict is not None:
            return 1.0 if verdict.player_wins else 0.0
        if self._table is None:
            self._table = win_chances(state.rounds)
        row = self._table[state.rounds - state.round + 1]
        # Tricks the grid may still lose and stay below its target, plus the cards kept.
        slack = state.grid_target - 1 - state.points[1]
        more = state.snapshot.face_up.bit_count() - deal.snapshot.face_up.bit_count()
        slack_f = slack + self.planner.carry * more
        k = math.floor(slack_f)
        if k < 0:
            return max(0.0, row[0] * (1.0 + slack_f))
        low = row[min(k, len(row) - 1)]
        high = row[min(k + 1, len(row) - 1)]
        return low + (high - low) * (slack_f - k)
