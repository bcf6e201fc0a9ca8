"""What the other player's last plays say about the cards it kept (two players).

A player who makes the best-scoring play of its hand kept no card that would have made a
better play with the cards it played: the greedy way, and the strong bot's choice in most
turns. So the cards the other player kept from its last turn are not uniform among the unseen
cards: a set that would have scored more with the cards played is unlikely. Its fresh draws
are uniform among the rest.

``read_hand`` deals the other player's hand that way, by rejection. It draws the cards kept
from the last play and checks them; with the play before as well (``last_plays`` with a depth
of 2), it also picks at random which cards of the hand held then were kept from the turn
before (every split is as likely, draws being uniform) and checks those against that turn.
Each check failed keeps the hand with the chance ``doubt`` only, so no hand is ruled out: a
player who is not greedy, or plays for later, keeps such cards too.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cardside.games.iota.moves import best_move
from cardside.games.iota.rules import WILD, Play, Swap
from cardside.games.iota.state import View, without

Cell = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Clue:
    """One play of the other player: the grid before it, the cards played, the score made, and
    how many cards of the hand it held next were kept from before it (the rest drawn after)."""

    grid: Mapping[Cell, int]
    played: tuple[int, ...]
    score: int
    kept: int


def last_plays(view: View, depth: int = 1) -> tuple[Clue, ...]:
    """Up to ``depth`` clues of the other player's last turns in a two-player game, the latest
    first; none from the first turn that was not a plain play followed by a full draw (a pass,
    a recycled wild, the pile too short) or that kept no card."""
    if view.players != 2 or view.pile_size == 0 or depth < 1:
        return ()
    other = 1 - view.seat
    size = view.hand_sizes[other]
    grid = dict(view.grid)
    log = view.log
    clues: list[Clue] = []
    for i in range(len(log) - 1, -1, -1):
        turn = log[i]
        action = turn.action
        if isinstance(action, Swap):
            if turn.seat == other:
                break  # its hand held a recycled wild as well
            grid[(action.x, action.y)] = WILD
            continue
        if not isinstance(action, Play):
            if turn.seat == other:
                break
            continue
        before = dict(grid)
        for _, x, y in action.cards:
            del before[(x, y)]
        if turn.seat == other:
            if turn.final:
                break
            played = tuple(card for card, _, _ in action.cards)
            if size - len(played) <= 0:
                break
            clues.append(Clue(before, played, turn.score, size - len(played)))
            if len(clues) == depth:
                break
        grid = before
    return tuple(clues)


def _better(clue: Clue, kept: Sequence[int]) -> bool:
    """Whether ``kept`` with the cards played could have scored more than the play made."""
    return best_move(clue.grid, [*kept, *clue.played], above=clue.score) is not None


def read_hand(
    pool: Sequence[int],
    size: int,
    clue: Clue | Sequence[Clue],
    rng: random.Random,
    *,
    doubt: float = 0.05,
    tries: int = 20,
) -> list[int]:
    """A hand of ``size`` cards for the other player from the unseen ``pool``: the cards kept
    from its last turn drawn so that they, and the cards of the turns before that they imply,
    would not have scored more than the plays made (each check failed keeps the hand with the
    chance ``doubt``; after ``tries`` draws the last is kept), its fresh draws uniform among
    the rest."""
    clues = (clue,) if isinstance(clue, Clue) else tuple(clue)
    first = clues[0]
    kept: list[int] = []
    for _ in range(tries):
        kept = rng.sample(list(pool), first.kept)
        chance = doubt if _better(first, kept) else 1.0
        held = [*kept, *first.played]
        for earlier in clues[1:]:
            if chance < doubt:
                break
            old = rng.sample(held, earlier.kept)
            if _better(earlier, old):
                chance *= doubt
            held = [*old, *earlier.played]
        if chance >= 1.0 or rng.random() < chance:
            break
    return kept + rng.sample(without(pool, kept), size - first.kept)
