"""The score sheet of a saved Octrix session, derived from its entries alone."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardside.core.record import RoundRow, Session, Sheet
from cardside.core.replay import replay_moves
from cardside.core.schema import KEEP_UNDO, PLAY_UNDO, Flag, Schema, Text, Whole, WholeLists
from cardside.games.octrix import rules
from cardside.games.octrix.bots import BOT_NAMES
from cardside.games.octrix.keep import OctrixLedger
from cardside.games.octrix.notation import format_card, parse_card
from cardside.games.octrix.state import OctrixState

SCHEMA = Schema(
    options={
        "partnership": Flag(),
        "target": Whole(1, 10_000),
        "hands": Flag(),
        "first_dealer": Whole(0, 3),
    },
    entries={
        "play": {
            "card": {"seat": Whole(0, 3, optional=True), "card": Text(8)},
            "undo": PLAY_UNDO,
        },
        "keep": {
            "hand": {"seat": Whole(0, 3), "cards": Text(100)},
            "trick": {"cards": Text(60)},
            "round": {"counting": WholeLists(4, 8, 1, 8)},
            "undo": KEEP_UNDO,
        },
    },
    players=(2, 4),
)


def options_of(session: Session) -> dict[str, Any]:
    """The game options with their defaults, checked for type."""
    opts = session.options
    partnership = opts.get("partnership", False)
    target = opts.get("target", rules.TARGET)
    hands = opts.get("hands", False)
    first_dealer = opts.get("first_dealer", 0)
    if not isinstance(partnership, bool) or not isinstance(hands, bool):
        raise ValueError("options 'partnership' and 'hands' must be true or false")
    if (
        not isinstance(first_dealer, int)
        or isinstance(first_dealer, bool)
        or not 0 <= first_dealer < len(session.seats)
    ):
        raise ValueError(f"option 'first_dealer' must be a seat from 0 to {len(session.seats) - 1}")
    if not isinstance(target, int) or isinstance(target, bool) or target < 1:
        raise ValueError("option 'target' must be a positive whole number")
    if partnership and len(session.seats) != 4:
        raise ValueError("the partnership game needs exactly 4 players")
    if not rules.MIN_PLAYERS <= len(session.seats) <= rules.MAX_PLAYERS:
        raise ValueError("Octrix is for 2 to 4 players")
    if session.mode == "play":
        _check_play_seats([seat.kind for seat in session.seats])
    return {
        "partnership": partnership,
        "target": target,
        "hands": hands,
        "first_dealer": first_dealer,
    }


def _check_play_seats(kinds: list[str]) -> None:
    """A played match seats at least one human; every other seat is a bot of a known name."""
    known = {"human", *(f"bot:{name}" for name in BOT_NAMES)}
    for seat, kind in enumerate(kinds, 1):
        if kind not in known:
            bots = ", ".join(f"bot:{name}" for name in BOT_NAMES)
            raise ValueError(f"player {seat} is {kind!r}, not 'human' or one of {bots}")
    if "human" not in kinds:
        raise ValueError("a played game needs a human player")


def replay_state(session: Session) -> OctrixState:
    """The played match rebuilt from the seed and the card and undo entries."""
    opts = options_of(session)
    if session.seed is None:
        raise ValueError("a played game needs its seed")
    state = OctrixState(
        len(session.seats),
        partnership=opts["partnership"],
        seed=session.seed,
        target=opts["target"],
    )
    replay_moves(state, session.entries, parse_card, "card")
    return state


def replay_ledger(session: Session) -> OctrixLedger:
    """The kept match rebuilt from its hands, trick and undo entries."""
    opts = options_of(session)
    return OctrixLedger.from_entries(session.player_names, session.entries, **opts)


def build(session: Session) -> Sheet:
    """Rows (one per round), totals, status and winners of a session."""
    names = session.player_names
    if session.mode == "play":
        state = replay_state(session)
        side_names = [" & ".join(names[s] for s in side) for side in state.sides]
        results = [(r.number, r.scores, r.counting) for r in state.snapshot.rounds]
        winner = state.snapshot.winner
        sides = state.sides
    else:
        ledger = replay_ledger(session)
        side_names = ledger.side_names()
        results = [(r.number, r.scores, r.counting) for r in ledger.rounds]
        winner = ledger.winner
        sides = ledger.sides
    rows: list[RoundRow] = []
    totals = [0] * len(side_names)
    for number, scores, counting in results:
        totals = [t + s for t, s in zip(totals, scores)]
        note = "; ".join(
            f"{side_names[i]}: {describe_runs(c)}" for i, c in enumerate(counting) if c
        )
        rows.append(RoundRow(number, list(scores), list(totals), note))
    winners = [names[s] for s in sides[winner]] if winner is not None else []
    return Sheet(
        side_names, rows, totals, "finished" if winner is not None else "in progress", winners
    )


def describe_runs(counting: Sequence[int]) -> str:
    """``[1] [3 4 5] [8] = 1+9+1 = 11``."""
    found = rules.runs(counting)
    if not found:
        return "no counting cards = 0"
    parts = " ".join("[" + " ".join(map(str, r)) + "]" for r in found)
    total = rules.run_score(counting)
    if len(found) == 1:
        return f"{parts} = {total}"
    squares = "+".join(str(len(r) ** 2) for r in found)
    return f"{parts} = {squares} = {total}"


def card_text(card: Any) -> str:
    """A card as saved in a file (ASCII)."""
    return format_card(card, ascii=True)
