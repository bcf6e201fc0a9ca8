"""``cardside stats``: who wins, how often, against whom, over every saved session."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import click

from cardside.cli.common import echo_json, folder_option, json_option, terminal_width
from cardside.cli.options import GameCommand, app_of
from cardside.core.schema import clip, cut
from cardside.games.registry import GAMES


class Day(click.ParamType):
    """A date written YYYY-MM-DD, with a plain message when it is not one."""

    name = "date"

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> datetime:
        if isinstance(value, datetime):
            return value
        text = str(value).strip()
        try:
            if not text.isascii():  # strptime would take other scripts' digits
                raise ValueError(text)
            return datetime.strptime(text, "%Y-%m-%d")
        except ValueError:
            self.fail(f"{cut(text, 20)!r} is not a date written YYYY-MM-DD, e.g. 2026-11-30")


@click.command(cls=GameCommand)
@click.option(
    "--game",
    type=click.Choice(list(GAMES), case_sensitive=False),
    default=None,
    help="Only this game.",
)
@click.option("--player", default=None, help="Only this player (case and spaces ignored).")
@click.option(
    "--since",
    type=Day(),
    metavar="DATE",
    default=None,
    help="Only sessions started on or after DATE (YYYY-MM-DD).",
)
@click.option(
    "--mode",
    type=click.Choice(["keep", "play"], case_sensitive=False),
    default=None,
    help="Kept or played.",
)
@json_option
@click.pass_context
def stats(
    ctx: click.Context,
    game: str | None,
    player: str | None,
    since: datetime | None,
    mode: str | None,
    as_json: bool,
) -> None:
    """Statistics across saved sessions: players, head to head, and games."""
    from cardside.core.words import counted
    from cardside.sessions import index
    from cardside.sessions.stats import choose, report
    from cardside.tui.statsview import render_report

    app = app_of(ctx)
    entries = index.entries(app.data_dir)
    summaries = [e.summary for e in entries if e.summary is not None]
    chosen = choose(summaries, game=game, mode=mode, since=since, player=player)
    result = report(chosen, player=player)
    if as_json:
        echo_json(result.as_dict() | {"sessions": len(chosen)})
        return
    if not chosen:
        click.echo(_nothing_matches(summaries, game, mode, since, player))
    else:
        width = terminal_width()
        click.echo(render_report(result, ascii=app.style.ascii, width=width))
    differ = [s["name"] for s in chosen if not s.get("verified", True)]
    if differ:
        shown = ", ".join(differ[:5]) + (f" and {len(differ) - 5} more" if len(differ) > 5 else "")
        click.echo(
            f"counted as the entries give, though the file says otherwise: {shown} "
            f"(see 'cardside sessions list{folder_option(app)}')",
            err=True,
        )
    skipped = len(entries) - len(summaries)
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
) -> str:
    """Why the statistics are empty, naming the filters that left nothing."""
    from cardside.core.words import counted

    if not summaries:
        return "No sessions yet."
    asked = [
        *([f"game {game}"] if game else []),
        *([f"mode {mode.lower()}"] if mode else []),
        *([f"since {since:%Y-%m-%d}"] if since else []),
        *([f"player {clip(player)}"] if player else []),
    ]
    if not asked:
        return "No sessions match."
    return f"No sessions match {' and '.join(asked)} ({counted(len(summaries), 'session')} in all)."
