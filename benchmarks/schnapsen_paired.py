"""Schnapsen strength on paired deals: two levels of the strong bot, each on the same deals.

    python benchmarks/schnapsen_paired.py [--deals 600] [--levels normal,hard]
                                          [--opponent heuristic] [--seed 1] [--jobs N]
                                          [--set MODULE.NAME=VALUE ...]

Each deal is played twice from the same cards, the same seat and the same bot seeds, once by
the strong bot at each level, against the same opponent (at its normal level), at 7:7. The
game points a deal of the two levels are strongly correlated (the cards decide much of a
deal), so their difference
has a far narrower interval than two separate runs of Bummerls give: a tool for judging a
change to the strong bot in minutes rather than hours. The Bummerl rate is what the targets
name; this measures the same strength one deal at a time.

``--set`` changes a setting of the Schnapsen modules for the second of the two only, e.g.
``--levels normal,normal --set ismcts.EXPLORE=0.5`` weighs one constant of the tree search. A
setting the opponent reads as well (the heuristic's, in ``policy``) changes the opponent too.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import statistics
import time
from functools import partial

from cardside.core.parallel import cores, map_games
from cardside.core.stats import mean_interval
from cardside.games.schnapsen.bots import make_bot
from cardside.games.schnapsen.state import SchnapsenState

Setting = tuple[str, str, object]  # (module under cardside.games.schnapsen, name, value)


def parse_setting(text: str) -> Setting:
    """``ismcts.EXPLORE=0.5`` as (module, name, value); the module's setting must exist."""
    key, sep, value = text.partition("=")
    module, _, name = key.strip().rpartition(".")
    if not sep or not module or not name:
        raise ValueError(f"{text!r}: give MODULE.NAME=VALUE, e.g. ismcts.EXPLORE=0.5")
    try:
        found = importlib.import_module(f"cardside.games.schnapsen.{module}")
    except ImportError:
        raise ValueError(f"{text!r}: there is no Schnapsen module {module}") from None
    if not hasattr(found, name):
        raise ValueError(f"{text!r}: the module {module} has no setting {name}")
    try:
        return module, name, ast.literal_eval(value.strip())
    except (ValueError, SyntaxError):
        raise ValueError(f"{text!r}: the value must be a Python literal, e.g. 0.5") from None


def _apply(settings: tuple[Setting, ...]) -> list[Setting]:
    """Apply ``settings``; the old values, to apply back afterwards."""
    old = []
    for module, name, value in settings:
        m = importlib.import_module(f"cardside.games.schnapsen.{module}")
        old.append((module, name, getattr(m, name)))
        setattr(m, name, value)
    return old


def deal_points(
    g: int, levels: tuple[str, ...], opponent: str, seed: int, settings: tuple[Setting, ...] = ()
) -> list[int]:
    """The strong bot's signed game points in deal ``g`` at each level (``settings`` applied
    for the last)."""
    out = []
    strong_seat = g % 2
    for i, level in enumerate(levels):
        restore = _apply(settings) if i == len(levels) - 1 else []
        try:
            out.append(_play_deal(g, level, opponent, seed, strong_seat))
        finally:
            _apply(tuple(reversed(restore)))
    return out


def _play_deal(g: int, level: str, opponent: str, seed: int, strong_seat: int) -> int:
    """The strong bot's signed game points in deal ``g`` at ``level``."""
    bots = {
        strong_seat: make_bot("strong", level, seed=f"paired:{seed}:{g}:strong"),
        # The opponent stays at normal, so only the strong bot's level differs.
        1 - strong_seat: make_bot(opponent, "normal", seed=f"paired:{seed}:{g}:opponent"),
    }
    state = SchnapsenState(seed=f"paired:{seed}:{g // 2}", first_dealer=(g // 2) % 2)
    while not state.history:
        seat = state.current_player()
        assert seat is not None
        state.apply(bots[seat].choose(state.observation(seat), seat))
    result = state.history[0].result
    return result.points if result.winner == strong_seat else -result.points


def add_set_option(parser: argparse.ArgumentParser, help: str) -> None:
    """``--set MODULE.NAME=VALUE``, repeatable."""
    parser.add_argument(
        "--set", action="append", default=[], metavar="MODULE.NAME=VALUE", help=help
    )


def settings_of(parser: argparse.ArgumentParser, args: argparse.Namespace) -> tuple[Setting, ...]:
    """The ``--set`` settings parsed; a usage error (exit 2) for one that does not exist."""
    try:
        return tuple(parse_setting(t) for t in args.set)
    except ValueError as exc:
        parser.error(str(exc))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=600)
    parser.add_argument("--levels", default="normal,hard")
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=cores())
    add_set_option(parser, "a setting for the second of the two only (repeatable)")
    args = parser.parse_args()
    levels = tuple(args.levels.split(","))
    if len(levels) != 2:
        parser.error("--levels takes two levels, e.g. normal,hard")
    settings = settings_of(parser, args)
    started = time.perf_counter()
    play = partial(
        deal_points, levels=levels, opponent=args.opponent, seed=args.seed, settings=settings
    )
    rows = map_games(play, args.deals, args.jobs)
    a = [r[0] for r in rows]
    b = [r[1] for r in rows]
    n = len(rows)
    print(f"strong against {args.opponent}, {n} deals at 7:7, seed {args.seed}")
    if settings:
        print(f"--set {' '.join(args.set)}")
    print(f"{'strong at':<30}{'game points a deal [95%]':>28}")
    labels = (levels[0], f"{levels[1]} with --set" if settings else levels[1])
    for level, points in zip(labels, (a, b)):
        mean, (low, high) = mean_interval(points)
        print(f"{level:<30}{f'{mean:+.3f} [{low:+.3f}, {high:+.3f}]':>28}")
    mean, (low, high) = mean_interval([y - x for x, y in zip(a, b)])
    label = f"{labels[1]} - {levels[0]}"
    print(f"{label:<30}{f'{mean:+.3f} [{low:+.3f}, {high:+.3f}]':>28}")
    try:
        print(f"correlation of the pairs {statistics.correlation(a, b):.2f}")
    except statistics.StatisticsError:  # a short run where one level's points never vary
        print("correlation of the pairs: not defined (constant points)")
    print(f"{time.perf_counter() - started:.0f} s on {min(args.jobs, n)} processes")


if __name__ == "__main__":
    main()
