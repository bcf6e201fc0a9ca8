"""The session list: one aligned line per session, from the index's summaries."""

from __future__ import annotations

from typing import Any

from cardside.games.registry import GAMES
from cardside.tui.table import KEEP, display_width, render, unbroken, wrap_words

HEADERS = ["#", "name", "game", "mode", "date", "scores", "result"]


def scores_text(columns: list[str], totals: list[int], *, ascii: bool = False) -> str:
    """``Ann 14 · Bob 8`` (``Ann 14 | Bob 8`` in ASCII)."""
    sep = " | " if ascii else " · "
    return sep.join(f"{c} {t}" for c, t in zip(columns, totals))


def named(summary: dict[str, Any], scores: str) -> str:
    """The scores with what they are when that is not plain totals (``matches won: ...``)."""
    info = GAMES.get(str(summary.get("game")))
    name = info.totals_name(str(summary.get("mode"))) if info else "totals"
    return f"{name}: {scores}" if scores and name != "totals" else scores


def result_text(summary: dict[str, Any], *, ascii: bool = False) -> str:
    """Who won a finished session, or that it goes on (and where it stands, when its totals
    do not say: ``in progress (countdown Ann 2 · Bob 4)``)."""
    if summary["status"] == "finished" and summary["winners"]:
        return "won: " + " & ".join(summary["winners"])
    standing = summary.get("standing")
    if summary["status"] == "in progress" and standing:
        counts = scores_text(summary["columns"], standing["counts"], ascii=ascii)
        return f"in progress ({standing['what']} {counts})"
    return str(summary["status"])


def row_of(number: int, summary: dict[str, Any], *, ascii: bool = False) -> list[object]:
    """A session's cells in the list."""
    date = (summary.get("created") or "")[:16].replace("T", " ")
    return [
        number,
        summary["name"],
        summary["game"],
        summary["mode"],
        date,
        named(summary, scores_text(summary["columns"], summary["totals"], ascii=ascii)),
        result_text(summary, ascii=ascii),
    ]


def render_list(rows: list[list[object]], width: int | None = None) -> str:
    """The aligned table of sessions, headed; on a terminal of ``width`` too narrow for it,
    a session's number and name on one line, then the rest wrapped below."""
    table = render(HEADERS, rows)
    if width is None or max(display_width(line) for line in table.splitlines()) <= width:
        return table
    out = []
    room = max(10, width) - 4  # the indent of the lines under the name
    for number, name, game, mode, date, scores, result in rows:
        out.append(f"{number!s:<3} {name}")
        parts = (
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
