"""Running totals drawn in the terminal: one line of block characters per player or team.

Each column climbs from its start to its target (0 to 88 in Octrix, 7 down to 0 in a
Schnapsen match, 0 to each side's target in LinesBeta); a full block is the target reached.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardside.core.words import counted
from cardside.tui.table import display_width, pad

BLOCKS = " ▁▂▃▄▅▆▇█"
ASCII_LEVELS = " .:-=+*#@"
WIDTH = 60


def level(value: float, start: int, target: int, levels: int) -> int:
    """How far from start to target a value is, as 0 .. levels-1 (past the target: full)."""
    if target == start:
        return levels - 1
    share = (value - start) / (target - start)
    if share <= 0:
        return 0
    if share >= 1:
        return levels - 1
    # Any progress shows, and only the target itself fills the cell.
    return min(max(1, round(share * (levels - 1))), levels - 2)


def draw(
    columns: Sequence[str],
    totals_by_round: Sequence[Sequence[int]],
    scales: Sequence[tuple[int, int]],
    *,
    ascii: bool = False,
    width: int = WIDTH,
    targets: bool = True,
    numbers: Sequence[int] | None = None,
    row_name: str = "round",
    title: str | None = None,
) -> list[str]:
    """The chart's lines: a legend, one line per column, and the round numbers under them.

    Only the latest ``width`` rounds are drawn when there are more. Without ``targets`` (a
    game that names none) the scale runs to the highest total, and the legend says so.
    ``numbers`` are the rows' round numbers, used under the bars when they rise (a game whose
    table skips rounds in which nobody scored); otherwise the rows are counted from 1.
    ``row_name`` is what the game calls a row (a Schnapsen row is a ``deal``). ``title``
    replaces the first line (for values other than running totals, e.g. ratings).
    """
    chars = ASCII_LEVELS if ascii else BLOCKS
    shown = list(totals_by_round)[-width:]
    first = len(totals_by_round) - len(shown) + 1
    room = max(display_width(c) for c in columns) if columns else 0
    if targets:
        aims = ", ".join(
            f"{c} {t}" if s < t else f"{c} {s} down to {t}" for c, (s, t) in zip(columns, scales)
        )
        legend = f"{chars[-1]} = target reached ({aims})"
        if ascii:  # letters of a height are not obvious as blocks are
            legend += f"; lower to higher: {' '.join(chars[1:-1])}"
    else:
        # The scale runs to at least 1 so that bars can be drawn; the legend names the total.
        top = max((v for row in totals_by_round for v in row), default=0)
        legend = f"{chars[-1]} = the highest total ({top})" if top > 0 else "no total above 0 yet"
    lines = [title or f"Running totals by {row_name}; {legend}"]
    if first > 1:
        # Rows numbered from 0 begin with the start, which is not one of them.
        total = numbers[-1] if numbers and numbers[0] == 0 else len(totals_by_round)
        lines.append(f"(the latest {len(shown)} of {counted(total, row_name)})")
    for i, column in enumerate(columns):
        start, target = scales[i]
        bar = "".join(chars[level(row[i], start, target, len(chars))] for row in shown)
        now = shown[-1][i] if shown else start
        lines.append(f"{pad(column, room)}  {bar}  {now}")
    rising = (
        numbers is not None
        and len(numbers) == len(totals_by_round)
        and all(a < b for a, b in zip(numbers, numbers[1:]))
    )
    labels = list(numbers)[-len(shown) :] if numbers is not None and rising and shown else None
    lines.append(" " * (room + 2) + _axis(labels or list(range(first, first + len(shown)))))
    return lines


def _axis(numbers: Sequence[int]) -> str:
    """Round numbers under the bars: the first, then the first at or past each fifth, each
    under its own bar and at least one space after the label before it (a label with no room
    is left out, so that ``2`` and ``6`` never read as ``26``)."""
    out = ""
    for offset, number in enumerate(numbers):
        if out and len(out) >= offset:
            continue
        if offset == 0 or number // 5 > numbers[offset - 1] // 5:
            out = out.ljust(offset) + str(number)
    return out
