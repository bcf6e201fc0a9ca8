"""The score sheet of a saved Line-it session, derived from its entries alone.

A played game has one row per round (and one for the end), with the points each player gained
in it; a kept game has one row per entry in effect. The totals are the players' scores: score
pile plus bet tokens.
"""

from __future__ import annotations

from typing import Any

from cardside.core.corrections import view
from cardside.core.errors import IllegalActionError, NotationError, numbered
from cardside.core.record import RoundRow, Session, Sheet
from cardside.core.replay import replay_session, stamp_rows
from cardside.core.schema import KEEP_UNDO, PLAY_UNDO, Schema, Text, Whole, WholeList
from cardside.core.words import counted, counted_are
from cardside.games.lineit import rules
from cardside.games.lineit.keep import Entered, LineitLedger, describe
from cardside.games.lineit.notation import format_action, parse_action
from cardside.games.lineit.state import Jackpot, LineitState, Scored, Snap

SEAT = Whole(0, rules.MAX_PLAYERS - 1)
# The longest line there can be, every number card and a Bet card, is 295 characters written
# out ("1 2 ... 100 B3").
LINE_TEXT = Text(300)
SCHEMA = Schema(
    options={},
    entries={
        "play": {
            "action": {"seat": Whole(0, rules.MAX_PLAYERS - 1, optional=True), "action": Text(120)},
            "undo": PLAY_UNDO,
        },
        "keep": {
            "line": {"seat": SEAT, "cards": LINE_TEXT},
            "jackpot": {"seat": SEAT, "cards": Whole(0, 1000)},
            "counts": {
                "seat": SEAT,
                "pile": Whole(-10_000, 10_000),
                "tokens": Whole(-10_000, 10_000),
                # The tokens one by one, when typed so (``counts Ann 23 +4-3``).
                "named": WholeList(-10, 10, most=6, optional=True),
            },
            "end": {},
            "undo": KEEP_UNDO,
        },
    },
    players=(rules.MIN_PLAYERS, rules.MAX_PLAYERS),
)


def options_of(session: Session) -> dict[str, Any]:
    """Line-it has no options beyond its players; check the seats."""
    if not rules.MIN_PLAYERS <= len(session.seats) <= rules.MAX_PLAYERS:
        raise ValueError("Line-it is for 2 to 5 players")
    if session.mode == "play":
        from cardside.games.lineit.bots import BOT_NAMES

        kinds = [seat.kind for seat in session.seats]
        known = {"human", *(f"bot:{name}" for name in BOT_NAMES)}
        for number, kind in enumerate(kinds, 1):
            if kind not in known:
                raise ValueError(f"player {number} is {kind!r}, not 'human' or a known bot")
        if "human" not in kinds:
            raise ValueError("a played game needs a human player")
    return {}


def replay_state(session: Session, seen: list[int] | None = None) -> LineitState:
    """The played game rebuilt from the seed and the action and undo entries."""
    options_of(session)
    if session.seed is None:
        raise ValueError("a played game needs its seed")
    state = LineitState(len(session.seats), seed=session.seed)
    replay_session(state, session, parse_action, "action", seen)
    return state


def replay_ledger(session: Session) -> LineitLedger:
    """The kept game rebuilt from its entries."""
    session = view(session)  # the entries in effect, as corrected
    options_of(session)
    return LineitLedger.from_entries(session.player_names, session.entries)


def late_misfit(before: Session, after: Session) -> tuple[int, str, bool] | None:
    """A later entry that no longer fits after a correction, though it replays: (its 1-based
    index in ``after``'s entries, why, whether it is the game as a whole that no longer fits
    rather than the entry), or None.

    A finished game whose end no longer fits (a player left with more jackpot piles than
    their lines took jackpots: the end refuses that when typed; a game kept before that rule
    keeps the piles it ended with), then an entry past what the players' cards allow (a
    player's lines, the jackpots together, counts), where the game before the correction
    kept within it."""
    found = _end_misfit(before, after)
    if found is not None:
        return (*found, True)
    if _past_the_cards(before) is not None:
        return None  # a game kept before these bounds: held to them no more than it was
    past = _past_the_cards(after)
    return None if past is None else (*past, False)


def _past_the_cards(session: Session) -> tuple[int, str] | None:
    """The first entry (1-based) after which the entries hold more than the players' cards
    allow, and why (see :meth:`LineitLedger.past_the_cards`). What they hold only grows
    entry by entry (the entries in effect hold no undo), so the first is found by halving."""

    def why(count: int) -> str | None:
        ledger = LineitLedger(session.player_names)
        for entry in session.entries[:count]:
            ledger.add(entry)
        return ledger.past_the_cards()

    try:
        if why(len(session.entries)) is None:
            return None
        low, high = 0, len(session.entries)  # within: why(low) is None, why(high) is not
        while high - low > 1:
            middle = (low + high) // 2
            low, high = (low, middle) if why(middle) is not None else (middle, high)
        reason = why(high)
    except (NotationError, IllegalActionError):
        return None  # a game that does not replay is said so elsewhere
    return None if reason is None else (high, reason)


def _end_misfit(before: Session, after: Session) -> tuple[int, str] | None:
    """The end of a finished game that no longer fits its piles (see :func:`late_misfit`)."""
    new = replay_ledger(after)
    if not new.ended:
        return None
    try:
        old: LineitLedger | None = replay_ledger(before)
    except ValueError:
        old = None  # the entries of a correction under way, a later one not fitting yet
    end = max(i for i, e in enumerate(after.entries, 1) if e.get("type") == "end")
    ended = old is not None and old.ended
    for place, name in enumerate(new.names):
        piles, taken = new.piles[place], new.taken[place]
        extra, lacking = piles - taken, taken - piles
        if extra > (max(0, old.piles[place] - old.taken[place]) if old and ended else 0):
            return end, (
                f"{name} has {counted(piles, 'jackpot pile')} entered, but "
                f"{name}'s lines took {counted(taken, 'jackpot')}"
            )
        # A jackpot a line now takes whose pile is missing: the end, as typed, refuses that.
        if lacking > (max(0, old.taken[place] - old.piles[place]) if old and ended else 0):
            return end, (
                f"{name}'s lines take {counted(taken, 'jackpot')} and "
                f"{counted_are(piles, 'pile')} entered (the end needs each pile first)"
            )
    return None


def action_text(action: Any) -> str:
    """An action as saved in a file."""
    return format_action(action)


def played_rows(state: LineitState, names: list[str]) -> list[RoundRow]:
    """One row per round in which someone scored, then one for the end."""
    players = state.players
    gains: dict[int, list[int]] = {}
    notes: dict[int, list[str]] = {}
    last_round = state.snapshot.round_no
    for event in state.snapshot.log:
        key = event.round_no or last_round + 1
        row = gains.setdefault(key, [0] * players)
        if isinstance(event, Scored):
            row[event.seat] += event.score.total
            notes.setdefault(key, []).append(f"{names[event.seat]} line {event.score.total:+d}")
        elif isinstance(event, Jackpot):
            row[event.seat] += event.cards
            colour = rules.COLOURS[event.colour]
            notes.setdefault(key, []).append(f"{names[event.seat]} {colour} jackpot {event.cards}")
    rows = []
    totals = [0] * players
    for number in sorted(gains):
        totals = [t + g for t, g in zip(totals, gains[number])]
        note = "; ".join(notes.get(number, []))
        if number == last_round + 1:
            note = "end: " + note
        rows.append(RoundRow(number, list(gains[number]), list(totals), note))
    return rows


def build(session: Session) -> Sheet:
    """Rows, totals, status and winners of a session."""
    names = session.player_names
    if session.mode == "play":
        state = replay_state(session)
        rows = played_rows(state, names)
        end_row = state.snapshot.round_no + 1

        def scored_in(before: Snap, after: Snap) -> list[int]:
            """The rows (rounds, or the end) whose points a move added to."""
            return [e.round_no or end_row for e in after.log[len(before.log) :]]

        stamp_rows(rows, state.snapshots(), session.entries, "action", scored_in)
        totals = list(state.scores())
        outcome = state.outcome()
        winners = [names[s] for s in outcome.winners] if outcome is not None else []
        return Sheet(names, rows, totals, "finished" if outcome else "in progress", winners)
    ledger = replay_ledger(session)
    kept: list[RoundRow] = []
    for entered, place in zip(ledger.done, ledger.entry_numbers()):
        kept.append(entry_row(kept, entered, place, names))
    return keep_sheet(names, kept, ledger)


def entry_row(rows: list[RoundRow], entered: Entered, place: int, names: list[str]) -> RoundRow:
    """The row an entry in effect adds after ``rows``; ``place`` is its number in the file,
    and the row's (so ``entry 7`` in show, verify and the exports is the file's seventh entry,
    whatever was undone before it)."""
    before = rows[-1].totals if rows else [0] * len(names)
    totals = [t + g for t, g in zip(before, entered.gains)]
    note = describe(entered, names)
    return RoundRow(place, list(entered.gains), totals, note, entry=place)


def keep_sheet(names: list[str], rows: list[RoundRow], ledger: LineitLedger) -> Sheet:
    """A kept session's sheet: its rows, and the ledger's totals, status and winners."""
    winners = [names[s] for s in ledger.winners]
    status = "finished" if ledger.over else "in progress"
    return Sheet(list(names), rows, list(ledger.totals), status, winners)


def outcomes(session: Session) -> list[str]:
    """How a finished game was won, by the winner's lead in steps of five (``won by 1-5``,
    ``won by 6-10``...) or ``shared win``: what statistics tally as the commonest result. (A
    row of the sheet is an entry or a scoring round, so "the round that decided it" would
    say nothing about a Line-it game.)"""
    if not session.finished or len(session.totals) < 2:
        return []
    first, second = sorted(session.totals, reverse=True)[:2]
    lead = first - second
    if lead == 0:
        return ["shared win"]
    low = (lead - 1) // 5 * 5 + 1
    return [f"won by {low}-{low + 4}"]


def highlights(session: Session) -> list[tuple[str, int, int, int]]:
    """Every jackpot taken, as (``biggest jackpot``, seat, cards, row): the record it names
    is drawn from them."""
    found = []
    if session.mode == "play":
        state = replay_state(session)
        last_round = state.snapshot.round_no
        for event in state.snapshot.log:
            if isinstance(event, Jackpot):
                row = event.round_no or last_round + 1
                found.append(("biggest jackpot", event.seat, event.cards, row))
        return found
    ledger = replay_ledger(session)
    for entered, place in zip(ledger.done, ledger.entry_numbers()):
        if entered.kind == "jackpot" and entered.seat is not None:
            found.append(("biggest jackpot", entered.seat, entered.pile, place))
    return found


class RunningSheet:
    """A kept session's sheet, updated entry by entry: each entry in effect adds its row, an
    undo (which replays the ledger) takes the last row away."""

    def __init__(self, session: Session) -> None:
        options_of(session)
        self.names = list(session.player_names)
        self.ledger = LineitLedger(self.names)
        self.rows: list[RoundRow] = []
        self.count = 0
        for entry in session.entries:
            self.add(entry)

    def add(self, entry: dict[str, Any]) -> None:
        """Take one saved entry; an impossible one raises EntryError and changes nothing."""
        number = self.count + 1
        with numbered(number):
            if not isinstance(entry, dict):
                raise NotationError("an entry must be a table")
            result = self.ledger.add(entry)
        self.count = number
        if isinstance(result, Entered):
            self.rows.append(entry_row(self.rows, result, number, self.names))
        else:
            self.rows.pop()

    def sheet(self) -> Sheet:
        return keep_sheet(self.names, self.rows, self.ledger)
