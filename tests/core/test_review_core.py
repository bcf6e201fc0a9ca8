"""The review's arithmetic (labels, accuracy, loss) and its shape in every game."""

from __future__ import annotations

import importlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardside.core.review import CHESS_THRESHOLDS, Judged, decide, label, move_accuracy
from cardside.games.registry import GAMES


@pytest.mark.parametrize(
    ("loss", "expected"),
    [
        (0.0, "best"),
        (0.01, "excellent"),
        (0.02, "excellent"),
        (0.03, "good"),
        (0.07, "inaccuracy"),
        (0.15, "mistake"),
        (0.2, "mistake"),
        (0.21, "blunder"),
        (0.9, "blunder"),
    ],
)
def test_labels_follow_chess_coms_classes(loss: float, expected: str) -> None:
    assert label(loss, CHESS_THRESHOLDS) == expected


def test_accuracy_is_lichess_formula() -> None:
    assert move_accuracy(0.0) == pytest.approx(100.0, abs=1e-3)
    # 10 percentage points given up: 103.1668 * e^-0.4354 - 3.1669
    assert move_accuracy(0.10) == pytest.approx(63.58, abs=0.01)
    assert move_accuracy(1.0) == 0.0


@given(st.floats(0, 1), st.floats(0, 1))
def test_accuracy_falls_as_the_loss_grows(a: float, b: float) -> None:
    low, high = sorted((a, b))
    assert 0.0 <= move_accuracy(high) <= move_accuracy(low) <= 100.0


def judged(played: float, best: float, noise: float = 0.0) -> Judged:
    return Judged(1, 0, "here", 1, "a", "b", played, best, 0.0, 1.0, noise, False, 10, "m")


def test_a_loss_within_the_sampling_error_counts_as_none() -> None:
    assert decide(judged(0.50, 0.52, noise=0.03), "Ann", CHESS_THRESHOLDS).label == "best"
    within = decide(judged(0.50, 0.62, noise=0.03), "Ann", CHESS_THRESHOLDS)
    assert within.label == "mistake" and within.loss == pytest.approx(0.12)


def test_a_game_all_but_won_charges_no_points_for_winning_by_less() -> None:
    """Every sample won either way (so no error to measure), the chances differ only in the
    fifth digit: no loss, so no points given up, and the label says best."""
    won = Judged(22, 0, "turn 21", 0, "a", "b", 0.99994, 0.99996, 32.6, 50.7, 0.0, False, 16, "m")
    decision = decide(won, "Ann", CHESS_THRESHOLDS)
    assert (decision.loss, decision.points_loss, decision.label) == (0.0, 0.0, "best")
    # A tenth of a percentage point and more is a loss, with its points.
    lost = decide(
        Judged(22, 0, "turn 21", 0, "a", "b", 0.90, 0.902, 32.6, 50.7, 0.0, False, 16, "m"),
        "Ann",
        CHESS_THRESHOLDS,
    )
    assert lost.loss == pytest.approx(0.002) and lost.points_loss == pytest.approx(18.1)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_values_and_reviews_in_the_same_shape(game: str) -> None:
    values = importlib.import_module(f"cardside.games.{game}.values")
    review = importlib.import_module(f"cardside.games.{game}.review")
    assert callable(values.move_values) and values.RESULT in ("the match", "the game")
    assert isinstance(values.UNIT, str) and values.UNIT
    for name in ("plan", "judge", "groups", "refusal"):
        assert callable(getattr(review, name))
    assert len(review.THRESHOLDS) == 4 and list(review.THRESHOLDS) == sorted(review.THRESHOLDS)


def test_the_costliest_leave_out_decisions_labelled_best() -> None:
    """A move that gives up only the rounding of its values (1e-12: no loss, labelled best)
    is no costly decision: the list holds the others, costliest first."""
    from cardside.core.review import Review

    def judged(number: int, best: float, played: float) -> Judged:
        return Judged(
            number,
            0,
            "round 1",
            1,
            f"p{number}",
            f"b{number}",
            played,
            best,
            0.0,
            0.0,
            0.0,
            True,
            0,
            "exact",
        )

    decisions = [
        decide(judged(1, 0.5, 0.5 - 1e-12), "Ann", CHESS_THRESHOLDS),
        decide(judged(2, 0.5, 0.45), "Ann", CHESS_THRESHOLDS),
        decide(judged(3, 0.5, 0.2), "Ann", CHESS_THRESHOLDS),
    ]
    assert decisions[0].label == "best" and decisions[0].loss == 0
    review = Review("octrix", "s", "game", "points", "round", CHESS_THRESHOLDS, ["Ann"])
    review.decisions = decisions
    assert [d.judged.number for d in review.costliest()] == [3, 2]
    # In the table of every decision the best one's rounding shows as no loss, as labelled.
    from cardside.tui.review import every

    lines = "\n".join(every(review, 120)).splitlines()
    rows = [line.split() for line in lines if line.split()[:1] == ["1"]]
    assert rows and rows[0][-2:] == ["0", "best"], rows
    # Labelled best, its move is named in the best column (b1 scored the same), not another,
    # with its own chance beside it: b4 valued 3 points higher, within the estimate's error.
    assert rows[0][4:6] == ["p1", "p1"], rows
    near = Judged(4, 0, "r", 1, "p4", "b4", 0.39, 0.42, 0, 0, 0.05, False, 8, "sampled")
    review.decisions = [decide(near, "Ann", CHESS_THRESHOLDS)]
    table = "\n".join(every(review, 120)).splitlines()
    (row,) = [line.split() for line in table if line.split()[:1] == ["4"]]
    assert row[2:7] == ["Ann", "p4", "p4", "39%", "39%"], row
    (second,) = [line.split() for line in lines if line.split()[:1] == ["2"]]
    assert second[4:6] == ["p2", "b2"], second


def test_the_chart_s_marks_stand_under_their_decisions_beside_a_wide_name() -> None:
    """A name of wide letters (2 columns each) moves the bars right by its width, and the
    marks and numbers below move with them: a blunder's ``!`` under its own decision."""
    from cardside.core.review import Review
    from cardside.tui.review import chart
    from cardside.tui.table import display_width

    def judged(number: int, played: float) -> Judged:
        return Judged(number, 0, "t", 1, "a", "b", played, 0.9, 0, 0, 0.0, True, 0, "exact")

    review = Review("octrix", "s", "game", "points", "round", CHESS_THRESHOLDS, ["李小龍", "Bo"])
    review.decisions = [
        decide(judged(1, 0.9), "李小龍", CHESS_THRESHOLDS),
        decide(judged(2, 0.1), "李小龍", CHESS_THRESHOLDS),  # a blunder
    ]
    lines = chart(review, ascii=True, width=40)
    bar = next(line for line in lines if line.startswith("李小龍"))
    marks = next(line for line in lines if line.strip() == "!")
    # The blunder is the second decision: its mark is one column right of where bars start.
    start = display_width("李小龍") + 2
    assert display_width(bar[: bar.index("  ") + 2]) == start
    assert marks.index("!") == start + 1
