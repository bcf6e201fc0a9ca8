"""Bots against bots: whole IOTA games, with statistics. No printing.

The bots are listed one per seat. Games come in groups of as many games as there are
players, dealt from the same seed, with the bots moved one seat on after every game, so each
bot plays every deal from every seat. Each game is a pure function of (seed, game index),
so games can be played in any order, or in parallel, with the same results. A tie shares the
win: each of k tied winners is credited 1/k.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from cardside.core.parallel import Jobs, map_games
from cardside.core.rng import derive_rng
from cardside.core.simulation import Summary, averaged
from cardside.core.stats import mean_interval, wilson_interval
from cardside.core.words import counted, unknown_bot
from cardside.games.iota.bots import BOT_NAMES, IotaBot, make_bot
from cardside.games.iota.state import END_BLOCKED, END_LAST_CARD, IotaState


@dataclass(frozen=True)
class GameSummary:
    """One game: each bot's (by its place in the list) share of the win and score."""

    wins: tuple[float, ...]
    scores: tuple[int, ...]
    turns: int
    last_card: bool
    #: Ended on a blocked grid (no card of the pile or of any hand can be laid).
    blocked: bool = False


@dataclass(frozen=True)
class SimResult:
    """Statistics per bot (in the order given) over ``games`` games."""

    bots: tuple[str, ...]
    players: int
    seed: int
    games: int
    wins: tuple[float, ...]
    win_rate: tuple[float, ...]
    win_interval: tuple[tuple[float, float], ...]
    mean_score: tuple[float, ...]
    score_interval: tuple[tuple[float, float], ...]
    mean_turns: float
    last_card_share: float
    passes_share: float
    blocked_share: float = 0.0

    def summary(self) -> Summary:
        """The report every game's simulate gives: each bot's games won, then its average
        score."""
        entries = averaged(
            self.bots, self.wins, self.games, "score", self.mean_score, self.score_interval
        )
        return Summary(
            game="iota",
            title=f"IOTA, {self.players} players",
            played=f"{counted(self.games, 'game')}, seats rotated",
            games=self.games,
            seed=self.seed,
            entries=entries,
            columns=("score (95%)",),
            notes=(
                f"{self.mean_turns:.1f} turns a game on average; ended on a last card (doubled) "
                f"{self.last_card_share:.1%}, on passes {self.passes_share:.1%}"
                + (f", on a blocked grid {self.blocked_share:.1%}" if self.blocked_share else "")
                + "; a tie shares the win",
            ),
            figures={
                "players": self.players,
                "mean_turns": self.mean_turns,
                "last_card_share": self.last_card_share,
                "passes_share": self.passes_share,
                "blocked_share": self.blocked_share,
            },
        )


def seating(game: int, players: int) -> list[int]:
    """Which bot (its place in the list) sits on each seat in game number ``game``."""
    turn = game % players
    return [(seat - turn) % players for seat in range(players)]


def play_seated(
    make: Callable[[int, int], IotaBot], players: int, seed: int, game: int
) -> tuple[IotaState, list[int]]:
    """Game number ``game`` of a simulation seeded ``seed`` played to the end, the bot of
    entry ``b`` of the list on a seat made by ``make(b, its seed)``: the finished game and
    which entry sat on each seat."""
    seats = seating(game, players)
    state = IotaState(players, seed=f"{seed}:{game // players}")
    seated = [
        make(b, derive_rng(seed, "bot", game, seat).randrange(2**32))
        for seat, b in enumerate(seats)
    ]
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        state.apply(seated[seat].choose(state.observation(seat), seat))
    return state, seats


def play_game(bots: tuple[str, ...], seed: int, game: int) -> GameSummary:
    """Game number ``game`` of a simulation seeded ``seed`` (a pure function of both)."""
    players = len(bots)
    state, seats = play_seated(lambda b, bot_seed: make_bot(bots[b], bot_seed), players, seed, game)
    outcome = state.outcome()
    assert outcome is not None
    wins = [0.0] * players
    scores = [0] * players
    for seat, b in enumerate(seats):
        scores[b] = outcome.scores[seat]
        if seat in outcome.winners:
            wins[b] = 1 / len(outcome.winners)
    end = state.snapshot.end
    return GameSummary(
        tuple(wins), tuple(scores), state.turns, end == END_LAST_CARD, end == END_BLOCKED
    )


def check_bots(bots: Sequence[str], players: int) -> list[str]:
    """The bot list, checked: one known bot per seat, or two (the first against the second in
    every other seat)."""
    names = [b.strip().lower() for b in bots]
    for name in names:
        if name not in BOT_NAMES:
            raise ValueError(unknown_bot("IOTA", name, BOT_NAMES))
    if len(names) == 2 and players > 2:
        names += [names[1]] * (players - 2)
    if len(names) != players:
        example = ",".join(["strong", *["greedy"] * (players - 1)])
        raise ValueError(
            f"give one bot per seat, or two: {players} names, not {len(names)} (e.g. {example})"
        )
    return names


def summarise(bots: Sequence[str], seed: int, summaries: Sequence[GameSummary]) -> SimResult:
    games = len(summaries)
    n = len(bots)
    wins = tuple(sum(s.wins[i] for s in summaries) for i in range(n))
    score_stats = [mean_interval([s.scores[i] for s in summaries]) for i in range(n)]
    last = sum(s.last_card for s in summaries)
    blocked = sum(s.blocked for s in summaries)
    return SimResult(
        bots=tuple(bots),
        players=n,
        seed=seed,
        games=games,
        wins=wins,
        win_rate=tuple(w / games for w in wins),
        win_interval=tuple(wilson_interval(w, games) for w in wins),
        mean_score=tuple(m for m, _ in score_stats),
        score_interval=tuple(ci for _, ci in score_stats),
        mean_turns=sum(s.turns for s in summaries) / games,
        last_card_share=last / games,
        passes_share=(games - last - blocked) / games,
        blocked_share=blocked / games,
    )


def simulate(
    games: int,
    bots: Sequence[str],
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
    jobs: Jobs = 1,
) -> SimResult:
    """Play ``games`` games with ``bots`` (one per seat) over ``jobs`` worker processes
    and summarise them; the results do not depend on ``jobs``."""
    if games < 1:
        raise ValueError("simulate at least one game")
    names = tuple(check_bots(bots, len(bots)))
    summaries = map_games(partial(play_game, names, seed), games, jobs, progress)
    return summarise(names, seed, summaries)
