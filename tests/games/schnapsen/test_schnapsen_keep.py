"""The scorekeeper ledger: entries, derived game points, matches, undo, replay, bad input."""

from __future__ import annotations

import pytest

from cardside.games.schnapsen import rules
from cardside.games.schnapsen.keep import Ledger, LedgerError, score


def test_direct_results_count_down_and_start_a_new_match() -> None:
    ledger = Ledger()
    for winner, points in [(0, 3), (1, 2), (0, 3), (0, 1)]:
        ledger.add_result(winner, points)
    rows = ledger.rows()
    assert [r.counts_after for r in rows] == [(4, 7), (4, 5), (1, 5), (0, 5)]
    assert ledger.matches_won == (1, 0) and ledger.counts == (7, 7) and ledger.match_no == 2
    row = ledger.add_result(1, 2)
    assert (row.deal_no, row.match_no, row.counts_after) == (5, 2, (7, 5))


@pytest.mark.parametrize(
    "entry, winner, points, rule",
    [
        ({"reached_66": 0, "opponent_points": 40, "opponent_trick": True}, 0, 1, rules.NORMAL_1),
        ({"reached_66": 1, "opponent_points": 20, "opponent_trick": True}, 1, 2, rules.NORMAL_2),
        ({"reached_66": 1, "opponent_points": 0, "opponent_trick": False}, 1, 3, rules.NORMAL_3),
        (
            {"closer": 0, "reached_66": 0, "opponent_points": 45, "opponent_trick": True},
            0,
            1,
            rules.CLOSER_1,
        ),
        (
            {"closer": 0, "reached_66": 0, "opponent_points": 0, "opponent_trick": False},
            0,
            3,
            rules.CLOSER_3,
        ),
        ({"closer": 0, "opponent_trick": True}, 1, 2, rules.CLOSER_FAILED_2),
        ({"closer": 1, "opponent_trick": False}, 0, 3, rules.CLOSER_FAILED_3),
        ({"closer": 1, "reached_66": 0, "opponent_trick": True}, 0, 2, rules.CLOSER_BEATEN_2),
        ({"last_trick": 1, "opponent_points": 58, "opponent_trick": True}, 1, 1, rules.LAST_TRICK),
    ],
)
def test_table_entries_give_points_and_rule(
    entry: dict, winner: int, points: int, rule: str
) -> None:
    result = score({"kind": "table", **entry})
    assert (result.winner, result.points, result.rule) == (winner, points, rule)
    row = Ledger().add({"kind": "table", **entry})
    assert row is not None and row.rule_text == rules.RULE_TEXT[rule]


def test_undo_is_an_entry_and_totals_come_from_entries_in_effect() -> None:
    ledger = Ledger()
    ledger.add_result(0, 2)
    ledger.add_result(1, 3)
    ledger.undo()
    ledger.add_result(1, 1)
    assert [e["kind"] for e in ledger.entries] == ["result", "result", "undo", "result"]
    assert [r.points for r in ledger.rows()] == [2, 1]
    assert ledger.counts == (5, 6)
    assert [r.entry for r in ledger.rows()] == [1, 4]


def test_rebuilt_from_plain_entries() -> None:
    ledger = Ledger()
    ledger.add_table(reached_66=0, opponent_points=10, opponent_trick=True)
    ledger.add_table(closer=1, opponent_trick=False)
    ledger.undo()
    ledger.add_result(1, 3)
    copy = Ledger.from_entries(ledger.entries)
    assert copy.rows() == ledger.rows() and copy.entries == ledger.entries
    for entry in ledger.entries:  # TOML-friendly values only
        assert all(isinstance(v, (str, int, bool)) for v in entry.values())


@pytest.mark.parametrize(
    "entry, message",
    [
        ({"kind": "result", "winner": 0, "points": 4}, "1 to 3"),
        ({"kind": "result", "winner": 2, "points": 1}, "seat 0 or 1"),
        ({"kind": "result", "winner": 0, "points": True}, "whole number"),
        ({"kind": "result", "winner": 0}, "missing"),
        (
            {"kind": "table", "reached_66": 0, "opponent_points": 130, "opponent_trick": True},
            "0 to 120",
        ),
        (
            {"kind": "table", "reached_66": 0, "opponent_points": 70, "opponent_trick": True},
            "66 or more",
        ),
        (
            {"kind": "table", "reached_66": 0, "opponent_points": 12, "opponent_trick": False},
            "without a trick",
        ),
        (
            {"kind": "table", "reached_66": 0, "opponent_points": 2, "opponent_trick": True},
            "at least 4",
        ),
        ({"kind": "table", "opponent_points": 20, "opponent_trick": True}, "last trick"),
        ({"kind": "table", "reached_66": 0, "opponent_points": 20}, "opponent_trick"),
        ({"kind": "table", "reached_66": 0, "opponent_trick": True}, "opponent_points"),
        (
            {"kind": "table", "reached_66": 0, "opponent_trick": "yes", "opponent_points": 9},
            "true or false",
        ),
        ({"kind": "table", "winner": 0, "opponent_trick": False}, "unknown field"),
        ({"kind": "score"}, "unknown entry kind"),
    ],
)
def test_bad_entries_are_refused_with_a_reason(entry: dict, message: str) -> None:
    with pytest.raises(LedgerError, match=message):
        Ledger().add(entry)


def test_undo_with_nothing_to_undo_and_bad_file_entries() -> None:
    with pytest.raises(LedgerError, match="nothing to undo"):
        Ledger().undo()
    with pytest.raises(LedgerError, match="entry 2: a deal is worth"):
        Ledger.from_entries(
            [
                {"kind": "result", "winner": 0, "points": 1},
                {"kind": "result", "winner": 0, "points": 9},
            ]
        )
