"""Options and helpers shared by the command modules."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import click

from cardside.cli.app import App

F = TypeVar("F", bound=Callable[..., Any])

seed_option = click.option(
    "--seed", type=int, default=None, help="Seed for dealing and bots (same seed, same game)."
)
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")


def app_of(ctx: click.Context) -> App:
    """The App in ``ctx.obj`` (a default one when a command is invoked on its own)."""
    obj = ctx.find_object(App)
    if obj is None:
        obj = App()
        ctx.obj = obj
    return obj


def echo_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False, default=str))


def session_path(app: App, name: str) -> Path:
    """The file a session's name, ``last``, list number, unique prefix or path refers to.

    A one-line error if there is none, or if a prefix fits several sessions.
    """
    from cardside.sessions.names import UnknownSession, resolve

    try:
        return resolve(app.data_dir, name)
    except UnknownSession as exc:
        raise click.ClickException(str(exc)) from None


def names_option(max_players: int) -> Callable[[F], F]:
    return click.option(
        "--names",
        default=None,
        help=f"Player names, comma-separated (up to {max_players}); you are the first.",
    )


def split_names(text: str | None, count: int, default: list[str]) -> list[str]:
    """Names from ``--names`` (checked for count and duplicates) or the defaults."""
    if text is None:
        return default
    names = [n.strip() for n in text.split(",") if n.strip()]
    if len(names) != count:
        raise click.BadParameter(f"give {count} names, not {len(names)}", param_hint="--names")
    if len(set(n.lower() for n in names)) != len(names):
        raise click.BadParameter("names must differ", param_hint="--names")
    return names


def start_journal(
    app: App,
    game: str,
    mode: str,
    seats: list[Any],
    options: dict[str, Any],
    seed: int | None,
    name: str | None,
) -> Any:
    """Create and save a new session; a one-line error if the name is taken or unwritable."""
    from cardside.sessions.journal import Journal

    try:
        return Journal.start(
            app.data_dir, game=game, mode=mode, seats=seats, options=options, seed=seed, name=name
        )
    except (ValueError, FileExistsError) as exc:
        raise click.ClickException(str(exc)) from None
    except OSError as exc:
        raise click.ClickException(f"cannot write to {app.data_dir}: {exc.strerror}") from None


def echo_rules(game: str) -> None:
    """Print a game's rules page (``games/<game>/rules.md``)."""
    from importlib.resources import files

    text = files(f"cardside.games.{game}").joinpath("rules.md").read_text(encoding="utf-8")
    click.echo(text.rstrip("\n"))


@contextmanager
def progress(total: int, label: str, *, quiet: bool = False) -> Iterator[Callable[[int], None]]:
    """A callback moving a progress bar on stderr to ``done`` of ``total``.

    The bar is drawn only on a terminal and when not ``quiet`` (e.g. with ``--json``);
    otherwise the callback does nothing, so scripts and pipes stay clean.
    """
    if quiet or not sys.stderr.isatty():
        yield lambda done: None
        return
    with click.progressbar(length=total, label=label, file=sys.stderr) as bar:
        yield lambda done: bar.update(done - bar.pos)
