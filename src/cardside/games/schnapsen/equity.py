"""Match equity: the chance to win the match from given counts, to value deal outcomes by.

At 7:1 a deal worth 3 game points is not three times a deal worth 1, so the strong bot values
each way a deal can end by the chance to win the match from the counts it leaves. The chance
comes from a small table computed once by recursion over (my count, their count, who leads the
next deal), with the probabilities of the twelve deal outcomes (the bot wins or loses by 1, 2
or 3 game points, as the elder hand and as the dealer) measured in the strong bot's deals
against the heuristic (``benchmarks/schnapsen_outcomes.py`` measures them again).

The table is the strong bot's as the favourite it is against every other player in this
program: against a weaker player, winning the deal matters more than the margin (a sure single
game point is worth more than an even chance of three or a loss), and the table says so. The
table of two equal players (:data:`EQUAL_ELDER_WINS`, :data:`EQUAL_DEALER_WINS`,
:func:`equal_win_chance`) values the bot's hints to a person, whose strength it does not know.
"""

from __future__ import annotations

from functools import cache

from cardside.games.schnapsen.rules import MATCH_START

#: The strong bot's deals against the heuristic as the elder hand: how often it won by 1, 2, 3
#: game points, and how often it lost by 1, 2, 3 (the 600 deals of the paired benchmark, seed
#: 1, 300 of them as the elder hand, played by the strong bot before its phase-2 ties were
#: broken; 1,200 deals of the bot since give the same within their noise).
ELDER_WINS = (77 / 300, 77 / 300, 56 / 300)
ELDER_LOSSES = (36 / 300, 44 / 300, 10 / 300)
#: The same as the dealer.
DEALER_WINS = (52 / 300, 95 / 300, 43 / 300)
DEALER_LOSSES = (45 / 300, 41 / 300, 24 / 300)
#: Two equal players: P(the elder hand wins the deal by 1, 2, 3 game points) and P(the dealer
#: wins by 1, 2, 3), from 300 deals of the classic strong bot against itself.
EQUAL_ELDER_WINS = (47 / 300, 75 / 300, 40 / 300)
EQUAL_DEALER_WINS = (48 / 300, 50 / 300, 40 / 300)


#: (wins as the elder hand, losses as the elder hand, wins as the dealer, losses as the dealer).
Outcomes = tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...], tuple[float, ...]]
FAVOURITE: Outcomes = (ELDER_WINS, ELDER_LOSSES, DEALER_WINS, DEALER_LOSSES)
EQUAL: Outcomes = (EQUAL_ELDER_WINS, EQUAL_DEALER_WINS, EQUAL_DEALER_WINS, EQUAL_ELDER_WINS)


def win_chance(mine: int, theirs: int, elder: bool) -> float:
    """The strong bot's chance to win the match at counts ``mine``:``theirs`` when it leads
    the next deal (``elder``) or the opponent does; a count at or below 0 has won."""
    return _chance(mine, theirs, elder, FAVOURITE)


def equal_win_chance(mine: int, theirs: int, elder: bool) -> float:
    """:func:`win_chance` between two equal players."""
    return _chance(mine, theirs, elder, EQUAL)


@cache
def _chance(mine: int, theirs: int, elder: bool, outcomes: Outcomes) -> float:
    if mine <= 0:
        return 1.0
    if theirs <= 0:
        return 0.0
    if mine > MATCH_START or theirs > MATCH_START:
        raise ValueError(f"counts run from {MATCH_START} down to 0")
    wins, losses = outcomes[:2] if elder else outcomes[2:]
    chance = 0.0
    for k in (1, 2, 3):
        chance += wins[k - 1] * _chance(mine - k, theirs, not elder, outcomes)
        chance += losses[k - 1] * _chance(mine, theirs - k, not elder, outcomes)
    return chance / (sum(wins) + sum(losses))


def outcome_values(
    counts: tuple[int, int], seat: int, dealer: int, favourite: bool = True
) -> dict[int, float]:
    """The match-winning chance for ``seat`` after each signed deal result (+k: ``seat`` wins
    k game points, -k: loses them) of the deal ``dealer`` dealt, counts as now: as the
    favourite (:func:`win_chance`) or, with ``favourite`` false, between equal players."""
    chance = win_chance if favourite else equal_win_chance
    mine, theirs = counts[seat], counts[1 - seat]
    elder_next = seat == dealer  # the deal passes, so this deal's dealer leads the next
    out: dict[int, float] = {}
    for k in (1, 2, 3):
        out[k] = chance(max(0, mine - k), theirs, elder_next)
        out[-k] = chance(mine, max(0, theirs - k), elder_next)
    return out
