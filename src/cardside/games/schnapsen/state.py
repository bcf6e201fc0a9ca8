"""A whole Schnapsen match (deal after deal, 7 down to 0) in the shared state API.

:class:`SchnapsenState` is what the play loop, the bots and the session store use. Its snapshot
is a :class:`Match`: the match counts and history plus the current :class:`~deal.Deal`. When a
deal ends, the next one is dealt at once from ``derive_rng(seed, "deal", n)``, so a seed and the
list of actions replay a match exactly. :class:`Observation` is what one seat may see.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import NamedTuple

from cardside.core.cards import Card, Suit, well_made
from cardside.core.errors import IllegalActionError
from cardside.core.outcome import Outcome
from cardside.core.rng import derive_rng, fresh_seed
from cardside.core.state import GameState, check_seat, check_whole
from cardside.games.schnapsen import rules
from cardside.games.schnapsen.deal import (
    NO_CARD,
    NOBODY,
    Deal,
    is_legal_code,
    legal_codes,
    new_deal,
    step,
)
from cardside.games.schnapsen.notation import format_action, format_card
from cardside.games.schnapsen.rules import (
    ACTION_CODES,
    ACTIONS,
    CARDS,
    EXCHANGE_CODE,
    MARRIAGE_BASE,
    SUITS,
    Action,
    DealResult,
    Marriage,
    action_code,
    apply_deal_result,
    cards_of,
    indices_of,
    match_winner,
)


class DealRecord(NamedTuple):
    """One finished deal in the match history (for the score table)."""

    deal_no: int
    dealer: int
    result: DealResult
    counts_after: tuple[int, int]


class TrickView(NamedTuple):
    """A finished trick with cards: who led, the led card, the reply, who took it."""

    leader: int
    lead: Card
    reply: Card
    winner: int


class Match(NamedTuple):
    """The snapshot: match counts and history plus the deal in progress."""

    seed: int | str
    first_dealer: int
    deal_no: int
    counts: tuple[int, int]
    history: tuple[DealRecord, ...]
    deal: Deal
    #: The deal that ended most recently (its last trick stays on show), or None.
    previous: Deal | None


# -- views on a deal shared by the state and the observation -----------------------------------


class _DealView:
    """Card-level accessors over a :class:`Deal` (``self.deal``)."""

    deal: Deal

    @property
    def trump(self) -> Suit:
        return SUITS[self.deal.trump]

    @property
    def indicator(self) -> Card | None:
        """The face-up trump card under the stock, ``None`` once taken."""
        i = self.deal.indicator
        return None if i == NO_CARD else CARDS[i]

    @property
    def stock_size(self) -> int:
        return len(self.deal.stock)

    @property
    def closer(self) -> int | None:
        return None if self.deal.closer == NOBODY else self.deal.closer

    @property
    def closed(self) -> bool:
        return self.deal.closer != NOBODY

    @property
    def phase(self) -> int:
        """1 while cards are drawn, 2 once the stock is closed or exhausted."""
        return 2 if self.deal.strict else 1

    @property
    def lead_card(self) -> Card | None:
        """The card led in the open trick, if any."""
        return None if self.deal.lead == NO_CARD else CARDS[self.deal.lead]

    @property
    def leader(self) -> int:
        return self.deal.leader

    @property
    def dealer(self) -> int:
        return self.deal.dealer

    def points(self, seat: int) -> int:
        """Counted card points (tricks plus marriages declared once a trick was won)."""
        return self.deal.points[seat]

    def pending(self, seat: int) -> int:
        """Marriage points declared before the seat's first trick (count only after one)."""
        return self.deal.pending[seat]

    def marriage_points(self, seat: int) -> int:
        """The part of :meth:`points` that marriages gave (the rest is in the seat's tricks)."""
        return self.deal.counted_marriages(seat)

    def won_cards(self, seat: int) -> tuple[Card, ...]:
        return cards_of(self.deal.won[seat])

    def tricks_won(self, seat: int) -> int:
        return sum(1 for t in self.deal.tricks if t.winner == seat)

    @property
    def tricks(self) -> tuple[TrickView, ...]:
        return tuple(
            TrickView(t.leader, CARDS[t.lead], CARDS[t.reply], t.winner) for t in self.deal.tricks
        )

    @property
    def last_trick(self) -> TrickView | None:
        return self.tricks[-1] if self.deal.tricks else None

    @property
    def marriages(self) -> tuple[tuple[int, Suit], ...]:
        """(seat, suit) of each marriage declared this deal."""
        return tuple((seat, SUITS[s]) for seat, s in self.deal.marriages)

    @property
    def closing_record(self) -> tuple[int, bool] | None:
        """The closer's opponent's (card points, took a trick) when the stock was closed."""
        return self.deal.record

    @property
    def exchanged_by(self) -> int | None:
        return None if self.deal.exchanged_by == NOBODY else self.deal.exchanged_by

    @property
    def deal_result(self) -> DealResult | None:
        r = self.deal.result
        return None if r is None else DealResult(*r)

    #: The seats at the table, as every game names them.
    players = 2

    def legal_actions(self) -> list[Action]:
        """The legal actions of the seat to move in this deal, in a stable order."""
        return [ACTIONS[c] for c in legal_codes(self.deal)]

    def why_illegal(self, action: Action) -> str:
        """A one-line reason ``action`` is illegal now, or ``""`` when it is legal."""
        return illegal_reason(self.deal, action)


def illegal_reason(d: Deal, action: Action) -> str:
    """A one-line reason why ``action`` is not legal in ``d``, or ``""`` when it is legal."""
    try:
        code = action_code(action)
    except (TypeError, KeyError):
        return f"{action!r} is not a Schnapsen action"
    if d.result is not None:
        return "the deal is over"
    if is_legal_code(d, code):
        return ""
    hand = d.hands[d.to_move]
    text = format_action(action, ascii=True)
    leading = d.lead == NO_CARD
    if code >= EXCHANGE_CODE:
        if not leading:
            return f"only the player about to lead may {text}"
        if d.closer != NOBODY:
            return "the stock is closed"
        if not d.stock:
            return "the stock is used up"
        if code == EXCHANGE_CODE:
            jack = format_card(CARDS[d.trump * 5], ascii=True)
            if d.indicator == d.trump * 5:
                return f"the indicator is the trump Jack ({jack}) itself: nothing to exchange"
            return f"you need the trump Jack ({jack}) to exchange"
        return "closing needs 5 cards in hand"
    card = code % MARRIAGE_BASE
    if code >= MARRIAGE_BASE and not leading:
        return "a marriage is declared only when leading"
    if code >= MARRIAGE_BASE:
        if not rules.is_marriage_card(card):
            return "a marriage leads its King or Queen"
        pair = (card // 5 * 5 + 2, card // 5 * 5 + 1)
        missing = " ".join(format_card(CARDS[i], ascii=True) for i in pair if not hand >> i & 1)
        return (
            f"you need both King and Queen of {SUITS[card // 5].name.lower()} to declare it; "
            f"you do not hold {missing}"
        )
    if not hand >> card & 1:
        return f"you do not hold {format_card(CARDS[card], ascii=True)}"
    if not is_legal_code(d, code):
        allowed = rules.legal_reply_mask(hand, d.lead, d.trump, True)
        options = " ".join(format_card(c, ascii=True) for c in cards_of(allowed))
        lead_suit = d.lead // 5
        if hand & rules.SUIT_MASK[lead_suit]:
            if allowed & rules.HIGHER_MASK[d.lead]:
                why = "follow suit and win the trick"
            else:
                why = "follow suit"
        else:
            why = "play a trump"
        return f"phase 2 (stock closed or used up): you must {why} ({options})"
    return ""


# -- the observation ---------------------------------------------------------------------------


class PastMove(NamedTuple):
    """A move of the deal in progress as one seat saw it: the deal before it (hidden cards
    hidden), who moved and the move's code."""

    view: Deal
    actor: int
    code: int


@dataclass(frozen=True)
class Observation(_DealView):
    """What ``seat`` may see: the deal with the opponent's unseen cards and the stock hidden.

    ``deal`` is a :class:`Deal` whose opponent hand holds only the cards this seat has seen go
    there (an exchanged indicator, a marriage partner, the indicator taken at the last draw) and
    whose stock shows only the face-up indicator (other stock cards are ``NO_CARD``).
    """

    seat: int
    deal: Deal
    opponent_hand_size: int
    counts: tuple[int, int]
    deal_no: int
    history: tuple[DealRecord, ...]
    #: The moves of this deal so far as this seat saw them: before each move, the deal as
    #: this seat saw it, with who moved and the move's code.
    past: tuple[PastMove, ...] = ()

    @property
    def to_move(self) -> int | None:
        return None if self.deal.result is not None else self.deal.to_move

    @property
    def hand(self) -> tuple[Card, ...]:
        return cards_of(self.deal.hands[self.seat])

    @property
    def known_opponent_cards(self) -> tuple[Card, ...]:
        return cards_of(self.deal.hands[1 - self.seat])

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards this seat has not seen (the rest of the opponent's hand and the hidden
        stock), as the other games' views list theirs."""
        return cards_of(self.unseen_mask())

    def unseen_mask(self) -> int:
        """Cards this seat has not seen: the rest of the opponent's hand and the hidden stock."""
        d = self.deal
        seen = d.hands[0] | d.hands[1] | d.won[0] | d.won[1]
        if d.lead != NO_CARD:
            seen |= 1 << d.lead
        if d.stock:
            seen |= 1 << d.stock[-1]
        return rules.ALL_CARDS_MASK & ~seen

    def legal_actions(self) -> list[Action]:
        return [] if self.to_move != self.seat else super().legal_actions()

    def why_illegal(self, action: Action) -> str:
        """The one-line reason the game would give that ``action`` is illegal now (or that
        it is the other player's turn), or ``""`` when it is legal."""
        if self.to_move is not None and self.to_move != self.seat:
            return "it is the other player's turn"
        if self.deal.result is not None and match_winner(self.counts) is not None:
            return "the match is over"  # as the game says: its last deal ended the match
        return super().why_illegal(action)

    def is_legal(self, action: Action) -> bool:
        """Whether this seat may take ``action`` now."""
        return not self.why_illegal(action)

    def current_player(self) -> int | None:
        """The seat to move, as the state's ``current_player`` says (``to_move``)."""
        return self.to_move


def observe(d: Deal, seat: int) -> tuple[Deal, int]:
    """``(hidden-card view of d for seat, opponent hand size)``."""
    opp = 1 - seat
    hands = list(d.hands)
    hands[opp] = d.known[opp]
    stock = (NO_CARD,) * (len(d.stock) - 1) + d.stock[-1:] if d.stock else ()
    return d._replace(hands=(hands[0], hands[1]), stock=stock), d.hands[opp].bit_count()


def excluded_from_opponent(d: Deal, seat: int) -> int:
    """Cards play has proved are not in ``seat``'s opponent's hand.

    Only the closed stock hides cards in phase 2 (an exhausted stock leaves none hidden), and
    nobody draws after closing, so every strict answer the opponent gave still tells about the
    hand they hold now: not following suit proves a void in the led suit, not trumping either
    proves a void in trumps, and following without heading the trick proves no higher card of
    that suit.
    """
    if d.closer == NOBODY:
        return 0
    # Closing needs a full hand, so the seat's own hand tells how many tricks followed it.
    played = rules.HAND_SIZE - d.hands[seat].bit_count()
    if d.lead != NO_CARD and d.to_move != seat:
        played -= 1
    out = 0
    for t in d.tricks[len(d.tricks) - played :] if played > 0 else ():
        if t.leader != seat:
            continue
        lead_suit, reply_suit = t.lead // 5, t.reply // 5
        if reply_suit != lead_suit:
            out |= rules.SUIT_MASK[lead_suit]
            if reply_suit != d.trump:
                out |= rules.SUIT_MASK[d.trump]
        elif t.reply < t.lead:
            out |= rules.HIGHER_MASK[t.lead]
    return out


def determinize_deal(obs: Observation, rng: random.Random, *, infer: bool = True) -> Deal:
    """A full deal consistent with ``obs``: unseen cards dealt at random to hand and stock.

    The opponent's hand is drawn uniformly from the hands consistent with everything seen
    (see :func:`excluded_from_opponent`; with ``infer`` false, from every hand of the right
    size); the rest of the unseen cards make up the stock.
    """
    d = obs.deal
    opp = 1 - obs.seat
    unseen_mask = obs.unseen_mask()
    excluded = excluded_from_opponent(d, obs.seat) & unseen_mask if infer else 0
    need = obs.opponent_hand_size - d.hands[opp].bit_count()
    allowed = indices_of(unseen_mask & ~excluded)
    if len(allowed) < need:  # only a hand-made position can be inconsistent; ignore the proof
        allowed, excluded = indices_of(unseen_mask), 0
    rng.shuffle(allowed)
    rest = allowed[need:] + indices_of(excluded)
    rng.shuffle(rest)
    hand = d.hands[opp]
    for i in allowed[:need]:
        hand |= 1 << i
    hands = list(d.hands)
    hands[opp] = hand
    stock = tuple(rest) + d.stock[-1:] if d.stock else ()
    return d._replace(hands=(hands[0], hands[1]), stock=stock)


# -- the state ---------------------------------------------------------------------------------


class SchnapsenState(_DealView, GameState[Match, Action]):
    """A two-player Schnapsen match from 7 to 0, dealt from ``seed``.

    Seat ``first_dealer`` deals first (so the other seat leads the first trick); the dealer
    alternates. ``counts`` lets a match start from other counts (useful for tests and puzzles).
    """

    #: In a :meth:`determinize` twin: (seat, deal number, the moves of that deal as the seat
    #: saw them before the twin was made).
    _seen: tuple[int, int, tuple[PastMove, ...]] | None = None
    #: Per seat, its view of the current deal's moves at its last observation: (index of the
    #: deal's first move in the history, length of the history then, its last entry, the
    #: moves as seen). Replaced, never changed in place, so clones may share it.
    _past: dict[int, tuple[int, int, tuple[Match, Action], tuple[PastMove, ...]]] = {}

    def __init__(
        self,
        seed: int | str | None = None,
        first_dealer: int = 1,
        counts: tuple[int, int] = (rules.MATCH_START, rules.MATCH_START),
    ) -> None:
        seed = fresh_seed(wide=True) if seed is None else seed
        deal = new_deal(derive_rng(seed, "deal", 1), first_dealer)
        super().__init__(Match(seed, first_dealer, 1, counts, (), deal, None))

    @classmethod
    def from_deal(
        cls,
        deal: Deal,
        seed: int | str = 0,
        counts: tuple[int, int] = (rules.MATCH_START, rules.MATCH_START),
    ) -> SchnapsenState:
        """A state positioned at a given deal (for puzzles, tests and bots' samples)."""
        state = cls.__new__(cls)
        GameState.__init__(state, Match(seed, deal.dealer, 1, counts, (), deal, None))
        return state

    # -- snapshot accessors ------------------------------------------------------------------
    @property
    def deal(self) -> Deal:  # type: ignore[override]
        return self._snapshot.deal

    @property
    def seed(self) -> int | str:
        return self._snapshot.seed

    @property
    def counts(self) -> tuple[int, int]:
        """Match counts (each starts at 7; the first to reach 0 wins)."""
        return self._snapshot.counts

    @property
    def deal_no(self) -> int:
        return self._snapshot.deal_no

    @property
    def history(self) -> tuple[DealRecord, ...]:
        """Every finished deal: number, dealer, result (winner, points, rule), counts after."""
        return self._snapshot.history

    @property
    def previous_deal(self) -> Deal | None:
        """The deal that ended last (to show its final trick), or ``None``."""
        return self._snapshot.previous

    def hand(self, seat: int) -> tuple[Card, ...]:
        return cards_of(self.deal.hands[seat])

    # -- the state API -----------------------------------------------------------------------
    def current_player(self) -> int | None:
        return None if self.is_terminal() else self.deal.to_move

    def is_terminal(self) -> bool:
        # A finished deal stays in the snapshot only when it finished the match.
        return self._snapshot.deal.result is not None

    def outcome(self) -> Outcome | None:
        counts = self._snapshot.counts
        w = match_winner(counts)
        if w is None:
            return None
        scores = (rules.MATCH_START - counts[0], rules.MATCH_START - counts[1])
        return Outcome((w,), scores, f"seat {w} reached 0 first ({counts[0]}:{counts[1]})")

    def is_legal(self, action: Action) -> bool:
        code = _code(action)
        return code is not None and is_legal_code(self._snapshot.deal, code)

    def apply(self, action: Action) -> None:
        """Play ``action``; raise :class:`IllegalActionError` with the reason if it is illegal."""
        code = _code(action)
        snapshot = self._snapshot
        if code is None or not is_legal_code(snapshot.deal, code):
            raise IllegalActionError(self.why_illegal(action))
        self._history.append((snapshot, action))
        self._snapshot = self._next(snapshot, action)

    def why_illegal(self, action: Action) -> str:
        if self.is_terminal():
            return "the match is over"
        if _code(action) is None:
            return f"{action!r} is not a Schnapsen action"
        return illegal_reason(self.deal, action)

    def shown(self, seat: int, before: Match, after: Match) -> str:
        """The other player's every move shows something of its hand (a card, a marriage, the
        Jack exchanged, a close); a card drawn from the stock, or a new deal, shows ``seat``
        a card it had not seen."""
        if after.deal_no != before.deal_no:
            return "the next deal was dealt since"
        if before.deal.to_move != seat:
            return "the other player has moved since"
        indicator = before.deal.indicator
        face_up = 0 if indicator == NO_CARD else 1 << indicator
        if after.deal.hands[seat] & ~before.deal.hands[seat] & ~face_up:
            return "you drew from the stock since"
        return ""

    def shown_since(self, seat: int, count: int) -> str:
        """As :meth:`GameState.shown_since`, but an undo back past a deal's end says that the
        next deal was dealt, whatever was shown in it after."""
        if count > 0:
            snapshots = self.snapshots()[-count - 1 :]
            if snapshots[0].deal_no != snapshots[-1].deal_no:
                return "the next deal was dealt since"
        return super().shown_since(seat, count)

    def _next(self, snapshot: Match, action: Action) -> Match:
        deal = step(snapshot.deal, action_code(action))
        if deal.result is None:
            s = snapshot
            return Match(s.seed, s.first_dealer, s.deal_no, s.counts, s.history, deal, s.previous)
        result = DealResult(*deal.result)
        counts = apply_deal_result(snapshot.counts, result.winner, result.points)
        record = DealRecord(snapshot.deal_no, deal.dealer, result, counts)
        history = snapshot.history + (record,)
        if match_winner(counts) is not None:
            return snapshot._replace(deal=deal, counts=counts, history=history)
        n = snapshot.deal_no + 1
        nxt = new_deal(derive_rng(snapshot.seed, "deal", n), 1 - deal.dealer)
        return Match(snapshot.seed, snapshot.first_dealer, n, counts, history, nxt, deal)

    def observation(self, seat: int) -> Observation:
        check_seat(seat, 2)
        view, opp_size = observe(self.deal, seat)
        s = self._snapshot
        history = self._history
        start = len(history)  # the first move of this deal in the history
        while start:
            m = history[start - 1][0]
            if m.deal_no != s.deal_no or m.deal.result is not None:
                break
            start -= 1
        # The seat's view of the deal's earlier moves is kept from its last observation, so a
        # decision observes only the moves since (not the whole deal again). The entry counts
        # only while this history still holds the very entry (snapshot and move) it ended on.
        known: tuple[PastMove, ...] = ()
        cached = self._past.get(seat)
        if cached is not None:
            c_start, c_end, c_last, c_past = cached
            if c_start == start and c_end <= len(history) and history[c_end - 1] is c_last:
                known, start = c_past, c_end
        past = known + tuple(
            PastMove(observe(m.deal, seat)[0], m.deal.to_move, action_code(a))
            for m, a in history[start:]
        )
        if past:
            first = len(history) - len(past)
            self._past = {**self._past, seat: (first, len(history), history[-1], past)}
        seen = self._seen
        if seen is not None and seen[0] == seat and seen[1] == s.deal_no:
            past = seen[2] + past
        return Observation(seat, view, opp_size, s.counts, s.deal_no, s.history, past)

    def determinize(self, seat: int, rng: random.Random) -> SchnapsenState:
        """A state consistent with what ``seat`` sees, hidden cards re-dealt at random."""
        obs = self.observation(seat)
        deal = determinize_deal(obs, rng)
        twin = self.clone()
        twin._history = []
        # The deals still to come are as unknown as the hidden cards: a seed of their own.
        twin._snapshot = self._snapshot._replace(deal=deal, seed=rng.randrange(2**62))
        # The moves so far are remembered as ``seat`` saw them (the true deals behind them
        # would tell the hidden cards).
        twin._seen = (seat, obs.deal_no, obs.past)
        return twin


def _code(action: object) -> int | None:
    """``action``'s code, or ``None`` for anything that is not a Schnapsen action (a list or a
    dict cannot even be looked up)."""
    try:
        code: int | None = ACTION_CODES.get(action)  # type: ignore[call-overload]
    except TypeError:
        return None
    card = action.card if isinstance(action, Marriage) else action
    if code is not None and isinstance(card, Card) and not well_made(card):
        return None  # equal to a card of the deck (8.0 == 8), but not one
    return code


def new_game(players: int | None = None, seed: int | str | None = None) -> SchnapsenState:
    """A new match of Schnapsen (2 players), dealt from ``seed`` (a fresh one if not given):
    the entry point every game has (``GameInfo.new_game``)."""
    if players is not None:
        check_whole(players, "players (Schnapsen is for two)", 2, 2)
    return SchnapsenState(seed=seed)
