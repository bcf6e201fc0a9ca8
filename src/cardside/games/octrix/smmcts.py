"""Simultaneous-move Monte Carlo tree search for three and four players and partnerships.

Each node of the tree is one step of a trick: the seats that commit together (everyone, or
one pair of the partnership game). Every such seat keeps its own regret-matching learner over
its cards; an iteration samples a card for each seat, follows or grows the tree, finishes the
round with uniformly random play, and updates each learner with an importance-weighted
estimate of its own utility (outcome-sampling regret matching, as in Lisý, Kovařík, Lanctot
and Bošanský, 2013). The move played is drawn from the average strategy at the root.

A seat's utility is its side's points from here to the end of the round minus the mean of the
other sides' points, over 64. The number of iterations is the budget: no clock is read.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from cardside.games.octrix.position import RoundPosition, bits

EXPLORATION = 0.2
SCALE = 64.0  # the most points a side can take in a round


class _Node:
    """One step of one trick: a regret-matching learner per seat acting there."""

    __slots__ = ("seats", "actions", "regret", "average", "children")

    def __init__(self, seats: tuple[int, ...], hands: list[int]) -> None:
        self.seats = seats
        self.actions = [bits(hands[s]) for s in seats]
        self.regret = [[0.0] * len(a) for a in self.actions]
        self.average = [[0.0] * len(a) for a in self.actions]
        self.children: dict[tuple[int, ...], _Node] = {}


def _matching(regret: list[float]) -> list[float]:
    positive = [r if r > 0.0 else 0.0 for r in regret]
    total = sum(positive)
    if total <= 0.0:
        return [1.0 / len(regret)] * len(regret)
    return [p / total for p in positive]


@dataclass(frozen=True, slots=True)
class SearchResult:
    """The average root strategy of one seat, with the estimated utility of each card."""

    cards: tuple[int, ...]
    strategy: tuple[float, ...]
    iterations: int


class SimultaneousMcts:
    """Search one round position for ``seat``, with a fixed iteration budget."""

    def __init__(self, position: RoundPosition, rng: random.Random) -> None:
        self.pos = position
        self.rng = rng
        self.steps = position.steps()
        self.side_of = position.side_of
        self.sides = max(self.side_of) + 1
        step = 0
        if len(self.steps) > 1 and all(position.pending[s] >= 0 for s in self.steps[0]):
            step = 1
        self.root_step = step
        self.root = _Node(self.steps[step], list(position.hands))

    def run(self, iterations: int, seat: int) -> SearchResult:
        """Run ``iterations`` iterations and return ``seat``'s average strategy at the root."""
        p = self.pos
        for _ in range(iterations):
            self._iterate(
                self.root,
                list(p.hands),
                list(p.pending),
                self.root_step,
                p.high,
                p.prev_side,
                p.run,
            )
        k = self.root.seats.index(seat)
        avg = self.root.average[k]
        total = sum(avg)
        strategy = [a / total for a in avg] if total > 0 else [1.0 / len(avg)] * len(avg)
        return SearchResult(tuple(self.root.actions[k]), tuple(strategy), iterations)

    # -- one iteration -----------------------------------------------------------------------
    def _iterate(
        self,
        node: _Node,
        hands: list[int],
        pending: list[int],
        step: int,
        high: bool,
        prev: int,
        run: int,
    ) -> list[float]:
        rng = self.rng
        picks: list[int] = []
        probs: list[float] = []
        strategies: list[list[float]] = []
        for k in range(len(node.seats)):
            sigma = _matching(node.regret[k])
            strategies.append(sigma)
            n = len(sigma)
            mixed = [(1.0 - EXPLORATION) * x + EXPLORATION / n for x in sigma]
            r = rng.random()
            i = 0
            acc = mixed[0]
            while r >= acc and i < n - 1:
                i += 1
                acc += mixed[i]
            picks.append(i)
            probs.append(mixed[i])
        hands = list(hands)
        pending = list(pending)
        joint = []
        for k, s in enumerate(node.seats):
            card = node.actions[k][picks[k]]
            joint.append(card)
            hands[s] ^= 1 << card
            pending[s] = card
        points = [0.0] * self.sides
        if step + 1 < len(self.steps):
            step += 1
        else:
            step = 0
            top = max(pending)
            bottom = min(pending)
            side = self.side_of[pending.index(top if high else bottom)]
            if side == prev:
                gain, run = 2 * run + 1, run + 1
            else:
                gain, run = 1, 1
            points[side] += gain
            high, prev = (top & 2) == (bottom & 2), side
            pending = [-1] * len(pending)
        if hands[0] or step:
            key = tuple(joint)
            child = node.children.get(key)
            if child is None:
                node.children[key] = _Node(self.steps[step], hands)
                rest = self._rollout(hands, pending, step, high, prev, run)
            else:
                rest = self._iterate(child, hands, pending, step, high, prev, run)
            for i in range(self.sides):
                points[i] += rest[i]
        self._update(node, picks, probs, strategies, points)
        return points

    def _update(
        self,
        node: _Node,
        picks: list[int],
        probs: list[float],
        strategies: list[list[float]],
        points: list[float],
    ) -> None:
        sides = self.sides
        total = sum(points)
        for k, seat in enumerate(node.seats):
            own = points[self.side_of[seat]]
            u = (own - (total - own) / (sides - 1)) / SCALE
            regret = node.regret[k]
            for b in range(len(regret)):
                regret[b] -= u
            regret[picks[k]] += u / probs[k]
            avg = node.average[k]
            for b, x in enumerate(strategies[k]):
                avg[b] += x

    def _rollout(
        self, hands: list[int], pending: list[int], step: int, high: bool, prev: int, run: int
    ) -> list[float]:
        rng = self.rng
        left = [bits(h) for h in hands]
        pending = list(pending)
        points = [0.0] * self.sides
        steps = self.steps
        side_of = self.side_of
        while True:
            for s in steps[step]:
                cards = left[s]
                pending[s] = cards.pop(rng.randrange(len(cards)))
            step += 1
            if step < len(steps):
                continue
            step = 0
            top = max(pending)
            bottom = min(pending)
            side = side_of[pending.index(top if high else bottom)]
            if side == prev:
                gain, run = 2 * run + 1, run + 1
            else:
                gain, run = 1, 1
            points[side] += gain
            high, prev = (top & 2) == (bottom & 2), side
            if not left[0]:
                return points
