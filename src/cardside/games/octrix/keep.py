"""The Octrix scorekeeper for a physical game: a ledger of entered hands and tricks.

Entries are plain dicts (so a session file can hold them): ``{"type": "hand", "seat": 0,
"cards": "8C 7C …"}`` (one player's 8 cards at a round's start, seat by seat),
``{"type": "trick", "cards": "8C 3H"}`` (cards in seat order), ``{"type": "round",
"counting": [[1, 3, 4], [2, 5, 6, 7, 8]]}`` (a whole round at once: each seat's counting cards,
for tables that keep only the sheet) and ``{"type": "undo"}``, which takes back the last entry
still in effect. The ledger decides everything with the functions in
:mod:`cardside.games.octrix.rules`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardside.core.arith import is_digits, whole
from cardside.core.cards import Card
from cardside.core.errors import EntryError, IllegalActionError, NotationError
from cardside.core.players import not_a_player, seats_named
from cardside.core.words import counted
from cardside.games.octrix import rules
from cardside.games.octrix.notation import format_card, parse_card
from cardside.games.octrix.rules import KEY, Rule


@dataclass(frozen=True)
class TrickReport:
    """A resolved trick: who won it, under which rule, and the rule for the next one."""

    round_no: int
    number: int
    cards: tuple[Card, ...]
    rule: Rule
    winner: int
    next_rule: Rule | None
    next_reason: str


@dataclass(frozen=True)
class RoundReport:
    """A finished round: counting cards, runs and score per side, and the totals after it."""

    number: int
    counting: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    winner: int | None


class OctrixLedger:
    """Hands (optional) and tricks entered for a physical Octrix game."""

    def __init__(
        self,
        names: Sequence[str],
        *,
        partnership: bool = False,
        hands: bool = False,
        target: int = rules.TARGET,
        first_dealer: int = 0,
    ) -> None:
        if not rules.MIN_PLAYERS <= len(names) <= rules.MAX_PLAYERS:
            raise ValueError("Octrix is for 2 to 4 players")
        if not 0 <= first_dealer < len(names):
            raise ValueError(f"the first dealer is seat 1 to {len(names)}")
        self.names = list(names)
        self.first_dealer = first_dealer
        self.partnership = partnership
        self.track_hands = hands
        self.target = target
        self.sides = rules.sides(len(names), partnership)
        self.entries: list[dict[str, Any]] = []
        self._effective: list[dict[str, Any]] = []
        # Where each round began in the effective entries, so an undo replays one round only.
        self._round_starts: list[int] = [0]
        self._reset()

    # -- derived state -----------------------------------------------------------------------
    def _reset(self) -> None:
        self.round_no = 1
        # Each seat's unplayed cards, once entered (only when hands are tracked).
        self.hands: list[list[Card] | None] = [None] * len(self.names)
        self.tricks: list[tuple[Card, ...]] = []
        self.trick_winners: list[int] = []
        self.rule = Rule.HIGHEST
        self.totals = [0] * len(self.sides)
        self.rounds: list[RoundReport] = []
        self.winner: int | None = None

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def dealer(self) -> int:
        """The seat dealing the current round (the deal passes to the left every round)."""
        return (self.first_dealer + self.round_no - 1) % self.players

    @property
    def needs_hands(self) -> bool:
        """True when the next entry must be a player's hand for this round."""
        return self.track_hands and None in self.hands and not self.over

    @property
    def next_hand_seat(self) -> int | None:
        """The seat whose hand is to be entered next, if any."""
        return self.hands.index(None) if self.needs_hands else None

    @property
    def known_hands(self) -> list[list[Card]] | None:
        """Every seat's unplayed cards, when all hands of the round are known."""
        if not self.track_hands or None in self.hands:
            return None
        return [h for h in self.hands if h is not None]

    @property
    def forced_trick(self) -> tuple[Card, ...] | None:
        """The next trick's cards when the hands entered leave one card each (else None)."""
        hands = self.known_hands
        if self.over or hands is None or any(len(h) != 1 for h in hands):
            return None
        return tuple(h[0] for h in hands)

    def side_name(self, side: int) -> str:
        return " & ".join(self.names[s] for s in self.sides[side])

    def side_names(self) -> list[str]:
        return [self.side_name(i) for i in range(len(self.sides))]

    def counting_cards(self) -> list[tuple[int, ...]]:
        """Counting cards each side has won so far this round."""
        return [
            tuple(n + 1 for n, w in enumerate(self.trick_winners) if w in side)
            for side in self.sides
        ]

    def played_this_round(self) -> set[Card]:
        return {c for t in self.tricks for c in t}

    # -- entries -----------------------------------------------------------------------------
    def enter_hand(self, seat: int, cards: Sequence[Card]) -> None:
        """Record one player's 8 cards for the round about to start (seats in order)."""
        self._apply({"type": "hand", "seat": seat, "cards": _txt(cards)})

    def enter_hands(self, hands: Sequence[Sequence[Card]]) -> None:
        """Record every player's 8 cards, seat by seat (one entry each)."""
        for seat, cards in enumerate(hands):
            self.enter_hand(seat, cards)

    def enter_trick(self, cards: Sequence[Card]) -> tuple[TrickReport, RoundReport | None]:
        """Record a trick's cards in seat order; return what it decided."""
        return self._apply({"type": "trick", "cards": _txt(cards)})

    def enter_round(self, counting: Sequence[Sequence[int]]) -> RoundReport:
        """Record a whole round from each seat's counting cards; runs and scores follow."""
        return self._apply({"type": "round", "counting": [sorted(c) for c in counting]})

    def undo(self) -> dict[str, Any]:
        """Take back the last hand or trick entry still in effect; return it."""
        if not self._effective:
            raise IllegalActionError("nothing to undo")
        self.entries.append({"type": "undo"})
        undone = self._effective.pop()
        while self._round_starts[-1] > len(self._effective):
            self._round_starts.pop()
        start = self._round_starts[-1]
        # Back to the start of the round the remaining entries end in, then replay that round.
        self.rounds = self.rounds[: len(self._round_starts) - 1]
        self.totals = list(self.rounds[-1].totals) if self.rounds else [0] * len(self.sides)
        self.round_no = len(self.rounds) + 1
        self.hands = [None] * len(self.names)
        self.tricks, self.trick_winners = [], []
        self.rule = Rule.HIGHEST
        self.winner = None
        for entry in self._effective[start:]:
            self._step(entry)
        return undone

    def _apply(self, entry: dict[str, Any]) -> Any:
        result = self._step(entry)
        self.entries.append(entry)
        self._effective.append(entry)
        if len(self.rounds) == len(self._round_starts):
            self._round_starts.append(len(self._effective))
        return result

    def add(self, entry: dict[str, Any]) -> Any:
        """Apply a saved entry of any type (used when replaying a file)."""
        kind = entry.get("type")
        if kind == "undo":
            return self.undo()
        if kind not in ("hand", "trick", "round"):
            raise NotationError(f"unknown entry type {kind!r}")
        return self._apply(dict(entry))

    def _step(self, entry: dict[str, Any]) -> Any:
        if self.over:
            raise IllegalActionError(self._ended())
        if entry["type"] == "round":
            return self._step_round(entry.get("counting"))
        cards_field = entry.get("cards")
        if entry["type"] == "hand":
            return self._step_hand(entry.get("seat"), cards_field)
        return self._step_trick(cards_field)

    def _step_hand(self, seat: Any, raw: Any) -> None:
        if not self.track_hands:
            raise IllegalActionError("this game is kept without hands")
        if self.tricks:
            raise IllegalActionError("hands are entered before the first trick of a round")
        expected = self.next_hand_seat
        if expected is None:
            raise IllegalActionError(f"every hand of round {self.round_no} is entered already")
        if seat != expected:
            raise IllegalActionError(
                f"the next hand to enter is {self.names[expected]}'s", order=True
            )
        hand = _parse_list(raw)
        if len(hand) != rules.HAND_SIZE:
            raise IllegalActionError(
                f"{self.names[seat]} needs {rules.HAND_SIZE} cards, not {len(hand)}"
            )
        seen: set[Card] = set()
        for card in hand:
            name = format_card(card, ascii=True)
            if card in seen:
                raise IllegalActionError(f"{name} is named twice")
            seen.add(card)
            for other, cards in enumerate(self.hands):
                if cards is not None and card in cards:
                    raise IllegalActionError(f"{name} is already in {self.names[other]}'s hand")
        self.hands[seat] = sorted(hand, key=KEY.__getitem__)

    def _step_trick(self, raw: Any) -> tuple[TrickReport, RoundReport | None]:
        if self.needs_hands:
            seat = self.next_hand_seat
            assert seat is not None
            raise IllegalActionError(
                f"enter the hands for round {self.round_no} first ({self.names[seat]}'s is next)"
            )
        cards = tuple(_parse_list(raw))
        if len(cards) != self.players:
            raise IllegalActionError(f"a trick has {self.players} cards, one per player")
        self.check_trick(cards)
        rule = self.rule
        winner = rules.trick_winner(cards, rule)
        self.tricks.append(cards)
        self.trick_winners.append(winner)
        for seat, card in enumerate(cards):
            held = self.hands[seat]
            if held is not None:
                held.remove(card)
        number = len(self.tricks)
        if number < rules.TRICKS_PER_ROUND:
            self.rule = rules.next_rule(cards)
            report = TrickReport(
                self.round_no, number, cards, rule, winner, self.rule, rules.rule_reason(cards)
            )
            return report, None
        report = TrickReport(self.round_no, number, cards, rule, winner, None, "")
        return report, self._finish_round()

    def check_round_entry(self) -> None:
        """Refuse a whole round at once where only tricks may come (before it is parsed)."""
        if self.track_hands:
            raise IllegalActionError("this game is kept with hands: enter the round trick by trick")
        if self.tricks:
            raise IllegalActionError(
                f"round {self.round_no} already has {counted(len(self.tricks), 'trick')}; "
                "finish it trick by trick"
            )

    def _step_round(self, raw: Any) -> RoundReport:
        self.check_round_entry()
        if (
            not isinstance(raw, list)
            or len(raw) != self.players
            or not all(isinstance(c, list) for c in raw)
            or not all(isinstance(n, int) and not isinstance(n, bool) for c in raw for n in c)
        ):
            raise NotationError(
                f"a round gives {self.players} lists of counting cards, one per seat"
            )
        owner = owners(raw, self.names)
        missing = [n for n in range(1, rules.TRICKS_PER_ROUND + 1) if n not in owner]
        if missing:
            cards = " ".join(map(str, missing))
            raise IllegalActionError(
                f"every trick has a winner: counting card {cards} belongs to nobody"
                if len(missing) == 1
                else f"every trick has a winner: counting cards {cards} belong to nobody"
            )
        self.trick_winners = [owner[n] for n in range(1, rules.TRICKS_PER_ROUND + 1)]
        return self._finish_round()

    def check_trick(self, cards: Sequence[Card]) -> None:
        """Raise :class:`IllegalActionError` if these cards cannot be the next trick."""
        played = {c: i + 1 for i, t in enumerate(self.tricks) for c in t}
        seen: set[Card] = set()
        for seat, card in enumerate(cards):
            name = format_card(card, ascii=True)
            if card in seen:
                raise IllegalActionError(f"{name} is named twice in this trick")
            seen.add(card)
            if card in played:
                raise IllegalActionError(
                    f"{name} was already played this round (trick {played[card]})"
                )
            held = self.hands[seat]
            if held is not None and card not in held:
                raise IllegalActionError(f"{self.names[seat]} does not hold {name}")

    def _ended(self) -> str:
        """What ended the game: its last round and the winner's total."""
        side = self.winner or 0
        last = self.rounds[-1].number if self.rounds else self.round_no
        return f"the game ended with round {last} ({self.side_name(side)} {self.totals[side]})"

    def _finish_round(self) -> RoundReport:
        counting = tuple(self.counting_cards())
        scores = tuple(rules.run_score(c) for c in counting)
        self.totals = [t + s for t, s in zip(self.totals, scores)]
        self.winner = rules.match_winner(self.totals, self.target)
        report = RoundReport(self.round_no, counting, scores, tuple(self.totals), self.winner)
        self.rounds.append(report)
        self.round_no += 1
        self.tricks = []
        self.trick_winners = []
        self.rule = Rule.HIGHEST
        self.hands = [None] * len(self.names)
        return report

    @classmethod
    def from_entries(
        cls, names: Sequence[str], entries: Sequence[dict[str, Any]], **options: Any
    ) -> OctrixLedger:
        """Rebuild a ledger from saved entries; an entry that fails raises :class:`EntryError`."""
        ledger = cls(names, **options)
        for index, entry in enumerate(entries, 1):
            try:
                ledger.add(entry)
            except (NotationError, IllegalActionError, TypeError) as exc:
                raise EntryError(index, str(exc), order=getattr(exc, "order", False)) from None
            except KeyError as exc:
                raise EntryError(index, f"missing field {exc.args[0]!r}") from None
        return ledger


def same_entry(one: dict[str, Any], other: dict[str, Any]) -> bool:
    """Whether two entries say the same: a hand is a set of cards, in whatever order typed."""
    if one.get("type") == other.get("type") == "hand":
        return one.get("seat") == other.get("seat") and sorted(
            str(one.get("cards", "")).split()
        ) == sorted(str(other.get("cards", "")).split())
    return one == other


def _txt(cards: Sequence[Card]) -> str:
    """Cards as saved: ``"8C 3H"`` (in the order given)."""
    return " ".join(format_card(c, ascii=True) for c in cards)


def _parse_list(raw: Any) -> list[Card]:
    """Cards from a saved ``"8C 3H"`` string (or a list of card strings)."""
    if isinstance(raw, str):
        raw = raw.split()
    if not isinstance(raw, list) or not all(isinstance(c, str) for c in raw):
        raise NotationError("cards must be written as text such as '8C 3H'")
    return [parse_card(c) for c in raw]


def parse_round(
    text: str, names: Sequence[str], sides: Sequence[Sequence[int]] | None = None
) -> list[list[int]]:
    """Each seat's counting cards from ``Ann 1 3 4 Bob 2 5`` (names, then their numbers).

    A player named with ``-`` won none; one player (or one partnership, of ``sides``) left
    out gets every number nobody was given (so ``Ann 1 3 4`` is a whole two-player round, and
    a whole partnership round: the cards count for the side). A name alone is refused, as a
    round where that player won nothing is written ``Ann -``.
    """
    lowered = [n.lower() for n in names]
    counting: list[list[int] | None] = [None] * len(names)
    words = text.replace(",", " ").replace(": ", " ").split()
    bare: list[int] = []  # players named with nothing after them
    i = 0
    while i < len(words):
        # The longest player's name at this point (names may hold spaces or digits).
        found = [
            (len(n.split()), s)
            for s, n in enumerate(lowered)
            if [w.lower() for w in words[i : i + len(n.split())]] == n.split()
        ]
        if not found and not is_digits(words[i]) and words[i] != "-":
            # The start of one player's name (A for Ann), as every keep reads names.
            prefixed = seats_named(words[i], names)
            if len(prefixed) > 1:
                meant = " or ".join(names[s] for s in prefixed)
                raise NotationError(f"{words[i][:20]!r} could be {meant}")
            found = [(1, s) for s in prefixed]
        if not found:
            if is_digits(words[i]) or words[i] == "-":
                raise NotationError(f"name the player before the numbers, e.g. {names[0]} 1 3 4")
            raise NotationError(_not_a_player(words, i, lowered, names))
        size, seat = max(found)
        j = i + size
        if counting[seat] is not None:
            raise NotationError(f"{names[seat]} is named twice")
        if j < len(words) and words[j] == "&":
            # A side named as the sheet names it (Ann & Cy 1 3 4): its cards under one name.
            j, partner = _partner_after(words, j + 1, seat, lowered, names, sides)
            if counting[partner] is not None:
                raise NotationError(f"{names[partner]} is named twice")
            counting[partner] = []
        named_to = j
        numbers: list[int] = []
        while j < len(words) and (is_digits(words[j]) or words[j] == "-"):
            if words[j] != "-":
                if len(words[j]) > 2:
                    raise NotationError(f"counting cards run from 1 to 8, not {words[j]}")
                numbers.append(whole(words[j]))
            j += 1
        if j == named_to:
            bare.append(seat)
        counting[seat] = numbers
        i = j
    if bare:
        name = names[bare[0]]
        side = next((list(t) for t in sides or () if bare[0] in t and len(t) > 1), None)
        if side is not None and counting[side[0] if side[0] != bare[0] else side[-1]] == []:
            name = " & ".join(names[s] for s in side)
        raise NotationError(
            f"give the counting cards {name} won after the name, e.g. {name} 1 3 4 "
            f"({name} - for none)"
        )
    # The numbers first: a card out of range or given twice is the fault, whoever is left out.
    owners(counting, names)
    teams = [list(side) for side in sides] if sides else [[s] for s in range(len(names))]
    # A partner of a named player is in the round through them: the cards count for the side.
    open_teams = [t for t in teams if all(counting[s] is None for s in t)]
    given = {n for c in counting if c is not None for n in c}
    rest = [n for n in range(1, rules.TRICKS_PER_ROUND + 1) if n not in given]
    if rest and len(open_teams) > 1:
        who = " and ".join(names[t[0]] for t in open_teams)
        example = " ".join(f"{names[t[0]]} ..." for t in open_teams)
        raise NotationError(
            f"say which of {who} won {' '.join(map(str, rest))}, on the same line "
            f"({text.strip()[:40]} {example})"
        )
    if len(open_teams) == 1:
        counting[open_teams[0][0]] = rest
    return [c or [] for c in counting]


def _partner_after(
    words: list[str],
    j: int,
    seat: int,
    lowered: list[str],
    names: Sequence[str],
    sides: Sequence[Sequence[int]] | None,
) -> tuple[int, int]:
    """Where the words after ``Ann &`` (at ``j``) go on, past ``seat``'s partner's name, and
    the partner's seat; NotationError when they do not name that partner."""
    side = next((list(t) for t in sides or () if seat in t and len(t) > 1), None)
    if side is None:
        raise NotationError(
            f"& joins partners, and this game has none: give each player's counting cards "
            f"after their name ({names[0]} 1 3 4)"
        )
    partner = next(s for s in side if s != seat)
    name = lowered[partner].split()
    if [w.lower() for w in words[j : j + len(name)]] != name:
        team = " & ".join(names[s] for s in side)
        raise NotationError(f"{names[seat]}'s partner is {names[partner]}: {team} 1 3 4")
    return j + len(name), partner


def owners(counting: Sequence[Sequence[int] | None], names: Sequence[str]) -> dict[int, int]:
    """Each counting card given and the seat given it (``None``: a seat not named);
    ``IllegalActionError`` for a card out of 1 to 8 or given twice."""
    owner: dict[int, int] = {}
    for seat, numbers in enumerate(counting):
        for n in numbers or ():
            if not 1 <= n <= rules.TRICKS_PER_ROUND:
                raise IllegalActionError(f"counting cards run from 1 to 8, not {n}")
            if n in owner:
                who = names[owner[n]]
                raise IllegalActionError(f"counting card {n} is given twice ({who} has it)")
            owner[n] = seat
    return owner


def _not_a_player(words: list[str], i: int, lowered: list[str], names: Sequence[str]) -> str:
    """Why ``words[i]`` starts no player's name, quoting only the words at fault (a name may
    have several words; the numbers after it are not part of the fault)."""
    size = max((len(n.split()) for n in lowered if n.split()[0] == words[i].lower()), default=1)
    span = words[i : i + size]
    shown = " ".join(span[: next((k for k, w in enumerate(span) if is_digits(w)), size)])
    if size == 1 and words[i][0].isnumeric():  # also ² or ٣, never read as numbers
        return f"{shown!r} is not a counting card (1 to 8, separated by spaces)"
    return not_a_player(shown, names)
