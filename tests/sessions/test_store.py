"""Session files: atomic saves, the TOML round trip, verification, and refusing bad files."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from cardside.core.errors import SessionError
from cardside.core.record import Seat
from cardside.sessions import sheets, store
from cardside.sessions.journal import Journal

TRICKS = ["8C 3H", "2C 3D", "7H 7D", "6H 6D", "5H 5D", "4H 4D", "2S 3S", "AS 8S"]


def kept_game(data_dir: Path) -> Journal:
    journal = Journal.start(
        data_dir,
        game="octrix",
        mode="keep",
        seats=[Seat("Ann", "table"), Seat("Bob", "table")],
        options={"partnership": False, "hands": False},
        name="kitchen",
    )
    for t in TRICKS:
        journal.append({"type": "trick", "cards": t})
    return journal


def test_save_load_verify_round_trip(tmp_path: Path) -> None:
    journal = kept_game(tmp_path)
    path = journal.path
    assert path == tmp_path / "sessions" / "kitchen.toml"
    loaded = store.load(path)
    assert loaded.entries == journal.session.entries
    assert loaded.columns == ["Ann", "Bob"] and loaded.totals == [13, 5]
    assert [(r.number, r.scores, r.totals) for r in loaded.rounds] == [(1, [13, 5], [13, 5])]
    assert sheets.mismatches(loaded) == []
    assert store.dumps(loaded) == path.read_text(encoding="utf-8")
    journal.close()  # gives the lock up
    assert [p.name for p in path.parent.iterdir()] == ["kitchen.toml"]  # no temporary left


def test_each_entry_is_on_disk_at_once(tmp_path: Path) -> None:
    journal = Journal.start(
        tmp_path,
        game="octrix",
        mode="keep",
        seats=[Seat("Ann"), Seat("Bob")],
        options={},
    )
    journal.append({"type": "trick", "cards": "8C 3H"})
    assert 'cards = "8C 3H"' in journal.path.read_text(encoding="utf-8")
    journal.close()
    with pytest.raises(FileExistsError):
        Journal.start(
            tmp_path,
            game="octrix",
            mode="keep",
            seats=[Seat("A"), Seat("B")],
            options={},
            name=journal.name,
        )


def test_hand_edited_total_is_a_named_mismatch(tmp_path: Path) -> None:
    path = kept_game(tmp_path).path
    text = path.read_text(encoding="utf-8").replace("13,", "31,", 1)
    path.write_text(text, encoding="utf-8")
    problems = sheets.mismatches(store.load(path))
    assert any("stored" in p and "31" in p for p in problems)


EXAMPLES = Path(__file__).parents[2] / "scoresheets"


def test_a_rows_match_is_written_and_read_back() -> None:
    path = EXAMPLES / "schnapsen-kept-bummerl.toml"
    loaded = store.load(path)
    assert [r.match for r in loaded.rounds] == [1] * len(loaded.rounds)
    assert "\nround = 1\nmatch = 1\nscores = " in path.read_text(encoding="utf-8")
    assert store.dumps(loaded) == path.read_text(encoding="utf-8")
    for bad in ("-1", '"1"', "true"):
        text = path.read_text(encoding="utf-8").replace("match = 1", f"match = {bad}", 1)
        with pytest.raises(SessionError, match="round row 1 has a match number that is not"):
            store.from_document(store.parse(text.encode()))


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda t: t.replace("version = 1", "version = 7"), "unknown format version 7"),
        (lambda t: t.replace('format = "cardside-session"', 'format = "x"'), "not a cardside"),
        (lambda t: t.replace('game = "octrix"', 'game = "chess"'), "unknown game 'chess'"),
        (lambda t: t + "\n[[entries\n", "not valid TOML"),
        (lambda t: t.replace("players = [", "players = 3\nplayerz = ["), "unknown field 'playerz'"),
        (
            lambda t: re.sub(r"players = \[.*?\n\]", "players = 3", t, flags=re.S),
            "'players' should be",
        ),
    ],
)
def test_bad_files_are_refused_with_the_reason(tmp_path: Path, edit, message: str) -> None:
    path = kept_game(tmp_path).path
    path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(SessionError, match=message) as info:
        store.load(path)
    assert str(path) in str(info.value)
    assert path.read_bytes() == before


def test_impossible_entries_are_refused(tmp_path: Path) -> None:
    path = kept_game(tmp_path).path
    text = path.read_text(encoding="utf-8").replace('cards = "2C 3D"', 'cards = "8C 3D"')
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SessionError, match="entry 2: 8C was already played"):
        sheets.compute(store.load(path))


def test_names_are_checked(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="not a usable session name"):
        store.check_name("../escape")
    assert store.check_name("friday-night") == "friday-night"


@pytest.mark.parametrize(
    ("number", "fits"),
    [(2**63 - 1, True), (2**63, False), (-(2**63), True), (-(2**63) - 1, False)],
)
def test_whole_numbers_are_read_up_to_exactly_64_bits(number: int, fits: bool) -> None:
    """TOML's integers are 64-bit: the largest and smallest are read, one beyond is refused."""
    raw = f"x = {number}\ny = [[{number}]]\n".encode()
    if fits:
        assert store.parse(raw) == {"x": number, "y": [[number]]}
    else:
        with pytest.raises(SessionError, match="holds a whole number beyond 64 bits"):
            store.parse(raw)


def test_a_refused_entry_leaves_no_time_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each entry keeps the time it was made; one refused in between takes its time with it."""
    start = datetime(2026, 5, 1, 20, 0, tzinfo=UTC)
    clock = iter(start + timedelta(minutes=n) for n in range(100))
    monkeypatch.setattr(store, "now", lambda: next(clock))
    journal = Journal.start(
        tmp_path,
        game="octrix",
        mode="keep",
        seats=[Seat("Ann", "table"), Seat("Bob", "table")],
        options={"partnership": False, "hands": False},
        name="kitchen",
    )
    first = start + timedelta(minutes=1)  # the session's own start takes minute 0
    journal.append({"type": "trick", "cards": TRICKS[0]})
    with pytest.raises(SessionError, match="entry 2: 8C was already played"):
        journal.append({"type": "trick", "cards": "8C 2H"})
    journal.append({"type": "trick", "cards": TRICKS[1]})
    journal.close()
    assert journal.session.times == [first, first + timedelta(minutes=2)]
    assert store.load(journal.path).times == [first, first + timedelta(minutes=2)]
