"""The full Line-it game in the shared state API: market rounds, lines, hands and jackpots.

A turn is several decisions by the same player, each an action of the state: take a market
card (``line 57`` or ``hand 57``), then optionally ``play`` a hand card, then ``score`` (which
ends the turn) or ``done``. The end phase, once the deck cannot fill a market, gives each
player who can still play a hand card the choice ``play`` or ``done``; then every line is
scored. The deck is shuffled once from ``derive_rng(seed, "deck")``, so a seed and the list of
actions replay a game exactly. Observations hide the deck and the other hands as 0s.
"""

from __future__ import annotations

import random
from typing import NamedTuple, Self

from cardside.core.errors import IllegalActionError
from cardside.core.outcome import Outcome
from cardside.core.rng import derive_rng, fresh_seed
from cardside.core.state import GameState
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


def _name(card: object) -> str:
    return format_card(card) if isinstance(card, int) and 0 < card <= 105 else repr(card)


def _set(t: tuple, i: int, v: object) -> tuple:  # type: ignore[type-arg]
    return t[:i] + (v,) + t[i + 1 :]


#: ``_LINE_OR_HAND[c]``: both ways to take market card c, in the legal actions' order.
_LINE_OR_HAND = tuple((LINE[c], HAND[c]) for c in range(len(LINE)))


class LineitState(GameState[Snap, Action]):
    """A game of Line-it for 2 to 5 players, dealt from ``seed``."""

    #: The seat whose observation this is (its snapshot hides what that seat cannot see).
    _observer: int | None = None

    def __init__(self, players: int = 2, seed: int | str | None = None) -> None:
        if not rules.MIN_PLAYERS <= players <= rules.MAX_PLAYERS:
            raise ValueError("Line-it is for 2 to 5 players")
        self.players = players
        self.seed = fresh_seed() if seed is None else seed
        deck = list(rules.DECK)
        derive_rng(self.seed, "deck").shuffle(deck)
        first = derive_rng(self.seed, "first player").randrange(players)
        m = rules.market_size(players)
        empty: tuple[tuple[int, ...], ...] = ((),) * players
        snap = Snap(
            deck=tuple(deck[:-m]),
            market=tuple(deck[-m:]),
            hands=empty,
            lines=empty,
            piles=((),) * 4,
            scored=empty,
            tokens=empty,
            discard=(),
            round_no=1,
            first=first,
            turn=0,
            step=TAKE,
            played=0,
            log=(),
        )
        super().__init__(snap)

    @classmethod
    def from_snapshot(cls, players: int, snap: Snap, seed: int | str = 0) -> LineitState:
        """A state positioned at ``snap`` (for tests, puzzles and bots' samples)."""
        state = cls.__new__(cls)
        state.players = players
        state.seed = seed
        GameState.__init__(state, snap)
        return state

    # -- queries -------------------------------------------------------------------------------
    def current_player(self) -> int | None:
        s = self._snapshot
        if s.step == OVER:
            return None
        return (s.first + s.turn) % self.players

    def is_terminal(self) -> bool:
        return self._snapshot.step == OVER

    def score(self, seat: int) -> int:
        """Cards in the score pile plus bet tokens."""
        s = self._snapshot
        return len(s.scored[seat]) + sum(s.tokens[seat])

    def scores(self) -> tuple[int, ...]:
        return tuple(self.score(p) for p in range(self.players))

    def outcome(self) -> Outcome | None:
        if self._snapshot.step != OVER:
            return None
        scores = self.scores()
        won = rules.winners(scores)
        why = "highest score" if len(won) == 1 else "tied for the highest score"
        return Outcome(won, scores, f"{why} ({max(scores)}: score pile plus bet tokens)")

    def legal_actions(self) -> list[Action]:
        s = self._snapshot
        step = s.step
        if step == OVER:
            return []
        seat = (s.first + s.turn) % self.players
        line = s.lines[seat]
        # What fits the line is worked out once (rules.fits, for every card at once): a number
        # card fits when low < card < high and card != same, a Bet card when bet_ok.
        if step == TAKE:
            market = s.market
            if len(set(market)) < len(market):  # two Bet cards of a value: offered once
                market = tuple(dict.fromkeys(market))
            if len(s.hands[seat]) >= HAND_LIMIT:
                return [LINE[c] for c in market]
            low, high, same, bet_ok = rules.fitting(line)
            out: list[Action] = []
            for c in market:
                if bet_ok if c > BET_BASE else low < c < high and c != same:
                    out += _LINE_OR_HAND[c]
                else:
                    out.append(HAND[c])
            return out
        out = []
        if step == END or (step == TAKEN and not s.played >> seat & 1):
            hand = s.hands[seat]
            if hand:
                low, high, same, bet_ok = rules.fitting(line)
                for i, c in enumerate(hand):
                    if (bet_ok if c > BET_BASE else low < c < high and c != same) and (
                        i == 0 or c not in hand[:i]
                    ):
                        out.append(PLAY[c])
        if step != END and line:
            out.append(SCORE)
        out.append(DONE)
        return out

    def is_legal(self, action: Action) -> bool:
        return self.why_illegal(action) == ""

    def why_illegal(self, action: Action) -> str:
        """A one-line reason ``action`` is illegal now, or ``""`` when it is legal."""
        s = self._snapshot
        if s.step == OVER:
            return "the game is over"
        if not isinstance(action, Action):
            return f"{action!r} is not a Line-it action"
        seat = (s.first + s.turn) % self.players
        line = s.lines[seat]
        hand = s.hands[seat]
        kind, card = action.kind, action.card
        if kind in ("line", "hand"):
            if s.step == END:
                return "the deck is out: you may only play a card from your hand, or done"
            if s.step != TAKE:
                return "you have taken your card this turn"
            if card not in s.market:
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
            if s.step == TAKE:
                return "take a card from the market first"
            if s.step == PLAYED or (s.step == TAKEN and s.played >> seat & 1):
                return "you have played a card from your hand this round"
            if card not in hand:
                return f"{_name(card)} is not in your hand"
            return rules.why_not_fits(line, card) or ""
        if kind == "score":
            if s.step == TAKE:
                return "take a card from the market first (you score after taking)"
            if s.step == END:
                return "every line is scored at the end; play a card or done"
            if not line:
                return "your line is empty"
            return ""
        if kind == "done":
            if s.step == TAKE:
                return "take a card from the market first"
            return ""
        return f"{kind!r} is not a Line-it action"

    def apply(self, action: Action, checked: bool = False) -> None:
        """Play ``action``; raise :class:`IllegalActionError` with the reason if it is illegal.

        ``checked=True`` is the caller's word that ``action`` is one of this state's
        :meth:`legal_actions` now (the simulations' loop): the check is skipped, nothing else.
        """
        if not checked:
            reason = self.why_illegal(action)
            if reason:
                raise IllegalActionError(reason)
        self._history.append((self._snapshot, action))
        self._snapshot = self._next(self._snapshot, action)

    def advance(self, action: Action) -> None:
        """Apply an action known to be legal (from :meth:`legal_actions`) with no check and
        no undo record: for bots' playouts on their own copies."""
        self._snapshot = self._next(self._snapshot, action)

    def peek(self, action: Action) -> Snap:
        """The snapshot after a legal ``action``, leaving this state as it is."""
        return self._next(self._snapshot, action)

    # -- transitions ---------------------------------------------------------------------------
    # Each transition unpacks the snapshot and builds the next one as one tuple (the engine's
    # hot path: no field-by-field replacing).

    def _next(self, s: Snap, action: Action) -> Snap:
        # fmt: off
        (deck, market, hands, lines, piles, scored, tokens, discard,
         rnd, first, turn, step, played, log) = s
        # fmt: on
        kind, card = action
        if kind == "done":
            if turn + 1 < self.players and step != END:  # the next player's turn (most often)
                # fmt: off
                return _new_snap(Snap, (deck, market, hands, lines, piles, scored, tokens, discard,
                                        rnd, first, turn + 1, TAKE, played, log))
                # fmt: on
            return self._end_turn(s)
        seat = (first + turn) % self.players
        if kind == "hand" or kind == "line":
            i = market.index(card)
            market = market[:i] + market[i + 1 :]
            if kind == "hand":
                new = list(hands)
                new[seat] += (card,)
                hands = tuple(new)
                # fmt: off
                return _new_snap(Snap, (deck, market, hands, lines, piles, scored, tokens, discard,
                                        rnd, first, turn, TAKEN, played, log))
                # fmt: on
            if not rules.fits(lines[seat], card):
                s = self._score(s, seat, "forced")
            return self._add(s, seat, card, market, hands, TAKEN, played)
        if kind == "play":
            hand = hands[seat]
            i = hand.index(card)
            new = list(hands)
            new[seat] = hand[:i] + hand[i + 1 :]
            if step == END:
                return self._end_turn(self._add(s, seat, card, market, tuple(new), END, played))
            return self._add(s, seat, card, market, tuple(new), PLAYED, played | 1 << seat)
        # score, which ends the turn: the next player's (most often) or the end of the round
        if turn + 1 < self.players:
            return self._score(s, seat, "chosen", next_turn=True)
        return self._end_turn(self._score(s, seat, "chosen"))

    def _add(
        self,
        s: Snap,
        seat: int,
        card: int,
        market: tuple[int, ...],
        hands: tuple[tuple[int, ...], ...],
        step: int,
        played: int,
    ) -> Snap:
        """``card`` joins ``seat``'s line, with the new ``market``, ``hands``, ``step`` and
        ``played``; a third card of a colour takes that jackpot."""
        deck, _, _, lines, piles, scored, tokens, discard, rnd, first, turn, _, _, log = s
        line = lines[seat]
        col = rules.jackpot_colour(line, card)
        new = list(lines)
        new[seat] = line + (card,)
        lines = tuple(new)
        if col is not None:
            pile = piles[col]
            log += (_new_snap(Jackpot, (seat, 0 if step == END else rnd, col, card, len(pile))),)
            piles = _set(piles, col, ())
            scored = _set(scored, seat, scored[seat] + pile)
        # fmt: off
        return _new_snap(Snap, (deck, market, hands, lines, piles, scored, tokens, discard,
                                rnd, first, turn, step, played, log))
        # fmt: on

    def _score(self, s: Snap, seat: int, how: str, next_turn: bool = False) -> Snap:
        """Score ``seat``'s line: settle the bet, discard three, the rest to the score pile;
        with ``next_turn``, the next player of the round (not the last) takes a turn."""
        # fmt: off
        (deck, market, hands, lines, piles, scored, tokens, discard,
         rnd, first, turn, step, played, log) = s
        # fmt: on
        if next_turn:
            turn, step = turn + 1, TAKE
        result = rules.score_line(lines[seat])
        lines = _set(lines, seat, ())
        scored = _set(scored, seat, scored[seat] + result.points_cards)
        discard += result.discarded
        if result.bet is not None:
            tokens = _set(tokens, seat, tokens[seat] + (result.token,))
            discard += (BET_BASE + result.bet,)
        log += (_new_snap(Scored, (seat, 0 if how == "end" else rnd, how, result)),)
        # fmt: off
        return _new_snap(Snap, (deck, market, hands, lines, piles, scored, tokens, discard,
                                rnd, first, turn, step, played, log))
        # fmt: on

    def _end_turn(self, s: Snap) -> Snap:
        # fmt: off
        (deck, market, hands, lines, piles, scored, tokens, discard,
         rnd, first, turn, step, played, log) = s
        # fmt: on
        turn += 1
        if step == END:
            return self._next_end_turn(s, turn)
        players = self.players
        if turn < players:  # the next player's turn (the most frequent change)
            # fmt: off
            return _new_snap(Snap, (deck, market, hands, lines, piles, scored, tokens, discard,
                                    rnd, first, turn, TAKE, played, log))
            # fmt: on
        # The round is over: the market's leftovers go to the jackpots (Bet cards discarded).
        new = list(piles)
        for c in market:
            if c > BET_BASE:
                discard += (c,)
            else:
                new[(c - 1) % 4] += (c,)
        first = (first + 1) % players
        m = rules.market_size(players)
        if len(deck) >= m:
            piles = tuple(new)
            market, deck = deck[-m:], deck[:-m]
            # fmt: off
            return _new_snap(Snap, (deck, market, hands, lines, piles, scored, tokens, discard,
                                    rnd + 1, first, 0, TAKE, 0, log))
            # fmt: on
        # The end: the rest of the deck goes to the jackpots, then one last hand card each.
        for c in deck:
            if c > BET_BASE:
                discard += (c,)
            else:
                new[(c - 1) % 4] += (c,)
        piles = tuple(new)
        # fmt: off
        s = _new_snap(Snap, ((), (), hands, lines, piles, scored, tokens, discard,
                             rnd, first, turn, END, played, log))
        # fmt: on
        return self._next_end_turn(s, 0)

    def _next_end_turn(self, s: Snap, turn: int) -> Snap:
        """The next player of the end phase who can play a hand card; else score every line."""
        while turn < self.players:
            seat = (s.first + turn) % self.players
            line = s.lines[seat]
            if any(rules.fits(line, c) for c in s.hands[seat]):
                return s._replace(turn=turn, step=END)
            turn += 1
        for k in range(self.players):
            seat = (s.first + k) % self.players
            if s.lines[seat]:
                s = self._score(s, seat, "end")
        return s._replace(turn=0, step=OVER)

    # -- what a seat sees ----------------------------------------------------------------------
    def at(self, snap: Snap) -> Self:
        """A new state of this game positioned at ``snap``, with no history to undo (for
        views and bots' working copies: cheaper than a clone, which copies the history)."""
        twin = object.__new__(type(self))
        twin.players = self.players
        twin.seed = self.seed
        twin._snapshot = snap
        twin._history = []
        twin._observer = None
        return twin

    @property
    def observer(self) -> int | None:
        """The seat whose observation this state is, or ``None`` for the full game."""
        return self._observer

    def observation(self, seat: int) -> Self:
        """The game as ``seat`` sees it: the deck and the other hands hidden (as 0s)."""
        s = self._snapshot
        if self._observer != seat:  # (a view of this seat already hides all it should)
            hands = [_HIDDEN[len(h)] for h in s.hands]
            hands[seat] = s.hands[seat]
            s = _new_snap(Snap, (_HIDDEN[len(s.deck)], s.market, tuple(hands), *s[3:]))
        view = self.at(s)
        view._observer = seat
        return view

    def unseen(self, seat: int) -> list[int]:
        """The cards ``seat`` cannot see: the deck and the other hands, in no useful order."""
        s = self._snapshot
        known: list[int] = list(s.market) + list(s.discard) + list(s.hands[seat])
        for group in (s.lines, s.piles, s.scored):
            for cards in group:
                known.extend(cards)
        pool = list(rules.DECK)
        for c in known:
            if c != HIDDEN:
                pool.remove(c)
        return pool

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A full state consistent with what ``seat`` sees, the hidden cards dealt at random."""
        s = self._snapshot
        pool = self.unseen(seat)
        rng.shuffle(pool)
        it = iter(pool)
        hands = tuple(h if p == seat else tuple(next(it) for _ in h) for p, h in enumerate(s.hands))
        deck = tuple(next(it) for _ in s.deck)
        return self.at(s._replace(deck=deck, hands=hands))

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
