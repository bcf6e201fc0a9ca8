"""Keeping only the sheet: Octrix rounds from counting cards; every keeper shows the dealer."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.core.errors import IllegalActionError, NotationError
from cardside.games.octrix.keep import OctrixLedger, parse_round
from cardside.sessions import sheets, store


def test_a_round_from_counting_cards_derives_the_rest() -> None:
    assert parse_round("Ann 1 3 4", ["Ann", "Bob"]) == [[1, 3, 4], [2, 5, 6, 7, 8]]
    assert parse_round("bob 2 1 3, Cy -", ["Ann", "Bob 2", "Cy"]) == [
        [2, 4, 5, 6, 7, 8],
        [1, 3],
        [],
    ]
    ledger = OctrixLedger(["Ann", "Bob"])
    report = ledger.enter_round(parse_round("Ann 1 3 4 5 8", ["Ann", "Bob"]))
    assert report.counting == ((1, 3, 4, 5, 8), (2, 6, 7))
    assert report.scores == (11, 5) and ledger.totals == [11, 5] and ledger.round_no == 2


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("Ann 1", NotationError, "say which of Bob and Cy won 2 3 4 5 6 7 8, on the same line"),
        ("Ann", NotationError, "give the counting cards Ann won after the name"),
        ("Ann 1 2 Bob", NotationError, "give the counting cards Bob won after the name"),
        ("Zed 1", NotationError, "'Zed' is not a player"),
        ("Ann 1 Ann 2", NotationError, "Ann is named twice"),
        ("Ann 1 2; Bob 3", NotationError, "^'2;' is not a counting card"),
        ("Ann 1 Bob x 3", NotationError, "^'x' is not a player"),
        # A number at fault is named before the players left out are asked for.
        ("Ann 1 2 3 9", IllegalActionError, "^counting cards run from 1 to 8, not 9$"),
        ("Ann 1 1 2", IllegalActionError, r"^counting card 1 is given twice \(Ann has it\)$"),
        ("Ann 1 Bob 1", IllegalActionError, r"^counting card 1 is given twice \(Ann has it\)$"),
    ],
)
def test_a_round_that_cannot_be_read_says_why(text: str, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        parse_round(text, ["Ann", "Bob", "Cy"])


def test_a_partnership_round_needs_one_player_of_a_side_and_a_colon_may_follow_a_name() -> None:
    names, sides = ["Ann", "Bob", "Cy", "Di"], [(0, 2), (1, 3)]
    assert parse_round("Ann 1 2", names, sides) == [[1, 2], [3, 4, 5, 6, 7, 8], [], []]
    assert parse_round("Cy 1 2 Ann 3", names, sides) == [[3], [4, 5, 6, 7, 8], [1, 2], []]
    assert parse_round("Ann: 1 2", ["Ann", "Bob"]) == [[1, 2], [3, 4, 5, 6, 7, 8]]
    with pytest.raises(NotationError, match="say which of Bob and Cy and Di won"):
        parse_round("Ann 1 2", names)  # each for themselves: three players left out


def test_keep_answers_a_round_under_a_name_that_is_no_player_s(
    runner: CliRunner, data_dir: Path
) -> None:
    result = runner.invoke(
        main,
        ["octrix", "keep", "--names", "Ann,Bob", "--no-hands"],
        input="Cy 1 2\nDi -\nAnn\nquit\n",
    )
    assert result.exit_code == 0, result.output
    assert "  'Cy' is not a player here (Ann or Bob) (type help)" in result.output
    assert "  'Di' is not a player here (Ann or Bob) (type help)" in result.output
    assert "give the counting cards Ann won after the name, e.g. Ann 1 3 4" in result.output
    assert store.load(store.list_paths(data_dir)[0]).entries == []


@pytest.mark.parametrize(
    ("counting", "message"),
    [
        ([[1, 2, 9], [3]], "counting cards run from 1 to 8, not 9"),
        ([[1, 2], [2, 3, 4, 5, 6, 7, 8]], "counting card 2 is given twice"),
        ([[1, 2], [3, 4]], "counting cards 5 6 7 8 belong to nobody"),
        ([[1, 2, 3, 4, 5, 6], [7]], "counting card 8 belongs to nobody"),
    ],
)
def test_an_impossible_round_is_refused(counting: list[list[int]], message: str) -> None:
    with pytest.raises(IllegalActionError, match=message):
        OctrixLedger(["Ann", "Bob"]).enter_round(counting)


def test_octrix_keep_takes_a_round_shows_the_dealer_and_saves_it(
    runner: CliRunner, data_dir: Path
) -> None:
    script = ["Ann 1 3 4 5 8", "8C 3H", "Ann 1", "undo", "Bob 1 2 3 4 5 6 7", "help", "quit"]
    result = runner.invoke(
        main,
        ["octrix", "keep", "--names", "Ann,Bob", "--no-hands", "--dealer", "bob", "--session", "q"],
        input="\n".join(script) + "\n",
    )
    out = result.output
    assert result.exit_code == 0, out
    assert "Round 1 (dealer Bob), 0 of 8 tricks entered" in out
    assert "Ann: [1] [3 4 5] [8] = 1+9+1 = 11  (total 11)" in out
    assert "Round 2: Ann deals." in out
    assert "round 2 already has 1 trick; finish it trick by trick" in out
    assert "Bob: [1 2 3 4 5 6 7] = 49  (total 54)" in out
    assert "Or a whole round at once" in out
    session = store.load(data_dir / "sessions" / "q.toml")
    assert session.options["first_dealer"] == 1
    assert session.totals == [12, 54] and sheets.mismatches(session) == []
    assert {"type": "round", "counting": [[1, 3, 4, 5, 8], [2, 6, 7]]} in session.entries


def test_octrix_keep_with_hands_asks_for_the_tricks(runner: CliRunner, data_dir: Path) -> None:
    with pytest.raises(IllegalActionError, match="kept with hands"):
        OctrixLedger(["Ann", "Bob"], hands=True).enter_round([[1], [2, 3, 4, 5, 6, 7, 8]])


def test_a_dealer_who_is_not_playing_is_refused(runner: CliRunner, data_dir: Path) -> None:
    for game in ("octrix", "schnapsen"):
        result = runner.invoke(main, [game, "keep", "--names", "Ann,Bob", "--dealer", "Cy"])
        assert result.exit_code == 2 and "'Cy' is not a player here (Ann or Bob)" in result.output


def test_schnapsen_keep_shows_who_deals_each_deal(runner: CliRunner, data_dir: Path) -> None:
    result = runner.invoke(
        main,
        ["schnapsen", "keep", "--names", "Ann,Bob", "--dealer", "Bob", "--session", "s"],
        input="Ann 1\nBob 2\nquit\n",
    )
    out = result.output
    assert "Deal 1, Bob deals (e.g. Ann 2" in out and "Deal 2, Ann deals (e.g. Ann 2" in out
    assert "Deal 3, Bob deals (e.g. Ann 2" in out
    assert store.load(data_dir / "sessions" / "s.toml").options["first_dealer"] == 1
    default = runner.invoke(main, ["schnapsen", "keep", "--names", "Ann,Bob"], input="quit\n")
    assert "Deal 1, Ann deals (e.g. Ann 2" in default.output


@pytest.mark.parametrize(
    ("replace", "message"),
    [
        ("counting = [\n    [\n        1,", "counting = [\n    [\n        99,"),
        ('type = "round"', 'type = "round"\nextra = 1'),
    ],
)
def test_a_hand_edited_round_entry_is_refused_in_one_line(
    runner: CliRunner, data_dir: Path, replace: str, message: str
) -> None:
    runner.invoke(
        main,
        ["octrix", "keep", "--names", "Ann,Bob", "--no-hands", "--session", "e"],
        input="Ann 1 3 4\nquit\n",
    )
    path = data_dir / "sessions" / "e.toml"
    text = path.read_text()
    assert replace in text
    path.write_text(text.replace(replace, message))
    result = runner.invoke(main, ["sessions", "verify", str(path)])
    assert result.exit_code == 1 and "entry 1" in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert isinstance(result.exception, SystemExit)


def test_the_octrix_hands_question_takes_only_yes_or_no(tmp_path: Path) -> None:
    """A line that is neither answer is asked again, not taken as 'no'."""
    runner = CliRunner()
    args = ["--data-dir", str(tmp_path), "octrix", "keep", "--names", "Ann,Bob"]
    result = runner.invoke(main, [*args, "--session", "h"], input="Ann 1 3 4\ny\nquit\n")
    assert result.exit_code == 0, result.output
    assert "answer y or n" in result.output
    assert store.load(store.sessions_dir(tmp_path) / "h.toml").options["hands"] is True


def test_help_at_a_yes_no_question_explains_it_and_asks_again(tmp_path: Path) -> None:
    runner = CliRunner()
    args = ["--data-dir", str(tmp_path), "linesbeta", "keep", "--difficulty", "easy"]
    result = runner.invoke(main, [*args, "--session", "q"], input="help\ny\n\nquit\n")
    assert result.exit_code == 0, result.output
    assert "answer y (yes) or n (no), or short or full; Enter is no" in result.output
    options = store.load(store.sessions_dir(tmp_path) / "q.toml").options
    assert options["length"] == "short" and options["grid"] is False


def test_quit_at_the_octrix_hands_question_saves_nothing(tmp_path: Path) -> None:
    runner = CliRunner()
    args = ["--data-dir", str(tmp_path), "octrix", "keep", "--names", "Ann,Bob"]
    result = runner.invoke(main, [*args, "--session", "q"], input="quit\n")
    assert result.exit_code == 0
    assert "nothing saved" in result.output
    assert not list(tmp_path.rglob("*.toml"))
