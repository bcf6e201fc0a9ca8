"""``cardside sessions review``: a played game replayed move by move, each decision valued."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import click

from cardside.cli.common import (
    Range,
    _default_jobs,
    echo_json,
    json_option,
    seat_of,
    session_path,
)
from cardside.cli.options import GameCommand, app_of
from cardside.core.review import DEFAULT_DEPTH

#: Games whose sessions can be reviewed (each has ``games/<game>/review.py``).
REVIEWED = ("schnapsen", "octrix", "linesbeta", "iota", "lineit")
DEPTHS = 4


@click.command(cls=GameCommand)
@click.argument("name")
@click.option(
    "--player",
    "players",
    multiple=True,
    metavar="NAME",
    help="Review this player (bots too); repeat for several.  [default: the people: the "
    "human seats, or every player of a kept game]",
)
@click.option("--all", "all_", is_flag=True, help="List every decision, not only the costliest.")
@click.option("--chart", is_flag=True, help="Draw the chance to win after each decision.")
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
    type=Range(1, 64),
    default=_default_jobs,
    show_default="the number of cores",
    help="Worker processes sharing the decisions; the review is the same for any number.",
)
@json_option
@click.pass_context
def review(
    ctx: click.Context,
    name: str,
    players: tuple[str, ...],
    all_: bool,
    chart: bool,
    seed: int,
    depth: int,
    jobs: int,
    as_json: bool,
) -> None:
    """Replay a played game (or a two-player Octrix game kept with its hands) and value
    each decision from what its player could see.

    Each decision's loss is the chance to win (the match or the game) given up against the
    best move, labelled best, excellent, good, inaccuracy, mistake or blunder; each player
    gets an accuracy. Ctrl-C stops and prints what was reviewed.
    """
    from cardside.cli.sessions import _load
    from cardside.core.review import run

    app = app_of(ctx)
    session = _load(app, session_path(app, name))
    why = refusal(session)
    if why:
        raise click.ClickException(f"{session.name} cannot be reviewed: {why}")
    names = session.player_names
    if players:
        seats = sorted({seat_of(p, names, "--player") for p in players})
    else:
        seats = [i for i, seat in enumerate(session.seats) if seat.kind in ("human", "table")]
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
        )
    if not result.decisions and not result.complete:
        click.echo("Stopped before any decision was reviewed.", err=True)
        ctx.exit(130)
    if result.planned == 0:
        who = " or ".join(names[s] for s in seats)
        raise click.ClickException(f"{session.name} holds no decision of {who} to review yet")
    if as_json:
        echo_json(result.as_dict())
    else:
        _print(result, session, all_=all_, chart=chart, ascii=app.style.ascii)
    if not result.complete:
        click.echo(
            f"Stopped after {len(result.decisions)} of {result.planned} decisions: "
            "the figures are for those.",
            err=True,
        )
        ctx.exit(130)


def review_now(app: Any, session: Any) -> None:
    """Review the human seats of a game just finished, at the default settings, and print it
    (the end prompt's ``review``); Ctrl-C stops it and prints what was reviewed."""
    from cardside.core import parallel, review

    seats = [i for i, seat in enumerate(session.seats) if seat.kind == "human"]
    with _progress(quiet=False) as tick:
        result = review.run(
            session.game,
            session,
            seats,
            depth=review.DEFAULT_DEPTH,
            jobs=parallel.cores(),
            ascii=app.style.ascii,
            progress=tick,
        )
    _print(result, session, all_=False, chart=False, ascii=app.style.ascii)
    if not result.complete:
        click.echo(f"Stopped after {len(result.decisions)} of {result.planned} decisions.")


def refusal(session: Any) -> str | None:
    """Why a session cannot be reviewed, or ``None``."""
    from cardside.games.registry import GAMES

    if session.game not in REVIEWED:
        return f"reviews are for {' and '.join(GAMES[g].title for g in REVIEWED)} so far"
    import importlib

    module = importlib.import_module(f"cardside.games.{session.game}.review")
    why: str | None = module.refusal(session)
    return why


def _print(result: Any, session: Any, *, all_: bool, chart: bool, ascii: bool) -> None:
    import shutil

    from cardside.cli.common import terminal_width
    from cardside.games.registry import GAMES
    from cardside.tui import review as view

    width = terminal_width()
    title = f"{GAMES[session.game].title}, {'played' if session.mode == 'play' else 'kept'}"
    if not session.finished:
        title += ", in progress: the decisions so far"
    blocks = [view.head(result, title), view.players(result), view.groups(result, width)]
    blocks.append(view.costly(result, result.costliest()))
    if all_:
        blocks.append(view.every(result, width))
    if chart and result.decisions:
        columns = width or shutil.get_terminal_size().columns
        room = max(map(len, result.players), default=0) + 8
        blocks.append(view.chart(result, ascii=ascii, width=max(10, min(200, columns) - room)))
    click.echo(view.fit("\n\n".join("\n".join(b) for b in blocks if b), width))


class _progress:
    """A progress line on stderr when it is a terminal: ``reviewed 12 of 40 decisions``."""

    def __init__(self, quiet: bool) -> None:
        self.shown = not quiet and sys.stderr.isatty()

    def __enter__(self) -> Callable[[int, int], None]:
        def tick(done: int, planned: int) -> None:
            if self.shown:
                click.echo(f"\rreviewed {done} of {planned} decisions", nl=False, err=True)

        return tick

    def __exit__(self, *exc: object) -> None:
        if self.shown:
            click.echo("\r" + " " * 40 + "\r", nl=False, err=True)
