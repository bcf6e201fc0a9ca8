"""The IOTA scorekeeper for a physical game: a ledger of turns entered at the table.

Entries are plain dicts (a session file holds them), seats in turn order:

- quick: ``{"type": "turn", "seat": 0, "lines": [8, 4, 5], "lots": 1, "all4": false,
  "final": false}``;
- with the grid: ``{"type": "starter", "card": "RC2"}`` first, then ``{"type": "play",
  "seat": 0, "cards": "YS2 1,0 RT3 1,1", "final": false}`` and ``{"type": "swap", "seat": 0,
  "card": "GC3", "cell": "1,0"}``;
- both: ``{"type": "pass", "seat": 0}``, ``{"type": "end"}`` (everyone passed with the pile
  empty) and ``{"type": "undo"}``, which takes back the last entry still in effect.

Scores come from :mod:`cardside.games.iota.rules` and, with the grid, from the same
placement check the played game uses.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardside.core.arith import is_digits
from cardside.core.errors import IllegalActionError, NotationError, numbered
from cardside.core.players import not_a_player, seats_named
from cardside.core.words import counted
from cardside.games.iota import placement, rules
from cardside.games.iota.notation import (
    MAX_TEXT,
    format_card,
    format_placements,
    parse_card,
    parse_cell,
    parse_placements,
    words_of,
)
from cardside.games.iota.rules import WILD, Cell


@dataclass(frozen=True)
class TurnReport:
    """A turn as entered and scored."""

    seat: int
    kind: str  # "turn", "play", "swap" or "pass"
    values: tuple[int, ...] = ()
    lots: int = 0
    all4: bool = False
    final: bool = False
    score: int = 0
    lines: tuple[placement.Line, ...] = ()
    text: str = ""

    def breakdown(self) -> str:
        if self.kind == "pass":
            return "pass"
        if self.kind == "swap":
            return f"swap {self.text} (scores nothing)"
        return rules.breakdown(self.values, self.lots, self.all4, self.final)


class IotaLedger:
    """Turns entered for a physical IOTA game; the grid too when ``grid`` is set."""

    def __init__(self, names: Sequence[str], *, grid: bool = False) -> None:
        if not rules.MIN_PLAYERS <= len(names) <= rules.MAX_PLAYERS:
            raise ValueError("IOTA is for 2 to 4 players")
        self.names = list(names)
        self.track_grid = grid
        # Line values no line can have (11, a 16 without a lot) are refused as typed; a file
        # kept before that rule replays as it was (see ``check_values_from_now``).
        self.check_values = False
        # Likewise, a play's hand size and the last card (a game kept with its grid).
        self.check_hands = False
        # With hands checked, a play that empties its hand with the pile empty and was not
        # saved as the last card is refused rather than made the last card: a correction
        # replays the later entries so, to name one a change made the last card.
        self.saved_finals = False
        self.entries: list[dict[str, Any]] = []
        self._effective: list[dict[str, Any]] = []
        self._reset()

    def check_values_from_now(self) -> IotaLedger:
        """Ask of the turns typed from now on that each line value is one a line can have,
        and, with the grid kept, that a play fits its player's hand and is the last card
        exactly when it empties that hand with the pile empty (then doubled, ``final`` typed
        or not)."""
        self.check_values = True
        self.check_hands = True
        return self

    def _reset(self) -> None:
        self.grid: dict[Cell, int] = {}
        self.turns: list[TurnReport] = []
        self.totals = [0] * len(self.names)
        self.seat = 0
        self.swapped = False
        self.passes = 0
        # With the grid kept: the cards each player laid that the pile could not replace.
        self.short = [0] * len(self.names)
        self.laid = 0  # the fewest cards the quick turns so far can have laid
        self.most = 0  # the most cards they can have laid
        self.end: str | None = None
        # The state before each entry in effect, so undo need not replay the others.
        self._before: list[tuple[Any, ...]] = []

    # -- derived -----------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def over(self) -> bool:
        return self.end is not None

    @property
    def needs_starter(self) -> bool:
        return self.track_grid and not self.grid

    @property
    def winners(self) -> list[int]:
        if not self.over:
            return []
        best = max(self.totals)
        return [i for i, t in enumerate(self.totals) if t == best]

    # -- entries -----------------------------------------------------------------------------
    def add(self, entry: dict[str, Any]) -> Any:
        """Apply an entry of any type; raise NotationError / IllegalActionError if it cannot
        be applied (nothing is changed then)."""
        kind = entry.get("type")
        if kind == "undo":
            return self.undo()
        if kind not in ("turn", "pass", "play", "swap", "starter", "end"):
            raise NotationError(f"unknown entry type {kind!r}")
        # Only a starter, a play or a swap changes the grid (a few dozen in a game).
        grid = dict(self.grid) if kind in ("starter", "play", "swap") else None
        before: tuple[Any, ...] = (grid, len(self.turns), list(self.totals), self.seat)
        before += (self.swapped, self.passes, self.laid, self.most, self.end, list(self.short))
        result = self._step(entry)
        self.entries.append(entry)
        self._effective.append(entry)
        self._before.append(before)
        return result

    def undo(self) -> dict[str, Any]:
        """Take back the last entry still in effect; return it."""
        if not self._effective:
            raise IllegalActionError("nothing to undo")
        self.entries.append({"type": "undo"})
        undone = self._effective.pop()
        grid, turns, self.totals, self.seat, self.swapped, self.passes, *rest = self._before.pop()
        self.laid, self.most, self.end, self.short = rest
        if grid is not None:
            self.grid = grid
        del self.turns[turns:]
        return undone

    def _seat(self, entry: dict[str, Any]) -> int:
        seat = entry.get("seat", self.seat)
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise NotationError("a seat is a whole number")
        if seat != self.seat:
            who = self.names[seat] if 0 <= seat < self.players else f"seat {seat}"
            now = self.names[self.seat]
            plain = f"it is {now}'s turn, not {who}'s"
            raise IllegalActionError(
                f"{plain}: enter {now}'s turn first ({now} pass if {now} passed), or fix N to "
                "correct an earlier entry (fix alone lists them)",
                plain=plain,
                order=True,
            )
        return seat

    def _step(self, entry: dict[str, Any]) -> Any:
        if self.over:
            raise IllegalActionError("the game is over")
        kind = entry["type"]
        if kind == "starter":
            return self._starter(entry)
        if self.needs_starter:
            raise IllegalActionError("enter the starter card first")
        if kind == "end":
            if self.track_grid:  # what stands in the way there is the pile
                self._check_pile_empty("the game cannot end by passes")
            if self.passes < self.players:
                raise IllegalActionError(
                    "the game ends this way only after every player passed in a row"
                    + " with the pile empty" * self.track_grid
                )
            self._check_pile_empty("the game cannot end by passes")
            self.end = "passes"
            return None
        seat = self._seat(entry)
        if kind == "pass":
            if self.track_grid and self.check_hands:
                self._check_holds_cards(seat)
            self._check_not_passed_out()
            return self._finish(TurnReport(seat, "pass"), passed=True)
        if kind == "turn":
            if self.track_grid:
                raise IllegalActionError("this game keeps the grid: enter the cards and cells")
            return self._quick(seat, entry)
        self._check_not_passed_out()
        if not self.track_grid:
            raise IllegalActionError("this game is kept without the grid: enter line values")
        if kind == "swap":
            return self._swap(seat, entry)
        return self._play(seat, entry)

    def _starter(self, entry: dict[str, Any]) -> None:
        if not self.track_grid:
            raise IllegalActionError("this game is kept without the grid")
        if self.grid:
            raise IllegalActionError("the starter is already on the grid")
        card = entry.get("card")
        if not isinstance(card, str):
            raise NotationError("the starter is written as a card such as RC2")
        self.grid[(0, 0)] = parse_card(card)

    def _quick(self, seat: int, entry: dict[str, Any]) -> TurnReport:
        values = entry.get("lines")
        lots = entry.get("lots", 0)
        all4 = entry.get("all4", False)
        final = entry.get("final", False)
        if not isinstance(values, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in values
        ):
            raise NotationError("a turn's lines are whole numbers")
        if not isinstance(lots, int) or isinstance(lots, bool):
            raise NotationError("lots is a whole number")
        if not isinstance(all4, bool) or not isinstance(final, bool):
            raise NotationError("all4 and final are true or false")
        fault = rules.quick_fault(values, lots, all4, possible=self.check_values)
        if fault:
            raise IllegalActionError(fault)
        if final:
            self._check_pile_empty("this cannot be the last card")
        laid = rules.HAND_SIZE if all4 else 1
        if self.laid + laid > len(rules.DECK) - 1:
            raise IllegalActionError(
                f"the game has {len(rules.DECK) - 1} cards to lay after the starter, and the "
                f"turns entered have laid at least {self.laid}"
            )
        score = rules.turn_score(values, lots, all4, final)
        self.laid += laid
        self.most += rules.HAND_SIZE if all4 else rules.HAND_SIZE - 1
        report = TurnReport(seat, "turn", tuple(values), lots, all4, final, score)
        return self._finish(report, final=final)

    def _swap(self, seat: int, entry: dict[str, Any]) -> TurnReport:
        if self.swapped:
            raise IllegalActionError("one swap a turn: now the play or pass")
        card, cell_text = entry.get("card"), entry.get("cell")
        if not isinstance(card, str) or not isinstance(cell_text, str):
            raise NotationError("a swap names a card and a cell")
        real = parse_card(card)
        cell = parse_cell(cell_text)
        if real != WILD and real in self.grid.values():
            raise IllegalActionError(f"{format_card(real)} is already on the grid")
        fault = placement.check_swap(self.grid, real, cell)
        if fault:
            raise IllegalActionError(fault)
        self.grid[cell] = real
        self.swapped = True
        report = TurnReport(seat, "swap", text=f"{format_card(real)} {cell_text}")
        self.turns.append(report)
        return report

    def _play(self, seat: int, entry: dict[str, Any]) -> TurnReport:
        text, final = entry.get("cards"), entry.get("final", False)
        if not isinstance(text, str) or not isinstance(final, bool):
            raise NotationError("a play is written as cards with cells, e.g. YS2 1,0")
        placed = parse_placements(text)
        if final:
            self._check_pile_empty("this cannot be the last card")
        pile = max(0, self._pile_at_start() - (len(self.grid) - 1))
        hand = rules.HAND_SIZE - self.short[seat]
        if self.check_hands:
            name = self.names[seat]
            self._check_holds_cards(seat)
            if len(placed) > hand:
                raise IllegalActionError(f"{name} holds only {counted(hand, 'card')}")
            if final and len(placed) < hand:
                raise IllegalActionError(
                    f"this cannot be the last card: {name} holds {counted(hand, 'card')} "
                    f"and lays {len(placed)}"
                )
            if pile == 0 and len(placed) == hand and not final:
                if self.saved_finals:
                    raise IllegalActionError(
                        f"{name}'s play now empties the hand with the pile empty: it is the "
                        "last card of the game, doubled (fix that entry and add final)"
                    )
                # The hand emptied with the pile empty: the last card, whether said or not.
                final = entry["final"] = True
        wilds = sum(c == WILD for c in self.grid.values())
        for card, _, _ in placed:
            if card != WILD and card in self.grid.values():
                raise IllegalActionError(f"{format_card(card)} is already on the grid")
        if len({c for c, _, _ in placed if c != WILD}) < sum(c != WILD for c, _, _ in placed):
            raise IllegalActionError("a card is named twice")
        if wilds + sum(c == WILD for c, _, _ in placed) > rules.WILDS:
            raise IllegalActionError("there are only 2 wilds")
        result = placement.check(self.grid, placed)
        if isinstance(result, str):
            raise IllegalActionError(result)
        for card, x, y in placed:
            self.grid[(x, y)] = card
        self.short[seat] += len(placed) - min(len(placed), pile)
        values = tuple(ln.value for ln in result.lines)
        score = result.score(final)
        report = TurnReport(
            seat,
            "play",
            values,
            result.lots,
            result.all4,
            final,
            score,
            result.lines,
            format_placements(placed),
        )
        return self._finish(report, final=final)

    def _check_holds_cards(self, seat: int) -> None:
        """Refuse a turn of a player whose hand is empty, which happens only in a file kept
        before hands were counted, where a last card went unsaid: say how to mend it."""
        if self.short[seat] < rules.HAND_SIZE:
            return
        name = self.names[seat]
        raise IllegalActionError(
            f"{name} holds no card: {name}'s last play emptied the hand with the pile empty, "
            "so it was the last card of the game; fix that entry and add final (fix alone "
            "lists them)"
        )

    def _pile_at_start(self) -> int:
        """The pile once the hands are dealt and the starter laid."""
        return len(rules.DECK) - 1 - rules.HAND_SIZE * self.players

    @property
    def passed_out(self) -> bool:
        """With the grid kept: every player passed in a row with the pile empty, so the game
        is over and ``end`` is all that is left to enter (the keep screen enters it)."""
        return self.track_grid and self.passes >= self.players and self._pile_empty()

    def _check_not_passed_out(self) -> None:
        """Refuse a turn typed after a round of passes with the pile empty (a file kept
        before this was asked replays as it was)."""
        if self.check_hands and self.passed_out:
            raise IllegalActionError(
                "every player passed in a row with the pile empty: the game is over; type end "
                "(or undo to take back the last pass)"
            )

    def _pile_empty(self) -> bool:
        """Whether the turns entered have laid enough cards to empty the pile (with the grid
        kept: it is empty; without: it may be)."""
        laid = len(self.grid) - 1 if self.track_grid else self.most
        return laid >= self._pile_at_start()

    def _check_pile_empty(self, what: str) -> None:
        """Refuse what needs an empty pile while too few cards have been laid to empty it."""
        pile = self._pile_at_start()
        laid = len(self.grid) - 1 if self.track_grid else self.most
        if laid < pile:
            said = (
                f"{'1 has' if laid == 1 else f'{laid} have'} been laid"
                if self.track_grid
                else f"at most {laid} laid"
            )
            raise IllegalActionError(
                f"{what}: the pile starts with {pile} cards and empties only as cards are "
                f"laid ({said} so far)"
            )

    def _finish(self, report: TurnReport, *, final: bool = False, passed: bool = False) -> Any:
        self.turns.append(report)
        self.totals[report.seat] += report.score
        self.passes = self.passes + 1 if passed else 0
        self.swapped = False
        self.seat = (self.seat + 1) % self.players
        if final:
            self.end = "last card"
        return report

    def rounds(self) -> list[list[TurnReport]]:
        """The turns (swaps left out) in rounds of one turn per player, the first player first."""
        out: list[list[TurnReport]] = []
        for t in self.turns:
            if t.kind == "swap":
                continue
            if not out or len(out[-1]) == self.players:
                out.append([])
            out[-1].append(t)
        return out

    @classmethod
    def from_entries(
        cls, names: Sequence[str], entries: Sequence[dict[str, Any]], *, grid: bool = False
    ) -> IotaLedger:
        """Rebuild a ledger from saved entries; an entry that fails raises EntryError."""
        ledger = cls(names, grid=grid)
        for index, entry in enumerate(entries, 1):
            with numbered(index):
                if not isinstance(entry, dict):
                    raise NotationError("an entry is a table of fields")
                ledger.add(entry)
        return ledger


#: Words an entry or a command may start with, so never a player's name.
ENTRY_WORDS = frozenset(
    "pass undo fix show score quit exit help h ? history hint end swap lot all4 final".split()
)


def _is_number(word: str) -> bool:
    """A line's value (arithmetic allowed), not a name or a word."""
    return is_digits(word[:1]) or word[:1] in "+-"


def name_reads_as(name: str) -> str | None:
    """What a typed line starting with ``name`` would be read as instead of a player's name
    (a number, a card or a command), if anything: such a name is refused."""
    low = name.lower()
    if low in ENTRY_WORDS or low.startswith("lots="):
        return "a command"
    if _is_number(low):
        return "a number"
    try:
        parse_card(name)
    except ValueError:
        return None
    return "a card"


def misread_name(name: str) -> str | None:
    """What a typed entry naming this player would be read as instead (``a number``, ``a
    card``), if anything: a kept game seating such a name cannot be kept on. (A command word
    is no trouble: the name with more after it is the player's entry.)"""
    reads_as = name_reads_as(name)
    return reads_as if reads_as in ("a number", "a card") else None


def parse_entries(text: str, ledger: IotaLedger) -> list[dict[str, Any]]:
    """A typed line as its entries: one, or with the grid a swap and the play (or pass) after
    it, ``Bob swap BX1 1,2 W 2,2``, as two (the swap first, as at the table)."""
    if ledger.track_grid and not ledger.needs_starter and len(text) <= MAX_TEXT:
        words = words_of(text)
        low = [w.lower() for w in words]
        at = low.index("swap") if "swap" in low[:2] else -1
        if at >= 0 and len(words) > at + 3:
            swap = parse_entry(" ".join(words[: at + 3]), ledger)
            name = ledger.names[swap["seat"]]
            return [swap, parse_entry(" ".join([name, *words[at + 3 :]]), ledger)]
    return [parse_entry(text, ledger)]


def parse_entry(text: str, ledger: IotaLedger) -> dict[str, Any]:
    """A typed line as an entry: ``Ann 8 4 5 lot``, ``Ann pass``, ``end``, and with the grid
    ``Ann YS2 1,0 RT3 1,1 final`` or ``Ann swap GC3 1,0`` (the name may be left out)."""
    from cardside.core.arith import parse_number

    if len(text) > 200:
        raise NotationError("that line is too long")
    # With the grid, commas separate cards and cells as in play (YS2, 1,0); quick entries keep
    # them for nothing but a typo.
    words = words_of(text) if ledger.track_grid else text.split()
    if len(words) > 24:
        raise NotationError("that line is too long")
    if not words:
        raise NotationError("nothing entered")
    if ledger.needs_starter:
        if len(words) == 2 and words[1].replace(" ", "") == "0,0":
            words = words[:1]  # the starter's cell, which the prompt names, typed as well
        if len(words) != 1:
            raise NotationError("first the starter card, e.g. RC2 (it lies at 0,0)")
        return {"type": "starter", "card": format_card(parse_card(words[0]))}
    if [w.lower() for w in words] == ["end"]:
        return {"type": "end"}
    word = words[0]
    # A player by name or a unique start of one (as every keep reads names), unless the word
    # reads as a card, a number or a command: then the turn is the current player's. A whole
    # name that is a command word, with more after it, still names its player (Undo 5, in a
    # file kept before such names were refused); the word alone is the command.
    whole = (
        len(words) > 1
        and name_reads_as(word) == "a command"
        and word.casefold() in {n.casefold() for n in ledger.names}
    )
    seats = seats_named(word, ledger.names) if whole or name_reads_as(word) is None else []
    if len(seats) > 1:
        raise NotationError(f"{word[:20]!r} could be {' or '.join(ledger.names[s] for s in seats)}")
    if seats:
        seat = seats[0]
        words = words[1:]
        if not words:
            example = "YS2 1,0" if ledger.track_grid else "8 4 5"
            raise NotationError(
                f"after the name, the turn, e.g. {ledger.names[seat]} {example} "
                f"(or {ledger.names[seat]} pass)"
            )
    else:
        if len(words) > 1 and word.isalpha() and name_reads_as(word) is None:
            raise NotationError(not_a_player(word, ledger.names))
        seat = ledger.seat
    head = [w.lower() for w in words]
    if head == ["pass"]:
        return {"type": "pass", "seat": seat}
    if head[:1] == ["pass"]:
        raise NotationError("a pass is entered as just pass: the cards exchanged are not kept")
    if not words:
        raise NotationError("after the name, the turn: line values, or pass")
    if head[0] == "swap":
        if len(words) != 3:
            raise NotationError(
                "write a swap as swap CARD x,y, e.g. swap GC3 1,0, and the play after it "
                "on the same line or the next"
            )
        x, y = parse_cell(words[2])
        return {
            "type": "swap",
            "seat": seat,
            "card": format_card(parse_card(words[1])),
            "cell": f"{x},{y}",
        }
    final = "final" in head
    rest = [w for w, h in zip(words, head) if h != "final"]
    if ledger.track_grid:
        if rest and all(_is_number(w.lower()) or w.lower() in ("lot", "all4") for w in rest):
            raise NotationError(
                "this sheet keeps the grid (started with --grid): enter the cards and their "
                "cells, e.g. YS2 1,0 RT1 2,0; cardside finds the lines and their values"
            )
        placed = parse_placements(" ".join(rest))
        return {"type": "play", "seat": seat, "cards": format_placements(placed), "final": final}
    values: list[int] = []
    written: list[tuple[int, ...] | None] = []
    lots = 0
    all4 = False
    for word in rules.line_words(rest):
        low = word.lower()
        if low == "lot":
            lots += 1
        elif low.startswith("lots="):
            lots += parse_number(low[5:])
        elif low == "all4":
            all4 = True
        elif _is_number(low):
            values.append(parse_number(word))
            cards = rules.written_cards(word)
            fault = cards and rules.written_fault(cards)
            if fault:
                raise NotationError(fault)
            written.append(cards)
        else:
            raise NotationError(
                f"{word[:20]!r}: type the lines' values, then lot (once per lot), all4, final"
            )
    if not values:
        raise NotationError("give the value of each line the turn made, e.g. 8 4 5 lot")
    fault = rules.written_lots_fault(written, lots)
    if fault:
        fitting = rules.lots_fitting(written, lots)
        times = "once" if fitting == 1 else f"{fitting} times"
        hint = "type lot once for each" if fitting > lots else f"type lot {times}"
        raise NotationError(f"{fault} ({hint if fitting else 'leave out lot'})")
    return {
        "type": "turn",
        "seat": seat,
        "lines": values,
        "lots": lots,
        "all4": all4,
        "final": final,
    }
