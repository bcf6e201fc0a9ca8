"""Line-it's own part of its commands (declared in ``games/commands.py``)."""

from __future__ import annotations

from typing import Any

import click

from cardside.cli.common import (
    ask_names,
    echo_score_json,
    kept_seats,
    parse_names,
    refuse_command_words,
)
from cardside.cli.options import note_typed_after
from cardside.core.words import listed

MIN_PLAYERS, MAX_PLAYERS = 2, 5


def welcome(journal: Any, state: Any) -> str:
    return f"Line-it: {', '.join(journal.session.player_names)}. Session {journal.name}."


def keep(
    ctx: click.Context, console: Any, names: str | None
) -> tuple[list[Any], dict[str, Any], str]:
    """The seats, options and greeting of a kept game."""
    seat_names, seats = kept_seats(console, names, _ask_names, _parse_names)
    return seats, {}, f"Keeping Line-it for {listed(seat_names)}"


def _ask_names(console: Any) -> str | None:
    prompt = "Players in seat order (2-5 names, comma-separated): "
    return ask_names(console, prompt, _parse_names, "in seat order (2 to 5, one word each)")


def _parse_names(text: str) -> list[str]:
    # An entry names its player beside cards (line Ann 12 B4): a name that reads as a card or
    # a word of the prompt is refused.
    from cardside.core.errors import NotationError
    from cardside.games.lineit.keep import KINDS
    from cardside.games.lineit.notation import KINDS as ACTIONS
    from cardside.games.lineit.notation import parse_card
    from cardside.tui.keeping import COMMAND_WORDS, PLAY_ONLY

    names = parse_names(text, MIN_PLAYERS, MAX_PLAYERS, "Line-it", people=True)
    refuse_command_words(names, (*COMMAND_WORDS, *PLAY_ONLY, *KINDS, *ACTIONS))
    for name in names:
        if name.split()[0] != name:
            raise click.BadParameter(f"{name[:30]!r}: one word per name", param_hint="'--names'")
        if name.isdigit():
            raise click.BadParameter(
                f"{name!r} reads as a number; choose another name", param_hint="'--names'"
            )
        try:
            parse_card(name)
        except NotationError:
            continue
        raise click.BadParameter(
            f"{name!r} reads as a card; choose another name", param_hint="'--names'"
        )
    return names


def keeper(journal: Any, ledger: Any, console: Any, style: Any) -> None:
    """The keep screen, once the jackpot piles entered so far are checked from here on."""
    from cardside.tui.lineit.keep import KeepScreen

    ledger.check_piles_from_now()
    KeepScreen(journal, ledger, console, style).run()


def score(
    ctx: click.Context, cards: tuple[str, ...], jackpots: tuple[str, ...], as_json: bool
) -> None:
    """Check a scored line from its cards."""
    from cardside.core.arith import parse_number
    from cardside.core.errors import NotationError
    from cardside.games.lineit.notation import parse_cards
    from cardside.games.lineit.score import line_report

    if not cards:
        raise click.UsageError(
            "give the cards of the scored line in the order laid, e.g. 12 30 B4 45 57 "
            "(numbers, a colour letter where it matters, B3-B5 for a bet)"
        )
    # A card or pile size that cannot be read is mistyped (status 2, as in every game); a
    # line that cannot happen is refused with status 1 below.
    try:
        parse_cards(" ".join(cards))
    except NotationError as exc:
        raise click.BadParameter(str(exc), param_hint="'CARDS...'") from None
    try:
        sizes = [parse_number(j) for j in jackpots]
    except NotationError as exc:
        raise click.BadParameter(str(exc), param_hint="'--jackpot'") from None
    try:
        report = line_report(" ".join(cards), sizes)
    except (NotationError, ValueError) as exc:
        raise click.ClickException(str(exc)) from None
    note_typed_after("--jackpot", "a card of the line", "cards of the line")
    if as_json:
        echo_score_json(report.to_dict(), report.explain())
    else:
        click.echo(report.explain())
