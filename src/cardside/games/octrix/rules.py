"""Octrix rules as pure functions: card order, the trick rule, runs and scores, the match end.

Both the full game state and the scorekeeper call these, so there is one place that decides who
wins a trick and what a round is worth.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum

from cardside.core.cards import Card, Suit

RANKS: tuple[int, ...] = tuple(range(1, 9))  # the Ace is rank 1, the lowest
SUIT_STRENGTH: dict[Suit, int] = {Suit.CLUBS: 3, Suit.SPADES: 2, Suit.HEARTS: 1, Suit.DIAMONDS: 0}
DECK: tuple[Card, ...] = tuple(
    sorted((Card(r, s) for r in RANKS for s in Suit), key=lambda c: (c.rank, SUIT_STRENGTH[c.suit]))
)
KEY: dict[Card, int] = {card: i for i, card in enumerate(DECK)}  # 0 = A♦ … 31 = 8♣
TRICKS_PER_ROUND = 8
HAND_SIZE = 8
TARGET = 88
MIN_PLAYERS, MAX_PLAYERS = 2, 4


class Rule(Enum):
    """Which card wins the trick in force."""

    HIGHEST = "highest"
    LOWEST = "lowest"


def card_key(card: Card) -> int:
    """The card's place in the total order (0 = A♦, 31 = 8♣)."""
    return KEY[card]


def trick_winner(cards: Sequence[Card], rule: Rule) -> int:
    """Index in ``cards`` of the card that wins under ``rule`` (all cards differ)."""
    keys = [KEY[c] for c in cards]
    best = max(keys) if rule is Rule.HIGHEST else min(keys)
    return keys.index(best)


def next_rule(cards: Sequence[Card]) -> Rule:
    """The rule for the next trick: highest and lowest of this one same colour → highest wins."""
    high = max(cards, key=KEY.__getitem__)
    low = min(cards, key=KEY.__getitem__)
    return Rule.HIGHEST if high.suit.is_red == low.suit.is_red else Rule.LOWEST


def rule_reason(cards: Sequence[Card]) -> str:
    """Why :func:`next_rule` gives what it gives, in a sentence's worth of words."""
    high = max(cards, key=KEY.__getitem__)
    low = min(cards, key=KEY.__getitem__)
    same = high.suit.is_red == low.suit.is_red
    return f"highest card {high.suit.colour}, lowest {low.suit.colour}: " + (
        "same colour" if same else "different colours"
    )


def runs(numbers: Iterable[int]) -> list[list[int]]:
    """Split counting-card numbers into runs of consecutive numbers, in order."""
    out: list[list[int]] = []
    for n in sorted(set(numbers)):
        if out and out[-1][-1] == n - 1:
            out[-1].append(n)
        else:
            out.append([n])
    return out


def run_score(numbers: Iterable[int]) -> int:
    """Sum of k² over the runs: 1, 3, 4, 5, 8 → 1 + 9 + 1 = 11."""
    return sum(len(run) ** 2 for run in runs(numbers))


def validate_counting_cards(numbers: Sequence[int]) -> None:
    """Raise ``ValueError`` unless ``numbers`` are distinct counting cards 1–8."""
    seen: set[int] = set()
    for n in numbers:
        if n in seen:
            raise ValueError(f"counting card {n} appears twice")
        seen.add(n)
    bad = [n for n in numbers if not 1 <= n <= TRICKS_PER_ROUND]
    if bad:
        raise ValueError(f"counting cards are numbered 1 to 8, not {bad[0]}")


def sides(players: int, partnership: bool) -> tuple[tuple[int, ...], ...]:
    """The scoring sides as tuples of seats: teams 1+3 and 2+4, or each seat alone."""
    if partnership:
        if players != 4:
            raise ValueError("the partnership game needs exactly 4 players")
        return ((0, 2), (1, 3))
    return tuple((seat,) for seat in range(players))


def side_of(seat: int, partnership: bool, players: int) -> int:
    """Index of the side that ``seat`` scores for."""
    return seat % 2 if partnership else seat


def play_steps(players: int, partnership: bool, dealer: int) -> list[tuple[int, ...]]:
    """The order of play in a trick: groups of seats that commit at the same time.

    Normally everyone commits at once (one group, from the dealer's left round to the dealer).
    In the partnership game the dealer and the player on the dealer's left go first, face up;
    then the other two.
    """
    if partnership:
        return [(dealer, (dealer + 1) % 4), ((dealer + 2) % 4, (dealer + 3) % 4)]
    return [tuple((dealer + 1 + i) % players for i in range(players))]


def match_winner(totals: Sequence[int], target: int = TARGET) -> int | None:
    """The winning side once someone has reached ``target``, else ``None``.

    Ruling: if several reach the target in the same round the highest total wins; while the
    highest totals are equal, more rounds are played (``None``).
    """
    best = max(totals)
    if best < target or list(totals).count(best) > 1:
        return None
    return list(totals).index(best)


def trick_rules(tricks: Sequence[Sequence[Card]]) -> list[Rule]:
    """The rule that was in force for each trick of a round, given the tricks in order."""
    out = [Rule.HIGHEST]
    for trick in tricks[:-1]:
        out.append(next_rule(trick))
    return out[: len(tricks)]
