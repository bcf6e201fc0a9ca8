"""Seats: every seat is a player object (a bot, a human at the terminal, or the table)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from cardside.core.errors import NotationError
from cardside.core.schema import cut


class Player(Protocol):
    """Anything that can pick an action for a seat."""

    name: str

    def choose(self, observation: Any, seat: int) -> Any:
        """Return an action for ``seat`` from what it may see (``state.observation(seat)``).

        A human seat may return a :class:`Command` instead.
        """
        ...


@dataclass(frozen=True)
class Command:
    """A request from a human seat that is not a move: ``undo`` or ``quit``."""

    kind: str  # "undo" | "quit"


def person(name: str, *, one_space: bool = True) -> str:
    """The key that makes ``Ann``, ``ann``, `` ANN `` and full-width ``Ａｎｎ`` one player (and
    ``Ann Lee`` with two spaces or a no-break space ``Ann Lee``; not with ``one_space``
    false, as an earlier cardside told names apart), and
    ``José`` typed as one character or as ``e`` and an accent: the same key a new session's
    names are told apart by, so that no two players of one file share one."""
    plain = _SHOWS_NOTHING.sub("", unicodedata.normalize("NFKC", name)).casefold()
    return " ".join(plain.split()) if one_space else plain.strip()


#: What adds nothing a reader can see to a name: joiners, variation selectors, the combining
#: grapheme joiner, Hangul fillers, the braille blank, tags, direction marks (``Ann`` and
#: ``Ann\u200d`` are one).
_SHOWS_NOTHING = re.compile(
    "[\u00ad\u034f\u115f\u1160\u2800\u3164\uffa0\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u206f\ufe00-\ufe0f\ufeff\U000e0000-\U000e0fff]"
)


def seats_named(word: str, names: Sequence[str]) -> list[int]:
    """The seats a typed ``word`` names, ignoring case: the seat whose whole name it is, else
    every seat whose name starts with it (one seat for a unique prefix, several when the
    prefix is ambiguous, none when nobody's name fits); a run of spaces reads as one, as in
    the names, and how a name was typed as well (:func:`person`: ``José`` as one character or
    as ``e`` and an accent, full-width ``Ａｎｎ``). Every keep reads names this way."""
    wanted = person(word)
    if not wanted:
        return []
    folded = [person(n) for n in names]
    if wanted in folded:
        return [folded.index(wanted)]
    return [s for s, n in enumerate(folded) if n.startswith(wanted)]


def seat_named(word: str, names: Sequence[str]) -> int:
    """The one seat ``word`` names (:func:`seats_named`); NotationError with the reason if it
    names nobody or could be several players."""
    seats = seats_named(word, names)
    if len(seats) == 1:
        return seats[0]
    shown = cut(word.strip(), 20)
    if seats:
        raise NotationError(f"{shown!r} could be {' or '.join(names[s] for s in seats)}")
    raise NotationError(not_a_player(word, names))


def not_a_player(word: str, names: Sequence[str], *, also: str | None = None) -> str:
    """The one reason every keep (and ``--dealer``) gives for a ``word`` that fits nobody's
    name: ``'Zed' is not a player here (Ann or Bob)``; ``also`` is one more answer allowed
    (``Ann, Bob or nobody``)."""
    choices = [*names, also] if also else list(names)
    listed = (
        " or ".join(choices) if len(choices) < 3 else f"{', '.join(choices[:-1])} or {choices[-1]}"
    )
    return f"{cut(word.strip(), 20)!r} is not a player here ({listed})"


def column_of(player: str, columns: list[str]) -> int | None:
    """The column a player scores in: their own, or their partnership's (``Ann & Cid``).

    A column named as the player is theirs first, so that a player called ``Tom & Jerry``
    does not take the column of another called ``Jerry``; a partnership's column is the
    partners' names joined by `` & `` (a name with `` & `` in it is matched whole)."""
    if player in columns:
        return columns.index(player)
    for i, column in enumerate(columns):
        joined = f" & {column} & "
        if f" & {player} & " in joined:
            return i
    return None
