"""IOTA strong bot: where more strength could come from, against greedy bots.

Plays the games of ``cardside iota simulate --players P --bots strong,greedy,... --seed S``
(the same deals, seats and bot seeds) with the strong bot as it is and with one change each,
and prints each one's wins with the paired difference against the bot as it is, measured in
the same run. With four players (three greedy bots):

- ``next hand``: shown the next player's real hand in place of its sampled hands;
- ``own draws``: shown its own next draws in place of its sampled draw orders;
- ``16 draws``: 16 sampled draw orders instead of 4 (a fair change).

With two players (``--players 2``), where the bot deals the opponent's hand and the pile:

- ``their hand``: shown the opponent's real hand, the pile's order still dealt at random;
- ``every card``: shown the opponent's hand and the pile in order (one deal, the true one).

All but ``16 draws`` see what no player can: measurements only, never bots in ``play``.
1,000 four-player games take about 17 minutes a row on two cores; 300 two-player games
about 10 minutes for the bot as it is.

    python benchmarks/iota_what_if.py [--games N] [--players 2|4] [--seed S] [--jobs J]
"""

from __future__ import annotations

import argparse
import math
import statistics
from functools import partial

from cardside.core.parallel import map_games
from cardside.core.rng import derive_rng
from cardside.games.iota.bots import GreedyBot, Samples, StrongBot
from cardside.games.iota.simulate import seating
from cardside.games.iota.state import IotaState, Snapshot, View, without

VARIANTS = {4: ("next hand", "own draws", "16 draws"), 2: ("their hand", "every card")}


class Shown(StrongBot):
    """The strong bot given, before each decision, the cards ``what`` names."""

    def __init__(self, seed: int, what: str) -> None:
        super().__init__(seed)
        self.what = what
        self.truth: Snapshot | None = None

    def _deal(self, view: View) -> Samples:
        samples = super()._deal(view)  # drawn as ever, so the rest of the game is unchanged
        assert self.truth is not None
        replies, draws = samples.replies, samples.draws
        if self.what == "next hand":
            hand = self.truth.hands[(view.seat + 1) % view.players]
            replies = (tuple(hand),) * len(replies)
        elif self.what == "own draws":
            draws = (tuple(self.truth.pile),) * len(draws)
        return Samples(replies, draws)

    def _duel_deal(self, view: View, count: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        deals = super()._duel_deal(view, count)  # drawn as ever, as above
        assert self.truth is not None
        hand = tuple(self.truth.hands[1 - view.seat])
        if self.what == "every card":
            return [(hand, tuple(self.truth.pile))]
        if self.what != "their hand":
            return deals
        # The cards in the order dealt, less the real hand.
        return [(hand, without((*theirs, *pile), hand)) for theirs, pile in deals]


def make(variant: str, seed: int) -> StrongBot:
    if variant == "16 draws":
        bot = StrongBot(seed)
        bot.OWN = 16
        return bot
    if variant == "today":
        return StrongBot(seed)
    return Shown(seed, variant)


def first_seat_wins(variant: str, players: int, seed: int, game: int) -> float:
    """The strong bot's share of the win in game ``game``, as ``iota simulate`` plays it."""
    seats = seating(game, players)
    state = IotaState(players, seed=f"{seed}:{game // players}")
    bots: list[StrongBot | GreedyBot] = []
    for seat, b in enumerate(seats):
        bot_seed = derive_rng(seed, "bot", game, seat).randrange(2**32)
        bots.append(make(variant, bot_seed) if b == 0 else GreedyBot(bot_seed))
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        bot = bots[seat]
        if isinstance(bot, Shown):
            bot.truth = state.snapshot
        state.apply(bot.choose(state.observation(seat), seat))
    outcome = state.outcome()
    assert outcome is not None
    strong = seats.index(0)
    return 1 / len(outcome.winners) if strong in outcome.winners else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, choices=(2, 4), default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    players = args.players
    play = partial(first_seat_wins, "today", players)
    base = map_games(partial(play, args.seed), args.games, args.jobs)
    n = len(base)
    rivals = "three greedy bots" if players == 4 else "a greedy bot"
    print(f"strong against {rivals}, {n} {players}-player games of seed {args.seed}")
    print(f"{'strong bot':<22}{'wins':>8}{'paired difference (95%)':>30}")
    print(f"{'as it is (baseline)':<22}{sum(base) / n:>8.1%}")
    for variant in VARIANTS[players]:
        wins = map_games(
            partial(first_seat_wins, variant, players, args.seed), args.games, args.jobs
        )
        diff = [w - b for w, b in zip(wins, base)]
        mean = statistics.mean(diff)
        half = 1.96 * statistics.stdev(diff) / math.sqrt(n) if n > 1 else 0.0
        interval = f"{mean:+.1%} [{mean - half:+.1%}, {mean + half:+.1%}]"
        print(f"{variant:<22}{sum(wins) / n:>8.1%}{interval:>30}")


if __name__ == "__main__":
    main()
