"""The scorekeeper for a physical Schnapsen game: a pure ledger of deal entries.

An entry is a plain dict (str/int/bool values only, so a TOML file can hold the list):

* ``{"kind": "result", "winner": 0, "points": 2}`` -- the table says who won and how much;
* ``{"kind": "table", ...}`` -- what the table saw, scored by :func:`rules.decide_deal`:
  ``closer`` (seat, omit if nobody closed), ``reached_66`` (seat, omit if all tricks were
  played without it), ``opponent_points`` and ``opponent_trick`` (the card points of, and
  whether a trick was taken by: the loser at the end when nobody closed; the closer's opponent
  at the moment of closing otherwise), ``last_trick`` (seat; needed only when the stock ran out
  and no one reached 66);
* ``{"kind": "undo"}`` -- takes back the latest deal still in effect. Undo is an entry of its
  own, so the ledger stays an audit trail; totals come from the entries still in effect.

Counts start at 7 and the winner of a deal subtracts its game points; at 0 the match is won
and the next deal starts a new match.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from cardside.core.errors import CardsideError
from cardside.games.schnapsen.rules import (
    MATCH_START,
    RULE_TEXT,
    TOTAL_CARD_POINTS,
    WIN_POINTS,
    DealResult,
    apply_deal_result,
    decide_deal,
    match_winner,
)

DIRECT = "direct"
RULE_TEXT_DIRECT = "entered directly"


class LedgerError(CardsideError, ValueError):
    """An entry the ledger refuses; the message is a one-line reason."""


@dataclass(frozen=True)
class LedgerRow:
    """One deal in effect: numbering, result, the rule that gave it, and the counts after."""

    deal_no: int
    match_no: int
    winner: int
    points: int
    rule: str
    rule_text: str
    counts_after: tuple[int, int]
    entry: int


def points_matter(closer: int | None, reached: int | None) -> bool:
    """Whether the loser's card points decide a deal's worth: only when 66 was reached by
    the closer or with nobody closing (a closer who fails or is beaten is scored by the
    trick alone, and the last trick needs no points)."""
    return reached is not None and (closer is None or reached == closer)


def _seat(entry: Mapping[str, Any], key: str, *, required: bool) -> int | None:
    if key not in entry or entry[key] is None:
        if required:
            raise LedgerError(f"{key!r} is missing (seat 0 or 1)")
        return None
    value = entry[key]
    if isinstance(value, bool) or value not in (0, 1):
        raise LedgerError(f"{key} must be seat 0 or 1, not {value!r}")
    return int(value)


def _int(entry: Mapping[str, Any], key: str, default: int | None = None) -> int:
    value = entry.get(key, default)
    if value is None:
        raise LedgerError(f"{key!r} is missing")
    if isinstance(value, bool) or not isinstance(value, int):
        raise LedgerError(f"{key} must be a whole number, not {value!r}")
    return value


def _bool(entry: Mapping[str, Any], key: str) -> bool:
    if key not in entry:
        raise LedgerError(f"{key!r} is missing (true or false)")
    value = entry[key]
    if not isinstance(value, bool):
        raise LedgerError(f"{key} must be true or false, not {value!r}")
    return value


_KEYS = {
    "result": {"kind", "winner", "points"},
    "table": {"kind", "closer", "reached_66", "opponent_points", "opponent_trick", "last_trick"},
    "undo": {"kind"},
}


def score(entry: Mapping[str, Any]) -> DealResult:
    """Check one deal entry and return its result (raises :class:`LedgerError`)."""
    kind = entry.get("kind")
    if kind not in ("result", "table"):
        raise LedgerError(f"unknown entry kind {kind!r} (result, table or undo)")
    unknown = set(entry) - _KEYS[kind]
    if unknown:
        raise LedgerError(f"unknown field(s) for a {kind} entry: {', '.join(sorted(unknown))}")
    if kind == "result":
        winner = _seat(entry, "winner", required=True)
        points = _int(entry, "points")
        if points not in (1, 2, 3):
            raise LedgerError(f"a deal is worth 1 to 3 game points, not {points}")
        assert winner is not None
        return DealResult(winner, points, DIRECT)
    closer = _seat(entry, "closer", required=False)
    reached = _seat(entry, "reached_66", required=False)
    last = _seat(entry, "last_trick", required=False)
    by_last_trick = closer is None and reached is None
    # The last-trick rule needs neither record; a missing trick flag is then taken as a trick.
    trick = (
        True if by_last_trick and "opponent_trick" not in entry else _bool(entry, "opponent_trick")
    )
    decisive = points_matter(closer, reached)
    points = _int(entry, "opponent_points", None if decisive else 0)
    when = "at the end" if closer is None else "at closing"
    if not 0 <= points <= TOTAL_CARD_POINTS:
        raise LedgerError(f"card points run from 0 to {TOTAL_CARD_POINTS}, not {points}")
    if points >= WIN_POINTS:
        raise LedgerError(
            f"the opponent cannot hold {points} (66 or more) {when}: "
            "the deal would have ended in their favour"
        )
    if not trick and points > 0:
        raise LedgerError(
            f"{points} card points without a trick {when} is impossible "
            "(marriages count only after a trick)"
        )
    if trick and (decisive or "opponent_points" in entry) and points < 4:
        # Given even where they do not decide the game points, the points must be possible.
        raise LedgerError(f"a trick holds at least 4 card points, not {points}")
    if closer is None and reached is None and last is None:
        raise LedgerError("no one reached 66 and no one closed: say who took the last trick")
    if by_last_trick and not trick:
        raise LedgerError(
            f"a loser with no trick means the winner took every trick and all "
            f"{TOTAL_CARD_POINTS} card points, so reached 66: say who reached 66 instead"
        )
    if by_last_trick and "opponent_points" in entry and points < TOTAL_CARD_POINTS - WIN_POINTS + 1:
        raise LedgerError(
            f"with {points} card points for the loser, the winner of the last trick held "
            f"{TOTAL_CARD_POINTS - points}, so reached 66 before it: say who reached 66 instead"
        )
    winner, game_points, rule = decide_deal(reached, closer, points, trick, last)
    return DealResult(winner, game_points, rule)


def _row(
    deal_no: int, match_no: int, result: DealResult, counts: tuple[int, int], entry: int
) -> LedgerRow:
    return LedgerRow(
        deal_no,
        match_no,
        result.winner,
        result.points,
        result.rule,
        rule_text(result.rule),
        counts,
        entry,
    )


def rule_text(rule: str) -> str:
    return RULE_TEXT_DIRECT if rule == DIRECT else RULE_TEXT[rule]


def rule_reason(rule: str) -> str:
    """The rule's text without the game points it closes with, for a line that has already
    said them (``Ann wins 2 game points: closer reached 66, ...``)."""
    text = rule_text(rule)
    # Only the count goes: "last trick wins 1 game point" keeps "last trick wins".
    cut = re.sub(r"(: )?\d+ game points?( to the opponent)?$", "", text)
    return cut.rstrip(": ") or text


class Ledger:
    """A session's deals: entries appended in order, totals derived from those in effect."""

    def __init__(self) -> None:
        self._entries: list[dict[str, Any]] = []
        self._effective: list[tuple[int, DealResult]] = []
        # The table, kept row by row: a deal appends one, an undo takes the last away.
        self._rows: list[LedgerRow] = []
        self._won = [0, 0]

    @classmethod
    def from_entries(cls, entries: Iterable[Mapping[str, Any]]) -> Ledger:
        """Rebuild (and so verify) a ledger from saved entries; errors name the entry number."""
        ledger = cls()
        for n, entry in enumerate(entries, 1):
            if not isinstance(entry, Mapping):
                raise LedgerError(f"entry {n}: not a table of fields")
            try:
                ledger.add(entry)
            except LedgerError as err:
                raise LedgerError(f"entry {n}: {err}") from None
        return ledger

    # -- adding ------------------------------------------------------------------------------
    def add(self, entry: Mapping[str, Any]) -> LedgerRow | None:
        """Append any entry; returns the new row for a deal, ``None`` for an undo."""
        if entry.get("kind") == "undo":
            if set(entry) != {"kind"}:
                raise LedgerError("an undo entry has no other fields")
            if not self._effective:
                raise LedgerError("nothing to undo")
            self._effective.pop()
            gone = self._rows.pop()
            won = match_winner(gone.counts_after)
            if won is not None:
                self._won[won] -= 1
            self._entries.append({"kind": "undo"})
            return None
        result = score(entry)
        self._entries.append({k: v for k, v in entry.items() if v is not None})
        self._effective.append((len(self._entries), result))
        row = self._next_row(len(self._entries), result)
        self._rows.append(row)
        won = match_winner(row.counts_after)
        if won is not None:
            self._won[won] += 1
        return row

    def _next_row(self, entry: int, result: DealResult) -> LedgerRow:
        """The row a deal makes after the rows so far (a new match after a won one)."""
        counts, match_no = (MATCH_START, MATCH_START), 1
        if self._rows:
            last = self._rows[-1]
            counts, match_no = last.counts_after, last.match_no
            if match_winner(counts) is not None:
                counts, match_no = (MATCH_START, MATCH_START), match_no + 1
        counts = apply_deal_result(counts, result.winner, result.points)
        return _row(len(self._rows) + 1, match_no, result, counts, entry)

    def add_result(self, winner: int, points: int) -> LedgerRow:
        """A deal entered directly: winner and game points (1-3)."""
        row = self.add({"kind": "result", "winner": winner, "points": points})
        assert row is not None
        return row

    def add_table(
        self,
        *,
        opponent_trick: bool,
        opponent_points: int | None = None,
        closer: int | None = None,
        reached_66: int | None = None,
        last_trick: int | None = None,
    ) -> LedgerRow:
        """A deal from what the table saw (see the module docstring for the fields)."""
        entry: dict[str, Any] = {"kind": "table", "opponent_trick": opponent_trick}
        for key, value in (
            ("opponent_points", opponent_points),
            ("closer", closer),
            ("reached_66", reached_66),
            ("last_trick", last_trick),
        ):
            if value is not None:
                entry[key] = value
        row = self.add(entry)
        assert row is not None
        return row

    def undo(self) -> None:
        """Take back the latest deal in effect (recorded as an entry)."""
        self.add({"kind": "undo"})

    # -- reading -----------------------------------------------------------------------------
    @property
    def entries(self) -> list[dict[str, Any]]:
        """Every entry, undos included, as plain dicts (copies)."""
        return [dict(e) for e in self._entries]

    @property
    def last_entry(self) -> dict[str, Any]:
        """The latest entry (a copy), undos included."""
        return dict(self._entries[-1])

    @property
    def deals(self) -> int:
        """How many deals are in effect."""
        return len(self._rows)

    @property
    def last_row(self) -> LedgerRow | None:
        """The latest deal in effect, if any."""
        return self._rows[-1] if self._rows else None

    def rows(self) -> list[LedgerRow]:
        """The per-deal table of the deals in effect."""
        return list(self._rows)

    def replayed_rows(self) -> list[LedgerRow]:
        """The per-deal table worked out afresh from every deal in effect (what verification
        compares the running table with)."""
        rows = []
        counts = (MATCH_START, MATCH_START)
        match_no = 1
        for deal_no, (entry, result) in enumerate(self._effective, 1):
            counts = apply_deal_result(counts, result.winner, result.points)
            rows.append(_row(deal_no, match_no, result, counts, entry))
            if match_winner(counts) is not None:
                counts = (MATCH_START, MATCH_START)
                match_no += 1
        return rows

    @property
    def counts(self) -> tuple[int, int]:
        """Counts in the match now running (7:7 right after a match was won)."""
        last = self.last_row
        if last is None or match_winner(last.counts_after) is not None:
            return (MATCH_START, MATCH_START)
        return last.counts_after

    @property
    def match_no(self) -> int:
        """Number of the match now running (1-based)."""
        return 1 + sum(self.matches_won)

    @property
    def matches_won(self) -> tuple[int, int]:
        """Matches won by each seat (the other seat took a Bummerl each time)."""
        return (self._won[0], self._won[1])
