"""Schnapsen inference: how much the strong bot's weighing learns of the opponent's hidden hand.

    python benchmarks/schnapsen_inference.py [--deals N] [--quick]

At every decision of seat 0 (the heuristic bot) while the stock is open and after the opponent
has moved, the weighing (:func:`cardside.games.schnapsen.inference.belief`) is built from
seat 0's observation, and the table prints the mean weight it puts on each card the opponent
really holds unseen, against a blind draw (every consistent hand alike, the baseline measured
on the same positions). Early is after one to three opponent moves of the deal, later after
four or more. The misfit weight is the bot's ``EPSILON`` and smaller ones (towards a weighing
that trusts the model player completely); the opponents are the heuristic (the model player
itself) and ``classic`` (a player of another style). Time is the median CPU time
of building one weighing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass, field

from cardside.games.schnapsen import inference
from cardside.games.schnapsen.bots import make_bot
from cardside.games.schnapsen.rules import indices_of
from cardside.games.schnapsen.state import Observation, SchnapsenState

EARLY = 3


@dataclass
class Stage:
    """Sums over the positions of one stage: weight on the true cards, blind share, count."""

    weight: float = 0.0
    blind: float = 0.0
    count: int = 0

    def add(self, weight: float, blind: float) -> None:
        self.weight += weight
        self.blind += blind
        self.count += 1


@dataclass
class Tally:
    """The early and later stages, and the time to build each weighing."""

    stages: dict[str, Stage] = field(default_factory=lambda: {"early": Stage(), "later": Stage()})
    times: list[float] = field(default_factory=list)


def weight_on(bel: inference.Belief, cards: list[int]) -> float:
    """The belief's mean marginal weight on ``cards``."""
    total = bel.cumulative[-1]
    marginal: dict[int, float] = {}
    prev = 0.0
    for hand, cum in zip(bel.hands, bel.cumulative):
        w = (cum - prev) / total
        prev = cum
        for c in indices_of(hand):
            marginal[c] = marginal.get(c, 0.0) + w
    return sum(marginal.get(c, 0.0) for c in cards) / len(cards)


def measure(opponent: str, epsilon: float, deals: int) -> Tally:
    tally = Tally()
    for seed in range(deals):
        state = SchnapsenState(seed=seed)
        bots = [make_bot("heuristic", seed=seed), make_bot(opponent, seed=seed)]
        rng = random.Random(seed)
        while not state.history:
            p = state.current_player()
            assert p is not None
            if p == 0 and state.deal.stock_open:
                observe(state, state.observation(0), epsilon, rng, tally)
            state.apply(bots[p].choose(state, p))
    return tally


def observe(
    state: SchnapsenState, obs: Observation, epsilon: float, rng: random.Random, tally: Tally
) -> None:
    t = time.process_time()
    bel = inference.belief(obs, rng, epsilon=epsilon)
    if bel is None:
        return
    tally.times.append(time.process_time() - t)
    hidden = state.deal.hands[1] & ~obs.deal.known[1]
    cards = indices_of(hidden)
    if not cards:
        return
    unseen = obs.unseen_mask() & ~obs.deal.known[1]
    moves = sum(1 for m in obs.past if m.actor == 1)
    stage = "early" if moves <= EARLY else "later"
    tally.stages[stage].add(weight_on(bel, cards), len(cards) / unseen.bit_count())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=150, help="deals per row")
    parser.add_argument("--quick", action="store_true", help="30 deals per row")
    args = parser.parse_args()
    deals = 30 if args.quick else args.deals
    rows = [
        ("heuristic", inference.EPSILON),
        ("heuristic", 0.001),
        ("classic", inference.EPSILON),
        ("classic", 0.001),
    ]
    head = "opponent   misfit  positions  early: weight / blind  later: weight / blind  ms"
    print(head)
    print("-" * len(head))
    for opponent, eps in rows:
        t = measure(opponent, eps, deals)
        n = sum(stage.count for stage in t.stages.values())
        cells = []
        for stage in t.stages.values():
            if not stage.count:
                cells.append("no positions")
                continue
            w, b = stage.weight / stage.count, stage.blind / stage.count
            cells.append(f"{w:.3f} / {b:.3f} ({w / b:.2f}x)")
        ms = 1000 * statistics.median(t.times)
        print(f"{opponent:<10} {eps:<6}  {n:>9}  {cells[0]:<21}  {cells[1]:<21}  {ms:.0f}")


if __name__ == "__main__":
    main()
