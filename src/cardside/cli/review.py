"""``cardside sessions review``: a played game replayed move by move, each decision valued;
or many games reviewed at once, with each player's figures over them."""

from __future__ import annotations

import shlex
import sys
from collections.abc import Callable
from datetime import datetime
from typing import Any

import click

from cardside.cli.common import (
    MOST_JOBS,
    ClusterAddress,
    Day,
    Range,
    _default_jobs,
    begun_since,
    echo_json,
    echo_page,
    end_if_stopped,
    indexed,
    json_option,
    seat_of,
    session_path,
    terminal_width,
    with_cluster,
)
from cardside.cli.options import GameCommand, app_of
from cardside.core.review import DEFAULT_DEPTH
from cardside.core.schema import clip

#: Games whose sessions can be reviewed (each has ``games/<game>/review.py``).
REVIEWED = ("schnapsen", "octrix", "linesbeta", "iota", "lineit")
DEPTHS = 4


@click.command(cls=GameCommand)
@click.argument("names", nargs=-1, metavar="[NAME]...")
@click.option(
    "--player",
    "players",
    multiple=True,
    metavar="NAME",
    help="Review this player (bots too); repeat for several.  [default: the people: the "
    "human seats, or every player of a kept game]",
)
@click.option(
    "--move",
    "moves",
    multiple=True,
    type=Range(1, 1_000_000),
    metavar="N",
    help="Review only move N (numbered as --all numbers them), shown in full; repeat for several.",
)
@click.option("--all", "all_", is_flag=True, help="List every decision, not only the costliest.")
@click.option("--chart", is_flag=True, help="Draw the chance to win after each decision.")
@click.option(
    "--step",
    is_flag=True,
    help="Go through the decisions one at a time, each in full (Enter: next, b: back, a "
    "move's number, q: leave); with --move N, from move N.",
)
@click.option(
    "--all-sessions",
    is_flag=True,
    help="Review every game in the data folder that can be reviewed (narrowed by --game, "
    "--since and --player).",
)
@click.option(
    "--game",
    type=click.Choice(REVIEWED, case_sensitive=False),
    default=None,
    help="Review every game of this kind in the data folder.",
)
@click.option(
    "--since",
    type=Day(),
    default=None,
    metavar="DATE",
    help="Review every game started on or after DATE (YYYY-MM-DD).",
)
@click.option(
    "--seed",
    type=Range(0, 2**31 - 1),
    default=0,
    show_default=True,
    help="Seed of the samples of hidden cards (same seed, same review).",
)
@click.option(
    "--depth",
    type=Range(1, DEPTHS),
    default=DEFAULT_DEPTH,
    show_default=True,
    help="Precision against time: each step doubles the samples of hidden cards.",
)
@click.option(
    "--jobs",
    type=Range(1, MOST_JOBS),
    default=_default_jobs,
    show_default="the number of cores",
    help="Worker processes sharing the work (a game's decisions, or the games of several); "
    "the review is the same for any number.",
)
@click.option(
    "--cluster",
    type=ClusterAddress(),
    default=None,
    metavar="ADDRESS",
    help="Share the work with the workers of a Dask cluster instead: a scheduler's address "
    "(tcp://HOST:PORT), or local:N for N workers here; same review. Needs "
    "pip install 'cardside[cluster]'.",
)
@json_option
@click.pass_context
def review(
    ctx: click.Context,
    names: tuple[str, ...],
    players: tuple[str, ...],
    moves: tuple[int, ...],
    all_: bool,
    chart: bool,
    step: bool,
    all_sessions: bool,
    game: str | None,
    since: datetime | None,
    seed: int,
    depth: int,
    jobs: int,
    cluster: str | None,
    as_json: bool,
) -> None:
    """Replay a played game (Octrix: of two players, also kept with its hands) and value
    each decision from what its player could see.

    Each decision's loss is the chance to win (the match or the game) given up against the
    best move, labelled best, excellent, good, inaccuracy, mistake or blunder; each player
    gets an accuracy. --step goes through the decisions one at a time, as a chess trainer
    steps through a game. Ctrl-C stops and prints what was reviewed.

    Several NAMEs, or --all-sessions, --game or --since, review many games: a line for each
    and each player's figures per game over them.
    """
    app = app_of(ctx)
    many = all_sessions or game is not None or since is not None
    if many and names:
        raise click.UsageError("give session NAMEs or choose with --all-sessions/--game/--since")
    if not many and not names:
        raise click.UsageError(
            "give a session's NAME (or several), or review many with "
            "--all-sessions, --game or --since"
        )
    if step and (all_ or chart or as_json or len(moves) > 1):
        raise click.UsageError(
            "--step goes through the decisions one at a time: leave out --all, --chart and "
            "--json (one --move N starts it there)"
        )
    if many or len(names) > 1:
        if all_ or chart or moves or step:
            raise click.UsageError(
                "--all, --chart, --move and --step are for the review of one game"
            )
        asked, skipped = _choose(app, names, players, game, since)
        with_cluster(
            cluster,
            lambda work: _review_many(ctx, app, asked, skipped, seed, depth, work, as_json),
            jobs,
        )
        return
    from dataclasses import replace

    from cardside.cli.sessions import _load, _name_of

    path = session_path(app, names[0])
    session = replace(_load(app, path), name=_name_of(app, path))
    why = refusal(session)
    if why:
        raise click.ClickException(f"{session.name} cannot be reviewed: {why}")
    if players:
        seats = sorted({seat_of(p, session.player_names, "--player") for p in players})
    else:
        seats = people(session)
    if moves and chart:
        raise click.UsageError("--chart draws a whole game: leave out --move")
    if moves:
        _check_moves(session, seats, moves)
    with_cluster(
        cluster,
        lambda work: _review_one(
            ctx, app, session, seats, all_, chart, seed, depth, work, as_json, moves, step
        ),
        jobs,
    )


def _check_moves(
    session: Any, seats: list[int], moves: tuple[int, ...], at_prompt: bool = False
) -> None:
    """Refuse a move number that is not a decision of the players reviewed, saying why (the
    way on in the end prompt's words ``at_prompt``)."""
    from cardside.core.review import decisions_of

    names = session.player_names
    everyone = dict(decisions_of(session.game, session, range(len(session.seats))))
    ours = [n for n, seat in everyone.items() if seat in seats]
    for n in moves:
        if n in ours:
            continue
        who = " or ".join(names[s] for s in seats)
        if n in everyone:
            other = names[everyone[n]]
            way = "" if at_prompt else f": add --player {shlex.quote(other)}"
            raise click.ClickException(f"move {n} is {other}'s, not {who}'s{way}")
        if not ours:
            raise click.ClickException(f"{session.name} holds no decision of {who} to review yet")
        below = max((m for m in ours if m < n), default=None)
        above = min((m for m in ours if m > n), default=None)
        near = [str(m) for m in (below, above) if m is not None]
        raise click.ClickException(
            f"move {n} is no decision of {who} (a move with a choice); the nearest: "
            f"{'move' if len(near) == 1 else 'moves'} {' and '.join(near)} "
            f"({'review all' if at_prompt else '--all'} lists them)"
        )


def _review_one(
    ctx: click.Context,
    app: Any,
    session: Any,
    seats: list[int],
    all_: bool,
    chart: bool,
    seed: int,
    depth: int,
    jobs: Any,
    as_json: bool,
    moves: tuple[int, ...] = (),
    step: bool = False,
) -> None:
    from cardside.core.review import run

    names = session.player_names
    with _progress(quiet=as_json) as tick:
        result = run(
            session.game,
            session,
            seats,
            seed=seed,
            depth=depth,
            jobs=jobs,
            ascii=app.style.ascii,
            progress=tick,
            moves=set() if step else set(moves),
        )
    if not result.decisions and not result.complete:
        click.echo("Stopped before any decision was reviewed.", err=True)
        ctx.exit(130)
    if result.planned == 0:
        who = " or ".join(names[s] for s in seats)
        raise click.ClickException(f"{session.name} holds no decision of {who} to review yet")
    if step:
        if not _step(app, result, session, moves[0] if moves else None):
            ctx.exit(130)
    elif as_json:
        echo_json(result.as_dict() | {"game_finished": session.finished})
    else:
        more = "(add --all to list every decision, --move N to see one in full)"
        _print(
            result,
            session,
            all_=all_,
            chart=chart,
            ascii=app.style.ascii,
            asked=bool(moves),
            more=more,
        )
    if not result.complete:
        end_if_stopped(len(result.decisions), result.planned, "decisions")


def _step(app: Any, result: Any, session: Any, move: int | None) -> bool:
    """The review's head and its players' figures, then its decisions one at a time (from
    ``move``'s); False, having said so, when the review was stopped before its end (the
    decisions left out would be missing from the steps)."""
    from cardside.tui import review as view
    from cardside.tui.console import Console

    if not result.complete:
        click.echo(
            f"Stopped after {len(result.decisions)} of {result.planned} decisions: nothing "
            "to step through (a review stopped early leaves moves out).",
            err=True,
        )
        return False
    width = terminal_width()
    blocks = [view.head(result, _title(session)), view.players(result)]
    click.echo(view.fit("\n\n".join("\n".join(b) for b in blocks if b), width))
    console = Console()
    console.colour = not getattr(app, "no_color", False)
    numbers = [d.judged.number for d in result.decisions]
    start = numbers.index(move) if move in numbers else 0
    view.step(result, console.ask, console.say, start)
    return True


def _title(session: Any) -> str:
    """``Schnapsen, played``, and for a game under way what the review covers."""
    from cardside.games.registry import GAMES

    title = f"{GAMES[session.game].title}, {'played' if session.mode == 'play' else 'kept'}"
    if not session.finished:
        title += ", in progress: the decisions so far"
    return title


def people(session: Any) -> list[int]:
    """The seats reviewed when none is named: the human seats, or every player of a kept game."""
    return [i for i, seat in enumerate(session.seats) if seat.kind in ("human", "table")]


def _choose(
    app: Any,
    names: tuple[str, ...],
    players: tuple[str, ...],
    game: str | None,
    since: datetime | None,
) -> tuple[list[Any], list[tuple[str, str]]]:
    """The games to review (oldest first when chosen by filters, else in the order named)
    with their seats, and those left out with why."""
    from dataclasses import replace

    from cardside.cli.sessions import _name_of, _say_disagreement
    from cardside.core.errors import SessionError
    from cardside.core.many_reviews import Asked, key
    from cardside.core.words import counted
    from cardside.sessions import store
    from cardside.sessions.stats import moment_key

    if names:
        paths = [session_path(app, n) for n in names]
    else:
        try:
            paths = store.list_paths(app.data_dir)[::-1]
        except OSError as exc:
            raise click.ClickException(f"cannot list the sessions: {exc.strerror or exc}") from None
    seen: set[str] = set()
    copies: dict[tuple[Any, ...], str] = {}
    asked: list[Any] = []
    skipped: list[tuple[str, str]] = []
    unread: set[str] = set()
    wanted = {key(p) for p in players}
    for path in paths:
        if str(path.resolve()) in seen:
            continue
        seen.add(str(path.resolve()))
        try:
            session = store.load(path)
        except (SessionError, OSError) as exc:
            skipped.append((path.stem, f"cannot be read ({exc})"))
            unread.add(path.stem)
            continue
        if game is not None and session.game != game:
            continue
        if not begun_since(session, since):
            continue
        seats = (
            [i for i, n in enumerate(session.player_names) if key(n) in wanted]
            if wanted
            else people(session)
        )
        if wanted and not seats:
            continue
        # Said of each file reviewed, as the review of that file alone says it; this replays
        # the entries, so a file whose entries do not replay is left out here.
        try:
            _say_disagreement(app, path, session)
        except (SessionError, OSError) as exc:
            skipped.append((_name_of(app, path), f"cannot be read ({exc})"))
            continue
        why = refusal(session)
        if why is None and not seats:
            why = "no player of it is a person (name one with --player)"
        if why:
            skipped.append((_name_of(app, path), why))
            continue
        name = _name_of(app, path)
        if not names:
            # A copy of a file (the same session with the same entries) is reviewed once, as
            # statistics count it once; files named one by one are all reviewed.
            same = (
                session.game,
                session.mode,
                session.seed,
                tuple(session.player_names),
                session.begun_as or session.name,
                store.entries_digest(session),
            )
            if same in copies:
                click.echo(
                    f"{copies[same]} and {name} hold the same session (a copy of a file?): "
                    "reviewed once",
                    err=True,
                )
                continue
            copies[same] = name
        # Named as the listing names it (a copied file keeps the name stored inside).
        asked.append(Asked(replace(session, name=name), tuple(seats)))
    if not names:
        # Chosen by filters: oldest first by when each began (the files' order is the last
        # save's, and a game resumed later would come after those begun since).
        asked.sort(key=lambda one: moment_key(one.session.began))
    if not asked:
        from cardside.games.registry import GAMES

        kind = f"{GAMES[game].title} game" if game else "game"
        of = f" of {' or '.join(clip(p) for p in players)}" if players else ""
        begun = f" begun on or after {since:%Y-%m-%d}" if since is not None else ""
        where = "among the sessions named" if names else "in the data folder"
        # With a filter, files that cannot be read may or may not be of the games asked for:
        # said apart, so that they are not taken for the reason the filter chose nothing.
        filtered = bool(game or since or players)
        refused = [(n, why) for n, why in skipped if not (filtered and n in unread)]
        said = "; ".join(f"{name}: {why}" for name, why in refused[:3])
        more = f"; and {len(refused) - 3} more" if len(refused) > 3 else ""
        reasons = [f"{said}{more}"] if refused else []
        if filtered and unread:
            files = ", ".join(sorted(unread)[:3]) + (", ..." if len(unread) > 3 else "")
            reasons.append(f"{counted(len(unread), 'file')} cannot be read: {files}")
        because = f" ({'; '.join(reasons)})" if reasons else ""
        raise click.ClickException(f"no {kind}{of}{begun} {where} can be reviewed{because}")
    return asked, skipped


def _review_many(
    ctx: click.Context,
    app: Any,
    asked: list[Any],
    skipped: list[tuple[str, str]],
    seed: int,
    depth: int,
    jobs: Any,
    as_json: bool,
) -> None:
    from cardside.core.many_reviews import review_all, standings
    from cardside.tui import review as view

    with _progress(quiet=as_json, unit="game") as tick:
        try:
            reviews = review_all(
                asked,
                seed=seed,
                depth=depth,
                jobs=jobs,
                ascii=app.style.ascii,
                progress=lambda done: tick(done, len(asked)),
            )
        except KeyboardInterrupt:
            reviews = []
    if not reviews:
        click.echo("Stopped before any game was reviewed.", err=True)
        ctx.exit(130)
    complete = len(reviews) == len(asked)
    # A game with no decision of its players yet (quit at once) is no perfect game: it goes
    # with those not reviewed, as reviewing it alone refuses it.
    done = len(reviews)
    kept: list[tuple[Any, Any]] = []
    for review_, one in zip(reviews, asked, strict=False):
        if review_.planned:
            kept.append((review_, one.session))
        else:
            who = " or ".join(one.session.player_names[s] for s in one.seats)
            skipped = [*skipped, (one.session.name, f"holds no decision of {who} to review yet")]
    if not kept:
        if not complete:
            click.echo("Stopped before any game was reviewed.", err=True)
            ctx.exit(130)
        said = "; ".join(f"{name}: {why}" for name, why in skipped[:4])
        more = f"; and {len(skipped) - 4} more" if len(skipped) > 4 else ""
        raise click.ClickException(f"no game can be reviewed ({said}{more})")
    reviews, sessions = [r for r, _ in kept], [one for _, one in kept]
    table = _spelt_as_in_stats(app, standings(reviews))
    if as_json:
        echo_json(
            {
                "seed": seed,
                "depth": depth,
                "complete": complete,
                "games_planned": len(asked),
                "reviews": [
                    r.as_dict() | {"game_finished": bool(getattr(s, "finished", True))}
                    for r, s in zip(reviews, sessions)
                ],
                "players": [s.as_dict() for s in table],
                "not_reviewed": [{"session": n, "why": w} for n, w in skipped],
            }
        )
    else:
        width = terminal_width()
        text = "\n\n".join(
            "\n".join(block)
            for block in (
                view.many_head(reviews, seed, depth),
                view.many_games(reviews, sessions, width),
                view.many_players(table, width),
                view.left_out(skipped),
            )
            if block
        )
        echo_page(view.fit(text, width))
    if not complete:
        end_if_stopped(done, len(asked), "games")


def review_now(
    app: Any, session: Any, moves: tuple[int, ...] = (), all_: bool = False, step: bool = False
) -> None:
    """Review the human seats of a game just finished, at the default settings, and print it
    (the end prompt's ``review``; ``review all`` lists every decision, ``review N`` shows
    move N in full, ``review step`` goes through them one at a time); Ctrl-C stops it and
    prints what was reviewed. A move that is no decision of theirs is a ClickException saying
    why, before any work."""
    from cardside.core import parallel, review

    seats = [i for i, seat in enumerate(session.seats) if seat.kind == "human"]
    if moves:
        _check_moves(session, seats, moves, at_prompt=True)
    try:
        with _progress(quiet=False) as tick:
            result = review.run(
                session.game,
                session,
                seats,
                depth=review.DEFAULT_DEPTH,
                jobs=_default_jobs(),
                ascii=app.style.ascii,
                progress=tick,
                moves=set() if step else set(moves),
            )
        if step:
            _step(app, result, session, moves[0] if moves else None)
            return
        more = (
            "(review all lists every decision here, review N shows move N in full, review "
            "step goes through them one at a time)"
        )
        _print(
            result,
            session,
            all_=all_,
            chart=False,
            ascii=app.style.ascii,
            asked=bool(moves),
            more=more,
        )
        if not result.complete:
            click.echo(f"Stopped after {len(result.decisions)} of {result.planned} decisions.")
    finally:
        # The game's prompt comes back: Ctrl-C acts there again (see parallel.map_games).
        parallel.release_interrupts()


def refusal(session: Any) -> str | None:
    """Why a session cannot be reviewed, or ``None``."""
    from cardside.games.registry import GAMES

    if session.game not in REVIEWED:
        return f"reviews are for {' and '.join(GAMES[g].title for g in REVIEWED)} so far"
    import importlib

    module = importlib.import_module(f"cardside.games.{session.game}.review")
    why: str | None = module.refusal(session)
    return why


def _print(
    result: Any,
    session: Any,
    *,
    all_: bool,
    chart: bool,
    ascii: bool,
    asked: bool = False,
    more: str = "",
) -> None:
    """The review as text, paged; ``more`` (where not every decision is listed) says how
    to see the rest."""
    import shutil

    from cardside.cli.common import terminal_width
    from cardside.tui import review as view

    width = terminal_width()
    title = _title(session)
    if asked:
        # Moves asked for by number: each in full, with no figures of the whole game.
        blocks = [view.head(result, title), view.asked(result)]
        if all_:
            blocks.append(view.every(result, width))
        echo_page(view.fit("\n\n".join("\n".join(b) for b in blocks if b), width))
        return
    blocks = [view.head(result, title), view.players(result), view.groups(result, width)]
    blocks.append(view.costly(result, result.costliest()))
    if all_:
        blocks.append(view.every(result, width))
    elif more and len(result.decisions) > len(result.costliest()):
        blocks[-1] = [*blocks[-1], more]
    if chart and result.decisions:
        columns = width or shutil.get_terminal_size().columns
        room = max(map(len, result.players), default=0) + 8
        blocks.append(view.chart(result, ascii=ascii, width=max(10, min(200, columns) - room)))
    echo_page(view.fit("\n\n".join("\n".join(b) for b in blocks if b), width))


class _progress:
    """A progress line on stderr when it is a terminal: ``reviewed 12 of 40 decisions``."""

    def __init__(self, quiet: bool, unit: str = "decision") -> None:
        self.shown = not quiet and sys.stderr.isatty()
        self.unit = unit

    def __enter__(self) -> Callable[[int, int], None]:
        def tick(done: int, planned: int) -> None:
            if self.shown:
                click.echo(f"\rreviewed {done} of {planned} {self.unit}s", nl=False, err=True)

        return tick

    def __exit__(self, *exc: object) -> None:
        if self.shown:
            click.echo("\r" + " " * 40 + "\r", nl=False, err=True)


def _spelt_as_in_stats(app: Any, table: list[Any]) -> list[Any]:
    """Each player named as the statistics name them: as first typed over every session
    (``Cara`` where the games reviewed have ``cara``)."""
    from dataclasses import replace

    from cardside.sessions.stats import person, spellings

    summaries = [e.summary for e in indexed(app) if e.summary is not None]
    names = spellings(summaries)
    return [replace(s, name=names.get(person(s.name), s.name)) for s in table]
