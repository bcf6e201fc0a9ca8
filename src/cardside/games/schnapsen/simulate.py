"""Bots against bots: many deals or matches, seats swapped, with 95% intervals. No printing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from cardside.core.parallel import Jobs, map_games
from cardside.core.simulation import Entry, Summary
from cardside.core.stats import mean_interval, wilson_interval, with_interval
from cardside.core.words import counted
from cardside.games.schnapsen.bots import SEARCHING, Bot, RandomBot, make_bot
from cardside.games.schnapsen.state import SchnapsenState


@dataclass(frozen=True)
class Interval:
    """An estimate with its 95% interval."""

    estimate: float
    low: float
    high: float

    def __str__(self) -> str:
        return f"{self.estimate:.3f} [{self.low:.3f}, {self.high:.3f}]"


def wilson(successes: int, n: int) -> Interval:
    """A rate with its Wilson score interval."""
    low, high = wilson_interval(successes, n)
    return Interval(successes / n if n else 0.0, low, high)


def mean_with_interval(values: list[int]) -> Interval:
    """A mean with its normal-approximation interval."""
    mean, (low, high) = mean_interval(values)
    return Interval(mean, low, high)


@dataclass(frozen=True)
class SimulationResult:
    """Statistics for bot A against bot B."""

    bot_a: str
    bot_b: str
    level: str
    deals: int
    deals_won_a: int
    matches: int
    matches_won_a: int
    #: Share of deals won by A.
    deal_win_rate: Interval
    #: A's game points per deal: + when A wins the deal, - when B does.
    points_per_deal: Interval
    #: Share of matches won by A (only when whole matches were played).
    match_win_rate: Interval
    #: The seed the games were dealt from.
    seed: int = 0

    def _level(self) -> str:
        """`` (level hard)`` when a bot of the pairing searches, else nothing."""
        searching = {self.bot_a, self.bot_b} & set(SEARCHING)
        return f" (level {self.level})" if searching else ""

    def summary(self) -> Summary:
        """The report every game's simulate gives: each bot's matches won (deals, with
        single deals), then its deals and its game points a deal."""
        matches = bool(self.matches)
        won_a = self.matches_won_a if matches else self.deals_won_a
        count = self.matches if matches else self.deals
        p = self.points_per_deal
        lost = self.deals - self.deals_won_a
        rows = [
            (self.bot_a, won_a, self.deals_won_a, (p.estimate, p.low, p.high)),
            (self.bot_b, count - won_a, lost, (-p.estimate, -p.high, -p.low)),
        ]
        entries = []
        for bot, wins, deals_won, (points, low, high) in rows:
            deal_low, deal_high = wilson_interval(deals_won, self.deals)
            deal_share = deals_won / self.deals if self.deals else 0.0
            cells: tuple[str, ...] = (with_interval(points, (low, high), self.deals, "+.2f"),)
            if matches:
                cells = (
                    f"{deals_won}",
                    f"{deal_share:.1%} [{deal_low:.1%}, {deal_high:.1%}]",
                    *cells,
                )
            entries.append(
                Entry(
                    bot=bot,
                    wins=wins,
                    games=count,
                    cells=cells,
                    figures={
                        "deals_won": deals_won,
                        "deal_share": deal_share,
                        "deal_interval": [deal_low, deal_high],
                        "points_per_deal": points,
                        "points_per_deal_interval": [low, high],
                    },
                )
            )
        columns: tuple[str, ...] = ("game points a deal (95%)",)
        if matches:
            columns = ("deals", "deal share (95%)", *columns)
        played = counted(self.matches, "match") if matches else counted(self.deals, "single deal")
        return Summary(
            game="schnapsen",
            title=f"Schnapsen, {self.bot_a} vs {self.bot_b}{self._level()}",
            played=f"{played}, seats swapped every {'match' if matches else 'deal'}",
            games=count,
            seed=self.seed,
            entries=tuple(entries),
            columns=columns,
            notes=("wins: matches won; deals: deals won" if matches else "wins: deals won",),
            figures={
                "level": self.level,
                "unit": "matches" if matches else "deals",
                "deals": self.deals,
            },
        )


ProgressFn = Callable[[int, int], None]
BotFactory = Callable[[str, str, str], Bot]


def _one_game(
    bot_a: str, bot_b: str, unit: str, level: str, seed: int, factory: BotFactory, game: int
) -> tuple[list[int], bool]:
    """Game number ``game``: A's game points in each deal (+ won, - lost), and whether A
    won the match."""
    a_seat = game % 2
    players = {
        a_seat: factory(bot_a, level, f"{seed}:a:{game}"),
        1 - a_seat: factory(bot_b, level, f"{seed}:b:{game}"),
    }
    state = SchnapsenState(seed=f"{seed}:{game}", first_dealer=game // 2 % 2)
    while not state.is_terminal() and (unit == "matches" or not state.history):
        seat = state.current_player()
        assert seat is not None
        bot = players[seat]
        if isinstance(bot, RandomBot):  # its pick needs the legal moves only, not a view
            state.apply(bot.pick(state.legal_actions()))
        else:
            state.apply(bot.choose(state.observation(seat), seat))
    values = [
        r.points if r.winner == a_seat else -r.points for r in (h.result for h in state.history)
    ]
    outcome = state.outcome()
    won = unit == "matches" and outcome is not None and outcome.is_win(a_seat)
    return values, won


def simulate(
    bot_a: str,
    bot_b: str,
    count: int,
    *,
    unit: str = "matches",
    level: str = "normal",
    seed: int = 0,
    progress: ProgressFn | None = None,
    jobs: Jobs = 1,
    factory: BotFactory = make_bot,
) -> SimulationResult:
    """Play ``count`` matches (or single deals with ``unit="deals"``) of ``bot_a`` against
    ``bot_b``; A sits at seat 0 in even-numbered games and seat 1 in odd ones.

    Each game has its own bots, seeded from the game's number, so ``jobs`` worker processes
    can share the games with the same results. ``progress(done, count)`` is called as games
    finish. ``factory(name, level, seed)`` builds the bots (:func:`~bots.make_bot` unless
    given; benchmarks pass their own to compare variants; it must be picklable for ``jobs``).
    """
    if unit not in ("matches", "deals"):
        raise ValueError("unit is 'matches' or 'deals'")
    if count < 1:
        raise ValueError("count must be at least 1")
    deal_values: list[int] = []
    deals_won = 0
    matches_won = 0
    tick = None if progress is None else lambda done: progress(done, count)
    one = partial(_one_game, bot_a, bot_b, unit, level, seed, factory)
    games = map_games(one, count, jobs, tick)
    count = len(games)  # fewer when stopped with Ctrl-C
    for values, won_match in games:
        deal_values += values
        deals_won += sum(v > 0 for v in values)
        matches_won += won_match
    n_matches = count if unit == "matches" else 0
    return SimulationResult(
        bot_a=bot_a,
        bot_b=bot_b,
        level=level,
        deals=len(deal_values),
        deals_won_a=deals_won,
        matches=n_matches,
        matches_won_a=matches_won,
        deal_win_rate=wilson(deals_won, len(deal_values)),
        points_per_deal=mean_with_interval(deal_values),
        match_win_rate=wilson(matches_won, n_matches),
        seed=seed,
    )
