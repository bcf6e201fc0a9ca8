"""A report to share as one self-contained HTML page: league tables, ratings with their
history, head to head, records and every session's score table with its running totals.

The page is made with Jinja2 with autoescaping on, so every name typed by a user shows as
typed (``<script>``, ``"&'``). Charts are SVG inside the page; it loads nothing and runs no
script, so it reads the same in a browser, a mail or on paper.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from cardside.core.schema import is_whole
from cardside.sessions.export import winners_cell
from cardside.tui.listing import tied

#: Colours for the lines of a chart, told apart on screen and in grey print.
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#17becf")
#: Past the colours, the lines go round them again dashed, then dotted, then dash-dotted.
DASHES = ("", "8 4", "2 3", "8 3 2 3")
WIDTH, HEIGHT, MARGIN = 640, 220, 44
#: The most players a ratings chart draws (the highest rated): more lines cannot be told
#: apart, and the lines keep colours and dashes of their own.
CHART_MOST = 12


@dataclass
class Chart:
    """A line chart ready to draw: one polyline per series, the scale's ticks, a caption."""

    caption: str
    series: list[tuple[str, str, str, str]]  # label, colour, dashes ("" solid), "x,y x,y ..."
    ticks: list[tuple[float, str]]  # y position, value
    marks: list[tuple[float, str]]  # x position, what the step is (the first and the last)
    width: int = WIDTH
    height: int = HEIGHT
    margin: int = MARGIN


def line_chart(
    caption: str,
    labels: Sequence[str],
    steps: Sequence[Sequence[float]],
    names: Sequence[str] = (),
    scale: Sequence[float] = (),
) -> Chart:
    """Each label's value step by step (``steps[i][j]``: label j's value after step i);
    ``names`` say what the first and the last step are (``round 1``, ``round 9``); the
    vertical scale reaches every value and every number of ``scale`` (0 and a target)."""
    values = [v for row in steps for v in row] + list(scale)
    low, high = (min(values), max(values)) if values else (0.0, 1.0)
    if high == low:
        high = low + 1
    inner_w, inner_h = WIDTH - 2 * MARGIN, HEIGHT - 2 * MARGIN
    count = max(len(steps) - 1, 1)

    def y(v: float) -> float:
        return round(MARGIN + inner_h * (1 - (v - low) / (high - low)), 1)

    series = []
    for j, label in enumerate(labels):
        points = " ".join(
            f"{round(MARGIN + inner_w * i / count, 1)},{y(row[j])}" for i, row in enumerate(steps)
        )
        dash = DASHES[j // len(COLOURS) % len(DASHES)]
        series.append((label, COLOURS[j % len(COLOURS)], dash, points))
    ticks = [(y(v), f"{v:.0f}") for v in (low, (low + high) / 2, high)]
    marks = []
    if len(names) == len(steps) and steps:
        marks.append((float(MARGIN), names[0]))
        if len(steps) > 1:
            marks.append((float(WIDTH - MARGIN), names[-1]))
    return Chart(caption, series, ticks, marks)


def anchor(name: str, taken: dict[str, str]) -> str:
    """An id for a session's section: its name's letters and digits, made unique."""
    if name in taken:
        return taken[name]
    base = "s-" + "".join(ch if ch.isascii() and ch.isalnum() else "-" for ch in name)[:60]
    made, n = base, 1
    while made in taken.values():
        n += 1
        made = f"{base}-{n}"
    taken[name] = made
    return made


def render_page(data: dict[str, Any]) -> str:
    """The page from a report's parts (see :func:`cardside.cli.standings` for their shape)."""
    from importlib.resources import files

    from jinja2 import Environment

    template = (files("cardside.tui") / "templates" / "report.html").read_text(encoding="utf-8")
    from cardside.games.registry import GAMES

    env = Environment(autoescape=True)
    # games by their names (Line-it, IOTA), as every screen writes them
    env.globals["titles"] = {game: info.title for game, info in GAMES.items()}
    # Numbers written as the terminal writes them.
    from cardside.core.stats import format_wins
    from cardside.tui.leagueview import signed

    env.filters["wins"] = format_wins
    env.filters["signed"] = signed
    return env.from_string(template).render(**data)


def stamp(moment: datetime | None) -> str:
    """The moment as ``YYYY-MM-DD HH:MM`` (blank for none)."""
    from cardside.sessions.stats import day_text

    return f"{day_text(moment)} {moment:%H:%M}" if moment else ""


def session_part(summary: dict[str, Any], taken: dict[str, str]) -> dict[str, Any]:
    """A session's section: its score table and running totals, from its summary, with its
    players named as that session typed them (as its notes and ``sessions show`` name them)."""
    from cardside.core.words import counted
    from cardside.games.registry import GAMES
    from cardside.sessions.index import row_notes_of, rows_of
    from cardside.sessions.stats import as_typed, when_of

    summary = as_typed(summary)
    info = GAMES[summary["game"]]
    seen = summary.get("takebacks")
    rows = rows_of(summary) or []
    notes = row_notes_of(summary, len(rows))
    columns = summary["columns"]
    steps = [[float(t) for t in row[2]] for row in rows]
    row_name = info.row_name(summary["mode"])
    chart = (
        line_chart(
            f"{summary['name']}: running totals by {row_name}",
            columns,
            steps,
            [f"{row_name} {row[0]}" for row in rows],
            [float(n) for pair in summary["scale"] for n in pair],
        )
        if len(rows) > 1
        else None
    )
    return {
        "anchor": anchor(str(summary["name"]), taken),
        "name": summary["name"],
        "game": summary["game"],
        "mode": summary["mode"],
        "status": summary["status"],
        # When the session began, as list, show and the CSV give it (not its first entry).
        "date": stamp(when_of(summary, "created") or when_of(summary, "start")),
        "players": ", ".join(p["name"] for p in summary["players"]),
        # As show and the CSV write them: partners as their column (Ann & Cid), a tie's
        # columns apart (Ann; Bob).
        "winners": winners_cell(list(summary["columns"]), list(summary["winners"])),
        # Winners in different columns share the win (a tie), as list and show say.
        "won": "Tied" if tied(summary["columns"], summary["winners"]) else "Won",
        "row_name": row_name,
        "totals_name": info.round_totals,
        # The session's totals under its table, as show ends with them.
        "totals": f"{info.totals_name(summary['mode']).capitalize()}: "
        + ", ".join(f"{c} {t}" for c, t in zip(columns, summary["totals"], strict=False)),
        "columns": columns,
        # The match and note columns, where the game's sheet shows them.
        # A corrected row's number starred, as show and the keep screens star it.
        "rows": [
            [f"{row[0]}*" if fixed else row[0], *row[1:], match, note]
            for row, (match, note, fixed) in zip(rows, notes, strict=True)
        ],
        "matches": any(match for match, _, _ in notes),
        "notes": any(note for _, note, _ in notes),
        "results": _match_results(summary),
        "chart": chart,
        # Rows an entry of which was corrected with fix N (the index is a cache: text only).
        "corrected": [c for c in summary.get("corrected") or [] if isinstance(c, str)][:200],
        # Undos that took back what the player had seen: the session is not rated, as show
        # says (the index is a cache: a count or nothing).
        "takebacks": counted(seen, "undo") if isinstance(seen, int) and seen > 0 else "",
    }


def _match_results(summary: dict[str, Any]) -> list[str]:
    """``match 1 won by Ann (deal 3)``: each game won within a session of several (Schnapsen's
    matches), as the sheet says them; none for a session of one game."""
    from cardside.games.registry import GAMES

    results = summary.get("results")
    if not isinstance(results, list) or len(results) < 2 and summary["status"] == "finished":
        return []
    row_name = GAMES[summary["game"]].row_name(summary["mode"])
    # A result names its winners as statistics key them: shown as the session names them.
    names = {str(p["name"]).casefold(): str(p["name"]) for p in summary["players"]}
    out: list[str] = []
    for r in results[:200]:
        if not isinstance(r, dict) or not isinstance(r.get("winners"), list):
            continue
        winners = " and ".join(names.get(str(w).casefold(), str(w)) for w in r["winners"])
        number, at = r.get("number"), r.get("round")
        where = f" ({row_name} {at})" if is_whole(at) else ""
        if is_whole(number) and winners:
            out.append(f"{'Match' if not out else 'match'} {number} won by {winners}{where}")
    return out


def head_to_head(
    summaries: list[dict[str, Any]], player: str | None = None
) -> list[tuple[str, list[dict[str, Any]]]]:
    """Head to head game by game, as the page's league and ratings go: each bot named as its
    game's table names it (``Bot 2 (greedy)``), never with its game as well."""
    from cardside.sessions.stats import report

    games = sorted({str(s["game"]) for s in summaries})
    out = []
    for game in games:
        pairs = report([s for s in summaries if s["game"] == game], player=player).as_dict()
        if pairs["head_to_head"]:
            out.append((game, pairs["head_to_head"]))
    return out


def rating_history(game: str, ratings: list[Any]) -> Chart:
    """The game's ratings result by result, as lines (the same steps as the terminal chart)."""
    from cardside.games.registry import GAMES
    from cardside.sessions.sheets import unit_of
    from cardside.tui.leagueview import rating_steps

    unit = unit_of(game)  # a Schnapsen match, a game elsewhere
    played = [r for r in ratings if r.history]
    caption = f"{GAMES[game].title}: ratings {unit} by {unit}"
    if len(played) > CHART_MOST:
        highest = sorted(played, key=lambda r: -r.rating)[:CHART_MOST]
        caption += (
            f" (the {CHART_MOST} highest rated of {len(played)} players; the table lists every one)"
        )
        played = [r for r in played if r in highest]
    steps = rating_steps(played)
    names = ["start", *(f"{unit} {n}" for n in range(1, len(steps)))]
    return line_chart(
        caption,
        [r.name for r in played],
        [[float(v) for v in s] for s in steps],
        names,
    )


def page(
    tables: dict[str, list[Any]],
    ratings: list[Any],
    every_rating: list[Any],
    pairs: list[tuple[str, list[dict[str, Any]]]],
    records: list[Any],
    sessions: list[dict[str, Any]],
    now: datetime,
    filters: str = "",
    title: str = "cardside report",
    whole: bool = True,
) -> str:
    """The whole page: each part holds the numbers ``stats --league/--ratings --json`` give.
    ``pairs``: head to head game by game (:func:`head_to_head`), each bot named one way.
    Not ``whole``: the sessions' score tables and charts only (a session's own
    page)."""
    from cardside.core.words import counted
    from cardside.sessions.ratings import FORMULA, PROVISIONAL_SIGMA
    from cardside.sessions.stats import day_text
    from cardside.tui.leagueview import record_value

    taken: dict[str, str] = {}
    parts = [session_part(s, taken) for s in sessions]
    rating_parts = []
    for game in sorted({r.game for r in ratings}):
        rows = [r.as_dict(now) for r in ratings if r.game == game]
        everyone = [r for r in every_rating if r.game == game and r in ratings]
        rating_parts.append((game, rows, rating_history(game, everyone)))
    record_rows = [
        r.as_dict()
        | {
            "shown": record_value(r),
            "day": day_text(r.when) if r.when else "",
            "anchor": anchor(r.session, taken),
        }
        for r in records
    ]
    return render_page(
        {
            "title": title,
            "made": stamp(now),
            "filters": filters,
            "leagues": [(g, [s.as_dict() for s in rows]) for g, rows in tables.items()],
            "ratings": rating_parts,
            "formula": FORMULA,
            "provisional": PROVISIONAL_SIGMA,
            "pairs": pairs,
            "records": record_rows,
            "sessions": parts,
            "count": counted(len(parts), "session"),
            "whole": whole,
        }
    )
