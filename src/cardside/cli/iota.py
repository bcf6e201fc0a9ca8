"""``cardside iota``: play, keep, score, rules and simulate."""

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
    seed_option,
    simulate_seed_option,
    start_journal,
    table_seats,
)
from cardside.cli.options import GameGroup, OrderKeepingCommand, app_of, note_typed_after

BOT_CHOICES = ["strong", "greedy", "random"]


@click.group(cls=GameGroup)
def iota() -> None:
    """IOTA: 2-4 players lay cards in lines of up to 4; lots and all 4 cards double the turn."""


@iota.command()
@click.option(
    "--players",
    type=Range(2, 4),
    default=2,
    show_default=True,
    help="Players at the table, you included.",
)
@click.option(
    "--humans",
    type=Range(1, 4),
    default=1,
    show_default=True,
    help="How many of the players are people at this terminal (the first seats).",
)
@bot_option(BOT_CHOICES, default=BOT_CHOICES[0], help="The bots' strength.")
@click.option(
    "--names",
    default=None,
    help="Every player's name, comma-separated: the people first (you first), then the bots; "
    "their number sets --players.",
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
    """Play IOTA against bots (or several people at one terminal with --humans).

    At the prompt: cards with their cells, e.g. YS2 0,1 RT1 1,1 (x to the right, y
    upwards, the starter at 0,0; W is a wild); pass, or pass YS2 RT1 to exchange those;
    swap GC3 1,0 to take back a wild. Also: hint (the bot's choice), undo, show,
    history, help, quit (saved; 'cardside sessions resume NAME' continues).
    """
    from cardside.core.rng import fresh_seed

    app = app_of(ctx)
    seats = table_seats(ctx, players, humans, names, bot, low=2, high=4, title="IOTA")
    given = seed
    seed = fresh_seed() if seed is None else seed
    journal = start_journal(app, "iota", "play", seats, {}, seed, session_name)
    play_games(app, journal, play_session, given)


def play_session(app: App, journal: Any) -> str:
    """Play (or continue) a saved IOTA game."""
    from cardside.core.replay import movers
    from cardside.games.iota.sheet import replay_state
    from cardside.tui.console import Console
    from cardside.tui.iota.play import run_play

    console = Console()
    state = replay_state(journal.session)
    names = journal.session.player_names
    console.say(f"IOTA: {', '.join(names)}. Session {journal.name}. Type help for help.")
    return run_play(
        journal, state, console, app.style, movers=movers(journal.session.entries, "action")
    )


@iota.command()
@click.option("--names", default=None, help="Player names in turn order, comma-separated (2-4).")
@click.option(
    "--grid",
    "track_grid",
    is_flag=True,
    help="Enter the cards and cells of each turn; cardside keeps the grid and scores it.",
)
@click.option("--session", "session_name", default=None, help="Name for the saved session.")
@click.pass_context
def keep(ctx: click.Context, names: str | None, track_grid: bool, session_name: str | None) -> None:
    """Keep the IOTA score sheet for a game played with real cards.

    At the prompt: a turn as its lines' values, lot per lot completed, all4, final,
    e.g. Ann 8 4 5 lot; with --grid, the cards and cells, e.g. Ann YS2 1,0 RT3 1,1;
    Ann pass; end (everyone passed with the pile empty). Also: undo, fix N, show, help, quit
    (saved; 'cardside sessions resume NAME' continues).
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
    journal = start_journal(app, "iota", "keep", seats, {"grid": track_grid}, None, session_name)
    console.say(
        f"Keeping IOTA for {', '.join(seat_names)}. Session {journal.name}. Type help for help."
    )
    keep_session(app, journal, console)


def _ask_names(console: Any) -> str | None:
    prompt = "Players in turn order (2-4 names, comma-separated): "
    return ask_names(console, prompt, _parse_names, "in turn order (2 to 4, one word each)")


def _parse_names(text: str) -> list[str]:
    from cardside.games.iota.keep import name_reads_as

    names = parse_names(text, 2, 4, "IOTA")
    for n in names:
        if n.split()[0] != n:
            raise click.BadParameter(f"{n[:20]!r}: one word per name", param_hint="--names")
        if len(n) > 20:
            raise click.BadParameter(
                f"an IOTA name is at most 20 characters, not {len(n)}", param_hint="--names"
            )
        reads_as = name_reads_as(n)
        if reads_as:
            raise click.BadParameter(
                f"{n!r} reads as {reads_as}; choose another name", param_hint="--names"
            )
    return names


def keep_session(app: App, journal: Any, console: Any = None) -> None:
    """Keep (or continue keeping) a saved IOTA game played with real cards."""
    from cardside.games.iota.sheet import replay_ledger
    from cardside.tui.console import Console
    from cardside.tui.iota.keep import KeepScreen

    if console is None:  # reopened: say what is being kept, as keep does at the start
        console = Console()
        names = ", ".join(journal.session.player_names)
        console.say(
            f"Keeping IOTA for {names} (resumed). Session {journal.name}. Type help for help."
        )
    ledger = replay_ledger(journal.session)
    KeepScreen(journal, ledger, console, app.style).run()


@iota.command(cls=OrderKeepingCommand)
@click.argument("values", nargs=-1)
@click.option("--lots", type=Range(0, 5), default=0, help="Lots completed this turn.")
@click.option("--all4", is_flag=True, help="All 4 cards were played this turn.")
@click.option("--final", is_flag=True, help="The game's final turn (the last card played).")
@click.option(
    "--grid",
    "grid_text",
    default=None,
    metavar="CARDS",
    help='The grid before the turn: cards with cells, e.g. "RC1 0,0 YS2 1,0".',
)
@click.option(
    "--play",
    "play_text",
    default=None,
    metavar="CARDS",
    help='The play to check on --grid, e.g. "GT3 2,0 BX4 3,0".',
)
@click.option("--best", is_flag=True, help="With --grid: the best play the hand had there.")
@click.option(
    "--hand",
    "hand_text",
    default=None,
    metavar="CARDS",
    help="The whole hand the play came from, for --best (default: the cards of --play); "
    "with --final the play lays all of it.",
)
@json_option
@click.pass_context
def score(
    ctx: click.Context,
    values: tuple[str, ...],
    lots: int,
    all4: bool,
    final: bool,
    grid_text: str | None,
    play_text: str | None,
    best: bool,
    hand_text: str | None,
    as_json: bool,
) -> None:
    """Score a disputed turn from its lines' values, or check a play on the grid.

    \b
    cardside iota score 8 4 5 --lots 1     # 34
    cardside iota score 10 10 6 --lots 2 --all4   # 208
    cardside iota score --grid "RC2 0,0 YS2 1,0" \\
        --play "GT2 2,0"
    cardside iota score --grid "RC2 0,0 YS2 1,0" \\
        --best --hand "GT2 BX2 W RC1"
    """
    from cardside.core.arith import parse_number
    from cardside.core.errors import NotationError
    from cardside.games.iota import score as scoring

    result: scoring.QuickScore | scoring.GridScore
    try:
        if grid_text is not None:
            if values or lots or all4:
                given = "line values" if values else "--lots" if lots else "--all4"
                raise click.UsageError(
                    f"with --grid the lines, lots and all 4 cards are found from the play; "
                    f"leave out {given}"
                )
            if not play_text and not best:
                raise click.UsageError("with --grid give --play, --best or both")
            result = scoring.on_grid(
                grid_text, play_text, best=best, hand_text=hand_text, final=final
            )
        else:
            if play_text or best or hand_text:
                raise click.UsageError("--play, --best and --hand need --grid")
            keep_word_fault(values, lots)
            if not values:
                raise click.UsageError(
                    "give the value of each line the turn made (e.g. 8 4 5 --lots 1), "
                    "or the grid with --grid"
                )
            if len(values) > scoring.rules.MAX_LINES:
                raise scoring.ScoreError(
                    f"a turn makes at most {scoring.rules.MAX_LINES} lines, not {len(values)}"
                )
            try:
                numbers = [parse_number(v) for v in values]
            except NotationError as exc:
                raise scoring.ScoreError(str(exc)) from None
            result = scoring.quick(numbers, lots, all4, final)
    except scoring.ScoreError as exc:
        raise click.ClickException(str(exc)) from None
    if grid_text is None:
        note_typed_after("--lots", "a line's value", "lines' values")
    if as_json:
        echo_json(result.to_dict())
    else:
        click.echo(result.explain(app_of(ctx).style.ascii))
    if isinstance(result, scoring.GridScore) and result.play and result.reason is not None:
        ctx.exit(1)


def keep_word_fault(values: tuple[str, ...], lots: int = 0) -> None:
    """Raise ScoreError naming the option for a word of keep's notation (``lot``, ``lots=2``,
    ``all4``, ``final``) typed among the line values, as ``score 8 4 5 lot``; ``lots`` is what
    ``--lots`` already gave."""
    from cardside.core.arith import is_digits
    from cardside.games.iota.score import ScoreError

    low = [v.lower() for v in values]
    typed = sum(1 for v in low if v == "lot") + sum(
        int(v[5:]) for v in low if v.startswith("lots=") and is_digits(v[5:]) and len(v) < 8
    )
    for word in ("lot", "all4", "final"):
        if word in low or (word == "lot" and any(v.startswith("lots=") for v in low)):
            option = f"--lots {lots + typed}" if word == "lot" else f"--{word}"
            shown = next(v for v in values if v.lower().startswith(word))
            raise ScoreError(
                f"{shown[:12]!r} is written as an option here: write {option} "
                "(the options are --lots N, --all4, --final)"
            )


@iota.command()
def rules() -> None:
    """The rules of IOTA as cardside applies them."""
    echo_rules("iota")


@iota.command()
@click.option(
    "--games", type=Bounded(1, MOST_GAMES), default=100, show_default=True, help="Games to play."
)
@click.option(
    "--players",
    type=Range(2, 4),
    default=2,
    show_default=True,
    help="Players per game.",
)
@click.option(
    "--bots",
    default=None,
    help="One bot per seat, comma-separated, e.g. strong,greedy [default: strong, then "
    "greedy for the other seats].",
)
@simulate_seed_option
@jobs_option
@json_option
def simulate(
    games: int, players: int, bots: str | None, seed: int, jobs: int, as_json: bool
) -> None:
    """Bots against bots: wins with 95% intervals, scores, game length, how games end.

    The bots move one seat on after every game and every deal is played from each seat.
    """
    from cardside.games.iota.simulate import check_bots
    from cardside.games.iota.simulate import simulate as run

    listed = bots.split(",") if bots is not None else ["strong"] + ["greedy"] * (players - 1)
    try:
        names = check_bots(listed, players)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--bots") from None
    with progress(games, "games", quiet=as_json) as tick:
        result = run(games, names, seed=seed, progress=tick, jobs=jobs)
    echo_simulation(result.summary(), as_json)
    end_if_stopped(result.games, games, "games")
