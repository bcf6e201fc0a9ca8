"""Ratings, league tables and records as text tables, and ratings over time as a chart."""

from __future__ import annotations

import heapq
from datetime import datetime
from typing import Any

from cardside.core.schema import cut
from cardside.core.stats import format_wins
from cardside.core.words import counted, plural
from cardside.sessions.league import Record, Standing
from cardside.sessions.ratings import FORMULA, Rating, shown, start_values
from cardside.sessions.sheets import unit_of
from cardside.sessions.stats import day_text, moment_key
from cardside.tui.chart import draw
from cardside.tui.style import ASCII_SIGNS
from cardside.tui.table import display_width, render, wrap_words

LEAGUE_HEADERS = [
    *("player", "played", "won", "drawn", "lost"),
    *("win rate", "points", "form", "rating"),
]


def signed(n: int) -> str:
    """A change with its sign (``+12``, ``-3``), and no change as ``0``."""
    return f"{n:+d}" if n else "0"


#: The most of a name the ratings chart shows.
CHART_NAME = 20


def _note(text: str, width: int | None) -> list[str]:
    return wrap_words(text, width) if width else [text]


def render_ratings(
    ratings: list[Rating],
    now: datetime,
    *,
    width: int | None = None,
    chart: bool = False,
    ascii: bool = False,
) -> str:
    """One table per game: rating, mu, sigma, games counted, the change over 30 days."""
    parts: list[str] = []
    for game in sorted({r.game for r in ratings}):
        rows = [
            [
                r.name,
                f"{r.rating}{'?' if r.provisional else ''}",
                f"{r.mu:.1f}",
                f"{r.sigma:.2f}",
                r.games,
                signed(r.change(now)),
            ]
            for r in ratings
            if r.game == game
        ]
        if parts:
            parts.append("")
        parts += [
            f"Ratings: {_title(game)}",
            render(
                ["player", "rating", "mu", "sigma", plural(unit_of(game)), "30 days"],
                rows,
                width=width,
            ),
        ]
        if chart:
            mine = [r for r in ratings if r.game == game]
            parts += ["", *rating_chart(mine, width=width, ascii=ascii, unit=unit_of(game))]
    parts += [""]
    formula = FORMULA.translate(ASCII_SIGNS) if ascii else FORMULA
    parts += _note(
        f"{formula}; ? marks a provisional rating (sigma still high: a few results only).",
        width,
    )
    return "\n".join(parts)


def rating_chart(
    ratings: list[Rating], *, width: int | None = None, ascii: bool = False, unit: str = "game"
) -> list[str]:
    """Each player's rating after every game any of them played (one bar cell per game),
    on one scale from the lowest rating to the highest among the games drawn (the latest
    that fit)."""
    played = [r for r in ratings if r.history]
    if not played:
        return []
    steps = rating_steps(played)
    # A long name is cut, so that every bar keeps to the terminal's width.
    names = [cut(r.name, CHART_NAME) for r in played]
    room = max(10, (width or 80) - max(display_width(n) for n in names) - 10)
    # The chart draws the latest ``room`` steps: a scale from older ratings would fill them.
    drawn = steps[-room:]
    low = min(min(row) for row in drawn)
    high = max(max(row) for row in drawn)
    title = (
        f"Ratings {unit} by {unit} (0: the start); bars from {low} (the lowest mark) to "
        f"{high} (full)"
    )
    # The scale starts a point below the lowest rating, so that it draws the lowest mark,
    # never an empty cell, which would read as a game not played.
    lines = draw(
        names,
        steps,
        [(low - 1, high)] * len(played),  # equal ratings: every bar full
        ascii=ascii,
        width=room,
        row_name=unit,
        numbers=list(range(len(steps))),
        title=title,
    )
    return [*_note(lines[0], width), *lines[1:]]


def rating_steps(ratings: list[Rating]) -> list[list[int]]:
    """Each player's shown rating before the first game and after every game any of them
    played, oldest first (a player not yet playing stands at a newcomer's rating).

    Each history is in the order the games were rated; games decided in the same second keep
    that order wherever a player played both, so the chart never depends on files' names."""
    # A game: its time, its session and which of the session's games of that second it is.
    Game = tuple[datetime | None, str, int]
    values: dict[Game, dict[int, int]] = {}
    after: dict[Game, list[Game]] = {}
    waiting: dict[Game, int] = {}
    for i, r in enumerate(ratings):
        # Two games of a session may end in the same second (entered from a script): the k-th
        # of them is the same game for every player of the session, who all play each one.
        seen: dict[tuple[datetime | None, str], int] = {}
        before: Game | None = None
        for when, value, session in r.history:
            k = seen[when, session] = seen.get((when, session), 0) + 1
            game = (when, session, k)
            if game not in values:
                values[game] = {}
                after[game] = []
                waiting[game] = 0
            values[game][i] = value
            if before is not None:
                after[before].append(game)
                waiting[game] += 1
            before = game
    # The games by time, each after those a player of it played before it.
    first_seen = {game: n for n, game in enumerate(values)}

    def place(game: Game) -> tuple[Any, ...]:
        return (*moment_key(game[0]), first_seen[game])

    ready = [(place(g), g) for g, n in waiting.items() if n == 0]
    heapq.heapify(ready)
    current = [shown(*start_values())] * len(ratings)
    steps = [list(current)]
    while ready:
        _, game = heapq.heappop(ready)
        del waiting[game]
        for i, value in values[game].items():
            current[i] = value
        steps.append(list(current))
        for later in after[game]:
            waiting[later] -= 1
            if waiting[later] == 0:
                heapq.heappush(ready, (place(later), later))
    # Histories that disagree (never from one rating) leave games over: drawn by their time.
    for game in sorted(waiting, key=place):
        for i, value in values[game].items():
            current[i] = value
        steps.append(list(current))
    return steps


def render_league(
    tables: dict[str, list[Standing]], records: list[Record], *, width: int | None = None
) -> str:
    """Each game's league table, then its records (a game with records but no finished game
    yet, its records alone)."""
    parts: list[str] = []
    games = [*tables, *dict.fromkeys(r.game for r in records if r.game not in tables)]
    for game in games:
        if parts:
            parts.append("")
        rows = tables.get(game)
        if rows is None:
            parts += [f"League: {_title(game)}", "No finished game yet."]
        cells = [
            [
                s.name,
                s.played,
                s.won,
                s.drawn,
                s.lost,
                "-" if s.rate is None else f"{s.rate:.0%}",
                format_wins(s.points),
                s.form,
                "" if s.rating is None else f"{s.rating}{'?' if s.provisional else ''}",
            ]
            for s in rows or []
        ]
        if rows is not None:
            parts += [f"League: {_title(game)}", render(LEAGUE_HEADERS, cells, width=width)]
        mine = [r for r in records if r.game == game]
        if mine:
            parts += [
                "",
                f"Records: {_title(game)}",
                render(
                    ["record", "who", "value", "when", "session"],
                    [
                        [
                            r.what,
                            r.who,
                            record_value(r),
                            day_text(r.when) if r.when else "",
                            r.session,
                        ]
                        for r in mine
                    ],
                    width=width,
                ),
            ]
    parts += [""]
    provisional = any(s.provisional for rows in tables.values() for s in rows)
    parts += _note(
        "points: a win 1, a tie for first shared; form: the last five, newest first "
        "(W won, D drawn: tied for first, L lost)"
        + ("; ? marks a provisional rating (a few results only)." if provisional else "."),
        width,
    )
    if any(r.game == "schnapsen" for r in records):
        # Said as plain stats says it: a Schnapsen score is no countdown.
        parts += _note(
            "Schnapsen scores: the game points a player took in a match (7 wins it).", width
        )
    return "\n".join(parts)


def record_value(record: Record) -> str:
    """A record's value as people say it: ``12m 05s`` for a time, ``4 matches`` for a
    streak."""
    if record.unit == "seconds":
        minutes, seconds = divmod(int(record.value), 60)
        hours, minutes = divmod(minutes, 60)
        return f"{hours}h {minutes:02d}m" if hours else f"{minutes}m {seconds:02d}s"
    if record.unit:
        return counted(int(record.value), record.unit)
    return format_wins(record.value)


def _title(game: str) -> str:
    """A game's name as every screen writes it (``IOTA``, ``Line-it``)."""
    from cardside.games.registry import GAMES

    return GAMES[game].title if game in GAMES else game
