"""Saves that fail, leftovers of killed saves, the folder's fsync, and exports a spreadsheet
cannot run."""

from __future__ import annotations

import csv
import errno
import io
import json
import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.core.errors import SessionError
from cardside.core.record import Seat
from cardside.sessions import store
from cardside.sessions.export import to_csv
from cardside.sessions.journal import Journal

from .scripted import at_terminal, honour_folder_modes, typed

KEEP = ["schnapsen", "keep", "--names", "Ann,Bob", "--matches", "0", "--session", "s"]


def winners(data_dir: Path) -> list[int]:
    return [e["winner"] for e in store.load(data_dir / "sessions" / "s.toml").entries]


def test_leaving_a_failed_save_keeps_every_entry_before_it(
    runner: CliRunner, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    honour_folder_modes(monkeypatch)
    at_terminal(monkeypatch)
    folder = data_dir / "sessions"
    lines = ["Ann 2", "Bob 3", "quit"]
    try:
        result = runner.invoke(main, KEEP, input=typed(lines, {1: lambda: folder.chmod(0o555)}))
    finally:
        folder.chmod(0o755)
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "left without saving the last entry" in result.output.splitlines()[-1]
    assert winners(data_dir) == [0]
    assert [p.name for p in folder.iterdir()] == ["s.toml"]  # no temporary, no lock left


def test_a_full_disk_is_one_line_and_a_retry(
    runner: CliRunner, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = store.save
    failures = [OSError(errno.ENOSPC, "No space left on device")]

    def save(session, path, *args, **kwargs):  # type: ignore[no-untyped-def]
        if len(session.entries) == 2 and failures:
            raise failures.pop()
        real(session, path, *args, **kwargs)

    monkeypatch.setattr(store, "save", save)
    at_terminal(monkeypatch)
    result = runner.invoke(main, KEEP, input="Ann 2\nBob 3\n\nquit\n")
    assert result.exit_code == 0, result.output
    assert "cannot save (No space left on device)" in result.output
    assert winners(data_dir) == [0, 1]


def test_stale_temporary_files_are_removed_when_the_session_is_opened(
    runner: CliRunner, data_dir: Path
) -> None:
    assert runner.invoke(main, KEEP, input="Ann 2\nquit\n").exit_code == 0
    folder = data_dir / "sessions"
    stale = [folder / ".s.toml.k2j4_x9a.tmp", folder / ".s.toml.zz.tmp"]
    # Left by a rename killed half-way (its new name never made), and by a save of another
    # session that a running cardside (process 1 stands for it) still holds open.
    orphans = [folder / ".w.toml.abc.tmp", folder / ".s.toml.x.toml.abc.tmp"]
    held = [folder / ".other.toml.abc.tmp"]
    (folder / ".other.toml.lock").write_text("1\n")
    for p in stale + orphans + held:
        p.write_text("leftover")
    assert runner.invoke(main, ["sessions", "list"]).exit_code == 0  # reading removes nothing
    assert all(p.exists() for p in stale + orphans)
    result = runner.invoke(main, ["sessions", "resume", "s"], input="Bob 1\nquit\n")
    assert result.exit_code == 0, result.output
    assert not any(p.exists() for p in stale + orphans)
    assert all(p.exists() for p in held)  # being written by the cardside that holds it
    assert sorted(p.name for p in folder.iterdir()) == [
        ".other.toml.abc.tmp",
        ".other.toml.lock",
        "s.toml",
    ]


def test_the_folder_is_fsynced_after_the_rename(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        synced.append("folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
        real_fsync(fd)

    def replace(a, b):  # type: ignore[no-untyped-def]
        synced.append("rename")
        real_replace(a, b)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    journal = Journal.start(
        tmp_path, game="octrix", mode="keep", seats=[Seat("A"), Seat("B")], options={}, name="f"
    )
    synced.clear()
    journal.append({"type": "trick", "cards": "8C 3H"})
    journal.close()
    assert synced == ["file", "rename", "folder"]


HOSTILE_NAMES = ['=HYPERLINK("http://evil.example","x")', "+1+1", "@SUM(1)", "-2", "\tTab"]


def test_csv_cells_that_look_like_formulas_are_quoted_and_json_is_exact(
    runner: CliRunner, data_dir: Path
) -> None:
    journal = Journal.start(
        data_dir,
        game="schnapsen",
        mode="keep",
        seats=[Seat(HOSTILE_NAMES[0], "table"), Seat("+1+1", "table")],
        options={},
        name="evil",
    )
    journal.append({"type": "result", "winner": 0, "points": 3})
    journal.close()
    rows = list(csv.DictReader(io.StringIO(to_csv([journal.session]))))
    assert [r["player"] for r in rows] == ["'" + HOSTILE_NAMES[0], "'+1+1"]
    for row in rows:
        for value in row.values():
            assert not value.startswith(("=", "+", "-", "@", "\t", "\r")), row
    result = runner.invoke(main, ["sessions", "export", "evil", "--format", "json"])
    assert json.loads(result.output)[0]["columns"] == [HOSTILE_NAMES[0], "+1+1"]
    exported = runner.invoke(main, ["sessions", "export", "evil"]).output
    assert "'=HYPERLINK" in exported and "\n=" not in exported and ",=" not in exported


@pytest.mark.parametrize("name", HOSTILE_NAMES[1:])
def test_every_formula_start_is_quoted(name: str) -> None:
    from cardside.sessions.export import cell

    assert cell(name) == "'" + name
    assert cell("Ann") == "Ann" and cell(-2) == -2


def test_a_session_that_outgrows_the_size_limit_is_never_written_unreadable(
    runner: CliRunner, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert runner.invoke(main, KEEP, input="Ann 2\nquit\n").exit_code == 0
    path = data_dir / "sessions" / "s.toml"
    monkeypatch.setattr(store, "MAX_BYTES", path.stat().st_size + 40)
    result = runner.invoke(main, ["sessions", "resume", "s"], input="Bob 3\nquit\n")
    assert result.exit_code == 1
    said = result.output.splitlines()[-1]
    assert said.startswith("Error: s is full, the last entry is not saved: a session file holds")
    assert "go on in a new session ('cardside schnapsen keep')" in said
    assert "retry" not in result.output.lower()
    assert [e["winner"] for e in store.load(path).entries] == [0]  # still loads


def test_entries_added_together_are_saved_together_or_not_at_all(tmp_path: Path) -> None:
    """Two corrections that only fit together (a hand and the trick that played its card)
    are one save: a refused second entry leaves the file and the session as they were."""
    journal = Journal.start(
        tmp_path,
        game="octrix",
        mode="keep",
        seats=[Seat("Ann"), Seat("Bob")],
        options={"hands": True},
        name="h",
    )
    for seat, cards in enumerate(["AC 2C 3C 4C 5C 6C 7C 8C", "AH 2H 3H 4H 5H 6H 7H 8H"]):
        journal.append({"type": "hand", "seat": seat, "cards": cards})
    journal.append({"type": "trick", "cards": "2C 2H"})
    path = tmp_path / "sessions" / "h.toml"
    before = path.read_bytes()
    hand = {"type": "hand", "seat": 0, "cards": "AC 2S 3C 4C 5C 6C 7C 8C", "fixes": 1}
    with pytest.raises(SessionError, match="Ann does not hold 2D"):
        journal.extend([hand, {"type": "trick", "cards": "2D 2H", "fixes": 3}])
    assert path.read_bytes() == before
    assert len(journal.session.entries) == len(journal.session.times) == 3
    journal.extend([hand, {"type": "trick", "cards": "2S 2H", "fixes": 3}])
    journal.close()
    again = store.load(path)
    assert [e.get("fixes") for e in again.entries] == [None, None, None, 1, 3]
    assert again.times[-1] == again.times[-2]
