"""The full Line-it game in the shared state API: market rounds, lines, hands and jackpots.

A turn is several decisions by the same player, each an action of the state: take a market
card (``line 57`` or ``hand 57``), then optionally ``play`` a hand card, then ``score`` (which
ends the turn) or ``done``. The end phase, once the deck cannot fill a market, gives each
player who can still play a hand card the choice ``play`` or ``done``; then every line is
scored. The deck is shuffled once from ``derive_rng(seed, "deck")``, so a seed and the list of
actions replay a game exactly. Observations hide the deck as 0s. Every card in a hand was
taken from the face-up market in sight of the table, so the hands are not hidden: a player who
watched knows them (the rules page says so).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import NamedTuple, Self

from cardside.core.errors import IllegalActionError
from cardside.core.outcome import Outcome
from cardside.core.rng import VIEW_SEED, derive_rng, fresh_seed
from cardside.core.state import GameState, check_seat, check_whole
from cardside.games.lineit import rules
from cardside.games.lineit.notation import DONE, HAND, LINE, PLAY, SCORE, Action, format_card
from cardside.games.lineit.rules import BET_BASE, HAND_LIMIT, LineScore

TAKE, TAKEN, PLAYED, END, OVER = 0, 1, 2, 3, 4
HIDDEN = 0  # a card this seat cannot see


class Scored(NamedTuple):
    """A line scored: by whom, in which round (0 for the end), how, and what it gave."""

    seat: int
    round_no: int
    how: str  # "chosen", "forced" or "end"
    score: LineScore


class Jackpot(NamedTuple):
    """A jackpot taken: by whom, in which round, which colour, the card that took it, size."""

    seat: int
    round_no: int
    colour: int
    card: int
    cards: int


class Snap(NamedTuple):
    """Everything about a Line-it game at one moment (immutable)."""

    deck: tuple[int, ...]  # drawn from the end
    market: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    lines: tuple[tuple[int, ...], ...]
    piles: tuple[tuple[int, ...], ...]  # jackpot piles by colour
    scored: tuple[tuple[int, ...], ...]  # score piles
    tokens: tuple[tuple[int, ...], ...]
    discard: tuple[int, ...]
    round_no: int  # 1-based; stays at the last round in the end phase
    first: int
    turn: int  # how many players have finished their turn this round (or end phase)
    step: int  # TAKE, TAKEN, PLAYED, END or OVER
    played: int  # bit per seat: played a hand card this round
    log: tuple[Scored | Jackpot, ...]


_FIELD_INDEX = {name: i for i, name in enumerate(Snap._fields)}
_new_snap = tuple.__new__


def _fast_replace(self: Snap, **changes: object) -> Snap:
    """``Snap._replace`` without its generic machinery (the engine's hot path)."""
    values = list(self)
    for name, value in changes.items():
        values[_FIELD_INDEX[name]] = value
    return _new_snap(Snap, values)


setattr(Snap, "_replace", _fast_replace)  # noqa: B010 - NamedTuple forbids defining it


#: ``_HIDDEN[n]``: n hidden cards (made once, as observations are taken at every decision).
_HIDDEN = tuple((HIDDEN,) * n for n in range(rules.CARD_COUNT + 1))


def _action_like(action: object) -> bool:
    """Whether ``action`` is a plain pair (kind, card) that reads as an :class:`Action`."""
    return (
        isinstance(action, tuple)
        and len(action) == 2
        and isinstance(action[0], str)
        and isinstance(action[1], int)
        and not isinstance(action[1], bool)
    )


def _name(card: object) -> str:
    return format_card(card) if isinstance(card, int) and 0 < card <= 105 else repr(card)


def _set(t: tuple, i: int, v: object) -> tuple:  # type: ignore[type-arg]
    return t[:i] + (v,) + t[i + 1 :]


#: ``_LINE_OR_HAND[c]``: both ways to take market card c, in the legal actions' order.
_LINE_OR_HAND = tuple((LINE[c], HAND[c]) for c in range(len(LINE)))


@lru_cache(maxsize=16, typed=True)  # typed: the seed True is not the seed 1
def _deal(seed: int | str, players: int) -> Snap:
    """The first snapshot of a game dealt from ``seed``. (Kept for a while: a simulation
    plays each deal once from every seat, one game after another.)"""
    deck = list(rules.DECK)
    derive_rng(seed, "deck").shuffle(deck)
    first = derive_rng(seed, "first player").randrange(players)
    m = rules.market_size(players)
    empty: tuple[tuple[int, ...], ...] = ((),) * players
    # fmt: off
    return _new_snap(Snap, (tuple(deck[:-m]), tuple(deck[-m:]), empty, empty, ((),) * 4,
                            empty, empty, (), 1, first, 0, TAKE, 0, ()))
    # fmt: on


class LineitState(GameState[Snap, Action]):
    """A game of Line-it for 2 to 5 players, dealt from ``seed``.

    The game is kept in mutable fields changed in place by each action (the engine's hot
    path: simulations and bots' playouts take thousands of steps a second); :attr:`snapshot`
    makes the immutable :class:`Snap` of the moment when asked, and keeps it until the next
    action. Undo and the list of earlier snapshots replay the actions from the first snapshot.
    """

    #: The seat whose observation this is (its snapshot hides what that seat cannot see).
    _observer: int | None = None

    def __init__(self, players: int = 2, seed: int | str | None = None) -> None:
        if not rules.MIN_PLAYERS <= players <= rules.MAX_PLAYERS:
            raise ValueError("Line-it is for 2 to 5 players")
        self.players = players
        self.seed = fresh_seed(wide=True) if seed is None else seed
        self._start(_deal(self.seed, players))

    def _start(self, snap: Snap) -> None:
        """Position this game at ``snap``, with no actions to undo."""
        self._load(snap)
        #: The snapshot that ``_actions`` replay from to reach this moment; ``None`` once
        #: :meth:`advance` has moved the game on without a record (nothing to undo then).
        self._origin: Snap | None = snap
        self._actions: list[Action] = []

    def _load(self, snap: Snap) -> None:
        """Set the mutable fields from ``snap`` (which stays as the current snapshot)."""
        # fmt: off
        (self._deck, market, hands, lines, piles, scored, tokens, discard,
         self._round, self._first, self._turn, self._step, self._played, log) = snap
        #: The seat to move, ``(first + turn) % players``, kept as the turn passes.
        self._mover = (self._first + self._turn) % self.players
        # fmt: on
        self._market = list(market)
        self._pair = len(set(market)) < len(market)
        self._hands = list(hands)
        self._lines = list(lines)
        #: What fits each seat's line (``rules.fitting``), worked out when first asked and
        #: then kept up to date card by card.
        self._fit: list[rules.Fitting | None] = [None] * len(lines)
        self._piles = list(piles)
        self._scored = list(scored)
        self._tokens = list(tokens)
        self._discard = list(discard)
        self._log = list(log)
        self._snap: Snap | None = snap

    @property
    def _snapshot(self) -> Snap:  # type: ignore[override]
        """The immutable snapshot of the moment (made once after each action)."""
        snap = self._snap
        if snap is None:
            # fmt: off
            snap = self._snap = _new_snap(Snap, (
                self._deck, tuple(self._market), tuple(self._hands), tuple(self._lines),
                tuple(self._piles), tuple(self._scored), tuple(self._tokens),
                tuple(self._discard), self._round, self._first, self._turn, self._step,
                self._played, tuple(self._log)))
            # fmt: on
        return snap

    @_snapshot.setter
    def _snapshot(self, snap: Snap) -> None:
        self._load(snap)
        self._origin = None

    @classmethod
    def from_snapshot(cls, players: int, snap: Snap, seed: int | str = 0) -> LineitState:
        """A state positioned at ``snap`` (for tests, puzzles and bots' samples)."""
        state = cls.__new__(cls)
        state.players = players
        state.seed = seed
        state._start(snap)
        return state

    # -- queries -------------------------------------------------------------------------------
    def current_player(self) -> int | None:
        if self._step == OVER:
            return None
        return self._mover

    def is_terminal(self) -> bool:
        return self._step == OVER

    def score(self, seat: int) -> int:
        """Cards in the score pile plus bet tokens."""
        return len(self._scored[seat]) + sum(self._tokens[seat])

    def scores(self) -> tuple[int, ...]:
        return tuple(self.score(p) for p in range(self.players))

    def outcome(self) -> Outcome | None:
        if self._step != OVER:
            return None
        scores = self.scores()
        won = rules.winners(scores)
        why = "highest score" if len(won) == 1 else "tied for the highest score"
        return Outcome(won, scores, f"{why} ({max(scores)}: score pile plus bet tokens)")

    def _fitting(self, seat: int) -> rules.Fitting:
        """What fits ``seat``'s line now (see :func:`rules.fitting`)."""
        fit = self._fit[seat]
        if fit is None:
            fit = self._fit[seat] = rules.fitting(self._lines[seat])
        return fit

    def _fits(self, seat: int, card: int) -> bool:
        low, high, same, bet_ok = self._fit[seat] or self._fitting(seat)
        return bet_ok if card > BET_BASE else low < card < high and card != same

    def legal_actions(self) -> list[Action]:
        step = self._step
        seat = self._mover
        # What fits the line is worked out once (rules.fitting, for every card at once): a
        # number card fits when low < card < high and card != same, a Bet card when bet_ok.
        if step == TAKE:
            market = self._market
            if self._pair:  # two Bet cards of a value: offered once
                market = list(dict.fromkeys(market))
            if len(self._hands[seat]) >= HAND_LIMIT:
                return [LINE[c] for c in market]
            low, high, same, bet_ok = self._fit[seat] or self._fitting(seat)
            out: list[Action] = []
            for c in market:
                if bet_ok if c > BET_BASE else low < c < high and c != same:
                    out += _LINE_OR_HAND[c]
                else:
                    out.append(HAND[c])
            return out
        if step == OVER:
            return []
        ends = [SCORE, DONE] if step != END and self._lines[seat] else [DONE]
        if step == END or (step == TAKEN and not self._played >> seat & 1):
            hand = self._hands[seat]
            if hand:
                low, high, same, bet_ok = self._fit[seat] or self._fitting(seat)
                out = []
                for c in hand:
                    if bet_ok if c > BET_BASE else low < c < high and c != same:
                        play = PLAY[c]
                        if play not in out:  # (two Bet cards of a value: offered once)
                            out.append(play)
                if out:
                    out += ends
                    return out
        return ends

    def is_legal(self, action: Action) -> bool:
        return self.why_illegal(action) == ""

    def why_illegal(self, action: Action) -> str:
        """A one-line reason ``action`` is illegal now, or ``""`` when it is legal."""
        step = self._step
        if step == OVER:
            return "the game is over"
        if type(action) is Action:
            if type(action.card) is not int:  # noqa: E721 - 38.0 and True equal whole cards
                return f"{action!r} is not a Line-it action"
        elif _action_like(action):
            action = Action(*action)
        else:
            return f"{action!r} is not a Line-it action"
        seat = self._mover
        line = self._lines[seat]
        hand = self._hands[seat]
        kind, card = action.kind, action.card
        if kind in ("line", "hand"):
            if step == END:
                return "the deck is out: you may only play a card from your hand, or done"
            if step != TAKE:
                return "you have taken your card this turn"
            if card not in self._market:
                if card not in rules.DECK:
                    return f"{card!r} is not a Line-it card (1 to 100, or a Bet card B3 to B5)"
                return f"{_name(card)} is not in the market"
            if kind == "hand":
                if len(hand) >= HAND_LIMIT:
                    full = f"your hand is full ({HAND_LIMIT} cards)"
                    if rules.why_not_fits(line, card) is None:
                        return f"{full}; take it for your line instead (line {_name(card)})"
                    return (
                        f"{full}; line {_name(card)} takes it for your line, which is scored "
                        "first as the card does not continue it"
                    )
                return ""
            if len(hand) < HAND_LIMIT:
                reason = rules.why_not_fits(line, card)
                if reason is not None:
                    return f"{reason}; put it in your hand instead"
            return ""
        if kind == "play":
            if step == TAKE:
                return "take a card from the market first"
            if step == PLAYED or (step == TAKEN and self._played >> seat & 1):
                return "you have played a card from your hand this round"
            if card not in hand:
                return f"{_name(card)} is not in your hand"
            return rules.why_not_fits(line, card) or ""
        if kind in ("score", "done") and card != 0:
            return f"{kind} takes no card"
        if kind == "score":
            if step == TAKE:
                return "take a card from the market first (you score after taking)"
            if step == END:
                return "every line is scored at the end; play a card or done"
            if not line:
                return "your line is empty"
            return ""
        if kind == "done":
            if step == TAKE:
                return "take a card from the market first"
            return ""
        return f"{kind!r} is not a Line-it action"

    # -- history ---------------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        """Play ``action``; raise :class:`IllegalActionError` with the reason if it is illegal."""
        reason = self.why_illegal(action)
        if reason:
            raise IllegalActionError(reason)
        if type(action) is not Action:  # a plain (kind, card) pair: recorded as an Action
            action = Action(*action)
        origin = self._origin
        if origin is None:  # moved on without a record: the record starts here
            origin = self._origin = self._snapshot
            self._actions = []
        self._actions.append(action)
        self.advance(action)
        self._origin = origin

    def undo(self) -> Action:
        """Take back the last action and return it (the game is replayed up to it)."""
        origin = self._origin
        if origin is None or not self._actions:
            raise IllegalActionError("nothing to undo")
        action = self._actions.pop()
        self._load(origin)
        for earlier in self._actions:
            self.advance(earlier)
        self._origin = origin
        return action

    def shown(self, seat: int, before: Snap, after: Snap) -> str:
        """Every card in play is seen by the whole table; only the deck is hidden, so cards
        turned up from it (a new round's market) were hidden before."""
        return "new cards were turned up since" if len(after.deck) != len(before.deck) else ""

    def actions(self) -> list[Action]:
        """Every action applied and not undone since the start, or since the game was last
        moved on without a record (:meth:`advance`), in order."""
        return list(self._actions) if self._origin is not None else []

    def snapshots(self) -> list[Snap]:
        """Every snapshot from the start to now, one more than the actions taken (from the
        moment the game was last moved on without a record, if it was)."""
        if self._origin is None:
            return [self._snapshot]
        game = self.at(self._origin)
        out = [self._origin]
        for action in self._actions:
            game.advance(action)
            out.append(game.snapshot)
        return out

    def clone(self) -> Self:
        """An independent copy, with the actions to undo."""
        twin = self.at(self._snapshot)
        twin._origin = self._origin
        twin._actions = self.actions()
        twin._observer = self._observer
        return twin

    def peek(self, action: Action) -> Snap:
        """The snapshot after a legal ``action``, leaving this state as it is."""
        twin = object.__new__(type(self))
        twin.players = self.players
        twin.seed = self.seed
        # fmt: off
        (twin._deck, twin._round, twin._first, twin._turn, twin._step, twin._played,
         twin._pair, twin._mover) = (self._deck, self._round, self._first, self._turn,
                                     self._step, self._played, self._pair, self._mover)
        # fmt: on
        twin._market = self._market[:]
        twin._hands = self._hands[:]
        twin._lines = self._lines[:]
        twin._fit = self._fit[:]
        twin._piles = self._piles[:]
        twin._scored = self._scored[:]
        twin._tokens = self._tokens[:]
        twin._discard = self._discard[:]
        twin._log = self._log[:]
        twin.advance(action)
        return twin._snapshot

    def _next(self, snap: Snap, action: Action) -> Snap:
        game = self.at(snap)
        game.advance(action)
        return game._snapshot

    # -- transitions ---------------------------------------------------------------------------
    def advance(self, action: Action) -> None:
        """Apply an action known to be legal (from :meth:`legal_actions`) with no check and
        no undo record: for simulations' and bots' playouts. The earlier record goes with it:
        nothing before this can be undone, and :meth:`snapshots` starts after it."""
        self._snap = self._origin = None
        kind, card = action
        turn = self._turn
        if kind == "done":
            if turn + 1 < self.players and self._step != END:  # the next player's turn
                self._turn = turn + 1
                self._mover = (self._first + turn + 1) % self.players
                self._step = TAKE
            else:
                self._end_turn()
            return
        seat = self._mover
        if kind == "hand" or kind == "line":
            market = self._market
            market.remove(card)
            if self._pair:
                self._pair = len(set(market)) < len(market)
            self._step = TAKEN
            if kind == "hand":
                self._hands[seat] += (card,)
                return
            low, high, same, bet_ok = self._fit[seat] or self._fitting(seat)
            if not (bet_ok if card > BET_BASE else low < card < high and card != same):
                self._score(seat, "forced")
            self._add(seat, card)
        elif kind == "play":
            hand = self._hands[seat]
            i = hand.index(card)
            self._hands[seat] = hand[:i] + hand[i + 1 :]
            if self._step == END:
                self._add(seat, card)
                self._end_turn()
            else:
                self._step = PLAYED
                self._played |= 1 << seat
                self._add(seat, card)
        else:  # score, which ends the turn: the next player's or the end of the round
            self._score(seat, "chosen")
            if turn + 1 < self.players:
                self._turn = turn + 1
                self._mover = (self._first + turn + 1) % self.players
                self._step = TAKE
            else:
                self._end_turn()

    def play_out(self, picks: Sequence[Callable[[list[Action]], Action]]) -> None:
        """Play to the end with no undo record, each seat's choice ``picks[seat]`` made from
        the legal actions alone (random players: the simulations' hot loop)."""
        legal_actions, advance = self.legal_actions, self.advance
        while self._step != OVER:
            advance(picks[self._mover](legal_actions()))

    def _add(self, seat: int, card: int) -> None:
        """``card`` joins ``seat``'s line (the step already set); a third card of a colour
        takes that jackpot."""
        line = self._lines[seat]
        col = rules.jackpot_colour(line, card)
        self._lines[seat] = line + (card,)
        fit = self._fit[seat]
        if fit is not None:
            self._fit[seat] = rules.grown(fit, card)
        if col is not None:
            pile = self._piles[col]
            rnd = 0 if self._step == END else self._round
            self._log.append(_new_snap(Jackpot, (seat, rnd, col, card, len(pile))))
            self._piles[col] = ()
            self._scored[seat] += pile

    def _score(self, seat: int, how: str) -> None:
        """Score ``seat``'s line: settle the bet, discard three, the rest to the score pile."""
        result = rules.score_line(self._lines[seat])
        self._lines[seat] = ()
        self._fit[seat] = rules.OPEN_FITTING
        self._scored[seat] += result.points_cards
        self._discard += result.discarded
        if result.bet is not None:
            self._tokens[seat] += (result.token,)
            self._discard.append(BET_BASE + result.bet)
        rnd = 0 if how == "end" else self._round
        self._log.append(_new_snap(Scored, (seat, rnd, how, result)))

    def _end_turn(self) -> None:
        """The current player's turn is over: the next one's, the next round or the end."""
        turn = self._turn + 1
        if self._step == END:
            self._next_end_turn(turn)
            return
        players = self.players
        if turn < players:
            self._turn, self._step = turn, TAKE
            self._mover = (self._first + turn) % players
            return
        # The round is over: the market's leftovers go to the jackpots (Bet cards discarded).
        self._to_jackpots(self._market)
        self._first = (self._first + 1) % players
        m = rules.market_size(players)
        deck = self._deck
        if len(deck) >= m:
            market = self._market = list(deck[-m:])
            self._pair = len(set(market)) < len(market)
            self._deck = deck[:-m]
            self._round += 1
            self._turn, self._step, self._played = 0, TAKE, 0
            self._mover = self._first
            return
        # The end: the rest of the deck goes to the jackpots, then one last hand card each.
        self._to_jackpots(deck)
        self._deck = ()
        self._market = []
        self._pair = False
        self._turn, self._step = turn, END
        self._next_end_turn(0)

    def _to_jackpots(self, cards: Sequence[int]) -> None:
        """Number cards left over to their colour's jackpot pile, in order; Bet cards to the
        discard."""
        piles = self._piles
        for c in cards:
            if c > BET_BASE:
                self._discard.append(c)
            else:
                piles[(c - 1) % 4] += (c,)

    def _next_end_turn(self, turn: int) -> None:
        """The next player of the end phase who can play a hand card; else score every line."""
        players, first = self.players, self._first
        while turn < players:
            seat = (first + turn) % players
            if any(self._fits(seat, c) for c in self._hands[seat]):
                self._turn, self._step, self._mover = turn, END, seat
                return
            turn += 1
        for k in range(players):
            seat = (first + k) % players
            if self._lines[seat]:
                self._score(seat, "end")
        self._turn, self._step, self._mover = 0, OVER, first

    # -- what a seat sees ----------------------------------------------------------------------
    def at(self, snap: Snap) -> Self:
        """A new state of this game positioned at ``snap``, with no history to undo (for
        views and bots' working copies: cheaper than a clone, which copies the history)."""
        twin = object.__new__(type(self))
        twin.players = self.players
        twin.seed = self.seed
        twin._start(snap)
        twin._observer = None
        return twin

    @property
    def observer(self) -> int | None:
        """The seat whose observation this state is, or ``None`` for the full game."""
        return self._observer

    def observation(self, seat: int) -> Self:
        """The game as ``seat`` sees it: the deck hidden (as 0s), and a seed of its own (the
        game's would deal the deck again). The hands are shown: each of their cards was taken
        from the face-up market in sight of every player."""
        check_seat(seat, self.players)
        s = self._snapshot
        if self._observer != seat:  # (a view of this seat already hides all it should)
            s = _new_snap(Snap, (_HIDDEN[len(s.deck)], *s[1:]))
        view = self.at(s)
        view._observer = seat
        if self._observer != seat:
            view.seed = VIEW_SEED
        return view

    def unseen(self, seat: int) -> list[int]:
        """The cards ``seat`` cannot see: the deck's, in no useful order."""
        s = self._snapshot
        known: list[int] = list(s.market) + list(s.discard)
        for group in (s.hands, s.lines, s.piles, s.scored):
            for cards in group:
                known.extend(cards)
        pool = list(rules.DECK)
        for c in known:
            if c != HIDDEN:
                pool.remove(c)
        return pool

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A full state consistent with what ``seat`` sees, the deck shuffled at random."""
        check_seat(seat, self.players)
        s = self._snapshot
        pool = self.unseen(seat)
        rng.shuffle(pool)
        twin = self.at(s._replace(deck=tuple(pool)))
        twin.seed = VIEW_SEED
        return twin

    # -- helpers for screens and bots ------------------------------------------------------------
    @property
    def seat_to_move(self) -> int | None:
        return self.current_player()

    def card_count(self) -> int:
        """Cards in every zone (always :data:`rules.CARD_COUNT`)."""
        s = self._snapshot
        n = len(s.deck) + len(s.market) + len(s.discard)
        for group in (s.hands, s.lines, s.piles, s.scored):
            n += sum(len(x) for x in group)
        return n


def stage(snap: Snap) -> str:
    """Where an action from ``snap`` falls: ``round 3`` or ``the end`` (the end phase)."""
    return "the end" if snap.step in (END, OVER) else f"round {snap.round_no}"


def new_game(players: int | None = None, seed: int | str | None = None) -> LineitState:
    """A new game of Line-it for ``players`` (2 to 5; 2 if not given), dealt from ``seed``
    (a fresh one if not given): the entry point every game has (``GameInfo.new_game``)."""
    table = check_whole(2 if players is None else players, "players", 2, 5)
    return LineitState(table, seed=seed)
