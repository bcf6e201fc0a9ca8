"""``iota keep``: line scoring with doubling for a game played with real cards."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from cardside.core.errors import IllegalActionError, NotationError
from cardside.games.iota.keep import IotaLedger, TurnReport, parse_entries
from cardside.games.iota.notation import format_card, parse_placements
from cardside.games.iota.sheet import replay_ledger
from cardside.sessions.journal import Journal
from cardside.tui.console import Console, not_understood, refusal
from cardside.tui.correcting import Corrector
from cardside.tui.grammar import ahead_of
from cardside.tui.iota.screen import IotaScreen
from cardside.tui.keeping import (
    corrected_note,
    corrected_rows,
    keep_command,
    offer_correction,
    say_saved,
    starred,
)
from cardside.tui.style import Style
from cardside.tui.table import render

#: Columns left on the prompt's line for typing a turn, where the first shows an example.
TYPING_ROOM = 30

#: Two cards for the first turn's example (the first pair without the starter among them).
FIRST_PLAYS = (("YS2", "RT3"), ("GC1", "BX4"))
HELP_QUICK = "\n".join(
    [
        "  Enter each turn as the values of the lines it made, then lot once per lot "
        "completed, all4 if all 4 cards were played, final for the last card of the game:",
        "    Ann 8 4 5 lot      → (8 + 4 + 5) × 2 (one lot) = 34",
        "  The name may be left out (the player whose turn it is). A line may be typed as "
        "its cards' numbers added up (4+3+1); any other sum is the lines it adds (8+4: lines "
        "of 8 and 4).",
        "  Ann pass for a pass; end when every player passed in a row with the pile empty.",
        "  commands: show (the sheet), undo (take back the last entry or fix), fix N (correct "
        "entry N; fix alone lists the latest, fix all every one, fix round 2 those of round 2), "
        "undo N (take back entry N alone), rules (the rules page), quit (saved), help",
    ]
)

HELP_GRID = "\n".join(
    [
        "  First the starter card, e.g. RC2 (it lies at 0,0). Then enter each turn as the "
        "cards played with their cells (x to the right, y upwards, from the starter); "
        "cardside counts each hand, so it knows the last card of the game (final is not "
        "needed):",
        "    Ann YS2 1,0 RT3 1,1",
        "  Ann swap GC3 1,0 swaps GC3 for the wild at 1,0 (before the play, which may follow "
        "on the same line: Ann swap GC3 1,0 W 2,0); Ann pass for a pass (the game ends "
        "by itself when every player passed in a row with the pile empty). cardside checks "
        "each play and scores it.",
        "  commands: show (the grid and the sheet), undo (take back the last entry or fix), fix N "
        "(correct entry N; fix alone lists the latest, fix all every one, fix round 2 those "
        "of round 2), undo N (take back entry N alone), rules (the rules page), quit "
        "(saved), help",
    ]
)


def entry_text(entry: dict[str, Any], names: Sequence[str]) -> str:
    """An entry as it is typed: ``Ann 8 4 5 lot``, ``Ann YS2 1,0 final``, ``Bob pass``."""
    kind = entry.get("type")
    if kind == "starter":
        return str(entry.get("card", ""))
    if kind == "end":
        return "end"
    seat = entry.get("seat")
    words = [names[seat]] if isinstance(seat, int) and 0 <= seat < len(names) else []
    if kind == "pass":
        words.append("pass")
    elif kind == "swap":
        words += ["swap", str(entry.get("card", "")), str(entry.get("cell", ""))]
    elif kind == "play":
        words.append(str(entry.get("cards", "")))
    else:
        words += [str(v) for v in entry.get("lines", [])]
        words += ["lot"] * int(entry.get("lots", 0)) + (["all4"] if entry.get("all4") else [])
    if entry.get("final"):
        words.append("final")
    return " ".join(words)


def read_entry(text: str, old: dict[str, Any], ledger: IotaLedger) -> dict[str, Any]:
    """A typed line as the entry in the place of ``old``, checked where it stands."""
    entries = parse_entries(text, ledger)
    if len(entries) != 1:
        raise NotationError("a swap and the play after it are two entries: correct each alone")
    seat, was = entries[0].get("seat"), old.get("seat")
    if seat != was and isinstance(seat, int) and isinstance(was, int):
        names = ledger.names
        raise NotationError(
            f"that entry is {names[was]}'s turn, not {names[seat]}'s: "
            "a correction keeps whose turn it was"
        )
    ledger.check_values_from_now().add(entries[0])
    return entries[0]


class KeepScreen:
    """Runs the keep prompt loop over a ledger, saving each entry to the journal."""

    def __init__(self, journal: Journal, ledger: IotaLedger, console: Console, style: Style):
        self.journal = journal
        self.ledger = ledger.check_values_from_now()
        self.console = console
        self.screen = IotaScreen(console, style, ledger.names)

    def run(self) -> str:
        """Ask for turns until the game is over (``"over"``) or the user quits (``"quit"``)."""
        say = self.console.say
        self.show()
        while True:
            while not self.ledger.over:
                if self._ask() == "quit":
                    say_saved(self.console, self.journal)
                    return "quit"
            if not offer_correction(self.console, self._undo, "game", self.show, self._corrections):
                break
        say(f"Game over; saved as {self.journal.name}.")
        return "over"

    def _prompt(self) -> str:
        ledger = self.ledger
        if ledger.needs_starter:
            return "Starter card (at 0,0): "
        if ledger.passed_out:
            return "Every player passed with the pile empty (end, or undo): "
        name = ledger.names[ledger.seat]
        after = " (after the swap)" if ledger.swapped else ""
        if not ledger.turns and not ledger.swapped:
            # The first turn shows how a turn is typed (help says the rest), where that leaves
            # room on the line to type it.
            play = self._first_play() if ledger.track_grid else "8 4 5 lot"
            example = f"{name}'s turn (e.g. {play}, or pass): "
            width = self.console.columns()  # None: not a terminal, no line to fit
            if width is None or len(example) + TYPING_ROOM <= width:
                return example
        return f"{name}'s turn{after}: "

    def _first_play(self) -> str:
        """A first play to show in the prompt, of two cards that are not the starter."""
        on = {format_card(c) for c in self.ledger.grid.values()}
        pair = next(p for p in FIRST_PLAYS if not on & set(p))
        return f"{pair[0]} 1,0 {pair[1]} 1,1"

    def _help(self) -> None:
        text = HELP_GRID if self.ledger.track_grid else HELP_QUICK
        if self.screen.style.ascii:
            text = text.replace("×", "x").replace("→", "->")
        self.console.say(text)

    def _ask(self) -> str | None:
        line = self.console.ask(self._prompt(), self._words)
        if line is None:
            return "quit"
        if not line:
            return None
        command = keep_command(
            line,
            help=self._help,
            show=self.show,
            undo=self._undo,
            say=self.console.say,
            names=self.ledger.names,
            fix=self._corrections.fix,
            remove=self._corrections.remove,
        )
        if command:
            return "quit" if command == "quit" else None
        noun = "a card" if self.ledger.track_grid else "a player"
        # A player's name is a known word even while the starter is awaited (Tab offers
        # only cards then): the entry's own reading says the starter comes first.
        unknown = not_understood(
            line, [*self._words(""), *self.ledger.names], noun, self.ledger.names
        )
        if unknown:
            self.console.say(f"  {unknown}")
            return None
        try:
            entries = parse_entries(line, self.ledger)
            if len(entries) > 1:  # a swap and its play: both go in, or neither
                trial = copy.deepcopy(self.ledger)
                for entry in entries:
                    trial.add(entry)
            reports = [self.ledger.add(entry) for entry in entries]
        except (NotationError, IllegalActionError) as exc:
            self.console.say(f"  {refusal(exc)}")
            return None
        for entry, report in zip(entries, reports):
            self.journal.append(entry)
            self._report(entry, report, last=entry is entries[-1])
        if self.ledger.passed_out and not self.ledger.over:
            # The grid shows the pile empty: the round of passes ends the game, as at the
            # table, saved as the end a keeper without the grid types.
            self.ledger.add({"type": "end"})
            self.journal.append(self.ledger.entries[-1])
            self.console.say("  Every player passed in a row with the pile empty: the end.")
        return None

    def _report(
        self, entry: dict[str, object], report: TurnReport | None, last: bool = True
    ) -> None:
        """What an entry did; the totals after the ``last`` of a line's entries."""
        say = self.console.say
        ledger = self.ledger
        if entry["type"] == "starter":
            say(f"  Starter {self.screen.card(ledger.grid[(0, 0)])} at 0,0.")
            return
        if report is not None:
            name = ledger.names[report.seat]
            if report.kind == "play":
                say(f"  {name}: {report.text}")
                for line in self.screen.lines(_scored(report), report.final):
                    say("  " + line)
            elif report.kind == "turn":
                text = report.breakdown()
                say(f"  {name}: {text.replace('×', 'x') if self.screen.style.ascii else text}")
            elif report.kind == "swap":
                say(f"  {name}: {report.breakdown()}")
            else:
                say(f"  {name} passes.")
        if not last:
            return
        say(f"  totals: {self.screen.scores(ledger.totals)}")
        if ledger.over:
            self._announce()

    def _announce(self) -> None:
        ledger = self.ledger
        how = "the last card" if ledger.end == "last card" else "every player passing"
        winners = [ledger.names[w] for w in ledger.winners]
        verb = "share the win" if len(winners) > 1 else "wins"
        best = max(ledger.totals)
        lead = ahead_of(ledger.names, list(ledger.totals), ledger.winners[0])
        said = f"{verb} with {best}" + (lead if len(winners) == 1 else "")
        self.console.say(
            self.screen.style.good(f"Game over ({how}): {' and '.join(winners)} {said}.")
        )

    def _words(self, typed: str) -> list[str]:
        if self.ledger.needs_starter:
            return [format_card(c) for c in range(64)] + ["W"]
        words = ["pass", "end", "undo", "fix", "show", "rules", "help", "quit", *self.ledger.names]
        if self.ledger.track_grid:
            on = set(self.ledger.grid.values())
            words += ["swap", "final"] + [format_card(c) for c in range(64) if c not in on]
        else:
            words += ["lot", "all4", "final"]
        return words

    @property
    def _corrections(self) -> Corrector:
        """``fix N`` and ``undo N``; the ledger is then read again from the file."""
        return Corrector(
            self.console,
            self.journal,
            lambda e: entry_text(e, self.ledger.names),
            read_entry,
            self._replayed,
        )

    def _replayed(self) -> None:
        """The ledger read again from the file after a correction, and shown, with the
        game's result when it is over (a correction may end it, or change who won)."""
        self.ledger = replay_ledger(self.journal.session).check_values_from_now()
        self.show()
        if self.ledger.over:
            self._announce()

    def _undo(self) -> None:
        if self._corrections.undo_last() is not None:  # the last change was a correction
            return
        try:
            undone = self.ledger.undo()
        except IllegalActionError as exc:
            self.console.say(f"  {refusal(exc)}")
            return
        self.journal.append(self.ledger.entries[-1])
        seat = undone.get("seat")
        who = f"{self.ledger.names[seat]}'s " if isinstance(seat, int) else "the "
        text = entry_text(undone, self.ledger.names)
        if isinstance(seat, int) and text.startswith(f"{self.ledger.names[seat]} "):
            text = text[len(self.ledger.names[seat]) + 1 :]  # whose it is is said already
        what = f"{who}{undone['type']}" + (f" ({text})" if text != undone["type"] else "")
        if self.ledger.passed_out:
            self.console.say(
                f"  Undone: {what}. Every player passed in a row with the pile "
                "empty: type end, or undo to take back the last pass."
            )
            return
        self.console.say(f"  Undone: {what}. {self._prompt().rstrip(': ')} next.")

    def show(self) -> None:
        ledger = self.ledger
        say = self.console.say
        if ledger.track_grid and ledger.grid:
            # The last play is starred, however many passes and swaps followed it.
            last = next((t for t in reversed(ledger.turns) if t.kind == "play"), None)
            marks = [(x, y) for _, x, y in parse_placements(last.text)] if last else []
            for line in self.screen.grid(ledger.grid, marks):
                say("  " + line)
            if marks and corrected_rows(self.journal.session):
                # The table below stars its corrected rows: the grid's star is named apart.
                say("  (on the grid, * marks the cards of the last play)")
        rounds = ledger.rounds()
        if rounds:
            rows = []
            totals = [0] * ledger.players
            marked = corrected_rows(self.journal.session)
            for number, turns in enumerate(rounds, 1):
                scores = [""] * ledger.players
                for t in turns:
                    totals[t.seat] += t.score
                    scores[t.seat] = "pass" if t.kind == "pass" else str(t.score)
                rows.append([starred(number, (0, number), marked), *scores])
            say(render(["round", *ledger.names], rows, width=self.console.columns()))
            corrected_note(self.journal.session, self.console)
        say(f"totals: {self.screen.scores(ledger.totals)}")
        if not ledger.over:
            say(f"next: {self._prompt().rstrip(': ')}")


def _scored(report: TurnReport):  # type: ignore[no-untyped-def]
    from cardside.games.iota.placement import Scored

    return Scored(report.lines, report.lots, report.all4)
