"""A session being written: every entry is saved atomically the moment it is made.

A journal holds its session's lock (see :mod:`cardside.sessions.lock`) from the moment it is
opened or created until :meth:`Journal.close`, so no other process writes the same file.
"""

from __future__ import annotations

import errno
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardside.core import corrections
from cardside.core.errors import CardsideError, Suggests
from cardside.core.record import Seat, Session
from cardside.core.schema import path_text
from cardside.games.registry import GAMES
from cardside.sessions import document, integrity, sheets, store, tidy
from cardside.sessions.lock import SessionLock, SessionLocked
from cardside.sessions.names import shell_name

__all__ = ["Journal", "ReadOnly", "SaveFailed", "SessionLocked"]

# Given the error of a failed save: True to try again, False to give up.
RetryHandler = Callable[[OSError], bool]


class SaveFailed(CardsideError):
    """A save that failed and was not retried; the file keeps every entry before it."""


class ReadOnly(CardsideError):
    """A session file its owner made read-only: cardside does not write to it."""


class Journal:
    """Appends entries to a session and keeps its file and derived totals current."""

    def __init__(
        self, session: Session, path: Path, lock: SessionLock | None = None, *, accept: bool = True
    ) -> None:
        self.session = session
        self.path = path
        self.lock = lock
        self.on_save_failure: RetryHandler | None = None
        #: What a command naming this session needs after its name to find it (`` --data-dir
        #: DIR`` when its folder was given that way); set by the command that opened it.
        self.folder_option = ""
        #: The display options it was opened with (`` --ascii``, `` --no-color``), which a
        #: command going on with it keeps.
        self.display_options = ""
        #: How such a command names it: by its name, or by its path for a file elsewhere.
        self.named_as = shell_name(path)
        # Built from every entry once; after that each entry updates it.
        self.sheet = sheets.running(session)
        built = sheets.complete(self.sheet.sheet())
        if not accept:
            # Compared before the file's own totals are replaced by the entries'.
            found = integrity.problems(session, built)
            if found:
                raise integrity.Disagrees(
                    shell_name(path), integrity.summary(found), refused="nothing is added to it"
                )
        sheets.apply(session, built)
        # The file's text, kept in parts so an entry renders only what it changed.
        self.blocks = document.Blocks()

    @classmethod
    def start(
        cls,
        data_dir: Path,
        *,
        game: str,
        mode: str,
        seats: list[Seat],
        options: dict[str, Any],
        seed: int | None = None,
        name: str | None = None,
    ) -> Journal:
        """Create, lock and save a new session (refusing to overwrite an existing one).

        Without a name, a fresh one is chosen; if another process takes it at the same moment,
        the next free name is used instead.
        """
        if name is not None:  # an empty name is refused, not replaced by a fresh one
            return cls._create(data_dir, store.check_name(name), game, mode, seats, options, seed)
        taken: set[str] = set()
        for _attempt in range(20):
            # A name another cardside holds locked has no file yet: asked for again, it would
            # be given again; the next is tried.
            fresh = store.new_name(data_dir, game, mode, avoid=taken)
            try:
                return cls._create(data_dir, fresh, game, mode, seats, options, seed)
            except (FileExistsError, SessionLocked):
                taken.add(fresh)
                continue
        raise FileExistsError("could not find a free session name; give one with --session")

    @staticmethod
    def check_free(data_dir: Path, name: str) -> None:
        """Refuse ``name`` for a new session (not a usable name, or taken) before anything is
        asked; :meth:`start` checks again, as another process may take it meanwhile."""
        _refuse_taken(_path(data_dir, store.check_name(name)), name)

    @classmethod
    def _create(
        cls,
        data_dir: Path,
        name: str,
        game: str,
        mode: str,
        seats: list[Seat],
        options: dict[str, Any],
        seed: int | None,
    ) -> Journal:
        path = _path(data_dir, name)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except FileExistsError:
            # A file, or a link to nothing, where the folder should be: no other name can help.
            gone = store.dangling_link(path.parent)
            if gone is not None:
                raise NotADirectoryError(
                    errno.ENOTDIR, f"{gone} is a link to a folder that is not there"
                ) from None
            blocked = path.parent if path.parent.parent.is_dir() else path.parent.parent
            raise NotADirectoryError(errno.ENOTDIR, f"{blocked} is a file, not a folder") from None
        lock = SessionLock(path).acquire()
        try:
            _refuse_taken(path, name)
            tidy.sweep(path.parent)
            store.remove_stale_temps(path)
            stamp = store.now()
            session = Session(
                game=game,
                mode=mode,
                name=name,
                seats=seats,
                options=options,
                seed=seed,
                created=stamp,
                updated=stamp,
            )
            # Never write a file that could not be read back (a name of a million characters).
            store.from_document(store.to_document(session), name)
            sheets.refresh(session)
            try:
                store.save(session, path, create=True)
            except FileExistsError:
                raise SessionTaken(name) from None
        except BaseException:
            lock.release()
            raise
        return cls(session, path, lock)

    @classmethod
    def open(cls, path: Path, *, accept: bool = False) -> Journal:
        """Lock and load a saved session to continue it (its entries must replay).

        A read-only file is refused (:class:`ReadOnly`), and so is a file that disagrees with
        its entries (:class:`integrity.Disagrees`: entries lost or changed since it was
        saved), unless ``accept`` takes what the entries give. Temporary files left by saves
        that were killed half-way are removed first.
        """
        why = store.read_only(path)
        if why:
            raise ReadOnly(
                f"{why}: cardside adds nothing to it (allow it with chmod u+rw "
                f"{path_text(shlex.quote(str(path)))})"
            )
        if path.is_symlink() and path.is_file():
            # A save replaces the file: the link would become a copy, and its target stop
            # following the game. (A link to nothing, or to no file, loading refuses.)
            target = path.resolve()
            if target.parent == path.parent.resolve() and target.suffix == store.SUFFIX:
                # It points to a session of the same folder: that one is gone on with.
                raise ReadOnly(
                    f"{path_text(path)} is a symbolic link, not a session file: cardside adds "
                    f"nothing to it (it points to the session {target.stem}: resume that one)"
                )
            raise ReadOnly(
                f"{path_text(path)} is a symbolic link, not a session file: cardside adds "
                "nothing to it (copy the file it points to into the sessions folder to go on "
                "with it)"
            )
        lock = SessionLock(path).acquire()
        try:
            tidy.sweep(path.parent)
            store.remove_stale_temps(path)
            # Making the journal replays every entry into its running sheet.
            return cls(store.load(path), path, lock, accept=accept)
        except BaseException:
            lock.release()
            raise

    def append(self, entry: dict[str, Any]) -> None:
        """Add one entry (stamped with the time it was made), update the totals, and save.

        If the save fails (a read-only folder, a full disk), the entry stays in memory and
        ``on_save_failure`` decides whether to try again; when it gives up (or there is none),
        :class:`SaveFailed` is raised and the file keeps every entry before this one.
        """
        self.extend([entry])

    def extend(self, entries: list[dict[str, Any]]) -> None:
        """Add several entries in one save, as :meth:`append` adds one: the file holds all of
        them or none (two corrections that only fit together)."""
        if not entries:
            return
        GAMES[self.session.game].schema().check_entries(self.session.mode, entries)
        stamp = store.now()
        session = self.session
        count = len(session.entries)
        session.times += [None] * (count - len(session.times))
        session.entries += entries
        session.times += [stamp] * len(entries)
        try:
            if len(entries) > 1 or corrections.is_correction(entries[0]):
                # Replayed whole (the game's sheet from a correction on reads the entries in
                # effect), so that a refused entry leaves the running sheet as it was.
                running = sheets.running(session)
                sheets.apply(session, sheets.complete(running.sheet()))
                self.sheet = running
            else:
                sheets.advance(session, self.sheet, entries[0])
        except BaseException:
            del session.entries[count:]
            del session.times[count:]
            raise
        session.updated = stamp
        while True:
            try:
                self.save()
                return
            except OSError as exc:
                if self.on_save_failure is None or not self.on_save_failure(exc):
                    raise SaveFailed(f"{path_text(self.path)}: {describe(exc)}") from None

    def save(self) -> None:
        """Write the file atomically (the derived fields are current after every entry)."""
        store.save(self.session, self.path, document.render(self.session, self.blocks))

    def close(self) -> None:
        """Release the session for other processes (the file is already saved)."""
        if self.lock is not None:
            self.lock.release()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def name(self) -> str:
        """The name to resume by: the file's, even when a copied file keeps another inside."""
        return self.path.stem

    def command(self, verb: str = "resume") -> str:
        """The command that does ``verb`` with this session: ``cardside sessions resume NAME``
        (with ``--data-dir DIR`` when that is how its folder was named, and the display
        options it was opened with)."""
        return f"cardside sessions {verb} {self.named_as}{self.folder_option}{self.display_options}"


def describe(exc: OSError) -> str:
    """A failed save in a few words: ``cannot save (Permission denied)``."""
    return f"cannot save ({exc.strerror or exc.__class__.__name__})"


def _path(data_dir: Path, name: str) -> Path:
    """The file of the session ``name``."""
    return store.sessions_dir(data_dir) / (name + store.SUFFIX)


class SessionTaken(Suggests, FileExistsError):
    """A new session's name that a session already has: give another, or look at that one
    (whatever it is: another game, a finished one, a damaged file, which ``resume`` would
    not go on with as this command would)."""

    def __init__(self, name: str, capitals: bool = False) -> None:
        also = " (names must differ by more than capitals)" if capitals else ""
        super().__init__(
            f"a session named {name!r} already exists{also}: give --session another name "
            "(to see that one: ",
            f"cardside sessions show {name}",
            ")",
        )


def _refuse_taken(path: Path, name: str) -> None:
    """Raise :class:`SessionTaken` if a session (or a link) already has ``path``, or a name
    that differs only in capitals."""
    if path.exists() or path.is_symlink():
        raise SessionTaken(name)
    twin = store.case_twin(path.parent, name)
    if twin is not None:
        raise SessionTaken(twin, capitals=True)
