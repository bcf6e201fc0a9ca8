"""The index of session summaries: read once, made again when a file changes, never trusted."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cardside.core.players import column_of
from cardside.core.record import Seat
from cardside.sessions import index, store
from cardside.sessions.journal import Journal


def kept(data_dir: Path, name: str, deals: int) -> Journal:
    journal = Journal.start(
        data_dir,
        game="schnapsen",
        mode="keep",
        seats=[Seat("Ann", "table"), Seat("Bob", "table")],
        options={"matches": 0},
        name=name,
    )
    for _ in range(deals):
        journal.append({"type": "result", "winner": 0, "points": 2})
    return journal


def test_summaries_follow_the_files(tmp_path: Path) -> None:
    journal = kept(tmp_path, "friday", 2)
    (item,) = index.entries(tmp_path)
    assert item.summary is not None and item.summary["rounds"] == 2
    assert item.summary["seat_columns"] == [0, 1] and item.summary["unit"] == "match"
    assert item.summary["standing"] == {"what": "countdown", "counts": [3, 7]}
    assert (tmp_path / "index.json").is_file()
    journal.append({"type": "result", "winner": 0, "points": 3})
    (item,) = index.entries(tmp_path)
    assert item.summary is not None and item.summary["rounds"] == 3
    ((result),) = item.summary["results"]
    assert {k: result[k] for k in ("number", "winners", "totals", "round")} == {
        "number": 1,
        "winners": ["Ann"],
        "totals": [7, 0],
        "round": 3,
    }
    assert result["at"] is not None and result["began"] <= result["at"]
    assert item.summary["standing"] is None  # between matches: the next starts at 7:7
    journal.path.write_text("not = = toml", encoding="utf-8")
    (item,) = index.entries(tmp_path)
    assert item.summary is None and item.error and "not valid TOML" in item.error
    journal.path.unlink()
    assert index.entries(tmp_path) == []
    assert json.loads((tmp_path / "index.json").read_text(encoding="utf-8"))["files"] == {}


def test_a_damaged_or_tampered_index_is_made_again(tmp_path: Path) -> None:
    kept(tmp_path, "friday", 2)
    index.entries(tmp_path)
    path = tmp_path / "index.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["files"]["friday.toml"]["summary"]["players"] = "Ann"
    path.write_text(json.dumps(doc), encoding="utf-8")
    (item,) = index.entries(tmp_path)
    assert item.summary is not None and item.summary["players"][0]["name"] == "Ann"
    path.write_text("{ nonsense", encoding="utf-8")
    (item,) = index.entries(tmp_path)
    assert item.summary is not None and item.summary["rounds"] == 2
    for tampered in ({"what": "countdown", "counts": [3]}, {"what": 1, "counts": [3, 7]}, [3]):
        doc["files"]["friday.toml"]["summary"] = dict(item.summary, standing=tampered)
        path.write_text(json.dumps(doc), encoding="utf-8")
        (item,) = index.entries(tmp_path)
        assert item.summary is not None
        assert item.summary["standing"] == {"what": "countdown", "counts": [3, 7]}


def test_an_index_with_control_characters_is_made_again(tmp_path: Path) -> None:
    kept(tmp_path, "friday", 2)
    index.entries(tmp_path)
    path = tmp_path / "index.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["files"]["friday.toml"]["summary"]["players"][1]["name"] = "Bob\x1b[2J"
    doc["files"]["friday.toml"]["summary"]["outcomes"].append("\x9b2J")
    path.write_text(json.dumps(doc), encoding="utf-8")
    (item,) = index.entries(tmp_path)
    assert item.summary is not None and item.summary["players"][1]["name"] == "Bob"
    assert not any("\x9b" in o for o in item.summary["outcomes"])
    doc["files"]["friday.toml"] = {"key": doc["files"]["friday.toml"]["key"], "error": "\x1b[2J"}
    path.write_text(json.dumps(doc), encoding="utf-8")
    (item,) = index.entries(tmp_path)
    assert item.error is None and item.summary is not None


@pytest.mark.parametrize("disguise", ["\u202e", "\u2066", "\u200b", "\u2028", "\n", "\t"])
def test_an_index_with_a_name_turned_around_is_made_again(tmp_path: Path, disguise: str) -> None:
    """A forged index naming Bob with a right-to-left override (or a line separator) would
    show him disguised in every listing: the summary is made again from the file."""
    kept(tmp_path, "friday", 2)
    index.entries(tmp_path)
    path = tmp_path / "index.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["files"]["friday.toml"]["summary"]["players"][1]["name"] = f"{disguise}boB"
    path.write_text(json.dumps(doc), encoding="utf-8")
    (item,) = index.entries(tmp_path)
    assert item.summary is not None and item.summary["players"][1]["name"] == "Bob"


def test_an_index_with_an_error_of_several_lines_is_made_again(tmp_path: Path) -> None:
    """A forged index calling a good file unreadable, in a message of several lines (a fake
    row in every listing), is not trusted: the summary is made again from the file."""
    kept(tmp_path, "friday", 2)
    index.entries(tmp_path)
    path = tmp_path / "index.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["files"]["friday.toml"] |= {"summary": None, "error": "bad\nFAKE LINE"}
    path.write_text(json.dumps(doc), encoding="utf-8")
    (item,) = index.entries(tmp_path)
    assert item.error is None and item.summary is not None


def test_the_time_played_runs_from_the_first_entry_to_the_last(tmp_path: Path) -> None:
    from datetime import datetime, timedelta

    journal = kept(tmp_path, "friday", 3)
    first = datetime(2026, 11, 27, 20, 0).astimezone()
    journal.session.times = [first, first + timedelta(minutes=5), first + timedelta(minutes=42)]
    store.save(journal.session, journal.path)
    # A later save has a later time (two saves within one tick of the file clock look alike).
    os.utime(journal.path, ns=(0, journal.path.stat().st_mtime_ns + 10**9))
    (item,) = index.entries(tmp_path)
    assert item.summary is not None
    assert datetime.fromisoformat(item.summary["start"]) == first
    assert datetime.fromisoformat(item.summary["end"]) == first + timedelta(minutes=42)


def test_values_beyond_what_a_session_file_may_hold_are_not_trusted(tmp_path: Path) -> None:
    kept(tmp_path, "friday", 2)
    index.entries(tmp_path)
    path = tmp_path / "index.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    good = doc["files"]["friday.toml"]["summary"]
    for field, value in (
        ("game", "chess"),
        ("mode", "watch"),
        ("status", "won by default"),
        ("totals", [10**30, -5]),
        ("columns", ["A" * 10_000, "Bob"]),
        ("outcomes", ["x"] * (store.MAX_ENTRIES + 1)),
        ("start", "0001-01-01T00:00:00+05:00"),
        ("end", "last friday"),
    ):
        doc["files"]["friday.toml"]["summary"] = dict(good, **{field: value})
        path.write_text(json.dumps(doc), encoding="utf-8")
        (item,) = index.entries(tmp_path)
        assert item.summary is not None and item.summary[field] == good[field], field


def test_an_index_that_cannot_be_read_safely_is_made_again(tmp_path: Path) -> None:
    import threading

    kept(tmp_path, "friday", 2)
    path = tmp_path / "index.json"
    makers = {
        "nested 200,000 deep": lambda: path.write_text("[" * 200_000 + "]" * 200_000),
        "a named pipe": lambda: os.mkfifo(path),
        "a link to /dev/zero": lambda: path.symlink_to("/dev/zero"),
        "larger than the limit": lambda: path.write_bytes(b" " * (index.MAX_INDEX_BYTES + 1)),
    }
    for case, make in makers.items():
        path.unlink(missing_ok=True)
        make()
        found: list[list[index.Entry]] = []
        reader = threading.Thread(target=lambda out=found: out.append(index.entries(tmp_path)))
        reader.daemon = True  # a reader stuck on the pipe must not keep the tests running
        reader.start()
        reader.join(timeout=10)
        assert found, f"{case}: reading the index did not finish"
        (item,) = found[0]
        assert item.summary is not None and item.summary["rounds"] == 2, case
        assert path.is_file() and not path.is_symlink(), case  # written afresh


def test_statistics_take_a_cached_time_at_the_edge_of_the_calendar(tmp_path: Path) -> None:
    from cardside.sessions.stats import choose, report

    kept(tmp_path, "friday", 2)
    kept(tmp_path, "saturday", 1)
    (first, second) = (e.summary for e in index.entries(tmp_path))
    assert first is not None and second is not None
    first = dict(first, start="0001-01-01T00:00:00+05:00")
    second = dict(second, end="9999-12-31T23:59:59-05:00")
    chosen = choose([first, second])
    assert [s["start"] for s in chosen][0] == "0001-01-01T00:00:00+05:00"
    assert report(chosen).players  # counted, not crashed


def test_a_tampered_result_number_or_corrected_list_is_made_again(tmp_path: Path) -> None:
    kept(tmp_path, "friday", 4)  # Ann's 2 + 2 + 2 + 2: a match won at the fourth deal
    (item,) = index.entries(tmp_path)
    assert item.summary is not None and item.summary["results"][0]["number"] == 1
    path = tmp_path / "index.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    summary = doc["files"]["friday.toml"]["summary"]
    tampered: list[tuple[str, object]] = [
        ("number", None),
        ("number", "x"),
        ("number", True),
        ("round", []),
        ("corrected", True),
        ("corrected", [5]),
    ]
    for key, value in tampered:
        changed = json.loads(json.dumps(summary))
        if key == "corrected":
            changed["corrected"] = value
        else:
            changed["results"][0][key] = value
        doc["files"]["friday.toml"]["summary"] = changed
        path.write_text(json.dumps(doc), encoding="utf-8")
        (item,) = index.entries(tmp_path)
        assert item.summary is not None, (key, value)
        assert item.summary["results"][0]["number"] == 1 and item.summary["corrected"] == []


def test_a_tampered_seat_column_or_a_time_without_its_offset_is_made_again(
    tmp_path: Path,
) -> None:
    from cardside.sessions.stats import report

    kept(tmp_path, "friday", 4)
    (item,) = index.entries(tmp_path)
    assert item.summary is not None
    good = (item.summary["seat_columns"], item.summary["start"])
    path = tmp_path / "index.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    summary = doc["files"]["friday.toml"]["summary"]
    for key, value in (
        ("seat_columns", [-5, 0]),
        ("seat_columns", [-1, 0]),
        ("seat_columns", [0, 2]),
        ("seat_columns", [0, True]),
        ("start", "2026-01-01T00:00:00"),
        ("end", "2026-01-01T00:00:00"),
    ):
        doc["files"]["friday.toml"]["summary"] = dict(summary, **{key: value})
        path.write_text(json.dumps(doc), encoding="utf-8")
        (item,) = index.entries(tmp_path)
        assert item.summary is not None, (key, value)
        assert (item.summary["seat_columns"], item.summary["start"]) == good, (key, value)
        assert report([item.summary]).players  # counted, not crashed


def test_tampered_row_notes_leave_the_page_without_them(tmp_path: Path) -> None:
    """The match and note of each row are read only by the HTML page, which checks them
    where it uses them: any other shape shows no match or note column, and nothing fails."""
    from cardside.tui.htmlreport import session_part

    kept(tmp_path, "friday", 5)  # a match won at the fourth deal, the fifth in match 2
    (item,) = index.entries(tmp_path)
    assert item.summary is not None
    part = session_part(item.summary, {})
    assert part["matches"] and part["notes"] and part["rows"][3][3:] == [1, part["rows"][3][4]]
    assert "wins match 1" in part["rows"][3][4]
    hostiles = [[[1, "a", False]], [[1, "\x1b[2J", False]] * 5, [[True, "a", False]] * 5]
    hostiles += [[["1", 2, False]] * 5, [[1, "a"]] * 5, [[1, "a", "yes"]] * 5]
    for hostile in (None, "x", *hostiles):
        summary = dict(item.summary, row_notes=hostile)
        part = session_part(summary, {})
        assert not part["matches"] and not part["notes"], hostile
        assert [row[3:] for row in part["rows"]] == [[0, ""]] * 5


def test_a_player_is_matched_to_their_own_column_before_a_partnership() -> None:
    # "Tom & Jerry" is one player's name here, not a partnership holding Jerry.
    assert column_of("Jerry", ["Tom & Jerry", "Jerry"]) == 1
    assert column_of("Tom & Jerry", ["Tom & Jerry", "Jerry"]) == 0
    assert column_of("Cid", ["Ann & Cid", "Bob & Dee"]) == 0
    assert column_of("Dee", ["Ann & Cid", "Bob & Dee"]) == 1
    # A partner whose own name holds " & " is matched whole, never by a part of it.
    assert column_of("Tom & Jerry", ["Tom & Jerry & Ann", "Bob & Dee"]) == 0
    assert column_of("Jer", ["Tom & Jerry", "Bob"]) is None


def test_many_files_to_read_are_announced_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(index, "NOTICE_AT", 2)
    for name in ("one", "two", "three"):
        kept(tmp_path, name, 1)
    told: list[int] = []
    assert len(index.entries(tmp_path, told.append)) == 3
    assert told == [3]
    assert len(index.entries(tmp_path, told.append)) == 3  # read from the index now
    assert told == [3]
    kept(tmp_path, "four", 1)
    index.entries(tmp_path, told.append)  # one file to read: below the mark
    assert told == [3]
    (tmp_path / "index.json").write_text("{", encoding="utf-8")
    index.entries(tmp_path, told.append)
    assert told == [3, 4]


def test_a_terminal_is_told_when_the_index_is_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sys

    from cardside.cli.app import App
    from cardside.cli.common import indexed

    monkeypatch.setattr(index, "NOTICE_AT", 2)
    kept(tmp_path, "one", 1)
    kept(tmp_path, "two", 1)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False)
    assert len(indexed(App(tmp_path))) == 2
    assert capsys.readouterr().err == ""  # a pipe or a log is not told
    (tmp_path / "index.json").unlink()
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert len(indexed(App(tmp_path))) == 2
    assert capsys.readouterr().err == (
        "Reading 2 session files to build the index of sessions...\n"
    )
