"""Sessions as CSV rows or JSON documents."""

from __future__ import annotations

import csv
import io
from typing import Any

from cardside.core.record import Session
from cardside.games.registry import GAMES


def _names(session: Session) -> tuple[str, str]:
    """What the session's totals and its rows' running totals are called."""
    info = GAMES.get(session.game)
    if info is None:
        return "totals", "total"
    return info.totals_name(session.mode), info.round_totals


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

CSV_FIELDS = [
    "session",
    "game",
    "mode",
    "round",
    "player",
    "score",
    "total",
    "status",
    "winners",
    "total_name",
]


def as_dict(session: Session, *, entries: bool = True) -> dict[str, Any]:
    """A JSON-ready summary: players, options, each round's scores and totals, the winners."""
    data: dict[str, Any] = {
        "name": session.name,
        "game": session.game,
        "mode": session.mode,
        "status": session.status,
        "created": session.created.isoformat() if session.created else None,
        "updated": session.updated.isoformat() if session.updated else None,
        "seed": session.seed,
        "options": session.options,
        "players": [{"name": s.name, "kind": s.kind} for s in session.seats],
        "columns": session.columns,
        "rounds": [
            {"round": r.number, "scores": r.scores, "totals": r.totals, "note": r.note}
            for r in session.rounds
        ],
        "totals": session.totals,
        "totals_name": _names(session)[0],
        "round_totals_name": _names(session)[1],
        "winners": session.winners,
    }
    if entries:
        data["entries"] = session.entries
    return data


def cell(value: object) -> object:
    """A CSV cell that a spreadsheet will not run: text starting like a formula gets a ``'``.

    This is the OWASP rule for CSV injection (``=``, ``+``, ``-``, ``@``, tab, carriage
    return). Numbers are left alone; JSON exports keep the exact text.
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def to_csv(sessions: list[Session]) -> str:
    """One row per round and column (player or team) of every session."""
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    for s in sessions:
        total_name = _names(s)[1]
        for row in s.rounds:
            for col, score, total in zip(s.columns, row.scores, row.totals):
                fields = {
                    "session": s.name,
                    "game": s.game,
                    "mode": s.mode,
                    "round": row.number,
                    "player": col,
                    "score": score,
                    "total": total,
                    "status": s.status,
                    "winners": "; ".join(s.winners),
                    "total_name": total_name,
                }
                writer.writerow({k: cell(v) for k, v in fields.items()})
    return buf.getvalue()
