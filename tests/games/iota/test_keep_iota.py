"""The IOTA scorekeeper: quick and full entry, turn order, undo, the end, saved entries."""

from __future__ import annotations

import re

import pytest

from cardside.core.errors import EntryError, IllegalActionError, NotationError
from cardside.core.record import Seat, Session
from cardside.games.iota.keep import IotaLedger, name_reads_as, parse_entry
from cardside.games.iota.notation import format_card
from cardside.games.iota.sheet import build

from .iota_helpers import EXAMPLE_SCORES, EXAMPLE_TURNS, kept_until_the_pile_is_empty


def enter(ledger: IotaLedger, text: str) -> object:
    return ledger.add(parse_entry(text, ledger))


def test_quick_entry_reads_values_lots_all4_and_final() -> None:
    ledger = IotaLedger(["Ann", "Bob"])
    assert parse_entry("Ann 8 4 5 lot", ledger) == {
        "type": "turn",
        "seat": 0,
        "lines": [8, 4, 5],
        "lots": 1,
        "all4": False,
        "final": False,
    }
    entry = parse_entry("10 10 6 lot lot all4", ledger)
    assert (entry["lines"], entry["lots"], entry["all4"]) == ([10, 10, 6], 2, True)
    assert parse_entry("bob 4+3+2+1 lots=1 final", ledger)["lots"] == 1
    assert parse_entry("Ann pass", ledger) == {"type": "pass", "seat": 0}
    for bad in ("Ann", "Ann 8 lotto", "", "x" * 300):
        with pytest.raises(NotationError):
            parse_entry(bad, ledger)


def test_a_line_typed_as_its_cards_is_checked() -> None:
    """``2+3+4`` is a line's cards: more than 4, numbers mixed, or a 4-card line without its
    lot are refused with the reason; a line that can be is scored."""
    ledger = IotaLedger(["Ann", "Bob"])
    for text, reason in (
        ("Ann 1+1+2", "1+1+2: a line's numbers are all the same or all different"),
        ("Ann 2+2+2+2+2", "a line holds at most 4 cards"),
        ("Ann 3+3+3+3", "a lot: 1 such line but 0 lots (type lot once for each)"),
        # A line of 2 or 3 cards is no lot.
        (
            "Ann 1+1 lot",
            "1+1 is a line of 2 cards, not a lot (a lot is 4 cards): 1 lot but 0 lines that "
            "can be one (leave out lot)",
        ),
        ("Ann 2+3+4 10 lot lot", "2 lots but 1 line that can be one (type lot once)"),
    ):
        with pytest.raises(NotationError, match=re.escape(reason)):
            parse_entry(text, ledger)
    assert parse_entry("Ann 3+3+3+3 1+2 lot", ledger)["lines"] == [12, 3]


def test_entry_words_are_read_in_full() -> None:
    """lot and lots=N add up, a signed value is a number, a swap or a starter has no extras."""
    ledger = IotaLedger(["Ann", "Bob"])
    assert parse_entry("Ann 10 10 6 lot lots=1 all4", ledger)["lots"] == 2
    assert parse_entry("Ann +4 -1", ledger)["lines"] == [4, -1]
    with pytest.raises(IllegalActionError, match=r"a line is worth 0 to 16 \(four 4s\), not -1"):
        enter(ledger, "Ann -1")
    assert (name_reads_as("lots=2"), name_reads_as("-3"), name_reads_as("+4")) == (
        "a command",
        "a number",
        "a number",
    )
    grid = IotaLedger(["Ann", "Bob"], grid=True)
    with pytest.raises(NotationError, match=r"first the starter card, e.g. RC2 \(it lies at 0,0\)"):
        parse_entry("RC2 YS2", grid)
    with pytest.raises(NotationError, match="first the starter card"):
        parse_entry("RC2 1,0", grid)
    assert parse_entry("RC2 0,0", grid) == {"type": "starter", "card": "RC2"}
    enter(grid, "RC2")
    with pytest.raises(NotationError, match="write a swap as swap CARD x,y"):
        parse_entry("Ann swap GC3 1,0 2,0", grid)


def test_a_ledger_seats_two_to_four_players() -> None:
    """One player and five players are refused, as the rulebook's 2-4."""
    for names in (["Ann"], ["Ann", "Bob", "Cy", "Di", "Ed"]):
        with pytest.raises(ValueError, match="IOTA is for 2 to 4 players"):
            IotaLedger(names)
    assert IotaLedger(["Ann", "Bob", "Cy", "Di"]).players == 4


def test_quick_turns_score_and_keep_the_order() -> None:
    ledger = IotaLedger(["Ann", "Bob", "Cy"])
    report = enter(ledger, "Ann 8 4 5 lot")
    assert report.score == 34
    with pytest.raises(IllegalActionError, match="it is Bob's turn, not Cy's"):
        enter(ledger, "Cy 3")
    with pytest.raises(IllegalActionError, match="all4 needs at least one lot"):
        enter(ledger, "Bob 9 all4")
    enter(ledger, "Bob 10 10 6 lot lot all4")
    enter(ledger, "Cy pass")
    assert ledger.totals == [34, 208, 0] and ledger.seat == 0
    assert [len(r) for r in ledger.rounds()] == [3]


def test_quick_turns_lay_no_more_cards_than_the_game_has() -> None:
    ledger = IotaLedger(["Ann", "Bob"])
    for turn in range(16):
        enter(ledger, f"{'Bob' if turn % 2 else 'Ann'} 4 lot all4")
    enter(ledger, "Ann 2")
    assert ledger.laid == 65
    with pytest.raises(IllegalActionError, match="65 cards to lay after the starter.*65"):
        enter(ledger, "Bob 3")
    enter(ledger, "Bob pass")
    ledger.undo()
    ledger.undo()
    enter(ledger, "Ann 3 final")
    assert ledger.over and ledger.laid == 65


def lay_the_pile(ledger: IotaLedger) -> None:
    """Ten rounds of one 3-point line a turn: up to 60 cards laid, enough to empty the pile of
    a 2-player game (57 cards)."""
    for _ in range(10):
        enter(ledger, "Ann 3")
        enter(ledger, "Bob 3")


def test_the_game_ends_on_a_final_turn_doubled() -> None:
    ledger = IotaLedger(["Ann", "Bob"])
    enter(ledger, "Ann 6")
    with pytest.raises(IllegalActionError, match="cannot be the last card.*57 cards.*at most 3"):
        enter(ledger, "Bob 5 final")
    enter(ledger, "Bob 6")
    lay_the_pile(ledger)
    enter(ledger, "Ann 6")
    enter(ledger, "Bob 5 final")
    assert ledger.over and ledger.totals == [42, 46] and ledger.winners == [1]
    with pytest.raises(IllegalActionError, match="the game is over"):
        enter(ledger, "Ann 3")
    ledger.undo()
    assert not ledger.over and ledger.totals == [42, 36]


def test_a_last_card_needs_enough_turns_to_empty_the_pile() -> None:
    # 4 players: the pile starts with 65 - 16 = 49 cards; a turn lays at most 3, 4 with all4.
    ledger = IotaLedger(["Ann", "Bob", "Cy", "Di"])
    for _ in range(12):
        enter(ledger, "3 3 3 3 lot all4")  # 48 cards at most
    with pytest.raises(IllegalActionError, match="49 cards.*at most 48 laid"):
        enter(ledger, "3 final")
    enter(ledger, "3")
    enter(ledger, "3 final")
    assert ledger.over


def test_the_game_ends_on_passes_only_after_everyone_passed() -> None:
    ledger = IotaLedger(["Ann", "Bob"])
    enter(ledger, "Ann 6")
    enter(ledger, "Bob 6")
    with pytest.raises(IllegalActionError, match="every player passed"):
        enter(ledger, "end")
    enter(ledger, "Ann pass")
    enter(ledger, "Bob pass")
    with pytest.raises(IllegalActionError, match="cannot end by passes: the pile starts with 57"):
        enter(ledger, "end")
    lay_the_pile(ledger)
    enter(ledger, "Ann pass")
    enter(ledger, "Bob pass")
    enter(ledger, "end")
    assert ledger.over and ledger.winners == [0, 1]  # a tie shares the win


def test_passes_end_the_game_only_if_every_player_passed_in_a_row() -> None:
    """One pass of two is not enough, and a turn between two passes starts the count again."""
    ledger = IotaLedger(["Ann", "Bob"])
    lay_the_pile(ledger)
    enter(ledger, "Ann pass")
    with pytest.raises(IllegalActionError, match="every player passed in a row"):
        enter(ledger, "end")
    enter(ledger, "Bob 3")
    enter(ledger, "Ann pass")
    with pytest.raises(IllegalActionError, match="every player passed in a row"):
        enter(ledger, "end")
    enter(ledger, "Bob pass")
    enter(ledger, "end")
    assert ledger.end == "passes"


def test_with_the_grid_kept_a_round_of_passes_with_the_pile_empty_leaves_only_the_end() -> None:
    """The grid tells when the pile is empty: after a round of passes made with it empty the
    game is over, and a turn typed then is refused (the keep screen enters the end itself);
    a file kept before, with a pass after those, still reads."""
    ledger, entries = kept_until_the_pile_is_empty(seed=1)
    first = ledger.names[ledger.seat]
    enter(ledger, f"{first} pass")
    assert not ledger.passed_out
    totals = list(ledger.totals)
    enter(ledger, f"{ledger.names[ledger.seat]} pass")
    assert ledger.passed_out and not ledger.over
    with pytest.raises(IllegalActionError, match="every player passed in a row with the pile"):
        enter(ledger, f"{first} pass")
    enter(ledger, "end")
    assert ledger.over and ledger.end == "passes" and ledger.totals == totals
    seat = ledger.names.index(first)
    passes = [{"type": "pass", "seat": s} for s in (seat, 1 - seat, seat)]
    before = IotaLedger.from_entries(ledger.names, [*entries, *passes], grid=True)
    assert not before.over and before.totals == totals


def test_with_the_grid_kept_end_before_the_pile_is_empty_names_the_pile() -> None:
    ledger = IotaLedger(["Ann", "Bob"], grid=True)
    enter(ledger, "RC2")
    enter(ledger, "Ann pass")
    enter(ledger, "Bob pass")
    assert not ledger.over
    with pytest.raises(IllegalActionError, match="cannot end by passes: the pile starts with 57"):
        enter(ledger, "end")


def test_the_grid_keeper_scores_the_seed_example_and_refuses_bad_plays() -> None:
    ledger = IotaLedger(["Ann", "Bob"], grid=True)
    with pytest.raises(IllegalActionError, match="starter card first"):
        ledger.add({"type": "play", "seat": 0, "cards": "GT2 -2,0"})
    enter(ledger, "RC2")
    for text, expected in zip(EXAMPLE_TURNS, EXAMPLE_SCORES):
        assert enter(ledger, text).score == expected
    with pytest.raises(IllegalActionError, match="RC2 is already on the grid"):
        enter(ledger, "RC2 3,0")
    with pytest.raises(IllegalActionError, match="would hold"):
        enter(ledger, "RC3 -1,1")
    for quick in ("Ann 8 4 5 lot", "Ann 8", "Bob 8 all4 final"):
        with pytest.raises(NotationError, match="keeps the grid .started with --grid.: enter"):
            enter(ledger, quick)
    with pytest.raises(IllegalActionError, match="only 2 wilds"):
        ledger.add({"type": "play", "seat": 0, "cards": "W 3,2 W 4,2 W 5,2"})
    assert ledger.totals == [40, 214]


def test_the_grid_keeper_recycles_a_wild() -> None:
    ledger = IotaLedger(["Ann", "Bob"], grid=True)
    enter(ledger, "RC1")
    enter(ledger, "W 1,0")
    enter(ledger, "Bob swap YC2 1,0")
    with pytest.raises(IllegalActionError, match="one swap a turn"):
        enter(ledger, "Bob swap YC3 1,0")
    enter(ledger, "Bob GC3 2,0 W 3,0")
    assert ledger.totals == [1, (1 + 2 + 3) * 2]
    enter(ledger, "Ann swap BC4 3,0")  # the next turn may swap again
    enter(ledger, "Ann pass")
    assert [[t.kind for t in r] for r in ledger.rounds()] == [["play", "play"], ["pass"]]


def test_the_grid_keeper_refuses_what_the_deck_cannot_supply() -> None:
    """A card already on the grid or named twice, a third wild, a wild for a wild."""
    ledger = IotaLedger(["Ann", "Bob"], grid=True)
    enter(ledger, "RC1")
    enter(ledger, "W 1,0")
    with pytest.raises(
        IllegalActionError,
        match=r"^a wild is swapped for a real card from the hand \(name that card\)$",
    ):
        enter(ledger, "Bob swap W 1,0")
    with pytest.raises(IllegalActionError, match="^RC1 is already on the grid$"):
        enter(ledger, "Bob swap RC1 1,0")
    with pytest.raises(IllegalActionError, match="^a card is named twice$"):
        enter(ledger, "Bob YS2 0,1 YS2 0,2")
    with pytest.raises(IllegalActionError, match="^there are only 2 wilds$"):
        enter(ledger, "Bob W 2,0 W 3,0")
    enter(ledger, "Bob W 2,0")
    assert ledger.totals == [1, 1]


def test_the_grid_keeper_counts_the_cards_laid_before_a_last_card() -> None:
    """The starter is not a laid card: the count starts at 0 and grows by each play."""
    ledger = IotaLedger(["Ann", "Bob"], grid=True)
    enter(ledger, "RC2")
    with pytest.raises(IllegalActionError, match=r"last card: .* 57 cards .*\(0 have been laid"):
        enter(ledger, "GT2 -2,0 BX2 -1,0 final")
    enter(ledger, "GT2 -2,0 BX2 -1,0")
    with pytest.raises(IllegalActionError, match=r"\(2 have been laid so far\)"):
        enter(ledger, "YC1 0,1 GC3 0,-1 final")


def test_saved_entries_of_the_wrong_kind_for_the_grid_are_refused() -> None:
    """A second starter, and a quick turn in a game that keeps the grid."""
    ledger = IotaLedger(["Ann", "Bob"], grid=True)
    ledger.add({"type": "starter", "card": "RC2"})
    with pytest.raises(IllegalActionError, match="the starter is already on the grid"):
        ledger.add({"type": "starter", "card": "YS2"})
    with pytest.raises(IllegalActionError, match="this game keeps the grid"):
        ledger.add({"type": "turn", "seat": 0, "lines": [5]})
    assert format_card(ledger.grid[(0, 0)]) == "RC2" and ledger.turns == []


def test_saved_entries_rebuild_the_sheet_and_a_bad_one_names_its_number() -> None:
    ledger = IotaLedger(["Ann", "Bob"])
    for text in ("Ann 8 4 5 lot", "Bob 6"):
        enter(ledger, text)
    lay_the_pile(ledger)
    for text in ("Ann pass", "Bob 3 final"):
        enter(ledger, text)
    session = Session(
        "iota", "keep", "t", [Seat("Ann", "table"), Seat("Bob", "table")], entries=ledger.entries
    )
    sheet = build(session)
    assert sheet.totals == [64, 42] and sheet.status == "finished" and sheet.winners == ["Ann"]
    assert [r.scores for r in sheet.rounds] == [[34, 6], *[[3, 3]] * 10, [0, 6]]
    assert "Ann: (8 + 4 + 5) × 2 (one lot) = 34" in sheet.rounds[0].note
    broken = [*ledger.entries[:1], {"type": "turn", "seat": 1, "lines": ["x"]}]
    with pytest.raises(EntryError) as info:
        IotaLedger.from_entries(["Ann", "Bob"], broken)
    assert info.value.index == 2
    with pytest.raises(EntryError):
        IotaLedger.from_entries(["Ann", "Bob"], [{"type": "turn", "seat": 0, "lines": [99]}])


def test_the_grid_keeper_knows_each_hand_and_so_the_last_card() -> None:
    """With the grid kept, the keeper counts each hand (4, less what the empty pile could not
    replace): a played game's plays entered without `final` end it on its last card, doubled,
    with the game's own totals; `final` on a play that leaves cards is refused."""
    from cardside.games.iota.bots import make_bot
    from cardside.games.iota.notation import format_placements
    from cardside.games.iota.rules import Pass, Play, Swap
    from cardside.games.iota.state import END_LAST_CARD, IotaState

    ended_on_last_card = 0
    for seed in range(6):
        state = IotaState(2 + seed % 3, seed=seed)
        bots = [make_bot("greedy", seed=seed + s) for s in range(state.players)]
        # The keeper's names in playing order: the first player first.
        order = [(state.first + s) % state.players for s in range(state.players)]
        ledger = IotaLedger([f"P{s}" for s in order], grid=True)
        ledger.check_values_from_now()
        ledger.add({"type": "starter", "card": format_card(state.grid[(0, 0)])})
        while not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            kept = order.index(seat)
            assert rules_hand(ledger, kept) == len(state.snapshot.hands[seat])
            action = bots[seat].choose(state.observation(seat), seat)
            if isinstance(action, Play):
                cards = format_placements(action.cards)
                entry = {"type": "play", "seat": kept, "cards": cards, "final": False}
                leaves = len(state.snapshot.hands[seat]) > len(action.cards)
                if leaves or state.snapshot.pile:
                    with pytest.raises(IllegalActionError, match="cannot be the last card"):
                        ledger.add({**entry, "final": True})
            elif isinstance(action, Swap):
                entry = {
                    "type": "swap",
                    "seat": kept,
                    "card": format_card(action.card),
                    "cell": f"{action.x},{action.y}",
                }
            else:
                assert isinstance(action, Pass)
                entry = {"type": "pass", "seat": kept}
            state.apply(action)
            ledger.add(entry)
        assert ledger.totals == [state.snapshot.scores[s] for s in order], seed
        if state.snapshot.end == END_LAST_CARD:
            ended_on_last_card += 1
            assert ledger.end == "last card" and ledger.entries[-1]["final"] is True
            assert ledger.turns[-1].final
    assert ended_on_last_card >= 4


def rules_hand(ledger: IotaLedger, seat: int) -> int:
    """How many cards the keeper counts in ``seat``'s hand."""
    return 4 - ledger.short[seat]


def test_a_file_kept_before_hands_were_counted_says_how_to_mend_an_unsaid_last_card() -> None:
    """Replayed as it was written (the last card entered without final, the game going on);
    a turn typed now by the player with no card says that play was the last card, and how
    to mark it."""
    from cardside.games.iota.bots import make_bot
    from cardside.games.iota.notation import format_placements
    from cardside.games.iota.rules import Pass, Play
    from cardside.games.iota.state import IotaState

    for seed in range(20):
        state = IotaState(2, seed=seed)
        bots = [make_bot("greedy", seed=seed + s) for s in range(2)]
        order = [state.first, 1 - state.first]
        entries: list[dict[str, object]] = [
            {"type": "starter", "card": format_card(state.grid[(0, 0)])}
        ]
        while not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            action = bots[seat].choose(state.observation(seat), seat)
            if isinstance(action, Play):
                cards = format_placements(action.cards)
                entries.append({"type": "play", "seat": order.index(seat), "cards": cards})
            elif isinstance(action, Pass):
                entries.append({"type": "pass", "seat": order.index(seat)})
            else:
                break  # a swap: another seed keeps the test simple
            state.apply(action)
        if not state.is_terminal() or state.snapshot.end != "last card":
            continue
        entries[-1]["final"] = False  # unsaid, as the old keeper allowed
        names = ["A", "B"]
        older = IotaLedger.from_entries(names, entries, grid=True)  # replays as written
        assert not older.over
        emptied = entries[-1]["seat"]
        older.check_values_from_now()
        older.add({"type": "pass", "seat": 1 - emptied})  # the other still holds cards
        with pytest.raises(IllegalActionError, match="B? holds no card: .*fix that entry"):
            older.add({"type": "pass", "seat": emptied})
        return
    raise AssertionError("no seed of 20 ended on a last card without a swap")
