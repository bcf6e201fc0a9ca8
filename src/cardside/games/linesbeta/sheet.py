"""The score sheet of a saved LinesBeta session, derived from its entries alone.

A played game stores ``{type = "action", action = "JS r3R"}`` for each of the player's
decisions (a trump card ``"JS"``, a challenge ``"JS r3R"``, a chosen cell ``"r3c4"``) and
``{type = "undo", moves = N}`` for a take-back; with the seed they replay the game exactly.
A kept game stores the scorekeeper's entries: ``{type = "trick", result = "w"}`` (with
``line``, ``end``, ``cell`` and optionally ``case`` and ``turned`` when the grid is tracked),
``{type = "round", player = 4, grid = 2}`` and ``{type = "undo"}``.
"""

from __future__ import annotations

from typing import Any

from cardside.core.corrections import view
from cardside.core.errors import IllegalActionError, NotationError
from cardside.core.record import EntryError, RoundRow, Session, Sheet
from cardside.core.replay import in_effect, replay_session, stamp_rows
from cardside.core.schema import KEEP_UNDO, PLAY_UNDO, Flag, Schema, Text, TextList, Whole
from cardside.games.linesbeta import rules
from cardside.games.linesbeta.keep import Ledger
from cardside.games.linesbeta.notation import parse_action, write_action
from cardside.games.linesbeta.rules import Action, Verdict
from cardside.games.linesbeta.state import LinesBetaState, Snapshot

GRID = "Grid"

SCHEMA = Schema(
    options={
        "difficulty": Text(choices=rules.DIFFICULTIES),
        "length": Text(choices=rules.LENGTHS),
        "grid": Flag(),
    },
    mode_of={"grid": "keep"},
    reserved=(GRID,),
    entries={
        "play": {"action": {"action": Text(20)}, "undo": PLAY_UNDO},
        "keep": {
            "trick": {
                "result": Text(choices=("w", "l")),
                "line": Text(8, optional=True),
                "end": Text(8, optional=True),
                "cell": Text(8, optional=True),
                "case": Text(choices=("a", "b", "c"), optional=True),
                "turned": TextList(12, optional=True),
            },
            "round": {"player": Whole(0, 1000), "grid": Whole(0, 1000)},
            "undo": KEEP_UNDO,
        },
    },
    players=(1, 1),
)


def options_of(session: Session) -> dict[str, Any]:
    """The game options (difficulty, length, grid tracking), checked."""
    opts = session.options
    difficulty = opts.get("difficulty", "normal")
    length = opts.get("length", "full")
    grid = opts.get("grid", False)
    if (difficulty, length) not in rules.TARGETS:
        raise ValueError(
            f"options: difficulty must be one of {', '.join(rules.DIFFICULTIES)} and length "
            f"one of {', '.join(rules.LENGTHS)} (got {difficulty!r}, {length!r})"
        )
    if not isinstance(grid, bool):
        raise ValueError("option 'grid' must be true or false")
    if len(session.seats) != 1:
        raise ValueError("LinesBeta is played by one player against the grid")
    return {"difficulty": difficulty, "length": length, "grid": grid}


def action_text(action: Action) -> str:
    """An action as saved in a file: ASCII and short (``JS``, ``JS r3R``, ``r3c4``)."""
    return write_action(action)


def parse_saved(text: str) -> Action:
    """An action as saved, recognised by its shape: a challenge has a space, a cell is
    ``r3c4``, anything else is a trump card (legality is the state's business)."""
    if " " in text.strip():
        return parse_action(text, "play")
    try:
        return parse_action(text, "cell")
    except NotationError:
        return parse_action(text, "trump")


def replay_state(session: Session, seen: list[int] | None = None) -> LinesBetaState:
    """The played game rebuilt from the seed and the action and undo entries."""
    opts = options_of(session)
    if session.seed is None:
        raise ValueError("a played game needs its seed")
    state = LinesBetaState(opts["difficulty"], opts["length"], seed=session.seed)
    replay_session(state, session, parse_saved, "action", seen)
    return state


def ledger_entry(entry: dict[str, Any]) -> dict[str, Any]:
    """A session entry in the ledger's own shape (``type`` is called ``kind`` there)."""
    out = {k: v for k, v in entry.items() if k != "type"}
    out["kind"] = entry.get("type")
    return out


def session_entry(entry: dict[str, Any]) -> dict[str, Any]:
    """A ledger entry as saved in a session file."""
    out: dict[str, Any] = {"type": entry["kind"]}
    out.update((k, v) for k, v in entry.items() if k != "kind")
    return out


def replay_ledger(session: Session) -> Ledger:
    """The kept game rebuilt from its trick, round and undo entries."""
    session = view(session)  # the entries in effect, as corrected
    opts = options_of(session)
    ledger = Ledger(opts["difficulty"], opts["length"], grid=opts["grid"])
    for index, entry in enumerate(session.entries, 1):
        try:
            ledger.add(ledger_entry(entry))
        except (NotationError, IllegalActionError) as exc:
            raise EntryError(index, str(exc)) from None
    return ledger


def round_totals(state: LinesBetaState) -> list[tuple[int, int, int]]:
    """(round, player total, grid total) at the end of each round played so far.

    The game is replayed from its seed and the actions in effect; the current round, if it
    has started, gives the last item with the points so far.
    """
    fresh = LinesBetaState(state.difficulty, state.length, seed=state.seed)
    out: list[tuple[int, int, int]] = []
    for action in state.actions():
        before = fresh.round
        fresh.apply(action)
        if fresh.round != before:
            out.append((before, *fresh.points))
    if fresh.tricks or fresh.is_terminal():
        out.append((fresh.round, *fresh.points))
    return out


def _trick_scored(before: Snapshot, after: Snapshot) -> list[int]:
    """The round whose row a decision changed: the round of the trick it scored, if any."""
    scored = (after.player, after.grid_points) != (before.player, before.grid_points)
    return [before.round] if scored else []


def round_ends(entries: list[dict[str, Any]], effective: list[int]) -> list[int]:
    """For each round of a kept game, the entry that closed it (or the latest, for the round
    still being entered); ``effective`` numbers the entries in effect."""
    ends: list[int] = []
    tricks = 0
    for n in effective:
        if entries[n - 1].get("type") == "round":
            ends.append(n)
            tricks = 0
            continue
        tricks += 1
        if tricks == rules.TRICKS_PER_ROUND:
            ends.append(n)
            tricks = 0
    if tricks:
        ends.append(effective[-1])
    return ends


def build(session: Session) -> Sheet:
    """Rows (one per round, the current one included), totals, status and winners."""
    player_name = session.player_names[0]
    columns = [player_name, GRID]
    rows: list[RoundRow] = []
    if session.mode == "play":
        state = replay_state(session)
        previous = (0, 0)
        for number, p, g in round_totals(state):
            rows.append(RoundRow(number, [p - previous[0], g - previous[1]], [p, g]))
            previous = (p, g)
        stamp_rows(rows, state.snapshots(), session.entries, "action", _trick_scored)
        verdict = state.verdict
        totals = list(state.points)
    else:
        ledger = replay_ledger(session)
        return kept_sheet(
            player_name, ledger, round_ends(session.entries, in_effect(session.entries))
        )
    return _sheet(columns, rows, verdict, totals)


def kept_sheet(player_name: str, ledger: Ledger, ends: list[int]) -> Sheet:
    """A kept game's sheet from its ledger and the entries that closed each round."""
    rows = []
    for r in ledger.table():
        row = RoundRow(r.round, [r.player, r.grid], [r.player_total, r.grid_total])
        row.entry = ends[r.round - 1] if r.round <= len(ends) else 0
        rows.append(row)
    return _sheet([player_name, GRID], rows, ledger.verdict, list(ledger.points))


def _sheet(
    columns: list[str], rows: list[RoundRow], verdict: Verdict | None, totals: list[int]
) -> Sheet:
    """The sheet with the last row's note (how the game stopped) and the winner."""
    player_name = columns[0]
    if verdict is not None and rows:
        stop = "stopped early: " if verdict.early else ""
        rows[-1].note = stop + verdict.reason
    elif rows and sum(rows[-1].scores) < rules.TRICKS_PER_ROUND:
        rows[-1].note = "round in progress"
    winners = [] if verdict is None else [player_name if verdict.player_wins else GRID]
    return Sheet(columns, rows, totals, "finished" if verdict else "in progress", winners)


def outcomes(session: Session) -> list[str]:
    """A finished game as its difficulty, length and result (``normal full: won``)."""
    if not session.finished:
        return []
    opts = options_of(session)
    result = "won" if session.winners != [GRID] else "lost"
    return [f"{opts['difficulty']} {opts['length']}: {result}"]


def variant(session: Session) -> str:
    """The difficulty and length (``normal full``): the grid is rated as one opponent per
    variant, and the records count wins per variant."""
    opts = options_of(session)
    return f"{opts['difficulty']} {opts['length']}"


def chart_scale(session: Session) -> list[tuple[int, int]]:
    """The player and the grid each climb from 0 to their own target."""
    opts = options_of(session)
    player, grid = rules.targets(opts["difficulty"], opts["length"])
    return [(0, player), (0, grid)]


class RunningSheet:
    """A kept game's sheet, updated entry by entry.

    A game has at most a few dozen entries in effect (undos aside), so each entry recomputes
    the few rows from the ledger; the entries taken back cost nothing.
    """

    def __init__(self, session: Session) -> None:
        opts = options_of(session)
        self.player = session.player_names[0]
        self.ledger = Ledger(opts["difficulty"], opts["length"], grid=opts["grid"])
        self.entries: list[dict[str, Any]] = []
        self.effective: list[int] = []
        for entry in session.entries:
            self.add(entry)

    def add(self, entry: dict[str, Any]) -> None:
        """Take one saved entry; an impossible one raises EntryError and changes nothing."""
        number = len(self.entries) + 1
        try:
            self.ledger.add(ledger_entry(entry))
        except (NotationError, IllegalActionError) as exc:
            raise EntryError(number, str(exc)) from None
        self.entries.append(entry)
        if entry.get("type") == "undo":
            self.effective.pop()
        else:
            self.effective.append(number)

    def sheet(self) -> Sheet:
        return kept_sheet(self.player, self.ledger, round_ends(self.entries, self.effective))
