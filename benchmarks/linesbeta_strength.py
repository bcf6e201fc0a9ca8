"""LinesBeta strength: the bots' win rates against the grid, and a clairvoyant ceiling.

    python benchmarks/linesbeta_strength.py [--games N] [--deep-games N] [--jobs N]
        [--difficulty hard] [--short] [--seed S]

Every bot plays the same deals (game ``i`` from seed ``S:i``). ``classic`` is the planner as
it was before it planned the whole round (the baseline of the ratio column); ``planner1`` the
planner before it valued the cards it turns within the round; ``planner2`` the planner before
its odds counted a line's draws by fill round; ``planner`` is the default;
``deep`` tries the planner's best plays on sampled deals (slow: it plays ``--deep-games``
games, 0 to leave it out). ``clairvoyant`` is the default planner handed
every card of the grid face up and the deck's contents: not a fair player (it is never a bot
in ``play``) but a ceiling for how much the hidden cards cost the planner.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import replace
from functools import partial

from cardside.core.parallel import map_games
from cardside.core.stats import wilson_interval
from cardside.games.linesbeta.bots import make_bot
from cardside.games.linesbeta.planner import PlannerBot
from cardside.games.linesbeta.rules import Action
from cardside.games.linesbeta.state import LinesBetaState


class Clairvoyant:
    """The default planner shown every card: its observation hides nothing."""

    def __init__(self) -> None:
        self.planner = PlannerBot(0)

    def choose(self, state: LinesBetaState, seat: int = 0) -> Action:
        s = state.snapshot
        seen = replace(state.observation(0), grid=s.grid, unseen=s.deck)
        return self.planner.decide(seen)[0]


def one_game(bot: str, difficulty: str, length: str, seed: str, game: int) -> tuple[bool, int]:
    """Game ``game``: whether the bot won, and the grid's points."""
    state = LinesBetaState(difficulty, length, seed=f"{seed}:{game}")
    player = Clairvoyant() if bot == "clairvoyant" else make_bot(bot, seed=f"{seed}:{game}:bot")
    while not state.is_terminal():
        state.apply(player.choose(state, 0))
    verdict = state.verdict
    assert verdict is not None
    return verdict.player_wins, state.points[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per bot")
    parser.add_argument("--deep-games", type=int, default=200, help="games for deep (0: skip)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--difficulty", default="hard", choices=("easy", "normal", "hard"))
    parser.add_argument("--short", action="store_true", help="the short game")
    parser.add_argument("--seed", default="strength")
    args = parser.parse_args()
    length = "short" if args.short else "full"

    plan = [
        ("classic", args.games),
        ("planner1", args.games),
        ("planner2", args.games),
        ("planner", args.games),
        ("deep", args.deep_games),
        ("clairvoyant", args.games),
    ]
    rows = []
    for bot, games in plan:
        if games <= 0:
            continue
        start = time.perf_counter()
        play = partial(one_game, bot, args.difficulty, length, args.seed)
        results = map_games(play, games, args.jobs)
        wins = sum(won for won, _ in results)
        grid = sum(g for _, g in results) / games
        rows.append((bot, games, wins, grid, time.perf_counter() - start))

    print(f"LinesBeta {args.difficulty}/{length} against the grid, seed {args.seed!r}")
    header = (
        f"{'bot':<13}{'games':>7}{'win rate':>10}{'95% interval':>17}{'grid pts':>10}{'ratio':>8}"
    )
    print(header)
    print("-" * len(header))
    base = rows[0][2] / rows[0][1]
    for bot, games, wins, grid, _ in rows:
        lo, hi = wilson_interval(wins, games)
        rate = wins / games
        ratio = f"{rate / base:.2f}" if base else "-"
        print(f"{bot:<13}{games:>7}{rate:>10.1%}{f'{lo:.1%}-{hi:.1%}':>17}{grid:>10.1f}{ratio:>8}")
    print("(ratio: win rate over classic's, on the same deals; clairvoyant sees every card)")


if __name__ == "__main__":
    main()
