"""Schnapsen's own part of its commands (declared in ``games/commands.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from cardside.cli.common import (
    ask_names,
    bot_name,
    check_person,
    echo_score_json,
    echo_text,
    kept_seats,
    name_key,
    parse_names,
    refuse_command_words,
    seat_of,
    your_name,
)
from cardside.core.words import listed, unknown_bot

if TYPE_CHECKING:
    from cardside.core.parallel import Jobs


def play(
    ctx: click.Context, level: str, bot: str, names: str | None, name: str | None
) -> tuple[list[Any], dict[str, Any]]:
    """The seats and options of a new match: you against the bot, who deals first; ``names``
    gives both names (``--name``, yours alone, is the older spelling)."""
    from cardside.core.record import Seat

    if names is not None and name is not None:
        raise click.UsageError("give --names (yours and the bot's) or --name, not both")
    if names is not None:
        you, opponent = parse_names(names, 2, 2, "Schnapsen")
        check_person(you, "--names")  # the bot's name may be Bot 2, as by default
    else:
        you = your_name("You" if name is None else name)
        opponent = bot_name(2)
        if name_key(you) == name_key(opponent):
            raise click.BadParameter(
                f"{opponent} is the bot's name; choose another", param_hint="'--name'"
            )
    seats = [Seat(you, "human"), Seat(opponent, f"bot:{bot}")]
    return seats, {"level": level, "first_dealer": 1}


def welcome(journal: Any, state: Any) -> str:
    from cardside.games.schnapsen.bots import SEARCHING

    names = journal.session.player_names
    level = journal.session.options.get("level", "normal")
    bot = journal.session.seats[1].kind[4:]
    budget = f", level {level}" if bot in SEARCHING else ""
    return f"Schnapsen: {names[0]} against {names[1]} ({bot}{budget}). Session {journal.name}."


def keep(
    ctx: click.Context, console: Any, names: str | None, matches: int, dealer: str | None
) -> tuple[list[Any], dict[str, Any], str]:
    """The seats, options and greeting of a kept session of matches."""

    seat_names, seats = kept_seats(console, names, _ask_names, _parse_names)
    first_dealer = seat_of(dealer, seat_names, "--dealer") if dealer else 0
    options = {"matches": matches, "first_dealer": first_dealer}
    return seats, options, f"Keeping Schnapsen for {listed(seat_names)}"


def _ask_names(console: Any) -> str | None:
    prompt = "The two players (comma-separated): "
    return ask_names(console, prompt, _parse_names, "in seat order (two)")


def _parse_names(text: str) -> list[str]:
    from cardside.tui.keeping import COMMAND_WORDS

    names = parse_names(text, 2, 2, "Schnapsen", people=True)
    # The table's questions also take these words (who closed: no one; undo; cancel).
    from cardside.games.schnapsen.notation import NOBODY

    refuse_command_words(names, (*COMMAND_WORDS, *NOBODY, "ask", "cancel", "dealer"))
    return names


def keeper(journal: Any, ledger: Any, console: Any, style: Any) -> None:
    """The keep screen, with the session's match limit and first dealer."""
    from cardside.games.schnapsen.sheet import options_of
    from cardside.tui.schnapsen.keep import KeepScreen

    options = options_of(journal.session)
    KeepScreen(journal, ledger, console, style, options["matches"], options["first_dealer"]).run()


def number_option(ctx: click.Context, param: click.Parameter, value: str | None) -> int | None:
    from cardside.core.arith import parse_number
    from cardside.core.errors import NotationError

    if value is None:
        return None
    try:
        return parse_number(value)
    except NotationError as exc:
        raise click.BadParameter(str(exc)) from None


def player_option(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """One player's name, held to the rules of ``--names`` (named after this option)."""
    if value is None:
        return None
    if not value.strip():
        raise click.BadParameter("give a player's name, not an empty one")
    from cardside.games.schnapsen.notation import NOBODY

    if value.strip().lower() in NOBODY:
        # As the keep questions take it: "no" closer, "nobody" reached 66.
        if param.name == "last_trick":
            raise click.BadParameter("someone took the last trick: give their name")
        return None
    try:
        (name,) = parse_names(value, 1, 1)
    except click.BadParameter as exc:
        raise click.BadParameter(exc.message) from None
    from cardside.games.schnapsen.score import OTHER

    if name_key(name) == name_key(OTHER):
        raise click.BadParameter(
            f"'{OTHER}' is how the answer names a player no option named: name both with "
            "--names, e.g. --names Ann,Bob"
        )
    return name


def score(
    ctx: click.Context,
    closer: str | None,
    reached: str | None,
    points: int | None,
    trick: bool | None,
    last_trick: str | None,
    names: str | None,
    as_json: bool,
) -> None:
    """One deal's game points from what the table saw."""
    from cardside.games.schnapsen.keep import LedgerError
    from cardside.games.schnapsen.score import DealFacts, score_deal

    pair = None
    if names is not None:
        pair = tuple(_parse_names(names))
    if closer is None and reached is None and last_trick is None:
        raise click.UsageError(
            "say who reached 66 (--reached), who closed (--closer), "
            "or who took the last trick (--last-trick)"
        )
    facts = DealFacts(
        closer=closer, reached_66=reached, last_trick=last_trick, points=points, trick=trick
    )
    try:
        result = score_deal(facts, pair)  # type: ignore[arg-type]
    except LedgerError as exc:
        raise click.ClickException(str(exc)) from None
    if as_json:
        echo_score_json(result.to_dict(), result.explain())
    else:
        echo_text(result.explain())


def simulate(
    ctx: click.Context,
    games: int,
    bots: str,
    single_deals: bool,
    level: str,
    seed: int,
    jobs: Jobs,
    as_json: bool,
) -> tuple[int, str, Any]:
    """The matches (or deals) to play, and how to play them."""
    from cardside.games.schnapsen.bots import BOT_NAMES
    from cardside.games.schnapsen.simulate import simulate as run

    pair = [b.strip().lower() for b in bots.split(",")]
    unknown = [b for b in pair if b not in BOT_NAMES]
    if len(pair) != 2 or unknown:
        if unknown:
            raise click.BadParameter(
                unknown_bot("Schnapsen", unknown[0], BOT_NAMES),
                param_hint="'--bots'",
            )
        raise click.BadParameter(
            f"give two of {', '.join(BOT_NAMES)}, e.g. strong,random", param_hint="'--bots'"
        )
    unit = "deals" if single_deals else "matches"

    def played(tick: Any) -> tuple[Any, int]:
        result = run(
            pair[0],
            pair[1],
            games,
            unit=unit,
            level=level,
            seed=seed,
            progress=lambda done, _total: tick(done),
            jobs=jobs,
        )
        return result.summary(), result.matches if unit == "matches" else result.deals

    return games, unit, played
