"""Every finished game across sessions, in the order it was played, as sides and places.

One finished game is what a game's sheet counts as one (a Schnapsen match, an Octrix game
to 88, a LinesBeta game, an IOTA game, a Line-it game). Its sides are the score columns: a
player alone, an Octrix partnership (``Ann & Cid``), or a column no one sits in (the LinesBeta
grid, which plays as ``Grid (normal full)``: one opponent per difficulty and length). Its
places: every winning side first (several winners share the first place, a tie), then the
others by their scores, higher first.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from cardside.sessions.stats import (
    BotKey,
    day,
    instant,
    moment_key,
    person,
    seat_key,
    session_key,
    when_of,
)


@dataclass(frozen=True)
class Side:
    """A column of the score sheet: its label and the players in it (key, name as typed)."""

    label: str
    players: tuple[tuple[str, str], ...]
    total: int
    #: False for a column no one sits in (the LinesBeta grid).
    seated: bool = True


@dataclass(frozen=True)
class Finished:
    """One finished game: which game, when, where, its sides and each side's place (0 first)."""

    game: str
    session: str
    number: int
    began: datetime | None
    at: datetime | None
    sides: tuple[Side, ...]
    places: tuple[int, ...]
    variant: str | None = None
    #: What the game calls one of these (``match`` in Schnapsen).
    unit: str = "game"
    #: The seconds it was played, pauses left out, where the cache says.
    active: int | None = None
    #: Its session's place among games decided in the same second (``stats.session_key``).
    tiebreak: tuple[Any, ...] = ()

    @property
    def winning_sides(self) -> int:
        return sum(1 for p in self.places if p == 0)

    def side_of(self, key: str) -> int | None:
        for i, side in enumerate(self.sides):
            if any(k == key for k, _ in side.players):
                return i
        return None

    @property
    def seconds(self) -> float | None:
        """How long the game took by its entries' times, pauses left out (None where the
        file has no times)."""
        if self.active is not None:
            return float(self.active) if self.active > 0 else None
        if self.began is None or self.at is None:
            return None
        span = (instant(self.at) - instant(self.began)).total_seconds()
        return span if span > 0 else None


def grid_name(column: str, variant: str | None) -> str:
    """The player a column no one sits in stands for: ``Grid (normal full)``."""
    return f"{column} ({variant})" if variant else column


def finished_games(
    summaries: list[dict[str, Any]],
    *,
    game: str | None = None,
    since: datetime | None = None,
    until: datetime | None = None,
) -> list[Finished]:
    """The finished games of the sessions, oldest first by the time each was decided.

    ``since`` and ``until`` are days: a game decided on either day (the day its time shows,
    in its file's own offset) is in. Games decided in the same second go by their sessions
    (``stats.session_key``: never by a file's name); a game whose time is unknown sorts
    after the timed ones and is left out when a day is asked for. A game in which one player
    sits on two sides is left out (no one can beat themselves), and so is every game of a
    session where an undo took back what the player had seen (``takebacks``).
    """
    out = []
    for s in summaries:
        if game and s["game"] != game or s.get("takebacks"):
            continue
        for r in s["results"]:
            found = _finished(s, r)
            if found is None:
                continue
            if not within_days(found.at, since, until):
                continue
            out.append(found)
    return sorted(out, key=decided_order)


def within_days(at: datetime | None, since: datetime | None, until: datetime | None) -> bool:
    """Whether a moment ``at`` is within the days asked for (any when none is): its day as
    shown, in its file's own offset."""
    if not (since or until):
        return True
    if at is None:
        return False
    shown = day(at)
    return not (since and shown < since.date() or until and shown > until.date())


def decided_within(
    summary: dict[str, Any], since: datetime | None, until: datetime | None
) -> dict[str, Any]:
    """The summary with only the finished games decided within the days asked for: what a
    view of those days counts of it (the head to head beside the league of those days)."""
    if not (since or until):
        return summary
    kept = [r for r in summary["results"] if within_days(when_of(r, "at"), since, until)]
    return summary | {"results": kept}


def decided_order(game: Finished) -> tuple[Any, ...]:
    """Where a finished game sorts among all decided (see ``stats.decided_key``)."""
    return (*moment_key(game.at), *game.tiebreak, game.number)


def _finished(summary: dict[str, Any], result: dict[str, Any]) -> Finished | None:
    columns: list[str] = summary["columns"]
    totals: list[int] = result["totals"]
    if len(columns) < 2 or len(totals) != len(columns):
        return None
    seated: list[list[tuple[str, str]]] = [[] for _ in columns]
    for seat, column in zip(summary["players"], summary["seat_columns"]):
        if column is not None and 0 <= column < len(columns):
            seated[column].append((seat_key(seat), seat["name"]))
    variant = summary.get("variant")
    sides = []
    for i, label in enumerate(columns):
        # The grid plays as a bot does: ``--player Grid`` finds it by its seat alone.
        grid = grid_name(label, variant)
        players = seated[i] or [(BotKey(person(grid)), grid)]
        # One name twice in a column (a hand-edited file) is one player.
        players = list(dict(players).items())
        sides.append(Side(label, tuple(players), totals[i], bool(seated[i])))
    keys = [k for side in sides for k, _ in side.players]
    if len(keys) != len(set(keys)):
        return None
    winners = {person(w) for w in result["winners"]}
    # A column no one sits in (LinesBeta's grid) wins under its own name: "Grid".
    won = [
        any(k in winners for k, _ in side.players)
        or (not side.seated and person(side.label) in winners)
        for side in sides
    ]
    # The rest by their scores; dense places, so equal scores share a place.
    others = sorted({t for t, w in zip(totals, won) if not w}, reverse=True)
    first = 1 if any(won) else 0
    places = tuple(0 if w else first + others.index(t) for t, w in zip(totals, won))
    return Finished(
        game=summary["game"],
        session=str(summary["name"]),
        number=int(result["number"]),
        began=when_of(result, "began"),
        at=when_of(result, "at"),
        sides=tuple(sides),
        places=places,
        variant=variant,
        unit=str(summary.get("unit") or "game"),
        active=result.get("seconds"),
        tiebreak=session_key(summary),
    )
