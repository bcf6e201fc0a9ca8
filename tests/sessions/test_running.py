"""A running sheet (entry by entry) always equals a full replay of the same entries."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardside.core.errors import SessionError
from cardside.core.record import EntryError, Seat, Session
from cardside.games.iota.keep import IotaLedger
from cardside.games.lineit.keep import LineitLedger
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
        except (EntryError, ValueError) as refused:
            # Either way it is refused, and for the same reason.
            with pytest.raises(SessionError, match=re.escape(str(refused))):
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
        except (EntryError, ValueError) as refused:
            with pytest.raises(SessionError, match=re.escape(str(refused))):
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


def iota_card() -> st.SearchStrategy[str]:
    colours, shapes = st.sampled_from("RYGB"), st.sampled_from("CSTX")
    real = st.builds(lambda c, s, n: f"{c}{s}{n}", colours, shapes, st.integers(1, 4))
    return st.one_of(real, st.just("W"))


iota_cell = st.builds(lambda x, y: f"{x},{y}", st.integers(-2, 2), st.integers(-2, 2))
iota_quick = st.one_of(
    st.builds(
        lambda lines, lots, all4, final: {
            "type": "turn",
            "lines": lines,
            "lots": lots,
            "all4": all4,
            "final": final,
        },
        st.lists(st.integers(0, 16), min_size=1, max_size=3),
        st.integers(0, 2),
        st.booleans(),
        st.integers(0, 9).map(lambda n: n == 0),
    ),
    st.builds(lambda s: {"type": "pass", "seat": s}, st.integers(0, 2)),
    st.just({"type": "end"}),
    st.just({"type": "undo"}),
)
iota_grid = st.one_of(
    st.builds(lambda c: {"type": "starter", "card": c}, iota_card()),
    st.builds(
        lambda pairs, final: {
            "type": "play",
            "cards": " ".join(f"{c} {cell}" for c, cell in pairs),
            "final": final,
        },
        st.lists(st.tuples(iota_card(), iota_cell), min_size=1, max_size=2),
        st.integers(0, 9).map(lambda n: n == 0),
    ),
    st.builds(lambda c, cell: {"type": "swap", "card": c, "cell": cell}, iota_card(), iota_cell),
    st.just({"type": "pass"}),
    st.just({"type": "end"}),
    st.just({"type": "undo"}),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(iota_quick, max_size=60), st.sampled_from([2, 3, 4]))
def test_iota_running_equals_replay(entries: list[dict[str, Any]], players: int) -> None:
    names = ["Ann", "Bob", "Cid", "Dee"][:players]
    feed(kept("iota", names, {"grid": False}), entries)


@settings(max_examples=40, deadline=None)
@given(st.lists(iota_grid, max_size=50), st.sampled_from([2, 3]))
def test_iota_running_with_the_grid_equals_replay(
    entries: list[dict[str, Any]], players: int
) -> None:
    names = ["Ann", "Bob", "Cid"][:players]
    feed(kept("iota", names, {"grid": True}), entries)


def test_a_long_iota_session_with_undos_is_taken_in_full() -> None:
    entries: list[dict[str, Any]] = [
        {"type": "pass"} if i % 4 else {"type": "turn", "lines": [1 + i % 9]} for i in range(200)
    ]
    entries[77:77] = [{"type": "undo"}] * 9
    assert feed(kept("iota", ["Ann", "Bob", "Cid"], {"grid": False}), entries) == 209


lineit_line = st.builds(
    lambda seat, numbers, down, bet: {
        "type": "line",
        "seat": seat,
        "cards": " ".join(
            [str(n) for n in sorted(numbers, reverse=down)] + ([f"B{bet}"] if bet else [])
        ),
    },
    st.integers(0, 2),
    st.lists(st.integers(1, 24), min_size=1, max_size=5, unique=True),
    st.booleans(),
    st.sampled_from([0, 0, 3, 4, 5]),
)
lineit_entry = st.one_of(
    lineit_line,
    st.builds(
        lambda s, n: {"type": "jackpot", "seat": s, "cards": n},
        st.integers(0, 2),
        st.integers(0, 9),
    ),
    st.builds(
        lambda s, p, t: {"type": "counts", "seat": s, "pile": p, "tokens": t},
        st.integers(0, 2),
        st.integers(0, 30),
        st.integers(-8, 8),
    ),
    st.just({"type": "end"}),
    st.just({"type": "undo"}),
    st.just({"type": "undo"}),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(lineit_entry, max_size=60), st.sampled_from([2, 3]))
def test_lineit_running_equals_replay(entries: list[dict[str, Any]], players: int) -> None:
    feed(kept("lineit", ["Ann", "Bob", "Cid"][:players], {}), entries)


def test_a_long_lineit_session_with_undos_is_taken_in_full() -> None:
    entries: list[dict[str, Any]] = [
        {"type": "line", "seat": 0, "cards": str(n)} for n in range(1, 41)
    ]
    entries += [
        {"type": "jackpot", "seat": i % 2, "cards": i % 7} if i % 2 == 0 else {"type": "undo"}
        for i in range(200)
    ]
    entries[30:30] = [{"type": "undo"}] * 5
    assert feed(kept("lineit", ["Ann", "Bob"], {}), entries) == 245


def undo_leaves_out(make: Callable[[], Any], state: Callable[[Any], Any], entries: Any) -> None:
    """After every entry, the ledger equals a fresh one given only the entries in effect."""
    ledger, in_effect = make(), []
    for entry in entries:
        try:
            ledger.add(dict(entry))
        except ValueError:
            continue
        if entry["type"] == "undo":
            in_effect.pop()
        else:
            in_effect.append(entry)
        fresh = make()
        for e in in_effect:
            fresh.add(dict(e))
        assert state(ledger) == state(fresh)


def iota_state(ledger: IotaLedger) -> tuple[Any, ...]:
    return (
        ledger.grid,
        ledger.turns,
        ledger.totals,
        ledger.seat,
        ledger.swapped,
        ledger.passes,
        ledger.laid,
        ledger.end,
    )


@settings(max_examples=40, deadline=None)
@given(st.lists(st.one_of(iota_quick, iota_grid), max_size=40), st.booleans())
def test_an_iota_undo_leaves_the_ledger_as_without_the_entry(
    entries: list[dict[str, Any]], grid: bool
) -> None:
    names = ["Ann", "Bob", "Cid"]
    undo_leaves_out(lambda: IotaLedger(names, grid=grid), iota_state, entries)


def lineit_state(ledger: LineitLedger) -> tuple[Any, ...]:
    return (
        ledger.done,
        ledger.totals,
        ledger.counted,
        ledger.ended,
        ledger.used,
        ledger.in_jackpots,
        ledger.piles,
        ledger.taken,
        ledger.mode,
    )


def checked_lineit_ledger() -> LineitLedger:
    """A ledger taking entries as they are typed: jackpot piles must follow the lines."""
    ledger = LineitLedger(["Ann", "Bob", "Cid"])
    ledger.piles_checked = True
    return ledger


@settings(max_examples=40, deadline=None)
@given(st.lists(lineit_entry, max_size=40))
def test_a_lineit_undo_leaves_the_ledger_as_without_the_entry(
    entries: list[dict[str, Any]],
) -> None:
    undo_leaves_out(lambda: LineitLedger(["Ann", "Bob", "Cid"]), lineit_state, entries)
    undo_leaves_out(checked_lineit_ledger, lineit_state, entries)


@pytest.mark.parametrize(
    ("make", "entry"),
    [
        (lambda: IotaLedger(["Ann", "Bob"]), lambda i: {"type": "turn", "lines": [1]}),
        (
            lambda: LineitLedger(["Ann", "Bob"]),
            lambda i: {"type": "line", "seat": i % 2, "cards": str(i + 1)},
        ),
    ],
    ids=["iota", "lineit"],
)
def test_an_undo_replays_no_entry(
    make: Callable[[], Any], entry: Callable[[int], dict[str, Any]]
) -> None:
    """Undos restore the state saved before each entry instead of replaying the others, so a
    file of many entries then as many undos loads in linear time."""
    ledger = make()
    for i in range(60):
        ledger.add(entry(i))
    replayed = 0
    step = ledger._step

    def counting(e: dict[str, Any]) -> Any:
        nonlocal replayed
        replayed += 1
        return step(e)

    ledger._step = counting
    for _ in range(60):
        ledger.undo()
    assert replayed == 0
    assert ledger.totals == [0, 0]
