"""A played LinesBeta game reviewed move by move (see :mod:`cardside.core.review`).

Each trump card, challenge and choice of the grid's card is valued by :mod:`values` from the
player's view, with the planner's odds (the default bot's). Thresholds are chess.com's
(0.02, 0.05, 0.10, 0.20 of the chance to win the game). Per round: the tricks the best trump
card planned (what the player could expect) beside the tricks won; no round is solved with
every card known (the grid's face-down cards and the deck decide too much to search).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardside.core.record import Session
from cardside.core.review import CHESS_THRESHOLDS, Decision, GroupSummary, Judged, Replayed
from cardside.games.linesbeta.notation import face_down_mark, format_action, format_card, gap_mark
from cardside.games.linesbeta.rules import CARDS, GAP
from cardside.games.linesbeta.sheet import replay_state
from cardside.games.linesbeta.state import HIDDEN, PHASE_TRUMP, LinesBetaState
from cardside.games.linesbeta.values import RESULT, UNIT, move_values

THRESHOLDS = CHESS_THRESHOLDS
GROUP = "round"


_replayed: Replayed[LinesBetaState] = Replayed(replay_state)
played = _replayed.played
at_move = _replayed.at_move


def refusal(session: Session) -> str | None:
    """Why ``session`` cannot be reviewed, or ``None``."""
    if session.mode != "play":
        return (
            "a kept LinesBeta game holds the tricks won, not the grid's cards: "
            "only a played game can be reviewed"
        )
    return None


def plan(session: Session, seats: Sequence[int]) -> list[tuple[int, int]]:
    """(move number, 0) of every decision: a move with a choice (the player is seat 0)."""
    if 0 not in seats:
        return []
    state = played(session)
    actions = state.actions()
    if not actions:  # quit before the first move
        return []
    out = []
    replay = at_move(session, 1)
    for number, action in enumerate(actions, 1):
        if len(replay.legal_actions()) > 1:
            out.append((number, 0))
        replay.apply(action)
    return out


def judge(session: Session, number: int, seed: int, depth: int, ascii: bool) -> Judged:
    """Value move ``number`` from the player's view and say what they saw."""
    state = at_move(session, number)
    action = played(session).actions()[number - 1]
    valued = move_values(state)
    best = valued.best()
    mine = valued.of(action)
    obs = state.observation(0)
    where = f"round {obs.round}, " + (
        "trump card" if obs.phase == PHASE_TRUMP else f"trick {state.trick_number}"
    )
    b, p = format_action(best.action, ascii=ascii), format_action(action, ascii=ascii)  # type: ignore[arg-type]
    return Judged(
        number=number,
        seat=0,
        where=where,
        group=obs.round,
        played=p,
        best=b,
        played_chance=mine.chance,
        best_chance=best.chance,
        played_points=mine.points,
        best_points=best.points,
        noise=0.0,
        exact=False,
        samples=0,
        method=valued.method,
        position=position(state, ascii),
        why=(
            f"{b}: the round brings about {best.points:.1f} tricks, {best.chance:.0%} to win "
            f"the game; {p}: about {mine.points:.1f}, {mine.chance:.0%}"
        ),
    )


def position(state: LinesBetaState, ascii: bool) -> tuple[str, ...]:
    """What the player saw: the score, the hand and the grid, its marks as in a game's screen."""
    obs = state.observation(0)
    down, gap = face_down_mark(ascii), gap_mark(ascii)

    def cell(code: int) -> str:
        if code == HIDDEN:
            return down
        if code == GAP:
            return gap
        return format_card(CARDS[code], ascii=ascii).rjust(3)

    trump = (
        ""
        if obs.trump is None or obs.trump < 0
        else f"; trump card {format_card(CARDS[obs.trump], ascii=ascii)}"
    )
    lines = [
        f"you {obs.player} of {obs.player_target}, the grid {obs.grid_points} of "
        f"{obs.grid_target}{trump}",
        f"hand: {' '.join(format_card(CARDS[c], ascii=ascii) for c in obs.hand)}",
        # Columns named as a challenge names them (c4 top).
        "   " + " ".join(f"c{col + 1}".rjust(3) for col in range(6)),
    ]
    for row in range(6):
        lines.append(
            f"r{row + 1} " + " ".join(cell(c).rjust(3) for c in obs.grid[row * 6 : row * 6 + 6])
        )
    # Below the grid, so that it is no wider than a narrow terminal.
    lines.append(f"({down} face down, {gap} gap)")
    return tuple(lines)


def groups(session: Session, seat: int, decisions: Sequence[Decision]) -> list[GroupSummary]:
    """Each round: the tricks the best trump planned, the tricks won, the tricks given up."""
    state = played(session)
    expected: dict[int, float] = {}
    lost: dict[int, float] = {}
    for d in decisions:
        if d.judged.where.endswith("trump card"):
            expected[d.judged.group] = d.judged.best_points
        lost[d.judged.group] = lost.get(d.judged.group, 0.0) + d.points_loss
    won: dict[int, int] = {}
    for snap in state.snapshots()[1:]:
        won[snap.round] = sum(1 for t in snap.tricks if t.player_wins)
        # The round's last trick is seen only from the next round, as the round before.
        if snap.last_round:
            won[snap.round - 1] = sum(1 for t in snap.last_round if t.player_wins)
    name = session.player_names[0]
    return [
        GroupSummary(r, 0, name, None, expected.get(r), float(won[r]), lost.get(r, 0.0))
        for r in sorted(won)
    ]


__all__ = ["GROUP", "RESULT", "THRESHOLDS", "UNIT", "groups", "judge", "plan", "refusal"]
