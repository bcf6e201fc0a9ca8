"""A session's TOML text, written as blocks so a long session is not re-rendered per entry.

The file holds the session's fields and ``[options]``, then one ``[[rounds]]`` table per row
and one ``[[entries]]`` table per entry. Entries are only ever appended and most rows stay as
they were, so :class:`Blocks` keeps each one's text and renders only what is new.
"""

from __future__ import annotations

import hashlib
import operator
from typing import Any

import tomli_w

from cardside.core.record import RoundRow, Session


class Blocks:
    """The rendered text of a session's entries and rows, kept between saves."""

    def __init__(self) -> None:
        self.entries: list[str] = []
        self.rows: list[str] = []
        self.row_objects: list[RoundRow] = []
        # The entries' digest so far, fed one entry at a time as each is rendered.
        self.hasher = hashlib.sha256()


def _flat(table: dict[str, Any]) -> bool:
    """True when no value is itself a table (so the table's lines fit under a header)."""
    return not any(
        isinstance(v, dict) or (isinstance(v, list) and any(isinstance(x, dict) for x in v))
        for v in table.values()
    )


def _ints(values: list[int]) -> str:
    return "[" + ", ".join(str(int(v)) for v in values) + "]"


def _row_block(row: RoundRow) -> str:
    """A row as a ``[[rounds]]`` table, its numbers on one line each (quicker to read back)."""
    note = tomli_w.dumps({"note": row.note}) if row.note else ""
    match = f"match = {int(row.match)}\n" if row.match else ""
    return (
        f"\n[[rounds]]\nround = {int(row.number)}\n{match}scores = {_ints(row.scores)}\n"
        f"totals = {_ints(row.totals)}\n{note}"
    )


def _said(session: Session, doc: dict[str, Any]) -> None:
    """Note on the session what its file now says of its entries."""
    from cardside.sessions.store import COUNT_KEY, DIGEST_KEY

    session.stored_count, session.stored_digest = doc[COUNT_KEY], doc[DIGEST_KEY]


def render(session: Session, blocks: Blocks | None = None) -> str:
    """The session as TOML text (``blocks`` keeps the rendered parts for the next call)."""
    from cardside.sessions.store import DIGEST_KIND, entry_line, to_document, with_time

    blocks = blocks or Blocks()
    if len(blocks.entries) > len(session.entries):
        blocks.entries.clear()
        blocks.hasher = hashlib.sha256()
    for number in range(len(blocks.entries) + 1, len(session.entries) + 1):
        at = session.time_of(number)
        table = with_time(session.entries[number - 1], at)
        if not _flat(table):
            blocks.entries.clear()
            blocks.hasher = hashlib.sha256()
            doc = to_document(session)
            _said(session, doc)
            return tomli_w.dumps(doc)
        blocks.entries.append("\n[[entries]]\n" + tomli_w.dumps(table))
        blocks.hasher.update(entry_line(session.entries[number - 1], at))
    doc = to_document(session, body=False, digest=DIGEST_KIND + blocks.hasher.hexdigest())
    _said(session, doc)
    if not session.entries:
        doc["entries"] = []  # the key is always there, so a new session says it has none
    rows, kept = session.rounds, blocks.row_objects
    same = min(len(rows), len(kept))
    # Rows are rendered again only from the first one that is not the very same object.
    if not all(map(operator.is_, rows[:same], kept[:same])):
        same = next(i for i, (a, b) in enumerate(zip(rows, kept)) if a is not b)
    blocks.row_objects[same:] = rows[same:]
    blocks.rows[same:] = [_row_block(r) for r in rows[same:]]
    head = tomli_w.dumps(doc) + "\n" + tomli_w.dumps({"options": dict(session.options)})
    return head + "".join(blocks.rows) + "".join(blocks.entries)
