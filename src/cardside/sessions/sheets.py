"""Derived scores: ask the game's sheet to replay a session's entries, and compare.

A game's ``games/<game>/sheet.py`` must offer ``build(session) -> Sheet`` (the full replay).
Everything else it may declare, and each has a default for a game that declares nothing:

- ``Sheet.results``: the games won inside the session (Schnapsen: each match); default: a
  finished session is one game, won by its winners.
- ``UNIT``: what one of those is called ("match"); default "game".
- ``outcomes(session)``: the results statistics tally for the commonest; default: the round
  that decided each finished game.
- ``chart_scale(session)``: each column's start and target for the chart; default: 0 up to
  the highest total.
- ``bot_kind(session, kind)``: a seat's kind as statistics name its bot; default: the kind.
- ``progress(session, ascii=...)``: lines telling what an unfinished session has entered
  beyond its rows, cards in letters when ``ascii``; default: none.
- ``standing(session)``: where an unfinished session stands when its totals do not say (a kept
  Schnapsen match's countdown), as a label and a count per column; default: none.
- ``RunningSheet(session)``: the sheet updated entry by entry for kept sessions (``add`` and
  ``sheet``); default: the whole session replayed on every entry.
"""

from __future__ import annotations

import dataclasses
import heapq
import operator
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple, Protocol

from cardside.core import corrections
from cardside.core.errors import SessionError
from cardside.core.record import EntryError, Result, RoundRow, Session, Sheet
from cardside.core.schema import cut
from cardside.games.registry import GAMES


@contextmanager
def _checked(session: Session) -> Iterator[None]:
    """Turn a game's complaint about the entries into a SessionError naming the file."""
    try:
        yield
    except EntryError as exc:
        raise SessionError(session.path or session.name, _blamed(session, exc)) from None
    except ValueError as exc:
        raise SessionError(session.path or session.name, f"impossible session: {exc}") from None
    except (LookupError, TypeError, AttributeError, ArithmeticError) as exc:
        # The schema admits only well-typed values; this is a combination the rules never make.
        problem = f"impossible session ({type(exc).__name__}: {cut(str(exc))})"
        raise SessionError(session.path or session.name, problem) from None


def _blamed(session: Session, exc: EntryError) -> str:
    """``entry N: reason``, naming the correction where entry N stands as a correction made
    it (the correction is what does not fit, not the entry first typed)."""
    if not corrections.has_corrections(session.entries):
        return str(exc)
    try:
        fixed = corrections.in_force(session.entries).fixed
    except EntryError:
        return str(exc)
    if exc.index not in fixed:
        return str(exc)
    return f"entry {fixed[exc.index]}: as it corrects entry {exc.index}, {exc.reason}"


def compute(session: Session) -> Sheet:
    """Replay the entries with the game's rules; an impossible entry is a SessionError."""
    sheet_module = GAMES[session.game].module("sheet")
    with _checked(session):
        if session.mode == "keep" and corrections.has_corrections(session.entries):
            force = corrections.in_force(session.entries)
            with _renumbered(force.numbers, len(session.entries)):
                built = sheet_module.build(corrections.view(session, force.entries))
            return complete(_Renumber(session, force).sheet(built))
        return complete(sheet_module.build(session))


def complete(sheet: Sheet) -> Sheet:
    """Fill what a game's sheet may leave out: a finished session is one game won."""
    if not sheet.results and sheet.status == "finished":
        last = sheet.rounds[-1].number if sheet.rounds else 0
        sheet.results = [Result(1, list(sheet.winners), list(sheet.totals), last)]
    return sheet


def apply(session: Session, sheet: Sheet) -> None:
    """Store a sheet's derived fields on the session."""
    session.columns = sheet.columns
    session.rounds = sheet.rounds
    session.totals = sheet.totals
    session.status = sheet.status
    session.winners = sheet.winners
    session.results = sheet.results


def refresh(session: Session) -> Sheet:
    """Recompute the derived fields and store them on the session."""
    sheet = compute(session)
    apply(session, sheet)
    return sheet


class Running(Protocol):
    """A sheet kept up to date entry by entry (what a session being written uses)."""

    def add(self, entry: dict[str, Any]) -> None:
        """Take one more entry into account (raises EntryError or ValueError if impossible)."""

    def sheet(self) -> Sheet:
        """The sheet as it stands after the entries so far."""


class _Replaying:
    """The fallback for a game without a running sheet: replay every entry each time."""

    def __init__(self, session: Session, build: Callable[[Session], Sheet]) -> None:
        self.session = session
        self.build = build
        self._sheet = build(session)

    def add(self, entry: dict[str, Any]) -> None:
        # The journal has appended the entry to the session already.
        self._sheet = self.build(self.session)

    def sheet(self) -> Sheet:
        return self._sheet


def running(session: Session) -> Running:
    """A running sheet over the session's entries so far (replaying them all once).

    A game's sheet module may offer ``RunningSheet(session)`` for kept sessions: it updates
    its rows and totals per entry, so an entry costs the same at any length of session.
    Played sessions, and games without one, replay the whole session on every entry.
    """
    module = GAMES[session.game].module("sheet")
    factory = getattr(module, "RunningSheet", None)
    with _checked(session):
        if session.mode == "keep" and corrections.has_corrections(session.entries):
            return _Corrected(session, factory or module.build)
        if factory is not None and session.mode == "keep":
            return factory(session)  # type: ignore[no-any-return]
        return _Replaying(session, module.build)


@contextmanager
def _renumbered(numbers: list[int], last: int) -> Iterator[None]:
    """Report an EntryError of the game's view (entries in effect only) by the number the
    entry has in the file (``last`` for one beyond those in effect: the entry being added)."""
    try:
        yield
    except EntryError as exc:
        number = numbers[exc.index - 1] if 0 < exc.index <= len(numbers) else last
        raise EntryError(number, exc.reason, order=exc.order) from None


class _Renumber:
    """Rows of a game's view of the entries in effect, numbered as in the file, each marked
    with the correction in force for one of the entries that made it."""

    def __init__(self, session: Session, force: corrections.InForce) -> None:
        self.force = force
        self.by_entry = GAMES[session.game].row_name(session.mode) == "entry"
        # The game's rows last seen and their copies as shown: rows that are the very same
        # objects keep their copies, so a long session costs little per entry and the file's
        # text is rendered again only from the first row that changed.
        self.seen: list[RoundRow] = []
        self.shown: list[RoundRow] = []
        # An entry taken back alone (undo N) moved every entry after it that was typed before
        # the undo: a row made of several of those (a round of tricks) changed, and is marked
        # with the latest such undo. A row of one entry (a deal) only moved up: not marked.
        self.moved = _moved_by_removals(force)
        # A correction also changes rows its entry is not part of (a trick typed wrong moves
        # the rounds after it): the rows each one changed, found by building the sheet just
        # before it and just after it.
        self.changed = _changed_by_fixes(session, force)
        # Every correction of an entry, not only the one in force: a row lists them all.
        self.fixes: dict[int, set[int]] = {}
        for fix, entry in force.corrects.items():
            self.fixes.setdefault(entry, set()).add(fix)

    def sheet(self, sheet: Sheet) -> Sheet:
        numbers = self.force.numbers
        rounds = self.rows(sheet.rounds)
        results = [
            dataclasses.replace(r, round=numbers[r.round - 1])
            if self.by_entry and 0 < r.round <= len(numbers)
            else r
            for r in sheet.results
        ]
        return dataclasses.replace(sheet, rounds=rounds, results=results)

    def rows(self, rows: list[RoundRow]) -> list[RoundRow]:
        numbers, fixed = self.force.numbers, self.force.fixed
        same = min(len(rows), len(self.seen))
        if not all(map(operator.is_, rows[:same], self.seen[:same])):
            same = next(i for i, (a, b) in enumerate(zip(rows, self.seen)) if a is not b)
        out = self.shown[:same]
        previous = next((r.entry for r in reversed(rows[:same]) if r.entry), 0)
        for row in rows[same:]:
            copy = dataclasses.replace(row)
            marks: set[int] = set()
            made_by: list[int] = []
            if 0 < row.entry <= len(numbers):
                made_by = numbers[previous : row.entry]
                marks = {fixed[n] for n in made_by if n in fixed}
                marks |= {f for n in made_by for f in self.fixes.get(n, ())}
                if len(made_by) > 1 and self.moved:
                    marks |= {self.moved[n] for n in made_by if n in self.moved}
                copy.entry = numbers[row.entry - 1]
                if self.by_entry and row.number == row.entry:
                    copy.number = copy.entry
                previous = row.entry
            copy.corrected = max(marks, default=0)
            changed = self.changed.get(_row_key(made_by, row), set())
            copy.corrections = tuple(sorted(marks | changed))
            out.append(copy)
        self.seen, self.shown = list(rows), out
        return list(out)


#: The entries replayed at most to find the rows each correction changed (two builds of the
#: entries before it, a correction; the latest corrections first): a long file with many
#: corrections costs a fraction of a second, no more. Past it, a row is marked by the
#: corrections of its own entries only.
MOST_REPLAYED = 50_000


#: A row as the correction marks know it: ``("entry", N)`` for the row whose first entry is
#: entry N of the file (which stays the row's as later entries join it, or earlier ones are
#: taken back and the rows renumbered), ``("row", N)`` for a row the sheet made of no entry.
RowKey = tuple[str, int]


#: The rows each correction changed, worked out once for the correction's entry (the very
#: object a session being kept holds): the entries before a correction, and so what it
#: changed, never change, as a file is only added to. Keyed by the entry's id, with the
#: entry and its place kept to tell it from another that took the id.
_FIX_ROWS: dict[int, tuple[dict[str, Any], int, frozenset[RowKey]]] = {}
_FIX_ROWS_KEPT = 20_000


def _changed_by_fixes(session: Session, force: corrections.InForce) -> dict[RowKey, set[int]]:
    """Each row and the corrections (``fix N``, not ``undo N``, whose rows move up) that
    changed its scores: the sheet just before each correction and just after it, compared
    row by row."""
    module = GAMES[session.game].module("sheet")
    changed: dict[RowKey, set[int]] = {}
    budget = MOST_REPLAYED
    for number in sorted(force.corrects, reverse=True):
        # The same corrections are weighed however often the file is worked out: those
        # remembered count against the limit as those worked out now do.
        budget -= 2 * number
        if budget < 0:
            break
        entry = session.entries[number - 1]
        known = _FIX_ROWS.get(id(entry))
        if known is None or known[0] is not entry or known[1] != number:
            try:
                before = _scores_by_row(module, session, number - 1)
                after = _scores_by_row(module, session, number)
            except (EntryError, SessionError, ValueError):
                continue  # a file the sheet refuses says so elsewhere
            rows = frozenset(r for r, scores in after.items() if before.get(r) != scores)
            if len(_FIX_ROWS) >= _FIX_ROWS_KEPT:
                _FIX_ROWS.clear()
            known = _FIX_ROWS[id(entry)] = (entry, number, rows)
        for row in known[2]:
            changed.setdefault(row, set()).add(number)
    return changed


def _scores_by_row(module: Any, session: Session, upto: int) -> dict[RowKey, list[int]]:
    """The scores of each row of the sheet of the file's first ``upto`` entries."""
    force = corrections.in_force(session.entries[:upto])
    sheet = module.build(corrections.view(session, force.entries))
    out: dict[RowKey, list[int]] = {}
    previous = 0
    for row in sheet.rounds:
        out[_row_key(force.numbers[previous : row.entry], row)] = list(row.scores)
        previous = max(previous, row.entry)
    return out


def _row_key(made_by: list[int], row: RoundRow) -> RowKey:
    """The key of a row made of the file's entries ``made_by``."""
    return ("entry", made_by[0]) if row.entry and made_by else ("row", row.number)


def _moved_by_removals(force: corrections.InForce) -> dict[int, int]:
    """Each entry in effect that an undo N moved (taken back after it, typed before the
    undo) and the latest such undo: one sweep over the entries, the undos in a heap."""
    pending = sorted(force.removed.items())  # (entry taken back, the undo), by entry
    heap: list[int] = []  # the undos (negated) of the entries taken back before this one
    moved: dict[int, int] = {}
    i = 0
    for number in force.numbers:
        while i < len(pending) and pending[i][0] < number:
            heapq.heappush(heap, -pending[i][1])
            i += 1
        while heap and -heap[0] <= number:
            heapq.heappop(heap)  # an undo made before this entry was typed moved nothing
        if heap:
            moved[number] = -heap[0]
    return moved


class _Corrected:
    """The running sheet of a kept session holding corrections: the game's own running sheet
    over the entries in effect, built again after each undo or correction."""

    def __init__(self, session: Session, factory: Callable[[Session], Any]) -> None:
        self.session = session
        self.factory = factory
        self._rebuild()

    def _rebuild(self) -> None:
        """Build again from every entry (changing nothing if one of them does not fit)."""
        force = corrections.in_force(self.session.entries)
        with _renumbered(force.numbers, len(self.session.entries)):
            inner = self.factory(corrections.view(self.session, force.entries))
        self.force, self.inner = force, inner
        self.renumber = _Renumber(self.session, force)

    def add(self, entry: dict[str, Any]) -> None:
        # The journal has appended the entry to the session already.
        if entry.get("type") == "undo" or corrections.is_correction(entry):
            self._rebuild()
            return
        number = len(self.session.entries)
        with _renumbered(self.force.numbers, number):
            if isinstance(self.inner, Sheet):  # a game without a running sheet
                entries = [*self.force.entries, entry]
                self.inner = self.factory(corrections.view(self.session, entries))
            else:
                self.inner.add(entry)
        self.force.numbers.append(number)
        self.force.entries.append(entry)

    def sheet(self) -> Sheet:
        inner = self.inner if isinstance(self.inner, Sheet) else self.inner.sheet()
        return self.renumber.sheet(inner)


def advance(session: Session, sheet: Running, entry: dict[str, Any]) -> None:
    """Add an entry to a running sheet and store the new derived fields on the session."""
    with _checked(session):
        sheet.add(entry)
        apply(session, complete(sheet.sheet()))


def mismatches(session: Session, sheet: Sheet | None = None) -> list[str]:
    """Every place where the stored totals disagree with the totals the entries give
    (``sheet``: the entries' sheet, when already computed)."""
    sheet = sheet or compute(session)
    found: list[str] = []
    if session.columns != sheet.columns:
        found.append(f"columns are {session.columns}, the players give {sheet.columns}")
    stored = {r.number: r for r in session.rounds}
    fresh = {r.number: r for r in sheet.rounds}
    if renumbered(session, sheet):
        # Kept Line-it rows were numbered 1, 2, 3... before they took their entry's place in
        # the file: such a file's rows are compared in order (its next save renumbers them).
        stored = {b.number: a for a, b in zip(session.rounds, sheet.rounds)}
    row = GAMES[session.game].row_name(session.mode)  # round, deal or entry
    counts = Counter(r.number for r in session.rounds)
    for number in sorted(n for n, c in counts.items() if c > 1):
        found.append(f"{row} {number} is in the stored table {counts[number]} times")
    for number in sorted(set(stored) | set(fresh)):
        a, b = stored.get(number), fresh.get(number)
        if a is None:
            found.append(f"{row} {number} is missing from the stored table")
        elif b is None:
            found.append(f"{row} {number} is in the stored table but no entries make it")
        else:
            if a.scores != b.scores:
                found.append(f"{row} {number}: stored scores {a.scores}, entries give {b.scores}")
            if a.totals != b.totals:
                found.append(f"{row} {number}: stored totals {a.totals}, entries give {b.totals}")
            # A file written before rows named their match has none (0) to compare.
            if a.match and a.match != b.match:
                found.append(f"{row} {number}: stored match {a.match}, entries give {b.match}")
    if session.totals != sheet.totals:
        found.append(f"totals: stored {session.totals}, entries give {sheet.totals}")
    if session.status != sheet.status:
        found.append(f"status: stored {session.status!r}, entries give {sheet.status!r}")
    if sorted(session.winners) != sorted(sheet.winners):
        found.append(f"winners: stored {session.winners}, entries give {sheet.winners}")
    return found


def seen_undos(session: Session) -> list[int]:
    """The undos of a played game (their entry numbers) that took back what the player had
    seen, so that the game no longer counts in ratings, the league or records: those whose
    entry says so, and those the replay finds to have (a file need not say it)."""
    marked = {
        number
        for number, e in enumerate(session.entries, 1)
        if e.get("type") == "undo" and e.get("seen") is True
    }
    if session.mode != "play" or not any(e.get("type") == "undo" for e in session.entries):
        return sorted(marked)
    found: list[int] = []
    try:
        GAMES[session.game].module("sheet").replay_state(session, seen=found)
    except (SessionError, ValueError, LookupError, TypeError, AttributeError, ArithmeticError):
        pass  # a file that does not replay is said so elsewhere; the undos found so far count
    return sorted(marked | set(found))


def renumbered(session: Session, sheet: Sheet | None = None) -> bool:
    """Whether a kept Line-it session's rows are numbered 1, 2, 3... as an earlier cardside
    numbered them, where its entries now number them by their place in the file."""
    if session.game != "lineit" or session.mode != "keep":
        return False
    fresh = (sheet or compute(session)).rounds
    numbers = [r.number for r in session.rounds]
    return (
        len(numbers) == len(fresh)
        and numbers == list(range(1, len(numbers) + 1))
        and numbers != [r.number for r in fresh]
    )


def unit_of(game: str) -> str:
    """What the game counts as one game won or lost (a sheet module's ``UNIT``; "game")."""
    return str(getattr(GAMES[game].module("sheet"), "UNIT", "game"))


def outcomes(session: Session) -> list[str]:
    """The results of a session that statistics tally to find the commonest.

    A game's sheet module may say with ``outcomes(session)`` (e.g. the game points of each
    Schnapsen deal); otherwise each finished game counts by the round that decided it.
    """
    hook = getattr(GAMES[session.game].module("sheet"), "outcomes", None)
    if hook is not None:
        return [str(label) for label in hook(session)]
    return [f"decided in round {r.round}" for r in session.results]


def chart_scale(session: Session) -> list[tuple[int, int]]:
    """Where each column's running total starts and what it aims for (the chart's scale).

    From the game's ``chart_scale(session)``; otherwise 0 up to the highest total reached.
    """
    hook = getattr(GAMES[session.game].module("sheet"), "chart_scale", None)
    if hook is not None:
        return [(int(a), int(b)) for a, b in hook(session)]
    top = max((max(r.totals, default=0) for r in session.rounds), default=0)
    return [(0, max(top, 1))] * len(session.columns)


def has_targets(game: str) -> bool:
    """True when the game's sheet says where each column's total aims (``chart_scale``)."""
    return hasattr(GAMES[game].module("sheet"), "chart_scale")


def progress(session: Session, *, ascii: bool = True) -> list[str]:
    """What an unfinished session has entered beyond its rows (the game's ``progress``), its
    cards in letters when ``ascii``."""
    hook = getattr(GAMES[session.game].module("sheet"), "progress", None)
    if hook is None:
        return []
    with _checked(session):
        return [str(line) for line in hook(session, ascii=ascii)]


def standing(session: Session) -> tuple[str, list[int]] | None:
    """Where an unfinished session stands beyond its totals, as a label and one count per
    column (the game's ``standing``): a kept Schnapsen match's countdown."""
    hook = getattr(GAMES[session.game].module("sheet"), "standing", None)
    if hook is None:
        return None
    with _checked(session):
        found = hook(session)
    return None if found is None else (str(found[0]), [int(n) for n in found[1]])


def bot_kind(session: Session, kind: str) -> str:
    """A seat's kind as statistics name its bot (the game's ``bot_kind``): a Schnapsen
    searching bot's with its level when not ``normal``; else the kind as it is."""
    hook = getattr(GAMES[session.game].module("sheet"), "bot_kind", None)
    if hook is None:
        return kind
    with _checked(session):
        return str(hook(session, kind))


def variant(session: Session) -> str | None:
    """The variant a game's rating and records keep apart (the game's ``variant``): a
    LinesBeta grid's difficulty and length (``normal full``); none elsewhere."""
    hook = getattr(GAMES[session.game].module("sheet"), "variant", None)
    if hook is None:
        return None
    with _checked(session):
        return str(hook(session))


def highlights(session: Session) -> list[tuple[str, int, int, int]]:
    """The feats the records look for, as (what, column, value, row number).

    From the game's ``highlights(session)`` (a Line-it jackpot); otherwise, where the game's
    sheet names its ``BEST_ROW`` (IOTA's ``best turn``), each row's score in each column.
    """
    module = GAMES[session.game].module("sheet")
    hook = getattr(module, "highlights", None)
    if hook is not None:
        with _checked(session):
            return [(str(w), int(c), int(v), int(r)) for w, c, v, r in hook(session)]
    what = getattr(module, "BEST_ROW", None)
    if what is None:
        return []
    return [
        (str(what), column, score, row.number)
        for row in session.rounds
        for column, score in enumerate(row.scores)
        if column not in row.unplayed
    ]


class Misfit(NamedTuple):
    """A later entry that no longer fits a correction: its number, why, whether it still
    replays but no longer fits the game as a whole (``late``: no new text of it can help), and
    whether it is now out of turn (``order``: no new text of the same player's entry can
    help)."""

    number: int
    reason: str
    late: bool = False
    order: bool = False


def misfit(
    session: Session,
    number: int,
    entry: dict[str, Any] | None,
    original: Session | None = None,
) -> Misfit | None:
    """Replay a kept session with ``entry`` in the place of entry ``number`` (in effect), or
    without that entry when ``entry`` is None: ``None`` if every later entry in effect still
    fits, else the first that no longer does and why. Raises EntryError (numbered
    ``number``) if ``entry`` itself does not fit there. ``original``: the session as saved,
    where ``session`` holds corrections still being agreed (the game's whole-game check
    compares with what was saved)."""
    force = corrections.in_force(session.entries)
    place = force.place(number)
    if place is None:
        raise EntryError(number, "that entry is not in effect")
    instead = [] if entry is None else [entry]
    entries = [*force.entries[:place], *instead, *force.entries[place + 1 :]]
    module = GAMES[session.game].module("sheet")
    factory = getattr(module, "RunningSheet", None) or module.build
    # A game may also name a later entry that replays but no longer fits the game as a whole
    # (a Line-it end that leaves a jackpot pile without the line that took it).
    late = getattr(module, "late_misfit", None)
    saved = original or session
    try:
        factory(corrections.view(session, entries))
        found = None
        if late is not None:
            before = corrections.view(saved, corrections.in_force(saved.entries).entries)
            whole = late(before, corrections.view(session, entries))
            # (index, why), or with whether the game as a whole no longer fits (the default).
            found = None if whole is None else (whole[0], whole[1], whole[2:3] != (False,), False)
    except EntryError as exc:
        found = exc.index, exc.reason, False, exc.order
    except (ValueError, LookupError, TypeError, AttributeError, ArithmeticError) as exc:
        raise EntryError(number, cut(str(exc))) from None
    if found is None:
        return None
    index, reason, whole_game, order = found
    at = index - 1 + (entry is None)  # where the entry stood before the change
    if at <= place or at >= len(force.numbers):
        raise EntryError(number, reason)
    return Misfit(force.numbers[at], reason, whole_game, order)


def over_before(session: Session, number: int) -> bool:
    """Whether the kept game was over before entry ``number`` (in effect), so that no entry
    can stand in its place; False where the entries before it do not replay."""
    force = corrections.in_force(session.entries)
    place = force.place(number)
    upto = force.entries[: place if place is not None else len(force.entries)]
    module = GAMES[session.game].module("sheet")
    try:
        return bool(module.build(corrections.view(session, upto)).status == "finished")
    except (ValueError, LookupError, TypeError, AttributeError, ArithmeticError):
        return False


def ledger_before(session: Session, number: int) -> Any:
    """The game's ledger of a kept session as it stood just before entry ``number`` (in
    effect), where a correction of that entry is read."""
    force = corrections.in_force(session.entries)
    place = force.place(number)
    upto = force.entries[: place if place is not None else len(force.entries)]
    module = GAMES[session.game].module("sheet")
    with _checked(session):
        return module.replay_ledger(corrections.view(session, upto))


def row_label(session: Session, row: RoundRow) -> int | str:
    """A row's name in a score table: its number, or ``end`` for the lines a played Line-it
    game scores at its end (the file numbers that row one past the last round, which was never
    played)."""
    if session.game == "lineit" and session.mode == "play" and row.note.startswith("end: "):
        return "end"
    return row.number
