"""One deal scored from what the table saw, with the reasoning (``cardside schnapsen score``).

The facts are given with player names; they become a ledger entry and are scored by
:func:`keep.score`, so the one-shot check and the scorekeeper apply the same rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardside.core.words import counted
from cardside.games.schnapsen.keep import (
    LedgerError,
    points_matter,
    rule_reason,
    rule_text,
    score,
)

OTHER = "the other player"


class ScoreError(LedgerError):
    """Facts that do not describe a deal; the message is a one-line reason."""


@dataclass(frozen=True)
class DealFacts:
    """What the table saw at the end of one deal (names, not seats)."""

    closer: str | None = None
    reached_66: str | None = None
    last_trick: str | None = None
    #: The loser's card points at the end (nobody closed), or the closer's opponent's at closing.
    points: int | None = None
    #: Whether that player had taken a trick (inferred from ``points`` when not given).
    trick: bool | None = None


@dataclass(frozen=True)
class DealScore:
    """The scored deal: winner, game points, rule, and the facts as sentences."""

    names: tuple[str, str]
    winner: int
    game_points: int
    rule: str
    facts: tuple[str, ...]
    #: The players no fact named and no name was given for ("the other player"): ``null`` in
    #: JSON, so that a script never takes the words for a name.
    unnamed: tuple[bool, bool] = (False, False)

    @property
    def rule_text(self) -> str:
        return rule_text(self.rule)

    def to_dict(self) -> dict[str, Any]:
        names = [None if blank else name for name, blank in zip(self.names, self.unnamed)]
        return {
            "players": names,
            "winner": names[self.winner],
            "game_points": self.game_points,
            "rule": self.rule,
            "rule_text": self.rule_text,
            "facts": list(self.facts),
        }

    def explain(self) -> str:
        """The answer first, then the facts it follows from, indented (every game's shape)."""
        verdict = _capital(
            f"{self.names[self.winner]} wins {counted(self.game_points, 'game point')}: "
            f"{rule_reason(self.rule)}."
        )
        return "\n".join([verdict, *(f"  {fact}" for fact in self.facts)])


def resolve_names(facts: DealFacts, names: tuple[str, str] | None) -> tuple[str, str]:
    """The two players: given, or taken from the facts in order (the other one unnamed)."""
    mentioned = [n for n in (facts.closer, facts.reached_66, facts.last_trick) if n]
    if names is not None:
        lowered = [n.lower() for n in names]
        for n in mentioned:
            if n.lower() not in lowered:
                raise ScoreError(f"{n!r} is not one of the players ({names[0]}, {names[1]})")
        return names
    distinct: list[str] = []
    for n in mentioned:
        if n.lower() not in [d.lower() for d in distinct]:
            distinct.append(n)
    if len(distinct) > 2:
        raise ScoreError(f"a deal has two players, not {', '.join(distinct)}")
    while len(distinct) < 2:
        distinct.append(OTHER if OTHER not in distinct else "a player")
    return (distinct[0], distinct[1])


def score_deal(facts: DealFacts, names: tuple[str, str] | None = None) -> DealScore:
    """Score one deal from ``facts``; :class:`LedgerError` with a reason if they cannot be."""
    players = resolve_names(facts, names)

    def seat(name: str | None) -> int | None:
        if name is None:
            return None
        return [n.lower() for n in players].index(name.lower())

    closer, reached, last = seat(facts.closer), seat(facts.reached_66), seat(facts.last_trick)
    trick, points = facts.trick, facts.points
    by_last_trick = closer is None and reached is None
    if last is not None and not by_last_trick:
        raise ScoreError("the last trick decides only when nobody closed and no one reached 66")
    if trick is None:
        if points is None and not by_last_trick:
            # Whose: the closer's opponent at the closing, else the player who did not reach 66.
            side = closer if closer is not None else reached
            assert side is not None  # not decided by the last trick: someone closed or reached
            other = 1 - side
            when = "at the end" if closer is None else "when the stock was closed"
            raise ScoreError(
                f"give {players[other]}'s card points {when} (--points), or say whether "
                f"{players[other]} had taken a trick then (--trick / --no-trick)"
            )
        trick = points is None or points > 0
    if trick is False and points is None:
        points = 0
    if points is None and points_matter(closer, reached):
        assert reached is not None
        holder = players[1 - reached]  # the player who did not reach 66
        when = "at the end" if closer is None else "when the stock was closed"
        raise ScoreError(
            f"give {holder}'s card points {when} (--points): with a trick, 33 or more "
            "makes 1 game point and fewer 2"
        )
    entry: dict[str, Any] = {"kind": "table", "opponent_trick": trick}
    for key, value in (
        ("closer", closer),
        ("reached_66", reached),
        ("last_trick", last),
        ("opponent_points", points),
    ):
        if value is not None:
            entry[key] = value
    result = score(entry)
    sentences = _sentences(players, closer, reached, last, points, trick)
    named = {n.lower() for n in (facts.closer, facts.reached_66, facts.last_trick) if n}
    blank = [names is None and p.lower() not in named for p in players]
    return DealScore(
        players,
        result.winner,
        result.points,
        result.rule,
        tuple(_capital(t) for t in sentences),
        (blank[0], blank[1]),
    )


def _sentences(
    names: tuple[str, str],
    closer: int | None,
    reached: int | None,
    last: int | None,
    points: int | None,
    trick: bool,
) -> list[str]:
    out = []
    if closer is None:
        out.append("Nobody closed the stock.")
        if reached is None:
            winner = last or 0
            held = "" if points is None else f" ({names[1 - winner]} had {points} card points)"
            out.append(f"Nobody reached 66; {names[winner]} took the last trick{held}.")
            return out
        loser = names[1 - reached]
        out.append(f"{names[reached]} reached 66; {loser} had {_record(points, trick)} at the end.")
        return out
    other = names[1 - closer]
    out.append(
        f"{names[closer]} closed the stock; {other} had {_record(points, trick)} at that moment."
    )
    if reached == closer:
        out.append(f"{names[closer]} reached 66.")
    elif reached is None:
        out.append(
            f"{names[closer]} played out the tricks without reaching 66, and no one else did "
            "(none named by --reached)."
        )
    else:
        out.append(f"{other} reached 66 first.")
    return out


def _record(points: int | None, trick: bool) -> str:
    if not trick:
        return "no trick"
    if points is None:
        return "a trick"
    return f"{points} card points"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
