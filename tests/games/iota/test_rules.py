"""IOTA rules: lines, every refusal with its reason, wilds, scoring, the end both ways."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from cardside.core.errors import IllegalActionError, NotationError
from cardside.games.iota import placement, rules
from cardside.games.iota.notation import (
    format_action,
    format_card,
    parse_action,
    parse_card,
    parse_cards,
)
from cardside.games.iota.rules import WILD, Pass, Play, Swap
from cardside.games.iota.state import END_LAST_CARD, END_PASSES, IotaState

from .iota_helpers import EXAMPLE_SCORES, EXAMPLE_TURNS, dealt, example_game, grid_of, play


def test_card_notation_round_trips_all_66() -> None:
    names = {format_card(c) for c in range(64)}
    assert len(names) == 64
    for c in range(64):
        assert parse_card(format_card(c)) == c
        assert parse_card(format_card(c).lower()) == c
    assert parse_card("W") == parse_card("*") == WILD
    card = parse_card("YS2")
    assert (rules.colour(card), rules.shape(card), rules.number(card)) == (1, 1, 2)
    for bad in ("YS5", "QS2", "YZ1", "", "YS22"):
        with pytest.raises(NotationError):
            parse_card(bad)


def test_actions_round_trip_and_bad_text_is_refused() -> None:
    for text in ("YS2 0,1 RT1 2,1", "pass", "pass RT1 YS2", "swap GC3 1,0", "W -1,0"):
        action = parse_action(text)
        assert parse_action(format_action(action)) == action
    assert parse_action("ys2 (0, 1)") == Play.of([(parse_card("YS2"), 0, 1)])
    for bad in ("YS2", "YS2 0;1", "swap W 1,0", "swap GC3", "YS2 500,0", "x" * 300):
        with pytest.raises(NotationError):
            parse_action(bad)


def test_a_mistyped_cell_is_quoted_whole_and_wide_or_signed_digits_are_read() -> None:
    """The reason names what was typed as a cell (cut with ... when long), not the piece
    after it; full-width digits and letters and a + sign read as the plain ones."""
    with pytest.raises(NotationError, match=r"^'1,1e5' is not a cell"):
        parse_action("RX1 1,1e5")
    with pytest.raises(NotationError, match=r"^-1,9{18}\.\.\. is too far from the starter$"):
        parse_action("RX1 -1," + "9" * 25)
    assert parse_action("RX1 +0,+1") == parse_action("RX1 0,1")
    assert parse_action("ＹＳ２ （０，１）") == Play.of([(parse_card("YS2"), 0, 1)])
    assert parse_action("YS2, 0,1, RT1 1,1") == parse_action("YS2 0,1 RT1 1,1")


def test_line_rules() -> None:
    ok = parse_cards("RC1 YC2 GC3 BC4")
    assert rules.valid_line(ok) and rules.line_fault(ok) is None
    assert rules.valid_line(parse_cards("RC1 RS1 RT1"))
    assert not rules.valid_line(parse_cards("RC1 RC2 BC3"))
    assert rules.line_fault(parse_cards("RC1 RC2 BC3")) == "2 reds and a blue"
    assert rules.line_fault(parse_cards("RC1 YS1 GX1 BX1")) == "a circle, a square and 2 crosses"
    assert rules.line_fault(parse_cards("RC1 YS1 GT2")) == "2 ones and a two"
    assert rules.line_fault(parse_cards("RC2 YS2 GT1")) == "a one and 2 twos"
    assert rules.line_fault(parse_cards("RC1 RC1")) == "the same card twice"
    # Any two different cards make a line.
    assert all(rules.valid_line([a, b]) for a in range(0, 64, 7) for b in range(64) if a != b)


def test_seed_example_scores_6_6_34_208() -> None:
    state = example_game()
    for text, expected in zip(EXAMPLE_TURNS, EXAMPLE_SCORES):
        play(state, text)
        turn = state.snapshot.log[-1]
        assert turn.score == expected, text
    third = state.snapshot.log[2].scored
    assert third is not None
    assert sorted(ln.value for ln in third.lines) == [4, 5, 8] and third.lots == 1
    fourth = state.snapshot.log[3].scored
    assert fourth is not None
    assert sorted(ln.value for ln in fourth.lines) == [6, 10, 10]
    assert (fourth.lots, fourth.all4) == (2, True)
    assert state.scores == (6 + 34, 6 + 208)


def test_seed_checks_quick_scoring() -> None:
    assert rules.turn_score([8, 4, 5], 1, False, False) == 34
    assert rules.turn_score([10, 10, 6], 2, True, False) == 208
    assert rules.breakdown([8, 4, 5], 1, False, False) == "(8 + 4 + 5) × 2 (one lot) = 34"
    assert rules.breakdown([10, 10, 6], 2, True, False) == (
        "(10 + 10 + 6) × 2 × 2 × 2 (2 lots, all 4 cards) = 208"
    )
    assert rules.quick_fault([5], 0, True) is not None
    assert rules.quick_fault([5, 4], 3, False) is not None
    assert rules.quick_fault([17], 0, False) is not None
    assert rules.quick_fault([1, 1, 1, 1, 1, 1], 0, False) is not None
    assert rules.quick_fault([8, 4, 5], 1, False) is None
    assert rules.quick_fault([2], 1, False) is None  # RC1 YS1 and both wilds: a lot of 2
    assert rules.quick_fault([5], -1, False) == "lots cannot be negative"


def test_quick_scoring_refuses_lines_that_need_more_than_the_two_wilds() -> None:
    # A line worth 0 is all wilds, a lot worth 2 is 1 1 W W, one worth 3 holds a wild: two
    # lines share at most one card, and the lines across share none.
    refused = [([0, 0], 0, False), ([2, 2], 2, False), ([3, 3, 3, 3], 4, False)]
    refused += [([1, 1, 1, 1], 0, False), ([1, 5, 5], 2, False), ([0, 1, 1, 1], 0, False)]
    for values, lots, all4 in refused:
        fault = rules.quick_fault(values, lots, all4)
        assert fault is not None and "more than the game's 2 wilds" in fault, values
    # Each wild where the line along crosses one across: three lines can share the two.
    allowed = [([1, 1, 1], 0, False), ([3, 3, 3], 3, False), ([2, 3], 2, False), ([0], 0, False)]
    allowed += [([0, 5], 0, False), ([0, 1, 1], 0, False), ([1, 1], 0, False)]
    for values, lots, all4 in allowed:
        assert rules.quick_fault(values, lots, all4) is None, values
    assert rules.fewest_wilds(5, lot=True) == 2 and rules.fewest_wilds(5, lot=False) == 0
    assert rules.fewest_wilds(2, lot=True) == 2 and rules.fewest_wilds(7, lot=True) == 1
    # A file kept before the rule replays as it was.
    assert rules.quick_fault([0, 0], 0, False, possible=False) is None


def test_an_l_shaped_play_counts_the_corner_card_in_both_lines() -> None:
    grid = grid_of("RC2 0,0")
    result = placement.check(grid, [(parse_card("YC3"), 1, 0)])
    assert isinstance(result, placement.Scored) and result.score() == 5
    grid = grid_of("RC2 0,0 YC3 1,0 GS1 0,1")
    # GT4 at 1,1 makes row y=1 (GS1 GT4) and column x=1 (YC3 GT4): 5 + 7.
    result = placement.check(grid, [(parse_card("GT4"), 1, 1)])
    assert isinstance(result, placement.Scored)
    assert sorted(ln.value for ln in result.lines) == [5, 7] and result.score() == 12


REFUSALS = [
    ("RC2 0,0", "YS2 5,0", "touches no card"),
    ("RC2 0,0", "YS2 1,0 GT2 2,1", "not in one row or one column"),
    ("RC2 0,0", "YS2 1,0 GT2 3,0", "a gap at 2,0"),
    ("RC2 0,0", "YS2 0,0", "0,0 already holds RC2"),
    ("RC2 0,0", "YS2 1,0 GT2 1,0", "1,0 is named twice"),
    ("RC2 0,0 YS2 1,0 GT2 2,0 BX2 3,0", "RT2 4,0", "row y=0 (0,0 to 4,0) would be 5 cards long"),
    ("RC1 0,0 RC2 0,1", "BC3 0,2", "column x=0 (0,0 to 0,2) would hold 2 reds and a blue"),
    ("RC1 0,0 YS2 1,0", "GT3 2,0 BX1 3,0", "row y=0 (0,0 to 3,0) would hold"),
    ("RC1 0,0 RS1 0,1 RT1 -1,1", "YC1 1,0 YS2 1,1", "row y=1 (-1,1 to 1,1) would hold 2 reds"),
]


@pytest.mark.parametrize(("grid", "move", "reason"), REFUSALS)
def test_every_kind_of_illegal_placement_says_why(grid: str, move: str, reason: str) -> None:
    action = parse_action(move)
    assert isinstance(action, Play)
    result = placement.check(grid_of(grid), action.cards)
    assert isinstance(result, str) and reason in result, result
    assert "\n" not in result


def test_a_placement_is_refused_before_its_cells_are_looked_at() -> None:
    """An empty grid, no card and five cards are each refused with their own reason."""
    yellow = parse_cards("YS1 YS2 YS3 YS4 YC1")
    assert placement.check({}, [(yellow[0], 0, 0)]) == (
        "the grid is empty: the starter card comes first"
    )
    assert placement.check(grid_of("RC1 0,0"), []) == "place at least one card"
    five = [(card, x, 1) for card, x in zip(yellow, range(-2, 3))]
    assert placement.check(grid_of("RC1 0,0"), five) == "at most 4 cards a turn, not 5"


def test_a_card_not_in_hand_and_five_cards_are_refused() -> None:
    state = example_game()
    with pytest.raises(IllegalActionError, match="RT1 is not in your hand"):
        play(state, "RT1 1,0")
    with pytest.raises(IllegalActionError, match="at most 4"):
        play(state, "GT2 1,0 BX2 2,0 YS2 3,0 RT3 4,0 W 5,0")
    with pytest.raises(IllegalActionError, match="GT2 is named twice"):
        play(state, "pass GT2 GT2")
    with pytest.raises(IllegalActionError, match="W is not in your hand"):
        play(state, "GT2 1,0 W 2,0")


def test_cards_at_both_ends_of_a_line_extend_it_once() -> None:
    grid = grid_of("RC1 0,0 YC2 1,0")
    result = placement.check(grid, [(parse_card("GC3"), 2, 0), (parse_card("BC4"), -1, 0)])
    assert isinstance(result, placement.Scored)
    assert len(result.lines) == 1 and result.lines[0].value == 10 and result.lots == 1
    assert result.score() == 20


# -- wilds ---------------------------------------------------------------------------------------
def test_a_wild_in_two_lines_must_be_one_card_for_both() -> None:
    # Row y=0: RC1 W -> W may be anything but RC1; column x=1 with YS2 above and GS3 above it:
    # the wild must be a square with a colour and number other than theirs.
    grid = grid_of("RC1 0,0 YS2 1,1 GS3 1,2")
    ok = placement.check(grid, [(WILD, 1, 0)])
    assert isinstance(ok, placement.Scored)
    assert ok.score() == 1 + 5  # the wild counts 0
    # With RT1 RT2 in row y=0 the wild must be a red triangle; the column wants a square.
    grid = grid_of("RT1 -1,0 RT2 0,0 YS2 1,1 GS3 1,2")
    refused = placement.check(grid, [(WILD, 1, 0)])
    assert refused == (
        "the wild at 1,0 could stand for no card: row y=0 (-1,0 to 1,0) needs RT3 or RT4; "
        "column x=1 (1,0 to 1,2) needs a red or blue square numbered 1 or 4"
    )


def test_two_wilds_in_one_line_stand_for_different_cards() -> None:
    grid = grid_of("RC1 0,0 RC2 1,0")
    # The row RC1 RC2 W W: the wilds must be RC3 and RC4, different cards: legal.
    ok = placement.check(grid, [(WILD, 2, 0), (WILD, 3, 0)])
    assert isinstance(ok, placement.Scored) and ok.lots == 1 and ok.score() == 6
    # Columns that force both wilds to be RC3: refused.
    grid = grid_of("RC1 0,0 RC2 1,0 GC3 3,-1 YC3 3,-2 BC3 3,-3 RS3 2,1 RT3 2,2 RX3 2,3")
    refused = placement.check(grid, [(WILD, 2, 0), (WILD, 3, 0)])
    assert isinstance(refused, str) and "two wilds in row y=0" in refused


def test_a_wild_cannot_stand_for_the_card_beside_it() -> None:
    """The column RC2 RC3 RC4 needs the wild to be RC1, which its row with RC1 forbids."""
    grid = grid_of("RC1 0,0 YT1 0,1 RC2 1,1 RC3 1,2 RC4 1,3")
    refused = placement.check(grid, [(WILD, 1, 0)])
    assert refused == (
        "the wild at 1,0 could stand for no card: row y=0 (0,0 to 1,0) needs any card but RC1; "
        "column x=1 (1,0 to 1,3) needs RC1"
    )


def test_a_wild_can_stand_for_a_card_elsewhere_on_the_grid() -> None:
    # The only reading of the wild is RC3, which is also on the grid elsewhere: still legal.
    grid = grid_of("RC1 0,0 RC2 1,0 RC3 0,5 RC4 0,4")
    assert isinstance(placement.check(grid, [(WILD, 2, 0)]), placement.Scored)


def test_recycling_a_wild() -> None:
    state = dealt(["W YC2 GC3 BX4", "RS1 YS1 GS1 BS1"], "RC1")
    play(state, "W 1,0")  # seat 0 plays the wild next to the starter
    play(state, "pass")
    state.apply(parse_action("swap YC2 1,0"))
    assert state.current_player() == 0 and state.grid[(1, 0)] == parse_card("YC2")
    assert WILD in state.snapshot.hands[0]
    with pytest.raises(IllegalActionError, match="one swap a turn"):
        state.apply(Swap(parse_card("GC3"), 1, 0))
    assert state.snapshot.log[-1].score == 0 and state.scores == (1, 0)
    # The wild may be played in the same turn; the swapped card counts when the line grows.
    play(state, "GC3 2,0 W 3,0")
    assert state.snapshot.log[-1].score == (1 + 2 + 3) * 2


def test_a_swap_that_breaks_a_line_is_refused() -> None:
    state = dealt(["W RC2 GC3 BX4", "RS1 YS1 GS1 BS1"], "RC1")
    play(state, "RC2 1,0 W 2,0")
    play(state, "pass")
    with pytest.raises(IllegalActionError) as info:
        state.apply(parse_action("swap BX4 2,0"))
    assert str(info.value) == (
        "BX4 cannot stand at 2,0: row y=0 (0,0 to 2,0) would hold 2 reds and a blue"
    )


def test_a_swap_needs_a_wild_on_that_cell() -> None:
    state = dealt(["RS2 RC2 GC3 BX4", "RS1 YS1 GS1 BS1"], "RC1")
    with pytest.raises(IllegalActionError, match="not a wild"):
        state.apply(Swap(parse_card("RC2"), 0, 0))
    with pytest.raises(IllegalActionError, match="no card at"):
        state.apply(Swap(parse_card("RC2"), 1, 0))


# -- the end -------------------------------------------------------------------------------------
def test_the_last_card_ends_the_game_doubled() -> None:
    state = dealt(["YC2 GC3", "GS1 BS1"], "RC1")
    snap = state.snapshot
    state._snapshot = type(snap)(  # an empty pile, as late in a game
        snap.grid, snap.hands, (), (), snap.scores, 0, False, 0, (), None
    )
    play(state, "YC2 1,0 GC3 2,0")
    assert state.is_terminal() and state.snapshot.end == END_LAST_CARD
    assert state.snapshot.log[-1].score == (1 + 2 + 3) * 2
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    # The reason says why the winner won, then how the game ended.
    assert outcome.reason == (
        "highest score (12) when the game ended: seat 0 played the last card (that turn doubled)"
    )


def test_all_players_passing_with_the_pile_empty_ends_it_undoubled() -> None:
    state = dealt(["RC2 YC3", "GS1 BS1", "BT4 GT4"], "RC1")
    snap = state.snapshot
    state._snapshot = type(snap)(snap.grid, snap.hands, (), (), (5, 7, 7), 0, False, 0, (), None)
    with pytest.raises(IllegalActionError, match="nothing to exchange"):
        state.apply(Pass((parse_card("RC2"),)))
    for _ in range(2):
        state.apply(Pass())
        assert not state.is_terminal()
    state.apply(Pass())
    assert state.snapshot.end == END_PASSES
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1, 2) and outcome.scores == (5, 7, 7)


def test_a_pass_exchanges_cards_through_the_bottom_of_the_pile() -> None:
    state = dealt(["RC2 YC3 GC4 BC4", "GS1 BS1 RS1 YS1"], "RC1", top="RT1 RT2")
    size = len(state.snapshot.pile)
    state.apply(Pass(tuple(sorted(parse_cards("RC2 YC3")))))
    s = state.snapshot
    assert sorted(s.hands[0]) == sorted(parse_cards("GC4 BC4 RT1 RT2"))
    assert s.pile[-2:] == tuple(sorted(parse_cards("RC2 YC3"))) and len(s.pile) == size
    assert s.turn == 1


def test_first_player_is_drawn_and_ties_redraw() -> None:
    for seed in range(30):
        state = IotaState(4, seed=seed)
        rounds = state.draws
        last = rounds[-1]
        best = max(rules.value(c) for _, c in last)
        assert [s for s, c in last if rules.value(c) == best] == [state.first]
        for earlier in rounds[:-1]:
            top = max(rules.value(c) for _, c in earlier)
            assert sum(rules.value(c) == top for _, c in earlier) >= 2
        assert state.current_player() == state.first


def test_a_blocked_grid_ends_the_game_undoubled_once_the_pile_has_gone_round() -> None:
    from cardside.games.iota.rules import Pass
    from cardside.games.iota.state import END_BLOCKED, IotaState, blocked_after

    assert blocked_after(2, 42) == 13 and blocked_after(4, 0) == 4 and blocked_after(3, 1) == 4
    state = IotaState(2, seed=3)
    state.apply(next(a for a in state.legal_actions() if not isinstance(a, Pass)))
    scores = state.snapshot.scores
    pile = len(state.snapshot.pile)
    needed = blocked_after(2, pile)
    for n in range(1, needed + 1):
        assert not state.is_terminal(), n
        seat = state.current_player()
        assert seat is not None
        state.apply(Pass(state.snapshot.hands[seat]))  # every card exchanged, as when blocked
    assert state.is_terminal() and state.snapshot.end == END_BLOCKED
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == scores  # no doubling, nothing scored
    assert "blocked" in outcome.reason
    # One pass short of it, the game goes on.
    again = IotaState(2, seed=3)
    again.apply(next(a for a in again.legal_actions() if not isinstance(a, Pass)))
    for _ in range(needed - 1):
        seat = again.current_player()
        assert seat is not None
        again.apply(Pass(()))
    assert not again.is_terminal() and again.snapshot.idle == needed - 1


def test_passes_that_keep_the_hand_count_toward_a_blocked_grid_too() -> None:
    """The ruling counts every pass in a row (games saved with it replay as they ended)."""
    from cardside.games.iota.rules import Pass
    from cardside.games.iota.state import END_BLOCKED, IotaState, blocked_after

    state = IotaState(2, seed=1)
    state.apply(next(a for a in state.legal_actions() if not isinstance(a, Pass)))
    needed = blocked_after(2, len(state.snapshot.pile))
    for _ in range(needed):
        assert not state.is_terminal()
        state.apply(Pass(()))
    assert state.snapshot.end == END_BLOCKED
    outcome = state.outcome()
    assert outcome is not None and "a round more: the grid is blocked" in outcome.reason


def test_quick_scoring_refuses_lines_no_cards_make_together() -> None:
    """The cards placed lie in one line and each line across holds one of them: a lot of
    four 4s (16) leaves every other line of the turn a 4 to hold, a lot of 1 2 3 4 (10) one
    of those."""
    refused = [([16, 2], 1, True), ([16, 2], 1, False), ([16, 3], 1, False)]
    refused += [([16, 0], 1, False), ([10, 0], 1, False), ([10, 1, 1], 1, True)]
    for values, lots, all4 in refused:
        fault = rules.quick_fault(values, lots, all4)
        assert fault is not None and fault.startswith("no cards make these lines together"), values
    allowed = [
        ([16, 4], 1, False),
        ([16, 5], 1, True),
        ([10, 1, 2], 1, True),
        ([10, 10, 6], 2, True),
    ]
    for values, lots, all4 in allowed:
        assert rules.quick_fault(values, lots, all4) is None, values
    # A file kept before the rule replays as it was.
    assert rules.quick_fault([16, 2], 1, False, possible=False) is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_play_of_a_game_passes_quick_scoring(players: int) -> None:
    """What a real grid lets a player do is never refused when typed as its line values:
    every legal play of random games (wilds, swaps and all), checked at each turn."""
    import random

    for seed in range(4):
        state = IotaState(players, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            actions = state.legal_actions()
            for action in rng.sample(actions, min(len(actions), 12)):
                if isinstance(action, Play):
                    scored = placement.check(state.grid, action.cards)
                    assert not isinstance(scored, str)
                    values = [line.value for line in scored.lines]
                    fault = rules.quick_fault(values, scored.lots, scored.all4)
                    assert fault is None, (values, scored.lots, scored.all4, fault)
            state.apply(rng.choice(actions))


@pytest.mark.parametrize("seed", [3, 11])
def test_a_play_s_cards_in_any_order_are_the_play_listed_and_leave_the_same_game(
    seed: int,
) -> None:
    """The cards of a play are laid at once: in any order they are legal, applied as the
    play legal_actions lists (by cell) and leave the very same game."""
    game = IotaState(2, seed=seed)
    checked = 0
    while not game.is_terminal() and checked < 40:
        plays = [a for a in game.legal_actions() if isinstance(a, Play)]
        assert all(a == Play.of(a.cards) for a in plays)
        for action in plays[:5]:
            if len(action.cards) < 2:
                continue
            turned = Play(tuple(reversed(action.cards)))
            listed, typed = game.clone(), game.clone()
            listed.apply(action)
            typed.apply(turned)
            assert typed.snapshot == listed.snapshot
            assert typed.actions() == listed.actions() == [*game.actions(), action]
            checked += 1
        game.apply(plays[0] if plays else game.legal_actions()[0])
    assert checked >= 20


# -- a line's value typed as its cards' numbers added up ----------------------------------------
@given(st.lists(st.sampled_from(rules.DECK), min_size=2, max_size=4, unique_by=lambda c: c))
def test_every_line_the_rules_allow_can_be_typed_as_its_numbers(cards: list[int]) -> None:
    """Whatever cards make a line, their numbers added up (a wild 0) pass the typed check."""
    wilds = [c for c in cards if c == rules.WILD]
    real = tuple(sorted(c for c in cards if c != rules.WILD))
    # A line is made of real cards the rules allow together, each wild standing for one more.
    assume(rules.valid_line(real) if len(real) > 1 else True)
    assume(not wilds or rules.readings(real) != 0)
    text = "+".join(str(rules.value(c)) for c in cards)
    numbers = rules.written_cards(text)
    assert numbers is not None and sum(numbers) == sum(map(rules.value, cards))
    assert rules.written_fault(numbers) is None


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("1+1+1+1+1", "a line holds at most 4 cards, not 5"),
        ("0+0+0", "the game has 2 wilds (each 0), not 3"),
        ("1+1+2", "a line's numbers are all the same or all different"),
        ("1+2+2+0", "a line's numbers are all the same or all different"),
    ],
)
def test_a_line_typed_as_numbers_no_line_holds_is_refused(text: str, reason: str) -> None:
    numbers = rules.written_cards(text)
    assert numbers is not None and rules.written_fault(numbers) == f"{text}: {reason}"


def test_only_a_sum_of_plain_numbers_is_read_as_cards() -> None:
    assert rules.written_cards("12") is None
    assert rules.written_cards("40-5") is None
    assert rules.written_cards("8+4") is None  # two lines' values added, not cards
    assert rules.written_cards("2 + 3") == (2, 3)
    assert rules.written_lots_fault([(3, 3, 3, 3), None], 0) == (
        "3+3+3+3 is a line of 4 cards, a lot: 1 such line but 0 lots"
    )
    assert rules.written_lots_fault([(3, 3, 3, 3), (1, 2)], 1) is None


@pytest.mark.parametrize(
    ("words", "read"),
    [
        (["8+4", "5"], ["8", "4", "5"]),
        (["8", "+", "4", "lot"], ["8", "4", "lot"]),
        (["8+", "4"], ["8", "4"]),
        (["2", "+3", "+", "4"], ["2+3+4"]),
        (["3+3+3+3", "1+0+3"], ["3+3+3+3", "1+0+3"]),
        (["9+9"], ["9", "9"]),
        (["8++4"], ["8++4"]),  # left whole, for the number's own reason
        (["12", "lot", "final"], ["12", "lot", "final"]),
        (["lots=1+1", "4", "4"], ["lots=1+1", "4", "4"]),  # two lots, not a line of 1
        (["8", "+", "lot"], ["8+lot"]),  # refused whole, not read as 8 and a lot
    ],
)
def test_a_turn_read_out_as_a_sum_is_the_lines_it_adds(words: list[str], read: list[str]) -> None:
    assert rules.line_words(words) == read


@given(st.lists(st.integers(min_value=5, max_value=16), min_size=2, max_size=6))
def test_a_sum_of_line_values_keeps_its_total(values: list[int]) -> None:
    """Read as lines or added up, a turn's values make the same total."""
    words = rules.line_words(["+".join(map(str, values))])
    assert sum(int(w) for w in words) == sum(values) and len(words) == len(values)
