"""Schnapsen sessions replayed into sheets, and the one-deal score check."""

from __future__ import annotations

import pytest

from cardside.core.record import EntryError, Seat, Session
from cardside.core.words import said_of
from cardside.games.schnapsen import rules
from cardside.games.schnapsen.keep import LedgerError, rule_reason, score
from cardside.games.schnapsen.notation import format_action
from cardside.games.schnapsen.score import DealFacts, ScoreError, score_deal
from cardside.games.schnapsen.sheet import build, replay_state
from cardside.games.schnapsen.state import SchnapsenState


def played(entries: list[dict[str, object]], seed: int = 5) -> Session:
    return Session(
        game="schnapsen",
        mode="play",
        name="t",
        seed=seed,
        seats=[Seat("Ann", "human"), Seat("Bot", "bot:random")],
        options={"level": "easy", "first_dealer": 1},
        entries=entries,
    )


def kept(entries: list[dict[str, object]], matches: int = 0) -> Session:
    return Session(
        game="schnapsen",
        mode="keep",
        name="k",
        seats=[Seat("Ann", "table"), Seat("Bob", "table")],
        options={"matches": matches},
        entries=entries,
    )


def action_entries(seed: int, count: int) -> list[dict[str, object]]:
    state = SchnapsenState(seed=seed)
    out: list[dict[str, object]] = []
    for _ in range(count):
        seat = state.current_player()
        action = state.legal_actions()[-1]
        out.append({"type": "action", "seat": seat, "action": format_action(action, ascii=True)})
        state.apply(action)
    return out


# -- played sessions ---------------------------------------------------------------------------
def test_played_session_rows_follow_the_match_history() -> None:
    entries: list[dict[str, object]] = []
    state = SchnapsenState(seed=5)
    while not state.is_terminal():
        seat = state.current_player()
        action = state.legal_actions()[0]
        entries.append(
            {"type": "action", "seat": seat, "action": format_action(action, ascii=True)}
        )
        state.apply(action)
    sheet = build(played(entries))
    assert sheet.status == "finished"
    assert len(sheet.rounds) == len(state.history)
    for row, record in zip(sheet.rounds, state.history):
        assert row.totals == list(record.counts_after)
        assert row.scores[record.result.winner] == record.result.points
        winner = ("Ann wins", "Bot wins")[record.result.winner]
        assert rule_reason(record.result.rule) in row.note
        assert row.note.startswith(f"{winner} {record.result.points} game point")
    winner = state.outcome().winners[0]  # type: ignore[union-attr]
    assert sheet.winners == [["Ann", "Bot"][winner]] and sheet.totals[winner] == 0


def test_undo_entries_take_back_moves() -> None:
    entries = action_entries(7, 6)
    state = replay_state(played(entries + [{"type": "undo", "moves": 2}], seed=7))
    reference = SchnapsenState(seed=7)
    for _ in range(4):
        reference.apply(reference.legal_actions()[-1])
    assert state.legal_actions() == reference.legal_actions()
    assert state.deal == reference.deal


@pytest.mark.parametrize(
    "bad, message",
    [
        (
            {"type": "action", "seat": 1, "action": "AH"},
            "entry 1: Bot moved, but it was Ann's turn",
        ),
        ({"type": "action", "seat": 0, "action": "ZZ"}, "entry 1: Ann's move: 'ZZ'"),
        ({"type": "card", "seat": 0, "action": "AH"}, "entry 1: unknown entry type 'card'"),
        ({"type": "undo", "moves": 1}, "entry 1: nothing to undo"),
        ({"type": "undo", "moves": 0}, "entry 1: an undo needs a positive number"),
    ],
)
def test_impossible_play_entries_name_the_entry(bad: dict[str, object], message: str) -> None:
    with pytest.raises(EntryError) as info:
        build(played([bad]))
    assert str(info.value).startswith(message)


def test_the_person_called_you_is_spoken_to_in_the_reasons() -> None:
    you = played([{"type": "action", "seat": 1, "action": "AH"}])
    you.seats = [Seat("You", "human"), Seat("Bot", "bot:random")]
    with pytest.raises(EntryError, match=r"^entry 1: Bot moved, but it was your turn$"):
        build(you)
    you.entries = [{"type": "action", "seat": 0, "action": "ZZ"}]
    with pytest.raises(EntryError, match=r"^entry 1: your move: 'ZZ'"):
        build(you)


def test_an_illegal_card_in_a_file_is_refused_with_the_reason() -> None:
    state = SchnapsenState(seed=5)
    foreign = next(c for c in rules.CARDS if c not in state.hand(0))
    with pytest.raises(EntryError, match=r"entry 1: Ann's move: they do not hold"):
        build(played([{"type": "action", "seat": 0, "action": format_action(foreign, True)}]))


@pytest.mark.parametrize(
    ("reason", "said"),
    [
        ("you do not hold QD", "they do not hold QD"),
        ("you need both King and Queen", "they need both King and Queen"),
        ("you may only play a card from your hand", "they may only play a card from their hand"),
        (
            "take a card first (you score after taking)",
            "take a card first (they score after taking)",
        ),
    ],
)
def test_a_rule_s_reason_is_said_of_another_player(reason: str, said: str) -> None:
    """Said after the player's name (``Bot 2's move: ...``): ``they`` takes the verb as
    ``you`` does, so the reason stays grammatical; to the player called You, unchanged."""
    assert said_of(reason, "Bot 2") == said
    assert said_of(reason, "You") == reason


# -- kept sessions -----------------------------------------------------------------------------
def test_kept_session_counts_matches_and_finishes_at_the_limit() -> None:
    entries: list[dict[str, object]] = [{"type": "result", "winner": 1, "points": 3}] * 3
    sheet = build(kept(entries, matches=1))
    assert sheet.status == "finished" and sheet.winners == ["Bob"] and sheet.totals == [0, 1]
    assert [r.totals for r in sheet.rounds] == [[7, 4], [7, 1], [7, 0]]
    assert "Bob wins match 1" in sheet.rounds[-1].note
    open_ended = build(kept(entries + [{"type": "result", "winner": 0, "points": 1}]))
    assert open_ended.status == "in progress" and open_ended.winners == []
    assert open_ended.rounds[-1].totals == [6, 7] and open_ended.rounds[-1].match == 2
    with pytest.raises(EntryError, match="entry 4: the match is already won"):
        build(kept(entries + [{"type": "result", "winner": 0, "points": 1}], matches=1))


def test_kept_entries_are_scored_by_the_rules() -> None:
    sheet = build(kept([{"type": "table", "closer": 0, "reached_66": 1, "opponent_trick": False}]))
    assert sheet.rounds[0].scores == [0, 3]
    assert "opponent reached 66 first" in sheet.rounds[0].note
    with pytest.raises(EntryError, match="entry 1: 'opponent_trick' is missing"):
        build(kept([{"type": "table", "reached_66": 0, "opponent_points": 40}]))


def test_the_last_trick_rule_needs_no_card_points() -> None:
    assert score({"kind": "table", "last_trick": 1}).rule == rules.LAST_TRICK
    with pytest.raises(LedgerError, match="say who took the last trick"):
        score({"kind": "table", "opponent_trick": True})


# -- one-deal score ----------------------------------------------------------------------------
def test_score_deal_names_the_players_and_infers_the_trick() -> None:
    result = score_deal(DealFacts(closer="Ann", reached_66="Ann", points=40))
    assert result.names == ("Ann", "the other player")
    assert (result.winner, result.game_points, result.rule) == (0, 1, rules.CLOSER_1)
    result = score_deal(DealFacts(reached_66="bob", points=0), ("Ann", "Bob"))
    assert (result.winner, result.game_points) == (1, 3)
    assert "Bob wins 3 game points" in result.explain()
    assert result.to_dict()["winner"] == "Bob"


@pytest.mark.parametrize(
    "facts, message",
    [
        (DealFacts(reached_66="Ann"), "give the other player's card points at the end"),
        (DealFacts(reached_66="Ann", last_trick="Ann", points=40), "only when nobody closed"),
        (DealFacts(closer="A", reached_66="B", last_trick="C", trick=True), "two players"),
        (DealFacts(reached_66="Ann", points=3), "at least 4"),
    ],
)
def test_score_deal_refuses_impossible_facts(facts: DealFacts, message: str) -> None:
    with pytest.raises(LedgerError, match=message):
        score_deal(facts)
    assert issubclass(ScoreError, LedgerError)


def test_a_deal_note_names_the_winner_first_whoever_closed() -> None:
    """A rule told from the closer's side follows the winner's name, never stands for it."""
    from cardside.games.schnapsen.sheet import deal_note

    assert deal_note("Bob", 2, rules.CLOSER_FAILED_2) == (
        "Bob wins 2 game points: closer failed to reach 66"
    )
    assert deal_note("You", 1, rules.NORMAL_1).startswith("You win 1 game point: 66 reached")
