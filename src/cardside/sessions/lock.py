"""One writer per session: a lock file naming the process that holds the session open.

``.NAME.toml.lock`` sits beside the session file for as long as a process has the session
open for writing (play, keep, resume). It is created with ``O_CREAT | O_EXCL``, so of two
processes starting together exactly one gets it; the other is refused with the holder's
process id. A lock whose process no longer exists (killed, crashed, power lost) is taken over,
and so is one whose process id now belongs to another process: where the system says when a
process started (Linux), one that started after the lock was written is not its holder. The
file holds the process id alone, as every cardside has written it.
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


def started(pid: int) -> float | None:
    """When process ``pid`` started, in seconds since the epoch (Linux: from the boot time and
    the process's clock ticks since it); ``None`` where the system does not say."""
    try:
        boot = next(
            int(line.split()[1])
            for line in Path("/proc/stat").read_text(encoding="ascii").splitlines()
            if line.startswith("btime ")
        )
        stat_line = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
        ticks_a_second = os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, StopIteration, IndexError):
        return None
    # The command name (field 2) may hold spaces and brackets: count from its closing one.
    fields = stat_line[stat_line.rfind(")") + 2 :].split()
    if len(fields) <= 19 or not fields[19].isdigit() or ticks_a_second <= 0:
        return None
    return boot + int(fields[19]) / ticks_a_second


def _holder(path: Path) -> int | None:
    """The process id written in a lock file; ``None`` if it cannot be read (yet)."""
    try:
        text = path.read_text(encoding="ascii", errors="replace")[:32].strip()
    except OSError:
        return None
    return int(text) if text.isdigit() and len(text) < 12 else None


#: How much later than its lock a process may seem to start and still be the holder: the
#: boot time is whole seconds, and a file's time may be rounded.
STARTED_SLACK = 2.0


def holds(pid: int, path: Path) -> bool:
    """Whether process ``pid``, named by the lock at ``path``, still holds it: it runs, and
    (where the system says when it started) it started before the lock was written, so it
    is not another process given the same id since (after a restart, say)."""
    if pid == os.getpid():
        return True
    if not process_exists(pid):
        return False
    began = started(pid)
    if began is None:
        return True
    try:
        written = path.stat().st_mtime
    except OSError:
        return True
    return began <= written + STARTED_SLACK


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
                elif holds(holder, self.path):
                    raise SessionLocked(
                        f"session {name!r} is open in another cardside (process {holder}); "
                        "close it there first (if no cardside has it open, remove "
                        f"{path_text(self.path)})"
                    ) from None
                self._take_over(holder)
                continue
            try:
                os.write(fd, f"{os.getpid()}\n".encode("ascii"))
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

    def _take_over(self, dead: int | None) -> None:
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
                if _holder(self.path) == os.getpid():
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
