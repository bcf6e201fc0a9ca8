"""The pure rule functions: coordinates, targets, trick resolution, returns, the verdict."""

from __future__ import annotations

import pytest

from cardside.games.linesbeta import rules
from cardside.games.linesbeta.rules import GAP, resolve, verdict

from .lb_helpers import code


def cards(*texts: str) -> list[int]:
    return [code(t) for t in texts]


def test_diagonal_runs_from_bottom_left_to_top_right() -> None:
    assert [rules.row_col(c) for c in rules.DIAGONAL] == [(r, 7 - r) for r in range(1, 7)]
    assert rules.cell_of(6, 1) in rules.DIAGONAL and rules.cell_of(1, 1) not in rules.DIAGONAL


def test_line_orders_from_each_end() -> None:
    row3_right = [rules.row_col(c) for c in rules.ORDER[2][1]]
    assert row3_right == [(3, 6), (3, 5), (3, 4), (3, 3), (3, 2), (3, 1)]
    col2_bottom = [rules.row_col(c) for c in rules.ORDER[rules.Line.C2][1]]
    assert col2_bottom == [(6, 2), (5, 2), (4, 2), (3, 2), (2, 2), (1, 2)]


@pytest.mark.parametrize(
    ("difficulty", "length", "expected", "rounds"),
    [
        ("easy", "full", (21, 21), 7),
        ("normal", "full", (26, 16), 7),
        ("hard", "full", (31, 11), 7),
        ("easy", "short", (12, 12), 4),
        ("normal", "short", (14, 10), 4),
        ("hard", "short", (18, 6), 4),
    ],
)
def test_targets_table(
    difficulty: str, length: str, expected: tuple[int, int], rounds: int
) -> None:
    assert rules.targets(difficulty, length) == expected
    assert rules.max_rounds(length) == rounds


def test_unknown_setting_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown setting"):
        rules.targets("brutal", "full")


SPADES, HEARTS, DIAMONDS = 1, 2, 3


def test_worked_example_row3_from_the_right() -> None:
    # From the right: 9C (down), QD (down), 5S (up, diagonal), then three more.
    line = cards("9C", "QD", "5S", "AS", "KS", "2H")
    res = resolve(line, [False, False, True, False, False, False], code("JS"), HEARTS)
    assert res.case == "a" and res.player_wins
    assert res.turned == (0, 1) and res.grid_pos == 2


def test_case_a_higher_card_of_the_suit_wins_for_the_grid() -> None:
    res = resolve(cards("3C", "KS", "2S", "4H", "5H", "6H"), [False] * 6, code("JS"), HEARTS)
    assert (res.case, res.grid_pos, res.player_wins, res.turned) == ("a", 1, False, (0, 1))


def test_case_a_with_trumps_led_is_the_first_trump_from_the_end() -> None:
    res = resolve(cards("2H", "AH", "3C", "4C", "5C", "6C"), [True] * 6, code("5H"), HEARTS)
    assert (res.case, res.grid_pos, res.player_wins, res.turned) == ("a", 0, True, ())


def test_case_b_lowest_trump_wins() -> None:
    line = cards("KH", "3C", "4H", "5D", "9H", "6C")
    res = resolve(line, [False] * 6, code("AS"), HEARTS)
    assert res.case == "b" and not res.player_wins
    assert res.grid_pos == 2  # 4H, the lowest heart
    assert res.turned == (0, 1, 2, 3, 4, 5)


def test_case_c_no_suit_no_trump_player_chooses() -> None:
    res = resolve(cards("KC", "3C", "4D", "5D", "9D", "6C"), [True, False] * 3, code("2S"), HEARTS)
    assert res.case == "c" and res.player_wins and res.grid_pos is None
    assert res.turned == (1, 3, 5)


def test_case_c_when_trumps_led_and_line_has_none() -> None:
    res = resolve(cards("KC", "3C", "4D", "5D", "9D", "6C"), [False] * 6, code("2H"), HEARTS)
    assert res.case == "c" and res.player_wins


def test_resolve_refuses_a_line_with_a_gap() -> None:
    with pytest.raises(ValueError, match="gap"):
        resolve([GAP] + cards("3C", "4D", "5D", "9D", "6C"), [False] * 6, code("2H"), HEARTS)


def test_returning_cells_are_the_fully_face_up_lines() -> None:
    grid = list(range(36))
    face_up = 0
    for c in rules.LINE_CELLS[rules.Line.R2]:
        face_up |= 1 << c
    grid[rules.cell_of(5, 3)] = GAP
    for r in (1, 2, 3, 4, 6):  # column 3: all face up except the gap at (5,3)
        face_up |= 1 << rules.cell_of(r, 3)
    assert rules.fully_face_up_lines(grid, face_up) == [rules.Line.R2, rules.Line.C3]
    back = {rules.row_col(c) for c in rules.returning_cells(grid, face_up)}
    assert back == {(2, c) for c in range(1, 7)} | {(r, 3) for r in (1, 3, 4, 6)}


def test_complete_lines_skip_lines_with_a_gap() -> None:
    grid = list(range(36))
    grid[rules.cell_of(3, 4)] = GAP
    free = rules.complete_lines(grid)
    assert rules.Line.R3 not in free and rules.Line.C4 not in free and len(free) == 10


def test_verdict_grid_target_is_a_loss_even_if_player_reached() -> None:
    v = verdict(26, 16, 26, 16, 0, False)
    assert v is not None and not v.player_wins and "too" in v.reason


def test_verdict_early_win_only_when_grid_cannot_catch_up() -> None:
    assert verdict(26, 14, 26, 16, 2, False) is None  # grid could still reach 16
    v = verdict(26, 14, 26, 16, 1, False)
    assert v is not None and v.player_wins and v.early


def test_verdict_early_loss_mid_round() -> None:
    v = verdict(3, 16, 26, 16, 4, False)
    assert v is not None and not v.player_wins and v.early


def test_verdict_nothing_settled_mid_game() -> None:
    assert verdict(10, 10, 26, 16, 0, False) is None


def test_verdict_last_round_without_target_is_a_loss() -> None:
    v = verdict(25, 15, 26, 16, 0, True)
    assert v is not None and not v.player_wins and not v.early
