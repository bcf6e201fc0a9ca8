"""The strong Line-it bot's search: fast playouts of sampled deals.

The strong bot compares its best turn plans on many deals of the cards it cannot see. Each
deal is played on from the end of the plan by :class:`Playout`, a compact copy of the game
that keeps only what decides the rest of it (each line's ends, length, bet and colour counts,
the hands, the size of each jackpot pile, the scores), so thousands of turns a second fit in
a move's time. Every seat plays the playout with the same quick policy: take the market card
and place it (line or hand), play a card from hand, and score the line, each step chosen by
the estimate (:func:`line_worth`, :func:`hand_worth`). The result is rated by the same
estimate: the seat's score plus what its line and hand are worth, less the best other seat's.
"""

from __future__ import annotations

import random

from cardside.games.lineit.bots import _Planner, explain, plans
from cardside.games.lineit.notation import Action
from cardside.games.lineit.rules import BET_BASE, HAND_LIMIT, market_size
from cardside.games.lineit.state import END, OVER, LineitState, Snap

#: A line's summary: first, second and last number (0 for none), number cards, bet value
#: (0 for none), number cards when the bet was laid, and the count of each colour.
Line = tuple[int, int, int, int, int, int, int, int, int, int]
EMPTY: Line = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

GAP = 9.0  # a typical step between consecutive number cards of a well-kept line
PER_TURN = 0.8  # number cards a line gains per turn, on average
JACKPOT_SOON = 3.0  # turns' growth at which a line with two cards of a colour is sure to take it
ONE_OF_COLOUR = 0.15  # share of a pile a line with one card of its colour counts on
FULL_HAND = 0.3  # what a full hand costs (it may force a scoring)
FRESH_MOST = 99 / GAP  # the most a new line can grow


def summarize(cards: tuple[int, ...]) -> Line:
    """The summary of a line of cards, in the order added."""
    line = EMPTY
    for c in cards:
        line = add(line, c)
    return line


def add(line: Line, card: int) -> Line:
    """``line`` with ``card`` added (the caller knows it fits)."""
    first, second, last, n, bet, betn, c0, c1, c2, c3 = line
    if card > BET_BASE:
        return (first, second, last, n, card - BET_BASE, n, c0, c1, c2, c3)
    col = (card - 1) % 4
    if col == 0:
        c0 += 1
    elif col == 1:
        c1 += 1
    elif col == 2:
        c2 += 1
    else:
        c3 += 1
    if not first:
        first = card
    elif not second:
        second = card
    return (first, second, card, n + 1, bet, betn, c0, c1, c2, c3)


def fits(line: Line, card: int) -> bool:
    if card > BET_BASE:
        return not line[4]
    second = line[1]
    if not second:
        return True  # numbers are unique: any other card may follow a lone first one
    return card > line[2] if second > line[0] else card < line[2]


def room(line: Line) -> int:
    """Free numbers in the line's direction (99 while the line has fewer than two numbers)."""
    first, second, last = line[0], line[1], line[2]
    if not second:
        return 99 if not first else max(100 - first, first - 1)
    return 100 - last if second > first else last - 1


def takes_jackpot(line: Line, card: int) -> int:
    """The colour whose jackpot adding ``card`` takes, or -1."""
    if card > BET_BASE:
        return -1
    col = (card - 1) % 4
    return col if line[6 + col] == 2 else -1


def line_score(line: Line) -> int:
    """What scoring the line gives now: points past the third number, and the bet."""
    n, bet = line[3], line[4]
    points = n - 3 if n > 3 else 0
    if bet:
        points += bet if n - line[5] >= bet else -bet
    return points


def line_worth(line: Line, turns: float, piles: list[int]) -> float:
    """What a line is expected to be worth when scored, plus the new line after it, with
    ``turns`` turns to come: its growth, its bet, and the jackpots it is close to."""
    first, second, last, n, bet = line[0], line[1], line[2], line[3], line[4]
    if not second:
        free = 99 if not first else (100 - first if first <= 50 else first - 1)
    else:
        free = 100 - last if second > first else last - 1
    grow = free / GAP
    most = turns * PER_TURN
    if grow > most:
        grow = most
    final = n + grow
    value = final - 3 if final > 3 else 0.0
    if bet:
        after = n - line[5]
        short = bet - (after + grow)
        if after >= bet or short <= -1:
            value += bet
        elif short < 1:
            value -= bet * short
        else:
            value -= bet
    if grow > 0.5 and n:
        share = grow / JACKPOT_SOON if grow < JACKPOT_SOON else 1.0
        for col in (0, 1, 2, 3):
            pile = piles[col]
            if pile:
                count = line[6 + col]
                if count == 2:
                    value += pile * share
                elif count == 1:
                    value += pile * share * ONE_OF_COLOUR
    spare = turns - grow / PER_TURN
    if spare > 0:
        fresh = spare * PER_TURN
        if fresh > FRESH_MOST:
            fresh = FRESH_MOST
        if fresh > 3:
            value += fresh - 3
    return value


def card_worth(card: int, line: Line, piles: list[int]) -> float:
    """A card in hand: one that takes a jackpot, one that will fit the line soon, a Bet card."""
    if card > BET_BASE:
        return 0.5 if not line[4] else 0.2
    first, second, last = line[0], line[1], line[2]
    if second and (card < last if second > first else card > last):
        return 0.05  # it no longer fits
    col = (card - 1) % 4
    if line[6 + col] == 2 and piles[col]:
        return 0.5 * piles[col]
    if not last or abs(card - last) <= GAP:
        return 0.8
    return 0.3


def hand_worth(hand: list[int], line: Line, piles: list[int]) -> float:
    """What the cards in hand are worth (:func:`card_worth`), less a full hand's risk."""
    value = 0.0
    for c in hand:
        value += card_worth(c, line, piles)
    if len(hand) >= HAND_LIMIT:
        value -= FULL_HAND
    return value


class Playout:
    """A sampled deal played on to a horizon by every seat's quick policy (see the module)."""

    __slots__ = ("players", "m", "deck", "market", "hands", "lines", "piles", "score", "first")

    def __init__(self, snap: Snap, players: int) -> None:
        self.players = players
        self.m = market_size(players)
        self.deck = list(snap.deck)
        self.market = list(snap.market)
        self.hands = [list(h) for h in snap.hands]
        self.lines = [summarize(line) for line in snap.lines]
        self.piles = [len(p) for p in snap.piles]
        self.score = [len(snap.scored[p]) + sum(snap.tokens[p]) for p in range(players)]
        self.first = snap.first

    def turns(self) -> float:
        """Rounds still to be dealt after this one (the estimate's ``turns``)."""
        return float(len(self.deck) // self.m)

    def worth(self, seat: int, turns: float) -> float:
        line = self.lines[seat]
        return (
            self.score[seat]
            + line_worth(line, turns, self.piles)
            + hand_worth(self.hands[seat], line, self.piles)
        )

    def margin(self, seat: int, final: bool = False) -> float:
        """``seat``'s estimate less the best other seat's (the final scores once over)."""
        if final:
            values = [float(s) for s in self.score]
        else:
            turns = self.turns()
            values = [self.worth(p, turns) for p in range(self.players)]
        mine = values[seat]
        return mine - max(v for p, v in enumerate(values) if p != seat)

    # -- the rules, on the summary --------------------------------------------------------------
    def _place(self, seat: int, card: int) -> None:
        line = self.lines[seat]
        if not fits(line, card):
            self.score[seat] += line_score(line)
            line = EMPTY
        col = takes_jackpot(line, card)
        if col >= 0:
            self.score[seat] += self.piles[col]
            self.piles[col] = 0
        self.lines[seat] = add(line, card)

    def _score_line(self, seat: int) -> None:
        self.score[seat] += line_score(self.lines[seat])
        self.lines[seat] = EMPTY

    # -- the quick policy -----------------------------------------------------------------------
    def _value(self, line: Line, hand: list[int], gained: int, turns: float) -> float:
        return gained + line_worth(line, turns, self.piles) + hand_worth(hand, line, self.piles)

    def turn(self, seat: int, turns: float) -> None:
        """``seat`` takes a market card, perhaps plays from hand, perhaps scores."""
        line = self.lines[seat]
        hand = self.hands[seat]
        piles = self.piles
        full = len(hand) >= HAND_LIMIT
        kept = line_worth(line, turns, piles)  # the line as it is
        held = kept  # ... with the hand and one more card in it (to which card_worth is added)
        if not full:
            held += sum(card_worth(c, line, piles) for c in hand)
            if len(hand) + 1 >= HAND_LIMIT:
                held -= FULL_HAND
        best = -1e9
        best_card = 0
        best_to_line = True
        for card in self.market:
            if fits(line, card):
                value = self._joined(line, card, hand, turns)
                if value > best:
                    best, best_card, best_to_line = value, card, True
            elif full:
                after = add(EMPTY, card)
                value = line_score(line) + line_worth(after, turns, piles)
                value += hand_worth(hand, after, piles)
                if value > best:
                    best, best_card, best_to_line = value, card, True
            if not full:
                value = held + card_worth(card, line, piles)
                if value > best:
                    best, best_card, best_to_line = value, card, False
        self.market.remove(best_card)
        if best_to_line:
            self._place(seat, best_card)
            line = self.lines[seat]
            kept = line_worth(line, turns, piles)
        else:
            hand.append(best_card)
        # Play from hand: the card that rates best, if it beats keeping the hand.
        best = kept + hand_worth(hand, line, piles)
        play = 0
        for card in hand:
            if fits(line, card):
                rest = list(hand)
                rest.remove(card)
                value = self._joined(line, card, rest, turns)
                if value > best:
                    best, play = value, card
        if play:
            hand.remove(play)
            self._place(seat, play)
            line = self.lines[seat]
        # Score now, if a new line is worth more than this one.
        if line_score(line) + line_worth(EMPTY, turns, piles) > line_worth(line, turns, piles):
            self._score_line(seat)

    def _joined(self, line: Line, card: int, hand: list[int], turns: float) -> float:
        """The worth of ``line`` with ``card`` added and ``hand`` beside it, a jackpot the card
        takes counted as points (and the line valued without that pile)."""
        piles = self.piles
        after = add(line, card)
        col = takes_jackpot(line, card)
        if col < 0:
            return line_worth(after, turns, piles) + hand_worth(hand, after, piles)
        gain = piles[col]
        piles[col] = 0
        value = gain + line_worth(after, turns, piles) + hand_worth(hand, after, piles)
        piles[col] = gain
        return value

    def end_turn(self, seat: int) -> None:
        """The end phase: play the hand card that gains most, if any gains."""
        line = self.lines[seat]
        base = line_score(line)
        best, play = 0, 0
        for card in self.hands[seat]:
            if fits(line, card):
                col = takes_jackpot(line, card)
                gain = (self.piles[col] if col >= 0 else 0) + line_score(add(line, card)) - base
                if gain > best:
                    best, play = gain, card
        if play:
            self.hands[seat].remove(play)
            self._place(seat, play)

    def run(self, turn: int, step: int, horizon: int) -> bool:
        """Play on from the ``turn``-th seat of this round (``step`` TAKE or END) for
        ``horizon`` more round starts; True if the game ended."""
        n = self.players
        if step == OVER:
            return True
        if step != END:
            rounds = 0
            while True:
                turns = self.turns()
                for k in range(turn, n):
                    self.turn((self.first + k) % n, turns)
                turn = 0
                for c in self.market:
                    if c <= BET_BASE:
                        self.piles[(c - 1) % 4] += 1
                self.first = (self.first + 1) % n
                if len(self.deck) < self.m:
                    break
                self.market = self.deck[-self.m :]
                del self.deck[-self.m :]
                rounds += 1
                if rounds >= horizon:
                    return False
            for c in self.deck:
                if c <= BET_BASE:
                    self.piles[(c - 1) % 4] += 1
            self.deck = []
            self.market = []
        for k in range(turn, n):
            self.end_turn((self.first + k) % n)
        for seat in range(n):
            if self.lines[seat] != EMPTY:
                self._score_line(seat)
        return True


# -- the bot ---------------------------------------------------------------------------------------

#: Per level: plans compared, samples each, the plans kept for a second look (the best on
#: the first samples), their further samples, and the horizon in rounds.
LEVEL_BUDGET = {
    "easy": (4, 6, 2, 6, 2),
    # 12 plans and 4 kept won more than 8 and 3 once every hand was known (docs/strength.md).
    "normal": (12, 12, 4, 24, 2),
    "hard": (10, 32, 4, 64, 2),
}
LEVELS = tuple(LEVEL_BUDGET)
#: ``strong1``: the strong bot as it was before, 8 plans and 3 kept, kept for comparison.
BUDGET_1 = (8, 12, 3, 24, 2)


def playout_margin(sample: LineitState, seat: int, path: tuple[Action, ...], horizon: int) -> float:
    """Play ``path`` on a full sample, then every seat's quick policy for ``horizon`` rounds
    (or to the end); ``seat``'s margin over the best other seat."""
    game = sample.at(sample.snapshot)
    for action in path:
        game.advance(action)
    s = game.snapshot
    play = Playout(s, sample.players)
    ended = play.run(s.turn, s.step, horizon)
    return play.margin(seat, final=ended)


class StrongBot(_Planner):
    """Monte Carlo over sampled deals: the heuristic's best turn plans, each played on by
    :class:`Playout` on the same samples of the hidden cards; the best few on the first
    samples are played on more samples before the choice."""

    def __init__(
        self,
        level: str = "normal",
        seed: int | str | None = None,
        budget: tuple[int, int, int, int, int] | None = None,
    ) -> None:
        super().__init__()
        if level not in LEVEL_BUDGET:
            raise ValueError(f"unknown level {level!r} (choose from {', '.join(LEVELS)})")
        self.name = "strong" if level == "normal" else f"strong-{level}"
        if budget == BUDGET_1:
            self.name = "strong1"
        self.level = level
        self.budget = budget or LEVEL_BUDGET[level]
        self.rng = random.Random(seed)

    def plan(self, state: LineitState, seat: int) -> tuple[tuple[Action, ...], str]:
        candidates, first, kept, more, horizon = self.budget
        found = plans(state, seat)
        top = [path for _, path in found[:candidates]]
        if len(top) == 1:
            return top[0], explain(state, seat, top[0])
        totals = [0.0] * len(top)
        for _ in range(first):
            sample = state.determinize(seat, self.rng)
            for i, path in enumerate(top):
                totals[i] += playout_margin(sample, seat, path, horizon)
        alive = sorted(range(len(top)), key=lambda i: -totals[i])[:kept]
        if len(alive) > 1:
            for _ in range(more):
                sample = state.determinize(seat, self.rng)
                for i in alive:
                    totals[i] += playout_margin(sample, seat, top[i], horizon)
        samples = first + (more if len(alive) > 1 else 0)
        best = max(alive, key=lambda i: totals[i])
        margin = totals[best] / samples
        reason = explain(state, seat, top[best])
        return top[best], (
            f"{reason}; the best of {len(top)} ways to play this turn, played on up to "
            f"{samples} times with the hidden cards guessed: about "
            f"{abs(margin):.1f} points {'ahead of' if margin >= 0 else 'behind'} "
            "the best opponent"
        )
