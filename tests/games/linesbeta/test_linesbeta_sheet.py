"""The LinesBeta score sheet: sessions replayed from their entries, and refused when impossible."""

from __future__ import annotations

import random

import pytest

from cardside.core.record import EntryError, Seat, Session
from cardside.games.linesbeta.notation import parse_action, parse_card
from cardside.games.linesbeta.rules import Challenge, ChooseCell, ChooseTrump, Line
from cardside.games.linesbeta.sheet import action_text, build, replay_ledger, replay_state
from cardside.games.linesbeta.state import LinesBetaState
from cardside.sessions import store


def played(entries: list[dict], seed: int = 7, **options: str) -> Session:
    opts = {"difficulty": "normal", "length": "full", **options}
    return Session("linesbeta", "play", "t", [Seat("Ann", "human")], opts, seed, entries)


def kept(entries: list[dict], **options: object) -> Session:
    opts = {"difficulty": "normal", "length": "full", "grid": False, **options}
    return Session("linesbeta", "keep", "k", [Seat("Ann", "table")], opts, None, entries)


def random_game(seed: int, steps: int) -> tuple[LinesBetaState, list[dict]]:
    state = LinesBetaState("normal", "full", seed=seed)
    rng = random.Random(seed)
    entries = []
    for _ in range(steps):
        if state.is_terminal():
            break
        action = rng.choice(state.legal_actions())
        state.apply(action)
        entries.append({"type": "action", "action": action_text(action)})
    return state, entries


def test_action_text_is_short_ascii_and_parses_back() -> None:
    ch = Challenge(parse_card("JS"), Line.R3, "R")
    assert action_text(ch) == "JS r3R"
    assert action_text(ChooseTrump(parse_card("10H"))) == "10H"
    assert action_text(ChooseCell(3, 4)) == "r3c4"
    assert parse_action("JS r3R", "play") == ch


def test_played_session_replays_to_the_same_state_with_round_rows() -> None:
    state, entries = random_game(seed=3, steps=60)
    session = played(entries, seed=3)
    again = replay_state(session)
    assert again.points == state.points and again.snapshot == state.snapshot
    sheet = build(session)
    assert sheet.columns == ["Ann", "Grid"]
    assert sheet.totals == list(state.points)
    assert [r.number for r in sheet.rounds] == list(range(1, state.round + 1))[: len(sheet.rounds)]
    for row in sheet.rounds[:-1]:
        assert sum(row.scores) == 6
    running = [0, 0]
    for row in sheet.rounds:
        running = [a + b for a, b in zip(running, row.scores)]
        assert row.totals == running
    assert sheet.rounds[-1].totals == sheet.totals


def test_undo_entries_take_back_decisions() -> None:
    _, entries = random_game(seed=4, steps=10)
    with_undo = entries[:5] + [{"type": "undo", "moves": 2}]
    assert (
        replay_state(played(with_undo, seed=4)).snapshot
        == replay_state(played(entries[:3], seed=4)).snapshot
    )


def test_finished_game_has_winner_and_reason() -> None:
    state, entries = random_game(seed=5, steps=1000)
    sheet = build(played(entries, seed=5))
    assert sheet.status == "finished"
    assert sheet.winners == (["Ann"] if state.verdict.player_wins else ["Grid"])
    assert state.verdict.reason in sheet.rounds[-1].note


@pytest.mark.parametrize(
    "entries, message",
    [
        ([{"type": "action", "action": "JS r3R"}], "entry 1: choose this round's trump card first"),
        ([{"type": "action", "action": "ZZ"}], "entry 1:"),
        ([{"type": "action"}], "needs its action as text"),
        ([{"type": "undo", "moves": 1}], "nothing to undo"),
        ([{"type": "move", "action": "JS"}], "unknown entry type 'move'"),
    ],
)
def test_impossible_played_entries_name_the_entry(entries: list[dict], message: str) -> None:
    with pytest.raises(EntryError) as info:
        replay_state(played(entries))
    assert message in str(info.value)


def test_kept_session_rows_and_verdict() -> None:
    entries = [
        {"type": "round", "player": 4, "grid": 2},
        {"type": "trick", "result": "w"},
        {"type": "undo"},
        {"type": "trick", "result": "l"},
    ]
    sheet = build(kept(entries))
    assert sheet.totals == [4, 3]
    assert [(r.number, r.scores, r.totals) for r in sheet.rounds] == [
        (1, [4, 2], [4, 2]),
        (2, [0, 1], [4, 3]),
    ]
    assert sheet.rounds[-1].note == "round in progress" and sheet.status == "in progress"
    assert replay_ledger(kept(entries)).round == 2


def test_kept_entry_errors_and_bad_options() -> None:
    with pytest.raises(EntryError, match="entry 2"):
        replay_ledger(kept([{"type": "trick", "result": "w"}, {"type": "trick", "result": "?"}]))
    with pytest.raises(ValueError, match="difficulty"):
        build(kept([], difficulty="brutal"))
    with pytest.raises(ValueError, match="grid"):
        build(kept([], grid="yes"))


def test_save_load_verify_round_trip(tmp_path) -> None:
    from cardside.sessions import sheets

    _, entries = random_game(seed=6, steps=40)
    session = played(entries, seed=6)
    sheets.refresh(session)
    path = tmp_path / "t.toml"
    store.save(session, path)
    loaded = store.load(path)
    assert loaded.entries == entries and loaded.options == session.options
    assert sheets.mismatches(loaded) == []
    loaded.totals = [loaded.totals[0] + 1, loaded.totals[1]]
    assert any("totals" in m for m in sheets.mismatches(loaded))
