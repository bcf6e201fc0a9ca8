"""The scorekeeper ledger and the one-shot score check."""

from __future__ import annotations

import pytest

from cardside.core.errors import IllegalActionError, NotationError
from cardside.games.linesbeta.keep import Ledger, describe
from cardside.games.linesbeta.rules import Line
from cardside.games.linesbeta.score import score_check


def test_tricks_count_and_rounds_advance() -> None:
    ledger = Ledger("easy", "short")
    for won in (True, True, False, True, False, False):
        ledger.add_trick(won)
    assert ledger.round == 2 and ledger.trick == 1 and ledger.points == (3, 3)
    notes = ledger.add_trick(True)
    assert notes == ["round 2, trick 1: total you 4, grid 3"]
    rows = ledger.table()
    assert [(r.round, r.player, r.grid, r.player_total, r.grid_total) for r in rows] == [
        (1, 3, 3, 3, 3),
        (2, 1, 0, 4, 3),
    ]


def test_whole_rounds_and_rebuild_from_entries() -> None:
    entries = [
        {"kind": "round", "player": 4, "grid": 2},
        {"kind": "trick", "result": "w"},
        {"kind": "undo"},
        {"kind": "round", "player": 5, "grid": 1},
    ]
    ledger = Ledger.from_entries(entries, difficulty="normal", length="full")
    assert ledger.points == (9, 3) and ledger.round == 3
    assert ledger.entries == entries  # the undo stays in the audit trail


def test_early_loss_is_announced_and_closes_the_ledger() -> None:
    ledger = Ledger("hard", "short")  # grid needs 6
    assert ledger.add_round(1, 5) == [
        "round 1: total you 1, grid 5",
        "round 1 over: this round you 1, grid 5",
    ]
    for _ in range(3):
        ledger.add_trick(True)
    notes = ledger.add_trick(False)
    assert ledger.is_over and ledger.verdict is not None and ledger.verdict.early
    assert notes[-2:] == [
        "early stop after trick 4 of round 2",
        "you lose: the grid reached its target of 6",
    ]
    with pytest.raises(IllegalActionError, match="game is over"):
        ledger.add_trick(True)
    ledger.undo()
    assert not ledger.is_over and ledger.points == (4, 5)


def test_early_win_when_the_grid_cannot_catch_up() -> None:
    ledger = Ledger("normal", "short")  # 14 / 10
    ledger.add_round(5, 1)
    ledger.add_round(5, 1)
    ledger.add_trick(True)
    ledger.add_trick(True)
    ledger.add_trick(True)
    assert not ledger.is_over  # 13-2
    notes = ledger.add_trick(True)  # 14-2 with 2 left: the grid cannot reach 10
    assert ledger.is_over and ledger.verdict is not None and ledger.verdict.player_wins
    assert "cannot reach 10 with 2 tricks left" in notes[-1]


def test_undo_needs_something_to_undo() -> None:
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        Ledger().undo()


@pytest.mark.parametrize(
    ("entry", "error", "message"),
    [
        ({"kind": "bet"}, NotationError, "unknown entry kind"),
        ({"kind": "trick", "result": "maybe"}, NotationError, "w \\(won\\) or l"),
        ({"kind": "trick", "result": "w", "line": "r3"}, NotationError, "grid tracking is off"),
        ({"kind": "round", "player": 7, "grid": 0}, IllegalActionError, "6 tricks, not 7"),
        ({"kind": "round", "player": -1, "grid": 3}, NotationError, "whole numbers"),
        ({"kind": "round", "player": 2, "grid": 2}, IllegalActionError, "only 4"),
        ({"kind": "round", "player": 3}, NotationError, "exactly: player, grid"),
        ({"kind": "round", "player": True, "grid": 5}, NotationError, "whole numbers"),
        ({"kind": "undo", "x": 1}, NotationError, "no other fields"),
    ],
)
def test_bad_entries_are_refused_with_a_reason(entry: dict, error: type, message: str) -> None:
    ledger = Ledger("normal", "full")
    with pytest.raises(error, match=message):
        ledger.add(entry)
    assert ledger.entries == []


def test_round_entry_mid_round_is_refused() -> None:
    ledger = Ledger()
    ledger.add_trick(True)
    with pytest.raises(IllegalActionError, match="already has 1 trick;"):
        ledger.add_round(3, 3)
    ledger.add_trick(False)
    with pytest.raises(IllegalActionError, match="round 1 already has 2 tricks;"):
        ledger.add_round(3, 3)


@pytest.mark.parametrize(
    ("entry", "text"),
    [
        ({"kind": "trick", "result": "w"}, "trick w"),
        (
            {"kind": "trick", "result": "w", "line": "r3", "end": "R", "cell": "r3c4"},
            "trick w r3R r3c4",
        ),
        (
            {"kind": "trick", "result": "l", "line": "r6", "end": "R", "cell": "r6c6", "case": "b"},
            "trick l r6R r6c6 b",
        ),
        (
            {
                "kind": "trick",
                "result": "w",
                "line": "c2",
                "end": "T",
                "cell": "r5c2",
                "turned": ["r1c2", "r2c2"],
            },
            "trick w c2T r5c2 turned r1c2 r2c2",
        ),
        ({"kind": "round", "player": 4, "grid": 2}, "round 4-2"),
    ],
)
def test_an_entry_is_described_whole_as_it_is_typed(entry: dict, text: str) -> None:
    assert describe(entry) == text


def test_from_entries_names_the_bad_entry() -> None:
    with pytest.raises(NotationError, match="entry 2: "):
        Ledger.from_entries([{"kind": "trick", "result": "w"}, {"kind": "trick"}])


def test_grid_tracking_blocks_lines_and_reports_returns() -> None:
    ledger = Ledger("normal", "full", grid=True)
    ledger.add_trick(True, line="r3", end="R", cell="r3c4")  # the worked example
    assert ledger.gaps() == [(3, 4)]
    assert Line.R3 not in ledger.complete_lines() and Line.C4 not in ledger.complete_lines()
    with pytest.raises(IllegalActionError, match="c4 has a gap"):
        ledger.add_trick(True, line="c4", end="T", cell="r1c4")
    with pytest.raises(IllegalActionError, match="r2c2 is not in r1"):
        ledger.add_trick(True, line="r1", end="L", cell="r2c2")
    with pytest.raises(IllegalActionError, match="case c"):
        ledger.add_trick(False, line="r1", end="L", cell="r1c2", case="c")
    # Columns 1, 2, 3, 5, 6 from the top, each lost to a trump (case b: all turned).
    for col, row in ((1, 1), (2, 2), (3, 4), (5, 5)):
        ledger.add_trick(False, line=f"c{col}", end="T", cell=f"r{row}c{col}", case="b")
    assert Line.R3 in ledger.face_up_lines()  # turned from the right, then by the columns
    notes = ledger.add_trick(False, line="c6", end="T", cell="r6c6", case="b")
    assert notes[-1] == "all face up, back to the deck: r3, c1, c2, c3, c5, c6"
    lines, cells = ledger.returned_last_round()
    assert lines == [Line.R3, Line.C1, Line.C2, Line.C3, Line.C5, Line.C6]
    assert (3, 4) not in cells and (1, 4) not in cells and (3, 6) in cells
    assert ledger.round == 2 and ledger.gaps() == [] and len(ledger.complete_lines()) == 12
    with pytest.raises(IllegalActionError, match="trick by trick"):
        ledger.add_round(3, 3)


def test_grid_tracking_needs_the_line() -> None:
    with pytest.raises(NotationError, match="needs its line"):
        Ledger(grid=True).add_trick(True)
    with pytest.raises(NotationError, match="bad end for a row"):
        Ledger(grid=True).add_trick(True, line="r3", end="T", cell="r3c1")


@pytest.mark.parametrize("turned", [5, "r3c6", ["r3c6", 4], {"r3c6": True}])
def test_grid_tracking_refuses_turned_cells_that_are_not_a_list(turned: object) -> None:
    ledger = Ledger(grid=True)
    with pytest.raises(NotationError, match="turned is a list of cells"):
        ledger.add_trick(True, line="r3", end="R", cell="r3c4", turned=turned)
    assert ledger.entries == [] and ledger.points == (0, 0)


def test_score_check_refuses_a_short_round_that_stopped_sooner() -> None:
    # 25-5 after five rounds: the first win of round 6 settles it, so 2-0 cannot be its end.
    with pytest.raises(IllegalActionError, match="round 6: .*2-0 is only 2.*exactly there"):
        score_check([(5, 1)] * 5 + [(2, 0)], "normal", "full")
    assert score_check([(5, 1)] * 5 + [(1, 0)], "normal", "full").result == "win"


def test_score_check_both_reached_is_a_loss() -> None:
    check = score_check([(4, 2)] * 6 + [(2, 4)], "normal", "full")
    assert check.result == "loss" and (check.player, check.grid) == (26, 16)
    assert "you reached 26 too" in check.reasoning[-1]


def test_score_check_early_win() -> None:
    check = score_check([(4, 2)] * 5 + [(3, 3), (4, 0)], "normal", "full")
    assert check.result == "win" and (check.player, check.grid) == (27, 13)
    assert check.reasoning[-2] == "the game stopped early in round 7"


def test_score_check_refuses_rounds_after_the_end() -> None:
    with pytest.raises(IllegalActionError, match="ended in round 3"):
        score_check([(0, 6), (1, 5), (0, 5), (1, 1)], "normal", "full")


def test_score_check_refuses_a_short_round_that_settles_nothing() -> None:
    with pytest.raises(IllegalActionError, match="round 3: .*0-4 is only 4.*exactly there"):
        score_check([(0, 6), (1, 5), (0, 4)], "normal", "full")


def test_score_check_refuses_a_full_round_past_the_stop() -> None:
    # The grid reaches 16 within round 3; 0-6 as a whole round cannot have been played.
    with pytest.raises(IllegalActionError, match="would have stopped before"):
        score_check([(0, 6), (1, 5), (0, 6)], "normal", "full")


def test_score_check_undecided() -> None:
    check = score_check([(3, 3)], "easy", "full")
    assert check.result == "undecided" and "not settled yet" in check.reasoning[-1]


def test_a_cell_turned_past_the_grids_card_is_refused_from_now_on() -> None:
    """In case a turning stops at the grid's card: a cell past it cannot have been turned,
    and counted as turned it would send a line back to the deck that stays. A file kept
    before the rule replays as it was."""
    trick = {"kind": "trick", "result": "w", "line": "r3", "end": "R", "cell": "r3c4"}
    past = {**trick, "turned": ["r3c1", "r3c2", "r3c3"]}
    ledger = Ledger("easy", "short", grid=True).check_turned_from_now()
    with pytest.raises(IllegalActionError, match="r3c1 lies past the grid's card r3c4"):
        ledger.add(past)
    ledger.add({**trick, "turned": ["r3c6", "r3c5"]})  # up to the grid's card: as counted
    # Case b turns the whole line: any of its cells may be named.
    other = {"kind": "trick", "result": "l", "line": "r1", "end": "R", "cell": "r1c5", "case": "b"}
    ledger.add({**other, "turned": ["r1c1"]})
    older = Ledger.from_entries([past], difficulty="easy", length="short", grid=True)
    assert len(older.entries) == 1
