"""A running sheet (entry by entry) always equals a full replay of the same entries."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardside.core.record import EntryError, Seat, Session
from cardside.games.octrix.notation import format_card
from cardside.games.octrix.rules import DECK
from cardside.sessions import sheets


def kept(game: str, names: list[str], options: dict[str, Any]) -> Session:
    return Session(game, "keep", "t", [Seat(n, "table") for n in names], options)


def check_same(session: Session, running: sheets.Running) -> None:
    """The running sheet equals the full replay (rows, totals, status, winners, results)."""
    full = sheets.compute(session)
    now = sheets.complete(running.sheet())
    assert now == full


def feed(session: Session, entries: list[dict[str, Any]]) -> int:
    """Add each entry to a running sheet, comparing with a full replay after every one.

    An entry the running sheet refuses must be refused by the full replay too, and leave the
    running sheet as it was. Returns how many were taken.
    """
    running = sheets.running(session)
    taken = 0
    for entry in entries:
        session.entries.append(entry)
        try:
            running.add(entry)
        except (EntryError, ValueError):
            with pytest.raises(Exception):  # noqa: B017 - either way it is refused
                sheets.compute(session)
            session.entries.pop()
        else:
            taken += 1
        check_same(session, running)
    return taken


deal = st.one_of(
    st.builds(
        lambda w, p: {"type": "result", "winner": w, "points": p},
        st.integers(0, 1),
        st.integers(1, 3),
    ),
    st.builds(
        lambda r, pts: {
            "type": "table",
            "reached_66": r,
            "opponent_points": pts,
            "opponent_trick": pts > 0,
        },
        st.integers(0, 1),
        st.sampled_from([0, 20, 33, 40]),
    ),
    st.just({"type": "undo"}),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(deal, max_size=40), st.integers(0, 3))
def test_schnapsen_running_equals_replay(entries: list[dict[str, Any]], matches: int) -> None:
    feed(kept("schnapsen", ["Ann", "Bob"], {"matches": matches}), entries)


@settings(max_examples=25, deadline=None)
@given(st.data(), st.sampled_from([2, 3, 4]), st.integers(5, 40))
def test_octrix_running_equals_replay(data: st.DataObject, players: int, target: int) -> None:
    names = ["Ann", "Bob", "Cid", "Dee"][:players]
    session = kept("octrix", names, {"partnership": False, "hands": False, "target": target})
    running = sheets.running(session)
    for _ in range(data.draw(st.integers(0, 40))):
        if data.draw(st.integers(0, 4)) == 0:
            entry: dict[str, Any] = {"type": "undo"}
        else:
            ledger = running.ledger  # type: ignore[attr-defined]
            left = [c for c in DECK if c not in ledger.played_this_round()]
            cards = data.draw(st.permutations(left))[:players]
            entry = {"type": "trick", "cards": " ".join(format_card(c, ascii=True) for c in cards)}
        session.entries.append(entry)
        try:
            running.add(entry)
        except (EntryError, ValueError):
            with pytest.raises(Exception):  # noqa: B017
                sheets.compute(session)
            session.entries.pop()
        check_same(session, running)


linesbeta_entry = st.one_of(
    st.builds(lambda r: {"type": "trick", "result": r}, st.sampled_from(["w", "l"])),
    st.builds(
        lambda p, g: {"type": "round", "player": p, "grid": g},
        st.integers(0, 6),
        st.integers(0, 6),
    ),
    st.just({"type": "undo"}),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(linesbeta_entry, max_size=60), st.sampled_from(["easy", "normal", "hard"]))
def test_linesbeta_running_equals_replay(entries: list[dict[str, Any]], difficulty: str) -> None:
    options = {"difficulty": difficulty, "length": "short", "grid": False}
    feed(kept("linesbeta", ["Ann"], options), entries)


def test_a_long_session_with_undos_is_taken_in_full() -> None:
    entries = [{"type": "result", "winner": i % 2, "points": 1 + i % 3} for i in range(300)]
    entries[50:50] = [{"type": "undo"}] * 20
    assert feed(kept("schnapsen", ["Ann", "Bob"], {"matches": 0}), entries) == 320
