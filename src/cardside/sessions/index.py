"""A summary of every session file, kept in ``index.json`` beside the sessions folder.

Listing and statistics read thousands of files; each is replayed once and its summary kept
with the file's time and size, so a file is read again only when it has changed. The index is
a cache: a missing, damaged or outdated index is rebuilt, and a failure to write it is ignored.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from cardside.core.errors import SessionError
from cardside.core.players import column_of
from cardside.core.record import MODES, STATUSES, Session
from cardside.core.schema import ANY_CONTROL, DISGUISE, cut, is_whole
from cardside.games.registry import GAMES
from cardside.sessions import integrity, sheets, store
from cardside.sessions.export import corrections_of

INDEX_NAME = "index.json"
# Raise when a summary gains or changes a field (or what a field holds, or what a session
# file may hold), so old indexes are rebuilt.
INDEX_VERSION = 22
#: A larger index is not read (and is rebuilt): 64 MiB, several times that of 20,000 sessions.
MAX_INDEX_BYTES = 64 << 20
#: From this many files to read (about a second's work), a caller is told before they are read.
NOTICE_AT = 300
#: Bounds on what a cached item may hold, like those on the session files it summarizes.
MAX_CACHED_TEXT = 5_000
#: The largest score, count or number of seconds a summary may hold: far beyond any a session
#: file can give, and exact as a float (a mean of scores is one).
MAX_CACHED_NUMBER = 10**12
#: A longer wait between two entries is a pause (a break, a game resumed another day): it
#: counts as no time played.
PAUSE = timedelta(minutes=30)


@dataclass
class Entry:
    """One session file as the index knows it: its summary, or why it cannot be read."""

    path: Path
    summary: dict[str, Any] | None
    error: str | None = None


def summarize(session: Session) -> dict[str, Any]:
    """What listing and statistics need of a session whose sheet is current (JSON-ready)."""
    times = [t for t in session.times if t is not None]
    start = times[0] if times else session.created
    end = times[-1] if times else session.updated
    return {
        "name": session.name,
        # The name the session was begun under, kept inside its file: a copy of the file keeps
        # it, a session begun apart (even in the same second) has its own.
        "saved_as": cut(session.begun_as or session.name, 200),
        "game": session.game,
        "mode": session.mode,
        # Two played games begun in the same second are told apart by their deals.
        "seed": session.seed,
        "status": session.status,
        "created": session.created.isoformat() if session.created else None,
        "start": start.isoformat() if start else None,
        "end": end.isoformat() if end else None,
        "players": [
            {"name": s.name, "kind": sheets.bot_kind(session, s.kind)} for s in session.seats
        ],
        "seat_columns": [column_of(name, session.columns) for name in session.player_names],
        "columns": list(session.columns),
        "totals": list(session.totals),
        "winners": list(session.winners),
        "rounds": len(session.rounds),
        "entries": len(session.entries),
        # Tells two files of the same session apart once they hold different entries.
        "digest": store.entries_digest(session),
        "unit": sheets.unit_of(session.game),
        "results": _results(session, start, end),
        "played": _active(_clock(session), None, None),
        "outcomes": sheets.outcomes(session),
        "standing": _standing(session),
        "variant": sheets.variant(session),
        "highlights": _highlights(session),
        "rows": [
            [r.number, [None if i in r.unplayed else s for i, s in enumerate(r.scores)], r.totals]
            for r in session.rounds
        ],
        # What the sheet shows beside a row's scores: its match, its note and whether a
        # correction changed it (kept apart from the rows, whose shape the statistics read).
        "row_notes": [
            [r.match, r.note[:MAX_CACHED_TEXT], bool(r.corrected or r.corrections)]
            for r in session.rounds
        ],
        "scale": [list(pair) for pair in sheets.chart_scale(session)],
        "corrected": corrections_of(session),
        # Undos of moves that had shown the player something hidden (see GameState.shown):
        # such a game no longer counts in ratings, the league or records.
        "takebacks": len(sheets.seen_undos(session)),
    }


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def _results(
    session: Session, start: datetime | None, end: datetime | None
) -> list[dict[str, Any]]:
    """Each finished game with when it began and was decided (the times of the entries
    around it, where the file has them): what ratings order by and records time."""
    at_row = {r.number: session.time_of(r.entry) for r in session.rounds}
    clock = _clock(session)
    out = []
    began = clock[0] if clock else start
    for r in session.results:
        at = at_row.get(r.round)
        if at is None and r is session.results[-1]:
            at = end  # a file without entry times: the session's last moment
        seconds = _active(clock, began, at) if began and at and clock else None
        out.append(
            {
                "number": r.number,
                "winners": r.winners,
                "totals": r.totals,
                "round": r.round,
                "began": _iso(began),
                "at": _iso(at),
                "seconds": seconds,
            }
        )
        began = at
    return out


def _clock(session: Session) -> list[datetime]:
    """The moments play was seen: the session's start where it came shortly before its first
    entry (a kept game's first deal was being played then), then each entry's time."""
    times = [t for t in session.times if t is not None]
    created = session.created
    if times and created is not None and timedelta(0) <= times[0] - created <= PAUSE:
        return [created, *times]
    return times


def _active(clock: list[datetime], began: datetime | None, at: datetime | None) -> int:
    """The seconds played from ``began`` to ``at`` (the whole clock where None): the waits
    between the moments within, each pause longer than :data:`PAUSE` left out."""
    seen = [m for m in clock if (began is None or m >= began) and (at is None or m <= at)]
    total = timedelta(0)
    for before, after in zip(seen, seen[1:]):
        if timedelta(0) < after - before <= PAUSE:
            total += after - before
    return round(total.total_seconds())


def _highlights(session: Session) -> list[dict[str, Any]]:
    """Each column's best of each feat the game's records look for, with its row and time."""
    at_row = {r.number: session.time_of(r.entry) for r in session.rounds}
    best: dict[tuple[str, int], tuple[int, int]] = {}
    for what, column, value, row in sheets.highlights(session):
        if (what, column) not in best or value > best[what, column][0]:
            best[what, column] = (value, row)
    return [
        {"what": w, "column": c, "value": v, "row": r, "at": _iso(at_row.get(r))}
        for (w, c), (v, r) in best.items()
    ]


def _standing(session: Session) -> dict[str, Any] | None:
    found = sheets.standing(session)
    return None if found is None else {"what": found[0], "counts": found[1]}


def index_path(data_dir: Path) -> Path:
    return data_dir / INDEX_NAME


def entries(data_dir: Path, notice: Callable[[int], None] | None = None) -> list[Entry]:
    """Every session file newest first, with its summary (from the index when still fresh).

    ``notice(count)`` is called first when at least :data:`NOTICE_AT` files must be read
    (the index's first build, or one after many files changed), so a caller can say why it
    is slow."""
    cached = _read(index_path(data_dir))
    fresh: dict[str, Any] = {}
    out: list[Entry] = []
    changed = False
    keyed: list[tuple[Path, list[int] | None, Any]] = []
    for path in store.list_paths(data_dir):
        try:
            st = path.stat()
        except OSError:
            keyed.append((path, None, None))
            continue
        # A save replaces the file, so its inode changes even within one tick of the clock.
        stamp = [st.st_mtime_ns, st.st_size, st.st_ino, st.st_ctime_ns]
        old = cached.get(path.name)
        sound = isinstance(old, dict) and old.get("key") == stamp and _sound(old)
        keyed.append((path, stamp, old if sound else None))
    stale = sum(1 for _, stamp, old in keyed if stamp is not None and old is None)
    if notice is not None and stale >= NOTICE_AT:
        notice(stale)
    for path, key, hit in keyed:
        if key is None:
            # A link to nothing or a loop: never cached, loading says what is wrong.
            out.append(Entry(path, None, _summary_or_error(path).get("error")))
            continue
        if hit is None:
            hit = {"key": key, **_summary_or_error(path)}
            changed = True
        fresh[path.name] = hit
        summary = hit.get("summary")
        out.append(Entry(path, summary if isinstance(summary, dict) else None, hit.get("error")))
    if changed or set(fresh) != set(cached):
        _write(index_path(data_dir), fresh)
    return out


_SHAPE: dict[str, type | tuple[type, ...]] = {
    "name": str,
    "saved_as": str,
    "game": str,
    "mode": str,
    "seed": (int, str, type(None)),
    "status": str,
    "created": (str, type(None)),
    "start": (str, type(None)),
    "end": (str, type(None)),
    "players": list,
    "seat_columns": list,
    "columns": list,
    "totals": list,
    "winners": list,
    "rounds": int,
    "entries": int,
    "digest": str,
    "unit": str,
    "results": list,
    "played": int,
    "outcomes": list,
    "verified": bool,
    "disagrees": (str, type(None)),
    "variant": (str, type(None)),
    "highlights": list,
    "rows": list,
    "scale": list,
    "corrected": list,
    "takebacks": int,
}


def _sound(hit: dict[str, Any]) -> bool:
    """True when a cached item has the shape this cardside writes (else it is made again)."""
    summary = hit.get("summary")
    bounded = hit
    if isinstance(summary, dict) and "rows" in summary:
        # The score table is checked where it is used (see rows_of): every listing would
        # pay for it, and only the HTML report reads it.
        bounded = hit | {
            "summary": {k: v for k, v in summary.items() if k not in ("rows", "row_notes")}
        }
    if not _bounded(bounded):
        return False
    if isinstance(hit.get("error"), str):
        return True
    summary = hit.get("summary")
    if not isinstance(summary, dict):
        return False
    if not all(isinstance(summary.get(k), kind) for k, kind in _SHAPE.items()):
        return False
    if summary["game"] not in GAMES or summary["mode"] not in MODES:
        return False
    if summary["status"] not in STATUSES:
        return False
    if not all(_sound_time(summary[k]) for k in ("created", "start", "end")):
        return False
    if not all(_count(summary[k]) for k in ("rounds", "entries", "played", "takebacks")):
        return False
    players = summary["players"]
    results = summary["results"]
    return (
        all(isinstance(p, dict) and isinstance(p.get("name"), str) for p in players)
        and len(summary["seat_columns"]) == len(players)
        and all(
            c is None or (is_whole(c) and 0 <= c < len(summary["columns"]))
            for c in summary["seat_columns"]
        )
        and all(_number(t) for t in summary["totals"])
        and all(isinstance(x, str) for x in summary["columns"] + summary["winners"])
        and all(isinstance(x, str) for x in summary["outcomes"] + summary["corrected"])
        and _sound_standing(summary.get("standing"), len(summary["columns"]))
        and all(
            isinstance(r, dict)
            and _count(r.get("number"))
            and _count(r.get("round"))
            and isinstance(r.get("winners"), list)
            and all(isinstance(w, str) for w in r["winners"])
            and isinstance(r.get("totals"), list)
            and all(_number(t) for t in r["totals"])
            and all(_sound_time(r.get(k)) for k in ("began", "at"))
            and (r.get("seconds") is None or _count(r["seconds"]))
            for r in results
        )
        and all(_sound_highlight(h, len(summary["columns"])) for h in summary["highlights"])
        and len(summary["scale"]) == len(summary["columns"])
        and all(
            isinstance(s, list) and len(s) == 2 and all(_number(n) for n in s)
            for s in summary["scale"]
        )
    )


def _sound_highlight(item: Any, columns: int) -> bool:
    return (
        isinstance(item, dict)
        and isinstance(item.get("what"), str)
        and is_whole(item.get("column"))
        and 0 <= item["column"] < columns
        and _number(item.get("value"))
        and _count(item.get("row"))
        and _sound_time(item.get("at"))
    )


def rows_of(summary: dict[str, Any]) -> list[list[Any]] | None:
    """A summary's score table as [number, scores, totals] rows, or None when the cached
    table is not one this cardside writes (the index is a cache, never trusted)."""
    rows = summary.get("rows")
    columns = len(summary["columns"])
    if isinstance(rows, list) and _bounded(rows) and all(_sound_row(r, columns) for r in rows):
        return rows
    return None


def row_notes_of(summary: dict[str, Any], rows: int) -> list[tuple[int, str, bool]]:
    """Each row's match (0 where the game has none), note and whether a correction changed it,
    or none at all when the cached list is not one this cardside writes for ``rows`` rows."""
    notes = summary.get("row_notes")
    if (
        isinstance(notes, list)
        and len(notes) == rows
        and all(
            isinstance(n, list)
            and len(n) == 3
            and is_whole(n[0])
            and isinstance(n[1], str)
            and len(n[1]) <= MAX_CACHED_TEXT
            and not ANY_CONTROL.search(n[1])
            and isinstance(n[2], bool)
            for n in notes
        )
    ):
        return [(int(match), note, corrected) for match, note, corrected in notes]
    return [(0, "", False)] * rows


def _sound_row(row: Any, columns: int) -> bool:
    """A cached score-table row: [number, scores (None for a turn to come), totals]."""
    return (
        isinstance(row, list)
        and len(row) == 3
        and _count(row[0])
        and isinstance(row[1], list)
        and isinstance(row[2], list)
        and len(row[1]) == len(row[2]) == columns
        and all(s is None or _number(s) for s in row[1])
        and all(_number(s) for s in row[2])
    )


def _sound_time(text: Any) -> bool:
    """A cached time as a session file may hold it (or none)."""
    if text is None:
        return True
    if not isinstance(text, str):
        return False
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return False
    # Every time cardside caches carries its offset: a naive one cannot be compared with them.
    return moment.tzinfo is not None and store.FIRST_YEAR <= moment.year <= store.LAST_YEAR


def _sound_standing(standing: Any, columns: int) -> bool:
    if standing is None:
        return True
    if not isinstance(standing, dict):
        return False
    counts = standing.get("counts")
    return (
        isinstance(standing.get("what"), str)
        and isinstance(counts, list)
        and len(counts) == columns
        and all(_number(n) for n in counts)
    )


def _number(value: Any) -> bool:
    """A whole number a summary may hold as a score: within :data:`MAX_CACHED_NUMBER` either
    way."""
    return is_whole(value) and -MAX_CACHED_NUMBER <= value <= MAX_CACHED_NUMBER


def _count(value: Any) -> bool:
    """A whole number a summary may hold as a count, a number or a duration: not below 0."""
    return is_whole(value) and 0 <= value <= MAX_CACHED_NUMBER


def _bounded(value: Any) -> bool:
    """Whether every value in a cached item, keys included, is within the bounds a session
    file keeps to: short text without control characters (tabs and line breaks too), 64-bit
    whole numbers, lists no longer than a file's entries (JSON nests only dicts and lists)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            # A forged index could show a name turned around, or break a line in two (no text
            # this cardside caches holds a tab or a line break): made again from the file.
            if len(item) > MAX_CACHED_TEXT or ANY_CONTROL.search(item) or DISGUISE.search(item):
                return False
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            if len(item) > store.MAX_ENTRIES:
                return False
            stack.extend(item)
        elif isinstance(item, int) and not -store.MAX_WHOLE - 1 <= item <= store.MAX_WHOLE:
            return False
    return True


def _summary_or_error(path: Path) -> dict[str, Any]:
    try:
        session = store.load(path)
        found = integrity.opened(session)
    except SessionError as exc:
        return {"error": str(exc)}
    # The file's name is what the commands take, even if a copy keeps another inside.
    return {
        "summary": summarize(session)
        | {
            "name": path.stem,
            "verified": not found,
            "disagrees": cut(integrity.summary(found), 400) if found else None,
        }
    }


def _read(path: Path) -> dict[str, Any]:
    try:
        doc = json.loads(store.read_bounded(path, MAX_INDEX_BYTES).decode("utf-8"))
    except (SessionError, ValueError, RecursionError):  # RecursionError: nesting too deep
        return {}
    if not isinstance(doc, dict) or doc.get("version") != INDEX_VERSION:
        return {}
    files = doc.get("files")
    return files if isinstance(files, dict) else {}


def _write(path: Path, files: dict[str, Any]) -> None:
    text = json.dumps({"version": INDEX_VERSION, "files": files}, ensure_ascii=False)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix="." + path.name + ".", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        pass  # a cache that cannot be written is rebuilt next time
