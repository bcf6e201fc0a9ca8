"""What a session file may hold, field by field: types, ranges and lengths, checked before use.

Each game declares a :class:`Schema` (its options, and per mode the entry types with their
fields) in its ``sheet`` module; the session loader checks every file against it, so a game's
rules never see a value of the wrong type or an absurd size.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, time
from typing import Any

MAX_TEXT = 200  # characters in a name, a card list or an action
MAX_LIST = 64  # items in a list field of an entry
MAX_CLIP = 60  # characters of a bad value quoted in a message
# Control characters but tab and newline: printed, they could move the cursor, clear the
# screen or hide text.
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
#: Control characters tabs and line breaks included: none belongs in a name on one line.
ANY_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
#: The characters that turn text around or hide it (direction overrides and isolates,
#: zero-width spaces and marks, line and paragraph separators, the byte-order mark): a quick
#: search where a character-by-character look at every text would cost too much.
DISGUISE = re.compile(
    "[\u200b\u200e\u200f\u202a-\u202e\u2028\u2029\u2060-\u2064\u2066-\u2069\ufeff]"
)
#: Unicode categories of characters that show nothing of their own and may change how the
#: text around them is shown (right-to-left overrides, zero-width spaces, line separators),
#: or are not characters at all (private use, unassigned, undecodable bytes).
INVISIBLE = frozenset({"Cf", "Zl", "Zp", "Co", "Cn", "Cs"})


#: Letters and signs that print as blank space: the Hangul fillers and the braille blank.
BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def shows(char: str) -> bool:
    """Whether ``char`` prints as something a reader can see: a letter, digit, punctuation
    mark or sign, but not one of :data:`BLANK_LOOKING`."""
    return unicodedata.category(char)[0] in "LNPS" and char not in BLANK_LOOKING


def invisible(char: str) -> bool:
    """A character of :data:`INVISIBLE`, but those that only join what is around them: the
    zero-width joiner and non-joiner (Persian and Indic names, emoji such as a family) and
    the tags that spell a flag after a black flag (🏴 of Scotland)."""
    if char in "\u200c\u200d" or "\U000e0020" <= char <= "\U000e007f":
        return False
    return unicodedata.category(char) in INVISIBLE


_JOINERS = "\u200c\u200d"
_BLACK_FLAG = "\U0001f3f4"
_CANCEL_TAG = "\U000e007f"


#: A flag's tags spell a region: two letters and up to four more (gbsct for Scotland).
_FLAG_TAGS = 6
#: The canonical combining class of a virama (Indic scripts' vowel killer).
_VIRAMA = 9


def _tag(char: str) -> bool:
    return "\U000e0020" <= char <= _CANCEL_TAG


def _flag_tag(char: str) -> bool:
    """A tag a flag's region is spelt with: a small letter or a digit."""
    return "\U000e0061" <= char <= "\U000e007a" or "\U000e0030" <= char <= "\U000e0039"


def hidden_at(text: str) -> list[int]:
    """Where ``text`` holds a character that shows nothing where it stands: one of
    :func:`invisible`; a joiner that joins nothing (not between two characters past ASCII,
    as in ``Ann\u200d``, which looks like ``Ann``); a tag outside a flag's run of tags (a
    black flag, tags, a cancel tag)."""
    found: list[int] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char == _BLACK_FLAG:
            end = i + 1
            while end < len(text) and _flag_tag(text[end]) and end - i <= _FLAG_TAGS:
                end += 1
            if 2 < end - i <= _FLAG_TAGS + 1 and end < len(text) and text[end] == _CANCEL_TAG:
                i = end + 1  # a whole flag (Scotland's): its tags show as the flag
                continue
        elif _tag(char) or invisible(char):
            found.append(i)
        elif char in _JOINERS and not (i and unicodedata.combining(text[i - 1]) == _VIRAMA):
            # (After a virama a joiner picks the letter's form, as in Malayalam's chillu
            # letters at the end of a word: it shows there.)
            around = text[i - 1 : i] + text[i + 1 : i + 2]
            if len(around) < 2 or any(
                c.isascii() or c.isspace() or c in _JOINERS or invisible(c) for c in around
            ):
                found.append(i)
        i += 1
    return found


def escaped(text: str, controls: re.Pattern[str] = ANY_CONTROL) -> str:
    """``text`` safe to print: each control character as its code (``\\x1b``), never sent to
    the terminal, and each one that shows nothing (a right-to-left override, a zero-width
    space: see :func:`hidden_at`) as its code point (``\\u202e``)."""
    text = controls.sub(lambda m: f"\\x{ord(m.group()):02x}", text)
    gone = set(hidden_at(text))
    return "".join(f"\\u{ord(c):04x}" if i in gone else c for i, c in enumerate(text))


def path_text(path: object) -> str:
    """A file or folder's path as a message shows it: as it is, but for a control character
    or one that shows nothing in it (a folder may be named anything), shown as its code."""
    return escaped(str(path))


def without_hidden(text: str) -> str:
    """``text`` without the characters :func:`hidden_at` finds, nor those that taking them
    out leaves joining nothing (``a\u200b\u200dé``: ``aé``)."""
    while gone := set(hidden_at(text)):
        text = "".join(c for i, c in enumerate(text) if i not in gone)
    return text


class SchemaError(ValueError):
    """A value of the wrong type, out of range or too long; the message says which."""


def cut(text: str, limit: int = MAX_CLIP) -> str:
    """``text`` cut to at most ``limit`` characters, marked with ``...`` when cut."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def clip(value: object, limit: int = MAX_CLIP) -> str:
    """``repr(value)`` cut to ``limit`` characters, so a huge value never floods a message;
    text in quotes, a backslash in it shown once, as typed (``'\\033'``, never ``'\\\\033'``)."""
    if isinstance(value, str):
        shown = _quoted(value[: limit + 2])
        if len(shown) <= limit:
            return shown
        # Cut inside the quotes, so the quote still closes: 'abc...'
        keep = limit
        while keep > 0 and len(shown := _quoted(value[:keep])) + 3 > limit:
            keep -= 1
        shown = _quoted(value[:keep])
        return shown[:-1] + "..." + shown[-1]
    if isinstance(value, bool):  # as a file writes it, not Python's True; never read as "not"
        return f"the value {'true' if value else 'false'}"
    if isinstance(value, int) and abs(value) >= 10**40:
        return "<huge number>"
    if isinstance(value, int | float) or value is None:
        return cut(repr(value), limit)
    if isinstance(value, date | time):  # TOML's dates and times, shown as written there
        return cut(value.isoformat(), limit)
    if isinstance(value, list | tuple | dict):
        return toml_kind(value)
    return f"<{type(value).__name__}>"


def _quoted(text: str) -> str:
    """``text`` in quotes with every control and invisible character as its code (as
    ``repr`` writes them), but a backslash typed shown as one backslash."""
    return repr(text).replace("\\\\", "\\")


def toml_kind(value: object) -> str:
    """What a TOML file calls the kind of ``value``: text, a whole number, an array, a table."""
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number with a point"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list | tuple):
        return "an array"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, date | time):
        return "a date or time"
    return type(value).__name__


def is_whole(value: object) -> bool:
    """An ``int`` that is not a ``bool`` (TOML's true/false are not numbers)."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Whole:
    """A whole number from ``low`` to ``high``."""

    low: int
    high: int
    optional: bool = False

    def problem(self, value: object) -> str | None:
        if not is_whole(value):
            return f"should be a whole number, not {clip(value)}"
        assert isinstance(value, int)
        if not self.low <= value <= self.high:
            return f"should be from {self.low} to {self.high}, not {clip(value)}"
        return None


@dataclass(frozen=True)
class Text:
    """A string of at most ``longest`` characters, one of ``choices`` when they are given."""

    longest: int = MAX_TEXT
    choices: tuple[str, ...] = ()
    optional: bool = False

    def problem(self, value: object) -> str | None:
        if not isinstance(value, str):
            return f"should be text, not {clip(value)}"
        if self.choices and value not in self.choices:
            return f"should be one of {', '.join(self.choices)}, not {clip(value)}"
        if len(value) > self.longest:
            return f"is longer than {self.longest} characters"
        if CONTROL.search(value):
            return f"holds a control character: {clip(value)}"
        return None


@dataclass(frozen=True)
class Flag:
    """``true`` or ``false``."""

    optional: bool = False

    def problem(self, value: object) -> str | None:
        return None if isinstance(value, bool) else f"should be true or false, not {clip(value)}"


@dataclass(frozen=True)
class TextList:
    """A list of at most ``most`` short strings."""

    most: int = MAX_LIST
    optional: bool = False

    def problem(self, value: object) -> str | None:
        if not isinstance(value, list):
            return f"should be a list of text, not {clip(value)}"
        if len(value) > self.most:
            return f"has more than {self.most} items"
        for item in value:
            if not isinstance(item, str) or len(item) > MAX_TEXT or CONTROL.search(item):
                return f"should hold short text only, not {clip(item)}"
        return None


@dataclass(frozen=True)
class WholeList:
    """A list of at most ``most`` whole numbers, each from ``low`` to ``high``."""

    low: int
    high: int
    most: int = MAX_LIST
    optional: bool = False

    def problem(self, value: object) -> str | None:
        if not isinstance(value, list):
            return f"should be a list of whole numbers, not {clip(value)}"
        if len(value) > self.most:
            return f"has more than {self.most} items"
        for item in value:
            if not is_whole(item) or not self.low <= item <= self.high:
                return f"should hold whole numbers from {self.low} to {self.high}, not {clip(item)}"
        return None


@dataclass(frozen=True)
class WholeLists:
    """A list of at most ``most`` lists, each of at most ``longest`` whole numbers in range."""

    most: int
    longest: int
    low: int
    high: int
    optional: bool = False

    def problem(self, value: object) -> str | None:
        if not isinstance(value, list) or len(value) > self.most:
            return f"should be a list of at most {self.most} lists of numbers, not {clip(value)}"
        each = WholeList(self.low, self.high, self.longest)
        for item in value:
            problem = each.problem(item)
            if problem:
                return problem
        return None


Kind = Whole | Text | Flag | TextList | WholeList | WholeLists
Fields = Mapping[str, Kind]

MOST_MOVES = 100_000
PLAY_UNDO: Fields = {
    "moves": Whole(1, MOST_MOVES, optional=True),  # moves taken back
    # They had shown the player something hidden: the game no longer counts in ratings.
    "seen": Flag(optional=True),
}
KEEP_UNDO: Fields = {}  # takes back the last entry in effect (or, with ``fixes``, that one)
MOST_ENTRIES = 20_000  # entries in one file
#: What a correction adds to a kept entry (an undo with it takes back one entry; see
#: core.corrections).
CORRECTION: Fields = {
    "fixes": Whole(1, MOST_ENTRIES),
    "takes_back": WholeList(1, MOST_ENTRIES, most=MOST_ENTRIES, optional=True),
    # A correction written by undo: it takes back the correction at that entry.
    "undoes": Whole(1, MOST_ENTRIES, optional=True),
    # Saved in one save with the correction before it.
    "together": Flag(optional=True),
}


@dataclass(frozen=True)
class Schema:
    """A game's options, seats and, per mode, its entry types and their fields."""

    options: Fields
    entries: Mapping[str, Mapping[str, Fields]]
    players: tuple[int, int] = (1, 8)
    #: Options that only one mode has (``{"grid": "keep"}``): refused in a file of the other.
    mode_of: Mapping[str, str] = field(default_factory=dict)
    #: Names no player may have: the game's own side (LinesBeta's ``Grid``), which the score
    #: table, the winners and the statistics name so.
    reserved: tuple[str, ...] = ()

    def check_options(self, options: Mapping[str, Any], mode: str | None = None) -> None:
        """Every option known and of its kind (a missing option takes its default), and,
        given the ``mode``, one that mode has."""
        _check_fields(options, self.options, "options", require=False)
        for key in options:
            only = self.mode_of.get(key)
            if mode is not None and only is not None and only != mode:
                game = "kept" if only == "keep" else "played"
                raise SchemaError(f"options: {key} is an option of a {game} game only")

    def check_entries(self, mode: str, entries: list[Any]) -> None:
        """Every entry a table of a known type for ``mode``, with well-typed fields."""
        types = self.entries.get(mode, {})
        for index, entry in enumerate(entries, 1):
            where = f"entry {index}"
            if not isinstance(entry, dict):
                raise SchemaError(f"{where} is not a table")
            kind = entry.get("type")
            if kind is None:
                raise SchemaError(f"{where}: missing 'type' (one of {', '.join(types)})")
            if not isinstance(kind, str) or kind not in types:
                known = ", ".join(types)
                raise SchemaError(f"{where}: type {clip(kind)} is not one of {known}")
            fields = types[kind]
            if mode == "keep" and "fixes" in entry:
                # On an undo, ``fixes`` names the one entry it takes back (``undo N``).
                fields = {**fields, **CORRECTION}
            _check_fields(
                {k: v for k, v in entry.items() if k != "type"}, fields, where, require=True
            )


def _check_fields(values: Mapping[str, Any], fields: Fields, where: str, *, require: bool) -> None:
    for key, value in values.items():
        kind = fields.get(key)
        if kind is None:
            raise SchemaError(f"{where}: unknown field {clip(key)}")
        problem = kind.problem(value)
        if problem:
            raise SchemaError(f"{where}: {key} {problem}")
    if require:
        for key, kind in fields.items():
            if not kind.optional and key not in values:
                raise SchemaError(f"{where}: missing {key!r}")
