"""Exact solver for phase 2 (stock closed or exhausted) with every card known.

Values are in *game points* from one seat's point of view (+3 .. -3, never 0): a deal is won or
lost by 1, 2 or 3, so maximising card points would be the wrong goal. The closing record (the
closer's opponent's card points and tricks at the moment of closing) and the last-trick rule
come from :func:`rules.decide_deal`, the same function that scores real deals.

Search: alpha-beta over whole tricks (lead, then reply) with a transposition table keyed on the
two hands, the leader and both players' points. When the leader leads a King or Queen while
holding both, the marriage is always declared: declaring only adds points to the declarer, and
more points can never make a Schnapsen deal worse for that player (tests check this against a
brute force that tries both).
"""

from __future__ import annotations

from cardside.games.schnapsen.deal import NO_CARD, NOBODY, Deal, legal_codes
from cardside.games.schnapsen.rules import (
    MARRIAGE_BASE,
    POINTS,
    REPLY_WINS,
    WIN_POINTS,
    decide_deal,
    indices_of,
    legal_reply_mask,
)

_EXACT, _LOWER, _UPPER = 0, 1, 2
#: Entries kept before the table starts afresh (bounds memory when one solver is reused).
TABLE_LIMIT = 400_000

# Leading order tried first: aces and tens (likely to win tricks), then the rest.
_LEAD_ORDER = sorted(range(20), key=lambda i: -POINTS[i])


class Solver:
    """Solves phase-2 positions of one deal; reuse an instance for positions of that deal."""

    def __init__(self) -> None:
        self.table: dict[tuple[int, ...], tuple[int, int]] = {}
        self.nodes = 0

    # -- public entry points ------------------------------------------------------------------
    def value(self, d: Deal) -> int:
        """Game-point value of ``d`` for the seat to move (positive: that seat wins)."""
        v = self._root(d, None)
        return v if d.to_move == 0 else -v

    def action_values(self, d: Deal) -> dict[int, int]:
        """Value of each legal action code, for the seat to move."""
        out: dict[int, int] = {}
        sign = 1 if d.to_move == 0 else -1
        for code in legal_codes(d):
            out[code] = sign * self._root(d, code)
        return out

    def best(self, d: Deal) -> tuple[int, int]:
        """``(best action code, its value)`` for the seat to move; ties go to the first."""
        values = self.action_values(d)
        code = max(values, key=lambda c: values[c])
        return code, values[code]

    # -- search ------------------------------------------------------------------------------
    def _root(self, d: Deal, only: int | None) -> int:
        """Value for seat 0 of ``d``, or of ``d`` after action ``only``."""
        if d.result is not None:
            w, pts, _ = d.result
            return pts if w == 0 else -pts
        if not d.strict:
            raise ValueError("the solver needs a phase-2 position (stock closed or used up)")
        self._setup(d)
        h0, h1 = d.hands
        p0, p1 = d.points
        q0, q1 = d.pending
        t0, t1 = d.won[0] != 0, d.won[1] != 0
        if d.lead == NO_CARD:
            if only is None:
                return self._search(h0, h1, d.to_move, p0, p1, q0, q1, t0, t1, -4, 4)
            card = only % MARRIAGE_BASE
            return self._lead(
                h0, h1, d.to_move, p0, p1, q0, q1, t0, t1, card, only >= MARRIAGE_BASE, -4, 4
            )
        leader = 1 - d.to_move
        hands = [h0, h1]
        hands[leader] |= 1 << d.lead  # put the led card back and replay the lead
        best = None
        replies = (
            [only]
            if only is not None
            else indices_of(legal_reply_mask(hands[1 - leader], d.lead, d.trump, True))
        )
        for r in replies:
            v = self._trick(hands[0], hands[1], leader, p0, p1, q0, q1, t0, t1, d.lead, r, -4, 4)
            if best is None or (v > best if d.to_move == 0 else v < best):
                best = v
        assert best is not None
        return best

    def _setup(self, d: Deal) -> None:
        key = (d.trump, d.closer, d.record)
        if getattr(self, "_key", None) != key or len(self.table) > TABLE_LIMIT:
            self._key = key
            self.table.clear()
        self.trump = d.trump
        self.closer = None if d.closer == NOBODY else d.closer
        self.record = d.record

    def _end(
        self, reached: int | None, p0: int, p1: int, t0: bool, t1: bool, last: int | None
    ) -> int:
        if self.record is not None:
            rp, rt = self.record
        elif reached == 0:
            rp, rt = p1, t1
        elif reached == 1:
            rp, rt = p0, t0
        else:
            rp, rt = 0, False
        w, pts, _ = decide_deal(reached, self.closer, rp, rt, last)
        return pts if w == 0 else -pts

    def _lead(
        self,
        h0: int,
        h1: int,
        leader: int,
        p0: int,
        p1: int,
        q0: int,
        q1: int,
        t0: bool,
        t1: bool,
        card: int,
        declare: bool,
        alpha: int,
        beta: int,
    ) -> int:
        """Value after the leader leads ``card``, declaring its marriage if ``declare``."""
        if declare:
            value = 40 if card // 5 == self.trump else 20
            if leader == 0:
                if t0:
                    p0 += value
                    if p0 >= WIN_POINTS:
                        return self._end(0, p0, p1, t0, t1, None)
                else:
                    q0 += value
            else:
                if t1:
                    p1 += value
                    if p1 >= WIN_POINTS:
                        return self._end(1, p0, p1, t0, t1, None)
                else:
                    q1 += value
        other = h1 if leader == 0 else h0
        replies = indices_of(legal_reply_mask(other, card, self.trump, True))
        maximise = leader == 1  # the responder is seat 0
        best = -4 if maximise else 4
        for r in reversed(replies):
            v = self._trick(h0, h1, leader, p0, p1, q0, q1, t0, t1, card, r, alpha, beta)
            if maximise:
                if v > best:
                    best = v
                    if best > alpha:
                        alpha = best
            else:
                if v < best:
                    best = v
                    if best < beta:
                        beta = best
            if alpha >= beta:
                break
        return best

    def _trick(
        self,
        h0: int,
        h1: int,
        leader: int,
        p0: int,
        p1: int,
        q0: int,
        q1: int,
        t0: bool,
        t1: bool,
        lead: int,
        reply: int,
        alpha: int,
        beta: int,
    ) -> int:
        """Play ``lead`` (leader) and ``reply`` and go on; value for seat 0."""
        if leader == 0:
            h0 &= ~(1 << lead)
            h1 &= ~(1 << reply)
        else:
            h1 &= ~(1 << lead)
            h0 &= ~(1 << reply)
        w = (1 - leader) if REPLY_WINS[self.trump][lead][reply] else leader
        gain = POINTS[lead] + POINTS[reply]
        if w == 0:
            if not t0:
                p0 += q0
                q0 = 0
                t0 = True
            p0 += gain
            if p0 >= WIN_POINTS:
                return self._end(0, p0, p1, t0, t1, None)
        else:
            if not t1:
                p1 += q1
                q1 = 0
                t1 = True
            p1 += gain
            if p1 >= WIN_POINTS:
                return self._end(1, p0, p1, t0, t1, None)
        if not h0 and not h1:
            return self._end(None, p0, p1, t0, t1, w)
        return self._search(h0, h1, w, p0, p1, q0, q1, t0, t1, alpha, beta)

    def _search(
        self,
        h0: int,
        h1: int,
        leader: int,
        p0: int,
        p1: int,
        q0: int,
        q1: int,
        t0: bool,
        t1: bool,
        alpha: int,
        beta: int,
    ) -> int:
        """Value for seat 0 with ``leader`` to lead, within the window (alpha, beta)."""
        self.nodes += 1
        key = (h0, h1, leader, p0, p1, q0, q1, t0, t1)
        hit = self.table.get(key)
        if hit is not None:
            v, flag = hit
            if flag == _EXACT:
                return v
            if flag == _LOWER and v >= beta:
                return v
            if flag == _UPPER and v <= alpha:
                return v
        a0, b0 = alpha, beta
        hand = h0 if leader == 0 else h1
        maximise = leader == 0
        best = -4 if maximise else 4
        for card in _LEAD_ORDER:
            if not hand >> card & 1:
                continue
            declare = card % 5 in (1, 2) and hand >> (card // 5 * 5 + 1) & 3 == 3
            v = self._lead(h0, h1, leader, p0, p1, q0, q1, t0, t1, card, declare, alpha, beta)
            if maximise:
                if v > best:
                    best = v
                    if best > alpha:
                        alpha = best
            else:
                if v < best:
                    best = v
                    if best < beta:
                        beta = best
            if alpha >= beta:
                break
        if best <= a0:
            flag = _UPPER
        elif best >= b0:
            flag = _LOWER
        else:
            flag = _EXACT
        self.table[key] = (best, flag)
        return best


def solve(d: Deal) -> int:
    """Game-point value of a phase-2 deal for the seat to move."""
    return Solver().value(d)
