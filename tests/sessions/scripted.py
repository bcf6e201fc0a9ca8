"""A scripted stdin that can change the world just before a given line is read, and a
read-only folder that holds even for root."""

from __future__ import annotations

import errno
import io
import os
import stat
from collections.abc import Callable

import pytest

from cardside.sessions import store


class Typist(io.RawIOBase):
    """Hands out ``lines`` one read at a time, running ``before[i]()`` just before line ``i``."""

    def __init__(self, lines: list[str], before: dict[int, Callable[[], None]]) -> None:
        self.lines = [(line + "\n").encode() for line in lines]
        self.before = before
        self.given = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        if self.given >= len(self.lines):
            return 0
        if self.given in self.before:
            self.before[self.given]()
        line = self.lines[self.given]
        self.given += 1
        buffer[: len(line)] = line
        return len(line)


def typed(lines: list[str], before: dict[int, Callable[[], None]]) -> io.BufferedReader:
    """The stream to give CliRunner as ``input``."""
    return io.BufferedReader(Typist(lines, before))


def honour_folder_modes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make a read-only folder refuse new files even to root, as it does to everyone else."""
    if os.geteuid() != 0:
        return
    real = store.tempfile.mkstemp

    def mkstemp(*args, dir=None, **kwargs):  # type: ignore[no-untyped-def]
        if dir is not None and not os.stat(dir).st_mode & stat.S_IWUSR:
            raise PermissionError(errno.EACCES, "Permission denied")
        return real(*args, dir=dir, **kwargs)

    monkeypatch.setattr(store.tempfile, "mkstemp", mkstemp)


def at_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Take the scripted input as typed at a terminal, where a failed save asks to retry."""
    from cardside.cli import common

    monkeypatch.setattr(common, "typing_at_terminal", lambda: True)
