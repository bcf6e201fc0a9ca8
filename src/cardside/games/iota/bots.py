"""IOTA bots: ``random``, ``greedy``, ``strong`` (the default), ``strong4``, ``strong3``,
``strong2`` and ``strong1``.

``strong`` looks one turn past its own: for the plays that score best now, and the best play
of every set of cards it could play (so each choice of cards to keep is weighed), it samples
the next player's hand from the cards it has not seen and subtracts what that player could
score on the grid it leaves (a lot or a double left open), adds what its own kept cards and
fresh draws could score next turn, and values a wild kept in hand. The hidden cards are dealt
once a decision and every candidate is judged on the same deals, so the choice between two
plays turns on what the plays change rather than on sampling luck. It recycles a wild when the
play it then has is worth more, and in the race for the final doubling it counts the doubled
last turn for itself and for the next player (their hand size is known). Its budget is a count
of samples, never the clock, so a seed reproduces its games.

Against a single opponent it looks a turn further: the hidden cards are dealt 8 times (the
opponent's hand and the pile in order, fewer deals when the plays to weigh are very many), and
each play is judged by its score, less the opponent's best reply on the grid it leaves, plus
three quarters of its own best next turn (its kept cards and its draws) on the grid after that
reply (``strong3`` weighs it a half, as the bot before did); a line
that ends the game counts as a win or a loss. Once the pile is empty the opponent holds every
card it has not seen, and it searches the race to the last card (its plays, the opponent's
best-scoring replies) three of its turns deep. The opponent's reply, there and before, may
first swap a wild on the grid back for a card of its hand and play it again (a wild left where
the opponent can take it may hand it a lot); ``strong4`` is the bot before it saw that. The
opponent's hand is not dealt uniformly:
the cards it kept from its last play are drawn so that they would not have made a better play
with the cards it played (``inference.py``), since a player rarely keeps cards that would have
scored more now. ``strong2`` is the bot before that reading, ``strong1`` the bot before this
two-player play: one turn of look-ahead at every table size. The best reply and the best next
turn are found by ``moves.best_move``, which skips the plays that cannot score more than the
best found.

Every bot owns a :class:`random.Random` built from its seed and decides from
``state.observation(seat)`` alone: the grid, its own hand, the scores, the pile's size and
which cards it has not seen. ``hint`` gives the same choice with a one-line reason.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from cardside.core.words import counted, unknown_bot
from cardside.games.iota.inference import last_plays, read_hand
from cardside.games.iota.moves import Move, best_move, legal_moves
from cardside.games.iota.notation import format_action
from cardside.games.iota.rules import HAND_SIZE, WILD, Action, Pass, Play, Swap
from cardside.games.iota.state import View, swaps, without

BOT_NAMES: tuple[str, ...] = (
    "strong",
    "strong4",
    "strong3",
    "strong2",
    "strong1",
    "greedy",
    "random",
)
DEFAULT_BOT = "strong"


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested action and why."""

    action: Action
    reason: str


def hidden(view: View) -> list[int]:
    """The cards the bots deal afresh: every card the seat does not hold or see, the cards it
    put under the pile itself among them. The bots were measured so (docs/strength.md);
    dealing those cards to the pile's bottom alone, as ``determinize`` does, would change
    few decisions: the strong bot had such cards at none of 320 decisions of 20 two-player
    games against greedy, and at 4 of 143 of 20 four-player games."""
    return sorted((*view.unseen, *view.under_pile))


class IotaBot(Protocol):
    name: str

    def choose(self, view: View, seat: int) -> Action: ...

    def hint(self, view: View, seat: int) -> Hint: ...


def exchange(view: View) -> Pass:
    """A pass that keeps the wilds and trades every other card (all of them stay when the
    pile is empty, as nothing can be exchanged then)."""
    if view.pile_size == 0:
        return Pass()
    return Pass(tuple(c for c in view.hand if c != WILD))


def _check(view: View, seat: int) -> View:
    """The view to decide from (a whole game given in its place: that seat's view of it),
    checked to be ``seat``'s and its turn; ValueError says what is wrong."""
    if not isinstance(view, View):
        observe = getattr(view, "observation", None)
        if not callable(observe):
            raise ValueError("an IOTA bot decides from a seat's view: game.observation(seat)")
        view = observe(seat)
    if view.end is not None:
        raise ValueError("the game is over")
    if view.turn != seat:
        raise ValueError(f"it is not seat {seat}'s turn")
    if view.seat != seat:
        raise ValueError(f"the view is seat {view.seat}'s, not seat {seat}'s")
    return view


class RandomBot:
    """A legal play chosen uniformly at random; a random exchange when there is none."""

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, seat: int) -> Action:
        return self.hint(view, seat).action

    def hint(self, view: View, seat: int) -> Hint:
        view = _check(view, seat)
        moves = view.moves()
        if moves:
            move = self.rng.choice(moves)
            return Hint(move.play, f"a random play, worth {move.score}")
        if view.pile_size == 0:
            return Hint(Pass(), "no play: pass")
        cards = tuple(c for c in view.hand if self.rng.random() < 0.5)
        return Hint(Pass(cards), "no play: pass and exchange at random")


def best_moves(moves: list[Move]) -> list[Move]:
    top = max(m.score for m in moves)
    return [m for m in moves if m.score == top]


def best_turn(
    grid: Mapping[tuple[int, int], int], hand: tuple[int, ...], pile_empty: bool
) -> tuple[Move | None, Mapping[tuple[int, int], int], tuple[int, ...]]:
    """The best-scoring turn of a player holding ``hand``: its best play, or a wild on the grid
    swapped back first where the play it then has scores more (a wild taken back may make a
    lot); with the grid and the hand that play is made from."""
    best = best_move(grid, hand, pile_empty=pile_empty)
    chosen: tuple[Mapping[tuple[int, int], int], tuple[int, ...]] = (grid, hand)
    if WILD in grid.values():
        for swap in swaps(grid, hand):
            after = dict(grid)
            after[(swap.x, swap.y)] = swap.card
            held = list(hand)
            held.remove(swap.card)
            held.append(WILD)
            move = best_move(after, held, pile_empty=pile_empty)
            if move is not None and (best is None or move.score > best.score):
                best, chosen = move, (after, tuple(held))
    return best, chosen[0], chosen[1]


def top_score(grid: Any, hand: Sequence[int], pile_empty: bool) -> int:
    """The best score ``hand`` can make on ``grid`` (0 when it has no play)."""
    move = best_move(grid, hand, pile_empty=pile_empty)
    return 0 if move is None else move.score


class GreedyBot:
    """The highest-scoring play this turn (ties broken at random); a pass that trades every
    card but the wilds when nothing can be played."""

    name = "greedy"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, seat: int) -> Action:
        return self.hint(view, seat).action

    def hint(self, view: View, seat: int) -> Hint:
        view = _check(view, seat)
        moves = view.moves()
        if not moves:
            action = exchange(view)
            return Hint(action, _describe_pass(action, view))
        move = self.rng.choice(best_moves(moves))
        return Hint(move.play, f"the highest score this turn: {move.score}")


def swap_feared(level: int, pile_empty: bool) -> bool:
    """Whether a reply that takes a wild back is feared at ``level`` (``REPLY_SWAPS``: 1 once
    the pile is empty, 2 at every turn)."""
    return level >= 2 or (level >= 1 and pile_empty)


def swapped_before(view: View) -> bool:
    """Whether another player has taken a wild back from the grid in this game."""
    return any(isinstance(t.action, Swap) and t.seat != view.seat for t in view.log)


def _swap_reason(then: Action, reason: str) -> str:
    """Why a swap: the play it makes possible, and that play's reason."""
    if isinstance(then, Play):
        return f"swap for the wild, then {format_action(then)}: {reason}"
    return f"swap for the wild, then {reason}"


def _describe_pass(action: Pass, view: View) -> str:
    """Why a pass, and what it exchanges (the action itself names the cards)."""
    if not action.cards:
        return "no card can be played; the pile is empty, so nothing is exchanged"
    kept = len(view.hand) - len(action.cards)
    if kept:
        return f"no card can be played; exchange every card but the {counted(kept, 'wild')}"
    return "no card can be played; exchange every card"


def _placed(
    grid: Mapping[tuple[int, int], int], hand: tuple[int, ...], play: Play
) -> tuple[dict[tuple[int, int], int], tuple[int, ...]]:
    """The grid with ``play`` on it, and what is left of ``hand``."""
    after = dict(grid)
    left = list(hand)
    for card, x, y in play.cards:
        after[(x, y)] = card
        left.remove(card)
    return after, tuple(left)


def _recycled(view: View, swap: Swap) -> tuple[dict[tuple[int, int], int], tuple[int, ...]]:
    """The grid and the hand (sorted) after ``swap`` takes the wild back from the grid."""
    grid = dict(view.grid)
    grid[(swap.x, swap.y)] = swap.card
    hand = list(view.hand)
    hand.remove(swap.card)
    hand.append(WILD)
    return grid, tuple(sorted(hand))


@dataclass(frozen=True, slots=True)
class Samples:
    """The unseen cards dealt once for a whole decision, so every candidate play meets the
    same next-player hands and the same draws (common random numbers): the choice between
    two plays then turns on what the plays change, not on the luck of separate samples."""

    replies: tuple[tuple[int, ...], ...]  # hands of the next player
    draws: tuple[tuple[int, ...], ...]  # orders of the unseen cards its own draws come from


class StrongBot:
    """One turn of look-ahead from what its seat sees (see the module's docstring)."""

    name = "strong"
    CANDIDATES = 8  # plays looked at more closely, the best-scoring first
    REPLIES = 8  # sampled hands of the next player, shared by every candidate
    OWN = 4  # sampled draws for its own next turn, shared by every candidate
    WILD_KEPT = 6.0  # the worth of a wild kept in hand, in points
    OWN_WEIGHT = 0.5
    REPLY_WEIGHT_MANY = 0.6  # with 3 or 4 players the next player is one rival of several
    DUEL = True  # with a single opponent: its reply played out, its own next turn after it
    DEALS = 8  # deals of the hidden cards a decision in a two-player game, at most
    MIN_DEALS = 4
    WORK = 160  # plays weighed times deals, at most (above MIN_DEALS)
    # The weight of its own next turn after the reply: 0.75 won more games than 0.5 (strong3)
    # and 1.0 on paired games, and a far larger margin (docs/strength.md).
    DUEL_OWN = 0.75
    END_BONUS = 100.0  # a game won (lost) by a line that ends it, in points of margin
    ENDGAME = True  # with the pile empty, search the race to the last card
    ENDGAME_WIDTH = (0, 4, 1)  # plays weighed at its 1st, 2nd, 3rd turn (0: the shortlist)
    READ = 1  # the opponent's plays read to deal the cards it kept (two players; 0: none)
    DOUBT = 0.05  # the chance of keeping cards that would have made a better play
    # Where the opponent's reply may swap a wild on the grid back first (two players): 0
    # nowhere (strong4), 1 in the race once the pile is empty, 2 at every turn. A wild left
    # where the opponent can take it may hand it a lot; before the pile runs out, fearing it
    # lost games against greedy, which never swaps (docs/strength.md).
    REPLY_SWAPS = 1
    # Fear it only of an opponent seen taking a wild back in this game: one that never does
    # (greedy) is not played against as if it might.
    SWAP_SEEN = True

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)
        self._swaps = 0  # this decision's REPLY_SWAPS, where the opponent is seen to swap

    def choose(self, view: View, seat: int) -> Action:
        return self.hint(view, seat).action

    def hint(self, view: View, seat: int) -> Hint:
        view = _check(view, seat)
        if view.players == 2 and self.DUEL:
            return self._duel_hint(view)
        samples = self._deal(view)
        best, value, why = self._best(view, view.grid, view.hand, view.moves(), samples)
        if not view.swapped:
            for swap in view.swaps():
                grid, hand = _recycled(view, swap)
                moves = legal_moves(grid, hand, pile_empty=view.pile_size == 0)
                then, after, reason = self._best(view, grid, hand, moves, samples)
                if after > value + 1:
                    return Hint(swap, _swap_reason(then, reason))
        return Hint(best, why)

    def _deal(self, view: View) -> Samples:
        """The next player's hands and its own draw orders for this decision."""
        pool = hidden(view)
        size = min(view.hand_sizes[(view.seat + 1) % view.players], len(pool))
        replies = tuple(tuple(self.rng.sample(pool, size)) for _ in range(self.REPLIES))
        draws = []
        for _ in range(self.OWN):
            self.rng.shuffle(pool)
            draws.append(tuple(pool))
        return Samples(replies, tuple(draws))

    def _best(
        self, view: View, grid: Any, hand: tuple[int, ...], moves: list[Move], samples: Samples
    ) -> tuple[Action, float, str]:
        """The action with the highest estimate, its estimate and a reason."""
        if not moves:
            action = exchange(view)
            return (
                action,
                -self._reply_weight(view) * self._reply(view, grid, samples),
                _describe_pass(action, view),
            )
        best: tuple[float, Move, float] | None = None
        for move in self._shortlist(moves):
            after = dict(grid)
            for card, x, y in move.play.cards:
                after[(x, y)] = card
            if len(move.play.cards) == len(hand) and view.pile_size == 0:
                estimate = float(move.score)  # the last card: the game is over
                reply = 0.0
            else:
                reply = self._reply(view, after, samples)
                estimate = (
                    move.score
                    - self._reply_weight(view) * reply
                    + self._own(view, after, hand, move.play, samples)
                )
            if best is None or estimate > best[0]:
                best = (estimate, move, reply)
        assert best is not None
        estimate, move, reply = best
        reason = f"scores {move.score}; the next player could make about {reply:.0f} after it"
        return move.play, estimate, reason

    def _shortlist(self, moves: list[Move]) -> list[Move]:
        """The plays judged more closely: the best-scoring ones, and for every set of cards
        that can be played the best play of that set, so that each choice of cards to keep
        is weighed (a small play now that keeps the cards of a lot for next turn)."""
        ranked = sorted(moves, key=lambda m: (-m.score, len(m.play.cards)))
        shortlist = ranked[: self.CANDIDATES]
        taken = {id(m) for m in shortlist}
        sets: set[tuple[int, ...]] = set()
        for move in ranked:
            cards = tuple(sorted(card for card, _, _ in move.play.cards))
            if cards not in sets:
                sets.add(cards)
                if id(move) not in taken:
                    shortlist.append(move)
        return shortlist

    def _reply(self, view: View, grid: Any, samples: Samples) -> float:
        """The next player's expected best score on ``grid`` over the sampled hands."""
        if not samples.replies or not samples.replies[0]:
            return 0.0
        pile_empty = view.pile_size == 0
        total = 0
        for hand in samples.replies:
            total += top_score(grid, hand, pile_empty)
        return total / len(samples.replies)

    def _reply_weight(self, view: View) -> float:
        """How much the next player's gain counts against a play: with 3 or 4 players it is
        one rival of several."""
        return 1.0 if view.players == 2 else self.REPLY_WEIGHT_MANY

    def _own(
        self, view: View, grid: Any, hand: tuple[int, ...], play: Play, samples: Samples
    ) -> float:
        """What the cards kept (and drawn) may score next turn, and the wilds kept."""
        kept = list(hand)
        for card, _, _ in play.cards:
            kept.remove(card)
        value = self.WILD_KEPT * kept.count(WILD)
        draw = min(HAND_SIZE - len(kept), view.pile_size)
        if not samples.draws:
            return value
        total = 0
        for order in samples.draws:
            total += top_score(grid, kept + list(order[:draw]), False)
        return value + self.OWN_WEIGHT * total / len(samples.draws)

    # -- two players -------------------------------------------------------------------------
    def _duel_deal(self, view: View, count: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """``count`` deals of the hidden cards: (the opponent's hand, the pile in order). With
        the pile empty the opponent holds every unseen card, so one deal is exact."""
        pool = hidden(view)
        size = min(view.hand_sizes[1 - view.seat], len(pool))
        if view.pile_size == 0:
            count = 1
        clues = last_plays(view, self.READ)
        deals = []
        for _ in range(count):
            if not clues:
                self.rng.shuffle(pool)
                deals.append((tuple(pool[:size]), tuple(pool[size:])))
                continue
            hand = read_hand(pool, size, clues, self.rng, doubt=self.DOUBT)
            rest = list(without(pool, hand))
            self.rng.shuffle(rest)
            deals.append((tuple(hand), tuple(rest)))
        return deals

    def _swap_level(self, view: View) -> int:
        """Where this decision fears a reply that takes a wild back (see REPLY_SWAPS)."""
        if self.SWAP_SEEN and not swapped_before(view):
            return 0
        return self.REPLY_SWAPS

    def _duel_hint(self, view: View) -> Hint:
        self._swaps = self._swap_level(view)
        if view.pile_size == 0 and self.ENDGAME:
            return self._endgame_hint(view)
        moves = view.moves()
        swaps = view.swaps()
        # The work grows with the plays weighed, the wilds recycled and a wild in hand (every
        # play a wild can make): fewer deals when it is large, so a move stays well under 1 s.
        work = max(1, len(self._shortlist(moves)) if moves else 1) * (1 + len(swaps))
        if WILD in view.hand:
            work *= 2
        deals = self._duel_deal(view, max(self.MIN_DEALS, min(self.DEALS, self.WORK // work)))
        best, value, why = self._duel_best(view, view.grid, view.hand, moves, deals)
        if swaps:
            for swap in swaps:
                grid, hand = _recycled(view, swap)
                moves = legal_moves(grid, hand, pile_empty=view.pile_size == 0)
                then, after, reason = self._duel_best(view, grid, hand, moves, deals)
                if after > value + 1:
                    return Hint(swap, _swap_reason(then, reason))
        return Hint(best, why)

    def _ended(self, margin: float, change: float) -> float:
        """A line that ends the game, valued by its margin change and who wins."""
        return self._over(margin + change) - margin

    def _duel_best(
        self,
        view: View,
        grid: Any,
        hand: tuple[int, ...],
        moves: list[Move],
        deals: list[tuple[tuple[int, ...], tuple[int, ...]]],
    ) -> tuple[Action, float, str]:
        margin = view.scores[view.seat] - view.scores[1 - view.seat]
        if not moves:
            action = exchange(view)
            value = self._duel_line(view, margin, grid, 0, hand, 0, deals)[0]
            return action, value, _describe_pass(action, view)
        best: tuple[float, Move, float] | None = None
        for move in self._shortlist(moves):
            after, kept = _placed(grid, hand, move.play)
            if not kept and view.pile_size == 0:
                estimate, reply = self._ended(margin, move.score), 0.0
            else:
                draw = min(HAND_SIZE - len(kept), view.pile_size)
                estimate, reply = self._duel_line(
                    view, margin, after, move.score, kept, draw, deals
                )
            if best is None or estimate > best[0]:
                best = (estimate, move, reply)
        assert best is not None
        estimate, move, reply = best
        reason = f"scores {move.score}; the other player could make about {reply:.0f} after it"
        return move.play, estimate, reason

    def _duel_line(
        self,
        view: View,
        margin: float,
        grid: Any,
        score: int,
        kept: tuple[int, ...],
        draw: int,
        deals: list[tuple[tuple[int, ...], tuple[int, ...]]],
    ) -> tuple[float, float]:
        """A play (or a pass, ``score`` 0 and ``draw`` 0) judged over the deals: its score, less
        the opponent's best reply on the grid it leaves, plus its own best next turn on the
        grid after that reply; (estimate, the reply's average)."""
        pile = view.pile_size - draw
        wilds = self.WILD_KEPT * kept.count(WILD)
        total = 0.0
        replies = 0.0
        for theirs, order in deals:
            before = grid
            if swap_feared(self._swaps, pile == 0):
                reply, before, theirs = best_turn(grid, theirs, pile == 0)
            else:
                reply = best_move(grid, theirs, pile_empty=pile == 0)
            got = reply.score if reply else 0
            replies += got
            if reply is not None and pile == 0 and len(reply.play.cards) == len(theirs):
                total += self._ended(margin, score - got)
                continue
            later = grid
            left = pile
            if reply is not None:
                later = dict(before)
                for card, x, y in reply.play.cards:
                    later[(x, y)] = card
                left = max(0, pile - len(reply.play.cards))
            mine = list(kept) + list(order[:draw])
            best_own = top_score(later, mine, left == 0)
            total += score - got + self.DUEL_OWN * best_own + wilds
        return total / len(deals), replies / len(deals)

    def _endgame_hint(self, view: View) -> Hint:
        """The pile is empty, so the opponent holds every card it has not seen: a search of
        the race to the last card, the opponent making its best-scoring play each turn."""
        me = view.seat
        margin = view.scores[me] - view.scores[1 - me]
        theirs = tuple(hidden(view))
        candidates: list[tuple[Swap | None, Mapping[tuple[int, int], int], tuple[int, ...]]]
        candidates = [(None, view.grid, view.hand)]
        if not view.swapped:
            for swap in view.swaps():
                candidates.append((swap, *_recycled(view, swap)))
        best: tuple[float, Action, int] | None = None
        for option, grid, hand in candidates:
            value, play, score = self._race(grid, hand, theirs, margin, 0, view.passes)
            choice: Action = option or play or Pass()
            if best is None or value > best[0] + (1 if option is not None else 0):
                best = (value, choice, score)
        assert best is not None
        value, action, score = best
        if isinstance(action, Swap):
            return Hint(action, "swap for the wild: the race to the last card goes better")
        if isinstance(action, Pass):
            return Hint(action, "no play: pass")
        return Hint(action, f"scores {score}; the best line of the race to the last card")

    def _race(
        self,
        grid: Any,
        mine: tuple[int, ...],
        theirs: tuple[int, ...],
        margin: float,
        depth: int,
        passes: int,
    ) -> tuple[float, Play | None, int]:
        """The value (its final margin, with END_BONUS for the win) of its turn, its best play
        (None for a pass) and that play's score."""
        moves = legal_moves(grid, mine, pile_empty=True)
        if not moves:
            if passes >= 1:
                return self._over(margin), None, 0
            return self._their_turn(grid, mine, theirs, margin, depth, 1), None, 0
        width = self.ENDGAME_WIDTH[depth]
        if width == 0:
            shortlist = self._shortlist(moves)
        else:
            shortlist = sorted(moves, key=lambda m: (-m.score, len(m.play.cards)))[:width]
        best: tuple[float, Play | None, int] | None = None
        for move in shortlist:
            after, left = _placed(grid, mine, move.play)
            if not left:
                value = self._over(margin + move.score)
            else:
                value = self._their_turn(after, left, theirs, margin + move.score, depth, 0)
            if best is None or value > best[0]:
                best = (value, move.play, move.score)
        assert best is not None
        return best

    def _their_turn(
        self,
        grid: Any,
        mine: tuple[int, ...],
        theirs: tuple[int, ...],
        margin: float,
        depth: int,
        passes: int,
    ) -> float:
        if swap_feared(self._swaps, True):
            reply, before, held = best_turn(grid, theirs, True)
        else:
            reply, before, held = best_move(grid, theirs, pile_empty=True), grid, theirs
        if reply is None:
            if passes >= 1:
                return self._over(margin)
            passes += 1
            after, left = grid, theirs
        else:
            margin -= reply.score
            after, left = _placed(before, held, reply.play)
            if not left:
                return self._over(margin)
            passes = 0
        if depth + 1 >= len(self.ENDGAME_WIDTH):
            return margin
        return self._race(after, mine, left, margin, depth + 1, passes)[0]

    def _over(self, margin: float) -> float:
        """The value of a finished game by its final margin."""
        if margin > 0:
            return margin + self.END_BONUS
        if margin < 0:
            return margin - self.END_BONUS
        return margin


class StrongBot4(StrongBot):
    """The strong bot as it was before it saw that the opponent's reply may swap a wild on
    the grid back first."""

    name = "strong4"
    REPLY_SWAPS = 0


class StrongBot3(StrongBot4):
    """The strong bot as it was before its own next turn after the opponent's reply weighed
    three quarters: it weighed a half."""

    name = "strong3"
    DUEL_OWN = 0.5


class StrongBot2(StrongBot3):
    """The strong bot as it was before it read the opponent's kept cards from its last play:
    the opponent's hand dealt uniformly from the unseen cards."""

    name = "strong2"
    READ = 0


class StrongBot1(StrongBot):
    """The strong bot as it was before it played two-player games differently: one turn of
    look-ahead at every table size."""

    name = "strong1"
    DUEL = False
    REPLY_SWAPS = 0


def make_bot(name: str, seed: int | str = 0) -> IotaBot:
    """A bot by name (see :data:`BOT_NAMES`)."""
    key = name.strip().lower()
    if key == "greedy":
        return GreedyBot(seed)
    if key == "random":
        return RandomBot(seed)
    if key == "strong":
        return StrongBot(seed)
    if key == "strong4":
        return StrongBot4(seed)
    if key == "strong3":
        return StrongBot3(seed)
    if key == "strong2":
        return StrongBot2(seed)
    if key == "strong1":
        return StrongBot1(seed)
    raise ValueError(unknown_bot("IOTA", name, BOT_NAMES))
