"""Sets of small integers (card numbers) as bit masks, for the fast search code."""

from __future__ import annotations


def members(mask: int) -> list[int]:
    """The numbers whose bits are set in ``mask``, low to high."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
