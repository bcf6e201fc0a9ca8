"""The Octrix scorekeeper ledger: tricks, hands, undo, rounds and the game to 88."""

from __future__ import annotations

import pytest

from cardside.core.errors import IllegalActionError, NotationError
from cardside.core.record import EntryError
from cardside.games.octrix.keep import OctrixLedger
from cardside.games.octrix.notation import parse_cards

# A full 2-player round: Ann wins tricks 1, 2, 4, 5, 6; Bob wins 3, 7, 8.
ROUND = ["8C 3H", "2C 3D", "7H 7D", "6H 6D", "5H 5D", "4H 4D", "2S 3S", "AS 8S"]
HANDS = ["8C 2C 7H 6H 5H 4H 2S AS", "3H 3D 7D 6D 5D 4D 3S 8S"]


def enter(ledger: OctrixLedger, tricks: list[str]):
    return [ledger.enter_trick(parse_cards(t)) for t in tricks]


def test_trick_reports_winner_rule_and_next_rule() -> None:
    ledger = OctrixLedger(["Ann", "Bob"])
    (first, _), (second, _) = enter(ledger, ROUND[:2])
    assert first.winner == 0 and first.rule.value == "highest"
    assert first.next_rule is not None and first.next_rule.value == "lowest"
    assert "different colours" in first.next_reason
    assert second.rule.value == "lowest" and second.winner == 0


def test_full_round_scores_runs_and_totals() -> None:
    ledger = OctrixLedger(["Ann", "Bob"])
    reports = enter(ledger, ROUND)
    round_report = reports[-1][1]
    assert round_report is not None
    assert [r[0].winner for r in reports] == [0, 0, 1, 0, 0, 0, 1, 1]
    assert round_report.counting == ((1, 2, 4, 5, 6), (3, 7, 8))
    assert round_report.scores == (4 + 9, 1 + 4)
    assert ledger.totals == [13, 5]
    assert ledger.round_no == 2 and ledger.tricks == [] and ledger.rule.value == "highest"


def test_card_already_played_this_round_is_refused_and_nothing_lost() -> None:
    ledger = OctrixLedger(["Ann", "Bob"])
    enter(ledger, ROUND[:1])
    with pytest.raises(IllegalActionError, match=r"8C was already played this round \(trick 1\)"):
        ledger.enter_trick(parse_cards("8C 2H"))
    with pytest.raises(IllegalActionError, match="one per player"):
        ledger.enter_trick(parse_cards("2H"))
    assert len(ledger.tricks) == 1 and len(ledger.entries) == 1


def test_hands_are_checked_and_cards_must_be_held() -> None:
    ledger = OctrixLedger(["Ann", "Bob"], hands=True)
    assert ledger.needs_hands and ledger.next_hand_seat == 0
    with pytest.raises(
        IllegalActionError, match=r"enter the hands for round 1 first \(Ann's is next\)"
    ):
        ledger.enter_trick(parse_cards("8C 3H"))
    with pytest.raises(IllegalActionError, match="the next hand to enter is Ann's"):
        ledger.enter_hand(1, parse_cards(HANDS[1]))
    with pytest.raises(IllegalActionError, match="needs 8 cards, not 1"):
        ledger.enter_hand(0, parse_cards("3H"))
    ledger.enter_hand(0, parse_cards(HANDS[0]))
    assert ledger.entries == [{"type": "hand", "seat": 0, "cards": HANDS[0]}]
    assert ledger.known_hands is None and ledger.next_hand_seat == 1
    with pytest.raises(IllegalActionError, match="8C is already in Ann's hand"):
        ledger.enter_hand(1, parse_cards("8C 3D 7D 6D 5D 4D 3S 8S"))
    ledger.enter_hand(1, parse_cards(HANDS[1]))
    assert not ledger.needs_hands and ledger.known_hands is not None
    with pytest.raises(IllegalActionError, match="Bob does not hold 8C"):
        ledger.enter_trick(parse_cards("2C 8C"))
    with pytest.raises(IllegalActionError, match="Ann does not hold 3D"):
        ledger.enter_trick(parse_cards("3D 3H"))
    enter(ledger, ROUND)
    assert ledger.needs_hands and ledger.round_no == 2 and ledger.next_hand_seat == 0


def test_undo_takes_back_one_hand_at_a_time() -> None:
    ledger = OctrixLedger(["Ann", "Bob"], hands=True)
    ledger.enter_hands([parse_cards(h) for h in HANDS])
    assert ledger.undo() == {"type": "hand", "seat": 1, "cards": HANDS[1]}
    assert ledger.next_hand_seat == 1 and ledger.hands[0] is not None


def test_undo_is_an_entry_and_restores_the_previous_position() -> None:
    ledger = OctrixLedger(["Ann", "Bob"])
    enter(ledger, ROUND)
    assert ledger.totals == [13, 5]
    undone = ledger.undo()
    assert undone == {"type": "trick", "cards": "AS 8S"}
    assert ledger.totals == [0, 0] and len(ledger.tricks) == 7 and ledger.round_no == 1
    assert ledger.entries[-1] == {"type": "undo"} and len(ledger.entries) == 9
    ledger.enter_trick(parse_cards("8S AS"))  # entered the other way round this time
    assert ledger.rounds[-1].scores != (13, 5)
    fresh = OctrixLedger(["Ann", "Bob"])
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        fresh.undo()


def test_game_to_88_with_tie_rule() -> None:
    # Ann takes all 8 tricks each round: 64, then 128.
    ledger = OctrixLedger(["Ann", "Bob"])
    ann_all = ["8C AD", "AH 8S", "AC 7S", "7H 3D", "6H 5D", "5H 4D", "4H 3S", "2D 3H"]
    reports = enter(ledger, ann_all)
    assert reports[-1][1] is not None and reports[-1][1].scores == (64, 0)
    assert ledger.winner is None
    enter(ledger, ann_all)
    assert ledger.winner == 0 and ledger.over
    with pytest.raises(IllegalActionError, match=r"^the game ended with round 2 \(Ann 128\)$"):
        ledger.enter_trick(parse_cards("8C AD"))


def test_partnership_sides_pool_counting_cards() -> None:
    ledger = OctrixLedger(["Ann", "Bob", "Cid", "Dee"], partnership=True)
    assert ledger.side_names() == ["Ann & Cid", "Bob & Dee"]
    first, _ = ledger.enter_trick(parse_cards("AD 2D 8C 3D"))  # Cid (seat 3) wins
    assert first.winner == 2
    assert ledger.counting_cards() == [(1,), ()]


def test_from_entries_names_the_bad_entry() -> None:
    entries = [{"type": "trick", "cards": "8C 3H"}, {"type": "trick", "cards": "8C 2H"}]
    with pytest.raises(EntryError, match="entry 2: 8C was already played"):
        OctrixLedger.from_entries(["Ann", "Bob"], entries)
    with pytest.raises(EntryError, match="entry 1: unknown entry type"):
        OctrixLedger.from_entries(["Ann", "Bob"], [{"type": "bid"}])
    with pytest.raises(EntryError, match="entry 1"):
        OctrixLedger.from_entries(["Ann", "Bob"], [{"type": "trick", "cards": "ZZ 3H"}])
    with pytest.raises(NotationError):
        parse_cards("8C 8C")


def swapped(trick: str) -> str:
    a, b = trick.split()
    return f"{b} {a}"


def test_equal_totals_at_88_play_on_until_one_is_highest() -> None:
    # Swapping who played which card keeps each trick's rule, so the other seat wins it.
    ann_all = ["8C AD", "AH 8S", "AC 7S", "7H 3D", "6H 5D", "5H 4D", "4H 3S", "2D 3H"]
    bob_all = [swapped(t) for t in ann_all]
    halves = ann_all[:4] + bob_all[4:]  # Ann takes 1-4, Bob 5-8: 16 each
    ledger = OctrixLedger(["Ann", "Bob"])
    enter(ledger, ann_all + bob_all + halves)
    assert ledger.totals == [80, 80] and ledger.winner is None
    reports = enter(ledger, halves)
    assert reports[-1][1] is not None and reports[-1][1].scores == (16, 16)
    assert ledger.totals == [96, 96]
    assert ledger.winner is None and not ledger.over  # both past 88, level: another round
    enter(ledger, halves[:7])
    assert ledger.winner is None
    enter(ledger, halves[7:])
    assert ledger.totals == [112, 112] and ledger.winner is None
    enter(ledger, bob_all)
    assert ledger.totals == [112, 176] and ledger.winner == 1 and ledger.over


# A partnership round worked by hand. Seats Ann, Bob, Cid, Dee; teams Ann & Cid, Bob & Dee.
TEAM_ROUND = [
    "8C 2D 3D 4D",  # highest wins: Ann; 8C black, 2D red -> next lowest
    "7C 5D AD 6D",  # lowest: Cid; 7C black, AD red -> lowest
    "7S AH 6C 5H",  # lowest: Bob; 7S black, AH red -> lowest
    "AC 6H 5C 4H",  # lowest: Ann; 6H red, AC black -> lowest
    "8S 7H 8H AS",  # lowest: Dee; 8S black, AS black -> highest
    "2C 8D 2S 3H",  # highest: Bob; 8D red, 2S black (spades below clubs) -> lowest
    "3S 7D 2H 4S",  # lowest: Cid; 7D red, 2H red -> highest
    "6S 3C 4C 5S",  # highest: Ann
]
TEAM_WINNERS = [0, 2, 1, 0, 3, 1, 2, 0]
TEAM_RULES = ["highest", "lowest", "lowest", "lowest", "lowest", "highest", "lowest", "highest"]


def test_partnership_round_scores_runs_of_the_teams_combined_counting_cards() -> None:
    ledger = OctrixLedger(["Ann", "Bob", "Cid", "Dee"], partnership=True)
    reports = enter(ledger, TEAM_ROUND)
    assert [r[0].winner for r in reports] == TEAM_WINNERS
    assert [r[0].rule.value for r in reports] == TEAM_RULES
    result = reports[-1][1]
    assert result is not None
    # Ann alone holds 1, 4, 8 (3 points), but the team's 1 2 4 7 8 make [1 2] [4] [7 8].
    assert result.counting == ((1, 2, 4, 7, 8), (3, 5, 6))
    assert result.scores == (4 + 1 + 4, 1 + 4)
    assert ledger.totals == [9, 5]
