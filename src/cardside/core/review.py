"""A move-by-move review of a played game: each decision's loss, its label, each player's
accuracy. The game supplies the values (``games/<game>/values.py``) and what to say of a
position (``games/<game>/review.py``); this module weighs them the same way for every game.

- **Loss**: the expected result (the chance to win) of the best move minus that of the move
  played, never below 0. An estimated loss within one standard error of the difference (both
  moves valued on the same samples) is counted as 0: sampling noise is not a mistake.
- **Labels**: ``best`` (no loss), then ``excellent``, ``good``, ``inaccuracy``, ``mistake`` up
  to each of the game's four thresholds of loss, ``blunder`` beyond the last.
- **Accuracy** of one move (as lichess computes it from win percentages):
  ``103.1668 * exp(-0.04354 * loss_in_percent) - 3.1669``, kept within 0..100; a player's
  accuracy is the mean over their decisions. Only positions with more than one legal move
  are decisions.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, Generic, TypeVar

from cardside.core.parallel import Jobs
from cardside.core.record import Session
from cardside.core.replay import move_entries

S = TypeVar("S")

LABELS = ("best", "excellent", "good", "inaccuracy", "mistake", "blunder")
#: chess.com's classes of expected-points loss: excellent, good, inaccuracy, mistake (upper
#: bounds); more is a blunder.
CHESS_THRESHOLDS = (0.02, 0.05, 0.10, 0.20)
#: How many of the costliest decisions a review explains.
COSTLIEST = 3
#: Each step doubles the samples of hidden cards (where a game samples them).
DEFAULT_DEPTH = 2


def label(loss: float, thresholds: Sequence[float]) -> str:
    """The label of a decision that gave up ``loss`` of the chance to win."""
    if loss <= 1e-9:
        return "best"
    for name, bound in zip(LABELS[1:], thresholds):
        if loss <= bound + 1e-12:
            return name
    return "blunder"


def move_accuracy(loss: float) -> float:
    """One decision's accuracy in percent from its loss of the chance to win (0..1)."""
    raw = 103.1668 * math.exp(-0.04354 * 100.0 * max(0.0, loss)) - 3.1669
    return min(100.0, max(0.0, raw))


@dataclass(frozen=True)
class Judged:
    """What the game says of one decision, before it is labelled.

    ``number`` is the move's place among the game's moves (1-based); ``where`` names the deal,
    round or turn in the game's words; ``position`` is a few lines of what the player saw;
    ``why`` says why the best move is better, in the game's words. Chances are the expected
    result, ``*_points`` the game's own unit.
    """

    number: int
    seat: int
    where: str
    group: int
    played: str
    best: str
    played_chance: float
    best_chance: float
    played_points: float
    best_points: float
    noise: float
    exact: bool
    samples: int
    method: str
    position: tuple[str, ...] = ()
    why: str = ""


@dataclass(frozen=True)
class Decision:
    """A judged decision with its player's name, loss and label."""

    judged: Judged
    player: str
    loss: float
    points_loss: float
    label: str

    def as_dict(self) -> dict[str, Any]:
        j = self.judged
        return {
            "move": j.number,
            "player": self.player,
            "where": j.where,
            "played": j.played,
            "best": j.best,
            "label": self.label,
            "loss": round(self.loss, 4),
            "points_loss": round(self.points_loss, 3),
            "played_chance": round(j.played_chance, 4),
            "best_chance": round(j.best_chance, 4),
            "played_points": round(j.played_points, 3),
            "best_points": round(j.best_points, 3),
            "exact": j.exact,
            "samples": j.samples,
            "error": round(j.noise, 4),
            "method": j.method,
            "position": list(j.position),
            "why": j.why,
        }


#: A loss of the chance to win below a tenth of a percentage point counts as none: no
#: estimate here is finer, and a game all but won (every sample won, so no error to measure)
#: would otherwise charge a move the points by which it won less.
LEAST_LOSS = 0.001


def decide(judged: Judged, player: str, thresholds: Sequence[float]) -> Decision:
    """Weigh a judged decision: its loss (noise within one standard error, or a loss under
    :data:`LEAST_LOSS`, counts as 0) and the points given up with it."""
    gap = max(0.0, judged.best_chance - judged.played_chance)
    within = gap <= max(judged.noise, LEAST_LOSS)
    loss = 0.0 if within or judged.played == judged.best else gap
    points = max(0.0, judged.best_points - judged.played_points) if loss > 0 else 0.0
    return Decision(judged, player, loss, points, label(loss, thresholds))


@dataclass(frozen=True)
class PlayerSummary:
    """One reviewed player's figures."""

    name: str
    decisions: int
    accuracy: float
    counts: dict[str, int]
    given_up: float
    points_given_up: float

    def as_dict(self) -> dict[str, Any]:
        return {
            "player": self.name,
            "decisions": self.decisions,
            "accuracy": round(self.accuracy, 1),
            "labels": self.counts,
            "given_up": round(self.given_up, 4),
            "points_given_up": round(self.points_given_up, 3),
        }


def summarise(name: str, decisions: Sequence[Decision]) -> PlayerSummary:
    """Decisions, accuracy (the mean of each decision's), label counts and losses in all."""
    mine = [d for d in decisions if d.player == name]
    counts = {lab: sum(1 for d in mine if d.label == lab) for lab in LABELS}
    accuracy = sum(move_accuracy(d.loss) for d in mine) / len(mine) if mine else 100.0
    return PlayerSummary(
        name,
        len(mine),
        accuracy,
        counts,
        sum(d.loss for d in mine),
        sum(d.points_loss for d in mine),
    )


@dataclass(frozen=True)
class GroupSummary:
    """One Schnapsen deal or Octrix round: what it was worth with every card known, what the
    reviewed player could expect from what they saw, and what was scored (``None`` where a
    figure is not known). Values are the game's unit for ``seat``."""

    number: int
    seat: int
    player: str
    known: float | None
    expected: float | None
    scored: float | None
    given_up: float
    note: str = ""

    def as_dict(self) -> dict[str, Any]:
        def r(v: float | None) -> float | None:
            return None if v is None else round(v, 3)

        return {
            "number": self.number,
            "player": self.player,
            "every_card_known": r(self.known),
            "expected": r(self.expected),
            "scored": r(self.scored),
            "given_up": round(self.given_up, 3),
            "note": self.note,
        }


@dataclass
class Review:
    """A whole review: every judged decision in order, the players' figures, the deals or
    rounds, and whether it was stopped before the end."""

    game: str
    session: str
    result: str
    unit: str
    group_name: str
    thresholds: tuple[float, ...]
    players: list[str]
    decisions: list[Decision] = field(default_factory=list)
    summaries: list[PlayerSummary] = field(default_factory=list)
    groups: list[GroupSummary] = field(default_factory=list)
    planned: int = 0
    seed: int = 0
    depth: int = DEFAULT_DEPTH
    #: The move numbers asked for alone (``--move``); empty for the whole game.
    moves: tuple[int, ...] = ()

    @property
    def complete(self) -> bool:
        return len(self.decisions) == self.planned

    def costliest(self, count: int = COSTLIEST) -> list[Decision]:
        """The decisions that gave up the most, costliest first (none labelled best: those
        gave up nothing but the rounding of their values)."""
        lost = [d for d in self.decisions if d.label != "best"]
        return sorted(lost, key=lambda d: (-d.loss, d.judged.number))[:count]

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "session": self.session,
            "expected_result": f"chance to win {self.result}",
            "unit": self.unit,
            "thresholds": dict(zip(LABELS[1:-1], self.thresholds)),
            "seed": self.seed,
            "depth": self.depth,
            "complete": self.complete,
            "decisions_planned": self.planned,
            # A few moves asked for alone give no player's figures and no deal's or round's.
            **({"moves": list(self.moves)} if self.moves else {}),
            "players": [s.as_dict() for s in self.summaries],
            f"{self.group_name}s": [g.as_dict() for g in self.groups],
            "decisions": [d.as_dict() for d in self.decisions],
        }


def finish(review: Review) -> Review:
    """Fill the players' figures from the decisions reviewed (none for moves asked alone)."""
    if not review.moves:
        review.summaries = [summarise(name, review.decisions) for name in review.players]
    return review


def run(
    game: str,
    session: Any,
    seats: Sequence[int],
    *,
    seed: int = 0,
    depth: int = DEFAULT_DEPTH,
    jobs: Jobs = 1,
    ascii: bool = True,
    progress: Callable[[int, int], None] | None = None,
    moves: Collection[int] = (),
) -> Review:
    """Review the decisions of ``seats`` in a played ``session`` of ``game`` (with ``moves``,
    only the decisions of those move numbers).

    The game's ``games/<game>/review.py`` plans the decisions, judges each one (in worker
    processes with ``jobs`` above 1; a decision's values depend only on ``seed`` and its
    number, so the review is the same whatever ``jobs`` is) and sums up its deals or rounds.
    ``progress(done, planned)`` is called as decisions are judged. Stopped with Ctrl-C, the
    review holds the decisions judged so far (``complete`` is then false).
    """
    from cardside.core.parallel import map_games

    module = _module(game)
    names = session.player_names
    planned = module.plan(session, seats)
    if moves:
        planned = [(n, seat) for n, seat in planned if n in moves]
    review = Review(
        game,
        session.name,
        module.RESULT,
        module.UNIT,
        module.GROUP,
        tuple(module.THRESHOLDS),
        [names[s] for s in seats],
        planned=len(planned),
        seed=seed,
        depth=depth,
        moves=tuple(sorted(moves)),
    )
    judge = partial(_judge, game, session, tuple(n for n, _ in planned), seed, depth, ascii)
    tell = None if progress is None else (lambda done: progress(done, len(planned)))
    try:
        judged = map_games(judge, len(planned), jobs, tell)
    except KeyboardInterrupt:
        judged = []
    review.decisions = [decide(j, names[j.seat], review.thresholds) for j in judged]
    if not moves:
        for seat in seats:
            review.groups += module.groups(session, seat, review.decisions)
    return finish(review)


def decisions_of(game: str, session: Any, seats: Sequence[int]) -> list[tuple[int, int]]:
    """(move number, seat) of every decision of ``seats`` a review would value."""
    return list(_module(game).plan(session, seats))


def _module(game: str) -> Any:
    return importlib.import_module(f"cardside.games.{game}.review")


def _judge(
    game: str, session: Any, numbers: tuple[int, ...], seed: int, depth: int, ascii: bool, i: int
) -> Judged:
    judged: Judged = _module(game).judge(session, numbers[i], seed, depth, ascii)
    return judged


class Replayed(Generic[S]):
    """A played session's game replayed, for a game's review: to its end (kept for the next
    question about the same session) and to just before each move."""

    def __init__(self, replay: Callable[[Session], S], kind: str = "action") -> None:
        self._replay = replay
        self._kind = kind
        self._key: tuple[str, int, int | None] | None = None
        self._last: S | None = None

    def played(self, session: Session) -> S:
        """The game replayed to its last move."""
        key = (session.name, len(session.entries), session.seed)
        if self._key != key or self._last is None:
            self._last, self._key = self._replay(session), key
        return self._last

    def at_move(self, session: Session, number: int) -> S:
        """The game just before move ``number`` (1-based) of those in effect, as its player
        had it then: the entries before the one that made it replayed (an undo before then is
        taken as the player took it, with what it showed)."""
        entry = move_entries(session.entries, self._kind)[number - 1]
        return self._replay(replace(session, entries=session.entries[: entry - 1]))
