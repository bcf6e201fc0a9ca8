"""``undo N`` at every keep prompt: take back one earlier entry alone (a line typed twice), the
later entries replayed without it; a later entry that no longer fits is taken back only on the
keeper's word."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cardside.cli.main import main
from cardside.core import corrections
from cardside.core.record import Session
from cardside.sessions import sheets, store


def keep(runner: CliRunner, args: list[str], lines: list[str]) -> Result:
    result = runner.invoke(main, args, input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert result.exception is None
    return result


def saved(data_dir: Path, name: str) -> Session:
    session = store.load(store.sessions_dir(data_dir) / f"{name}.toml")
    sheets.refresh(session)
    return session


def args_of(game: str, name: str) -> list[str]:
    two = ["--names", "Ann,Bob", "--session", name]
    return {
        "octrix": ["octrix", "keep", "--no-hands", *two],
        "iota": ["iota", "keep", *two],
        "lineit": ["lineit", "keep", *two],
        "schnapsen": ["schnapsen", "keep", *two],
        "linesbeta": [
            *("linesbeta", "keep", "--difficulty", "normal", "--short", "--no-grid"),
            *("--session", name),
        ],
    }[game]


#: Entries with one typed twice (the third). IOTA's turns go in order, so none is typed
#: twice there: its test is the entry that no longer fits, below.
TWICE = {
    "octrix": ["Ann 1 2 3", "Ann 4 5 6 7", "Ann 4 5 6 7", "Bob 1 2"],
    "lineit": ["line Ann 12 30 45 57", "jackpot Bob 1", "jackpot Bob 1", "line Bob 5 6 7 8"],
    "schnapsen": ["Ann 1", "Bob 2", "Bob 2", "Ann 3"],
    "linesbeta": ["w", "l", "l", "w"],
}


@pytest.mark.parametrize("game", sorted(TWICE))
def test_an_entry_typed_twice_is_taken_back_alone_and_the_later_ones_stand(
    game: str, runner: CliRunner, data_dir: Path
) -> None:
    entries = TWICE[game]
    out = keep(runner, args_of(game, "u"), [*entries, "undo 3", "quit"]).output
    said = next(line for line in out.splitlines() if line.startswith("  Entry 3 taken back"))
    assert entries[2] in said
    typed_right = [*entries[:2], *entries[3:]]
    keep(runner, args_of(game, "r"), [*typed_right, "quit"])
    fixed, right = saved(data_dir, "u"), saved(data_dir, "r")
    assert fixed.totals == right.totals
    assert [r.scores for r in fixed.rounds] == [r.scores for r in right.rounds]
    # Append-only: the entry typed twice stays in the file, taken back by entry 5.
    assert len(fixed.entries) == 5 and fixed.entries[4] == {"type": "undo", "fixes": 3}
    force = corrections.in_force(fixed.entries)
    assert force.numbers == [1, 2, 4] and force.taken_back == {3: 5}
    verified = runner.invoke(main, ["sessions", "verify", "u"])
    assert verified.exit_code == 0 and verified.output.startswith("ok")
    shown = runner.invoke(main, ["sessions", "show", "u"]).output
    # A round of several tricks changed (entry 4 is now its third trick); a deal, a kept
    # Line-it entry or an Octrix round entered whole is one entry: the later ones move up.
    marks = [line.split(" (")[0] for line in shown.splitlines() if line.startswith("* corr")]
    assert marks == (["* corrected: round 1 by entry 5"] if game == "linesbeta" else [])


@pytest.mark.parametrize(
    "args, lines, marked",
    [
        # The entry after the one taken back was itself undone: deal 2 is entry 6, typed later.
        (["schnapsen", "keep"], ["Ann 1", "Bob 2", "Bob 2", "undo 2", "undo", "Ann 3"], []),
        (["lineit", "keep"], ["counts Ann 23 +4-3", "counts Bob 20", "undo 1"], []),
        # The last trick of round 1 taken back: trick 7 moves into round 1.
        (
            ["linesbeta", "keep", "--difficulty", "normal", "--full", "--no-grid"],
            ["w", "l", "w", "w", "l", "w", "w", "l", "undo 6"],
            ["round 1 by entry 9"],
        ),
        # The first trick taken back: every later trick moves up a place, and both full
        # rounds change (round 2 from 0-6 to 1-5).
        (
            ["linesbeta", "keep", "--difficulty", "normal", "--short", "--no-grid"],
            ["w"] * 6 + ["l"] * 6 + ["w", "w", "undo 1"],
            ["round 1 by entry 15", "round 2 by entry 15"],
        ),
    ],
)
def test_only_a_row_an_undo_n_changed_is_marked_corrected(
    args: list[str], lines: list[str], marked: list[str], runner: CliRunner, data_dir: Path
) -> None:
    extra = [] if args[0] == "linesbeta" else ["--names", "Ann,Bob"]
    keep(runner, [*args, *extra, "--session", "m"], [*lines, "quit"])
    shown = runner.invoke(main, ["sessions", "show", "m"]).output
    line = next((x for x in shown.splitlines() if x.startswith("* corrected: ")), "")
    parts = line.removeprefix("* corrected: ").split("; ") if line else []
    assert [part.split(" (")[0] for part in parts] == marked
    text = runner.invoke(main, ["sessions", "export", "m", "--format", "csv", "-o", "-"]).output
    rows = list(csv.DictReader(io.StringIO(text)))
    assert {r["round"] for r in rows if r["corrected"]} == {m.split()[1] for m in marked}


def test_a_later_entry_that_no_longer_fits_is_named_and_taken_back_only_on_the_word(
    runner: CliRunner, data_dir: Path
) -> None:
    # Without Bob's turn (entry 2), entry 3 (Ann's) comes when it is Bob's turn.
    lines = ["Ann 5 5", "Bob 6", "Ann 3", "undo 2", "cancel", "quit"]
    out = keep(runner, args_of("iota", "u"), lines).output
    # The reason alone: what to type at the prompt does not belong to a correction's question.
    assert "  Without entry 2, entry 3 no longer fits: it is Bob's turn, not Ann's.\n" in out
    assert "  Cancelled; nothing changed." in out
    assert not corrections.has_corrections(saved(data_dir, "u").entries)
    out = keep(runner, ["sessions", "resume", "u"], ["undo 2", "t", "quit"]).output
    assert "  Entry 2 taken back (round 1): Bob 6." in out
    assert "  Taken back with it: entry 3; type again what still stands." in out
    session = saved(data_dir, "u")
    assert session.entries[-1] == {"type": "undo", "fixes": 2, "takes_back": [3]}
    assert corrections.in_force(session.entries).numbers == [1]
    assert session.totals == [10, 0]


@pytest.mark.parametrize(
    "line, reason",
    [
        ("undo 0", "there is no entry 0: the entries are numbered 1 to 5"),
        ("undo 99999999999", "there is no entry that large"),
        ("undo 00000000003", "entry 3 was taken back already (at entry 4)"),  # zeros in front
        ("undo x", "undo alone takes back the last entry; undo 3 takes back entry 3 alone"),
        ("undo 3 4", "undo alone takes back the last entry; undo 3 takes back entry 3 alone"),
        ("undo 4", "entry 4 is an undo; undo the entries in effect"),
        ("undo 3", "entry 3 was taken back already (at entry 4)"),
    ],
)
def test_undo_n_refuses_what_it_cannot_take_back(
    line: str, reason: str, runner: CliRunner, data_dir: Path
) -> None:
    lines = ["Ann 1", "Bob 2", "Ann 3", "undo", "fix 1 Ann 2", line, "quit"]
    out = keep(runner, args_of("schnapsen", "u"), lines).output
    assert f"  {reason}" in out and "(type help)" in out
    assert len(saved(data_dir, "u").entries) == 5


def test_undo_n_at_the_end_of_a_game_reopens_it(runner: CliRunner, data_dir: Path) -> None:
    # Ann's 3 + 3 + 1 end the match; the deal typed twice was Ann's second 3.
    lines = ["Ann 3", "Ann 3", "Ann 3", "undo 2", "Bob 2", "Ann 1", "", "quit"]
    args = [*args_of("schnapsen", "u"), "--matches", "1"]
    out = keep(runner, args, lines).output
    assert "undo 2" in out and "  Entry 2 taken back (deal 2, match 1): Ann 3." in out
    session = saved(data_dir, "u")
    assert [(r.scores, r.totals) for r in session.rounds] == [
        ([3, 0], [4, 7]),
        ([3, 0], [1, 7]),
        ([0, 2], [1, 5]),
        ([1, 0], [0, 5]),
    ]
    assert session.finished


def test_every_keep_help_names_undo_n(runner: CliRunner, data_dir: Path) -> None:
    for game in [*TWICE, "iota"]:
        out = keep(runner, args_of(game, game), ["help", "quit"]).output
        assert "undo N" in out, game


#: A correction each game asks about (a later entry no longer fits), and how to start one.
ASKED = {
    "iota": (["--names", "Ann,Bob"], ["Ann 5 5", "Bob 6", "Ann 3"], "undo 2"),
    "schnapsen": (
        ["--names", "Ann,Bob", "--matches", "1"],
        ["Ann 1", "Ann 3", "Ann 2", "Bob 1"],
        "fix 1 Ann 3",
    ),
    "lineit": (
        ["--names", "Ann,Bob"],
        ["line Ann 12 30 45 57", "line Bob 5 6 7 8"],
        "fix 1 line Ann 5 30 45 57",
    ),
}


@pytest.mark.parametrize("game", sorted(ASKED))
@pytest.mark.parametrize("question", ["take back", "new text"])
def test_quit_at_a_corrections_question_cancels_it_and_leaves_saved(
    game: str, question: str, runner: CliRunner, data_dir: Path
) -> None:
    options, entries, correction = ASKED[game]
    asking = [correction, "quit"] if question == "take back" else ["fix 1", "quit"]
    args = [game, "keep", *options, "--session", "q"]
    out = keep(runner, args, [*entries, *asking, "show"]).output
    said = "  Cancelled; nothing changed." if question == "take back" else "  Nothing changed."
    assert ("no longer fits" if question == "take back" else "New text for entry 1") in out
    # Left at once: the line after quit ("show") is never read.
    assert out.split(said)[1].strip() == "Saved. Continue with: cardside sessions resume q"
    assert len(saved(data_dir, "q").entries) == len(entries)  # the correction cancelled


def test_undo_n_names_the_rows_whose_scores_changed_where_rows_are_several_entries(
    runner: CliRunner, data_dir: Path
) -> None:
    """A LinesBeta trick taken back moves every later trick into the round before: the
    rounds whose scores changed are named. Schnapsen's deals only move up: nothing is said."""
    tricks = ["w w l", "w w w w w w w", "w w w w w w", "undo 1", ""]
    out = keep(runner, args_of("linesbeta", "lb"), tricks).output
    assert "  Entry 1 taken back (round 1): w." in out
    assert "  Changed with it: round 3: You 2 (was 3)." in out
    deals = keep(runner, args_of("schnapsen", "s"), ["Ann 1", "Bob 2", "Ann 3", "undo 1", "quit"])
    assert "Entry 1 taken back" in deals.output and "Changed with it" not in deals.output
    # A whole round taken back, the next (typed trick by trick) moving up as it was; a turn
    # taken back, its round losing only it: nothing else changed, nothing is said.
    tricks = [f"{n}C {n + 1}C" for n in range(1, 8, 2)] + [f"{n}H {n + 1}H" for n in range(1, 8, 2)]
    rounds = keep(runner, args_of("octrix", "o"), ["Ann 1 2 3", *tricks, "undo 1", "quit"])
    assert "Entry 1 taken back" in rounds.output and "Changed with it" not in rounds.output
    turns = ["Ann 5", "Bob 6", "Ann 3", "Bob 4", "undo 4", "quit"]
    out = keep(runner, args_of("iota", "i"), turns).output
    assert "Entry 4 taken back" in out and "Changed with it" not in out
    one = keep(runner, args_of("linesbeta", "l1"), ["w", "l", "w", "undo 3", "quit"]).output
    assert "Entry 3 taken back" in one and "Changed with it" not in one


#: Three entries, then entry 1 corrected (entry 4), in every game; the entry as first typed.
FIXED = {
    "octrix": (["Ann 1 2 3", "Bob 4 5", "Ann 6 7", "fix 1 Ann 1 2"], "Ann 1 2 3 Bob 4 5 6 7 8"),
    "iota": (["Ann 8 4 5 lot", "Bob 3 4", "Ann 12", "fix 1 Ann 8 4 lot"], "Ann 8 4 5 lot"),
    "lineit": (
        ["line Ann 12 30 45 57", "jackpot Bob 1", "line Bob 5 6 7 8", "fix 1 line Ann 12 30"],
        "line Ann 12 30 45 57",
    ),
    "schnapsen": (["Ann 1", "Bob 2", "Ann 3", "fix 1 Bob 2"], "Ann 1"),
    "linesbeta": (["w", "l", "w", "fix 1 l"], "w"),
}


@pytest.mark.parametrize("game", sorted(FIXED))
@pytest.mark.parametrize("how", ["undo", "undo 4"])
def test_undo_takes_back_the_last_correction_then_goes_on_to_the_entries(
    game: str, how: str, runner: CliRunner, data_dir: Path
) -> None:
    """The last change was a correction: undo (or undo N naming it) gives the entry back its
    earlier text; a second undo takes back the last entry, not the correction again."""
    lines, first = FIXED[game]
    args = args_of(game, "u")
    keep(runner, args, [*lines, "quit"])
    before = saved(data_dir, "u")
    out = keep(runner, ["sessions", "resume", "u"], [how, "quit"]).output
    assert f"  Correction at entry 4 taken back: entry 1 is {first} again (was " in out
    session = saved(data_dir, "u")
    assert len(session.entries) == 5 and session.entries[-1][corrections.FIXES] == 1
    assert session.entries[-1][corrections.UNDOES] == 4  # marked: written by undo
    force = corrections.in_force(session.entries)
    assert force.numbers == [1, 2, 3]
    assert corrections.content(session.entries[-1]) == session.entries[0]
    shown = runner.invoke(main, ["sessions", "verify", "u"])
    assert shown.exit_code == 0 and shown.exception is None, shown.output
    told = runner.invoke(main, ["sessions", "show", "u"])
    assert told.exit_code == 0 and " and 5 (undo of 4, " in told.output, told.output
    assert [r.scores for r in before.rounds] != [r.scores for r in session.rounds]
    keep(runner, ["sessions", "resume", "u"], ["undo", "quit"])
    again = corrections.in_force(saved(data_dir, "u").entries)
    assert again.numbers == [1, 2], again  # the last entry, not the correction once more
    assert again.entries[0] == session.entries[0]


@pytest.mark.parametrize(
    "lines, line, reason",
    [
        (
            ["Ann 1", "Bob 2", "fix 1 Bob 3", "fix 1 Ann 3"],
            "undo 3",
            "entry 3 corrects entry 1, corrected again since at entry 4: undo 4 takes back "
            "that latest correction",
        ),
        (
            ["Ann 1", "Bob 2", "Ann 3", "undo 2"],
            "undo",
            "the last change was undo 2 (entry 2: Bob 2), which cannot be undone; type that "
            "entry again as a new one, or undo N to take back another entry",
        ),
        (
            ["Ann 3", "Ann 3", "Bob 1", "fix 1 Ann 1", "undo 1"],
            "undo 4",
            "entry 4 corrects entry 1, which was taken back (at entry 5); type it again as a "
            "new entry",
        ),
    ],
)
def test_a_correction_that_cannot_be_undone_says_why(
    lines: list[str], line: str, reason: str, runner: CliRunner, data_dir: Path
) -> None:
    out = keep(runner, args_of("schnapsen", "u"), [*lines, line, "quit"]).output
    assert f"  {reason} (type help)" in out
    assert len(saved(data_dir, "u").entries) == len(lines)


def test_undoing_a_correction_whose_first_text_does_not_read_is_refused_in_one_line(
    runner: CliRunner, data_dir: Path
) -> None:
    """A file edited by hand (its digest made to match) whose corrected-away deal is worth -1:
    the correction's undo would bring it back, so it is refused with the reason, no
    traceback, and the file keeps its entries."""
    import re

    keep(runner, args_of("schnapsen", "h"), ["Ann 2", "Bob 1", "fix 1 Bob 3", "quit"])
    path = store.sessions_dir(data_dir) / "h.toml"
    session = store.load(path)
    session.entries[0]["points"] = -1
    digest = store.entries_digest(session)
    text = path.read_text(encoding="utf-8").replace(
        "winner = 0\npoints = 2", "winner = 0\npoints = -1"
    )
    path.write_text(re.sub(r'entry_digest = "[^"]*"', f'entry_digest = "{digest}"', text))
    out = keep(runner, ["sessions", "resume", "h"], ["fix", "undo 3", "quit"]).output
    assert "  a deal is worth 1 to 3 game points, not -1 (type help)\n" in out
    assert len(store.load(path).entries) == 3


def test_a_correction_that_took_entries_back_is_not_undone(
    runner: CliRunner, data_dir: Path
) -> None:
    # Entry 1 made Ann 3 ends the match at entry 3 (3 + 3 + 1): Bob's 1 after it is taken back.
    lines = ["Ann 2", "Ann 3", "Ann 1", "Bob 1", "fix 1 Ann 3", "take"]
    args = [*args_of("schnapsen", "u"), "--matches", "1"]
    out = keep(runner, args, [*lines, "undo", "quit"]).output
    assert "  Taken back: entry 4." in out
    assert (
        "  the correction at entry 5 took back entry 4 with it, which no undo brings back: "
        "fix 1 to correct entry 1 again, or undo N to take back another entry (type help)" in out
    )
    assert len(saved(data_dir, "u").entries) == 5


def test_corrections_saved_together_are_undone_together(runner: CliRunner, data_dir: Path) -> None:
    """A card wrong in a hand and in the trick that played it: both corrections were saved
    at once, fit only together, and one undo takes both back."""
    hands = ["y", "AC 2C 3C 4C 5C 6C 7C 8C", "AH 2H 3H 4H 5H 6H 7H 8H", "AC AH"]
    fixing = ["fix 1 Ann's hand: AD 2C 3C 4C 5C 6C 7C 8C", "f", "AD AH"]
    out = keep(
        runner,
        ["octrix", "keep", "--names", "Ann,Bob", "--session", "u"],
        [*hands, *fixing, "undo", "quit"],
    ).output
    assert (
        "  Corrections at entries 4 and 5 (saved together) taken back: entry 1 is Ann's hand: "
        "AC 2C 3C 4C 5C 6C 7C 8C again (was Ann's hand: AD 2C 3C 4C 5C 6C 7C 8C); entry 3 is "
        "AC AH again (was AD AH)."
    ) in out
    session = saved(data_dir, "u")
    assert [e.get(corrections.UNDOES) for e in session.entries[-2:]] == [4, 5]
    force = corrections.in_force(session.entries)
    assert force.entries[0] == session.entries[0] and force.entries[2] == session.entries[2]


def test_a_correction_typed_back_to_the_first_text_is_undone_as_any_other(
    runner: CliRunner, data_dir: Path
) -> None:
    lines = ["Ann 1", "Bob 2", "fix 1 Bob 3", "fix 1 Ann 1", "undo", "quit"]
    out = keep(runner, args_of("schnapsen", "u"), lines).output
    assert "  Correction at entry 4 taken back: entry 1 is Bob 3 again (was Ann 1)." in out
    assert corrections.in_force(saved(data_dir, "u").entries).numbers == [1, 2]


def test_the_question_of_an_undone_correction_names_the_undo(
    runner: CliRunner, data_dir: Path
) -> None:
    lines = ["Ann 3", "Ann 3", "Ann 1", "fix 3 Bob 1", "Bob 2", "undo 4", "", "quit"]
    out = keep(runner, [*args_of("schnapsen", "u"), "--matches", "1"], lines).output
    assert "  Without the correction at entry 4, entry 5 no longer fits: the match is" in out
    assert "or cancel undo 4? [take back/cancel]: " in out
    assert len(saved(data_dir, "u").entries) == 5


def test_an_undo_of_corrections_saved_together_asks_about_a_later_entry(
    runner: CliRunner, data_dir: Path
) -> None:
    hands = ["y", "AC 2C 3C 4C 5C 6C 7C 8C", "AH 2H 3H 4H 5H 6H 7H 8H", "8C 8H"]
    fixing = ["fix 1 Ann's hand: AC 2C 3C 4C 5C 6C AD 2D", "f", "2D 8H", "AD 7H"]
    args = ["octrix", "keep", "--names", "Ann,Bob", "--session", "u"]
    out = keep(runner, args, [*hands, *fixing, "undo 4", "take back", "quit"]).output
    assert (
        "  Without the corrections at entries 4 and 5, entry 6 no longer fits: Ann does not "
        "hold AD."
    ) in out
    assert "or cancel the undo? [take back/fix/cancel]: " in out
    session = saved(data_dir, "u")
    assert [e.get(corrections.TOGETHER) for e in session.entries[3:]] == [
        None,
        True,
        None,
        None,
        True,
    ]
    force = corrections.in_force(session.entries)
    assert force.numbers == [1, 2, 3] and force.entries == session.entries[:3]


def test_two_fixes_typed_one_after_the_other_are_undone_one_at_a_time(
    runner: CliRunner, data_dir: Path
) -> None:
    """Typed in the same second (a script) they are still two changes: only corrections
    saved in one save are taken back together."""
    lines = ["Ann 1", "Bob 2", "Ann 3", "fix 1 Bob 1", "fix 3 Bob 3", "undo"]
    out = keep(runner, args_of("schnapsen", "u"), [*lines, "quit"]).output
    assert "  Correction at entry 5 taken back: entry 3 is Ann 3 again (was Bob 3)." in out
    force = corrections.in_force(saved(data_dir, "u").entries)
    assert force.entries[0] == {"type": "result", "winner": 1, "points": 1}


@pytest.mark.parametrize(
    "edit, reason",
    [
        ({"undoes": 1}, "undoes entry 1, which is no earlier correction of the same entry"),
        ({"undoes": 4}, "undoes entry 4, which is no earlier correction of the same entry"),
        ({"undoes": 99}, "undoes entry 99, which is no earlier correction of the same entry"),
        ({"fixes": 2, "undoes": 3}, "undoes entry 3, which is no earlier correction of the same"),
    ],
)
def test_a_file_whose_undo_marks_do_not_hold_is_refused(
    runner: CliRunner, data_dir: Path, edit: dict[str, int], reason: str
) -> None:
    import tomllib

    import tomli_w

    keep(runner, args_of("schnapsen", "u"), ["Ann 1", "Bob 2", "fix 1 Bob 3", "undo", "quit"])
    path = store.sessions_dir(data_dir) / "u.toml"
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    for key in ("entry_count", "entry_digest"):
        doc.pop(key, None)
    entries = doc["entries"]
    assert entries[3].get("undoes") == 3
    entries[3].update(edit)
    path.write_text(tomli_w.dumps(doc), encoding="utf-8")
    result = runner.invoke(main, ["sessions", "verify", "u"])
    assert result.exit_code == 1 and reason in result.output, result.output


def test_corrections_saved_with_an_undo_n_are_not_undone_and_say_why(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``undo N`` whose later entry was fixed at its question saves both together; an undo N
    cannot be undone, so neither is the fix that came with it (before, a KeyError)."""
    from cardside.core.record import Seat
    from cardside.sessions.journal import Journal
    from cardside.tui.console import Console
    from cardside.tui.correcting import Corrector

    journal = Journal.start(
        data_dir,
        game="schnapsen",
        mode="keep",
        seats=[Seat("Ann", "table"), Seat("Bob", "table")],
        options={"matches": 0},
        name="u",
    )
    for winner, points in ((0, 1), (1, 2), (0, 3)):
        journal.append({"type": "result", "winner": winner, "points": points})
    journal.extend(
        [
            {"type": "undo", "fixes": 2},
            {"type": "result", "winner": 1, "points": 1, "fixes": 3, "together": True},
        ]
    )
    fixer = Corrector(Console(interactive=False), journal, str, lambda *a: {})
    # The fix alone does not stand without the undo N saved with it (as in a game where it
    # would not): the two are one change.
    monkeypatch.setattr(sheets, "misfit", lambda *a, **k: sheets.Misfit(3, "it no longer fits"))
    assert fixer.undo_last() is False
    out = capsys.readouterr().out
    assert (
        "the corrections at entries 4 and 5 were saved with undo 2 (entry 4), which cannot be "
        "undone: fix the entries again, or undo N to take back another entry"
    ) in out
    assert len(journal.session.entries) == 5
    journal.close()


def test_undo_n_of_the_first_of_corrections_saved_together_takes_it_alone_when_it_fits(
    runner: CliRunner, data_dir: Path
) -> None:
    """The trick was mended to a card in both hands: the hand's correction alone can go."""
    hands = ["y", "AC 2C 3C 4C 5C 6C 7C 8C", "AH 2H 3H 4H 5H 6H 7H 8H", "AC AH"]
    fixing = ["fix 1 Ann's hand: AD 2C 3C 4C 5C 6C 7C 8C", "f", "2C AH"]
    args = ["octrix", "keep", "--names", "Ann,Bob", "--session", "u"]
    out = keep(runner, args, [*hands, *fixing, "undo 4", "quit"]).output
    assert (
        "  Correction at entry 4 taken back: entry 1 is Ann's hand: AC 2C 3C 4C 5C 6C 7C 8C "
        "again (was Ann's hand: AD 2C 3C 4C 5C 6C 7C 8C)."
    ) in out
    force = corrections.in_force(saved(data_dir, "u").entries)
    assert force.entries[2]["cards"] == "2C AH"  # the trick keeps its correction


@pytest.mark.parametrize(
    "entries, reason",
    [
        (
            [{"type": "result", "winner": 0, "points": 1, "fixes": 2, "together": True}],
            "is marked saved with the entry before it, which is no correction",
        ),
        (
            [{"type": "undo", "fixes": 2, "undoes": 2}],
            "undoes entry 2, which is no earlier correction of the same entry",
        ),
        (
            [
                {"type": "undo", "fixes": 2},
                {"type": "result", "winner": 0, "points": 1, "fixes": 1, "undoes": 4},
            ],
            "undoes entry 4, which is no earlier correction of the same entry",
        ),
    ],
)
def test_marks_a_file_cannot_hold_are_refused(
    entries: list[dict[str, object]], reason: str
) -> None:
    from cardside.core.errors import EntryError

    plain = [{"type": "result", "winner": w, "points": p} for w, p in ((0, 1), (1, 2), (0, 3))]
    with pytest.raises(EntryError, match=reason):
        corrections.in_force([*plain, *entries])
