"""``cardside linesbeta``: play, keep, score, rules and simulate."""

from __future__ import annotations

from typing import Any

import click

from cardside.cli.app import App
from cardside.cli.common import (
    MOST_GAMES,
    Bounded,
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
    play_games,
    progress,
    seed_option,
    simulate_seed_option,
    start_journal,
    your_name,
)
from cardside.cli.options import GameGroup, app_of

DIFFICULTIES = ["easy", "normal", "hard"]
BOT_CHOICES = ["planner", "deep", "classic", "random"]


@click.group(cls=GameGroup)
def linesbeta() -> None:
    """LinesBeta: one player against a 6x6 grid of cards; challenge its lines to win tricks."""


@linesbeta.command()
@click.option(
    "--difficulty",
    type=click.Choice(DIFFICULTIES, case_sensitive=False),
    default="normal",
    show_default=True,
    help="Targets you/grid in the full game: easy 21/21, normal 26/16, hard 31/11.",
)
@click.option(
    "--short",
    is_flag=True,
    help="The short game: 4 rounds; targets easy 12/12, normal 14/10, hard 18/6.",
)
@click.option("--name", default="You", show_default=True, help="Your name on the sheet.")
@click.option("--session", "session_name", default=None, help="Name for the saved session.")
@seed_option
@click.pass_context
def play(
    ctx: click.Context,
    difficulty: str,
    short: bool,
    name: str,
    session_name: str | None,
    seed: int | None,
) -> None:
    """Play LinesBeta: choose a trump, then challenge a line with a card, six times a round.

    At the prompt: at a round's start, the trump card from the seven dealt: 7H.
    A challenge is a card, a line and an end: JS r3 right, QH c2 bottom, JS r3R, QH c2B.
    After a win with no card of your suit and no trump in the line, the cell
    whose card the grid gives up: r3c2.
    Also: hint (the bot's choice and its chance), undo, show, history, help,
    quit (saved; 'cardside sessions resume NAME' continues).
    """
    from cardside.core.record import Seat
    from cardside.core.rng import fresh_seed

    app = app_of(ctx)
    given = seed
    seed = fresh_seed() if seed is None else seed
    options = {"difficulty": difficulty, "length": "short" if short else "full"}
    journal = start_journal(
        app, "linesbeta", "play", [Seat(_name(name), "human")], options, seed, session_name
    )
    play_games(app, journal, play_session, given)


def _name(text: str) -> str:
    name = your_name(text)
    if name_key(name) == "grid":
        raise click.BadParameter("give a name other than 'Grid'", param_hint="--name")
    return name


def play_session(app: App, journal: Any) -> str:
    from cardside.games.linesbeta.sheet import replay_state
    from cardside.tui.console import Console
    from cardside.tui.linesbeta.play import run_play

    console = Console()
    state = replay_state(journal.session)
    pt, gt = state.targets
    console.say(
        f"LinesBeta, {state.difficulty}, {state.length} game ({state.rounds} rounds): "
        f"you need {pt} tricks, the grid {gt}. Session {journal.name}. "
        "Type help for help."
    )
    return run_play(journal, state, console, app.style)


@linesbeta.command()
@click.option(
    "--difficulty",
    type=click.Choice(DIFFICULTIES, case_sensitive=False),
    default=None,
    help="Targets you/grid: easy 21/21, normal 26/16, hard 31/11; short game 12/12, "
    "14/10, 18/6 [asked if not given].",
)
@click.option(
    "--short/--full",
    "short",
    default=None,
    help="Short game (4 rounds) or full game (7 rounds) [asked if not given].",
)
@click.option(
    "--grid/--no-grid",
    "grid",
    default=None,
    help="Also track the grid: each challenge's line and end and the cell played "
    "[asked if not given].",
)
@click.option("--name", default="You", show_default=True, help="The player's name on the sheet.")
@click.option("--session", "session_name", default=None, help="Name for the saved session.")
@click.pass_context
def keep(
    ctx: click.Context,
    difficulty: str | None,
    short: bool | None,
    grid: bool | None,
    name: str,
    session_name: str | None,
) -> None:
    """Keep the counters for a LinesBeta game played with a real deck.

    At the prompt: per trick w (you won) or l (the grid won); a whole round: round 4 2.
    With --grid: w r3R r3c4 (the line and end challenged, the cell the grid played).
    Also: undo, fix N, show, help, quit (saved; 'cardside sessions resume NAME' continues).
    """
    from cardside.core.record import Seat
    from cardside.tui.console import Console
    from cardside.tui.linesbeta.keep import ask_settings

    app = app_of(ctx)
    claim_name(app, session_name)
    player = _name(name)
    console = Console()
    settings = ask_settings(console, difficulty, short, grid)
    if settings is None:
        left_at_setup("settings")
    difficulty, length, grid = settings
    options = {"difficulty": difficulty, "length": length, "grid": grid}
    journal = start_journal(
        app, "linesbeta", "keep", [Seat(player, "table")], options, None, session_name
    )
    console.say(
        f"Keeping LinesBeta ({difficulty}, {length} game"
        + (", grid tracked" if grid else "")
        + f"). Session {journal.name}. "
        "Type help for help."
    )
    keep_session(app, journal, console)


def keep_session(app: App, journal: Any, console: Any = None) -> None:
    from cardside.games.linesbeta.sheet import replay_ledger
    from cardside.tui.console import Console
    from cardside.tui.linesbeta.keep import KeepScreen

    console = console or Console()
    KeepScreen(journal, replay_ledger(journal.session), console, app.style).run()


@linesbeta.command()
@click.argument("rounds", nargs=-1, metavar="ROUNDS...")
@click.option(
    "--difficulty",
    type=click.Choice(DIFFICULTIES, case_sensitive=False),
    default=None,
    help="The difficulty the game was played at (required): its targets decide.",
)
@click.option("--short", is_flag=True, help="The game was the short one (4 rounds).")
@json_option
@click.pass_context
def score(
    ctx: click.Context, rounds: tuple[str, ...], difficulty: str, short: bool, as_json: bool
) -> None:
    """Settle a disputed result from each round's tricks, written YOU-GRID.

    \b
    cardside linesbeta score --difficulty normal \\
        4-2 5-1 3-3 4-2 5-1 5-1

    A last round that stopped early is given with the tricks actually played (e.g. 1-0).
    """
    from cardside.core.errors import IllegalActionError, NotationError
    from cardside.games.linesbeta.score import score_check

    if difficulty is None:
        raise click.UsageError("say which difficulty was played: --difficulty easy|normal|hard")
    if not rounds:
        raise click.UsageError("give each round's tricks as YOU-GRID, e.g. 4-2 5-1")
    counts = [_round_counts(text, i) for i, text in enumerate(rounds, 1)]
    length = "short" if short else "full"
    try:
        check = score_check(counts, difficulty, length)
    except (NotationError, IllegalActionError, ValueError) as exc:
        raise click.ClickException(str(exc)) from None
    if as_json:
        echo_json(
            {
                "difficulty": difficulty,
                "length": length,
                "result": check.result,
                "player": check.player,
                "grid": check.grid,
                "rounds": [
                    {
                        "round": r.round,
                        "player": r.player,
                        "grid": r.grid,
                        "player_total": r.player_total,
                        "grid_total": r.grid_total,
                    }
                    for r in check.rows
                ],
                "reasoning": check.reasoning,
            }
        )
        return
    for line in check.reasoning:
        echo_text(line)
    echo_text(
        {
            "win": "Result: you win.",
            "loss": "Result: you lose.",
            "undecided": "Result: not decided yet.",
        }[check.result]
    )


def _round_counts(text: str, index: int) -> tuple[int, int]:
    from cardside.core.arith import is_digits, whole
    from cardside.core.errors import NotationError
    from cardside.core.schema import clip

    parts = text.replace(":", "-").split("-")
    if len(parts) != 2 or not all(is_digits(p.strip()) for p in parts):
        raise click.BadParameter(
            f"round {index}: {clip(text)} is not YOU-GRID tricks, e.g. 4-2", param_hint="ROUNDS"
        )
    try:
        return whole(parts[0].strip()), whole(parts[1].strip())
    except NotationError as exc:
        raise click.BadParameter(f"round {index}: {exc}", param_hint="ROUNDS") from None


@linesbeta.command()
def rules() -> None:
    """The rules of LinesBeta as cardside applies them."""
    echo_rules("linesbeta")


@linesbeta.command()
@click.option(
    "--games",
    type=Bounded(1, MOST_GAMES),
    default=200,
    show_default=True,
    help="Games per setting.",
)
@click.option(
    "--difficulty",
    type=click.Choice(DIFFICULTIES, case_sensitive=False),
    default="normal",
    show_default=True,
    help="The targets to play for (not with --all).",
)
@click.option("--short", is_flag=True, help="The short game (4 rounds; not with --all).")
@click.option(
    "--all",
    "all_settings",
    is_flag=True,
    help="All six settings (3 difficulties x full/short) in one table.",
)
@bot_option(
    BOT_CHOICES,
    default="planner",
    help=(
        "The bot that plays your side: planner plans the round from what you can see, deep "
        "tries its best plays on sampled deals (slower), classic is the planner as it was."
    ),
)
@simulate_seed_option
@jobs_option
@json_option
def simulate(
    games: int,
    difficulty: str,
    short: bool,
    all_settings: bool,
    bot: str,
    seed: int,
    jobs: int,
    as_json: bool,
) -> None:
    """The bot against the grid: win rate with a 95% interval, points, early stops."""
    ctx = click.get_current_context()
    given = [
        f"--{name}"
        for name in ("difficulty", "short")
        if ctx.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE
    ]
    if all_settings and given:
        raise click.UsageError(
            f"--all runs every difficulty, full and short; leave out {' and '.join(given)}"
        )

    from typing import cast

    from cardside.games.linesbeta.rules import DIFFICULTIES as ALL
    from cardside.games.linesbeta.rules import LENGTHS, Difficulty, Length
    from cardside.games.linesbeta.simulate import SimulationResult, summarise
    from cardside.games.linesbeta.simulate import simulate as run

    settings: list[tuple[Difficulty, Length]]
    if all_settings:
        settings = [(d, n) for d in ALL for n in LENGTHS]
    else:
        settings = [(cast(Difficulty, difficulty), "short" if short else "full")]
    total = games * len(settings)
    results: list[SimulationResult] = []
    with progress(total, "games", quiet=as_json) as tick:
        for i, (d, n) in enumerate(settings):

            def step(done: int, _total: int, offset: int = i * games) -> None:
                tick(offset + done)

            try:
                result = run(
                    games, bot=bot, difficulty=d, length=n, seed=seed, progress=step, jobs=jobs
                )
            except KeyboardInterrupt:  # stopped before a game of this setting finished
                if not results:
                    raise
                break
            results.append(result)
            if result.games < games:
                break
    echo_simulation(summarise(results, seed), as_json)
    end_if_stopped(sum(r.games for r in results), total, "games")
