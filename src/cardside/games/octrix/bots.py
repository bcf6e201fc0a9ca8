"""Octrix bots: ``random``, ``greedy``, ``strong`` (the default) and ``classic``.

Every bot owns a :class:`random.Random` built from its seed, and is asked for a card with
``choose(observation, seat)``, where ``observation`` is what ``seat`` may see (in a trick that
is played simultaneously, the cards others laid face down are still in their hands). ``hint``
gives the same choice with a one-line reason.

The strong bot treats the two-player round as the zero-sum game it is: each trick is a matrix
game whose payoffs are the trick's points plus the values of the positions it leads to, and
the whole round is solved exactly from the first trick (:mod:`cardside.games.octrix.exact`);
it plays a card drawn from the equilibrium mixed strategy. When the round can end the match
(a side can still reach the target in it), the last tricks are valued by the chance to win the
match instead of the round's margin (:mod:`cardside.games.octrix.equity`), from six cards in
hand at the default budget. The ``classic`` bot is the earlier
strong bot, kept for comparison: exact once at most six cards are left in each hand with the
default budget, a two-trick look-ahead with an estimate before that. With three or four
players, or partners, both run a simultaneous-move Monte Carlo tree search with regret
matching. Budgets are counts of positions
or iterations derived from ``time_limit``, never read from a clock, so a seed reproduces a game.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from cardside.core.cards import Card
from cardside.core.rng import chooser
from cardside.core.state import check_seat
from cardside.core.words import signed, unknown_bot
from cardside.games.octrix.duel import DuelSolver
from cardside.games.octrix.equilibrium import MatrixSolution, solve_matrix_game
from cardside.games.octrix.equity import MatchSolver, most_points
from cardside.games.octrix.exact import shared_solver
from cardside.games.octrix.notation import format_card
from cardside.games.octrix.position import CARDS, RoundPosition, bits, increment, round_position
from cardside.games.octrix.smmcts import SimultaneousMcts
from cardside.games.octrix.state import OctrixState

BOT_NAMES: tuple[str, ...] = ("strong", "greedy", "random", "classic")
DEFAULT_BOT = "strong"

# Search speed on a modest machine, with room to spare for a busy one: positions solved per
# second by the two-player solver, and iterations per second of the tree search.
NODES_PER_SECOND = 25_000
ITERATIONS_PER_SECOND = 3_000
# Positions an exact solve visits from a position with this many cards in each hand (measured).
EXACT_COST = {1: 1, 2: 10, 3: 60, 4: 300, 5: 1_700, 6: 8_500, 7: 38_000, 8: 190_000}
# The same for a solve valued by the chance to win the match (measured).
MATCH_COST = {1: 1, 2: 4, 3: 35, 4: 230, 5: 1_800, 6: 12_600, 7: 78_000}


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested card and why.

    A mixed strategy comes with ``strategy`` (each card with its probability; ``card`` is one
    draw from it) and, for two players, ``value``: the round's expected points margin for the
    seat (its round score minus the other's, both playing the equilibrium), or ``chance``
    instead when the round is valued by the seat's chance to win the match. ``method`` says how
    the strategy was found.
    """

    card: Card
    reason: str
    strategy: tuple[tuple[Card, float], ...] = ()
    value: float | None = None
    method: str = ""
    chance: float | None = None


class OctrixBot(Protocol):
    """What every Octrix bot offers."""

    name: str

    def choose(self, observation: OctrixState, seat: int) -> Card: ...

    def hint(self, observation: OctrixState, seat: int) -> Hint: ...


def _hand(observation: OctrixState, seat: int) -> tuple[Card, ...]:
    s = observation.snapshot
    check_seat(seat, len(s.hands))
    if s.winner is not None:
        raise ValueError("the game is over")
    if s.pending[seat] is not None:
        raise ValueError(f"seat {seat} has already played to this trick")
    return s.hands[seat]


def _name(card: Card) -> str:
    return format_card(card, ascii=True)


def _describe(strategy: list[tuple[Card, float]]) -> str:
    ranked = sorted(strategy, key=lambda cp: -cp[1])
    return ", ".join(f"{_name(c)} with p={p:.2f}" for c, p in ranked)


def _sample(rng: random.Random, strategy: list[tuple[Card, float]]) -> Card:
    r = rng.random() * sum(p for _, p in strategy)
    for card, p in strategy:
        r -= p
        if r < 0:
            return card
    return strategy[-1][0]


class RandomBot:
    """Plays a uniformly random card from its hand."""

    def __init__(self, seed: int = 0, name: str = "random") -> None:
        self.name = name
        self.rng = random.Random(seed)
        self._choose = chooser(self.rng)

    def choose(self, observation: OctrixState, seat: int) -> Card:
        return self.hint(observation, seat).card

    def hint(self, observation: OctrixState, seat: int) -> Hint:
        return Hint(self.pick(_hand(observation, seat)), "random: any card in the hand")

    def pick(self, legal: Sequence[Card]) -> Card:
        """The choice among ``legal`` (the hand of the seat to move, which the full state
        gives as its observation would: a simulation asks the state, with no view)."""
        return self._choose(legal)


class GreedyBot:
    """Looks one trick ahead, assuming every card it cannot see is equally likely.

    For each card it computes the chance that its side wins the current trick (the other
    seats' unseen choices uniform over their hands, cards already face up taken as they are)
    times the points the trick would bring, and plays the best; among near-equal cards it keeps
    its extreme cards (the highest and lowest win tricks) and spends one from the middle.
    """

    def __init__(self, seed: int = 0, name: str = "greedy") -> None:
        self.name = name
        self.rng = random.Random(seed)

    def choose(self, observation: OctrixState, seat: int) -> Card:
        return self.hint(observation, seat).card

    def hint(self, observation: OctrixState, seat: int) -> Hint:
        _hand(observation, seat)
        pos = round_position(observation, seat)
        scored = greedy_scores(pos, seat)
        best = max(s for _, s, _ in scored)
        ties = [c for c, s, _ in scored if s >= best - 1e-12]
        card = ties[0] if len(ties) == 1 else self.rng.choice(ties)
        chance = next(p for c, _, p in scored if c == card)
        gain = increment(pos.side_of[seat], pos.prev_side, pos.run)[0]
        return Hint(
            CARDS[card],
            f"greedy: {_name(CARDS[card])} wins this trick for the side with p={chance:.2f} "
            f"(the trick is worth {gain})",
        )


def greedy_scores(pos: RoundPosition, seat: int) -> list[tuple[int, float, float]]:
    """(card, score, chance to win the trick for ``seat``'s side) for each card of ``seat``."""
    side_of = pos.side_of
    own_side = side_of[seat]
    gain = increment(own_side, pos.prev_side, pos.run)[0]
    unseen = [x for x in range(pos.players) if x != seat and pos.pending[x] < 0]
    options = [bits(pos.hands[x]) for x in unseen]
    combos = list(itertools.product(*options))
    cards = list(pos.pending)
    out = []
    for card in bits(pos.hands[seat]):
        cards[seat] = card
        wins = 0
        for combo in combos:
            for x, c in zip(unseen, combo):
                cards[x] = c
            best = max(cards) if pos.high else min(cards)
            if side_of[cards.index(best)] == own_side:
                wins += 1
        chance = wins / len(combos)
        spend = 0.01 * (1.0 - abs(card - 15.5) / 15.5)  # a middle card is the cheapest to give
        out.append((card, chance * gain + spend, chance))
    return out


class StrongBot:
    """Equilibrium play for two players; regret-matching tree search for more.

    ``time_limit`` (seconds per move on a modest machine) sets the budgets: how many search
    iterations are run with more than two players and, with ``exact_round`` off (the
    ``classic`` bot), how many cards per hand the exact two-player solve starts from.
    """

    def __init__(
        self,
        seed: int = 0,
        time_limit: float = 1.0,
        name: str = "strong",
        exact_round: bool = True,
    ) -> None:
        self.name = name
        self.rng = random.Random(seed)
        self.time_limit = time_limit
        budget = time_limit * NODES_PER_SECOND
        exact = max([k for k, cost in EXACT_COST.items() if cost <= budget], default=1)
        self.solver = DuelSolver(exact_cards=exact, lookahead=2 if budget >= 8_000 else 1)
        self.round_solver = shared_solver() if exact_round else None
        # Hand sizes from which the last tricks are valued by the chance to win the match.
        self.match_cards = (
            max([k for k, cost in MATCH_COST.items() if cost <= budget], default=1)
            if exact_round
            else 0
        )
        self.iterations = max(50, int(time_limit * ITERATIONS_PER_SECOND))

    def choose(self, observation: OctrixState, seat: int) -> Card:
        return self.hint(observation, seat).card

    def hint(self, observation: OctrixState, seat: int) -> Hint:
        hand = _hand(observation, seat)
        if len(hand) == 1:
            return Hint(hand[0], f"only {_name(hand[0])} is left")
        pos = round_position(observation, seat)
        if pos.players == 2:
            return self._duel(observation, pos, seat)
        return self._search(observation, pos, seat)

    def _duel(self, observation: OctrixState, pos: RoundPosition, seat: int) -> Hint:
        key = (pos.hands[0], pos.hands[1], pos.high, pos.prev_side, pos.run)
        to_go = tuple(
            observation.target - t - r for t, r in zip(observation.snapshot.totals, pos.scores)
        )
        if len(bits(pos.hands[seat])) <= self.match_cards and any(
            to_go[s] <= most_points(s, pos.prev_side, pos.run, pos.tricks_left) for s in (0, 1)
        ):
            return self._play_match(seat, pos, MatchSolver((to_go[0], to_go[1])).solve(*key))
        if self.round_solver is not None:
            return self._play(seat, pos, solve_matrix_game(self.round_solver.matrix(*key)), "")
        sol = self.solver.solve(key)
        return self._play(seat, pos, sol, "" if self.solver.is_exact(key) else "look-ahead ")

    def _play(self, seat: int, pos: RoundPosition, sol: MatrixSolution, how: str) -> Hint:
        mine = sol.row if seat == 0 else sol.col
        future = sol.value if seat == 0 else -sol.value
        value = pos.scores[seat] - pos.scores[1 - seat] + future
        strategy = [(CARDS[c], p) for c, p in zip(bits(pos.hands[seat]), mine) if p > 1e-9]
        card = _sample(self.rng, strategy)
        method = f"{how}equilibrium"
        return Hint(
            card,
            f"{method}: play {_describe(strategy)}; value {signed(value)}",
            tuple(strategy),
            value,
            method,
        )

    def _play_match(self, seat: int, pos: RoundPosition, sol: MatrixSolution) -> Hint:
        mine = sol.row if seat == 0 else sol.col
        chance = sol.value if seat == 0 else 1.0 - sol.value
        strategy = [(CARDS[c], p) for c, p in zip(bits(pos.hands[seat]), mine) if p > 1e-9]
        card = _sample(self.rng, strategy)
        method = "equilibrium for the game"
        return Hint(
            card,
            f"{method}: play {_describe(strategy)}; chance to win the game {chance:.2f}",
            tuple(strategy),
            None,
            method,
            chance,
        )

    def _search(self, observation: OctrixState, pos: RoundPosition, seat: int) -> Hint:
        search = SimultaneousMcts(pos, random.Random(self.rng.getrandbits(64)))
        if seat not in search.root.seats:
            # A second-step seat asked before the first step is complete: nothing to search yet.
            return GreedyBot(self.rng.getrandbits(32)).hint(observation, seat)
        result = search.run(self.iterations, seat)
        strategy = [(CARDS[c], p) for c, p in zip(result.cards, result.strategy) if p >= 0.05]
        if not strategy:
            strategy = [(CARDS[c], p) for c, p in zip(result.cards, result.strategy)]
        # The cards under 5% are dropped, so the chances it plays with (and shows) are the
        # rest's, scaled to add up to 1.
        total = sum(p for _, p in strategy) or 1.0
        strategy = [(c, p / total) for c, p in strategy]
        card = _sample(self.rng, strategy)
        how = f"search ({result.iterations} iterations)"
        return Hint(card, f"{how}: play {_describe(strategy)}", tuple(strategy), None, how)


def make_bot(
    name: str = DEFAULT_BOT, seed: int = 0, time_limit: float = 1.0
) -> RandomBot | GreedyBot | StrongBot:
    """A bot by name (see ``BOT_NAMES``) with its own seeded RNG.

    ``time_limit`` (seconds per move, turned into a fixed search budget) applies to ``strong``
    and ``classic``.
    """
    key = name.strip().lower()
    if key == "random":
        return RandomBot(seed)
    if key == "greedy":
        return GreedyBot(seed)
    if key == "strong":
        return StrongBot(seed, time_limit=time_limit)
    if key == "classic":
        return StrongBot(seed, time_limit=time_limit, name="classic", exact_round=False)
    raise ValueError(unknown_bot("Octrix", name, BOT_NAMES))
