"""LinesBeta's own part of its commands (declared in ``games/commands.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from cardside.cli.common import (
    echo_score_json,
    echo_text,
    left_at_setup,
    name_key,
    your_name,
)

if TYPE_CHECKING:
    from cardside.core.parallel import Jobs


def play(
    ctx: click.Context, difficulty: str, short: bool | None, name: str
) -> tuple[list[Any], dict[str, Any]]:
    """The seat and options of a new game."""
    from cardside.core.record import Seat

    options = {"difficulty": difficulty, "length": "short" if short else "full"}
    return [Seat(_name(name), "human")], options


def _name(text: str) -> str:
    name = your_name(text)
    if name_key(name) == "grid":
        raise click.BadParameter("give a name other than 'Grid'", param_hint="'--name'")
    return name


def welcome(journal: Any, state: Any) -> str:
    pt, gt = state.targets
    return (
        f"LinesBeta, {state.difficulty}, {state.length} game ({state.rounds} rounds): "
        f"you need {pt} tricks, the grid {gt}. Session {journal.name}."
    )


def keep(
    ctx: click.Context,
    console: Any,
    difficulty: str | None,
    short: bool | None,
    grid: bool | None,
    name: str,
) -> tuple[list[Any], dict[str, Any], str]:
    """The seat, options and greeting of a kept game (asking for the settings left out)."""
    from cardside.core.record import Seat
    from cardside.tui.linesbeta.keep import ask_settings

    player = _name(name)
    settings = ask_settings(console, difficulty, short, grid)
    if settings is None:
        left_at_setup("settings")
    difficulty, length, grid = settings
    options = {"difficulty": difficulty, "length": length, "grid": grid}
    tracked = ", grid tracked" if grid else ""
    welcome = f"Keeping LinesBeta, {difficulty}, {length} game{tracked}"
    return [Seat(player, "table")], options, welcome


def score(
    ctx: click.Context,
    rounds: tuple[str, ...],
    difficulty: str,
    short: bool | None,
    as_json: bool,
) -> None:
    """Settle a result from each round's tricks."""
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
    # The answer first, then how it follows, indented: the shape of every game's score.
    *steps, settled = check.reasoning
    explained = "\n".join([settled[0].upper() + settled[1:] + ".", *(f"  {s}" for s in steps)])
    if as_json:
        echo_score_json(
            {
                "difficulty": difficulty,
                "length": length,
                "result": check.result,
                "early_stop": check.early,
                "targets": {"player": check.targets[0], "grid": check.targets[1]},
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
            },
            explained,
        )
        return
    for line in explained.splitlines():
        echo_text(line)


def _round_counts(text: str, index: int) -> tuple[int, int]:
    from cardside.core.arith import is_digits, whole
    from cardside.core.errors import NotationError
    from cardside.core.schema import clip

    parts = text.replace(":", "-").split("-")
    if len(parts) != 2 or not all(is_digits(p.strip()) for p in parts):
        raise click.BadParameter(
            f"round {index}: {clip(text)} is not YOU-GRID tricks, e.g. 4-2",
            param_hint="'ROUNDS...'",
        )
    try:
        return whole(parts[0].strip()), whole(parts[1].strip())
    except NotationError as exc:
        raise click.BadParameter(f"round {index}: {exc}", param_hint="'ROUNDS...'") from None


def simulate(
    ctx: click.Context,
    games: int,
    difficulty: str,
    short: bool | None,
    all_settings: bool,
    bot: str,
    seed: int,
    jobs: Jobs,
    as_json: bool,
) -> tuple[int, str, Any]:
    """The games to play (at one setting, or at all six), and how to play them."""
    given = [
        option
        for name, option in (("difficulty", "--difficulty"), ("short", "--short or --full"))
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

    def played(tick: Any) -> tuple[Any, int]:
        results: list[SimulationResult] = []
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
        return summarise(results, seed), sum(r.games for r in results)

    return games * len(settings), "games", played
