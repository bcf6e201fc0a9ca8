"""``cardside schnapsen``: play, keep, score, rules and simulate."""

from __future__ import annotations

from typing import Any

import click

from cardside.cli.app import App
from cardside.cli.common import (
    MOST_GAMES,
    Bounded,
    ask_names,
    bot_name,
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
    name_key,
    parse_names,
    play_games,
    progress,
    refuse_command_words,
    seat_of,
    seed_option,
    simulate_seed_option,
    start_journal,
    your_name,
)
from cardside.cli.options import GameGroup, app_of

LEVELS = ["easy", "normal", "hard"]
BOT_CHOICES = ["strong", "classic", "heuristic", "random"]


@click.group(cls=GameGroup)
def schnapsen() -> None:
    """Schnapsen: two players, 20 cards, marriages and closing; a match from 7 down to 0."""


level_option = click.option(
    "--level",
    type=click.Choice(LEVELS, case_sensitive=False),
    default="normal",
    show_default=True,
    help="Search budget of the strong and classic bots and of hints "
    "(easy is quick, hard thinks longest).",
)


@schnapsen.command()
@level_option
@bot_option(BOT_CHOICES, default="strong", help="Your opponent.")
@click.option("--name", default="You", show_default=True, help="Your name on the sheet.")
@click.option("--session", "session_name", default=None, help="Name for the saved session.")
@seed_option
@click.pass_context
def play(
    ctx: click.Context, level: str, bot: str, name: str, session_name: str | None, seed: int | None
) -> None:
    """Play a whole match (7 to 0) against the AI; you lead the first deal.

    At the prompt: a card (KH, 10S or TS; German DH, OS, US too); on your lead also
    'marriage KH' or 'marriage QH', 'exchange' (trump Jack for the indicator), 'close'.
    Also: hint (the AI's suggestion and why), undo (back to your previous decision),
    show, history, help, quit (saved; continue with 'cardside sessions resume NAME').
    """
    from cardside.core.record import Seat
    from cardside.core.rng import fresh_seed

    app = app_of(ctx)
    you = your_name(name)
    opponent = bot_name(2)
    if name_key(you) == name_key(opponent):
        raise click.BadParameter(
            f"{opponent} is the bot's name; choose another", param_hint="--name"
        )
    given = seed
    seed = fresh_seed() if seed is None else seed
    seats = [Seat(you, "human"), Seat(opponent, f"bot:{bot}")]
    journal = start_journal(
        app, "schnapsen", "play", seats, {"level": level, "first_dealer": 1}, seed, session_name
    )
    play_games(app, journal, play_session, given)


def play_session(app: App, journal: Any) -> str:
    from cardside.core.replay import movers
    from cardside.games.schnapsen.bots import SEARCHING
    from cardside.games.schnapsen.sheet import replay_state
    from cardside.tui.console import Console
    from cardside.tui.schnapsen.play import run_play

    console = Console()
    state = replay_state(journal.session)
    names = journal.session.player_names
    level = journal.session.options.get("level", "normal")
    bot = journal.session.seats[1].kind[4:]
    budget = f", level {level}" if bot in SEARCHING else ""
    console.say(
        f"Schnapsen: {names[0]} against {names[1]} ({bot}{budget}). "
        f"Session {journal.name}. Type help for help."
    )
    return run_play(
        journal, state, console, app.style, movers=movers(journal.session.entries, "action")
    )


@schnapsen.command()
@click.option("--names", default=None, help="The two players, comma-separated.")
@click.option(
    "--matches",
    type=Bounded(0, 10_000),
    default=0,
    show_default=True,
    help="Matches to play before the session ends (0: no limit, quit when done).",
)
@click.option("--dealer", default=None, help="Who deals the first deal (default: the first name).")
@click.option("--session", "session_name", default=None, help="Name for the saved session.")
@click.pass_context
def keep(
    ctx: click.Context,
    names: str | None,
    matches: int,
    dealer: str | None,
    session_name: str | None,
) -> None:
    """Keep the Bummerl for a game played with real cards.

    Each match counts from 7 down to 0; matches won are counted across the session.

    At the prompt: per deal, the winner and the game points ('Ann 2'), or Enter to answer
    what the table saw (who closed, who reached 66, the card points): cardside works out the
    game points by the rules and says which rule gave them. Also: undo, fix N, show, help, quit
    (saved; 'cardside sessions resume NAME' continues).
    """
    from cardside.core.record import Seat
    from cardside.tui.console import Console

    app = app_of(ctx)
    claim_name(app, session_name)
    console = Console()
    if names is None:
        line = ask_names(
            console, "The two players (comma-separated): ", _parse_names, "in seat order (two)"
        )
        if line is None:
            left_at_setup("players")
        seat_names = _parse_names(line)
    else:
        seat_names = _parse_names(names)
    first_dealer = seat_of(dealer, seat_names, "--dealer") if dealer else 0
    seats = [Seat(n, "table") for n in seat_names]
    options = {"matches": matches, "first_dealer": first_dealer}
    journal = start_journal(app, "schnapsen", "keep", seats, options, None, session_name)
    console.say(
        f"Keeping Schnapsen for {seat_names[0]} and {seat_names[1]}. "
        f"Session {journal.name}. Type help for help."
    )
    keep_session(app, journal, console)


def _parse_names(text: str) -> list[str]:
    from cardside.tui.keeping import COMMAND_WORDS

    names = parse_names(text, 2, 2, "Schnapsen")
    # The table's questions also take these words (who closed: no one; undo; cancel).
    from cardside.games.schnapsen.notation import NOBODY

    refuse_command_words(names, (*COMMAND_WORDS, *NOBODY, "ask", "cancel"))
    return names


def keep_session(app: App, journal: Any, console: Any = None) -> None:
    from cardside.games.schnapsen.sheet import options_of, replay_ledger
    from cardside.tui.console import Console
    from cardside.tui.schnapsen.keep import KeepScreen

    console = console or Console()
    ledger = replay_ledger(journal.session)
    options = options_of(journal.session)
    KeepScreen(
        journal, ledger, console, app.style, options["matches"], options["first_dealer"]
    ).run()


def _number(ctx: click.Context, param: click.Parameter, value: str | None) -> int | None:
    from cardside.core.arith import parse_number
    from cardside.core.errors import NotationError

    if value is None:
        return None
    try:
        return parse_number(value)
    except NotationError as exc:
        raise click.BadParameter(str(exc)) from None


def _player(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
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
    return name


@schnapsen.command()
@click.option(
    "--closer",
    default=None,
    callback=_player,
    metavar="NAME",
    help="Who closed the stock (omit, or nobody, if nobody did).",
)
@click.option(
    "--reached",
    default=None,
    callback=_player,
    metavar="NAME",
    help="Who reached 66 (omit, or nobody, if all tricks were played without it).",
)
@click.option(
    "--points",
    default=None,
    callback=_number,
    metavar="N",
    help="Card points (tricks and counted marriages) of the loser at the end (nobody "
    "closed) or of the closer's opponent at the moment of closing; sums allowed, e.g. 11+10+4.",
)
@click.option(
    "--trick/--no-trick",
    default=None,
    help="Whether that player had taken a trick (default: yes if --points > 0).",
)
@click.option(
    "--last-trick",
    default=None,
    callback=_player,
    metavar="NAME",
    help="Who took the last trick (when nobody closed and nobody reached 66).",
)
@click.option("--names", default=None, help="The two players, comma-separated (optional).")
@json_option
def score(
    closer: str | None,
    reached: str | None,
    points: int | None,
    trick: bool | None,
    last_trick: str | None,
    names: str | None,
    as_json: bool,
) -> None:
    """Work out one deal's game points from what the table saw, and the rule that gave them.

    \b
    cardside schnapsen score --reached Ann --points 40
      # 1 (the other had 33 or more)
    cardside schnapsen score --reached Ann --points 11+10+4
      # 2 (Schneider)
    cardside schnapsen score --reached Ann --no-trick
      # 3 (Schwarz)
    cardside schnapsen score --closer Ann --reached Ann \\
        --points 20  # 2, by the record at closing
    cardside schnapsen score --closer Ann --reached Bob \\
        --trick  # 2 to Bob: the closer was beaten
    cardside schnapsen score --closer Ann --no-trick
      # 3 to the other: closing failed
    cardside schnapsen score --last-trick Bob
      # 1: nobody reached 66
    """
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
        echo_json(result.to_dict())
    else:
        echo_text(result.explain())


@schnapsen.command()
def rules() -> None:
    """The rules of Schnapsen as cardside applies them."""
    echo_rules("schnapsen")


@schnapsen.command()
@click.option(
    "--games",
    type=Bounded(1, MOST_GAMES),
    default=100,
    show_default=True,
    help="Matches (or deals, with --deals) to play.",
)
@click.option(
    "--bots",
    default="strong,heuristic",
    show_default=True,
    help="Two bots, comma-separated: the first is measured against the second.",
)
@click.option(
    "--deals", "single_deals", is_flag=True, help="Play single deals instead of whole matches."
)
@level_option
@simulate_seed_option
@jobs_option
@json_option
def simulate(
    games: int,
    bots: str,
    single_deals: bool,
    level: str,
    seed: int,
    jobs: int,
    as_json: bool,
) -> None:
    """Bots against bots, seats swapped every game: deal win rate, game points per deal and
    matches won, each with a 95% interval."""

    from cardside.games.schnapsen.bots import BOT_NAMES
    from cardside.games.schnapsen.simulate import simulate as run

    pair = [b.strip().lower() for b in bots.split(",")]
    if len(pair) != 2 or any(b not in BOT_NAMES for b in pair):
        raise click.BadParameter(
            f"give two of {', '.join(BOT_NAMES)}, e.g. strong,random", param_hint="--bots"
        )
    unit = "deals" if single_deals else "matches"
    with progress(games, unit, quiet=as_json) as tick:
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
    echo_simulation(result.summary(), as_json)
    end_if_stopped(result.matches if unit == "matches" else result.deals, games, unit)
