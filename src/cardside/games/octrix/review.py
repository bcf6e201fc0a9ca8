"""A played two-player Octrix game reviewed card by card (see :mod:`cardside.core.review`).

Each card is valued exactly by :mod:`values` against the other player's equilibrium mix; a
card the equilibrium plays loses nothing. Thresholds are half of chess.com's (0.01, 0.025,
0.05, 0.10 of the chance to win the game): a round moves the chance to win less than a
Schnapsen deal does (a point is worth about one percent of it at even scores), so a card that
gives away five points of a round is already a mistake's size. Per round: its value with
every card known, which is also what the player could expect (the hands are open), beside
the points margin scored; what is left between them is the guessing of the simultaneous
tricks and the other player's choices.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardside.core.cards import Card
from cardside.core.record import Session
from cardside.core.review import Decision, GroupSummary, Judged, Replayed
from cardside.core.words import signed, whose
from cardside.games.octrix.equilibrium import solve_matrix_game
from cardside.games.octrix.exact import shared_solver
from cardside.games.octrix.keep import OctrixLedger
from cardside.games.octrix.notation import format_card, parse_cards
from cardside.games.octrix.position import CARDS, bits, mask_of, round_position
from cardside.games.octrix.rules import DECK, KEY, Rule
from cardside.games.octrix.sheet import replay_ledger, replay_state
from cardside.games.octrix.state import OctrixSnapshot, OctrixState
from cardside.games.octrix.values import RESULT, UNIT, move_values, reviewable

THRESHOLDS = (0.01, 0.025, 0.05, 0.10)
GROUP = "round"


_replayed: Replayed[OctrixState] = Replayed(replay_state, "card")
played = _replayed.played
at_move = _replayed.at_move


def refusal(session: Session) -> str | None:
    """Why ``session`` cannot be reviewed, or ``None``."""
    if len(session.seats) != 2 or session.options.get("partnership", False):
        return reviewable(OctrixState(len(session.seats)))
    if session.mode == "keep" and not session.options.get("hands", False):
        return (
            "it was kept without hands: only a kept game with every hand entered shows what "
            "each player could choose from"
        )
    return None


#: A kept game's decisions: the game before each trick entered with every hand known, and
#: the trick's cards in seat order.
Kept = list[tuple[OctrixState, tuple[Card, ...]]]
_kept: dict[tuple[str, int], Kept] = {}


def kept(session: Session) -> Kept:
    """The position before each trick of a kept game whose hands are all entered."""
    key = (session.name, len(session.entries))
    found = _kept.get(key)
    if found is not None:
        return found
    ledger = replay_ledger(session)
    fresh = OctrixLedger(
        session.player_names,
        partnership=False,
        hands=True,
        target=ledger.target,
        first_dealer=ledger.first_dealer,
    )
    out: Kept = []
    for entry in list(ledger._effective):
        hands = fresh.known_hands
        if entry.get("type") == "trick" and hands is not None:
            cards = tuple(parse_cards(str(entry["cards"])))
            out.append((_position(fresh, hands), cards))
        fresh.add(entry)
    _kept.clear()
    _kept[key] = out
    return out


def _position(ledger: OctrixLedger, hands: list[list[Card]]) -> OctrixState:
    """The kept game as a state, before the next trick."""
    state = OctrixState(2, seed=0, target=ledger.target)
    state._snapshot = OctrixSnapshot(
        round_no=ledger.round_no - 1,
        dealer=ledger.dealer,
        hands=tuple(tuple(sorted((DECK[KEY[c]] for c in h), key=KEY.__getitem__)) for h in hands),
        pending=(None, None),
        rule=ledger.rule,
        tricks=tuple(ledger.tricks),
        trick_winners=tuple(ledger.trick_winners),
        totals=tuple(ledger.totals),
        rounds=(),
        winner=None,
    )
    return state


def plan(session: Session, seats: Sequence[int]) -> list[tuple[int, int]]:
    """(card number, seat) of every decision of ``seats``: a card laid from two or more."""
    if session.mode == "keep":
        return [
            (2 * i + seat + 1, seat)
            for i, (state, _) in enumerate(kept(session))
            for seat in (0, 1)
            if seat in seats and len(state.snapshot.hands[seat]) > 1
        ]
    state = played(session)
    replay = OctrixState(2, seed=state.seed, target=state.target)
    out = []
    for number, action in enumerate(state.actions(), 1):
        seat = replay.current_player()
        assert seat is not None
        if seat in seats and len(replay.snapshot.hands[seat]) > 1:
            out.append((number, seat))
        replay.apply(action)
    return out


def judge(session: Session, number: int, seed: int, depth: int, ascii: bool) -> Judged:
    """Value card ``number`` from its player's view and say what they saw."""
    if session.mode == "keep":
        state, cards = kept(session)[(number - 1) // 2]
        seat = (number - 1) % 2
        card = cards[seat]
    else:
        state = at_move(session, number)
        seat_now = state.current_player()
        assert seat_now is not None
        seat = seat_now
        card = played(session).actions()[number - 1]
    valued = move_values(state, seat)
    best = valued.best()
    mine = valued.of(card)
    s = state.snapshot
    names = session.player_names
    return Judged(
        number=number,
        seat=seat,
        where=f"round {s.round_no + 1}, trick {len(s.tricks) + 1}",
        group=s.round_no + 1,
        played=format_card(card, ascii=ascii),
        best=format_card(best.action, ascii=ascii),  # type: ignore[arg-type]
        played_chance=mine.chance,
        best_chance=best.chance,
        played_points=mine.points,
        best_points=best.points,
        noise=0.0,
        exact=True,
        samples=0,
        method=valued.method,
        position=position(state, seat, names, ascii),
        why=why(state, seat, best.action, card, valued, names, ascii),
    )


def position(state: OctrixState, seat: int, names: Sequence[str], ascii: bool) -> tuple[str, ...]:
    """What the player saw, in a few lines."""
    view = state.observation(seat)
    s = view.snapshot
    other = 1 - seat
    rule = "highest" if s.rule is Rule.HIGHEST else "lowest"
    counting = view.counting_cards()
    pos = round_position(view, seat)

    def hand(x: int) -> str:
        return " ".join(format_card(c, ascii=ascii) for c in s.hands[x])

    return (
        f"totals {names[0]} {s.totals[0]}, {names[1]} {s.totals[1]} (target {view.target}); "
        f"the {rule} card wins",
        f"this round: {names[seat]} {pos.scores[seat]} (tricks {_nums(counting[seat])}), "
        f"{names[other]} {pos.scores[other]} (tricks {_nums(counting[other])})",
        f"{whose(names[seat])} hand: {hand(seat)}",
        f"{whose(names[other])} hand: {hand(other)}",
    )


def _nums(numbers: Sequence[int]) -> str:
    return " ".join(map(str, numbers)) or "none"


def why(
    state: OctrixState,
    seat: int,
    best: object,
    card: object,
    valued: object,
    names: Sequence[str],
    ascii: bool,
) -> str:
    """Why ``best`` is better: what each card brings against the other player's best mix."""
    from cardside.core.values import Valuation

    assert isinstance(valued, Valuation)
    pos = round_position(state, seat)
    key = (pos.hands[0], pos.hands[1], pos.high, pos.prev_side, pos.run)
    sol = solve_matrix_game(shared_solver().matrix(*key))
    mix = sol.col if seat == 0 else sol.row
    theirs = bits(pos.hands[1 - seat])
    plays = sorted(((p, CARDS[c]) for c, p in zip(theirs, mix) if p > 1e-9), key=lambda pc: -pc[0])
    shown = ", ".join(f"{format_card(c, ascii=ascii)} {p:.0%}" for p, c in plays[:4])
    if len(plays) > 4:  # the mix's other cards, so the shares shown need not sum to 100%
        shown += f", others {sum(p for p, _ in plays[4:]):.0%}"
    b, m = valued.of(best), valued.of(card)  # type: ignore[arg-type]
    text = (
        f"against {names[1 - seat]}'s best mix ({shown}), "
        f"{format_card(best, ascii=ascii)} ends the round {signed(b.points)} on average, "  # type: ignore[arg-type]
        f"{b.chance:.0%} to win the game"
    )
    if card == best:  # the card played is the best: said once
        return text
    return f"{text}; {format_card(card, ascii=ascii)} {signed(m.points)}, {m.chance:.0%}"  # type: ignore[arg-type]


def groups(session: Session, seat: int, decisions: Sequence[Decision]) -> list[GroupSummary]:
    """Each finished round for ``seat``: its value with every card known (what the player
    could expect, the hands being open), the margin scored and the points given up."""
    lost: dict[int, float] = {}
    for d in decisions:
        if d.judged.seat == seat:
            lost[d.judged.group] = lost.get(d.judged.group, 0.0) + d.points_loss
    if session.mode == "keep":
        snaps = [state.snapshot for state, _ in kept(session)]
        ledger = replay_ledger(session)
        finished = [(r.number, r.scores) for r in ledger.rounds]
    else:
        snaps = played(session).snapshots()
        finished = [(r.number, r.scores) for r in played(session).snapshot.rounds]
    starts: dict[int, float] = {}
    for snap in snaps:
        number = snap.round_no + 1
        if number in starts or snap.tricks or snap.winner is not None:
            continue
        if any(p is not None for p in snap.pending):
            continue
        v = shared_solver().value(mask_of(snap.hands[0]), mask_of(snap.hands[1]), True, -1, 0)
        starts[number] = v if seat == 0 else -v
    name = session.player_names[seat]
    out = []
    for number, scores in finished:
        margin = scores[seat] - scores[1 - seat]
        known = starts.get(number)
        note = "" if known is not None else "entered without its hands"
        out.append(
            GroupSummary(
                number, seat, name, known, known, float(margin), lost.get(number, 0.0), note
            )
        )
    return out


__all__ = ["GROUP", "RESULT", "THRESHOLDS", "UNIT", "groups", "judge", "plan", "refusal"]
