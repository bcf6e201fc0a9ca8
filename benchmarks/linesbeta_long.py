"""A long LinesBeta measurement in pieces: games against the grid, one line a game in a file.

    python benchmarks/linesbeta_long.py --out FILE [--bot deep] [--plan P] [--seed 2026]...
        [--games 1000] [--jobs N] [--difficulty hard] [--short] [--table]

Each game is the one ``cardside linesbeta simulate --seed S --bot B`` plays as game ``i``
(dealt from ``S:i``, the bot seeded ``S:i:bot``), so a piece here and there adds up to that
command's figures. Games already in ``--out`` for the same setting are not played again: a
run stopped (Ctrl-C, the machine off) goes on where it stopped, and several runs (other
seeds, other machines) can be gathered into one file. ``--plan`` sets ``deep``'s plan (by the
cards in hand: challenges tried x deals, as ``benchmarks/linesbeta_rollouts.py --plan``
writes it) to measure a plan before it becomes a bot's. The table gives, per setting and
seed, the games played (the first N of the seed when none is missing), the wins, the win rate
with its 95% interval and the CPU time a game; then each setting over its seeds. ``--table``
only prints the table of what the file holds.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

from cardside.core.parallel import map_games
from cardside.core.stats import wilson_interval
from cardside.games.linesbeta.bots import make_bot
from cardside.games.linesbeta.deep import DeepBot, parse_plan, write_plan
from cardside.games.linesbeta.state import LinesBetaState


def one_game(
    bot: str, plan: str, difficulty: str, length: str, seed: str, game: int
) -> dict[str, object]:
    """Game ``game`` of ``seed``, as ``simulate`` plays it, with ``deep``'s plan set."""
    start = time.process_time()
    state = LinesBetaState(difficulty, length, seed=f"{seed}:{game}")
    player = make_bot(bot, seed=f"{seed}:{game}:bot")
    if plan and isinstance(player, DeepBot):
        player.plan = parse_plan(plan)
    while not state.is_terminal():
        state.apply(player.choose(state, 0))
    verdict = state.verdict
    assert verdict is not None
    return {
        "game": game,
        "won": verdict.player_wins,
        "you": state.points[0],
        "grid": state.points[1],
        "cpu": round(time.process_time() - start, 3),
    }


def nth(play: Callable[[int], dict[str, object]], games: list[int], i: int) -> dict[str, object]:
    return play(games[i])


def setting(bot: str, plan: str, difficulty: str, length: str) -> str:
    return f"{bot} {plan or '-'} {difficulty} {length}"


def read(path: Path) -> Iterator[dict[str, Any]]:
    if not path.exists():
        return
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            yield json.loads(line)


def table(path: Path) -> None:
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for row in read(path):
        groups.setdefault((str(row["setting"]), str(row["seed"])), []).append(row)
    header = (
        f"{'bot plan difficulty length':<48}{'seed':>8}{'games':>7}{'first N':>8}"
        f"{'wins':>6}{'win rate':>10}{'95% interval':>17}{'CPU s/game':>11}"
    )
    print(header)
    print("-" * len(header))
    totals: dict[str, list[int]] = {}
    for (name, seed), rows in sorted(groups.items()):
        games = {int(r["game"]): r for r in rows}
        wins = sum(bool(r["won"]) for r in games.values())
        first = all(i in games for i in range(len(games)))
        cpu = sum(float(r["cpu"]) for r in games.values()) / len(games)
        lo, hi = wilson_interval(wins, len(games))
        print(
            f"{name:<48}{seed:>8}{len(games):>7}{'yes' if first else 'no':>8}{wins:>6}"
            f"{wins / len(games):>10.1%}{f'[{lo:.1%}, {hi:.1%}]':>17}{cpu:>11.2f}"
        )
        total = totals.setdefault(name, [0, 0])
        total[0] += wins
        total[1] += len(games)
    for name, (wins, n) in sorted(totals.items()):
        lo, hi = wilson_interval(wins, n)
        print(
            f"{name:<48}{'all':>8}{n:>7}{'':>8}{wins:>6}{wins / n:>10.1%}"
            f"{f'[{lo:.1%}, {hi:.1%}]':>17}"
        )


def play_all(args: argparse.Namespace, name: str, plan: str, length: str) -> None:
    """Play every game of ``--games`` per seed not yet in ``--out``, writing each batch."""
    for seed in args.seed or ["2026"]:
        done = {
            int(r["game"]) for r in read(args.out) if r["setting"] == name and r["seed"] == seed
        }
        todo = [i for i in range(args.games) if i not in done]
        play = partial(one_game, args.bot, plan, args.difficulty, length, seed)
        with args.out.open("a", encoding="utf-8") as f:
            for start in range(0, len(todo), max(1, args.jobs) * 4):
                # In small batches, each written as it ends: a stop loses little.
                batch = todo[start : start + max(1, args.jobs) * 4]
                results = map_games(partial(nth, play, batch), len(batch), args.jobs)
                for row in results:
                    f.write(json.dumps({"setting": name, "seed": seed, **row}) + "\n")
                f.flush()
                print(f"{seed}: {start + len(batch)} of {len(todo)}", file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, type=Path, help="the file of games (JSON lines)")
    parser.add_argument("--bot", default="deep")
    parser.add_argument("--plan", default="", help="deep's plan, e.g. 3:4x80,4:4x60,6:4x60")
    parser.add_argument("--seed", action="append", help="seeds (repeatable; default 2026)")
    parser.add_argument("--games", type=int, default=1000, help="the first N games of each seed")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--difficulty", default="hard", choices=("easy", "normal", "hard"))
    parser.add_argument("--short", action="store_true", help="the short game")
    parser.add_argument("--table", action="store_true", help="only print the table")
    args = parser.parse_args()
    length = "short" if args.short else "full"
    plan = write_plan(parse_plan(args.plan)) if args.plan else ""
    name = setting(args.bot, plan, args.difficulty, length)
    if not args.table:
        try:
            play_all(args, name, plan, length)
        except KeyboardInterrupt:
            print("stopped: the games finished are in the file", file=sys.stderr)
    table(args.out)


if __name__ == "__main__":
    main()
