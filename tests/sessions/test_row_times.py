"""Every row of a sheet knows the entry that made it, so exports give each row its time.

For every game in the registry, a short played and a short kept session (the start of the
example in scoresheets/) are replayed entry by entry: each row must be stamped with the latest
entry still in effect that changed it, and `sessions export` must give every row that entry's
time, in CSV and in JSON.
"""

from __future__ import annotations

import csv
import io
import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.core.record import MODES, RoundRow, Seat, Session
from cardside.games.registry import GAMES
from cardside.sessions import sheets, store
from cardside.sessions.journal import Journal

EXAMPLES = Path(__file__).resolve().parents[2] / "scoresheets"
ROWS = 3  # a short session: the entries up to the one that makes the third row
CASES = [(game, mode) for game in sorted(GAMES) for mode in MODES]


def example(game: str, mode: str) -> Session:
    """The example session of that game and mode."""
    found = [
        s
        for s in map(store.load, sorted(EXAMPLES.glob("*.toml")))
        if (s.game, s.mode) == (game, mode)
    ]
    assert found, f"no example for {game} {mode}"
    return found[0]


def prefix(session: Session, count: int) -> Session:
    """The session as it was after its first ``count`` entries."""
    return Session(
        session.game,
        session.mode,
        session.name,
        session.seats,
        session.options,
        session.seed,
        [dict(e) for e in session.entries[:count]],
    )


def rows_after(session: Session, count: int) -> list[RoundRow]:
    return sheets.compute(prefix(session, count)).rounds


def short(session: Session) -> int:
    """How many entries make the first ``ROWS`` rows (all of them in a shorter session)."""
    for count in range(len(session.entries) + 1):
        if len(rows_after(session, count)) >= ROWS:
            return count
    return len(session.entries)


def in_effect(session: Session, count: int) -> list[int]:
    """The entries among the first ``count`` that no undo took back."""
    kept: list[int] = []
    for number, entry in enumerate(session.entries[:count], 1):
        if entry.get("type") != "undo":
            kept.append(number)
        elif session.mode == "play":
            del kept[len(kept) - entry.get("moves", 1) :]
        else:
            kept.pop()
    return kept


def shown(row: RoundRow) -> tuple[Any, ...]:
    return (row.number, row.scores, row.totals, row.note, row.match)


@pytest.mark.parametrize(("game", "mode"), CASES)
def test_each_row_comes_from_the_latest_entry_in_effect_that_changed_it(
    game: str, mode: str
) -> None:
    session = example(game, mode)
    count = short(session)
    sheets_after = [rows_after(session, n) for n in range(count + 1)]
    final = sheets_after[count]
    expected = []
    for index, _row in enumerate(final):
        changed = [
            n
            for n in in_effect(session, count)
            if len(sheets_after[n]) > index
            and (
                len(sheets_after[n - 1]) <= index
                or shown(sheets_after[n][index]) != shown(sheets_after[n - 1][index])
            )
        ]
        expected.append(max(changed))
    assert len(final) >= min(ROWS, len(sheets.compute(session).rounds))
    assert [r.entry for r in final] == expected
    if mode == "keep":
        assert [r.entry for r in sheets.running(prefix(session, count)).sheet().rounds] == expected


@pytest.mark.parametrize(("game", "mode"), CASES)
def test_exported_rows_carry_the_time_of_their_entry(
    game: str, mode: str, runner: CliRunner, data_dir: Path
) -> None:
    source = example(game, mode)
    entries = source.entries[: short(source)]
    with Journal.start(
        data_dir,
        game=game,
        mode=mode,
        seats=source.seats,
        options=source.options,
        seed=source.seed,
        name="short",
    ) as journal:
        for entry in entries:
            journal.append(dict(entry))
    session = journal.session
    assert len(session.times) == len(entries) and all(session.times)
    # A minute apart, so each row's time says which entry it is.
    session.times = [session.created + timedelta(minutes=n) for n in range(1, len(entries) + 1)]
    store.save(session, journal.path)
    rows = sheets.compute(store.load(journal.path)).rounds
    wanted = [session.time_of(r.entry).isoformat() for r in rows]  # type: ignore[union-attr]

    text = runner.invoke(main, ["sessions", "export", "short"])
    assert text.exit_code == 0, text.output
    exported = list(csv.DictReader(io.StringIO(text.output)))
    columns = len(session.columns)
    assert [r["time"] for r in exported] == [t for t in wanted for _ in range(columns)]
    as_json = runner.invoke(main, ["sessions", "export", "short", "--format", "json"])
    assert as_json.exit_code == 0, as_json.output
    (data,) = json.loads(as_json.output)
    assert [r["time"] for r in data["rounds"]] == wanted
    assert wanted and all(wanted)


def test_an_octrix_round_entered_whole_is_the_entry_of_its_row() -> None:
    tricks = ["8C 3H", "2C 3D", "7H 7D", "6H 6D", "5H 5D", "4H 4D", "2S 3S", "AS 8S"]
    entries: list[dict[str, Any]] = [{"type": "round", "counting": [[1, 3, 4], [2, 5, 6, 7, 8]]}]
    entries += [{"type": "trick", "cards": t} for t in tricks]
    entries += [{"type": "undo"}, {"type": "trick", "cards": tricks[-1]}]
    entries += [{"type": "round", "counting": [[2], [1, 3, 4, 5, 6, 7, 8]]}]
    session = Session("octrix", "keep", "t", [Seat("Ann", "table"), Seat("Bob", "table")])
    session.entries = entries
    assert [r.entry for r in sheets.compute(session).rounds] == [1, 11, 12]
    assert [r.entry for r in sheets.running(session).sheet().rounds] == [1, 11, 12]
