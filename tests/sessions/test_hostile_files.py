"""One bad file never breaks the others: every way a file can be hostile, refused on one line."""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.sessions import store

from .procs import EXAMPLES

GOOD = "schnapsen-kept-bummerl"
EXAMPLE_TEXT = (EXAMPLES / f"{GOOD}.toml").read_text(encoding="utf-8")


def folder_with_good(data_dir: Path) -> Path:
    folder = data_dir / "sessions"
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(EXAMPLES / f"{GOOD}.toml", folder)
    return folder


def edited(old: str, new: str) -> Callable[[Path], None]:
    def make(path: Path) -> None:
        assert old in EXAMPLE_TEXT
        path.write_text(EXAMPLE_TEXT.replace(old, new, 1), encoding="utf-8")

    return make


def text(content: str) -> Callable[[Path], None]:
    return lambda path: path.write_text(content, encoding="utf-8")


def lines_before_entries(extra: str) -> Callable[[Path], None]:
    """The example with ``extra`` placed at the top level (before the first table)."""
    head, tail = EXAMPLE_TEXT.split("\n[", 1)
    return text(head + "\n" + extra + "\n[" + tail)


HOSTILE: dict[str, tuple[Callable[[Path], None], str]] = {
    "dangling symlink": (lambda p: p.symlink_to(p.parent / "nowhere.toml"), "no such file"),
    "symlink loop": (lambda p: p.symlink_to(p), "cannot be read"),
    "fifo": (lambda p: os.mkfifo(p), "not a regular file"),
    "symlink to /dev/zero": (lambda p: p.symlink_to("/dev/zero"), "not a regular file"),
    "a folder": (lambda p: p.mkdir(), "not a regular file"),
    "nested 1,000 deep": (text("x = " + "[" * 1000 + "]" * 1000 + "\n"), "nested too deeply"),
    "nested 20 deep": (lines_before_entries("x = " + "[" * 20 + "]" * 20), "more than 8 deep"),
    "5,000-digit integer": (text("x = " + "9" * 5000 + "\n"), "unreadable value"),
    "integer beyond 64 bits": (edited("version = 1", "version = " + "9" * 30), "beyond 64 bits"),
    "dotted keys": (
        text("".join(f"k{i}.x = 1\n" for i in range(20_000))),
        "dots outside its strings",
    ),
    "one long dotted key": (text("a" + ".a" * 5000 + " = 1\n"), "dots outside its strings"),
    # Inside an inline table, after its first = (tomllib's time grows with the square).
    # A quote inside a multi-line string, or a triple quote in a comment, starts nothing.
    "dotted keys after a multi-line string": (
        text('x = {s = """\nq\'""", ' + ".".join(["a"] * 5000) + " = 1, z = '.'}\n"),
        "dots outside its strings",
    ),
    "dotted keys between comments": (
        text('# """\nx = {' + ".".join(["a"] * 5000) + ' = 1}\n# """\n'),
        "dots outside its strings",
    ),
    "dots by the ten thousand in a string": (
        text('x = "' + "." * 25_000 + '"\n'),
        "has more than 20,000 dots",
    ),
    "dotted keys in an inline table": (
        text("x = {" + ".".join(["a"] * 15_000) + " = 1}\n"),
        "dots outside its strings",
    ),
    "larger than the limit": (
        edited('name = "Ann"', 'name = "' + "A" * (store.MAX_BYTES + 10) + '"'),
        "larger than 1,048,576 bytes",
    ),
    "a long name": (edited('name = "Ann"', 'name = "' + "A" * 5000 + '"'), "longer than 200"),
    "difficulty as a list": (
        text(
            (EXAMPLES / "linesbeta-played-normal.toml")
            .read_text()
            .replace('difficulty = "normal"', 'difficulty = ["normal"]')
        ),
        "difficulty should be text, not an array",
    ),
    "two players of one name": (edited('name = "Bob"', 'name = " ann"'), "names must differ"),
    "a kind with a direction control": (
        edited('kind = "table"', 'kind = "\u202etable"'),
        "is not human, table or bot:NAME",
    ),
    "a blank player name": (edited('name = "Bob"', 'name = "  "'), "player 2 has an empty name"),
    "a name of Hangul fillers": (
        edited('name = "Bob"', 'name = "\u3164\u3164"'),
        "player 2's name '\u3164\u3164' shows nothing",
    ),
    "a braille blank beside a name": (
        edited('name = "Bob"', 'name = "ann\u2800"'),
        "one name typed two ways",
    ),
    "an escape sequence in a name": (
        edited('name = "Bob"', 'name = "B\\u001b[2J\\u001b[8mob"'),
        "holds a control character: 'B\\x1b[2J",
    ),
    "a bell in a column": (edited('"Bob",', '"Bob\\u0007",'), "should hold short text only"),
    "version 1.0": (
        edited("version = 1", "version = 1.0"),
        "version should be a whole number such as 1, not 1.0",
    ),
    # Told in the file's own words: true, an array, a table; never Python's True or list.
    "version true": (
        edited("version = 1", "version = true"),
        "version should be a whole number such as 1, not the value true",
    ),
    "no version line": (edited("version = 1\n", ""), "has no version line (version = 1)"),
    "one player": (
        edited('    { name = "Bob", kind = "table" },\n', ""),
        "has 1 player; Schnapsen takes 2",
    ),
    "a player written as text": (
        edited('{ name = "Bob", kind = "table" }', '"Bob"'),
        'player 2 should be a table such as { name = "Ann", kind = "human" }, not text',
    ),
    "players as text": (
        edited(
            EXAMPLE_TEXT[
                EXAMPLE_TEXT.index("players = [") : EXAMPLE_TEXT.index(
                    "]\n", EXAMPLE_TEXT.index("players = [")
                )
                + 2
            ],
            'players = "Ann, Bob"\n',
        ),
        "'players' should be an array, not text",
    ),
    "no entries": (
        text(EXAMPLE_TEXT.split("\n[[entries]]", 1)[0] + "\n"),
        "missing 'entries'",
    ),
    "an unknown option": (edited("matches = 1", "matches = 1\nsneaky = 2"), "unknown field"),
    "a string for a seat": (edited("winner = 1", 'winner = "1"'), "winner should be a whole"),
    "a huge string value": (
        edited("winner = 1", 'winner = "' + "W" * 500_000 + '"'),
        "winner should be a whole",
    ),
    "an unknown entry type": (edited('type = "result"', 'type = "bribe"'), "type 'bribe'"),
    "not UTF-8": (lambda p: p.write_bytes(b'format = "\xff"\n'), "not UTF-8"),
    "empty": (text(""), "not a cardside session (the file is empty)"),
    "blank lines only": (text("\n\n  \n"), "not a cardside session (the file is empty)"),
    "comments only": (text("# a note\n\n# another\n"), "(the file holds only comments)"),
    "no format line": (
        edited('format = "cardside-session"', ""),
        "not a cardside session (no format line: format = 'cardside-session')",
    ),
    "two names the same once read plain": (
        edited('name = "Bob"', 'name = "A\\u202enn"'),
        "two players are named",
    ),
    "two names the same but for a joiner": (
        edited('name = "Bob"', 'name = "Ann\\u200d"'),
        "two players are named",
    ),
    # Misspelt by hand: the file would lose its options or entries without a word.
    "a misspelt table": (edited("[options]", "[Options]"), "unknown field 'Options'"),
    "an entry table misspelt": (
        text(EXAMPLE_TEXT + '\n[[entrie]]\ntype = "result"\nwinner = 1\npoints = 2\n'),
        "unknown field 'entrie'",
    ),
    "an unknown player field": (
        edited('kind = "table" }', 'kind = "table", age = 3 }'),
        "unknown field 'age'",
    ),
    "an unknown row field": (
        edited("round = 1\n", "round = 1\nwho = 1\n"),
        "round row 1 has an unknown field 'who'",
    ),
    "a time that is no time": (
        edited("created = 2026-11-29 18:01:28+00:00", 'created = "last friday"'),
        "created should be a date and time",
    ),
    "a time in year 1": (
        edited("created = 2026-11-29 18:01:28+00:00", "created = 0001-01-01 00:00:00"),
        "created should be a date from 1900 to 9998",
    ),
    "an entry's time at the calendar's end": (
        edited("at = 2026-11-29 18:05:31+00:00", "at = 9999-12-31 23:59:59-05:00"),
        "entry 1: at should be a date from 1900 to 9998",
    ),
    "an entry's time as a date": (
        edited("at = 2026-11-29 18:05:31+00:00", "at = 2026-11-29"),
        "entry 1: at should be a date and time",
    ),
}


@pytest.mark.parametrize("case", list(HOSTILE), ids=list(HOSTILE))
def test_a_hostile_file_is_refused_on_one_line_by_every_command(
    case: str, runner: CliRunner, data_dir: Path
) -> None:
    make, reason = HOSTILE[case]
    folder = folder_with_good(data_dir)
    bad = folder / "bad.toml"
    make(bad)
    started = time.monotonic()
    for args in (
        ["sessions", "show", "bad"],
        ["sessions", "verify", str(bad)],
        ["sessions", "export", "bad"],
        ["sessions", "resume", "bad"],
    ):
        result = runner.invoke(main, args, input="quit\n")
        assert result.exit_code == 1, (args, result.output)
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert reason in result.output, (args, result.output[:300])
        assert len(result.output) < 600
    # list and export --all report the bad file on one line and go on with the good one.
    listed = runner.invoke(main, ["sessions", "list"])
    assert listed.exit_code == 0 and GOOD in listed.output
    assert listed.exception is None
    assert reason in listed.output and len(listed.output) < 2000
    exported = runner.invoke(main, ["sessions", "export", "--all", "--format", "json"])
    assert exported.exit_code == 0 and f'"name": "{GOOD}"' in exported.output
    assert "skipped:" in exported.output and reason in exported.output
    stats = runner.invoke(main, ["stats"])
    assert stats.exit_code == 0 and stats.exception is None, stats.output[-300:]
    assert time.monotonic() - started < 20


def test_list_marks_a_file_whose_totals_do_not_replay(runner: CliRunner, data_dir: Path) -> None:
    folder = folder_with_good(data_dir)
    shutil.copy(folder / f"{GOOD}.toml", folder / "edited.toml")
    path = folder / "edited.toml"
    path.write_text(path.read_text().replace("totals = [\n    1,", "totals = [\n    5,", 1))
    result = runner.invoke(main, ["sessions", "list"])
    assert result.exit_code == 0
    rows = {line.split()[1]: line for line in result.output.splitlines()[2:]}
    assert "won: Ann (does not verify)" in rows["edited"]  # what its entries give, marked
    assert "does not verify" not in rows[GOOD] and "won: Ann" in rows[GOOD]
    assert "edited does not agree with itself: totals: stored [5, " in result.output
    data = runner.invoke(main, ["sessions", "list", "--json"]).output
    assert '"verified": false' in data and '"verified": true' in data


def test_a_refused_message_never_echoes_a_huge_value() -> None:
    from cardside.core.errors import SessionError

    doc = {"format": "x" * 1_000_000}
    with pytest.raises(SessionError) as info:
        store.from_document(doc)
    assert len(str(info.value)) < 200


def test_a_long_session_is_not_mistaken_for_a_hostile_one(tmp_path: Path) -> None:
    """Thousands of rounds, as cardside writes them (one ``[[rounds]]`` table each), load."""
    rounds = "".join(
        f"\n[[rounds]]\nround = {i}\nscores = [\n    1,\n    0,\n]\ntotals = [\n    6,\n    7,\n]\n"
        f'note = "match {i}; Ann: entered directly"\n'
        for i in range(1, 3001)
    )
    path = tmp_path / "long.toml"
    head, tail = EXAMPLE_TEXT.split("\n[[rounds]]", 1)
    entries = "\n[[entries]]" + tail.split("\n[[entries]]", 1)[1]
    path.write_text(head + rounds + entries, encoding="utf-8")
    started = time.monotonic()
    assert len(store.load(path).rounds) == 3000
    assert time.monotonic() - started < 5


def test_list_numbers_an_unreadable_file_so_the_numbers_run_unbroken(
    runner: CliRunner, data_dir: Path
) -> None:
    folder = folder_with_good(data_dir)
    bad = folder / "bad.toml"
    bad.write_text("format = [\n")
    os.utime(bad)  # the newest: number 1, and the good one number 2
    result = runner.invoke(main, ["sessions", "list"])
    assert result.exit_code == 0
    assert f"2  {GOOD}" in result.output
    assert "1  unreadable: " in result.output and "bad.toml" in result.output
    resumed = runner.invoke(main, ["sessions", "show", "1"])
    assert resumed.exit_code == 1 and "bad.toml" in resumed.output


def block_the_folder(data_dir: Path, blocker: str) -> str:
    """Put a file, or a link to a folder that is gone, where the sessions folder should be;
    return how cardside names what it found."""
    data_dir.mkdir()
    folder = data_dir / "sessions"
    if blocker == "file":
        folder.write_text("not a folder", encoding="utf-8")
        return "a file, not a folder"
    folder.symlink_to(data_dir / "moved-away")
    return "a link to a folder that is not there"


@pytest.mark.parametrize("blocker", ["file", "dangling link"])
@pytest.mark.parametrize("name", [None, "friday"])
def test_a_file_where_the_sessions_folder_should_be_is_named(
    runner: CliRunner, data_dir: Path, name: str | None, blocker: str
) -> None:
    found = block_the_folder(data_dir, blocker)
    args = ["schnapsen", "keep", "--names", "Ann,Bob", *(["--session", name] if name else [])]
    result = runner.invoke(main, args, input="Ann 2\nquit\n")
    assert result.exit_code == 1, result.output
    assert result.output.strip().endswith(f"sessions is {found}")
    assert "free session name" not in result.output and "Errno" not in result.output


def test_a_data_folder_that_is_a_link_to_nothing_is_named(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The data folder itself moved or unmounted: not "no sessions yet", not "a file"."""
    data = tmp_path / "data"
    data.symlink_to(tmp_path / "unmounted")
    monkeypatch.setenv("CARDSIDE_HOME", str(data))
    listed = runner.invoke(main, ["sessions", "list"])
    assert listed.exit_code == 1 and isinstance(listed.exception, SystemExit)
    assert listed.output.strip().endswith(f"{data}: a link to a folder that is not there")
    keep = ["schnapsen", "keep", "--names", "Ann,Bob"]
    kept = runner.invoke(main, keep, input="Ann 2\nquit\n")
    assert kept.exit_code == 1, kept.output
    assert kept.output.strip().endswith(f"{data} is a link to a folder that is not there")
    assert not (tmp_path / "unmounted").exists()


@pytest.mark.parametrize(
    "command",
    [["sessions", "list"], ["sessions", "verify", "--all"], ["sessions", "show", "1"], ["stats"]],
    ids=" ".join,
)
@pytest.mark.parametrize("blocker", ["file", "dangling link"])
def test_reading_sessions_from_a_file_where_the_folder_should_be_says_so(
    runner: CliRunner, data_dir: Path, command: list[str], blocker: str
) -> None:
    found = block_the_folder(data_dir, blocker)
    result = runner.invoke(main, command)
    assert result.exit_code == 1, result.output
    assert result.output.strip().endswith(f"sessions: {found}")
    assert "No sessions yet" not in result.output and isinstance(result.exception, SystemExit)


@pytest.mark.parametrize("odd", ["\x1b[2J", "\n3  friday  schnapsen  keep", "\t"])
def test_a_file_name_with_control_characters_is_never_printed(
    runner: CliRunner, data_dir: Path, odd: str
) -> None:
    """An escape code, a line break that would add a row of its own, a tab that would break
    the columns: such a file is left out of every listing."""
    folder = data_dir / "sessions"
    folder.mkdir(parents=True)
    (folder / f"x{odd}y.toml").write_text("game = 'octrix'\n", encoding="utf-8")
    for command in (["sessions", "list"], ["sessions", "verify", "--all"], ["stats"]):
        result = runner.invoke(main, command, color=True)  # as on a terminal: codes kept
        assert odd not in result.output
        assert result.exit_code == 0 and result.exception is None, result.output


@pytest.mark.parametrize("odd", ["\u202e", "\x1b[2J", "\u200b"], ids=["rlo", "escape", "zwsp"])
@pytest.mark.parametrize("how", ["name", "path"])
@pytest.mark.parametrize(
    "command",
    [["show"], ["verify"], ["resume"], ["review"], ["export", "--format", "json"], ["delete"]],
    ids=" ".join,
)
def test_a_file_name_that_would_disguise_a_line_is_refused_when_named(
    runner: CliRunner, data_dir: Path, odd: str, how: str, command: list[str]
) -> None:
    """Named outright, as in a listing: the file is refused on one line, its name escaped."""
    folder = folder_with_good(data_dir)
    odd_file = folder / f"ab{odd}cd.toml"
    shutil.copy(folder / f"{GOOD}.toml", odd_file)
    named = odd_file.stem if how == "name" else str(odd_file)
    result = runner.invoke(main, ["sessions", *command, named], input="y\nquit\n", color=True)
    assert result.exit_code == 1, result.output
    assert odd not in result.output
    assert "its name holds a control character or one that shows nothing" in result.output
    assert odd_file.exists() and isinstance(result.exception, SystemExit)


def test_a_name_with_a_tab_from_an_older_file_still_loads(tmp_path: Path) -> None:
    # Names are refused a tab when typed now, but files written before may hold one: they
    # stay readable, the tab read as a space (which keeps tables in line).
    path = tmp_path / "older.toml"
    edited('name = "Bob"', 'name = "Bob\\tJr"')(path)
    assert store.load(path).player_names == ["Ann", "Bob Jr"]


def test_a_byte_order_mark_and_times_without_an_offset_are_read(
    runner: CliRunner, data_dir: Path
) -> None:
    """As a Windows editor saves a file, and an entry's time typed by hand (local time)."""
    folder = data_dir / "sessions"
    folder.mkdir(parents=True)
    edited_text = EXAMPLE_TEXT.replace(
        "at = 2026-11-29 18:05:31+00:00", "at = 2026-11-29 18:05:31", 1
    ).replace("\n", "\r\n")
    (folder / "friday.toml").write_bytes("\ufeff".encode() + edited_text.encode("utf-8"))
    for args in (["sessions", "show", "friday"], ["sessions", "verify", "friday"], ["stats"]):
        result = runner.invoke(main, args)
        assert result.exit_code == 0, (args, result.output)
        assert result.exception is None
    assert "Ann" in runner.invoke(main, ["stats", "--json"]).output


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("Bob\\nSmith", "Bob Smith"),
        ("Bob\\tSmith", "Bob Smith"),
        ("Bo\\u202eb", "Bob"),
        ("Bob  Smith", "Bob Smith"),
        ("Bob\\u00a0Smith ", "Bob Smith"),
    ],
)
def test_a_name_with_a_tab_a_line_break_or_a_direction_control_is_read_plain(
    runner: CliRunner, data_dir: Path, written: str, read: str
) -> None:
    """An earlier cardside took such names: the file opens, the name shown on one line, its
    spaces as a prompt reads them (two spaces, or a no-break space, as one)."""
    folder = data_dir / "sessions"
    folder.mkdir(parents=True)
    (folder / "old.toml").write_text(
        EXAMPLE_TEXT.replace('"Bob"', f'"{written}"'), encoding="utf-8"
    )
    shown = runner.invoke(main, ["sessions", "show", "old"])
    assert shown.exit_code == 0, shown.output
    assert f"players: Ann, {read} (all at the table)" in shown.output
    assert "\u202e" not in shown.output and "\t" not in shown.output
    assert runner.invoke(main, ["sessions", "verify", "old"]).output.startswith("ok")


@pytest.mark.parametrize(
    "name", [b"bad\xffname.toml", "rlo\u202eLMTH.toml".encode(), "x\u200b.toml".encode()]
)
def test_a_file_name_that_is_not_plain_text_is_left_out_and_the_rest_still_work(
    runner: CliRunner, data_dir: Path, name: bytes
) -> None:
    folder = folder_with_good(data_dir)
    shutil.copy(EXAMPLES / "octrix-kept-partnership.toml", os.fsencode(folder) + b"/" + name)
    for command in (
        ["sessions", "list"],
        ["sessions", "verify", "--all"],
        ["stats"],
        ["stats", "--league"],
        ["sessions", "export", "--all", "--format", "json", "-o", "-"],
    ):
        result = runner.invoke(main, command)
        assert result.exit_code == 0 and result.exception is None, (command, result.output)
        assert "\u202e" not in result.output and "\u200b" not in result.output
    listed = json.loads(runner.invoke(main, ["sessions", "list", "--json"]).output)
    assert [s["name"] for s in listed["sessions"]] == [GOOD] and listed["unreadable"] == []


def test_resume_of_a_link_in_the_sessions_folder_is_refused_and_the_link_stays(
    runner: CliRunner, data_dir: Path, tmp_path: Path
) -> None:
    folder = folder_with_good(data_dir)
    target = tmp_path / "elsewhere.toml"
    shutil.copy(EXAMPLES / "schnapsen-kept-bummerl.toml", target)
    before = target.read_bytes()
    (folder / "linked.toml").symlink_to(target)
    result = runner.invoke(main, ["sessions", "resume", "linked"], input="undo\nquit\n")
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert "is a symbolic link, not a session file: cardside adds nothing to it" in result.output
    assert (folder / "linked.toml").is_symlink() and target.read_bytes() == before


def test_a_session_name_with_a_direction_control_is_read_plain(tmp_path: Path) -> None:
    path = tmp_path / "older.toml"
    edited(f'name = "{GOOD}"', 'name = "x\\u202e<b>"')(path)
    assert store.load(path).name == "x<b>"


def test_a_game_field_edited_to_another_game_is_named_in_the_refusal(tmp_path: Path) -> None:
    from cardside.core.errors import SessionError

    path = tmp_path / "x.toml"
    raw = (EXAMPLES / "schnapsen-kept-bummerl.toml").read_text(encoding="utf-8")
    path.write_text(raw.replace('game = "schnapsen"', 'game = "octrix"'), encoding="utf-8")
    with pytest.raises(
        SessionError, match=r"unknown field 'matches' \(the file names the game octrix\)"
    ):
        store.load(path)


@pytest.mark.parametrize(
    "command",
    [["sessions", "show", "odd", "--json"], ["sessions", "export", "odd", "--format", "json"]],
    ids=" ".join,
)
def test_a_character_that_shows_nothing_in_an_entry_is_escaped_in_json(
    runner: CliRunner, data_dir: Path, command: list[str]
) -> None:
    """A line separator in an entry's text (a card list a game reads as spaces) would break
    the printed JSON's line: it is written as its escape, the same JSON to a reader."""
    folder = data_dir / "sessions"
    folder.mkdir(parents=True)
    text = (EXAMPLES / "octrix-kept-partnership.toml").read_text(encoding="utf-8")
    assert 'cards = "8S 8H 5H 8C"' in text
    odd = text.replace('cards = "8S 8H 5H 8C"', 'cards = "\\u2028\\u20298S 8H 5H 8C"', 1)
    (folder / "odd.toml").write_text(odd, encoding="utf-8")
    result = runner.invoke(main, command)
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "\u2028" not in result.output and "\u2029" not in result.output
    assert '"\\u2028\\u20298S 8H 5H 8C"' in result.output
    assert json.loads('"\\u2028\\u20298S 8H 5H 8C"') == "\u2028\u20298S 8H 5H 8C"  # the same text


def test_resume_of_a_link_to_a_session_of_the_same_folder_names_that_session(
    runner: CliRunner, data_dir: Path
) -> None:
    folder = folder_with_good(data_dir)
    (folder / "alias.toml").symlink_to(folder / f"{GOOD}.toml")
    result = runner.invoke(main, ["sessions", "resume", "alias"], input="quit\n")
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert f"(it points to the session {GOOD}: resume that one)" in result.output
    assert "copy the file" not in result.output


def test_resume_of_a_link_from_elsewhere_to_a_session_goes_on_with_that_session(
    runner: CliRunner, data_dir: Path, tmp_path: Path
) -> None:
    """No copy is made of a session of the folder reached through a link from outside it:
    the copy would be played on apart from it."""
    kept = runner.invoke(
        main, ["schnapsen", "keep", "--names", "Ann,Bob", "--session", "friday"], input="Ann 2\n"
    )
    assert kept.exit_code == 0, kept.output
    folder = store.sessions_dir(data_dir)
    link = tmp_path / "link.toml"
    link.symlink_to(folder / "friday.toml")
    result = runner.invoke(main, ["sessions", "resume", str(link)], input="Bob 1\nquit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "going on with a copy" not in result.output
    assert sorted(p.name for p in folder.glob("*.toml")) == ["friday.toml"]
    assert len(store.load(folder / "friday.toml").entries) == 2


def test_two_names_an_earlier_cardside_told_apart_by_their_spaces_alone_still_open(
    runner: CliRunner, data_dir: Path
) -> None:
    """``Ann Lee`` and ``Ann  Lee`` were two players once: read with one space each, the
    second keeps its number, in its columns and as a winner too, so the file verifies and
    goes on."""
    folder = data_dir / "sessions"
    folder.mkdir(parents=True)
    text = EXAMPLE_TEXT.replace('"Ann"', '"Ann Lee"').replace('"Bob"', '"Ann  Lee"')
    (folder / "old.toml").write_text(text, encoding="utf-8")
    session = store.load(folder / "old.toml")
    assert session.player_names == ["Ann Lee", "Ann Lee (2)"]
    assert session.columns == ["Ann Lee", "Ann Lee (2)"]
    verified = runner.invoke(main, ["sessions", "verify", "old"])
    assert verified.exit_code == 0 and verified.output.startswith("ok"), verified.output
    shown = runner.invoke(main, ["sessions", "show", "old"])
    assert shown.exit_code == 0 and "players: Ann Lee, Ann Lee (2)" in shown.output


@pytest.mark.parametrize("name", ["Grid", " gRID ", "ＧＲＩＤ"])
def test_a_linesbeta_player_named_as_the_grid_is_refused_in_one_line(
    runner: CliRunner, data_dir: Path, name: str
) -> None:
    """The score table, the winners and the statistics name the grid ``Grid``: a person so
    named in an edited file would be one column with it, and a won game a draw."""
    from .procs import EXAMPLES

    sessions = data_dir / "sessions"
    sessions.mkdir(parents=True, exist_ok=True)
    text = (EXAMPLES / "linesbeta-kept-short-grid.toml").read_text(encoding="utf-8")
    assert text.count('"Ann"') >= 2
    (sessions / "g.toml").write_text(text.replace('"Ann"', f'"{name}"'), encoding="utf-8")
    shutil.copy(EXAMPLES / "linesbeta-played-normal.toml", sessions / "p.toml")
    verified = runner.invoke(main, ["sessions", "verify", "g"])
    assert verified.exit_code == 1 and isinstance(verified.exception, SystemExit)
    assert "the name the game gives its own side; names must differ" in verified.output
    league = runner.invoke(main, ["stats", "--league", "--game", "linesbeta"])
    assert league.exit_code == 0 and league.exception is None
    assert "1 unreadable session file left out" in league.output
