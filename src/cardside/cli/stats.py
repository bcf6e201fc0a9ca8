"""``cardside stats``: who wins, how often, against whom, over every saved session."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import click

from cardside.cli.common import (
    Day,
    echo_json,
    echo_page,
    folder_option,
    indexed,
    json_option,
    terminal_width,
)
from cardside.cli.options import GameCommand, app_of
from cardside.core.schema import clip
from cardside.core.words import counted
from cardside.games.registry import GAMES


def _player(value: str | None) -> str | None:
    """``--player``'s name; a blank one is refused (it would match every player)."""
    if value is not None and not value.strip():
        raise click.BadParameter("give a player's name (leave --player out for every player)")
    return value


@click.command(cls=GameCommand)
@click.option(
    "--game",
    type=click.Choice(list(GAMES), case_sensitive=False),
    default=None,
    help="Only this game.",
)
@click.option(
    "--player",
    default=None,
    callback=lambda ctx, param, value: _player(value),
    help=(
        "Only this player (capitals and spaces around the name ignored; a bot's seat, "
        "as Bot 2, finds each bot that sat there)."
    ),
)
@click.option(
    "--since",
    type=Day(),
    metavar="DATE",
    default=None,
    help="Only sessions started on or after DATE (YYYY-MM-DD); with --ratings, --league, "
    "--html: games decided on or after DATE.",
)
@click.option(
    "--until",
    type=Day(),
    metavar="DATE",
    default=None,
    help="Only games finished on or before DATE (with --ratings, --league, --html).",
)
@click.option(
    "--mode",
    type=click.Choice(["keep", "play"], case_sensitive=False),
    default=None,
    help="Kept or played.",
)
@click.option("--ratings", is_flag=True, help="Skill ratings per player per game.")
@click.option(
    "--chart",
    is_flag=True,
    help="With --ratings: draw each rating game by game (match by match in Schnapsen).",
)
@click.option("--league", is_flag=True, help="A league table and the records of each game.")
@click.option(
    "--html",
    "html_file",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    metavar="FILE",
    help="Write a report to share as one HTML page (league, ratings, records, sessions).",
)
@json_option
@click.pass_context
def stats(
    ctx: click.Context,
    game: str | None,
    player: str | None,
    since: datetime | None,
    until: datetime | None,
    mode: str | None,
    ratings: bool,
    chart: bool,
    league: bool,
    html_file: Path | None,
    as_json: bool,
) -> None:
    """Statistics across saved sessions: players, head to head, and games; with --ratings,
    --league or --html, ratings, a league table with records, or a page to share."""
    from cardside.sessions.stats import (
        bots_named_by_game,
        bots_named_by_kind,
        choose,
        day_text,
        game_in_name,
        report,
        respelt,
    )
    from cardside.tui.statsview import render_report

    if ratings and league:
        raise click.UsageError("give --ratings or --league, not both")
    # The page first: it holds the ratings and their charts, so --chart is not for it.
    if html_file is not None and str(html_file) != "-" and html_file.is_dir():  # --html ""
        raise click.UsageError("--html needs a file name, e.g. --html report.html")
    if html_file is not None and (as_json or chart):
        raise click.UsageError("--html writes a page: leave out --json and --chart")
    if html_file is not None and (ratings or league):
        raise click.UsageError(
            "--html writes the league and the ratings on one page: leave out --ratings and --league"
        )
    if chart and not ratings:
        raise click.UsageError("--chart draws ratings: add --ratings")
    if chart and as_json:
        raise click.UsageError("--chart draws in the terminal: leave out --json")
    if until is not None and since is not None and until < since:
        raise click.UsageError(f"--until {day_text(until)} is before --since {day_text(since)}")
    if (ratings or league or html_file is not None) and player:
        # The league and ratings name a bot within its game's table (``Bot 2 (strong)``);
        # the name plain stats gives it beside other games' bots says the game too.
        in_game = game_in_name(player)
        if in_game is not None and game in (None, in_game[0]):
            game, player = in_game
    app = app_of(ctx)
    entries = indexed(app)
    # One spelling of each name (the first typed, over every session) whatever the filters.
    readable = respelt([bots_named_by_kind(e.summary) for e in entries if e.summary is not None])
    unreadable = len(entries) - len(readable)
    summaries = without_copies(readable, game=game, mode=mode)
    if ratings or league or html_file is not None:
        from cardside.cli.standings import standings

        standings(
            app,
            summaries,
            game=game,
            player=player,
            since=since,
            until=until,
            mode=mode,
            view="html" if html_file is not None else "ratings" if ratings else "league",
            html_file=html_file,
            chart=chart,
            as_json=as_json,
            unreadable=unreadable,
        )
        counted_in = [
            s
            for s in summaries
            if (not game or s["game"] == game) and (not mode or s["mode"] == mode)
        ]
        say_notes(app, counted_in, unreadable)
        return
    if until is not None:
        raise click.UsageError("--until is for --ratings, --league and --html")
    # Bots are named with their game wherever several games are counted, so that --player
    # finds a bot by the name the table shows.
    pool = [
        s for s in summaries if (not game or s["game"] == game) and (not mode or s["mode"] == mode)
    ]
    named = bots_named_by_game(pool)
    chosen = choose(named, game=game, mode=mode, since=since, player=player)
    in_game = game_in_name(player) if player and not chosen else None
    if in_game is not None and game in (None, in_game[0]):
        # A bot's name with its game, where the sessions chosen are of that game alone
        # (--game, or no other game saved): there the bot is named as its game names it.
        game, player = in_game
        named = [s for s in pool if s["game"] == game]
        chosen = choose(named, game=game, mode=mode, since=since, player=player)
    result = report(chosen, player=player)
    if as_json:
        echo_json(result.as_dict() | {"sessions": len(chosen)})
        say_notes(app, chosen, unreadable)  # on standard error, as the other views say them
        return
    if not chosen:
        click.echo(_nothing_matches(summaries, game, mode, since, player, unreadable > 0))
    else:
        from cardside.cli.standings import filters_text, spelt_as_shown

        # The tables do not name their game: the line says it with the other filters.
        asked = filters_text(game, spelt_as_shown(summaries, player), since, None, mode)
        only = f"Only {asked}.\n" if asked else ""
        width = terminal_width()
        echo_page(only + render_report(result, ascii=app.style.ascii, width=width))
    say_notes(app, chosen, unreadable)


def without_copies(
    summaries: list[dict[str, Any]], *, game: str | None = None, mode: str | None = None
) -> list[dict[str, Any]]:
    """The summaries with each copy of a session left out, saying so on standard error.

    A copy is another file of the same session (the same game, start to the second, seed,
    players and the name it was begun under, which a copy of the file keeps inside it) that
    holds no more than it: the same entries (the file saved last is counted),
    or fewer, its finished games those the other begins with (a backup of a session played on
    since, whose games would otherwise count twice; one played on apart since, without a game
    finished, is counted so too: its games are the other's, and its play not finished is left
    out, as reading both files to tell them apart would cost a read of each file a pair). Two
    files played on apart that each finished games of their own both count. Only the copies
    of ``game`` and ``mode`` (when given) are said: the others are not shown."""
    groups: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for s in summaries:
        if s["created"] is not None:
            players = tuple(p["name"] for p in s["players"])
            # Sessions begun apart in the same second (a script's) have names of their own.
            base = (s["game"], s["mode"], s["created"], s.get("seed"), players, s.get("saved_as"))
            groups.setdefault(base, []).append(s)
    dropped: set[int] = set()
    notes: list[str] = []
    for group in groups.values():
        # The furthest along first; among equals the file named as the session inside it (the
        # original, not a copy of it), then the file saved last (the list's order).
        ranked = sorted(group, key=lambda s: (-s["entries"], not _own_file(s)))
        twins: dict[int, list[str]] = {}  # each file counted: the names of its exact copies
        for i, s in enumerate(ranked):
            for t in ranked[:i]:
                if id(t) in dropped or not _copy_of(s, t):
                    continue
                dropped.add(id(s))
                if not ((game is None or s["game"] == game) and (mode in (None, s["mode"]))):
                    break
                if s["entries"] == t["entries"]:
                    twins.setdefault(id(t), [str(t["name"])]).append(str(s["name"]))
                else:
                    notes.append(
                        f"{s['name']} is an earlier copy of {t['name']} (the same session, "
                        f"{s['entries']} of its {t['entries']} entries): counted once"
                    )
                break
        for kept, *copies in twins.values():
            if len(copies) == 1:
                notes.append(
                    f"{kept} and {copies[0]} hold the same session (a copy of a file?): "
                    "counted once"
                )
            else:
                named = ", ".join(copies[:3]) + (", ..." if len(copies) > 3 else "")
                notes.append(
                    f"{kept} and {len(copies)} other files hold the same session ({named}; "
                    "copies of a file?): counted once"
                )
    # The same entries to the second, seed, players and first name are one session whatever
    # start the file says (a copy whose start was edited by hand).
    exact: dict[tuple[Any, ...], dict[str, Any]] = {}
    for s in sorted(summaries, key=lambda s: not _own_file(s)):
        if id(s) in dropped or not s["entries"] or not s.get("digest"):
            continue
        players = tuple(p["name"] for p in s["players"])
        saved_as = s.get("saved_as")
        key = (s["game"], s["mode"], s.get("seed"), players, saved_as, s["entries"], s["digest"])
        first = exact.setdefault(key, s)
        if first is not s:
            dropped.add(id(s))
            if (game is None or s["game"] == game) and mode in (None, s["mode"]):
                notes.append(
                    f"{first['name']} and {s['name']} hold the same entries though their "
                    "files say they began apart (a copy of a file?): counted once"
                )
    # Many copies (a folder copied into itself, say) are said in a few lines, not one each.
    for note in notes[:COPY_NOTES]:
        click.echo(note, err=True)
    if len(notes) > COPY_NOTES:
        more = counted(len(notes) - COPY_NOTES, "more session")
        click.echo(f"and {more} with copies: each counted once", err=True)
    return [s for s in summaries if id(s) not in dropped]


def _own_file(summary: dict[str, Any]) -> bool:
    """Whether the file is named as the session inside it was begun (or saved, before it was
    ever renamed): the original of the session, where a copy of it has another name."""
    return str(summary["name"]).casefold() == str(summary.get("saved_as")).casefold()


#: The copies said one by one; the rest are counted in one line.
COPY_NOTES = 10


def _copy_of(s: dict[str, Any], t: dict[str, Any]) -> bool:
    """Whether ``s`` holds nothing ``t`` does not: the same entries, or fewer and its finished
    games the first of ``t``'s (each to the second it was decided)."""
    if s["entries"] == t["entries"]:
        return bool(s["digest"] == t["digest"])
    return s["entries"] < t["entries"] and s["results"] == t["results"][: len(s["results"])]


def say_notes(app: Any, chosen: list[dict[str, Any]], skipped: int) -> None:
    """Say on standard error which files counted disagree with their own entries, and how
    many files could not be read."""
    from cardside.core.words import counted, first_few

    differ = [s["name"] for s in chosen if not s.get("verified", True)]
    if differ:
        shown = first_few(differ)
        click.echo(
            f"counted as the entries give, though the file says otherwise: {shown} "
            f"(see 'cardside sessions list{folder_option(app)}')",
            err=True,
        )
    if skipped:
        left_out = counted(skipped, "unreadable session file")
        click.echo(
            f"{left_out} left out (see 'cardside sessions list{folder_option(app)}')", err=True
        )


def _nothing_matches(
    summaries: list[Any],
    game: str | None,
    mode: str | None,
    since: datetime | None,
    player: str | None,
    unreadable: bool = False,
) -> str:
    """Why the statistics are empty, naming the filters that left nothing."""
    from cardside.core.words import counted
    from cardside.sessions.stats import day_text

    if not summaries:
        return "No readable sessions." if unreadable else "No sessions yet."
    asked = [
        *([f"game {game}"] if game else []),
        *([f"mode {mode.lower()}"] if mode else []),
        *([f"since {day_text(since)}"] if since else []),
        *([f"player {clip(player)}"] if player else []),
    ]
    if not asked:
        return "No sessions match."
    return f"No sessions match {' and '.join(asked)} ({counted(len(summaries), 'session')} in all)."
