"""``lineit keep``: the score of a Line-it game played with real cards."""

from __future__ import annotations

import re
from typing import Any

from cardside.core import corrections
from cardside.core.arith import is_digits, parse_number
from cardside.core.errors import IllegalActionError, NotationError
from cardside.core.players import not_a_player, seats_named
from cardside.core.schema import clip, cut, is_whole
from cardside.core.words import counted, counted_are
from cardside.games.lineit import rules
from cardside.games.lineit.keep import Entered, LineitLedger, check_tokens, describe
from cardside.games.lineit.notation import parse_card, parse_cards
from cardside.games.lineit.sheet import replay_ledger
from cardside.sessions.journal import Journal
from cardside.tui.console import QUIT_WORDS, Console, not_understood, refusal
from cardside.tui.correcting import Corrector, QuitAsked
from cardside.tui.grammar import ahead_of
from cardside.tui.keeping import (
    command_with_more,
    corrected_note,
    offer_correction,
    play_only,
    say_saved,
    undo_number,
)
from cardside.tui.style import Style
from cardside.tui.table import render

HELP = """  line NAME CARDS       a scored line, cards in the order added: line Ann 12 30 B4 45 57
  jackpot NAME N        a jackpot pile taken, by its number of cards, 0 to 22 (sums: 4+3)
  counts NAME PILE TOK  instead of lines, at the end: cards in the score pile and the bet \
tokens' sum, e.g. counts Ann 23 +4-3 (counts Bob 10: no tokens); the last player's \
counts end the game
  end                   the game is over (when keeping line by line)
  NAME is a player's name or its start (Ann or A).
  commands: show (the scores so far), undo (take back the last entry or fix), fix N (correct \
entry N, e.g. fix 3 line Ann 12 30; fix alone lists the latest, fix \
all every one), undo N (take back entry N \
alone), rules (the rules page), quit (saved), help"""

COMMANDS = ("line", "jackpot", "counts", "end", "show", "undo", "fix", "rules", "help", "quit")
#: The words an entry starts with, before the player's name.
ENTRY_WORDS = ("line", "jackpot", "counts")


class KeepScreen:
    """Runs the keep prompt over a ledger, saving each entry to the journal."""

    def __init__(
        self, journal: Journal, ledger: LineitLedger, console: Console, style: Style
    ) -> None:
        self.journal = journal
        self.ledger = ledger
        self.console = console
        self.style = style
        self.names = ledger.names

    def run(self) -> str:
        """Ask for entries until the game is over (``"over"``) or the user quits (``"quit"``)."""
        say = self.console.say
        self.show()
        while True:
            while not self.ledger.over:
                line = self.console.ask("Entry (line, jackpot, counts, end; help): ", self._words)
                if line is None or line.lower() in QUIT_WORDS:
                    say_saved(self.console, self.journal)
                    return "quit"
                try:
                    self._handle(line)
                except QuitAsked:  # quit at a correction's question
                    say_saved(self.console, self.journal)
                    return "quit"
            self._result()
            if not offer_correction(self.console, self._undo, "game", self.show, self._corrections):
                break
        say(f"Game over; saved as {self.journal.name}.")
        return "over"

    def _words(self, typed: str) -> list[str]:
        parts = typed.split()
        if len(parts) >= 1 and (len(parts) > 1 or typed.endswith(" ")):
            return [n for n in self.names]
        return list(COMMANDS)

    def _handle(self, line: str) -> None:
        words = line.split()
        if not words:
            return
        head = words[0].lower()
        target = undo_number(line)
        if target is not None:
            self._corrections.remove(target)
            return
        more = command_with_more(line)
        if more is not None:
            self.console.say(f"  {more}")
            return
        if head in ("help", "?", "h"):
            self.console.say(HELP)
            return
        if head in ("show", "score"):
            self.show()
            return
        if head == "undo":
            self._undo()
            return
        if head == "fix":
            self._corrections.fix(line.split(maxsplit=1)[1] if len(words) > 1 else "")
            return
        said = play_only(line)
        if said is not None:
            self.console.say(said)
            return
        try:
            entered = self._enter(head, words[1:])
        except NotationError as exc:
            if len(words) > 1 and len(seats_named(words[0], self.names)) == 1:
                # A player's name first: the entry's word was left out (Bea 12 30 45).
                # The entry's word after the name (Bea jackpot 5) goes first; else a line.
                said_word = words[1].lower() if words[1].lower() in ENTRY_WORDS else ""
                rest = [words[0], *words[2:]] if said_word else words
                shown = " ".join(rest) if len(" ".join(rest)) <= 40 else " ".join(rest[:6]) + " ..."
                meant = f"{said_word or 'line'} {shown}"
                said = f"start with what happened: {meant}" + (
                    "" if said_word else " (or jackpot, counts)"
                )
                self.console.say(f"  {refusal(said)}")
                return
            unknown = not_understood(line, COMMANDS, "an entry")
            self.console.say(f"  {unknown or refusal(exc)}")
            return
        except IllegalActionError as exc:
            self.console.say(f"  {refusal(exc)}")
            return
        self.journal.append(self.ledger.entries[-1])
        self._report(entered)

    @property
    def _corrections(self) -> Corrector:
        """``fix N`` and ``undo N``; the ledger is then read again from the file."""
        return Corrector(self.console, self.journal, self._text_of, self._read, self._replayed)

    def _replayed(self) -> None:
        """The ledger read again from the file after a correction, and shown; a correction
        that makes a player's lines take more jackpots, or takes back one of their piles,
        asks for the piles missing, as a typed line does; one that leaves a player more piles
        than their lines took says which to take back."""
        before = list(self.ledger.taken)
        had = list(self.ledger.piles)
        self.ledger = replay_ledger(self.journal.session)
        self.ledger.check_piles_from_now()
        self.show(owed=False)  # said below, with what the correction changed
        end = self._end_entry()
        for seat, name in enumerate(self.names):
            taken, piles = self.ledger.taken[seat], self.ledger.piles[seat]
            if taken > piles and (taken > before[seat] or piles < had[seat]):
                now = "now " if taken > before[seat] else ""
                took = (
                    f"  {name}'s lines {now}take {counted(taken, 'jackpot')} and "
                    f"{counted_are(piles, 'pile')} entered"
                )
                if not self.ledger.over:
                    self.console.say(f"{took}: enter each pile still to come with jackpot {name} N")
                elif end is not None:
                    # A pile cannot be entered after the end: the end is taken back first.
                    self.console.say(
                        f"{took}, but the game is over: undo {end} (the end), enter the pile "
                        f"with jackpot {name} N, then end"
                    )
            elif piles > taken and (taken < before[seat] or piles > had[seat]):
                self._say_pile_untaken(seat, taken, piles, end)

    def _say_pile_untaken(self, seat: int, taken: int, piles: int, end: int | None) -> None:
        """Say that a correction left a player more jackpot piles than their lines took, and
        which entry to take back: a pile no line took would count at the end."""
        name = self.names[seat]
        force = corrections.in_force(self.journal.session.entries)
        # A pile is not tied to the line that took it: each of the player's is named, for
        # the table to say which no line took.
        held = [
            f"entry {n}, {counted(int(e['cards']), 'card')}"
            for n, e in zip(force.numbers, force.entries)
            if e.get("type") == "jackpot" and e.get("seat") == seat and is_whole(e.get("cards"))
        ]
        took = (
            f"  {name}'s lines now take {counted(taken, 'jackpot')} and "
            f"{counted_are(piles, 'pile')} entered"
        )
        pile = f"undo N takes back the pile no line took ({name}'s piles: {'; '.join(held)})"
        if not self.ledger.over:
            self.console.say(f"{took}: unless {name}'s line in play took one, {pile}")
        elif end is not None:
            self.console.say(
                f"{took}, but the game is over: undo {end} (the end), then {pile}, and end"
            )

    def _end_entry(self) -> int | None:
        """The number of the entry in effect that ended a game kept line by line."""
        force = corrections.in_force(self.journal.session.entries)
        ends = [n for n, e in zip(force.numbers, force.entries) if e.get("type") == "end"]
        return ends[-1] if ends else None

    def _text_of(self, entry: dict[str, Any]) -> str:
        """An entry as it is typed: ``line Ann 12 30 B4``, ``jackpot Ann 7``, ``end``."""
        kind = str(entry.get("type"))
        seat = entry.get("seat")
        if not isinstance(seat, int) or not 0 <= seat < len(self.names):
            return kind
        name = self.names[seat]
        if kind == "counts":
            tokens = int(entry.get("tokens", 0))
            named = entry.get("named")
            if isinstance(named, list) and named:
                # As typed: the tokens one by one.
                return f"counts {name} {entry.get('pile')} " + "".join(f"{t:+d}" for t in named)
            return f"counts {name} {entry.get('pile')}" + (f" {tokens:+d}" if tokens else "")
        return f"{kind} {name} {entry.get('cards')}"

    def _read(self, text: str, old: dict[str, Any], ledger: LineitLedger) -> dict[str, Any]:
        """A typed line as the entry in the place of ``old``, checked on ``ledger`` (the game
        as it stood before it) by the same reading as a new entry."""
        words = text.split()
        kept = self.ledger
        self.ledger = ledger
        ledger.check_piles_from_now()
        try:
            self._enter(words[0].lower(), words[1:])
        finally:
            self.ledger = kept
        return dict(ledger.entries[-1])

    def _enter(self, head: str, rest: list[str]) -> Entered:
        ledger = self.ledger
        if head == "end":
            if rest:
                raise NotationError("'end' takes nothing more")
            return ledger.end()
        if head not in ("line", "jackpot", "counts"):
            raise NotationError(f"{head!r} is not an entry")
        if not rest:
            raise NotationError(f"say whose: {head} NAME ...")
        seat = self._seat(rest[0], head)
        args = rest[1:]
        if head == "line":
            if not args:
                raise NotationError("give the line's cards in the order added")
            return ledger.enter_line(seat, parse_cards(" ".join(args)))
        if head == "jackpot":
            if not args:
                raise NotationError("give the jackpot's number of cards, e.g. jackpot Ann 7")
            return ledger.enter_jackpot(seat, _pile(args))
        # The tokens may be typed apart (+4 -3), each then with its sign; none: nothing to add.
        # The pile is a count, never signed; numbers side by side are never joined (2 3 is
        # not 23).
        signed = len(args) <= 2 or all(w[:1] in ("+", "-") for w in args[1:])
        if not args or not signed or args[0][:1] in ("+", "-"):
            raise NotationError(
                "give the score pile, then the tokens if any: counts Ann 23 +4-3 (or counts Ann 23)"
            )
        typed = "".join(args[1:])
        terms = re.findall(r"[+-]?[0-9]{1,4}", typed)  # longer numbers: no token, a sum
        named = None
        if len(terms) > 1 and "".join(terms) == typed:  # tokens one by one, not their sum
            named = [int(t) for t in terms]
            check_tokens(named)
        tokens = parse_number(typed) if typed else 0
        return ledger.enter_counts(seat, parse_number(args[0]), tokens, named)

    def _seat(self, word: str, head: str) -> int:
        example = f"{head} {self.names[0]} {word[:12]} ..."  # the rest of the line: ...
        whose = NotationError(f"say whose first, by name ({', '.join(self.names)}): {example}")
        found = seats_named(word, self.names)
        if len(found) == 1 and self.names[found[0]].casefold() == word.casefold():
            return found[0]  # a whole name, even one that starts like a number (2pac, -x)
        if word[:1] in "+-" or is_digits(word):
            # Cards and counts are numbers (no name is one), so a number where the name goes
            # is one of them typed without the name: ask for the name rather than guess (a
            # number is never taken for the start of a name either).
            raise whose
        if len(found) == 1:
            return found[0]
        if found:
            raise NotationError(
                f"{clip(word)} could be {' or '.join(self.names[i] for i in found)}"
            )
        try:
            parse_card(word)
        except NotationError:
            raise NotationError(not_a_player(word, self.names)) from None
        raise whose

    def _report(self, entered: Entered) -> None:
        self.console.say("  " + describe(entered, self.names))
        ledger = self.ledger
        if entered.kind == "jackpot" and entered.seat is not None:
            seat = entered.seat
            ahead = ledger.piles[seat] - ledger.taken[seat] - ledger.excused[seat]
            if ahead > 0:
                # Allowed (a pile is often counted as it is taken), but checked at the end.
                self.console.say(
                    f"  (no scored line of {self.names[seat]}'s took it yet: enter the line "
                    "that took it before the end, or fix this entry)"
                )
        taken = rules.jackpots_in(entered.line.cards) if entered.line is not None else []
        seat = entered.seat or 0
        # Piles entered so far (some keepers enter a pile as it is taken) against the jackpots
        # the player's scored lines took: remind only of the piles still to enter.
        missing = min(len(taken), self.ledger.taken[seat] - self.ledger.piles[seat])
        if missing > 0:
            # The line's total leaves its jackpots out: a pile's size is entered on its own.
            how = f"jackpot {self.names[seat]} N"
            if missing < len(taken):
                said = f"{missing} of the line's {len(taken)} jackpot piles still to enter: {how}"
            elif missing == 1:
                said = f"the line's total leaves the jackpot out: enter its pile with {how}"
            else:
                said = f"the line's total leaves the jackpots out: enter each pile with {how}"
            self.console.say(f"  {said}")
        if entered.kind != "end" and not self.ledger.over:  # the result says the totals then
            self._totals()

    def _totals(self) -> None:
        ledger = self.ledger
        given = {e.seat for e in ledger.done if e.kind == "counts"}
        shown = ", ".join(
            f"{n} {t}" if ledger.mode != "counts" or s in given else f"{n} - (no counts yet)"
            for s, (n, t) in enumerate(zip(self.names, ledger.totals))
        )
        self.console.say(f"  scores: {shown}")

    def _result(self) -> None:
        winners = [self.names[i] for i in self.ledger.winners]
        self._totals()
        if len(winners) == 1:
            lead = ahead_of(self.names, list(self.ledger.totals), self.ledger.winners[0])
            best = max(self.ledger.totals)
            self.console.say(self.style.good(f"{winners[0]} wins with {best}{lead}."))
        else:
            self.console.say(
                self.style.good(
                    f"{' and '.join(winners)} share the win with {max(self.ledger.totals)}."
                )
            )

    def _undo(self) -> None:
        if self._corrections.undo_last() is not None:  # the last change was a correction
            return
        try:
            undone = self.ledger.undo()
        except IllegalActionError as exc:
            self.console.say(f"  {refusal(exc)}")
            return
        self.journal.append(self.ledger.entries[-1])
        what = undone["type"]
        if "seat" in undone:
            what += f" for {self.names[undone['seat']]}"
        if undone["type"] == "line":
            what += f" ({undone['cards']})"
        self.console.say(f"  Undone: {what}.")
        self._totals()

    def show(self, *, owed: bool = True) -> None:
        """The sheet so far; with ``owed``, the jackpot piles still to enter, as a game
        resumed (or ``show``) would otherwise not say."""
        ledger = self.ledger
        mode = {"lines": "line by line", "counts": "by end counts", None: "nothing entered yet"}
        self.console.say(self.style.bold(f"Line-it, {mode[ledger.mode]}."))
        if ledger.mode == "counts":
            given = {e.seat: e for e in ledger.done if e.kind == "counts"}
            rows = [
                [name, given[s].pile, f"{given[s].tokens:+d}", ledger.totals[s]]
                if s in given
                else [name, "-", "-", "-"]
                for s, name in enumerate(self.names)
            ]
            table = render(["player", "score pile", "tokens", "score"], rows, width=self._width())
            for text in table.splitlines():
                self.console.say("  " + text)
            corrected_note(self.journal.session, self.console, "  ", starred=False)
            return
        rows = []
        for seat, name in enumerate(self.names):
            lines = ledger.lines_of(seat)
            rows.append(
                [
                    name,
                    len(lines),
                    sum(line.points for line in lines),
                    ledger.jackpots_of(seat),
                    f"{ledger.tokens_of(seat):+d}",
                    ledger.totals[seat],
                ]
            )
        headers = ["player", "lines", "line points", "jackpots", "tokens", "score"]
        for text in render(headers, rows, width=self._width()).splitlines():
            self.console.say("  " + text)
        # What the table still owes the sheet, said again wherever the table is shown (a game
        # resumed, show): the jackpots a player's lines took whose piles are not entered.
        for seat, name in enumerate(self.names):
            if owed and ledger.taken[seat] > ledger.piles[seat] and not ledger.over:
                self.console.say(
                    f"  {name}'s lines took {counted(ledger.taken[seat], 'jackpot')} and "
                    f"{counted_are(ledger.piles[seat], 'pile')} entered: enter each pile still "
                    f"to come with jackpot {name} N"
                )
        corrected_note(self.journal.session, self.console, "  ", starred=False)

    def _width(self) -> int | None:
        """Room for a table indented by two."""
        columns = self.console.columns()
        return None if columns is None else columns - 2


def _pile(words: list[str]) -> int:
    """A jackpot pile's cards from the words after the name: one number or a sum (``4 + 3``).

    Numbers side by side are not a sum: ``5 6`` would be two piles (one entry each), never 56.
    """
    text = " ".join(words)
    try:
        return parse_number(text)
    except NotationError:
        if len(words) > 1 and all(is_digits(w) for w in words):
            raise NotationError(
                f"{clip(text)} is {len(words)} numbers: enter one jackpot pile per entry "
                f"(a pile counted in parts is a sum: {cut('+'.join(words), 24)})"
            ) from None
        raise
