"""The ``cardside`` command group and its global options."""

from __future__ import annotations

import io
import os
import shutil
import sys

import click

from cardside import __version__
from cardside.cli.lazy import LazyGroup
from cardside.cli.options import app_of, global_params
from cardside.games.registry import GAMES

NUMBERS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]


def _commands() -> dict[str, tuple[str, str]]:
    """Every game in the registry, then ``sessions``: where each lives and its summary."""
    commands = {
        name: (f"cardside.cli.commands:{name}", f"{info.title}: {info.tagline or info.players}")
        for name, info in GAMES.items()
    }
    commands["sessions"] = (
        "cardside.cli.sessions:sessions",
        "List, show, review, resume, verify, export, rename, delete sessions.",
    )
    commands["stats"] = (
        "cardside.cli.stats:stats",
        "Statistics across sessions: players, head to head, games.",
    )
    return commands


def _description() -> str:
    count = len(GAMES)
    number = NUMBERS[count] if count < len(NUMBERS) else str(count)
    titles = [info.title for info in GAMES.values()]
    listed = ", ".join(titles[:-1]) + " and " + titles[-1] if count > 1 else titles[0]
    return (
        f"cardside: play, keep score, settle disputes and simulate {number} card "
        f"game{'s' if count != 1 else ''}: {listed}."
    )


COMMANDS = _commands()


def _help_width() -> int:
    """The width help is wrapped to: the terminal's, up to 80 (click alone never goes below
    50, so a narrower terminal would break its lines inside words)."""
    return max(20, min(shutil.get_terminal_size().columns, 80) - 2)


@click.group(
    cls=LazyGroup,
    lazy=COMMANDS,
    help=_description(),
    params=global_params(root=True),
    context_settings={"help_option_names": ["-h", "--help"], "terminal_width": _help_width()},
    epilog="Every game has play, keep, score, rules and simulate. Options such as --ascii "
    "work before or after a command's name. Try: cardside octrix play",
)
@click.version_option(__version__, "--version", prog_name="cardside")
@click.pass_context
def main(ctx: click.Context) -> None:
    _closed_streams()
    _forgiving_streams()
    app_of(ctx)


def _closed_streams() -> None:
    """A closed standard input (``<&-``) reads as an empty one: every question then has no
    answer, as with ``</dev/null``; a closed standard output (``>&-``) takes what is shown
    and keeps none of it, as ``>/dev/null`` does (a file written with ``-o`` is written)."""
    if sys.stdin is None:
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 (open while it runs)
    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115


def _forgiving_streams() -> None:
    """On a terminal whose encoding lacks a character (Latin-1, ASCII), write a ``?`` for it
    and read an unknown byte as one, rather than stop with an error; the screens then use
    letters for the suits (see ``Style.detect``)."""
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            stream.reconfigure(errors="replace")
