"""One writer per session: a lock file naming the process that holds the session open.

``.NAME.toml.lock`` sits beside the session file for as long as a process has the session
open for writing (play, keep, resume). It is created with ``O_CREAT | O_EXCL``, so of two
processes starting together exactly one gets it; the other is refused with the holder's
process id. A lock whose process no longer exists (killed, crashed, power lost) is taken over,
and so is one whose process id now belongs to another process: where the system tells (Linux),
the lock also records when its process started, and a process that started at another time
(after a restart, say) is not the holder.
Taking over is itself guarded: the stale file is renamed away under a name unique to the taker,
and only the taker whose rename succeeded may create the new lock.
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

from cardside.core.errors import CardsideError
from cardside.core.schema import path_text


class SessionLocked(CardsideError):
    """The session is open in another running cardside; the message names its process id."""


def lock_path(session_path: Path) -> Path:
    """The lock file of a session file (hidden, beside it)."""
    return session_path.with_name("." + session_path.name + ".lock")


def process_exists(pid: int) -> bool:
    """Whether a process with this id is running (on this machine)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # it exists, under another user
    except OSError:
        return False
    return True


def started(pid: int) -> str:
    """When process ``pid`` started, as the system's boot and clock ticks since it (Linux);
    ``""`` where that cannot be read."""
    try:
        boot = Path("/proc/sys/kernel/random/boot_id").read_text(encoding="ascii").strip()
        stat_line = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
    except OSError:
        return ""
    # The command name (field 2) may hold spaces and brackets: count from its closing one.
    fields = stat_line[stat_line.rfind(")") + 2 :].split()
    ticks = fields[19] if len(fields) > 19 and fields[19].isdigit() else ""
    return f"{boot[:40]}/{ticks}" if boot and ticks else ""


Holder = tuple[int, str]


def _holder(path: Path) -> Holder | None:
    """The process id written in a lock file and when that process started (``""`` if not
    written); ``None`` if the file cannot be read (yet) or holds something else."""
    try:
        words = path.read_text(encoding="ascii", errors="replace")[:128].split()
    except OSError:
        return None
    if not words or not words[0].isdigit() or len(words[0]) >= 12:
        return None
    return int(words[0]), (words[1] if len(words) > 1 else "")


def holds(holder: Holder) -> bool:
    """Whether the process a lock names is still running (and is the same process)."""
    pid, start = holder
    if pid == os.getpid():
        return True
    if not process_exists(pid):
        return False
    now = started(pid)
    return not start or not now or now == start


class SessionLock:
    """An exclusive hold on one session file, released by :meth:`release` (or at exit)."""

    def __init__(self, session_path: Path) -> None:
        self.session_path = session_path
        self.path = lock_path(session_path)
        self.held = False

    def acquire(self) -> SessionLock:
        """Take the lock, or raise :class:`SessionLocked` naming the holder."""
        name = self.session_path.stem
        for _attempt in range(5):
            try:
                fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            except FileExistsError:
                kind = _kind(self.path)
                if kind == "gone":
                    continue  # released between the two looks: try again
                if kind != "file":
                    raise SessionLocked(
                        f"session {name!r} cannot be locked: {path_text(self.path)} is in the way "
                        "(not a file cardside made); remove it"
                    ) from None
                holder = _holder(self.path)
                if holder is None:
                    # Just created by another process that has not written its id yet, or
                    # garbage: treat a file older than a few seconds as stale, and one dated
                    # ahead of the clock by more than that too (a clock set back since).
                    if abs(_age(self.path)) < UNWRITTEN_SECONDS:
                        raise SessionLocked(
                            f"session {name!r} is being opened by another cardside (if none "
                            f"is, remove {path_text(self.path)})"
                        ) from None
                elif holds(holder):
                    raise SessionLocked(
                        f"session {name!r} is open in another cardside (process {holder[0]}); "
                        "close it there first (if no cardside has it open, remove "
                        f"{path_text(self.path)})"
                    ) from None
                self._take_over(holder)
                continue
            try:
                os.write(fd, f"{os.getpid()} {started(os.getpid())}".strip().encode() + b"\n")
                os.fsync(fd)
            except BaseException:
                # A full disk: an empty lock would refuse the name to everyone for a while.
                os.close(fd)
                with contextlib.suppress(OSError):
                    self.path.unlink()
                raise
            os.close(fd)
            self.held = True
            return self
        raise SessionLocked(f"session {name!r}: could not take its lock; try again")

    def _take_over(self, dead: Holder | None) -> None:
        """Move a stale lock aside; if another taker moved a live one instead, put it back."""
        aside = self.path.with_name(f"{self.path.name}.{os.getpid()}.stale")
        try:
            os.rename(self.path, aside)
        except FileNotFoundError:
            return  # another process took it over first; try again
        if _holder(aside) == dead:
            aside.unlink(missing_ok=True)
            return
        # Between reading and renaming, someone else took the lock over: give it back.
        with contextlib.suppress(OSError):
            os.link(aside, self.path)
        aside.unlink(missing_ok=True)

    def release(self) -> None:
        """Give the session up (removes the lock file if it is still ours)."""
        if self.held:
            self.held = False
            try:
                holder = _holder(self.path)
                if holder is not None and holder[0] == os.getpid():
                    self.path.unlink(missing_ok=True)
            except OSError:
                pass  # a folder gone read-only: the next cardside takes the stale lock over

    def __enter__(self) -> SessionLock:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()


def unwritten_locks(folder: Path) -> list[Path]:
    """The session files in ``folder`` whose lock was left without a process id for longer
    than a cardside takes to write one (a save killed or a disk full at that moment)."""
    try:
        locks = list(folder.glob(".*.lock"))
    except OSError:
        return []
    return [
        lock.with_name(lock.name[1 : -len(".lock")])
        for lock in locks
        if _kind(lock) == "file" and _holder(lock) is None and abs(_age(lock)) >= UNWRITTEN_SECONDS
    ]


#: How long a lock file may stay empty while its process writes its id.
UNWRITTEN_SECONDS = 5


def _kind(path: Path) -> str:
    """``"file"`` for a regular file (or a link to one), ``"gone"`` when nothing is there,
    else ``"other"`` (a folder, a pipe, a link to nothing): reading a pipe would hang."""
    try:
        return "file" if stat.S_ISREG(os.stat(path).st_mode) else "other"
    except FileNotFoundError:
        return "gone" if not os.path.lexists(path) else "other"
    except OSError:
        return "other"


def _age(path: Path) -> float:
    import time

    try:
        return time.time() - path.stat().st_mtime
    except OSError:
        return 0.0
