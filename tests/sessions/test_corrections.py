"""Corrections of kept entries: entered one by one they give what the saved file gives.

Any sequence of entries, undos and corrections (with the later entries that no longer fit
taken back, as the keep prompt does on the keeper's word) leaves the session being written
with the rows, totals and status that a full replay of the saved file gives, and the same
totals as a file holding only the entries in effect.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardside.core import corrections
from cardside.core.errors import EntryError, SessionError
from cardside.core.record import Seat, Session
from cardside.sessions import sheets, store
from cardside.sessions.journal import Journal


def _partition(mask: int) -> dict[str, Any]:
    """An Octrix two-player round: counting cards 1-8 split by the bits of ``mask``."""
    ann = [n for n in range(1, 9) if mask >> (n - 1) & 1]
    bob = [n for n in range(1, 9) if not mask >> (n - 1) & 1]
    return {"type": "round", "counting": [ann, bob]}


GAMES: dict[str, tuple[list[str], dict[str, Any], st.SearchStrategy[dict[str, Any]]]] = {
    "schnapsen": (
        ["Ann", "Bob"],
        {"matches": 1, "first_dealer": 0},
        st.builds(
            lambda w, p: {"type": "result", "winner": w, "points": p},
            st.integers(0, 1),
            st.integers(1, 3),
        ),
    ),
    "octrix": (
        ["Ann", "Bob"],
        {"partnership": False, "target": 60, "hands": False, "first_dealer": 0},
        st.builds(_partition, st.integers(0, 255)),
    ),
    "iota": (
        ["Ann", "Bob"],
        {"grid": False},
        st.one_of(
            st.builds(
                lambda v, lots: {"type": "turn", "lines": v, "lots": lots},
                st.lists(st.integers(1, 12), min_size=1, max_size=2),
                st.integers(0, 1),
            ),
            st.just({"type": "pass"}),
            st.just({"type": "pass"}),
            st.just({"type": "end"}),
        ),
    ),
    "lineit": (
        ["Ann", "Bob", "Cy", "Dee", "Eve"],
        {},
        st.builds(
            lambda s, n: {"type": "counts", "seat": s, "pile": n, "tokens": 0},
            st.integers(0, 4),
            st.integers(0, 20),
        ),
    ),
    "linesbeta": (
        ["You"],
        {"difficulty": "normal", "length": "short", "grid": False},
        st.one_of(
            st.builds(lambda r: {"type": "trick", "result": r}, st.sampled_from("wl")),
            st.builds(lambda p: {"type": "round", "player": p, "grid": 6 - p}, st.integers(0, 6)),
        ),
    ),
}

_folders = itertools.count()


def fix(
    journal: Journal, number: int, entry: dict[str, Any] | None, take_back: bool
) -> list[int] | None:
    """Correct entry ``number`` as the keep prompt does (``entry`` None: take it back alone, as
    ``undo N`` does): the entries taken back with it, or None where nothing was saved."""
    try:
        found = sheets.misfit(journal.session, number, entry)
    except EntryError:
        return None  # the new text itself does not fit there: refused
    correction = {"type": "undo", "fixes": number} if entry is None else {**entry, "fixes": number}
    back: list[int] = []
    if found is not None:
        if not take_back:
            return None  # cancelled
        force = corrections.in_force(journal.session.entries)
        back = force.numbers[force.numbers.index(found[0]) :]
        correction["takes_back"] = back
    journal.append(correction)
    return back


def same_as_saved(journal: Journal) -> None:
    """The session being written equals a full replay of its saved file."""
    assert journal.path is not None
    saved = store.load(journal.path)
    full = sheets.compute(saved)
    now = journal.session
    assert now.rounds == full.rounds
    assert (now.totals, now.status, now.winners) == (full.totals, full.status, full.winners)
    assert sheets.mismatches(saved) == []
    # The same totals as a file holding just the entries in effect, as corrected.
    plain = corrections.view(saved)
    plain.entries = [dict(e) for e in plain.entries]
    assert sheets.compute(plain).totals == full.totals


#: Entries that end a game at once, or nearly: a correction into one of them leaves the
#: later entries no room.
ENDERS: dict[str, dict[str, Any]] = {
    "schnapsen": {"type": "result", "winner": 0, "points": 3},
    "octrix": _partition(255),
    "iota": {"type": "pass"},
    "lineit": {"type": "counts", "seat": 0, "pile": 5, "tokens": 0},
    "linesbeta": {"type": "round", "player": 6, "grid": 0},
}


def operations(game: str) -> st.SearchStrategy[list[tuple[Any, ...]]]:
    entry = GAMES[game][2]
    new = st.one_of(entry, st.just(ENDERS[game]))
    add = st.tuples(st.just("add"), entry)
    fix = st.tuples(st.just("fix"), st.integers(0, 40), new, st.booleans())
    remove = st.tuples(st.just("remove"), st.integers(0, 40), st.booleans())
    return st.lists(
        st.one_of(add, add, add, st.tuples(st.just("undo")), fix, fix, remove),
        min_size=10,
        max_size=30,
    )


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_entries_undos_fixes_and_removals_give_what_the_saved_file_gives(
    game: str, data: st.DataObject, data_dir: Path
) -> None:
    names, options, _ = GAMES[game]
    ops = data.draw(operations(game))
    journal = Journal.start(
        data_dir / f"run{next(_folders)}",
        game=game,
        mode="keep",
        seats=[Seat(n, "table") for n in names],
        options=options,
    )
    # The entries in effect as this test understands corrections: (number, entry).
    model: list[tuple[int, dict[str, Any]]] = []
    with journal:
        for op in ops:
            if op[0] == "add":
                try:
                    journal.append(dict(op[1]))
                except (SessionError, ValueError):
                    continue  # an entry that does not fit is refused, as at the prompt
                model.append((len(journal.session.entries), dict(op[1])))
            elif op[0] == "undo":
                if model:
                    journal.append({"type": "undo"})
                    model.pop()
            elif op[0] == "remove" and model:
                place = op[1] % len(model)
                back = fix(journal, model[place][0], None, op[2])
                if back is not None:
                    del model[place]
                    model = [(n, e) for n, e in model if n not in back]
            elif op[0] == "fix" and model:
                place = op[1] % len(model)
                back = fix(journal, model[place][0], dict(op[2]), op[3])
                if back is not None:
                    model[place] = (model[place][0], dict(op[2]))
                    del model[len(model) - len(back) :]
            same_as_saved(journal)
            force = corrections.in_force(journal.session.entries)
            assert force.numbers == [n for n, _ in model]
            plain = Session(game, "keep", "p", journal.session.seats, options)
            plain.entries = [e for _, e in model]
            assert sheets.compute(plain).totals == journal.session.totals


def test_a_correction_that_does_not_fit_is_named_not_the_entry_it_corrects() -> None:
    """A file whose correction (entry 3) makes entry 1 Bob's turn: the correction is what does
    not fit, and the message names it, with the entry it corrects."""
    turn: dict[str, Any] = {"type": "turn", "lines": [5], "lots": 0, "all4": False}
    entries: list[dict[str, Any]] = [
        {**turn, "seat": 0},
        {**turn, "seat": 1},
        {**turn, "seat": 1, "fixes": 1},
    ]
    session = Session("iota", "keep", "t", [Seat("Ann", "table"), Seat("Bob", "table")])
    session.entries = entries
    with pytest.raises(SessionError) as refused:
        sheets.compute(session)
    assert "entry 3: as it corrects entry 1, it is Ann's turn, not Bob's" in str(refused.value)
    session.entries = entries[:2]
    assert sheets.compute(session).totals == [5, 5]


def test_the_marks_of_corrections_depend_on_the_file_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the entries replayed for the marks, older corrections are not weighed, however
    often the sheet is worked out (what was worked out before is remembered, and counts
    against the limit as it did then)."""
    monkeypatch.setattr(sheets, "MOST_REPLAYED", 20)  # corrections 5 and 4 (2 x 9 entries)
    turn: dict[str, Any] = {"type": "turn", "lines": [5], "lots": 0, "all4": False}
    entries: list[dict[str, Any]] = [{**turn, "seat": 0}, {**turn, "seat": 1}]
    entries += [{**turn, "seat": 0, "lines": [n], "fixes": 1} for n in (6, 7, 8)]
    session = Session("iota", "keep", "t", [Seat("Ann", "table"), Seat("Bob", "table")])
    session.entries = entries
    first = sheets.compute(session).rounds[0].corrections
    again = sheets.compute(session).rounds[0].corrections
    # Every correction of the row's own entry is listed (the limit bounds only the replays
    # that find rows a correction changed elsewhere), the same each time.
    assert first == again == (3, 4, 5)
