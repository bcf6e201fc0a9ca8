"""Bots against bots: whole Line-it games, with statistics. No printing.

``bots`` names one bot per seat. Seats are rotated and deals shared: the games come in groups
of ``players`` that use the same deal, the bot list turned one seat further each game, so every
bot plays every deal from every seat. Each game is a pure function of (seed, game number), so
games may be played in any order or in parallel with the same results.

A game is won by the seat with the highest score; k seats tied for it each get 1/k of the win.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from cardside.core.parallel import Jobs, map_games
from cardside.core.rng import derive_rng
from cardside.core.simulation import Entry, Summary
from cardside.core.stats import mean_interval, wilson_interval
from cardside.core.words import counted
from cardside.games.lineit import rules
from cardside.games.lineit.bots import BOT_NAMES, make_bot
from cardside.games.lineit.state import Jackpot, LineitState, Scored


@dataclass(frozen=True)
class SeatStats:
    """One seat's figures in one game."""

    entry: int  # index of the bot in the bot list
    won: float  # its share of the win: 1, 1/k for k seats tied on the highest score, or 0
    score: int
    line_points: int
    jackpot_points: int
    tokens: int
    lines: int
    line_cards: int  # number cards in its scored lines
    bets_won: int
    bets_lost: int


def lineup(game: int, players: int) -> tuple[int, ...]:
    """Which entry of the bot list sits on each seat in game number ``game``."""
    turn = game % players
    return tuple((seat + turn) % players for seat in range(players))


def deal_seed(seed: int, game: int, players: int) -> str:
    return f"{seed}:{game // players}"


def play_game(bots: Sequence[str], seed: int, game: int) -> list[SeatStats]:
    """Play game number ``game`` of a simulation; its figures, one per seat."""
    players = len(bots)
    seats = lineup(game, players)
    agents = [
        make_bot(bots[entry], seed=derive_rng(seed, "bot", game, seat).randrange(2**32))
        for seat, entry in enumerate(seats)
    ]
    state = LineitState(players, seed=deal_seed(seed, game, players))
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        state.apply(agents[seat].choose(state.observation(seat), seat))
    outcome = state.outcome()
    assert outcome is not None
    out = []
    log = state.snapshot.log
    for seat in range(players):
        lines = [e.score for e in log if isinstance(e, Scored) and e.seat == seat]
        out.append(
            SeatStats(
                entry=seats[seat],
                won=1 / len(outcome.winners) if seat in outcome.winners else 0.0,
                score=outcome.scores[seat],
                line_points=sum(x.points for x in lines),
                jackpot_points=sum(
                    e.cards for e in log if isinstance(e, Jackpot) and e.seat == seat
                ),
                tokens=sum(x.token for x in lines),
                lines=len(lines),
                line_cards=sum(x.length for x in lines),
                bets_won=sum(1 for x in lines if x.bet_won is True),
                bets_lost=sum(1 for x in lines if x.bet_won is False),
            )
        )
    return out


@dataclass(frozen=True)
class BotSummary:
    """Figures of one entry of the bot list over every game."""

    bot: str
    games: int
    wins: float
    win_rate: float
    win_interval: tuple[float, float]
    score: float
    score_interval: tuple[float, float]
    line_points: float
    jackpot_points: float
    tokens: float
    line_length: float
    bets_won: int
    bets_lost: int


@dataclass(frozen=True)
class SimResult:
    players: int
    seed: int
    games: int
    bots: tuple[BotSummary, ...]

    def summary(self) -> Summary:
        """The report every game's simulate gives: each bot's games won, then its score and
        where its points came from."""
        entries = []
        for b in self.bots:
            low, high = b.score_interval
            entries.append(
                Entry(
                    bot=b.bot,
                    wins=b.wins,
                    games=b.games,
                    cells=(
                        f"{b.score:.1f} [{low:.1f}, {high:.1f}]",
                        f"{b.line_points:.1f}",
                        f"{b.jackpot_points:.1f}",
                        f"{b.tokens:.1f}",
                        f"{b.line_length:.1f}",
                        f"{b.bets_won}/{b.bets_lost}",
                    ),
                    figures={
                        "score": b.score,
                        "score_interval": list(b.score_interval),
                        "line_points": b.line_points,
                        "jackpot_points": b.jackpot_points,
                        "tokens": b.tokens,
                        "line_length": b.line_length,
                        "bets_won": b.bets_won,
                        "bets_lost": b.bets_lost,
                    },
                )
            )
        return Summary(
            game="lineit",
            title=f"Line-it, {self.players} players",
            played=f"{counted(self.games, 'game')}, seats rotated",
            games=self.games,
            seed=self.seed,
            entries=tuple(entries),
            columns=("score (95%)", "lines", "jackpots", "bets", "length", "bets won/lost"),
            groups=(1, 5),
            notes=(
                "points per game: lines (scored cards), jackpots (cards), bets (tokens); "
                "length: number cards per scored line; ties share the win",
            ),
            figures={"players": self.players},
        )


def check_bots(bots: Sequence[str], players: int) -> list[str]:
    """The bot list, checked: one known bot per seat."""
    names = [b.strip().lower() for b in bots]
    if len(names) != players:
        raise ValueError(f"give {players} bots, one per seat (e.g. strong,heuristic)")
    for name in names:
        if name not in BOT_NAMES:
            raise ValueError(f"unknown Line-it bot {name!r} (choose from: {', '.join(BOT_NAMES)})")
    return names


def summarise(bots: Sequence[str], seed: int, games: list[list[SeatStats]]) -> SimResult:
    """Fold per-game figures into a summary per entry of the bot list."""
    summaries = []
    for entry, name in enumerate(bots):
        mine = [s for game in games for s in game if s.entry == entry]
        n = len(mine)
        wins = sum(s.won for s in mine)
        mean, interval = mean_interval([s.score for s in mine])
        lines = sum(s.lines for s in mine)
        summaries.append(
            BotSummary(
                bot=name,
                games=n,
                wins=wins,
                win_rate=wins / n,
                win_interval=wilson_interval(wins, n),
                score=mean,
                score_interval=interval,
                line_points=sum(s.line_points for s in mine) / n,
                jackpot_points=sum(s.jackpot_points for s in mine) / n,
                tokens=sum(s.tokens for s in mine) / n,
                line_length=sum(s.line_cards for s in mine) / lines if lines else 0.0,
                bets_won=sum(s.bets_won for s in mine),
                bets_lost=sum(s.bets_lost for s in mine),
            )
        )
    return SimResult(len(bots), seed, len(games), tuple(summaries))


def simulate(
    games: int,
    bots: Sequence[str],
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
    jobs: Jobs = 1,
) -> SimResult:
    """Play ``games`` games with one bot per seat (rotated) and summarise; ``jobs`` worker
    processes share the games with the same results."""
    if games < 1:
        raise ValueError("simulate at least one game")
    names = check_bots(bots, len(bots))
    if not rules.MIN_PLAYERS <= len(names) <= rules.MAX_PLAYERS:
        raise ValueError("Line-it is for 2 to 5 players")
    played = map_games(partial(play_game, tuple(names), seed), games, jobs, progress)
    return summarise(names, seed, played)
