"""The Line-it scorekeeper's ledger: entries, undo, and hostile saved entries."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardside.core.errors import EntryError, IllegalActionError
from cardside.games.lineit.keep import LineitLedger, describe, line_points_most


def test_lines_jackpots_and_undo_give_running_totals() -> None:
    ledger = LineitLedger(["Ann", "Bo"])
    ledger.piles_checked = True
    entered = ledger.enter_line(0, [12, 30, 104, 45, 57, 60, 71])
    assert entered.gains == (7, 0) and entered.line is not None and entered.line.token == 4
    ledger.enter_jackpot(1, 6)
    ledger.enter_line(1, [90, 80, 105, 70])  # a lost bet: -5
    assert ledger.totals == [7, 1]
    assert ledger.undo()["type"] == "line"
    assert ledger.totals == [7, 6] and ledger.entries[-1] == {"type": "undo"}
    with pytest.raises(IllegalActionError, match="Bo's lines took 0 jackpots"):
        ledger.end()  # Bo's pile needs the line that took it
    ledger.enter_line(1, [5, 105, 9, 13, 17])  # red reaches three with 13; B5 lost: -5 + 1
    assert ledger.totals == [7, 2]
    ledger.end()
    assert ledger.over and ledger.winners == (0,)
    with pytest.raises(IllegalActionError, match="the game is over"):
        ledger.enter_jackpot(0, 1)


def test_tokens_are_kept_per_player_and_an_undone_line_frees_its_cards() -> None:
    """Each seat's bet tokens are its own, and undo lets a line's cards be entered again."""
    ledger = LineitLedger(["Ann", "Bo"])
    ledger.enter_line(0, [12, 30, 104, 45, 57, 60, 71])
    ledger.enter_line(1, [90, 80, 105, 70])
    assert (ledger.tokens_of(0), ledger.tokens_of(1)) == (4, -5)
    ledger.undo()
    ledger.enter_line(1, [90, 80, 105, 70, 52, 50, 40, 20])  # five after B5: +5, 4 points
    assert ledger.totals == [7, 9] and ledger.tokens_of(1) == 5


def test_a_jackpot_may_be_empty_and_is_described_in_words() -> None:
    """An empty pile gives nothing; one card is a card, not cards."""
    ledger = LineitLedger(["Ann", "Bo"])
    assert describe(ledger.enter_jackpot(0, 1), ledger.names) == "Ann took a jackpot of 1 card"
    assert describe(ledger.enter_jackpot(1, 0), ledger.names) == "Bo took a jackpot of 0 cards"
    assert ledger.totals == [1, 0] and ledger.jackpots_of(1) == 0


def test_counts_at_their_bounds_are_taken() -> None:
    """An empty score pile and all six tokens lost (-24) are counts a player may give."""
    ledger = LineitLedger(["Ann", "Bo"])
    ledger.enter_counts(0, 0, -24)
    ledger.enter_counts(1, 12, 0)
    assert ledger.over and ledger.totals == [-24, 12] and ledger.winners == (1,)


def test_bet_tokens_must_come_from_the_six_tokens() -> None:
    """+30 is more than all six tokens; +24 for one player leaves none for another's +3;
    +2 is +5 -3."""
    ledger = LineitLedger(["Ann", "Bo", "Cy"])
    with pytest.raises(IllegalActionError, match="between -24 and 24, not 30"):
        ledger.enter_counts(0, 80, 30)
    ledger.enter_counts(0, 20, 24)
    with pytest.raises(IllegalActionError, match=r"\+3 in bet tokens cannot come from"):
        ledger.enter_counts(1, 20, 3)
    ledger.undo()
    ledger.enter_counts(0, 20, 2)
    with pytest.raises(IllegalActionError, match="counts are in; still to enter: Bo, Cy$"):
        ledger.end()
    ledger.enter_counts(1, 20, -7)
    with pytest.raises(IllegalActionError, match="cannot come from the six tokens"):
        ledger.enter_counts(2, 20, 10)  # only a 4 and a 5 are left
    ledger.enter_counts(2, 20, 9)
    assert ledger.over and ledger.totals == [22, 13, 29]


def test_lines_and_jackpots_hold_no_more_number_cards_than_the_deck() -> None:
    ledger = LineitLedger(["Ann", "Bo"])
    for _ in range(4):
        ledger.enter_jackpot(1, 22)
    ledger.enter_line(0, [1, 2, 3, 4, 5, 6, 104, 7])  # 7 numbers and a Bet card: 95 in all
    with pytest.raises(IllegalActionError, match="this jackpot would make 101 number cards"):
        ledger.enter_jackpot(0, 6)
    with pytest.raises(IllegalActionError, match="this line would make 101 number cards.*100"):
        ledger.enter_line(1, [10, 20, 30, 40, 50, 60])
    ledger.enter_jackpot(0, 5)
    assert ledger.totals == [ledger.totals[0], 88] and len(ledger.done) == 6
    ledger.undo()
    ledger.enter_line(1, [10, 20, 30, 40, 50])


def test_score_piles_hold_no_more_number_cards_than_the_deck() -> None:
    ledger = LineitLedger(["Ann", "Bo", "Cy"])
    ledger.enter_counts(0, 23, 1)
    ledger.enter_counts(1, 50, 0)
    with pytest.raises(IllegalActionError, match="score piles would hold 103 number cards.*100"):
        ledger.enter_counts(2, 30, -3)
    assert not ledger.over
    ledger.enter_counts(2, 27, -3)
    assert ledger.over and ledger.winners == (1,)


def test_a_kept_game_uses_lines_or_counts_not_both() -> None:
    ledger = LineitLedger(["Ann", "Bo", "Cy"])
    with pytest.raises(IllegalActionError, match="enter a scored line or a player's counts"):
        ledger.end()
    ledger.enter_counts(2, 20, -3)
    with pytest.raises(IllegalActionError, match="kept by end-of-game counts"):
        ledger.enter_line(0, [1, 2, 3, 4])
    ledger.enter_counts(0, 17, 0)
    assert not ledger.over
    ledger.enter_counts(1, 10, 7)
    assert ledger.over and ledger.winners == (0, 1, 2)


@pytest.mark.parametrize(
    ("entry", "reason"),
    [
        ({"type": "line", "seat": 0, "cards": 12}, "written as its cards"),
        ({"type": "line", "seat": 5, "cards": "1 2"}, "no player number 5"),
        ({"type": "line", "seat": True, "cards": "1 2"}, "no player number True"),
        ({"type": "line", "seat": 0, "cards": "1 2 1"}, "1 appears twice"),
        ({"type": "jackpot", "seat": 0, "cards": "7"}, "whole number"),
        (
            {"type": "jackpot", "seat": 0, "cards": 10**9},
            "a jackpot pile holds 0 to 22 cards, not 1000000000",
        ),
        ({"type": "counts", "seat": 0, "pile": 3, "tokens": 999}, "between -24 and 24"),
        ({"type": "bonus"}, "unknown entry type 'bonus'"),
        ({"type": "undo"}, "nothing to undo"),
        ("line", "an entry must be a table"),
    ],
)
def test_hostile_saved_entries_name_the_entry_and_the_reason(entry: Any, reason: str) -> None:
    with pytest.raises(EntryError) as info:
        LineitLedger.from_entries(["Ann", "Bo"], [entry])
    assert info.value.index == 1 and reason in str(info.value)


def test_jackpot_piles_follow_the_jackpots_lines_took() -> None:
    """A pile may come before the line that took it is scored, at most one per colour; by the
    end every pile needs a line of its player that took a jackpot."""
    ledger = LineitLedger(["Ann", "Bo"])
    ledger.piles_checked = True
    for size in (3, 4, 5, 6):
        ledger.enter_jackpot(0, size)  # a line in play may take all four colours
    with pytest.raises(IllegalActionError, match="this would be pile 5: a line in play takes"):
        ledger.enter_jackpot(0, 2)
    with pytest.raises(IllegalActionError, match="Ann has 4 jackpot piles entered, but Ann's"):
        ledger.end()
    for _ in range(3):
        ledger.undo()
    ledger.enter_line(0, [5, 105, 9, 13, 17])  # red reached three: the one pile is matched
    ledger.end()
    assert ledger.over and ledger.totals == [3 - 4, 0]
    # A file kept before the rule replays as it was: its piles are not asked for lines.
    old = LineitLedger.from_entries(
        ["Ann", "Bo"], [{"type": "jackpot", "seat": 0, "cards": 5}, {"type": "end"}]
    )
    assert old.over and old.totals == [5, 0]


#: Lines of disjoint cards that each take a jackpot (a colour reaches three cards).
JACKPOT_LINES = ("1 5 9 13", "2 6 10 14", "3 7 11 15", "4 8 12 16", "17 21 25 29", "18 22 26 30")


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.builds(lambda s, n: ("jackpot", s, n), st.integers(0, 1), st.integers(0, 6)),
            st.builds(
                lambda s, c: ("line", s, c), st.integers(0, 1), st.sampled_from(JACKPOT_LINES)
            ),
            st.just(("end", 0, 0)),
            st.just(("undo", 0, 0)),
        ),
        max_size=20,
    )
)
def test_no_typed_sequence_leaves_more_piles_than_jackpots_at_the_end(
    steps: list[tuple[str, int, Any]],
) -> None:
    """Whatever is typed (undos too), a game kept line by line ends only with every pile
    backed by a jackpot its player's lines took, and never more than four piles ahead."""
    ledger = LineitLedger(["Ann", "Bo"])
    ledger.piles_checked = True
    for kind, seat, value in steps:
        try:
            if kind == "jackpot":
                ledger.enter_jackpot(seat, value)
            elif kind == "line":
                ledger.enter_line(seat, [int(c) for c in value.split()])
            elif kind == "undo":
                ledger.undo()
            else:
                ledger.end()
        except IllegalActionError:
            pass
        assert all(p - t <= 4 for p, t in zip(ledger.piles, ledger.taken))
        if ledger.over:
            assert all(p <= t for p, t in zip(ledger.piles, ledger.taken))


def test_no_colour_holds_more_than_its_25_cards_across_lines_and_piles() -> None:
    """A pile is one colour's cards. After lines of 1 to 24 and 25 to 48 (12 of each colour),
    13 of each colour are left: a pile of 14 fits no colour, and piles of 13, 13, 7 and 7
    leave no colour with room for another 7 (95 number cards in all, under the deck's 100,
    and 47 in the piles, under the 54 that reach the jackpots with 2 players)."""
    ledger = LineitLedger(["Ann", "Bo"])
    ledger.piles_checked = True
    ledger.enter_line(0, list(range(1, 25)))
    ledger.enter_line(1, list(range(25, 49)))
    with pytest.raises(IllegalActionError) as refused:
        ledger.enter_jackpot(1, 14)
    assert str(refused.value) == (
        "this jackpot would need more cards of one colour than the deck has: jackpot piles of "
        "14 cards, each of one colour, with 13 of each colour left beside the scored lines"
    )
    for seat, size in ((1, 13), (1, 13), (0, 7), (0, 7)):
        ledger.enter_jackpot(seat, size)
    with pytest.raises(IllegalActionError, match="piles of 13, 13, 7, 7 and 7 cards"):
        ledger.enter_jackpot(0, 7)
    # Two more reds leave red 11, and the piles still fit (the 7s on red and one other).
    ledger.enter_line(0, [49, 53])
    with pytest.raises(IllegalActionError, match="with 11 red, 13 blue, 13 green and 13 yellow"):
        ledger.enter_jackpot(1, 7)
    assert len(ledger.done) == 7


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(0, 25), max_size=8), st.lists(st.integers(0, 25), min_size=4, max_size=4)
)
def test_piles_fit_colours_exactly_when_some_choice_of_colours_fits(
    piles: list[int], room: list[int]
) -> None:
    """The check agrees with trying every colour for every pile."""
    import itertools

    from cardside.games.lineit.keep import _piles_fit

    brute = any(
        all(sum(p for p, c in zip(piles, colours) if c == k) <= room[k] for k in range(4))
        for colours in itertools.product(range(4), repeat=len(piles))
    )
    assert _piles_fit(tuple(sorted(piles, reverse=True)), tuple(sorted(room))) == brute


def test_a_player_takes_one_card_a_round_so_lines_piles_and_tokens_are_bounded() -> None:
    """106 cards in markets of players + 2: 26 rounds with 2 players, 15 with 5, one card a
    round each; the jackpots get only the cards no player takes (54 with 2, 31 with 5); a
    score pile holds at most a player's cards less three, and the jackpots' cards; a bet of v
    won takes its Bet card and v number cards."""
    five = LineitLedger(["A", "B", "C", "D", "E"])
    five.piles_checked = True
    five.enter_line(0, [1, 5, 9])
    five.enter_jackpot(0, 16)
    five.enter_line(1, [2, 6, 10])
    with pytest.raises(IllegalActionError, match="would hold 32 cards together; with 5 players"):
        five.enter_jackpot(1, 16)
    five.enter_jackpot(1, 15)
    with pytest.raises(IllegalActionError, match="A's scored lines would hold 16 cards"):
        five.enter_line(0, list(range(20, 33)))
    five.enter_line(0, list(range(20, 32)))  # 15 cards in all
    counts = LineitLedger(["Ann", "Bo"])
    counts.piles_checked = True
    with pytest.raises(IllegalActionError, match="a pile holds at most 77"):
        counts.enter_counts(0, 78, 0)
    with pytest.raises(IllegalActionError, match="take more than the 26 cards a player takes"):
        counts.enter_counts(0, 10, 24)  # +3+3+4+4+5+5: 30 cards
    with pytest.raises(IllegalActionError, match="take more than the 26 cards"):
        counts.enter_counts(0, 10, 24, named=[3, 3, 4, 4, 5, 5])
    counts.enter_counts(0, 77, 17)  # +5+5+4+3: 21 cards
    assert counts.totals[0] == 94
    fives = LineitLedger(["A", "B", "C", "D", "E"])
    fives.piles_checked = True
    with pytest.raises(IllegalActionError, match="a pile holds at most 43"):
        fives.enter_counts(0, 44, 0)
    for seat in range(2):
        fives.enter_counts(seat, 43, 0)
    with pytest.raises(IllegalActionError, match="score piles would hold 92 cards together"):
        fives.enter_counts(2, 6, 0)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_played_game_passes_the_keepers_checks(players: int) -> None:
    """What the game engine does at the table is never refused: its scored lines and
    jackpots entered line by line, and each player's pile and tokens entered as counts, give
    its scores."""
    import random

    from cardside.games.lineit.state import Jackpot, LineitState

    for seed in range(6):
        game = LineitState(players, seed=seed)
        rng = random.Random(seed)
        while not game.is_terminal():
            game.apply(rng.choice(game.legal_actions()))
        names = [f"P{s}" for s in range(players)]
        lines = LineitLedger(names)
        lines.piles_checked = True
        snap = game.snapshots()[-1]
        for event in snap.log:
            if isinstance(event, Jackpot):
                lines.enter_jackpot(event.seat, event.cards)
            else:
                lines.enter_line(event.seat, list(event.score.cards))
        lines.end()
        assert tuple(lines.totals) == game.scores(), seed
        counts = LineitLedger(names)
        counts.piles_checked = True
        for seat in range(players):
            tokens = list(snap.tokens[seat])
            counts.enter_counts(seat, len(snap.scored[seat]), sum(tokens), named=tokens)
        assert tuple(counts.totals) == game.scores(), seed


def test_counts_kept_before_the_card_bound_do_not_block_the_others() -> None:
    """Ann's six tokens, entered before tokens were bounded by a player's cards, stand; Bob's
    counts typed now are bounded by his own cards only."""
    ledger = LineitLedger(["Ann", "Bo"])
    ledger.enter_counts(0, 10, 24, named=[3, 3, 4, 4, 5, 5])
    ledger.check_piles_from_now()
    ledger.enter_counts(1, 10, 0)
    assert ledger.over and ledger.totals == [34, 10]


def test_a_file_kept_before_lines_were_bounded_still_replays() -> None:
    """A line of 101 cards, which keep took before a line was bounded by the cards a player
    takes, replays as it was (a line typed now is bounded)."""
    from cardside.core.record import Seat, Session
    from cardside.sessions import sheets

    longest = " ".join(str(n) for n in range(1, 101)) + " B3"
    entries: list[dict[str, Any]] = [{"type": "line", "seat": 1, "cards": longest}]
    entries += [{"type": "jackpot", "seat": 1, "cards": 0}] * 4 + [{"type": "end"}]
    session = Session("lineit", "keep", "t", [Seat("Ann", "table"), Seat("Bo", "table")])
    session.entries = entries
    assert sheets.compute(session).totals == [0, 97 - 3]
    ledger = LineitLedger(["Ann", "Bo"])
    ledger.piles_checked = True
    with pytest.raises(IllegalActionError, match="Bo's scored lines would hold 101 cards"):
        ledger.enter_line(1, [*range(1, 101), 103])


def test_a_score_pile_beside_named_tokens_counts_their_bet_cards() -> None:
    """Each token is a Bet card in a line of its own, a bet of v won v number cards after
    it: with +5 +5 +4 +3 of 26 cards the lines give at most 10 points (B5 and ten numbers,
    B5 and five, B4 and four, B3 and three), so a pile holds at most 10 + 54."""
    assert line_points_most(26) == 23
    assert line_points_most(26, [5, 5, 4, 3]) == 10
    assert line_points_most(26, [-3]) == 22 and line_points_most(26, [5]) == 22
    ledger = LineitLedger(["Ann", "Bo"])
    ledger.piles_checked = True
    with pytest.raises(IllegalActionError, match="4 bets in lines of their own.*at most 64"):
        ledger.enter_counts(0, 77, 17, named=[5, 5, 4, 3])
    ledger.enter_counts(0, 64, 17, named=[5, 5, 4, 3])
    ledger.enter_counts(1, 30, 0)
    assert ledger.totals == [81, 30]
