"""Every example in scoresheets/ must load and verify against the current rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardside.sessions import sheets, store

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
