"""A played Schnapsen match reviewed move by move (see :mod:`cardside.core.review`).

Each decision is valued by :mod:`values` from the player's own view. Thresholds are
chess.com's (0.02, 0.05, 0.10, 0.20 of the chance to win the match): a deal moves the match
chance by a tenth to a third, so a card that turns a won deal into a lost one is a blunder.
Per deal: what it was worth with every card known from the moment the stock was closed or
used up (before that, the stock's order decides too much to search), what the player could
expect at their first decision of the deal, and the game points scored.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardside.core.record import Session
from cardside.core.review import CHESS_THRESHOLDS, Decision, GroupSummary, Judged, Replayed
from cardside.core.rng import derive_rng
from cardside.games.schnapsen.deal import NOBODY, legal_codes
from cardside.games.schnapsen.notation import format_action, format_card, points_text, sort_hand
from cardside.games.schnapsen.rules import SUITS, Action
from cardside.games.schnapsen.sheet import replay_state
from cardside.games.schnapsen.solver import Solver
from cardside.games.schnapsen.state import Observation, SchnapsenState
from cardside.games.schnapsen.values import RESULT, UNIT, move_values

THRESHOLDS = CHESS_THRESHOLDS
GROUP = "deal"


_replayed: Replayed[SchnapsenState] = Replayed(replay_state)
played = _replayed.played
at_move = _replayed.at_move


def refusal(session: Session) -> str | None:
    """Why ``session`` cannot be reviewed, or ``None``."""
    if session.mode != "play":
        return (
            "a kept Schnapsen match holds each deal's result, not its cards: "
            "only a played match can be reviewed"
        )
    return None


def plan(session: Session, seats: Sequence[int]) -> list[tuple[int, int]]:
    """(move number, seat) of every decision of ``seats``: a move with a choice."""
    state = played(session)
    out = []
    for number, (snap, _) in enumerate(state._history, 1):
        deal = snap.deal
        if deal.to_move in seats and len(legal_codes(deal)) > 1:
            out.append((number, deal.to_move))
    return out


def judge(session: Session, number: int, seed: int, depth: int, ascii: bool) -> Judged:
    """Value move ``number`` from its player's view and say what they saw."""
    state = at_move(session, number)
    seat = state.current_player()
    assert seat is not None
    action = played(session).actions()[number - 1]
    rng = derive_rng(seed, "review", number)
    valued = move_values(state, seat, random.Random(rng.getrandbits(64)), depth)
    best = valued.best()
    mine = valued.of(action)
    obs = state.observation(seat)
    names = session.player_names
    return Judged(
        number=number,
        seat=seat,
        where=f"deal {obs.deal_no}, trick {len(obs.deal.tricks) + 1}",
        group=obs.deal_no,
        played=format_action(action, ascii),
        best=format_action(best.action, ascii),  # type: ignore[arg-type]
        played_chance=mine.chance,
        best_chance=best.chance,
        played_points=mine.points,
        best_points=best.points,
        noise=valued.gap_error(best.action, action),
        exact=valued.exact,
        samples=valued.samples,
        method=valued.method,
        position=position(obs, names, ascii),
        why=why(best.action, action, best.chance, mine.chance, best.points, mine.points, ascii),  # type: ignore[arg-type]
    )


def position(obs: Observation, names: Sequence[str], ascii: bool) -> tuple[str, ...]:
    """What the player saw, in a few lines."""
    me, opp = obs.seat, 1 - obs.seat
    d = obs.deal
    trump = SUITS[d.trump]
    suit = trump.letter if ascii else trump.symbol
    if d.closer != NOBODY:
        stock = f"stock closed by {names[d.closer]}"
    elif d.stock:
        stock = f"stock {len(d.stock)} cards, indicator {format_card(obs.indicator, ascii)}"  # type: ignore[arg-type]
    else:
        stock = "stock used up"
    lines = [
        f"countdown {names[0]} {obs.counts[0]}, {names[1]} {obs.counts[1]}; trumps {suit}; {stock}",
        # As the table showed them: tricks, marriages, points pending (no trick yet).
        *(
            points_text(obs, seat, names, lambda s: s.letter if ascii else s.symbol)
            for seat in (opp, me)
        ),
    ]
    record = obs.closing_record
    if record is not None and obs.closer is not None:
        # What the game points of a closed deal turn on.
        had, trick = record
        lines.append(
            f"at closing {names[1 - obs.closer]} had "
            + (f"{had} card points" if trick else "no trick")
        )
    known = obs.known_opponent_cards
    if known:
        lines.append(
            f"{names[opp]} is known to hold "
            f"{' '.join(format_card(c, ascii) for c in sort_hand(known, trump))}"
        )
    if obs.lead_card is not None:
        lines.append(f"{names[opp]} led {format_card(obs.lead_card, ascii)}")
    lines.append(f"hand: {' '.join(format_card(c, ascii) for c in sort_hand(obs.hand, trump))}")
    return tuple(lines)


def why(
    best: Action,
    played_action: Action,
    best_chance: float,
    played_chance: float,
    best_points: float,
    played_points: float,
    ascii: bool,
) -> str:
    """Why ``best`` is better, in the hint's words: what each leads to."""
    b, p = format_action(best, ascii), format_action(played_action, ascii)
    return (
        f"{b}: {best_chance:.0%} to win the match, the deal {_deal_words(best_points)}; "
        f"{p}: {played_chance:.0%}, the deal {_deal_words(played_points)}"
    )


def _deal_words(points: float) -> str:
    """``won by 1.4 game points on average`` / ``lost by 2 game points`` / ``even``."""
    if abs(points) < 0.05:  # what would print as 0.0: neither won nor lost
        return "even (0 game points on average)"
    verb = "won" if points > 0 else "lost"
    if abs(points - round(points)) < 1e-9:
        n = abs(round(points))
        return f"{verb} by {n} game point{'s' if n != 1 else ''}"
    return f"{verb} by {abs(points):.1f} game points on average"


def groups(session: Session, seat: int, decisions: Sequence[Decision]) -> list[GroupSummary]:
    """Each finished deal for ``seat``: with every card known (from phase 2), as the player
    could expect it at their first decision, as scored, and the points given up."""
    state = played(session)
    history = state._history
    firsts: dict[int, Decision] = {}
    lost: dict[int, float] = {}
    for d in decisions:
        if d.judged.seat != seat:
            continue
        firsts.setdefault(d.judged.group, d)
        lost[d.judged.group] = lost.get(d.judged.group, 0.0) + d.points_loss
    known: dict[int, float] = {}
    solver = Solver()
    for snap, _ in history:
        deal = snap.deal
        if snap.deal_no in known or not deal.strict or deal.result is not None:
            continue
        v = solver.value(deal)
        known[snap.deal_no] = v if deal.to_move == seat else -v
    name = session.player_names[seat]
    out = []
    for record in state.history:
        r = record.result
        scored = r.points if r.winner == seat else -r.points
        first = firsts.get(record.deal_no)
        out.append(
            GroupSummary(
                record.deal_no,
                seat,
                name,
                known.get(record.deal_no),
                None if first is None else first.judged.best_points,
                float(scored),
                lost.get(record.deal_no, 0.0),
                "" if record.deal_no in known else "ended before the stock was closed or used up",
            )
        )
    return out


__all__ = ["GROUP", "RESULT", "THRESHOLDS", "UNIT", "groups", "judge", "plan", "refusal"]
