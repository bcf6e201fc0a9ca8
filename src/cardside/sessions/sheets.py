"""Derived scores: ask the game's sheet to replay a session's entries, and compare."""

from __future__ import annotations

from cardside.core.errors import SessionError
from cardside.core.record import EntryError, Session, Sheet
from cardside.core.schema import cut
from cardside.games.registry import GAMES


def compute(session: Session) -> Sheet:
    """Replay the entries with the game's rules; an impossible entry is a SessionError."""
    sheet_module = GAMES[session.game].module("sheet")
    try:
        return sheet_module.build(session)
    except EntryError as exc:
        raise SessionError(session.path or session.name, str(exc)) from None
    except ValueError as exc:
        raise SessionError(session.path or session.name, f"impossible session: {exc}") from None
    except (LookupError, TypeError, AttributeError, ArithmeticError) as exc:
        # The schema admits only well-typed values; this is a combination the rules never make.
        problem = f"impossible session ({type(exc).__name__}: {cut(str(exc))})"
        raise SessionError(session.path or session.name, problem) from None


def refresh(session: Session) -> Sheet:
    """Recompute the derived fields and store them on the session."""
    sheet = compute(session)
    session.columns = sheet.columns
    session.rounds = sheet.rounds
    session.totals = sheet.totals
    session.status = sheet.status
    session.winners = sheet.winners
    return sheet


def mismatches(session: Session) -> list[str]:
    """Every place where the stored totals disagree with the totals the entries give."""
    sheet = compute(session)
    found: list[str] = []
    if session.columns != sheet.columns:
        found.append(f"columns are {session.columns}, the players give {sheet.columns}")
    stored = {r.number: r for r in session.rounds}
    fresh = {r.number: r for r in sheet.rounds}
    for number in sorted(set(stored) | set(fresh)):
        a, b = stored.get(number), fresh.get(number)
        if a is None:
            found.append(f"round {number} is missing from the stored table")
        elif b is None:
            found.append(f"round {number} is in the stored table but no entries make it")
        else:
            if a.scores != b.scores:
                found.append(f"round {number}: stored scores {a.scores}, entries give {b.scores}")
            if a.totals != b.totals:
                found.append(f"round {number}: stored totals {a.totals}, entries give {b.totals}")
    if session.totals != sheet.totals:
        found.append(f"totals: stored {session.totals}, entries give {sheet.totals}")
    if session.status != sheet.status:
        found.append(f"status: stored {session.status!r}, entries give {sheet.status!r}")
    if sorted(session.winners) != sorted(sheet.winners):
        found.append(f"winners: stored {session.winners}, entries give {sheet.winners}")
    return found
