"""A scripted stdin that can change the world just before a given line is read."""

from __future__ import annotations

import io
from collections.abc import Callable


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
