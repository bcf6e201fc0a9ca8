"""IOTA strong bots on paired games: each variant plays the same games against greedy bots.

    python benchmarks/iota_paired.py [--games 200] [--players 2] [--seed 101]
                                     [--variants strong1,strong] [--results FILE]

Game ``g`` is the game ``g`` of ``cardside iota simulate --players P --bots V,greedy,...
--seed S`` (the same deal, seats and bot seeds), played once by each variant in the first
bot's place. Two variants play the same games until their choices part, so the difference of
their wins (and of their margins over the best other player), game by game, has a far narrower
interval than two separate runs: a tool for
judging a change to the strong bot. A variant is a bot's name with optional settings of its
class, e.g. ``strong:DUEL_OWN=0.7:DEALS=12`` (``;`` for a comma inside a value:
``strong:ENDGAME_WIDTH=(0;6;3)``). With ``--results`` each game's result is kept in
a JSON file and not played again, so a baseline is played once.
"""

from __future__ import annotations

import argparse
import ast
import json
import math
import time
from pathlib import Path

from cardside.core.stats import wilson_interval
from cardside.games.iota.bots import IotaBot, make_bot
from cardside.games.iota.simulate import play_seated


def build(variant: str, seed: int) -> IotaBot:
    """The bot a variant names, its settings applied to this bot alone."""
    name, *settings = variant.split(":")
    bot = make_bot(name, seed)
    for setting in settings:
        key, _, value = setting.partition("=")
        if not hasattr(bot, key):
            raise ValueError(f"{variant!r}: the bot has no setting {key}")
        setattr(bot, key, ast.literal_eval(value.replace(";", ",")))
    return bot


def first_bot_share(variant: str, players: int, seed: int, game: int) -> tuple[float, int]:
    """(the variant's share of the win, its margin over the best other player) in game
    ``game`` as ``cardside iota simulate`` deals and seats it."""

    def make(entry: int, bot_seed: int) -> IotaBot:
        return build(variant, bot_seed) if entry == 0 else make_bot("greedy", bot_seed)

    state, seats = play_seated(make, players, seed, game)
    outcome = state.outcome()
    assert outcome is not None
    mine = seats.index(0)
    share = 1 / len(outcome.winners) if mine in outcome.winners else 0.0
    margin = outcome.scores[mine] - max(s for i, s in enumerate(outcome.scores) if i != mine)
    return share, margin


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=101)
    parser.add_argument("--variants", default="strong1,strong")
    parser.add_argument("--results", type=Path, help="a JSON file of results kept between runs")
    args = parser.parse_args()
    variants = args.variants.split(",")
    kept: dict[str, list[float]] = {}
    if args.results and args.results.exists():
        kept = json.loads(args.results.read_text())
    table: dict[str, list[tuple[float, int]]] = {}
    for variant in variants:
        key = f"{variant}|{args.players}|{args.seed}"
        done = kept.setdefault(key, [])
        start = time.process_time()
        for game in range(len(done), args.games):
            done.append(list(first_bot_share(variant, args.players, args.seed, game)))
            if args.results:
                args.results.write_text(json.dumps(kept))
        table[variant] = [tuple(r) for r in done[: args.games]]
        wins = sum(w for w, _ in table[variant])
        lo, hi = wilson_interval(wins, args.games)
        margin = sum(m for _, m in table[variant]) / args.games
        print(
            f"{variant:<40} {wins / args.games:6.1%} [{lo:.1%}, {hi:.1%}]  margin {margin:+6.1f}"
            f"  ({time.process_time() - start:.0f} s)",
            flush=True,
        )
    base = table[variants[0]]
    for variant in variants[1:]:
        diffs = [a[0] - b[0] for a, b in zip(table[variant], base)]
        mean, half = _paired(diffs)
        parted = sum(d != 0 for d in diffs)
        margin, margin_half = _paired([a[1] - b[1] for a, b in zip(table[variant], base)])
        print(
            f"{variant} - {variants[0]}: {mean * 100:+.1f} points [{(mean - half) * 100:+.1f}, "
            f"{(mean + half) * 100:+.1f}], {parted} of {len(diffs)} games ended differently; "
            f"margin {margin:+.1f} [{margin - margin_half:+.1f}, {margin + margin_half:+.1f}]"
        )


def _paired(diffs: list[float]) -> tuple[float, float]:
    """The mean of paired differences and the half-width of its 95% interval."""
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return mean, 1.96 * math.sqrt(var / n)


if __name__ == "__main__":
    main()
