"""The score sheet of a saved Schnapsen session, derived from its entries alone.

One row per deal: the game points it gave each player and the match counts after it (both
start at 7 and count down). A played session is one match; its totals are the counts. A kept
session runs match after match; its totals are the matches each player has won.
"""

from __future__ import annotations

from typing import Any

from cardside.core.record import EntryError, RoundRow, Session, Sheet
from cardside.core.replay import replay_moves
from cardside.core.schema import KEEP_UNDO, PLAY_UNDO, Flag, Schema, Text, Whole
from cardside.games.schnapsen.bots import BOT_NAMES
from cardside.games.schnapsen.keep import Ledger, LedgerError, rule_text
from cardside.games.schnapsen.notation import format_action, parse_action
from cardside.games.schnapsen.rules import RULE_TEXT, match_winner
from cardside.games.schnapsen.state import SchnapsenState

SCHEMA = Schema(
    options={
        "level": Text(choices=("easy", "normal", "hard")),
        "first_dealer": Whole(0, 1),
        "matches": Whole(0, 10_000),
    },
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


def replay_state(session: Session) -> SchnapsenState:
    """The played match rebuilt from the seed and the action and undo entries."""
    opts = options_of(session)
    if session.seed is None:
        raise ValueError("a played game needs its seed")
    state = SchnapsenState(seed=session.seed, first_dealer=opts["first_dealer"])
    replay_moves(state, session.entries, parse_action, "action")
    return state


def ledger_entry(entry: dict[str, Any]) -> dict[str, Any]:
    """A session entry (``type = ...``) as the ledger's entry (``kind = ...``)."""
    return {("kind" if k == "type" else k): v for k, v in entry.items()}


def session_entry(entry: dict[str, Any]) -> dict[str, Any]:
    """The ledger's entry as saved in a session file."""
    return {("type" if k == "kind" else k): v for k, v in entry.items()}


def replay_ledger(session: Session) -> Ledger:
    """The kept session rebuilt from its deal and undo entries."""
    limit = options_of(session)["matches"]
    ledger = Ledger()
    for index, entry in enumerate(session.entries, 1):
        try:
            if limit and sum(ledger.matches_won) >= limit and entry.get("type") != "undo":
                raise LedgerError(f"the session's {limit} match(es) are already played")
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
                    f"{names[r.winner]}: {RULE_TEXT[r.rule]}",
                )
            )
        outcome = state.outcome()
        winners = [names[w] for w in outcome.winners] if outcome else []
        return Sheet(
            list(names), rows, list(state.counts), "finished" if outcome else "in progress", winners
        )
    ledger = replay_ledger(session)
    limit = options_of(session)["matches"]
    for row in ledger.rows():
        scores = [row.points if seat == row.winner else 0 for seat in (0, 1)]
        note = f"match {row.match_no}; {names[row.winner]}: {rule_text(row.rule)}"
        won = match_winner(row.counts_after)
        if won is not None:
            note += f"; {names[won]} wins match {row.match_no}"
        rows.append(RoundRow(row.deal_no, scores, list(row.counts_after), note))
    won_by = list(ledger.matches_won)
    finished = limit > 0 and sum(won_by) >= limit
    winners = []
    if finished:
        best = max(won_by)
        winners = [names[s] for s in (0, 1) if won_by[s] == best]
    return Sheet(list(names), rows, won_by, "finished" if finished else "in progress", winners)
