"""A damaged file is never silently accepted: a file says how many entries it holds and their
digest, and every command compares that (and its stored totals) with its entries."""

from __future__ import annotations

import errno
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from cardside.cli.main import main
from cardside.core.record import Seat
from cardside.sessions import document, integrity, store
from cardside.sessions.journal import Journal

from .procs import EXAMPLES

GRID = EXAMPLES / "iota-kept-grid.toml"
SAID = "v does not agree with itself: it says it holds 33 entries, only 10 are there"


def cut_after(raw: bytes, entries: int) -> bytes:
    """The file cut short just before its entry ``entries + 1`` (still valid TOML)."""
    starts = [m.start() for m in re.finditer(rb"\n\[\[entries\]\]\n", raw)]
    return raw[: starts[entries]] + b"\n"


def damaged(data_dir: Path, raw: bytes | None = None) -> tuple[Path, bytes]:
    folder = data_dir / "sessions"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "v.toml"
    raw = cut_after(GRID.read_bytes(), 10) if raw is None else raw
    path.write_bytes(raw)
    return path, raw


def one_line(text: str, start: str) -> str:
    """The single line of ``text`` that starts with ``start``."""
    found = [line for line in text.splitlines() if line.startswith(start)]
    assert len(found) == 1, text
    return found[0]


def test_the_examples_say_how_many_entries_they_hold_and_their_digest() -> None:
    for path in sorted(EXAMPLES.glob("*.toml")):
        session = store.load(path)
        assert session.stored_count == len(session.entries), path.name
        assert session.stored_digest == store.entries_digest(session), path.name
        assert integrity.problems(session) == [], path.name


def test_a_file_cut_short_between_two_entries_is_named_by_every_command(
    runner: CliRunner, data_dir: Path
) -> None:
    path, raw = damaged(data_dir)
    hint = "('cardside sessions verify v' lists every difference, and with --fix accepts"
    for args in (["show", "v"], ["show", "v", "--json"], ["export", "v"], ["export", "--all"]):
        result = runner.invoke(main, ["sessions", *args])
        assert result.exit_code == 0 and result.exception is None, (args, result.output)
        line = one_line(result.stderr, SAID)
        assert line.endswith(hint + " what the entries give)")
    listed = runner.invoke(main, ["sessions", "list"])
    assert listed.exit_code == 0 and listed.exception is None
    assert "does not verify" in listed.stdout
    one_line(listed.stderr, SAID)
    stats = runner.invoke(main, ["stats"])
    assert stats.exit_code == 0 and stats.exception is None
    one_line(stats.stderr, "counted as the entries give, though the file says otherwise: v ")
    verify = runner.invoke(main, ["sessions", "verify", "v"])
    assert verify.exit_code == 1 and isinstance(verify.exception, SystemExit)
    assert "  - it says it holds 33 entries, only 10 are there" in verify.output
    assert "  - totals: stored [306, 462], entries give [121, 272]" in verify.output
    renamed = runner.invoke(main, ["sessions", "rename", "v", "w"])
    assert renamed.exit_code == 1 and isinstance(renamed.exception, SystemExit)
    assert renamed.output.startswith(f"Error: {SAID} (and 15 other differences); it is not renamed")
    resumed = runner.invoke(main, ["sessions", "resume", "v"], input="Ann 5 5\nquit\n")
    assert resumed.exit_code == 1 and isinstance(resumed.exception, SystemExit)
    assert resumed.output.startswith(
        f"Error: {SAID} (and 15 other differences); nothing is added to it ('cardside sessions"
    )
    assert len(resumed.output.splitlines()) == 1
    assert path.read_bytes() == raw  # the evidence is kept


def test_verify_fix_accepts_the_entries_and_keeps_the_file_as_it_was(
    runner: CliRunner, data_dir: Path
) -> None:
    path, raw = damaged(data_dir)
    fixed = runner.invoke(main, ["sessions", "verify", "v", "--fix"])
    assert fixed.exit_code == 0 and fixed.exception is None, fixed.output
    assert fixed.output.startswith("fixed ")
    kept = re.search(r"the file as it was is kept as (\S+)$", fixed.output.strip())
    assert kept, fixed.output
    copy = Path(kept.group(1))
    assert copy.parent == data_dir / "trash" and copy.read_bytes() == raw
    assert copy.name.startswith("v-before-fix-") and copy.suffix == ".toml"
    session = store.load(path)
    assert (session.stored_count, session.totals) == (10, [121, 272])
    again = runner.invoke(main, ["sessions", "verify", "v"])
    assert again.exit_code == 0 and again.output.startswith("ok "), again.output
    assert runner.invoke(main, ["sessions", "show", "v"]).stderr == ""
    assert "not agree" not in runner.invoke(main, ["sessions", "list"]).output
    # Accepted, the session goes on.
    resumed = runner.invoke(main, ["sessions", "resume", "v"], input="quit\n")
    assert resumed.exit_code == 0, resumed.output


def test_a_file_without_the_new_fields_still_opens_and_its_totals_are_compared(
    runner: CliRunner, data_dir: Path
) -> None:
    old = re.sub(rb"entry_(count|digest) = .*\n", b"", GRID.read_bytes())
    assert b"entry_count" not in old
    damaged(data_dir, old)
    assert runner.invoke(main, ["sessions", "verify", "v"]).exit_code == 0
    assert runner.invoke(main, ["sessions", "show", "v"]).stderr == ""
    path, raw = damaged(data_dir, cut_after(old, 10))
    shown = runner.invoke(main, ["sessions", "show", "v"])
    assert shown.exit_code == 0
    one_line(shown.stderr, "v does not agree with itself: totals: stored [306, 462], entries give")
    resumed = runner.invoke(main, ["sessions", "resume", "v"], input="quit\n")
    assert resumed.exit_code == 1 and "nothing is added to it" in resumed.output
    assert path.read_bytes() == raw


def test_an_entry_changed_by_hand_is_named_even_when_the_totals_agree(
    runner: CliRunner, data_dir: Path
) -> None:
    raw = GRID.read_bytes().replace(b"at = 2026-11-30 19:45:25", b"at = 2026-11-30 19:45:26")
    path, raw = damaged(data_dir, raw)
    shown = runner.invoke(main, ["sessions", "show", "v"])
    assert shown.exit_code == 0
    one_line(
        shown.stderr,
        "v does not agree with itself: its entries are not the ones it was saved with",
    )
    assert runner.invoke(main, ["sessions", "verify", "v"]).exit_code == 1
    assert runner.invoke(main, ["sessions", "resume", "v"], input="quit\n").exit_code == 1


def test_a_file_saying_more_entries_than_a_file_may_hold_is_refused(data_dir: Path) -> None:
    for bad in (b"entry_count = -1", b"entry_count = 20001", b'entry_count = "33"'):
        path, _ = damaged(data_dir, GRID.read_bytes().replace(b"entry_count = 33", bad))
        try:
            store.load(path)
        except store.SessionError as exc:
            assert "entry_count must be a whole number from 0 to 20,000" in str(exc)
        else:
            raise AssertionError(bad)
    path, _ = damaged(data_dir, re.sub(rb"sha256:[0-9a-f]{4}", b"md5:", GRID.read_bytes()))
    try:
        store.load(path)
    except store.SessionError as exc:
        assert "entry_digest must be 'sha256:' and 64 hexadecimal digits" in str(exc)
    else:
        raise AssertionError("a digest of another kind")


# A deal won (the winner's seat and the game points), or None: a deal entered and taken back.
RESULTS = st.lists(
    st.one_of(st.tuples(st.integers(0, 1), st.integers(1, 3)), st.none()),
    min_size=1,
    max_size=25,
)


@settings(max_examples=40, deadline=None)
@given(RESULTS)
def test_the_digest_kept_save_by_save_is_the_digest_of_the_file_read_back(
    entries: list[tuple[int, int] | None],
) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        journal = Journal.start(
            Path(tmp),
            game="schnapsen",
            mode="keep",
            seats=[Seat("Ann", "table"), Seat("Bob", "table")],
            options={},
            name="p",
        )
        with journal:
            for deal in entries:
                if deal is None:
                    journal.append({"type": "result", "winner": 0, "points": 1})
                    journal.append({"type": "undo"})
                else:
                    journal.append({"type": "result", "winner": deal[0], "points": deal[1]})
                read = store.load(journal.path)
                assert read.stored_count == len(read.entries) == len(journal.session.entries)
                assert read.stored_digest == store.entries_digest(read)
                assert integrity.problems(read) == []
        # Rendered afresh (no parts kept), the file says the same of itself.
        again = document.render(read)
        assert json.dumps(read.stored_digest) in again.replace("'", '"')


def test_a_name_a_shell_would_split_is_quoted_in_the_commands_suggested(
    runner: CliRunner, data_dir: Path
) -> None:
    import shlex

    path, _ = damaged(data_dir)
    odd = path.with_name("x;rm -rf ~.toml")
    path.rename(odd)
    for args in (["list"], ["show", "x;rm"], ["review", "x;rm"], ["export", "x;rm"]):
        result = runner.invoke(main, ["sessions", *args])
        assert not isinstance(result.exception, Exception) or isinstance(
            result.exception, SystemExit
        ), args
        said = result.output + result.stderr
        assert "cardside sessions verify 'x;rm -rf ~'" in said, (args, said)
        assert "verify x;rm" not in said, args
    # A name that starts with a dash would read as an option: the file's path stands for it,
    # and the command suggested reads it back as that session.
    dash = odd.with_name("-x.toml")
    odd.rename(dash)
    listed = runner.invoke(main, ["sessions", "list"])
    assert listed.exit_code == 0, listed.output
    said = one_line(listed.stderr, "")
    command = said.split("('", 1)[1].split("'", 1)[0]
    words = shlex.split(command)
    assert words[:3] == ["cardside", "sessions", "verify"] and Path(words[3]) == dash, said
    again = runner.invoke(main, words[1:])
    assert again.exit_code == 1 and "lists every difference" not in again.output, again.output
    assert "entries" in again.output, again.output


def test_a_fix_that_cannot_be_saved_leaves_no_copy_and_a_long_list_is_cut(
    runner: CliRunner, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, raw = damaged(data_dir)
    real_save = store.save

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(store, "save", full)
    result = runner.invoke(main, ["sessions", "verify", "v", "--fix"])
    assert result.exit_code == 1 and "not fixed: cannot save (No space left" in result.output
    assert path.read_bytes() == raw
    trash = data_dir / "trash"
    assert not trash.exists() or not list(trash.iterdir())
    monkeypatch.setattr(store, "save", real_save)
    # Every row of a long file gone: the mismatches are many, the list shows the first 50.
    from cardside.cli import sessions as sessions_cli

    many = [f"round {n} is in the stored table but no entries make it" for n in range(1, 300)]
    monkeypatch.setattr(integrity, "problems", lambda *a, **k: many)
    listed = runner.invoke(main, ["sessions", "verify", "v"])
    assert listed.exit_code == 1
    lines = listed.output.splitlines()
    assert lines[0].endswith(": 299 mismatches"), lines[0]
    assert len(lines) == 2 + sessions_cli.SHOWN_PROBLEMS and lines[-1] == "  - and 249 more"
