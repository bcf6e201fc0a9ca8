"""``cardside iota``: score, rules, simulate, keep and play through the real command line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardside.cli.main import main
from cardside.games.iota.bots import GreedyBot
from cardside.games.iota.notation import format_action
from cardside.games.iota.state import IotaState
from cardside.sessions import sheets, store

EXAMPLE_GRID = "RC2 0,0 GT2 -2,0 BX2 -1,0 YC1 0,1 GC3 0,-1"


def only_session(data_dir: Path) -> Path:
    files = store.list_paths(data_dir)
    assert len(files) == 1
    return files[0]


# -- score ---------------------------------------------------------------------------------------
def test_score_quick_gives_the_seed_checks(runner: CliRunner) -> None:
    result = runner.invoke(main, ["iota", "score", "8", "4", "5", "--lots", "1"])
    assert result.exit_code == 0
    assert result.output.strip() == "(8 + 4 + 5) × 2 (one lot) = 34"
    result = runner.invoke(main, ["iota", "score", "10", "10", "6", "--lots", "2", "--all4"])
    assert result.output.strip().endswith("(2 lots, all 4 cards) = 208")
    result = runner.invoke(main, ["iota", "score", "3", "2+1", "--final"])
    assert result.output.strip() == "(3 + 3) × 2 (final turn) = 12"
    result = runner.invoke(main, ["--ascii", "iota", "score", "8", "4", "5", "--lots", "1"])
    assert result.output.strip() == "(8 + 4 + 5) x 2 (one lot) = 34"


def test_score_quick_of_one_line_and_of_the_smallest_lot(runner: CliRunner) -> None:
    """A lone undoubled line is its value, said so; a lot of two 1s and both wilds is worth 2."""
    result = runner.invoke(main, ["iota", "score", "5"])
    assert result.exit_code == 0 and result.output == "5 (one line, nothing doubles it)\n"
    result = runner.invoke(main, ["iota", "score", "2", "--lots", "1"])
    assert result.exit_code == 0 and result.output.strip() == "2 × 2 (one lot) = 4"
    # Brackets only where something doubles the sum.
    result = runner.invoke(main, ["iota", "score", "8", "4"])
    assert result.exit_code == 0 and result.output == "8 + 4 = 12\n"


def test_score_refuses_lines_needing_more_wilds_and_grids_without_the_starter(
    runner: CliRunner,
) -> None:
    result = runner.invoke(main, ["iota", "score", "0", "0"])
    assert result.exit_code == 1 and result.exception is not None
    assert "need more than the game's 2 wilds" in result.output
    result = runner.invoke(main, ["iota", "score", "--grid", "RC1 5,5", "--play", "RC2 5,6"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "not a position of the game: the starter card lies at 0,0" in result.output
    result = runner.invoke(main, ["iota", "score", "--grid", " ", "--play", "RC3 2,0"])
    # Nothing typed is a slip of typing, as an empty --play is.
    assert result.exit_code == 2 and "name the cards on the table" in result.output
    result = runner.invoke(main, ["iota", "score", "--grid", "RC1 0,0", "--play", "RC2 0,1"])
    assert result.exit_code == 0 and "score: 3" in result.output


def test_score_quick_points_keep_words_to_their_options(runner: CliRunner) -> None:
    """lot, all4 and final typed as keep takes them are answered with the options that
    say them here."""
    for word, option in [("lot", "--lots 1"), ("LOT", "--lots 1"), ("all4", "--all4")]:
        result = runner.invoke(main, ["iota", "score", "8", "4", "5", word])
        assert result.exit_code == 1
        assert "not a number" not in result.output
        assert f"write {option}" in result.output and "--lots N, --all4, --final" in result.output
    result = runner.invoke(main, ["iota", "score", "3", "final"])
    assert "write --final" in result.output
    # Said first, before the count of lines; lots=2 as keep takes it; --lots already given.
    for args, option in [
        (["8", "4", "5", "3", "2", "lot"], "--lots 1"),
        (["8", "4", "lots=2"], "--lots 2"),
        (["8", "4", "5", "lot", "--lots", "1"], "--lots 2"),
    ]:
        result = runner.invoke(main, ["iota", "score", *args])
        assert result.exit_code == 1 and f"write {option} (" in result.output, result.output


def test_score_quick_notes_a_value_typed_after_lots(runner: CliRunner) -> None:
    """``8 4 --lots 1 5``: the 5 is a line's value, said on stderr so the figures stay clean;
    all the values on one side of the option, or after ``--``, are read without a note."""
    result = runner.invoke(main, ["iota", "score", "8", "4", "--lots", "1", "5"])
    assert result.exit_code == 0 and result.stdout.strip() == "(8 + 4 + 5) × 2 (one lot) = 34"
    assert result.stderr == (
        "note: 5, typed after --lots 1, is read as a line's value (each --lots takes one value)\n"
    )
    result = runner.invoke(main, ["iota", "score", "--json", "8", "--lots=1", "4", "5"])
    assert json.loads(result.stdout)["score"] == 34
    assert result.stderr.startswith("note: 4 5, typed after --lots 1, are read as lines' values")
    for args in (["--lots", "1", "8", "4", "5"], ["8", "4", "5", "--lots", "1"]):
        result = runner.invoke(main, ["iota", "score", *args])
        assert result.stdout.strip().endswith("= 34") and result.stderr == "", args
    result = runner.invoke(main, ["iota", "score", "8", "4", "--lots", "1", "--", "5"])
    assert result.stdout.strip().endswith("= 34") and result.stderr == ""


def test_score_quick_json(runner: CliRunner) -> None:
    result = runner.invoke(
        main, ["iota", "score", "--json", "10", "10", "6", "--lots", "2", "--all4"]
    )
    data = json.loads(result.output)
    assert data["score"] == 208 and data["lines"] == [10, 10, 6]
    assert data["doublings"] == ["lot 1", "lot 2", "all 4 cards"]
    data = json.loads(runner.invoke(main, ["iota", "score", "--json", "5", "--final"]).output)
    assert data["score"] == 10 and data["doublings"] == ["final turn"]


def test_score_refuses_impossible_turns_in_one_line(runner: CliRunner) -> None:
    for args, message in [
        (["5", "--all4"], "all4 needs at least one lot"),
        # Four cards are the whole of their line and reach the grid across it.
        (["6", "--lots", "1", "--all4"], "all4 makes at least 2 lines"),
        (["5", "--lots", "2"], "2 lots but only 1 line"),
        (["17"], "a line is worth 0 to 16"),
        # Numbers all the same or all different: no line is worth 11, 13, 14 or 15, and only
        # four cards, a lot, make 10 or 16.
        *(
            (["5", str(v), "--lots", "1"], f"no line is worth {v}: 2 or 3 cards")
            for v in (11, 13, 14, 15)
        ),
        (["16"], "a line worth 10 or 16 has 4 cards, a lot: 1 such line but 0 lots"),
        (["10", "16", "--lots", "1"], "2 such lines but 1 lot"),
        (["1", "1", "1", "1", "1", "1"], "at most 5 lines"),
        (["2", "2", "2", "2", "2"], "5 lines take all 4 cards of a hand"),
        (["--grid", "RC2 0,0", "--play", "YS2 1,0", "--lots", "1"], "leave out --lots"),
        (["1", "1", "1", "1", "1"], "hand: all 4 cards were played, which make a lot (all4)"),
        (["1", "1", "1", "1", "1", "--lots", "1"], "hand: all 4 cards were played (all4)\n"),
        (["0", "--lots", "1"], "a lot holds at least 2 numbered cards"),
        (["1", "5", "--lots", "2"], "worth 2 or more"),
        (["x"], "not a number"),
        ([], "give the value of each line"),
        (["--play", "RC1 1,0"], "need --grid"),
        (["--grid", "RC1 0,0 RC1 1,0", "--play", "YS2 2,0"], "RC1 is named twice"),
        (["--grid", "RC1 0,0 RC2 2,0", "--play", "YS2 3,0"], "not connected"),
        (["--grid", "RC1 0,0 RC2 2,0 RC3 4,0", "--play", "YS2 1,0"], "card at 2,0 is not conn"),
        (["--grid", "RC1 0,0 YS2 0,0", "--play", "GT3 1,0"], "--grid: 0,0 is named twice"),
        (["--grid", "RC1 0,0 W 1,0 W 0,1 W 1,1", "--play", "GT3 2,0"], "--grid: there are only 2"),
        (["--grid", "RC1 0,0"], "give --play, --best or both"),
        (["--grid", "RC1 0,0", "--play", "YS2 1,0 YS2 2,0"], "--play: YS2 is named twice"),
        (["--grid", "RC1 0,0", "--play", "W 1,0 W 2,0 W 3,0"], "only 2 wilds"),
        (["--grid", "RC1 0,0 W 1,0 W 2,0", "--play", "W 3,0"], "the grid holds 2"),
        (["--grid", "RC1 0,0", "--best", "--hand", "YS2 YS2"], "--hand: YS2 is named twice"),
        (["--grid", "RC1 0,0 W 1,0", "--best", "--hand", "W W"], "--hand: there are only 2"),
        (
            ["--grid", "RC1 0,0", "--best", "--hand", "YS2 GT3 BX4 RS2 YC3"],
            "a hand holds 1 to 4 cards, not 5",
        ),
        (["--grid", "RC1 0,0 YS2 1,0", "--best", "--hand", "GT3 YS2"], "YS2 is in the hand and on"),
    ]:
        result = runner.invoke(main, ["iota", "score", *args])
        assert result.exit_code != 0, args
        assert message in result.output, (args, result.output)
        assert isinstance(result.exception, SystemExit)
        assert len([ln for ln in result.output.splitlines() if ln.startswith("Error")]) == 1
    # nothing to score is a usage error, as in the other games' score
    assert runner.invoke(main, ["iota", "score"]).exit_code == 2


def test_score_on_the_grid_shows_every_line(runner: CliRunner) -> None:
    result = runner.invoke(
        main, ["iota", "score", "--grid", EXAMPLE_GRID, "--play", "YS2 1,0 RT3 1,1"]
    )
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "YS2 1,0 RT3 1,1 is legal."
    assert "  row y=0: GT2 BX2 RC2 YS2 = 8 (a lot)" in lines
    assert "  row y=1: YC1 RT3 = 4" in lines and "  column x=1: YS2 RT3 = 5" in lines
    assert lines[-1] == "  score: (8 + 5 + 4) × 2 (one lot) = 34"


def test_score_on_the_grid_reads_commas_between_cards_and_cells(runner: CliRunner) -> None:
    """A comma after a card or between placements, as in a written list, separates them;
    only a comma between two numbers joins a cell."""
    for grid, play in [
        ("RC2, 0,0, YS2, 1,0", "GT2, 2,0"),
        ("RC2 0, 0, YS2 (1, 0)", "GT2 2 ,0"),
    ]:
        result = runner.invoke(main, ["iota", "score", "--grid", grid, "--play", play])
        assert result.exit_code == 0, result.output
        assert "row y=0: RC2 YS2 GT2 = 6" in result.output


def test_score_on_the_grid_says_why_a_play_is_illegal(runner: CliRunner) -> None:
    result = runner.invoke(main, ["iota", "score", "--grid", EXAMPLE_GRID, "--play", "YS3 1,0"])
    assert result.exit_code == 1
    assert result.output.strip() == (
        "YS3 1,0 is not legal: row y=0 (-2,0 to 1,0) would hold 3 twos and a three."
    )
    data = json.loads(
        runner.invoke(
            main, ["iota", "score", "--json", "--grid", EXAMPLE_GRID, "--play", "YS2 5,5"]
        ).output
    )
    assert data["legal"] is False and "touches no card" in data["reason"]
    # Tab offers a cell away from the grid (more cards may reach it): the refusal says so.
    far = runner.invoke(main, ["iota", "score", "--grid", "RC1 0,0", "--play", "YS2 0,4"])
    assert far.exit_code == 1 and far.output.strip() == (
        "YS2 0,4 is not legal: the card touches no card already on the grid "
        "(a card away from it needs others to reach it)."
    )
    args = ["iota", "score", "--grid", "RC1 0,0 YS2 1,0", "--play", "RC1 0,1"]
    result = runner.invoke(main, args)
    assert result.exit_code == 1
    assert result.output.strip() == "RC1 0,1 is not legal: RC1 is already on the grid."


def test_score_best_refuses_a_hand_that_does_not_hold_the_play(runner: CliRunner) -> None:
    grid = ["iota", "score", "--grid", "RC2 0,0 YS2 1,0", "--play", "GT2 2,0", "--best"]
    result = runner.invoke(main, [*grid, "--hand", "GT3 BX2"])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert "--play lays GT2, which --hand does not hold" in result.output
    held = runner.invoke(main, [*grid, "--hand", "GT2 BX2"])
    assert held.exit_code == 0 and "Best play for GT2 BX2" in held.output


def test_score_on_the_grid_doubles_the_final_turn(runner: CliRunner) -> None:
    """--final doubles a checked play, and --best doubles only plays of the whole hand."""
    grid = ["iota", "score", "--grid", "RC1 0,0 YC2 1,0", "--final"]
    result = runner.invoke(main, [*grid, "--play", "GC3 2,0 BC4 3,0"])
    assert result.exit_code == 0
    assert result.output.splitlines()[-1] == "  score: 10 × 2 × 2 (one lot, final turn) = 40"
    data = json.loads(runner.invoke(main, [*grid, "--json", "--play", "GC3 2,0 BC4 3,0"]).output)
    assert data["score"] == 40 and data["final"] is True
    result = runner.invoke(main, [*grid, "--best", "--hand", "GC3 BC4"])
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        "Best play for GC3 BC4: 40 points",
        "  GC3 -2,0 BC4 -1,0",
        "  BC4 -2,0 GC3 -1,0",
        "  GC3 -1,0 BC4 2,0",
        "  BC4 -1,0 GC3 2,0",
        "  GC3 2,0 BC4 3,0",
        "  (and 1 more scoring 40)",
    ]
    one = runner.invoke(main, ["iota", "score", "--grid", "RC1 0,0", "--best", "--hand", "W"])
    assert one.output.splitlines()[0] == "Best play for W: 1 point"


#: 24 cards of a legal game: more than a turn's line can hold.
GRID_OF_24 = (
    "RT2 -2,-2 YT2 -1,-2 RC3 -1,-1 GC4 -1,1 YT4 0,-1 RT4 0,0 GT4 0,1 YX3 1,-2 BX1 1,-1 "
    "GX4 1,0 RC1 1,2 YX4 1,3 YC1 2,-2 YS4 2,0 BX2 2,1 RT3 2,2 GC1 2,3 RX4 3,-1 BC4 3,0 "
    "GS4 3,1 YS1 4,-1 YT1 4,1 GC2 4,2 GC3 5,-1"
)
#: The end of a whole game: 65 cards on the grid, BT3 the only card left.
GRID_OF_65 = (
    "YS1 -9,4 RC4 -9,5 RT1 -8,3 GS3 -8,4 YC4 -8,5 BT2 -7,3 BS2 -7,4 YS3 -6,-8 RS3 -6,-7 "
    "GT1 -6,2 GT3 -6,3 RC2 -5,-8 GX2 -5,-7 YS2 -5,-6 BX2 -5,0 BT4 -5,1 BS1 -5,2 GX1 -4,-8 "
    "RT3 -4,-6 GS4 -4,-5 BC1 -4,-4 YX2 -4,-3 YS4 -4,-1 YT3 -4,0 YC2 -4,1 YX1 -4,2 YX3 -3,-7 "
    "GC4 -3,-6 BT1 -3,-5 YC3 -3,-1 GC1 -3,0 RC1 -3,2 GX3 -2,-7 BX1 -2,-6 RX2 -2,-5 YX4 -2,-4 "
    "YT1 -2,-1 RS4 -2,0 GC2 -2,1 GS1 -1,-4 RX4 -1,-3 BC2 -1,-2 W -1,1 GT2 -1,2 RS1 0,-5 "
    "BC3 0,-4 GX4 0,-3 YT2 0,-2 YC1 0,0 BX3 0,1 GT4 0,2 BS4 1,-6 GC3 1,-5 RT2 1,-4 RS2 1,-2 "
    "RX1 1,-1 RC3 1,0 RT4 1,1 BS3 2,-6 BX4 2,-5 GS2 2,-1 BC4 2,0 YT4 3,-1 W 3,0 RX3 3,1"
)


def test_score_reads_a_grid_as_large_as_a_whole_game(runner: CliRunner) -> None:
    """A mid-game grid of 24 cards and a finished game's 65 are read, written plainly or with
    a comma and a space in every cell; more cards than the game has are refused."""
    result = runner.invoke(main, ["iota", "score", "--grid", GRID_OF_24, "--best", "--hand", "W"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == ["Best play for W: 32 points", "  W 3,-2"]
    spaced = GRID_OF_65.replace(",", ", ").replace(" -", " (-") + ","
    for grid in (GRID_OF_65, spaced):
        result = runner.invoke(main, ["iota", "score", "--grid", grid, "--best", "--hand", "BT3"])
        assert result.exit_code == 0, result.output
        assert result.output.splitlines()[0] == "Best play for BT3: 8 points"
    more = GRID_OF_65 + " BT3 9,9" * 2
    result = runner.invoke(main, ["iota", "score", "--grid", more, "--best", "--hand", "W"])
    assert result.exit_code == 1 and result.exception is not None
    assert "the game has only 66 cards, not 67" in result.output


def test_score_refuses_a_final_turn_that_leaves_cards_in_the_hand(runner: CliRunner) -> None:
    """The final turn plays the player's last card: a play of 1 card from a hand of 4 is not
    it, with --best or without."""
    grid = ["iota", "score", "--grid", "RC2 0,0 YS2 1,0", "--play", "GT2 2,0", "--final"]
    for more in (["--best"], []):
        result = runner.invoke(main, [*grid, *more, "--hand", "GT2 BX2 W RC1"])
        assert result.exit_code == 1 and result.exception is not None
        assert result.output.startswith(
            "Error: --final: the final turn plays the player's last card, but --play lays "
            "1 card of the 4 --hand holds"
        )
    whole = runner.invoke(main, [*grid, "--hand", "GT2"])
    assert whole.exit_code == 0 and whole.output.splitlines()[-1] == (
        "  score: 6 × 2 (final turn) = 12"
    )


def test_score_on_the_grid_labels_its_total(runner: CliRunner) -> None:
    args = ["iota", "score", "--grid", "RC2 0,0 YS2 1,0", "--play", "GT2 2,0"]
    result = runner.invoke(main, args)
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        "GT2 2,0 is legal.",
        "  row y=0: RC2 YS2 GT2 = 6",
        "  score: 6",
    ]


def test_score_best_play_of_a_hand(runner: CliRunner) -> None:
    result = runner.invoke(
        main,
        ["iota", "score", "--json", "--grid", EXAMPLE_GRID, "--best", "--hand", "YS2 RT3"],
    )
    data = json.loads(result.output)
    # Better than the seed's 34: RT3 under YS2 also makes a row of 6 with GC3.
    assert data["best"] == [{"play": "RT3 1,-1 YS2 1,0", "score": 38}]
    assert data["play"] is None and "legal" not in data  # no play was given to judge
    result = runner.invoke(
        main, ["iota", "score", "--grid", EXAMPLE_GRID, "--play", "YS2 1,0", "--best"]
    )
    # The lot alone, doubled, at either end of the row.
    assert "Best play for YS2: 16 points\n  YS2 -3,0\n  YS2 1,0" in result.output


def test_score_best_says_pass_when_the_hand_has_no_play(runner: CliRunner) -> None:
    """The wild at 1,0 must be a yellow triangle 2 or 3, which leaves this hand no cell."""
    grid = "YT2 0,0 RC3 0,-1 YT4 1,-1 BX1 2,-1 YT1 1,-2 W 1,0 RX4 2,-2"
    result = runner.invoke(
        main, ["iota", "score", "--grid", grid, "--best", "--hand", "RC4 RS2 YS1 BT1"]
    )
    assert result.exit_code == 0
    assert result.output == "The hand RC4 RS2 YS1 BT1 had no legal play there: pass.\n"


# -- rules and simulate --------------------------------------------------------------------------
def test_rules_page(runner: CliRunner) -> None:
    result = runner.invoke(main, ["iota", "rules"])
    assert result.exit_code == 0
    assert "x grows to the right, y grows upwards" in result.output
    assert "lot" in result.output and "wild" in result.output.lower()


def test_simulate_json_is_reproducible(runner: CliRunner) -> None:
    args = ["iota", "simulate", "--games", "4", "--bots", "greedy,random", "--seed", "5", "--json"]
    first = json.loads(runner.invoke(main, args).output)
    second = json.loads(runner.invoke(main, args).output)
    assert first == second
    assert first["games"] == 4 and sum(bot["wins"] for bot in first["bots"]) == 4
    own = first["iota"]
    assert own["last_card_share"] + own["passes_share"] + own["blocked_share"] == 1
    assert own["mean_turns"] > 10


def test_simulate_counts_a_blocked_grid_apart_from_passes() -> None:
    from cardside.games.iota.simulate import GameSummary, summarise

    games = [
        GameSummary((1.0, 0.0), (90, 40), 30, True),
        GameSummary((0.0, 1.0), (50, 60), 28, False),
        GameSummary((0.5, 0.5), (70, 70), 31, False, blocked=True),
        GameSummary((1.0, 0.0), (80, 20), 29, True),
    ]
    result = summarise(("greedy", "random"), 1, games)
    assert (result.last_card_share, result.passes_share, result.blocked_share) == (0.5, 0.25, 0.25)
    (note,) = result.summary().notes
    assert "on passes 25.0%, on a blocked grid 25.0%" in note


def test_simulate_checks_its_bots(runner: CliRunner) -> None:
    result = runner.invoke(main, ["iota", "simulate", "--bots", "greedy,robot"])
    assert isinstance(result.exception, SystemExit) and "unknown IOTA bot" in result.output
    result = runner.invoke(
        main, ["iota", "simulate", "--players", "4", "--bots", "greedy,random,random"]
    )
    assert isinstance(result.exception, SystemExit) and "one bot per seat, or two" in result.output


# -- keep ----------------------------------------------------------------------------------------
def test_keep_quick_entry_to_the_end(runner: CliRunner, data_dir: Path) -> None:
    script = "\n".join(
        [
            "Ann 8 4 5 lot",
            "Bob 3 3",
            "Ann 99",
            "Bob 2",
            "Bob pass",
            "Ann pass YS2",
            "Ann 10 10 6 lot lot all4 final",  # the pile cannot be empty yet
            *["Ann 3 3", "Bob 3 3"] * 9,
            "Ann 10 10 6 lot lot all4 final",
            "",
        ]
    )
    result = runner.invoke(
        main, ["iota", "keep", "--names", "Ann,Bob", "--session", "k"], input=script + "\n"
    )
    assert result.exit_code == 0, result.output
    assert "Ann: (8 + 4 + 5) × 2 (one lot) = 34" in result.output
    assert "a line is worth 0 to 16" in result.output
    assert "it is Ann's turn, not Bob's" in result.output
    assert "(10 + 10 + 6) × 2 × 2 × 2 × 2 (2 lots, all 4 cards, final turn) = 416" in result.output
    assert "a pass is entered as just pass: the cards exchanged are not kept" in result.output
    assert "this cannot be the last card: the pile starts with 57 cards" in result.output
    assert "Ann wins" in result.output
    session = store.load(only_session(data_dir))
    assert session.totals == [504, 60] and session.winners == ["Ann"]
    assert sheets.mismatches(session) == []
    # Ann's last card ended the game before Bob's turn of that round: blank, not 0.
    shown = runner.invoke(main, ["sessions", "show", "k"]).output
    last = [line.split() for line in shown.splitlines() if line[:1].isdigit()][-1]
    assert last[1:4] == ["416", "504", "60"], shown
    exported = json.loads(
        runner.invoke(main, ["sessions", "export", "k", "--format", "json"]).output
    )
    assert exported[0]["rounds"][-1]["scores"] == [416, None]


def test_keep_reads_a_turn_s_sums_as_score_does(runner: CliRunner, data_dir: Path) -> None:
    """8 + 4 is two lines in keep as in score (9+9 is no longer refused as a line of 18); a sum
    of card numbers stays one line's cards; the file keeps each line."""
    script = "Ann 8+4 5\nBob 9 + 9\nAnn 2 + 3 + 4\nBob 8 +4 lot\nquit\n"
    result = runner.invoke(
        main, ["iota", "keep", "--names", "Ann,Bob", "--session", "k"], input=script
    )
    assert result.exit_code == 0 and result.exception is None, result.output
    for said in ("Ann: 8 + 4 + 5 = 17", "Bob: 9 + 9 = 18", "Ann: 9", "(8 + 4) × 2 (one lot)"):
        assert said in result.output
    assert "(type help)" not in result.output
    entries = store.load(only_session(data_dir)).entries
    assert [e["lines"] for e in entries] == [[8, 4, 5], [9, 9], [9], [8, 4]]
    quick = runner.invoke(main, ["iota", "score", "9", "+", "9"])
    assert quick.exit_code == 0 and quick.output == "9 + 9 = 18\n"


def test_keep_names_the_players_when_a_turn_starts_with_another_name(
    runner: CliRunner, data_dir: Path
) -> None:
    """A misspelt name ahead of a turn is said to be no player's, with the players' names, on
    the quick sheet and with the grid; a unique start of a name is that player."""
    names = ["--names", "Annabelle,Bartholomew"]
    quick = runner.invoke(main, ["iota", "keep", *names], input="Bo 8 4\nquit\n")
    assert "'Bo' is not a player here (Annabelle or Bartholomew)" in quick.output
    assert "type the lines' values" not in quick.output
    grid = runner.invoke(main, ["iota", "keep", "--grid", *names], input="RC2\nBo YS2 1,0\nquit\n")
    assert "'Bo' is not a player here (Annabelle or Bartholomew)" in grid.output
    assert "is not a card" not in grid.output


def test_keep_takes_a_unique_start_of_a_name_as_every_keep_does(
    runner: CliRunner, data_dir: Path
) -> None:
    """``A 5 5`` is Ann's turn (any case), ``b pass`` Bob's; a start that fits two players is
    refused with both names."""
    result = runner.invoke(
        main,
        ["iota", "keep", "--names", "Ann,Bob,Abe", "--session", "k"],
        input="An 5 5\nb pass\nA 4\nab 4\nquit\n",
    )
    assert result.exit_code == 0, result.output
    assert "Ann: 5 + 5 = 10" in result.output and "Bob passes." in result.output
    assert "'A' could be Ann or Abe" in result.output
    assert "Abe: 4" in result.output


def test_keep_help_writes_the_example_as_the_sheet_does(runner: CliRunner, data_dir: Path) -> None:
    names = ["--names", "Ann,Bob"]
    plain = runner.invoke(main, ["iota", "keep", *names, "--session", "a"], input="help\nquit\n")
    assert "Ann 8 4 5 lot      → (8 + 4 + 5) × 2 (one lot) = 34" in plain.output
    args = ["--ascii", "iota", "keep", *names, "--session", "b"]
    ascii = runner.invoke(main, args, input="help\nAnn 8 4 5 lot\nquit\n")
    assert "Ann 8 4 5 lot      -> (8 + 4 + 5) x 2 (one lot) = 34" in ascii.output
    assert "(8 + 4 + 5) x 2 (one lot) = 34" in ascii.output.split("help")[-1]
    assert "×" not in ascii.output and "→" not in ascii.output


def test_keep_says_what_to_do_when_a_turn_is_out_of_order(
    runner: CliRunner, data_dir: Path
) -> None:
    """A turn for a player whose turn it is not says whose turn to enter first, with pass for
    one that went unrecorded, and undo for an earlier entry that was wrong."""
    result = runner.invoke(
        main, ["iota", "keep", "--names", "Ann,Bob,Cy"], input="Ann 5\nCy 6\nquit\n"
    )
    assert (
        "it is Bob's turn, not Cy's: enter Bob's turn first (Bob pass if Bob passed), "
        "or fix N to correct an earlier entry (fix alone lists them)"
    ) in " ".join(result.output.split())


def test_keep_with_the_grid_checks_and_scores_every_play(runner: CliRunner, data_dir: Path) -> None:
    script = [
        "RC2",
        "GT2 -2,0 BX2 -1,0",
        "YC1 0,1 GC3 0,-1",
        "YS3 1,0",
        "YS2 1,0 RT3 1,1",
        "Bob BC2 -1,2 BC4 0,2 BC1 1,2 BC3 2,2",
        "show",
        "quit",
    ]
    result = runner.invoke(
        main,
        ["iota", "keep", "--names", "Ann,Bob", "--grid", "--session", "g"],
        input="\n".join(script) + "\n",
    )
    out = result.output
    assert "would hold 3 twos and a three" in out
    assert "(10 + 10 + 6) × 2 × 2 × 2 (2 lots, all 4 cards) = 208" in out
    assert " 2   ·    ·   BC2* BC4* BC1* BC3*  ·   2" in out  # the last play starred
    session = store.load(only_session(data_dir))
    assert session.totals == [40, 214] and session.status == "in progress"
    resumed = runner.invoke(main, ["sessions", "resume", "g"], input="undo\nshow\nquit\n")
    assert "Undone: Bob's play" in resumed.output
    assert store.load(only_session(data_dir)).totals == [40, 6]


# -- play ----------------------------------------------------------------------------------------
def greedy_script(seed: int, players: int = 2) -> tuple[list[str], IotaState]:
    """The actions two greedy bots would type for every seat, to the end of the game."""
    state = IotaState(players, seed=seed)
    bots = [GreedyBot(i) for i in range(players)]
    lines = []
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        action = bots[seat].choose(state.observation(seat), seat)
        lines.append(format_action(action))
        state.apply(action)
    return lines, state


def test_keep_with_the_grid_asks_for_the_starter_before_a_first_turn(
    runner: CliRunner, data_dir: Path
) -> None:
    """A first turn typed before the starter card is told that the starter comes first, by
    the help as well, rather than having its player's name called an unknown word."""
    result = runner.invoke(
        main,
        ["iota", "keep", "--names", "Ann,Bob", "--grid"],
        input="Ann YS2 1,0\nhelp\nRC2\nAnn YS2 1,0\nquit\n",
    )
    out = result.output
    assert result.exit_code == 0, out
    assert "not a card or a command: Ann" not in out
    assert "first the starter card, e.g. RC2 (it lies at 0,0)" in out
    assert "  First the starter card" in out  # in the help
    assert "row y=0: RC2 YS2 = 4" in out


def test_play_hot_seat_to_the_end(runner: CliRunner, data_dir: Path) -> None:
    lines, final = greedy_script(4)
    script = ["history", "hint", "ZZ 1,0", *lines, ""]
    result = runner.invoke(
        main,
        ["--no-color", "iota", "play", "--humans", "2", "--names", "Ann,Bob", "--seed", "4"],
        input="\n".join(script),
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "No turns yet." in out and "hint: " in out and "'ZZ' is not a card" in out
    outcome = final.outcome()
    assert outcome is not None
    assert f"Final scores: Ann {outcome.scores[0]}, Bob {outcome.scores[1]}" in out
    final_grid = out[out.rindex("'s turn (") : out.index("Final scores")]
    assert "*" in final_grid  # the last play is starred on the final grid too
    session = store.load(only_session(data_dir))
    assert session.finished and session.totals == list(outcome.scores)
    assert sheets.mismatches(session) == []


def test_hot_seat_undo_says_when_it_takes_back_another_players_move(
    runner: CliRunner, data_dir: Path
) -> None:
    args = ["--no-color", "iota", "play", "--humans", "2", "--names", "Ann,Bob", "--seed", "3"]
    result = runner.invoke(main, args, input="pass\nundo\npass\nundo\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "nothing of yours to undo yet" in out  # Bob, before his first move
    assert "Took back 2 moves.\n  That took back what Bob did after you too." in out
    session = store.load(only_session(data_dir))
    assert session.entries[-1] == {"type": "undo", "moves": 2}


def test_play_against_a_bot_quit_undo_and_resume(runner: CliRunner, data_dir: Path) -> None:
    args = ["iota", "play", "--seed", "11", "--bot", "random", "--session", "p"]
    first = runner.invoke(main, args, input="pass\nundo\nquit\n")
    assert first.exit_code == 0, first.output
    assert "Took back" in first.output and "sessions resume p" in first.output
    session = store.load(only_session(data_dir))
    assert [e["type"] for e in session.entries][-1] == "undo"
    resumed = runner.invoke(main, ["sessions", "resume", "p"], input="show\nquit\n")
    assert resumed.exit_code == 0 and "scores: You" in resumed.output


def test_play_undo_after_drawing_marks_the_game_as_no_longer_counting(
    runner: CliRunner, data_dir: Path
) -> None:
    """Your play drew cards from the pile: the undo goes back, but you play again knowing
    them, so it is marked and the game leaves the ratings."""
    args = ["iota", "play", "--seed", "6", "--session", "d"]
    result = runner.invoke(main, args, input="RT4 0,-1 GX4 1,-1\nundo\nquit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    said = "since, and what you saw stays known: this game no longer counts"
    assert "Took back 2 moves." in result.output and said in result.output
    session = store.load(only_session(data_dir))
    assert session.entries[-1] == {"type": "undo", "moves": 2, "seen": True}
    rated = runner.invoke(main, ["stats", "--ratings", "--json"])
    assert rated.exit_code == 0 and "You" not in rated.output


def test_play_says_how_to_write_a_swap_with_no_wild_on_the_grid(
    runner: CliRunner, data_dir: Path
) -> None:
    """swap is a word of the play prompt even when no swap can be made: a swap written wrong
    is answered with how to write one, not as an unknown word."""
    args = ["iota", "play", "--seed", "11", "--bot", "random", "--session", "s"]
    result = runner.invoke(main, args, input="swap\nswap GC3\nquit\n")
    assert result.exit_code == 0, result.output
    assert "not a card or a command: swap" not in result.output
    assert result.output.count("write a swap as swap CARD x,y, e.g. swap GC3 1,0") == 2


def test_play_names_help_says_the_bots_are_named_too(runner: CliRunner, data_dir: Path) -> None:
    """--names names every seat, the bots' too, as a single name is refused."""
    result = runner.invoke(main, ["iota", "play", "--help"])
    helped = " ".join(result.output.split())
    assert "the people first (you first), then the bots; their number sets --players" in helped
    result = runner.invoke(main, ["iota", "play", "--names", "Ann"])
    assert isinstance(result.exception, SystemExit) and "not 1" in result.output


def test_play_options_are_checked(runner: CliRunner, data_dir: Path) -> None:
    result = runner.invoke(main, ["iota", "play", "--players", "5"])
    assert isinstance(result.exception, SystemExit)
    result = runner.invoke(main, ["iota", "play", "--players", "2", "--humans", "3"])
    assert (
        isinstance(result.exception, SystemExit)
        and "3 people cannot sit at a table of 2" in result.output
    )


def test_sessions_show_leaves_blank_the_turns_still_to_come(
    runner: CliRunner, data_dir: Path
) -> None:
    script = "Ann 8 4 5 lot\nBob 6\nCid 0\nAnn 4\nquit\n"
    args = ["iota", "keep", "--names", "Ann,Bob,Cid", "--session", "k"]
    assert runner.invoke(main, args, input=script).exit_code == 0
    shown = runner.invoke(main, ["sessions", "show", "k"])
    assert shown.exit_code == 0, shown.output
    rows = [line.split() for line in shown.output.splitlines() if line[:1].isdigit()]
    # Cid's 0 of round 1 was a turn; Bob's and Cid's round 2 is still to come.
    assert rows[0][:7] == ["1", "34", "6", "0", "34", "6", "0"]
    assert rows[1][:5] == ["2", "4", "38", "6", "0"]
    finished = runner.invoke(main, ["sessions", "resume", "k"], input="Bob 2\nquit\n")
    assert finished.exit_code == 0, finished.output
    rows = [
        line.split()
        for line in runner.invoke(main, ["sessions", "show", "k"]).output.splitlines()
        if line[:1].isdigit()
    ]
    assert rows[1][:6] == ["2", "4", "2", "38", "8", "0"]


def test_keep_answers_a_lone_name_with_an_example_of_a_turn(
    runner: CliRunner, data_dir: Path
) -> None:
    script = "Anna\npass\nquit\n"
    result = runner.invoke(
        main, ["iota", "keep", "--names", "Annabelle,Passepartout"], input=script
    )
    assert result.exit_code == 0, result.output
    assert "after the name, the turn, e.g. Annabelle 8 4 5 (or Annabelle pass)" in result.output
    assert "Annabelle passes." in result.output  # pass is a pass, not the start of Passepartout
    grid = runner.invoke(
        main, ["iota", "keep", "--grid", "--names", "Annabelle,Bob"], input="RC2\nAnna\nquit\n"
    )
    assert "after the name, the turn, e.g. Annabelle YS2 1,0" in grid.output


def test_keep_with_the_grid_reads_commas_as_play_does(runner: CliRunner, data_dir: Path) -> None:
    script = "RC2, 0,0\nAnn, YS2 1,0\nBob RC3 2,0,final\nquit\n"
    result = runner.invoke(main, ["iota", "keep", "--grid", "--names", "Ann,Bob"], input=script)
    assert result.exit_code == 0, result.output
    assert "Starter RC2 at 0,0." in result.output and "Ann: YS2 1,0" in result.output
    assert "(1 has been laid so far)" in result.output  # final read as the word, not a card
    quick = runner.invoke(main, ["iota", "keep", "--names", "Ann,Bob"], input="Ann 8,4\nquit\n")
    assert "totals: Ann 0, Bob 0" in quick.output and "Ann: 12" not in quick.output  # refused


def test_keep_with_the_grid_takes_a_swap_and_its_play_on_one_line(
    runner: CliRunner, data_dir: Path
) -> None:
    """``Bob swap YC2 1,0 GC3 2,0 W 3,0`` is the swap, then the play with the wild taken back,
    saved as two entries; when the play is refused, so is the swap (nothing half entered)."""
    script = (
        "RC1\nAnn W 1,0\n"
        "Bob swap YC2 1,0 GC3 2,0 RS3 3,0\n"  # RS3 breaks the row: neither goes in
        "Bob swap YC2 1,0 GC3 2,0 W 3,0\n"
        "Ann swap BC4 3,0 pass\nquit\n"
    )
    args = ["iota", "keep", "--grid", "--names", "Ann,Bob", "--session", "k"]
    result = runner.invoke(main, args, input=script)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "row y=0 (0,0 to 3,0) would hold" in out
    assert out.count("Bob: swap YC2 1,0") == 1
    assert "  Bob: swap YC2 1,0 (scores nothing)\n  Bob: GC3 2,0 W 3,0\n" in out
    assert "Ann passes." in out
    kinds = [e["type"] for e in store.load(only_session(data_dir)).entries]
    assert kinds == ["starter", "play", "swap", "play", "swap", "pass"]


def test_resume_of_a_kept_grid_opens_with_a_header_and_the_last_play_starred(
    runner: CliRunner, data_dir: Path
) -> None:
    """The last play keeps its star after a pass, in keep's show and when the game is
    reopened; the reopened game first says what is kept and under which name."""
    args = ["iota", "keep", "--grid", "--names", "Ann,Bob", "--session", "g"]
    kept = runner.invoke(main, args, input="RC1\nAnn YC2 1,0\nBob pass\nshow\nquit\n")
    assert kept.exit_code == 0, kept.output
    assert "YC2*" in kept.output.split("Bob passes.")[1]
    result = runner.invoke(main, ["sessions", "resume", "g"], input="quit\n")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert (
        lines[0] == "Keeping IOTA for Ann and Bob (resumed). Session g. "
        "Type help for help, rules for the rules."
    )
    assert any("RC1  YC2*" in line for line in lines[1:6])


def test_play_stars_the_last_play_after_a_pass() -> None:
    from cardside.games.iota.notation import parse_action
    from cardside.tui.iota.screen import last_play_cells

    state = IotaState(2, seed=4)
    bot = GreedyBot()
    while not any(type(t.action).__name__ == "Play" for t in state.snapshot.log):
        seat = state.current_player()
        assert seat is not None
        state.apply(bot.choose(state.observation(seat), seat))
    played = last_play_cells(state.snapshot.log)
    assert played
    state.apply(parse_action("pass"))
    assert last_play_cells(state.snapshot.log) == played


def test_play_keeps_the_turns_since_yours_in_view_at_60_by_30(
    runner: CliRunner, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three players on a 60-column terminal, the grid soon drawn in two bands: at each of
    your turns the turns since your last one, with every line they scored, are listed under
    the grid within the 30 rows above the prompt, each told once."""
    from cardside.tui import console as console_module
    from cardside.tui.human import Human

    you = GreedyBot()
    current: dict[str, Any] = {}
    original = Human.choose

    def choose(self: Human, obs: Any, seat: int) -> Any:
        current["obs"], current["seat"] = obs, seat
        return original(self, obs, seat)

    def read_line() -> str:
        obs = current.pop("obs", None)  # Enter at the prompt after the game
        return "" if obs is None else format_action(you.choose(obs, current["seat"]))

    monkeypatch.setattr(Human, "choose", choose)
    monkeypatch.setattr(console_module, "read_line", read_line)
    monkeypatch.setattr(console_module.Console, "columns", lambda self: 60)
    args = ["iota", "play", "--players", "3", "--bot", "greedy", "--seed", "2"]
    result = runner.invoke(main, [*args, "--session", "p"], input="")
    assert result.exit_code == 0, result.output[-2000:]
    lines = result.output.splitlines()
    assert any(line.endswith("(part 2 of 2):") for line in lines)
    recaps = [i for i, line in enumerate(lines) if line == "  Since your last turn:"]
    assert len(recaps) >= 5
    # Before your first turn, the bots' turns so far: no turn of yours to count from.
    began = lines.index("  Since the game began:")
    assert began < recaps[0] and lines[began + 1].startswith("    Bot ")
    for since in recaps:
        at = next(i for i in range(since, len(lines)) if lines[i].startswith("Your turn"))
        assert at - since < 29, lines[since : at + 1]
        told = lines[since:at]
        assert told[1].startswith("    You ") and any(ln.startswith("    Bot ") for ln in told)
        # A bot's play is told once: under the grid, not also above it.
        for line in told:
            if line.startswith("    Bot ") and " plays " in line:
                assert lines.count(line.strip()) + lines.count(line) == 1, line


def test_a_file_kept_before_the_line_value_check_still_opens(
    runner: CliRunner, data_dir: Path
) -> None:
    """A line worth 11 was taken before quick scoring refused values no line can have: such a
    file still shows, verifies and resumes; turns typed now, and corrections, are checked."""
    from cardside.core.record import Seat
    from cardside.sessions.journal import Journal

    with Journal.start(
        data_dir,
        game="iota",
        mode="keep",
        seats=[Seat("Ann", "table"), Seat("Bob", "table")],
        options={"grid": False},
        name="older",
    ) as journal:
        journal.append({"type": "turn", "seat": 0, "lines": [11], "lots": 0})
    for args in (["sessions", "show", "older"], ["sessions", "verify", "older"]):
        result = runner.invoke(main, args)
        assert result.exit_code == 0 and result.exception is None, result.output
    resumed = runner.invoke(
        main, ["sessions", "resume", "older"], input="Bob 13\nfix 1 Ann 14\nBob 3\nquit\n"
    )
    assert resumed.exit_code == 0 and resumed.exception is None, resumed.output
    assert resumed.output.count("no line is worth 1") == 2  # 13 typed, 14 as a correction
    assert "totals: Ann 11, Bob 3" in resumed.output


def test_the_hint_with_no_card_to_play_says_so_once(runner: CliRunner, data_dir: Path) -> None:
    script = "RT4 0,-1 GX4 1,-1\nhint\nquit\n"
    result = runner.invoke(main, ["iota", "play", "--seed", "6"], input=script)
    assert result.exit_code == 0 and result.exception is None, result.output
    (line,) = [ln for ln in result.output.splitlines() if ln.strip().startswith("hint:")]
    # The hand holds no wild; the pass is named once, with no brackets inside brackets.
    assert line.strip() == "hint: pass RX1 YX3 GC3 BX1 (no card can be played; exchange every card)"


def test_a_position_reached_again_gets_the_same_reply_from_the_bot(
    runner: CliRunner, data_dir: Path
) -> None:
    """The bot's choice depends on the seed and the moves that stand: an undo cannot draw
    another reply, and a game quit and resumed goes on as it would have."""
    move = "RT4 0,-1 GX4 1,-1"
    again = runner.invoke(
        main,
        ["iota", "play", "--seed", "6", "--session", "a"],
        input=f"{move}\nundo\n{move}\nundo\n{move}\nquit\n",
    )
    assert again.exit_code == 0 and again.exception is None, again.output
    replies = [ln.strip() for ln in again.output.splitlines() if ln.strip().startswith("Bot 2 ")]
    assert len(replies) == 3 and len(set(replies)) == 1, replies
    first = runner.invoke(main, ["iota", "play", "--seed", "6", "--session", "b"], input="quit\n")
    assert first.exit_code == 0, first.output
    resumed = runner.invoke(main, ["sessions", "resume", "b"], input=f"{move}\nquit\n")
    assert resumed.exit_code == 0 and resumed.exception is None, resumed.output
    assert replies[0] in resumed.output


def test_score_best_final_offers_only_a_play_of_the_whole_hand(runner: CliRunner) -> None:
    """The final turn lays the player's last card: with --final, --best looks only at plays
    of the whole hand, and says so when there is none."""
    base = ["iota", "score", "--grid", "RC1 0,0", "--best", "--final", "--hand"]
    none = runner.invoke(main, [*base, "RC2 RC3 RC4 RS1"])
    assert none.exit_code == 0 and none.exception is None, none.output
    assert (
        "No play lays the whole hand RC2 RC3 RC4 RS1 there, so none is a final turn" in none.output
    )
    assert "Best play" not in none.output
    data = json.loads(runner.invoke(main, [*base, "RC2 RC3 RC4 RS1", "--json"]).output)
    assert data["best"] == [] and data["final"] is True
    whole = runner.invoke(main, [*base, "RS1 RT2 RX3 RC4"])
    assert "Best play for RS1 RT2 RX3 RC4: 120 points" in whole.output


def test_score_refuses_a_hand_of_more_than_four_cards(runner: CliRunner) -> None:
    args = ["iota", "score", "--grid", "RC1 0,0", "--play", "RC2 1,0"]
    result = runner.invoke(main, [*args, "--hand", "RC2 RC3 RC4 RS1 RS2"])
    assert result.exit_code == 1, result.output
    assert "Error: --hand: a hand holds 1 to 4 cards, not 5" in result.output
    assert runner.invoke(main, [*args, "--hand", "RC2 RC3 RC4 RS1"]).exit_code == 0


def test_keep_no_grid_is_the_default_said_aloud(runner: CliRunner, data_dir: Path) -> None:
    args = ["iota", "keep", "--no-grid", "--names", "Ann,Bob", "--session", "n"]
    result = runner.invoke(main, args, input="Ann 5\nquit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert store.load(only_session(data_dir)).options == {"grid": False}
    # The first turn's prompt shows how a turn is typed; the next ones do not.
    assert "Ann's turn (e.g. 8 4 5 lot, or pass): " in result.output
    assert "Bob's turn: " in result.output and "Bob's turn (e.g." not in result.output


@pytest.mark.parametrize(
    ("starter", "example"), [("RC2", "YS2 1,0 RT3 1,1"), ("YS2", "GC1 1,0 BX4 1,1")]
)
def test_keep_grid_s_first_example_never_names_the_starter(
    runner: CliRunner, data_dir: Path, starter: str, example: str
) -> None:
    args = ["iota", "keep", "--grid", "--names", "Ann,Bob", "--session", "g"]
    result = runner.invoke(main, args, input=f"{starter}\nquit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert f"Ann's turn (e.g. {example}, or pass): " in result.output


def test_score_a_value_that_is_no_number_is_mistyped_and_an_impossible_one_refused(
    runner: CliRunner,
) -> None:
    """As in every game's score: an unreadable value is a usage error (status 2, naming the
    help); a turn that cannot happen is refused (status 1)."""
    mistyped = runner.invoke(main, ["iota", "score", "8", "x"])
    assert mistyped.exit_code == 2 and "not a number or a sum of numbers: 'x'" in mistyped.output
    assert "iota score --help" in mistyped.output
    impossible = runner.invoke(main, ["iota", "score", "11"])
    assert impossible.exit_code == 1 and "no line is worth 11" in impossible.output


def test_show_draws_the_grid_without_the_turns_since_so_a_tall_grid_is_seen_whole(
    runner: CliRunner, data_dir: Path
) -> None:
    result = runner.invoke(
        main, ["iota", "play", "--players", "4", "--seed", "21"], input="pass\nshow\nquit\n"
    )
    assert result.exit_code == 0 and result.exception is None, result.output
    before, after = result.output.split("or pass): show")
    assert "Since your last turn:" in before.split("or pass): pass")[1]
    shown = after.split("Your turn (e.g.")[0]
    assert "Since" not in shown and "scores: " in shown and "your hand: " in shown
    assert shown.rstrip().endswith("(history lists the turns)")


@pytest.mark.parametrize(
    "values", [["8 4 5"], ["8,", "4,", "5"], ["8,4,5"], ["8", "4", "5"], ["8", "2+2", "5"]]
)
def test_score_reads_the_lines_values_as_the_other_games_read_a_list(
    runner: CliRunner, values: list[str]
) -> None:
    """Separated by spaces or commas, as one word or several, as Octrix and Line-it take
    theirs; a value may be a sum."""
    result = runner.invoke(main, ["iota", "score", *values, "--lots", "1"])
    assert result.exit_code == 0 and result.exception is None, result.output
    assert result.output.startswith("(8 + 4 + 5) × 2 (one lot) = 34")
    too_long = runner.invoke(main, ["iota", "score", "1," * 600])
    assert too_long.exit_code == 2 and "too much text" in too_long.output
    # A value left out between two commas is said, not skipped; a sum keeps its spaces.
    gap = runner.invoke(main, ["iota", "score", "--", "8,,4"])
    assert gap.exit_code == 2 and "missing between two commas" in gap.output
    assert runner.invoke(main, ["iota", "score", "8 + 4"]).output.startswith("8 + 4 = 12")
    assert runner.invoke(main, ["iota", "score", "8 4+5"]).output.startswith("8 + 4 + 5 = 17")


@pytest.mark.parametrize(
    ("values", "said"),
    [
        (["8+4", "--lots", "1", "--all4"], "(8 + 4) × 2 × 2 (one lot, all 4 cards) = 48"),
        (["9+9"], "9 + 9 = 18"),
        (["5+5"], "5 + 5 = 10"),
        (["8", "+", "4"], "8 + 4 = 12"),
        (["8", "+4", "5"], "8 + 4 + 5 = 17"),
        (["2", "+", "3", "+", "4"], "9 (one line, nothing doubles it)"),
        (["3", "+", "3", "+3+", "3", "--lots", "1"], "12 × 2 (one lot) = 24"),
    ],
)
def test_score_reads_a_sum_of_more_than_card_numbers_as_the_lines_it_adds(
    runner: CliRunner, values: list[str], said: str
) -> None:
    """A turn read out as 8 + 4 is two lines, not one line worth 12 (which no line of 8 and
    4 could be, and a line of 18 cannot be at all); a sum of card numbers is one line's
    cards, typed with spaces round its signs or not."""
    result = runner.invoke(main, ["iota", "score", *values])
    assert result.exit_code == 0 and result.exception is None, result.output
    assert result.output.strip() == said


def test_keep_with_the_grid_enters_the_end_after_a_round_of_passes_with_the_pile_empty(
    runner: CliRunner, data_dir: Path
) -> None:
    """The grid shows the pile empty: the second pass of two players ends the game there,
    saved as the end a keeper types without the grid."""
    from cardside.sessions import store

    from ..games.iota.iota_helpers import kept_until_the_pile_is_empty

    ledger, entries = kept_until_the_pile_is_empty(seed=1)
    names = ledger.names
    lines = [str(entries[0]["card"])] + [
        f"{names[int(str(e['seat']))]} {e['cards'] if e['type'] == 'play' else 'pass'}"
        for e in entries[1:]
    ]
    now = ledger.seat
    lines += [f"{names[now]} pass", f"{names[1 - now]} pass", "undo", f"{names[now]} pass"]
    lines += ["end", ""]
    result = runner.invoke(
        main,
        ["iota", "keep", "--grid", "--names", "Ann,Bob", "--session", "g"],
        input="\n".join(lines),
    )
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "Every player passed in a row with the pile empty: the end." in result.output
    # The end taken back: only end (or undo) is left, and the prompt says so.
    assert (
        "Undone: the end. Every player passed in a row with the pile empty: type end, or undo "
        "to take back the last pass." in result.output
    )
    assert "Every player passed with the pile empty (end, or undo): " in result.output
    assert "the game is over; type end (or undo to take back the last pass)" in result.output
    session = store.load(data_dir / "sessions" / "g.toml")
    assert session.entries[-1] == {"type": "end"} and session.status == "finished"


def test_a_correction_that_changes_which_play_is_the_last_card_names_that_play(
    runner: CliRunner, data_dir: Path
) -> None:
    """Ann's play of entry 28 (pile empty) corrected to lay one card fewer: her play of entry
    30, saved as the last card, leaves a card in her hand now, so it is named and taken back;
    the other way, her entry 30 now empties her hand, so it must become the last card: named,
    and fixed with final it doubles and ends the game."""
    from cardside.sessions import store

    from ..games.iota.iota_helpers import kept_until_the_pile_is_empty

    ledger, entries = kept_until_the_pile_is_empty(seed=1, to_the_end=True)
    lines = [str(entries[0]["card"])] + [
        f"{ledger.names[int(str(e['seat']))]} {e['cards'] if e['type'] == 'play' else 'pass'}"
        for e in entries[1:]
    ]
    both, one = "Ann YS3 -6,-8 RS3 -6,-7", "Ann YS3 -6,-8"
    assert (len(lines), lines[27], lines[29]) == (30, both, "Ann GX1 -4,-8")
    args = ["iota", "keep", "--grid", "--names", "Ann,Bob", "--session"]
    fewer = runner.invoke(main, [*args, "a"], input="\n".join([*lines, f"fix 28 {one}", "t"]))
    assert fewer.exit_code == 0 and fewer.exception is None, fewer.output
    assert (
        "  With this correction, entry 30 no longer fits: this cannot be the last card: Ann "
        "holds 2 cards and lays 1.\n"
    ) in fewer.output
    assert "  The game is no longer over.\n  Taken back: entry 30;" in fewer.output
    session = store.load(data_dir / "sessions" / "a.toml")
    assert session.status != "finished"

    kept = [*lines[:27], one, *lines[28:], "Bob pass"]  # GX1 is not Ann's last card then
    fixes = [f"fix 28 {both}", "fix", "Ann GX1 -4,-8 final", "t", ""]
    more = runner.invoke(main, [*args, "b"], input="\n".join([*kept, *fixes]))
    assert more.exit_code == 0 and more.exception is None, more.output
    assert (
        "  With this correction, entry 30 no longer fits: Ann's play now empties the hand with "
        "the pile empty: it is the last card of the game, doubled (fix that entry and add "
        "final).\n"
    ) in more.output
    assert "  Entry 30 corrected: Ann GX1 -4,-8 final (was Ann GX1 -4,-8).\n" in more.output
    assert "  Taken back: entry 31.\n" in more.output
    assert store.load(data_dir / "sessions" / "b.toml").status == "finished"


def test_a_game_kept_before_the_hands_were_counted_is_not_held_to_them_by_a_correction() -> None:
    """A file whose last card went unsaid (kept before the rule): its entries break the hands'
    rules already, so a correction does not name a later entry for them."""
    from cardside.core.record import Seat, Session
    from cardside.games.iota.sheet import _hands_misfit, late_misfit

    from ..games.iota.iota_helpers import kept_until_the_pile_is_empty

    _, entries = kept_until_the_pile_is_empty(seed=1, to_the_end=True)
    old = [dict(e) for e in entries]
    old[-1]["final"] = False  # the last card, not said so, and Bob passes after it
    old.append({"type": "pass", "seat": 1})
    session = Session(
        game="iota",
        mode="keep",
        name="old",
        seats=[Seat("Ann", "table"), Seat("Bob", "table")],
        options={"grid": True},
        entries=old,
    )
    assert _hands_misfit(session) is not None
    assert late_misfit(session, session) is None


def test_the_prompt_s_example_is_a_card_of_the_hand_on_a_free_cell() -> None:
    """An example of the form, never a card not held nor a cell already taken."""
    import random

    from cardside.games.iota.notation import format_card as card_name
    from cardside.games.iota.state import IotaState
    from cardside.tui.console import Console
    from cardside.tui.iota.screen import IotaScreen, IotaTurn
    from cardside.tui.style import Style

    state = IotaState(2, seed=3)
    rng = random.Random(3)
    turn = IotaTurn(IotaScreen(Console(interactive=False), Style(), ["You", "Bot"]), None)
    for _ in range(12):
        seat = state.current_player()
        assert seat is not None
        obs = state.observation(seat)
        example = turn.prompt(obs, seat).split("(e.g. ")[1].split(", or pass")[0]
        name, cell = example.split()
        assert tuple(map(int, cell.split(","))) not in obs.grid
        assert name in {card_name(c) for c in obs.hand} or name == "YS2"
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(
    ("values", "reason"),
    [
        (["1+1+1+1+1"], "a line holds at most 4 cards, not 5"),
        (["0+0+0"], "the game has 2 wilds"),
        (["1+1+2", "4"], "a line's numbers are all the same or all different"),
        (["3+3+3+3"], "a line of 4 cards, a lot: 1 such line but 0 lots (give --lots 1)"),
        (["2+3+4", "--lots", "1"], "2+3+4 is a line of 3 cards, not a lot (a lot is 4 cards)"),
        (["2+3+4", "--lots", "1"], "1 lot but 0 lines that can be one (leave out --lots)"),
        (["2+2", "2+2", "--lots", "1"], "2+2 is a line of 2 cards, not a lot"),
        (["1+2+3", "10", "--lots", "2"], "2 lots but 1 line that can be one (give --lots 1)"),
    ],
)
def test_score_quick_checks_a_value_typed_as_its_cards(
    runner: CliRunner, values: list[str], reason: str
) -> None:
    """A sum is read as the line's cards, and cards no line holds are refused, not added up."""
    result = runner.invoke(main, ["iota", "score", *values])
    assert result.exit_code == 1 and result.exception is not None
    assert reason in result.output and "Traceback" not in result.output


def test_score_quick_scores_a_line_typed_as_its_cards(runner: CliRunner) -> None:
    result = runner.invoke(main, ["iota", "score", "3+3+3+3", "1+0+3", "--lots", "1"])
    assert result.exit_code == 0, result.output
    assert result.output.strip() == "(12 + 4) × 2 (one lot) = 32"


def test_the_draw_for_the_first_player_says_a_tie_drew_again(runner: CliRunner) -> None:
    result = runner.invoke(
        main, ["iota", "play", "--players", "3", "--seed", "3", "--ascii"], input="quit\n"
    )
    assert result.exit_code == 0 and result.exception is None, result.output
    assert (
        "Draw for the first player: You RC4, Bot 2 YX2, Bot 3 RS4; You and Bot 3 tied at 4 and "
        "drew again: You YC4, Bot 3 GC2. You go first."
    ) in " ".join(result.output.split())
