"""The default LinesBeta bot: a planner over the whole round.

It sees only the player's observation. The face-down cells are modelled from what the player
has seen (``odds.CellModel``: a card seen going back to the deck can only lie in a cell filled
later). For every card, line and end it computes the chance of winning the trick and where the
grid's card will come from; the gap there blocks the crossing line for the rest of the round,
so a play is valued as its trick chance plus the plan of the rest of the hand (a greedy
assignment of cards to distinct open lines) on the lines each outcome leaves open. The same
plan picks the trump card and, after a case-c win, the cell whose crossing line costs least.

Across rounds: a line with no face-down card left at the round's end goes back to the deck
and is refilled face down, while the other face-up cards stay and sharpen the next rounds'
odds. Before the last round a challenge also earns ``carry`` tricks for each face-up card
more (or fewer) that the grid would keep if the round ended right after it
(``carryover.Carryover``, averaged over where the grid's card comes from): the planner turns
cards it will still see next round, and avoids leaving a line, its own or a crossing one,
with no face-down card, which would send the line's known cards back to the deck.

Within the round, a card turned face up sharpens the odds of the tricks still to play: a
challenge also earns ``info`` tricks for each face-down card it is expected to turn (scaled by
the share of the hand still to play after it). The plan of the rest of the hand counts
``future`` of its value: the greedy plan is optimistic (it ignores the crossing lines the later
tricks block), so the trick in hand weighs a little more than the plan.

Kept for comparison: ``planner2`` is this planner with the odds it had before a line's
face-down cells were drawn from the pool of their own fill round (``odds.CellModel``'s
``shared_draws``), and ``planner1`` is ``planner2`` before the two weights above (``info`` 0,
``future`` 1).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from cardside.core.state import check_seat
from cardside.games.linesbeta.carryover import Carryover
from cardside.games.linesbeta.odds import CellModel
from cardside.games.linesbeta.rules import (
    CELL_ACTIONS,
    LINE_CELLS,
    LINES,
    LINES_THROUGH,
    ORDER,
    TRUMP_ACTIONS,
    Action,
    Challenge,
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

# CROSSING[line][pos]: the other line through the line's cell at ``pos`` (from end 0), which a
# gap there blocks too.
CROSSING: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        LINES_THROUGH[cell][1] if LINES_THROUGH[cell][0] == line else LINES_THROUGH[cell][0]
        for cell in ORDER[line][0]
    )
    for line in range(LINES)
)

Walk = tuple[float, list[tuple[int, float]], float, float]


def observe(view: Any) -> Observation:
    """The observation of seat 0, from a state or an observation."""
    return view if isinstance(view, Observation) else view.observation(0)


def open_lines(obs: Observation) -> list[int]:
    """The lines with no gap this round."""
    return [line for line in range(LINES) if not obs.blocked >> line & 1]


def _greedy(
    pairs: list[tuple[float, int, int]], used_cards: int, used_lines: int, need: int
) -> float:
    """The greedy plan's number of tricks: best (chance, card, line) pairs, distinct both ways."""
    total = 0.0
    n = 0
    if need <= 0:
        return 0.0
    for p, c, line in pairs:
        if used_cards >> c & 1 or used_lines >> line & 1:
            continue
        used_cards |= 1 << c
        used_lines |= 1 << line
        total += p
        n += 1
        if n == need:
            break
    return total


def _greedy_lines(
    pairs: list[tuple[float, int, int]], used_cards: int, used_lines: int, need: int
) -> tuple[float, int]:
    """``_greedy``'s plan and the lines it uses (a mask)."""
    total = 0.0
    n = 0
    lines = 0
    if need <= 0:
        return 0.0, 0
    for p, c, line in pairs:
        if used_cards >> c & 1 or used_lines >> line & 1:
            continue
        used_cards |= 1 << c
        used_lines |= 1 << line
        lines |= 1 << line
        total += p
        n += 1
        if n == need:
            break
    return total, lines


def _hidden_before(grid: tuple[int, ...], order: tuple[int, ...]) -> list[int]:
    """``out[k]``: how many of the first ``k`` cells of ``order`` are face down."""
    hidden = [0]
    for cell in order:
        hidden.append(hidden[-1] + (grid[cell] == HIDDEN))
    return hidden


def _turned(hidden: list[int], stops: list[tuple[int, float]], whole: float) -> float:
    """The expected number of face-down cards a challenge turns: those up to the grid's card,
    or the whole line's with chance ``whole`` (cases b and c); ``hidden`` from
    ``_hidden_before``."""
    expected = hidden[6] * whole
    for pos, prob in stops:
        expected += prob * hidden[pos + 1]
    return expected


class PlannerBot:
    """The default bot: inferred odds, and a plan of the round that counts the lines it blocks."""

    #: The value, in tricks, of a face-up card the grid keeps into the next round.
    carry = 0.04
    #: The value, in tricks, of a face-down card turned with five cards still to play.
    info = 0.03
    #: The weight of the plan of the rest of the hand beside the trick in hand.
    future = 0.75
    #: Count a line's draws over every fill round at once, as the planner did before.
    shared_draws = False
    name = "planner"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: LinesBetaState | Observation, seat: int = 0) -> Action:
        check_seat(seat, 1)  # the player's seat, the only one that chooses
        return self.decide(observe(view), explain=False)[0]

    def decide(self, obs: Observation, *, explain: bool = True) -> tuple[Action, float, str]:
        """The action, its estimated chance of winning the trick, and a short explanation
        (left empty where it would cost work, without ``explain``: a bot's own move)."""
        if obs.phase == PHASE_TRUMP:
            return self._trump(obs, explain)
        if obs.phase == PHASE_PLAY:
            score, p, action = self.ranked(obs)[0]
            return action, p, f"wins this trick with chance {p:.0%}"
        if obs.phase == PHASE_CELL:
            return self._cell(obs)
        raise ValueError("the game is over")

    # -- the odds ----------------------------------------------------------------------------
    @staticmethod
    def _walks(
        model: CellModel, hand: tuple[int, ...], trumps: int, lines: list[int]
    ) -> dict[tuple[int, int, int], Walk]:
        out: dict[tuple[int, int, int], Walk] = {}
        for card in hand:
            suit, rank = divmod(card, 13)
            for line in lines:
                for end in (0, 1):
                    out[(card, line, end)] = model.walk(ORDER[line][end], suit, rank, trumps)
        return out

    @staticmethod
    def _pairs(
        walks: dict[tuple[int, int, int], Walk], hand: tuple[int, ...], lines: list[int]
    ) -> list[tuple[float, int, int]]:
        """(best chance over the two ends, card, line), best first."""
        return sorted(
            (
                (max(walks[(c, line, 0)][0], walks[(c, line, 1)][0]), c, line)
                for c in hand
                for line in lines
            ),
            reverse=True,
        )

    # -- decisions ---------------------------------------------------------------------------
    def ranked(self, obs: Observation) -> list[tuple[float, float, Challenge]]:
        """Every challenge as (planned tricks this round, chance of this trick, action), best
        first."""
        lines = open_lines(obs)
        trumps = obs.trump // 13
        hand = obs.hand
        walks = self._walks(CellModel(obs, self.shared_draws), hand, trumps, lines)
        pairs = self._pairs(walks, hand, lines)
        need = len(hand) - 1
        blocked = obs.blocked
        weight = self.carry if obs.round < obs.rounds else 0.0
        carry = Carryover(obs) if weight else None
        info = self.info * need / 5
        grid = obs.grid
        scale = self.future
        hidden_by: dict[int, list[int]] = {}

        out: list[tuple[float, float, Challenge]] = []
        for card in hand:
            used = 1 << card
            # The plan of the rest of the hand with only this card set aside, and the lines it
            # takes: blocking lines it does not take leaves the same picks in the same order,
            # so the same sum; the others are planned once per pair of lines blocked.
            free, taken = _greedy_lines(pairs, used, blocked, need) if need else (0.0, 0)
            planned: dict[int, float] = {}
            for line in lines:
                base = 1 << line
                # After case c the player picks the cell; after case b it is any of the line's.
                if need:
                    values = []
                    for x in CROSSING[line]:
                        mask = base | 1 << x
                        if not taken & mask:
                            values.append(free)
                            continue
                        v = planned.get(mask)
                        if v is None:
                            v = planned[mask] = _greedy(pairs, used, blocked | mask, need)
                        values.append(v)
                else:
                    values = [0.0]
                best, total, n = max(values), sum(values), len(values)
                for end in (0, 1):
                    win, stops, p_c, p_b = walks[(card, line, end)]
                    future = 0.0
                    if need:
                        # Positions count from the end challenged.
                        ahead = values if end == 0 else values[::-1]
                        for pos, prob in stops:
                            future += prob * ahead[pos]
                        if p_c > 0.0 or p_b > 0.0:
                            future += p_c * best + p_b * total / n
                        if scale != 1.0:
                            future *= scale
                    if info:
                        key = line * 2 + end
                        hidden = hidden_by.get(key)
                        if hidden is None:
                            hidden = hidden_by[key] = _hidden_before(grid, ORDER[line][end])
                        future += info * _turned(hidden, stops, p_c + p_b)
                    if carry is not None:
                        kept = carry.after(line, end)
                        known = carry.full(line) * (p_c + p_b)
                        for pos, prob in stops:
                            known += prob * kept[pos]
                        future += weight * known
                    out.append((win + future, win, challenge_action(card, line, end)))
        out.sort(key=lambda t: (-t[0], -t[1]))
        return out

    def _trump(self, obs: Observation, explain: bool = True) -> tuple[Action, float, str]:
        lines = open_lines(obs)
        model = CellModel(obs, self.shared_draws)
        pairs_by_suit: dict[int, list[tuple[float, int, int]]] = {}
        best: tuple[float, int] | None = None
        need = len(obs.hand) - 1
        for t in obs.hand:
            suit = t // 13
            if suit not in pairs_by_suit:
                # The odds depend on the trump suit only, so the seven cards share them.
                walks = self._walks(model, obs.hand, suit, lines)
                pairs_by_suit[suit] = self._pairs(walks, obs.hand, lines)
            value = _greedy(pairs_by_suit[suit], 1 << t, 0, need)
            if best is None or value > best[0] + 1e-12:
                best = (value, t)
        assert best is not None
        value, t = best
        if not explain:
            return TRUMP_ACTIONS[t], value / need, ""
        # Said in the review's measure: the best first challenge the trump card leaves.
        tricks = self.trump_value(obs, t)
        return (
            TRUMP_ACTIONS[t],
            value / need,
            f"plans about {tricks:.1f} tricks of 6 with this trump",
        )

    def trump_value(self, obs: Observation, card: int) -> float:
        """The tricks the round brings with ``card`` as the trump card: the best first
        challenge it leaves (choosing the trump shows nothing new)."""
        hand = tuple(c for c in obs.hand if c != card)
        after = replace(obs, phase=PHASE_PLAY, hand=hand, trump=card)
        return max(value for value, _, _ in self.ranked(after))

    def _cell(self, obs: Observation) -> tuple[Action, float, str]:
        line = obs.tricks[-1].line
        lines = [x for x in open_lines(obs) if x != line]
        hand = obs.hand
        walks = self._walks(CellModel(obs, self.shared_draws), hand, obs.trump // 13, lines)
        pairs = self._pairs(walks, hand, lines)
        best: tuple[float, int, int] | None = None
        for cell in LINE_CELLS[line]:
            r, c = LINES_THROUGH[cell]
            crossing = c if r == line else r
            value = _greedy(pairs, 0, obs.blocked | 1 << line | 1 << crossing, len(hand))
            rank = obs.grid[cell] % 13
            if best is None or (value, rank) > (best[0], best[1]):
                best = (value, rank, cell)
        assert best is not None
        why = "the trick is won; this cell's crossing line matters least"
        return CELL_ACTIONS[best[2]], 1.0, why


class Planner2Bot(PlannerBot):
    """The planner with the odds it had before draws were counted by fill round
    (``planner2``)."""

    shared_draws = True
    name = "planner2"


class Planner1Bot(Planner2Bot):
    """``planner2`` before it valued the cards it turns within the round (``planner1``)."""

    info = 0.0
    future = 1.0
    name = "planner1"
