"""Counts in words, for every message of every game: ``1 card``, ``2 cards``, ``0 entries``,
``1 match is``, and whose a thing is (``your``, ``Ann's``)."""

from __future__ import annotations

import re
from collections.abc import Sequence


def plural(word: str) -> str:
    """``match`` -> ``matches``, ``game`` -> ``games``."""
    return word + ("es" if word.endswith(("ch", "sh", "s", "x")) else "s")


def counted(n: int, word: str) -> str:
    """``1 card``, ``2 cards``, ``0 entries``."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word[:-1]}ies" if word.endswith("ry") else f"{n} {plural(word)}"


def counted_are(n: int, word: str) -> str:
    """``1 match is``, ``2 matches are``: a count as the subject of ``to be``."""
    return f"{counted(n, word)} {'is' if n == 1 else 'are'}"


def listed(names: Sequence[str], last: str = "and") -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy`` (``last`` joins the last two)."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} {last} {names[-1]}"


def whose(name: str) -> str:
    """``your`` for the player called ``You`` (a played game's human seat), else ``Ann's``."""
    return "your" if name == "You" else f"{name}'s"


#: A rule's reason said to the mover, and the same said of another player: ``they`` takes
#: the verb as ``you`` does, so every reason stays grammatical.
_TO_THEM = {"yourself": "themselves", "yours": "theirs", "your": "their", "you": "they"}
_YOU = re.compile(r"\b(?:" + "|".join(_TO_THEM) + r")\b")


def said_of(reason: str, name: str) -> str:
    """A rule's ``reason`` said to the mover (``you do not hold QD``) as said of another
    player, after their name (``Bot 2's move: they do not hold QD``); unchanged for the
    player called ``You``."""
    if name == "You":
        return reason
    return _YOU.sub(lambda m: _TO_THEM[m.group()], reason)


def signed(value: float, places: int = 1) -> str:
    """``value`` with its sign and ``places`` decimals, never ``-0.0``: a value that rounds
    to zero reads ``+0.0``."""
    rounded = round(value, places) + 0.0  # -0.0 + 0.0 is 0.0
    return f"{rounded:+.{places}f}"


def quoted(command: str) -> str:
    """A command to copy, between single quotes, or double ones where it holds a single
    quote itself (a name or folder quoted for the shell): ``"cardside sessions show 'a b'"``."""
    return f'"{command}"' if "'" in command else f"'{command}'"


def unknown_bot(title: str, name: str, bots: Sequence[str]) -> str:
    """The one way every game refuses a bot name it has not: ``unknown IOTA bot 'foo'
    (choose from: strong, greedy, random)``."""
    from cardside.core.schema import clip

    return f"unknown {title} bot {clip(name, 24)} (choose from: {', '.join(bots)})"


def first_few(names: Sequence[str], most: int = 5) -> str:
    """``a, b, c`` or, past ``most``, the first ``most`` and a count: ``a, b, c and 4 more``."""
    shown = ", ".join(names[:most])
    return f"{shown} and {len(names) - most} more" if len(names) > most else shown
