"""``cardside lineit``: play, keep, score, rules and simulate."""

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
    end_if_stopped,
    jobs_option,
    json_option,
    left_at_setup,
    parse_names,
    play_games,
    progress,
    refuse_command_words,
    seed_option,
    simulate_seed_option,
    start_journal,
    table_seats,
)
from cardside.cli.options import GameGroup, OrderKeepingCommand, app_of, note_typed_after

MIN_PLAYERS, MAX_PLAYERS = 2, 5


@click.group(cls=GameGroup)
def lineit() -> None:
    """Line-it: 2-5 players, rising and falling lines from a market; bets and jackpots."""


BOT_CHOICES = ["strong", "heuristic", "random"]


@lineit.command()
@click.option(
    "--players",
    type=Range(2, 5),
    default=2,
    show_default=True,
    help="Players at the table, you included.",
)
@click.option(
    "--humans",
    type=Range(1, 5),
    default=1,
    show_default=True,
    help="People taking turns at this terminal (the first seats); bots take the rest.",
)
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
    humans: int,
    bot: str,
    names: str | None,
    session_name: str | None,
    seed: int | None,
) -> None:
    """Play Line-it against bots (or with friends at one terminal: --humans).

    At the prompt: take a market card with line 57 (to your line) or hand 57
    (to your hand); then, if you like, play 23 (from hand); then score (ends
    the turn) or done. Also: hint (a bot's choice and why), history, undo,
    show, help, quit (saved; 'cardside sessions resume NAME' continues).
    """
    from cardside.core.rng import fresh_seed

    app = app_of(ctx)
    seats = table_seats(
        ctx, players, humans, names, bot, low=MIN_PLAYERS, high=MAX_PLAYERS, title="Line-it"
    )
    given = seed
    seed = fresh_seed() if seed is None else seed
    journal = start_journal(app, "lineit", "play", seats, {}, seed, session_name)
    play_games(app, journal, play_session, given)


def play_session(app: App, journal: Any) -> str:
    """Play (or continue) a saved Line-it game."""
    from cardside.core.replay import movers
    from cardside.games.lineit.sheet import replay_state
    from cardside.tui.console import Console
    from cardside.tui.lineit.play import run_play

    console = Console()
    state = replay_state(journal.session)
    names = journal.session.player_names
    console.say(f"Line-it: {', '.join(names)}. Session {journal.name}. Type help for help.")
    return run_play(
        journal, state, console, app.style, movers=movers(journal.session.entries, "action")
    )


@lineit.command(cls=OrderKeepingCommand)
@click.argument("cards", nargs=-1, required=True)
@click.option(
    "--jackpot",
    "jackpots",
    multiple=True,
    metavar="N",
    help="Cards in a jackpot pile the line took, 0 to 22 (sums allowed: 4+3); repeat per pile.",
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
    note_typed_after("--jackpot", "a card of the line", "cards of the line")
    if as_json:
        echo_json(report.to_dict())
    else:
        click.echo(report.explain())


@lineit.command()
def rules() -> None:
    """The rules of Line-it as cardside applies them."""
    echo_rules("lineit")


@lineit.command()
@click.option("--names", default=None, help="Player names in seat order, comma-separated (2-5).")
@click.option("--session", "session_name", default=None, help="Name for the saved session.")
@click.pass_context
def keep(ctx: click.Context, names: str | None, session_name: str | None) -> None:
    """Keep the score of a Line-it game played with real cards.

    At the prompt: each scored line as its cards in the order added
    (line Ann 12 30 B4 45 57 60 71), a jackpot taken by its number of cards
    (jackpot Ann 7; each pile belongs to a jackpot one of the player's lines
    takes), and end when the game is over. Or, instead of lines, each player's
    score pile and tokens at the end (counts Ann 23 +4-3): the last player's
    counts end the game. Also: undo, fix N, show, help, quit (saved;
    'cardside sessions resume NAME' continues).
    """
    from cardside.core.record import Seat
    from cardside.tui.console import Console

    app = app_of(ctx)
    claim_name(app, session_name)
    console = Console()
    if names is None:
        names = _ask_names(console)
        if names is None:
            left_at_setup("players")
    seat_names = _parse_names(names)
    seats = [Seat(n, "table") for n in seat_names]
    journal = start_journal(app, "lineit", "keep", seats, {}, None, session_name)
    console.say(
        f"Keeping Line-it for {', '.join(seat_names)}. Session {journal.name}. Type help for help."
    )
    keep_session(app, journal, console)


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

    names = parse_names(text, MIN_PLAYERS, MAX_PLAYERS, "Line-it")
    refuse_command_words(names, (*COMMAND_WORDS, *PLAY_ONLY, *KINDS, *ACTIONS))
    for name in names:
        if len(name) > 30 or " " in name or name.isdigit():
            raise click.BadParameter(
                f"{name[:30]!r}: a name is one word of up to 30 characters, not a number",
                param_hint="--names",
            )
        try:
            parse_card(name)
        except NotationError:
            continue
        raise click.BadParameter(
            f"{name!r} reads as a card; choose another name", param_hint="--names"
        )
    return names


def keep_session(app: App, journal: Any, console: Any = None) -> None:
    """Keep (or continue keeping) a saved Line-it game played with real cards."""
    from cardside.games.lineit.sheet import replay_ledger
    from cardside.tui.console import Console
    from cardside.tui.lineit.keep import KeepScreen

    console = console or Console()
    ledger = replay_ledger(journal.session)
    ledger.check_piles_from_now()
    KeepScreen(journal, ledger, console, app.style).run()


@lineit.command()
@click.option(
    "--games",
    type=Bounded(1, MOST_GAMES),
    default=100,
    show_default=True,
    help="Games to play.",
)
@click.option("--players", type=Range(2, 5), default=2, show_default=True, help="Seats per game.")
@click.option(
    "--bots",
    default=None,
    help="One bot per seat, comma-separated, rotated round the seats from game to game "
    "[default: strong then heuristic for the rest].",
)
@simulate_seed_option
@jobs_option
@json_option
def simulate(
    games: int, players: int, bots: str | None, seed: int, jobs: int, as_json: bool
) -> None:
    """Bots against bots: wins with 95% intervals, points by source, line length, bets.

    \b
    cardside lineit simulate --games 500 \\
        --bots heuristic,random
    cardside lineit simulate --games 100 --players 4 \\
        --bots strong,heuristic,heuristic,heuristic
    """
    from cardside.games.lineit.simulate import check_bots
    from cardside.games.lineit.simulate import simulate as run

    names = ["strong"] + ["heuristic"] * (players - 1) if bots is None else bots.split(",")
    try:
        names = check_bots(names, players)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--bots") from None
    with progress(games, "games", quiet=as_json) as tick:
        result = run(games, names, seed=seed, progress=tick, jobs=jobs)
    echo_simulation(result.summary(), as_json)
    end_if_stopped(result.games, games, "games")
