"""``cardside lineit``: play, keep, score, rules and simulate."""

from __future__ import annotations

import click

from cardside.cli.common import (
    echo_json,
    echo_rules,
    json_option,
)


@click.group()
def lineit() -> None:
    """Line-it: 2-5 players, rising and falling lines from a market; bets and jackpots."""


@lineit.command()
@click.argument("cards", nargs=-1, required=True)
@click.option(
    "--jackpot",
    "jackpots",
    multiple=True,
    metavar="N",
    help="Cards in a jackpot pile the line took (sums allowed: 4+3); repeat per pile.",
)
@json_option
def score(cards: tuple[str, ...], jackpots: tuple[str, ...], as_json: bool) -> None:
    """Check a scored line from its cards in the order they were added.

    Says whether the line rises or falls, which three cards are discarded, whether the bet was
    won, the points, and which colour reached three cards (the jackpot it took).

    \b
    cardside lineit score 12 30 B4 45 57 60 71
    cardside lineit score 90 80 B5 70 13 9 5 1 --jackpot 7
    """
    from cardside.core.arith import parse_number
    from cardside.core.errors import NotationError
    from cardside.games.lineit.score import line_report

    try:
        sizes = [parse_number(j) for j in jackpots]
        report = line_report(" ".join(cards), sizes)
    except (NotationError, ValueError) as exc:
        raise click.ClickException(str(exc)) from None
    if as_json:
        echo_json(report.to_dict())
    else:
        click.echo(report.explain())


@lineit.command()
def rules() -> None:
    """The rules of Line-it as cardside applies them."""
    echo_rules("lineit")
