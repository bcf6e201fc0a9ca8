"""``cardside stats --ratings``, ``--league`` and ``--html``: ratings, league tables with
records, and a page to share, over the sessions the index summarizes."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import click

from cardside.cli.common import (
    echo_document,
    echo_json,
    echo_page,
    folder_option,
    refuse_own_file,
    terminal_width,
    write_output,
)
from cardside.core.schema import clip, path_text
from cardside.core.words import counted


def standings(
    app: Any,
    summaries: list[dict[str, Any]],
    *,
    game: str | None,
    player: str | None,
    since: datetime | None,
    until: datetime | None,
    mode: str | None,
    view: str,
    html_file: Path | None,
    chart: bool,
    as_json: bool,
    unreadable: int = 0,
) -> None:
    """Print (or write) the view asked for: ``ratings``, ``league`` or ``html`` (``unreadable``:
    how many session files could not be read, for the page's refusal when none could)."""
    from cardside.sessions import store
    from cardside.sessions.league import league, records
    from cardside.sessions.ratings import FORMULA, PROVISIONAL_SIGMA, rate
    from cardside.sessions.results import finished_games, within_days
    from cardside.sessions.stats import answers_to, day_text, person, seat_key, when_of

    chosen = [s for s in summaries if not mode or s["mode"] == mode]
    finished = finished_games(chosen, game=game, since=since, until=until)
    # Said on standard error, as the copies counted once are: the answer itself stays clean.
    unrated = [
        str(s["name"])
        for s in chosen
        if s.get("takebacks")
        and (not game or s["game"] == game)
        and any(within_days(when_of(r, "at"), since, until) for r in s["results"])
        and (not player or any(answers_to(seat_key(p), person(player)) for p in s["players"]))
    ]
    if unrated:
        names = ", ".join(unrated[:3]) + (", ..." if len(unrated) > 3 else "")
        click.echo(
            f"left out: {names} (an undo took back what its player had seen: "
            "not counted in ratings, the league or records)",
            err=True,
        )
    rated = rate(finished)
    # The ratings' change over 30 days is counted back from the last day asked for.
    now = store.now()
    if until is not None and until.date() < now.date():
        now = until.replace(hour=23, minute=59, second=59)
    who = person(player) if player else None
    spelt = spelt_as_shown(summaries, player)
    filters = filters_text(game, spelt, since, until, mode)
    if who and not any(side_has(g, who) for g in finished):
        if view == "html":
            raise click.ClickException(
                f"no finished game of {clip(player or '')} matches: no page written"
            )
        if not as_json:
            # As plain `stats` says it: an empty answer, not a failure.
            click.echo(
                f"No finished game matches {filters} "
                f"({counted(len(finished), 'finished game')} in all)."
            )
            return
        finished, chosen = [], []  # an empty answer: no table, no records
    asked = {"game": game, "player": player, "since": since, "until": until, "mode": mode}
    filtered = {k: (day_text(v) if isinstance(v, datetime) else v) for k, v in asked.items()}
    # Each table's heading names its game: the line over a table says the other filters; an
    # empty answer says them all, as plain stats does.
    besides_game = filters_text(None, spelt, since, until, mode)
    only = f"Only {besides_game}.\n" if besides_game else ""
    nothing = f"No finished game matches {filters}." if filters else ""
    # The finished games the answer is about: with --player, that player's.
    games_shown = len(finished) if who is None else sum(1 for g in finished if side_has(g, who))
    if view == "ratings":
        shown = [r for r in rated if who is None or answers_to(r.key, who)]
        if as_json:
            echo_json(
                {
                    "ratings": [r.as_dict(now) for r in shown],
                    "formula": FORMULA,
                    "provisional_sigma": PROVISIONAL_SIGMA,
                    "games": games_shown,
                    "filters": filtered,
                }
            )
        elif not shown:
            click.echo(nothing or "No finished games to rate.")
        else:
            from cardside.tui.leagueview import render_ratings

            text = render_ratings(
                shown, now, width=terminal_width(), chart=chart, ascii=app.style.ascii
            )
            echo_page(only + text)
        return
    tables = league(finished, rated)
    found = records(finished, chosen, game=game, since=since, until=until)
    if who:
        tables = {g: [s for s in rows if answers_to(s.key, who)] for g, rows in tables.items()}
        tables = {g: rows for g, rows in tables.items() if rows}
        # The records of the games the player's rows are in, on screen, in JSON and on a page.
        found = [r for r in found if r.game in tables]
    if view == "league":
        if as_json:
            echo_json(
                {
                    "league": [
                        {"game": g, "table": [s.as_dict() for s in rows]}
                        for g, rows in tables.items()
                    ],
                    "records": [r.as_dict() for r in found],
                    "games": games_shown,
                    "filters": filtered,
                }
            )
        elif not tables and not found:
            click.echo(nothing or "No finished games for a league.")
        else:
            from cardside.tui.leagueview import render_league

            echo_page(only + render_league(tables, found, width=terminal_width()))
        return
    assert html_file is not None
    from cardside.sessions.results import decided_within
    from cardside.sessions.stats import choose
    from cardside.tui.htmlreport import head_to_head, page

    # The player's sessions begun within the dates or where a game counted above was decided
    # (one begun the evening before --since), and those that hold a record shown: every row
    # and record has its session on the page.
    decided = {g.session for g in finished if who is None or side_has(g, who)}
    begun = {
        str(s["name"])
        for s in choose(chosen, game=game, since=since, player=player)
        if until is None or _started_by(s, until)
    }
    theirs = {str(s["name"]) for s in choose(chosen, game=game, player=player)}
    held = {r.session for r in found}
    sessions = [
        s
        for s in choose(chosen, game=game)
        if (str(s["name"]) in theirs and str(s["name"]) in begun | decided)
        or str(s["name"]) in held
    ]
    if not sessions:
        if filters:
            matching = f" matches {filters}"
        elif unreadable:
            matching = (
                f" could be read ({counted(unreadable, 'unreadable session file')}; see "
                f"'cardside sessions list{folder_option(app)}')"
            )
        else:
            matching = " is saved yet"
        raise click.ClickException(f"no session{matching}: no page written")
    # Only the games of the days asked for, as the league beside it counts them.
    within = [decided_within(s, since, until) for s in sessions]
    head = head_to_head(within, player=player)
    ratings_shown = [r for r in rated if who is None or answers_to(r.key, who)]
    text = page(tables, ratings_shown, rated, head, found, sessions, now, filters)
    write_page(app, html_file, text, len(sessions))


def spelt_as_shown(summaries: list[dict[str, Any]], player: str | None) -> str | None:
    """``--player`` as the tables spell that player (``Ann`` for ``ann``), where a session has
    one of that name; as asked otherwise, and for a bot asked for by its seat alone (``Bot 2``
    finds each bot that sat there, in any game: naming one would say what was not asked)."""
    from cardside.sessions.stats import person, seat_key

    if not player:
        return player
    who = person(player)
    found = {str(p["name"]) for s in summaries for p in s["players"] if seat_key(p) == who}
    return found.pop() if len(found) == 1 else player


def side_has(game: Any, wanted: str) -> bool:
    """Whether a player ``--player`` asks for (a key, see ``answers_to``) played ``game``."""
    from cardside.sessions.stats import answers_to

    return any(answers_to(k, wanted) for side in game.sides for k, _ in side.players)


def _started_by(summary: dict[str, Any], until: datetime) -> bool:
    from cardside.sessions.stats import naive, when_of

    start = when_of(summary, "start")
    return start is not None and naive(start).date() <= until.date()


def filters_text(
    game: str | None,
    player: str | None,
    since: datetime | None,
    until: datetime | None,
    mode: str | None,
) -> str:
    """The filters asked for, in words (``game iota and since 2026-11-01``)."""
    from cardside.sessions.stats import day_text

    asked = [
        *([f"game {game}"] if game else []),
        *([f"mode {mode.lower()}"] if mode else []),
        *([f"since {day_text(since)}"] if since else []),
        *([f"until {day_text(until)}"] if until else []),
        *([f"player {clip(player)}"] if player else []),
    ]
    return " and ".join(asked)


def write_page(app: Any, path: Path, text: str, sessions: int) -> None:
    """Write the page to FILE (``-`` for the standard output), never into the sessions folder."""
    from cardside.core.words import counted

    if str(path) == "-":
        echo_document(text)
        return
    refuse_own_file(app.data_dir, path, str(path))
    try:
        write_output(path, text)
    except OSError as exc:
        raise click.ClickException(f"cannot write {path_text(path)}: {exc.strerror}") from None
    click.echo(f"wrote a page of {counted(sessions, 'session')} to {path_text(path)}", err=True)
