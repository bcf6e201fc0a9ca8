"""Today's planner before the round-wide one (``classic``), kept so comparisons can be rerun.

The planner sees only the player's observation. It treats every unseen card as equally likely
to be in any face-down cell and computes, exactly, the chance that a card wins a trick on a
line from an end. It then plans the round as an assignment of the hand's cards to distinct
open lines (greedy on the win chances) and plays the card, line and end that maximise the
chance of this trick plus the planned value of the rest of the hand on the lines left. The
same plan picks the trump card (the choice that leaves the best-planned hand) and, after a
case-c win, the cell whose crossing line costs the plan least.
"""

from __future__ import annotations

import random

from cardside.core.state import check_seat
from cardside.games.linesbeta.planner import observe, open_lines
from cardside.games.linesbeta.rules import (
    CELL_ACTIONS,
    LINE_CELLS,
    LINES_THROUGH,
    ORDER,
    TRUMP_ACTIONS,
    Action,
    ChooseCell,
    challenge_action,
)
from cardside.games.linesbeta.state import (
    HIDDEN,
    PHASE_CELL,
    PHASE_PLAY,
    PHASE_TRUMP,
    LinesBetaState,
    Observation,
)


def win_chance(obs: Observation, played: int, line: int, end: int, trumps: int) -> float:
    """The chance that ``played`` wins a challenge of ``line`` from ``end`` (0 or 1).

    Face-down cells hold unseen cards, all equally likely; ``trumps`` is a suit index.
    """
    suit, rank = divmod(played, 13)
    unseen = obs.unseen
    n = len(unseen)
    higher = lower = trump_n = 0
    for c in unseen:
        s = c // 13
        if s == suit:
            if c % 13 > rank:
                higher += 1
            else:
                lower += 1
        elif s == trumps:
            trump_n += 1
    return _walk(obs.grid, ORDER[line][end], suit, rank, trumps, n, higher, lower, trump_n)


def _walk(
    grid: tuple[int, ...],
    order: tuple[int, ...],
    suit: int,
    rank: int,
    trumps: int,
    n: int,
    higher: int,
    lower: int,
    trump_n: int,
) -> float:
    """Exact win chance along ``order``: hidden cells are draws without replacement."""
    alive = 1.0  # chance that no card of the suit has appeared yet
    win = 0.0
    drawn = 0
    trump_seen = False
    suited = higher + lower
    for cell in order:
        c = grid[cell]
        if c == HIDDEN:
            m = n - drawn
            if m <= 0:
                break
            win += alive * lower / m
            alive *= (m - suited) / m
            drawn += 1
            if alive == 0.0:
                return win
        else:
            if c // 13 == suit:
                return win + (alive if c % 13 < rank else 0.0)
            if c // 13 == trumps:
                trump_seen = True
    if suit == trumps:
        return win + alive
    if trump_seen:
        return win
    # The drawn cards are all off-suit: the chance that none of them is a trump.
    off = n - suited
    p = 1.0
    for k in range(drawn):
        if off - k <= 0:
            break
        p *= (off - trump_n - k) / (off - k)
        if p <= 0.0:
            return win
    return win + alive * p


class ClassicPlannerBot:
    """Today's planner before the round-wide one: exact trick odds plus a greedy plan."""

    def __init__(self, seed: int | str = 0) -> None:
        self.name = "classic"
        self.rng = random.Random(seed)

    # -- the odds table ---------------------------------------------------------------------
    def _table(
        self, obs: Observation, hand: tuple[int, ...], trumps: int, lines: list[int]
    ) -> dict[tuple[int, int], tuple[float, int]]:
        """(card, line) -> (best win chance, the end that gives it)."""
        n = len(obs.unseen)
        per_suit_ranks: list[list[int]] = [[], [], [], []]
        for c in obs.unseen:
            per_suit_ranks[c // 13].append(c % 13)
        table: dict[tuple[int, int], tuple[float, int]] = {}
        grid = obs.grid
        for card in hand:
            suit, rank = divmod(card, 13)
            ranks = per_suit_ranks[suit]
            higher = sum(1 for r in ranks if r > rank)
            lower = len(ranks) - higher
            trump_n = len(per_suit_ranks[trumps]) if suit != trumps else 0
            for line in lines:
                p0 = _walk(grid, ORDER[line][0], suit, rank, trumps, n, higher, lower, trump_n)
                p1 = _walk(grid, ORDER[line][1], suit, rank, trumps, n, higher, lower, trump_n)
                table[(card, line)] = (p0, 0) if p0 >= p1 else (p1, 1)
        return table

    @staticmethod
    def _plan(
        table: dict[tuple[int, int], tuple[float, int]], hand: tuple[int, ...], lines: list[int]
    ) -> float:
        """Greedy assignment of cards to distinct lines: the planned number of tricks won."""
        pairs = sorted(
            ((table[(c, line)][0], c, line) for c in hand for line in lines), reverse=True
        )
        used_cards: set[int] = set()
        used_lines: set[int] = set()
        total = 0.0
        need = len(hand)
        for p, c, line in pairs:
            if c in used_cards or line in used_lines:
                continue
            used_cards.add(c)
            used_lines.add(line)
            total += p
            if len(used_cards) == need:
                break
        return total

    # -- decisions ---------------------------------------------------------------------------
    def choose(self, view: LinesBetaState | Observation, seat: int = 0) -> Action:
        check_seat(seat, 1)  # the player's seat, the only one that chooses
        return self.decide(observe(view))[0]

    def decide(self, obs: Observation) -> tuple[Action, float, str]:
        """The action, its estimated chance of winning the trick, and a short explanation."""
        if obs.phase == PHASE_TRUMP:
            return self._trump(obs)
        if obs.phase == PHASE_PLAY:
            return self._play(obs)
        if obs.phase == PHASE_CELL:
            return self._cell(obs)
        raise ValueError("the game is over")

    def _open_lines(self, obs: Observation) -> list[int]:
        return open_lines(obs)

    def _trump(self, obs: Observation) -> tuple[Action, float, str]:
        lines = self._open_lines(obs)
        best: tuple[float, int] | None = None
        for t in obs.hand:
            hand = tuple(c for c in obs.hand if c != t)
            table = self._table(obs, hand, t // 13, lines)
            value = self._plan(table, hand, lines)
            if best is None or value > best[0] + 1e-12:
                best = (value, t)
        assert best is not None
        value, t = best
        return (
            TRUMP_ACTIONS[t],
            value / len(obs.hand[:-1]),
            f"plans about {value:.1f} tricks of 6 with this trump",
        )

    def _play(self, obs: Observation) -> tuple[Action, float, str]:
        lines = self._open_lines(obs)
        trumps = obs.trump // 13
        table = self._table(obs, obs.hand, trumps, lines)
        best: tuple[float, float, int, int, int] | None = None
        for card in obs.hand:
            rest = tuple(c for c in obs.hand if c != card)
            for line in lines:
                p, end = table[(card, line)]
                # The crossing line blocked by the gap is unknown; only this line is excluded.
                future = self._plan(table, rest, [x for x in lines if x != line]) if rest else 0.0
                score = p + future
                if best is None or score > best[0] + 1e-12:
                    best = (score, p, card, line, end)
        assert best is not None
        _, p, card, line, end = best
        action = challenge_action(card, line, end)
        return action, p, f"wins this trick with chance {p:.0%}"

    def _cell(self, obs: Observation) -> tuple[Action, float, str]:
        line = obs.tricks[-1].line
        lines = [x for x in self._open_lines(obs) if x != line]
        trumps = obs.trump // 13
        table = self._table(obs, obs.hand, trumps, lines)
        best: tuple[float, int, int] | None = None
        for cell in LINE_CELLS[line]:
            r, c = LINES_THROUGH[cell]
            crossing = c if r == line else r
            left = [x for x in lines if x != crossing]
            value = self._plan(table, obs.hand, left) if obs.hand else 0.0
            rank = obs.grid[cell] % 13
            if best is None or (value, rank) > (best[0], best[1]):
                best = (value, rank, cell)
        assert best is not None
        action: ChooseCell = CELL_ACTIONS[best[2]]
        return action, 1.0, "the trick is won; this cell's crossing line matters least"
