"""The score sheet of a saved Octrix session, derived from its entries alone."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardside.core.corrections import view
from cardside.core.errors import IllegalActionError, NotationError
from cardside.core.record import EntryError, RoundRow, Session, Sheet
from cardside.core.replay import replay_session, stamp_rows
from cardside.core.schema import KEEP_UNDO, PLAY_UNDO, Flag, Schema, Text, Whole, WholeLists
from cardside.games.octrix import rules
from cardside.games.octrix.bots import BOT_NAMES
from cardside.games.octrix.keep import OctrixLedger
from cardside.games.octrix.notation import format_card, parse_card
from cardside.games.octrix.state import OctrixSnapshot, OctrixState

SCHEMA = Schema(
    options={
        "partnership": Flag(),
        "target": Whole(1, 10_000),
        "hands": Flag(),
        "first_dealer": Whole(0, 3),
    },
    mode_of={"hands": "keep"},
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
    """A played game seats at least one human; every other seat is a bot of a known name."""
    known = {"human", *(f"bot:{name}" for name in BOT_NAMES)}
    for seat, kind in enumerate(kinds, 1):
        if kind not in known:
            bots = ", ".join(f"bot:{name}" for name in BOT_NAMES)
            raise ValueError(f"player {seat} is {kind!r}, not 'human' or one of {bots}")
    if "human" not in kinds:
        raise ValueError("a played game needs a human player")


def replay_state(session: Session, seen: list[int] | None = None) -> OctrixState:
    """The played game rebuilt from the seed and the card and undo entries."""
    opts = options_of(session)
    if session.seed is None:
        raise ValueError("a played game needs its seed")
    state = OctrixState(
        len(session.seats),
        partnership=opts["partnership"],
        seed=session.seed,
        target=opts["target"],
    )
    replay_session(state, session, parse_card, "card", seen)
    return state


def replay_ledger(session: Session) -> OctrixLedger:
    """The kept game rebuilt from its hands, trick and undo entries."""
    session = view(session)  # the entries in effect, as corrected
    opts = options_of(session)
    return OctrixLedger.from_entries(session.player_names, session.entries, **opts)


def build(session: Session) -> Sheet:
    """Rows (one per round), totals, status and winners of a session."""
    if session.mode == "keep":
        return RunningSheet(session).sheet()
    names = session.player_names
    state = replay_state(session)
    side_names = [" & ".join(names[s] for s in side) for side in state.sides]
    rows: list[RoundRow] = []
    totals = [0] * len(side_names)
    for r in state.snapshot.rounds:
        totals = [t + s for t, s in zip(totals, r.scores)]
        rows.append(round_row(r.number, r.scores, totals, r.counting, side_names))
    stamp_rows(rows, state.snapshots(), session.entries, "card", _round_ended)
    winner = state.snapshot.winner
    winners = [names[s] for s in state.sides[winner]] if winner is not None else []
    return Sheet(
        side_names, rows, totals, "finished" if winner is not None else "in progress", winners
    )


def _round_ended(before: OctrixSnapshot, after: OctrixSnapshot) -> list[int]:
    """The round a card finished, if it finished one (the row that card made)."""
    return [after.rounds[-1].number] if len(after.rounds) > len(before.rounds) else []


def round_row(
    number: int,
    scores: Sequence[int],
    totals: Sequence[int],
    counting: Sequence[Sequence[int]],
    side_names: list[str],
) -> RoundRow:
    """A finished round as a row: each side's score, the totals after, and the runs."""
    note = "; ".join(f"{side_names[i]}: {describe_runs(c)}" for i, c in enumerate(counting) if c)
    return RoundRow(number, list(scores), list(totals), note)


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


UNIT = "game"
#: The record a column's best row makes.
BEST_ROW = "best round"


def chart_scale(session: Session) -> list[tuple[int, int]]:
    """Each side's running total climbs from 0 to the target (88 unless chosen)."""
    target = options_of(session)["target"]
    return [(0, target)] * len(session.columns)


def progress(session: Session, *, ascii: bool = True) -> list[str]:
    """What a kept round in progress has so far: its tricks, who won each and under which
    rule, and the hands entered (finished rounds are rows of the sheet); suit symbols and an
    arrow unless ``ascii``."""
    if session.mode != "keep":
        return []
    ledger = replay_ledger(session)
    if ledger.over:
        return []
    names = ledger.names
    lines = []
    entered = [names[s] for s, h in enumerate(ledger.hands) if h is not None]
    if ledger.track_hands and entered:
        lines.append(f"round {ledger.round_no}: hands entered for {', '.join(entered)}")
    in_force = rules.trick_rules(ledger.tricks)
    for number, (cards, winner) in enumerate(zip(ledger.tricks, ledger.trick_winners), 1):
        shown = ", ".join(f"{names[s]} {format_card(c, ascii=ascii)}" for s, c in enumerate(cards))
        rule = in_force[number - 1].value
        arrow = "->" if ascii else "\u2192"
        lines.append(
            f"round {ledger.round_no}, trick {number} ({rule} wins): {shown} {arrow} "
            f"{names[winner]}"
        )
    if ledger.tricks:
        lines.append(f"next: trick {len(ledger.tricks) + 1}, {ledger.rule.value} wins")
    return lines


class RunningSheet:
    """A kept game's sheet, updated entry by entry: a row when a round ends, made by the
    entry that ended it (a trick or a whole round)."""

    def __init__(self, session: Session) -> None:
        opts = options_of(session)
        self.names = session.player_names
        self.ledger = OctrixLedger(self.names, **opts)
        self.side_names = self.ledger.side_names()
        self.rows: list[RoundRow] = []
        self.count = 0
        for entry in session.entries:
            self.add(entry)

    def add(self, entry: dict[str, Any]) -> None:
        """Take one saved entry; an impossible one raises EntryError and changes nothing."""
        number = self.count + 1
        try:
            self.ledger.add(entry)
        except (NotationError, IllegalActionError, TypeError) as exc:
            raise EntryError(number, str(exc), order=getattr(exc, "order", False)) from None
        except KeyError as exc:
            raise EntryError(number, f"missing field {exc.args[0]!r}") from None
        self.count = number
        rounds = self.ledger.rounds
        del self.rows[len(rounds) :]
        while len(self.rows) < len(rounds):
            r = rounds[len(self.rows)]
            row = round_row(r.number, r.scores, r.totals, r.counting, self.side_names)
            row.entry = number
            self.rows.append(row)

    def sheet(self) -> Sheet:
        winner = self.ledger.winner
        winners = [self.names[s] for s in self.ledger.sides[winner]] if winner is not None else []
        status = "finished" if winner is not None else "in progress"
        return Sheet(self.side_names, self.rows, list(self.ledger.totals), status, winners)
