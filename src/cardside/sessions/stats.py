"""Statistics across sessions: players, head to head, and games, from the index's summaries.

A player is the same person in every session where the name matches ignoring case, the
spaces around it and how it was typed (``Ａｎｎ`` full-width, ``José`` with its accent as one
character or two); bots and the LinesBeta grid's opponent count as players like anyone else.
A game won or lost is what the game's sheet counts (a Schnapsen match, an Octrix game, a
LinesBeta game); a session still going on counts only the games finished in it. A tie for first
place is a game drawn, as in the league: it shares the win among the sides that tie (two sides:
½ each), which is what the win rate counts, and it ends a winning streak.

Games are taken in the order they were decided, as moments (whatever UTC offset each file
writes), and games decided in the same second by :func:`session_key`, which no file name
enters. A moment's day is its date in the offset its file wrote it with: the date shown.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from functools import cache
from typing import Any

from cardside.core.players import person
from cardside.core.stats import wilson_interval

# Fewer games than this give a win rate without an interval (it would say little).
MIN_FOR_INTERVAL = 10


class BotKey(str):
    """The key of a bot's seat (or of the LinesBeta grid): equal to the same name's
    :func:`person` key, and the only kind of key ``--player`` finds by its seat alone."""

    __slots__ = ()


def seat_key(seat: dict[str, Any]) -> str:
    """The key of a summary's player (its ``name`` and ``kind``): a :class:`BotKey` for a
    bot."""
    key = person(str(seat["name"]))
    return BotKey(key) if str(seat.get("kind", "")).startswith("bot:") else key


def answers_to(key: str, wanted: str) -> bool:
    """Whether the player keyed ``key`` is one ``--player`` asks for (``wanted``, a key too):
    the same name, or a bot asked for by its seat alone (``Bot 2`` finds ``Bot 2 (greedy)``
    and ``Bot 2 (strong)``, as the seat is all a screen of play shows). A person whose name
    goes on in brackets (``Ann (jr)``, and ``Ann (hard)`` from a file kept before such names
    were refused) is someone else."""
    if key == wanted:
        return True
    if not isinstance(key, BotKey):
        return False
    key = _without_game(key)
    if key == wanted:
        return True
    if not (key.startswith(f"{wanted} (") and key.endswith(")")):
        return False
    said = key[len(wanted) + 2 : -1]
    # A bot's kind (greedy; strong, easy), or the LinesBeta grid's setting (normal short).
    return re.split(r"[ ,]", said.strip())[0] in bot_kinds()


#: Added to the name of a person named as statistics name a bot, to keep the two apart.
PERSON = "a person"


def bot_bracket(name: str) -> str | None:
    """The bot (or game) a name's closing brackets name (``Bot 2 (strong)``, ``Hal (greedy,
    hard)``, ``Strong (Octrix)``): statistics name each bot so, and a person so named would
    be counted as the bot. Read as statistics read names: full-width brackets are brackets."""
    found = re.fullmatch(r".*\(\s*([^()]*?)\s*\)\s*", unicodedata.normalize("NFKC", name))
    if not found:
        return None
    word = re.split(r"[ ,]", found.group(1))[0]
    return word if person(word) in bot_kinds() or person(word) in game_keys() else None


@cache
def bot_kinds() -> frozenset[str]:
    """Every game's bot names, as keys (``greedy``, ``strong``), and the Schnapsen levels
    and LinesBeta difficulties (``Strong (hard)``, ``Grid (normal short)``): what the brackets
    of a bot's (or the grid's) name begin with."""
    from cardside.games.linesbeta.rules import DIFFICULTIES
    from cardside.games.registry import GAMES
    from cardside.games.schnapsen.bots import LEVELS

    names = [name for game in GAMES.values() for name in game.module("bots").BOT_NAMES]
    return frozenset(person(name) for name in [*names, *LEVELS, *DIFFICULTIES])


def bots_named_by_kind(summary: dict[str, Any]) -> dict[str, Any]:
    """The summary with each bot's seat named with the bot it is (``Bot 2 (greedy)``), in
    its players, columns and winners: a seat's name says only where a bot sat, so without
    this a greedy and a strong bot that both sat second would count as one player. A name
    that already says the bot (``Strong`` for the strong bot) is kept; a Schnapsen level other
    than normal is added (``Bot 2 (strong, easy)``, ``Strong (hard)``). A person named so is
    named ``Bot 2 (strong) (a person)``."""
    renamed: dict[str, str] = {}
    players = []
    for p in summary["players"]:
        kind = str(p.get("kind", ""))
        name = str(p["name"])
        if not kind.startswith("bot:") and bot_bracket(name):
            # A person a file names as statistics name a bot (``Bot 2 (strong)``, typed before
            # such names were refused) is kept apart from that bot.
            renamed[name] = f"{name} ({PERSON})"
        elif kind.startswith("bot:"):
            # A Schnapsen searching bot's kind holds its level too: ``strong, easy``.
            bot, _, level = kind.removeprefix("bot:").partition(", ")
            if bot.casefold() not in name.casefold():
                renamed[name] = f"{name} ({bot}{', ' + level if level else ''})"
            elif level:
                renamed[name] = f"{name} ({level})"
        players.append(p | {"name": renamed.get(name, name)})
    if not renamed:
        return summary
    return _renamed(summary | {"players": players}, renamed)


def _players_renamed(summary: dict[str, Any], renamed: dict[str, str]) -> dict[str, Any]:
    """The summary with the players ``renamed`` names (old name: new) named anew, in its
    players, columns, winners and results; the summary itself where it names none."""
    if not renamed:
        return summary
    players = [p | {"name": renamed.get(str(p["name"]), p["name"])} for p in summary["players"]]
    return _renamed(summary | {"players": players}, renamed)


def _renamed(summary: dict[str, Any], renamed: dict[str, str]) -> dict[str, Any]:
    """The summary with the players' names in ``renamed`` changed in its columns, winners
    and results (its players already renamed)."""

    def one(name: str) -> str:
        # A partnership's column joins its partners' names.
        if name in renamed:
            return renamed[name]
        return " & ".join(renamed.get(part, part) for part in name.split(" & "))

    return summary | {
        "columns": [one(c) for c in summary["columns"]],
        "winners": [one(w) for w in summary["winners"]],
        "results": [r | {"winners": [one(w) for w in r["winners"]]} for r in summary["results"]],
    }


def bots_named_by_game(summaries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Summaries of several games with each bot's name saying its game too (``Bot 2
    (strong, Line-it)``, ``Strong (Octrix)``): Line-it's strong bot and Schnapsen's are not
    one player. Summaries of one game are given back as they are."""
    if len({s["game"] for s in summaries}) < 2:
        return summaries
    from cardside.games.registry import GAMES

    named = []
    for s in summaries:
        info = GAMES.get(s["game"])
        title = info.title if info is not None else str(s["game"])
        renamed = {
            str(p["name"]): _with_game(str(p["name"]), title)
            for p in s["players"]
            if str(p.get("kind", "")).startswith("bot:")
        }
        named.append(_players_renamed(s, renamed))
    return named


def _with_game(name: str, title: str) -> str:
    """``Bot 2 (strong)`` of Line-it as ``Bot 2 (strong, Line-it)``; ``Strong`` as
    ``Strong (Line-it)``."""
    if name.endswith(")") and " (" in name:
        return f"{name[:-1]}, {title})"
    return f"{name} ({title})"


def _without_game(key: str) -> str:
    """A bot's key without the game :func:`bots_named_by_game` added to its name."""
    for title in game_keys():
        if key.endswith(f", {title})"):
            return key[: -len(title) - 3] + ")"
        if key.endswith(f" ({title})"):
            return key[: -len(title) - 3]
    return key


def game_in_name(name: str) -> tuple[str, str] | None:
    """The game a bot's name says (:func:`bots_named_by_game`) and the name without it:
    ``Bot 2 (strong, Line-it)`` as ``("lineit", "Bot 2 (strong)")``, ``Strong (Octrix)`` as
    ``("octrix", "Strong")``; ``None`` for a name that says no game."""
    from cardside.games.registry import GAMES

    key = person(name)
    for game, info in GAMES.items():
        title = person(info.title)
        if not key.endswith((f", {title})", f" ({title})")):
            continue
        said = re.escape(info.title)
        base = re.sub(rf",\s*{said}\s*\)\s*$", ")", name.strip(), flags=re.IGNORECASE)
        if base == name.strip():
            base = re.sub(rf"\s*\(\s*{said}\s*\)\s*$", "", base, flags=re.IGNORECASE)
        # Spelt otherwise (full-width brackets): the key, which --player reads the same.
        return game, base if person(base) == _without_game(key) else _without_game(key)
    return None


@cache
def game_keys() -> tuple[str, ...]:
    """Every game's title as a key (``line-it``)."""
    from cardside.games.registry import GAMES

    return tuple(person(info.title) for info in GAMES.values())


@dataclass
class PlayerStats:
    """One player's record over the sessions chosen."""

    name: str
    sessions: int = 0
    played: int = 0
    won: int = 0
    #: Games tied for first with another side.
    drawn: int = 0
    #: A game won counts 1, a game drawn its share of the win (``1 / sides tied``).
    points: float = 0.0
    #: Final scores by game: a score of one game says nothing beside another game's.
    scores: dict[str, list[int]] = field(default_factory=dict)
    streak: int = 0
    longest: int = 0
    units: Counter[str] = field(default_factory=Counter)

    @property
    def rate(self) -> float | None:
        return self.points / self.played if self.played else None

    @property
    def interval(self) -> tuple[float, float] | None:
        if self.played < MIN_FOR_INTERVAL:
            return None
        return wilson_interval(self.points, self.played)

    @property
    def average(self) -> float | None:
        """The average final score, when the player's scores come from one game."""
        if len(self.scores) != 1:
            return None
        (values,) = self.scores.values()
        return sum(values) / len(values)

    @property
    def best(self) -> int | None:
        """The best final score, when the player's scores come from one game."""
        return max(next(iter(self.scores.values()))) if len(self.scores) == 1 else None

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "sessions": self.sessions,
            "played": self.played,
            "won": self.won,
            "drawn": self.drawn,
            "points": round(self.points, 4),
            # Four places, as the league gives it.
            "win_rate": None if self.rate is None else round(self.rate, 4),
            "interval": list(self.interval) if self.interval else None,
            "average_score": self.average,
            "best_score": self.best,
            "scores_by_game": {
                game: {"average": sum(v) / len(v), "best": max(v)}
                for game, v in sorted(self.scores.items())
            },
            "streak": self.streak,
            "longest_streak": self.longest,
            "counted_as": dict(sorted(self.units.items())),
        }


@dataclass
class GameStats:
    """One game's sessions, time at the table and its commonest results."""

    game: str
    sessions: int = 0
    seconds: float = 0.0
    outcomes: Counter[str] = field(default_factory=Counter)

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "sessions": self.sessions,
            "seconds": round(self.seconds),
            "commonest": [{"result": r, "count": n} for r, n in self.commonest()],
        }

    def commonest(self, limit: int | None = None) -> list[tuple[str, int]]:
        """The results, commonest first; results as common as each other in the order of
        their numbers (``won by 1-5``, ``won by 6-10``, ``won by 16-20``), not as text."""
        ranked = sorted(self.outcomes.items(), key=lambda rn: (-rn[1], _natural(rn[0])))
        return ranked if limit is None else ranked[:limit]


def _natural(text: str) -> tuple[tuple[int, int | str], ...]:
    """A sort key that reads each run of digits as its number: ``round 9`` before ``round
    10``. Words sort before numbers at the same place, so the key never compares a number
    with a word."""
    return tuple(
        (1, int(part)) if part.isdigit() else (0, part.casefold())
        for part in re.split(r"(\d+)", text)
        if part
    )


@dataclass
class Report:
    players: list[PlayerStats]
    #: (a, b, a's wins over b, b's wins over a, wins the two shared: a tie between them)
    pairs: list[tuple[str, str, int, int, int]]
    games: list[GameStats]

    def as_dict(self) -> dict[str, Any]:
        return {
            "players": [p.as_dict() for p in self.players],
            "head_to_head": [
                {"players": [a, b], "wins": [x, y], "shared": n} for a, b, x, y, n in self.pairs
            ],
            "games": [g.as_dict() for g in self.games],
        }


def when_of(summary: dict[str, Any], key: str) -> datetime | None:
    """The time a summary (or one of its results) keeps under ``key``, if it is one."""
    text = summary.get(key)
    if not isinstance(text, str):
        return None
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        return None


def choose(
    summaries: list[dict[str, Any]],
    *,
    game: str | None = None,
    mode: str | None = None,
    since: datetime | None = None,
    player: str | None = None,
) -> list[dict[str, Any]]:
    """The sessions that pass the filters, oldest first."""
    out = []
    for s in summaries:
        if game and s["game"] != game or mode and s["mode"] != mode:
            continue
        # Started as sessions list and the page say: when it was made (its first entry's
        # time for a file that does not say), on the day they show.
        start = when_of(s, "created") or when_of(s, "start")
        if since is not None and (start is None or day(start) < since.date()):
            continue
        if player and not any(answers_to(seat_key(p), person(player)) for p in s["players"]):
            continue
        out.append(s)
    return sorted(out, key=_order)


def _order(summary: dict[str, Any]) -> tuple[Any, ...]:
    """Oldest first by start, then end, then :func:`session_key`, then name (sessions without
    times last)."""
    start, end = when_of(summary, "start"), when_of(summary, "end")
    return (*moment_key(start), *moment_key(end), *session_key(summary), str(summary["name"]))


#: Later than any time a file may hold: where a time that is not known sorts.
LATEST = datetime.max.replace(tzinfo=UTC)


def instant(moment: datetime) -> datetime:
    """The moment in UTC, comparable with any other whatever offset its file wrote it with;
    a time without an offset is local time, as a session file's is taken when it is read."""
    try:
        if moment.tzinfo is None:
            moment = moment.astimezone()
        return moment.astimezone(UTC)
    except (OverflowError, ValueError, OSError):  # a time at the edge of the calendar
        return moment.replace(tzinfo=UTC)


def moment_key(moment: datetime | None) -> tuple[bool, datetime]:
    """A sort key for a time that may be unknown: the moment, an unknown one last."""
    return (moment is None, instant(moment) if moment is not None else LATEST)


def naive(moment: datetime) -> datetime:
    """The time as its file wrote it, without the offset: what is shown, and what a day
    (see :func:`day`) is counted in. Never an order: moments are ordered by :func:`instant`."""
    return moment.replace(tzinfo=None)


def day(moment: datetime) -> date:
    """The day a moment belongs to: its date in the offset its file wrote it with, the date
    every list, record and export shows (never the day where this computer is)."""
    return moment.date()


def day_text(moment: date) -> str:
    """The day as ``YYYY-MM-DD``, its year in four digits (``0001-01-01``, which ``%Y`` writes
    ``1-01-01``)."""
    return f"{moment.year:04d}-{moment.month:02d}-{moment.day:02d}"


def session_key(summary: dict[str, Any]) -> tuple[Any, ...]:
    """Where a session's games go among others decided in the same second: by when the
    session was made, then its first entry's time, then its game, its entries' digest and
    its players' names. Never by its file's name: renaming a file changes no order."""
    return (
        *moment_key(when_of(summary, "created")),
        *moment_key(when_of(summary, "start")),
        str(summary.get("game", "")),
        str(summary.get("digest") or ""),
        tuple(str(p["name"]) for p in summary["players"]),
    )


def decided_key(at: datetime | None, summary: dict[str, Any], number: int) -> tuple[Any, ...]:
    """Where a finished game sorts among all decided (the league's order and the ratings'):
    by the moment it was decided, then its session's :func:`session_key`, then its number in
    the session (a game without a time after the timed ones)."""
    return (*moment_key(at), *session_key(summary), number)


def spellings(summaries: list[dict[str, Any]]) -> dict[str, str]:
    """Each player's name as first typed, over all of ``summaries`` taken oldest first: one
    spelling (``Ann`` for ``ann`` and ``ANN`` too) whatever filter picks the sessions."""
    out: dict[str, str] = {}
    for s in sorted(summaries, key=_order):
        for p in s["players"]:
            out.setdefault(seat_key(p), str(p["name"]))
    return out


def respelt(summaries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The summaries with each person named as first typed over all of them (``Ann`` where a
    later session has ``ANN``), in its players, columns and winners: every table, filtered or
    not, then says one name one way. A person named as a bot of any of them is (``Strong`` at
    a table, where a file of an older version named its strong bot ``Strong``) is named
    ``Strong (a person)``, so the two are never counted as one player. Each summary keeps
    its own spellings too, for the part of a page that shows that session (:func:`as_typed`)."""
    names = spellings(summaries)
    bots = {k for s in summaries for p in s["players"] if isinstance(k := seat_key(p), BotKey)}
    out = []
    for s in summaries:
        renamed = {}
        typed = {}  # each name as given here: as this session typed it (see as_typed)
        for p in s["players"]:
            key = seat_key(p)
            if isinstance(key, BotKey):
                continue
            own = str(p["name"])
            name = str(names.get(key, own))
            if key in bots:
                name, own = f"{name} ({PERSON})", f"{own} ({PERSON})"
            if name != p["name"]:
                renamed[str(p["name"])] = name
            if name != own:
                typed[name] = own
        # Always set, so that no value a tampered index holds is taken for it.
        out.append(_players_renamed(s, renamed) | {TYPED: typed})
    return out


#: Where :func:`respelt` keeps each name it gave a summary's player, with the name as that
#: session typed it.
TYPED = "typed"


def as_typed(summary: dict[str, Any]) -> dict[str, Any]:
    """The summary with its players named as its own session typed them (``ANN`` where
    :func:`respelt` gave ``Ann``, the spelling first typed in another session): what a part of
    one session shows, as its notes and ``sessions show`` write the names."""
    typed = summary.get(TYPED)
    if not isinstance(typed, dict) or not typed:
        return summary
    return _players_renamed(summary, {str(k): str(v) for k, v in typed.items()})


def report(summaries: list[dict[str, Any]], *, player: str | None = None) -> Report:
    """Statistics over sessions (oldest first, as :func:`choose` gives them)."""
    players: dict[str, PlayerStats] = {}
    pairs: dict[tuple[str, str], list[int]] = {}
    games: dict[str, GameStats] = {}
    decided: list[tuple[tuple[Any, ...], dict[str, Any], Any, Any]] = []
    for s in summaries:
        g = games.setdefault(s["game"], GameStats(s["game"]))
        g.sessions += 1
        start, end = when_of(s, "start"), when_of(s, "end")
        if isinstance(s.get("played"), int):
            g.seconds += s["played"]  # pauses left out
        elif start and end and end > start:
            g.seconds += (end - start).total_seconds()
        g.outcomes.update(s.get("outcomes", []))
        seats = [(seat_key(p), p["name"]) for p in s["players"]]
        for key, name in dict(seats).items():
            players.setdefault(key, PlayerStats(name)).sessions += 1
        for result in s["results"]:
            at = when_of(result, "at")
            decided.append((decided_key(at, s, int(result.get("number") or 0)), s, seats, result))
    # Games in the order they were decided (as the league counts its streaks): a session
    # resumed a day later may hold games decided after those of a session begun since.
    decided.sort(key=lambda d: d[0])
    for _, s, seats, result in decided:
        winners = {person(w) for w in result["winners"]}
        sides = _winning_sides(seats, s["seat_columns"], winners)
        for seat, (key, _name) in enumerate(seats):
            stats = players[key]
            stats.played += 1
            stats.units[s["unit"]] += 1
            column = s["seat_columns"][seat]
            if column is not None and column < len(result["totals"]):
                stats.scores.setdefault(s["game"], []).append(result["totals"][column])
            if key in winners and sides == 1:
                stats.won += 1
                stats.points += 1
                stats.streak += 1
                stats.longest = max(stats.longest, stats.streak)
            else:
                if key in winners:
                    stats.drawn += 1
                    stats.points += 1 / sides
                stats.streak = 0
        _meet(pairs, seats, s["seat_columns"], winners)
    chosen = sorted(players.items(), key=lambda kv: (-kv[1].played, kv[1].name.casefold()))
    if player:
        chosen = [(k, p) for k, p in chosen if answers_to(k, person(player))]
    keys = {k for k, _ in chosen}
    pair_rows = [
        (players[a].name, players[b].name, w[0], w[1], w[2])
        for (a, b), w in sorted(pairs.items())
        if not player or a in keys or b in keys
    ]
    return Report([p for _, p in chosen], pair_rows, sorted(games.values(), key=lambda g: g.game))


def _winning_sides(
    seats: list[tuple[str, str]], columns: list[int | None], winners: set[str]
) -> int:
    """How many sides share first place: seats sharing a score column are one side."""
    sides = {
        ("column", column) if column is not None else ("seat", seat)
        for seat, ((key, _), column) in enumerate(zip(seats, columns))
        if key in winners
    }
    return max(1, len(sides))


def _meet(
    pairs: dict[tuple[str, str], list[int]],
    seats: list[tuple[str, str]],
    columns: list[int | None],
    winners: set[str],
) -> None:
    """Count a finished game for every two players on different sides: a win for the one
    whose side won where the other's did not, a shared win where both sides won (a tie); two
    who both lost to a third meet at 0:0 (so they are listed as having met)."""
    for i, (a, _) in enumerate(seats):
        for j, (b, _) in enumerate(seats):
            if j <= i or a == b or (columns[i] is not None and columns[i] == columns[j]):
                continue
            a_won, b_won = a in winners, b in winners
            key, flip = ((a, b), False) if a < b else ((b, a), True)
            tally = pairs.setdefault(key, [0, 0, 0])
            if a_won != b_won:
                tally[1 if a_won == flip else 0] += 1
            elif a_won:
                tally[2] += 1
