"""A league table and records per game, from the finished games in the order they were played.

League points: a win is 1 point; a tie shares the point among the sides that tie for first
(two sides: ½ each); a loss is 0. The win rate is points per game played. The form is the
last five results, newest first: ``W`` won, ``D`` drawn (tied for first), ``L`` lost. The table is
sorted by points, then rating, then name.

A record stands until it is beaten: of two equal feats, the earlier keeps it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from cardside.sessions.ratings import Rating
from cardside.sessions.results import Finished, Side, decided_order, within_days
from cardside.sessions.stats import moment_key, person, session_key, when_of

FORM = 5


#: Between the holders of a record set together (``Ann; Bob``): ``&`` joins partners.
TIED = "; "


@dataclass
class Standing:
    """One player's line in one game's league table."""

    game: str
    key: str
    name: str
    played: int = 0
    won: int = 0
    drawn: int = 0
    points: float = 0.0
    results: list[str] = field(default_factory=list)  # W, D, L oldest first
    rating: int | None = None
    #: The rating is still provisional (sigma high: a few games only), as the ratings mark it.
    provisional: bool = False

    @property
    def lost(self) -> int:
        return self.played - self.won - self.drawn

    @property
    def rate(self) -> float | None:
        return self.points / self.played if self.played else None

    @property
    def form(self) -> str:
        return " ".join(reversed(self.results[-FORM:]))

    def as_dict(self) -> dict[str, Any]:
        return {
            "player": self.name,
            "played": self.played,
            "won": self.won,
            "drawn": self.drawn,
            "lost": self.lost,
            "win_rate": None if self.rate is None else round(self.rate, 4),
            "points": round(self.points, 4),
            "form": self.form,
            "rating": self.rating,
            "provisional": self.provisional,
        }


def league(finished: list[Finished], ratings: list[Rating]) -> dict[str, list[Standing]]:
    """Each game's table, from its games oldest first and the ratings over the same games."""
    tables: dict[str, dict[str, Standing]] = {}
    for game in finished:
        table = tables.setdefault(game.game, {})
        sides = game.winning_sides
        for side, place in zip(game.sides, game.places):
            for key, name in side.players:
                row = table.setdefault(key, Standing(game.game, key, name))
                row.played += 1
                if place == 0 and sides == 1:
                    row.won += 1
                    row.points += 1
                    row.results.append("W")
                elif place == 0:
                    row.drawn += 1
                    row.points += 1 / sides
                    row.results.append("D")
                else:
                    row.results.append("L")
    for r in ratings:
        if r.key in tables.get(r.game, {}):
            tables[r.game][r.key].rating = r.rating
            tables[r.game][r.key].provisional = r.provisional
    return {
        game: sorted(
            rows.values(),
            key=lambda s: (-round(s.points, 6), -(s.rating or 0), s.name.casefold()),
        )
        for game, rows in sorted(tables.items())
    }


@dataclass
class Record:
    """A record of one game: what, who holds it, the value, when and in which session."""

    game: str
    what: str
    who: str
    value: float
    when: datetime | None
    session: str
    unit: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "record": self.what,
            "who": self.who,
            "value": self.value,
            "unit": self.unit,
            "when": self.when.isoformat() if self.when else None,
            "session": self.session,
        }


def _better(old: Record | None, value: float, higher: bool) -> bool:
    """Whether ``value`` beats the record ``old`` (an equal value does not)."""
    if old is None:
        return True
    return value > old.value if higher else value < old.value


#: Games whose winner always ends on the same score (a Schnapsen match on 7 game points):
#: there the highest score is no feat, and no record of it is kept.
FIXED_WINNING_SCORE = frozenset({"schnapsen"})


def records(
    finished: list[Finished],
    summaries: list[dict[str, Any]],
    *,
    game: str | None = None,
    since: datetime | None = None,
    until: datetime | None = None,
) -> list[Record]:
    """Every game's records: the ones all games have, then the game's own."""
    found: dict[tuple[str, str], Record] = {}
    order: list[tuple[str, str]] = []
    # Where each record was set: its session and the game (match) or row in it, with the
    # moment; two matches of one session can be decided in the same second.
    set_in: dict[tuple[str, str], tuple[Any, ...]] = {}

    def offer(
        game: str, what: str, who: str, value: float, higher: bool, where: Any, **kw: Any
    ) -> None:
        key = (game, what)
        old = found.get(key)
        place = (kw.get("when"), kw.get("session"), where)
        if _better(old, value, higher):
            if key not in found:
                order.append(key)
            found[key] = Record(game, what, who, value, **kw)
            set_in[key] = place
        elif (
            old is not None
            and value == old.value
            and place == set_in.get(key)
            and who not in old.who.split(TIED)
        ):
            # Set at the same moment of the same game (two equal scores): shared.
            old.who = f"{old.who}{TIED}{who}"

    # Each player under one spelling in a game's records, the league table's: the first seen.
    spelling: dict[tuple[str, str], str] = {}
    for g in finished:
        for side in g.sides:
            for key, name in side.players:
                spelling.setdefault((g.game, key), name)

    def _who(g: Finished, side: Side) -> str:
        """Who a side is: its players (``Ann & Cid``), or the grid with its variant."""
        if not side.seated:
            return side.players[0][1]
        return " & ".join(spelling.get((g.game, key), name) for key, name in side.players)

    streaks: dict[tuple[str, str], int] = {}
    counts: dict[tuple[str, str, str], tuple[int, str, Finished]] = {}
    for g in finished:
        where = {"when": g.at, "session": g.session, "where": ("game", g.number)}
        if g.game not in FIXED_WINNING_SCORE:
            for side in g.sides:
                offer(g.game, "highest score", _who(g, side), side.total, True, **where)
        for side in g.sides:
            offer(g.game, "lowest score", _who(g, side), side.total, False, **where)
        winners = [s for s, p in zip(g.sides, g.places) if p == 0]
        if len(winners) == 1:
            best_other = max(s.total for s, p in zip(g.sides, g.places) if p != 0)
            margin = winners[0].total - best_other
            # Where a game is won on targets, not on the higher total (a LinesBeta round the
            # grid wins with fewer tricks), the winner's lead is no margin.
            if margin > 0:
                offer(g.game, "biggest margin", _who(g, winners[0]), margin, True, **where)
        for side, place in zip(g.sides, g.places):
            runs = []
            for key, name in side.players:
                name = spelling.get((g.game, key), name)
                run = streaks[g.game, key] = (
                    streaks.get((g.game, key), 0) + 1 if (place == 0 and len(winners) == 1) else 0
                )
                runs.append((run, name))
                if place == 0 and len(winners) == 1 and _shutout(g):
                    _count(counts, (g.game, "most matches won 7–0", key), name, g)
                if place == 0 and len(winners) == 1 and g.variant and side.seated:
                    _count(counts, (g.game, f"most wins at {g.variant}", key), name, g)
            # Partners on the same run share it.
            best = max(run for run, _ in runs)
            if best:
                who = " & ".join(name for run, name in runs if run == best)
                offer(g.game, "longest winning streak", who, best, True, unit=g.unit, **where)
        seconds = g.seconds
        if seconds is not None:
            who = TIED.join(_who(g, s) for s in winners) or "no one"
            fastest = f"fastest {g.unit}"
            offer(g.game, fastest, who, round(seconds), False, unit="seconds", **where)
    # Offered in the order each count was reached, so that of two equal counts the one
    # reached first keeps the record, as with every other feat.
    reached = sorted(counts.items(), key=lambda item: decided_order(item[1][2]))
    for (counted_game, what, _), (n, name, g) in reached:
        offer(
            counted_game,
            what,
            name,
            n,
            True,
            when=g.at,
            session=g.session,
            where=("game", g.number),
        )
    feats = []
    for s in summaries:
        if game and s["game"] != game or s.get("takebacks"):
            continue
        for h in s["highlights"]:
            at = when_of(h, "at")
            if not within_days(at, since, until):
                continue
            column = str(s["columns"][h["column"]])
            # A partnership's column joins its partners' names; a player may be named with
            # an ``&`` of their own (``Ann & Bob`` alone in a seat), matched whole.
            seated = {str(p["name"]) for p in s["players"]}
            parts = [column] if column in seated else column.split(" & ")
            who = " & ".join(spelling.get((s["game"], person(part)), part) for part in parts)
            when = (*moment_key(at), *session_key(s))
            feats.append((when, at, str(s["name"]), s["game"], h, who))
    # As the games are: by the moment, then the session (never by a file's name).
    feats.sort(key=lambda f: f[0])
    for _, at, session, game_name, h, who in feats:
        offer(
            game_name,
            h["what"],
            who,
            h["value"],
            True,
            when=at,
            session=session,
            where=("row", h.get("row")),
        )
    return [found[k] for k in sorted(order, key=lambda k: (k[0], _rank(k[1])))]


def _shutout(g: Finished) -> bool:
    """A Schnapsen match won 7–0 (a Bummerl whose loser took no game point)."""
    return g.game == "schnapsen" and sorted(s.total for s in g.sides) == [0, 7]


def _count(
    counts: dict[tuple[str, str, str], tuple[int, str, Finished]],
    key: tuple[str, str, str],
    name: str,
    g: Finished,
) -> None:
    n = counts.get(key, (0, name, g))[0]
    counts[key] = (n + 1, name, g)


_COMMON = ("highest score", "lowest score", "biggest margin", "longest winning streak")


def _rank(what: str) -> tuple[int, str]:
    """The records all games have first, in a fixed order, then the game's own by name."""
    if what in _COMMON:
        return (_COMMON.index(what), "")
    if what.startswith("fastest "):
        return (len(_COMMON), "")
    return (len(_COMMON) + 1, what)
