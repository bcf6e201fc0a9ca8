"""How text is decorated: colour (red and black suits) and the ASCII fallback."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from typing import Any

import click

from cardside.core.cards import Card, RankNames, ascii_suits, format_card

#: What ``--ascii`` makes of the signs of a note or a formula (suits as cards are written);
#: letters stay as they are, a player's name among them.
_SIGNS = {
    "…": "...",
    "×": "x",
    "–": "-",
    "—": "-",
    "−": "-",
    "→": "->",
    "♣": "C",
    "♠": "S",
    "♥": "H",
    "♦": "D",
}
ASCII_SIGNS = str.maketrans(_SIGNS)
#: And of a rules page, whose own words may be written in ASCII too.
ASCII_PAGE = str.maketrans({**_SIGNS, "ö": "oe"})


@dataclass(frozen=True)
class Style:
    """Output preferences: ANSI colour and Unicode suit symbols, each on or off."""

    color: bool = False
    ascii: bool = False

    @classmethod
    def detect(cls, *, no_color: bool = False, ascii: bool = False) -> Style:
        """Colour only on a terminal that shows it (``TERM=dumb`` does not) and when neither
        ``--no-color`` nor ``NO_COLOR`` is set."""
        color = (
            not no_color
            and not os.environ.get("NO_COLOR")
            and os.environ.get("TERM") != "dumb"
            and sys.stdout.isatty()
        )
        return cls(color=color, ascii=ascii or not shows_symbols(sys.stdout))

    def card(self, card: Card, names: RankNames) -> str:
        text = format_card(card, names, ascii=self.ascii)
        if self.color:
            return click.style(text, fg="red" if card.suit.is_red else None, bold=True)
        return text

    def symbols(self, text: str) -> str:
        """Free text (a rules page) with its suit symbols as cards are shown: letters with
        ``--ascii``."""
        return ascii_suits(text) if self.ascii else text

    def plain(self, text: str, *, page: bool = False) -> str:
        """Free text with ``--ascii``: its suits as letters and its other signs (×, −, …)
        as ASCII (:data:`ASCII_SIGNS`; a rules ``page``, :data:`ASCII_PAGE`); as it is
        otherwise."""
        if not self.ascii:
            return text
        return text.translate(ASCII_PAGE if page else ASCII_SIGNS)

    def bold(self, text: str) -> str:
        return click.style(text, bold=True) if self.color else text

    def dim(self, text: str) -> str:
        return click.style(text, dim=True) if self.color else text

    def good(self, text: str) -> str:
        return click.style(text, fg="green", bold=True) if self.color else text

    def bad(self, text: str) -> str:
        return click.style(text, fg="red") if self.color else text

    def arrow(self) -> str:
        return "->" if self.ascii else "→"


#: The symbols the screens draw when not told --ascii: suits, face-down cells, gaps, marks.
SYMBOLS = "♠♥♦♣░·✕×–→▁▂▃▄▅▆▇█"


def shows_symbols(stream: Any) -> bool:
    """Whether ``stream`` can write the suit symbols and marks (a terminal in Latin-1 or
    ASCII cannot): without them cards are written in letters, as with --ascii."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        SYMBOLS.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    # Under the plain C (POSIX) locale Python writes UTF-8 all the same, but the terminal
    # was said to know ASCII alone.
    return _locale_asked() not in ("C", "POSIX")


def _locale_asked() -> str:
    """The character locale the person set (``LC_ALL``, else ``LC_CTYPE``, else ``LANG``).
    Python, started under the C locale, puts ``LC_CTYPE=C.UTF-8`` in its own environment
    and turns on its UTF-8 mode (PEP 538 and 540): that ``LC_CTYPE`` is not the person's."""
    env = os.environ
    if env.get("LC_ALL"):
        return env["LC_ALL"]
    ctype = env.get("LC_CTYPE", "")
    if ctype in ("C.UTF-8", "C.utf8", "UTF-8") and sys.flags.utf8_mode == 1:
        # Rewritten by Python: what the person set resolved to C. A UTF-8 LANG still names
        # a UTF-8 terminal (one whose locale this machine lacks resolves to C as well).
        lang = env.get("LANG", "")
        return lang if "utf" in lang.lower() else "C"
    return ctype or env.get("LANG", "")
