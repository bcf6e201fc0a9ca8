"""Rebuild a played game from its saved entries: its moves, and undos of moves."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any, TypeVar

from cardside.core.errors import IllegalActionError, NotationError
from cardside.core.record import EntryError, RoundRow, Session
from cardside.core.words import said_of, whose

S = TypeVar("S")


def replay_moves(
    state: Any,
    entries: Sequence[dict[str, Any]],
    parse: Callable[[str], Any],
    move: str,
    names: Sequence[str] = (),
    *,
    seen: list[int] | None = None,
    humans: Collection[int] = (),
) -> None:
    """Apply ``{type = move, <move> = "...", seat = N}`` and ``{type = "undo", moves = N}``.

    ``move`` names both the entry type and the field holding the move's text (``"card"`` in
    Octrix, ``"action"`` elsewhere). A move by the wrong seat, an illegal move or an undo of
    more moves than were made raises :class:`EntryError` with the entry's number (and, given
    the players' ``names``, whose move it was). ``seen``, when given, gets the number of each
    undo that took back a move which had shown one of the ``humans`` who made them something
    hidden (:meth:`GameState.shown_since`), whether or not its entry says so.
    """

    def who(seat: object) -> str:
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
            return names[seat]
        return f"seat {seat}"

    made = 0
    humans = frozenset(humans)
    movers: list[int] = []  # who made each move in effect
    for index, entry in enumerate(entries, 1):
        mover = name = ""
        try:
            kind = entry.get("type")
            if kind == "undo":
                count = entry.get("moves", 1)
                if not isinstance(count, int) or isinstance(count, bool) or count < 1:
                    raise NotationError("an undo needs a positive number of moves")
                if made == 0:
                    raise IllegalActionError("nothing to undo")
                if count > made:
                    raise IllegalActionError(f"undo of {count} moves, but only {made} were made")
                if seen is not None:
                    undoers = humans & set(movers[len(movers) - count :])
                    if any(state.shown_since(seat, count) for seat in undoers):
                        seen.append(index)
                del movers[len(movers) - count :]
                for _ in range(count):
                    state.take_back()
                made -= count
            elif kind == move:
                if state.is_terminal():
                    raise IllegalActionError("the game is already over")
                to_move = state.current_player()
                seat = entry.get("seat", to_move)
                if seat != to_move:
                    raise IllegalActionError(
                        f"{who(seat)} moved, but it was {whose(who(to_move))} turn"
                    )
                if len(names) > 1:
                    name = who(seat)
                    mover = f"{whose(name)} move: "
                text = entry.get(move)
                if not isinstance(text, str):
                    raise NotationError(f"a {move} entry needs its {move} as text")
                state.apply(parse(text))
                movers.append(to_move)
                made += 1
            else:
                raise NotationError(f"unknown entry type {kind!r} ({move} or undo)")
        except (NotationError, IllegalActionError) as exc:
            # The rules say why to the mover ("you do not hold QD"): said here of them.
            raise EntryError(
                index, mover + (said_of(str(exc), name) if name else str(exc))
            ) from None


def replay_session(
    state: Any,
    session: Session,
    parse: Callable[[str], Any],
    move: str,
    seen: list[int] | None = None,
) -> None:
    """A played session's moves and undos applied to ``state``, as :func:`replay_moves`
    applies entries, its players named; ``seen`` gets the undos that took back what one of
    its people had seen."""
    people = {i for i, s in enumerate(session.seats) if s.kind == "human"}
    replay_moves(
        state, session.entries, parse, move, session.player_names, seen=seen, humans=people
    )


def moves_in_effect(entries: Sequence[dict[str, Any]]) -> int:
    """How many moves of a played game stand: those made less those taken back (whatever
    the game calls its move entries)."""
    made = 0
    for entry in entries:
        if entry.get("type") == "undo":
            moves = entry.get("moves", 1)
            made -= moves if isinstance(moves, int) else 1
        else:
            made += 1
    return max(made, 0)


def movers(entries: Sequence[dict[str, Any]], move: str) -> list[int]:
    """Which seat made each move still in effect (seat 0 where entries name none)."""
    out: list[int] = []
    for entry in entries:
        if entry.get("type") == move:
            out.append(int(entry.get("seat", 0)))
        elif entry.get("type") == "undo":
            del out[len(out) - int(entry.get("moves", 1)) :]
    return out


def move_entries(entries: Sequence[dict[str, Any]], move: str) -> list[int]:
    """The (1-based) number of the entry that made each move still in effect, in order."""
    out: list[int] = []
    for number, entry in enumerate(entries, 1):
        if entry.get("type") == move:
            out.append(number)
        elif entry.get("type") == "undo":
            del out[len(out) - int(entry.get("moves", 1)) :]
    return out


def stamp_rows(
    rows: Sequence[RoundRow],
    snapshots: Sequence[S],
    entries: Sequence[dict[str, Any]],
    move: str,
    changed: Callable[[S, S], Iterable[int]],
) -> None:
    """Set each row's ``entry`` in a played game: the entry of the last move that changed it.

    ``snapshots`` are the game's positions from the start, one more than the moves in effect;
    ``changed(before, after)`` names the rows (by number) that one move changed.
    """
    made = move_entries(entries, move)
    last: dict[int, int] = {}
    for number, before, after in zip(made, snapshots, snapshots[1:]):
        for key in changed(before, after):
            last[key] = number
    for row in rows:
        row.entry = last.get(row.number, 0)


def in_effect(entries: Sequence[dict[str, Any]]) -> list[int]:
    """The (1-based) numbers of the kept entries still in effect, where each undo takes one
    back (an undo with nothing to take back is the sheet's to refuse; here it does nothing)."""
    out: list[int] = []
    for number, entry in enumerate(entries, 1):
        if entry.get("type") == "undo":
            if out:
                out.pop()
        else:
            out.append(number)
    return out
