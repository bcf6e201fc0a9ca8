"""Octrix's own part of its commands (declared in ``games/commands.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from cardside.cli.common import (
    ask_names,
    echo_score_json,
    echo_text,
    kept_seats,
    left_at_setup,
    parse_names,
    refuse_command_words,
    seat_of,
    seats_of,
)
from cardside.cli.options import app_of
from cardside.core.words import listed, unknown_bot

if TYPE_CHECKING:
    from cardside.core.parallel import Jobs


def play(
    ctx: click.Context, players: int, partnership: bool, bot: str, names: str | None
) -> tuple[list[Any], dict[str, Any]]:
    """The seats and options of a new game: the number of names sets the players."""
    from cardside.core.record import Seat

    players_given = ctx.get_parameter_source("players") != click.core.ParameterSource.DEFAULT
    seat_names = None
    if names is not None:
        seat_names = _check_names(parse_names(names, 2, 4, "Octrix"))
        if players_given and len(seat_names) != players:
            raise click.BadParameter(
                f"{len(seat_names)} names for --players {players}", param_hint="'--names'"
            )
        players, players_given = len(seat_names), True
    if partnership and players != 4:
        if seat_names is not None:  # the names set the players: they are what to mend
            raise click.BadParameter(
                f"the partnership game is for 4 players, not {len(seat_names)}",
                param_hint="'--names'",
            )
        if players_given:
            raise click.BadParameter(
                "the partnership game is for 4 players", param_hint="'--players'"
            )
        players = 4
    if seat_names is None:
        seat_names = ["You"] + [f"Bot {i}" for i in range(2, players + 1)]
    seats = [Seat(seat_names[0], "human")] + [Seat(n, f"bot:{bot}") for n in seat_names[1:]]
    return seats, {"partnership": partnership}


def welcome(journal: Any, state: Any) -> str:
    names = journal.session.player_names
    teams = " vs ".join(" & ".join(names[s] for s in side) for side in state.sides)
    return (
        f"Octrix: {', '.join(names)}"
        + (f" (teams {teams})" if state.partnership else "")
        + f". Session {journal.name}."
    )


def keep(
    ctx: click.Context,
    console: Any,
    names: str | None,
    partnership: bool,
    hands: bool | None,
    dealer: str | None,
) -> tuple[list[Any], dict[str, Any], str]:
    """The seats, options and greeting of a kept game (asking for what was left out)."""

    seat_names, seats = kept_seats(
        console,
        names,
        lambda console: _ask_names(console, partnership),
        lambda text: _parse_names(text, partnership),
    )
    first_dealer = seat_of(dealer, seat_names, "--dealer") if dealer else 0
    if names is None and len(seat_names) == 4 and not partnership:
        # Four players named at the prompt may be two teams: asked, as --partnership was not
        # given (a script that names the players with --names is not asked).
        teams = console.ask_yes_no(
            f"Two partnerships, {seat_names[0]} and {seat_names[2]} against {seat_names[1]} "
            f"and {seat_names[3]}? [y/N] "
        )
        if teams is None:
            left_at_setup("settings")
        partnership = teams
    if hands is None:
        answer = console.ask_yes_no(
            "Enter each player's 8 cards every round (checks every card)? [y/N] "
        )
        if answer is None:
            left_at_setup("settings")
        hands = answer
    options = {"partnership": partnership, "hands": hands, "first_dealer": first_dealer}
    return seats, options, f"Keeping Octrix for {listed(seat_names)}"


def _ask_names(console: Any, partnership: bool) -> str | None:
    prompt = (
        "Players in seat order (4 names, comma-separated; partners opposite: 1+3, 2+4): "
        if partnership
        else "Players in seat order (2-4 names, comma-separated): "
    )
    order = (
        "in seat order (4 for partners, who sit opposite)"
        if partnership
        else "in seat order (2 to 4)"
    )
    return ask_names(console, prompt, lambda line: _parse_names(line, partnership), order)


def _parse_names(text: str, partnership: bool) -> list[str]:
    if partnership:
        return _check_names(parse_names(text, 4, 4, "the partnership game", people=True))
    names = _check_names(parse_names(text, 2, 4, "Octrix", people=True))
    if partnership and len(names) != 4:
        raise click.BadParameter("the partnership game is for 4 players", param_hint="'--names'")
    return names


def _check_names(names: list[str]) -> list[str]:
    """Refuse a name that a prompt would read as something else: a command word, or one that
    begins with a card (keep reads a line starting with a player's name as a whole round)."""
    from cardside.core.errors import NotationError
    from cardside.games.octrix.notation import format_card, parse_card
    from cardside.tui.human import COMMANDS
    from cardside.tui.keeping import COMMAND_WORDS

    refuse_command_words(names, (*COMMAND_WORDS, *COMMANDS))
    for name in names:
        try:
            card = parse_card(name.split()[0])
        except NotationError:
            continue
        raise click.BadParameter(
            f"{name!r} reads as the card {format_card(card, ascii=True)}; choose another name",
            param_hint="'--names'",
        )
    return names


def score(
    ctx: click.Context,
    counting: tuple[str, ...],
    tricks: tuple[str, ...],
    names: str | None,
    partnership: bool,
    as_json: bool,
) -> None:
    """Score counting cards, or replay a round from its tricks."""
    from cardside.core.errors import NotationError
    from cardside.games.octrix import score as scoring

    if counting and tricks:
        raise click.UsageError("give counting-card numbers or --trick for each trick, not both")
    if not counting and not tricks:
        raise click.UsageError(
            "give counting-card numbers (e.g. 1 3 4 5 8) "
            'or --trick for each trick (e.g. --trick "8C 3H")'
        )
    if counting and (names is not None or partnership):
        given = "--names" if names is not None else "--partnership"
        raise click.UsageError(
            f"{given} is for a round replayed from its tricks (--trick); counting cards score "
            "the same whoever won them"
        )
    result: scoring.CountingScore | scoring.RoundScore
    numbers = _counting_cards(counting)
    if counting and not numbers:
        raise click.UsageError("give counting-card numbers, e.g. 1 3 4 5 8")
    if names is not None:
        names = ",".join(parse_names(names, 2, 4, "Octrix"))
    try:
        if counting:
            result = scoring.counting_score(numbers)
        else:
            result = scoring.round_score(list(tricks), names, partnership)
    except NotationError as exc:
        # A card that reads as no card is mistyped (status 2, as every game's); a round that
        # cannot happen is refused with status 1.
        raise click.BadParameter(str(exc), param_hint="'--trick'") from None
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    if as_json:
        echo_score_json(result.to_dict(), result.explain(app_of(ctx).style.ascii))
    else:
        echo_text(result.explain(app_of(ctx).style.ascii))


def _counting_cards(words: tuple[str, ...]) -> list[int]:
    """The counting cards typed, separated by spaces or commas (``1 3 4``, ``1,3,4``, or
    ``"1 3 4"`` as one word), each a whole number from 1 to 8."""
    from cardside.cli.common import Bounded

    if sum(len(w) for w in words) > MAX_COUNTING_TEXT:
        raise click.BadParameter("too much text for counting cards", param_hint="'[COUNTING]...'")
    card = Bounded(1, 8, "a counting card")
    if any(not p.strip() for w in words if "," in w for p in w.split(",")[1:-1]):
        raise click.BadParameter(
            "a counting card is missing between two commas", param_hint="'[COUNTING]...'"
        )
    try:
        return [
            card.convert(w, None, None) for word in words for w in word.replace(",", " ").split()
        ]
    except click.BadParameter as exc:
        raise click.BadParameter(exc.message, param_hint="'[COUNTING]...'") from None


#: Far more than a round's 8 counting cards and their separators.
MAX_COUNTING_TEXT = 1_000


def simulate(
    ctx: click.Context,
    games: int,
    bots: str,
    players: int,
    partnership: bool,
    seed: int,
    jobs: Jobs,
    as_json: bool,
) -> tuple[int, str, Any]:
    """The games to play, and how to play them."""
    from cardside.games.octrix.bots import BOT_NAMES
    from cardside.games.octrix.simulate import simulate as run

    named = [b.strip().lower() for b in bots.split(",")]
    unknown = [b for b in named if b not in BOT_NAMES]
    if unknown:
        raise click.BadParameter(
            unknown_bot("Octrix", unknown[0], BOT_NAMES),
            param_hint="'--bots'",
        )
    if partnership and players != 4:
        if ctx.get_parameter_source("players") != click.core.ParameterSource.DEFAULT:
            raise click.BadParameter(
                "the partnership game is for 4 players", param_hint="'--players'"
            )
        players = 4
    else:
        # One bot per seat sets the players, as --names does in play.
        players = seats_of(ctx, players, named, "Octrix")
    seats: list[int] | None = None
    if len(named) == 2:
        pair = (named[0], named[1])
    else:
        # One per seat, as the other games take them: the first measured against the rest.
        others = set(named[1:]) - {named[0]}
        if len(named) != players or len(others) != 1:
            example = ",".join(["strong", *["greedy"] * (players - 1)])
            raise click.BadParameter(
                "give two bots, the first measured against the second (they share the "
                f"seats), or one per seat for {players} players, the first against one other "
                f"(e.g. {example})",
                param_hint="'--bots'",
            )
        if partnership and (named[0] != named[2] or named[1] != named[3]):
            # A game is won by a team: a team of two bots would credit one with both.
            raise click.BadParameter(
                "partners play the same bot, seats 1 and 3 against seats 2 and 4 "
                "(e.g. strong,greedy,strong,greedy), or give two bots",
                param_hint="'--bots'",
            )
        pair = (named[0], others.pop())
        seats = [0 if b == pair[0] else 1 for b in named]

    def played(tick: Any) -> tuple[Any, int]:
        result = run(
            games,
            pair,
            players=players,
            partnership=partnership,
            seed=seed,
            progress=tick,
            jobs=jobs,
            seats=seats,
        )
        return result.summary(), result.games

    return games, "games", played
