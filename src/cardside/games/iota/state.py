"""The full IOTA game: the draw for the first player, the deal, turns, the pile and the end.

A turn is an optional :class:`Swap` (recycling a wild) and then a :class:`Play` or a
:class:`Pass`; the same seat keeps the move after a swap. Chance (the draw for the first
player and the shuffle) comes from generators derived from the seed, so a seed plus the
actions replays a game exactly.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType

from cardside.core.errors import IllegalActionError
from cardside.core.outcome import Outcome
from cardside.core.rng import VIEW_SEED, derive_rng, fresh_seed
from cardside.core.state import GameState, check_seat, check_whole
from cardside.games.iota import placement, rules
from cardside.games.iota.moves import Move, legal_moves
from cardside.games.iota.notation import format_card
from cardside.games.iota.placement import Scored
from cardside.games.iota.rules import DECK, HAND_SIZE, WILD, Action, Cell, Pass, Play, Swap

HIDDEN = -1  # a card exchanged face down by another player, in a view's log

END_LAST_CARD = "last card"
END_PASSES = "passes"
END_BLOCKED = "blocked"


@dataclass(frozen=True, slots=True)
class Turn:
    """One finished action: who, what, and for a play the lines and the score it made."""

    seat: int
    action: Action
    scored: Scored | None = None
    score: int = 0
    final: bool = False


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Everything about an IOTA game at one moment (treated as immutable, grid included)."""

    grid: Mapping[Cell, int]
    hands: tuple[tuple[int, ...], ...]
    pile: tuple[int, ...]  # top first
    passed_by: tuple[int, ...]  # per pile card: the seat that put it at the bottom, or -1
    scores: tuple[int, ...]
    turn: int
    swapped: bool
    passes: int  # passes in a row made with the pile empty
    log: tuple[Turn, ...]
    end: str | None
    idle: int = 0  # passes in a row, the pile empty or not


@dataclass(frozen=True, slots=True)
class View:
    """What one seat sees: the grid, its own hand, the others' hand sizes, the scores and the
    pile's size; ``unseen`` holds the cards it cannot see (other hands and the pile), and
    ``under_pile`` the cards it put at the bottom of the pile itself, still there (in the
    pile's order, the next to come up first): known to be in the pile, in no hand."""

    players: int
    seat: int
    grid: Mapping[Cell, int]
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    scores: tuple[int, ...]
    pile_size: int
    turn: int | None
    swapped: bool
    passes: int
    log: tuple[Turn, ...]
    unseen: tuple[int, ...]
    end: str | None
    under_pile: tuple[int, ...] = ()

    def moves(self) -> list[Move]:
        """Every legal play of this seat's hand."""
        return legal_moves(self.grid, self.hand, pile_empty=self.pile_size == 0)

    def current_player(self) -> int | None:
        """The seat to move, as the state's ``current_player`` says (``turn``)."""
        return self.turn

    def legal_actions(self) -> list[Action]:
        """This seat's legal actions when it is to move (the state's list, in its order),
        else none."""
        if self.turn != self.seat or self.end:
            return []
        out: list[Action] = [m.play for m in self.moves()]
        out.extend(self.swaps())
        out.extend(passes(self.hand, self.pile_size))
        return out

    def is_legal(self, action: object) -> bool:
        """Whether this seat may take ``action`` now."""
        return not self.why_illegal(action)

    def why_illegal(self, action: object) -> str:
        """The one-line reason the game would give that ``action`` is illegal now (or that
        it is another seat's turn), or ``""`` when it is legal."""
        if self.turn != self.seat and not self.end:
            return "it is another player's turn"
        reason = reason_illegal(
            self.end, self.grid, self.hand, self.pile_size, self.swapped, action
        )
        return reason or ""

    def swaps(self) -> list[Swap]:
        """Every legal recycling of a wild from this hand (none after a swap this turn)."""
        return swaps(self.grid, self.hand) if not self.swapped else []


def reason_illegal(
    end: str | None,
    grid: Mapping[Cell, int],
    hand: Sequence[int],
    pile_size: int,
    swapped: bool,
    action: object,
) -> str | None:
    """Why ``action`` is illegal for a player holding ``hand`` (to move), or None: all it
    reads the player sees, so the game and a seat's view give the same reasons."""
    if end:
        return "the game is over"
    if not well_formed(action):
        return f"{action!r} is not an IOTA action"
    if isinstance(action, Play):
        if len(action.cards) > HAND_SIZE:
            return f"at most {HAND_SIZE} cards a turn, not {len(action.cards)}"
        fault = not_held(hand, [c for c, _, _ in action.cards])
        if fault:
            return fault
        result = placement.check(grid, action.cards)
        return result if isinstance(result, str) else None
    if isinstance(action, Pass):
        fault = not_held(hand, action.cards)
        if fault:
            return fault
        if action.cards and not pile_size:
            return "the pile is empty, so there is nothing to exchange: type pass alone"
        return None
    if isinstance(action, Swap):
        if swapped:
            return "one swap a turn: now play or pass"
        if action.card != WILD and missing(hand, [action.card]) is not None:
            return f"{format_card(action.card)} is not in your hand"
        return placement.check_swap(grid, action.card, (action.x, action.y))
    return f"{action!r} is not an IOTA action"


def swaps(grid: Mapping[Cell, int], hand: Sequence[int]) -> list[Swap]:
    out = []
    for cell, card in sorted(grid.items()):
        if card != WILD:
            continue
        for real in sorted(set(hand) - {WILD}):
            if placement.check_swap(grid, real, cell) is None:
                out.append(Swap(real, *cell))
    return out


def blocked_after(players: int, pile_size: int) -> int:
    """How many passes in a row, the pile holding ``pile_size`` cards, end the game undoubled
    as blocked (a ruling): as many as it would take every card of the pile to come to hand,
    four a pass, and one more round. Every pass counts, also one that keeps the hand: by then
    no one could play, or no one chose to, and passing would go on for ever."""
    return -(-pile_size // HAND_SIZE) + players


def passes_to_end(view: View) -> tuple[int, int, bool]:
    """The passes in a row so far (a recycled wild is none), how many more end the game (the
    next one included), and whether the pile is empty then: every player passing in turn with
    the pile empty, or a blocked grid (:func:`blocked_after`), whichever comes first."""
    idle = 0
    for turn in reversed(view.log):
        if isinstance(turn.action, Play):
            break
        idle += isinstance(turn.action, Pass)
    left = blocked_after(view.players, view.pile_size) - idle
    if view.pile_size == 0:
        left = min(left, view.players - view.passes)
    return idle, left, view.pile_size == 0


def passes(hand: Sequence[int], pile_size: int) -> list[Pass]:
    """Every distinct exchange (only a plain pass when the pile is empty)."""
    if pile_size == 0:
        return [Pass(())]
    found = {
        tuple(sorted(c))
        for k in range(len(hand) + 1)
        for c in itertools.combinations(sorted(hand), k)
    }
    return [Pass(c) for c in sorted(found, key=lambda c: (len(c), c))]


def missing(hand: Sequence[int], cards: Sequence[int]) -> int | None:
    """A card of ``cards`` that ``hand`` does not hold (counting the two wilds), or None."""
    have = Counter(hand)
    for card in cards:
        if have[card] <= 0:
            return card
        have[card] -= 1
    return None


def not_held(hand: Sequence[int], cards: Sequence[int]) -> str | None:
    """Why ``hand`` cannot give every card of ``cards`` (one not held, or one named more
    often than held), or None."""
    card = missing(hand, cards)
    if card is None:
        return None
    name = format_card(card)
    held = list(hand).count(card)
    if not held:
        return f"{name} is not in your hand"
    named = list(cards).count(card)
    if named == 2 and held == 1:
        return f"{name} is named twice"
    return f"{name} is named {named} times; you hold {held}"


def without(hand: Sequence[int], cards: Sequence[int]) -> tuple[int, ...]:
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return tuple(rest)


class IotaState(GameState[Snapshot, Action]):
    """An IOTA game for 2 to 4 players, seats in clockwise order."""

    def __init__(
        self,
        players: int = 2,
        *,
        seed: int | str = 0,
        deal: tuple[Sequence[Sequence[int]], int, Sequence[int]] | None = None,
        first: int | None = None,
    ) -> None:
        """A new game dealt from ``seed``; ``deal`` (hands, starter, the pile's top cards, the
        other cards following in order) and ``first`` set them instead, for examples and tests."""
        if not rules.MIN_PLAYERS <= players <= rules.MAX_PLAYERS:
            raise ValueError("IOTA is for 2 to 4 players")
        self.players = players
        self.seed = seed
        rounds, drawn_first = draw_for_first(players, seed)
        # Tuples: clones share them.
        self.draws = tuple(tuple(round_) for round_ in rounds)
        self.first = drawn_first if first is None else first
        if deal is None:
            deck = list(DECK)
            derive_rng(seed, "deal").shuffle(deck)
            dealt = [deck[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(players)]
            rest = deck[players * HAND_SIZE :]
            starter, pile = rest[0], tuple(rest[1:])
        else:
            dealt = [list(h) for h in deal[0]]
            starter = deal[1]
            named = Counter([*(c for h in dealt for c in h), starter, *deal[2]])
            others = Counter(DECK) - named
            if len(dealt) != players or named - Counter(DECK):
                raise ValueError("a deal names a card twice or a hand too many")
            pile = (*deal[2], *sorted(others.elements()))
        hands = tuple(tuple(sorted(h)) for h in dealt)
        self._cache: tuple[Snapshot, list[Action]] | None = None
        super().__init__(
            Snapshot(
                grid={(0, 0): starter},
                hands=hands,
                pile=pile,
                passed_by=(-1,) * len(pile),
                scores=(0,) * players,
                turn=self.first,
                swapped=False,
                passes=0,
                log=(),
                end=None,
            )
        )

    # -- the state API -----------------------------------------------------------------------
    def current_player(self) -> int | None:
        s = self._snapshot
        return None if s.end else s.turn

    def legal_actions(self) -> list[Action]:
        s = self._snapshot
        if s.end:
            return []
        if self._cache is not None and self._cache[0] is s:
            return list(self._cache[1])
        hand = s.hands[s.turn]
        out: list[Action] = [m.play for m in legal_moves(s.grid, hand, pile_empty=not s.pile)]
        if not s.swapped:
            out.extend(swaps(s.grid, hand))
        out.extend(passes(hand, len(s.pile)))
        self._cache = (s, out)
        return list(out)

    def moves(self) -> list[Move]:
        """Every legal play of the player to move, with its score."""
        s = self._snapshot
        if s.end:
            return []
        return legal_moves(s.grid, s.hands[s.turn], pile_empty=not s.pile)

    def is_legal(self, action: Action) -> bool:
        return self._why(self._snapshot, action) is None

    def why_illegal(self, action: Action) -> str:
        """A one-line reason ``action`` is illegal now, or ``""`` when it is legal."""
        return self._why(self._snapshot, action) or ""

    def _why(self, s: Snapshot, action: Action) -> str | None:
        hand = () if s.end else s.hands[s.turn]
        return reason_illegal(s.end, s.grid, hand, len(s.pile), s.swapped, action)

    def apply(self, action: Action) -> None:
        s = self._snapshot
        why = self._why(s, action)
        if why is not None:
            raise IllegalActionError(why)
        if isinstance(action, Play):
            # Laid at once: a play's cards in any order are the play legal_actions lists.
            action = Play.of(action.cards)
        self._history.append((s, action))
        self._snapshot = self._next(s, action)

    def shown(self, seat: int, before: Snapshot, after: Snapshot) -> str:
        """Another player's cards laid on the grid (a play, or a card put in a wild's place),
        or a card ``seat`` drew, were hidden from it before."""
        if before.turn != seat:
            return "another player has laid cards since" if after.grid != before.grid else ""
        action = after.log[-1].action if len(after.log) > len(before.log) else None
        # A play draws from the pile while it holds cards; an exchange too (the cards put
        # under it come back only when the pile had none). Read from the action, as both
        # wilds are one value: a wild laid and the other drawn leaves the hand looking alike.
        played = isinstance(action, Play) or isinstance(action, Pass) and bool(action.cards)
        return "you drew cards since" if played and before.pile else ""

    def _next(self, s: Snapshot, action: Action) -> Snapshot:
        seat = s.turn
        hands = list(s.hands)
        nxt = (seat + 1) % self.players
        if isinstance(action, Swap):
            grid = dict(s.grid)
            grid[(action.x, action.y)] = action.card
            hands[seat] = tuple(sorted((*without(hands[seat], [action.card]), WILD)))
            turn = Turn(seat, action)
            return replace(s, grid=grid, hands=tuple(hands), swapped=True, log=(*s.log, turn))
        if isinstance(action, Pass):
            pile = s.pile + action.cards
            passed_by = s.passed_by + (seat,) * len(action.cards)
            k = len(action.cards)
            hands[seat] = tuple(sorted((*without(hands[seat], action.cards), *pile[:k])))
            passes = s.passes + 1 if not s.pile else 0
            idle = s.idle + 1
            end = END_PASSES if passes >= self.players else None
            if end is None and idle >= blocked_after(self.players, len(s.pile)):
                end = END_BLOCKED
            return replace(
                s,
                hands=tuple(hands),
                pile=pile[k:],
                passed_by=passed_by[k:],
                turn=nxt,
                swapped=False,
                passes=passes,
                log=(*s.log, Turn(seat, action)),
                end=end,
                idle=idle,
            )
        result = placement.check(s.grid, action.cards)
        assert not isinstance(result, str)
        placed = [c for c, _, _ in action.cards]
        final = not s.pile and len(placed) == len(hands[seat])
        score = result.score(final)
        grid = dict(s.grid)
        for card, x, y in action.cards:
            grid[(x, y)] = card
        draw = min(HAND_SIZE - len(hands[seat]) + len(placed), len(s.pile))
        hands[seat] = tuple(sorted((*without(hands[seat], placed), *s.pile[:draw])))
        scores = list(s.scores)
        scores[seat] += score
        return Snapshot(
            grid=grid,
            hands=tuple(hands),
            pile=s.pile[draw:],
            passed_by=s.passed_by[draw:],
            scores=tuple(scores),
            turn=nxt,
            swapped=False,
            passes=0,
            log=(*s.log, Turn(seat, action, result, score, final)),
            end=END_LAST_CARD if final else None,
        )

    def is_terminal(self) -> bool:
        return self._snapshot.end is not None

    def outcome(self) -> Outcome | None:
        s = self._snapshot
        if s.end is None:
            return None
        best = max(s.scores)
        winners = tuple(i for i, v in enumerate(s.scores) if v == best)
        if s.end == END_LAST_CARD:
            ended = f"seat {s.log[-1].seat} played the last card (that turn doubled)"
        elif s.end == END_BLOCKED:
            ended = (
                "no one played for as many passes as the whole pile takes to come to hand, "
                "and a round more: the grid is blocked"
            )
        else:
            ended = "every player passed in turn with the pile empty"
        why = "highest score" if len(winners) == 1 else "tied for the highest score"
        reason = f"{why} ({best}) when the game ended: {ended}"
        return Outcome(winners=winners, scores=s.scores, reason=reason)

    # -- views -------------------------------------------------------------------------------
    @property
    def grid(self) -> Mapping[Cell, int]:
        """The cards on the grid by cell, read-only (clones share it)."""
        return MappingProxyType(self._snapshot.grid)

    @property
    def scores(self) -> tuple[int, ...]:
        return self._snapshot.scores

    @property
    def turns(self) -> int:
        """Turns finished (plays and passes; a swap is part of its turn)."""
        return sum(not isinstance(t.action, Swap) for t in self._snapshot.log)

    def observation(self, seat: int) -> View:
        """What ``seat`` sees: the grid (a copy), its hand, the others' hand sizes, the scores
        and the turns so far, with the cards others exchanged face down hidden (as -1)."""
        check_seat(seat, self.players)
        s = self._snapshot
        mine = [c for i, c in enumerate(s.pile) if s.passed_by[i] == seat]
        unseen = [c for i, h in enumerate(s.hands) if i != seat for c in h]
        unseen += [c for i, c in enumerate(s.pile) if s.passed_by[i] != seat]
        return View(
            players=self.players,
            seat=seat,
            grid=dict(s.grid),
            hand=s.hands[seat],
            hand_sizes=tuple(len(h) for h in s.hands),
            scores=s.scores,
            pile_size=len(s.pile),
            turn=self.current_player(),
            swapped=s.swapped,
            passes=s.passes,
            log=seen_log(s.log, seat),
            unseen=tuple(sorted(unseen)),
            end=s.end,
            under_pile=tuple(mine),
        )

    def determinize(self, seat: int, rng: random.Random) -> IotaState:
        """A state ``seat`` cannot tell from this one: the cards it cannot see dealt afresh
        (the cards it put at the bottom of the pile itself stay where it put them)."""
        check_seat(seat, self.players)
        s = self._snapshot
        keep = [i for i, by in enumerate(s.passed_by) if by == seat]
        pool = [c for i, h in enumerate(s.hands) if i != seat for c in h]
        pool += [c for i, c in enumerate(s.pile) if s.passed_by[i] != seat]
        rng.shuffle(pool)
        hands = list(s.hands)
        for i in range(self.players):
            if i != seat:
                n = len(hands[i])
                hands[i] = tuple(sorted(pool[:n]))
                del pool[:n]
        pile = list(s.pile)
        for i in range(len(pile)):
            if i not in keep:
                pile[i] = pool.pop()
        twin = self.clone()
        twin.seed = VIEW_SEED  # the game's seed would deal the real pile again
        twin._history = []
        twin._cache = None
        twin._snapshot = replace(s, hands=tuple(hands), pile=tuple(pile))
        return twin


def draw_for_first(players: int, seed: int | str) -> tuple[list[list[tuple[int, int]]], int]:
    """Each player draws a card, the tied highest draw again: ((seat, card) rounds, first)."""
    deck = list(DECK)
    derive_rng(seed, "first player").shuffle(deck)
    contenders = list(range(players))
    rounds: list[list[tuple[int, int]]] = []
    while True:
        if len(deck) < len(contenders):
            deck = list(DECK)
            derive_rng(seed, "first player", len(rounds)).shuffle(deck)
        drawn = [(seat, deck.pop()) for seat in contenders]
        rounds.append(drawn)
        best = max(rules.value(c) for _, c in drawn)
        contenders = [seat for seat, c in drawn if rules.value(c) == best]
        if len(contenders) == 1:
            return rounds, contenders[0]


def last_play_cells(log: Sequence[Turn]) -> list[Cell]:
    """The cells of the last play (starred on the grid), however many passes and swaps
    followed it; none before the first play."""
    last = next((t for t in reversed(log) if isinstance(t.action, Play)), None)
    return list(last.action.cells) if last is not None and isinstance(last.action, Play) else []


def _ints(values: object, size: int | None = None) -> bool:
    return (
        isinstance(values, tuple)
        and (size is None or len(values) == size)
        and all(isinstance(v, int) and not isinstance(v, bool) for v in values)
    )


def well_formed(action: object) -> bool:
    """Whether ``action`` is built as the game builds its actions (tuples of whole numbers),
    so that a mistyped one is refused before it is recorded."""
    if isinstance(action, Play):
        return (
            isinstance(action.cards, tuple)
            and all(_ints(c, 3) for c in action.cards)
            and all(_card(c) for c, _, _ in action.cards)
        )
    if isinstance(action, Pass):
        return _ints(action.cards) and all(_card(c) for c in action.cards)
    if isinstance(action, Swap):
        return _ints((action.card, action.x, action.y)) and _card(action.card)
    return False


def _card(value: int) -> bool:
    """Whether a whole number is one of the deck's cards (a wild included)."""
    return 0 <= value < rules.CARDS or value == rules.WILD


def seen_log(log: tuple[Turn, ...], seat: int) -> tuple[Turn, ...]:
    """The turns as ``seat`` saw them: another player's exchange shows how many cards went
    under the pile, not which."""
    if not any(isinstance(t.action, Pass) and t.action.cards and t.seat != seat for t in log):
        return log
    return tuple(
        replace(t, action=Pass((HIDDEN,) * len(t.action.cards)))
        if isinstance(t.action, Pass) and t.action.cards and t.seat != seat
        else t
        for t in log
    )


def new_game(players: int | None = None, seed: int | str | None = None) -> IotaState:
    """A new game of IOTA for ``players`` (2 to 4; 2 if not given), dealt from ``seed`` (a
    fresh one if not given): the entry point every game has (see ``GameInfo.new_game``)."""
    table = check_whole(2 if players is None else players, "players", 2, 4)
    return IotaState(table, seed=fresh_seed(wide=True) if seed is None else seed)
