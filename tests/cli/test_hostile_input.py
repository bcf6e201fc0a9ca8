"""Typed input that is too big, not text, or oddly shaped: refused alone, nothing lost."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.sessions import store

from ..sessions.procs import run

HUGE = "9" * 5000
SCHNAPSEN_KEEP = ["schnapsen", "keep", "--names", "Ann,Bob", "--session", "k"]
LB_KEEP = ["linesbeta", "keep", "--difficulty", "easy", "--short", "--no-grid", "--session", "k"]
LB_GRID = ["linesbeta", "keep", "--difficulty", "easy", "--short", "--grid", "--session", "k"]

# (command, lines typed, the entries the file must hold afterwards)
HUGE_NUMBERS = {
    "schnapsen deal points": (SCHNAPSEN_KEEP, [f"Ann {HUGE}", "Ann 2"], 1),
    "schnapsen card points": (SCHNAPSEN_KEEP, ["", "no", "Ann", HUGE, "40"], 1),
    "linesbeta round counts": (LB_KEEP, [f"round 4 {HUGE}", "w"], 1),
    "linesbeta round question": (LB_KEEP, ["round", HUGE, "4", "2", "w"], 2),
    "linesbeta grid cell": (LB_GRID, [f"w r3R r{HUGE}c4", "w r3R r3c4"], 1),
    "lineit card": (
        ["lineit", "keep", "--names", "Ann,Bob", "--session", "k"],
        [f"line Ann {HUGE} 12 30 45", "line Ann 12 30 45"],
        1,
    ),
    "lineit pile": (
        ["lineit", "keep", "--names", "Ann,Bob", "--session", "k"],
        [f"counts Ann {HUGE}", "counts Ann 23"],
        1,
    ),
    "octrix trick": (
        ["octrix", "keep", "--names", "Ann,Bob", "--no-hands", "--session", "k"],
        [f"{HUGE}C 3H", "8C 3H"],
        1,
    ),
}


@pytest.mark.parametrize("case", list(HUGE_NUMBERS), ids=list(HUGE_NUMBERS))
def test_a_huge_typed_number_is_refused_and_the_session_goes_on(
    case: str, runner: CliRunner, data_dir: Path
) -> None:
    args, lines, entries = HUGE_NUMBERS[case]
    result = runner.invoke(main, args, input="\n".join([*lines, "quit"]) + "\n")
    assert result.exit_code == 0, result.output[-500:]
    assert result.exception is None
    assert HUGE not in result.output  # never echoed whole in a message
    assert len(store.load(data_dir / "sessions" / "k.toml").entries) == entries


# Digits that are not 0 to 9: ``²`` passes str.isdigit but int() refuses it (a traceback
# once), ``٣`` and ``３`` int() reads as 3 (taken as a number once).
ODD_DIGITS = ("\u00b2", "\u0663", "\uff13")
ODD_DIGIT_LINES = {
    # Read as 3, each of these would be accepted: Ann 3 (a whole round), line 3 (Cy's line).
    "octrix round": (["octrix", "keep", "--names", "Ann,Bob", "--no-hands"], "Ann {d}", "8C 3H"),
    "iota line value": (["iota", "keep", "--names", "Ann,Bob"], "Ann {d} lot", "Ann 3"),
    "lineit player number": (
        ["lineit", "keep", "--names", "Ann,Bob,Cy"],
        "line {d} 12 30 45",
        "line Cy 13 31 46",
    ),
    "lineit jackpot": (
        ["lineit", "keep", "--names", "Ann,Bob"],
        "jackpot Ann {d}",
        "jackpot Ann 3",
    ),
    "schnapsen deal points": (SCHNAPSEN_KEEP[:4], "Ann {d}", "Ann 2"),
    "linesbeta round counts": (LB_KEEP[:-2], "round 4 {d}", "w"),
}


@pytest.mark.parametrize("digit", ODD_DIGITS)
@pytest.mark.parametrize("case", list(ODD_DIGIT_LINES), ids=list(ODD_DIGIT_LINES))
def test_digits_other_than_0_to_9_are_no_number_at_the_keep_prompt(
    case: str, digit: str, runner: CliRunner, data_dir: Path
) -> None:
    args, odd, good = ODD_DIGIT_LINES[case]
    lines = [odd.format(d=digit), good, "quit"]
    result = runner.invoke(main, [*args, "--session", "k"], input="\n".join(lines) + "\n")
    assert result.exception is None, result.output[-500:]
    assert result.exit_code == 0
    assert len(store.load(data_dir / "sessions" / "k.toml").entries) == 1


@pytest.mark.parametrize("digit", ODD_DIGITS)
@pytest.mark.parametrize(
    "args",
    [
        ["iota", "score", "{d}", "4"],
        ["iota", "score", "5", "lots={d}"],
        ["lineit", "score", "5", "{d}"],
        ["octrix", "score", "1", "{d}"],
        ["octrix", "simulate", "--games", "{d}"],
        ["linesbeta", "score", "--difficulty", "easy", "4-{d}"],
        ["schnapsen", "score", "--reached", "Ann", "--points", "{d}"],
    ],
    ids=lambda a: " ".join(a[:3]),
)
def test_digits_other_than_0_to_9_are_refused_in_commands(
    runner: CliRunner, args: list[str], digit: str
) -> None:
    result = runner.invoke(main, [a.format(d=digit) for a in args])
    assert result.exit_code != 0, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Error:" in result.output and len(result.output.splitlines()) <= 4


@pytest.mark.parametrize(
    "args",
    [
        ["schnapsen", "score", "--reached", "Ann", "--points", HUGE],
        ["schnapsen", "score", "--reached", "Ann", "--points", "1" + "+1" * 3000],
        ["linesbeta", "score", "--difficulty", "easy", f"{HUGE}-1"],
        ["linesbeta", "score", "--difficulty", "easy", "99999999999-1"],
        ["octrix", "score", "1", HUGE],
        ["octrix", "simulate", "--games", HUGE],
        ["schnapsen", "keep", "--matches", HUGE],
        ["octrix", "play", "--seed", HUGE],
        ["octrix", "play", "--seed", str(2**64)],
    ],
    ids=lambda a: " ".join(a[:3]) + "...",
)
def test_a_huge_number_in_an_option_is_one_line(runner: CliRunner, args: list[str]) -> None:
    result = runner.invoke(main, args, input="quit\n")
    assert result.exit_code == 2, result.output[-300:]
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert len(result.output) < 600 and "Error:" in result.output


def test_invalid_utf8_on_stdin_costs_only_its_own_line(data_dir: Path) -> None:
    script = b"Ann 2\n\xff\xfe\xc3 not text\nBob 3\nquit\n"
    done = run(SCHNAPSEN_KEEP, data_dir, script, PYTHONIOENCODING="utf-8:strict")
    assert done.returncode == 0, done.stderr.decode()
    assert done.stderr == b""
    assert b"not utf-8 text" in done.stdout
    entries = store.load(data_dir / "sessions" / "k.toml").entries
    assert [e["winner"] for e in entries] == [0, 1]


def test_a_byte_order_mark_before_the_first_line_is_left_out(data_dir: Path) -> None:
    """A script saved by Notepad begins with one: its first line is still read as typed."""
    script = "\ufeffAnn,Bob\nAnn 3\nquit\n".encode()
    done = run(["schnapsen", "keep", "--session", "k"], data_dir, script)
    assert done.returncode == 0, done.stderr.decode()
    assert b"invisible" not in done.stdout
    session = store.load(data_dir / "sessions" / "k.toml")
    assert session.player_names == ["Ann", "Bob"] and len(session.entries) == 1


def test_a_piped_line_with_control_characters_is_echoed_as_codes(
    runner: CliRunner, data_dir: Path
) -> None:
    typed = "Ann\x1b[2J\x07 2\nAnn 2\nquit\n"
    result = runner.invoke(main, SCHNAPSEN_KEEP, input=typed, color=True)
    assert result.exit_code == 0
    assert "\x1b[2J" not in result.output and "\x07" not in result.output
    assert "questions): Ann\\x1b[2J\\x07 2" in result.output
    assert len(store.load(data_dir / "sessions" / "k.toml").entries) == 1


def test_an_absurdly_long_line_is_refused_alone(runner: CliRunner, data_dir: Path) -> None:
    result = runner.invoke(main, SCHNAPSEN_KEEP, input="Ann " + "2" * 100_000 + "\nAnn 2\nquit\n")
    assert result.exit_code == 0 and "longer than 4096" in result.output
    assert "; type it again (type help)" in result.output  # as every refusal at a prompt
    assert len(store.load(data_dir / "sessions" / "k.toml").entries) == 1


@pytest.mark.parametrize("name", ["", "abc\n", "abc\nd", "-abc", "a" * 101, "a/b", "x.toml"])
def test_a_session_name_must_be_plain_to_its_last_character(
    runner: CliRunner, data_dir: Path, name: str
) -> None:
    result = runner.invoke(main, [*SCHNAPSEN_KEEP[:-1], name], input="Ann 2\nquit\n")
    assert result.exit_code == 1 and "not a usable session name" in result.output
    assert not (data_dir / "sessions").exists() or not any((data_dir / "sessions").iterdir())


CONTROL_NAME = "cannot hold control characters"
INVISIBLE_NAME = "cannot hold invisible characters (U+"


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["schnapsen", "keep", "--names", "Ann,B\x1b[2Job"], CONTROL_NAME),
        (["octrix", "play", "--names", "You,B\aot"], CONTROL_NAME),
        (["octrix", "keep", "--no-hands", "--names", "A\tB,C"], CONTROL_NAME),
        (
            ["linesbeta", "keep", "--name", "Y\x9bou", "--difficulty", "easy", "--short"],
            CONTROL_NAME,
        ),
        (["schnapsen", "keep", "--names", "Ann,\u202eBob"], INVISIBLE_NAME),  # right-to-left
        (["schnapsen", "play", "--name", "a\x1b[2Jb"], CONTROL_NAME),
        (["schnapsen", "play", "--name", "\u202eab"], INVISIBLE_NAME),
        (["octrix", "play", "--names", "You,B\u200bot"], INVISIBLE_NAME),  # zero-width space
        (["lineit", "keep", "--names", "Ann,Bo\u2028b"], INVISIBLE_NAME),  # line separator
        (["iota", "keep", "--names", "Ann,B\udcff"], INVISIBLE_NAME),  # a byte not UTF-8
        (
            ["linesbeta", "keep", "--name", "\u2066Y", "--difficulty", "easy", "--short"],
            INVISIBLE_NAME,
        ),
    ],
    ids=lambda a: a[0] if isinstance(a, list) else a[:12],
)
def test_a_name_with_a_control_or_invisible_character_is_refused(
    runner: CliRunner, data_dir: Path, args: list[str], reason: str
) -> None:
    result = runner.invoke(main, args, input="quit\n")
    assert result.exit_code == 2 and reason in result.output
    assert not (data_dir / "sessions").exists() or not any((data_dir / "sessions").iterdir())


@pytest.mark.parametrize(
    "args",
    [
        ["schnapsen", "keep", "--names", "A" * 300 + ",Bob"],
        ["octrix", "keep", "--no-hands", "--names", "Ann," + "B" * 31],
        ["octrix", "play", "--names", "You," + "B" * 200],
        ["linesbeta", "keep", "--name", "Y" * 31, "--difficulty", "easy", "--short"],
        ["schnapsen", "play", "--name", "Y" * 100],
    ],
    ids=lambda a: a[0] + " " + a[1],
)
def test_a_long_name_is_refused_by_the_option(
    runner: CliRunner, data_dir: Path, args: list[str]
) -> None:
    result = runner.invoke(main, args, input="quit\n")
    assert result.exit_code == 2 and "a name is at most 30 characters" in result.output
    # The option's error, on one line, before anything is asked or saved.
    assert result.output.count("\n") == 1 and "--help')" in result.output


def test_a_name_typed_at_the_prompt_with_a_control_character_is_asked_again(
    runner: CliRunner, data_dir: Path
) -> None:
    result = runner.invoke(
        main, ["schnapsen", "keep", "--session", "k"], input="Ann,B\x1b[2Job\nAnn,Bob\nquit\n"
    )
    assert result.exit_code == 0 and "cannot hold control characters" in result.output
    assert store.load(data_dir / "sessions" / "k.toml").player_names == ["Ann", "Bob"]


@pytest.mark.parametrize(("word", "code"), [("quit", 0), ("cancel", 0), ("exit", 0)])
def test_linesbeta_round_questions_accept_quit_and_cancel(
    runner: CliRunner, data_dir: Path, word: str, code: int
) -> None:
    result = runner.invoke(main, LB_KEEP, input=f"round\n4\n{word}\nw\nquit\n")
    assert result.exit_code == code, result.output
    assert "not a number" not in result.output  # the word is understood, not refused
    entries = store.load(data_dir / "sessions" / "k.toml").entries
    if word == "cancel":
        assert "cancelled" in result.output and len(entries) == 1  # the w after it counted
    else:
        assert "Saved. Continue with" in result.output and entries == []


@pytest.mark.parametrize(
    ("names", "reads_as"),
    [("1,2", "a number"), ("Ann,RC2", "a card"), ("Ann,final", "a command"), ("W,Bob", "a card")],
)
def test_an_iota_name_that_reads_as_an_entry_is_refused(
    runner: CliRunner, data_dir: Path, names: str, reads_as: str
) -> None:
    # IOTA entries start with the name, then numbers, cards or words: a name may be none of them.
    result = runner.invoke(main, ["iota", "keep", "--names", names], input="quit\n")
    assert result.exit_code == 2 and f"reads as {reads_as}; choose another name" in result.output
    assert not (data_dir / "sessions").exists() or not any((data_dir / "sessions").iterdir())


def test_a_long_iota_name_is_refused_with_its_length(runner: CliRunner, data_dir: Path) -> None:
    result = runner.invoke(main, ["iota", "keep", "--names", "A" * 21 + ",Bob"], input="quit\n")
    assert result.exit_code == 2
    assert "an IOTA name is at most 20 characters, not 21" in result.output


@pytest.mark.parametrize(
    "names", ["Ann,\u0301", "Ann,\u200d", "Ann,\u3164", "Ann,\u2800\u2800", "Ann,\uffa0 \u115f"]
)
def test_a_name_that_shows_nothing_is_asked_again(
    runner: CliRunner, data_dir: Path, names: str
) -> None:
    result = runner.invoke(
        main, ["lineit", "keep", "--session", "k"], input=f"{names}\nAnn,Bob\nquit\n"
    )
    assert result.exit_code == 0 and "needs a letter, digit or sign that shows" in result.output
    assert store.load(data_dir / "sessions" / "k.toml").player_names == ["Ann", "Bob"]


@pytest.mark.parametrize(
    "name",
    [
        "Zoë",
        "\u0645\u06cc\u200c\u0631\u0627",
        "👨\u200d👩\u200d👧",
        "José",
        "\u0d05\u0d30\u0d4d\u200d\u0d1c\u0d41\u0d28\u0d4d\u200d",  # Malayalam, chillu letters
    ],
)
def test_a_name_in_any_script_is_kept(runner: CliRunner, data_dir: Path, name: str) -> None:
    result = runner.invoke(
        main, ["lineit", "keep", "--names", f"Ann,{name}", "--session", "k"], input="quit\n"
    )
    assert result.exit_code == 0, result.output
    assert store.load(data_dir / "sessions" / "k.toml").player_names == ["Ann", name]


@pytest.mark.parametrize("typed", ["Ann  Lee", "Ann\u00a0Lee", " Ann \u00a0 Lee "])
def test_a_name_s_spaces_are_kept_as_a_prompt_reads_them(
    runner: CliRunner, data_dir: Path, typed: str
) -> None:
    """A name given with two spaces or a no-break space is the name a prompt can take."""
    args = ["schnapsen", "keep", "--names", f"{typed},Bob", "--session", "k"]
    result = runner.invoke(main, args, input="Ann Lee 3\nquit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "Deal 1: Ann Lee wins 3 game points" in result.output
    assert store.load(data_dir / "sessions" / "k.toml").player_names == ["Ann Lee", "Bob"]


@pytest.mark.parametrize(
    "names",
    [
        "Ann,\uff21nn",
        "\u00c1nn,A\u0301nn",
        "Ann,ANN",
        "Stra\u00dfe,STRASSE",
        "\u0418\u0432\u0430\u043d,\u0418\u0432\u200d\u0430\u043d",  # a joiner between Cyrillic
        "Ann,Ann\ufe0f",  # a variation selector
        "Ann Lee,Ann  Lee",  # two spaces
        "Ann Lee,Ann\u00a0Lee",  # a no-break space
    ],
)
def test_names_that_look_the_same_clash(runner: CliRunner, data_dir: Path, names: str) -> None:
    result = runner.invoke(main, ["octrix", "keep", "--no-hands", "--names", names], input="quit\n")
    assert result.exit_code == 2 and "names must differ" in result.output


@pytest.mark.parametrize("name", ["\u2460", "\uff13", "\u0663", "a" * 300, "9" * 5000])
@pytest.mark.parametrize("command", ["show", "resume", "verify", "export", "delete"])
def test_a_session_named_by_odd_digits_or_at_absurd_length_is_simply_unknown(
    runner: CliRunner, data_dir: Path, command: str, name: str
) -> None:
    result = runner.invoke(main, ["sessions", command, name], input="n\n")
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit | None)
    assert "no session" in result.output and len(result.output) < 200


LONG = "a" * 300


@pytest.mark.parametrize(
    "args",
    [
        ["octrix", "score", "--trick", f"8C {LONG}"],
        ["octrix", "keep", "--no-hands", "--names", "Ann,Bob", "--dealer", LONG],
        ["schnapsen", "keep", "--names", "Ann,Bob", "--dealer", LONG],
        ["iota", "simulate", "--games", "1", "--jobs", "1", "--bots", f"strong,{LONG}"],
    ],
    ids=lambda a: " ".join(a[:2]),
)
def test_a_long_wrong_value_is_quoted_cut_short(runner: CliRunner, args: list[str]) -> None:
    result = runner.invoke(main, args, input="quit\n")
    assert result.exit_code in (1, 2) and isinstance(result.exception, SystemExit)
    assert "..." in result.output and LONG not in result.output and len(result.output) < 600


def test_a_long_wrong_card_at_the_keep_prompt_is_quoted_cut_short(
    runner: CliRunner, data_dir: Path
) -> None:
    keep = ["octrix", "keep", "--no-hands", "--names", "Ann,Bob", "--session", "k"]
    result = runner.invoke(main, keep, input=f"8C 3H\n8C H{'9' * 3000}\nquit\n")
    (message,) = [line for line in result.output.splitlines() if "is not a rank" in line]
    assert result.exit_code == 0 and len(message) < 200
    assert len(store.load(data_dir / "sessions" / "k.toml").entries) == 1


@pytest.mark.parametrize(
    "args",
    [
        ["octrix", "play", "--players", HUGE],
        ["lineit", "play", "--humans", HUGE],
        ["iota", "score", "--lots", "a" * 300],
        ["iota", "simulate", "--players", HUGE],
        ["schnapsen", "simulate", "--jobs", HUGE],
    ],
    ids=lambda a: " ".join(a[:3]),
)
def test_a_huge_value_for_a_ranged_option_is_quoted_cut_short(
    runner: CliRunner, args: list[str]
) -> None:
    result = runner.invoke(main, args, input="quit\n")
    # 5,000 nines are a whole number, out of range; 300 letters are none.
    said = "is not a whole number from" if "a" * 300 in args else "999...' is not from"
    assert result.exit_code == 2 and said in result.output
    assert len(result.output) < 600


def test_a_piped_line_with_a_right_to_left_override_is_echoed_as_codes(
    runner: CliRunner, data_dir: Path
) -> None:
    typed = "\u202eAnn 2\u200b\u00ad\nAnn 2\nquit\n"
    result = runner.invoke(main, SCHNAPSEN_KEEP, input=typed)
    assert result.exit_code == 0
    assert not {"\u202e", "\u200b", "\u00ad"} & set(result.output)
    # The same characters a name may not hold are shown as codes (a soft hyphen too).
    assert "questions): \\u202eAnn 2\\u200b\\u00ad" in result.output
    assert len(store.load(data_dir / "sessions" / "k.toml").entries) == 1


@pytest.mark.parametrize(
    ("names", "hidden"),
    [
        ("Ann,Ann\u200d", "200D"),
        ("Ann,\u200cAnn", "200C"),
        ("Ann,A\U000e0067nn", "E0067"),
        ("Ann,\U0001f3f4\U000e0067 Ann", "E0067"),  # a flag's tags never ended
        # Tags past a region's six spell hidden text, however they end.
        (
            "Ann,Bo\U0001f3f4"
            + "".join(chr(0xE0000 + ord(c)) for c in "hiddentext")
            + "\U000e007f",
            "E0068",
        ),
    ],
)
def test_a_joiner_or_tag_that_joins_nothing_is_refused_in_a_name(
    runner: CliRunner, data_dir: Path, names: str, hidden: str
) -> None:
    """Ann with a joiner after it looks just like Ann: a second player no one can tell apart."""
    result = runner.invoke(main, ["octrix", "keep", "--no-hands", "--names", names], input="quit\n")
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert f"a name cannot hold invisible characters (U+{hidden})" in result.output


@pytest.mark.parametrize("names", ["A & B;C,D", "Ann;  Bo,Cy", "Ann,Bo  &  Cy"])
def test_a_name_holding_what_exports_join_names_with_is_refused(
    runner: CliRunner, data_dir: Path, names: str
) -> None:
    """ " & " joins partners and "; " tied players in an export's winners cell: a name holding
    either would read as two players there."""
    result = runner.invoke(main, ["octrix", "keep", "--no-hands", "--names", names], input="quit\n")
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert "a name cannot hold ' & ' or '; '" in result.output
    fine = runner.invoke(
        main, ["octrix", "keep", "--no-hands", "--names", "A&B,C;D"], input="quit\n"
    )
    assert fine.exit_code == 0 and fine.exception is None, fine.output


@pytest.mark.parametrize(
    ("args", "name"),
    [
        (["schnapsen", "keep", "--names", "Ann,Bot 2 (strong)"], "Bot 2 (strong)"),
        (["octrix", "keep", "--no-hands", "--names", "Ann,Hal ( greedy )"], "Hal ( greedy )"),
        (["schnapsen", "play", "--name", "Me (hard)"], "Me (hard)"),
        (["lineit", "keep", "--names", "Ann,Bo (Heuristic)"], "Bo (Heuristic)"),
        (["octrix", "keep", "--no-hands", "--names", "Strong (Octrix),Bob"], "Strong (Octrix)"),
        (["octrix", "keep", "--no-hands", "--names", "Bot 2 \uff08strong\uff09,Bob"], None),
    ],
)
def test_a_name_that_reads_as_a_bots_is_refused(
    runner: CliRunner, data_dir: Path, args: list[str], name: str | None
) -> None:
    """Statistics name a bot by its seat and kind, ``Bot 2 (strong)``: a person so named
    would be counted as that bot."""
    result = runner.invoke(main, args, input="quit\n")
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert (f"{name!r} " if name else "") + "reads as a bot's name" in result.output


@pytest.mark.parametrize(
    ("args", "name"),
    [
        (["schnapsen", "keep", "--names", "Bot 2,Ann"], "Bot 2"),
        (["lineit", "keep", "--names", "Ann,bot3,Cy"], "bot3"),
        (["schnapsen", "play", "--name", "BOT  12"], "BOT  12"),
        (["octrix", "keep", "--no-hands", "--names", "Ann,Bot \uff12"], "Bot \uff12"),
    ],
)
def test_a_name_that_is_a_bot_seat_s_is_refused(
    runner: CliRunner, data_dir: Path, args: list[str], name: str
) -> None:
    """A played game seats its bots as Bot 2, Bot 3...: a person of that name would be found
    with them by ``stats --player``."""
    result = runner.invoke(main, args, input="quit\n")
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert f"{name!r} is how cardside names a bot's seat" in result.output
    fine = runner.invoke(main, ["schnapsen", "keep", "--names", "Botond 2,Robot 2"], input="quit\n")
    assert fine.exit_code == 0 and fine.exception is None, fine.output


@pytest.mark.parametrize(
    "args",
    [
        ["schnapsen", "play", "--names", "You,Bot 2"],
        ["lineit", "play", "--names", "Ann,Bot 2,Bot 3"],
        ["iota", "play", "--names", "Ann,Bot 2,Bot 7"],
        ["octrix", "score", "--trick", "8C 3H", "--names", "You,Bot 2"],
    ],
)
def test_a_bot_may_keep_its_seat_s_name_where_names_name_bots_too(
    runner: CliRunner, data_dir: Path, args: list[str]
) -> None:
    """A played game's --names names its bots as well (Schnapsen's default is You,Bot 2), and
    score's labels name seats: only a person's name is held to the rule."""
    result = runner.invoke(main, args, input="quit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    person = [*args[:-1], "Bot 4," + args[-1].split(",", 1)[1]] if "play" in args else None
    if person is not None:
        refused = runner.invoke(main, person, input="quit\n")
        assert refused.exit_code == 2 and "'Bot 4' is how cardside names a bot's seat" in (
            refused.output
        )


@pytest.mark.parametrize(
    "name",
    ["Bot 2 (strong) (a person)", "Ann ( A Person )", "Bo (\uff41 person)", "Cy (a\u00a0person)"],
)
def test_a_name_as_statistics_name_a_person_kept_apart_from_a_bot_is_refused(
    runner: CliRunner, data_dir: Path, name: str
) -> None:
    """Statistics name a person of an older file named as a bot ``Bot 2 (strong) (a
    person)``: a new player so named would be counted as that person."""
    result = runner.invoke(main, ["lineit", "keep", "--names", f"{name},Bob"], input="quit\n")
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert "ends as statistics name a person kept apart from a bot" in result.output


def test_a_name_with_other_brackets_is_kept(runner: CliRunner, data_dir: Path) -> None:
    args = ["schnapsen", "keep", "--names", "Ann (jr),Bob (strongest)", "--session", "k"]
    assert runner.invoke(main, args, input="quit\n").exit_code == 0
    assert store.load(data_dir / "sessions" / "k.toml").player_names == [
        "Ann (jr)",
        "Bob (strongest)",
    ]


def test_a_flag_of_tag_characters_is_a_name_like_any_emoji(
    runner: CliRunner, data_dir: Path
) -> None:
    scotland = "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
    result = runner.invoke(main, ["iota", "keep", "--names", f"{scotland},Ann"], input="quit\n")
    assert result.exit_code == 0, result.output
    assert f"Keeping IOTA for {scotland} and Ann." in result.output


def test_names_with_a_space_and_no_comma_are_told_how_to_separate(runner: CliRunner) -> None:
    result = runner.invoke(main, ["schnapsen", "keep", "--names", "Ann Bob"])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert "Schnapsen is for 2 players, not 1; separate names with commas, e.g. Ann,Bob" in (
        result.output
    )


@pytest.mark.parametrize(("name", "reads_as"), [("12", "a number"), ("RC2", "a card")])
def test_a_kept_file_whose_names_read_as_entries_is_not_kept_on(
    runner: CliRunner, data_dir: Path, name: str, reads_as: str
) -> None:
    """A file naming a player 12 (which --names refuses) is not kept on: ``12 3 4`` typed
    there would score 12 + 3 + 4 for that player. It still shows and verifies."""
    made = runner.invoke(
        main, ["iota", "keep", "--names", "Ann,Bob", "--session", "k"], input="Ann 5\nquit\n"
    )
    assert made.exit_code == 0, made.output
    path = data_dir / "sessions" / "k.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('"Ann"', f'"{name}"'), "utf-8")
    assert runner.invoke(main, ["sessions", "verify", "k"]).exit_code == 0
    resumed = runner.invoke(main, ["sessions", "resume", "k"], input="12 3 4\nquit\n")
    assert resumed.exit_code == 1 and isinstance(resumed.exception, SystemExit)
    assert f"Error: k cannot be kept on: '{name}' reads as {reads_as}" in resumed.output
    assert "starts with a player's name" in resumed.output
    assert runner.invoke(main, ["sessions", "show", "k"]).exit_code == 0


def test_a_kept_lineit_file_naming_a_player_by_a_number_is_kept_on(
    runner: CliRunner, data_dir: Path
) -> None:
    """Line-it entries start with their word, and a whole name is read first: player 12's
    line is ``line 12 20 30``."""
    made = runner.invoke(
        main, ["lineit", "keep", "--names", "Ann,Bob", "--session", "k"], input="quit\n"
    )
    assert made.exit_code == 0, made.output
    path = data_dir / "sessions" / "k.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('"Ann"', '"12"'), "utf-8")
    resumed = runner.invoke(main, ["sessions", "resume", "k"], input="line 12 20 30 40 50\nquit\n")
    assert resumed.exit_code == 0 and resumed.exception is None, resumed.output
    assert "scores: 12 1, Bob 0" in resumed.output


@pytest.mark.parametrize(
    "args",
    [
        ["octrix", "score", "--trick", ""],
        ["octrix", "score", "--trick", "8C 3H", "--trick", " , "],
        ["iota", "score", "--grid", " ", "--play", "GT2 1,0"],
        ["iota", "score", "--grid", "RC1 0,0", "--best", "--hand", " "],
        ["iota", "score", "--grid", "RC1 0,0", "--best", "--hand", ""],
        ["iota", "score", ""],
        ["lineit", "score", ""],
    ],
    ids=lambda a: " ".join(repr(w) for w in a),
)
def test_score_given_blank_text_is_a_slip_of_typing_in_every_game(
    runner: CliRunner, args: list[str]
) -> None:
    """Nothing typed where cards or values belong is refused as a slip (exit 2, naming the
    help), never as a position against the rules (exit 1), and never as a comma missing."""
    result = runner.invoke(main, args)
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.output
    said = result.output.strip().splitlines()
    assert len(said) == 1 and said[0].endswith("score --help')"), said
    assert "comma" not in result.output


def test_a_blank_iota_value_beside_others_is_nothing_typed(runner: CliRunner) -> None:
    """As Octrix's score takes ``1 "" 3``: ``8 "" 4`` is 8 and 4."""
    result = runner.invoke(main, ["iota", "score", "8", "", "4"])
    assert result.exit_code == 0 and result.exception is None, result.output
    assert result.output.startswith("8 + 4 = 12")


def _closed(command: str, data_dir: Path) -> subprocess.CompletedProcess[str]:
    """``cardside`` run by a shell whose redirections in ``command`` close a stream."""
    from ..sessions.procs import env_for

    script = f'"{sys.executable}" -m cardside {command}'
    return subprocess.run(
        ["sh", "-c", script], env=env_for(data_dir), capture_output=True, text=True, timeout=120
    )


def test_a_closed_standard_input_reads_as_an_empty_one(data_dir: Path) -> None:
    """``<&-``: every question has no answer, as with ``</dev/null``; no traceback."""
    kept = run(["schnapsen", "keep", "--names", "Ann,Bob", "--session", "c1"], data_dir, b"quit\n")
    assert kept.returncode == 0, kept.stderr
    resumed = _closed("sessions resume c1 <&-", data_dir)
    assert resumed.returncode == 0 and "Traceback" not in resumed.stderr, resumed.stderr
    assert "Saved. Continue with: cardside sessions resume c1" in resumed.stdout
    deleted = _closed("sessions delete c1 <&-", data_dir)
    assert deleted.returncode == 1 and "Traceback" not in deleted.stderr, deleted.stderr
    assert "Nothing deleted (no answer" in deleted.stdout + deleted.stderr
    assert (store.sessions_dir(data_dir) / "c1.toml").exists()


def test_a_closed_standard_output_is_as_one_that_keeps_nothing(data_dir: Path) -> None:
    """``>&-``: as ``>/dev/null``, what is shown goes nowhere, and a file asked for with
    ``-o`` is written; no traceback."""
    kept = run(["schnapsen", "keep", "--names", "Ann,Bob", "--session", "c1"], data_dir, b"quit\n")
    assert kept.returncode == 0, kept.stderr
    out = data_dir / "all.csv"
    for command in ("sessions list >&-", f"sessions export --all --format csv -o '{out}' >&-"):
        result = _closed(command, data_dir)
        assert result.returncode == 0 and result.stdout == "", (command, result.stderr)
        assert "Traceback" not in result.stderr
    assert out.read_text(encoding="utf-8").startswith("session,game,mode,")
    typed = _closed("schnapsen keep --names Ann,Bob --session c2 </dev/null >&-", data_dir)
    assert typed.returncode == 0 and "Traceback" not in typed.stderr, typed.stderr
    assert (store.sessions_dir(data_dir) / "c2.toml").exists()


def test_typing_at_a_terminal_with_output_piped_on_is_not_echoed_twice(
    runner: CliRunner, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`cardside ... | tee game.log`: the terminal shows what is typed already, so only the
    line's end is written; a script piped in is still echoed."""
    piped = runner.invoke(main, SCHNAPSEN_KEEP, input="Ann 2\nquit\n")
    assert "questions): Ann 2\n" in piped.output
    monkeypatch.setattr("cardside.tui.console.typed_at_a_terminal", lambda: True)
    typed = runner.invoke(main, [*SCHNAPSEN_KEEP[:-1], "t"], input="Ann 2\nquit\n")
    assert typed.exit_code == 0 and typed.exception is None, typed.output
    assert "questions): \n" in typed.output and "Ann 2\n" not in typed.output
    assert len(store.load(data_dir / "sessions" / "t.toml").entries) == 1
