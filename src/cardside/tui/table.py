"""Plain-text tables with aligned columns."""

from __future__ import annotations

import re
import textwrap
import unicodedata
from collections.abc import Sequence

import click


def render(
    headers: Sequence[str],
    rows: Sequence[Sequence[object]],
    *,
    right: bool = True,
    width: int | None = None,
) -> str:
    """Columns padded to their widest cell; numbers right-aligned when ``right``.

    With ``width`` (a terminal's), a row too wide for it has its last column (a note in words)
    wrapped at spaces: under that column while at least 24 characters are left there, else
    on lines of its own below the row (and headed by nothing when even its header would not
    fit beside the other columns). When even the other columns are wider than ``width``, or
    the last column's header is what does not fit, each row is written as a record instead: its
    first cell, then every other column as ``header value``, wrapped."""
    cells = [[str(h) for h in headers]] + [[str(c) for c in row] for row in rows]
    # A dash for "none" (or a word: pass) lines up with the numbers of its column; a column
    # of names stays to the left, whatever a name looks like (a session named 12.0).
    right_cols = frozenset(
        i
        for i in range(1, len(headers))
        if right
        and str(headers[i]).strip().lower() not in TEXT_HEADERS
        and any(i < len(r) and _numeric(r[i]) for r in cells[1:])
    )
    marked = frozenset(
        i for i in right_cols if any(i < len(r) and r[i].endswith("*") for r in cells[1:])
    )
    widths = [max(display_width(r[i]) for r in cells if i < len(r)) for i in range(len(headers))]
    if width is not None and len(headers) > 1 and sum(widths) + 2 * (len(widths) - 1) > width:
        start = sum(widths[:-1]) + 2 * (len(widths) - 1)
        # Wrapping the last column helps only when its cells, not its header, are long.
        short = all(display_width(r[-1]) <= display_width(headers[-1]) for r in cells[1:] if r)
        if start > width or (short and start + display_width(headers[-1]) > width):
            return _records(cells, width)
        widths[-1] = display_width(headers[-1])
        body = [_wrapped_row(r, start, width) for r in cells[1:]]
        # Notes below their rows need no heading where it would run past the edge.
        heads = widths if start + widths[-1] <= width else widths[:-1]
        lines = [
            _line(cells[0][: len(heads)], heads, right_cols, marked),
            "  ".join("-" * w for w in heads),
        ]
        for row, (first, more) in zip(cells[1:], body):
            lines.append(_line([*row[:-1], first], widths, right_cols, marked))
            lines.extend(more)
        return "\n".join(lines)

    rule = "  ".join("-" * w for w in widths)
    return "\n".join(
        [_line(cells[0], widths, right_cols, marked), rule]
        + [_line(r, widths, right_cols, marked) for r in cells[1:]]
    )


#: Columns of names, never right-aligned, whatever a name looks like.
TEXT_HEADERS = frozenset({"name", "session", "player", "who"})


def _numeric(cell: str) -> bool:
    """A number, or a number marked ``*`` (a corrected row's)."""
    return cell.rstrip("*").lstrip("-+").replace(".", "", 1).isdigit()


def _line(
    row: list[str], widths: list[int], right_cols: frozenset[int], marked: frozenset[int]
) -> str:
    """One row, each cell padded to its column: numbers, and a dash or blank among them, to
    the right in the columns of ``right_cols``, leaving room for the ``*`` of the columns of
    ``marked``."""
    out = []
    for i, cell in enumerate(row):
        numeric = _numeric(cell) or cell in ("-", "")
        if i in right_cols and numeric and not cell.endswith("*") and i in marked:
            cell += " "  # the digits line up with those of ``3*``
        pad = " " * max(0, widths[i] - display_width(cell))
        out.append(pad + cell if i in right_cols and numeric else cell + pad)
    return "  ".join(out).rstrip()


def _records(cells: list[list[str]], width: int) -> str:
    """Each row as its first cell, then ``header value`` for every other filled column."""
    headers, out = cells[0], []
    for row in cells[1:]:
        # Each ``header value`` stays on one line (``Bob & Dee total 2``) where it fits.
        fields = [
            unbroken(f"{h} {v}", width - 2) for h, v in zip(headers[1:], row[1:]) if v.strip()
        ]
        out.append(f"{headers[0]} {row[0]}" if row else headers[0])
        out += [line.replace(KEEP, " ") for line in wrap_words(", ".join(fields), width, "  ")]
    return "\n".join(out)


KEEP = "\u00a0"  # a space the wrapping does not break at (textwrap breaks at ASCII ones)


def unbroken(text: str, room: int) -> str:
    """``text`` as one unit for wrapping (``in progress``, ``Bob & Dee total 2`` never split),
    unless it is wider than ``room``: then it breaks at its spaces rather than run past the
    edge. Lines wrapped from it turn :data:`KEEP` back into spaces."""
    return text if display_width(text) > room else text.replace(" ", KEEP)


def _wrapped_row(row: list[str], start: int, width: int) -> tuple[str, list[str]]:
    """The last cell of ``row`` as its first piece and the lines that carry the rest."""
    note = row[-1] if row else ""
    if width - start >= 24:
        pieces = wrap_words(note, width - start) or [""]
        return pieces[0], [" " * start + piece for piece in pieces[1:]]
    return "", wrap_words(note, width, "    ")


def wrap_words(text: str, width: int, indent: str = "", after: str | None = None) -> list[str]:
    """Plain ``text`` broken at spaces into lines at most ``width`` wide (never narrower than
    10), each starting with ``indent``; a word longer than that stays whole. Width is counted
    in terminal columns (:func:`display_width`): a Chinese name takes two a character.
    ``after``: the indent of the lines after the first, where it differs."""
    width = max(10, width)
    after = indent if after is None else after
    if text.isascii() and indent.isascii() and after.isascii():
        return textwrap.wrap(
            text,
            width,
            initial_indent=indent,
            subsequent_indent=after,
            break_long_words=False,
            break_on_hyphens=False,
        )
    return _wrap_by_columns(text, width, indent, after)


def _wrap_by_columns(text: str, width: int, indent: str, after: str | None = None) -> list[str]:
    """:func:`wrap_words`' lines, measured in terminal columns: as textwrap breaks plain text
    of single spaces, word by word."""
    after = indent if after is None else after
    lines: list[str] = []
    line = ""
    # Broken at ASCII whitespace only, as textwrap does: KEEP (a no-break space) holds.
    for word in re.split(r"[ \t\n\r\f\v]+", text.strip(" \t\n\r\f\v")):
        if not word:
            continue
        longer = f"{line} {word}" if line else (after if lines else indent) + word
        if line and display_width(longer) > width:
            lines.append(line)
            longer = after + word
        line = longer
    return [*lines, line] if line else lines


def display_width(text: str) -> int:
    """The columns ``text`` takes on a terminal: colour codes take none, a combining mark none,
    a wide character (most Chinese, Japanese and Korean ones) two."""
    plain = click.unstyle(text)
    if plain.isascii():
        return len(plain)
    width = 0
    for char in plain:
        if unicodedata.combining(char):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def pad(text: str, width: int) -> str:
    """``text`` followed by spaces to ``width`` columns (:func:`display_width`)."""
    return text + " " * max(0, width - display_width(text))
