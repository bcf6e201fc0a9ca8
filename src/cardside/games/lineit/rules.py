"""The rules of Line-it as pure functions over cards written as small integers.

A number card is its number (1 to 100); a Bet card of value v is ``100 + v`` (103, 104, 105;
two of each in the deck). A line is a tuple of cards in the order they were added. Everything
that decides whether a card fits, what a line scores and when a jackpot is taken lives here, so
the full game, the scorekeeper and ``lineit score`` all agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from cardside.core.errors import IllegalActionError

MIN_PLAYERS = 2
MAX_PLAYERS = 5
HAND_LIMIT = 2
DISCARDED_PER_LINE = 3
JACKPOT_AT = 3
BET_VALUES = (3, 4, 5)
BET_BASE = 100

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3
COLOURS = ("red", "blue", "green", "yellow")
COLOUR_LETTERS = ("r", "b", "g", "y")
CARDS_PER_COLOUR = 25
NUMBER_CARDS = len(COLOURS) * CARDS_PER_COLOUR
#: The most cards a jackpot pile holds when a line takes it: a pile holds only its colour's
#: cards, and three of that colour's 25 are in the line that takes it.
JACKPOT_MOST = CARDS_PER_COLOUR - JACKPOT_AT

#: Every card of the game: 1 to 100 and the Bet cards B3 B3 B4 B4 B5 B5.
DECK: tuple[int, ...] = tuple(range(1, 101)) + tuple(
    BET_BASE + v for v in BET_VALUES for _ in range(2)
)
CARD_COUNT = len(DECK)

RISING, FALLING, OPEN = 1, -1, 0


def colour(card: int) -> int:
    """The colour index of a number card: (n - 1) mod 4 (0 red, 1 blue, 2 green, 3 yellow)."""
    return (card - 1) % 4


def is_bet(card: int) -> bool:
    return card > BET_BASE


def bet_value(card: int) -> int:
    return card - BET_BASE


def bet_card(value: int) -> int:
    """The card code of the Bet card of ``value`` (3, 4 or 5)."""
    if value not in BET_VALUES:
        raise ValueError(f"there is no Bet card of {value} (only 3, 4 and 5)")
    return BET_BASE + value


def check_jackpot(size: int) -> None:
    """Refuse (``IllegalActionError``) a jackpot pile of a size no line can take: a pile
    taken holds 0 to :data:`JACKPOT_MOST` cards."""
    if not 0 <= size <= JACKPOT_MOST:
        raise IllegalActionError(f"a jackpot pile holds 0 to {JACKPOT_MOST} cards, not {size}")


def market_size(players: int) -> int:
    return players + 2


def rounds(players: int) -> int:
    """The rounds of a game: a market of ``players + 2`` cards is laid while the deck fills
    one. Each player takes one card a round, so this is also what each player takes."""
    return CARD_COUNT // market_size(players)


def jackpot_supply(players: int) -> int:
    """The most cards the jackpot piles receive in a game: the cards no player takes (the
    Bet cards among them are discarded, so it can be fewer)."""
    return CARD_COUNT - players * rounds(players)


#: The most cards one player takes in a game (one a round; most rounds with 2 players), and
#: so the most a line can hold.
MOST_TAKEN = CARD_COUNT // (MIN_PLAYERS + 2)


def card_name(card: int) -> str:
    """``57`` or ``B4`` (the notation module adds colour letters and symbols)."""
    return f"B{bet_value(card)}" if is_bet(card) else str(card)


def numbers_of(line: Sequence[int]) -> list[int]:
    """The number cards of a line, in the order added."""
    return [c for c in line if c <= BET_BASE]


def direction(line: Sequence[int]) -> int:
    """RISING, FALLING or OPEN (fewer than two number cards)."""
    first = last = 0
    count = 0
    for c in line:
        if c <= BET_BASE:
            if count == 0:
                first = c
            elif count == 1:
                last = c
                break
            count += 1
    else:
        return OPEN
    return RISING if last > first else FALLING


def has_bet(line: Sequence[int]) -> bool:
    return any(c > BET_BASE for c in line)


def line_ends(line: Sequence[int]) -> tuple[int, int, int]:
    """The first, second and last number cards of a line (0 where there is none)."""
    first = second = last = 0
    for c in line:
        if c <= BET_BASE:
            if not first:
                first = c
            elif not second:
                second = c
            last = c
    return first, second, last


_ABOVE_ALL = NUMBER_CARDS + 1
#: Below every card, the 0 a view shows for a hidden card too (a bot may ask of one).
_BELOW_ALL = -1


Fitting = tuple[int, int, int, bool]
#: What may join an empty line: any card.
OPEN_FITTING: Fitting = (_BELOW_ALL, _ABOVE_ALL, 0, True)


def fitting(line: Sequence[int]) -> Fitting:
    """What may join ``line`` now, for any card: ``(low, high, same, bet_ok)``, where a number
    card fits when ``low < card < high and card != same``, a Bet card when ``bet_ok``. (The
    legal actions ask it once for every market or hand card.)"""
    first = second = last = 0
    bet_ok = True
    for c in line:
        if c > BET_BASE:
            bet_ok = False
        else:
            if not first:
                first = c
            elif not second:
                second = c
            last = c
    if not second:
        return _BELOW_ALL, _ABOVE_ALL, first, bet_ok
    if second > first:
        return last, _ABOVE_ALL, _BELOW_ALL, bet_ok
    return _BELOW_ALL, last, _BELOW_ALL, bet_ok


def grown(fitting_now: Fitting, card: int) -> Fitting:
    """``fitting(line + (card,))`` from ``fitting(line)``, for a ``card`` that fits: what a
    line allows changes only at its first two number cards and its last one."""
    low, high, same, bet_ok = fitting_now
    if card > BET_BASE:
        return low, high, same, False
    if same > 0:  # one number card so far: the second sets the direction
        if card > same:
            return card, _ABOVE_ALL, _BELOW_ALL, bet_ok
        return _BELOW_ALL, card, _BELOW_ALL, bet_ok
    if same == 0:  # no number card yet
        return _BELOW_ALL, _ABOVE_ALL, card, bet_ok
    if high == _ABOVE_ALL:  # rising
        return card, _ABOVE_ALL, _BELOW_ALL, bet_ok
    return _BELOW_ALL, card, _BELOW_ALL, bet_ok


def fits(line: Sequence[int], card: int) -> bool:
    """True if ``card`` may be added to ``line`` now."""
    low, high, same, bet_ok = fitting(line)
    if card > BET_BASE:
        return bet_ok
    return low < card < high and card != same


def why_not_fits(line: Sequence[int], card: int) -> str | None:
    """A one-line reason ``card`` cannot join ``line``, or ``None`` if it fits."""
    if fits(line, card):
        return None
    if is_bet(card):
        held = next(c for c in line if is_bet(c))
        return f"your line already holds a Bet card ({card_name(held)}); one per line"
    nums = numbers_of(line)
    d = direction(line)
    if d == OPEN:
        return f"{card} cannot follow {nums[-1]}: a line must rise or fall"
    way = "rising" if d == RISING else "falling"
    return f"{card} does not continue your {way} line after {nums[-1]}"


def jackpot_colour(line: Sequence[int], card: int) -> int | None:
    """The colour whose jackpot adding ``card`` to ``line`` takes, if any.

    A line is strictly monotone, so a colour reaches exactly three cards at most once per line:
    counting the cards of the new card's colour already there is the whole rule.
    """
    if card > BET_BASE:
        return None
    col = (card - 1) % 4
    same = 0
    for c in line:
        if _COLOUR_OF[c] == col:
            same += 1
    return col if same == JACKPOT_AT - 1 else None


#: ``_COLOUR_OF[c]``: the colour of number card ``c``, -1 for a Bet card (a table, as a line's
#: colours are counted at every card added).
_COLOUR_OF = tuple((c - 1) % 4 if 0 < c <= NUMBER_CARDS else -1 for c in range(BET_BASE + 10))


def check_line_length(cards: Sequence[int]) -> None:
    """Raise ``ValueError`` for a line longer than a player takes cards in any game (asked of
    a line typed now: a file kept before the rule still replays)."""
    if len(cards) > MOST_TAKEN:
        raise ValueError(
            f"a line holds at most {MOST_TAKEN} cards, not {len(cards)}: a player takes one "
            f"card a round, and a game has at most {MOST_TAKEN} rounds (with 2 players)"
        )


def check_line(cards: Sequence[int]) -> None:
    """Raise ``ValueError`` with the reason if ``cards`` (in order added) is not a legal line."""
    if not cards:
        raise ValueError("a line needs at least one card")
    seen: set[int] = set()
    for i, card in enumerate(cards):
        if not is_bet(card) and card in seen:
            raise ValueError(f"{card} appears twice")
        seen.add(card)
        reason = why_not_fits(cards[:i], card)
        if reason is not None:
            if is_bet(card):
                raise ValueError("a line holds at most one Bet card")
            raise ValueError(reason.replace("your ", "the "))


class LineScore(NamedTuple):
    """What scoring a line gives: the bet settled, three discarded, the rest as points.

    (A named tuple rather than a dataclass: a game scores a line every few turns, and this
    is made many times cheaper; it reads, compares and prints the same.)"""

    cards: tuple[int, ...]
    direction: int
    discarded: tuple[int, ...]
    points_cards: tuple[int, ...]
    bet: int | None  # the Bet card's value
    after_bet: int  # number cards added after the Bet card
    token: int  # +v, -v or 0

    @property
    def points(self) -> int:
        return len(self.points_cards)

    @property
    def bet_won(self) -> bool | None:
        return None if self.bet is None else self.token > 0

    @property
    def total(self) -> int:
        return self.points + self.token

    @property
    def length(self) -> int:
        """Number cards in the line."""
        return len(self.discarded) + len(self.points_cards)


_new_tuple = tuple.__new__  # a named tuple made without its generated constructor


def score_line(cards: Sequence[int]) -> LineScore:
    """Score a line (cards in the order added): settle the bet, discard three, count the rest."""
    cards = tuple(cards)
    if not cards or max(cards) <= BET_BASE:  # no Bet card (most lines): no loop needed
        way = OPEN if len(cards) < 2 else RISING if cards[1] > cards[0] else FALLING
        gone, points = cards[:DISCARDED_PER_LINE], cards[DISCARDED_PER_LINE:]
        return _new_tuple(LineScore, (cards, way, gone, points, None, 0, 0))
    nums = []
    bet = None
    after = 0
    for c in cards:
        if c > BET_BASE:
            if bet is None:  # (a line holds one Bet card; the first one counts)
                bet = c - BET_BASE
        else:
            nums.append(c)
            if bet is not None:
                after += 1
    token = 0 if bet is None else (bet if after >= bet else -bet)
    way = OPEN if len(nums) < 2 else RISING if nums[1] > nums[0] else FALLING
    gone, points = tuple(nums[:DISCARDED_PER_LINE]), tuple(nums[DISCARDED_PER_LINE:])
    return _new_tuple(LineScore, (cards, way, gone, points, bet, after, token))


def jackpots_in(cards: Sequence[int]) -> list[tuple[int, int]]:
    """(card, colour) for each card of a line that took its colour's jackpot, in order."""
    out = []
    for i, card in enumerate(cards):
        col = jackpot_colour(cards[:i], card)
        if col is not None:
            out.append((card, col))
    return out


def winners(scores: Sequence[int]) -> tuple[int, ...]:
    """Every seat with the highest score (ties share the win)."""
    best = max(scores)
    return tuple(i for i, s in enumerate(scores) if s == best)
