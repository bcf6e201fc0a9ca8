"""Reading and writing session files: one TOML file per session, written atomically."""

from __future__ import annotations

import os
import re
import tempfile
import tomllib
from datetime import datetime
from pathlib import Path
from typing import Any

from cardside.core.errors import SessionError
from cardside.core.record import FORMAT, MODES, VERSION, RoundRow, Seat, Session

SUFFIX = ".toml"
# The field of a saved entry that holds when it was made; the games never see it.
TIME_KEY = "at"
_NAME_OK = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")


def now() -> datetime:
    """The local time, to the second, with its UTC offset."""
    return datetime.now().astimezone().replace(microsecond=0)


def sessions_dir(data_dir: Path) -> Path:
    """Where session files live under the data folder."""
    return data_dir / "sessions"


def check_name(name: str) -> str:
    """Refuse a session name that would not make a plain file name."""
    if not _NAME_OK.match(name) or name.endswith(SUFFIX):
        raise ValueError(
            f"{name!r} is not a usable session name (letters, digits, '.', '_' and '-' only)"
        )
    return name


def new_name(data_dir: Path, game: str, mode: str) -> str:
    """A fresh name like ``octrix-keep-20261129-1740``, unique in the folder."""
    base = f"{game}-{mode}-{now().strftime('%Y%m%d-%H%M')}"
    folder = sessions_dir(data_dir)
    name, n = base, 1
    while (folder / (name + SUFFIX)).exists():
        n += 1
        name = f"{base}-{n}"
    return name


def to_document(session: Session, *, body: bool = True) -> dict[str, Any]:
    """The TOML document for a session (plain dicts, lists and scalars).

    Without ``body``: only the session's own fields (no options, rows or entries).
    """
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": session.game,
        "mode": session.mode,
        "name": session.name,
        "status": session.status,
    }
    if session.created:
        doc["created"] = session.created
    if session.updated:
        doc["updated"] = session.updated
    if session.seed is not None:
        doc["seed"] = session.seed
    if session.winners:
        doc["winners"] = list(session.winners)
    doc["columns"] = list(session.columns)
    doc["totals"] = list(session.totals)
    doc["players"] = [{"name": s.name, "kind": s.kind} for s in session.seats]
    if not body:
        return doc
    doc["options"] = dict(session.options)
    doc["rounds"] = [
        {"round": r.number, "scores": r.scores, "totals": r.totals}
        | ({"note": r.note} if r.note else {})
        for r in session.rounds
    ]
    doc["entries"] = [with_time(e, t) for e, t in zip_times(session)]
    return doc


def with_time(entry: dict[str, Any], at: datetime | None) -> dict[str, Any]:
    """An entry as saved: its fields, then ``at`` (when it was made) if known."""
    return dict(entry) | ({TIME_KEY: at} if at is not None else {})


def zip_times(session: Session) -> list[tuple[dict[str, Any], datetime | None]]:
    """Each entry with its time (None where the session has none)."""
    times = session.times + [None] * (len(session.entries) - len(session.times))
    return list(zip(session.entries, times))


def dumps(session: Session) -> str:
    """The session as TOML text."""
    from cardside.sessions.document import render

    return render(session)


def save(session: Session, path: Path, text: str | None = None) -> None:
    """Write the session (or its ``text``, already rendered) to ``path`` atomically: a
    temporary file, fsync, then rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = (dumps(session) if text is None else text).encode("utf-8")
    fd, tmp = tempfile.mkstemp(prefix="." + path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    session.path = path


def load(path: Path) -> Session:
    """Read a session file; raise :class:`SessionError` naming the problem if it is unusable."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SessionError(path, "no such file") from None
    except OSError as exc:
        raise SessionError(path, f"cannot be read ({exc.strerror})") from None
    try:
        doc = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SessionError(path, "is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise SessionError(path, f"is not valid TOML: {exc}") from None
    session = from_document(doc, path)
    session.path = path
    return session


def from_document(doc: dict[str, Any], path: object = "<session>") -> Session:
    """Build a :class:`Session` from a parsed TOML document, checking every field's shape."""
    from cardside.games.registry import GAMES

    def fail(problem: str) -> SessionError:
        return SessionError(path, problem)

    if doc.get("format") != FORMAT:
        raise fail(f"not a cardside session (format is {doc.get('format')!r}, not {FORMAT!r})")
    version = doc.get("version")
    if version != VERSION or isinstance(version, bool):
        raise fail(f"unknown format version {version!r} (this cardside reads version {VERSION})")
    game = _get(doc, "game", str, fail)
    if game not in GAMES:
        raise fail(f"unknown game {game!r}")
    mode = _get(doc, "mode", str, fail)
    if mode not in MODES:
        raise fail(f"unknown mode {mode!r} (expected one of {', '.join(MODES)})")
    name = _get(doc, "name", str, fail)
    players = _get(doc, "players", list, fail)
    seats = []
    for i, p in enumerate(players, 1):
        if not isinstance(p, dict) or not isinstance(p.get("name"), str):
            raise fail(f"player {i} has no name")
        seats.append(Seat(p["name"], str(p.get("kind", "human"))))
    if not seats:
        raise fail("no players")
    entries = _get(doc, "entries", list, fail, default=[])
    for i, e in enumerate(entries, 1):
        if not isinstance(e, dict):
            raise fail(f"entry {i} is not a table")
    times = [_time(e.pop(TIME_KEY, None)) for e in entries]
    rounds = []
    for i, r in enumerate(_get(doc, "rounds", list, fail, default=[]), 1):
        if not isinstance(r, dict) or not _ints(r.get("scores")) or not _ints(r.get("totals")):
            raise fail(f"round row {i} needs lists of whole numbers 'scores' and 'totals'")
        number = r.get("round", i)
        if not isinstance(number, int):
            raise fail(f"round row {i} has a round number that is not a whole number")
        rounds.append(
            RoundRow(number, list(r["scores"]), list(r["totals"]), str(r.get("note", "")))
        )
    seed = doc.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise fail("seed must be a whole number")
    totals = _get(doc, "totals", list, fail, default=[])
    if not _ints(totals):
        raise fail("totals must be whole numbers")
    return Session(
        game=game,
        mode=mode,
        name=name,
        seats=seats,
        options=_get(doc, "options", dict, fail, default={}),
        seed=seed,
        entries=entries,
        times=times,
        created=_time(doc.get("created")),
        updated=_time(doc.get("updated")),
        columns=[str(c) for c in _get(doc, "columns", list, fail, default=[])],
        rounds=rounds,
        totals=totals,
        status=str(doc.get("status", "in progress")),
        winners=[str(w) for w in _get(doc, "winners", list, fail, default=[])],
    )


def _get(doc: dict[str, Any], key: str, kind: type, fail: Any, default: Any = ...) -> Any:
    if key not in doc:
        if default is ...:
            raise fail(f"missing {key!r}")
        return default
    value = doc[key]
    if not isinstance(value, kind):
        raise fail(f"{key!r} should be a {kind.__name__}, not {type(value).__name__}")
    return value


def _ints(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    )


def _time(value: Any) -> datetime | None:
    return value if isinstance(value, datetime) else None


def list_paths(data_dir: Path) -> list[Path]:
    """Every session file in the data folder, newest first."""
    folder = sessions_dir(data_dir)
    if not folder.is_dir():
        return []
    files = [p for p in folder.glob("*" + SUFFIX) if not p.name.startswith(".")]
    # Same time: the name decides, so the numbers `sessions list` prints stay put.
    return sorted(files, key=lambda p: (-p.stat().st_mtime_ns, p.name))
