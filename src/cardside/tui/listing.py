"""The session list: one aligned line per session, from the index's summaries."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardside.games.registry import GAMES
from cardside.tui.table import KEEP, display_width, render, unbroken, wrap_words

HEADERS = ["#", "name", "game", "mode", "started", "scores", "result"]


def scores_text(columns: list[str], totals: list[int], *, ascii: bool = False) -> str:
    """``Ann 14 · Bob 8`` (``Ann 14 | Bob 8`` in ASCII)."""
    sep = " | " if ascii else " · "
    return sep.join(f"{c} {t}" for c, t in zip(columns, totals))


def named(summary: dict[str, Any], scores: str) -> str:
    """The scores with what they are when that is not plain totals (``matches won: ...``)."""
    info = GAMES.get(str(summary.get("game")))
    name = info.totals_name(str(summary.get("mode"))) if info else "totals"
    return f"{name}: {scores}" if scores and name != "totals" else scores


def tied(columns: Sequence[str], winners: Sequence[str]) -> bool:
    """Whether the winners sit in more than one column of the sheet (a tie; partners who
    won together are one column: ``Ann & Cy``)."""
    from cardside.core.players import column_of

    return len({column_of(w, list(columns)) for w in winners}) > 1


def result_text(summary: dict[str, Any], *, ascii: bool = False) -> str:
    """Who won a finished session, or that it goes on (and where it stands, when its totals
    do not say: ``in progress (countdown Ann 2 · Bob 4)``)."""
    if summary["status"] == "finished" and summary["winners"]:
        from cardside.sessions.export import winners_cell

        verb = "tied" if tied(summary["columns"], summary["winners"]) else "won"
        # Partners together with " & ", the columns of a tie apart with "; ", as exports say.
        return f"{verb}: " + winners_cell(list(summary["columns"]), list(summary["winners"]))
    standing = summary.get("standing")
    if summary["status"] == "in progress" and standing:
        counts = scores_text(summary["columns"], standing["counts"], ascii=ascii)
        return f"in progress ({standing['what']} {counts})"
    return str(summary["status"])


def row_of(number: int, summary: dict[str, Any], *, ascii: bool = False) -> list[object]:
    """A session's cells in the list."""
    # A file that does not say when it was made began with its first timed entry.
    date = (summary.get("created") or summary.get("start") or "")[:16].replace("T", " ")
    return [
        number,
        summary["name"],
        summary["game"],
        summary["mode"],
        date,
        named(summary, scores_text(summary["columns"], summary["totals"], ascii=ascii)),
        result_text(summary, ascii=ascii),
    ]


#: Shorter forms of a session's date (``2026-11-27 20:02``), tried in turn until the table fits
#: the terminal: without the year, then the day alone.
DATE_FORMS = (lambda d: d, lambda d: d[5:], lambda d: d[5:10])


def render_list(rows: list[list[object]], width: int | None = None) -> str:
    """The aligned table of sessions, headed, one line a session; on a terminal of ``width``
    the date is shortened first (no year, then no time). When the table still does not fit,
    each session's number and name take one line, and the rest (the whole date again) follows
    on the next, wrapped onto more lines where even that does not fit the width."""
    table = render(HEADERS, rows)
    for form in DATE_FORMS:
        table = render(HEADERS, [[*row[:4], form(str(row[4])), *row[5:]] for row in rows])
        if width is None or max(display_width(line) for line in table.splitlines()) <= width:
            return table
    assert width is not None
    out = []
    room = max(10, width) - 4  # the indent of the lines under the name
    for number, name, game, mode, date, scores, result in rows:
        out.append(f"{number!s:<3} {name}")
        parts = (
            # The whole date again: a line of its own has room for the year (a folder of
            # more than a year's sessions tells them apart).
            f"{game} {mode}, {unbroken(str(date), room)}",
            _whole_items(str(scores), room),
            unbroken(str(result), room),
        )
        rest = "; ".join(part for part in parts if part)
        out += [line.replace(KEEP, " ") for line in wrap_words(rest, width, "    ")]
    return "\n".join(out)


def _whole_items(scores: str, room: int) -> str:
    """Each player's score (``Bot 2 7``) one unit, breaking only between players; the
    separator stays with the score before it, so no line starts with it."""
    for sep in (" · ", " | "):
        if sep in scores:
            *items, last = scores.split(sep)
            mark = KEEP + sep.strip()
            return " ".join(
                [*(unbroken(item, room - 2) + mark for item in items), unbroken(last, room)]
            )
    return unbroken(scores, room)
