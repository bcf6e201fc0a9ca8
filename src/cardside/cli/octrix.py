"""``cardside octrix``: play, keep, score, rules and simulate."""

from __future__ import annotations

from typing import Any

import click

from cardside.cli.app import App
from cardside.cli.common import (
    MOST_GAMES,
    Bounded,
    Range,
    ask_names,
    bot_option,
    claim_name,
    echo_json,
    echo_rules,
    echo_simulation,
    echo_text,
    end_if_stopped,
    jobs_option,
    json_option,
    left_at_setup,
    parse_names,
    play_games,
    progress,
    refuse_command_words,
    seat_of,
    seed_option,
    simulate_seed_option,
    start_journal,
)
from cardside.cli.options import GameGroup, app_of

BOT_CHOICES = ["strong", "greedy", "random", "classic"]


@click.group(cls=GameGroup)
def octrix() -> None:
    """Octrix: 2-4 players or two partnerships, open hands, simultaneous tricks, runs to 88."""


@octrix.command()
@click.option(
    "--players",
    type=Range(2, 4),
    default=2,
    show_default=True,
    help="Players at the table, you included.",
)
@click.option("--partnership", is_flag=True, help="4 players in two teams (you and seat 3).")
@bot_option(BOT_CHOICES, default="strong", help="The bots' strength.")
@click.option(
    "--names",
    default=None,
    help=(
        "Every player's name, comma-separated: the people first (you first), then the bots; "
        "their number sets --players."
    ),
)
@click.option("--session", "session_name", default=None, help="Name for the saved session.")
@seed_option
@click.pass_context
def play(
    ctx: click.Context,
    players: int,
    partnership: bool,
    bot: str,
    names: str | None,
    session_name: str | None,
    seed: int | None,
) -> None:
    """Play a match to 88 against bots. Every hand is public; cards are revealed together.

    At the prompt: a card from your hand, e.g. 8C or 3H (A is the lowest rank).
    Also: hint (the strong bot's choice), undo, show, history, help, quit (saved;
    'cardside sessions resume NAME' continues).
    """
    from cardside.core.record import Seat
    from cardside.core.rng import fresh_seed

    app = app_of(ctx)
    players_given = ctx.get_parameter_source("players") != click.core.ParameterSource.DEFAULT
    seat_names = None
    if names is not None:
        seat_names = _check_names(parse_names(names, 2, 4, "Octrix"))
        if players_given and len(seat_names) != players:
            raise click.BadParameter(
                f"{len(seat_names)} names for --players {players}", param_hint="--names"
            )
        players, players_given = len(seat_names), True
    if partnership and players != 4:
        if players_given:
            raise click.BadParameter(
                "the partnership game is for 4 players", param_hint="--players"
            )
        players = 4
    if seat_names is None:
        seat_names = ["You"] + [f"Bot {i}" for i in range(2, players + 1)]
    seats = [Seat(seat_names[0], "human")] + [Seat(n, f"bot:{bot}") for n in seat_names[1:]]
    given = seed
    seed = fresh_seed() if seed is None else seed
    journal = start_journal(
        app, "octrix", "play", seats, {"partnership": partnership}, seed, session_name
    )
    play_games(app, journal, play_session, given)


def play_session(app: App, journal: Any) -> str:
    """Play (or continue) a saved Octrix match against bots."""
    from cardside.core.replay import movers
    from cardside.games.octrix.sheet import replay_state
    from cardside.tui.console import Console
    from cardside.tui.octrix.play import run_play

    console = Console()
    state = replay_state(journal.session)
    names = journal.session.player_names
    console.say(
        f"Octrix: {', '.join(names)}"
        + (
            " (teams "
            + " vs ".join(" & ".join(names[s] for s in side) for side in state.sides)
            + ")"
            if state.partnership
            else ""
        )
        + f". Session {journal.name}. Type help for help."
    )
    return run_play(
        journal, state, console, app.style, movers=movers(journal.session.entries, "card")
    )


@octrix.command()
@click.option("--names", default=None, help="Player names in seat order, comma-separated (2-4).")
@click.option("--partnership", is_flag=True, help="4 players in two teams: seats 1+3 and 2+4.")
@click.option(
    "--hands/--no-hands",
    default=None,
    help="Enter each player's 8 cards per round, so every played card is checked.",
)
@click.option("--dealer", default=None, help="Who deals the first round (default: the first name).")
@click.option("--session", "session_name", default=None, help="Name for the saved session.")
@click.pass_context
def keep(
    ctx: click.Context,
    names: str | None,
    partnership: bool,
    hands: bool | None,
    dealer: str | None,
    session_name: str | None,
) -> None:
    """Keep the Octrix sheet for a game played with real cards.

    At the prompt: each trick's cards in seat order, e.g. 8C 3H; with --hands, first
    each player's 8 cards on one line. Or a whole round's result at once, before its
    first trick: each player's counting cards, e.g. Ann 1 3 4 (one player left out
    gets the rest). Also: undo, fix N, show, help, quit (saved; 'cardside sessions resume
    NAME' continues).
    """
    from cardside.core.record import Seat
    from cardside.tui.console import Console

    app = app_of(ctx)
    claim_name(app, session_name)
    console = Console()
    if names is None:
        names = _ask_names(console, partnership)
        if names is None:
            left_at_setup("players")
    seat_names = _parse_names(names, partnership)
    first_dealer = seat_of(dealer, seat_names, "--dealer") if dealer else 0
    if hands is None:
        answer = console.ask_yes_no(
            "Enter each player's 8 cards every round (checks every card)? [y/N] "
        )
        if answer is None:
            left_at_setup("settings")
        hands = answer
    seats = [Seat(n, "table") for n in seat_names]
    journal = start_journal(
        app,
        "octrix",
        "keep",
        seats,
        {"partnership": partnership, "hands": hands, "first_dealer": first_dealer},
        None,
        session_name,
    )
    console.say(
        f"Keeping Octrix for {', '.join(seat_names)}. Session {journal.name}. Type help for help."
    )
    keep_session(app, journal, console)


def _ask_names(console: Any, partnership: bool) -> str | None:
    prompt = "Players in seat order (2-4 names, comma-separated): "
    order = (
        "in seat order (4 for partners, who sit opposite)"
        if partnership
        else "in seat order (2 to 4)"
    )
    return ask_names(console, prompt, lambda line: _parse_names(line, partnership), order)


def _parse_names(text: str, partnership: bool) -> list[str]:
    names = _check_names(parse_names(text, 2, 4, "Octrix"))
    if partnership and len(names) != 4:
        raise click.BadParameter("the partnership game is for 4 players", param_hint="--names")
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
            param_hint="--names",
        )
    return names


def keep_session(app: App, journal: Any, console: Any = None) -> None:
    """Keep (or continue keeping) a saved Octrix game played with real cards."""
    from cardside.games.octrix.sheet import replay_ledger
    from cardside.tui.console import Console
    from cardside.tui.octrix.keep import KeepScreen

    console = console or Console()
    ledger = replay_ledger(journal.session)
    KeepScreen(journal, ledger, console, app.style).run()


@octrix.command()
@click.argument("counting", nargs=-1, type=Bounded(1, 8, "a counting card"))
@click.option(
    "--trick",
    "tricks",
    multiple=True,
    metavar="CARDS",
    help='One trick\'s cards in seat order, e.g. --trick "8C 3H"; repeat per trick.',
)
@click.option("--names", default=None, help="Player names for --trick, comma-separated.")
@click.option("--partnership", is_flag=True, help="Score seats 1+3 and 2+4 as teams.")
@json_option
@click.pass_context
def score(
    ctx: click.Context,
    counting: tuple[int, ...],
    tricks: tuple[str, ...],
    names: str | None,
    partnership: bool,
    as_json: bool,
) -> None:
    """Check a disputed score from counting cards or from a round's tricks.

    Counting cards: "1 3 4 5 8" prints 11, the runs [1] [3 4 5] [8].
    Tricks: each --trick gives one trick's cards in seat order; the tool says who won each
    trick under the rule in force and what each player (or team) scores.

    \b
    cardside octrix score 1 3 4 5 8
    cardside octrix score --trick "8C 3H" --trick "2C 3D"
    (and so on, up to 8 tricks)
    """
    from cardside.games.octrix import score as scoring

    if counting and tricks:
        raise click.UsageError("give counting-card numbers or --trick for each trick, not both")
    if not counting and not tricks:
        raise click.UsageError(
            "give counting-card numbers (e.g. 1 3 4 5 8) "
            'or --trick for each trick (e.g. --trick "8C 3H")'
        )
    result: scoring.CountingScore | scoring.RoundScore
    if names is not None:
        names = ",".join(parse_names(names, 2, 4, "Octrix"))
    try:
        if counting:
            result = scoring.counting_score(list(counting))
        else:
            result = scoring.round_score(list(tricks), names, partnership)
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    if as_json:
        echo_json(result.to_dict())
    else:
        echo_text(result.explain(app_of(ctx).style.ascii))


@octrix.command()
def rules() -> None:
    """The rules of Octrix as cardside applies them."""
    echo_rules("octrix")


@octrix.command()
@click.option(
    "--games", type=Bounded(1, MOST_GAMES), default=100, show_default=True, help="Matches to play."
)
@click.option(
    "--bots",
    default="strong,random",
    show_default=True,
    help="Two bots, comma-separated: the first is measured against the second.",
)
@click.option(
    "--players",
    type=Range(2, 4),
    default=2,
    show_default=True,
    help="Players per match; the two bots share the seats, swapping them every other game.",
)
@click.option("--partnership", is_flag=True, help="4 players in two teams (bot 1 vs bot 2).")
@simulate_seed_option
@jobs_option
@json_option
@click.pass_context
def simulate(
    ctx: click.Context,
    games: int,
    bots: str,
    players: int,
    partnership: bool,
    seed: int,
    jobs: int,
    as_json: bool,
) -> None:
    """Bots against bots: match win rate with a 95% interval and average round score."""

    from cardside.games.octrix.bots import BOT_NAMES
    from cardside.games.octrix.simulate import simulate as run

    pair = tuple(b.strip().lower() for b in bots.split(","))
    if len(pair) != 2 or any(b not in BOT_NAMES for b in pair):
        raise click.BadParameter(
            f"give two of {', '.join(BOT_NAMES)}, e.g. strong,random", param_hint="--bots"
        )
    if partnership and players != 4:
        if ctx.get_parameter_source("players") != click.core.ParameterSource.DEFAULT:
            raise click.BadParameter(
                "the partnership game is for 4 players", param_hint="--players"
            )
        players = 4
    with progress(games, "matches", quiet=as_json) as tick:
        result = run(
            games,
            pair,
            players=players,
            partnership=partnership,
            seed=seed,
            progress=tick,
            jobs=jobs,
        )
    echo_simulation(result.summary(), as_json)
    end_if_stopped(result.games, games, "matches")
