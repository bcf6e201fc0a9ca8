"""What the player can infer about the face-down cells, and the odds of a challenge.

A card the player saw go back to the deck at the end of round ``b`` can only lie in a cell
filled at a later round's start; a cell face down since round 1 holds a card never seen. The
model deals the face-down cells the way ``LinesBetaState.determinize`` does (the cells filled
earliest first, each from the cards it may hold), which gives, per fill round, the chance that
one such cell holds each unseen card.

A line's face-down cells are drawn without replacement from the pool of their own fill round:
the count of cells already drawn is kept per fill round, since cells filled at different rounds
draw from different pools. ``shared_draws`` keeps the single count over all of them that the
planner used before (``planner2`` and ``planner1``): there a late cell's small pool was reduced
by cells drawn from other pools, which could skip the cell or read a chance above 1.
"""

from __future__ import annotations

from itertools import accumulate

from cardside.games.linesbeta.rules import CELLS, DECK_SIZE
from cardside.games.linesbeta.view import HIDDEN, Observation


class CellModel:
    """Per fill round of the face-down cells: how many cards it may draw from, by suit and rank.

    ``pool[f]`` is the number of unseen cards a cell filled at round ``f`` may still hold
    (after the cells filled earlier took theirs) and ``below[f][suit][r]`` the expected number of
    those of ``suit`` with a rank index below ``r`` (0..13), so the walk of a line can draw from
    them without replacement as in a uniform deal (which it is when nothing seen has gone back).
    """

    __slots__ = ("below", "grid", "fill", "pool", "rounds", "shared_draws")

    def __init__(self, obs: Observation, shared_draws: bool = False) -> None:
        self.shared_draws = shared_draws
        self.grid = obs.grid
        self.fill = obs.fill_round
        self.rounds = max(obs.fill_round, default=0) + 1
        hidden_by_round: dict[int, int] = {}
        for cell in range(CELLS):
            if obs.grid[cell] == HIDDEN:
                f = obs.fill_round[cell]
                hidden_by_round[f] = hidden_by_round.get(f, 0) + 1
        by_class: dict[int, list[int]] = {}
        for c in obs.unseen:
            by_class.setdefault(obs.back_round[c], []).append(c)
        # The expected number of each class's cards not yet taken by earlier-filled cells.
        avail = {b: float(len(cards)) for b, cards in by_class.items()}
        self.pool: dict[int, float] = {}
        self.below: dict[int, list[list[float]]] = {}
        for f in sorted(hidden_by_round):
            eligible = [b for b in avail if b < f]
            total = sum(avail[b] for b in eligible)
            weight = [0.0] * DECK_SIZE
            if total > 0:
                for b in eligible:
                    share = avail[b] / len(by_class[b]) / total
                    for c in by_class[b]:
                        weight[c] = share
                taken = hidden_by_round[f] / total
                for b in eligible:
                    avail[b] -= avail[b] * taken
            self.pool[f] = total
            # Running sums by rank, as ``run[-1] + weight * total`` one rank after another.
            self.below[f] = [
                list(
                    accumulate([w * total for w in weight[suit * 13 : suit * 13 + 13]], initial=0.0)
                )
                for suit in range(4)
            ]

    def walk(
        self, order: tuple[int, ...], suit: int, rank: int, trumps: int
    ) -> tuple[float, list[tuple[int, float]], float, float]:
        """Challenge the cells in ``order`` with the card (``suit``, rank index ``rank``).

        Returns the chance of winning, the chance that the grid's card comes from each
        position (as ``(position, chance)`` for the first card of the suit), the chance that
        the line holds neither the suit nor a trump that beats the card (case c: a win and
        the player picks the cell) and the chance that the grid trumps (case b).
        """
        grid = self.grid
        fill = self.fill
        pool = self.pool
        below = self.below
        shared = self.shared_draws
        alive = 1.0
        win = 0.0
        # drawn[f]: the line's face-down cells already drawn from fill round f's pool.
        drawn = [0] * self.rounds
        trump_seen = False
        stops: list[tuple[int, float]] = []
        steps: list[tuple[int, int]] = []
        for pos, cell in enumerate(order):
            c = grid[cell]
            if c == HIDDEN:
                f = fill[cell]
                key = 0 if shared else f
                d = drawn[key]
                m = pool[f] - d
                if m <= 0.5:
                    continue
                run = below[f][suit]
                p_suit = run[13] / m
                if p_suit > 1.0:
                    p_suit = 1.0
                # The chance of the trick is never above the chance of the suit (capped at 1).
                if run[rank] > m and not shared:
                    win += alive * p_suit
                else:
                    win += alive * run[rank] / m
                if p_suit > 0.0:
                    stops.append((pos, alive * p_suit))
                alive *= 1.0 - p_suit
                steps.append((f, d))
                drawn[key] = d + 1
                if alive <= 0.0:
                    return win, stops, 0.0, 0.0
            elif c >= 0:
                if c // 13 == suit:
                    stops.append((pos, alive))
                    return win + (alive if c % 13 < rank else 0.0), stops, 0.0, 0.0
                if c // 13 == trumps:
                    trump_seen = True
        if suit == trumps:
            return win + alive, stops, alive, 0.0
        if trump_seen:
            return win, stops, 0.0, alive
        # The drawn cards are all off-suit: the chance that none of them is a trump.
        p = 1.0
        for f, d in steps:
            counts = below[f]
            off = pool[f] - counts[suit][13] - d
            if off <= 0.0:
                break
            p *= max(0.0, off - counts[trumps][13]) / off
        return win + alive * p, stops, alive * p, alive * (1.0 - p)
