"""A compact view of one Octrix round for the search: hands as bit masks over the card order.

Cards are their place in the total order (``KEY``: 0 = A♦ … 31 = 8♣), so comparing cards is
comparing integers, and a card is red exactly when bit 1 of its number is clear (suit strength
0 = ♦ and 1 = ♥). What of the counting cards matters for the rest of the round is only who won
the previous trick and how long the run ending there is: winning trick n extends that run by
one, which adds 2L + 1 to a run of length L, or starts a new run worth 1.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardside.core.bitset import members
from cardside.core.cards import Card
from cardside.games.octrix import rules
from cardside.games.octrix.rules import KEY, Rule
from cardside.games.octrix.state import OctrixState

CARDS: tuple[Card, ...] = rules.DECK


def is_red(card: int) -> bool:
    """Whether card number ``card`` is a heart or a diamond."""
    return not card & 2


def mask_of(cards: tuple[Card, ...] | list[Card]) -> int:
    """The bit mask of a set of cards."""
    m = 0
    for c in cards:
        m |= 1 << KEY[c]
    return m


bits = members  # card numbers in a mask, low to high


def increment(winner_side: int, prev_side: int, run: int) -> tuple[int, int]:
    """Points a trick adds to its winner's side, and the length of the run it ends."""
    if winner_side == prev_side:
        return 2 * run + 1, run + 1
    return 1, 1


@dataclass(frozen=True, slots=True)
class RoundPosition:
    """Everything the rest of the round depends on, plus what the seat may already see.

    ``pending`` holds the cards already visible in the current trick (the first step of the
    partnership game), by seat, with -1 for seats still to commit.
    """

    players: int
    partnership: bool
    dealer: int
    hands: tuple[int, ...]  # bit mask per seat
    pending: tuple[int, ...]
    high: bool  # the rule in force: highest (True) or lowest (False) card wins
    prev_side: int  # side that won the previous trick, -1 before trick 1
    run: int  # length of that side's run ending at the previous trick
    scores: tuple[int, ...]  # round points per side so far
    tricks_left: int

    @property
    def side_of(self) -> tuple[int, ...]:
        """Side index per seat."""
        return tuple(rules.side_of(s, self.partnership, self.players) for s in range(self.players))

    def steps(self) -> list[tuple[int, ...]]:
        """Groups of seats committing together in each trick."""
        return rules.play_steps(self.players, self.partnership, self.dealer)


def round_position(view: OctrixState, seat: int) -> RoundPosition:
    """The search position of ``view`` as ``seat`` may see it.

    Cards that seats committing at the same time as ``seat`` have already laid face down go
    back into their hands, so a full state and ``seat``'s observation give the same position.
    """
    s = view.snapshot
    if s.winner is not None:
        raise ValueError("the game is over")
    group = next(g for g in view.steps() if seat in g)
    hands = list(s.hands)
    pending = list(s.pending)
    for x in group:
        card = pending[x]
        if x != seat and card is not None:
            hands[x] = hands[x] + (card,)
            pending[x] = None
    prev_side, run = -1, 0
    for w in s.trick_winners:
        side = view.side_of(w)
        if side == prev_side:
            run += 1
        else:
            prev_side, run = side, 1
    scores = tuple(rules.run_score(c) for c in view.counting_cards())
    return RoundPosition(
        players=view.players,
        partnership=view.partnership,
        dealer=s.dealer,
        hands=tuple(mask_of(h) for h in hands),
        pending=tuple(-1 if c is None else KEY[c] for c in pending),
        high=s.rule is Rule.HIGHEST,
        prev_side=prev_side,
        run=run,
        scores=scores,
        tricks_left=rules.TRICKS_PER_ROUND - len(s.tricks),
    )


def resolve(
    cards: tuple[int, ...] | list[int],
    high: bool,
    side_of: tuple[int, ...],
    prev_side: int,
    run: int,
) -> tuple[int, int, bool, int, int]:
    """Play one complete trick: (winning seat, points to its side, next rule, side, run)."""
    top = max(cards)
    bottom = min(cards)
    winner = cards.index(top if high else bottom)
    side = side_of[winner]
    points, new_run = increment(side, prev_side, run)
    return winner, points, (top & 2) == (bottom & 2), side, new_run
