"""What every game's ``simulate`` reports, in one shape: the bots' wins with a 95% interval,
then the game's own figures. No printing: ``tui.simulation`` lays it out as a table, and
:meth:`Summary.to_dict` gives the JSON every game shares."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cardside.core.stats import wilson_interval, with_interval


@dataclass(frozen=True)
class Entry:
    """One row: a bot (or, in LinesBeta, the bot at one setting) and its wins.

    ``cells`` are the game's own figures as its columns show them; ``figures`` the same for
    JSON. ``setting`` names the row's setting where the rows differ by more than the bot.
    """

    bot: str
    wins: float  # ties share a win, so a share of one can be part of it
    games: int
    cells: tuple[str, ...] = ()
    figures: dict[str, Any] = field(default_factory=dict)
    setting: str = ""

    @property
    def share(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The Wilson 95% interval of :attr:`share`."""
        return wilson_interval(self.wins, self.games)


@dataclass(frozen=True)
class Summary:
    """A simulation's report: ``game`` (its command name), a ``title`` naming what was played
    (``Octrix, 2 players``), ``played`` (``4 games to 88``), the rows, the headings of the
    game's own columns, notes below the table, and the game's own figures for JSON."""

    game: str
    title: str
    played: str
    games: int
    seed: int
    entries: tuple[Entry, ...]
    columns: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    figures: dict[str, Any] = field(default_factory=dict)
    setting: str = ""  # the heading of the rows' settings, when they have them
    #: How many of the game's own columns, in order, stay in one table when the terminal is
    #: too narrow for all of them (each column on its own where not said).
    groups: tuple[int, ...] = ()

    def heading(self) -> str:
        return f"{self.title}, {self.played}, seed {self.seed}"

    def to_dict(self) -> dict[str, Any]:
        """``game``, ``games`` (all the rows'), ``seed`` and ``bots`` (each row's ``games``,
        ``wins``, ``share`` and 95% ``interval``, and its ``setting`` where rows have one) in
        every game; the game's own figures under its name, with ``bots``
        there holding each row's own figures in the same order."""
        own = dict(self.figures)
        own["bots"] = [entry.figures for entry in self.entries]
        return {
            "game": self.game,
            "games": self.games,
            "seed": self.seed,
            "bots": [
                {
                    "bot": entry.bot,
                    **({"setting": entry.setting} if entry.setting else {}),
                    "games": entry.games,
                    "wins": float(entry.wins),  # a float in every game: a tie shares a win
                    "share": entry.share,
                    "interval": list(entry.interval),
                }
                for entry in self.entries
            ],
            self.game: own,
        }


def averaged(
    bots: Sequence[str],
    wins: Sequence[float],
    games: int,
    key: str,
    means: Sequence[float],
    intervals: Sequence[tuple[float, float]],
    samples: Sequence[int] | None = None,
) -> tuple[Entry, ...]:
    """One row per bot whose own figure is an average with its 95% interval: shown as
    ``16.0 [13.1, 19.0]``, in JSON as ``key`` and ``key_interval``. ``samples``: how many
    values each average is of (the games, unless given)."""
    counts = samples if samples is not None else [games] * len(bots)
    return tuple(
        Entry(
            bot=bot,
            wins=won,
            games=games,
            cells=(with_interval(mean, (low, high), count),),
            figures={key: mean, f"{key}_interval": [low, high]},
        )
        for bot, won, mean, (low, high), count in zip(
            bots, wins, means, intervals, counts, strict=True
        )
    )
