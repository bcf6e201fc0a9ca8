"""A played Line-it game reviewed step by step (see :mod:`cardside.core.review`).

Each step of a turn is valued by :mod:`values` from the player's own view, played on as the
strong bot plays on samples of the hidden cards. Thresholds are chess.com's (0.02, 0.05,
0.10, 0.20 of the chance to win the game). No round is summed up: the market and the deck
decide too much of one to solve it with every card known.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardside.core.record import Session
from cardside.core.review import CHESS_THRESHOLDS, Decision, GroupSummary, Judged, Replayed
from cardside.core.rng import derive_rng
from cardside.core.words import signed, whose
from cardside.games.lineit import rules
from cardside.games.lineit.notation import format_action, format_card
from cardside.games.lineit.sheet import replay_state
from cardside.games.lineit.state import PLAYED, TAKE, TAKEN, LineitState, Snap, stage
from cardside.games.lineit.values import RESULT, UNIT, move_values

THRESHOLDS = CHESS_THRESHOLDS
GROUP = "round"


_replayed: Replayed[LineitState] = Replayed(replay_state)
played = _replayed.played
at_move = _replayed.at_move


def refusal(session: Session) -> str | None:
    """Why ``session`` cannot be reviewed, or ``None``."""
    if session.mode != "play":
        return (
            "a kept Line-it game holds what was scored, never the hands or the market it "
            "was chosen from: only a played game can be reviewed"
        )
    return None


def plan(session: Session, seats: Sequence[int]) -> list[tuple[int, int]]:
    """(move number, seat) of every decision of ``seats``: a step with a choice."""
    actions = played(session).actions()
    if not actions:  # quit before the first move
        return []
    out = []
    replay = at_move(session, 1)
    for number, action in enumerate(actions, 1):
        seat = replay.current_player()
        if seat is not None and seat in seats and len(replay.legal_actions()) > 1:
            out.append((number, seat))
        replay.apply(action)
    return out


#: What the choice of each step of a turn is, to tell a turn's decisions apart.
STEPS = {TAKE: "the take", TAKEN: "after the take", PLAYED: "after a play"}


def step_of(snap: Snap) -> str:
    """Where a decision falls: ``round 6, the take``, ``round 6, after the take``, ``the end``."""
    step = STEPS.get(snap.step)
    return stage(snap) if step is None else f"{stage(snap)}, {step}"


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
    snap = state.snapshot
    names = session.player_names
    b, p = format_action(best.action), format_action(action)  # type: ignore[arg-type]
    scores = ", ".join(f"{n} {s}" for n, s in zip(names, state.scores()))

    def cards(group: tuple[int, ...]) -> str:
        # With their colour letters, as the game's screen shows them: colours take jackpots.
        return " ".join(format_card(c, letter=True) for c in group) or "(empty)"

    others = [
        f"{whose(names[p])} line: {cards(snap.lines[p])}; hand: {cards(snap.hands[p])}"
        for p in range(len(names))
        if p != seat
    ]
    jackpots = ", ".join(f"{rules.COLOURS[c]} {len(pile)}" for c, pile in enumerate(snap.piles))

    return Judged(
        number=number,
        seat=seat,
        where=step_of(snap),
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
            f"scores {scores}; {len(snap.deck)} cards in the deck; jackpots: {jackpots}",
            *others,
            f"{whose(names[seat])} line: {cards(snap.lines[seat])}; "
            f"hand: {cards(snap.hands[seat])}",
            f"market: {cards(snap.market)}",
        ),
        why=(
            f"{b}: about {signed(best.points)} points against the best opponent at the end, "
            f"{best.chance:.0%} to win the game; {p}: {signed(mine.points)}, {mine.chance:.0%}"
        ),
    )


def groups(session: Session, seat: int, decisions: Sequence[Decision]) -> list[GroupSummary]:
    """No round is summed up in Line-it: the steps are the game."""
    return []


__all__ = ["GROUP", "RESULT", "THRESHOLDS", "UNIT", "groups", "judge", "plan", "refusal"]
