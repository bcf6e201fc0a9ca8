"""Bots against bots: whole Octrix games to 88, with statistics. No printing.

Seating is fair and the deals are shared: games come in pairs that use the same seed (so the
same deals and the same first dealer) with the bots' seats exchanged.

- 2 players: A on seat 1 in the first game of a pair, B on seat 1 in the second.
- 4 players, alone or in partnerships: A, B, A, B round the table, then B, A, B, A (so in the
  partnership game A plays both seats of one team).
- 3 players: A, B, B in the first game of a pair and B, A, A in the second, the pattern turned
  one seat further every pair. A holds one seat in half the games and two in the other half,
  so two equal bots each win half the matches.

Or one bot per seat, as the other games take them (``seats``: A's and B's seats, e.g. A, B, B
for one bot against two of another): the pattern is turned one seat on after every game, and
each deal is played once from every turn of it (``players`` games on the same seed).

A match counts as won by the bot on the winning seat (or team).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from cardside.core.parallel import Jobs, map_games
from cardside.core.rng import derive_rng
from cardside.core.simulation import Summary, averaged
from cardside.core.stats import mean_interval, wilson_interval
from cardside.core.words import counted, unknown_bot
from cardside.games.octrix.bots import BOT_NAMES, OctrixBot, RandomBot, make_bot
from cardside.games.octrix.state import OctrixState


@dataclass(frozen=True)
class SimResult:
    """Statistics of a simulation; index 0 is the first bot (A), index 1 the second (B)."""

    bots: tuple[str, str]
    players: int
    partnership: bool
    seed: int
    games: int
    wins: tuple[int, int]  # matches won by A and by B
    win_rate: float  # A's share of the matches
    win_interval: tuple[float, float]  # Wilson 95% interval of win_rate
    rounds: int  # rounds played in all matches
    round_samples: tuple[int, int]  # round scores recorded per bot (one per seat or team)
    mean_round_score: tuple[float, float]
    round_score_interval: tuple[tuple[float, float], tuple[float, float]]  # 95%, per bot
    seats: tuple[int, ...] | None = None  # one bot per seat (0 = A, 1 = B), or shared seats
    # With one bot per seat (not in partnerships), the same figures for each bot as listed,
    # whose seat turns one on every match: the rows of the table, as IOTA and Line-it give.
    listed_wins: tuple[int, ...] = ()
    listed_samples: tuple[int, ...] = ()
    listed_means: tuple[float, ...] = ()
    listed_intervals: tuple[tuple[float, float], ...] = ()

    def summary(self) -> Summary:
        """The report every game's simulate gives: each bot's matches won, then its average
        round score (a row per bot listed when one per seat was given)."""
        if self.listed_wins and self.seats is not None:
            bots: tuple[str, ...] = tuple(self.bots[b] for b in self.seats)
            wins: tuple[int, ...] = self.listed_wins
            samples: tuple[int, ...] = self.listed_samples
            scores: tuple[Any, Any] = (self.listed_means, self.listed_intervals)
        else:
            bots, wins, samples = self.bots, self.wins, self.round_samples
            scores = (self.mean_round_score, self.round_score_interval)
        entries = tuple(
            replace(entry, figures=entry.figures | {"rounds_scored": counted})
            for entry, counted in zip(
                averaged(bots, wins, self.games, "round_score", *scores, samples),
                samples,
                strict=True,
            )
        )
        table = ", partnership" if self.partnership else ""
        return Summary(
            game="octrix",
            title=f"Octrix, {self.players} players{table}",
            played=f"{counted(self.games, 'game')} to 88",
            games=self.games,
            seed=self.seed,
            entries=entries,
            columns=("round score (95%)",),
            notes=(
                f"{counted(self.rounds, 'round')} in all; round score: a seat's (or team's) "
                "points per round",
                *self._seating(),
            ),
            figures={
                "players": self.players,
                "partnership": self.partnership,
                "rounds": self.rounds,
                "seats": None if self.seats is None else [self.bots[b] for b in self.seats],
            },
        )

    def _seating(self) -> tuple[str, ...]:
        """How the bots were seated, when one per seat was given."""
        if self.seats is None:
            return ()
        named = ", ".join(self.bots[b] for b in self.seats)
        return (f"seats {named}, turned one seat on every game",)


def lineup(game: int, players: int, seats: Sequence[int] | None = None) -> tuple[int, ...]:
    """Which bot (0 = A, 1 = B) sits on each seat in game number ``game`` (see module doc);
    with ``seats``, that pattern turned ``game`` seats on."""
    if seats is not None:
        turn = game % players
        return tuple(seats[(seat - turn) % players] for seat in range(players))
    first = game % 2 == 0
    if players == 3:
        pattern = (0, 1, 1) if first else (1, 0, 0)
        turn = (game // 2) % 3
        return pattern[-turn:] + pattern[:-turn] if turn else pattern
    base = tuple(seat % 2 for seat in range(players))
    return base if first else tuple(1 - b for b in base)


def play_match(
    bots: Sequence[OctrixBot], players: int, partnership: bool, seed: int | str
) -> OctrixState:
    """Play one match to the end, each seat's bot choosing from its own observation."""
    state = OctrixState(players, partnership=partnership, seed=seed)
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        bot = bots[seat]
        if isinstance(bot, RandomBot):  # its pick needs the legal cards only, not a view
            state.apply(bot.pick(state.legal_actions()))
        else:
            state.apply(bot.choose(state.observation(seat), seat))
    return state


def _one_match(
    bots: tuple[str, str],
    players: int,
    partnership: bool,
    seed: int,
    pattern: tuple[int, ...] | None,
    game: int,
) -> tuple[int, int, list[tuple[int, int]], int, list[tuple[int, int]]]:
    """Match number ``game``: which bot won it, its rounds, each (bot, round score), and with
    one bot per seat, the place in the list of the bot that won and each (place, round
    score)."""
    seats = lineup(game, players, pattern)
    players_ = [
        make_bot(bots[b], derive_rng(seed, "bot", game, seat).randrange(2**32))
        for seat, b in enumerate(seats)
    ]
    deal = game // (2 if pattern is None else players)
    state = play_match(players_, players, partnership, f"{seed}:{deal}")
    outcome = state.outcome()
    assert outcome is not None
    round_scores = [
        (seats[members[0]], result.scores[side])
        for result in state.snapshot.rounds
        for side, members in enumerate(state.sides)
    ]

    def listed(seat: int) -> int:
        """The place in the list of the bot on ``seat``: the pattern turned ``game`` seats."""
        return (seat - game) % players

    by_place = [
        (listed(members[0]), result.scores[side])
        for result in state.snapshot.rounds
        for side, members in enumerate(state.sides)
    ]
    winner = outcome.winners[0]
    return seats[winner], len(state.snapshot.rounds), round_scores, listed(winner), by_place


def simulate(
    games: int,
    bots: tuple[str, str],
    players: int = 2,
    partnership: bool = False,
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
    jobs: Jobs = 1,
    seats: Sequence[int] | None = None,
) -> SimResult:
    """Play ``games`` matches of bot ``bots[0]`` (A) against ``bots[1]`` (B) and summarise.

    ``progress`` is called with the number of matches finished as they finish; ``jobs``
    worker processes share the matches (the results do not depend on it). ``seats`` (0 for
    A, 1 for B, one per player) seats them as given, turned one seat on every game, rather
    than sharing the seats (see the module doc).
    """
    if games < 1:
        raise ValueError("simulate at least one game")
    for name in bots:
        if name.strip().lower() not in BOT_NAMES:
            raise ValueError(unknown_bot("Octrix", name, BOT_NAMES))
    if partnership and players != 4:
        raise ValueError("the partnership game needs exactly 4 players")
    pattern = None if seats is None else tuple(seats)
    if pattern is not None and (len(pattern) != players or set(pattern) != {0, 1}):
        raise ValueError(f"give each of the {players} seats bot A or B, both seated")
    wins = [0, 0]
    scores: tuple[list[int], list[int]] = ([], [])
    rounds = 0
    one = partial(_one_match, (bots[0], bots[1]), players, partnership, seed, pattern)
    matches = map_games(one, games, jobs, progress)
    games = len(matches)  # fewer when stopped with Ctrl-C
    listed = pattern is not None and not partnership
    listed_wins = [0] * players
    listed_scores: list[list[int]] = [[] for _ in range(players)]
    for winner, played, round_scores, place, by_place in matches:
        wins[winner] += 1
        rounds += played
        for bot, score in round_scores:
            scores[bot].append(score)
        listed_wins[place] += 1
        for at, score in by_place:
            listed_scores[at].append(score)
    (mean_a, ci_a), (mean_b, ci_b) = mean_interval(scores[0]), mean_interval(scores[1])
    by_listed = [mean_interval(s) for s in listed_scores] if listed else []
    return SimResult(
        bots=(bots[0], bots[1]),
        players=players,
        partnership=partnership,
        seed=seed,
        games=games,
        wins=(wins[0], wins[1]),
        win_rate=wins[0] / games,
        win_interval=wilson_interval(wins[0], games),
        rounds=rounds,
        round_samples=(len(scores[0]), len(scores[1])),
        mean_round_score=(mean_a, mean_b),
        round_score_interval=(ci_a, ci_b),
        seats=pattern,
        listed_wins=tuple(listed_wins) if listed else (),
        listed_samples=tuple(len(s) for s in listed_scores) if listed else (),
        listed_means=tuple(m for m, _ in by_listed),
        listed_intervals=tuple(i for _, i in by_listed),
    )
