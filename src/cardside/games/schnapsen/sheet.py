"""The score sheet of a saved Schnapsen session, derived from its entries alone.

One row per deal: the game points it gave each player and the match counts after it (both
start at 7 and count down). A played session is one match; its totals are the counts. A kept
session runs its matches (one unless it says more, or any number); its totals are the matches
each player has won.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardside.core.corrections import view
from cardside.core.record import EntryError, Result, RoundRow, Session, Sheet
from cardside.core.replay import replay_session, stamp_rows
from cardside.core.schema import KEEP_UNDO, PLAY_UNDO, Flag, Schema, Text, Whole
from cardside.core.words import counted, counted_are
from cardside.games.schnapsen.bots import BOT_NAMES
from cardside.games.schnapsen.keep import Ledger, LedgerError, LedgerRow, rule_reason
from cardside.games.schnapsen.notation import format_action, parse_action
from cardside.games.schnapsen.rules import MATCH_START, match_winner
from cardside.games.schnapsen.state import Match, SchnapsenState

SCHEMA = Schema(
    options={
        "level": Text(choices=("easy", "normal", "hard")),
        "first_dealer": Whole(0, 1),
        "matches": Whole(0, 10_000),
    },
    mode_of={"level": "play", "matches": "keep"},
    entries={
        "play": {
            "action": {"seat": Whole(0, 1, optional=True), "action": Text(30)},
            "undo": PLAY_UNDO,
        },
        "keep": {
            "result": {"winner": Whole(0, 1), "points": Whole(-1000, 1000)},
            "table": {
                "closer": Whole(0, 1, optional=True),
                "reached_66": Whole(0, 1, optional=True),
                "opponent_points": Whole(0, 200, optional=True),
                "opponent_trick": Flag(optional=True),
                "last_trick": Whole(0, 1, optional=True),
            },
            "undo": KEEP_UNDO,
        },
    },
    players=(2, 2),
)

#: What the numbers are called, the same on every screen, sheet and export: the match's count
#: from 7 down to 0, and the matches each player has won in a kept session.
COUNTDOWN = "countdown"
MATCHES_WON = "matches won"


def options_of(session: Session) -> dict[str, Any]:
    """The game options with their defaults, checked for type."""
    if len(session.seats) != 2:
        raise ValueError("Schnapsen is for 2 players")
    opts = session.options
    first_dealer = opts.get("first_dealer", 1)
    matches = opts.get("matches", 0)
    level = opts.get("level", "normal")
    if first_dealer not in (0, 1) or isinstance(first_dealer, bool):
        raise ValueError("option 'first_dealer' must be seat 0 or 1")
    if not isinstance(matches, int) or isinstance(matches, bool) or matches < 0:
        raise ValueError("option 'matches' must be a whole number, 0 for no limit")
    if level not in ("easy", "normal", "hard"):
        raise ValueError("option 'level' must be easy, normal or hard")
    if session.mode == "play":
        _check_play_seats([seat.kind for seat in session.seats])
    return {"first_dealer": first_dealer, "matches": matches, "level": level}


def _check_play_seats(kinds: list[str]) -> None:
    """A played match is one human against one bot of a known name."""
    bots = [k.split(":", 1)[1] for k in kinds if k.startswith("bot:")]
    if kinds.count("human") != 1 or len(bots) != 1:
        raise ValueError(
            f"a played game is one human against one bot, not {' and '.join(map(repr, kinds))}"
        )
    if bots[0] not in BOT_NAMES:
        raise ValueError(f"unknown bot {bots[0]!r} (choose from {', '.join(BOT_NAMES)})")


def replay_state(session: Session, seen: list[int] | None = None) -> SchnapsenState:
    """The played match rebuilt from the seed and the action and undo entries."""
    opts = options_of(session)
    if session.seed is None:
        raise ValueError("a played game needs its seed")
    state = SchnapsenState(seed=session.seed, first_dealer=opts["first_dealer"])
    replay_session(state, session, parse_action, "action", seen)
    return state


def ledger_entry(entry: dict[str, Any]) -> dict[str, Any]:
    """A session entry (``type = ...``) as the ledger's entry (``kind = ...``)."""
    return {("kind" if k == "type" else k): v for k, v in entry.items()}


def session_entry(entry: dict[str, Any]) -> dict[str, Any]:
    """The ledger's entry as saved in a session file."""
    return {("type" if k == "kind" else k): v for k, v in entry.items()}


def all_played(limit: int) -> str:
    """Why no deal can follow: ``the session's 2 matches are already played`` (a session of
    one match: ``the match is already won``)."""
    if limit == 1:
        return "the match is already won"
    return f"the session's {counted_are(limit, 'match')} already played"


def replay_ledger(session: Session) -> Ledger:
    """The kept session rebuilt from its deal and undo entries."""
    session = view(session)  # the entries in effect, as corrected
    limit = options_of(session)["matches"]
    ledger = Ledger()
    for index, entry in enumerate(session.entries, 1):
        try:
            if limit and sum(ledger.matches_won) >= limit and entry.get("type") != "undo":
                raise LedgerError(all_played(limit))
            ledger.add(ledger_entry(entry))
        except LedgerError as exc:
            raise EntryError(index, str(exc)) from None
    return ledger


def action_text(action: Any) -> str:
    """An action as saved in a file (ASCII)."""
    return format_action(action, ascii=True)


def build(session: Session) -> Sheet:
    """Rows (one per deal), totals, status and winners of a session."""
    names = session.player_names
    rows: list[RoundRow] = []
    if session.mode == "play":
        state = replay_state(session)
        for record in state.history:
            r = record.result
            scores = [r.points if seat == r.winner else 0 for seat in (0, 1)]
            rows.append(
                RoundRow(
                    record.deal_no,
                    scores,
                    list(record.counts_after),
                    deal_note(names[r.winner], r.points, r.rule),
                    match=1,
                )
            )
        stamp_rows(rows, state.snapshots(), session.entries, "action", _deal_ended)
        outcome = state.outcome()
        winners = [names[w] for w in outcome.winners] if outcome else []
        won = [match_result(1, winners, state.counts, rows[-1].number)] if outcome else []
        return Sheet(
            list(names),
            rows,
            list(state.counts),
            "finished" if outcome else "in progress",
            winners,
            won,
        )
    ledger = replay_ledger(session)
    limit = options_of(session)["matches"]
    results: list[Result] = []
    won_by = [0, 0]
    for row in ledger.replayed_rows():
        rows.append(deal_row(row, names))
        result = deal_result(row, names)
        if result is not None:
            results.append(result)
            won_by[row.winner] += 1
    return keep_sheet(names, rows, won_by, limit, results)


def deal_note(winner: str, points: int, rule: str) -> str:
    """A deal's note, said as ``score`` says it: ``Bob wins 2 game points: closer failed to
    reach 66`` (the winner first, so that a rule told from the closer's side names no one
    wrongly)."""
    verb = "win" if winner.strip().lower() == "you" else "wins"
    return f"{winner} {verb} {counted(points, 'game point')}: {rule_reason(rule)}"


def _deal_ended(before: Match, after: Match) -> list[int]:
    """The deal a move finished, if it finished one (the row that move made)."""
    return [after.history[-1].deal_no] if len(after.history) > len(before.history) else []


def deal_row(row: LedgerRow, names: list[str]) -> RoundRow:
    """A kept deal as a row of the sheet: the game points, the counts after, the rule."""
    scores = [row.points if seat == row.winner else 0 for seat in (0, 1)]
    note = deal_note(names[row.winner], row.points, row.rule)  # the match has its own column
    won = match_winner(row.counts_after)
    if won is not None:
        note += f"; {names[won]} wins match {row.match_no}"
    return RoundRow(
        row.deal_no, scores, list(row.counts_after), note, match=row.match_no, entry=row.entry
    )


def deal_result(row: LedgerRow, names: list[str]) -> Result | None:
    """The match a kept deal won, if it won one."""
    won = match_winner(row.counts_after)
    if won is None:
        return None
    return match_result(row.match_no, [names[won]], row.counts_after, row.deal_no)


def match_result(number: int, winners: list[str], counts: Sequence[int], deal: int) -> Result:
    """A finished match; its scores are the game points each player made (7 less the count)."""
    return Result(number, winners, [MATCH_START - c for c in counts], deal)


def keep_sheet(
    names: list[str], rows: list[RoundRow], won_by: list[int], limit: int, results: list[Result]
) -> Sheet:
    """A kept session's sheet: its totals are the matches won; it ends after ``limit``."""
    finished = limit > 0 and sum(won_by) >= limit
    winners = []
    if finished:
        best = max(won_by)
        winners = [names[s] for s in (0, 1) if won_by[s] == best]
    status = "finished" if finished else "in progress"
    return Sheet(list(names), rows, won_by, status, winners, results)


UNIT = "match"
#: The record a column's best row makes.
BEST_ROW = "most game points in one deal"


def bot_kind(session: Session, kind: str) -> str:
    """A seat's kind as statistics name its bot: the level after a bot that searches
    (``bot:strong, easy``) unless it is ``normal``, so bots of different strengths are never
    counted as one player."""
    level = options_of(session)["level"]
    if kind in ("bot:strong", "bot:classic") and level != "normal":
        return f"{kind}, {level}"
    return kind


def outcomes(session: Session) -> list[str]:
    """The game points of each deal (what statistics tally as the commonest result)."""
    return [counted(max(r.scores), "game point") for r in session.rounds]


def chart_scale(session: Session) -> list[tuple[int, int]]:
    """Each player's count runs down from 7 to 0 in every match."""
    return [(MATCH_START, 0)] * len(session.columns)


def progress(session: Session, *, ascii: bool = True) -> list[str]:
    """The match under way in a kept session, with its counts (no cards: ``ascii`` changes
    nothing)."""
    if session.mode != "keep" or session.finished or not session.rounds:
        return []
    found = standing(session)
    if found is None:
        return [f"match {session.rounds[-1].match + 1} starts at {MATCH_START}:{MATCH_START}"]
    counts = ", ".join(f"{n} {c}" for n, c in zip(session.columns, found[1]))
    match = session.rounds[-1].match
    return [f"match {match} under way, {COUNTDOWN}: {counts} (first to 0 wins the match)"]


def standing(session: Session) -> tuple[str, list[int]] | None:
    """The countdown of a kept match under way (the totals count matches won); none between
    matches (the next starts at 7:7)."""
    if session.mode != "keep" or session.finished or not session.rounds:
        return None
    last = session.rounds[-1]
    if match_winner((last.totals[0], last.totals[1])) is not None:
        return None
    return COUNTDOWN, list(last.totals)


class RunningSheet:
    """A kept session's sheet, updated deal by deal (an undo takes the last row away)."""

    def __init__(self, session: Session) -> None:
        self.names = session.player_names
        self.limit = options_of(session)["matches"]
        self.ledger = Ledger()
        self.rows: list[RoundRow] = []
        self.results: list[Result] = []
        self.count = 0
        for entry in session.entries:
            self.add(entry)

    def add(self, entry: dict[str, Any]) -> None:
        """Take one saved entry; an impossible one raises EntryError and changes nothing."""
        number = self.count + 1
        try:
            undo = entry.get("type") == "undo"
            if self.limit and sum(self.ledger.matches_won) >= self.limit and not undo:
                raise LedgerError(all_played(self.limit))
            row = self.ledger.add(ledger_entry(entry))
        except LedgerError as exc:
            raise EntryError(number, str(exc)) from None
        self.count = number
        if row is None:
            gone = self.rows.pop()
            if self.results and self.results[-1].round == gone.number:
                self.results.pop()
            return
        self.rows.append(deal_row(row, self.names))
        result = deal_result(row, self.names)
        if result is not None:
            self.results.append(result)

    def sheet(self) -> Sheet:
        won = list(self.ledger.matches_won)
        return keep_sheet(self.names, self.rows, won, self.limit, self.results)
