"""The scorekeeper for a physical LinesBeta game: two counters, rounds and the grid's lines.

A :class:`Ledger` is a list of plain-dict entries (TOML-friendly) and everything it shows is
recomputed from them, so a saved ledger rebuilds exactly and an undo is itself an entry:

- ``{"kind": "trick", "result": "w"}`` (or ``"l"``): one trick won or lost by the player.
  With grid tracking on, a trick also names ``"line"`` (``"r3"``), ``"end"`` (``"R"``) and
  ``"cell"`` (``"r3c4"``, the cell the grid played); optionally ``"case"`` (``"a"``, ``"b"``
  or ``"c"``) and ``"turned"`` (the cells turned face up, e.g. ``["r3c6", "r3c5"]``).
- ``{"kind": "round", "player": 4, "grid": 2}``: a whole round at once (counters only).
- ``{"kind": "undo"}``: takes back the latest entry still in effect.

A disputed result is settled from per-round counts in :mod:`cardside.games.linesbeta.score`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import combinations
from math import comb
from typing import Any

from cardside.core.errors import IllegalActionError, NotationError
from cardside.core.words import counted
from cardside.games.linesbeta import rules
from cardside.games.linesbeta.notation import format_cell, parse_cell, parse_line_end
from cardside.games.linesbeta.rules import (
    DIAGONAL,
    GAP,
    LINE_CELLS,
    LINES,
    ORDER,
    TRICKS_PER_ROUND,
    Line,
    Verdict,
)

ENTRY_KINDS = ("trick", "round", "undo")


@dataclass(frozen=True)
class RoundRow:
    """One line of the per-round table."""

    round: int
    player: int
    grid: int
    player_total: int
    grid_total: int


@dataclass
class Tally:
    """Everything derived from the entries in effect (rebuilt, never edited by hand)."""

    round: int = 1
    trick: int = 0  # tricks entered in the current round
    player: int = 0
    grid: int = 0
    round_player: int = 0
    round_grid: int = 0
    rows: list[RoundRow] = field(default_factory=list)
    verdict: Verdict | None = None
    # Grid tracking: gap cells this round, cells known face up, and the last round's returns.
    gaps: set[int] = field(default_factory=set)
    face_up: int = sum(1 << c for c in DIAGONAL)
    returned_lines: list[Line] = field(default_factory=list)
    returned_cells: list[int] = field(default_factory=list)
    #: Rounds entered as counts that only some orders of their tricks can have given (the
    #: game would have stopped early in the others): round -> one order that can (True: a
    #: trick you won).
    orders: dict[int, tuple[bool, ...]] = field(default_factory=dict)


class Ledger:
    """A kept game: settings, the entries in order (undos included) and the tally."""

    def __init__(
        self, difficulty: str = "normal", length: str = "full", *, grid: bool = False
    ) -> None:
        self.difficulty = difficulty
        self.length = length
        self.player_target, self.grid_target = rules.targets(difficulty, length)
        self.rounds = rules.max_rounds(length)
        self.track_grid = grid
        # Cells typed as turned beyond the grid's card are refused as typed; a file kept
        # before that rule replays as it was (see ``check_turned_from_now``).
        self.check_turned = False
        self.entries: list[dict[str, Any]] = []
        self._effective: list[dict[str, Any]] = []
        self.tally = Tally()

    def check_turned_from_now(self) -> Ledger:
        """Refuse, in the tricks typed from now on, a cell typed as turned that the trick
        could not turn: in case a turning stops at the grid's card."""
        self.check_turned = True
        return self

    @classmethod
    def from_entries(
        cls,
        entries: list[dict[str, Any]],
        *,
        difficulty: str = "normal",
        length: str = "full",
        grid: bool = False,
    ) -> Ledger:
        """Rebuild a ledger; a bad entry raises with its (1-based) number in the message."""
        ledger = cls(difficulty, length, grid=grid)
        for i, entry in enumerate(entries, 1):
            try:
                ledger.add(entry)
            except (NotationError, IllegalActionError) as exc:
                raise type(exc)(f"entry {i}: {exc}") from None
        return ledger

    # -- entering --------------------------------------------------------------------------
    def add(self, entry: dict[str, Any]) -> list[str]:
        """Append an entry if it is valid; return what to announce (round over, result...)."""
        kind = entry.get("kind") if isinstance(entry, dict) else None
        if kind not in ENTRY_KINDS:
            raise NotationError(f"unknown entry kind {kind!r} (use trick, round or undo)")
        if kind == "undo":
            if set(entry) != {"kind"}:
                raise NotationError("an undo entry has no other fields")
            if not self._effective:
                raise IllegalActionError("nothing to undo")
            effective = self._effective[:-1]
            tally, _ = self._replay(effective)
            notes = [f"undone: {describe(self._effective[-1])}"]
        else:
            effective = [*self._effective, dict(entry)]
            tally, notes = self._replay(effective)
        self.entries.append(dict(entry))
        self._effective = effective
        self.tally = tally
        return notes

    def add_trick(self, won: bool, **grid_info: Any) -> list[str]:
        """Shorthand for a trick entry."""
        return self.add({"kind": "trick", "result": "w" if won else "l", **grid_info})

    def add_round(self, player: int, grid: int) -> list[str]:
        """Shorthand for a whole-round entry."""
        return self.add({"kind": "round", "player": player, "grid": grid})

    def undo(self) -> list[str]:
        return self.add({"kind": "undo"})

    @property
    def last_in_effect(self) -> dict[str, Any] | None:
        """The latest entry not taken back by an undo (None when there is none)."""
        return self._effective[-1] if self._effective else None

    # -- replay ----------------------------------------------------------------------------
    def _replay(self, effective: list[dict[str, Any]]) -> tuple[Tally, list[str]]:
        t = Tally()
        notes: list[str] = []
        for entry in effective:
            if t.verdict is not None:
                raise IllegalActionError("the game is over; nothing more can be entered")
            notes = (
                self._apply_trick(t, entry)
                if entry["kind"] == "trick"
                else self._apply_round(t, entry)
            )
        return t, notes

    def _apply_trick(self, t: Tally, e: dict[str, Any]) -> list[str]:
        allowed = {"kind", "result"} | (
            {"line", "end", "cell", "case", "turned"} if self.track_grid else set()
        )
        extra = set(e) - allowed
        if extra:
            if not self.track_grid and extra & {"line", "end", "cell", "case", "turned"}:
                raise NotationError("grid tracking is off: a trick has only a result (w or l)")
            raise NotationError(f"unknown field(s) in a trick: {', '.join(sorted(extra))}")
        result = str(e.get("result", "")).strip().lower()
        if result not in ("w", "l", "win", "loss", "won", "lost"):
            raise NotationError(f"a trick result is w (won) or l (lost), not {e.get('result')!r}")
        won = result.startswith("w")
        if self.track_grid:
            self._track(t, e, won)
        return self._score(t, won)

    def _track(self, t: Tally, e: dict[str, Any], won: bool) -> None:
        for key in ("line", "end", "cell"):
            if key not in e:
                raise NotationError(f"with grid tracking, a trick needs its {key}")
        line, end = parse_line_end(f"{e['line']} {e['end']}")
        row, col = parse_cell(str(e["cell"]))
        cell = rules.cell_of(row, col)
        if any(c in t.gaps for c in LINE_CELLS[line]):
            raise IllegalActionError(f"{line} has a gap this round and cannot be challenged")
        if cell not in LINE_CELLS[line]:
            raise IllegalActionError(f"{format_cell(row, col)} is not in {line}")
        case = e.get("case")
        if case is not None and case not in ("a", "b", "c"):
            raise NotationError(f"case is a, b or c, not {case!r}")
        if case == "c" and not won:
            raise IllegalActionError("in case c (no suit, no trump) the player wins the trick")
        if case == "b" and won:
            raise IllegalActionError("in case b (the grid trumps) the player loses the trick")
        order = ORDER[line][rules.END_INDEX[end]]
        # Whatever happened, every card from the chosen end up to the grid's card was turned.
        seen = order if case in ("b", "c") else order[: order.index(cell) + 1]
        marked = e.get("turned", [])
        if not isinstance(marked, list) or not all(isinstance(x, str) for x in marked):
            raise NotationError('turned is a list of cells, e.g. turned = ["r3c6", "r3c5"]')
        turned = []
        for text in marked:
            c = rules.cell_of(*parse_cell(text))
            if c not in LINE_CELLS[line]:
                raise IllegalActionError(f"turned cell {text} is not in {line}")
            if self.check_turned and c not in seen:
                raise IllegalActionError(
                    f"{text} lies past the grid's card {format_cell(row, col)} from that end: "
                    "turning stops at the grid's card (cardside counts every card up to it as "
                    "turned, so turned is not needed)"
                )
            turned.append(c)
        for c in (*seen, *turned):
            t.face_up |= 1 << c
        t.gaps.add(cell)
        t.face_up &= ~(1 << cell)

    def _apply_round(self, t: Tally, e: dict[str, Any]) -> list[str]:
        if self.track_grid:
            raise IllegalActionError("with grid tracking, enter the round trick by trick")
        if set(e) != {"kind", "player", "grid"}:
            raise NotationError("a round entry has exactly: player, grid")
        p, g = e["player"], e["grid"]
        counts_ok = all(isinstance(x, int) and not isinstance(x, bool) for x in (p, g))
        if not counts_ok or p < 0 or g < 0:
            raise NotationError("round counts are whole numbers of tricks, 0 or more")
        if t.trick:
            raise IllegalActionError(
                f"round {t.round} already has {counted(t.trick, 'trick')}; finish it trick by trick"
            )
        n = p + g
        if n > TRICKS_PER_ROUND:
            raise IllegalActionError(f"a round has {TRICKS_PER_ROUND} tricks, not {n}")
        orders = list(self._feasible_orders(t, p, g))
        order = orders[0] if orders else None
        if order is not None and len(orders) < comb(n, p):
            t.orders[t.round] = order
        if order is None:
            if n == TRICKS_PER_ROUND:
                raise IllegalActionError(
                    f"{p}-{g} cannot be a whole round: the game would have stopped before "
                    "the round's last trick"
                )
            if n == 0:
                raise IllegalActionError(
                    f"a round has {TRICKS_PER_ROUND} tricks; 0-0 gives none, and the game "
                    "cannot stop before a round's first trick"
                )
            raise IllegalActionError(
                f"a round has {TRICKS_PER_ROUND} tricks; {p}-{g} is only {n}, so the game must "
                "have stopped at the last of them, and no order of them stops it exactly there"
            )
        notes: list[str] = []
        number = t.round
        for won in order:
            notes = self._score(t, won)
        # A whole round was entered, not its last trick: its totals are the round's.
        notes[0] = f"round {number}: total you {t.player}, grid {t.grid}"
        return notes

    def _feasible_orders(self, t: Tally, p: int, g: int) -> Iterator[tuple[bool, ...]]:
        """Each order of p wins and g losses that stops exactly after its last trick (or
        plays the whole round without stopping)."""
        n = p + g
        last = t.round == self.rounds
        for wins_at in combinations(range(n), p):
            seq = tuple(i in wins_at for i in range(n))
            pl, gr = t.player, t.grid
            stopped_at = None
            for k, won in enumerate(seq, 1):
                pl += won
                gr += not won
                if (
                    rules.verdict(
                        pl, gr, self.player_target, self.grid_target, TRICKS_PER_ROUND - k, last
                    )
                    is not None
                ):
                    stopped_at = k
                    break
            if n == TRICKS_PER_ROUND and stopped_at in (None, n):
                yield seq
            if n < TRICKS_PER_ROUND and stopped_at == n:
                yield seq

    def _score(self, t: Tally, won: bool) -> list[str]:
        """Count one trick, then settle the game or the round if due."""
        t.trick += 1
        if won:
            t.player += 1
            t.round_player += 1
        else:
            t.grid += 1
            t.round_grid += 1
        left = TRICKS_PER_ROUND - t.trick
        t.verdict = rules.verdict(
            t.player, t.grid, self.player_target, self.grid_target, left, t.round == self.rounds
        )
        notes = [f"round {t.round}, trick {t.trick}: total you {t.player}, grid {t.grid}"]
        if t.verdict is not None or not left:
            t.rows.append(RoundRow(t.round, t.round_player, t.round_grid, t.player, t.grid))
        if t.verdict is not None:
            if t.verdict.early:
                notes.append(f"early stop after trick {t.trick} of round {t.round}")
            notes.append(
                ("you win: " if t.verdict.player_wins else "you lose: ") + t.verdict.reason
            )
            return notes
        if not left:
            notes.append(
                f"round {t.round} over: this round you {t.round_player}, grid {t.round_grid}"
            )
            if self.track_grid:
                self._end_round_grid(t)
                if t.returned_lines:
                    names = ", ".join(str(x) for x in t.returned_lines)
                    notes.append(f"all face up, back to the deck: {names}")
            t.round += 1
            t.trick = t.round_player = t.round_grid = 0
        return notes

    def _end_round_grid(self, t: Tally) -> None:
        pseudo = [GAP if c in t.gaps else 0 for c in range(rules.CELLS)]
        t.returned_lines = [Line(x) for x in rules.fully_face_up_lines(pseudo, t.face_up)]
        t.returned_cells = rules.returning_cells(pseudo, t.face_up)
        for c in (*t.returned_cells, *t.gaps):
            t.face_up &= ~(1 << c)
        t.gaps = set()

    # -- what the table sees ---------------------------------------------------------------
    @property
    def round(self) -> int:
        return self.tally.round

    @property
    def trick(self) -> int:
        """The number of the next trick in the current round (1-6)."""
        return self.tally.trick + 1

    @property
    def points(self) -> tuple[int, int]:
        return self.tally.player, self.tally.grid

    @property
    def verdict(self) -> Verdict | None:
        return self.tally.verdict

    @property
    def is_over(self) -> bool:
        return self.tally.verdict is not None

    def table(self) -> list[RoundRow]:
        """Per-round rows: the round's tricks for each side and the running totals."""
        rows = list(self.tally.rows)
        t = self.tally
        if t.verdict is None and t.trick:
            rows.append(RoundRow(t.round, t.round_player, t.round_grid, t.player, t.grid))
        return rows

    def complete_lines(self) -> list[Line]:
        """Lines that can still be challenged this round (grid tracking)."""
        return [
            Line(x) for x in range(LINES) if not any(c in self.tally.gaps for c in LINE_CELLS[x])
        ]

    def gaps(self) -> list[tuple[int, int]]:
        return [rules.row_col(c) for c in sorted(self.tally.gaps)]

    def face_up_lines(self) -> list[Line]:
        """Lines with no face-down card left now (they go back at the round's end)."""
        pseudo = [GAP if c in self.tally.gaps else 0 for c in range(rules.CELLS)]
        return [Line(x) for x in rules.fully_face_up_lines(pseudo, self.tally.face_up)]

    def returned_last_round(self) -> tuple[list[Line], list[tuple[int, int]]]:
        """The lines and cells whose cards went back to the deck at the last round's end."""
        return list(self.tally.returned_lines), [
            rules.row_col(c) for c in self.tally.returned_cells
        ]


def describe(entry: dict[str, Any]) -> str:
    """The whole entry as it is typed, e.g. ``trick w r3R r3c4``,
    ``trick l r1L r1c4 b turned r1c2`` or ``round 4-2``."""
    if entry.get("kind") == "round":
        return f"round {entry.get('player')}-{entry.get('grid')}"
    if entry.get("kind") == "trick":
        words = [f"trick {entry.get('result')}"]
        if "line" in entry:
            words.append(f"{entry['line']}{entry.get('end', '')}")
        words += [str(entry[k]) for k in ("cell", "case") if k in entry]
        if entry.get("turned"):
            words += ["turned", *map(str, entry["turned"])]
        return " ".join(words)
    return str(entry.get("kind"))
