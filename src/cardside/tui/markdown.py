"""Rules pages on the terminal: the Markdown the games' ``rules.md`` files are written in,
rendered as text with headings, bold, lists and aligned tables, wrapped to a width.

The subset: ``#`` and ``##`` headings, paragraphs, ``-`` and ``1.`` lists (nested by
indent, with continuation lines), ``|`` tables with a ``|---|`` rule, fenced code blocks,
and ``**bold**``, ``*emphasis*`` and ```code``` inline. With ``style.color`` off (piped, or
``--no-color``) the result is plain text: no escape codes and no Markdown markers.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from cardside.tui.console import visible_len, wrap
from cardside.tui.style import Style

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_EM = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")
_CODE = re.compile(r"`([^`]+)`")
_ITEM = re.compile(r"^(\s*)([-*]|\d+\.)\s+(.*)$")
_RULE = re.compile(r"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")


def render(text: str, width: int, style: Style) -> str:
    """``text`` (Markdown) as terminal text no wider than ``width`` where words allow."""
    width = max(20, width)
    out: list[str] = []
    for block in _blocks(style.symbols(text).splitlines()):
        kind, lines = block
        if kind == "blank":
            if out and out[-1] != "":
                out.append("")
        elif kind == "code":
            out += ["    " + line for line in lines]
        elif kind == "heading":
            level = len(lines[0]) - len(lines[0].lstrip("#"))
            title = inline(lines[0][level:].strip(), style)
            if out and out[-1] != "":
                out.append("")
            parts = wrap(title, width)
            out += [style.bold(part) for part in parts]
            if not style.color:  # without bold, a rule under the heading
                out.append("=-"[min(level, 2) - 1] * max(visible_len(p) for p in parts))
            if level == 1:
                out.append("")
        elif kind == "table":
            out += _table(lines, width, style)
        elif kind == "item":
            out += _item(lines, width, style)
        else:
            indent = " " * (len(lines[0]) - len(lines[0].lstrip(" ")))
            out += wrap(indent + inline(" ".join(line.strip() for line in lines), style), width)
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out)


def inline(text: str, style: Style) -> str:
    """Inline markers replaced: bold in bold (plain without colour), the rest as text."""
    text = _CODE.sub(lambda m: m.group(1), text)
    text = _BOLD.sub(lambda m: style.bold(m.group(1)), text)
    return _EM.sub(lambda m: m.group(1), text)


def _blocks(lines: list[str]) -> Iterator[tuple[str, list[str]]]:
    """The page cut into blocks: blank, heading, code, table, item (one list item with its
    continuation lines) and paragraph."""
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if not stripped:
            yield "blank", []
            i += 1
        elif stripped.startswith("```"):
            j = i + 1
            while j < len(lines) and not lines[j].strip().startswith("```"):
                j += 1
            yield "code", lines[i + 1 : j]
            i = j + 1
        elif stripped.startswith("#"):
            yield "heading", [stripped]
            i += 1
        elif stripped.startswith("|"):
            j = i
            while j < len(lines) and lines[j].strip().startswith("|"):
                j += 1
            yield "table", lines[i:j]
            i = j
        elif _ITEM.match(line):
            indent = len(_ITEM.match(line).group(1))  # type: ignore[union-attr]
            j = i + 1
            while j < len(lines) and _continues(lines[j], indent):
                j += 1
            yield "item", lines[i:j]
            i = j
        else:
            j = i + 1
            while j < len(lines) and _continues(lines[j], -1) and not lines[j].startswith(" "):
                j += 1
            yield "paragraph", lines[i:j]
            i = j


def _continues(line: str, indent: int) -> bool:
    """Whether ``line`` carries on the item (or paragraph) indented by ``indent``."""
    stripped = line.strip()
    if not stripped or stripped.startswith(("#", "|", "```")) or _ITEM.match(line):
        return False
    return len(line) - len(line.lstrip(" ")) > indent


def _item(lines: list[str], width: int, style: Style) -> list[str]:
    match = _ITEM.match(lines[0])
    assert match is not None
    indent, marker, first = match.groups()
    depth = len(indent)
    bullet = "-" if marker in ("-", "*") else marker
    text = inline(" ".join([first, *(line.strip() for line in lines[1:])]), style)
    lead = " " * depth + bullet + " "
    pieces = wrap(lead + text, width)
    hang = " " * len(lead)
    if len(pieces) > 1:
        rest = wrap(hang + " ".join(p.strip() for p in pieces[1:]), width)
        pieces = [pieces[0], *rest]
    return pieces


def _table(lines: list[str], width: int, style: Style) -> list[str]:
    rows = [
        [inline(cell.strip(), style) for cell in line.strip().strip("|").split("|")]
        for line in lines
        if not _RULE.match(line.strip())
    ]
    columns = max(len(r) for r in rows)
    rows = [r + [""] * (columns - len(r)) for r in rows]
    widths = [max(visible_len(r[c]) for r in rows) for c in range(columns)]
    if sum(widths) + 2 * (columns - 1) <= width:
        out = []
        for n, row in enumerate(rows):
            cells = [cell + " " * (widths[c] - visible_len(cell)) for c, cell in enumerate(row)]
            text = "  ".join(cells).rstrip()
            out.append(style.bold(text) if n == 0 else text)
            if n == 0:
                out.append("  ".join("-" * w for w in widths))
        return out
    # Too wide for the terminal: each row as a small block, each cell named by its header.
    head, body = rows[0], rows[1:]
    out = [*wrap(style.bold(" / ".join(head)), width), ""]
    for row in body:
        out += wrap(style.bold(row[0]), width)
        for name, cell in zip(head[1:], row[1:]):
            out += wrap(f"    {name}: {cell}", width)
    return out
