"""Every game's command group, built from what the game declares in ``games/commands.py``.

``cardside <game> play|keep|score|rules|simulate``: the options, help and entry points are
the game's own; what every game does the same (a session started and saved, the play loop
with ``again``, the keep screen, the rules page, a simulation's progress and report) is done
here, once. ``cardside.cli.commands.<game>`` is the game's group, built on first use.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

import click

from cardside.cli.app import App
from cardside.cli.common import (
    Bounded,
    Range,
    bot_option,
    claim_name,
    echo_json,
    echo_rules,
    echo_simulation,
    end_if_stopped,
    jobs_option,
    json_option,
    play_games,
    progress,
    seats_of,
    seed_option,
    simulate_seed_option,
    start_journal,
    table_seats,
    with_cluster,
)
from cardside.cli.options import GameCommand, GameGroup, OrderKeepingCommand, app_of
from cardside.core.schema import clip
from cardside.core.words import listed
from cardside.games.commands import COMMANDS, Arg, Command, GameCommands, Opt, Param, Shared
from cardside.games.registry import GAMES

if TYPE_CHECKING:
    from cardside.core.parallel import Jobs

SHARED: dict[str, Callable[[Any], Any]] = {
    "seed": seed_option,
    "runs": simulate_seed_option,
    "jobs": jobs_option,
    "json": json_option,
    "session": click.option(
        "--session", "session_name", default=None, help="Name for the saved session."
    ),
}

#: The sentence every play and keep screen opens with, kept on one line where the screen
#: wraps (no-break spaces, printed as spaces).
HELP_TO_TYPE = "Type help for help, rules for the rules.".replace(" ", "\u00a0")


def entry(target: str) -> Callable[..., Any]:
    """The function an entry point (``"module:function"``) names."""
    module, _, name = target.partition(":")
    function: Callable[..., Any] = getattr(importlib.import_module(module), name)
    return function


def _type(kind: str, low: int, high: int, what: str, choices: tuple[str, ...]) -> Any:
    if kind == "range":
        return Range(low, high)
    if kind == "bounded":
        return Bounded(low, high, what)
    if kind == "choice":
        return click.Choice(list(choices), case_sensitive=False)
    return None


def parameters(spec: Param) -> list[click.Parameter]:
    """The click parameters a game's declaration stands for: one, or for ``jobs`` two
    (``--jobs`` and ``--cluster``)."""
    if isinstance(spec, Shared) and spec.name == "jobs":
        made: list[click.Parameter] = SHARED["jobs"](lambda: None).__click_params__  # type: ignore[attr-defined]
        return list(reversed(made))
    return [parameter(spec)]


def parameter(spec: Param) -> click.Parameter:
    """The click parameter a game's declaration stands for."""
    if isinstance(spec, Shared):
        if spec.name == "bot":
            decorator = bot_option(
                list(spec.choices), default=spec.default, help=spec.help, also=spec.also
            )
        else:
            decorator = SHARED[spec.name]
        params: list[click.Parameter] = decorator(lambda: None).__click_params__  # type: ignore[attr-defined]
        return params[0]
    choices = spec.choices if isinstance(spec, Opt) else ()
    kind = _type(spec.kind, spec.low, spec.high, spec.what, choices)
    if isinstance(spec, Arg):
        extra = {"metavar": spec.metavar} if spec.metavar else {}
        return click.Argument([spec.name], nargs=-1, type=kind, required=spec.required, **extra)
    settings: dict[str, Any] = {"help": spec.help}
    if spec.kind == "flag":
        settings["is_flag"] = True
        if "/" in spec.flags:  # a pair of flags: neither given is "not said"
            settings["default"] = None
    else:
        settings["default"] = spec.default
        if kind is not None:
            settings["type"] = kind
    if spec.show_default:
        settings["show_default"] = True
    if spec.metavar:
        settings["metavar"] = spec.metavar
    if spec.multiple:
        settings["multiple"] = True
    if spec.callback:
        settings["callback"] = entry(spec.callback)
    if spec.hidden:
        settings["hidden"] = True
    return click.Option([spec.flags, *([spec.dest] if spec.dest else [])], **settings)


def _command(
    name: str, spec: Command, run: Callable[[click.Context, dict[str, Any]], None]
) -> click.Command:
    def callback(**values: Any) -> None:
        run(click.get_current_context(), values)

    return (OrderKeepingCommand if spec.typed_order else GameCommand)(
        name,
        callback=callback,
        params=[q for p in spec.params for q in parameters(p)],
        help=spec.help,
    )


@cache
def group(game: str) -> click.Group:
    """``cardside <game>``: its five commands."""
    spec = COMMANDS[game]
    title = GAMES[game].title
    built = GameGroup(game, help=spec.help)
    built.add_command(_command("play", spec.play, lambda ctx, v: _play(ctx, game, spec, v)))
    built.add_command(_command("keep", spec.keep, lambda ctx, v: _keep(ctx, game, spec, v)))
    built.add_command(_command("score", spec.score, lambda ctx, v: _score(ctx, spec, v)))
    built.add_command(
        GameCommand(
            "rules",
            callback=lambda: echo_rules(game),
            help=f"The rules of {title} as cardside applies them.",
        )
    )
    built.add_command(_command("simulate", spec.simulate, lambda ctx, v: _simulate(ctx, spec, v)))
    return built


def __getattr__(name: str) -> click.Group:
    """``cardside.cli.commands.octrix`` and the like: a game's group (for the lazy loader)."""
    if name in COMMANDS:
        return group(name)
    raise AttributeError(name)


def _play(ctx: click.Context, game: str, spec: GameCommands, values: dict[str, Any]) -> None:
    from cardside.core.rng import fresh_seed

    app = app_of(ctx)
    session_name, given = values.pop("session_name"), values.pop("seed")
    seats, options = entry(spec.play.entry)(ctx, **values)
    seed = fresh_seed() if given is None else given
    journal = start_journal(app, game, "play", seats, options, seed, session_name)
    play_games(app, journal, play_session, given)


def _keep(ctx: click.Context, game: str, spec: GameCommands, values: dict[str, Any]) -> None:
    from cardside.tui.console import Console

    app = app_of(ctx)
    session_name = values.pop("session_name")
    claim_name(app, session_name)
    console = Console()
    console.colour = not getattr(app, "no_color", False)
    console.rules = lambda: echo_rules(game)
    seats, options, welcome = entry(spec.keep.entry)(ctx, console, **values)
    journal = start_journal(app, game, "keep", seats, options, None, session_name)
    console.say(f"{welcome}. Session {journal.name}. {HELP_TO_TYPE}")
    keep_session(app, journal, console)


def _score(ctx: click.Context, spec: GameCommands, values: dict[str, Any]) -> None:
    entry(spec.score.entry)(ctx, **values)


def _simulate(ctx: click.Context, spec: GameCommands, values: dict[str, Any]) -> None:
    def simulate(jobs: Any) -> None:
        total, unit, run = entry(spec.simulate.entry)(ctx, **{**values, "jobs": jobs})
        with progress(total, unit, quiet=values["as_json"]) as tick:
            try:
                summary, done = run(tick)
            except KeyboardInterrupt:
                # Stopped before any game finished: a script reading the JSON learns it too.
                if values["as_json"]:
                    game = ctx.parent.info_name if ctx.parent is not None else None
                    stopped = {"done": 0, "asked": total, "unit": unit}
                    figures: dict[str, Any] = {
                        "game": game,
                        "games": 0,
                        "seed": values.get("seed"),
                        "bots": [],
                    }
                    echo_json({**figures, "stopped": stopped})
                raise
        echo_simulation(summary, values["as_json"], (done, total, unit))
        end_if_stopped(done, total, unit)

    cluster = values.pop("cluster", None)
    with_cluster(cluster, simulate, values["jobs"])


def play_session(app: App, journal: Any) -> str:
    """Play (or continue) a saved played game: its greeting, then its play screen."""
    from cardside.core.replay import movers
    from cardside.tui.console import Console

    game = journal.session.game
    spec = COMMANDS[game]
    console = Console()
    console.colour = not getattr(app, "no_color", False)
    console.rules = lambda: echo_rules(game)
    state = GAMES[game].module("sheet").replay_state(journal.session)
    console.say(f"{entry(spec.welcome)(journal, state)} {HELP_TO_TYPE}")
    run_play = importlib.import_module(f"cardside.tui.{game}.play").run_play
    if spec.movers is None:
        return str(run_play(journal, state, console, app.style))
    moved = movers(journal.session.entries, spec.movers)
    return str(run_play(journal, state, console, app.style, movers=moved))


def resumed_keep(journal: Any) -> str:
    """What a reopened kept game says first, as keep says at the start: the game, who keeps
    it (LinesBeta: its targets) and the session."""
    session = journal.session
    title = GAMES[session.game].title
    if session.game == "linesbeta":
        options = session.options
        length = "short" if options.get("length") == "short" else "full"
        tracked = ", grid tracked" if options.get("grid") else ""
        what = f"{title}, {options.get('difficulty', 'normal')}, {length} game{tracked}"
    else:
        what = f"{title} for {listed(session.player_names)}"
    return f"Keeping {what} (resumed). Session {journal.name}."


def keep_session(app: App, journal: Any, console: Any = None) -> None:
    """Keep (or continue keeping) a saved kept game on its keep screen."""
    from cardside.tui.console import Console

    game = journal.session.game
    spec = COMMANDS[game]
    if console is None:  # reopened by sessions resume
        if spec.kept_names:
            _check_kept_names(journal.name, journal.session, entry(spec.kept_names))
        console = Console()
        console.colour = not getattr(app, "no_color", False)
        console.rules = lambda: echo_rules(game)
        console.say(f"{resumed_keep(journal)} {HELP_TO_TYPE}")
    ledger = GAMES[game].module("sheet").replay_ledger(journal.session)
    if spec.keeper:
        entry(spec.keeper)(journal, ledger, console, app.style)
        return
    screen = importlib.import_module(f"cardside.tui.{game}.keep").KeepScreen
    screen(journal, ledger, console, app.style).run()


def _check_kept_names(name: str, session: Any, misread: Callable[[str], str | None]) -> None:
    """Refuse to go on keeping a file seating a name that an entry would misread (``12``
    reads as a number: ``12 3 4`` typed there would score 12 + 3 + 4 for that player);
    ``--names`` refuses such a name, so the file was not made by cardside's keep."""
    for seat in session.seats:
        reads_as = misread(seat.name)
        if reads_as:
            raise click.ClickException(
                f"{name} cannot be kept on: {clip(seat.name)} reads as {reads_as}, and "
                "each entry of this game's keep starts with a player's name (the names were "
                "not typed in cardside's keep)"
            )


def seat_simulation(
    ctx: click.Context,
    games: int,
    players: int,
    bots: str | None,
    seed: int,
    jobs: Jobs,
    as_json: bool,
) -> tuple[int, str, Any]:
    """``simulate`` where one bot sits on each seat, turned round the seats from game to game
    (IOTA, Line-it): the games, and how to play them. Without ``--bots``, the game's
    ``seat_bots``: its first bot, then its second on every other seat."""
    game = ctx.command_path.split()[-2]
    simulation = GAMES[game].module("simulate")
    first, rest = COMMANDS[game].seat_bots
    listed = [first] + [rest] * (players - 1) if bots is None else bots.split(",")
    players = seats_of(ctx, players, listed, GAMES[game].title)
    try:
        names = simulation.check_bots(listed, players)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="'--bots'") from None

    def played(tick: Callable[[int], None]) -> tuple[Any, int]:
        result = simulation.simulate(games, names, seed=seed, progress=tick, jobs=jobs)
        return result.summary(), result.games

    return games, "games", played


def table_play(
    ctx: click.Context, players: int, humans: int, bot: str, names: str | None
) -> tuple[list[Any], dict[str, Any]]:
    """``play``'s seats where people at one terminal and bots share a table (IOTA, Line-it):
    as many players as ``--players`` allows, their names from ``--names``."""
    game = ctx.command_path.split()[-2]
    (most,) = (p.type.max for p in ctx.command.params if p.name == "players")  # type: ignore[attr-defined]
    title = GAMES[game].title
    return table_seats(ctx, players, humans, names, bot, low=2, high=most, title=title), {}
