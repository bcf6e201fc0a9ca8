"""The ``deep`` LinesBeta bot: the planner's best plays, each tried on sampled grids.

For a challenge, the planner proposes its best few plays. The bot then deals the cards it has
not seen into the face-down cells and the deck several times (``LinesBetaState.sample``, from
the player's view only) and, on each deal, plays every proposal and the rest of the round with
the planner. A proposal scores the tricks won in the round plus the planner's ``carry`` for
each face-up card the grid keeps into the next round (a round's end that empties a line of its
face-down cards sends what it showed back to the deck), or a large bonus or penalty when the
game is settled in it; the best total wins. Every proposal meets the same deals. The trump
card and the case-c cell are left to the planner.
"""

from __future__ import annotations

import random

from cardside.games.linesbeta.planner import PlannerBot, observe
from cardside.games.linesbeta.rules import Action
from cardside.games.linesbeta.state import PHASE_PLAY, LinesBetaState, Observation

SETTLED = 100.0


class DeepBot:
    """Rollouts of the planner's candidate challenges over sampled deals (up to about 1 s)."""

    def __init__(self, seed: int | str = 0, samples: int = 20, candidates: int = 4) -> None:
        self.name = "deep"
        self.rng = random.Random(seed)
        self.samples = samples
        self.candidates = candidates
        self.planner = PlannerBot(seed)

    def choose(self, view: LinesBetaState | Observation, seat: int = 0) -> Action:
        return self.decide(observe(view))[0]

    def decide(self, obs: Observation) -> tuple[Action, float, str]:
        """The action, its estimated chance of winning the trick, and a short explanation."""
        if obs.phase != PHASE_PLAY or len(obs.hand) <= 1:
            return self.planner.decide(obs)
        ranked = self.planner.ranked(obs)[: self.candidates]
        totals = [0.0] * len(ranked)
        for _ in range(self.samples):
            deal = LinesBetaState.sample(obs, self.rng)
            for i, (_, _, action) in enumerate(ranked):
                totals[i] += self._rollout(deal, action)
        best = max(range(len(ranked)), key=lambda i: (totals[i], -i))
        _, p, action = ranked[best]
        mean = totals[best] / self.samples
        return action, p, f"wins this trick with chance {p:.0%}; about {mean:.1f} more tricks"

    def _rollout(self, deal: LinesBetaState, action: Action) -> float:
        """Play ``action`` and the rest of the round with the planner; the round's value."""
        state = deal.clone()
        start = state.points[0]
        number = state.round
        state.apply(action)
        choose = self.planner.choose
        while not state.is_terminal() and state.round == number:
            state.apply(choose(state))
        verdict = state.verdict
        if verdict is not None:
            return SETTLED if verdict.player_wins else -SETTLED
        kept = state.snapshot.face_up.bit_count()
        return float(state.points[0] - start) + self.planner.carry * kept
