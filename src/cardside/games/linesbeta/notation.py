"""LinesBeta notation: cards (``JS``, ``10H``/``TH``, ``A♦``), challenges (``JS r3 right``,
``QH c2B``), grid cells (``r3c4``, ``3,4``) and the actions built from them."""

from __future__ import annotations

import re
from collections.abc import Iterable

from cardside.core import cards as _cards
from cardside.core.arith import whole
from cardside.core.cards import Card, RankNames
from cardside.core.errors import NotationError
from cardside.core.schema import clip
from cardside.games.linesbeta.rules import (
    CODE,
    SIZE,
    Action,
    Challenge,
    ChooseCell,
    ChooseTrump,
    Line,
)


def face_down_mark(ascii: bool = False) -> str:
    """How a face-down cell is drawn, in the game's screens and in its review."""
    return "##" if ascii else "░░"


def gap_mark(ascii: bool = False) -> str:
    """How a gap is drawn, in the game's screens and in its review."""
    return "--" if ascii else "··"


NAMES = RankNames(
    game="LinesBeta",
    printed={
        2: "2",
        3: "3",
        4: "4",
        5: "5",
        6: "6",
        7: "7",
        8: "8",
        9: "9",
        10: "10",
        11: "J",
        12: "Q",
        13: "K",
        14: "A",
    },
    aliases={"T": 10},
)

_END_WORDS = {
    "l": "L",
    "left": "L",
    "r": "R",
    "right": "R",
    "t": "T",
    "top": "T",
    "b": "B",
    "bottom": "B",
}
_LINE_RE = re.compile(
    r"^(?P<kind>row|r|column|col|c)\s*(?P<num>\d+)\s*(?P<end>[^\s\d]*)\s*(?P<extra>.*)$",
    re.IGNORECASE,
)
_CELL_RE = re.compile(
    r"^\(?\s*(?:r(?:ow)?\s*)?(?P<r>\d+)\s*(?:[,;\s]\s*|c(?:ol(?:umn)?)?\s*|[,;]\s*c\s*)"
    r"(?P<c>\d+)\s*\)?$",
    re.IGNORECASE,
)


def parse_card(text: str) -> Card:
    """Parse one card, e.g. ``JS``, ``10h``, ``th``, ``A♦``."""
    card = _cards.parse_card(text, NAMES)
    if card not in CODE:
        raise NotationError(f"{text!r} is not a card of the 52-card deck")
    return card


def format_card(card: Card, *, ascii: bool = False) -> str:
    """``J♠``, or ``JS`` in ASCII mode."""
    return _cards.format_card(card, NAMES, ascii=ascii)


def format_cards(cards: Iterable[Card], *, ascii: bool = False) -> str:
    """Cards by suit (clubs, spades, hearts, diamonds) then rank, separated by spaces."""
    return " ".join(format_card(c, ascii=ascii) for c in sorted(cards, key=CODE.__getitem__))


def _line_and_end(words: list[str], original: str) -> tuple[Line, str]:
    text = " ".join(words).strip()
    if not text:
        raise NotationError("name a line and an end, e.g. r3 right or c2B")
    m = _LINE_RE.match(text)
    if m is None:
        raise NotationError(f"{clip(original, 30)}: no line (write r1-r6 or c1-c6, then an end)")
    if m.group("extra"):
        raise NotationError(
            f"{clip(original, 30)}: unexpected {clip(m.group('extra').strip(), 24)} after the end"
        )
    is_row = m.group("kind").lower().startswith("r")
    kind = "row" if is_row else "column"
    number = whole(m.group("num"))
    if not 1 <= number <= SIZE:
        raise NotationError(f"no such {kind}: {number} ({kind}s are 1-{SIZE})")
    line = Line(number - 1 if is_row else SIZE + number - 1)
    end_word = m.group("end")
    if not end_word:
        hint = "left or right" if is_row else "top or bottom"
        raise NotationError(f"say which end of {line} to start from: {hint}")
    end = _END_WORDS.get(end_word.lower())
    if end is None:
        raise NotationError(f"{end_word!r} is not an end (use left/right or top/bottom)")
    if end not in line.ends:
        if is_row:
            raise NotationError(
                f"bad end for a row: {end_word!r} (a row is challenged from the left or the right)"
            )
        raise NotationError(
            f"bad end for a column: {end_word!r} (a column is challenged "
            "from the top or the bottom)"
        )
    return line, end


def parse_line_end(text: str) -> tuple[Line, str]:
    """Parse ``r3 right``, ``r3R``, ``c2 bottom``, ``column 2 b`` into a line and an end."""
    return _line_and_end(text.split(), text)


def parse_challenge(text: str, card: Card | None = None) -> Challenge:
    """Parse ``JS r3 right`` / ``QH c2B``; with ``card`` given, the text is just ``r3 right``."""
    words = text.split()
    if not words:
        raise NotationError("empty challenge (e.g. JS r3 right)")
    if card is None:
        first = words[0]
        if _LINE_RE.match(text.strip()) and not _looks_like_card(first):
            raise NotationError("name the card to play first, e.g. JS r3 right")
        card = parse_card(first)
        words = words[1:]
    line, end = _line_and_end(words, text)
    return Challenge(card, line, end)


def _looks_like_card(word: str) -> bool:
    try:
        parse_card(word)
    except NotationError:
        return False
    return True


def format_line_end(line: Line, end: str, *, long: bool = True) -> str:
    """``r3 right`` (long) or ``r3R``."""
    if not long:
        return f"{line}{end}"
    words = {"L": "left", "R": "right", "T": "top", "B": "bottom"}
    return f"{line} {words[end]}"


def format_challenge(ch: Challenge, *, ascii: bool = False, long: bool = True) -> str:
    """``J♠ r3 right`` (or ``JS r3R`` with ``ascii=True, long=False``)."""
    return f"{format_card(ch.card, ascii=ascii)} {format_line_end(ch.line, ch.end, long=long)}"


def is_cell_form(text: str) -> bool:
    """Whether ``text`` is written as a cell (``r3c4``, ``3,4``), on the grid or not."""
    return _CELL_RE.match(text.strip()) is not None


def parse_cell(text: str) -> tuple[int, int]:
    """Parse a grid cell ``r3c4``, ``3,4``, ``3 4`` or ``(3, 4)`` into (row, column)."""
    m = _CELL_RE.match(text.strip())
    if m is None:
        raise NotationError(f"{text!r} is not a cell (write r3c4 or 3,4)")
    row, col = whole(m.group("r")), whole(m.group("c"))
    if not 1 <= row <= SIZE:
        raise NotationError(f"no such row: {row} (rows are 1-{SIZE})")
    if not 1 <= col <= SIZE:
        raise NotationError(f"no such column: {col} (columns are 1-{SIZE})")
    return row, col


def format_cell(row: int, column: int) -> str:
    """``r3c4``."""
    return f"r{row}c{column}"


def parse_action(text: str, phase: str) -> Action:
    """Parse the action expected in ``phase`` ("trump", "play" or "cell")."""
    if phase == "trump":
        return ChooseTrump(parse_card(text))
    if phase == "play":
        return parse_challenge(text)
    if phase == "cell":
        return ChooseCell(*parse_cell(text))
    raise NotationError(f"no action is expected now (phase {phase!r})")


def format_action(action: Action, *, ascii: bool = False) -> str:
    """Write any LinesBeta action the way :func:`parse_action` reads it."""
    if isinstance(action, ChooseTrump):
        return format_card(action.card, ascii=ascii)
    if isinstance(action, Challenge):
        return format_challenge(action, ascii=ascii)
    return format_cell(action.row, action.column)


def read_action(text: str, state: object) -> Action:
    """The action ``text`` names for the player to move in ``state`` (a game or a view),
    read as every game reads one (``GameInfo.read_action``); ``NotationError`` if none."""
    phase = getattr(state, "phase", None) or getattr(getattr(state, "snapshot", None), "phase", "")
    if not phase:
        raise NotationError(
            "LinesBeta reads an action against the game or a view of it, which says whether "
            "a trump, a challenge or a cell is asked: read_action(text, view)"
        )
    return parse_action(text, str(phase))


def write_action(action: Action) -> str:
    """``action`` in plain text, as session files hold it (``JS``, ``JS r3R``, ``r3c4``);
    :func:`read_action` reads it back."""
    if isinstance(action, Challenge):
        return format_challenge(action, ascii=True, long=False)
    return format_action(action, ascii=True)
