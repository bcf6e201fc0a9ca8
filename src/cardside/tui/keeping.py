"""What every scorekeeper shares: its command words, and a last chance to correct an entry."""

from __future__ import annotations

from collections.abc import Callable

from cardside.tui.console import Console


def offer_correction(
    console: Console,
    undo: Callable[[], None],
    what: str = "match",
    *,
    show: Callable[[], None] | None = None,
    help: Callable[[], None] | None = None,
) -> bool:
    """Ask before closing a finished game; ``True`` if the last entry was taken back.

    A mistyped final entry would otherwise end the game for good, so the table gets one more
    prompt: ``undo`` takes the entry back (and the keeper carries on), Enter or end of input
    closes. ``show`` and ``help``, when given, answer those words there too.
    """
    actions = {"show": show, "score": show, "help": help, "?": help, "h": help}
    words = [w for w in ("undo", "show", "help") if w == "undo" or actions[w] is not None]
    offered = words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"
    while True:
        line = console.ask(
            f"The {what} is over. Type undo to correct the last entry, or press Enter to close: "
        )
        if line is None or line.lower() in ("", "quit", "exit", "close", "done"):
            return False
        if line.lower() == "undo":
            undo()
            return True
        action = actions.get(line.lower())
        if action is not None:
            action()
            continue
        console.say(f"  Type {offered}, or press Enter to close.")


def keep_command(
    line: str, *, help: Callable[[], None], show: Callable[[], None], undo: Callable[[], None]
) -> str | None:
    """Handle a keep prompt's command word: ``"quit"``, ``"handled"``, or ``None`` if ``line``
    is not a command (then it is an entry)."""
    word = line.strip().lower()
    if word in ("quit", "exit"):
        return "quit"
    actions = {"help": help, "?": help, "h": help, "show": show, "score": show, "undo": undo}
    if word in actions:
        actions[word]()
        return "handled"
    return None
