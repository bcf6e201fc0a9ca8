"""The error types shared by every game.

Each is a ``ValueError`` so callers that only care about "bad input" can catch one type, while
the UI can still tell a typo (:class:`NotationError`) from a rules violation
(:class:`IllegalActionError`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from cardside.core.schema import path_text
from cardside.core.words import quoted


class CardsideError(Exception):
    """Base class of every error cardside raises on purpose."""


class NotationError(CardsideError, ValueError):
    """Text that does not name a card or an action at all (``"ZZ"``, ``"9C"`` in Octrix)."""


class IllegalActionError(CardsideError, ValueError):
    """A well-formed action that the rules forbid in the current position.

    ``plain`` is the reason alone where the message goes on to say what to type next at the
    prompt: an entry read from a file, or one named by a correction, is refused with it.
    ``order``: the entry is out of turn (another player's turn or hand comes first), which no
    other text of the same player's entry can mend.
    """

    def __init__(self, message: str = "", *, plain: str = "", order: bool = False) -> None:
        super().__init__(message)
        self.plain = plain or message
        self.order = order

    def __reduce__(self) -> tuple[object, ...]:
        return (_illegal, (str(self), self.plain, self.order))


def _illegal(message: str, plain: str, order: bool = False) -> IllegalActionError:
    """An IllegalActionError rebuilt from a pickle (as a worker process returns one)."""
    return IllegalActionError(message, plain=plain, order=order)


class AmbiguousActionError(NotationError):
    """Text that could name more than one legal action."""


class Suggests(CardsideError):
    """An error whose one-line reason names a command of cardside's to run next.

    The reason is kept in three parts so the command line can add the options that command
    needs to find the same sessions (a typed ``--data-dir``) with :meth:`told`.
    """

    def __init__(self, before: str, command: str = "", after: str = "") -> None:
        self.before, self.command, self.after = before, command, after
        super().__init__(_quoted(before, command, after))

    def told(self, options: str) -> str:
        """The reason with ``options`` after its command (as it is, when it names none)."""
        if not self.command:
            return str(self)
        return _quoted(self.before, self.command + options, self.after)


def _quoted(before: str, command: str, after: str) -> str:
    """The reason, its command between double quotes where single ones would clash with the
    quotes of a name or path inside it (``"cardside sessions verify 'a;b'"``), so that what
    lies between the quotes can be copied as it is."""
    if before.endswith("'") and after.startswith("'"):
        return before[:-1] + quoted(command) + after[1:]
    return before + command + after


class SessionError(CardsideError):
    """A session file that cannot be used: malformed, unknown version or impossible."""

    def __init__(self, path: object, problem: str) -> None:
        self.path = path
        self.problem = problem
        super().__init__(f"{path_text(path)}: {problem}")


class EntryError(CardsideError, ValueError):
    """An entry that cannot be applied: its 1-based index and the reason (``order``: it is out
    of turn, as :class:`IllegalActionError` says)."""

    def __init__(self, index: int, reason: str, *, order: bool = False) -> None:
        self.index = index
        self.reason = reason
        self.order = order
        super().__init__(f"entry {index}: {reason}")


@contextmanager
def numbered(index: int) -> Iterator[None]:
    """Report a notation or rules error raised inside as the EntryError of entry ``index``."""
    try:
        yield
    except NotationError as exc:
        raise EntryError(index, str(exc)) from None
    except IllegalActionError as exc:
        raise EntryError(index, exc.plain, order=exc.order) from None
