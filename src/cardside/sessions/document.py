"""A session's TOML text, written as blocks so a long session is not re-rendered per entry.

The file holds the session's fields and ``[options]``, then one ``[[rounds]]`` table per row
and one ``[[entries]]`` table per entry. Entries are only ever appended and most rows stay as
they were, so :class:`Blocks` keeps each one's text and renders only what is new.
"""

from __future__ import annotations

from typing import Any

import tomli_w

from cardside.core.record import RoundRow, Session


class Blocks:
    """The rendered text of a session's entries and rows, kept between saves."""

    def __init__(self) -> None:
        self.entries: list[str] = []
        self.rows: list[tuple[RoundRow, str]] = []


def _flat(table: dict[str, Any]) -> bool:
    """True when no value is itself a table (so the table's lines fit under a header)."""
    return not any(
        isinstance(v, dict) or (isinstance(v, list) and any(isinstance(x, dict) for x in v))
        for v in table.values()
    )


def _row_table(row: RoundRow) -> dict[str, Any]:
    return {"round": row.number, "scores": row.scores, "totals": row.totals} | (
        {"note": row.note} if row.note else {}
    )


def render(session: Session, blocks: Blocks | None = None) -> str:
    """The session as TOML text (``blocks`` keeps the rendered parts for the next call)."""
    from cardside.sessions.store import to_document, with_time, zip_times

    blocks = blocks or Blocks()
    doc = to_document(session, body=False)
    pairs = zip_times(session)
    if len(blocks.entries) > len(pairs):
        blocks.entries.clear()
    for entry, at in pairs[len(blocks.entries) :]:
        table = with_time(entry, at)
        if not _flat(table):
            return tomli_w.dumps(to_document(session))
        blocks.entries.append("\n[[entries]]\n" + tomli_w.dumps(table))
    rows: list[tuple[RoundRow, str]] = []
    for i, row in enumerate(session.rounds):
        cached = blocks.rows[i] if i < len(blocks.rows) else None
        if cached is not None and cached[0] is row:
            rows.append(cached)
        else:
            rows.append((row, "\n[[rounds]]\n" + tomli_w.dumps(_row_table(row))))
    blocks.rows = rows
    head = tomli_w.dumps(doc) + "\n" + tomli_w.dumps({"options": dict(session.options)})
    return head + "".join(text for _, text in rows) + "".join(blocks.entries)
