"""The chance to win a two-sided Octrix match, and the end of a round valued by it.

Near the target a round is worth the chance to win the match it leaves, not its margin: the
8 points that reach 88 are worth more than 20 that do not, and a side far behind must risk a
large loss for the chance of a large win. :func:`match_chance` gives that chance from the
points each side still needs, at the start of a round, under a model of a round between even
sides: the 256 ways the eight tricks can fall, each scored by its runs, the first trick even
and each later one going to the previous trick's winner with the chance :data:`REPEAT`
(measured from the strong bot's own rounds). The table is worked out once per process (at most
88 × 88 entries).

:class:`MatchSolver` values the rest of a two-player round exactly with that chance as the
payoff of its end. Unlike the margin, the chance depends on both sides' points, not on their
difference, so a position's key holds the points each side has gained since the solve began;
that makes it costlier than :mod:`cardside.games.octrix.exact` and it is used only for the last
few tricks of a round that can end the match.
"""

from __future__ import annotations

from functools import cache

from cardside.games.octrix.equilibrium import MatrixSolution, game_value, solve_matrix_game
from cardside.games.octrix.position import bits, increment
from cardside.games.octrix.rules import TRICKS_PER_ROUND, run_score

# The chance that the winner of a trick also wins the next, in the model of a round. Over 390
# rounds of the strong bot against itself a round brought both sides 16.5 points together and
# the margin's spread (standard deviation) was 10.1; this model gives 16.4 and 11.0, where
# tricks that fall evenly (0.5) would give 20.0 and 15.2.
REPEAT = 0.4


def _round_outcomes(repeat: float = REPEAT) -> tuple[tuple[int, int, float], ...]:
    """(side A's round points, side B's, chance) over the 2**8 ways the tricks can fall, the
    first trick even and each later one going to the previous winner with chance ``repeat``."""
    chances: dict[tuple[int, int], float] = {}
    for mask in range(1 << TRICKS_PER_ROUND):
        chance = 0.5
        for n in range(1, TRICKS_PER_ROUND):
            chance *= repeat if (mask >> n & 1) == (mask >> (n - 1) & 1) else 1.0 - repeat
        won = [n + 1 for n in range(TRICKS_PER_ROUND) if mask >> n & 1]
        lost = [n + 1 for n in range(TRICKS_PER_ROUND) if not mask >> n & 1]
        scores = (run_score(won), run_score(lost))
        chances[scores] = chances.get(scores, 0.0) + chance
    return tuple((a, b, p) for (a, b), p in sorted(chances.items()))


ROUND_OUTCOMES = _round_outcomes()
#: The table of match chances runs to this many points to go on average per side; farther
#: from the target (a match to more than the rulebook's 88), chances are read at the same
#: proportions.
MOST_TO_GO = 200


def after_round(to_go: int, other_to_go: int) -> float:
    """The chance that side A wins when a round ends with A needing ``to_go`` more points and
    B ``other_to_go`` (0 or less: that side has reached the target).

    A side that reaches the target with the higher total wins; equal totals at or above it
    play on, an even chance.
    """
    if to_go <= 0 or other_to_go <= 0:
        if to_go == other_to_go:
            return 0.5
        return 1.0 if to_go < other_to_go else 0.0
    both = to_go + other_to_go
    if both > 2 * MOST_TO_GO:
        # A match to far more than 88 (a target set in the file): read at the same
        # proportions, so that the table and its recursion stay bounded.
        scale = 2 * MOST_TO_GO / both
        to_go, other_to_go = max(1, round(to_go * scale)), max(1, round(other_to_go * scale))
    return match_chance(to_go, other_to_go)


@cache
def match_chance(to_go: int, other_to_go: int) -> float:
    """The chance that side A wins the match at the start of a round, needing ``to_go`` more
    points against side B's ``other_to_go`` (both at least 1)."""
    if to_go < 1 or other_to_go < 1:
        raise ValueError("both sides must still need points at the start of a round")
    if to_go > other_to_go:
        return 1.0 - match_chance(other_to_go, to_go)
    return sum(p * after_round(to_go - a, other_to_go - b) for a, b, p in ROUND_OUTCOMES)


def most_points(side: int, prev: int, run: int, tricks: int) -> int:
    """The most a side can add to its round score by winning all of the last ``tricks``."""
    start = run if side == prev else 0
    return (start + tricks) ** 2 - start**2


Key = tuple[int, int, bool, int, int, int, int]  # hands, rule, previous winner, run, gains


class MatchSolver:
    """Two-player round positions valued by seat 0's chance to win the match.

    ``to_go`` is the points each seat needs at the position the solve starts from (its round
    points so far already counted); a key adds the points each has gained since then.
    """

    def __init__(self, to_go: tuple[int, int]) -> None:
        self.to_go = to_go
        self.table: dict[Key, float] = {}
        self.nodes = 0  # positions solved, for measuring

    def solve(self, hand0: int, hand1: int, high: bool, prev: int, run: int) -> MatrixSolution:
        """The next trick's matrix game, payoffs seat 0's chance to win the match."""
        return solve_matrix_game(self.matrix((hand0, hand1, high, prev, run, 0, 0)))

    def value(self, key: Key) -> float:
        """Seat 0's chance to win the match from ``key``, both seats playing the equilibrium."""
        v = self.table.get(key)
        if v is None:
            self.nodes += 1
            v = self.table[key] = game_value(self.matrix(key))
        return v

    def matrix(self, key: Key) -> list[list[float]]:
        """Rows seat 0's cards, columns seat 1's (low to high): seat 0's chance to win."""
        h0, h1, high, prev, run, g0, g1 = key
        last = h0.bit_count() == 1
        rows = []
        for a in bits(h0):
            rest0 = h0 ^ (1 << a)
            row = []
            for b in bits(h1):
                winner = 0 if (a > b) == high else 1
                points, new_run = increment(winner, prev, run)
                n0, n1 = (g0 + points, g1) if winner == 0 else (g0, g1 + points)
                if last:
                    row.append(after_round(self.to_go[0] - n0, self.to_go[1] - n1))
                else:
                    same = (a & 2) == (b & 2)
                    row.append(self.value((rest0, h1 ^ (1 << b), same, winner, new_run, n0, n1)))
            rows.append(row)
        return rows
