"""A played IOTA game reviewed turn by turn (see :mod:`cardside.core.review`).

Each turn is valued by :mod:`values` from the player's own view, with the strong bot's
estimate on samples of the unseen cards. Thresholds are chess.com's (0.02, 0.05, 0.10, 0.20
of the chance to win the game). IOTA has no deals or rounds to sum up: the turns are the game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardside.core.record import Session
from cardside.core.review import CHESS_THRESHOLDS, Decision, GroupSummary, Judged, Replayed
from cardside.core.rng import derive_rng
from cardside.core.values import Valuation
from cardside.core.words import counted, signed
from cardside.games.iota import rules
from cardside.games.iota.notation import format_action, format_cards, frame, grid_lines
from cardside.games.iota.rules import Action, Cell, Play, Swap, turn_numbers
from cardside.games.iota.sheet import replay_state
from cardside.games.iota.state import IotaState, View, last_play_cells
from cardside.games.iota.values import RESULT, UNIT, move_values

THRESHOLDS = CHESS_THRESHOLDS
GROUP = "round"
#: The width the grid of a position is laid out for, in bands beyond it (the same whatever
#: the terminal or the worker, so a review is the same wherever it runs).
GRID_WIDTH = 80
#: The room the review puts before each line of a position.
INDENT = 3
#: A line holds at most 4 cards, so every line a card joins lies within 3 cells of it.
REACH = rules.MAX_LINE - 1


_replayed: Replayed[IotaState] = Replayed(replay_state)
played = _replayed.played
at_move = _replayed.at_move


def refusal(session: Session) -> str | None:
    """Why ``session`` cannot be reviewed, or ``None``."""
    if session.mode != "play":
        return (
            "a kept IOTA game holds each turn's play (or what it scored), never the hands "
            "it was chosen from: only a played game can be reviewed"
        )
    return None


def plan(session: Session, seats: Sequence[int]) -> list[tuple[int, int]]:
    """(move number, seat) of every decision of ``seats`` (a turn always offers a choice)."""
    out = []
    for number, (snap, _) in enumerate(played(session)._history, 1):
        if snap.turn in seats:
            out.append((number, snap.turn))
    return out


def round_of(session: Session, number: int) -> int:
    """The round move ``number`` belongs to, as the game's sheet numbers its rows (each
    player's turn once, from the first player)."""
    history = played(session)._history[:number]
    turn = turn_numbers((snap.turn, action) for snap, action in history)[-1]
    return (turn - 1) // len(session.seats) + 1


def judge(session: Session, number: int, seed: int, depth: int, ascii: bool) -> Judged:
    """Value turn ``number`` from its player's view and say what they saw."""
    state = at_move(session, number)
    seat = state.current_player()
    assert seat is not None
    action = played(session).actions()[number - 1]
    rng = random.Random(derive_rng(seed, "review", number).getrandbits(64))
    valued = move_values(state, seat, rng, depth, also=[action])
    best = valued.best()
    mine = valued.of(action)
    view = state.observation(seat)
    names = session.player_names
    b, p = format_action(best.action), format_action(action)  # type: ignore[arg-type]
    scores = ", ".join(f"{n} {s}" for n, s in zip(names, view.scores))
    return Judged(
        number=number,
        seat=seat,
        where=f"round {round_of(session, number)}",
        group=0,
        played=p,
        best=b,
        played_chance=mine.chance,
        best_chance=best.chance,
        played_points=mine.points,
        best_points=best.points,
        noise=valued.gap_error(best.action, action),
        exact=False,
        samples=valued.samples,
        method=valued.method,
        position=(
            f"scores {scores}; {counted(view.pile_size, 'card')} in the pile",
            f"hand: {format_cards(view.hand)}; {counted(len(view.grid), 'card')} on the grid",
            *grid_near(view, _moves_shown(valued, action, best.action), ascii),  # type: ignore[arg-type]
        ),
        why=(
            f"{_with_play(b, valued.followed_by(best.action))}: about {signed(best.points)} "
            f"points with the reply and your next turn, {best.chance:.0%} to win the game; "
            f"{_with_play(p, valued.followed_by(action))}: {signed(mine.points)}, "
            f"{mine.chance:.0%}"
        ),
    )


def _moves_shown(valued: Valuation, *actions: Action) -> list[Action]:
    """The moves whose cells the grid shows: each given, and the play valued after a swap."""
    out: list[Action] = []
    for action in actions:
        out.append(action)
        after = valued.followed_by(action)
        if isinstance(after, Play):
            out.append(after)
    return out


def _with_play(name: str, after: object) -> str:
    """A swap named with the play valued after it: ``swap RC2 1,-6 (then GT3 2,0)``."""
    return name if not isinstance(after, Play) else f"{name} (then {format_action(after)})"


def grid_near(view: View, actions: Sequence[Action], ascii: bool) -> list[str]:
    """The grid within :data:`REACH` of the cells the ``actions`` fill (every line either
    touches), the last play starred; nothing where neither fills a cell (passes)."""
    cells = [cell for action in actions for cell in cells_of(action)]
    if not cells:
        return []
    whole = frame(view.grid)
    xs, ys = [x for x, _ in cells], [y for _, y in cells]
    # Within the grid's frame, but never cutting off a move's own cells: a play of several
    # cards may reach beyond the cells beside the grid.
    box = (
        min(max(whole[0], min(xs) - REACH), min(xs) - 1),
        max(min(whole[1], max(xs) + REACH), max(xs) + 1),
        min(max(whole[2], min(ys) - REACH), min(ys) - 1),
        max(min(whole[3], max(ys) + REACH), max(ys) + 1),
    )
    whole = (
        min(whole[0], box[0]),
        max(whole[1], box[1]),
        min(whole[2], box[2]),
        max(whole[3], box[3]),
    )
    marks = last_play_cells(view.log)
    what = "the grid" if box == whole else f"the grid within {REACH} cells of both moves"
    return [
        f"{what}{', * the last play' if marks else ''}:",
        *grid_lines(view.grid, marks, width=GRID_WIDTH, indent=INDENT, ascii=ascii, bounds=box),
    ]


def cells_of(action: Action) -> list[Cell]:
    """The cells an action fills: a play's, a recycled wild's; none for a pass."""
    if isinstance(action, Play):
        return list(action.cells)
    if isinstance(action, Swap):
        return [(action.x, action.y)]
    return []


def groups(session: Session, seat: int, decisions: Sequence[Decision]) -> list[GroupSummary]:
    """IOTA has no deals or rounds: nothing to sum up beside the turns."""
    return []


__all__ = ["GROUP", "RESULT", "THRESHOLDS", "UNIT", "groups", "judge", "plan", "refusal"]
