"""Sessions as CSV rows or JSON documents, carrying everything the score sheet shows."""

from __future__ import annotations

import csv
import io
from datetime import datetime
from typing import Any

from cardside.core.players import column_of
from cardside.core.record import RoundRow, Session
from cardside.games.registry import GAMES
from cardside.sessions.store import zip_times

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

CSV_FIELDS = [
    "session",
    "game",
    "mode",
    "date",
    "time",
    "match",
    "round",
    "player",
    "score",
    "total",
    "note",
    "won",
    "drawn",
    "decided",
    "status",
    "winners",
    "round_name",
    "total_name",
    "corrected",
]


def _names(session: Session) -> tuple[str, str, str]:
    """What the session's totals, its rows' running totals and one row are called."""
    info = GAMES.get(session.game)
    if info is None:
        return "totals", "total", "round"
    return info.totals_name(session.mode), info.round_totals, info.row_name(session.mode)


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def scores_of(row: RoundRow) -> list[int | None]:
    """A row's scores as ``sessions show`` gives them: ``None`` for a turn that never came
    (a 0 there would read as a turn that scored nothing)."""
    return [None if i in row.unplayed else score for i, score in enumerate(row.scores)]


def row_dict(session: Session, row: RoundRow) -> dict[str, Any]:
    """One row of the score table with the time of the entry that made it (a turn still to
    come has the score ``null``)."""
    data: dict[str, Any] = {"round": row.number}
    if row.match:
        data["match"] = row.match
    data |= {"scores": scores_of(row), "totals": row.totals, "note": row.note}
    data["time"] = _iso(session.time_of(row.entry))
    made = row.corrections or ((row.corrected,) if row.corrected else ())
    if made:
        data["corrected"] = {
            "entry": made[-1],
            "time": _iso(session.time_of(made[-1])),
            "entries": [{"entry": n, "time": _iso(session.time_of(n))} for n in made],
        }
    return data


def corrections_of(session: Session) -> list[str]:
    """Each corrected row as ``round 3 by entry 12 (2026-11-30 21:40)``: which correction
    changed it, and when (what ``show`` and the HTML page say under the table)."""
    row_name = _names(session)[2]
    out = []
    for row in session.rounds:
        made = row.corrections or ((row.corrected,) if row.corrected else ())
        if made:
            by = [f"{n}{_when(session, n, _undoing(session, n))}" for n in made]
            said = by[0] if len(by) == 1 else ", ".join(by[:-1]) + " and " + by[-1]
            out.append(f"{row_name} {row.number} by entr{'y' if len(by) == 1 else 'ies'} {said}")
    return out


def _when(session: Session, number: int, what: str = "") -> str:
    """`` (2026-11-30 21:40)``: when entry ``number`` was typed, if the file says, after
    ``what`` it was (``undo of 3``)."""
    at = session.time_of(number)
    said = [*([what] if what else []), *([f"{at:%Y-%m-%d %H:%M}"] if at else [])]
    return f" ({', '.join(said)})" if said else ""


def _undoing(session: Session, number: int) -> str:
    """``undo of 3`` for a correction an undo wrote (it takes back correction 3)."""
    entry = session.entries[number - 1] if 0 < number <= len(session.entries) else None
    undone = entry.get("undoes") if isinstance(entry, dict) else None
    return f"undo of {undone}" if isinstance(undone, int) else ""


def corrected_text(session: Session, row: RoundRow) -> str:
    """A CSV cell for a corrected row: the time of the correction (or its entry, in a file
    without times); empty for a row never corrected."""
    made = row.corrections or ((row.corrected,) if row.corrected else ())
    if not made:
        return ""
    return _iso(session.time_of(made[-1])) or f"entry {made[-1]}"


def won_so_far(session: Session) -> dict[int, tuple[list[int], list[int]]]:
    """For each row number, how many games (matches) each column had won by then, and how
    many it had drawn (tied for first with another column), as ``stats`` counts them."""
    columns = session.columns
    decided = {r.round: r.winners for r in session.results}
    won = [0] * len(columns)
    drawn = [0] * len(columns)
    out: dict[int, tuple[list[int], list[int]]] = {}
    for row in session.rounds:
        # A column is counted once however many of its partners won; a name with `` & `` in
        # it is its own column, not a partnership's.
        sides = sorted(
            c for c in {column_of(w, columns) for w in decided.get(row.number, [])} if c is not None
        )
        for i in sides:
            (won if len(sides) == 1 else drawn)[i] += 1
        out[row.number] = (list(won), list(drawn))
    return out


def as_dict(session: Session, *, entries: bool = True) -> dict[str, Any]:
    """A JSON-ready summary: players, options, each round with its time, scores, totals and
    note, every finished game (match) with its winners, the tally and the entries."""
    tally = won_so_far(session)
    none = [0] * len(session.columns)
    won, drawn = tally[session.rounds[-1].number] if session.rounds else (none, none)
    data: dict[str, Any] = {
        "name": session.name,
        "game": session.game,
        "mode": session.mode,
        "status": session.status,
        "created": _iso(session.created),
        "updated": _iso(session.updated),
        "seed": session.seed,
        "options": session.options,
        "players": [{"name": s.name, "kind": s.kind} for s in session.seats],
        "columns": session.columns,
        "rounds": [row_dict(session, r) for r in session.rounds],
        "totals": session.totals,
        "totals_name": _names(session)[0],
        "round_totals_name": _names(session)[1],
        "round_name": _names(session)[2],
        "results": [
            {"number": r.number, "round": r.round, "winners": r.winners, "totals": r.totals}
            for r in session.results
        ],
        "won": dict(zip(session.columns, won)),
        "drawn": dict(zip(session.columns, drawn)),
        "winners": session.winners,
    }
    if entries:
        data["entries"] = [
            dict(e) | {"at": _iso(t)} if t else dict(e) for e, t in zip_times(session)
        ]
    return data


def cell(value: object) -> object:
    """A CSV cell that a spreadsheet will not run: text starting like a formula gets a ``'``.

    This is the OWASP rule for CSV injection (``=``, ``+``, ``-``, ``@``, tab, carriage
    return). Numbers are left alone; JSON exports keep the exact text.
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def winners_cell(columns: list[str], winners: list[str]) -> str:
    """The winners in one CSV cell: partners who won together joined by `` & `` as their
    column is, the columns of a tie by ``; `` (``Ann & Cid`` won; ``Ann; Bob`` tied)."""
    groups: dict[int | str, list[str]] = {}
    for name in winners:
        column = column_of(name, columns)
        groups.setdefault(name if column is None else column, []).append(name)
    return "; ".join(" & ".join(names) for names in groups.values())


def to_csv(sessions: list[Session]) -> str:
    """One row per round and column (player or team) of every session, under one header.

    ``won`` is how many games (matches) the column had won by that round, ``drawn`` how many
    it had tied for first with another column; ``decided`` names
    the winners of a game (match) that round decided; ``corrected`` is when an entry of the
    row was corrected (empty if never). A turn still to come has no score.
    """
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    for s in sessions:
        _, total_name, round_name = _names(s)
        tally = won_so_far(s)
        columns = list(s.columns)
        decided = {r.round: winners_cell(columns, list(r.winners)) for r in s.results}
        date = _iso(s.began) or ""
        for row in s.rounds:
            time = _iso(s.time_of(row.entry)) or ""
            scores = scores_of(row)
            for i, (col, score, total) in enumerate(zip(s.columns, scores, row.totals)):
                fields = {
                    "session": s.name,
                    "game": s.game,
                    "mode": s.mode,
                    "date": date,
                    "time": time,
                    "match": row.match or "",
                    "round": row.number,
                    "player": col,
                    "score": "" if score is None else score,
                    "total": total,
                    "note": row.note,
                    "won": tally[row.number][0][i],
                    "drawn": tally[row.number][1][i],
                    "decided": decided.get(row.number, ""),
                    "status": s.status,
                    "winners": winners_cell(columns, list(s.winners)),
                    "round_name": round_name,
                    "total_name": total_name,
                    "corrected": corrected_text(s, row),
                }
                writer.writerow({k: cell(v) for k, v in fields.items()})
    return buf.getvalue()
