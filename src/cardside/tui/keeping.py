"""What every scorekeeper shares: a last chance to correct an entry when the game is over."""

from __future__ import annotations

from collections.abc import Callable

from cardside.tui.console import Console


def offer_correction(console: Console, undo: Callable[[], None], what: str = "match") -> bool:
    """Ask before closing a finished game; ``True`` if the last entry was taken back.

    A mistyped final entry would otherwise end the game for good, so the table gets one more
    prompt: ``undo`` takes the entry back (and the keeper carries on), Enter or end of input
    closes.
    """
    while True:
        line = console.ask(
            f"The {what} is over. Type undo to correct the last entry, or press Enter to close: "
        )
        if line is None or line.lower() in ("", "quit", "q", "exit", "close", "done"):
            return False
        if line.lower() == "undo":
            undo()
            return True
        console.say("  Type undo, or press Enter to close.")
