"""``schnapsen keep``: the match sheet for a game played with real cards."""

from __future__ import annotations

import shlex
from collections.abc import Callable
from typing import Any, TypeVar

from cardside.core.arith import parse_number
from cardside.core.errors import NotationError
from cardside.core.players import not_a_player, seat_named, seats_named
from cardside.core.schema import clip
from cardside.core.words import counted, counted_are
from cardside.games.schnapsen.keep import Ledger, LedgerError, LedgerRow, rule_reason, score
from cardside.games.schnapsen.notation import NOBODY
from cardside.games.schnapsen.rules import MATCH_START, match_winner
from cardside.games.schnapsen.sheet import (
    COUNTDOWN,
    MATCHES_WON,
    ledger_entry,
    replay_ledger,
    session_entry,
)
from cardside.sessions.journal import Journal
from cardside.tui.console import QUIT_WORDS, Console, not_understood, refusal
from cardside.tui.correcting import Corrector, LeftUnchanged, QuitAsked, fix_command
from cardside.tui.grammar import agree
from cardside.tui.keeping import (
    command_with_more,
    corrected_note,
    corrected_rows,
    dealer_named,
    offer_correction,
    play_only,
    say_saved,
    starred,
    undo_number,
)
from cardside.tui.style import Style
from cardside.tui.table import render

HELP = "\n".join(
    [
        "  Each deal, either type the winner and the game points, e.g. '{a} 2', or press Enter "
        "(or type 'ask') and answer what the table saw: who closed, who reached 66, the card "
        "points. Numbers may be sums, e.g. 11+10+4.",
        "  In the questions, 'undo' goes back one question and 'cancel' leaves them without "
        "saving.",
        "  commands: show (the table so far), undo (take back the last deal or fix), fix N "
        "(correct entry N as its winner and game points, e.g. fix 3 {a} 2, or fix 3 ask to "
        "answer its questions again; fix alone lists the latest, fix all every one, fix deal 2 "
        "those of deal 2), "
        "undo N (take back entry N alone), dealer NAME (NAME deals this deal, the deals "
        "alternating from there: for a first dealer set wrong), rules (the rules page), quit "
        "(saved), help",
    ]
)

QUESTION_HELP = (
    "  answer the question; 'undo' goes back one question (at the first: leaves the "
    "questions, the deals kept), 'cancel' leaves the questions with nothing entered, 'show' "
    "shows the table so far, 'quit' saves and leaves"
)
QUESTIONS_START = "  What the table saw (undo: back one question; cancel: leave the questions):"

COMMANDS = ("ask", "show", "undo", "fix", "dealer", "rules", "help", "quit")

#: What asks the questions of what the table saw, at the prompt and for ``fix N``.
ASK_WORDS = ("ask", "table")

T = TypeVar("T")


#: Columns left on the prompt's line for typing a deal, where the prompt shows an example.
TYPING_ROOM = 20

#: Said before a question for card points: a marriage's 20 or 40 counts in them, but only
#: once its player has a trick (until then it is pending and counts for nothing).
POINTS_NOTE = "  (card points include a marriage declared, once its player has taken a trick)"


class _Quit(Exception):
    """The user asked to quit (or the input ended) in the middle of the questions."""


class _Cancel(Exception):
    """The user left the questions; nothing was entered."""


class _Back(Exception):
    """The user typed undo in the questions: go back one question."""


class KeepScreen:
    """Runs the keep prompt loop over a ledger, saving each entry to the journal."""

    def __init__(
        self,
        journal: Journal,
        ledger: Ledger,
        console: Console,
        style: Style,
        matches: int = 0,
        first_dealer: int = 0,
    ) -> None:
        self.journal = journal
        self.ledger = ledger
        self.console = console
        self.style = style
        self.names = journal.session.player_names
        self.matches = matches
        self.first_dealer = first_dealer
        # The questions' answers: to give again after an undo, and given so far.
        self._replay: list[str] = []
        self._given: list[str] = []
        #: What a correction just saved decided: the session's last match won.
        self._ended: list[str] = []

    # -- the loop ----------------------------------------------------------------------------
    def run(self) -> str:
        """Ask for deals until the session's matches are played (``"over"``) or ``"quit"``."""
        self.status()
        while True:
            while not self.over:
                line = self.console.ask(self._prompt(), lambda _: [*self.names, *COMMANDS])
                if line is None or line.lower() in QUIT_WORDS:
                    return self._saved()
                try:
                    self._handle(line)
                except _Quit:
                    if self._given:
                        self.console.say(
                            "  The deal being entered is not saved: a deal is saved with its "
                            "last answer."
                        )
                    return self._saved()
                except _Cancel:
                    self.console.say("  Cancelled; nothing entered for this deal.")
                except QuitAsked:  # quit at a correction's question
                    return self._saved()
            # A session of one match is that match, as in play.
            what = "match" if self.matches == 1 else "session"
            if not offer_correction(self.console, self._undo, what, self.show, self._corrections):
                break
        self.console.say(f"{what.capitalize()} over; saved as {self.journal.name}.")
        # A name holding a comma (from a file written by hand) cannot be given to --names.
        if self.matches == 1 and not any("," in name for name in self.names):
            names = shlex.quote(",".join(self.names))
            self.console.say(
                f"Another match, in a new session: cardside schnapsen keep --names {names} "
                "(add --matches 0 to keep match after match in one session)."
            )
        return "over"

    def _saved(self) -> str:
        say_saved(self.console, self.journal)
        return "quit"

    @property
    def over(self) -> bool:
        return self.matches > 0 and sum(self.ledger.matches_won) >= self.matches

    def dealer(self, deal: int) -> str:
        """Who deals deal number ``deal`` (the deal passes in turn)."""
        return self.names[(self.first_dealer + deal - 1) % 2]

    def _prompt(self) -> str:
        deal = self.ledger.deals + 1
        head = f"Deal {deal}, {self.dealer(deal)} deals"
        full = f"{head} (e.g. {self.names[0]} 2, or Enter for questions): "
        width = self.console.columns()  # None: not a terminal, no line to fit
        if width is None or len(full) + TYPING_ROOM <= width:
            return full
        return f"{head} ({self.names[0]} 2, or Enter): "  # room left to type

    def _handle(self, line: str) -> None:
        word = line.lower()
        if (target := undo_number(line)) is not None and not self._names_one(line):
            self._corrections.remove(target)
            return
        more = command_with_more(line, self.names)
        if more is not None:
            self.console.say(f"  {more}")
            return
        if word in ("help", "?", "h"):
            self.console.say(HELP.format(a=self.names[0]))
        elif word in ("show", "score"):
            self.show()
        elif word == "undo":
            self._undo()
        elif (args := fix_command(line)) is not None and not self._names_one(line):
            self._corrections.fix(args)
        elif word.split()[:1] == ["dealer"] and not self._names_one(line):
            self._set_dealer(line.split(maxsplit=1)[1] if " " in line.strip() else "")
        elif (said := play_only(word)) is not None:
            self.console.say(said)
        elif word in ("", *ASK_WORDS):
            entry = self._table_entry()
            if entry is not None:
                self._add(entry)
        else:
            self._direct(line)

    def _set_dealer(self, text: str) -> None:
        """``dealer NAME``: NAME deals the deal being entered, the deal passing in turn from
        there, for a first dealer set wrong when the session began. Saved in the session's
        options, as no entry or score depends on who dealt."""
        deal = self.ledger.deals + 1
        if not text.strip():
            self.console.say(
                f"  Deal {deal}: {self.dealer(deal)} deals; dealer NAME says who does instead"
            )
            return
        seat = dealer_named(self.console, text, self.names)
        if seat is None:
            return
        first = (seat - (deal - 1)) % 2
        if first != self.first_dealer:
            self.first_dealer = first
            self.journal.session.options["first_dealer"] = first
            self.journal.save()
        first_deal = f" (deal 1 was {self.names[first]}'s)" if deal > 1 else ""
        self.console.say(
            f"  {self.names[seat]} deals deal {deal}, the deal passing in turn from there"
            f"{first_deal}."
        )

    # -- entering a deal ---------------------------------------------------------------------
    def _direct(self, line: str) -> None:
        words = line.split()
        unknown = not_understood(line, [*self.names, *COMMANDS], "a player", self.names)
        if unknown:
            self.console.say(f"  {unknown}")
            return
        if len(words) < 2:
            example = f"{clip(line)}: type a winner and game points, e.g. '{self.names[0]} 2'"
            self.console.say(f"  {refusal(example)}")
            return
        try:
            winner, points = self._winner_and_points(words)
        except NotationError as exc:
            self.console.say(f"  {refusal(exc)}")
            return
        self._add({"kind": "result", "winner": winner, "points": points})

    def _winner_and_points(self, words: list[str]) -> tuple[int, int]:
        """A deal typed as a winner and game points (``Ann 2``); a reason for anything else."""
        example = f"e.g. '{self.names[0]} 2'"
        try:
            points = parse_number(words[-1])
        except NotationError:
            raise NotationError(
                f"a deal is a winner and game points, {example}: "
                f"{clip(words[-1], 20)} is not a number of game points"
            ) from None
        try:
            return seat_named(" ".join(words[:-1]), self.names), points
        except NotationError:
            # "Ann wins 2": a player's name, then words that are not the points.
            for end in range(1, len(words) - 1):
                if len(seats_named(" ".join(words[:end]), self.names)) == 1:
                    raise NotationError(
                        f"a deal is a winner and game points only, {example}"
                    ) from None
            raise

    def _table_entry(self, *, fixing: bool = False) -> dict[str, Any] | None:
        """Ask what the table saw, and return it as a deal's entry; ``undo`` steps back a
        question by asking again from the start with the earlier answers given, all but the
        last (at the first question it leaves the questions: ``None``, said why unless
        ``fixing``, where the correction says it)."""
        self.console.say(QUESTIONS_START)
        given: list[str] = []
        while True:
            self._replay, self._given = list(given), []
            try:
                entry = self._table_questions()
            except _Back:
                if not self._given and fixing:
                    return None
                if not self._given:
                    # Leaving the questions, not taking back a deal saved before them: Enter
                    # pressed by mistake and then undo must not cost a deal.
                    self.console.say(
                        "  No earlier question: left the questions, nothing entered "
                        "(undo again takes back the last deal or fix)."
                    )
                    return None
                given = self._given[:-1]
                continue
            return entry

    def _table_questions(self) -> dict[str, Any]:
        a, b = self.names
        closer = self._ask_seat(f"  Who closed the stock? ({a}, {b} or nobody): ", nobody="nobody")
        reached = self._ask_seat(f"  Who reached 66? ({a}, {b} or nobody): ", nobody="nobody")
        entry: dict[str, Any] = {"kind": "table"}
        if closer is not None:
            entry["closer"] = closer
        if reached is not None:
            entry["reached_66"] = reached
        if closer is None and reached is None:
            last = self._ask_seat(f"  Who took the last trick? ({a} or {b}): ")
            entry["last_trick"] = last
        elif closer is None:
            assert reached is not None
            loser = self.names[1 - reached]
            self.console.say(POINTS_NOTE)
            entry |= self._ask_points(f"  {loser}'s card points at the end (0 if no trick): ")
        elif reached == closer:
            other = self.names[1 - closer]
            self.console.say(POINTS_NOTE)
            entry |= self._ask_points(
                f"  {other}'s card points when the stock was closed (0 if no trick yet): "
            )
        else:
            other = self.names[1 - closer]
            entry["opponent_trick"] = self._ask_yes(
                f"  Had {other} taken a trick when the stock was closed? (y/n): "
            )
        return entry

    def _answer(self, prompt: str, read: Callable[[str], T], expects: str) -> T:
        """Ask until ``read`` accepts the answer (it raises NotationError with the reason);
        ``help`` says what it ``expects``.

        Answers being given again after an undo are shown, not asked.
        """
        while True:
            if self._replay:
                line = self._replay.pop(0)
                self.console.say(f"{prompt}{line}")
            else:
                line = self._line(prompt, expects)
            try:
                value = read(line)
            except NotationError as exc:
                self.console.say(f"  {refusal(exc)}")
                continue
            self._given.append(line)
            return value

    def _line(self, prompt: str, expects: str) -> str:
        words = [*self.names, "no", "nobody", "undo", "cancel", "show"]
        while True:
            line = self.console.ask(prompt, lambda _: words)
            if line is None or line.lower() in QUIT_WORDS:
                raise _Quit
            if line.lower() == "cancel":
                raise _Cancel
            if line.lower() == "undo":
                raise _Back
            if (said := play_only(line)) is not None:
                self.console.say(said)
                continue
            if line.lower() == "show":  # the table so far; the question is asked again
                self.show()
                continue
            if line.lower() not in ("help", "?"):
                return line
            self.console.say(f"  {expects}")
            self.console.say(QUESTION_HELP)

    def _ask_seat(self, prompt: str, *, nobody: str | None = None) -> int | None:
        """A player named (or the start of a name); with ``nobody``, also that word (or
        another of :data:`NOBODY`) for no player."""
        choices = " or ".join(self.names)
        if nobody is not None:
            choices = f"{', '.join(self.names)} or {nobody}"

        def read(answer: str) -> int | None:
            if nobody is not None and answer.lower() in NOBODY:
                return None
            if not answer.strip():
                raise NotationError(f"answer with a name or the start of one ({choices})")
            seats = seats_named(answer, self.names)
            if len(seats) == 1:
                return seats[0]
            shown = clip(answer.strip(), 24)
            if seats:
                raise NotationError(f"{shown} could be {' or '.join(self.names[s] for s in seats)}")
            raise NotationError(not_a_player(answer, self.names, also=nobody))

        return self._answer(prompt, read, f"type {choices} (the start of a name will do)")

    def _ask_points(self, prompt: str) -> dict[str, Any]:
        def read(answer: str) -> int:
            points = parse_number(answer)
            if not 0 <= points < 66:
                raise NotationError(
                    f"card points here run from 0 to 65 (66 wins the deal), not {points}"
                )
            if 0 < points < 4:
                raise NotationError(f"a trick holds at least 4 card points, not {points}")
            return points

        points = self._answer(
            prompt,
            read,
            "type the card points, 0 to 65: the tricks' cards (Ace 11, Ten 10, King 4, Queen 3, "
            "Jack 2) and the marriages declared; a sum will do, e.g. 11+10+4",
        )
        return {"opponent_points": points, "opponent_trick": points > 0}

    def _ask_yes(self, prompt: str) -> bool:
        def read(answer: str) -> bool:
            if answer.lower() in ("y", "yes", "n", "no"):
                return answer.lower().startswith("y")
            raise NotationError("answer y or n")

        return self._answer(prompt, read, "type y (yes) or n (no)")

    def _add(self, entry: dict[str, Any]) -> None:
        try:
            row = self.ledger.add(entry)
        except LedgerError as exc:
            self.console.say(f"  {refusal(exc)}")
            return
        assert row is not None
        self.journal.append(session_entry(self.ledger.last_entry))
        self._report(row)

    def _report(self, row: LedgerRow) -> None:
        say = self.console.say
        winner = self.names[row.winner]
        say(
            self.style.good(
                f"  Deal {row.deal_no}: {agree(winner, 'win')} {counted(row.points, 'game point')}"
            )
            + f" ({rule_reason(row.rule)})."
        )
        won = match_winner(row.counts_after)
        say(f"  match {row.match_no} {COUNTDOWN}: {self._counts(row.counts_after)}")
        if won is not None:
            loser = self.names[1 - won]
            # A session of one match is that match: no tally of matches won.
            tally = f" {MATCHES_WON.capitalize()}: {self._counts(self.ledger.matches_won)}."
            say(
                self.style.good(
                    f"  {agree(winner, 'win')} match {row.match_no}; a Bummerl for {loser}."
                )
                + ("" if self.matches == 1 else tally)
            )
            if not self.over:
                say(f"  Match {row.match_no + 1} starts at {MATCH_START}:{MATCH_START}.")

    def _names_one(self, line: str) -> bool:
        """Whether ``line`` is a player's whole name and more (Fix 2, in a file kept before
        the word was refused as a name; ``fix`` alone is the command)."""
        words = line.split()
        return len(words) > 1 and words[0].lower() in {n.lower() for n in self.names}

    @property
    def _corrections(self) -> Corrector:
        """``fix N`` and ``undo N``; the ledger is then read again from the file."""
        return Corrector(
            self.console,
            self.journal,
            self._text_of,
            self._read,
            self._replayed,
            said=lambda: self._ended,
            fresh=ASK_WORDS,
        )

    def _replayed(self) -> None:
        """The ledger read again from the file after a correction, and shown; a correction
        that ends the session says who won its last match, as the deal typed would."""
        was_over = self.over
        self.ledger = replay_ledger(self.journal.session)
        self.show()
        self._ended = []
        last = self.ledger.last_row
        if self.over and not was_over and last is not None:
            won = match_winner(last.counts_after)
            if won is not None:
                loser = self.names[1 - won]
                self._ended.append(
                    f"{agree(self.names[won], 'win')} match {last.match_no}; a Bummerl for {loser}"
                )

    def _text_of(self, entry: dict[str, Any]) -> str:
        """A deal as it is typed: its winner and game points (``Ann 2``), however entered."""
        result = score(ledger_entry(entry))
        return f"{self.names[result.winner]} {result.points}"

    def _read(self, text: str, old: dict[str, Any], ledger: Ledger) -> dict[str, Any]:
        """A typed winner and game points as the deal in the place of ``old``; ``ask``
        answers the questions of what the table saw for it instead."""
        if text.lower() in ASK_WORDS:
            try:
                entry = self._table_entry(fixing=True)
            except _Quit:
                self.console.say(f"  Nothing changed: the deal is still {self._text_of(old)}.")
                raise QuitAsked from None
            except _Cancel:
                entry = None
            finally:
                self._given = []
            if entry is None:
                raise LeftUnchanged
            ledger.add(entry)
            return session_entry(entry)
        words = text.split()
        if len(words) < 2:
            raise NotationError(f"type a winner and game points, e.g. '{self.names[0]} 2'")
        winner, points = self._winner_and_points(words)
        entry = {"kind": "result", "winner": winner, "points": points}
        ledger.add(entry)
        return session_entry(entry)

    def _undo(self) -> None:
        if self._corrections.undo_last() is not None:  # the last change was a correction
            return
        last = self.ledger.last_row
        try:
            self.ledger.undo()
        except LedgerError as exc:
            self.console.say(f"  {refusal(exc)}")
            return
        assert last is not None
        self.journal.append(session_entry(self.ledger.last_entry))
        self.console.say(
            f"  Undone: deal {last.deal_no} ({self.names[last.winner]} {last.points})."
        )
        self.status()

    # -- showing -----------------------------------------------------------------------------
    def _counts(self, counts: tuple[int, int]) -> str:
        return f"{self.names[0]} {counts[0]}, {self.names[1]} {counts[1]}"

    def status(self) -> None:
        ledger = self.ledger
        if self.over:  # no next match to show: the session's matches are all played
            played = f"the session's {counted_are(self.matches, 'match')} played"
            text = f"{MATCHES_WON.capitalize()}: {self._counts(ledger.matches_won)}; {played}"
            if self.matches == 1:  # a session of one match is that match
                winner = self.names[ledger.matches_won.index(1)]
                text = f"The match is over: {agree(winner, 'win')} it."
            self.console.say(self.style.bold(text))
            return
        text = (
            f"Match {ledger.match_no} {COUNTDOWN}: {self._counts(ledger.counts)} "
            "(first to 0 wins the match)"
        )
        if any(ledger.matches_won):
            text += f"; {MATCHES_WON}: {self._counts(ledger.matches_won)}"
        if self.matches > 1:
            text += f"; a session of {counted(self.matches, 'match')}"
        self.console.say(self.style.bold(text))

    def show(self) -> None:
        rows = self.ledger.rows()
        if rows:
            marked = corrected_rows(self.journal.session)
            table = [
                [
                    starred(r.deal_no, (r.match_no, r.deal_no), marked),
                    r.match_no,
                    self.names[r.winner],
                    r.points,
                    r.counts_after[0],
                    r.counts_after[1],
                    r.rule_text,
                ]
                for r in rows
            ]
            self.console.say(
                render(
                    [
                        "deal",
                        "match",
                        "winner",
                        "game points",
                        f"{self.names[0]} {COUNTDOWN}",
                        f"{self.names[1]} {COUNTDOWN}",
                        "rule",
                    ],
                    table,
                    width=self.console.columns(),
                )
            )
            corrected_note(self.journal.session, self.console)
        else:
            self.console.say("Deals so far: none.")
        self.status()
