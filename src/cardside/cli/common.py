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


def _default_jobs() -> int:
    from cardside.core.parallel import cores

    return cores()


jobs_option = click.option(
    "--jobs",
    type=click.IntRange(1, 64),
    default=_default_jobs,
    show_default="the number of cores",
    help="Worker processes sharing the games; the results are the same for any number.",
)


def echo_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False, default=str))


def session_path(app: App, name: str) -> Path:
    """The file a session name or path refers to; a one-line error if there is none."""
    from cardside.sessions import store

    path = store.resolve(app.data_dir, name)
    if not path.exists():
        raise click.ClickException(
            f"no session {name!r} (see 'cardside sessions list'; looked for {path.name})"
        )
    return path


def seat_of(name: str, names: list[str], option: str) -> int:
    """The seat of a player named in an option, by name (any case)."""
    lowered = [n.lower() for n in names]
    if name.strip().lower() not in lowered:
        raise click.BadParameter(f"{name!r} is not one of {', '.join(names)}", param_hint=option)
    return lowered.index(name.strip().lower())


def parse_names(text: str, low: int, high: int, game: str = "") -> list[str]:
    """Player names from a comma-separated list, for every ``--names`` and names prompt.

    Every name must be given (``Ann,,Bob`` has an empty one), no two may be the same ignoring
    case, and there must be ``low`` to ``high`` of them; otherwise a ``BadParameter`` with a
    one-line reason.
    """
    names = [n.strip() for n in text.split(",")]
    if any(not n for n in names):
        raise click.BadParameter(
            f"a name is empty in {text.strip()!r}; separate names with single commas, e.g. Ann,Bob",
            param_hint="--names",
        )
    seen: dict[str, str] = {}
    for name in names:
        if name.casefold() in seen:
            raise click.BadParameter(
                f"names must differ: {seen[name.casefold()]!r} and {name!r}", param_hint="--names"
            )
        seen[name.casefold()] = name
    if not low <= len(names) <= high:
        wanted = str(low) if low == high else f"{low} to {high}"
        players = "player" if high == 1 else "players"
        for_what = f"{game} is for" if game else "give"
        raise click.BadParameter(
            f"{for_what} {wanted} {players}, not {len(names)}", param_hint="--names"
        )
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


def play_games(
    app: App,
    journal: Any,
    play_session: Callable[[App, Any], str],
    seed: int | None,
) -> None:
    """Play ``journal``'s game; when it ends, offer ``again``: a new game with the same
    players and options, saved as a new session.

    Without ``--seed`` each new game is dealt from a fresh seed; with ``--seed N`` the games
    that follow use N+1, N+2, ... so a whole evening can be replayed from its first seed.
    """
    from cardside.core.rng import fresh_seed
    from cardside.tui.console import Console

    while play_session(app, journal) == "over":
        line = Console().ask("Type again for a new game with the same options, or Enter to leave: ")
        if line is None or line.strip().lower() not in ("again", "a", "y", "yes"):
            return
        session = journal.session
        seed = fresh_seed() if seed is None else seed + 1
        journal = start_journal(
            app, session.game, session.mode, list(session.seats), dict(session.options), seed, None
        )


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
