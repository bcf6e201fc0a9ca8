"""Renaming sessions and moving them to the trash folder beside the sessions folder."""

from __future__ import annotations

import errno
import os
from pathlib import Path

from cardside.core.errors import SessionError
from cardside.sessions import store
from cardside.sessions.lock import SessionLock

TRASH = "trash"


def trash_dir(data_dir: Path) -> Path:
    """Where deleted sessions go: ``trash/`` beside ``sessions/``."""
    return data_dir / TRASH


def _inside(data_dir: Path, path: Path) -> bool:
    return path.resolve().parent == store.sessions_dir(data_dir).resolve()


def rename(data_dir: Path, path: Path, new: str) -> Path:
    """Rename a session's file and the name inside it; keeps its place in the list.

    Raises ValueError (a one-line reason) for an unusable or taken name, a file outside the
    sessions folder, or a file that cannot be read; SessionLocked if either name is open in
    another cardside.
    """
    store.check_name(new)
    if not _inside(data_dir, path):
        raise ValueError(f"{path} is not in the sessions folder; rename the file yourself")
    target = store.sessions_dir(data_dir) / (new + store.SUFFIX)
    if target.exists():
        raise ValueError(f"a session named {new!r} already exists")
    # Neither name may be open in another cardside while the file moves.
    with SessionLock(path), SessionLock(target):
        try:
            session = store.load(path)
        except SessionError as exc:
            raise ValueError(str(exc)) from None
        stamp = path.stat()
        session.name = new
        store.save(session, target, create=True)
        # The same time as before, so renaming does not move the session to the top of the list.
        os.utime(target, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
        path.unlink()
    return target


def check_deletable(data_dir: Path, paths: list[Path]) -> None:
    """Only sessions in the sessions folder are deleted (a ValueError names the first other)."""
    for path in paths:
        if not _inside(data_dir, path):
            raise ValueError(f"{path} is not in the sessions folder; only sessions are deleted")


def trash(data_dir: Path, path: Path) -> Path:
    """Move a session file into the trash folder (never over another); return where it went."""
    folder = trash_dir(data_dir)
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, "a file, not the trash folder", str(folder))
    folder.mkdir(parents=True, exist_ok=True)
    with SessionLock(path):  # not while another cardside has it open
        target, n = folder / path.name, 1
        while target.exists():
            n += 1
            target = folder / f"{path.stem}-{n}{path.suffix}"
        os.replace(path, target)
    return target
