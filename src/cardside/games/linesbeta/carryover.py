"""What a round leaves face up for the next: the cards that stay known after the return.

At the end of a round every line with no face-down card left goes back to the deck, and the
emptied cells are refilled face down; the other face-up cards stay where they are, so the next
rounds' odds are computed from them. A challenge turns cards of its line face up and leaves a
gap (which counts as not face down), so it can empty a line of face-down cards, its own or a
crossing one, and send the known cards in it back. ``Carryover`` counts, for each way a
challenge can end, how many more (or fewer) face-up cards the grid would keep if the round
ended right after it than if it ended now.
"""

from __future__ import annotations

from cardside.games.linesbeta.rules import GAP, LINE_BITS, LINES, ORDER
from cardside.games.linesbeta.view import Observation

# Shared by every Carryover: the same grids come back often.
_KEPT: dict[tuple[int, int], int] = {}
_AFTER: dict[tuple[int, int, int, int], list[int]] = {}


def kept(face_up: int, gaps: int) -> int:
    """How many face-up cards stay in the grid at the end of a round (cell masks in)."""
    key = (face_up, gaps)
    out = _KEPT.get(key)
    if out is None:
        if len(_KEPT) > 200_000:
            _KEPT.clear()
        out = _KEPT[key] = _kept(face_up, gaps)
    return out


def _kept(face_up: int, gaps: int) -> int:
    settled = face_up | gaps
    back = 0
    for bits in LINE_BITS:
        if bits & settled == bits:
            back |= bits
    return (face_up & ~back).bit_count()


class Carryover:
    """The change in face-up cards kept after a challenge, by line, end and the grid's card.

    ``after(line, end)[pos]`` is the change when the grid's card is the ``pos``-th from the
    end (the cells up to it turned face up, a gap left there); ``full(line)`` when every card
    of the line is turned (cases b and c: the line then goes back, whichever card leaves).
    """

    __slots__ = ("face_up", "gaps", "now", "_after", "_full")

    def __init__(self, obs: Observation) -> None:
        face_up = gaps = 0
        for cell, card in enumerate(obs.grid):
            if card == GAP:
                gaps |= 1 << cell
            elif card >= 0 and not obs.remembered >> cell & 1:
                face_up |= 1 << cell
        self.face_up = face_up
        self.gaps = gaps
        self.now = kept(face_up, gaps)
        self._after: dict[tuple[int, int], list[int]] = {}
        self._full = [kept(face_up | LINE_BITS[line], gaps) - self.now for line in range(LINES)]

    def after(self, line: int, end: int) -> list[int]:
        """The change for each position of the grid's card, counted from ``end``."""
        key = (line, end)
        out = self._after.get(key)
        if out is None:
            # The same grids come back often (bots that play rounds out on sampled deals).
            shared = (self.face_up, self.gaps, line, end)
            out = _AFTER.get(shared)
            if out is None:
                if len(_AFTER) > 100_000:
                    _AFTER.clear()
                out = []
                up = self.face_up
                for cell in ORDER[line][end]:
                    up |= 1 << cell
                    out.append(kept(up & ~(1 << cell), self.gaps | 1 << cell) - self.now)
                _AFTER[shared] = out
            self._after[key] = out
        return out

    def full(self, line: int) -> int:
        """The change when the whole line is turned."""
        return self._full[line]
