"""The Line-it scorekeeper for a physical game: a ledger of scored lines, jackpots or counts.

Entries are plain dicts (so a session file can hold them):

- ``{type = "line", seat = 0, cards = "12 30 B4 45 57 60 71"}``: a line scored, its cards in
  the order they were added; checked and scored by :func:`rules.score_line`;
- ``{type = "jackpot", seat = 0, cards = 7}``: a jackpot pile taken, by its number of cards;
- ``{type = "counts", seat = 0, pile = 23, tokens = -1}``: a player's end-of-game counts
  (with ``named = [4, -5]`` when the tokens were typed one by one);
- ``{type = "end"}``: the game is over (a game kept line by line);
- ``{type = "undo"}``: takes back the last entry still in effect.

A kept game goes line by line or by counts, not both; a game kept by counts is over once every
player's counts are in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from cardside.core.errors import IllegalActionError, NotationError, numbered
from cardside.core.schema import is_whole
from cardside.core.words import counted
from cardside.games.lineit import rules
from cardside.games.lineit.notation import format_cards, parse_cards
from cardside.games.lineit.rules import LineScore

KINDS = ("line", "jackpot", "counts", "end")
MAX_PILE = 100  # a score pile holds number cards only (Bet cards are discarded)
#: The six bet tokens, one per Bet card: a player's tokens are some of them, each + or -.
TOKENS = tuple(v for v in rules.BET_VALUES for _ in range(2))
MAX_TOKENS = sum(TOKENS)


@dataclass(frozen=True)
class Entered:
    """What one entry did: the seat (None for ``end``), the points per seat, and its line."""

    kind: str
    seat: int | None
    gains: tuple[int, ...]
    line: LineScore | None = None
    pile: int = 0
    tokens: int = 0
    #: The bet tokens one by one (``counts Ann 23 +4-3``), when they were typed so.
    named: tuple[int, ...] | None = None


class LineitLedger:
    """Lines, jackpots or counts entered for a physical game of Line-it."""

    def __init__(self, names: Sequence[str]) -> None:
        if not rules.MIN_PLAYERS <= len(names) <= rules.MAX_PLAYERS:
            raise ValueError("Line-it is for 2 to 5 players")
        self.names = list(names)
        self.entries: list[dict[str, Any]] = []
        self._effective: list[dict[str, Any]] = []
        #: Whether a jackpot pile must belong to a jackpot a line took (see ``_jackpot``):
        #: asked of entries typed now; a file kept before the rule still replays.
        self.piles_checked = False
        self.excused = [0] * len(self.names)  # piles beyond the jackpots, kept before the rule
        self._reset()

    def _reset(self) -> None:
        self.done: list[Entered] = []
        self.totals = [0] * len(self.names)
        self.counted: list[bool] = [False] * len(self.names)
        self.ended = False
        self.used: dict[int, int] = {}  # how many of each card are in scored lines
        self.in_jackpots = 0  # number cards in the jackpot piles taken
        self.piles = [0] * len(self.names)  # jackpot piles entered, per player
        self.taken = [0] * len(self.names)  # jackpots their scored lines took
        # The state before each entry in effect, so undo need not replay the others.
        self._before: list[tuple[Any, ...]] = []

    # -- derived -----------------------------------------------------------------------------
    @property
    def mode(self) -> str | None:
        """``"lines"`` or ``"counts"`` once the first entry chose, else ``None``."""
        for e in self.done:
            if e.kind in ("line", "jackpot"):
                return "lines"
            if e.kind == "counts":
                return "counts"
        return None

    @property
    def over(self) -> bool:
        return self.ended or all(self.counted)

    @property
    def winners(self) -> tuple[int, ...]:
        return rules.winners(self.totals) if self.over else ()

    def lines_of(self, seat: int) -> list[LineScore]:
        return [e.line for e in self.done if e.seat == seat and e.line is not None]

    def jackpots_of(self, seat: int) -> int:
        return sum(e.pile for e in self.done if e.seat == seat and e.kind == "jackpot")

    def tokens_of(self, seat: int) -> int:
        return sum(e.tokens for e in self.done if e.seat == seat)

    # -- entries -----------------------------------------------------------------------------
    def enter_line(self, seat: int, cards: Sequence[int]) -> Entered:
        return self._apply({"type": "line", "seat": seat, "cards": format_cards(cards)})

    def enter_jackpot(self, seat: int, cards: int) -> Entered:
        return self._apply({"type": "jackpot", "seat": seat, "cards": cards})

    def enter_counts(
        self, seat: int, pile: int, tokens: int, named: Sequence[int] | None = None
    ) -> Entered:
        """A player's counts; ``named``: the tokens one by one, kept as typed."""
        entry: dict[str, Any] = {"type": "counts", "seat": seat, "pile": pile, "tokens": tokens}
        if named is not None:
            entry["named"] = list(named)
        return self._apply(entry)

    def end(self) -> Entered:
        return self._apply({"type": "end"})

    def check_piles_from_now(self) -> None:
        """Ask of the entries typed from now on that each jackpot pile belongs to a jackpot a
        line took. A game that ended with more piles (kept before the rule) keeps them, so an
        end taken back to correct it may be entered again."""
        self.piles_checked = True
        if self.over:
            self.excused = [max(0, p - t) for p, t in zip(self.piles, self.taken)]

    def undo(self) -> dict[str, Any]:
        """Take back the last entry still in effect; return it."""
        if not self._effective:
            raise IllegalActionError("nothing to undo")
        self.entries.append({"type": "undo"})
        undone = self._effective.pop()
        (
            done,
            self.totals,
            self.counted,
            self.ended,
            used,
            self.in_jackpots,
            self.piles,
            self.taken,
        ) = self._before.pop()
        del self.done[done:]
        if used is not None:
            self.used = used
        return undone

    def entry_numbers(self) -> list[int]:
        """The (1-based) place in ``entries`` of each entry in effect, in the order of ``done``."""
        place = {id(e): n for n, e in enumerate(self.entries, 1)}
        return [place[id(e)] for e in self._effective]

    def add(self, entry: dict[str, Any]) -> Any:
        """Apply a saved entry of any type (used when replaying a file)."""
        if entry.get("type") == "undo":
            return self.undo()
        return self._apply(dict(entry))

    def _apply(self, entry: dict[str, Any]) -> Entered:
        # Only a line changes the cards used (at most one per card of the deck).
        used = dict(self.used) if entry.get("type") == "line" else None
        before = (
            len(self.done),
            list(self.totals),
            list(self.counted),
            self.ended,
            used,
            self.in_jackpots,
            list(self.piles),
            list(self.taken),
        )
        result = self._step(entry)
        self.entries.append(entry)
        self._effective.append(entry)
        self._before.append(before)
        return result

    def _step(self, entry: dict[str, Any]) -> Entered:
        kind = entry.get("type")
        if kind not in KINDS:
            raise NotationError(f"unknown entry type {kind!r} (line, jackpot, counts, end, undo)")
        if self.over:
            raise IllegalActionError("the game is over")
        if kind == "end":
            if self.mode == "counts":
                missing = [n for n, done in zip(self.names, self.counted) if not done]
                raise IllegalActionError(
                    "a game kept by counts ends once every player's counts are in; still to "
                    f"enter: {', '.join(missing)}"
                )
            if self.mode != "lines":
                raise IllegalActionError("enter a scored line or a player's counts first")
            for place, name in enumerate(self.names):
                piles, taken = self.piles[place], self.taken[place]
                if self.piles_checked and piles - taken > self.excused[place]:
                    raise IllegalActionError(
                        f"{name} has {counted(piles, 'jackpot pile')} entered, but "
                        f"{name}'s lines took {counted(taken, 'jackpot')}: enter the line "
                        "that took it (a line of 3 number cards scores nothing but takes its "
                        "jackpot), or take the extra pile back with undo N (fix alone lists "
                        "the entries)"
                    )
            short = [
                (name, taken - piles)
                for name, piles, taken in zip(self.names, self.piles, self.taken)
                if taken > piles
            ]
            if self.piles_checked and short:
                who, lacking = short[0]
                raise IllegalActionError(
                    f"{who}'s lines took {counted(lacking, 'jackpot')} whose pile is not "
                    f"entered: jackpot {who} N first (0 for an empty pile), then end"
                )
            self.ended = True
            result = Entered("end", None, (0,) * len(self.names))
            self.done.append(result)
            return result
        seat = entry.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(self.names):
            raise NotationError(f"no player number {seat!r}")
        if kind == "counts":
            result = self._counts(seat, entry.get("pile"), entry.get("tokens"), entry.get("named"))
        else:
            if self.mode == "counts":
                raise IllegalActionError(
                    "this game is kept by end-of-game counts; enter counts for each player"
                )
            if kind == "jackpot":
                result = self._jackpot(seat, entry.get("cards"))
            else:
                result = self._line(seat, entry.get("cards"))
        for i, gain in enumerate(result.gains):
            self.totals[i] += gain
        if result.line is not None:
            for c in result.line.cards:
                self.used[c] = self.used.get(c, 0) + 1
            self.taken[seat] += len(rules.jackpots_in(result.line.cards))
        if result.kind == "jackpot":
            self.in_jackpots += result.pile
            self.piles[seat] += 1
        self.done.append(result)
        return result

    def _line(self, seat: int, raw: Any) -> Entered:
        if not isinstance(raw, str):
            raise NotationError("a line is written as its cards, e.g. '12 30 B4 45'")
        cards = parse_cards(raw)
        try:
            rules.check_line(cards)
        except ValueError as exc:
            raise IllegalActionError(str(exc)) from None
        self._check_unused(cards)
        self._check_room(sum(not rules.is_bet(c) for c in cards), "this line")
        if self.piles_checked:
            self._check_colours(line=cards, what="this line")
            self._check_taken(seat, len(cards))
        score = rules.score_line(cards)
        gains = tuple(score.total if i == seat else 0 for i in range(len(self.names)))
        return Entered("line", seat, gains, line=score, pile=score.points, tokens=score.token)

    def _check_unused(self, cards: Sequence[int]) -> None:
        """Each number card exists once and each Bet card twice in the whole game."""
        used = dict(self.used)
        for c in cards:
            limit = rules.DECK.count(c)
            if used.get(c, 0) >= limit:
                if rules.is_bet(c):
                    raise IllegalActionError(
                        f"both {rules.card_name(c)} cards are already in scored lines"
                    )
                who = next(
                    self.names[e.seat]
                    for e in self.done
                    if e.line is not None and e.seat is not None and c in e.line.cards
                )
                raise IllegalActionError(
                    f"{c} is already in a scored line ({who}'s); each number is in the game once"
                )
            used[c] = used.get(c, 0) + 1

    def _check_taken(self, seat: int, cards: int) -> None:
        """Refuse a line after which a player's scored lines would hold more cards than a
        player takes in the game (one a round)."""
        why = self._past_taken(seat, cards)
        if why:
            raise IllegalActionError(why)

    def _past_taken(self, seat: int, cards: int = 0) -> str | None:
        """Why ``seat``'s scored lines, with a line of ``cards`` more, hold more cards than a
        player takes in the game; None if they do not."""
        most = rules.rounds(len(self.names))
        held = cards + sum(len(line.cards) for line in self.lines_of(seat))
        if held <= most:
            return None
        return (
            f"{self.names[seat]}'s scored lines would hold {held} cards; a player takes one "
            f"card a round, {most} in a game of {len(self.names)} players"
        )

    def _past_supply(self, size: int = 0) -> str | None:
        """Why the jackpot piles taken, with one of ``size`` more, hold more than the cards no
        player takes; None if they do not."""
        supply = rules.jackpot_supply(len(self.names))
        if self.in_jackpots + size <= supply:
            return None
        return (
            f"the jackpot piles taken would hold {self.in_jackpots + size} cards together; with "
            f"{len(self.names)} players at most {supply} reach the jackpots (the cards no "
            "player takes)"
        )

    def _check_room(self, numbers: int, what: str) -> None:
        """Refuse an entry that would put more number cards into scored lines and taken
        jackpots than the deck holds (each number card ends in at most one of them)."""
        out = self.in_jackpots + sum(n for c, n in self.used.items() if not rules.is_bet(c))
        if out + numbers > rules.NUMBER_CARDS:
            raise IllegalActionError(
                f"{what} would make {out + numbers} number cards in scored lines and jackpots; "
                f"the deck has {rules.NUMBER_CARDS}"
            )

    def _check_colours(self, line: Sequence[int] = (), pile: int = 0, what: str = "") -> None:
        """Refuse an entry after which the jackpot piles could not each be one colour's cards
        beside the scored lines: a pile holds one colour only, and each colour has 25 cards.
        The piles' colours are not entered, so any choice of colours that fits will do."""
        room = [rules.CARDS_PER_COLOUR] * len(rules.COLOURS)
        for card, n in self.used.items():
            if not rules.is_bet(card):
                room[rules.colour(card)] -= n
        for card in line:
            if not rules.is_bet(card):
                room[rules.colour(card)] -= 1
        piles = [e.pile for e in self.done if e.kind == "jackpot"] + ([pile] if pile else [])
        if _piles_fit(tuple(sorted(piles, reverse=True)), tuple(sorted(room))):
            return
        if len(set(room)) == 1:
            left = f"{room[0]} of each colour"
        else:
            parts = [f"{n} {name}" for n, name in zip(room, rules.COLOURS)]
            left = ", ".join(parts[:-1]) + " and " + parts[-1]
        sizes = ", ".join(map(str, piles[:-1])) + " and " * (len(piles) > 1) + str(piles[-1])
        raise IllegalActionError(
            f"{what} would need more cards of one colour than the deck has: jackpot piles of "
            f"{sizes} cards, each of one colour, with {left} left beside the scored lines"
        )

    def _jackpot(self, seat: int, raw: Any) -> Entered:
        if not is_whole(raw):
            raise NotationError("a jackpot must be a whole number")
        rules.check_jackpot(raw)
        size = raw
        # A pile may be entered before the line that took it is scored, and a line in play
        # can take each colour's jackpot once: at most 4 piles ahead of the scored lines.
        ahead = self.piles[seat] + 1 - self.taken[seat] - self.excused[seat]
        if self.piles_checked and ahead > len(rules.COLOURS):
            name = self.names[seat]
            raise IllegalActionError(
                f"{name}'s scored lines took {counted(self.taken[seat], 'jackpot')} and this "
                f"would be pile {self.piles[seat] + 1}: a line in play takes at most "
                f"{len(rules.COLOURS)} more"
            )
        self._check_room(size, "this jackpot")
        if self.piles_checked:
            self._check_colours(pile=size, what="this jackpot")
            past = self._past_supply(size)
            if past:
                raise IllegalActionError(past)
        gains = tuple(size if i == seat else 0 for i in range(len(self.names)))
        return Entered("jackpot", seat, gains, pile=size)

    def _counts(self, seat: int, pile: Any, tokens: Any, named: Any = None) -> Entered:
        if self.mode == "lines":
            raise IllegalActionError(
                "this game is kept line by line; type end when it is over, not counts"
            )
        if self.counted[seat]:
            # undo takes back the last entry, which may be another player's counts.
            at = max(i for i, e in enumerate(self.done) if e.kind == "counts" and e.seat == seat)
            how = (
                "undo takes them back"
                if at == len(self.done) - 1
                else "fix N corrects them and undo N takes them back (fix alone lists the entries)"
            )
            plain = f"{self.names[seat]}'s counts are in already"
            raise IllegalActionError(f"{plain}; {how}", plain=plain)
        size = _whole(pile, "a score pile", 0, MAX_PILE)
        net = _whole(tokens, "the bet tokens", -MAX_TOKENS, MAX_TOKENS)
        others = sum(e.pile for e in self.done if e.kind == "counts")
        if others + size > rules.NUMBER_CARDS:
            raise IllegalActionError(
                f"the score piles would hold {others + size} number cards together; "
                f"the deck has {rules.NUMBER_CARDS}"
            )
        given = _named(named, net)
        if self.piles_checked:
            self._check_pile_counts(size, others, given)
        done = [e for e in self.done if e.kind == "counts"]
        nets = [e.tokens for e in done] + [net]
        # The cards a player takes bound the tokens of the counts typed now (those entered
        # before were bounded then, or kept before the rule).
        budget = rules.rounds(len(self.names)) if self.piles_checked else None
        nameds = [e.named for e in done] + [given]
        if not tokens_possible(nets, nameds, [None] * len(done) + [budget]):
            what = (
                f"the tokens {' '.join(f'{t:+d}' for t in given)}"
                if given is not None
                else f"{net:+d} in bet tokens"
            )
            if budget is not None and tokens_possible(nets, nameds):
                raise IllegalActionError(
                    f"{what} would take more than the {budget} cards a player takes in a game "
                    f"of {len(self.names)} players (a bet of v won takes its Bet card and v "
                    "number cards, a bet lost its Bet card)"
                )
            raise IllegalActionError(
                f"{what} cannot come from the six tokens ({_token_list()}, each + or -, each "
                "one player's) beside the others' tokens entered"
            )
        self.counted[seat] = True
        gains = tuple(size + net if i == seat else 0 for i in range(len(self.names)))
        return Entered("counts", seat, gains, pile=size, tokens=net, named=given)

    def _check_pile_counts(
        self, size: int, others: int, tokens: Sequence[int] | None = None
    ) -> None:
        """Refuse a score pile larger than a player's cards and the jackpots can make: each
        player takes one card a round, the first three of a line are discarded, and the
        jackpots receive only the cards no player takes; with the player's bet ``tokens``
        named, each a Bet card in a line of its own."""
        players = len(self.names)
        taken, supply = rules.rounds(players), rules.jackpot_supply(players)
        lines = line_points_most(taken, tokens or ())
        most = lines + supply
        if size > most:
            bets = f", {counted(len(tokens), 'bet')} in lines of their own" if tokens else ""
            raise IllegalActionError(
                f"a score pile of {size} cannot be: with {players} players each takes {taken} "
                f"cards, of which a line's first three are discarded{bets}, and at most "
                f"{supply} reach the jackpots, so a pile holds at most {most}"
            )
        together = players * (taken - rules.DISCARDED_PER_LINE) + supply
        if others + size > together:
            raise IllegalActionError(
                f"the score piles would hold {others + size} cards together; with {players} "
                f"players they hold at most {together} (the cards taken, less three a line, "
                f"and the {supply} that reach the jackpots)"
            )

    def past_the_cards(self) -> str | None:
        """Why the entries so far hold more than the players' cards allow (their lines, the
        jackpots together, a score pile, the bet tokens: what an entry typed now is refused
        for), or None."""
        past = next(filter(None, map(self._past_taken, range(len(self.names)))), None)
        if past or (past := self._past_supply()):
            return past
        most = rules.rounds(len(self.names))
        counts = [e for e in self.done if e.kind == "counts"]
        try:
            for i, e in enumerate(counts):
                self._check_pile_counts(e.pile, sum(c.pile for c in counts[:i]), e.named)
        except IllegalActionError as exc:
            return str(exc)
        nets = [e.tokens for e in counts]
        if not tokens_possible(nets, [e.named for e in counts], [most] * len(counts)):
            return f"the bet tokens would take more than the {most} cards a player takes"
        return None

    @classmethod
    def from_entries(cls, names: Sequence[str], entries: Sequence[dict[str, Any]]) -> LineitLedger:
        """Rebuild a ledger from saved entries; an entry that fails raises :class:`EntryError`."""
        ledger = cls(names)
        for index, entry in enumerate(entries, 1):
            with numbered(index):
                if not isinstance(entry, dict):
                    raise NotationError("an entry must be a table")
                ledger.add(entry)
        return ledger


@lru_cache(maxsize=4096)
def _piles_fit(piles: tuple[int, ...], room: tuple[int, ...]) -> bool:
    """Whether ``piles`` (largest first) can each go to one colour with ``room`` (sorted:
    the colours are alike to a pile whose colour is not known)."""
    if not piles:
        return True
    if any(n < 0 for n in room):
        return False
    first, rest = piles[0], piles[1:]
    for i, free in enumerate(room):
        if free >= first and (i == 0 or room[i - 1] != free):
            left = tuple(sorted((*room[:i], free - first, *room[i + 1 :])))
            if _piles_fit(rest, left):
                return True
    return False


def _whole(raw: Any, what: str, low: int, high: int) -> int:
    if not isinstance(raw, int) or isinstance(raw, bool):
        raise NotationError(f"{what} must be a whole number")
    if not low <= raw <= high:
        raise IllegalActionError(f"{what} must be between {low} and {high}, not {raw}")
    return raw


def describe(entered: Entered, names: Sequence[str]) -> str:
    """One line saying what an entry gave, e.g. ``Ann: discarded 12 30 45, bet B4 won +4 …``."""
    from cardside.games.lineit.score import describe_bet, describe_jackpots, describe_points

    if entered.kind == "end":
        return "the game is over"
    assert entered.seat is not None
    name = names[entered.seat]
    if entered.kind == "jackpot":
        return f"{name} took a jackpot of {counted(entered.pile, 'card')}"
    if entered.kind == "counts":
        pile = counted(entered.pile, "card")
        return f"{name}: {pile} in the score pile, tokens {entered.tokens:+d}"
    line = entered.line
    assert line is not None
    parts = [
        f"discarded {format_cards(line.discarded) or 'nothing'}",
        describe_bet(line),
        describe_points(line),
    ]
    if rules.jackpots_in(line.cards):
        parts.append(describe_jackpots(line.cards))
    return f"{name}: {'; '.join(parts)}; line total {line.total}"


def check_tokens(tokens: Sequence[int]) -> None:
    """Refuse bet tokens named one by one (+4 -3) that are not among the game's six."""
    values = [abs(t) for t in tokens]
    for v in values:
        if v not in TOKENS:
            raise NotationError(
                f"{v} is not a bet token: they are {_token_list()} (or give their sum)"
            )
    for v in sorted(set(values)):
        if values.count(v) > TOKENS.count(v):
            raise NotationError(
                f"{values.count(v)} tokens of {v} named; the game has {TOKENS.count(v)}"
            )


def _token_list() -> str:
    words = [str(t) for t in TOKENS]
    return ", ".join(words[:-1]) + " and " + words[-1]


def _named(named: Any, net: int) -> tuple[int, ...] | None:
    """The tokens a counts entry names one by one, checked: signed tokens of the game adding
    up to ``net``; None when the entry gives only their sum."""
    if named is None:
        return None
    if not isinstance(named, list) or len(named) > len(TOKENS):
        raise NotationError(f"the tokens named are a list of at most {len(TOKENS)} tokens")
    for t in named:
        if not isinstance(t, int) or isinstance(t, bool):
            raise NotationError("a token named is a whole number with its sign")
    check_tokens(named)
    if sum(named) != net:
        raise NotationError(f"the tokens named add up to {sum(named):+d}, not {net:+d}")
    return tuple(named)


def line_points_most(cards: int, tokens: Sequence[int] = ()) -> int:
    """The most points a player's scored lines can give from ``cards`` cards taken, the bet
    ``tokens`` settled among them: each token's Bet card is in a line of its own, a bet of v
    won has v number cards after it, and every line discards its first three number cards.
    Every card to spare goes into one line (after a bet won, or of its own: a bet lost gains
    nothing from them, as they go before its Bet card)."""
    numbers = cards - len(tokens)
    won = [t for t in tokens if t > 0]
    if numbers < sum(won):
        return 0  # more than the cards allow: the tokens are refused for that
    spare = numbers - sum(won)
    beside = sum(max(0, t - rules.DISCARDED_PER_LINE) for t in won)
    # A line of its own for the spare cards, or the spare cards after one bet won.
    best = max(0, spare - rules.DISCARDED_PER_LINE) + beside
    for t in won:
        alone = max(0, t - rules.DISCARDED_PER_LINE)
        best = max(best, beside - alone + max(0, t + spare - rules.DISCARDED_PER_LINE))
    return best


def token_cost(token: int) -> int:
    """The fewest cards a player takes for a bet token: a bet of v won is its Bet card and v
    number cards after it; a bet lost, the Bet card alone."""
    return 1 + token if token > 0 else 1


def tokens_possible(
    nets: list[int],
    named: Sequence[tuple[int, ...] | None] | None = None,
    budgets: Sequence[int | None] = (),
) -> bool:
    """Whether players' bet-token totals ``nets`` can come from the six tokens, each token to
    at most one player, + or -; ``named[i]``, where given, are player ``i``'s tokens one by
    one, which then are theirs (the others' totals come from the tokens left). With
    ``budgets[i]``, player ``i``'s tokens take at most that many cards (see
    :func:`token_cost`)."""
    unbounded = MAX_TOKENS * 2  # more than all six tokens take
    pool = list(TOKENS)
    free = []
    room = []
    for i, net in enumerate(nets):
        given = named[i] if named is not None and i < len(named) else None
        budget = budgets[i] if i < len(budgets) else None
        most = unbounded if budget is None else budget
        if given is None:
            free.append(net)
            room.append(most)
            continue
        if sum(token_cost(t) for t in given) > most:
            return False
        for t in given:
            if abs(t) not in pool:
                return False
            pool.remove(abs(t))
    tokens = tuple(pool)

    def fits(i: int, left: tuple[int, ...], room: tuple[int, ...]) -> bool:
        if i == len(tokens):
            return not any(left)
        if sum(abs(x) for x in left) > sum(tokens[i:]):
            return False
        v = tokens[i]
        options = [(left, room)] + [
            (left[:p] + (left[p] - sign * v,) + left[p + 1 :], room[:p] + (r,) + room[p + 1 :])
            for p in range(len(left))
            for sign in (1, -1)
            if (r := room[p] - token_cost(sign * v)) >= 0
        ]
        return any(fits(i + 1, *option) for option in dict.fromkeys(options))

    return fits(0, tuple(free), tuple(room))
