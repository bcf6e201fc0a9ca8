"""Files and folders that are not what they seem: links, a linked trash folder, files outside
the data folder, read-only files, saves that fail with piped input, and what failed or killed
saves leave behind."""

from __future__ import annotations

import errno
import os
import shlex
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.core.record import Seat
from cardside.sessions import lock, store
from cardside.sessions.journal import Journal

from .procs import EXAMPLES
from .scripted import at_terminal

KEEP = ["schnapsen", "keep", "--names", "Ann,Bob", "--matches", "0", "--session", "s"]


def kept(runner: CliRunner, data_dir: Path, lines: str = "Ann 2\nquit\n") -> Path:
    result = runner.invoke(main, KEEP, input=lines)
    assert result.exit_code == 0, result.output
    return data_dir / "sessions" / "s.toml"


def refused(result, *words: str, head: str = "Error: ") -> str:  # type: ignore[no-untyped-def]
    """The one-line refusal of a command that failed as it should."""
    assert result.exit_code == 1, result.output
    assert isinstance(result.exception, SystemExit), result.exception
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(head), result.output
    for word in words:
        assert word in lines[0], (word, lines[0])
    return lines[0]


# -- links ---------------------------------------------------------------------------------------


def test_a_link_to_itself_is_refused_by_delete_and_rename_in_one_line(
    runner: CliRunner, data_dir: Path
) -> None:
    folder = data_dir / "sessions"
    folder.mkdir(parents=True)
    loop = folder / "v.toml"
    os.symlink(loop, loop)
    for args in (["delete", "v", "--yes"], ["rename", "v", "w"]):
        result = runner.invoke(main, ["sessions", *args])
        refused(result, "v.toml is a symbolic link that loops", "remove or rename it yourself")
        assert loop.is_symlink()
    assert not (folder / "w.toml").exists() and not (data_dir / "trash").exists()
    shown = runner.invoke(main, ["sessions", "show", "v"])
    refused(shown, "cannot be read")


def test_a_link_to_a_session_is_neither_renamed_nor_deleted(
    runner: CliRunner, data_dir: Path, tmp_path: Path
) -> None:
    path = kept(runner, data_dir)
    link = path.with_name("alias.toml")
    os.symlink(path, link)
    refused(runner.invoke(main, ["sessions", "delete", "alias", "--yes"]), f"link to {path}")
    refused(runner.invoke(main, ["sessions", "rename", "alias", "b"]), "symbolic link")
    assert link.is_symlink() and path.exists()


def test_a_linked_trash_folder_keeps_deleted_sessions_inside_the_data_folder(
    runner: CliRunner, data_dir: Path, tmp_path: Path
) -> None:
    path = kept(runner, data_dir)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    os.symlink(elsewhere, data_dir / "trash")
    result = runner.invoke(main, ["sessions", "delete", "s", "--yes"])
    refused(result, "trash is a symbolic link", "only within the data folder")
    assert path.exists() and list(elsewhere.iterdir()) == []


# -- files outside the data folder ---------------------------------------------------------------


def test_an_example_file_is_resumed_into_a_data_folder_with_no_sessions_yet(
    runner: CliRunner, data_dir: Path
) -> None:
    """A newcomer's first command may be a resume of one of the examples."""
    examples = Path(__file__).parents[2] / "scoresheets"
    assert not (data_dir / "sessions").exists()
    kept = examples / "octrix-kept-partnership.toml"
    result = runner.invoke(main, ["sessions", "resume", str(kept)], input="quit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "going on with a copy: octrix-kept-partnership " in result.output
    assert (data_dir / "sessions" / "octrix-kept-partnership.toml").is_file()
    # A finished played game has nothing to go on with: refused, and no copy left behind.
    played = examples / "octrix-played-vs-strong.toml"
    refused(runner.invoke(main, ["sessions", "resume", str(played)]), "is a finished game")
    assert sorted(p.name for p in (data_dir / "sessions").glob("*.toml")) == [kept.name]


def test_a_file_outside_the_data_folder_is_only_read_and_resumed_as_a_copy(
    runner: CliRunner, data_dir: Path, tmp_path: Path
) -> None:
    kept(runner, data_dir)
    outside = tmp_path / "friday night.toml"
    outside.write_bytes((data_dir / "sessions" / "s.toml").read_bytes())
    before = outside.read_bytes(), outside.stat().st_mtime_ns
    for args in (["show", str(outside)], ["verify", str(outside)], ["export", str(outside)]):
        result = runner.invoke(main, ["sessions", *args])
        assert result.exit_code == 0 and result.exception is None, (args, result.output)
    fix = runner.invoke(main, ["sessions", "verify", "--fix", str(outside)])
    assert fix.exit_code == 0 and fix.output.startswith("ok ")
    resumed = runner.invoke(main, ["sessions", "resume", str(outside)], input="Bob 3\nquit\n")
    assert resumed.exit_code == 0, resumed.output
    first = resumed.output.splitlines()[0]
    copy = data_dir / "sessions" / "friday-night.toml"
    assert first == (
        f"{shlex.quote(str(outside))} is outside the sessions folder and stays as it is; going "
        f"on with a copy: friday-night ({copy})"
    )
    assert "Continue with: cardside sessions resume friday-night" in resumed.output
    assert (outside.read_bytes(), outside.stat().st_mtime_ns) == before
    assert [e["winner"] for e in store.load(copy).entries] == [0, 1]
    assert store.load(copy).name == "friday-night"
    # Again: another copy, never the file outside.
    again = runner.invoke(main, ["sessions", "resume", str(outside)], input="quit\n")
    assert again.exit_code == 0 and "going on with a copy: friday-night-2 " in again.output
    assert outside.read_bytes() == before[0]


@pytest.mark.parametrize(
    ("file", "copy"),
    [("my game (1)", "my-game-1"), ("last", "last-copy"), ("12", "12-copy"), ("--", None)],
)
def test_a_copy_is_named_from_the_file_without_stray_dashes(
    runner: CliRunner, data_dir: Path, tmp_path: Path, file: str, copy: str | None
) -> None:
    kept(runner, data_dir)
    outside = tmp_path / f"{file}.toml"
    outside.write_bytes((data_dir / "sessions" / "s.toml").read_bytes())
    resumed = runner.invoke(main, ["sessions", "resume", str(outside)], input="quit\n")
    assert resumed.exit_code == 0 and resumed.exception is None, resumed.output
    named = copy or "schnapsen-keep-copy"
    assert f"going on with a copy: {named} (" in resumed.output
    assert (data_dir / "sessions" / f"{named}.toml").is_file()


def test_a_damaged_file_outside_is_not_fixed_nor_copied(
    runner: CliRunner, data_dir: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "cut.toml"
    raw = (EXAMPLES / "iota-kept-grid.toml").read_bytes()
    raw = raw[: raw.index(b"\n[[entries]]\n", len(raw) // 2)] + b"\n"
    outside.write_bytes(raw)
    fix = runner.invoke(main, ["sessions", "verify", "--fix", str(outside)])
    assert fix.exit_code == 1 and "  not fixed: " in fix.output
    assert "is outside the sessions folder, and cardside only reads such a file" in fix.output
    resumed = runner.invoke(main, ["sessions", "resume", str(outside)], input="quit\n")
    refused(resumed, "does not agree with itself", "nothing is copied from it")
    # What it says to do is what can be done: verify --fix rewrites no file outside.
    shown = runner.invoke(main, ["sessions", "show", str(outside)])
    assert shown.exit_code == 0 and shown.exception is None
    for said in (resumed.output, shown.output):
        assert "with --fix" not in said
        assert "copy the file into the sessions folder to accept what its entries give" in said
    assert outside.read_bytes() == raw
    assert not (data_dir / "sessions").exists() or list((data_dir / "sessions").iterdir()) == []


def test_a_file_not_ending_in_toml_is_not_read_as_a_session(
    runner: CliRunner, data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept(runner, data_dir)
    notes = tmp_path / "notes.txt"
    raw = (data_dir / "sessions" / "s.toml").read_bytes()
    notes.write_bytes(raw)
    for verb in ("show", "verify", "export", "resume"):
        result = runner.invoke(main, ["sessions", verb, str(notes)], input="Bob 3\nquit\n")
        head = "FAIL " if verb == "verify" else "Error: "
        refused(result, "notes.txt' is not read as a session", "name ends in .toml", head=head)
    monkeypatch.chdir(tmp_path)
    refused(runner.invoke(main, ["sessions", "resume", "notes.txt"]), "ends in .toml")
    assert notes.read_bytes() == raw


# -- read-only files -----------------------------------------------------------------------------


def test_a_read_only_session_is_not_rewritten_renamed_or_deleted(
    runner: CliRunner, data_dir: Path
) -> None:
    path = kept(runner, data_dir)
    path.chmod(0o444)
    raw = path.read_bytes()
    try:
        result = runner.invoke(main, ["sessions", "resume", "s"], input="Bob 3\nquit\n")
        refused(result, f"{path} is read-only (mode 0444)", "chmod u+rw")
        assert path.read_bytes() == raw
        refused(runner.invoke(main, ["sessions", "rename", "s", "t"]), "read-only (mode 0444)")
        refused(runner.invoke(main, ["sessions", "delete", "s", "--yes"]), "read-only")
        path.write_text(path.read_text().replace("totals = [\n    0,", "totals = [\n    1,"))
        path.chmod(0o444)
        fix = runner.invoke(main, ["sessions", "verify", "--fix", "s"])
        assert fix.exit_code == 1 and "not fixed: " in fix.output and "read-only" in fix.output
        assert not (data_dir / "trash").exists()
        assert stat.S_IMODE(path.stat().st_mode) == 0o444
        assert sorted(p.name for p in path.parent.iterdir()) == ["s.toml"]  # no lock left
        assert [e["winner"] for e in store.load(path).entries] == [0]
    finally:
        path.chmod(0o644)
    assert runner.invoke(main, ["sessions", "delete", "s", "--yes"]).exit_code == 0


def test_the_chmod_to_type_names_the_file_quoted_for_a_shell(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A data folder with a space in its name: the command offered works as typed."""
    folder = tmp_path / "my cards"
    monkeypatch.setenv("CARDSIDE_HOME", str(folder))
    path = kept(runner, folder)
    path.chmod(0o444)
    try:
        result = runner.invoke(main, ["sessions", "resume", "s"], input="quit\n")
        refused(result, f"(allow it with chmod u+rw '{path}')")
    finally:
        path.chmod(0o644)


def test_a_session_that_may_be_neither_read_nor_written_says_so(
    runner: CliRunner, data_dir: Path
) -> None:
    path = kept(runner, data_dir)
    path.chmod(0o000)
    try:
        result = runner.invoke(main, ["sessions", "resume", "s"], input="quit\n")
        refused(result, "may be neither read nor written (mode 0000)", "chmod u+rw")
    finally:
        path.chmod(0o644)


def test_a_sessions_folder_that_cannot_be_read_is_not_taken_for_an_empty_one(
    runner: CliRunner, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept(runner, data_dir)
    folder = data_dir / "sessions"
    real = os.scandir

    def scandir(path: object = ".") -> object:
        if Path(str(path)) == folder:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real(path)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "scandir", scandir)
    for args in (
        ["sessions", "list"],
        ["stats"],
        ["stats", "--league"],
        ["sessions", "verify", "--all"],
        ["sessions", "export", "--all"],
        ["sessions", "review", "--all-sessions"],
    ):
        result = runner.invoke(main, args)
        line = refused(result, "Permission denied")
        assert "No sessions" not in line, args


# -- failed saves --------------------------------------------------------------------------------


def failing_save(monkeypatch: pytest.MonkeyPatch, when: int, error: OSError) -> None:
    real = store.save

    def save(session, path, *args, **kwargs):  # type: ignore[no-untyped-def]
        if len(session.entries) == when:
            raise error
        real(session, path, *args, **kwargs)

    monkeypatch.setattr(store, "save", save)


def test_a_full_disk_with_piped_input_stops_at_once(
    runner: CliRunner, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    failing_save(monkeypatch, 2, OSError(errno.ENOSPC, "No space left on device"))
    result = runner.invoke(main, KEEP, input="Ann 2\nBob 3\n\nAnn 1\nretry\nquit\n")
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    last = result.output.splitlines()[-1]
    assert last == (
        "Error: s: cannot save (No space left on device); the input is not a terminal, so "
        "cardside stops here: the file holds every entry before it "
        "('cardside sessions resume s' goes on)"
    )
    assert "Press Enter" not in result.output and "Deal 3" not in result.output
    assert [e["winner"] for e in store.load(data_dir / "sessions" / "s.toml").entries] == [0]
    assert sorted(p.name for p in (data_dir / "sessions").iterdir()) == ["s.toml"]


@pytest.mark.parametrize("terminal", [False, True])
def test_a_session_at_its_entry_cap_offers_no_retry(
    runner: CliRunner, data_dir: Path, monkeypatch: pytest.MonkeyPatch, terminal: bool
) -> None:
    kept(runner, data_dir)
    monkeypatch.setattr(store, "MAX_ENTRIES", 1)
    if terminal:
        at_terminal(monkeypatch)
    result = runner.invoke(main, ["sessions", "resume", "s"], input="Bob 3\n\nretry\nquit\n")
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    last = result.output.splitlines()[-1]
    assert last.startswith("Error: s is full, the last entry is not saved: a session file")
    assert last.endswith("go on in a new session ('cardside schnapsen keep')")
    assert "Press Enter" not in result.output and "retry" not in result.output


def test_a_lock_that_could_not_be_written_is_not_left_behind(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = os.write

    def full(fd: int, data: bytes) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(lock.os, "write", full)
    seats = [Seat("Ann", "table"), Seat("Bob", "table")]
    with pytest.raises(OSError):
        Journal.start(data_dir, game="schnapsen", mode="keep", seats=seats, options={}, name="s")
    assert list((data_dir / "sessions").iterdir()) == []
    monkeypatch.setattr(lock.os, "write", real)
    # Space again: the name is free at once, not after a few seconds.
    with Journal.start(
        data_dir, game="schnapsen", mode="keep", seats=seats, options={}, name="s"
    ) as journal:
        assert journal.path.exists()


def test_what_a_killed_rename_left_is_removed_on_the_next_writing_open(
    runner: CliRunner, data_dir: Path
) -> None:
    kept(runner, data_dir)
    folder = data_dir / "sessions"
    # A rename to w killed after writing its temporary file: its lock names a process gone.
    leftover = folder / ".w.toml.k2j4_x9a.tmp"
    leftover.write_bytes((folder / "s.toml").read_bytes())
    (folder / ".w.toml.lock").write_text("999999999\n")
    assert runner.invoke(main, ["sessions", "list"]).exit_code == 0
    assert leftover.exists()  # reading changes nothing
    result = runner.invoke(main, ["sessions", "rename", "s", "w"])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in folder.iterdir()) == ["w.toml"]


def test_names_that_differ_only_in_capitals_are_refused(runner: CliRunner, data_dir: Path) -> None:
    """Names are looked up regardless of capitals, so 'S' beside 's' could be named by
    neither: a new session or a rename to such a name is refused, naming the session."""
    kept(runner, data_dir)
    other = runner.invoke(main, [*KEEP[:-1], "t"], input="Ann 2\nquit\n")
    assert other.exit_code == 0, other.output
    refused(runner.invoke(main, ["sessions", "rename", "t", "S"]), "'s' already exists")
    new = runner.invoke(main, [*KEEP[:-1], "S"], input="Ann 2\nquit\n")
    assert new.exit_code == 1 and isinstance(new.exception, SystemExit), new.output
    assert "a session named 's' already exists (names must differ by more than capitals)" in (
        new.output
    )
    assert sorted(p.name for p in (data_dir / "sessions").glob("*.toml")) == ["s.toml", "t.toml"]
    # A session may change the capitals of its own name.
    renamed = runner.invoke(main, ["sessions", "rename", "s", "S"])
    assert renamed.exit_code == 0 and renamed.exception is None, renamed.output
    assert (data_dir / "sessions" / "S.toml").is_file()


@pytest.mark.parametrize(
    ("name", "why"),
    [("x.toml", "leave out .toml"), ("Zoë", "letters A to Z"), ("a/b", "letters A to Z")],
)
def test_a_refused_session_name_says_what_is_wrong(name: str, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        store.check_name(name)


def test_a_copy_from_outside_takes_no_name_that_differs_only_in_capitals(
    runner: CliRunner, data_dir: Path, tmp_path: Path
) -> None:
    path = kept(runner, data_dir)  # s.toml
    outside = tmp_path / "S.toml"
    outside.write_bytes(path.read_bytes())
    result = runner.invoke(main, ["sessions", "resume", str(outside)], input="quit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "going on with a copy: S-2 " in result.output
    assert sorted(p.name for p in (data_dir / "sessions").glob("*.toml")) == ["S-2.toml", "s.toml"]


@pytest.mark.parametrize(
    ("example", "old", "new", "said"),
    [
        ("iota-kept-grid", 'kind = "table"', 'kind = "bot:nosuchbot"', "player 1 is a bot"),
        ("lineit-kept-three-players", "[options]", "seed = 7\n\n[options]", "has a seed"),
        ("iota-played-vs-greedy", "[options]", "[options]\ngrid = true", "grid is an option"),
        ("linesbeta-played-normal", 'length = "full"', 'length = "full"\ngrid = true', "grid is"),
        ("octrix-played-vs-strong", "partnership = false", "hands = true", "hands is an option"),
        ("schnapsen-played-vs-strong", "first_dealer = 1", "matches = 10000", "matches is"),
        ("schnapsen-kept-bummerl", "[options]", '[options]\nlevel = "hard"', "level is an opt"),
    ],
)
def test_a_file_edited_into_the_other_mode_is_refused_in_one_line(
    runner: CliRunner, data_dir: Path, example: str, old: str, new: str, said: str
) -> None:
    """A kept game has no bots and no seed; an option of one mode is not taken in a file
    of the other (a played game with kept IOTA's grid, a kept Schnapsen game with a level)."""
    text = (EXAMPLES / f"{example}.toml").read_text(encoding="utf-8")
    assert old in text
    folder = store.sessions_dir(data_dir)
    folder.mkdir(parents=True)
    (folder / "odd.toml").write_text(text.replace(old, new, 1), encoding="utf-8")
    for command in (["sessions", "show", "odd"], ["sessions", "verify", "odd"]):
        result = runner.invoke(main, command)
        assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.output
        assert said in result.output and "odd.toml" in result.output
        assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output


def test_a_session_whose_name_ends_in_toml_is_named_so_every_command_finds_it(
    runner: CliRunner, data_dir: Path
) -> None:
    """A file copied in as ``friday.toml.toml`` lists as ``friday.toml``: that name finds it,
    and what cardside tells to type next names it by its path (the name would read as one)."""
    folder = store.sessions_dir(data_dir)
    folder.mkdir(parents=True)
    example = (EXAMPLES / "schnapsen-kept-bummerl.toml").read_bytes()
    (folder / "friday.toml.toml").write_bytes(example)
    for args in (["show", "friday.toml"], ["verify", "friday.toml"], ["show", "1"]):
        result = runner.invoke(main, ["sessions", *args])
        assert result.exit_code == 0 and result.exception is None, (args, result.output)
    resumed = runner.invoke(main, ["sessions", "resume", "1"], input="undo\nquit\n")
    assert resumed.exit_code == 0 and resumed.exception is None, resumed.output
    told = resumed.output.rstrip().splitlines()[-1]
    assert told.startswith("Saved. Continue with: cardside sessions resume "), told
    word = shlex.split(told.removeprefix("Saved. Continue with: "))[3]
    assert Path(word) == (folder / "friday.toml.toml").absolute()
    again = runner.invoke(main, ["sessions", "resume", word], input="quit\n")
    assert again.exit_code == 0 and again.exception is None, again.output


def test_a_file_outside_whose_path_starts_with_a_dash_is_named_so_it_reads_as_no_option(
    tmp_path: Path,
) -> None:
    from cardside.sessions.names import path_word

    assert path_word(Path("-x.toml")) == "./-x.toml"
    assert path_word(Path("a b/-x.toml")) == "'a b/-x.toml'"
    assert path_word(tmp_path / "x.toml") == str(tmp_path / "x.toml")
