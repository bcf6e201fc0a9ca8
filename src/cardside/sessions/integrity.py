"""Whether a session file agrees with itself: what it says of its entries (their number and
digest) and its stored totals and rows, against the entries it holds.

A file cut short between two entries is still valid TOML, and its entries still replay: only
this comparison tells that entries are missing. Every command that reads a session says so in
one line, ``resume`` refuses to add to such a file, and ``sessions verify --fix`` is the
explicit way to accept what the entries give.
"""

from __future__ import annotations

from cardside.core.errors import Suggests
from cardside.core.record import Session, Sheet
from cardside.core.words import counted
from cardside.sessions import sheets, store


def problems(session: Session, sheet: Sheet | None = None) -> list[str]:
    """Every way the file disagrees with its entries (none for a sound file).

    ``sheet`` is the entries' sheet when already computed; the session's derived fields must
    still be the file's own (before :func:`sheets.refresh`).
    """
    found: list[str] = []
    have = len(session.entries)
    if session.stored_count is not None and session.stored_count != have:
        found.append(
            f"it says it holds {counted(session.stored_count, 'entry')}, "
            f"{'only ' if have < session.stored_count else ''}{have} "
            f"{'is' if have == 1 else 'are'} there"
        )
    elif session.stored_digest is not None and session.stored_digest != store.entries_digest(
        session
    ):
        found.append("its entries are not the ones it was saved with (their digest differs)")
    # The totals, status and winners first: what the file claims that matters most.
    first = ("totals:", "status:", "winners:")
    return found + sorted(sheets.mismatches(session, sheet), key=lambda p: not p.startswith(first))


def opened(session: Session) -> list[str]:
    """Compare a session just read with its entries, then give it the entries' derived fields
    (as :func:`sheets.refresh` does); return what disagreed."""
    sheet = sheets.compute(session)
    found = problems(session, sheet)
    sheets.apply(session, sheet)
    return found


def summary(found: list[str]) -> str:
    """The first difference, and how many more there are."""
    more = f" (and {counted(len(found) - 1, 'other difference')})" if len(found) > 1 else ""
    return found[0] + more


class Disagrees(Suggests):
    """A session file that disagrees with its entries; the message is one line naming the
    first difference and the command that lists them all (and accepts the entries)."""

    def __init__(self, name: str, said: str, *, refused: str = "", outside: bool = False) -> None:
        self.name = name
        # verify --fix rewrites only files in the sessions folder.
        fix = (
            "; copy the file into the sessions folder to accept what its entries give there)"
            if outside
            else ", and with --fix accepts what the entries give)"
        )
        super().__init__(
            f"{name} does not agree with itself: {said}{'; ' + refused if refused else ''} ('",
            f"cardside sessions verify {name}",
            "' lists every difference" + fix,
        )
