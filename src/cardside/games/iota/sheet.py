"""The score sheet of a saved IOTA session, derived from its entries alone.

A played game stores ``{type = "action", seat = 0, action = "YS2 1,0 RT3 1,1"}`` for every
play, pass (``"pass RC1"``) and swap (``"swap GC3 1,0"``), and ``{type = "undo", moves = N}``;
with the seed they replay the game. A kept game stores the scorekeeper's entries (see
:mod:`cardside.games.iota.keep`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from cardside.core.corrections import view
from cardside.core.errors import IllegalActionError, NotationError, numbered
from cardside.core.record import RoundRow, Session, Sheet
from cardside.core.replay import in_effect, move_entries, replay_session
from cardside.core.schema import KEEP_UNDO, PLAY_UNDO, Flag, Schema, Text, Whole, WholeList
from cardside.games.iota import rules
from cardside.games.iota.bots import BOT_NAMES
from cardside.games.iota.keep import IotaLedger
from cardside.games.iota.notation import parse_action
from cardside.games.iota.rules import Swap
from cardside.games.iota.state import IotaState, Turn

SCORED = ("turn", "play", "pass")  # the kept entries that are a player's turn on the sheet
SEAT = Whole(0, rules.MAX_PLAYERS - 1, optional=True)  # the player to move when left out
SCHEMA = Schema(
    options={"grid": Flag()},
    mode_of={"grid": "keep"},
    entries={
        "play": {"action": {"seat": SEAT, "action": Text(120)}, "undo": PLAY_UNDO},
        "keep": {
            "turn": {
                "seat": SEAT,
                "lines": WholeList(0, 10_000, most=8),
                "lots": Whole(0, 100, optional=True),
                "all4": Flag(optional=True),
                "final": Flag(optional=True),
            },
            "starter": {"card": Text(8)},
            "play": {"seat": SEAT, "cards": Text(), "final": Flag(optional=True)},
            "swap": {"seat": SEAT, "card": Text(8), "cell": Text(40)},
            "pass": {"seat": SEAT},
            "end": {},
            "undo": KEEP_UNDO,
        },
    },
    players=(rules.MIN_PLAYERS, rules.MAX_PLAYERS),
)


def options_of(session: Session) -> dict[str, Any]:
    """The game options, checked."""
    grid = session.options.get("grid", False)
    if not isinstance(grid, bool):
        raise ValueError("option 'grid' must be true or false")
    if not rules.MIN_PLAYERS <= len(session.seats) <= rules.MAX_PLAYERS:
        raise ValueError("IOTA is for 2 to 4 players")
    if session.mode == "play":
        known = {"human", *(f"bot:{name}" for name in BOT_NAMES)}
        for seat, s in enumerate(session.seats, 1):
            if s.kind not in known:
                raise ValueError(f"player {seat} is {s.kind!r}, not 'human' or a known bot")
        if all(s.kind != "human" for s in session.seats):
            raise ValueError("a played game needs a human player")
    return {"grid": grid}


def replay_state(session: Session, seen: list[int] | None = None) -> IotaState:
    """The played game rebuilt from the seed and the action and undo entries."""
    options_of(session)
    if session.seed is None:
        raise ValueError("a played game needs its seed")
    state = IotaState(len(session.seats), seed=session.seed)
    replay_session(state, session, parse_action, "action", seen)
    return state


def late_misfit(before: Session, after: Session) -> tuple[int, str, bool] | None:
    """A later entry that no longer fits after a correction, though it replays: (its 1-based
    index in ``after``'s entries, why, False: a new text of it can help), or None.

    With the grid kept, the entries replay without asking of each play that its player holds
    the cards and that it is the last card exactly when it empties the hand with the pile
    empty, so that a game kept before those rules still opens. A correction can break them
    for a later play (a card kept back makes a saved last card no longer the last; a card
    laid makes a later play empty the hand): that play is named, where the game before the
    correction kept them."""
    if not options_of(after)["grid"] or _hands_misfit(before) is not None:
        return None  # a game kept before these rules: held to them no more than it was
    found = _hands_misfit(after)
    return None if found is None else (*found, False)


def _hands_misfit(session: Session) -> tuple[int, str] | None:
    """The first entry (1-based) of a kept game with its grid that breaks the hands' rules,
    and why; None when every entry keeps them or the entries do not replay at all (said so
    elsewhere)."""
    ledger = IotaLedger(session.player_names, grid=True)
    ledger.check_hands = ledger.saved_finals = True
    for index, entry in enumerate(session.entries, 1):
        try:
            ledger.add(dict(entry))  # a copy: a play's final is never written back here
        except IllegalActionError as exc:
            return index, str(exc)
        except (NotationError, ValueError, LookupError, TypeError):
            return None
    return None


def replay_ledger(session: Session) -> IotaLedger:
    """The kept game rebuilt from its entries."""
    session = view(session)  # the entries in effect, as corrected
    opts = options_of(session)
    return IotaLedger.from_entries(session.player_names, session.entries, grid=opts["grid"])


class SheetTurn(NamedTuple):
    """A player's turn as the sheet shows it: the score, its breakdown, and the (1-based)
    entry that made it (0 when unknown)."""

    seat: int
    score: int
    text: str
    entry: int = 0


def rows(turns: Sequence[SheetTurn], names: Sequence[str]) -> list[RoundRow]:
    """One row per round (each player's turn once, from the first player), from the turns in
    order."""
    out: list[RoundRow] = []
    totals = [0] * len(names)
    players = len(names)
    for start in range(0, len(turns), players):
        out.append(round_row(start // players + 1, turns[start : start + players], names, totals))
        totals = out[-1].totals
    return out


def round_row(
    number: int, turns: Sequence[SheetTurn], names: Sequence[str], before: list[int]
) -> RoundRow:
    """Round ``number`` of the sheet from its turns and the totals before it; the entry of its
    latest turn is the entry that last changed it."""
    scores = [0] * len(names)
    notes = []
    for turn in turns:
        scores[turn.seat] += turn.score
        notes.append(f"{names[turn.seat]}: {turn.text}")
    totals = [t + s for t, s in zip(before, scores)]
    played = {turn.seat for turn in turns}
    unplayed = tuple(seat for seat in range(len(names)) if seat not in played)
    return RoundRow(
        number, scores, totals, "; ".join(notes), entry=turns[-1].entry, unplayed=unplayed
    )


def play_turns(log: Sequence[Turn], made: Sequence[int]) -> list[SheetTurn]:
    """The turns of a played game (swaps left out); ``made`` numbers the entry of each action
    in the log, one action each."""
    out = []
    for t, entry in zip(log, made):
        if isinstance(t.action, Swap):
            continue
        if t.scored is None:
            out.append(SheetTurn(t.seat, 0, "pass", entry))
        else:
            values = [ln.value for ln in t.scored.lines]
            text = rules.breakdown(values, t.scored.lots, t.scored.all4, t.final)
            out.append(SheetTurn(t.seat, t.score, text, entry))
    return out


def kept_turns(ledger: IotaLedger, entries: Sequence[dict[str, Any]]) -> list[SheetTurn]:
    """The turns of a kept game, each with the entry in effect that made it."""
    made = [n for n in in_effect(entries) if entries[n - 1].get("type") in SCORED]
    turns = [t for r in ledger.rounds() for t in r]
    return [SheetTurn(t.seat, t.score, t.breakdown(), n) for t, n in zip(turns, made)]


def build(session: Session) -> Sheet:
    """Rows (one per round), totals, status and winners of a session."""
    names = session.player_names
    if session.mode == "play":
        state = replay_state(session)
        made = move_entries(session.entries, "action")
        table = rows(play_turns(state.snapshot.log, made), names)
        totals = list(state.scores)
        outcome = state.outcome()
        winners = [] if outcome is None else [names[w] for w in outcome.winners]
        over = outcome is not None
    else:
        ledger = replay_ledger(session)
        table = rows(kept_turns(ledger, session.entries), names)
        totals = list(ledger.totals)
        winners = [names[w] for w in ledger.winners]
        over = ledger.over
    return Sheet(list(names), table, totals, "finished" if over else "in progress", winners)


#: The record a column's best row makes (a turn's score).
BEST_ROW = "best turn"


class RunningSheet:
    """A kept session's sheet, updated turn by turn: only the round under way is rewritten
    (an undo replays the ledger, then takes its turn out of the last round)."""

    def __init__(self, session: Session) -> None:
        self.names = list(session.player_names)
        self.ledger = IotaLedger(self.names, grid=options_of(session)["grid"])
        self.turns: list[SheetTurn] = []  # swaps left out
        self.rows: list[RoundRow] = []
        self.count = 0
        for entry in session.entries:
            self.add(entry)

    def add(self, entry: dict[str, Any]) -> None:
        """Take one saved entry; an impossible one raises EntryError and changes nothing."""
        number = self.count + 1
        with numbered(number):
            if not isinstance(entry, dict):
                raise NotationError("an entry is a table of fields")
            result = self.ledger.add(entry)
        self.count = number
        if entry.get("type") == "undo":
            if result.get("type") in SCORED:
                self.turns.pop()
                self._rewrite_last_round()
        elif entry.get("type") in SCORED:
            turn = self.ledger.turns[-1]
            self.turns.append(SheetTurn(turn.seat, turn.score, turn.breakdown(), number))
            self._rewrite_last_round()

    def _rewrite_last_round(self) -> None:
        players = len(self.names)
        index = (len(self.turns) - 1) // players if self.turns else 0
        del self.rows[index:]
        if self.turns:
            before = self.rows[-1].totals if self.rows else [0] * players
            turns = self.turns[index * players :]
            self.rows.append(round_row(index + 1, turns, self.names, before))

    def sheet(self) -> Sheet:
        status = "finished" if self.ledger.over else "in progress"
        winners = [self.names[w] for w in self.ledger.winners]
        return Sheet(list(self.names), self.rows, list(self.ledger.totals), status, winners)
