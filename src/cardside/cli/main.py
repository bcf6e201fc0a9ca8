"""The ``cardside`` command group and its global options."""

from __future__ import annotations

from pathlib import Path

import click

from cardside import __version__
from cardside.cli.app import App
from cardside.cli.lazy import LazyGroup

COMMANDS = {
    "linesbeta": (
        "cardside.cli.linesbeta:linesbeta",
        "LinesBeta: you against a 6x6 grid of cards.",
    ),
    "octrix": (
        "cardside.cli.octrix:octrix",
        "Octrix: open hands, simultaneous tricks, runs to 88.",
    ),
    "schnapsen": (
        "cardside.cli.schnapsen:schnapsen",
        "Schnapsen: 20 cards, marriages, closing; 7 down to 0.",
    ),
    "sessions": (
        "cardside.cli.sessions:sessions",
        "List, show, resume, verify, export, rename and delete sessions.",
    ),
    "stats": (
        "cardside.cli.stats:stats",
        "Statistics across sessions: players, head to head, games.",
    ),
}


@click.group(
    cls=LazyGroup,
    lazy=COMMANDS,
    context_settings={"help_option_names": ["-h", "--help"]},
    epilog="Every game has play, keep, score, rules and simulate. Try: cardside octrix play",
)
@click.version_option(__version__, "--version", prog_name="cardside")
@click.option(
    "--data-dir",
    type=click.Path(file_okay=False, path_type=Path),
    envvar="CARDSIDE_HOME",
    help="Folder for saved sessions [env: CARDSIDE_HOME; default: your user data folder].",
)
@click.option("--no-color", is_flag=True, help="No colours (also when NO_COLOR is set).")
@click.option("--ascii", "ascii_only", is_flag=True, help="Letters instead of suit symbols.")
@click.pass_context
def main(ctx: click.Context, data_dir: Path | None, no_color: bool, ascii_only: bool) -> None:
    """cardside: play, keep score, settle disputes and simulate five card games."""
    ctx.obj = App(data_dir_option=data_dir, no_color=no_color, ascii=ascii_only)
