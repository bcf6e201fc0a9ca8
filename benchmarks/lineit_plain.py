"""A plain Line-it engine with random players: the yardstick for cardside's own speed.

Written from the rulebook alone, in the simplest way (lists changed in place, no undo, no
observations, no checks): what a straightforward program of the same rules costs. Its random
players decide as cardside's ``random`` bot does, uniformly among the legal choices at each
decision (take a market card for the line or the hand; then play a hand card, score, or stop;
in the end phase play a hand card or stop), so both play games of the same length.

    python benchmarks/lineit_plain.py [--games N] [--players N] [--runs N]

One run prints, as the median of ``--runs`` alternated runs (CPU seconds of this process, so
a machine shared with other work still shows what one core does), games a second of:
- this plain engine;
- cardside's ``simulate`` with a random bot on every seat, as ``cardside lineit simulate
  --bots random,... --jobs 1`` runs it (the same library call; seeding, bots and per-game
  figures included);
- cardside's engine alone: random playouts through the state API (``legal_actions``, then
  ``apply`` with its legality check), one generator for the players' choices;
and each of the last two as a ratio to the plain engine (the target is 1 or more).
``--parts`` also prints where a game of ``simulate`` spends its time, each part timed on its
own (the best of several runs) and given in plain games. ``--commands`` also times the whole
``cardside lineit simulate ... --jobs 1`` command, start-up included, against the plain
engine run as a program of its own (wall clock and CPU time; the target is at most 1x).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

BET = 100  # a Bet card of value v is 100 + v
DECK = list(range(1, 101)) + [BET + v for v in (3, 3, 4, 4, 5, 5)]


def fits(line: list[int], card: int) -> bool:
    numbers = [c for c in line if c <= BET]
    if card > BET:
        return len(numbers) == len(line)  # at most one Bet card a line
    if len(numbers) < 2:
        return True
    if numbers[1] > numbers[0]:
        return card > numbers[-1]
    return card < numbers[-1]


class Player:
    def __init__(self) -> None:
        self.line: list[int] = []
        self.hand: list[int] = []
        self.points = 0


def score_line(player: Player) -> None:
    line = player.line
    numbers = [c for c in line if c <= BET]
    for i, c in enumerate(line):
        if c > BET:
            after = sum(1 for d in line[i + 1 :] if d <= BET)
            value = c - BET
            player.points += value if after >= value else -value
    player.points += max(0, len(numbers) - 3)
    player.line = []


def add(player: Player, card: int, piles: list[list[int]]) -> None:
    player.line.append(card)
    if card <= BET:
        colour = (card - 1) % 4
        if sum(1 for c in player.line if c <= BET and (c - 1) % 4 == colour) == 3:
            player.points += len(piles[colour])
            piles[colour] = []


def play(players: int, rng: random.Random) -> list[int]:
    """One game of random players; the final scores."""
    deck = DECK[:]
    rng.shuffle(deck)
    seats = [Player() for _ in range(players)]
    piles: list[list[int]] = [[], [], [], []]
    first = rng.randrange(players)
    size = players + 2
    while len(deck) >= size:
        market = [deck.pop() for _ in range(size)]
        for turn in range(players):
            p = seats[(first + turn) % players]
            room = len(p.hand) < 2
            takes = []
            for c in set(market):
                if not room or fits(p.line, c):
                    takes.append(("line", c))
                if room:
                    takes.append(("hand", c))
            where, card = rng.choice(takes)
            market.remove(card)
            if where == "hand":
                p.hand.append(card)
            else:
                if not fits(p.line, card):
                    score_line(p)
                add(p, card, piles)
            played = False
            while True:
                choices: list[object] = ["done"]
                if p.line:
                    choices.append("score")
                if not played:
                    choices += [c for c in set(p.hand) if fits(p.line, c)]
                choice = rng.choice(choices)
                if choice == "done":
                    break
                if choice == "score":
                    score_line(p)
                    break
                assert isinstance(choice, int)
                p.hand.remove(choice)
                add(p, choice, piles)
                played = True
        for c in market:
            if c <= BET:
                piles[(c - 1) % 4].append(c)
        first = (first + 1) % players
    for c in deck:
        if c <= BET:
            piles[(c - 1) % 4].append(c)
    for turn in range(players):
        p = seats[(first + turn) % players]
        playable = [c for c in set(p.hand) if fits(p.line, c)]
        if playable:
            choice = rng.choice([0, *playable])
            if choice:
                p.hand.remove(choice)
                add(p, choice, piles)
    for turn in range(players):
        p = seats[(first + turn) % players]
        if p.line:
            score_line(p)
    return [p.points for p in seats]


def run(games: int, players: int, seed: int = 0) -> list[list[int]]:
    """``games`` games, game ``i`` played from ``Random((seed, i))``."""
    return [play(players, random.Random(f"{seed}:{i}")) for i in range(games)]


def cardside_simulate(games: int, players: int) -> None:
    """What ``cardside lineit simulate --bots random,... --jobs 1`` does."""
    from cardside.games.lineit.simulate import simulate

    simulate(games, ("random",) * players, seed=0, jobs=1)


def cardside_engine(games: int, players: int) -> None:
    """Random playouts through cardside's state API."""
    from cardside.games.lineit.state import LineitState

    rng = random.Random(0)
    for i in range(games):
        state = LineitState(players, seed=i)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))


def rates(
    rows: dict[str, Callable[[int, int], object]], games: int, players: int, runs: int
) -> dict[str, float]:
    """Median games a second of each row, the rows alternated in every run."""
    seen: dict[str, list[float]] = {label: [] for label in rows}
    for _ in range(runs):
        for label, play in rows.items():
            start = time.process_time()
            play(games, players)
            seen[label].append(games / (time.process_time() - start))
    return {label: statistics.median(r) for label, r in seen.items()}


def best_time(play: Callable[[], object], runs: int = 7) -> float:
    """The least CPU time of ``runs`` calls of ``play``."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        play()
        times.append(time.process_time() - start)
    return min(times)


def parts(games: int, players: int) -> list[tuple[str, float]]:
    """Seconds a game of ``simulate`` (random bots) spends in each part, each part timed on
    its own over the same games; the loop is what the parts leave."""
    from cardside.core.rng import derive_rng
    from cardside.games.lineit.bots import RandomBot
    from cardside.games.lineit.simulate import deal_seed, play_game, seat_stats
    from cardside.games.lineit.state import LineitState

    bots = ("random",) * players
    whole = best_time(lambda: [play_game(bots, 0, g) for g in range(games)])

    def seeding() -> None:
        for g in range(games):
            for seat in range(players):
                RandomBot(derive_rng(0, "bot", g, seat).randrange(2**32))
            LineitState(players, seed=deal_seed(0, g, players))

    played = []  # each game's actions and the number of legal actions before each
    finished = []
    for g in range(games):
        state = LineitState(players, seed=deal_seed(0, g, players))
        rng = random.Random(g)
        steps = []
        while not state.is_terminal():
            legal = state.legal_actions()
            action = rng.choice(legal)
            steps.append((action, len(legal)))
            state.advance(action)
        played.append((deal_seed(0, g, players), steps))
        finished.append(state)

    def transitions() -> None:
        for seed, steps in played:
            advance = LineitState(players, seed=seed).advance
            for action, _ in steps:
                advance(action)

    def with_legal_actions() -> None:
        for seed, steps in played:
            state = LineitState(players, seed=seed)
            advance, legal_actions = state.advance, state.legal_actions
            for action, _ in steps:
                legal_actions()
                advance(action)

    choices = [list(range(n)) for n in range(16)]

    def choosing() -> None:
        choice = random.Random(0).choice
        for _, steps in played:
            for _, n in steps:
                choice(choices[n])

    moves = best_time(transitions)
    found = [
        ("deal and bots seeded", best_time(seeding)),
        ("transitions", moves),
        ("legal_actions", best_time(with_legal_actions) - moves),
        ("random choice", best_time(choosing)),
        ("per-game figures", best_time(lambda: [seat_stats(s, range(players)) for s in finished])),
    ]
    found.append(("the loop itself", whole - sum(t for _, t in found)))
    return [("simulate, whole game", whole)] + found


def commands(games: int, players: int, runs: int) -> list[tuple[str, float, float]]:
    """The whole command against the plain engine as a program of its own, each started
    afresh (start-up included), alternated ``runs`` times: median wall and CPU seconds."""
    here = Path(__file__).resolve()
    bots = ",".join(["random"] * players)
    programs = {
        "plain engine, as a program": [
            sys.executable,
            str(here),
            "--only-plain",
            "--players",
            str(players),
        ],
        "cardside lineit simulate": [
            sys.executable,
            "-m",
            "cardside",
            "lineit",
            "simulate",
            "--bots",
            bots,
            "--players",
            str(players),
            "--jobs",
            "1",
        ],
    }
    tail = ["--games", str(games)]
    seen: dict[str, list[tuple[float, float]]] = {label: [] for label in programs}
    # As an installed program runs: from compiled modules, kept out of the source tree and
    # made by a first run that is not timed.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as cache:
        env["PYTHONPYCACHEPREFIX"] = cache
        for argv in programs.values():
            subprocess.run([*argv, "--games", "1"], check=True, stdout=subprocess.DEVNULL, env=env)
        for _ in range(runs):
            for label, argv in programs.items():
                seen[label].append(_timed([*argv, *tail], env))
    return [
        (
            label,
            statistics.median(w for w, _ in times),
            statistics.median(c for _, c in times),
        )
        for label, times in seen.items()
    ]


def _timed(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of one run of a program."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games a run of each row")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--runs", type=int, default=5, help="runs of each row (the median)")
    parser.add_argument("--parts", action="store_true", help="where simulate's time goes")
    parser.add_argument(
        "--commands",
        action="store_true",
        help="also time the whole simulate command against the plain engine as a program",
    )
    parser.add_argument("--only-plain", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.only_plain:  # the plain engine as a program of its own (for --commands)
        run(args.games, args.players)
        return
    rows: dict[str, Callable[[int, int], object]] = {
        "plain engine, random players": run,
        "cardside simulate, random bots": cardside_simulate,
        "cardside engine alone, random": cardside_engine,
    }
    got = rates(rows, args.games, args.players, args.runs)
    plain = got["plain engine, random players"]
    print(
        f"Line-it, {args.players} players, {args.games} games a run, median of {args.runs} "
        "runs (CPU time, one core)"
    )
    print(f"{'':<34}{'games/s':>9}  vs plain")
    for label, value in got.items():
        print(f"{label:<34}{value:>9.0f}  {value / plain:>7.2f}x")
    if args.parts:
        games = min(args.games, 300)
        unit = best_time(lambda: run(games, args.players))
        print(f"\nA game of simulate, part by part, in plain games ({games} games, best of 7)")
        for label, spent in parts(games, args.players):
            print(f"{label:<34}{spent / unit:>9.2f}")
    if args.commands:
        found = commands(args.games, args.players, args.runs)
        plain_wall, plain_cpu = found[0][1], found[0][2]
        print(
            f"\nWhole programs, {args.games} games, started afresh, median of {args.runs} "
            "alternated runs"
        )
        print(f"{'':<34}{'wall s':>9}{'CPU s':>9}  time vs plain (wall, CPU)")
        for label, wall, cpu in found:
            print(
                f"{label:<34}{wall:>9.2f}{cpu:>9.2f}  "
                f"{wall / plain_wall:>5.2f}x {cpu / plain_cpu:>5.2f}x"
            )


if __name__ == "__main__":
    main()
