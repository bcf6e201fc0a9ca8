"""The score sheet of a saved Line-it session, derived from its entries alone.

A played game has one row per round (and one for the end), with the points each player gained
in it; a kept game has one row per entry in effect. The totals are the players' scores: score
pile plus bet tokens.
"""

from __future__ import annotations

from typing import Any

from cardside.core.record import RoundRow, Session, Sheet
from cardside.core.replay import replay_moves
from cardside.core.schema import KEEP_UNDO, PLAY_UNDO, Schema, Text, Whole
from cardside.games.lineit import rules
from cardside.games.lineit.keep import LineitLedger, describe
from cardside.games.lineit.notation import format_action, parse_action
from cardside.games.lineit.state import Jackpot, LineitState, Scored

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


def replay_state(session: Session) -> LineitState:
    """The played game rebuilt from the seed and the action and undo entries."""
    options_of(session)
    if session.seed is None:
        raise ValueError("a played game needs its seed")
    state = LineitState(len(session.seats), seed=session.seed)
    replay_moves(state, session.entries, parse_action, "action")
    return state


def replay_ledger(session: Session) -> LineitLedger:
    """The kept game rebuilt from its entries."""
    options_of(session)
    return LineitLedger.from_entries(session.player_names, session.entries)


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
        totals = list(state.scores())
        outcome = state.outcome()
        winners = [names[s] for s in outcome.winners] if outcome is not None else []
        return Sheet(names, rows, totals, "finished" if outcome else "in progress", winners)
    ledger = replay_ledger(session)
    rows = []
    totals = [0] * len(names)
    places = ledger.entry_numbers()
    for number, (entered, place) in enumerate(zip(ledger.done, places), 1):
        totals = [t + g for t, g in zip(totals, entered.gains)]
        note = describe(entered, names)
        rows.append(RoundRow(number, list(entered.gains), list(totals), note, entry=place))
    winners = [names[s] for s in ledger.winners]
    return Sheet(
        names, rows, list(ledger.totals), "finished" if ledger.over else "in progress", winners
    )


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
