"""``fix N``: correct an earlier entry of a kept session, at any keep prompt.

The correction is saved as a new entry that takes the place of entry N; the game is replayed
from there. Where a later entry no longer fits, the keeper is told which and why, and chooses
between taking back the entries from there on (they stay in the file, taken back), correcting
that entry as well (both corrections saved at once: a card wrong in a hand and in the trick
that played it) and cancelling. Each game gives only how an entry reads as typed and how a
typed line reads as an entry; the rest is here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardside.core import corrections
from cardside.core.arith import is_digits
from cardside.core.errors import EntryError
from cardside.core.record import Result, Session
from cardside.core.schema import cut
from cardside.games.registry import GAMES
from cardside.sessions import sheets
from cardside.tui.console import QUIT_WORDS, Console, refusal
from cardside.tui.grammar import agree

if TYPE_CHECKING:
    from cardside.sessions.journal import Journal

#: An entry (as saved) as the line a keeper types to make it.
TextOf = Callable[[dict[str, Any]], str]
#: A typed line as the entry that replaces ``old``, read against the game's ledger as it stood
#: before it (raises ValueError with the reason).
Read = Callable[[str, dict[str, Any], Any], dict[str, Any]]

USAGE = "fix takes an entry's number: fix 3, or fix 3 and its new text"
UNDO_USAGE = "undo alone takes back the last entry; undo 3 takes back entry 3 alone"
#: How many entries ``fix`` alone lists (the latest).
LISTED = 12
#: How many entries to take back are named one by one.
NAMED = 20
#: How many of them the question to take them back lists: few, so that the reason the first
#: no longer fits stays in sight above the question.
ASKED_NAMED = 5
TAKE = ("t", "take", "take back", "takeback", "y", "yes")
FIX = ("f", "fix")
CANCEL = ("", "c", "cancel", "n", "no")


class LeftUnchanged(ValueError):
    """Raised by a game's reading of a new text when the keeper left its questions without
    an answer (Schnapsen ``fix N ask``, then cancel): the entry stays as it was."""


class QuitAsked(Exception):
    """``quit`` typed at one of a correction's questions: the correction is cancelled (said
    so) and the keeper leaves, as quit does at every prompt; the prompt's loop says saved."""


def fix_command(line: str) -> str | None:
    """What follows ``fix`` when ``line`` is a fix command (``""`` for ``fix`` alone), else
    None."""
    words = line.split(maxsplit=1)
    if not words or words[0].lower() != "fix":
        return None
    return words[1].strip() if len(words) > 1 else ""


@dataclass
class Corrector:
    """``fix N`` and ``undo N`` at one keep prompt: how the game writes an entry as typed
    (``text_of``) and reads a typed line as an entry (``read``), and ``after``, the keep
    rebuilding its ledger from the file and redrawing its sheet once a correction is saved
    (before the lines saying what was corrected, so that they stay in sight below a long
    sheet)."""

    console: Console
    journal: Journal
    text_of: TextOf
    read: Read
    after: Callable[[], None] | None = None
    #: Whether two entries say the same (an Octrix hand is a set: its cards in any order);
    #: equal entries always do.
    same: Callable[[dict[str, Any], dict[str, Any]], bool] | None = None
    #: What else the correction changed that only the game can tell (an Octrix trick of the
    #: round under way now won by another, a Schnapsen match now won), as whole sentences
    #: said after the rows changed; asked once ``after`` ran.
    said: Callable[[], list[str]] | None = None
    #: Words that enter the entry afresh through the game's questions (Schnapsen ``ask``):
    #: an entry so entered is unchanged only when equal, not when it merely reads the same.
    fresh: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # An entry read from a file may hold tabs or line breaks where one typed has spaces:
        # listed, shown and offered for editing on one line, as it is read.
        written = self.text_of

        def text_of(entry: dict[str, Any]) -> str:
            try:
                return " ".join(written(entry).split())
            except (ValueError, LookupError, TypeError, ArithmeticError) as exc:
                # An entry a correction replaced need not read (a file edited by hand): it
                # is named by its reason, and whatever would bring it back is refused.
                return f"(an entry that does not read: {cut(str(exc), 60)})"

        self.text_of = text_of

    def fix(self, args: str) -> bool:
        """Run ``fix ARGS``; ``True`` when a correction was saved. Every refusal is one line;
        nothing is saved without an answer."""
        console, journal, text_of = self.console, self.journal, self.text_of
        session = journal.session
        force = corrections.in_force(session.entries)
        head, *rest = args.split(maxsplit=1) or [""]
        text = rest[0].strip() if rest else ""
        if not head:
            _list(console, session, force, text_of)
            return False
        if head.lower() == "all" and not text:
            _list(console, session, force, text_of, everything=True)
            return False
        word = GAMES[session.game].row_name(session.mode)
        if head.lower() == word and word != "entry":
            _list_row(console, session, force, text_of, text)
            return False
        number = self._target(head, force, "fix")
        if number is None:
            return False
        old = force.entries[force.numbers.index(number)]
        old_text = text_of(old)
        where = _where(session, number, force)
        if number in force.fixed:
            again = f"corrected at entry {force.fixed[number]}"
            where = f" ({where[2:-1]}, {again})" if where else f" ({again})"
        console.say(f"  Entry {number}{where}: {old_text}")
        other = _row_meant(session, number)
        if other is not None and not text:  # asked for the new text: the row's entry named
            console.say(f"  ({other[0]} is entry {other[1]}: fix {other[1]}; Enter leaves this)")
        offered = old_text
        while True:
            new = self._new_entry(number, old, old_text, offered, text)
            if new is None or isinstance(new, dict):
                break
            if not console.interactive:
                # Piped input: the next line is the next entry, never a new text; refused.
                return False
            # Refused at a terminal: asked again, what was typed offered to mend.
            offered, text = new, ""
        if new is None:
            return False
        done = f"Entry {number} corrected: {text_of(new)} (was {old_text})."
        if text_of(new) == old_text:  # answered afresh: the same result by another way
            done = f"Entry {number} corrected (its result as before: {old_text})."
        return self._commit(number, new, done, "Taken back")

    def _new_entry(
        self, number: int, old: dict[str, Any], old_text: str, offered: str, text: str
    ) -> dict[str, Any] | str | None:
        """Entry ``number``'s new content from ``text``, or asked for with ``offered`` to edit
        when none; ``None`` when nothing is to change (said why), the text typed when it was
        refused (said why), so that it can be asked for again."""
        console, session = self.console, self.journal.session
        asked = not text  # typed at the prompt that offers the text to edit
        if not text:
            while True:
                keeps = "Enter or cancel keeps it" if offered == old_text else "cancel keeps it"
                answer = console.ask(f"New text for entry {number} ({keeps}): ", default=offered)
                # Ctrl-C (or the end of input) leaves, as at every keep prompt.
                word = "quit" if answer is None else _word_after(answer, offered)
                if word not in ("help", "?", "h", "show"):
                    break
                console.say(
                    f"  type entry {number}'s new text as at the keep prompt (it is: {old_text}); "
                    f"{keeps}; quit leaves"
                    + (
                        "; show works at the keep prompt, once this is done"
                        if word == "show"
                        else ""
                    )
                )
            if word in QUIT_WORDS:
                console.say("  Nothing changed.")
                raise QuitAsked
            if answer is None or word in ("", "cancel"):
                console.say("  Nothing changed.")
                return None
            text = answer.strip()
        if " ".join(text.split()) == " ".join(old_text.split()):
            console.say(f"  Entry {number} is unchanged.")
            return None
        try:
            new = self.read(text, old, sheets.ledger_before(session, number))
        except LeftUnchanged:
            console.say(f"  Nothing changed: entry {number} is still {old_text}.")
            return None
        except ValueError as exc:
            return self._refused(exc, text, offered, old_text, number, old, asked=asked)
        # The same entry, or one that reads the same: a deal entered through the questions
        # typed again as its result keeps its questions' answers.
        was = corrections.content(old)
        reads_same = self.text_of(new) == old_text and text.lower() not in self.fresh
        if new == was or reads_same or (self.same and self.same(new, was)):
            console.say(f"  Entry {number} is unchanged.")
            return None
        return new

    def _refused(
        self,
        exc: ValueError,
        text: str,
        offered: str,
        old_text: str,
        number: int,
        old: dict[str, Any],
        *,
        asked: bool,
        session: Session | None = None,
    ) -> str:
        """Say why ``text`` (typed for entry ``number``, at a prompt that offered ``offered``
        when ``asked``) was refused; the text to offer next: what was typed, or, when a whole
        entry was typed on after the text left on the line (``8C 3H8D 3H``, where a mend adds
        to it: ``8D 3``, ``Ann 23``), what was typed after it."""
        console = self.console
        kept = " ".join(offered.split())
        typed = " ".join(text.split())
        after = typed[len(kept) :]
        slip = (
            asked
            and console.interactive
            and bool(kept)
            and typed.startswith(kept)
            and after[:1] not in ("", " ")
            and len(after.split()) >= 2
        )
        held = "the old text" if offered == old_text else "the text refused before"
        if slip and self._reads(after, old, number, session):
            said = f"{exc}; the line still held {held}: offered now is what was typed after it"
            console.say(f"  {refusal(said)}")
            return after
        reason = f"{exc}; the line still held {held}: edit it, or clear it first"
        console.say(f"  {refusal(reason if slip else exc)}")
        return text

    def _reads(
        self, text: str, old: dict[str, Any], number: int, session: Session | None = None
    ) -> bool:
        """Whether ``text`` reads as an entry in entry ``number``'s place (in ``session``, by
        default the journal's)."""
        try:
            self.read(text, old, sheets.ledger_before(session or self.journal.session, number))
        except ValueError:
            return False
        return True

    def remove(self, args: str) -> bool:
        """Run ``undo N``: take back entry N alone (a line typed twice, or by mistake), the
        later entries replayed without it; ``True`` when saved. A later entry that no longer
        fits is named and taken back with those after it (or corrected) only on the keeper's
        word, as for ``fix``. Where entry N is a correction, the correction is taken back:
        the entry it corrected reads again as before it."""
        session = self.journal.session
        force = corrections.in_force(session.entries)
        head = args.strip()
        if is_digits(head) and _entry_number(head) in force.corrects:
            if not self._entry_meant(_entry_number(head), force):
                return False
            return self._unfix(_entry_number(head), force)
        number = self._target(head, force, "undo")
        if number is None or not self._entry_meant(number, force):
            return False
        old_text = self.text_of(force.entries[force.numbers.index(number)])
        done = f"Entry {number} taken back{_where(session, number)}: {old_text}."
        return self._commit(number, None, done, "Taken back with it")

    def _entry_meant(self, number: int, force: corrections.InForce) -> bool:
        """Where another entry made the sheet's row of the same number (``deal 6`` is entry 7
        once a correction was entered: a correction is an entry too), ask at a terminal
        whether ``undo`` means entry ``number``; ``True`` to go on. Piped input reads the numbers
        as entries, as documented, without a question."""
        entries = self.journal.session.entries
        other = _row_meant(self.journal.session, number)
        advised = _ADVISED.pop(id(self.journal), None)
        if other is None or not self.console.interactive or advised == (number, len(entries)):
            return True  # the entry just named for a row, nothing entered since: meant so
        row, entry = other
        texts = dict(zip(force.numbers, force.entries))
        if number in force.corrects:
            this = f"the correction of entry {force.corrects[number]}"
        else:
            this = f"{self.text_of(texts[number])}{_where(self.journal.session, number)}"
        question = (
            f"  Entry {number} is {this}; {row} is entry {entry} "
            f"({self.text_of(texts[entry])}). Take back entry {number}? [y/n]: "
        )
        while True:
            answer = self.console.ask(question)
            word = "quit" if answer is None else " ".join(answer.lower().split())
            if word in QUIT_WORDS:
                self.console.say("  Nothing changed.")
                raise QuitAsked
            if word in ("y", "yes"):
                return True
            if word in ("", "n", "no", *CANCEL):
                self.console.say(f"  Nothing changed; undo {entry} takes back {row}.")
                _ADVISED[id(self.journal)] = (entry, len(entries))
                return False
            self.console.say(
                f"  {refusal(f'answer y to take back entry {number}, or n (Enter) to leave it')}"
            )

    def undo_last(self) -> bool | None:
        """Plain ``undo`` when the last change was a correction (``fix N`` or ``undo N``):
        that change is what the keeper takes back. ``None`` when the last entry is no
        correction (the game's own undo then takes back its last entry)."""
        entries = self.journal.session.entries
        if (
            not entries
            or not corrections.is_correction(entries[-1])
            or corrections.UNDOES in entries[-1]
        ):
            return None
        force = corrections.in_force(entries)
        number = len(entries)
        if corrections.is_removal(entries[-1]):
            target = entries[-1][corrections.FIXES]
            was = corrections.in_force(entries[:-1])
            text = self.text_of(was.entries[was.numbers.index(target)])
            self.console.say(
                "  "
                + refusal(
                    f"the last change was undo {target} (entry {target}: {text}), which "
                    "cannot be undone; type that entry again as a new one, or undo N "
                    "to take back another entry"
                )
            )
            return False
        return self._unfix(number, force)

    def _unfix(self, number: int, force: corrections.InForce) -> bool:
        """Take back correction ``number`` of an entry: the entry reads again as it did
        before that correction (saved as one more correction, marked ``undoes``); ``True``
        when saved. Corrections saved together with it (a card wrong in a hand and in the
        trick that played it), which fit only together, are taken back together."""
        session = self.journal.session
        entries = session.entries
        refused = self._not_undoable(number, force)
        if refused:
            self.console.say(f"  {refusal(refused)}")
            return False
        target = force.corrects[number]
        previous = self._before(number, force)
        now = self.text_of(force.entries[force.numbers.index(target)])
        group = _saved_with(session, number)
        if len(group) > 1:
            try:
                fits_alone = sheets.misfit(session, target, previous, original=session) is None
            except EntryError:  # the entry itself no longer fits without the others
                fits_alone = False
            if not fits_alone:
                return self._unfix_group(group, force)
        done = (
            f"Correction at entry {number} taken back: entry {target} is "
            f"{self.text_of(previous)} again (was {now})."
        )
        return self._commit(
            target,
            previous,
            done,
            "Taken back with it",
            change=f"Without the correction at entry {number}",
            cancel=f"undo {number}" if entries[-1] is not entries[number - 1] else "the undo",
            undoes=number,
        )

    def _not_undoable(self, number: int, force: corrections.InForce) -> str:
        """Why correction ``number`` cannot be taken back, or ``""``."""
        target = force.corrects[number]
        entries = self.journal.session.entries
        if target in force.taken_back:
            return (
                f"entry {number} corrects entry {target}, which was taken back (at entry "
                f"{force.taken_back[target]}); type it again as a new entry"
            )
        if force.fixed.get(target) != number:
            latest = force.fixed[target]
            return (
                f"entry {number} corrects entry {target}, corrected again since at entry "
                f"{latest}: undo {latest} takes back that latest correction"
            )
        if entries[number - 1].get(corrections.TAKES_BACK):
            back = entries[number - 1][corrections.TAKES_BACK]
            return (
                f"the correction at entry {number} took back {_span(back)} with it, which no "
                f"undo brings back: fix {target} to correct entry {target} again, or undo N "
                "to take back another entry"
            )
        return ""

    def _before(self, number: int, force: corrections.InForce) -> dict[str, Any]:
        """What the entry correction ``number`` corrects read as just before it."""
        before = corrections.in_force(self.journal.session.entries[: number - 1])
        return corrections.content(before.entries[before.numbers.index(force.corrects[number])])

    def _unfix_group(self, group: list[int], force: corrections.InForce) -> bool:
        """Take back corrections ``group``, saved together, at once: every entry they
        corrected reads again as before them (they fitted only together, so the entries as
        they were before them fit again)."""
        entries = self.journal.session.entries
        removal = next((n for n in group if corrections.is_removal(entries[n - 1])), None)
        if removal is not None:
            taken = entries[removal - 1][corrections.FIXES]
            self.console.say(
                "  "
                + refusal(
                    f"the corrections at {_span(group)} were saved with undo {taken} (entry "
                    f"{removal}), which cannot be undone: fix the entries again, or undo N "
                    "to take back another entry"
                )
            )
            return False
        for number in group:
            refused = self._not_undoable(number, force)
            if refused:
                self.console.say(f"  {refusal(refused)}")
                return False
        pending = []
        said = []
        for number in group:
            target = force.corrects[number]
            previous = self._before(number, force)
            now = self.text_of(force.entries[force.numbers.index(target)])
            pending.append({**previous, corrections.FIXES: target, corrections.UNDOES: number})
            said.append(f"entry {target} is {self.text_of(previous)} again (was {now})")
        last = pending[-1]
        saved = self._save(
            last[corrections.FIXES],
            corrections.content(last),
            change=f"Without the corrections at {_span(group)}",
            cancel="the undo",
            undoes=group[-1],
            ahead=pending[:-1],
        )
        if saved is None:
            return False
        self.console.say(
            f"  Corrections at {_span(group)} (saved together) taken back: " + "; ".join(said) + "."
        )
        saved.report(self.console, self.journal, "Taken back with them")
        return True

    def _commit(
        self,
        number: int,
        new: dict[str, Any] | None,
        done: str,
        taken: str,
        *,
        change: str = "",
        cancel: str = "",
        undoes: int | None = None,
    ) -> bool:
        """Save the correction of entry ``number`` (as :meth:`_save`), then say ``done`` and
        what else it changed (``taken`` opens the line of the entries taken back with it)."""
        saved = self._save(number, new, change=change, cancel=cancel, undoes=undoes)
        if saved is None:
            return False
        self.console.say(f"  {done}")
        saved.report(self.console, self.journal, taken)
        return True

    def _target(self, head: str, force: corrections.InForce, verb: str) -> int | None:
        """The entry ``fix`` or ``undo`` (``verb``) names by ``head``, in effect; None when
        there is none such (said why, in one line)."""
        if not is_digits(head):
            self.console.say(f"  {refusal(USAGE if verb == 'fix' else UNDO_USAGE)}")
            return None
        number = _entry_number(head)
        problem = _not_fixable(self.journal.session.entries, force, number, verb)
        if problem:
            other = _row_meant(self.journal.session, number)
            if other is not None:
                problem += f" ({other[0]} is entry {other[1]}: {verb} {other[1]})"
            self.console.say(f"  {refusal(problem)}")
            return None
        return number

    def _save(
        self,
        number: int,
        new: dict[str, Any] | None,
        *,
        change: str = "",
        cancel: str = "",
        undoes: int | None = None,
        ahead: list[dict[str, Any]] | None = None,
    ) -> Saved | None:
        """Save ``new`` in the place of entry ``number`` (None: entry ``number`` taken back
        alone), asking first when a later entry no longer fits: take back the entries from there
        on, correct that entry too (asked for its new text, and so on for the next one that no
        longer fits) or cancel. Every correction is saved at once; None when nothing was saved
        (said why). ``change`` and ``cancel`` name the change in the question (an undo of a
        correction is no correction), ``undoes`` marks the correction an undo writes, and
        ``ahead`` are corrections saved with it, ahead of it (an undo of corrections saved
        together); later entries are checked against all of them."""
        console, journal = self.console, self.journal
        session = journal.session
        first: dict[str, Any] = {"type": "undo"} if new is None else dict(new)
        first[corrections.FIXES] = number
        if undoes is not None:
            first[corrections.UNDOES] = undoes
        pending = [*(ahead or []), first]
        saved = Saved()
        target, replacement = number, new
        if not change:
            change = "With this correction" if new is not None else f"Without entry {number}"
        while True:
            # The session with every correction agreed so far but the one being checked.
            trial = dataclasses.replace(session, entries=[*session.entries, *pending[:-1]])
            try:
                found = sheets.misfit(trial, target, replacement, original=session)
            except EntryError as exc:
                console.say(f"  {refusal(exc.reason)}")
                return None
            if found is None:
                break
            force = corrections.in_force(trial.entries)
            back = force.numbers[force.numbers.index(found[0]) :]
            agreed = dataclasses.replace(session, entries=[*session.entries, *pending])
            # Once the game is over before it, no new text of that entry could stand.
            unfixable = _unfixable(agreed, found)
            # undo N is no correction: the question names what it cancels.
            if not cancel:
                cancel = "the correction" if new is not None else f"undo {number}"
            answer = _ask_take_back(
                console, force, back, found, self.text_of, change, unfixable, cancel
            )
            if answer == "take":
                pending[-1][corrections.TAKES_BACK] = back
                saved.back = back
                break
            if answer == "fix":
                fixed = self._fix_later(agreed, found[0], found[1], cancel)
                if fixed is not None:
                    later, text, was = fixed
                    pending.append({**later, corrections.FIXES: found[0]})
                    saved.also.append((found[0], text, was))
                    target, replacement = found[0], later
                    change = f"With entry {found[0]} corrected too"
                    continue
            console.say("  Cancelled; nothing changed.")
            return None
        before = {r.number: list(r.scores) for r in session.rounds}
        rows_before = _rows_made(session)
        results = list(session.results)
        matches = {r.number: r.match for r in session.rounds}
        count = len(session.entries)
        named = self._named(session, pending) if new is not None else []
        for entry in pending[1:]:
            # Saved together: an undo takes them back together (see _saved_with).
            entry[corrections.TOGETHER] = True
        journal.extend(pending)
        if new is not None:
            saved.changed = _changed_rows(
                session, before, range(count + 1, count + 1 + len(pending)), named
            )
        else:
            saved.changed = _moved_rows(journal.session, rows_before, number)
        saved.decided = _decided(journal.session, results, matches, moved=new is None)
        if any(line.endswith("is no longer over") for line in saved.decided):
            saved.decided.extend(_taken_back_before(journal.session, count))
        if self.after is not None:
            self.after()
        if self.said is not None:
            saved.decided.extend(self.said())
        return saved

    def _named(self, session: Session, pending: list[dict[str, Any]]) -> list[str]:
        """The words (casefolded) of the corrections' new texts and of the entries they
        replace: the players a correction names."""
        force = corrections.in_force(session.entries)
        texts = []
        for entry in pending:
            texts.append(self.text_of(corrections.content(entry)))
            place = force.place(entry[corrections.FIXES])
            if place is not None:
                texts.append(self.text_of(force.entries[place]))
        return " ".join(texts).casefold().split()

    def _fix_later(
        self, session: Session, number: int, misfit: str, cancel: str = "the correction"
    ) -> tuple[dict[str, Any], str, str] | None:
        """Ask for the new text of entry ``number``, a later entry that no longer fits (why:
        ``misfit``), until one reads and fits there: (the new entry, its text, the old text),
        or None to cancel."""
        console, text_of = self.console, self.text_of
        force = corrections.in_force(session.entries)
        place = force.place(number)
        assert place is not None
        old = force.entries[place]
        old_text = text_of(old)
        offered = old_text
        while True:
            # Enter takes the text offered: the old one (which cannot stand) cancels; one
            # refused before is read again, as at the first prompt.
            # ``cancel`` names what goes: the correction, or undo N.
            keeps = "Enter or cancel cancels" if offered == old_text else "cancel cancels"
            answer = console.ask(
                f"New text for entry {number} ({keeps} {cancel}): ", default=offered
            )
            word = "quit" if answer is None else _word_after(answer, offered)
            if word in QUIT_WORDS:
                console.say("  Cancelled; nothing changed.")
                raise QuitAsked
            text = "" if answer is None else answer.strip()
            if answer is None or word in ("", "cancel"):
                return None
            if " ".join(text.split()) == " ".join(old_text.split()):
                # Enter on the old text offered for editing, or the same text typed again: it
                # still does not fit, so the correction goes, and the reason is said.
                console.say(f"  Entry {number} as it is does not fit: {misfit.rstrip('.')}.")
                return None
            if word in ("help", "?", "h", "show"):
                console.say(
                    f"  entry {number} no longer fits: type its new text as at the keep prompt "
                    f"(it was: {old_text}); both are then saved at once. {keeps} {cancel}; "
                    "quit cancels it and leaves"
                )
                continue
            try:
                new = self.read(text, old, sheets.ledger_before(session, number))
                sheets.misfit(session, number, new, original=self.journal.session)
            except LeftUnchanged:  # said "Cancelled; nothing changed" by the caller
                return None
            except EntryError as exc:
                console.say(f"  {refusal(exc.reason)}")
                offered = text
            except ValueError as exc:
                offered = self._refused(
                    exc, text, offered, old_text, number, old, asked=True, session=session
                )
            else:
                return new, text_of(new), old_text
            if not console.interactive:
                # Piped input, as at the first prompt: the next line is the next entry, so a
                # refused text cancels the correction, and says why.
                console.say(
                    f"  (piped input: a refused text is not asked for again; {cancel} goes)"
                )
                return None


@dataclass
class Saved:
    """What a saved correction changed besides its own entry."""

    #: Later entries corrected with it: (number, new text, old text).
    also: list[tuple[int, str, str]] = field(default_factory=list)
    #: The entries taken back with it.
    back: list[int] = field(default_factory=list)
    #: Scores a fix changed that its own entries do not say (a later IOTA turn scoring less
    #: once a card it built on moved, an Octrix trick won by another), as said; after undo N,
    #: the rows whose scores changed where rows are made of several entries (a LinesBeta
    #: round the later tricks moved into).
    changed: list[str] = field(default_factory=list)
    #: Games (matches) the correction left no longer over or decided elsewhere, and rows it
    #: moved into another match, as said.
    decided: list[str] = field(default_factory=list)

    def report(self, console: Console, journal: Journal, taken: str) -> None:
        """Say the later entries corrected, the rows that changed with them, the games it
        decided otherwise and the entries taken back (``taken`` opens that line)."""
        for number, text, was in self.also:
            console.say(f"  Entry {number} corrected: {text} (was {was}).")
        for row in self.changed[:NAMED]:
            console.say(f"  Changed with it: {row}.")
        for line in self.decided:
            console.say(f"  {line}.")
        if self.back:
            console.say(f"  {taken}: {_span(self.back)}{_again(journal)}.")


#: A row of the sheet: (its number, its scores, the entries that made it, its columns with
#: no turn yet).
RowOf = tuple[int, list[int], frozenset[int], tuple[int, ...]]


def _rows_made(session: Session) -> list[RowOf]:
    """The rows of the sheet with the file's numbers of the entries that made each."""
    numbers = corrections.in_force(session.entries).numbers
    place = {n: i for i, n in enumerate(numbers)}
    out: list[RowOf] = []
    start = 0
    for row in session.rounds:
        end = place.get(row.entry)
        if end is None or end < start:
            continue
        made = frozenset(numbers[start : end + 1])
        out.append((row.number, list(row.scores), made, tuple(row.unplayed)))
        start = end + 1
    return out


#: Per keep (its journal's id): the entry the question of ``undo N`` last named for a row, and
#: the number of entries then; ``undo`` of that entry next is not asked again.
_ADVISED: dict[int, tuple[int, int]] = {}


def _row_meant(session: Session, number: int) -> tuple[str, int] | None:
    """The sheet's row numbered ``number`` (``"deal 6"``) and the one entry that made it,
    where that entry is not entry ``number``: a keeper reading the sheet's numbers may mean
    the row. None where the numbers agree, a row is made of several entries (an Octrix round
    of tricks, an IOTA round of turns), or each entry is a row (Line-it)."""
    word = GAMES[session.game].row_name(session.mode)
    if word == "entry" or number < 1:
        return None
    for row_number, _, made, _ in _rows_made(session):
        if row_number == number and len(made) == 1 and number not in made:
            return f"{word} {number}", next(iter(made))
    return None


def _moved_rows(session: Session, before: list[RowOf], removed: int) -> list[str]:
    """After entry ``removed`` was taken back alone: the rows whose scores changed otherwise
    than by losing that entry (``round 3: You 2 (was 3)``: a LinesBeta trick taken back moves
    the later tricks into the rounds before). A row made of the same entries as before, moved
    up or not, or of the same but the one taken back, is not said."""
    word = GAMES[session.game].row_name(session.mode)
    made_before = {made for _, _, made, _ in before}
    was_by_number = {number: scores for number, scores, _, _ in before}
    out = []
    for number, scores, made, unplayed in _rows_made(session):
        if made in made_before or made | {removed} in made_before:
            continue
        was = was_by_number.get(number)
        if was is None:
            continue
        moved = [
            f"{name} {now} (was {old})"
            for i, (name, now, old) in enumerate(zip(session.columns, scores, was, strict=False))
            if now != old and i not in unplayed
        ]
        if moved:
            out.append(f"{word} {number}: {', '.join(moved)}")
    return out


def _changed_rows(
    session: Session, before: dict[int, list[int]], made: range, named: Sequence[str] = ()
) -> list[str]:
    """The scores a correction changed besides those its own entries say: ``round 2: Ann 3
    (was 5)``. A row holding one of the entries ``made`` changes by the correction itself,
    unless those entries (old and new texts, casefolded words ``named``) name players: then
    another player's change there is said (an IOTA turn later in the same round)."""
    word = GAMES[session.game].row_name(session.mode)
    names_players = any(name.casefold() in named for name in session.columns)
    numbers = corrections.in_force(session.entries).numbers
    out = []
    last = 0  # the last entry of the row before
    for row in session.rounds:
        first, last = last, row.entry
        was = before.get(row.number)
        if was is None or was == row.scores:
            continue
        own = row.corrected in made
        # A row of one entry is what that entry says; a row of several (an IOTA round: the
        # starter card and each player's turn) changes in ways the corrected one does not say.
        alone = row.entry == 0 or sum(first < n <= row.entry for n in numbers) == 1
        if own and not names_players and alone:
            continue
        # A column with no turn yet (its turn taken back with the correction) is said by the
        # line of the entries taken back, not as a score of 0.
        moved = [
            f"{name} {now} (was {old})"
            for i, (name, now, old) in enumerate(
                zip(session.columns, row.scores, was, strict=False)
            )
            if now != old and not (own and name.casefold() in named) and i not in row.unplayed
        ]
        if moved:
            out.append(f"{word} {row.number}: {', '.join(moved)}")
    return out


def _decided(
    session: Session, results: list[Result], matches: dict[int, int], moved: bool
) -> list[str]:
    """What a correction changed of the games won (``results``, before it) that the sheet
    redrawn does not say outright: a game no longer over, a game now won at another row or by
    another player, rows now counted in another match (``matches``: each row's match before).
    A game newly over is said by the sheet itself. After ``undo N`` (``moved``) the rows
    after the entry move up a number, so only a game no longer over is said."""
    unit = sheets.unit_of(session.game)
    word = GAMES[session.game].row_name(session.mode)
    numbered = any(r.match for r in session.rounds) or any(matches.values())
    now = {r.number: r for r in session.results}
    out: list[str] = []
    for old in results:
        game = f"{unit} {old.number}" if numbered else f"the {unit}"
        new = now.get(old.number)
        if new is None:
            out.append(f"{game[0].upper()}{game[1:]} is no longer over")
        elif not moved and (new.round, new.winners) != (old.round, old.winners):
            out.append(
                f"{game[0].upper()}{game[1:]} is now decided in {word} {new.round}: "
                f"{winners_said(new.winners)} (was {word} {old.round}: {winners_said(old.winners)})"
            )
    if moved or not numbered:
        return out
    had = {old.number for old in results}
    # A match newly decided is said here, unless it ends the game (the sheet says that).
    last = session.results[-1].number if session.results and session.finished else None
    for result in session.results:
        if result.number not in had and result.number != last:
            out.append(
                f"{unit[0].upper()}{unit[1:]} {result.number} is now decided in {word} "
                f"{result.round}: {winners_said(result.winners)}"
            )
    shifted: dict[int, list[int]] = {}
    for row in session.rounds:
        if row.number in matches and matches[row.number] != row.match:
            shifted.setdefault(row.match, []).append(row.number)
    for match, rows in shifted.items():
        span = f"{word} {rows[0]}" if len(rows) == 1 else f"{word}s {rows[0]} to {rows[-1]}"
        out.append(
            f"{span[0].upper()}{span[1:]} now count{'s' * (len(rows) == 1)} in {unit} {match}"
        )
    return out


def _taken_back_before(session: Session, count: int) -> list[str]:
    """The entries earlier corrections (among the file's first ``count`` entries) took back,
    still taken back: said when a game is no longer over, since a table often took back what
    followed the end of a game that a correction has now reopened. Only those of the
    corrections since the last entry typed: one typed after a take-back shows the table went
    on (what it took back typed again, or left out for good)."""
    force = corrections.in_force(session.entries)
    typed = [
        n
        for n, e in enumerate(session.entries[:count], 1)
        if not corrections.is_correction(e) and e.get("type") != "undo"
    ]
    since = max(typed, default=0)
    by: dict[int, list[int]] = {}
    for entry, taker in sorted(force.taken_back.items()):
        if since < taker <= count and taker in force.corrects:
            by.setdefault(taker, []).append(entry)
    return [
        f"Still taken back (with the correction at entry {taker}): {_span(entries)}; "
        "type again what still stands"
        for taker, entries in by.items()
    ]


def winners_said(winners: list[str]) -> str:
    """``Ann wins``, ``You win``, ``Ann and Cy win`` (partners, or a shared win)."""
    if not winners:
        return "no winner"
    return agree(" and ".join(winners), "win", plural=len(winners) > 1)


def _word_after(answer: str, old_text: str) -> str:
    """A line typed at a prompt that offers ``old_text`` for editing, lowercased, its spaces
    made single; a word typed after the old text left in place (``l c5T r2c5cancel``) is read
    as that word when it is one the prompt answers to."""
    text = " ".join(answer.lower().split())
    old = " ".join(old_text.lower().split())
    if old and text.startswith(old) and text != old:
        rest = text[len(old) :].strip()
        if rest in (*QUIT_WORDS, "cancel", "help", "?", "h", "show"):
            return rest
    return text


def _entry_number(digits: str) -> int:
    """The entry number typed; one too long to be an entry's is still a number, read as one
    past any (there is no such entry)."""
    return int(digits) if len(digits.lstrip("0")) <= 6 else 10**6


def _saved_with(session: Session, number: int) -> list[int]:
    """Correction ``number`` and the corrections saved in the same save as it, marked
    ``together`` (each with the one before it): the ones a keeper agreed to together."""
    entries = session.entries

    def joined(n: int) -> bool:  # entry n was saved with entry n - 1
        return 1 < n <= len(entries) and entries[n - 1].get(corrections.TOGETHER) is True

    first = number
    while joined(first):
        first -= 1
    last = number
    while joined(last + 1):
        last += 1
    return list(range(first, last + 1))


def _again(journal: Journal) -> str:
    """What to do after entries were taken back: type them again, unless the game is over."""
    return "" if journal.session.status == "finished" else "; type again what still stands"


def _not_fixable(
    entries: list[dict[str, Any]], force: corrections.InForce, n: int, verb: str = "fix"
) -> str:
    """Why entry ``n`` cannot be corrected (``verb`` ``"undo"``: taken back), or ``""``."""
    if not entries:
        return f"nothing to {verb} yet"
    if not 1 <= n <= len(entries):
        shown = n if n < 10**6 else "that large"
        return f"there is no entry {shown}: the entries are numbered 1 to {len(entries)}"
    if n in force.corrects:
        fixed = force.corrects[n]
        if fixed in force.taken_back:
            return (
                f"entry {n} corrects entry {fixed}, which was taken back (at entry "
                f"{force.taken_back[fixed]}); type it again as a new entry"
            )
        return f"entry {n} corrects entry {fixed}: fix {fixed} instead"
    if entries[n - 1].get("type") == "undo":
        return f"entry {n} is an undo; {verb} the entries in effect"
    if n in force.taken_back:
        if verb == "undo":
            return f"entry {n} was taken back already (at entry {force.taken_back[n]})"
        return (
            f"entry {n} was taken back (at entry {force.taken_back[n]}); "
            "type it again as a new entry"
        )
    return ""


def _list(
    console: Console,
    session: Session,
    force: corrections.InForce,
    text_of: TextOf,
    everything: bool = False,
) -> None:
    """``fix`` alone: the latest entries in effect with their numbers, and how to fix one;
    ``fix all`` (``everything``): every entry in effect."""
    if not force.numbers:
        # Entries undone or taken back are not in effect: they are typed again, not fixed.
        why = "nothing to fix: no entry is in effect" if force.taken_back else "nothing to fix yet"
        console.say(f"  {refusal(why)}")
        return
    pairs = list(zip(force.numbers, force.entries))
    shown = pairs if everything else pairs[-LISTED:]
    if len(shown) < len(pairs):
        word = GAMES[session.game].row_name(session.mode)
        row = f", fix {word} 2 those of {word} 2" if word != "entry" else ""
        console.say(
            f"  The last {len(shown)} entries in effect (of {len(pairs)}; "
            f"fix all lists them all{row}):"
        )
    else:
        console.say("  The entries in effect:")
    _say_entries(console, session, force, text_of, shown)


def _list_row(
    console: Console, session: Session, force: corrections.InForce, text_of: TextOf, text: str
) -> None:
    """``fix round 3`` (the game's word for a row): the entries in effect that went into that
    row of the score table (every match's row of that number)."""
    word = GAMES[session.game].row_name(session.mode)
    rows = session.rounds
    if not is_digits(text) or any(r.entry == 0 for r in rows):
        why = (
            f"fix {word} takes a {word}'s number: fix {word} 3"
            if not is_digits(text)
            else f"this sheet does not say which entries made each {word}; fix all lists them"
        )
        console.say(f"  {refusal(why)}")
        return
    wanted = _entry_number(text)
    spans: list[tuple[int, int]] = []
    after = 0
    for row in rows:
        if row.number == wanted:
            spans.append((after, row.entry))
        after = row.entry
    if wanted == len(rows) + 1 and session.status != "finished" and not any(r.match for r in rows):
        spans.append((after, max(force.numbers, default=after)))
    shown = [
        (n, e)
        for n, e in zip(force.numbers, force.entries)
        if any(low < n <= high for low, high in spans)
    ]
    if not shown:
        console.say(f"  {refusal(f'no entry in effect went into {word} {cut(text, 20)}')}")
        return
    console.say(f"  The entries in effect of {word} {wanted}:")
    _say_entries(console, session, force, text_of, shown)


def _say_entries(
    console: Console,
    session: Session,
    force: corrections.InForce,
    text_of: TextOf,
    shown: list[tuple[int, dict[str, Any]]],
) -> None:
    for number, entry in shown:
        mark = f"  (corrected at entry {force.fixed[number]})" if number in force.fixed else ""
        where = _where(session, number, force)
        console.say(f"  {number:>5}  {cut(text_of(entry), 70)}{where}{mark}")
    console.say(
        "  Type fix N to correct entry N, or fix N and its new text; undo N takes entry N back."
    )


def _where(session: Session, number: int, force: corrections.InForce | None = None) -> str:
    """The row of the score table that entry ``number`` went into, as ``" (deal 5, match 2)"``,
    ``" (round 3)"`` or ``" (the round under way)"``, and a trick's number in its round
    (``" (round 1, trick 6)"``: entry numbers count corrections too) given the entries in
    ``force``; ``""`` where each entry is a row of its own or the sheet does not say which
    entries made a row."""
    word = GAMES[session.game].row_name(session.mode)
    rows = session.rounds
    if word == "entry" or any(r.entry == 0 for r in rows):
        return ""
    after = 0
    for row in rows:
        if row.entry >= number:
            match = f", match {row.match}" if row.match else ""
            return f" ({word} {row.number}{match}{_trick(force, number, after)})"
        after = row.entry
    if session.status == "finished":
        return ""
    return f" (the {word} under way{_trick(force, number, after)})"


def _trick(force: corrections.InForce | None, number: int, after: int) -> str:
    """``", trick 6"`` for entry ``number`` if it is a trick: its place among the tricks in
    effect entered after entry ``after`` (the row before its own); else ``""``."""
    if force is None:
        return ""
    entries = dict(zip(force.numbers, force.entries, strict=True))
    if entries.get(number, {}).get("type") != "trick":
        return ""
    place = sum(1 for n, e in entries.items() if after < n <= number and e.get("type") == "trick")
    return f", trick {place}"


def _span(numbers: list[int]) -> str:
    if len(numbers) == 1:
        return f"entry {numbers[0]}"
    if len(numbers) == 2:
        return f"entries {numbers[0]} and {numbers[1]}"
    return f"entries {numbers[0]} to {numbers[-1]}" + (
        f" ({len(numbers)} in effect)" if numbers[-1] - numbers[0] + 1 != len(numbers) else ""
    )


def _unfixable(session: Session, found: sheets.Misfit) -> str:
    """Why no new text of the entry that no longer fits could mend it (``""`` if one may): the
    game was over before it, or what no longer fits is the game as a whole (a Line-it end
    after a pile no line took)."""
    if sheets.over_before(session, found.number):
        # A kept Schnapsen session ends with its last match.
        over = "the last match" if sheets.unit_of(session.game) == "match" else "the game"
        return f"{over} was over before it"
    if found.late:
        return "what no longer fits is the game as a whole, not how it was typed"
    if found.order:
        return "it is out of turn now, and a correction keeps whose entry it is"
    return ""


def _ask_take_back(
    console: Console,
    force: corrections.InForce,
    back: list[int],
    found: sheets.Misfit,
    text_of: TextOf,
    change: str = "With this correction",
    unfixable: str = "",
    cancel: str = "the correction",
) -> str:
    """Say which entry no longer fits and why, list those from there on, and ask: ``"take"``
    (take them back), ``"fix"`` (correct the entry that no longer fits; offered unless
    ``unfixable`` says why no text of it could) or ``"cancel"``."""
    console.say(f"  {change}, entry {found[0]} no longer fits: {found[1].rstrip('.')}.")
    console.say(
        "  It would be taken back with every entry in effect after it:"
        if len(back) > 1
        else "  It is the last entry in effect:"
    )
    texts = dict(zip(force.numbers, force.entries))
    for number in back[:ASKED_NAMED]:
        console.say(f"  {number:>5}  {cut(text_of(texts[number]), 70)}")
    if len(back) > ASKED_NAMED:
        console.say(f"  ... and {len(back) - ASKED_NAMED} more, to entry {back[-1]}")
    stay = "they stay" if len(back) > 1 else "it stays"
    fixable = not unfixable
    # Where the game was over before them, nothing of them is to be typed again.
    over = unfixable.endswith(" was over before it")
    kept = f"; {unfixable.removesuffix(' it')}" if over else ", to type again"
    offer = f"fix entry {found[0]} too, " if fixable else ""
    question = (
        f"Take back {_span(back)} ({stay} in the file, taken back{kept}), {offer}or cancel "
        f"{cancel}? [take back/{'fix/' if fixable else ''}cancel]: "
    )
    choices = "take back (or t), fix (or f)" if fixable else "take back (or t)"
    answers = f"answer {choices} or cancel (or c); Enter cancels; show lists the entries"
    while True:
        answer = console.ask(question)
        word = "quit" if answer is None else " ".join(answer.lower().split())
        if word in QUIT_WORDS:
            console.say("  Cancelled; nothing changed.")
            raise QuitAsked
        if answer is None or word in CANCEL:
            return "cancel"
        if word in TAKE:
            return "take"
        if word in FIX and fixable:
            return "fix"
        if word in FIX:
            console.say(
                "  "
                + refusal(
                    f"no text of entry {found[0]} can mend it: {unfixable}; "
                    "take back (or t) or cancel (or c)"
                )
            )
            continue
        if word == "show":
            # Every entry the answer would take back, and the reason again: the sheet itself
            # is shown at the keep prompt, once this is answered.
            console.say(f"  {change}, entry {found[0]} no longer fits: {found[1].rstrip('.')}.")
            for number in back:
                console.say(f"  {number:>5}  {cut(text_of(texts[number]), 70)}")
            continue
        if word in ("help", "?", "h"):
            fixing = (
                f"; fix (or f): type entry {found[0]}'s new text, both saved at once"
                if fixable
                else ""
            )
            console.say(
                "  take back (or t): the entries named are taken back with the change (they stay "
                f"in the file){fixing}; cancel (or c, or Enter): nothing changes; show: every "
                "entry it would take back (the sheet: cancel, then show)"
            )
            continue
        console.say("  " + refusal(answers))
