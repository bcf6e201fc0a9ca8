"""Reviews of many played games at once: each game reviewed as ``core.review.run`` does,
the games shared by worker processes or a cluster's workers, and each player's figures over
them per game (accuracy, labels, chance given up).

A game's review depends only on the game, the seed and the depth, so the reviews are the same
whatever ``jobs`` is, and the same as reviewing each game on its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from cardside.core.parallel import Cluster, ClusterError, Jobs, map_items
from cardside.core.review import DEFAULT_DEPTH, LABELS, Review, move_accuracy, run


@dataclass(frozen=True)
class Asked:
    """One game to review: its session and the seats whose decisions are valued."""

    session: Any
    seats: tuple[int, ...]


@dataclass(frozen=True)
class Standing:
    """One player's figures over the reviewed games of one game (``game`` its key)."""

    name: str
    game: str
    games: int
    decisions: int
    accuracy: float
    counts: dict[str, int]
    given_up: float

    @property
    def given_up_a_game(self) -> float:
        return self.given_up / self.games if self.games else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "player": self.name,
            "game": self.game,
            "games": self.games,
            "decisions": self.decisions,
            "accuracy": round(self.accuracy, 1),
            "labels": self.counts,
            "given_up": round(self.given_up, 4),
            "given_up_a_game": round(self.given_up_a_game, 4),
        }


def review_all(
    asked: Sequence[Asked],
    *,
    seed: int = 0,
    depth: int = DEFAULT_DEPTH,
    jobs: Jobs = 1,
    ascii: bool = True,
    progress: Callable[[int], None] | None = None,
) -> list[Review]:
    """The reviews of ``asked``, in order; each game is one piece of work for the workers.

    Stopped with Ctrl-C, the reviews finished so far from the first on (never a review cut
    short); with none finished the interrupt goes on up.
    """
    if len(asked) == 1:
        # One game: its decisions, not the games, are shared by the workers.
        review = _review(asked[0], seed=seed, depth=depth, ascii=ascii, jobs=jobs)
        if progress is not None:
            progress(1)
        return [review]
    work = partial(_review, seed=seed, depth=depth, ascii=ascii)
    return map_items(work, asked, jobs, progress)


def _review(asked: Asked, *, seed: int, depth: int, ascii: bool, jobs: Jobs = 1) -> Review:
    session = asked.session
    review = run(session.game, session, asked.seats, seed=seed, depth=depth, jobs=jobs, ascii=ascii)
    if not review.complete:
        # A game's review is kept whole or not at all: cut short by a cluster gone away,
        # that is said, else it was Ctrl-C in this process.
        lost = jobs.lost if isinstance(jobs, Cluster) else []
        if lost:
            raise ClusterError(
                f"{lost[-1]} after {len(review.decisions)} of {review.planned} decisions of "
                f"{session.name}; nothing was counted"
            )
        raise KeyboardInterrupt
    return review


def key(name: str) -> str:
    """The key that makes ``Ann``, ``ann`` and `` ANN `` one player, and ``Ann  Lee`` (two
    spaces) ``Ann Lee``, as the statistics do."""
    return " ".join(name.casefold().split())


def standings(reviews: Sequence[Review]) -> list[Standing]:
    """Each reviewed player's figures per game over ``reviews``: accuracy the mean of every
    decision's, labels counted, chance given up in all; ordered by game, then accuracy."""
    grouped: dict[tuple[str, str], list[Any]] = {}
    games: dict[tuple[str, str], int] = {}
    names: dict[tuple[str, str], str] = {}
    for review in reviews:
        for name in review.players:
            k = (review.game, key(name))
            names.setdefault(k, name.strip())
            games[k] = games.get(k, 0) + 1
            grouped.setdefault(k, [])
        for d in review.decisions:
            grouped[(review.game, key(d.player))].append(d)
    out = []
    for (game, who), decisions in grouped.items():
        counts = {lab: sum(1 for d in decisions if d.label == lab) for lab in LABELS}
        accuracy = (
            sum(move_accuracy(d.loss) for d in decisions) / len(decisions) if decisions else 100.0
        )
        out.append(
            Standing(
                names[(game, who)],
                game,
                games[(game, who)],
                len(decisions),
                accuracy,
                counts,
                sum(d.loss for d in decisions),
            )
        )
    return sorted(out, key=lambda s: (s.game, -s.accuracy, key(s.name)))
