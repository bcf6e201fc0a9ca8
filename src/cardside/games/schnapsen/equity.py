"""Match equity: the chance to win the match from given counts, to value deal outcomes by.

At 7:1 a deal worth 3 game points is not three times a deal worth 1, so the strong bot values
each way a deal can end by the chance to win the match from the counts it leaves. The chance
comes from a small table computed once by recursion over (my count, their count, who leads the
next deal), with the probabilities of the six deal outcomes (elder or dealer wins 1, 2 or 3
game points) measured in strong-bot self-play (``benchmarks/schnapsen_outcomes.py`` measures
them again).
"""

from __future__ import annotations

from functools import cache

from cardside.games.schnapsen.rules import MATCH_START

#: P(the elder hand wins the deal by 1, 2, 3 game points) and P(the dealer wins by 1, 2, 3):
#: the counts of 300 deals of the classic strong bot against itself; the six add up to 1.
ELDER_WINS = (47 / 300, 75 / 300, 40 / 300)
DEALER_WINS = (48 / 300, 50 / 300, 40 / 300)


@cache
def win_chance(mine: int, theirs: int, elder: bool) -> float:
    """The chance to win the match at counts ``mine``:``theirs`` when the next deal is led
    by me (``elder``) or by the opponent; a count at or below 0 has won."""
    if mine <= 0:
        return 1.0
    if theirs <= 0:
        return 0.0
    if mine > MATCH_START or theirs > MATCH_START:
        raise ValueError(f"counts run from {MATCH_START} down to 0")
    mine_p, theirs_p = (ELDER_WINS, DEALER_WINS) if elder else (DEALER_WINS, ELDER_WINS)
    total = sum(mine_p) + sum(theirs_p)
    chance = 0.0
    for k in (1, 2, 3):
        chance += mine_p[k - 1] * win_chance(mine - k, theirs, not elder)
        chance += theirs_p[k - 1] * win_chance(mine, theirs - k, not elder)
    return chance / total


def outcome_values(counts: tuple[int, int], seat: int, dealer: int) -> dict[int, float]:
    """The match-winning chance for ``seat`` after each signed deal result (+k: ``seat`` wins
    k game points, -k: loses them) of the deal ``dealer`` dealt, counts as now."""
    mine, theirs = counts[seat], counts[1 - seat]
    elder_next = seat == dealer  # the deal passes, so this deal's dealer leads the next
    out: dict[int, float] = {}
    for k in (1, 2, 3):
        out[k] = win_chance(max(0, mine - k), theirs, elder_next)
        out[-k] = win_chance(mine, max(0, theirs - k), elder_next)
    return out
