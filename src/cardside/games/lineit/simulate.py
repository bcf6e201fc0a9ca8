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
from typing import NamedTuple

from cardside.core.errors import IllegalActionError
from cardside.core.parallel import Jobs, map_games
from cardside.core.rng import derive_rng
from cardside.core.simulation import Entry, Summary
from cardside.core.stats import mean_interval, wilson_interval, with_interval
from cardside.core.words import counted, unknown_bot
from cardside.games.lineit import rules
from cardside.games.lineit.bots import BOT_NAMES, RandomBot, make_bot
from cardside.games.lineit.state import Jackpot, LineitState


class SeatStats(NamedTuple):
    """One seat's figures in one game (a named tuple: one is made for every seat of every
    game, and this is the cheapest immutable record)."""

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
    # A random bot needs only the legal actions, which the full state gives as the seat's
    # observation would: it picks among them with no view taken, and its pick needs no check.
    # Nothing is undone here, so the game keeps no undo record (``advance``).
    picks = [agent.pick if isinstance(agent, RandomBot) else None for agent in agents]
    state = LineitState(players, seed=deal_seed(seed, game, players))
    if all(pick is not None for pick in picks):
        state.play_out([pick for pick in picks if pick is not None])
        return seat_stats(state, seats)
    advance, legal_actions, current_player = (
        state.advance,
        state.legal_actions,
        state.current_player,
    )
    while (seat := current_player()) is not None:
        pick = picks[seat]
        if pick is not None:
            advance(pick(legal_actions()))
        else:
            action = agents[seat].choose(state.observation(seat), seat)
            reason = state.why_illegal(action)
            if reason:
                raise IllegalActionError(f"{bots[seats[seat]]} bot: {reason}")
            advance(action)
    return seat_stats(state, seats)


def seat_stats(state: LineitState, seats: Sequence[int]) -> list[SeatStats]:
    """Each seat's figures in a finished game (``seats``: the entry of the bot list on each
    seat), read from the game's log in one pass."""
    players = state.players
    scores = state.scores()
    won = rules.winners(scores)
    # Per seat: line points, jackpot points, tokens, lines, line cards, bets won, bets lost.
    figures = [[0, 0, 0, 0, 0, 0, 0] for _ in range(players)]
    for e in state.snapshot.log:
        if isinstance(e, Jackpot):
            figures[e.seat][1] += e.cards
            continue
        x = e.score
        f = figures[e.seat]
        points = len(x.points_cards)
        f[0] += points
        f[3] += 1
        f[4] += len(x.discarded) + points
        if x.bet is not None:
            f[2] += x.token
            if x.token > 0:
                f[5] += 1
            else:
                f[6] += 1
    share = 1 / len(won)
    return [
        _new_stats(
            SeatStats,
            (seats[seat], share if seat in won else 0.0, scores[seat], *figures[seat]),
        )
        for seat in range(players)
    ]


_new_stats = tuple.__new__  # a named tuple made without its generated constructor


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
                        with_interval(b.score, (low, high), b.games),
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
            columns=(
                "score (95%)",
                "line points",
                "jackpots",
                "tokens",
                "length",
                "bets won/lost",
            ),
            groups=(1, 5),
            notes=(
                "points per game, as the score sheet splits them: line points (scored cards), "
                "jackpots (cards), tokens (from bets); length: number cards per scored line; "
                "a tie shares the win",
            ),
            figures={"players": self.players},
        )


def check_bots(bots: Sequence[str], players: int) -> list[str]:
    """The bot list, checked: one known bot per seat, or two (the first against the second in
    every other seat)."""
    names = [b.strip().lower() for b in bots]
    for name in names:
        if name not in BOT_NAMES:
            raise ValueError(unknown_bot("Line-it", name, BOT_NAMES))
    if len(names) == 2 and players > 2:
        names += [names[1]] * (players - 2)
    if len(names) != players:
        example = ",".join(["strong", *["heuristic"] * (players - 1)])
        raise ValueError(
            f"give one bot per seat, or two: {players} names, not {len(names)} (e.g. {example})"
        )
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
