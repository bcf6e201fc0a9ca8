"""The table every game's ``simulate`` prints: one layout for all of them.

    Octrix, 2 players, 4 games to 88, seed 0
    #  bot     wins  share   95% interval     round score (95%)
    -  ------  ----  ------  ---------------  -----------------
    1  strong     4  100.0%  [51.0%, 100.0%]  16.0 [13.1, 19.0]
    2  random     0  0.0%    [0.0%, 49.0%]    5.5 [3.1, 7.9]

Rows are numbered; the bot (and, where rows differ by it, the setting) comes first, then its
wins, their share and its 95% interval, then the game's own columns, then the game's notes.
On a terminal too narrow for the table, the game's own columns go into further tables below,
each naming the rows again (a game may keep some of its columns together there); at 40
columns or fewer the interval, the share and the wins go there too.
"""

from __future__ import annotations

from cardside.core.simulation import Summary
from cardside.core.stats import format_wins
from cardside.tui.table import display_width, render

WINS = ("wins", "share", "95% interval")


def render_summary(summary: Summary, width: int | None = None) -> str:
    """The heading, the table (in bands when wider than ``width``) and the notes."""
    naming = ["#", "bot", *([summary.setting] if summary.setting else [])]
    headers = [*naming, *WINS, *summary.columns]
    rows = []
    for number, entry in enumerate(summary.entries, 1):
        low, high = entry.interval
        rows.append(
            [
                str(number),
                entry.bot,
                *([entry.setting] if summary.setting else []),
                format_wins(entry.wins),
                f"{entry.share:.1%}",
                f"[{low:.1%}, {high:.1%}]",
                *entry.cells,
            ]
        )
    tables = [
        render([headers[i] for i in band], [[row[i] for i in band] for row in rows])
        for band in _bands(headers, rows, len(naming), summary.groups, width)
    ]
    return "\n".join([summary.heading(), "\n\n".join(tables), *summary.notes])


def _bands(
    headers: list[str],
    rows: list[list[str]],
    named: int,
    groups: tuple[int, ...],
    width: int | None,
) -> list[list[int]]:
    """The columns of each table: all in one when it fits ``width``; else the wins first and
    the game's own columns after them (a group of them kept together) as many as fit. Each
    further table names its rows by number and bot, or by number and setting where the rows
    have one, or by number alone when that is all that leaves room."""
    widths = [
        max(display_width(cell) for cell in [header, *(row[i] for row in rows)])
        for i, header in enumerate(headers)
    ]

    def span(columns: list[int]) -> int:
        return sum(widths[i] for i in columns) + 2 * (len(columns) - 1)

    every = list(range(len(headers)))
    if width is None or span(every) <= width:
        return [every]
    first = named + len(WINS)
    runs: list[list[int]] = []
    column = first
    for size in [*groups, *[1] * len(headers)]:
        if column >= len(headers):
            break
        runs.append(list(range(column, min(column + size, len(headers)))))
        column += size
    names = [0, named - 1]  # the number, and the setting or else the bot
    bands = [list(range(first))]
    # A narrow terminal (40 columns or fewer): the interval, then the share, then the wins go
    # to the next tables, as columns of the game's own would, until the first table fits.
    while span(bands[0]) > width and len(bands[0]) > named:
        runs.insert(0, [bands[0].pop()])
    for run in runs:
        if span(bands[-1] + run) <= width:
            bands[-1] += run
        elif span(names + run) <= width or len(run) == 1:
            bands.append((names if span(names + run) <= width else [0]) + run)
        else:  # a group too wide for one table: its columns one by one
            for one in run:
                if span(bands[-1] + [one]) <= width:
                    bands[-1].append(one)
                else:
                    bands.append((names if span(names + [one]) <= width else [0]) + [one])
    return bands
