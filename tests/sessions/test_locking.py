"""One process at a time per session: the lock, tested with real processes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.core.record import Seat
from cardside.sessions import store
from cardside.sessions.journal import Journal
from cardside.sessions.lock import SessionLock, SessionLocked, lock_path, started

from .procs import dead_pid, run, start

KEEP = ["schnapsen", "keep", "--names", "Ann,Bob", "--matches", "0", "--session", "s"]


def session_file(data_dir: Path, name: str = "s") -> Path:
    return data_dir / "sessions" / f"{name}.toml"


def test_two_keeps_started_together_create_the_session_once(data_dir: Path) -> None:
    for attempt in range(3):
        name = f"race{attempt}"
        args = ["schnapsen", "keep", "--names", "Ann,Bob", "--session", name]
        procs = [start(args, data_dir) for _ in range(2)]
        inputs = [b"Ann 2\nquit\n", b"Bob 3\nBob 3\nquit\n"]
        results = [p.communicate(i, timeout=60) for p, i in zip(procs, inputs)]
        codes = [p.returncode for p in procs]
        assert sorted(codes) == [0, 1], results
        winner = codes.index(0)
        loser_err = results[1 - winner][1].decode()
        refusals = ("already exists", "open in another cardside", "being opened by another")
        assert any(r in loser_err for r in refusals), loser_err
        assert len(loser_err.strip().splitlines()) == 1
        assert len(store.load(session_file(data_dir, name)).entries) == winner + 1


def test_two_resumes_at_once_lose_no_acknowledged_entry(data_dir: Path) -> None:
    assert run(KEEP, data_dir, b"quit\n").returncode == 0
    acknowledged = 0
    for _ in range(3):
        procs = [start(["sessions", "resume", "s"], data_dir) for _ in range(2)]
        for p in procs:
            out, _err = p.communicate(b"Ann 1\nquit\n", timeout=60)
            acknowledged += out.decode().count("Ann wins 1 game point")
    assert acknowledged >= 3  # at least one of each pair got in
    assert len(store.load(session_file(data_dir)).entries) == acknowledged


def test_a_lock_whose_process_is_gone_is_taken_over(runner: CliRunner, data_dir: Path) -> None:
    assert runner.invoke(main, KEEP, input="Ann 2\nquit\n").exit_code == 0
    path = session_file(data_dir)
    lock_path(path).write_text(f"{dead_pid()}\n")
    result = runner.invoke(main, ["sessions", "resume", "s"], input="Bob 2\nquit\n")
    assert result.exit_code == 0, result.output
    assert len(store.load(path).entries) == 2 and not lock_path(path).exists()


def test_a_lock_held_by_a_live_process_is_respected(runner: CliRunner, data_dir: Path) -> None:
    assert runner.invoke(main, KEEP, input="quit\n").exit_code == 0
    path = session_file(data_dir)
    holder = start(["sessions", "list"], data_dir)  # any live process will do
    try:
        lock_path(path).write_text(f"{holder.pid}\n")
        result = runner.invoke(main, ["sessions", "resume", "s"], input="Bob 2\nquit\n")
        assert result.exit_code == 1
        assert f"process {holder.pid}" in result.output
        assert store.load(path).entries == []
    finally:
        holder.communicate(timeout=60)


def test_the_lock_is_exclusive_within_one_process_too(tmp_path: Path) -> None:
    journal = Journal.start(
        tmp_path, game="octrix", mode="keep", seats=[Seat("A"), Seat("B")], options={}, name="k"
    )
    with pytest.raises(SessionLocked, match=f"process {os.getpid()}"):
        Journal.open(journal.path)
    journal.close()
    with Journal.open(journal.path) as again:
        assert again.lock is not None and again.lock.held
    assert not lock_path(journal.path).exists()


def test_a_fresh_name_another_cardside_holds_locked_is_passed_over(tmp_path: Path) -> None:
    """Games begun in the same minute: the first holds its name locked before its file is
    written, and the next takes the following name, not the same one twenty times."""
    seats = [Seat("A"), Seat("B")]
    store.sessions_dir(tmp_path).mkdir(parents=True)
    first = store.new_name(tmp_path, "schnapsen", "keep")
    with SessionLock(session_file(tmp_path, first)):
        journal = Journal.start(tmp_path, game="schnapsen", mode="keep", seats=seats, options={})
    assert journal.path.stem == f"{first}-2"
    journal.close()


def test_a_fresh_empty_lock_is_treated_as_being_taken(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    lock_path(path).write_text("")
    with pytest.raises(SessionLocked, match="being opened") as refused:
        SessionLock(path).acquire()
    assert f"if none is, remove {lock_path(path)}" in str(refused.value)
    old = lock_path(path).stat().st_mtime - 60
    os.utime(lock_path(path), (old, old))
    with SessionLock(path) as lock:
        assert lock_path(path).read_text().strip() == str(os.getpid()) and lock.held


def test_an_empty_lock_dated_ahead_of_the_clock_is_stale(tmp_path: Path) -> None:
    """A clock set back since the lock was made leaves it dated in the future: not a lock
    being taken this moment, so it is taken over, not refused for ever."""
    path = tmp_path / "x.toml"
    lock_path(path).write_text("garbage")
    ahead = lock_path(path).stat().st_mtime + 365 * 86400
    os.utime(lock_path(path), (ahead, ahead))
    with SessionLock(path) as lock:
        assert lock_path(path).read_text().strip() == str(os.getpid()) and lock.held


def test_a_lock_that_cannot_be_removed_is_given_up_quietly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The folder went read-only while the session was open: leaving must not end in an error
    # about the lock file (the next cardside takes the stale lock over).
    path = tmp_path / "x.toml"
    lock = SessionLock(path).acquire()

    def read_only(self: Path, missing_ok: bool = False) -> None:
        raise OSError(30, "Read-only file system", str(self))

    monkeypatch.setattr(Path, "unlink", read_only)
    lock.release()
    assert not lock.held and lock_path(path).exists()


def test_a_lock_held_by_a_live_process_says_which_file_to_remove(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    lock_path(path).write_text("1\n")  # process 1 is always alive, and is not a cardside
    with pytest.raises(SessionLocked, match=r"process 1\); close it there first \(if no"):
        SessionLock(path).acquire()


@pytest.mark.skipif(started(1) is None, reason="the system does not say when a process started")
def test_a_lock_whose_process_id_went_to_another_process_is_taken_over(tmp_path: Path) -> None:
    """After a restart the id in a stale lock may belong to another process: one that started
    after the lock was written is not its holder. The file keeps the format every cardside
    reads: the process id alone."""
    path = tmp_path / "x.toml"
    lock_path(path).write_text("1\n")
    os.utime(lock_path(path), (1000, 1000))  # written long before process 1 started
    with SessionLock(path) as lock:
        assert lock_path(path).read_text() == f"{os.getpid()}\n" and lock.held
    lock_path(path).write_text("1\n")  # written while process 1 runs: it holds the lock
    with pytest.raises(SessionLocked, match=r"process 1\)"):
        SessionLock(path).acquire()


@pytest.mark.parametrize("thing", ["folder", "pipe"])
def test_something_else_where_the_lock_goes_is_named_not_waited_on(
    runner: CliRunner, data_dir: Path, thing: str
) -> None:
    runner.invoke(main, KEEP, input="Ann 2\nquit\n")
    lock = lock_path(session_file(data_dir))
    lock.mkdir() if thing == "folder" else os.mkfifo(lock)
    os.utime(lock, (1, 1))  # old, so it would be taken for a stale lock
    result = runner.invoke(main, ["sessions", "resume", "s"], input="quit\n")
    assert result.exit_code == 1
    assert f"session 's' cannot be locked: {lock} is in the way" in result.output
    assert len(store.load(session_file(data_dir)).entries) == 1


def test_a_lock_released_while_being_looked_at_is_simply_taken(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import cardside.sessions.lock as lock_module

    path = session_file(data_dir)
    path.parent.mkdir(parents=True)
    real_open = os.open
    calls = []

    def racing_open(target: object, flags: int, *args: object) -> int:
        calls.append(target)
        if len(calls) == 1:  # another cardside held it, and let go before we looked
            raise FileExistsError(target)
        return real_open(target, flags, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(lock_module.os, "open", racing_open)
    lock = SessionLock(path).acquire()
    assert lock.held and len(calls) == 2
    lock.release()


def test_a_lock_left_without_a_process_id_goes_when_the_folder_is_next_written(
    runner: CliRunner, data_dir: Path
) -> None:
    """A lock a full disk left empty is removed by the next session opened for writing,
    once it is older than a cardside takes to write its id; a fresh one is left alone."""
    kept = runner.invoke(
        main, ["schnapsen", "keep", "--names", "Ann,Bob", "--session", "a"], input="quit\n"
    )
    assert kept.exit_code == 0, kept.output
    folder = store.sessions_dir(data_dir)
    old, fresh, live = (lock_path(folder / f"{n}.toml") for n in ("x", "y", "z"))
    old.write_text("")
    os.utime(old, (1_000_000, 1_000_000))
    fresh.write_text("")
    live.write_text(f"{os.getpid()}\n")
    os.utime(live, (1_000_000, 1_000_000))
    again = runner.invoke(
        main, ["schnapsen", "keep", "--names", "Ann,Bob", "--session", "b"], input="quit\n"
    )
    assert again.exit_code == 0 and again.exception is None, again.output
    assert not old.exists() and fresh.exists() and live.exists()
