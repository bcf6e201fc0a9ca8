"""Every example in scoresheets/ must load and verify against the current rules."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from cardside.sessions import sheets, store
from cardside.sessions.export import as_dict, to_csv

FOLDER = Path(__file__).resolve().parent.parent / "scoresheets"
FILES = sorted(FOLDER.glob("*.toml"))


def test_examples_exist_for_played_and_kept_games() -> None:
    kinds = {(s.game, s.mode) for s in map(store.load, FILES)}
    assert {("octrix", "play"), ("octrix", "keep")} <= kinds
    assert {("iota", "play"), ("iota", "keep")} <= kinds
    assert {("lineit", "play"), ("lineit", "keep")} <= kinds


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_example_verifies(path: Path) -> None:
    session = store.load(path)
    assert sheets.mismatches(session) == []
    assert session.finished and session.winners


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_example_entries_have_times_and_every_exported_row_has_one(path: Path) -> None:
    session = store.load(path)
    times = session.times
    assert len(times) == len(session.entries) and all(times)
    assert session.created is not None and session.updated == times[-1]
    assert [session.created, *times] == sorted([session.created, *times])
    sheets.refresh(session)
    rows = list(csv.DictReader(io.StringIO(to_csv([session]))))
    assert rows and all(row["time"] for row in rows)
    assert all(row["time"] for row in as_dict(session)["rounds"])
