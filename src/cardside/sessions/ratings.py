"""Skill ratings per player per game, from every finished game in the order it was played.

The model is OpenSkill's Plackett–Luce (the ``openskill`` package): every player starts at
mu 25, sigma 25/3; each finished game updates everyone in it from their places (an Octrix
partnership is a team; sides that share a place get the mean of the updates of each order
they could have finished in). The number shown is a cautious one, what the
player is very likely at least as good as, on a scale like a chess rating's:

    rating = 1000 + 40 × (mu − 3 × sigma)

so a newcomer shows 1000, and the rating climbs as games make sigma (the doubt) smaller. A
rating stays provisional while sigma is above :data:`PROVISIONAL_SIGMA` (about the first ten
games).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from cardside.sessions.results import Finished
from cardside.sessions.stats import naive

BASE = 1000
SCALE = 40
#: A rating is provisional while its sigma is above this (it starts at 25/3 ≈ 8.3).
PROVISIONAL_SIGMA = 6.5
#: The window of the change shown beside a rating.
RECENT = timedelta(days=30)
#: A player's mu and sigma.
Mu = tuple[float, float]
FORMULA = f"rating = {BASE} + {SCALE} × (mu − 3 × sigma)"


def shown(mu: float, sigma: float) -> int:
    """The one number a rating is shown as (see the module's docstring)."""
    return round(BASE + SCALE * (mu - 3 * sigma))


@dataclass
class Rating:
    """One player's rating in one game, and how it got there."""

    game: str
    key: str
    name: str
    mu: float
    sigma: float
    games: int = 0
    last: datetime | None = None
    #: (when, rating shown, session) after each game the player took part in.
    history: list[tuple[datetime | None, int, str]] = field(default_factory=list)

    @property
    def rating(self) -> int:
        return shown(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return self.sigma > PROVISIONAL_SIGMA

    def change(self, now: datetime) -> int:
        """How far the shown rating moved since the day 30 days before ``now`` (from its
        first moment, so the figure is the same at any time of day)."""
        cutoff = (naive(now) - RECENT).replace(hour=0, minute=0, second=0, microsecond=0)
        before = shown(*start_values())
        for when, value, _ in self.history:
            if when is not None and naive(when) >= cutoff:
                break
            before = value
        return self.rating - before

    def as_dict(self, now: datetime) -> dict[str, Any]:
        return {
            "game": self.game,
            "player": self.name,
            "rating": self.rating,
            "mu": round(self.mu, 4),
            "sigma": round(self.sigma, 4),
            "games": self.games,
            "change_30_days": self.change(now),
            "provisional": self.provisional,
            "last_played": self.last.isoformat() if self.last else None,
        }


def _model() -> Any:
    from openskill.models import PlackettLuce

    return PlackettLuce()


def start_values() -> tuple[float, float]:
    """A newcomer's mu and sigma."""
    model = _model()
    return float(model.mu), float(model.sigma)


def _rated(model: Any, teams: list[list[Any]], places: tuple[int, ...]) -> list[list[Mu]]:
    """Each player's new mu and sigma after a game that ended in ``places`` (0 first).

    Sides that share a place are rated as the mean of the games that rank them each way
    round (the orders of every group of tied sides): either order was as likely. The model's
    own reading of a shared place ranks the third of five above two tied winners.
    """
    groups: dict[int, list[int]] = {}
    for side, place in enumerate(places):
        groups.setdefault(place, []).append(side)
    orders = [list(itertools.permutations(group)) for _, group in sorted(groups.items())]
    sums = [[[0.0, 0.0] for _ in team] for team in teams]
    count = 0
    for choice in itertools.product(*orders):
        ranks = [0] * len(places)
        for rank, side in enumerate(side for group in choice for side in group):
            ranks[side] = rank
        for side, team in enumerate(model.rate(teams, ranks=ranks)):
            for total, new in zip(sums[side], team):
                total[0] += float(new.mu)
                total[1] += float(new.sigma)
        count += 1
    return [[(mu / count, sigma / count) for mu, sigma in team] for team in sums]


def rate(finished: list[Finished]) -> list[Rating]:
    """Every player's rating in every game, from the games in the order given (oldest
    first, as :func:`cardside.sessions.results.finished_games` gives them); sorted by game,
    then rating, highest first."""
    model = _model()
    table: dict[tuple[str, str], Rating] = {}
    for game in finished:
        teams = []
        for side in game.sides:
            team = []
            for key, name in side.players:
                entry = table.get((game.game, key))
                if entry is None:
                    entry = table[game.game, key] = Rating(
                        game.game, key, name, float(model.mu), float(model.sigma)
                    )
                team.append(model.create_rating([entry.mu, entry.sigma], name=key))
            teams.append(team)
        updated = _rated(model, teams, game.places)
        for side, team in zip(game.sides, updated):
            for (key, _), (mu, sigma) in zip(side.players, team):
                entry = table[game.game, key]
                entry.mu, entry.sigma = mu, sigma
                entry.games += 1
                entry.last = game.at or entry.last
                entry.history.append((game.at, entry.rating, game.session))
    return sorted(table.values(), key=lambda r: (r.game, -r.rating, -r.mu, r.name.casefold()))
