"""Plain-text tables with aligned columns."""

from __future__ import annotations

from collections.abc import Sequence

import click


def render(headers: Sequence[str], rows: Sequence[Sequence[object]], *, right: bool = True) -> str:
    """Columns padded to their widest cell; numbers right-aligned when ``right``."""
    cells = [[str(h) for h in headers]] + [[str(c) for c in row] for row in rows]
    widths = [max(_width(r[i]) for r in cells if i < len(r)) for i in range(len(headers))]

    def line(row: list[str]) -> str:
        out = []
        for i, cell in enumerate(row):
            pad = " " * (widths[i] - _width(cell))
            numeric = cell.lstrip("-+").replace(".", "", 1).isdigit()
            out.append(pad + cell if right and numeric and i > 0 else cell + pad)
        return "  ".join(out).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(cells[0]), rule] + [line(r) for r in cells[1:]])


def _width(text: str) -> int:
    return len(click.unstyle(text))


def plural(word: str) -> str:
    """``match`` -> ``matches``, ``game`` -> ``games``."""
    return word + ("es" if word.endswith(("ch", "sh", "s", "x")) else "s")


def counted(n: int, word: str) -> str:
    """``1 card``, ``2 cards``, ``0 entries``."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word[:-1]}ies" if word.endswith("ry") else f"{n} {plural(word)}"
