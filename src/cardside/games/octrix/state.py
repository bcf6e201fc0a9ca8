"""The full Octrix game: deals, simultaneous tricks, rounds and the game to 88."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Self

from cardside.core.cards import Card, well_made
from cardside.core.errors import IllegalActionError
from cardside.core.outcome import Outcome
from cardside.core.rng import VIEW_SEED, derive_rng, fresh_seed
from cardside.core.state import GameState, check_seat, check_whole
from cardside.games.octrix import rules
from cardside.games.octrix.notation import format_card
from cardside.games.octrix.rules import KEY, Rule


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One finished round: who won each trick, and each side's counting cards and score."""

    number: int
    dealer: int
    tricks: tuple[tuple[Card, ...], ...]  # cards by seat, trick by trick
    trick_winners: tuple[int, ...]  # seat that won trick 1 … 8
    counting: tuple[tuple[int, ...], ...]  # per side
    scores: tuple[int, ...]  # per side


@dataclass(frozen=True, slots=True)
class OctrixSnapshot:
    """Everything about an Octrix game at one moment (immutable)."""

    round_no: int  # 0-based
    dealer: int
    hands: tuple[tuple[Card, ...], ...]  # per seat, sorted low → high
    pending: tuple[Card | None, ...]  # cards committed to the current trick
    rule: Rule
    tricks: tuple[tuple[Card, ...], ...]  # finished tricks of this round
    trick_winners: tuple[int, ...]
    totals: tuple[int, ...]  # per side
    rounds: tuple[RoundResult, ...]
    winner: int | None  # winning side once the game is over


class OctrixState(GameState[OctrixSnapshot, Card]):
    """An Octrix game. Actions are cards; seats commit in play order, revealed together."""

    #: In a view: (round, trick, order) where the players who laid a card face down lay after
    #: the one to move, for that trick only.
    _trick_order: tuple[int, int, tuple[int, ...]] | None = None

    def __init__(
        self,
        players: int = 2,
        *,
        partnership: bool = False,
        seed: int | str = 0,
        target: int = rules.TARGET,
        hands: list[list[Card]] | None = None,
    ) -> None:
        if not rules.MIN_PLAYERS <= players <= rules.MAX_PLAYERS:
            raise ValueError("Octrix is for 2 to 4 players")
        self.players = players
        self.partnership = partnership
        self.seed = seed
        self.target = target
        self.sides = rules.sides(players, partnership)
        # Tuples: views, clones and determinized games share them.
        self._orders = tuple(
            tuple(x for group in rules.play_steps(players, partnership, d) for x in group)
            for d in range(players)
        )
        dealer = derive_rng(seed, "first dealer").randrange(players)
        snap = OctrixSnapshot(
            round_no=0,
            dealer=dealer,
            hands=self._deal(0) if hands is None else _check_hands(hands, players),
            pending=(None,) * players,
            rule=Rule.HIGHEST,
            tricks=(),
            trick_winners=(),
            totals=(0,) * len(self.sides),
            rounds=(),
            winner=None,
        )
        super().__init__(snap)

    # -- dealing -----------------------------------------------------------------------------
    def _deal(self, round_no: int) -> tuple[tuple[Card, ...], ...]:
        deck = list(rules.DECK)
        derive_rng(self.seed, "deal", round_no).shuffle(deck)
        size = rules.HAND_SIZE
        return tuple(
            tuple(sorted(deck[i * size : (i + 1) * size], key=KEY.__getitem__))
            for i in range(self.players)
        )

    # -- the state API -----------------------------------------------------------------------
    def steps(self) -> list[tuple[int, ...]]:
        """Groups of seats committing together in the current round."""
        return rules.play_steps(self.players, self.partnership, self._snapshot.dealer)

    def current_player(self) -> int | None:
        s = self._snapshot
        if s.winner is not None:
            return None
        pending = s.pending
        for seat in self._order(s):
            if pending[seat] is None:
                return seat
        raise AssertionError("every seat has committed but the trick was not resolved")

    def legal_actions(self) -> list[Card]:
        seat = self.current_player()
        return [] if seat is None else list(self._snapshot.hands[seat])

    def is_legal(self, action: Card) -> bool:
        seat = self.current_player()
        return seat is not None and well_made(action) and action in self._snapshot.hands[seat]

    def why_illegal(self, action: Card) -> str:
        """A one-line reason ``action`` is illegal now, or ``""`` when it is legal."""
        seat = self.current_player()
        if seat is None:
            return "the game is over"
        if not well_made(action) or action not in KEY:
            return f"{action!r} is not an Octrix card"
        name = format_card(action, ascii=True)
        s = self._snapshot
        if action in s.hands[seat]:
            return ""
        if action in s.pending or any(action in t for t in s.tricks):
            return f"{name} was already played this round"
        if any(action in h for h in s.hands):
            return f"{name} is in another player's hand"
        return f"{name} is not in this player's hand"

    def apply(self, action: Card) -> None:
        seat = self.current_player()
        if seat is None or not self.is_legal(action):
            raise IllegalActionError(self.why_illegal(action))
        self._history.append((self._snapshot, action))
        self._snapshot = self._commit(self._snapshot, seat, action)

    def shown_since(self, seat: int, count: int) -> str:
        """As :meth:`GameState.shown_since`, but an undo back past a round's end says that a
        new round was dealt, whatever was shown in it after (the first cards of a trick of
        the partnership game turned up, say)."""
        if count > 0:
            snapshots = self.snapshots()[-count - 1 :]
            first, last = snapshots[0], snapshots[-1]
            if first.round_no != last.round_no or first.winner != last.winner:
                return "a new round was dealt since"
        return super().shown_since(seat, count)

    def shown(self, seat: int, before: OctrixSnapshot, after: OctrixSnapshot) -> str:
        """A trick turned up shows the cards laid face down with it; a round's end, the next
        round's hands (the hands are open, so nothing else is hidden)."""
        if after.round_no != before.round_no or after.winner != before.winner:
            return "a new round was dealt since"
        if len(after.tricks) != len(before.tricks):
            return "the trick was turned up since"
        if self.partnership:  # the first two cards of a trick turn up once both are down
            first = rules.play_steps(self.players, True, after.dealer)[0]
            if all(after.pending[x] is not None for x in first) and not all(
                before.pending[x] is not None for x in first
            ):
                return "the first cards of the trick were turned up since"
        return ""

    def _next(self, snapshot: OctrixSnapshot, action: Card) -> OctrixSnapshot:
        seat = next(x for x in self._order(snapshot) if snapshot.pending[x] is None)
        return self._commit(snapshot, seat, action)

    def _commit(self, s: OctrixSnapshot, seat: int, card: Card) -> OctrixSnapshot:
        card = rules.DECK[KEY[card]]  # the deck's own object, so `is` can compare
        hands = list(s.hands)
        hands[seat] = tuple(c for c in hands[seat] if c is not card)
        pending = list(s.pending)
        pending[seat] = card
        if None in pending:
            return OctrixSnapshot(
                s.round_no,
                s.dealer,
                tuple(hands),
                tuple(pending),
                s.rule,
                s.tricks,
                s.trick_winners,
                s.totals,
                s.rounds,
                s.winner,
            )
        trick: tuple[Card, ...] = tuple(pending)  # type: ignore[arg-type]
        winner = rules.trick_winner(trick, s.rule)
        tricks = s.tricks + (trick,)
        winners = s.trick_winners + (winner,)
        if len(tricks) < rules.TRICKS_PER_ROUND:
            return OctrixSnapshot(
                s.round_no,
                s.dealer,
                tuple(hands),
                (None,) * self.players,
                rules.next_rule(trick),
                tricks,
                winners,
                s.totals,
                s.rounds,
                s.winner,
            )
        return self._finish_round(s, tricks, winners)

    def _finish_round(
        self, s: OctrixSnapshot, tricks: tuple[tuple[Card, ...], ...], winners: tuple[int, ...]
    ) -> OctrixSnapshot:
        counting = [tuple(n + 1 for n, w in enumerate(winners) if w in side) for side in self.sides]
        scores = tuple(rules.run_score(c) for c in counting)
        totals = tuple(t + sc for t, sc in zip(s.totals, scores))
        result = RoundResult(
            number=s.round_no + 1,
            dealer=s.dealer,
            tricks=tricks,
            trick_winners=winners,
            counting=tuple(counting),
            scores=scores,
        )
        match_winner = rules.match_winner(totals, self.target)
        next_round = s.round_no + 1
        return OctrixSnapshot(
            round_no=next_round,
            dealer=(s.dealer + 1) % self.players,
            hands=((),) * self.players if match_winner is not None else self._deal(next_round),
            pending=(None,) * self.players,
            rule=Rule.HIGHEST,
            tricks=(),
            trick_winners=(),
            totals=totals,
            rounds=s.rounds + (result,),
            winner=match_winner,
        )

    def _order(self, s: OctrixSnapshot) -> tuple[int, ...]:
        """The order the seats lay their cards in at ``s``: the round's, or in a view the one
        of the trick it was taken in (the players who laid face down after the one to move)."""
        taken = self._trick_order
        if taken is not None and taken[0] == s.round_no and taken[1] == len(s.tricks):
            return taken[2]
        return self._orders[s.dealer]

    def is_terminal(self) -> bool:
        return self._snapshot.winner is not None

    def outcome(self) -> Outcome | None:
        s = self._snapshot
        if s.winner is None:
            return None
        per_seat = tuple(
            s.totals[rules.side_of(seat, self.partnership, self.players)]
            for seat in range(self.players)
        )
        return Outcome(
            winners=self.sides[s.winner],
            scores=per_seat,
            reason=f"reached {s.totals[s.winner]} (target {self.target}) with the highest total",
        )

    # -- views -------------------------------------------------------------------------------
    def face_up(self, seat: int) -> set[int]:
        """Seats whose committed card ``seat`` may already see."""
        s = self._snapshot
        visible = {seat}
        if self.partnership:
            first = self.steps()[0]
            if all(s.pending[x] is not None for x in first):
                visible.update(first)
        return visible

    def observation(self, seat: int) -> Self:
        """The game as ``seat`` sees it: cards others laid face down are still in their hands,
        and in the view those players lay after the player to move (who is the same as in the
        match), so its ``current_player`` and ``legal_actions`` are the game's. The view's
        seed is not the game's: the rounds still to deal are as unknown as the cards laid."""
        check_seat(seat, self.players)
        s = self._snapshot
        visible = self.face_up(seat)
        hidden = [x for x in range(self.players) if s.pending[x] is not None and x not in visible]
        if not hidden:
            return self._view(s)
        hands = list(s.hands)
        pending = list(s.pending)
        for x in hidden:
            card = pending[x]
            assert card is not None
            hands[x] = tuple(sorted(hands[x] + (card,), key=KEY.__getitem__))
            pending[x] = None
        view = self._view(replace(s, hands=tuple(hands), pending=tuple(pending)))
        mover = self.current_player()
        order = [x for x in self._order(s) if x not in hidden]
        at = order.index(mover) + 1 if mover in order else len(order)
        view._trick_order = (s.round_no, len(s.tricks), tuple(order[:at] + hidden + order[at:]))
        return view

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A full game consistent with what ``seat`` sees: each card laid face down out of
        its sight drawn at random from its player's cards, and the rounds still to deal from
        a seed drawn from ``rng``."""
        view = self.observation(seat)
        s = view.snapshot
        hands = list(s.hands)
        pending = list(s.pending)
        for x in range(self.players):
            if self._snapshot.pending[x] is not None and pending[x] is None:
                card = rng.choice(hands[x])
                hands[x] = tuple(c for c in hands[x] if c is not card)
                pending[x] = card
        twin = self._view(replace(s, hands=tuple(hands), pending=tuple(pending)))
        twin.seed = rng.randrange(2**62)
        return twin

    def _view(self, snapshot: OctrixSnapshot) -> Self:
        """A copy of this game at ``snapshot`` with no history to undo (a clone would copy
        the whole game's history, at every decision of every seat), and a seed of its own."""
        view = object.__new__(type(self))
        view.__dict__.update(self.__dict__)
        view._history = []
        view._snapshot = snapshot
        view.seed = VIEW_SEED
        return view

    def side_of(self, seat: int) -> int:
        """The side (team or player) that ``seat`` scores for."""
        return rules.side_of(seat, self.partnership, self.players)

    def counting_cards(self) -> list[tuple[int, ...]]:
        """Counting cards each side holds so far this round."""
        s = self._snapshot
        return [
            tuple(n + 1 for n, w in enumerate(s.trick_winners) if w in side) for side in self.sides
        ]


def _check_hands(hands: list[list[Card]], players: int) -> tuple[tuple[Card, ...], ...]:
    if len(hands) != players or any(len(h) != rules.HAND_SIZE for h in hands):
        raise ValueError(f"give {players} hands of {rules.HAND_SIZE} cards")
    flat = [c for h in hands for c in h]
    if len(set(flat)) != len(flat):
        raise ValueError("a card is dealt twice")
    # The deck's own objects, as a played card leaves the hand by identity (see _commit).
    return tuple(tuple(sorted((rules.DECK[KEY[c]] for c in h), key=KEY.__getitem__)) for h in hands)


def new_game(
    players: int | None = None,
    seed: int | str | None = None,
    *,
    partnership: bool = False,
    target: int = rules.TARGET,
) -> OctrixState:
    """A new game of Octrix for ``players`` (2 to 4, or 4 in two partnerships; 2 if not
    given), dealt from ``seed`` (a fresh one if not given): the entry point every game has
    (``GameInfo.new_game``)."""
    if not isinstance(partnership, bool):
        raise ValueError(f"partnership must be True or False, not {partnership!r}")
    table = (4 if partnership else 2) if players is None else players
    return OctrixState(
        check_whole(table, "players", 4 if partnership else 2, 4),
        partnership=partnership,
        seed=fresh_seed(wide=True) if seed is None else seed,
        target=check_whole(target, "target", 1, 10_000),
    )
