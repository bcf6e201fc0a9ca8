"""The statistics report as text tables."""

from __future__ import annotations

from cardside.core.words import plural
from cardside.sessions.stats import Report
from cardside.tui.table import render, wrap_words


def _title(game: str) -> str:
    """A game's title as the README and the HTML report write it (``lineit``: Line-it)."""
    from cardside.games.registry import GAMES

    info = GAMES.get(game)
    return info.title if info else game


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.0%}"


def _duration(seconds: float) -> str:
    minutes = round(seconds / 60)
    return f"{minutes // 60}h {minutes % 60:02d}m" if minutes >= 60 else f"{minutes}m"


def render_report(report: Report, *, ascii: bool = False, width: int | None = None) -> str:
    """Players, head to head and games, one table each (see :func:`render` for ``width``)."""
    dash = "-" if ascii else "–"
    # Only games with a tie for first (Line-it, IOTA) need the column.
    drawn = any(p.drawn for p in report.players)
    rows = []
    for p in report.players:
        interval = f"{p.interval[0]:.0%}{dash}{p.interval[1]:.0%}" if p.interval else ""
        avg = "" if p.average is None else f"{p.average:.1f}"
        best = "" if p.best is None else p.best
        counted = ", ".join(plural(u) for u in sorted(p.units))
        rows.append(
            [
                p.name,
                p.sessions,
                p.played,
                p.won,
                *([p.drawn] if drawn else []),
                _pct(p.rate),
                interval,
                avg,
                best,
                p.streak,
                p.longest,
                counted,
            ]
        )
    parts = [
        "Players",
        render(
            [
                "player",
                "sessions",
                "played",
                "won",
                *(["drawn"] if drawn else []),
                "win rate",
                "95% interval",
                "avg score",
                "best",
                "streak",
                "longest",
                "counted in",
            ],
            rows,
            width=width,
        ),
    ]
    mixed = sorted({g for p in report.players if len(p.scores) > 1 for g in p.scores})
    if mixed:
        note = (
            "avg score and best are left blank for a player of several games "
            f"({', '.join(map(_title, mixed))}): add --game NAME for one game's."
        )
        parts += wrap_words(note, width) if width else [note]
    if any(set(p.scores) == {"schnapsen"} for p in report.players):
        # Its sheet counts down from 7; a score that grows with play reads better here (said
        # where a player's avg score is a Schnapsen one, shown for a player of one game).
        note = "Schnapsen scores: the game points a player took in a match (7 wins it)."
        parts += wrap_words(note, width) if width else [note]
    if report.pairs:
        vs = " v " if ascii else " – "
        parts += [
            "",
            "Head to head",
            render(
                ["players", "wins"],
                [
                    [f"{a}{vs}{b}", f"{x}:{y}" + (f" ({n} shared)" if n else "")]
                    for a, b, x, y, n in report.pairs
                ],
                width=width,
            ),
        ]
    game_rows = []
    for g in report.games:
        top = ", ".join(f"{r} ({n})" for r, n in g.commonest(3))
        game_rows.append([_title(g.game), g.sessions, _duration(g.seconds), top or "-"])
    parts += [
        "",
        "Games",
        render(["game", "sessions", "time played", "commonest results"], game_rows, width=width),
    ]
    return "\n".join(parts)
