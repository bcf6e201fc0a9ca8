"""``fix N``: correcting an earlier entry at every keep prompt, and what the file then says."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput

from cardside.cli.main import main
from cardside.core import corrections
from cardside.core.record import Session
from cardside.sessions import sheets, store
from cardside.tui.console import Console
from cardside.tui.keeping import keep_command

TAKE_BACK = "or cancel the correction? [take back/fix/cancel]: "
#: The question where the game was over before the entry: no text of it could stand.
TAKE_BACK_OVER = (
    "taken back; the game was over before), or cancel the correction? [take back/cancel]: "
)


def keep(runner: CliRunner, args: list[str], lines: list[str]) -> Result:
    result = runner.invoke(main, args, input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert result.exception is None
    return result


def saved(data_dir: Path, name: str = "t") -> Session:
    session = store.load(store.sessions_dir(data_dir) / f"{name}.toml")
    sheets.refresh(session)
    return session


OCTRIX = ["octrix", "keep", "--names", "Ann,Bob", "--no-hands", "--session", "t"]
IOTA_GRID = ["iota", "keep", "--names", "Ann,Bob", "--grid", "--session", "t"]
IOTA = ["iota", "keep", "--names", "Ann,Bob", "--session", "t"]
LINEIT = ["lineit", "keep", "--names", "Ann,Bob", "--session", "t"]
SCHNAPSEN = ["schnapsen", "keep", "--names", "Ann,Bob", "--matches", "1", "--session", "t"]
LINESBETA = [
    *("linesbeta", "keep", "--difficulty", "normal", "--short", "--no-grid"),
    *("--session", "t"),
]


# -- a correction that fits ---------------------------------------------------------------


def as_at_a_terminal(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The keep's console taken as a terminal's: each line is read as typed there, the text
    offered for editing kept in front of what is typed (as an uncleared line is); the
    prompts with their offered text are returned for the test to read."""
    from cardside.tui import console

    original = console.Console.__init__
    shown: list[str] = []

    def init(self: console.Console, *, interactive: object = None, width: object = None) -> None:
        original(self, interactive=True, width=None)

    def typed(self: console.Console, prompt: str, words: object, default: str) -> str | None:
        line = console.read_line()
        shown.append(f"{prompt}[{default}]")
        if line is None:
            return None
        line = line.rstrip("\n")
        return line[1:] if line.startswith("+") else default + line

    monkeypatch.setattr(console.Console, "__init__", init)
    monkeypatch.setattr(console.Console, "_ask_terminal", typed)
    return shown


def test_at_a_terminal_a_refused_new_text_is_asked_for_again_offered_to_mend(
    runner: CliRunner, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown = as_at_a_terminal(monkeypatch)
    # Lines starting + replace the offered text; others are typed after it, left in place.
    # A whole entry typed on after the text is offered alone to take (8D 3H after 8C 3H8D
    # 3X); one that does not read is not (8D 3X), nor is a mend (adding a word with its space).
    lines = ["+8C 3H", "+2C 3D", "+fix 1", "8D 3X", "8D 3H", " 4", "+8D 3H", "+quit"]
    out = keep(runner, OCTRIX, lines)
    said = [line.strip() for line in out.output.splitlines()]
    assert any(
        line.endswith("; the line still held the old text: edit it, or clear it first (type help)")
        for line in said
    ), said
    assert any(
        line.endswith(
            "; the line still held the text refused before: offered now is what was typed "
            "after it (type help)"
        )
        for line in said
    ), said
    asked = [p for p in shown if p.startswith("New text for entry 1")]
    assert asked == [
        "New text for entry 1 (Enter or cancel keeps it): [8C 3H]",
        "New text for entry 1 (cancel keeps it): [8C 3H8D 3X]",
        "New text for entry 1 (cancel keeps it): [8D 3H]",
        "New text for entry 1 (cancel keeps it): [8D 3H 4]",
    ]
    assert sum("still held" in line for line in said) == 2
    assert "Entry 1 corrected: 8D 3H (was 8C 3H)." in said
    assert saved(data_dir).entries[-1]["cards"] == "8D 3H"


def test_piped_a_refused_new_text_is_refused_and_the_next_line_is_the_next_entry(
    runner: CliRunner, data_dir: Path
) -> None:
    out = keep(runner, IOTA, ["Ann 8 4", "Bob 5", "fix 1 Ann 8 4 x", "Ann 6", "Bob 7", "quit"])
    said = [line.strip() for line in out.output.splitlines()]
    assert not any(line.startswith("Entry 1 corrected") for line in said)
    assert not any("still held the old text" in line for line in said)
    assert saved(data_dir).totals == [12 + 6, 5 + 7]


def test_octrix_fix_replays_the_later_rounds_and_the_file_keeps_both(
    runner: CliRunner, data_dir: Path
) -> None:
    out = keep(
        runner, OCTRIX, ["Ann 1 2 3", "Ann 4 5 6", "fix 1 Ann 1 2 3 4 5 6 7 8", "quit"]
    ).output
    assert "  Entry 1 (round 1): Ann 1 2 3 Bob 4 5 6 7 8" in out
    assert "  Entry 1 corrected: Ann 1 2 3 4 5 6 7 8 Bob - (was Ann 1 2 3 Bob 4 5 6 7 8)." in out
    session = saved(data_dir)
    assert session.totals == [64 + 9, 13]
    # Append-only: the first round is still in the file, and the correction after it.
    assert session.entries[0]["counting"] == [[1, 2, 3], [4, 5, 6, 7, 8]]
    assert session.entries[2]["fixes"] == 1 and "takes_back" not in session.entries[2]
    assert session.times[2] is not None
    assert [r.corrected for r in session.rounds] == [3, 0]


def test_show_names_every_correction_that_changed_a_row(runner: CliRunner, data_dir: Path) -> None:
    """A round corrected twice (each player's turn once) names both corrections; a round a
    correction changed without holding the entry corrected (a LinesBeta trick typed wrong
    moves the rounds after it) is marked too."""
    lines = ["Ann 8 4 5 lot", "b 6 7", "a 3", "fix 2 Bob 12 9", "fix 1 Ann 8 4 5", "undo 3"]
    keep(runner, IOTA, [*lines, "quit"])
    shown = runner.invoke(main, ["sessions", "show", "t"])
    assert shown.exit_code == 0 and shown.exception is None
    marks = [x for x in shown.output.splitlines() if x.startswith("* corrected: ")]
    assert len(marks) == 1 and marks[0].startswith("* corrected: round 1 by entries 4 (")
    assert " and 5 (" in marks[0]
    data = json.loads(runner.invoke(main, ["sessions", "show", "t", "--json"]).output)
    corrected = data["rounds"][0]["corrected"]
    assert corrected["entry"] == 5 and [c["entry"] for c in corrected["entries"]] == [4, 5]
    tricks = ["w w l", "w w w w w w w", "w w w w w w", "fix 3 w", "take back", ""]
    out = keep(runner, [*LINESBETA[:-2], "--session", "lb"], tricks).output
    assert "Changed with it: round 3: You 2 (was 3)." in out
    table = runner.invoke(main, ["sessions", "show", "lb"]).output.splitlines()
    assert [line.split()[0] for line in table if line[:1].isdigit()] == ["1*", "2", "3*"]
    assert any(line.endswith("round 3 by entry 16 (" + line.split("(")[-1]) for line in table)


def test_a_row_marked_by_a_correction_stays_marked_when_rows_move_up(
    runner: CliRunner, data_dir: Path
) -> None:
    """Deal 5 corrected, then deal 2 taken back: the corrected deal is now deal 4, and it,
    not the deal now fifth, is the one marked."""
    deals = ["Ann 1", "Bob 1"] * 3
    keep(runner, SCHNAPSEN, [*deals, "fix 5 Ann 2", "undo 2", "quit"])
    shown = runner.invoke(main, ["sessions", "show", "t"]).output.splitlines()
    assert [line.split()[1] for line in shown if line[:2] == "1 "] == ["1", "2", "3", "4*", "5"]
    assert [line for line in shown if line.startswith("* corrected")] == [
        next(line for line in shown if line.startswith("* corrected: deal 4 by entry 7 ("))
    ]


def test_show_export_and_verify_of_a_corrected_file(runner: CliRunner, data_dir: Path) -> None:
    keep(runner, OCTRIX, ["Ann 1 2 3", "Ann 4 5 6", "fix 1 Ann 1 2 3 4 5 6 7 8", "quit"])
    shown = runner.invoke(main, ["sessions", "show", "t"])
    assert shown.exit_code == 0 and shown.exception is None
    table = shown.output.splitlines()
    assert [line.split()[0] for line in table if line[:2] in ("1*", "2 ")] == ["1*", "2"]
    assert any(line.startswith("* corrected: round 1 by entry 3 (") for line in table)
    data = json.loads(runner.invoke(main, ["sessions", "show", "t", "--json"]).output)
    first, second = data["rounds"]
    assert first["scores"] == [64, 0] and first["corrected"]["entry"] == 3
    assert first["corrected"]["time"] and "corrected" not in second
    assert data["entries"][2]["fixes"] == 1
    rows = list(
        csv.DictReader(io.StringIO(runner.invoke(main, ["sessions", "export", "t"]).output))
    )
    assert [(r["round"], r["score"], bool(r["corrected"])) for r in rows] == [
        ("1", "64", True),
        ("1", "0", True),
        ("2", "9", False),
        ("2", "13", False),
    ]
    page = runner.invoke(main, ["sessions", "export", "t", "--format", "html"])
    assert page.exit_code == 0 and page.exception is None
    assert "<p>* corrected: round 1 by entry 3 (" in page.output
    assert '<td class="n">1*</td>' in page.output and '<td class="n">2</td>' in page.output
    assert (
        "corrected"
        not in runner.invoke(
            main, ["sessions", "export", "--all", "--format", "html"]
        ).output.split('<h2 id="sessions">')[0]
    )
    verified = runner.invoke(main, ["sessions", "verify", "t"])
    assert verified.exit_code == 0 and verified.exception is None
    assert verified.output.startswith("ok")


def test_a_corrected_file_reads_back_as_it_was_written(runner: CliRunner, data_dir: Path) -> None:
    keep(runner, LINESBETA, ["round 3 3", "round 4 2", "round 5 1", "fix 1 round 6 0", "t", "quit"])
    path = store.sessions_dir(data_dir) / "t.toml"
    session = store.load(path)
    again = store.from_document(store.parse(store.dumps(session).encode()), "again")
    assert again.entries == session.entries
    assert session.entries[3] == {"type": "round", "player": 6, "grid": 0, "fixes": 1} | {
        "takes_back": [3]
    }
    force = corrections.in_force(session.entries)
    assert force.numbers == [1, 2] and force.taken_back == {3: 4} and force.fixed == {1: 4}


# -- a correction after which a later entry no longer fits --------------------------------

# Per game: the keep, the entries, the correction, the entry that no longer fits and why.
MISFITS: dict[str, tuple[list[str], list[str], str, int, str]] = {
    "octrix": (
        OCTRIX,
        ["Ann 1 2 3", "Ann 1 2 3", "Ann 1 2 3"],
        "fix 1 Bob 1 2 3 4 5 6 7 8",
        3,
        "the game ended with round 2 (Bob 89)",
    ),
    "iota": (
        IOTA_GRID,
        ["RC2", "Ann GT2 -2,0 BX2 -1,0", "Bob GC3 0,-1 YC1 0,1", "Ann YS2 1,0 RT3 1,1"],
        "fix 2 Ann GT2 1,0 BX2 2,0",
        4,
        "1,0 already holds GT2",
    ),
    "lineit": (
        LINEIT,
        ["line Ann 12 30 45 57", "line Bob 5 6 7 8"],
        "fix 1 line Ann 5 30 45 57",
        2,
        "5 is already in a scored line (Ann's)",
    ),
    "schnapsen": (
        SCHNAPSEN,
        ["Ann 1", "Ann 3", "Ann 2", "Bob 1"],
        "fix 1 Ann 3",
        4,
        "the match is already won",
    ),
    "linesbeta": (
        LINESBETA,
        ["round 3 3", "round 4 2", "round 5 1"],
        "fix 1 round 6 0",
        3,
        "5-1 cannot be a whole round",
    ),
}


#: Where the correction ends the game before the entry that no longer fits.
GAME_OVER = {"octrix", "schnapsen"}


@pytest.mark.parametrize("game", sorted(MISFITS))
def test_a_later_entry_that_no_longer_fits_is_kept_on_cancel(
    game: str, runner: CliRunner, data_dir: Path
) -> None:
    args, entries, fix, late, why = MISFITS[game]
    out = keep(runner, args, [*entries, fix, "cancel", "quit"]).output
    assert f"  With this correction, entry {late} no longer fits: {why}" in out
    question = TAKE_BACK_OVER if game in GAME_OVER else TAKE_BACK
    if game == "schnapsen":  # a session of matches ends with its last one
        question = question.replace("the game was over", "the last match was over")
    assert question in out and "  Cancelled; nothing changed." in out
    session = saved(data_dir)
    assert len(session.entries) == len(entries)
    assert not corrections.has_corrections(session.entries)


@pytest.mark.parametrize("game", sorted(MISFITS))
def test_a_later_entry_that_no_longer_fits_is_taken_back_on_the_word(
    game: str, runner: CliRunner, data_dir: Path
) -> None:
    args, entries, fix, late, why = MISFITS[game]
    over = game in GAME_OVER
    lines = [*entries, fix, "maybe", *(["fix"] if over else []), "help", "take back", "quit"]
    out = keep(runner, args, lines).output
    if over:
        # The game was over before the entry: fix is not offered, and said why.
        answer = (
            "answer take back (or t) or cancel (or c); Enter cancels; show lists the entries "
            "(type help)"
        )
        over = "the last match" if game == "schnapsen" else "the game"
        assert f"  no text of entry {late} can mend it: {over} was over before it; take" in out
    else:
        answer = (
            "answer take back (or t), fix (or f) or cancel (or c); Enter cancels; show lists "
            "the entries (type help)"
        )
    assert f"  {answer}" in out
    assert "  take back (or t): the entries named are taken back with the change" in out
    session = saved(data_dir)
    # A game that the correction ended takes nothing more: nothing to type again.
    again = "" if session.finished else "; type again what still stands"
    assert f"  Taken back: entry {late}{again}." in out
    assert len(session.entries) == len(entries) + 1
    last = session.entries[-1]
    assert last["takes_back"] == [late] and last["fixes"] == int(fix.split()[1])
    force = corrections.in_force(session.entries)
    assert late not in force.numbers and force.taken_back[late] == len(session.entries)
    # The entry taken back stays in the file as it was typed.
    assert "fixes" not in session.entries[late - 1]
    assert session.entries[late - 1]["type"] == session.entries[late - 2]["type"]
    assert sheets.mismatches(session) == []


OCTRIX_HANDS = ["octrix", "keep", "--names", "Ann,Bob", "--hands", "--session", "t"]
HANDS = ["AC 2C 3C 4C 5C 6C 7C 8C", "AH 2H 3H 4H 5H 6H 7H 8H", "AC AH", "2C 2H", "3C 3H"]
#: A correction, the later entry it makes misfit, and that entry's new text.
FIXED_TOO: dict[str, tuple[list[str], list[str], str, int, str]] = {
    # A card typed wrong in a hand and in the trick that played it.
    "octrix": (OCTRIX_HANDS, HANDS, "fix 1 AC 2S 3C 4C 5C 6C 7C 8C", 4, "2S 2H"),
    "lineit": (LINEIT, MISFITS["lineit"][1], MISFITS["lineit"][2], 2, "line Bob 6 7 8 9"),
}


@pytest.mark.parametrize("game", sorted(FIXED_TOO))
def test_a_later_entry_that_no_longer_fits_can_be_fixed_with_it(
    game: str, runner: CliRunner, data_dir: Path
) -> None:
    args, entries, fix, late, text = FIXED_TOO[game]
    out = keep(runner, args, [*entries, fix, "fix", text, "quit"]).output
    assert TAKE_BACK in out
    assert f"  Entry {late} corrected: {text} (was " in out
    session = saved(data_dir)
    # Both corrections, each naming its entry, nothing taken back.
    assert len(session.entries) == len(entries) + 2
    assert [e["fixes"] for e in session.entries[-2:]] == [int(fix.split()[1]), late]
    assert not any("takes_back" in e for e in session.entries)
    force = corrections.in_force(session.entries)
    assert force.numbers == list(range(1, len(entries) + 1))
    assert sheets.mismatches(session) == []
    verified = runner.invoke(main, ["sessions", "verify", "t"])
    assert verified.exit_code == 0 and verified.exception is None, verified.output


def test_the_octrix_hand_and_trick_fixed_together_play_on(
    runner: CliRunner, data_dir: Path
) -> None:
    """After the two corrections the round goes on from the corrected hand."""
    lines = [*HANDS, "fix 1 AC 2S 3C 4C 5C 6C 7C 8C", "f", "2S 2H", "show", "4C 4H", "quit"]
    out = keep(runner, OCTRIX_HANDS, lines).output
    assert "  trick 2 (lowest wins): Ann 2♠, Bob 2♥ → Bob" in out
    assert "Trick 4: Ann 4♣, Bob 4♥" in out
    assert len(saved(data_dir).entries) == len(HANDS) + 3


def test_a_fix_of_the_later_entry_that_misfits_further_on_asks_again(
    runner: CliRunner, data_dir: Path
) -> None:
    """Two cards wrong in the hand: the second trick that played one is asked about next."""
    lines = [*HANDS, "fix 1 AC 2S 3S 4C 5C 6C 7C 8C", "fix", "2S 2H", "t", "quit"]
    out = keep(runner, OCTRIX_HANDS, lines).output
    assert "  With entry 4 corrected too, entry 5 no longer fits: Ann does not hold 3C." in out
    assert "  Entry 4 corrected: 2S 2H (was 2C 2H)." in out
    assert "  Taken back: entry 5; type again what still stands." in out
    session = saved(data_dir)
    assert [e.get("fixes") for e in session.entries[-2:]] == [1, 4]
    assert session.entries[-1]["takes_back"] == [5]
    assert corrections.in_force(session.entries).numbers == [1, 2, 3, 4]
    assert sheets.mismatches(session) == []


def test_piped_the_later_entry_s_refused_text_cancels_and_the_next_line_is_the_next_entry(
    runner: CliRunner, data_dir: Path
) -> None:
    """As at the first prompt: a script's next line is its next entry, so a refused new text
    of the later entry cancels the whole correction (the hand is not saved without the
    trick); help there helps and asks again."""
    lines = [*HANDS, "fix 1 AC 2S 3C 4C 5C 6C 7C 8C", "fix", "help", "2D 2H", "4C 4H"]
    out = keep(runner, OCTRIX_HANDS, [*lines, "quit"]).output
    assert "  entry 4 no longer fits: type its new text as at the keep prompt (it was: 2C 2H)" in (
        out
    )
    assert out.count("New text for entry 4 (Enter or cancel cancels the correction): ") == 2
    assert (
        "  Ann does not hold 2D (type help)\n"
        "  (piped input: a refused text is not asked for again; the correction goes)\n"
        "  Cancelled; nothing changed.\n"
    ) in out
    session = saved(data_dir)
    assert not corrections.has_corrections(session.entries)
    assert len(session.entries) == len(HANDS) + 1
    assert session.entries[-1]["cards"] == "4C 4H"


def test_at_a_terminal_the_later_entry_s_refused_text_is_offered_to_mend(
    runner: CliRunner, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As at the first prompt: the text refused is offered again (Enter on it is refused
    again, not a cancel), and a whole entry typed on after it is offered alone."""
    shown = as_at_a_terminal(monkeypatch)
    typed = ["+" + line for line in [*HANDS, "fix 1 AC 2S 3C 4C 5C 6C 7C 8C", "fix", "2D 2H"]]
    lines = [*typed, "", "2S 2H", "", "+quit"]
    out = keep(runner, OCTRIX_HANDS, lines)
    said = [line.strip() for line in out.output.splitlines()]
    asked = [p for p in shown if p.startswith("New text for entry 4")]
    assert asked == [
        "New text for entry 4 (Enter or cancel cancels the correction): [2C 2H]",
        "New text for entry 4 (cancel cancels the correction): [2D 2H]",
        "New text for entry 4 (cancel cancels the correction): [2D 2H]",
        "New text for entry 4 (cancel cancels the correction): [2S 2H]",
    ], asked
    assert said.count("Ann does not hold 2D (type help)") == 2, said
    assert any(line.endswith("offered now is what was typed after it (type help)") for line in said)
    assert "Entry 4 corrected: 2S 2H (was 2C 2H)." in said
    assert corrections.in_force(saved(data_dir).entries).numbers == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("answer", ["2C 2H", "2C 2Hcancel", "2C 2H cancel"])
def test_the_old_text_left_as_offered_cancels(
    answer: str, runner: CliRunner, data_dir: Path
) -> None:
    """At a terminal the old text is offered for editing: Enter on it, or cancel typed after
    it, cancels rather than asking again for ever."""
    lines = [*HANDS, "fix 1 AC 2S 3C 4C 5C 6C 7C 8C", "fix", answer, "quit"]
    out = keep(runner, OCTRIX_HANDS, lines).output
    assert out.count("New text for entry 4 (Enter or cancel cancels the correction): ") == 1
    assert "  Cancelled; nothing changed." in out
    assert not corrections.has_corrections(saved(data_dir).entries)
    # The old text kept, the correction goes with the reason it could not stand.
    same = "  Entry 4 as it is does not fit: Ann does not hold 2C." in out
    assert same == (answer == "2C 2H")


def test_a_word_at_the_octrix_new_text_prompt_is_no_card_as_at_the_keep_prompt(
    runner: CliRunner, data_dir: Path
) -> None:
    lines = [*HANDS, "fix 1 AC 2S 3C 4C 5C 6C 7C 8C", "fix", "hello", "", "fix 3 hello", "quit"]
    out = keep(runner, OCTRIX_HANDS, lines).output
    assert out.count("  not a card: hello (cards look like 8C, AH) (type help)") == 2
    assert "is not a rank" not in out


def test_an_entry_corrected_before_says_its_row_and_the_correction_in_one_bracket(
    runner: CliRunner, data_dir: Path
) -> None:
    lines = ["Ann 5", "Bob 4", "fix 1 Ann 6", "fix 1", "", "quit"]
    out = keep(runner, ["iota", "keep", "--names", "Ann,Bob", "--session", "t"], lines).output
    assert "  Entry 1 (round 1, corrected at entry 3): Ann 6" in out


def test_quit_at_the_later_entry_s_new_text_cancels_and_leaves(
    runner: CliRunner, data_dir: Path
) -> None:
    lines = [*HANDS, "fix 1 AC 2S 3C 4C 5C 6C 7C 8C", "fix", "quit", "2C 2H"]
    out = keep(runner, OCTRIX_HANDS, lines).output
    assert "  Cancelled; nothing changed." in out
    assert "Saved. Continue with: cardside sessions resume t" in out
    assert "2C 2H" not in out.split("Saved.")[-1]
    assert len(saved(data_dir).entries) == len(HANDS)


def test_end_of_input_at_the_question_cancels(runner: CliRunner, data_dir: Path) -> None:
    args, entries, fix, _, _ = MISFITS["lineit"]
    out = keep(runner, args, [*entries, fix]).output
    assert TAKE_BACK in out and "  Cancelled; nothing changed." in out
    assert not corrections.has_corrections(saved(data_dir).entries)


def test_a_taken_back_entry_can_be_typed_again(runner: CliRunner, data_dir: Path) -> None:
    args, entries, fix, _, _ = MISFITS["lineit"]
    keep(runner, args, [*entries, fix, "t", "line Bob 6 7 8 9", "quit"])
    session = saved(data_dir)
    assert [r.number for r in session.rounds] == [1, 4]
    assert session.rounds[0].corrected == 3


# -- every keep, and resume ---------------------------------------------------------------

FITS: dict[str, tuple[list[str], list[str], str, list[int]]] = {
    "octrix": (OCTRIX, ["Ann 1 2 3"], "fix 1 Ann 1 2 3 4", [16, 16]),
    "iota": (IOTA, ["Ann 5 5", "Bob 6"], "fix 2 Bob 9 lot", [10, 18]),
    "lineit": (LINEIT, ["line Ann 12 30 45 57"], "fix 1 line Ann 12 30 45 60", [1, 0]),
    "schnapsen": (SCHNAPSEN, ["Ann 1"], "fix 1 Bob 2", [0, 0]),
    "linesbeta": (LINESBETA, ["round 3 3"], "fix 1 round 4 2", [4, 2]),
}


@pytest.mark.parametrize("game", sorted(FITS))
def test_fix_in_every_keep_and_in_a_resumed_session(
    game: str, runner: CliRunner, data_dir: Path
) -> None:
    args, entries, fix, totals = FITS[game]
    keep(runner, args, [*entries, "quit"])
    out = keep(runner, ["sessions", "resume", "t"], ["help", fix, "quit"]).output
    assert "fix N" in out  # the help names it
    assert f"  Entry {fix.split()[1]} corrected: " in out
    session = saved(data_dir)
    assert session.totals == totals
    assert session.entries[-1]["fixes"] == int(fix.split()[1])


@pytest.mark.parametrize("game", sorted(FITS))
def test_fix_asks_for_the_new_text_on_the_next_line(
    game: str, runner: CliRunner, data_dir: Path
) -> None:
    args, entries, fix, totals = FITS[game]
    number, text = fix.split(maxsplit=2)[1:]
    out = keep(runner, args, [*entries, f"fix {number}", text, "quit"]).output
    assert f"New text for entry {number} (Enter or cancel keeps it): {text}" in out
    assert saved(data_dir).totals == totals


# -- what fix refuses ---------------------------------------------------------------------


def test_fix_refuses_what_it_cannot_correct(runner: CliRunner, data_dir: Path) -> None:
    out = keep(
        runner,
        IOTA,
        [
            "fix",  # nothing entered yet
            "Ann 5",
            "Bob 6",
            "undo",  # entry 3 takes entry 2 back
            "Bob 7",  # entry 4
            "fix 2 Bob 8",
            "fix 3 Bob 8",
            "fix 0",
            "fix 999",
            "fix abc",
            "fix -1",
            "fix 99999999999999999999",
            "fix 4 Bob 8 8 x",
            "fix 4 Bob 7",
            "fix 4",
            "",
            "fix 4",
            "cancel",
            "fix 1 Ann 6",  # entry 5
            "fix 5 Ann 7",
            "fix",
            "quit",
        ],
    ).output
    said = [line.strip() for line in out.splitlines()]
    for reason in [
        "nothing to fix yet (type help)",
        "entry 2 was taken back (at entry 3); type it again as a new entry (type help)",
        "entry 3 is an undo; fix the entries in effect (type help)",
        "there is no entry 0: the entries are numbered 1 to 4 (type help)",
        "there is no entry 999: the entries are numbered 1 to 4 (type help)",
        "there is no entry that large: the entries are numbered 1 to 4 (type help)",
        "Entry 4 is unchanged.",
        "Nothing changed.",
        "entry 5 corrects entry 1: fix 1 instead (type help)",
    ]:
        assert reason in said, reason
    usage = "fix takes an entry's number: fix 3, or fix 3 and its new text (type help)"
    assert said.count(usage) == 2  # abc and -1; a number of 20 digits is a number
    assert said.count("Nothing changed.") == 2  # Enter, and cancel
    assert any("'x'" in line and line.endswith("(type help)") for line in said)
    # fix alone lists the entries in effect with their numbers.
    assert "1  Ann 6 (round 1)  (corrected at entry 5)" in said and "4  Bob 7 (round 1)" in said
    session = saved(data_dir)
    assert len(session.entries) == 5 and session.totals == [6, 7]


def test_fix_after_the_game_is_over_goes_on_where_it_took_back(
    runner: CliRunner, data_dir: Path
) -> None:
    """The closing prompt takes fix too; a correction that reopens the game goes on."""
    args, entries, fix, _, _ = MISFITS["octrix"]
    out = keep(runner, args, [*entries, "Ann 1 2 3", fix, "t", "quit"]).output
    assert "fix N to correct entry N," in out
    assert saved(data_dir).status == "finished"  # the correction ended it at entry 2
    out = keep(runner, ["sessions", "resume", "t"], ["fix 1 Ann 1 2 3", "quit"]).output
    assert "Entry 1 corrected" in out and "Round 3, trick 1" in out
    session = saved(data_dir)
    assert session.status == "in progress" and session.totals == [18, 50]


def test_keep_command_hands_fix_its_number_and_a_player_named_fix_enters() -> None:
    fixed: list[str] = []
    said: list[str] = []

    def run(line: str, names: tuple[str, ...] = ()) -> str | None:
        return keep_command(
            line,
            help=lambda: None,
            show=lambda: None,
            undo=lambda: None,
            say=said.append,
            names=names,
            fix=fixed.append,
        )

    assert run("fix 3 Ann 8") == run("FIX") == "handled"
    assert fixed == ["3 Ann 8", ""] and said == []
    assert run("Fix 3", ("Fix", "Bob")) is None  # a player of a file kept before the word


# -- files that say more than they can hold -----------------------------------------------


def _file_with(data_dir: Path, runner: CliRunner, extra: list[dict[str, Any]]) -> Path:
    keep(runner, OCTRIX, ["Ann 1 2 3", "Ann 4 5 6", "undo", "quit"])
    path = store.sessions_dir(data_dir) / "t.toml"
    session = store.load(path)
    session.entries += extra
    path.write_text(store.dumps(session), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("extra", "problem"),
    [
        ([{"type": "round", "counting": [[1], [2, 3, 4, 5, 6, 7, 8]], "fixes": 2}], "entry 4"),
        ([{"type": "round", "counting": [[1], [2, 3, 4, 5, 6, 7, 8]], "fixes": 9}], "entry 4"),
        (
            [
                {"type": "round", "counting": [[1], [2, 3, 4, 5, 6, 7, 8]], "fixes": 1}
                | {"takes_back": [1]}
            ],
            "entry 4",
        ),
        ([{"type": "undo", "fixes": 2}], "entry 4"),  # undo 2 of an entry already undone
        ([{"type": "round", "counting": [[9], []], "fixes": 1}], "entry 4"),
    ],
)
def test_a_correction_the_file_cannot_hold_is_named(
    extra: list[dict[str, Any]], problem: str, runner: CliRunner, data_dir: Path
) -> None:
    _file_with(data_dir, runner, extra)
    for command in (["sessions", "verify", "t"], ["sessions", "show", "t"]):
        result = runner.invoke(main, command)
        assert result.exit_code != 0 and not isinstance(result.exception, AssertionError)
        assert problem in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("name", ["Fix", "Undo"])
@pytest.mark.parametrize(
    ("args", "line", "scores"),
    [(SCHNAPSEN, "{} 2", [2, 0]), (OCTRIX, "{} 1 2 3", [9, 25]), (IOTA, "{} 7", [7, 0])],
)
def test_a_player_named_by_a_command_word_in_an_older_file_still_enters(
    name: str, args: list[str], line: str, scores: list[int], runner: CliRunner, data_dir: Path
) -> None:
    keep(runner, args, ["quit"])
    path = store.sessions_dir(data_dir) / "t.toml"
    text = path.read_text(encoding="utf-8").replace('"Ann"', f'"{name}"')
    path.write_text(text, encoding="utf-8")
    # The name and more is the player's entry; the command word alone is still the command.
    out = keep(runner, ["sessions", "resume", "t"], [line.format(name), name.lower(), "quit"])
    session = saved(data_dir)
    assert session.player_names[0] == name
    if name == "Fix":  # fix alone lists the entries
        assert len(session.entries) == 1 and "  The entries in effect:" in out.output
        assert session.rounds[0].scores == scores
    else:  # undo alone took the entry back
        assert [e["type"] for e in session.entries][-1] == "undo"
    assert not corrections.has_corrections(session.entries)
    assert "takes nothing after it" not in out.output


# -- at a terminal: the old text is offered for editing -----------------------------------


@pytest.fixture
def keys() -> Iterator[PipeInput]:
    """Keys for the terminal prompts of a test, as if typed."""
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        yield pipe


def test_at_a_terminal_the_old_text_is_offered_for_editing(
    keys: PipeInput, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from cardside.core.record import Seat
    from cardside.sessions.journal import Journal
    from cardside.tui.correcting import Corrector
    from cardside.tui.iota.keep import entry_text, read_entry

    names = ["Ann", "Bob"]
    with Journal.start(
        data_dir,
        game="iota",
        mode="keep",
        seats=[Seat(n, "table") for n in names],
        options={"grid": False},
    ) as journal:
        journal.append({"type": "turn", "seat": 0, "lines": [5, 5], "lots": 0})
        journal.append({"type": "turn", "seat": 1, "lines": [9], "lots": 0})
        # A backspace takes the 9 off the offered "Bob 9"; then 7 and Enter.
        keys.send_text("\x7f7\r")
        console = Console(interactive=True)
        done = Corrector(console, journal, lambda e: entry_text(e, names), read_entry).fix("2")
        assert done and journal.session.totals == [10, 7]
    assert "Entry 2 corrected: Bob 7 (was Bob 9)." in capsys.readouterr().out


def test_a_corrected_deal_number_lines_up_with_the_others(
    runner: CliRunner, data_dir: Path
) -> None:
    """Schnapsen's deal column comes after the match column and is right-aligned: ``3*`` keeps
    its digit under the other deals' digits, the star hanging to their right."""
    lines = ["Ann 2", "Bob 1", "Ann 3", "Bob 2", "fix 3 Bob 3", "quit"]
    keep(runner, ["schnapsen", "keep", "--names", "Ann,Bob", "--session", "t"], lines)
    shown = runner.invoke(main, ["sessions", "show", "t"])
    assert shown.exit_code == 0 and shown.exception is None
    rows = [line for line in shown.output.splitlines() if line[:1] == "1" and "entered" in line]
    column = rows[0].index("1", 1)
    assert [row[column] for row in rows] == ["1", "2", "3", "4"]
    assert rows[2][column + 1] == "*"


def test_two_entries_to_take_back_are_named_as_two(runner: CliRunner, data_dir: Path) -> None:
    entries = ["line Ann 12 30 45 57", "line Bob 5 6 7 8", "line Bob 1 2 3"]
    out = keep(runner, LINEIT, [*entries, "fix 1 line Ann 5 30 45 57", "t", "quit"]).output
    assert "Take back entries 2 and 3 (they stay in the file" in out
    assert "  Taken back: entries 2 and 3; type again what still stands." in out


@pytest.mark.parametrize(
    "args", [OCTRIX, IOTA, IOTA_GRID, LINEIT, SCHNAPSEN, LINESBETA], ids=lambda a: " ".join(a[:4])
)
def test_every_keep_help_names_fix_and_that_quit_saves(
    args: list[str], runner: CliRunner, data_dir: Path
) -> None:
    out = keep(runner, args, ["help", "quit"]).output
    commands = one_line_with(out, "  commands: ")
    assert "fix N (correct entry N" in commands and "quit (saved), help" in commands
    assert "rules (the rules page)" in commands


def one_line_with(text: str, start: str) -> str:
    found = [line for line in text.splitlines() if line.startswith(start)]
    assert len(found) == 1, text
    return found[0]


def test_an_octrix_hand_is_named_by_whose_it_is_and_fixed_from_the_text_offered(
    runner: CliRunner, data_dir: Path
) -> None:
    args = ["octrix", "keep", "--names", "Ann,Bob", "--hands", "--session", "t"]
    hands = ["AC 2C 3C 4C 5C 6C 7C 8C", "AH 2H 3H 4H 5H 6H 7H 8H", "AC AH"]
    # The text offered for editing (whose hand, then its cards) is read back as typed.
    fixed = "fix 2 Bob's hand: AH 2H 3H 4H 5H 6H 7H 8D"
    out = keep(runner, args, [*hands, "fix", fixed, "fix 1 AC 2C 3C 4C 5C 6C 7C 8S", "quit"])
    said = [line.strip() for line in out.output.splitlines()]
    assert "1  Ann's hand: AC 2C 3C 4C 5C 6C 7C 8C (the round under way)" in said
    assert "2  Bob's hand: AH 2H 3H 4H 5H 6H 7H 8H (the round under way)" in said
    assert "Entry 2 (the round under way): Bob's hand: AH 2H 3H 4H 5H 6H 7H 8H" in said
    session = saved(data_dir)
    assert [e["cards"] for e in session.entries[-2:]] == [
        "AH 2H 3H 4H 5H 6H 7H 8D",
        "AC 2C 3C 4C 5C 6C 7C 8S",
    ]
    assert [e["fixes"] for e in session.entries[-2:]] == [2, 1]


@pytest.mark.parametrize("args", [IOTA, IOTA_GRID], ids=["sheet", "grid"])
def test_an_iota_fix_naming_another_player_says_the_turn_stays_whose_it_was(
    args: list[str], runner: CliRunner, data_dir: Path
) -> None:
    if args is IOTA:
        entries, fix = ["Ann 5 5", "Bob 6", "Ann 3"], "fix 2 Ann 9"
    else:
        entries = ["RC2", "Ann GT2 -2,0 BX2 -1,0", "Bob GC3 0,-1 YC1 0,1"]
        fix = "fix 3 Ann GC3 0,-1 YC1 0,1"
    said = [
        line.strip() for line in keep(runner, args, [*entries, fix, "quit"]).output.splitlines()
    ]
    assert (
        "that entry is Bob's turn, not Ann's: a correction keeps whose turn it was (type help)"
        in said
    )
    assert not any("undo to correct an earlier entry" in line for line in said)
    assert not corrections.has_corrections(saved(data_dir).entries)


def test_a_correction_later_undone_sends_the_keeper_to_type_it_again(
    runner: CliRunner, data_dir: Path
) -> None:
    """fix, then undo, then fix: the corrected entry is no longer in effect, so neither its
    number nor the correction's sends the keeper round in a circle."""
    entries = ["line Ann 12 30 45 57", "line Bob 5 6 7 8", "line Bob 1 2 3"]
    lines = [*entries, "fix 1 line Ann 5 30 45 57", "t", "undo 1"]
    out = keep(runner, LINEIT, [*lines, "fix 1 x", "fix 4 x", "fix", "quit"]).output
    said = [line.strip() for line in out.splitlines()]
    assert "entry 1 was taken back (at entry 5); type it again as a new entry (type help)" in said
    assert (
        "entry 4 corrects entry 1, which was taken back (at entry 5); "
        "type it again as a new entry (type help)"
    ) in said
    assert not any("fix 1 instead" in line for line in said)
    assert "nothing to fix: no entry is in effect (type help)" in said


def test_show_says_why_rows_skip_numbers_after_a_correction_took_entries_back(
    runner: CliRunner, data_dir: Path
) -> None:
    entries = ["line Ann 12 30 45 57", "line Bob 5 6 7 8", "line Bob 1 2 3 4"]
    keep(runner, LINEIT, [*entries, "fix 1 line Ann 5 30 45 57", "t", "line Bob 6 7 8 9", "quit"])
    shown = runner.invoke(main, ["sessions", "show", "t"])
    assert shown.exit_code == 0 and shown.exception is None
    assert [line.split()[0] for line in shown.output.splitlines()[6:8]] == ["1*", "5"]
    assert (
        "(rows are numbered by entry in the file, as verify and fix name them: entries undone "
        "or taken back, undos and corrections keep their numbers)"
    ) in shown.output


@pytest.mark.parametrize("game", sorted(FITS))
def test_what_was_corrected_is_said_below_the_redrawn_sheet(
    game: str, runner: CliRunner, data_dir: Path
) -> None:
    """On a short terminal a long sheet (IOTA's grid) would push the line saying what was
    corrected out of sight: it comes after the sheet, just above the next prompt."""
    args, entries, fix, _ = FITS[game]
    lines = keep(runner, args, [*entries, fix, "quit"]).output.splitlines()
    at = next(
        i
        for i, line in enumerate(lines)
        if line.startswith(f"  Entry {fix.split()[1]} corrected: ")
    )
    assert lines[at + 1].endswith(": quit"), lines[at:]


def test_what_was_taken_back_is_said_below_the_redrawn_sheet(
    runner: CliRunner, data_dir: Path
) -> None:
    args, entries, fix, late, _ = MISFITS["iota"]
    lines = keep(runner, args, [*entries, fix, "t", "quit"]).output.splitlines()
    at = lines.index(f"  Taken back: entry {late}; type again what still stands.")
    assert lines[at - 1].startswith("  Entry 2 corrected: ")
    assert lines[at + 1].endswith(": quit"), lines[at:]


@pytest.mark.parametrize(
    "entries, fix, reason",
    [
        # Trick 1 made a whole round would push tricks 2 to 7 into round 2 (12 tricks of 7).
        (["w l w w l w", "w"], "fix 1 round 5 1", "a trick stays a trick: fix it as w or l"),
        (["w"], "fix 1 5-1", "a trick stays a trick: fix it as w or l"),
        (["round 4 2", "w"], "fix 1 w", "a round stays a round: fix it as round YOURS GRID"),
        (["round 4 2", "w"], "fix 1 show", "a round stays a round: fix it as round YOURS GRID"),
    ],
)
def test_a_linesbeta_trick_is_fixed_as_a_trick_and_a_round_as_a_round(
    entries: list[str], fix: str, reason: str, runner: CliRunner, data_dir: Path
) -> None:
    out = keep(runner, LINESBETA, [*entries, fix, "quit"]).output
    assert f"  {reason}" in out
    session = saved(data_dir)
    assert not corrections.has_corrections(session.entries)
    assert len(session.entries) == sum(len(e.split()) if "round" not in e else 1 for e in entries)


def test_fix_says_which_row_of_the_sheet_each_entry_went_into(
    runner: CliRunner, data_dir: Path
) -> None:
    # Entry 1 was undone (entry 2): deal 1 is entry 3, as fix alone and fix 3 both say.
    lines = ["Ann 1", "undo", "Bob 1", "Ann 2", "fix", "fix 3 Ann 3", "quit"]
    said = [line.strip() for line in keep(runner, SCHNAPSEN, lines).output.splitlines()]
    assert "3  Bob 1 (deal 1, match 1)" in said and "4  Ann 2 (deal 2, match 1)" in said
    assert "Entry 3 (deal 1, match 1): Bob 1" in said
    said = keep(runner, [*OCTRIX[:-1], "o"], ["8C 3H", "fix 1", "cancel", "quit"]).output
    assert "  Entry 1 (the round under way, trick 1): 8C 3H" in said
    # A trick is named by its place in the round, whatever number its entry has: a correction
    # takes a number too.
    typed = ["8C 3H", "2C 3D", "fix 2 2C 4D", "7H 7D", "fix", "quit"]
    listed = keep(runner, [*OCTRIX[:-1], "p"], typed).output.splitlines()
    assert "      4  7H 7D (the round under way, trick 3)" in listed
    said = keep(runner, [*IOTA[:-1], "i"], ["Ann 5 5", "Bob 6", "Ann 3", "fix", "quit"]).output
    assert "      3  Ann 3 (round 2)" in said.splitlines()
    # Line-it's rows are its entries: nothing to add.
    said = keep(runner, [*LINEIT[:-1], "l"], ["line Ann 12 30 45 57", "fix", "quit"]).output
    assert "      1  line Ann 12 30 45 57" in said.splitlines()


@pytest.mark.parametrize(
    "entries, fix, reason",
    [
        (["8C 3H", "2C 3D"], "fix 1 Ann 1 2", "a trick stays a trick: its cards in seat order"),
        (["Ann 1 2 3"], "fix 1 8C 3H", "a round stays a round: each player's counting cards"),
    ],
)
def test_an_octrix_trick_is_fixed_as_a_trick_and_a_round_as_a_round(
    entries: list[str], fix: str, reason: str, runner: CliRunner, data_dir: Path
) -> None:
    out = keep(runner, OCTRIX, [*entries, fix, "quit"]).output
    assert f"  {reason}" in out
    assert not corrections.has_corrections(saved(data_dir).entries)


def test_an_iota_player_of_an_older_file_named_pass_leaves_pass_alone_a_pass(
    runner: CliRunner, data_dir: Path
) -> None:
    keep(runner, IOTA, ["quit"])
    path = store.sessions_dir(data_dir) / "t.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('"Ann"', '"Pass"'), encoding="utf-8")
    keep(runner, ["sessions", "resume", "t"], ["Pass 5", "pass", "quit"])
    entries = saved(data_dir).entries
    assert entries == [
        {"type": "turn", "seat": 0, "lines": [5], "lots": 0, "all4": False, "final": False},
        {"type": "pass", "seat": 1},
    ]


def test_an_iota_correction_that_changes_the_winner_says_so(
    runner: CliRunner, data_dir: Path
) -> None:
    turns = [line for _ in range(8) for line in ("Ann 10 2 lot all4", "Bob 10 2 lot all4")]
    out = keep(runner, IOTA, [*turns, "Ann 5 final", "fix 15 Ann 1", ""]).output
    after = out.split("fix 15 Ann 1", 1)[1]
    assert "Game over (the last card): Bob wins with " in after
    assert saved(data_dir).winners == ["Bob"]


@pytest.mark.parametrize("change", ["undo 1", "fix 1 line Ann 1 7 11 16"])
def test_a_lineit_correction_that_leaves_a_pile_without_its_jackpot_names_the_end(
    change: str, runner: CliRunner, data_dir: Path
) -> None:
    """Typed, the end refuses a pile no line took; a correction that makes it so names the
    end as no longer fitting rather than counting the pile towards the win."""
    lines = ["line Ann 1 5 9 13", "line Bob 2 6 10 14 18", "jackpot Ann 6", "jackpot Bob 0"]
    lines += ["end", change]
    out = keep(runner, LINEIT, [*lines, "fix", "t", "quit"]).output
    assert (
        "entry 5 no longer fits: Ann has 1 jackpot pile entered, but Ann's lines took 0 jackpots."
        in out
    )
    # No text of the end could mend it (the pile before it is what no longer fits).
    assert ("or cancel undo 1?" if change == "undo 1" else "or cancel the correction?") in out
    assert "[take back/cancel]: " in out
    assert "  no text of entry 5 can mend it: what no longer fits is the game as a whole" in out
    session = saved(data_dir)
    assert not session.finished and session.winners == []
    assert corrections.in_force(session.entries).taken_back[5] == 6
    assert sheets.mismatches(session) == []


def test_a_lineit_correction_that_takes_a_jackpot_after_the_end_names_the_end(
    runner: CliRunner, data_dir: Path
) -> None:
    """Typed, the end refuses a jackpot a line took without its pile; a correction that makes
    a line take one in an ended game names the end, which is taken back for the pile to be
    entered, rather than the game counting as won without it."""
    lines = ["line Ann 12 30 45 57 58", "line Bob 1 2 3 4 5 6", "line Ann 60 71 80 81", "end"]
    lines += ["fix 3 line Ann 60 71 80 81 82 83 84 85", ""]
    out = keep(runner, LINEIT, [*lines, "quit"]).output
    assert (
        "  With this correction, entry 4 no longer fits: Ann's lines take 1 jackpot and 0 "
        "piles are entered (the end needs each pile first)."
    ) in out
    assert "  Cancelled; nothing changed." in out
    assert not corrections.has_corrections(saved(data_dir).entries)
    # Taken back, the end is typed again once the pile is in.
    lines[-1:] = ["t", "jackpot Ann 2", "end", ""]
    out = keep(runner, [*LINEIT[:-1], "t2"], lines).output
    assert "  The game is no longer over." in out
    session = saved(data_dir, "t2")
    assert session.finished and session.winners == ["Ann"] and session.totals == [9, 3]
    assert sheets.mismatches(session) == []


def test_a_lineit_correction_that_takes_a_jackpot_asks_for_its_pile(
    runner: CliRunner, data_dir: Path
) -> None:
    out = keep(runner, LINEIT, ["line Ann 1 6 11 16", "fix 1 line Ann 1 5 9 13", "quit"]).output
    assert (
        "  Ann's lines now take 1 jackpot and 0 piles are entered: enter each pile still to "
        "come with jackpot Ann N"
    ) in out
    # A correction that takes no jackpot more asks for nothing.
    other = [*LINEIT[:-1], "u"]
    again = keep(runner, other, ["line Ann 1 5 9 13", "fix 1 line Ann 1 5 9 14", "quit"])
    assert "lines now take" not in again.output


def test_a_lineit_correction_that_takes_a_jackpot_away_names_the_pile_left(
    runner: CliRunner, data_dir: Path
) -> None:
    """A line corrected so that it takes no jackpot leaves its pile counting: said at once,
    with the entry that takes the pile back."""
    lines = ["line Bob 1 5 9 13", "jackpot Bob 7", "fix 1 line Bob 70 80 90 100", "undo 2"]
    out = keep(runner, LINEIT, [*lines, "end", ""]).output
    assert (
        "  Bob's lines now take 0 jackpots and 1 pile is entered: unless Bob's line in play "
        "took one, undo N takes back the pile no line took (Bob's piles: entry 2, 7 cards)"
    ) in out
    # Two piles, one of a line that still takes a jackpot: each is named, for the table to
    # say which no line took.
    other = [*LINEIT[:-1], "two"]
    lines = ["line Bob 1 5 9 13", "jackpot Bob 7", "line Bob 2 6 10 14", "jackpot Bob 3"]
    two = keep(runner, other, [*lines, "fix 1 line Bob 70 80 90 100", "quit"]).output
    assert (
        "Bob's lines now take 1 jackpot and 2 piles are entered: unless Bob's line in play took "
        "one, undo N takes back the pile no line took (Bob's piles: entry 2, 7 cards; entry 4, "
        "3 cards)"
    ) in two
    assert "scores: Ann 0, Bob 1" in out
    assert saved(data_dir).totals == [0, 1]
    # A correction that leaves the piles as the lines took them says nothing.
    other = [*LINEIT[:-1], "u"]
    same = ["line Bob 1 5 9 13", "jackpot Bob 7", "fix 1 line Bob 1 5 9 17", "quit"]
    assert "now take" not in keep(runner, other, same).output


def test_a_lineit_correction_cannot_take_a_player_past_the_cards_they_take(
    runner: CliRunner, data_dir: Path
) -> None:
    """A player takes 26 cards in a 2-player game: a first line corrected to 19 cards beside a
    later one of 13 names the later line, to take back or correct too."""
    first = " ".join(map(str, range(1, 14)))
    later = " ".join(map(str, range(50, 63)))
    longer = first + " " + " ".join(map(str, range(30, 36)))
    lines = [f"line Ann {first}", f"line Ann {later}", f"fix 1 line Ann {longer}", "t", "quit"]
    out = keep(runner, LINEIT, lines).output
    assert (
        "With this correction, entry 2 no longer fits: Ann's scored lines would hold 32 cards; "
        "a player takes one card a round, 26 in a game of 2 players."
    ) in out
    session = saved(data_dir)
    assert [len(line.cards) for line in replay_lineit(session)] == [19]
    # Counts of five players: their piles hold at most 91 cards together.
    five = ["lineit", "keep", "--names", "A,B,C,D,E", "--session", "five"]
    counts = ["counts A 40", "counts B 43", "counts C 8", "fix 1 counts A 43", "cancel", "quit"]
    out = keep(runner, five, counts).output
    assert "With this correction, entry 3 no longer fits: the score piles would hold 94 " in out


def replay_lineit(session: Session) -> list[Any]:
    """The scored lines of a kept Line-it session as it stands."""
    from cardside.games.lineit.sheet import replay_ledger

    ledger = replay_ledger(session)
    return [line for seat in range(len(ledger.names)) for line in ledger.lines_of(seat)]


def test_a_lineit_correction_after_the_end_that_takes_a_jackpot_says_how_to_enter_it(
    runner: CliRunner, data_dir: Path
) -> None:
    lines = ["line Ann 1 5 9 13 20", "jackpot Ann 6", "line Bob 2 7 11 14", "end"]
    lines += ["fix 3 line Bob 2 6 10 14", "t", "jackpot Bob 5", "end", ""]
    out = keep(runner, LINEIT, lines).output
    assert "  With this correction, entry 4 no longer fits: Bob's lines take 1 jackpot" in out
    assert (
        "  Bob's lines now take 1 jackpot and 0 piles are entered: enter each pile still to come "
        "with jackpot Bob N"
    ) in out
    assert "scores: Ann 8, Bob 6" in out
    session = saved(data_dir)
    assert session.finished and session.totals == [8, 6]


def test_a_lineit_pile_taken_back_after_the_end_says_how_to_enter_it_again(
    runner: CliRunner, data_dir: Path
) -> None:
    """The end is refused while a jackpot a line took has no pile: taking the pile back after
    the end names the end as no longer fitting, and once it is taken back the keeper is told
    how to enter the pile."""
    for name, change in (("t", "undo 2"), ("u", "fix 2 line Bob 2 3 4")):
        args = [*LINEIT[:-1], name]
        out = keep(runner, args, ["line Ann 1 5 9", "jackpot Ann 7", "end", change, "t", "quit"])
        assert (
            "entry 3 no longer fits: Ann's lines take 1 jackpot and 0 piles are entered"
        ) in out.output, change
        assert (
            "  Ann's lines take 1 jackpot and 0 piles are entered: enter each pile still to come "
            "with jackpot Ann N"
        ) in out.output, change
        assert not saved(data_dir, name).finished


def test_an_octrix_trick_corrected_mid_round_says_the_later_tricks_won_by_another(
    runner: CliRunner, data_dir: Path
) -> None:
    """Trick 1 corrected changes the rule of trick 2, now Ann's: the table must move counting
    card 2, so it is said, as a changed row is once the round is complete."""
    hands = ["AC 2C 3C 4C 5C 6C 7C 8H", "AS 2S 3S 4S 5S 6S 7S 8S", "8H 8S", "7C 7S"]
    out = keep(runner, OCTRIX_HANDS, [*hands, "fix 3 6C 8S", "quit"]).output
    after = out.split("fix 3 6C 8S", 1)[1]
    assert "  Changed with it: trick 2: Ann wins it (was Bob) and takes counting card 2.\n" in after
    # A correction that moves no trick says nothing more.
    again = keep(runner, [*OCTRIX_HANDS[:-1], "u"], [*hands, "fix 4 7C 6S", "quit"]).output
    assert "Changed with it" not in again


def test_an_octrix_trick_taken_back_mid_round_says_every_counting_card_that_moves(
    runner: CliRunner, data_dir: Path
) -> None:
    """Trick 1 of 3 taken back: the later tricks move up a place, so counting card 2 goes to
    Bob, who won the trick now second, and counting card 3, his before, goes back: both said."""
    args = ["octrix", "keep", "--names", "Ann,Bob,Cy", "--hands", "--session", "t"]
    hands = ["7S 5H 3C 3S 8D AH 2H 2D", "2C 5D 3H 5C 8S 4H 6S AD", "6H 8H 2S 4D 6D 6C 4S 4C"]
    tricks = ["7S 2C 6H", "8D 6S 2S", "AH AD 8H"]
    out = keep(runner, args, [*hands, *tricks, "undo 4", "quit"]).output
    after = out.split("undo 4", 1)[1]
    assert "  Changed with it: trick 2: Bob wins it (was Ann) and takes counting card 2.\n" in after
    assert (
        "  Changed with it: counting card 3 goes back from Bob (the round has 2 tricks now).\n"
    ) in after
    assert "counting cards: Ann: 1; Bob: 2; Cy: -" in after


def test_a_later_score_a_correction_changed_is_said(runner: CliRunner, data_dir: Path) -> None:
    """Bob's card moved away from Ann's: her later turn no longer extends his line and scores
    less; the keeper is told, not only of the entry corrected."""
    lines = ["RC1", "Ann RS2 1,0", "Bob YC1 0,1", "Ann GC1 1,1", "fix 3 Bob YC1 0,-1", "quit"]
    out = keep(runner, IOTA_GRID, lines).output
    assert "  Entry 3 corrected: Bob YC1 0,-1 (was Bob YC1 0,1).\n" in out
    assert "  Changed with it: round 2: Ann 3 (was 5).\n" in out
    # A correction that changes no other row says nothing more.
    other = keep(runner, [*OCTRIX[:-1], "u"], ["Ann 1 2 3", "Ann 4 5 6", "fix 1 Ann 1 2"])
    assert "Changed with it" not in other.output


def test_a_turn_taken_back_with_a_correction_is_not_said_as_a_score_of_0(
    runner: CliRunner, data_dir: Path
) -> None:
    """Bob's turn of round 1 is taken back with Ann's correction: its cell is to come, and the
    line of the entries taken back says so; no "Bob 0 (was 6)"."""
    lines = ["RC2", "Ann YS2 1,0", "Bob GT2 2,0", "Ann BX2 3,0", "Bob RS3 0,1"]
    out = keep(runner, IOTA_GRID, [*lines, "fix 2 Ann YS2 0,-1", "t", "quit"]).output
    after = out.split("fix 2 Ann YS2 0,-1", 1)[1]
    assert "  Taken back: entries 3 to 5; type again what still stands.\n" in after
    assert "Changed with it" not in after


def test_the_iota_grid_s_star_is_named_apart_from_the_corrected_rows_star(
    runner: CliRunner, data_dir: Path
) -> None:
    lines = ["RC2", "Ann YS2 1,0", "Bob GT2 2,0", "Ann BX2 3,0", "Bob RS3 0,1", "Ann YX3 1,1"]
    legend = "  (on the grid, * marks the cards of the last play)\n"
    out = keep(runner, IOTA_GRID, [*lines, "show", "fix 5 Bob RS1 0,1", "quit"]).output
    before, after = out.split("fix 5 Bob RS1 0,1", 1)
    assert legend not in before  # no corrected row yet: one meaning of *
    assert legend in after and "YX3*" in after and "* corrected: round 2 by entry 7" in after


def test_an_entry_left_out_of_turn_is_not_offered_a_fix(runner: CliRunner, data_dir: Path) -> None:
    """Taking back Cy's pass leaves Ann's next turn out of turn: a correction keeps whose entry
    it is, so no text of it could fit; the question offers take back or cancel only."""
    args = ["iota", "keep", "--names", "Ann,Bob,Cy", "--session", "t"]
    turns = ["Ann 8 4 5 lot", "Bob 3", "Cy pass", "Ann 0", "Bob 5 5", "Cy 16 4 lot all4"]
    out = keep(runner, args, [*turns, "undo 3", "fix", "c", "quit"]).output
    assert "  Without entry 3, entry 4 no longer fits: it is Cy's turn, not Ann's.\n" in out
    assert "or cancel undo 3? [take back/cancel]: " in out
    assert "[take back/fix/cancel]" not in out
    assert (
        "  no text of entry 4 can mend it: it is out of turn now, and a correction keeps whose "
        "entry it is; take back (or t) or cancel (or c)"
    ) in out
    assert len(saved(data_dir).entries) == len(turns)


def test_a_hand_left_out_of_turn_is_not_offered_a_fix(runner: CliRunner, data_dir: Path) -> None:
    hands = ["AC 2C 3C 4C 5C 6C 7C 8C", "AH 2H 3H 4H 5H 6H 7H 8H", "AC AH"]
    out = keep(runner, OCTRIX_HANDS, [*hands, "undo 1", "f", "c", "quit"]).output
    assert "entry 2 no longer fits: the next hand to enter is Ann's." in out
    assert "[take back/fix/cancel]" not in out and "no text of entry 2 can mend it" in out


def test_a_score_changed_in_the_corrected_round_is_said_too(
    runner: CliRunner, data_dir: Path
) -> None:
    """Ann's card moves: Bob's turn of the same round now scores along the row, 4 -> 5. The
    round holds the corrected entry, yet Bob's change is not the correction's own: said."""
    lines = ["RC2", "Ann YS2 1,0", "Bob GT2 1,1", "fix 2 Ann YS3 0,1", "quit"]
    out = keep(runner, IOTA_GRID, lines).output
    assert "  Entry 2 corrected: Ann YS3 0,1 (was Ann YS2 1,0).\n" in out
    assert "  Changed with it: round 1: Bob 5 (was 4).\n" in out
    # Ann's own new score is the correction itself: not said again.
    assert "Changed with it: round 1: Ann" not in out


def test_a_starter_card_corrected_says_every_turn_it_changed(
    runner: CliRunner, data_dir: Path
) -> None:
    """The starter card scores nothing itself, but each turn built on it does: the first
    round's turns change with it, and the correction's text names no player to say so."""
    lines = ["RC1", "Ann RC2 1,0", "Bob RC3 2,0", "Ann RC4 3,0", "fix 1 W", "quit"]
    out = keep(runner, IOTA_GRID, lines).output
    assert "  Entry 1 corrected: W (was RC1).\n" in out
    assert "  Changed with it: round 1: Ann 2 (was 3), Bob 5 (was 6).\n" in out
    assert "  Changed with it: round 2: Ann 18 (was 20).\n" in out


def test_a_lineit_game_ended_before_the_pile_rule_keeps_its_end_through_a_chained_fix(
    runner: CliRunner, data_dir: Path
) -> None:
    """A game that ended with a pile no line took (kept before the rule) keeps that pile
    through a correction and the later entry fixed with it, as through one correction."""
    from cardside.core.record import Seat
    from cardside.sessions.journal import Journal

    with Journal.start(
        data_dir,
        game="lineit",
        mode="keep",
        seats=[Seat("Ann", "table"), Seat("Bob", "table")],
        options={},
        name="t",
    ) as journal:
        for entry in (
            {"type": "line", "seat": 0, "cards": "1 6 11 16"},
            {"type": "jackpot", "seat": 0, "cards": 6},
            {"type": "line", "seat": 1, "cards": "2 7 12 17"},
            {"type": "end"},
        ):
            journal.append(entry)
    lines = ["fix 1 line Ann 1 6 11 17", "fix", "line Bob 2 7 12 18", ""]
    result = runner.invoke(main, ["sessions", "resume", "t"], input="\n".join(lines) + "\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "  Entry 3 corrected: line Bob 2 7 12 18 (was line Bob 2 7 12 17)." in result.output
    session = saved(data_dir)
    assert session.finished and [e.get("fixes") for e in session.entries[-2:]] == [1, 3]
    assert not any("takes_back" in e for e in session.entries)


@pytest.mark.parametrize("word", ["help", "show"])
@pytest.mark.parametrize("args", [SCHNAPSEN, IOTA])
def test_help_at_the_new_text_prompt_helps_and_asks_again(
    runner: CliRunner, data_dir: Path, args: list[str], word: str
) -> None:
    first, second = ("Ann 2", "Bob 3") if args is SCHNAPSEN else ("Ann 5", "Ann 7")
    out = keep(runner, args, [first, "fix 1", word, second, "quit"]).output
    assert "  type entry 1's new text as at the keep prompt (it is: " in out
    assert out.count("New text for entry 1 (Enter or cancel keeps it): ") == 2
    assert f"Entry 1 corrected: {second} (was {first})." in out


@pytest.mark.parametrize("named", ["Ann's hand:", "Ann", "ann:"])
def test_an_octrix_hand_corrected_under_another_players_name_is_refused_plainly(
    runner: CliRunner, data_dir: Path, named: str
) -> None:
    hands = ["AC 2C 3C 4C 5C 6C 7C 8C", "AH 2H 3H 4H 5H 6H 7H 8H"]
    fix = f"fix 2 {named} AH 2H 3H 4H 5H 6H 7H 8S"
    out = keep(runner, OCTRIX_HANDS, [*hands, fix, "quit"]).output
    assert "that entry is Bob's hand, not Ann's: a correction keeps whose hand it is" in out
    assert "is not a rank" not in out and "not a card" not in out
    # Its own label, or the cards alone, still correct it.
    again = keep(
        runner,
        [*OCTRIX_HANDS[:-1], "u"],
        [*hands, "fix 2 Bob's hand: AH 2H 3H 4H 5H 6H 7H 8S", "quit"],
    )
    assert "Entry 2 corrected: Bob's hand: AH 2H 3H 4H 5H 6H 7H 8S" in again.output


def test_a_correction_that_ties_the_lead_past_88_says_another_round_follows(
    runner: CliRunner, data_dir: Path
) -> None:
    # 16:16 five times, then Ann's round 6 wins the match; corrected to 16:16, a tie at 96.
    rounds = ["Ann 1 2 3 4"] * 5 + ["Ann 1 2 3 4 5"]
    out = keep(runner, OCTRIX, [*rounds, "fix 6 Ann 1 2 3 4", "quit"]).output
    after = out.split("Entry 6 (round 6)")[1]
    assert "88 reached, but the highest totals are equal: another round." in after
    assert saved(data_dir).totals == [96, 96]


def test_fix_reads_the_entry_number_however_it_is_spaced(runner: CliRunner, data_dir: Path) -> None:
    """A tab (or several spaces) after the entry's number reads as one space."""
    out = keep(runner, OCTRIX, ["8C 3H", "fix 1\t8C 2H", "fix 1   8C 4H", "quit"]).output
    assert "Entry 1 corrected: 8C 2H (was 8C 3H)." in out
    assert "Entry 1 corrected: 8C 4H (was 8C 2H)." in out
    assert "fix takes an entry's number" not in out


def test_a_deal_from_the_questions_typed_again_as_its_result_is_unchanged(
    runner: CliRunner, data_dir: Path
) -> None:
    """A Schnapsen deal entered by the questions keeps what the table saw when the same result
    is typed again (a player's name shortened, other case): nothing is corrected."""
    args = ["schnapsen", "keep", "--names", "Ann,Bob", "--session", "t"]
    out = keep(runner, args, ["", "nobody", "Ann", "20", "fix 1 a 2", "fix 1 ANN 2", "quit"])
    assert out.output.count("  Entry 1 is unchanged.") == 2
    entries = saved(data_dir).entries
    assert len(entries) == 1  # no correction saved: the questions' answers stand


def test_show_inside_the_schnapsen_questions_shows_the_table_and_asks_again(
    runner: CliRunner, data_dir: Path
) -> None:
    args = ["schnapsen", "keep", "--names", "Ann,Bob", "--session", "t"]
    out = keep(runner, args, ["Ann 2", "", "show", "help", "nobody", "Ann", "20", "quit"]).output
    questions = out.split("What the table saw", 1)[1]
    assert "is not a player here" not in questions
    assert "'show' shows the table so far" in questions  # the questions' help names it
    assert questions.count("Who closed the stock?") == 3  # asked again after show and help
    assert "match 1 countdown: Ann 3, Bob 7" in questions
    assert len(saved(data_dir).entries) == 2


def test_fix_lists_the_end_of_a_finished_game_as_no_round_under_way(
    runner: CliRunner, data_dir: Path
) -> None:
    turns = ["Ann 6", "Bob 6", *["Ann 3", "Bob 3"] * 10, "Ann pass", "Bob pass", "end"]
    out = keep(runner, IOTA, [*turns, "fix", ""]).output
    listed = out.split("entries in effect (of 25; ", 1)[1]
    assert "  25  end\n" in listed and "under way" not in listed


def test_a_hand_typed_again_in_another_order_is_unchanged(
    runner: CliRunner, data_dir: Path
) -> None:
    """A hand is a set of cards: the same eight in another order correct nothing."""
    lines = [*HANDS[:2], "fix 2 8h 7H 6H 5H 4H 3H 2H AH", "fix 1 AC 2C 3C 4C 5C 6C 7C 8D"]
    out = keep(runner, OCTRIX_HANDS, lines).output
    assert "  Entry 2 is unchanged.\n" in out
    assert "  Entry 1 corrected: Ann's hand: AC 2C 3C 4C 5C 6C 7C 8D" in out
    assert [e.get("fixes") for e in saved(data_dir).entries] == [None, None, 1]


def test_taking_back_the_only_deal_reads_as_done_not_refused(
    runner: CliRunner, data_dir: Path
) -> None:
    args = ["schnapsen", "keep", "--names", "Ann,Bob", "--session", "t"]
    out = keep(runner, args, ["Ann 2", "undo 1", "quit"]).output
    redrawn = out.index("Deals so far: none.\n")
    assert redrawn < out.index("  Entry 1 taken back (deal 1, match 1): Ann 2.\n")
    assert "No deal entered yet" not in out and saved(data_dir).rounds == []


def test_a_correction_that_decides_a_match_elsewhere_says_so(
    runner: CliRunner, data_dir: Path
) -> None:
    """Deal 2 was Ann's: match 1 now ends at deal 3, and the deals after it open match 2."""
    args = ["schnapsen", "keep", "--names", "Ann,Bob", "--dealer", "Ann", "--matches", "0"]
    args += ["--session", "t"]
    deals = ["Ann 2", "Bob 3", "Ann 3", "Bob 1", "Ann 2"]
    out = keep(runner, args, [*deals, "fix 2 Ann 3", "quit"]).output
    assert "  Match 1 is now decided in deal 3: Ann wins (was deal 5: Ann wins).\n" in out
    assert "  Deals 4 to 5 now count in match 2.\n" in out
    assert [r.round for r in saved(data_dir).results] == [3]


def test_a_correction_that_newly_decides_a_match_says_who_won(
    runner: CliRunner, data_dir: Path
) -> None:
    """Match 1 decided by a correction, with the game going on: said, as the end of a game
    is; the game's own end is said once, by the sheet."""
    args = ["schnapsen", "keep", "--names", "Ann,Bob", "--matches", "0", "--session", "t"]
    deals = ["Ann 2", "Bob 1", "Ann 3", "Bob 2", "fix 1 Bob 3", "fix 4 Bob 3"]
    out = keep(runner, args, [*deals, "quit"]).output
    assert out.count("  Match 1 is now decided in deal 4: Bob wins.\n") == 1
    assert "is now decided" not in out.split("fix 4 Bob 3")[0]
    # One match in all: the game ends, and that is said by the sheet, not here.
    one = [*args[:-3], "1", "--session", "u"]
    out = keep(runner, one, [*deals[:5], "fix 4 Bob 3", ""]).output
    assert "is now decided" not in out
    assert saved(data_dir, "u").winners == ["Bob"]


def test_a_schnapsen_correction_that_ends_the_session_says_who_won(
    runner: CliRunner, data_dir: Path
) -> None:
    """A session of one match (the default) ended by a correction: said as the deal typed
    would say it."""
    args = ["schnapsen", "keep", "--names", "Ann,Bob", "--session", "t"]
    out = keep(runner, args, ["Ann 3", "Ann 3", "Bob 2", "fix 3 Ann 1", ""]).output
    after = out.split("fix 3 Ann 1", 1)[1]
    assert "  Entry 3 corrected: Ann 1 (was Bob 2).\n  Ann wins match 1; a Bummerl for Bob.\n" in (
        after
    )
    assert saved(data_dir).winners == ["Ann"]


@pytest.mark.parametrize("change", ["fix 1 Ann 1 2 3", "undo 3"])
def test_a_correction_that_undoes_a_win_says_the_game_is_no_longer_over(
    runner: CliRunner, data_dir: Path, change: str
) -> None:
    rounds = ["Ann 1 2 3 4 5 6 7 8", "Ann 1 2 3 4", "Ann 1 2 3"]
    out = keep(runner, OCTRIX, [*rounds, change, "quit"]).output
    assert "Ann wins the game with 89, " in out
    assert "  The game is no longer over.\n" in out
    assert saved(data_dir).status != "finished"


def test_an_entry_read_with_tabs_and_line_breaks_is_listed_on_one_line(
    runner: CliRunner, data_dir: Path
) -> None:
    """A file's entry may hold tabs and line breaks where a typed one has spaces: fix lists
    it, shows it and offers it on one line, as it is read."""
    keep(runner, LINEIT, ["line Ann 1 2 3 4 5 6", "quit"])
    path = store.sessions_dir(data_dir) / "t.toml"
    session = store.load(path)
    session.entries[0]["cards"] = "1 2 3\n4\t\t\t5 6"
    store.save(session, path)
    result = runner.invoke(main, ["sessions", "resume", "t"], input="fix\nfix 1\n\nquit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "      1  line Ann 1 2 3 4 5 6" in result.output
    assert "  Entry 1: line Ann 1 2 3 4 5 6" in result.output
    assert "\t" not in result.output and "1 2 3\n" not in result.output


# Per game: the keep, the entries, the correction, and the row the keep's table stars.
STARRED: dict[str, tuple[list[str], list[str], str, str | None]] = {
    "octrix": (OCTRIX, ["Ann 1 2 3", "Ann 4 5 6"], "fix 1 Ann 1 2 3 4 5 6 7 8", "  1*  "),
    "iota": (IOTA, ["Ann 8 4", "Bob 5", "Ann 6", "Bob 7"], "fix 1 Ann 9", "1*  "),
    "schnapsen": (SCHNAPSEN, ["Ann 2", "Bob 1", "Ann 3"], "fix 2 Bob 3", "2*  "),
    "linesbeta": (LINESBETA, ["round 3 3", "round 4 2"], "fix 2 round 5 1", "  2*  "),
    # Line-it's table is by player: the line names the corrected entry, with no star.
    "lineit": (LINEIT, ["line Ann 12 30 45 57"], "fix 1 line Ann 12 30 45 60", None),
}


@pytest.mark.parametrize("game", sorted(STARRED))
def test_the_keep_screens_table_marks_a_corrected_row_as_sessions_show_does(
    runner: CliRunner, data_dir: Path, game: str
) -> None:
    args, entries, fix, row = STARRED[game]
    before = keep(runner, args, [*entries, "show", "quit"]).output.split("show\n")[-1]
    assert "corrected:" not in before and "*" not in before
    store.sessions_dir(data_dir).joinpath("t.toml").unlink()
    out = keep(runner, args, [*entries, fix, "show", "quit"]).output.split("show\n")[-1]
    shown = runner.invoke(main, ["sessions", "show", "t"])
    assert shown.exit_code == 0 and shown.exception is None
    said = next(x for x in shown.output.splitlines() if x.startswith("* corrected: "))
    lines = out.splitlines()
    if row is None:
        assert "  " + said.removeprefix("* ") in lines and "*" not in out
    else:
        assert said in [x.strip() for x in lines]
        assert [x for x in lines if x.startswith(row)], out
        assert sum(x.count("*") for x in lines) == 2  # the row and the line under the table


def test_fix_all_and_fix_of_a_row_list_entries_past_the_latest(
    runner: CliRunner, data_dir: Path
) -> None:
    """Past the latest entries fix alone lists, fix all lists every one and fix deal N those
    of deal N, so an early entry's number can be found after corrections moved them."""
    deals = ["Ann 1", "Bob 1"] * 8
    args = [*SCHNAPSEN[:-4], "--matches", "0", "--session", "t"]
    lines = [*deals, "fix 1 Bob 2", "undo 3", "fix", "fix all", "fix deal 3", "fix deal 99"]
    said = [
        line.strip()
        for line in keep(runner, args, [*lines, "fix deal x", "quit"]).output.splitlines()
    ]
    assert (
        "The last 12 entries in effect (of 15; fix all lists them all, fix deal 2 those of deal 2):"
        in said
    )
    everything = said[
        said.index("Deal 16, Bob deals (e.g. Ann 2, or Enter for questions): fix all") + 1 :
    ]
    assert everything[0] == "The entries in effect:"
    assert everything[1] == "1  Bob 2 (deal 1, match 1)  (corrected at entry 17)"
    assert everything[15] == "16  Bob 1 (deal 15, match 2)"
    # Entry 3 was taken back alone: deal 3 is now entry 4.
    at = said.index("The entries in effect of deal 3:")
    assert said[at + 1] == "4  Bob 1 (deal 3, match 1)"
    assert "no entry in effect went into deal 99 (type help)" in said
    assert "fix deal takes a deal's number: fix deal 3 (type help)" in said
    tricks = ["8C 3H", "2C 3D", "fix round 1", "fix round 2", "quit"]
    said = [line.strip() for line in keep(runner, [*OCTRIX[:-1], "o"], tricks).output.splitlines()]
    at = said.index("The entries in effect of round 1:")
    assert said[at + 1 : at + 3] == [
        "1  8C 3H (the round under way, trick 1)",
        "2  2C 3D (the round under way, trick 2)",
    ]
    assert "no entry in effect went into round 2 (type help)" in said


def test_a_row_lists_every_correction_of_its_entry_not_only_the_one_in_force(
    runner: CliRunner, data_dir: Path
) -> None:
    lines = ["line Ann 2 3 4 6", "line Bob 20 21 22 23", "fix 1 line Ann 2 3 4 10"]
    lines += ["fix 1 line Ann 2 3 4 14", "fix 2 line Bob 20 21 22 23 24"]
    lines += ["fix 2 line Bob 20 21 22 23 27", "fix 2 line Bob 20 21 22 23", "quit"]
    keep(runner, LINEIT, lines)
    shown = runner.invoke(main, ["sessions", "show", "t", "--json"])
    assert shown.exit_code == 0 and shown.exception is None
    rows = json.loads(shown.output)["rounds"]
    assert [[c["entry"] for c in r["corrected"]["entries"]] for r in rows] == [[3, 4], [5, 6, 7]]
    assert [r["corrected"]["entry"] for r in rows] == [4, 7]


def test_a_game_a_correction_reopens_names_what_an_earlier_correction_took_back(
    runner: CliRunner, data_dir: Path
) -> None:
    lines = ["Ann 3", "Ann 2", "Ann 1", "Bob 1", "Bob 1", "fix 2 Ann 3", "take", ""]
    keep(runner, SCHNAPSEN, lines)
    out = keep(runner, ["sessions", "resume", "t"], ["fix 2 Ann 2", "quit"]).output
    said = [line.strip() for line in out.splitlines()]
    assert said[said.index("Match 1 is no longer over.") + 1] == (
        "Still taken back (with the correction at entry 6): entries 4 and 5; "
        "type again what still stands."
    )


def test_the_reason_stays_in_sight_above_a_long_list_to_take_back(
    runner: CliRunner, data_dir: Path
) -> None:
    """Many entries after the one that no longer fits: five are named and the rest counted,
    so that the reason stays a few lines above the question."""
    later = [
        f"line {'Ann' if i % 2 else 'Bob'} {' '.join(str(60 + 4 * i + k) for k in range(4))}"
        for i in range(8)
    ]
    lines = ["line Ann 12 30 45 57", "line Bob 5 6 7 8", *later, "fix 1 line Ann 5 30 45 57"]
    out = keep(runner, LINEIT, [*lines, "cancel", "quit"]).output.splitlines()
    asked = next(i for i, line in enumerate(out) if line.startswith("Take back entries 2 to 10"))
    shown = out[asked - 8 : asked]
    assert shown[0].startswith("  With this correction, entry 2 no longer fits: 5 is already in"), (
        shown
    )
    assert [line.split()[0] for line in shown[2:7]] == ["2", "3", "4", "5", "6"]
    assert shown[7] == "  ... and 4 more, to entry 10"


def test_a_reopened_game_names_only_what_was_taken_back_since_the_last_entry_typed(
    runner: CliRunner, data_dir: Path
) -> None:
    """Taken back, typed again, taken back again: reopened, the game names the second time's
    entries alone, never the first's (typed again since)."""
    lines = ["Ann 3", "Ann 3", "Bob 1", "Bob 1", "Ann 1", "fix 3 Ann 1", "take", "fix 3 Bob 1"]
    lines += ["Bob 1", "Ann 1", "fix 3 Ann 1", "take", "fix 3 Bob 1", "quit"]
    said = [line.strip() for line in keep(runner, SCHNAPSEN, lines).output.splitlines()]
    still = [line for line in said if line.startswith("Still taken back")]
    assert still == [
        "Still taken back (with the correction at entry 6): entries 4 and 5; "
        "type again what still stands.",
        "Still taken back (with the correction at entry 10): entries 8 and 9; "
        "type again what still stands.",
    ]


# -- entry numbers and the sheet's numbers ----------------------------------------------------

PARTED = ["Ann 3", "Ann 3", "Ann 1", "Bob 2", "fix 1 Ann 2", "Bob 1", "Ann 3"]  # deal 6: entry 7
SCHNAPSEN_ON = ["schnapsen", "keep", "--names", "Ann,Bob", "--matches", "0", "--session", "t"]


def test_at_a_terminal_undo_n_asks_where_entry_n_is_not_deal_n(
    runner: CliRunner, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A correction is an entry, so entry and deal numbers part: undo 6 typed for deal 6
    (entry 7) asks first, naming both, and Enter leaves everything as it was."""
    shown = as_at_a_terminal(monkeypatch)
    lines = [f"+{line}" for line in PARTED] + ["+undo 6", "+", "+undo 5", "+yes", "+quit"]
    out = keep(runner, SCHNAPSEN_ON, lines).output
    asked = [prompt.strip() for prompt in shown if "? [y/n]" in prompt]
    assert asked == [
        "Entry 6 is Bob 1 (deal 5, match 1); deal 6 is entry 7 (Ann 3). Take back entry 6? "
        "[y/n]: []",
        "Entry 5 is the correction of entry 1; deal 5 is entry 6 (Bob 1). Take back entry 5? "
        "[y/n]: []",
    ]
    assert "  Nothing changed; undo 7 takes back deal 6.\n" in out
    assert "Correction at entry 5 taken back: entry 1 is Ann 3 again (was Ann 2)." in out
    session = saved(data_dir)
    assert [e.get("type") for e in session.entries[5:]] == ["result", "result", "result"]
    assert session.entries[-1]["undoes"] == 5


def test_at_a_terminal_undo_of_the_entry_named_for_a_deal_is_not_asked_again(
    runner: CliRunner, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Told that undo 7 takes back deal 6, the keeper types undo 7: taken back at once, where
    entry 7 would otherwise be asked about (deal 7 is entry 8 by then)."""
    shown = as_at_a_terminal(monkeypatch)
    lines = [f"+{line}" for line in [*PARTED, "Bob 1"]] + ["+undo 6", "+n", "+undo 7", "+quit"]
    out = keep(runner, SCHNAPSEN_ON, lines).output
    assert sum("? [y/n]" in prompt for prompt in shown) == 1
    assert "  Nothing changed; undo 7 takes back deal 6.\n" in out
    assert "Entry 7 taken back (deal 6, match 1): Ann 3." in out
    # An IOTA round is every player's turn, many entries: undo N asks nothing there.
    iota = ["Ann 8", "Bob 4", "fix 1 Ann 9", "Ann 5", "Bob 6", "undo 2", "quit"]
    shown.clear()
    out = keep(runner, [*IOTA[:-1], "i"], [f"+{line}" for line in iota]).output
    assert not any("? [y/n]" in prompt for prompt in shown)
    assert "entry 4 no longer fits" in out  # the undo went ahead: the turns now out of order


def test_piped_undo_n_takes_back_entry_n_without_a_question(
    runner: CliRunner, data_dir: Path
) -> None:
    """A script's numbers are entries, as documented: no question reads its next line."""
    out = keep(runner, SCHNAPSEN_ON, [*PARTED, "undo 6", "quit"]).output
    assert "Take back entry 6?" not in out
    assert "Entry 6 taken back (deal 5, match 1): Bob 1." in out


def test_a_refused_fix_of_a_correction_names_the_deal_of_that_number(
    runner: CliRunner, data_dir: Path
) -> None:
    out = keep(runner, SCHNAPSEN_ON, [*PARTED, "fix 5", "fix 6", "quit"]).output
    assert "entry 5 corrects entry 1: fix 1 instead (deal 5 is entry 6: fix 6)" in out
    assert "  (deal 6 is entry 7: fix 7; Enter leaves this)\n" in out
    # fix N TEXT asks nothing: no word of a question.
    out = keep(runner, [*SCHNAPSEN_ON[:-1], "u"], [*PARTED, "fix 6 Bob 2", "quit"]).output
    assert "Enter leaves this" not in out and "Entry 6 corrected: Bob 2 (was Bob 1)." in out


def test_piped_a_refused_new_text_of_a_later_entry_says_why_the_correction_goes(
    runner: CliRunner, data_dir: Path
) -> None:
    lines = [
        *("line Ann 12 20 45 57 61", "line Bob 70 60 50 40 30"),
        *("fix 1 line Ann 12 20 45 57 60 70", "f", "line Bob 71 6O 50 40 30", "quit"),
    ]
    out = keep(runner, LINEIT, lines).output
    assert (
        "  (piped input: a refused text is not asked for again; the correction goes)\n"
        "  Cancelled; nothing changed.\n"
    ) in out
    assert [e["cards"] for e in saved(data_dir).entries] == [
        "12 20 45 57 61",
        "70 60 50 40 30",
    ]
