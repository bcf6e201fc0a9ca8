"""The running-totals chart, and the defaults a game's sheet gets when it declares nothing."""

from __future__ import annotations

import types
from typing import Any

import pytest

from cardside.core.record import RoundRow, Seat, Session, Sheet
from cardside.games.registry import GAMES
from cardside.sessions import sheets
from cardside.tui.chart import draw, level


def test_levels_run_from_start_to_target_either_way() -> None:
    assert [level(v, 0, 88, 9) for v in (0, 1, 44, 87, 88, 120)] == [0, 1, 4, 7, 8, 8]
    assert [level(v, 7, 0, 9) for v in (7, 6, 4, 1, 0)] == [0, 1, 3, 7, 8]
    assert level(-5, 0, 10, 9) == 0


def test_draw_one_line_per_column_with_the_target_and_rounds() -> None:
    lines = draw(["Ann", "Grid"], [[2, 1], [5, 3], [14, 6]], [(0, 14), (0, 11)], ascii=True)
    assert lines[0] == (
        "Running totals by round; @ = target reached (Ann 14, Grid 11); "
        "lower to higher: . : - = + * #"
    )
    assert lines[1] == "Ann   .-@  14"
    assert lines[2] == "Grid  .:=  6"
    assert lines[3] == "      1"


def test_draw_keeps_the_latest_rounds_when_there_are_many() -> None:
    totals = [[n, 0] for n in range(1, 101)]
    lines = draw(["A", "B"], totals, [(0, 100), (0, 100)], width=20)
    assert lines[1] == "(the latest 20 of 100 rounds)"
    assert len(lines[2].split()[1]) == 20 and lines[2].endswith(" 100")
    assert lines[-1].split() == ["81", "85", "90", "95", "100"]


def test_draw_labels_the_rounds_a_table_skips_by_their_numbers() -> None:
    # A Line-it table has rows only for the rounds in which someone scored: 5, 6, 9, 12, 13.
    totals = [[1, 0], [2, 0], [2, 3], [4, 3], [6, 3]]
    lines = draw(["A", "B"], totals, [(0, 6), (0, 6)], targets=False, numbers=[5, 6, 9, 12, 13])
    assert lines[-1] == "   5  12"  # the first bar is round 5, the fourth (past 10) round 12
    # Numbers that start again (Schnapsen deals in each match) leave the rows counted.
    lines = draw(["A", "B"], totals, [(0, 6), (0, 6)], targets=False, numbers=[1, 2, 1, 2, 3])
    assert lines[-1] == "   1   5"
    assert draw(["A"], [[1]], [(0, 6)], numbers=[])[-1] == "   1"


def test_draw_keeps_round_labels_apart() -> None:
    """Rows 2 and 6 side by side: 6 has no room after 2 and is left out, never drawn as 26."""
    totals = [[n, 0] for n in range(6)]
    lines = draw(["A", "B"], totals, [(0, 6), (0, 6)], numbers=[2, 6, 7, 8, 10, 15])
    assert lines[-1] == "   2   10"  # 10 under its bar, 15 with no room after it
    labels = draw(["A"], [[n] for n in range(30)], [(0, 30)], numbers=list(range(4, 34)))[-1]
    assert labels.split() == ["4", "10", "15", "20", "25", "30"]
    for label in labels.split():
        assert f" {label} " in f" {labels} "


class _Plain:
    """A game's sheet module that declares nothing but ``build``."""

    @staticmethod
    def build(session: Session) -> Sheet:
        rows, total = [], [0, 0]
        for n, e in enumerate(session.entries, 1):
            total = [total[0] + e["a"], total[1] + e["b"]]
            rows.append(RoundRow(n, [e["a"], e["b"]], list(total)))
        done = any(t >= 10 for t in total)
        winners = [session.player_names[total.index(max(total))]] if done else []
        return Sheet(["Ann", "Bob"], rows, total, "finished" if done else "in progress", winners)


@pytest.fixture
def plain(monkeypatch: pytest.MonkeyPatch) -> Any:
    info = GAMES["octrix"]
    fake = types.SimpleNamespace(build=_Plain.build)
    monkeypatch.setattr(type(info), "module", lambda self, part: fake)
    return fake


def test_a_game_that_declares_nothing_gets_the_defaults(plain: Any) -> None:
    session = Session("octrix", "keep", "t", [Seat("Ann"), Seat("Bob")])
    session.entries = [{"a": 3, "b": 1}, {"a": 8, "b": 2}]
    sheets.refresh(session)
    assert session.finished and session.winners == ["Ann"]
    (result,) = session.results
    assert (result.number, result.winners, result.totals, result.round) == (1, ["Ann"], [11, 3], 2)
    assert sheets.unit_of("octrix") == "game"
    assert sheets.outcomes(session) == ["decided in round 2"]
    assert sheets.chart_scale(session) == [(0, 11), (0, 11)]
    assert not sheets.has_targets("octrix")
    legend = draw(session.columns, [r.totals for r in session.rounds], [(0, 11)] * 2, targets=False)
    assert legend[0] == "Running totals by round; █ = the highest total (11)"
    assert sheets.progress(session) == []
    running = sheets.running(session)
    session.entries.append({"a": 1, "b": 1})
    running.add(session.entries[-1])
    assert running.sheet().totals == [12, 4]


def test_without_targets_the_legend_names_the_highest_total_reached() -> None:
    """The scale of a game without targets runs to at least 1 (bars need one); the legend
    still names the total reached, and says when none is above 0."""
    assert draw(["Ann", "Bob"], [[0, 0]], [(0, 1)] * 2, targets=False)[0] == (
        "Running totals by round; no total above 0 yet"
    )
    assert draw(["Ann", "Bob"], [[-3, 2]], [(0, 2)] * 2, targets=False)[0].endswith(
        "the highest total (2)"
    )


def test_draw_lines_up_bars_after_wide_names() -> None:
    lines = draw(["李明", "Bob"], [[2, 1], [5, 3]], [(0, 14), (0, 11)], ascii=True)
    assert lines[1].startswith("李明  .") and lines[2].startswith("Bob   .")
