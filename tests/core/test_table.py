"""Plain-text tables: aligned columns, and a long last column wrapped to a terminal's width."""

from __future__ import annotations

import textwrap

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardside.tui.table import _wrap_by_columns, display_width, pad, render, wrap_words

HEADERS = ["round", "Ann", "Bob", "note"]
NOTE = "Ann: discarded 20 24 42; bet B3 won (4 number cards after it, 3 needed) +3; line total 7"
ROWS = [[1, 7, 0, NOTE], [2, 0, 4, "Bob took a jackpot of 4 cards"], [3, 0, 0, ""]]


def test_a_table_that_fits_is_the_same_with_or_without_a_width() -> None:
    assert render(HEADERS, ROWS, width=200) == render(HEADERS, ROWS)
    assert render(HEADERS, ROWS).splitlines()[2] == f"1        7    0  {NOTE}"


def test_a_long_note_wraps_under_its_column() -> None:
    lines = render(HEADERS, ROWS, width=60).splitlines()
    start = lines[2].index("Ann:")
    assert lines[2].startswith("1        7    0  Ann:")
    more = lines[3 : lines.index(next(ln for ln in lines if ln.startswith("2 ")))]
    assert more and all(ln[:start].isspace() and ln[start] != " " for ln in more)
    assert all(len(ln) <= 60 for ln in lines)
    assert " ".join(ln.strip() for ln in [lines[2][start:], *more]) == NOTE
    assert lines[-1] == "3        0    0"


def test_a_note_with_little_room_goes_below_its_row() -> None:
    headers = ["round", *(f"player {i}" for i in range(5)), "note"]
    rows = [[1, 10, 20, 30, 40, 50, NOTE]]
    lines = render(headers, rows, width=60).splitlines()
    assert lines[2].split() == ["1", "10", "20", "30", "40", "50"]
    assert all(ln.startswith("    ") for ln in lines[3:])
    assert " ".join(ln.strip() for ln in lines[3:]) == NOTE


def test_a_header_too_long_for_the_room_left_is_left_out_not_wrapped() -> None:
    headers = ["match", "deal", "You", "Bot 2", "You countdown", "Bot 2 countdown", "note"]
    rows = [[1, 1, 3, 0, 4, 7, NOTE]]
    lines = render(headers, rows, width=60).splitlines()
    assert all(len(ln) <= 60 for ln in lines)
    assert lines[0] == "match  deal  You  Bot 2  You countdown  Bot 2 countdown"
    assert lines[1].split() == ["-----", "----", "---", "-----", "-" * 13, "-" * 15]
    assert lines[2].split() == ["1", "1", "3", "0", "4", "7"]
    assert " ".join(ln.strip() for ln in lines[3:]) == NOTE


@given(
    notes=st.lists(st.text(alphabet="abc ;:()+-0123456789", max_size=300), min_size=1, max_size=4),
    width=st.integers(min_value=40, max_value=160),
)
def test_wrapping_keeps_every_word_and_every_number(notes: list[str], width: int) -> None:
    rows = [[i + 1, i * 7, -i, note] for i, note in enumerate(notes)]
    lines = render(HEADERS, rows, width=width).splitlines()
    plain = render(HEADERS, rows).splitlines()
    assert " ".join(lines[:1] + lines[2:]).split() == " ".join(plain[:1] + plain[2:]).split()
    # a line is only too long when one of its words is longer than the room there is
    for line in lines[2:]:
        assert len(line) <= width or max(len(w) for w in line.split()) > width - 20


@pytest.mark.parametrize("width", [40, 60, 100])
def test_the_header_and_its_rule_never_wrap(width: int) -> None:
    lines = render(HEADERS, ROWS, width=width).splitlines()
    assert lines[0].split() == HEADERS
    assert set(lines[1].replace(" ", "")) == {"-"}


def test_a_table_too_wide_for_its_columns_becomes_records() -> None:
    headers = ["player", "sessions", "played", "won", "win rate", "95% interval", "counting"]
    rows = [["Ann", 3, 3, 2, "67%", "21%-94%", "games"], ["Bob", 1, 1, 0, "0%", "", "matches"]]
    lines = render(headers, rows, width=40).splitlines()
    assert lines[0] == "player Ann"
    assert all(len(ln) <= 40 for ln in lines)
    ann = " ".join(lines[1 : lines.index("player Bob")])
    assert (
        ann.split()
        == "sessions 3, played 3, won 2, win rate 67%, 95% interval 21%-94%, counting games".split()
    )
    assert "interval" not in " ".join(lines[lines.index("player Bob") :])  # empty cells left out


def test_the_session_list_on_a_narrow_terminal_takes_two_lines_a_session() -> None:
    from cardside.tui.listing import render_list

    rows: list[list[object]] = [
        [
            1,
            "schnapsen-played-vs-strong",
            "schnapsen",
            "play",
            "2026-11-29 18:01",
            "countdown: Ann 5 · Bot 2 0",
            "won: Bot 2",
        ],
        [
            10,
            "iota-kept-grid",
            "iota",
            "keep",
            "2026-11-30 14:45",
            "Ann 40 · Bob 242",
            "in progress",
        ],
    ]
    wide = render_list(rows, 200)
    assert wide == render_list(rows) and len(wide.splitlines()) == 4
    lines = render_list(rows, 50).splitlines()
    assert lines[0] == "1   schnapsen-played-vs-strong"
    assert all(len(line) <= 50 for line in lines)
    second = lines.index("10  iota-kept-grid")
    assert " ".join(lines[1:second]).split() == (
        "schnapsen play, 2026-11-29 18:01; countdown: Ann 5 · Bot 2 0; won: Bot 2".split()
    )
    assert (
        " ".join(lines[second + 1 :]).split()[-5:] == "Ann 40 · Bob 242; in progress".split()[-5:]
    )


def test_a_table_whose_last_header_does_not_fit_is_written_as_records() -> None:
    """Scores under long player names: wrapping the last column cannot help, so each row
    becomes a record rather than a header running past the width."""
    names = ["Annabelle-Longname", "Bartholomew-Smith", "Cordelia-Whitmore", "Dietrich-Braunfels"]
    lines = render(["round", *names], [[1, 34, 6, "", ""]], width=80).splitlines()
    assert lines == ["round 1", "  Annabelle-Longname 34, Bartholomew-Smith 6"]


def test_the_narrow_session_list_never_splits_a_score_or_the_result() -> None:
    from cardside.tui.listing import render_list

    rows: list[list[object]] = [
        [
            5,
            "schp",
            "schnapsen",
            "play",
            "2026-12-01 18:53",
            "countdown: You 0 · Bot 2 7",
            "won: You",
        ],
        [1, "litp", "lineit", "play", "2026-12-01 19:02", "You 4 · Bot 2 3", "in progress"],
    ]
    lines = render_list(rows, 60).splitlines()
    assert all(len(line) <= 60 for line in lines)
    assert lines[:3] == [
        "5   schp",
        "    schnapsen play, 2026-12-01 18:53; countdown: You 0 ·",
        "    Bot 2 7; won: You",
    ]
    assert lines[3:] == [
        "1   litp",
        "    lineit play, 2026-12-01 19:02; You 4 · Bot 2 3;",
        "    in progress",
    ]


def test_the_session_list_shortens_the_date_before_it_takes_two_lines() -> None:
    """A 3-player row of 102 columns fits 100 without the year and 90 without the time; the
    two-line form comes only after that, and its second line fits 80 columns."""
    from cardside.tui.listing import render_list

    rows: list[list[object]] = [
        [
            1,
            "lineit-play-20261203-2239",
            "lineit",
            "play",
            "2026-12-03 22:39",
            "You 25 · Bot 2 31 · Bot 3 18",
            "won: Bot 2",
        ],
        [2, "kitchen", "octrix", "keep", "2026-11-25 19:40", "Ann 97 · Bob 53", "won: Ann"],
    ]
    full = render_list(rows).splitlines()
    assert max(map(len, full)) == 102 and full[2].count("2026-12-03 22:39") == 1
    for width, date in ((100, "12-03 22:39  "), (94, "12-03  ")):
        lines = render_list(rows, width).splitlines()
        assert len(lines) == 4 and max(map(len, lines)) <= width, (width, lines)
        assert date in lines[2] and "2026-" not in lines[2]
    lines = render_list(rows, 80).splitlines()
    assert render_list(rows, 85).splitlines() == lines
    # On a line of its own the date is whole again: the year tells a year's sessions apart.
    assert lines == [
        "1   lineit-play-20261203-2239",
        "    lineit play, 2026-12-03 22:39; You 25 · Bot 2 31 · Bot 3 18; won: Bot 2",
        "2   kitchen",
        "    octrix keep, 2026-11-25 19:40; Ann 97 · Bob 53; won: Ann",
    ]


def test_the_session_list_at_40_columns_stays_inside_and_no_line_starts_with_a_mark() -> None:
    from cardside.tui.listing import render_list

    teams = "Annabelle-Longname & Cordelia-Whitmore 97 | Bartholomew & Dietrich 17"
    rows: list[list[object]] = [
        [1, "octp", "octrix", "play", "2026-12-01 19:14", teams, "in progress"],
        [2, "iotp", "iota", "play", "2026-12-01 19:14", "You 0 | Bot 2 13 | Bot 3 8", "won: You"],
        [3, "lip", "lineit", "play", "2026-12-01 19:14", "Ann 4 | Bob 3", "in progress"],
    ]
    lines = render_list(rows, 40).splitlines()
    assert all(len(line) <= 40 for line in lines), lines
    assert not any(line.lstrip().startswith(("|", "·")) for line in lines), lines
    assert "    Bot 2 13 | Bot 3 8; won: You" in lines  # a score and the result stay whole


def test_a_dash_among_numbers_lines_up_with_them_and_stays_left_among_words() -> None:
    lines = render(
        ["player", "pile", "note"], [["Ann", 20, "-"], ["Bob", "-", "kept"]]
    ).splitlines()
    assert lines[2] == "Ann       20  -"
    assert lines[3] == "Bob        -  kept"
    assert render(["a", "b"], [["x", "-"]], right=False).splitlines()[2] == "x  -"


def test_a_record_keeps_each_header_and_value_on_one_line() -> None:
    headers = ["round", "You & Bot 3", "Bot 2 & Bot 4", "You & Bot 3 total", "Bot 2 & Bot 4 total"]
    text = render(headers, [[1, 20, 2, 20, 2]], width=40)
    lines = text.splitlines()
    assert lines[0] == "round 1"
    fields = [f.strip() for line in lines[1:] for f in line.split(",") if f.strip()]
    assert fields == [
        "You & Bot 3 20",
        "Bot 2 & Bot 4 2",
        "You & Bot 3 total 20",
        "Bot 2 & Bot 4 total 2",
    ]
    assert all(len(line) <= 40 for line in lines) and "\u00a0" not in text


def test_wide_characters_take_two_columns_and_marks_none() -> None:
    assert display_width("Ann") == 3
    assert display_width("李明") == 4
    assert display_width("Zoë") == 3 and display_width("Zoe\u0308") == 3
    assert display_width("\x1b[31mAnn\x1b[0m") == 3
    assert pad("李明", 6) == "李明  " and pad("Annabel", 3) == "Annabel"


def test_a_table_with_wide_names_keeps_its_columns_in_line() -> None:
    table = render(["round", "李明", "Bob", "note"], [[1, 12, 3, "x"], [2, 5, 40, "y"]])
    assert table.splitlines() == [
        "round  李明  Bob  note",
        "-----  ----  ---  ----",
        "1        12    3  x",
        "2         5   40  y",
    ]


def test_numbers_are_right_aligned_and_a_column_of_names_never_is() -> None:
    table = render(["#", "name", "score"], [[1, "12.0", 5], [2, "friday", "-"], [3, "1.5", 40]])
    lines = table.splitlines()
    # Names that read as numbers stay to the left among the others; scores to the right, the
    # dash for none with them.
    assert [line[3:9] for line in lines[2:]] == ["12.0  ", "friday", "1.5   "]
    assert [line[-5:] for line in lines[2:]] == ["    5", "    -", "   40"]
    # A word among a column's numbers (an IOTA turn passed) lines up with them.
    turns = render(["round", "Ann"], [[1, 12], [2, "pass"], [3, 9]]).splitlines()
    assert turns[2:] == ["1        12", "2      pass", "3         9"]


def test_wrapping_never_goes_narrower_than_ten_columns() -> None:
    assert wrap_words("aaaa bbbb cccc", 3) == ["aaaa bbbb", "cccc"]
    assert wrap_words("aaaé bbbb cccc", 3) == ["aaaé bbbb", "cccc"]


def test_wide_names_wrap_by_the_columns_they_take() -> None:
    """A line of Chinese names stays inside 40 columns, where counting characters would let
    it run to twice that; no word is lost or split."""
    text = "matches won: 王小明王小明王小明 1 · Bob 0; note 王小明王小明王小明 wins 3 game points"
    lines = wrap_words(text, 40, "  ")
    assert all(display_width(line) <= 40 for line in lines) and len(lines) == 3
    assert " ".join(line.strip() for line in lines) == text


@given(
    st.lists(st.text(alphabet="ab éü王明", min_size=1, max_size=12), min_size=1, max_size=12),
    st.integers(min_value=10, max_value=60),
)
def test_wrapping_by_columns_keeps_every_word_and_fits(words: list[str], width: int) -> None:
    text = " ".join(words)
    lines = wrap_words(text, width, "> ")
    assert " ".join(line[2:] for line in lines).split() == text.split()
    # A line is wider than asked only when it is one word too long for any line.
    assert all(display_width(line) <= width or len(line[2:].split()) == 1 for line in lines)
    if text.isascii() and "  " not in text and text == text.strip():
        # Where both apply, the columns' wrapping breaks plain text as textwrap does.
        assert (
            _wrap_by_columns(text, width, "> ")
            == lines
            == textwrap.wrap(
                text,
                width,
                initial_indent="> ",
                subsequent_indent="> ",
                break_long_words=False,
                break_on_hyphens=False,
            )
        )


def test_a_wide_cell_breaks_at_its_space_rather_than_run_past_the_edge() -> None:
    """A cell held whole (a result, a team) is measured in columns too: a Chinese one wider
    than the room breaks at its space."""
    lines = render(["name", "winner", "note"], [["s1", "欧阳 张伟张伟张伟张伟", "x"]], width=24)
    assert all(display_width(line) <= 24 for line in lines.splitlines()), lines


def test_later_lines_may_take_their_own_indent() -> None:
    text = "1. 张伟 gave up 14% of the chance to win the match, by far the costliest move"
    for words in (text, text.replace("张伟", "Ann")):
        lines = wrap_words(words, 30, "", "   ")
        assert lines[0].startswith("1. ") and all(line.startswith("   ") for line in lines[1:])
        assert all(display_width(line) <= 30 for line in lines)
