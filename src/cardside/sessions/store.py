"""Reading and writing session files: one TOML file per session, written atomically."""

from __future__ import annotations

import errno
import glob
import hashlib
import json
import os
import re
import stat
import tempfile
import tomllib
from collections.abc import Callable, Collection
from datetime import datetime
from pathlib import Path
from typing import Any

from cardside.core.errors import SessionError
from cardside.core.record import FORMAT, MODES, VERSION, RoundRow, Seat, Session
from cardside.core.schema import (
    ANY_CONTROL,
    MAX_LIST,
    SchemaError,
    Text,
    TextList,
    clip,
    cut,
    hidden_at,
    is_whole,
    path_text,
    shows,
    toml_kind,
    without_hidden,
)
from cardside.sessions.stats import person

SUFFIX = ".toml"
# The field of a saved entry that holds when it was made; the games never see it.
TIME_KEY = "at"
# What a file says of its own entries, written on every save and compared on every reading.
COUNT_KEY, DIGEST_KEY = "entry_count", "entry_digest"
DIGEST_KIND = "sha256:"
_DIGEST = re.compile(r"sha256:[0-9a-f]{64}")
_NAME_OK = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")


def now() -> datetime:
    """The local time, to the second, with its UTC offset."""
    return datetime.now().astimezone().replace(microsecond=0)


def sessions_dir(data_dir: Path) -> Path:
    """Where session files live under the data folder."""
    return data_dir / "sessions"


def check_name(name: str) -> str:
    """Refuse a session name that would not make a plain file name, or that reads as ``last``
    or a list number (a file already so named still loads: an exact name wins)."""
    if name.endswith(SUFFIX):
        raise ValueError(
            f"{clip(name)} is not a usable session name: leave out {SUFFIX}, which every "
            "session file has"
        )
    if not _NAME_OK.fullmatch(name):
        raise ValueError(
            f"{clip(name)} is not a usable session name (up to 100 letters A to Z, digits, '.', "
            "'_' and '-', starting with a letter or digit)"
        )
    if name.lower() == "last" or name.isdigit():
        meant = "the session saved last" if name.isalpha() else "a number in 'sessions list'"
        raise ValueError(
            f"{clip(name)} is not a usable session name: it already means {meant}; "
            "add a word, e.g. friday-2"
        )
    return name


def case_twin(folder: Path, name: str) -> str | None:
    """The name of a session in ``folder`` that differs from ``name`` only in capitals, if
    any: names are looked up regardless of case, so such a pair could not be told apart."""
    key = name.casefold()
    try:
        stems = [p.stem for p in folder.glob("*" + SUFFIX)]
    except OSError:
        return None
    return next((stem for stem in sorted(stems) if stem != name and stem.casefold() == key), None)


def new_name(data_dir: Path, game: str, mode: str, avoid: Collection[str] = ()) -> str:
    """A fresh name like ``octrix-keep-20261129-1740``, unique in the folder and not one of
    ``avoid`` (names another cardside was found taking, before its file is there)."""
    base = f"{game}-{mode}-{now().strftime('%Y%m%d-%H%M')}"
    folder = sessions_dir(data_dir)
    name, n = base, 1
    while name in avoid or (folder / (name + SUFFIX)).exists():
        n += 1
        name = f"{base}-{n}"
    return name


def to_document(
    session: Session, *, body: bool = True, digest: str | None = None
) -> dict[str, Any]:
    """The TOML document for a session (plain dicts, lists and scalars).

    Without ``body``: only the session's own fields (no options, rows or entries).
    ``digest`` is the entries' digest when already known (see :func:`entries_digest`).
    """
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": session.game,
        "mode": session.mode,
        "name": session.name,
        "status": session.status,
    }
    if session.begun_as and session.begun_as != session.name:
        doc["begun_as"] = session.begun_as
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
    doc[COUNT_KEY] = len(session.entries)
    doc[DIGEST_KEY] = digest or entries_digest(session)
    doc["players"] = [{"name": s.name, "kind": s.kind} for s in session.seats]
    if not body:
        return doc
    doc["options"] = dict(session.options)
    doc["rounds"] = [
        {"round": r.number}
        | ({"match": r.match} if r.match else {})
        | {"scores": r.scores, "totals": r.totals}
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


def entry_line(entry: dict[str, Any], at: datetime | None) -> bytes:
    """One entry as the digest reads it: its fields and time as one line of sorted JSON."""
    table = with_time(entry, at)
    return (
        json.dumps(table, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
        + "\n"
    ).encode("utf-8", "surrogatepass")


def entries_digest(session: Session) -> str:
    """The SHA-256 digest of a session's entries and their times, in order."""
    hasher = hashlib.sha256()
    for entry, at in zip_times(session):
        hasher.update(entry_line(entry, at))
    return DIGEST_KIND + hasher.hexdigest()


def dumps(session: Session) -> str:
    """The session as TOML text."""
    from cardside.sessions.document import render

    return render(session)


MAX_BYTES = 1 << 20  # a session file larger than this (1 MiB) is refused unread
MAX_ENTRIES = 20_000  # entries, and likewise round rows, in one file
MAX_KEY_DOTS = 1_000  # dots in keys and table headers: tomllib slows down badly on many
MAX_DEPTH = 8  # tables and lists nested inside each other
MAX_WHOLE = 2**63 - 1  # TOML integers are 64-bit
# Times outside these years cannot be moved between time zones everywhere (year 1 less an
# offset is year 0); no game was kept then.
FIRST_YEAR, LAST_YEAR = 1900, 9998
_TEMP = re.compile(r"\.(?P<name>.+)\.[A-Za-z0-9_]+\.tmp\Z")


def save(session: Session, path: Path, text: str | None = None, *, create: bool = False) -> None:
    """Write the session to ``path`` atomically: a temporary file, fsync, rename, fsync folder.

    ``text`` is the session already rendered (a journal keeps the parts that did not change).
    With ``create`` the file must not exist yet: it is linked into place, which fails
    (``FileExistsError``) rather than replace a file another process has just created.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    data = (dumps(session) if text is None else text).encode("utf-8")
    if len(data) > MAX_BYTES or len(session.entries) > MAX_ENTRIES:
        # Never write a file that loading would refuse.
        raise OSError(
            errno.EFBIG,
            f"a session file holds at most {MAX_BYTES:,} bytes and {MAX_ENTRIES:,} entries",
        )
    fd, tmp = tempfile.mkstemp(prefix="." + path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if create:
            os.link(tmp, path)
            os.unlink(tmp)
        else:
            os.replace(tmp, path)
        fsync_dir(path.parent)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    session.path = path


def fsync_dir(folder: Path) -> None:
    """Flush a folder's entry list, so a rename in it survives a power cut."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # some systems cannot open a folder; the rename is still atomic
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def remove_stale_temps(path: Path) -> list[Path]:
    """Delete the temporary files a killed save of ``path`` left behind; return them."""
    removed = []
    try:
        candidates = list(path.parent.glob("." + glob.escape(path.name) + ".*.tmp"))
    except OSError:
        return []
    for tmp in candidates:
        m = _TEMP.match(tmp.name)
        if m and m.group("name") == path.name:
            try:
                tmp.unlink()
                removed.append(tmp)
            except OSError:
                pass
    return removed


def stale_temps(folder: Path) -> dict[str, list[Path]]:
    """The temporary files of saves in ``folder``, by the session file each was for."""
    found: dict[str, list[Path]] = {}
    try:
        candidates = list(folder.glob(".*.tmp"))
    except OSError:
        return {}
    for tmp in candidates:
        m = _TEMP.match(tmp.name)
        if m and m.group("name").endswith(SUFFIX):
            found.setdefault(m.group("name"), []).append(tmp)
    return found


def read_only(path: Path) -> str | None:
    """Why cardside must not change the file at ``path`` (its owner may not write it: mode
    0444), or None. The mode is what counts: root may write any file, yet a file a person
    made read-only is one they want kept as it is."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None  # loading says what is wrong
    if stat.S_ISREG(mode) and not mode & stat.S_IWUSR:
        if not mode & stat.S_IRUSR:
            return (
                f"{path_text(path)} may be neither read nor written (mode {stat.S_IMODE(mode):04o})"
            )
        return f"{path_text(path)} is read-only (mode {stat.S_IMODE(mode):04o})"
    return None


def read_bounded(path: Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes, else a SessionError.

    FIFOs, devices, folders and symbolic links to them are refused without reading, so a
    named pipe cannot hang the program and ``/dev/zero`` cannot exhaust its memory.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise SessionError(path, "no such file (or a link to nothing)") from None
    except OSError as exc:
        raise SessionError(path, f"cannot be read ({exc.strerror})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise SessionError(path, "is not a regular file")
        if info.st_size > limit:
            raise SessionError(path, f"is larger than {limit:,} bytes")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise SessionError(path, f"cannot be read ({exc.strerror})") from None
    finally:
        os.close(fd)
    if size > limit:
        raise SessionError(path, f"is larger than {limit:,} bytes")
    return b"".join(chunks)


def parse(raw: bytes, path: object = "<session>") -> dict[str, Any]:
    """Parse TOML text of bounded size; every way it can fail is one SessionError."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SessionError(path, "is not UTF-8 text") from None
    text = text.removeprefix("\ufeff")  # the byte-order mark some editors save first
    dots = _key_dots(text)
    if dots > MAX_DOTS:
        raise SessionError(path, f"has more than {MAX_DOTS:,} dots")
    if dots > MAX_KEY_DOTS:
        raise SessionError(path, f"has more than {MAX_KEY_DOTS} dots outside its strings (keys)")
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SessionError(path, f"is not valid TOML: {cut(str(exc), 120)}") from None
    except RecursionError:
        raise SessionError(path, "is nested too deeply") from None
    except (ValueError, OverflowError, MemoryError) as exc:
        # tomllib lets int() and float() errors through: a number of thousands of digits.
        raise SessionError(path, f"holds an unreadable value ({cut(str(exc), 80)})") from None
    if not doc and text.strip():
        raise SessionError(path, "not a cardside session (the file holds only comments)")
    _check_shape(doc, path)
    return doc


#: What a seat is: a person at the terminal, a person at the table, or a named bot.
_KIND = re.compile(r"human|table|bot:[a-z0-9_-]{1,30}")
#: TOML's strings and comments, read from the start of the text as TOML reads them (the
#: earliest match wins, so a quote inside a comment or another string starts nothing):
#: multi-line basic and literal strings (which may end in up to two more quotes), one-line
#: basic strings with their escapes, one-line literal strings, comments.
_STRINGS_AND_COMMENTS = re.compile(
    r'"""(?:[^"\\]|\\[\s\S]|"(?!""))*"""(?:"{1,2}(?!"))?'
    r"|'''(?:[^']|'(?!''))*'''(?:'{1,2}(?!'))?"
    r'|"(?:[^"\\\n]|\\.)*"'
    r"|'[^'\n]*'"
    r"|#[^\n]*"
)
#: Dots anywhere, strings included: a bound that holds whatever the reading above makes of a
#: hostile text (tomllib's time for this many dots in keys stays under a second).
MAX_DOTS = 20_000


def _key_dots(text: str) -> int:
    """Dots outside strings and comments (a cheap scan before parsing): keys and table
    headers anywhere, inline tables too, besides the rare float; or every dot, when the text
    holds more than :data:`MAX_DOTS` in all.

    cardside writes none outside strings (its times are to the second); tomllib's time grows
    with the square of the dots in keys.
    """
    every = text.count(".")
    if every > MAX_DOTS:
        return every
    return _STRINGS_AND_COMMENTS.sub("", text).count(".")


def _check_shape(doc: dict[str, Any], path: object) -> None:
    """No value nested deeper than MAX_DEPTH, and no integer beyond 64 bits (no recursion)."""
    stack: list[tuple[Any, int]] = [(doc, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise SessionError(path, f"nests tables or lists more than {MAX_DEPTH} deep")
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
        elif is_whole(value) and not -MAX_WHOLE - 1 <= value <= MAX_WHOLE:
            raise SessionError(path, "holds a whole number beyond 64 bits")


def load(path: Path) -> Session:
    """Read a session file; raise :class:`SessionError` naming the problem if it is unusable."""
    session = from_document(parse(read_bounded(path), path), path)
    session.path = path
    return session


#: The fields a session file holds at its top level, and in each row of its table.
TOP_KEYS = frozenset(
    "format version game mode name begun_as status created updated seed winners columns totals "
    "players "
    "options rounds entries".split()
) | {COUNT_KEY, DIGEST_KEY}
ROW_KEYS = frozenset({"round", "match", "scores", "totals", "note"})
#: Tabs and line breaks, which a name is read with as spaces.
_BREAKS = str.maketrans(dict.fromkeys("\t\n\u2028\u2029", " "))


def plain_name(name: str) -> str:
    """``name`` as it can be shown on one line, read the same way: tabs and line breaks as
    spaces, and without the characters that show nothing or change the text's direction
    (``Bo\\u202eb``: ``Bob``), which a name typed now may not hold; a run of
    spaces (or a no-break space) as one space, as a name is typed at a prompt."""
    return " ".join(without_hidden(name.translate(_BREAKS)).split())


def _read_name(name: str, renamed: dict[str, str]) -> str:
    """A column or winner's name as its player's is read (see ``from_document``)."""
    return renamed.get(without_hidden(name.translate(_BREAKS)).strip(), plain_name(name))


def from_document(doc: dict[str, Any], path: object = "<session>") -> Session:
    """Build a :class:`Session` from a parsed TOML document, checking every field's shape.

    The common fields are checked here; the options and entries against the game's schema.
    """
    from cardside.games.registry import GAMES

    def fail(problem: str) -> SessionError:
        return SessionError(path, problem)

    if not doc:
        raise fail("not a cardside session (the file is empty)")
    if "format" not in doc:
        raise fail(f"not a cardside session (no format line: format = {FORMAT!r})")
    if doc["format"] != FORMAT:
        raise fail(f"not a cardside session (format is {clip(doc['format'])}, not {FORMAT!r})")
    if "version" not in doc:
        raise fail(f"has no version line (version = {VERSION})")
    version = doc["version"]
    if not is_whole(version):
        raise fail(f"version should be a whole number such as {VERSION}, not {clip(version)}")
    if version != VERSION:
        raise fail(f"unknown format version {clip(version)} (cardside reads version {VERSION})")
    unknown = sorted(set(doc) - TOP_KEYS)
    if unknown:
        raise fail(f"has an unknown field {clip(unknown[0])} (a misspelt table or key?)")
    game = _get(doc, "game", Text(40), fail)
    if game not in GAMES:
        raise fail(f"unknown game {clip(game)}")
    schema = GAMES[game].schema()
    mode = _get(doc, "mode", Text(choices=MODES), fail)
    name = plain_name(_get(doc, "name", Text(), fail))  # shown and exported: no hidden text
    begun_as = plain_name(_get(doc, "begun_as", Text(), fail, ""))
    players = _get(doc, "players", list, fail)
    low, high = schema.players
    if not low <= len(players) <= high:
        span = str(low) if low == high else f"{low} to {high}"
        many = f"{len(players)} player" + ("" if len(players) == 1 else "s")
        raise fail(f"has {many}; {GAMES[game].title} takes {span}")
    seats: list[Seat] = []
    as_stored: list[str] = []  # the names with their spaces as the file holds them
    renamed: dict[str, str] = {}  # such a name read apart from its twin, as it is read
    for i, p in enumerate(players, 1):
        if not isinstance(p, dict):
            raise fail(
                f'player {i} should be a table such as {{ name = "Ann", kind = "human" }}, '
                f"not {toml_kind(p)}"
            )
        unknown = sorted(set(p) - {"name", "kind"})
        if unknown:
            raise fail(f"player {i} has an unknown field {clip(unknown[0])}")
        seat_name = _get(p, "name", Text(), lambda m, i=i: fail(f"player {i}: {m}"))
        kind = _get(p, "kind", Text(40), lambda m, i=i: fail(f"player {i}: {m}"), "human")
        if not _KIND.fullmatch(kind):
            raise fail(f"player {i}: kind {clip(kind)} is not human, table or bot:NAME")
        # An earlier cardside took tabs, line breaks and writing-direction controls in names,
        # which break or disguise every line that shows them: read as spaces and nothing.
        spaced = without_hidden(seat_name.translate(_BREAKS)).strip()
        seat_name = plain_name(seat_name)
        if not seat_name:
            raise fail(f"player {i} has an empty name")
        if not any(shows(c) for c in seat_name):
            raise fail(f"player {i}'s name {clip(seat_name)} shows nothing (only blank signs)")
        if any(person(seat_name) == person(r) for r in schema.reserved):
            raise fail(
                f"player {i} is named {clip(seat_name)}, the name the game gives its own side; "
                "names must differ"
            )
        if any(s.casefold() == spaced.casefold() for s in as_stored):
            raise fail(f"two players are named {clip(seat_name)}; names must differ")
        # Names the statistics take for one person (``José`` typed two ways, ``Ａｎｎ`` and
        # ``Ann``) are one name here too, as when the session was started.
        old = person(spaced, one_space=False)
        twin = next((s for s in as_stored if person(s, one_space=False) == old), None)
        if twin is not None:
            raise fail(
                f"two players are named {clip(twin)} and {clip(spaced)}, one name typed "
                "two ways; names must differ"
            )
        if any(person(s.name) == person(seat_name) for s in seats):
            # An earlier cardside told names apart by their spaces alone (``Ann Lee`` and
            # ``Ann  Lee``): read as one space each, this one keeps its number to stay apart.
            seat_name = f"{seat_name} ({i})"
            renamed[spaced] = seat_name
        as_stored.append(spaced)
        seats.append(Seat(seat_name, kind))
    entries = _get(doc, "entries", list, fail)
    if len(entries) > MAX_ENTRIES:
        raise fail(f"has more than {MAX_ENTRIES:,} entries")
    times = [
        _time(e.pop(TIME_KEY, None), f"entry {i}: {TIME_KEY}", fail)
        if isinstance(e, dict)
        else None
        for i, e in enumerate(entries, 1)
    ]
    options = _get(doc, "options", dict, fail, default={})
    try:
        schema.check_options(options, mode)
        schema.check_entries(mode, entries)
    except SchemaError as exc:
        # The fields are the game's: a game field edited to another game's name shows here.
        raise fail(f"{exc} (the file names the game {game})") from None
    raw_rounds = _get(doc, "rounds", list, fail, default=[])
    if len(raw_rounds) > MAX_ENTRIES:
        raise fail(f"has more than {MAX_ENTRIES:,} round rows")
    rounds = []
    for i, r in enumerate(raw_rounds, 1):
        if isinstance(r, dict) and set(r) - ROW_KEYS:
            raise fail(f"round row {i} has an unknown field {clip(sorted(set(r) - ROW_KEYS)[0])}")
        if not isinstance(r, dict) or not _ints(r.get("scores")) or not _ints(r.get("totals")):
            raise fail(f"round row {i} needs lists of whole numbers 'scores' and 'totals'")
        number = r.get("round", i)
        if not is_whole(number):
            raise fail(f"round row {i} has a round number that is not a whole number")
        note = _get(r, "note", Text(2000), lambda m, i=i: fail(f"round row {i}: {m}"), "")
        match = r.get("match", 0)
        if not is_whole(match) or not 0 <= match <= MAX_ENTRIES:
            raise fail(f"round row {i} has a match number that is not a whole number of 0 or more")
        rounds.append(RoundRow(number, list(r["scores"]), list(r["totals"]), note, match=match))
    seed = doc.get("seed")
    if seed is not None and not is_whole(seed):
        raise fail("seed must be a whole number")
    if mode == "keep" and seed is not None:
        raise fail("has a seed, but a kept game is dealt with real cards (a played game's file?)")
    if mode == "keep" and any(s.kind.startswith("bot:") for s in seats):
        bot = next(i for i, s in enumerate(seats, 1) if s.kind.startswith("bot:"))
        raise fail(f"player {bot} is a bot, but a kept game is played with real cards")
    totals = _get(doc, "totals", list, fail, default=[])
    if not _ints(totals):
        raise fail("totals must be a list of whole numbers")
    count = doc.get(COUNT_KEY)
    if count is not None and (not is_whole(count) or not 0 <= count <= MAX_ENTRIES):
        raise fail(f"{COUNT_KEY} must be a whole number from 0 to {MAX_ENTRIES:,}")
    digest = doc.get(DIGEST_KEY)
    if digest is not None and not (isinstance(digest, str) and _DIGEST.fullmatch(digest)):
        raise fail(f"{DIGEST_KEY} must be 'sha256:' and 64 hexadecimal digits, not {clip(digest)}")
    return Session(
        game=game,
        mode=mode,
        name=name,
        begun_as=begun_as,
        seats=seats,
        options=options,
        seed=seed,
        entries=entries,
        times=times,
        created=_time(doc.get("created"), "created", fail),
        updated=_time(doc.get("updated"), "updated", fail),
        columns=[
            _read_name(c, renamed) for c in _get(doc, "columns", TextList(), fail, default=[])
        ],
        rounds=rounds,
        totals=totals,
        status=_get(doc, "status", Text(40), fail, default="in progress"),
        winners=[
            _read_name(w, renamed) for w in _get(doc, "winners", TextList(), fail, default=[])
        ],
        stored_count=count,
        stored_digest=digest,
    )


def _get(doc: dict[str, Any], key: str, kind: Any, fail: Any, default: Any = ...) -> Any:
    """``doc[key]`` checked against a schema kind or a Python type (``default`` if absent)."""
    if key not in doc:
        if default is ...:
            raise fail(f"missing {key!r}")
        return default
    value = doc[key]
    if isinstance(kind, type):
        if not isinstance(value, kind):
            wanted = toml_kind(kind())
            raise fail(f"{key!r} should be {wanted}, not {toml_kind(value)}")
        return value
    problem = kind.problem(value)
    if problem:
        raise fail(f"{key!r} {problem}")
    return value


def _ints(value: Any) -> bool:
    return isinstance(value, list) and len(value) <= MAX_LIST and all(is_whole(v) for v in value)


def _time(value: Any, what: str, fail: Callable[[str], SessionError]) -> datetime | None:
    """A date and time from the file; one without a UTC offset is taken as local time."""
    if value is None:
        return None
    if not isinstance(value, datetime):
        raise fail(
            f"{what} should be a date and time such as 2026-12-01T21:42:28+01:00, not {clip(value)}"
        )
    if not FIRST_YEAR <= value.year <= LAST_YEAR:
        raise fail(f"{what} should be a date from {FIRST_YEAR} to {LAST_YEAR}, not {value}")
    return value if value.tzinfo is not None else value.astimezone()


def list_paths(data_dir: Path) -> list[Path]:
    """Every session file in the data folder, newest first."""
    folder = sessions_dir(data_dir)
    if not folder.is_dir():
        if folder.exists():
            raise NotADirectoryError(errno.ENOTDIR, "a file, not a folder", str(folder))
        gone = dangling_link(folder)
        if gone is not None:
            # A link left behind by a moved or unmounted folder: listing nothing would read
            # as "no sessions", and the first save would fail anyway.
            raise FileNotFoundError(errno.ENOENT, "a link to a folder that is not there", str(gone))
        return []
    # A name holding a control character, an invisible one (a right-to-left override) or a
    # byte that is not UTF-8 is no session cardside wrote; printed, it could clear the screen
    # or hide text, and the index could not hold it: such files are left alone.
    # Read with scandir, which says when the folder cannot be read; a glob would find nothing.
    with os.scandir(folder) as found:
        names = [entry.name for entry in found]
    files = [folder / n for n in names if n.endswith(SUFFIX) and usable_name(n)]
    # Same time: the name decides, so the numbers `sessions list` prints stay put.
    return sorted(files, key=lambda p: (-_mtime(p), p.name))


def dangling_link(folder: Path) -> Path | None:
    """The sessions folder, or the data folder holding it, when it is a link to nothing."""
    for place in (folder, folder.parent):
        if place.is_symlink() and not place.exists():
            return place
    return None


def usable_name(name: str) -> bool:
    """A file name cardside lists: not hidden, and :func:`printable_name`."""
    return not name.startswith(".") and printable_name(name)


def printable_name(name: str) -> bool:
    """A file name cardside may print: no control character (a tab and a line break
    included, which would break a listing's lines) and none that shows nothing."""
    return not ANY_CONTROL.search(name) and not hidden_at(name)


def _mtime(path: Path) -> int:
    """When a file was last written (ns); a link to nothing sorts last (reported on load)."""
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return 0
