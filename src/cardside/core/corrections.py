"""Which kept entries are in effect, once undos and corrections are taken into account.

A kept session's file is only ever appended to. Besides the game's own entries it holds:

- ``{type = "undo"}``: takes back the last entry still in effect;
- a correction: an entry of the game's own kind with ``fixes = N``, which takes the place of
  entry N (still in effect) from then on. The entries in effect after N are replayed on top of
  it; those that no longer fit are listed in its ``takes_back`` (every entry in effect from
  the first of them on), and are taken back with it;
- ``{type = "undo", fixes = N}``: takes back entry N alone (an entry typed twice, or by
  mistake); the entries in effect after it are replayed without it, and those that no longer
  fit are listed in its ``takes_back`` as for a correction.

A correction with ``undoes = M`` was written by ``undo``: it gives entry N back the content it
had before correction M (the keeper's undo of that correction), and reads as any correction.
``together = true`` marks a correction saved in one save with the one before it (a card wrong
in a hand and in the trick that played it): an undo takes such corrections back together.

Entries keep their numbers (their place in the file) whatever is corrected, so ``fix 3``
always means the file's third entry.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cardside.core.errors import EntryError
from cardside.core.record import Session

#: The fields a correction adds to an entry of the game's own kind.
FIXES = "fixes"
TAKES_BACK = "takes_back"
UNDOES = "undoes"
TOGETHER = "together"


def is_correction(entry: object) -> bool:
    """True for a correction (an entry with ``fixes``)."""
    return isinstance(entry, dict) and FIXES in entry


def has_corrections(entries: Sequence[Any]) -> bool:
    """True when any entry is a correction (the file then needs :func:`in_force`)."""
    return any(is_correction(e) for e in entries)


def content(entry: dict[str, Any]) -> dict[str, Any]:
    """A correction's entry as the game reads it (without ``fixes``, ``takes_back`` and
    ``undoes``)."""
    return {k: v for k, v in entry.items() if k not in (FIXES, TAKES_BACK, UNDOES, TOGETHER)}


@dataclass
class InForce:
    """The entries in effect, in order, and what happened to the others."""

    #: The (1-based) number in the file of each entry in effect.
    numbers: list[int] = field(default_factory=list)
    #: Each one's content as it stands (a corrected entry's latest correction).
    entries: list[dict[str, Any]] = field(default_factory=list)
    #: Entry number -> the number of the correction now in force for it.
    fixed: dict[int, int] = field(default_factory=dict)
    #: Entry number -> the number of the undo or correction that took it back.
    taken_back: dict[int, int] = field(default_factory=dict)
    #: Correction number -> the entry it corrects.
    corrects: dict[int, int] = field(default_factory=dict)
    #: Entry number -> the number of the undo that took it alone back (``undo N``).
    removed: dict[int, int] = field(default_factory=dict)

    def place(self, number: int) -> int | None:
        """Where entry ``number`` stands among those in effect (0-based), or None."""
        try:
            return self.numbers.index(number)
        except ValueError:
            return None


def in_force(entries: Sequence[dict[str, Any]]) -> InForce:
    """Resolve undos and corrections; a correction that the file cannot hold (of an entry not
    in effect, or taking back entries that are not the last in effect) raises EntryError."""
    state = InForce()
    for number, entry in enumerate(entries, 1):
        if entry.get("type") == "undo" and not is_correction(entry):
            if not state.numbers:
                raise EntryError(number, "nothing to undo")
            state.taken_back[state.numbers.pop()] = number
            state.entries.pop()
        elif is_correction(entry):
            _check_marks(entries, number, entry)
            _correct(state, number, entry)
        else:
            state.numbers.append(number)
            state.entries.append(entry)
    return state


def _check_marks(entries: Sequence[dict[str, Any]], number: int, entry: dict[str, Any]) -> None:
    """EntryError unless ``undoes`` names an earlier correction (no ``undo N``) of the same
    entry, on a correction that is no ``undo N`` itself, and ``together`` follows a
    correction."""
    if UNDOES in entry:
        undone = entry[UNDOES]
        earlier = entries[undone - 1] if isinstance(undone, int) and 1 <= undone < number else None
        if (
            is_removal(entry)
            or earlier is None
            or not is_correction(earlier)
            or is_removal(earlier)
            or earlier.get(FIXES) != entry.get(FIXES)
        ):
            raise EntryError(
                number, f"undoes entry {undone}, which is no earlier correction of the same entry"
            )
    if TOGETHER in entry and (number == 1 or not is_correction(entries[number - 2])):
        raise EntryError(number, "is marked saved with the entry before it, which is no correction")


def is_removal(entry: object) -> bool:
    """True for ``undo N``: an undo that takes back entry N alone."""
    return is_correction(entry) and isinstance(entry, dict) and entry.get("type") == "undo"


def _correct(state: InForce, number: int, entry: dict[str, Any]) -> None:
    target = entry[FIXES]
    place = state.place(target) if isinstance(target, int) else None
    if place is None or target >= number:
        verb = "takes back" if is_removal(entry) else "corrects"
        raise EntryError(number, f"{verb} entry {target}, which is not in effect before it")
    back = entry.get(TAKES_BACK, [])
    if back:
        start = state.place(back[0])
        if start is None or start <= place or state.numbers[start:] != list(back):
            raise EntryError(
                number,
                "takes back entries that are not the last in effect after the one it corrects",
            )
        for taken in back:
            state.taken_back[taken] = number
        del state.numbers[start:]
        del state.entries[start:]
    if is_removal(entry):
        del state.numbers[place]
        del state.entries[place]
        state.taken_back[target] = number
        state.removed[target] = number
        return
    state.entries[place] = content(entry)
    state.fixed[target] = number
    state.corrects[number] = target


def view(session: Session, entries: Sequence[dict[str, Any]] | None = None) -> Session:
    """The session as its game reads it: only the entries in effect (each as corrected), or
    ``entries`` when given. A session without corrections is returned as it is."""
    if entries is None:
        if not has_corrections(session.entries):
            return session
        entries = in_force(session.entries).entries
    return dataclasses.replace(session, entries=list(entries), times=[])
