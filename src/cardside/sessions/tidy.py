"""Renaming sessions, moving them to the trash folder beside the sessions folder, keeping a
copy of a file before it is rewritten, and removing what killed saves left behind."""

from __future__ import annotations

import contextlib
import errno
import os
import shlex
import stat
from pathlib import Path

from cardside.core.errors import SessionError
from cardside.core.schema import path_text
from cardside.sessions import integrity, store
from cardside.sessions.lock import SessionLock, SessionLocked, lock_path, unwritten_locks
from cardside.sessions.names import shell_name

TRASH = "trash"


def trash_dir(data_dir: Path) -> Path:
    """Where deleted sessions go: ``trash/`` beside ``sessions/``."""
    return data_dir / TRASH


def inside(data_dir: Path, path: Path) -> bool:
    """Whether ``path`` names a file in the sessions folder (the file itself is not followed:
    it may be a link to anywhere, or to itself)."""
    try:
        return path.absolute().parent.resolve() == store.sessions_dir(data_dir).resolve()
    except (OSError, RuntimeError):  # a folder that is a loop of links
        return False


def own_file(path: Path, doing: str) -> None:
    """Refuse (ValueError, one line) to ``doing`` a session file that is not a plain file
    cardside wrote (a symbolic link, a folder) or that is read-only."""
    if path.is_symlink():
        try:
            os.stat(path)
            where = f" to {path_text(os.readlink(path))}"
        except OSError as exc:
            where = " that loops" if exc.errno == errno.ELOOP else " to nothing"
        raise ValueError(
            f"{path_text(path)} is a symbolic link{where}, not a session file: cardside does "
            f"not {doing} links; remove or rename it yourself"
        )
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        raise ValueError(f"{path_text(path)}: cannot be read ({exc.strerror})") from None
    if not stat.S_ISREG(mode):
        raise ValueError(f"{path_text(path)} is not a regular file; cardside does not {doing} it")
    locked = store.read_only(path)
    if locked:
        raise ValueError(
            f"{locked}: cardside does not {doing} it (allow it with chmod u+rw "
            f"{path_text(shlex.quote(str(path)))})"
        )


def rename(data_dir: Path, path: Path, new: str) -> Path:
    """Rename a session's file and the name inside it; keeps its place in the list, and the
    name it was begun under (``begun_as``), which tells a copy of the file for the same
    session, renamed or not.

    Raises ValueError (a one-line reason) for an unusable or taken name, a file outside the
    sessions folder, a link, a read-only file, or a file that cannot be read; Disagrees for a
    file that does not agree with its entries; SessionLocked if either name is open in another
    cardside.
    """
    store.check_name(new)
    if not inside(data_dir, path):
        raise ValueError(
            f"{path_text(path)} is not in the sessions folder; rename the file yourself"
        )
    own_file(path, "rename")
    target = store.sessions_dir(data_dir) / (new + store.SUFFIX)
    if path.stem == new:
        raise ValueError(f"the session is already named {new!r}")
    if os.path.lexists(target):
        raise ValueError(f"a session named {new!r} already exists")
    twin = store.case_twin(target.parent, new)
    if twin is not None and twin != path.stem:
        raise ValueError(
            f"a session named {twin!r} already exists; names must differ by more than capitals"
        )
    sweep(store.sessions_dir(data_dir))
    # Neither name may be open in another cardside while the file moves.
    with SessionLock(path), SessionLock(target):
        try:
            session = store.load(path)
            found = integrity.problems(session)
        except SessionError as exc:
            raise ValueError(str(exc)) from None
        if found:
            # Saved again, it would say of itself what its entries give: the evidence is kept.
            raise integrity.Disagrees(
                shell_name(path), integrity.summary(found), refused="it is not renamed"
            )
        stamp = path.stat()
        # The name it was begun under is kept: a backup of the file still holds that one.
        session.begun_as = session.begun_as or session.name
        session.name = new
        store.save(session, target, create=True)
        # The same time as before, so renaming does not move the session to the top of the list.
        os.utime(target, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
        path.unlink()
    return target


def check_deletable(data_dir: Path, paths: list[Path]) -> None:
    """Only sessions in the sessions folder are deleted, and only plain files that are not
    read-only (a ValueError names the first other)."""
    for path in paths:
        if not inside(data_dir, path):
            raise ValueError(
                f"{path_text(path)} is not in the sessions folder; only sessions are deleted"
            )
        own_file(path, "delete")
    _not_linked(trash_dir(data_dir))


def _trash_folder(data_dir: Path) -> Path:
    """The trash folder, refused (ValueError) if it is a link: what goes there must stay in
    the data folder."""
    folder = _not_linked(trash_dir(data_dir))
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, "a file, not the trash folder", str(folder))
    return folder


def _not_linked(folder: Path) -> Path:
    """The trash folder, refused (ValueError) if it is a symbolic link."""
    if folder.is_symlink():
        raise ValueError(
            f"{path_text(folder)} is a symbolic link: sessions are moved only within the data "
            "folder (make it a folder of its own)"
        )
    return folder


def trash(data_dir: Path, path: Path) -> Path:
    """Move a session file into the trash folder (never over another); return where it went."""
    folder = _trash_folder(data_dir)
    own_file(path, "delete")
    folder.mkdir(parents=True, exist_ok=True)
    sweep(store.sessions_dir(data_dir))
    with SessionLock(path):  # not while another cardside has it open
        target, n = folder / path.name, 1
        while os.path.lexists(target):
            n += 1
            target = folder / f"{path.stem}-{n}{path.suffix}"
        os.replace(path, target)
    return target


def keep_copy(data_dir: Path, path: Path, raw: bytes, why: str) -> Path:
    """Write ``raw`` (a session file as it was) into the trash folder as
    ``NAME-WHY-YYYYMMDD-HHMMSS.toml`` (never over another file); return where."""
    folder = _trash_folder(data_dir)
    folder.mkdir(parents=True, exist_ok=True)
    base = f"{path.stem}-{why}-{store.now():%Y%m%d-%H%M%S}"
    for n in range(1, 100):
        target = folder / (base + (f"-{n}" if n > 1 else "") + store.SUFFIX)
        try:
            fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            continue
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(raw)
                fh.flush()
                os.fsync(fh.fileno())
        except BaseException:
            target.unlink(missing_ok=True)
            raise
        return target
    raise FileExistsError(errno.EEXIST, "no free name for the copy", str(folder))


def sweep(folder: Path) -> list[Path]:
    """Remove the temporary files that saves killed half-way left in the sessions folder
    (a save, a rename), each only while no running cardside holds its session, and the locks
    left without a process id (a disk full as one was taken); return them."""
    removed: list[Path] = []
    for name in store.stale_temps(folder):
        try:
            with SessionLock(folder / name):
                removed += store.remove_stale_temps(folder / name)
        except (SessionLocked, OSError):
            continue  # being written now (or cannot be locked): left for a later sweep
    for session in unwritten_locks(folder):
        # Taking the lock over and giving it up removes it.
        with contextlib.suppress(SessionLocked, OSError), SessionLock(session):
            removed.append(lock_path(session))
    with contextlib.suppress(OSError):
        if removed:
            store.fsync_dir(folder)
    return removed
